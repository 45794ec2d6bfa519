/* factor.c -- the factoring driver and the factorisation list.  Contract
 * in factor.h.
 *
 * Order of work for N:
 *   1. the power of two; one-limb N goes to bgcn_factor_u64 whole;
 *   2. trial division by the primes below 2^16 (or below the bound B of
 *      factor(n, B)), stopping early once p^2 exceeds what is left;
 *   3. a stack of cofactors, each with its multiplicity: a prime (BPSW)
 *      is recorded; a one-limb cofactor goes to bgcn_factor_u64; a
 *      perfect power x^k becomes x with multiplicity times k; anything
 *      else is split by the first method that finds a factor:
 *      256 steps of Fermat's method (close factors), rho (two limbs: in
 *      registers), p-1, then ECM levels of rising B1 (above 40 digits
 *      and outside the sieve's range the first ECM level before p-1)
 *      (the usual table of B1 and curve counts for factors of 15, 20,
 *      25, ... digits, with more curves than GMP-ECM's because stage 2
 *      here reaches only 100 B1); when the cofactor is in the quadratic
 *      sieve's size range, p-1 is shorter, ECM stops at factors of about
 *      0.3 times the cofactor's digits and the sieve takes over;
 *   4. equal primes from different splits are merged, entries sorted,
 *      and the product of the entries is compared with N.
 * Multiplicities come from the splits: N = f * (N/f) pushes both, and a
 * prime found twice is merged at the end. */
#include "factor-impl.h"
#include "siqs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bgcn_factor_siqs_min_digits = 30, bgcn_factor_siqs_max_digits = 115;

#define TRIAL_DEFAULT 65536

void bgcn_factors_init(bgcn_factors *fs)
{
    fs->count = fs->cap = 0;
    fs->f = NULL;
    fs->verified = 0;
}

void bgcn_factors_clear(bgcn_factors *fs)
{
    for (long i = 0; i < fs->count; i++)
        bgcn_free_limbs(fs->f[i].p);
    free(fs->f);
    bgcn_factors_init(fs);
}

/* Adds {p,n} (normalised, n >= 1) with exponent e; merges with an equal
 * entry.  Copies p. */
static bgcn_status fs_add(bgcn_factors *fs, const bgcn_limb_t *p, long n,
                          unsigned long e, int prime)
{
    for (long i = 0; i < fs->count; i++)
        if (bgcn_cmp2(fs->f[i].p, fs->f[i].n, p, n) == 0) {
            fs->f[i].e += e;
            return BGCN_OK;
        }
    if (fs->count == fs->cap) {
        long nc = fs->cap ? 2 * fs->cap : 16;
        bgcn_factor_entry *nf = realloc(fs->f, sizeof *nf * (size_t)nc);
        if (!nf)
            return BGCN_ENOMEM;
        fs->f = nf;
        fs->cap = nc;
    }
    bgcn_limb_t *c = bgcn_alloc_limbs((size_t)n);
    if (!c)
        return BGCN_ENOMEM;
    bgcn_copyi(c, p, n);
    bgcn_factor_entry *en = &fs->f[fs->count++];
    en->p = c;
    en->n = n;
    en->e = e;
    en->prime = prime;
    return BGCN_OK;
}

static bgcn_status fs_add1(bgcn_factors *fs, bgcn_limb_t p, unsigned long e)
{
    return fs_add(fs, &p, 1, e, 1);
}

static int entry_cmp(const void *a, const void *b)
{
    const bgcn_factor_entry *x = a, *y = b;
    return bgcn_cmp2(x->p, x->n, y->p, y->n);
}

/* ---- the work stack ---- */

typedef struct {
    bgcn_limb_t *p;
    long n;
    unsigned long e;
} item;

typedef struct {
    item *it;
    long cnt, cap;
} stack;

static bgcn_status push(stack *s, const bgcn_limb_t *p, long n,
                        unsigned long e)
{
    if (s->cnt == s->cap) {
        long nc = s->cap ? 2 * s->cap : 16;
        item *ni = realloc(s->it, sizeof *ni * (size_t)nc);
        if (!ni)
            return BGCN_ENOMEM;
        s->it = ni;
        s->cap = nc;
    }
    bgcn_limb_t *c = bgcn_alloc_limbs((size_t)n);
    if (!c)
        return BGCN_ENOMEM;
    bgcn_copyi(c, p, n);
    s->it[s->cnt].p = c;
    s->it[s->cnt].n = n;
    s->it[s->cnt].e = e;
    s->cnt++;
    return BGCN_OK;
}

/* ---- driver state ---- */

