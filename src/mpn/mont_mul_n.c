/* mont_mul_n.c -- portable Montgomery multiplication kernel (generic
 * path), CIOS form: for each limb b_i, t += a*b_i, then t += q*m with
 * q = t_0 * minv so that the low limb cancels, and shift down one limb.
 * Invariant: t < 2m after every step (a, b < m), so t fits n+1 limbs and
 * one masked subtraction finishes.  Contract in bgcn.h. */
#include "bgcn.h"

#include <string.h>

typedef unsigned __int128 bgcn_dlimb_t;

/* The scratch t[] lives on the stack (n + 2 limbs): callers use this
 * kernel for moduli up to a few hundred limbs; larger moduli go through
 * multiplication plus REDC (see the Montgomery section of bgcn.h). */
void bgcn_mont_mul_n_c(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                       const bgcn_limb_t *bp, const bgcn_limb_t *mp, long n,
                       bgcn_limb_t minv)
{
    BGCN_ASSERT(n >= 1 && (mp[0] & 1) && mp[n - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n, mp, n));
    bgcn_limb_t t[n + 2];
    memset(t, 0, sizeof(bgcn_limb_t) * (size_t)(n + 2));
    for (long i = 0; i < n; i++) {
        bgcn_limb_t bi = bp[i], cy = 0;
        for (long j = 0; j < n; j++) {
            bgcn_dlimb_t s = (bgcn_dlimb_t)ap[j] * bi + t[j] + cy;
            t[j] = (bgcn_limb_t)s;
            cy = (bgcn_limb_t)(s >> 64);
        }
        bgcn_dlimb_t s = (bgcn_dlimb_t)t[n] + cy;
        t[n] = (bgcn_limb_t)s;
        t[n + 1] = (bgcn_limb_t)(s >> 64);
        bgcn_limb_t q = t[0] * minv;
        s = (bgcn_dlimb_t)mp[0] * q + t[0];
        cy = (bgcn_limb_t)(s >> 64);
        for (long j = 1; j < n; j++) {
            s = (bgcn_dlimb_t)mp[j] * q + t[j] + cy;
            t[j - 1] = (bgcn_limb_t)s;
            cy = (bgcn_limb_t)(s >> 64);
        }
        s = (bgcn_dlimb_t)t[n] + cy;
        t[n - 1] = (bgcn_limb_t)s;
        t[n] = t[n + 1] + (bgcn_limb_t)(s >> 64);
    }
    /* Masked final subtraction: r = t - m if t >= m, else t. */
    bgcn_limb_t d[n];
    bgcn_limb_t bw = bgcn_sub_n_c(d, t, mp, n);
    bgcn_limb_t keep_t = (bgcn_limb_t)0 - (bgcn_limb_t)(bw > t[n]); /* t < m */
    for (long j = 0; j < n; j++)
        rp[j] = (t[j] & keep_t) | (d[j] & ~keep_t);
}

void bgcn_mont_sqr_n_c(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                       const bgcn_limb_t *mp, long n, bgcn_limb_t minv)
{
    bgcn_mont_mul_n_c(rp, ap, ap, mp, n, minv);
}
