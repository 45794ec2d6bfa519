/* mul_basecase.c -- portable schoolbook multiplication and squaring
 * (generic path).  Contracts in bgcn.h.
 *
 * Squaring computes each off-diagonal product a_i*a_j (i < j) once, doubles
 * the sum with a one-bit shift, then adds the diagonal squares a_i^2: about
 * half the limb products of a general multiplication. */
#include "bgcn.h"

typedef unsigned __int128 bgcn_dlimb_t;

void bgcn_mul_basecase_c(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                         const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(an >= bn && bn >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, bp, bn));
    rp[an] = bgcn_mul_1(rp, ap, an, bp[0]);
    for (long j = 1; j < bn; j++)
        rp[an + j] = bgcn_addmul_1(rp + j, ap, an, bp[j]);
}

void bgcn_sqr_basecase_c(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, 2 * n, ap, n));
    /* Off-diagonal triangle into rp[1 .. 2n-2]. */
    rp[0] = 0;
    rp[2 * n - 1] = 0;
    if (n > 1) {
        rp[n] = bgcn_mul_1(rp + 1, ap + 1, n - 1, ap[0]);
        for (long i = 1; i < n - 1; i++)
            rp[n + i] = bgcn_addmul_1(rp + 2 * i + 1, ap + i + 1, n - i - 1,
                                      ap[i]);
    }
    /* Double: shift left by one bit. */
    bgcn_limb_t hi = 0;
    for (long i = 0; i < 2 * n; i++) {
        bgcn_limb_t x = rp[i];
        rp[i] = (x << 1) | hi;
        hi = x >> 63;
    }
    /* Add the diagonal squares a_i^2 at position 2i. */
    bgcn_limb_t cy = 0;
    for (long i = 0; i < n; i++) {
        bgcn_dlimb_t sq = (bgcn_dlimb_t)ap[i] * ap[i];
        bgcn_dlimb_t lo = (bgcn_dlimb_t)rp[2 * i] + (bgcn_limb_t)sq + cy;
        rp[2 * i] = (bgcn_limb_t)lo;
        bgcn_dlimb_t h = (bgcn_dlimb_t)rp[2 * i + 1] + (bgcn_limb_t)(sq >> 64) +
                         (bgcn_limb_t)(lo >> 64);
        rp[2 * i + 1] = (bgcn_limb_t)h;
        cy = (bgcn_limb_t)(h >> 64);
    }
}
