/* factor_primes.c -- helpers of the factoring methods: the segmented
 * prime iterator, the stage-1 exponent, and modular inverse/gcd in
 * Montgomery form.  Contracts in factor-impl.h.
 *
 * The iterator keeps only one window of 2^17 odd numbers (128 KiB) and
 * the base primes up to sqrt(hi), so stage 2 bounds of 10^10 cost
 * 10^5 base primes and no table of all primes. */
#include "factor-impl.h"

#include "nt-impl.h"

#include <stdlib.h>
#include <string.h>

#define WIN (1L << 17)

bgcn_status bgcn_fpit_init(bgcn_fpit *it, uint64_t lo, uint64_t hi)
{
    memset(it, 0, sizeof *it);
    it->hi = hi;
    it->two = lo <= 2 && hi >= 2;
    if (lo < 3)
        lo = 3;
    it->next_lo = lo | 1;
    uint64_t s = bgcn_sqrt_u64(hi) + 1;
    if (s < 3)
        s = 3;
    it->base = malloc(sizeof *it->base * (size_t)(s / 2 + 2));
    unsigned char *tmp = malloc((size_t)(s / 2 + 2));
    it->win = malloc((size_t)WIN);
    if (!it->base || !tmp || !it->win) {
        free(tmp);
        bgcn_fpit_clear(it);
        return BGCN_ENOMEM;
    }
    it->nbase = bgcn_odd_primes_below((unsigned *)it->base, tmp,
                                      (unsigned)(s + 1));
    free(tmp);
    it->win_len = 0;
    it->pos = 0;
    return BGCN_OK;
}

void bgcn_fpit_clear(bgcn_fpit *it)
{
    free(it->base);
    free(it->win);
    it->base = NULL;
    it->win = NULL;
}

static void sieve_window(bgcn_fpit *it)
{
    uint64_t lo = it->next_lo; /* odd */
    long len = WIN;
    if (lo > it->hi) {
        it->win_len = 0;
        return;
    }
    if ((it->hi - lo) / 2 + 1 < (uint64_t)len)
        len = (long)((it->hi - lo) / 2 + 1);
    memset(it->win, 1, (size_t)len);
    uint64_t top = lo + 2 * (uint64_t)(len - 1);
    for (long i = 0; i < it->nbase; i++) {
        uint64_t p = it->base[i];
        if (p * p > top)
            break;
        /* first odd multiple of p that is >= max(lo, p*p) */
        uint64_t start = p * p;
        if (start < lo) {
            uint64_t r = lo % p;
            start = r ? lo + (p - r) : lo;
            if (!(start & 1))
                start += p;
        }
        for (uint64_t j = (start - lo) / 2; j < (uint64_t)len; j += p)
            it->win[j] = 0;
    }
    if (lo == 1)
        it->win[0] = 0;
    it->win_lo = lo;
    it->win_len = len;
    it->pos = 0;
    it->next_lo = lo + 2 * (uint64_t)len;
}

uint64_t bgcn_fpit_next(bgcn_fpit *it)
{
    if (it->two) {
        it->two = 0;
        return 2;
    }
    for (;;) {
        while (it->pos < it->win_len) {
            long i = it->pos++;
            if (it->win[i])
                return it->win_lo + 2 * (uint64_t)i;
        }
        if (it->next_lo > it->hi || it->next_lo < it->win_lo)
            return 0;
        sieve_window(it);
        if (it->win_len == 0)
            return 0;
    }
}

/* ---- stage-1 exponent ---- */

