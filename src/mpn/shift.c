/* shift.c -- left and right shifts by 1..63 bits.  Contracts in bgcn.h.
 *
 * lshift walks from the top limb down and rshift from the bottom up, so
 * each may run in place and with the destination displaced in the
 * direction of the walk (rp >= ap for lshift, rp <= ap for rshift), which
 * is what in-place normalisation in division and root code needs. */
#include "bgcn.h"

bgcn_limb_t bgcn_lshift(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                        unsigned cnt)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(cnt >= 1 && cnt <= 63);
    BGCN_ASSERT(rp >= ap || !BGCN_OVERLAP_P(rp, n, ap, n));
    unsigned tnc = 64 - cnt;
    bgcn_limb_t hi = ap[n - 1];
    bgcn_limb_t out = hi >> tnc;
    for (long i = n - 1; i > 0; i--) {
        bgcn_limb_t lo = ap[i - 1];
        rp[i] = (hi << cnt) | (lo >> tnc);
        hi = lo;
    }
    rp[0] = hi << cnt;
    return out;
}

bgcn_limb_t bgcn_rshift(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                        unsigned cnt)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(cnt >= 1 && cnt <= 63);
    BGCN_ASSERT(rp <= ap || !BGCN_OVERLAP_P(rp, n, ap, n));
    unsigned tnc = 64 - cnt;
    bgcn_limb_t lo = ap[0];
    bgcn_limb_t out = lo << tnc;
    for (long i = 0; i < n - 1; i++) {
        bgcn_limb_t hi = ap[i + 1];
        rp[i] = (lo >> cnt) | (hi << tnc);
        lo = hi;
    }
    rp[n - 1] = lo >> cnt;
    return out;
}
