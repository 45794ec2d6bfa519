/* core.c -- copy, zero, normalise, compare: see bgcn.h for the contracts.
 *
 * Comparison scans from the most significant limb down and stops at the
 * first difference, so its cost depends on the data (it is not meant for
 * secret operands). */
#include "bgcn.h"

#include <string.h>

void bgcn_copyi(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 0);
    BGCN_ASSERT(rp == ap || !BGCN_OVERLAP_P(rp, n, ap, n));
    if (n > 0 && rp != ap)
        memcpy(rp, ap, (size_t)n * sizeof *rp);
}

void bgcn_copyd(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 0);
    BGCN_ASSERT(rp >= ap || !BGCN_OVERLAP_P(rp, n, ap, n));
    /* memmove copes with any overlap; the contract only promises the
     * upward one so that a faster kernel may replace this later. */
    if (n > 0 && rp != ap)
        memmove(rp, ap, (size_t)n * sizeof *rp);
}

void bgcn_zero(bgcn_limb_t *rp, long n)
{
    BGCN_ASSERT(n >= 0);
    if (n > 0)
        memset(rp, 0, (size_t)n * sizeof *rp);
}

int bgcn_cmp(const bgcn_limb_t *ap, const bgcn_limb_t *bp, long n)
{
    BGCN_ASSERT(n >= 0);
    while (n > 0) {
        n--;
        if (ap[n] != bp[n])
            return ap[n] > bp[n] ? 1 : -1;
    }
    return 0;
}

int bgcn_cmp2(const bgcn_limb_t *ap, long an, const bgcn_limb_t *bp,
              long bn)
{
    BGCN_ASSERT(an >= 0 && bn >= 0);
    an = bgcn_normalized_size(ap, an);
    bn = bgcn_normalized_size(bp, bn);
    if (an != bn)
        return an > bn ? 1 : -1;
    return bgcn_cmp(ap, bp, an);
}
