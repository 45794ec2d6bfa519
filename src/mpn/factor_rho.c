/* factor_rho.c -- Pollard-Brent rho on multi-limb numbers.  Contract in
 * factor.h.
 *
 * The map is x -> x^2 R^-1 + c on Montgomery residues (a Montgomery
 * squaring plus an addition); with y = x R^-1 it is y -> y^2 + c R^-1,
 * an ordinary quadratic map, so the usual sqrt(p) expectation holds.
 * Brent's cycle finding compares y with the x saved at powers of two;
 * 128 differences are multiplied together before each gcd, and a batch
 * whose product is 0 mod N is redone one difference at a time from the
 * saved y. */
#include "factor-impl.h"

bgcn_status bgcn_factor_rho(bgcn_limb_t *fp, long *fn, const bgcn_limb_t *np,
                            long nn, uint64_t c, uint64_t max_iter)
{
    BGCN_ASSERT(nn >= 1 && np[nn - 1] != 0 && (np[0] & 1) && c >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(fp, nn, np, nn));
    *fn = 0;
    bgcn_fmod md;
    BGCN_TRY(bgcn_fmod_init(&md, np, nn));
    long n = nn;
    bgcn_status st = BGCN_OK;
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)6 * (size_t)n);
    if (!blk) {
        bgcn_fmod_clear(&md);
        return BGCN_ENOMEM;
    }
    bgcn_limb_t *x = blk, *y = x + n, *ys = y + n, *q = ys + n, *cc = q + n,
                *d = cc + n;
    /* c as a residue (reduced: c < 2^64 may exceed a one-limb N) */
    bgcn_zero(cc, n);
    cc[0] = n == 1 ? c % np[0] : c;
    bgcn_zero(y, n);
    y[0] = n == 1 ? 2 % np[0] : 2;
    bgcn_copyi(q, md.m.one, n);
    const uint64_t m = 128;
    uint64_t r = 1, iter = 0;
    long gn = 0;
#define STEP(v)                                                            \
    do {                                                                   \
        bgcn_fm_sqr(&md, v, v);                                            \
        bgcn_fm_add(&md, v, v, cc);                                        \
    } while (0)
#define ABSDIFF(dst, a, b)                                                 \
    do {                                                                   \
        if (bgcn_cmp(a, b, n) >= 0)                                        \
            bgcn_sub_n(dst, a, b, n);                                      \
        else                                                               \
            bgcn_sub_n(dst, b, a, n);                                      \
    } while (0)
    int found = 0;
    for (;;) {
        bgcn_copyi(x, y, n);
        for (uint64_t i = 0; i < r; i++) {
            STEP(y);
            if ((i & 1023) == 1023 && bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                goto done;
            }
        }
        iter += r;
        uint64_t k = 0;
        while (k < r) {
            bgcn_copyi(ys, y, n);
            uint64_t lim = m < r - k ? m : r - k;
            for (uint64_t i = 0; i < lim; i++) {
                STEP(y);
                ABSDIFF(d, x, y);
                bgcn_fm_mul(&md, q, q, d);
            }
            k += lim;
            if ((st = md.st) != BGCN_OK ||
                (st = bgcn_fm_gcd(&md, fp, &gn, q)) != BGCN_OK)
                goto done;
            if (!(gn == 1 && fp[0] == 1)) {
                found = 1;
                break;
            }
            if (bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                goto done;
            }
        }
        iter += r;
        r *= 2;
        if (found || iter > max_iter)
            break;
    }
    if (found && !bgcn_fm_proper(&md, fp, gn)) {
        /* the batch reached 0 mod N: one difference at a time */
        for (uint64_t i = 0; i < m; i++) {
            STEP(ys);
            ABSDIFF(d, x, ys);
            if ((st = md.st) != BGCN_OK ||
                (st = bgcn_fm_gcd(&md, fp, &gn, d)) != BGCN_OK)
                goto done;
            if (!(gn == 1 && fp[0] == 1))
                break;
        }
    }
    if (found && bgcn_fm_proper(&md, fp, gn))
        *fn = gn;
#undef STEP
#undef ABSDIFF
done:
    bgcn_free_limbs(blk);
    bgcn_fmod_clear(&md);
    return st;
}
