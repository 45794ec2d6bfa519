/* core.c -- copy, zero, normalise: see bgcn.h for the contracts. */
#include "bgcn.h"

#include <string.h>

void bgcn_copyi(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 0);
    BGCN_ASSERT(rp == ap || !BGCN_OVERLAP_P(rp, n, ap, n));
    if (n > 0 && rp != ap)
        memcpy(rp, ap, (size_t)n * sizeof *rp);
}

void bgcn_zero(bgcn_limb_t *rp, long n)
{
    BGCN_ASSERT(n >= 0);
    if (n > 0)
        memset(rp, 0, (size_t)n * sizeof *rp);
}

long bgcn_normalized_size(const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 0);
    while (n > 0 && ap[n - 1] == 0)
        n--;
    return n;
}
