/* mul.c -- bgcn_mul and bgcn_sqr: choose the algorithm by size.
 * Contracts in bgcn.h.  (Schoolbook only until the subquadratic
 * algorithms land.) */
#include "bgcn.h"

bgcn_status bgcn_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                     const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(an >= bn && bn >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, bp, bn));
    bgcn_mul_basecase(rp, ap, an, bp, bn);
    return BGCN_OK;
}

bgcn_status bgcn_sqr(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, 2 * n, ap, n));
    bgcn_sqr_basecase(rp, ap, n);
    return BGCN_OK;
}