bgcn_status bgcn_fexp_init(bgcn_fexp *e, uint64_t B1)
{
    memset(e, 0, sizeof *e);
    /* about 1.45 B1 bits in all */
    size_t cap = (size_t)(B1 / 32 + BGCN_FCHUNK * 4 + 16);
    size_t ocap = cap / BGCN_FCHUNK * 2 + 16;
    e->limbs = bgcn_alloc_limbs(cap);
    e->off = malloc(sizeof *e->off * ocap);
    bgcn_fpit it;
    int have_it = 0;
    bgcn_status st = BGCN_OK;
    if (!e->limbs || !e->off) {
        st = BGCN_ENOMEM;
        goto fail;
    }
    if ((st = bgcn_fpit_init(&it, 2, B1)) != BGCN_OK)
        goto fail;
    have_it = 1;
    long used = 0, cur = 1; /* current chunk {limbs+used, cur} */
    e->off[0] = 0;
    e->limbs[0] = 1;
    long nch = 0;
    for (uint64_t p; (p = bgcn_fpit_next(&it)) != 0;) {
        uint64_t q = p;
        while (q <= B1 / p)
            q *= p;
        if (cur >= BGCN_FCHUNK) {
            used += cur;
            e->off[++nch] = used;
            if ((size_t)(used + BGCN_FCHUNK + 2) > cap ||
                (size_t)nch + 2 >= ocap) {
                st = BGCN_ENOMEM; /* the estimate was wrong: never */
                goto fail;
            }
            e->limbs[used] = 1;
            cur = 1;
        }
        bgcn_limb_t cy = bgcn_mul_1(e->limbs + used, e->limbs + used, cur, q);
        if (cy)
            e->limbs[used + cur++] = cy;
    }
    used += cur;
    e->off[++nch] = used;
    e->nchunks = nch;
    bgcn_fpit_clear(&it);
    return BGCN_OK;
fail:
    if (have_it)
        bgcn_fpit_clear(&it);
    bgcn_fexp_clear(e);
    return st;
}

void bgcn_fexp_clear(bgcn_fexp *e)
{
    bgcn_free_limbs(e->limbs);
    free(e->off);
    e->limbs = NULL;
    e->off = NULL;
}

/* ---- modulus ---- */

bgcn_status bgcn_fmod_init(bgcn_fmod *c, const bgcn_limb_t *np, long nn)
{
    c->st = BGCN_OK;
    c->n = nn;
    c->r3 = NULL;
    BGCN_TRY(bgcn_mont_init(&c->m, np, nn));
    c->r3 = bgcn_alloc_limbs((size_t)nn);
    if (!c->r3) {
        bgcn_mont_clear(&c->m);
        return BGCN_ENOMEM;
    }
    bgcn_status st = bgcn_mont_mul(&c->m, c->r3, c->m.r2, c->m.r2);
    if (st != BGCN_OK)
        bgcn_fmod_clear(c);
    return st;
}

void bgcn_fmod_clear(bgcn_fmod *c)
{
    bgcn_mont_clear(&c->m);
    bgcn_free_limbs(c->r3);
    c->r3 = NULL;
}

int bgcn_fm_proper(const bgcn_fmod *c, const bgcn_limb_t *g, long gn)
{
    if (gn == 0 || (gn == 1 && g[0] == 1))
        return 0;
    return bgcn_cmp2(g, gn, c->m.mp, c->n) < 0;
}

bgcn_status bgcn_fm_gcd(bgcn_fmod *c, bgcn_limb_t *g, long *gn,
                        const bgcn_limb_t *a)
{
    long an = bgcn_normalized_size(a, c->n);
    if (an == 0) {
        bgcn_copyi(g, c->m.mp, c->n);
        *gn = c->n;
        return BGCN_OK;
    }
    return bgcn_gcd(g, gn, a, an, c->m.mp, c->n);
}

bgcn_status bgcn_fm_inv(bgcn_fmod *c, bgcn_limb_t *r, int *ok,
                        bgcn_limb_t *g, long *gn, const bgcn_limb_t *a)
{
    long n = c->n;
    *ok = 0;
    BGCN_TRY(bgcn_fm_gcd(c, g, gn, a));
    if (!(*gn == 1 && g[0] == 1))
        return BGCN_OK;
    bgcn_limb_t *t = bgcn_alloc_limbs((size_t)n);
    if (!t)
        return BGCN_ENOMEM;
    int iok = 0;
    bgcn_status st = bgcn_invert(t, &iok, a, n, c->m.mp, n);
    if (st == BGCN_OK && iok) {
        /* a = xR, t = x^-1 R^-1; t R^3 / R = x^-1 R */
        bgcn_fm_mul(c, r, t, c->r3);
        *ok = 1;
    }
    bgcn_free_limbs(t);
    return st != BGCN_OK ? st : c->st;
}
