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

/* One limb of addmul: {lo,hi} = a*b, then r + lo + cy with the two
 * carries folded into hi (a*b + r + cy < 2^128, so hi cannot wrap).  The
 * overflow builtins let gcc keep the carry in a register and use adc;
 * 128-bit sums of the three terms spilled the carry to the stack. */
#define AM_STEP(k)                                                         \
    do {                                                                   \
        bgcn_dlimb_t p = (bgcn_dlimb_t)ap[i + (k)] * b;                    \
        bgcn_limb_t lo = (bgcn_limb_t)p, hi = (bgcn_limb_t)(p >> 64), s;   \
        hi += __builtin_add_overflow(lo, rp[i + (k)], &s);                 \
        hi += __builtin_add_overflow(s, cy, &s);                           \
        rp[i + (k)] = s;                                                   \
        cy = hi;                                                           \
    } while (0)

/* The one portable addmul_1: the generic path's kernel and the row of the
 * C Montgomery kernels (mont_mul_n.c) and REDC.  Unrolled four times;
 * measured on the reference machine (cycles/limb, n = 8 / 32 / 1000):
 * this form 2.4-3.1, the earlier 128-bit-sum form 3.4-4.8. */
bgcn_limb_t bgcn_addmul_1_c(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                            bgcn_limb_t b)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    bgcn_limb_t cy = 0;
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        AM_STEP(0);
        AM_STEP(1);
        AM_STEP(2);
        AM_STEP(3);
    }
    for (; i < n; i++)
        AM_STEP(0);
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
