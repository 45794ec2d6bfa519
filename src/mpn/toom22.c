/* toom22.c -- Karatsuba multiplication and squaring (Toom-2).
 *
 * Split a = a0 + a1 x, b = b0 + b1 x at x = B^n, n = ceil(an/2), and
 * evaluate at 0, -1 and infinity:
 *     v0 = a0 b0,  vm1 = (a0 - a1)(b0 - b1),  vinf = a1 b1,
 *     a b = v0 + (v0 + vinf - vm1) x + vinf x^2.
 * vm1 is computed from absolute differences, its sign kept aside.
 *
 * Recombination without a temporary for the middle term: with
 * v0 = L0 + H0 x and vinf = L1 + H1 x, the sum v0 + (v0 + vinf) x +
 * vinf x^2 has L0 + H x at x^1 and H + H1 at x^2, where H = H0 + L1 --
 * one shared sum (its carry lands at both x^2 and x^3).  Then vm1 is
 * added or subtracted at x^1.
 *
 * Memory: rp holds the two differences, then v0 and vinf; the scratch
 * holds vm1 (2n limbs) and the rest goes to the three sub-products. */
#include "bgcn.h"
#include "mul-impl.h"

/* The recombination shared by mul and sqr: rp holds v0 (2n limbs) and
 * then vinf (n + h limbs, h = the top pieces' sizes summed, minus n);
 * {vm1,2n} is |vm1|, vm1 < 0 when neg.  Completes {rp, 3n + h}. */
static void recombine2(bgcn_limb_t *rp, long n, long h,
                       const bgcn_limb_t *vm1, int neg)
{
    /* H = H0 + L1 at rp + 2n. */
    bgcn_limb_t cy = mi_add_n(rp + 2 * n, rp + n, rp + 2 * n, n);
    /* x^1: L0 + H. */
    bgcn_limb_t cy1 = cy + mi_add_n(rp + n, rp + 2 * n, rp, n);
    /* x^2: H + H1. */
    bgcn_limb_t cy2 = cy + mi_add_in(rp + 2 * n, n, rp + 3 * n, h);
    /* x^1 .. x^3: -vm1, i.e. + |vm1| when vm1 < 0. */
    if (neg)
        cy2 += mi_add_n(rp + n, rp + n, vm1, 2 * n);
    else
        cy2 -= mi_sub_n(rp + n, rp + n, vm1, 2 * n);
    mi_incr(rp + 2 * n, n + h, cy1);
    /* cy2 is a small signed value held in an unsigned limb. */
    if ((int64_t)cy2 > 0)
        mi_incr(rp + 3 * n, h, cy2);
    else if ((int64_t)cy2 < 0)
        mi_decr(rp + 3 * n, h, -cy2);
}

bgcn_status bgcn_mul_toom22(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                            const bgcn_limb_t *bp, long bn,
                            bgcn_limb_t *scratch)
{
    long n = (an + 1) / 2;
    long s = an - n, t = bn - n, h = s + t - n;
    BGCN_ASSERT(an >= bn && bn > n && n >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, bp, bn));
    BGCN_POLL();

    const bgcn_limb_t *a0 = ap, *a1 = ap + n, *b0 = bp, *b1 = bp + n;
    bgcn_limb_t *vm1 = scratch, *ws = scratch + 2 * n;

    /* |a0 - a1| at rp, |b0 - b1| at rp + n; neg: vm1 < 0. */
    int neg = mi_abs_sub(rp, a0, n, a1, s);
    neg ^= mi_abs_sub(rp + n, b0, n, b1, t);
    BGCN_TRY(mi_mul_sub(vm1, rp, n, rp + n, n, ws));

    BGCN_TRY(mi_mul_sub(rp, a0, n, b0, n, ws));
    BGCN_TRY(mi_mul_sub(rp + 2 * n, a1, s, b1, t, ws));

    recombine2(rp, n, h, vm1, neg);
    return BGCN_OK;
}

bgcn_status bgcn_sqr_toom2(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           bgcn_limb_t *scratch)
{
    long n = (an + 1) / 2;
    long s = an - n, h = 2 * s - n;
    BGCN_ASSERT(an >= 2);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, 2 * an, ap, an));
    BGCN_POLL();

    const bgcn_limb_t *a0 = ap, *a1 = ap + n;
    bgcn_limb_t *vm1 = scratch, *ws = scratch + 2 * n;

    mi_abs_sub(rp, a0, n, a1, s);
    BGCN_TRY(mi_sqr_sub(vm1, rp, n, ws));
    BGCN_TRY(mi_sqr_sub(rp, a0, n, ws));
    BGCN_TRY(mi_sqr_sub(rp + 2 * n, a1, s, ws));

    recombine2(rp, n, h, vm1, 0);
    return BGCN_OK;
}