typedef struct {
    const bgcn_factor_opts *o;
    unsigned methods;
    uint64_t rng;
    bgcn_factors *out;
} drv;

static void report(drv *d, const char *msg)
{
    if (d->o && d->o->progress)
        d->o->progress(d->o->progress_arg, msg);
}

/* the sieve's phases as text: "SIQS 6120/9843 relations" */
static void siqs_progress(void *arg, int phase, long done, long total)
{
    drv *d = arg;
    char msg[96];
    if (phase == BGCN_SIQS_SIEVING)
        snprintf(msg, sizeof msg, "SIQS %ld/%ld relations", done, total);
    else if (phase == BGCN_SIQS_LINALG)
        snprintf(msg, sizeof msg, "SIQS linear algebra, %ld columns", total);
    else
        snprintf(msg, sizeof msg, "SIQS square root %ld/%ld", done, total);
    report(d, msg);
}

static long digits_of(const bgcn_limb_t *p, long n)
{
    long bits = 64 * n - __builtin_clzll(p[n - 1]);
    return bits * 30103L / 100000L + 1;
}

/* Trial division of {np,*nn} in place by the primes in [3, bound), odd
 * N; records what it finds.  *nn may drop to 1 with np[0] = 1. */
static bgcn_status strip_trial(drv *d, bgcn_limb_t *np, long *nn,
                               uint64_t bound)
{
    if (bound <= 3)
        return BGCN_OK;
    bgcn_fpit it;
    BGCN_TRY(bgcn_fpit_init(&it, 3, bound - 1));
    uint64_t ps[16];
    int k = 0;
    bgcn_limb_t prod = 1;
    bgcn_status st = BGCN_OK;
    unsigned long passes = 0;
    int last = 0;
    while (!last) {
        uint64_t p = bgcn_fpit_next(&it);
        if (p && prod <= BGCN_LIMB_MAX / p && k < 16) {
            ps[k++] = p;
            prod *= p;
            continue;
        }
        last = p == 0;
        if (k) {
            bgcn_limb_t r = bgcn_mod_1(np, *nn, prod);
            for (int i = 0; i < k; i++) {
                if (r % ps[i])
                    continue;
                unsigned long e = 0;
                while (!(*nn == 1 && np[0] == 1) &&
                       bgcn_mod_1(np, *nn, ps[i]) == 0) {
                    bgcn_divexact_1(np, np, *nn, ps[i]);
                    *nn = bgcn_normalized_size(np, *nn);
                    e++;
                }
                if ((st = fs_add1(d->out, ps[i], e)) != BGCN_OK)
                    goto done;
            }
            /* what is left has no prime factor below ps[k-1]: prime if
             * smaller than its square */
            uint64_t pk = ps[k - 1];
            if (*nn == 1 && (np[0] == 1 || (pk < 1ULL << 32 &&
                                            np[0] < pk * pk)))
                break;
            if ((++passes & 255) == 0 && bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                goto done;
            }
        }
        ps[0] = p;
        prod = p;
        k = 1;
    }
done:
    bgcn_fpit_clear(&it);
    return st;
}

/* *k = the smallest prime k with N = x^k, root in {xp,*xn} (room nn);
 * *k = 0 when N is no perfect power. */
static bgcn_status perfect_power(unsigned long *k, bgcn_limb_t *xp, long *xn,
                                 const bgcn_limb_t *np, long nn)
{
    int r = 0;
    *k = 0;
    BGCN_TRY(bgcn_perfect_power_p(&r, np, nn));
    if (!r)
        return BGCN_OK;
    long bits = 64 * nn - __builtin_clzll(np[nn - 1]);
    for (unsigned long q = 2; q <= (unsigned long)bits; q++) {
        if (q > 2 && !bgcn_isprime_u64(q))
            continue;
        long remn = 1;
        BGCN_TRY(bgcn_rootrem(xp, xn, NULL, &remn, np, nn, q));
        if (remn == 0) {
            *k = q;
            return BGCN_OK;
        }
    }
    return BGCN_OK;
}

/* ECM levels: B1 and curve count for factors of about 15, 20, ... digits */
static const struct {
    uint64_t B1;
    long curves;
    int digits;
} levels[] = {{2000, 25, 15},        {11000, 90, 20},
              {50000, 300, 25},      {250000, 700, 30},
              {1000000, 1800, 35},   {3000000, 5000, 40},
              {11000000, 10000, 45}, {43000000, 20000, 50},
              {110000000, 40000, 55}, {260000000, 80000, 60}};
#define NLEVELS ((int)(sizeof levels / sizeof levels[0]))

