/* factor_pm1.c -- Pollard's p-1 with the standard stage 2.  Contract in
 * factor.h.
 *
 * Stage 1: x = 3^E mod N, E the product of the largest prime powers
 * <= B1, raised chunk by chunk (left-to-right binary powering of the
 * current x by each chunk, bgcn_fexp).  gcd(x - 1, N) catches primes p
 * with p - 1 B1-smooth.
 * Stage 2: primes q in (B1, B2] one after another: x^q from x^q' (the
 * previous prime) times x^(q - q'), the even gaps taken from a table of
 * x^2, x^4, ..., x^(2 GAPS); the factors x^q - 1 are multiplied into one
 * accumulator whose gcd with N is taken every 2^14 primes and at the
 * end.  Catches p with p - 1 = (B1-smooth) * q. */
#include "factor-impl.h"

#define GAPS 256 /* table covers gaps up to 512; longer ones repeat it */

/* {x,n} = {x,n}^{ep,en} (Montgomery form), left-to-right binary */
static void pow_chunk(bgcn_fmod *md, bgcn_limb_t *x, bgcn_limb_t *b,
                      const bgcn_limb_t *ep, long en)
{
    long n = md->n;
    bgcn_copyi(b, x, n);
    int top = 63 - __builtin_clzll(ep[en - 1]);
    for (long li = en - 1; li >= 0; li--)
        for (int bit = li == en - 1 ? top - 1 : 63; bit >= 0; bit--) {
            bgcn_fm_sqr(md, x, x);
            if ((ep[li] >> bit) & 1)
                bgcn_fm_mul(md, x, x, b);
        }
}

bgcn_status bgcn_factor_pm1(bgcn_limb_t *fp, long *fn, const bgcn_limb_t *np,
                            long nn, uint64_t B1, uint64_t B2)
{
    BGCN_ASSERT(nn >= 1 && np[nn - 1] != 0 && (np[0] & 1));
    BGCN_ASSERT(!BGCN_OVERLAP_P(fp, nn, np, nn));
    *fn = 0;
    if (B1 < 2)
        B1 = 2;
    long n = nn;
    bgcn_fmod md;
    BGCN_TRY(bgcn_fmod_init(&md, np, nn));
    bgcn_fexp ex;
    bgcn_status st = bgcn_fexp_init(&ex, B1);
    if (st != BGCN_OK) {
        bgcn_fmod_clear(&md);
        return st;
    }
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)(GAPS + 6) * (size_t)n);
    bgcn_fpit it;
    int have_it = 0;
    long gn = 0;
    if (!blk) {
        st = BGCN_ENOMEM;
        goto done;
    }
    bgcn_limb_t *x = blk, *b = x + n, *acc = b + n, *t = acc + n,
                *y = t + n, *tab = y + n;
    bgcn_limb_t three = 3;
    if ((st = bgcn_mont_to(&md.m, x, &three, 1)) != BGCN_OK)
        goto done;
    for (long i = 0; i < ex.nchunks; i++) {
        pow_chunk(&md, x, b, ex.limbs + ex.off[i], ex.off[i + 1] - ex.off[i]);
        if ((st = md.st) != BGCN_OK)
            goto done;
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
    }
    bgcn_fm_sub(&md, t, x, md.m.one);
    if ((st = bgcn_fm_gcd(&md, fp, &gn, t)) != BGCN_OK)
        goto done;
    if (bgcn_fm_proper(&md, fp, gn)) {
        *fn = gn;
        goto done;
    }
    if (!(gn == 1 && fp[0] == 1) || B2 <= B1)
        goto done; /* gcd N: every prime found at once (or none asked) */
    /* stage 2 */
    bgcn_fm_sqr(&md, tab, x); /* x^2 */
    for (long i = 1; i < GAPS; i++)
        bgcn_fm_mul(&md, tab + i * n, tab + (i - 1) * n, tab);
    if ((st = bgcn_fpit_init(&it, B1 + 1, B2)) != BGCN_OK)
        goto done;
    have_it = 1;
    uint64_t q = bgcn_fpit_next(&it);
    if (!q)
        goto done;
    {
        /* y = x^q */
        bgcn_limb_t e = q;
        bgcn_copyi(y, x, n);
        pow_chunk(&md, y, b, &e, 1);
    }
    bgcn_copyi(acc, md.m.one, n);
    unsigned long cnt = 0;
    for (;;) {
        bgcn_fm_sub(&md, t, y, md.m.one);
        bgcn_fm_mul(&md, acc, acc, t);
        uint64_t q2 = bgcn_fpit_next(&it);
        if (!q2 || (++cnt & 16383) == 0) {
            if ((st = md.st) != BGCN_OK ||
                (st = bgcn_fm_gcd(&md, fp, &gn, acc)) != BGCN_OK)
                goto done;
            if (bgcn_fm_proper(&md, fp, gn)) {
                *fn = gn;
                goto done;
            }
            if (!(gn == 1 && fp[0] == 1) || !q2)
                goto done;
            if (bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                goto done;
            }
        }
        uint64_t gap = (q2 - q) / 2;
        while (gap > GAPS) {
            bgcn_fm_mul(&md, y, y, tab + (GAPS - 1) * n);
            gap -= GAPS;
        }
        bgcn_fm_mul(&md, y, y, tab + (gap - 1) * n);
        q = q2;
    }
done:
    if (have_it)
        bgcn_fpit_clear(&it);
    bgcn_free_limbs(blk);
    bgcn_fexp_clear(&ex);
    bgcn_fmod_clear(&md);
    return st;
}
