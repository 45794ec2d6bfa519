/* add_n.c -- portable twins of the add_n/sub_n kernels (generic path).
 * Contracts in bgcn.h.  The loops themselves are in aors-impl.h, shared
 * with the Toom code that inlines them for short operands; the assembly
 * paths replace both. */
#include "bgcn.h"
#include "aors-impl.h"

bgcn_limb_t bgcn_add_n_c(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                         const bgcn_limb_t *bp, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, bp, n));
    return aors_add_n(rp, ap, bp, n);
}

bgcn_limb_t bgcn_sub_n_c(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                         const bgcn_limb_t *bp, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, bp, n));
    return aors_sub_n(rp, ap, bp, n);
}