/* ECM levels first, first + 1, ... up to last (-1: no end) until a factor
 * is found; with stop_digits > 0 only the levels for factors up to 0.3 stop_digits (for a cofactor the
 * quadratic sieve can take, ECM then costs a fraction of the sieve: 78
 * digits gets levels 15 and 20, 100 digits up to 30). */
static bgcn_status ecm_levels(drv *d, bgcn_limb_t *fp, long *fn,
                              const bgcn_limb_t *np, long nn,
                              long stop_digits, int first, int last)
{
    for (int lv = first; last < 0 || lv <= last; lv++) {
        int L = lv < NLEVELS ? lv : NLEVELS - 1;
        if (stop_digits && levels[L].digits * 10 > stop_digits * 3)
            return BGCN_OK;
        uint64_t sigma0 = 6 + bgcn_frand(&d->rng) % ((uint64_t)1 << 40);
        BGCN_TRY(bgcn_factor_ecm(fp, fn, np, nn, levels[L].B1,
                                 100 * levels[L].B1, sigma0,
                                 levels[L].curves,
                                 d->o ? d->o->progress : NULL,
                                 d->o ? d->o->progress_arg : NULL, NULL));
        if (*fn)
            return BGCN_OK;
    }
    return BGCN_OK;
}

/* One factor of the odd composite non-power {np,nn} (not one limb when
 * the u64 path is allowed) into {fp,*fn}; *fn = 0 if the allowed
 * methods found none. */
static bgcn_status find_factor(drv *d, bgcn_limb_t *fp, long *fn,
                               const bgcn_limb_t *np, long nn)
{
    unsigned M = d->methods;
    long dig = digits_of(np, nn);
    char msg[96];
    *fn = 0;
    if (M & BGCN_FM_FERMAT) {
        BGCN_TRY(bgcn_factor_fermat(fp, fn, np, nn, 256));
        if (*fn)
            return BGCN_OK;
    }
    int siqs = (M & BGCN_FM_SIQS) && nn >= 2 &&
               dig >= bgcn_factor_siqs_min_digits &&
               dig <= bgcn_factor_siqs_max_digits;
    /* Below 45 digits the sieve splits any N in a time set by N's size
     * alone (about 20 ms at 40 digits), so the search for small factors
     * before it stays a small part of that: rho 2^12 steps (2^15 on two
     * limbs, in registers), which finds the factors of up to about 7
     * digits that trial division left, and no p-1.  With 2^14 steps and
     * p-1 to B1 = 3000 they were 21% of the instructions of factor() on
     * 40-digit semiprimes (callgrind). */
    int short_search = siqs && dig < 45;
    if (M & BGCN_FM_RHO) {
        report(d, "rho");
        uint64_t c = 1 + bgcn_frand(&d->rng) % 1000;
        if (nn == 2) {
            bgcn_status st;
            if (bgcn_rho_u128(fp, np[1], np[0], c,
                              (uint64_t)1 << (short_search ? 15 : 17), &st)) {
                *fn = bgcn_normalized_size(fp, 2);
                return BGCN_OK;
            }
            BGCN_TRY(st);
        } else {
            BGCN_TRY(bgcn_factor_rho(fp, fn, np, nn, c,
                                     nn == 1        ? (uint64_t)1 << 22
                                     : short_search ? (uint64_t)1 << 12
                                                    : (uint64_t)1 << 14));
            if (*fn)
                return BGCN_OK;
        }
    }
    /* Above the sieve's range a product costs so much that p-1's long
     * stage 2 (millions of products) is worth it only once the first
     * ECM level (25 short curves, factors of about 15 digits) failed:
     * (10^999+7) * 1000000007 took 12 s of p-1 before ECM found the
     * 10-digit factor in a fraction of a second. */
    int ecm_first = (M & BGCN_FM_ECM) && (M & BGCN_FM_PM1) && !siqs &&
                    dig > 40;
    if (ecm_first) {
        BGCN_TRY(ecm_levels(d, fp, fn, np, nn, 0, 0, 0));
        if (*fn)
            return BGCN_OK;
    }
    if ((M & BGCN_FM_PM1) && !short_search) {
        uint64_t B1 = dig < 30 ? 10000 : dig < 50 ? 50000 : 200000;
        if (siqs) /* the sieve is cheaper than a long p-1 here */
            B1 = dig < 50 ? 3000 : dig < 70 ? 20000 : 100000;
        uint64_t B2 = (siqs ? 50 : 100) * B1;
        snprintf(msg, sizeof msg, "p-1 B1=%llu B2=%llu",
                 (unsigned long long)B1, (unsigned long long)B2);
        report(d, msg);
        BGCN_TRY(bgcn_factor_pm1(fp, fn, np, nn, B1, B2));
        if (*fn)
            return BGCN_OK;
    }
    if (M & BGCN_FM_ECM) {
        BGCN_TRY(ecm_levels(d, fp, fn, np, nn, siqs ? dig : 0,
                            ecm_first ? 1 : 0, -1));
        if (*fn)
            return BGCN_OK;
    }
    if (siqs) {
        /* every tuning field 0: the sieve's own choice by size */
        bgcn_siqs_opts so = {.progress = siqs_progress,
                             .progress_arg = d,
                             .seed = bgcn_frand(&d->rng)};
        report(d, "SIQS");
        BGCN_TRY(bgcn_siqs(fp, fn, np, nn, &so));
        /* the sieve failing is rare; ECM goes on without a limit */
        if (!*fn && (M & BGCN_FM_ECM))
            BGCN_TRY(ecm_levels(d, fp, fn, np, nn, 0, 0, -1));
    }
    return BGCN_OK;
}

