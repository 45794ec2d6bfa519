/* add_n.c -- portable twins of the add_n/sub_n kernels (generic path).
 * Contracts in bgcn.h.  The carry is recovered with a compare, which gcc
 * turns into an add/adc pair; the asm paths replace these loops. */
#include "bgcn.h"

bgcn_limb_t bgcn_add_n_c(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                         const bgcn_limb_t *bp, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, bp, n));
    bgcn_limb_t cy = 0;
    for (long i = 0; i < n; i++) {
        bgcn_limb_t a = ap[i], s = a + bp[i];
        bgcn_limb_t c1 = s < a;
        bgcn_limb_t r = s + cy;
        cy = c1 | (r < s);
        rp[i] = r;
    }
    return cy;
}

bgcn_limb_t bgcn_sub_n_c(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                         const bgcn_limb_t *bp, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, bp, n));
    bgcn_limb_t bw = 0;
    for (long i = 0; i < n; i++) {
        bgcn_limb_t a = ap[i], b = bp[i];
        bgcn_limb_t d = a - b;
        bgcn_limb_t b1 = a < b;
        bgcn_limb_t r = d - bw;
        bw = b1 | (d < bw);
        rp[i] = r;
    }
    return bw;
}
