/* add.c -- add/sub of a single limb and of operands of different sizes.
 * Contracts in bgcn.h.
 *
 * The one-limb forms stop as soon as the carry (borrow) dies and then only
 * copy the rest (nothing at all when rp == ap), so adding a small number
 * to a large one costs O(1) on typical data.  The general forms run the
 * n-limb kernel over the common low part and the one-limb form over the
 * rest. */
#include "bgcn.h"

bgcn_limb_t bgcn_add_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                       bgcn_limb_t b)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    long i = 0;
    bgcn_limb_t cy = b;
    while (cy != 0) {
        bgcn_limb_t s = ap[i] + cy;
        cy = s < cy;
        rp[i] = s;
        if (++i == n)
            return cy;
    }
    if (rp != ap)
        for (; i < n; i++)
            rp[i] = ap[i];
    return 0;
}

bgcn_limb_t bgcn_sub_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                       bgcn_limb_t b)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    long i = 0;
    bgcn_limb_t bw = b;
    while (bw != 0) {
        bgcn_limb_t a = ap[i];
        rp[i] = a - bw;
        bw = a < bw;
        if (++i == n)
            return bw;
    }
    if (rp != ap)
        for (; i < n; i++)
            rp[i] = ap[i];
    return 0;
}

bgcn_limb_t bgcn_add(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                     const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(an >= bn && bn >= 0 && an >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, an));
    BGCN_ASSERT(rp == bp || !BGCN_OVERLAP_P(rp, an, bp, bn));
    bgcn_limb_t cy = 0;
    if (bn > 0)
        cy = bgcn_add_n(rp, ap, bp, bn);
    if (an > bn)
        cy = bgcn_add_1(rp + bn, ap + bn, an - bn, cy);
    return cy;
}

bgcn_limb_t bgcn_sub(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                     const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(an >= bn && bn >= 0 && an >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, an));
    BGCN_ASSERT(rp == bp || !BGCN_OVERLAP_P(rp, an, bp, bn));
    bgcn_limb_t bw = 0;
    if (bn > 0)
        bw = bgcn_sub_n(rp, ap, bp, bn);
    if (an > bn)
        bw = bgcn_sub_1(rp + bn, ap + bn, an - bn, bw);
    return bw;
}