/* Work through the stack until it is empty. */
static bgcn_status run_stack(drv *d, stack *s)
{
    bgcn_status st = BGCN_OK;
    int u64 = (d->methods & BGCN_FM_RHO) != 0;
    while (s->cnt > 0) {
        item m = s->it[--s->cnt];
        bgcn_limb_t *fp = NULL, *q = NULL;
        long fn = 0;
        int pr = 0;
        if (m.n == 1 && m.p[0] == 1)
            goto next;
        if (m.n == 1 && u64) {
            uint64_t ps[15];
            unsigned char es[15];
            int c = bgcn_factor_u64(m.p[0], ps, es);
            for (int i = 0; i < c && st == BGCN_OK; i++)
                st = fs_add1(d->out, ps[i], es[i] * m.e);
            goto next;
        }
        if ((st = bgcn_isprime(&pr, m.p, m.n, 0, NULL, NULL)) != BGCN_OK)
            goto next;
        if (pr) {
            st = fs_add(d->out, m.p, m.n, m.e, 1);
            goto next;
        }
        fp = bgcn_alloc_limbs((size_t)m.n);
        q = bgcn_alloc_limbs((size_t)m.n);
        if (!fp || !q) {
            st = BGCN_ENOMEM;
            goto next;
        }
        if (d->methods & BGCN_FM_POWER) {
            unsigned long k = 0;
            if ((st = perfect_power(&k, fp, &fn, m.p, m.n)) != BGCN_OK)
                goto next;
            if (k) {
                st = push(s, fp, fn, m.e * k);
                goto next;
            }
        }
        if (!(m.p[0] & 1)) {
            /* only when trial division was not asked for: split off 2 */
            fp[0] = 2;
            fn = 1;
        } else if ((st = find_factor(d, fp, &fn, m.p, m.n)) != BGCN_OK) {
            goto next;
        }
        if (fn == 0) {
            st = fs_add(d->out, m.p, m.n, m.e, 0);
            goto next;
        }
        if ((st = bgcn_divexact(q, m.p, m.n, fp, fn)) != BGCN_OK)
            goto next;
        long qn = bgcn_normalized_size(q, m.n - fn + 1);
        if ((st = push(s, fp, fn, m.e)) == BGCN_OK)
            st = push(s, q, qn, m.e);
    next:
        bgcn_free_limbs(fp);
        bgcn_free_limbs(q);
        bgcn_free_limbs(m.p);
        if (st != BGCN_OK)
            return st;
    }
    return BGCN_OK;
}

/* out->verified = 1 if the product of the entries equals {np,nn} */
static bgcn_status verify(bgcn_factors *out, const bgcn_limb_t *np, long nn)
{
    out->verified = 0;
    bgcn_limb_t *acc = bgcn_alloc_limbs((size_t)nn + 2);
    bgcn_limb_t *t = bgcn_alloc_limbs((size_t)2 * (size_t)nn + 4);
    bgcn_status st = BGCN_OK;
    if (!acc || !t) {
        st = BGCN_ENOMEM;
        goto done;
    }
    long an = 1;
    acc[0] = 1;
    for (long i = 0; i < out->count; i++) {
        const bgcn_factor_entry *f = &out->f[i];
        for (unsigned long j = 0; j < f->e; j++) {
            if (an + f->n > nn + 1)
                goto done; /* already too big */
            if (an >= f->n)
                st = bgcn_mul(t, acc, an, f->p, f->n);
            else
                st = bgcn_mul(t, f->p, f->n, acc, an);
            if (st != BGCN_OK)
                goto done;
            an = bgcn_normalized_size(t, an + f->n);
            bgcn_copyi(acc, t, an);
            if ((j & 1023) == 1023 && bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                goto done;
            }
        }
    }
    out->verified = bgcn_cmp2(acc, an, np, nn) == 0;
done:
    bgcn_free_limbs(acc);
    bgcn_free_limbs(t);
    return st;
}

bgcn_status bgcn_factor(bgcn_factors *out, const bgcn_limb_t *np, long nn,
                        const bgcn_factor_opts *opts)
{
    BGCN_ASSERT(nn >= 1 && out->count == 0);
    nn = bgcn_normalized_size(np, nn);
    BGCN_ASSERT(nn >= 1);
    drv d;
    d.o = opts;
    d.methods = opts && opts->methods ? opts->methods : BGCN_FM_ALL;
    d.rng = opts ? opts->seed : 0;
    d.out = out;
    uint64_t bound = opts ? opts->bound : 0;
    stack s = {NULL, 0, 0};
    bgcn_status st = BGCN_OK;
    bgcn_limb_t *w = bgcn_alloc_limbs((size_t)nn);
    if (!w)
        return BGCN_ENOMEM;
    bgcn_copyi(w, np, nn);
    long wn = nn;
    /* the power of two */
    long z = 0;
    while (w[z] == 0)
        z++;
    unsigned long tz = 64 * (unsigned long)z + (unsigned long)__builtin_ctzll(w[z]);
    if (tz) {
        if (z)
            for (long i = 0; i < wn - z; i++)
                w[i] = w[i + z];
        wn -= z;
        if (tz % 64)
            bgcn_rshift(w, w, wn, (unsigned)(tz % 64));
        wn = bgcn_normalized_size(w, wn);
        if ((st = fs_add1(out, 2, tz)) != BGCN_OK)
            goto done;
    }
    if (wn == 1 && w[0] == 1)
        goto finish;
    if (wn == 1 && bound == 0 && (d.methods & BGCN_FM_RHO)) {
        if ((st = push(&s, w, wn, 1)) == BGCN_OK)
            st = run_stack(&d, &s);
        goto finish;
    }
    if (bound || (d.methods & BGCN_FM_TRIAL)) {
        uint64_t tb = bound ? bound : TRIAL_DEFAULT;
        if (tb > ((uint64_t)1 << 40))
            tb = (uint64_t)1 << 40;
        report(&d, "trial division");
        if ((st = strip_trial(&d, w, &wn, tb)) != BGCN_OK)
            goto done;
        if (wn == 1 && w[0] == 1)
            goto finish;
        if (bound) {
            /* gp's factor(n, B): what is left is prime, a power or
             * reported as it is */
            int pr = 0;
            if (wn == 1 && bound < (1ULL << 32) && w[0] < bound * bound)
                pr = 1;
            else if ((st = bgcn_isprime(&pr, w, wn, 0, NULL, NULL)) != BGCN_OK)
                goto done;
            if (pr) {
                st = fs_add(out, w, wn, 1, 1);
                goto finish;
            }
            unsigned long k = 0;
            long xn = 0;
            bgcn_limb_t *x = bgcn_alloc_limbs((size_t)wn);
            if (!x) {
                st = BGCN_ENOMEM;
                goto done;
            }
            if ((st = perfect_power(&k, x, &xn, w, wn)) == BGCN_OK) {
                if (k && (st = bgcn_isprime(&pr, x, xn, 0, NULL, NULL)) ==
                             BGCN_OK)
                    st = fs_add(out, x, xn, k, pr);
                else if (!k)
                    st = fs_add(out, w, wn, 1, 0);
            }
            bgcn_free_limbs(x);
            if (st != BGCN_OK)
                goto done;
            goto finish;
        }
    }
    if ((st = push(&s, w, wn, 1)) != BGCN_OK)
        goto done;
    if ((st = run_stack(&d, &s)) != BGCN_OK)
        goto done;
finish:
    if (st != BGCN_OK)
        goto done;
    if (out->count > 1) /* qsort's base must not be NULL, even for 0 items */
        qsort(out->f, (size_t)out->count, sizeof *out->f, entry_cmp);
    st = verify(out, np, nn);
done:
    for (long i = 0; i < s.cnt; i++)
        bgcn_free_limbs(s.it[i].p);
    free(s.it);
    bgcn_free_limbs(w);
    if (st != BGCN_OK)
        bgcn_factors_clear(out);
    return st;
}
