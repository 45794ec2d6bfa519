/* toom44.c -- Toom-4 multiplication and squaring.
 *
 * Split a = a0 + a1 x + a2 x^2 + a3 x^3 at x = B^n, n = ceil(an/4), and
 * evaluate at 0, 1, -1, 2, -2, 1/2 and infinity: seven products of n+1
 * limbs instead of sixteen of n.  The point 1/2 is taken as
 * 8 a(1/2) = 8 a0 + 4 a1 + 2 a2 + a3, so vh = 64 c(1/2).
 *
 * Interpolation of c = c0 + ... + c6 x^6 (derived for this file; every
 * quantity after the first step is a nonnegative integer and every
 * division is exact):
 *     O1 = (v1 - vm1)/2 = c1 + c3 + c5     E1 = v1 - O1 = c0+c2+c4+c6
 *     O2 = (v2 - vm2)/4 = c1 + 4c3 + 16c5  E2 = v2 - 2 O2 = c0+4c2+16c4+64c6
 *     P = E1 - c0 - c6 = c2 + c4,   Q = (E2 - c0 - 64 c6)/4 = c2 + 4 c4
 *     c4 = (Q - P)/3,   c2 = P - c4
 *     R = (vh - 64 c0 - 16 c2 - 4 c4 - c6)/2 = 16 c1 + 4 c3 + c5
 *     U = (O2 - O1)/3 = c3 + 5 c5,   W = (R - O1)/3 = 5 c1 + c3
 *     c3 = (5 O1 - U - W)/3,  c5 = (U - c3)/5,  c1 = (W - c3)/5.
 * The evaluated operands have n+1 limbs with top limbs below 15, so all
 * products and intermediates fit 2n+1 limbs (they stay below 225 B^2n).
 *
 * Memory: v0 and vinf go to rp; the other five products (2n+1 limbs
 * each) and the ten evaluated operands sit at the front of the scratch. */
#include "bgcn.h"
#include "mul-impl.h"

/* Evaluate {a,4 pieces} (top piece s limbs) at 1, -1, 2, -2 and 8 a(1/2)
 * into n+1-limb vectors.  Returns the sign bits of a(-1) (bit 0) and a(-2)
 * (bit 1); pm1, pm2 hold magnitudes.  ev is an n+1 limb temporary. */
static int eval4(bgcn_limb_t *p1, bgcn_limb_t *pm1, bgcn_limb_t *p2,
                 bgcn_limb_t *pm2, bgcn_limb_t *ph, bgcn_limb_t *ev,
                 const bgcn_limb_t *a, long n, long s)
{
    const bgcn_limb_t *a0 = a, *a1 = a + n, *a2 = a + 2 * n, *a3 = a + 3 * n;
    bgcn_limb_t c;
    /* Even part a0 + a2 into ev, odd part a1 + a3 into ph (temporarily). */
    ev[n] = mi_add_n(ev, a0, a2, n);
    ph[n] = mi_add(ph, a1, n, a3, s);
    int neg = mi_abs_sub(pm1, ev, n + 1, ph, n + 1);
    mi_add_n(p1, ev, ph, n + 1);
    /* Even part a0 + 4 a2 into ev, odd part 2 a1 + 8 a3 into ph. */
    bgcn_copyi(ev, a0, n);
    ev[n] = bgcn_addmul_1(ev, a2, n, 4);
    ph[n] = bgcn_mul_1(ph, a1, n, 2);
    c = bgcn_addmul_1(ph, a3, s, 8);
    mi_incr(ph + s, n + 1 - s, c);
    neg |= mi_abs_sub(pm2, ev, n + 1, ph, n + 1) << 1;
    mi_add_n(p2, ev, ph, n + 1);
    /* 8 a0 + 4 a1 + 2 a2 + a3. */
    ph[n] = bgcn_mul_1(ph, a0, n, 8);
    ph[n] += bgcn_addmul_1(ph, a1, n, 4);
    ph[n] += bgcn_addmul_1(ph, a2, n, 2);
    mi_add_in(ph, n + 1, a3, s);
    return neg;
}

/* rp holds v0 (2n limbs) at 0 and vinf ({rp + 6n, vn}); v1, vm1, v2, vm2,
 * vh have L = 2n+1 limbs (vm1, vm2 as magnitudes with signs in neg bits
 * 0 and 1).  Completes {rp, 6n + vn} in place; the vectors are clobbered. */
static void interpolate4(bgcn_limb_t *rp, long n, long vn, bgcn_limb_t *v1,
                         bgcn_limb_t *vm1, bgcn_limb_t *v2, bgcn_limb_t *vm2,
                         bgcn_limb_t *vh, int neg)
{
    long L = 2 * n + 1, total = 6 * n + vn;
    const bgcn_limb_t *v0 = rp, *vinf = rp + 6 * n;

    /* O1 into vm1, E1 into v1. */
    mi_addsub_rshift(vm1, v1, vm1, L, neg & 1, 1);
    mi_sub_n(v1, v1, vm1, L);
    /* O2 into vm2, E2 into v2. */
    mi_addsub_rshift(vm2, v2, vm2, L, neg & 2, 2);
    bgcn_submul_1(v2, vm2, L, 2);
    /* P into v1, Q into v2. */
    mi_sub_in(v1, L, v0, 2 * n);
    mi_sub_in(v1, L, vinf, vn);
    mi_sub_in(v2, L, v0, 2 * n);
    mi_submul_in(v2, L, vinf, vn, 64);
    mi_rshift_const(v2, L, 2);
    /* c4 into v2, c2 into v1. */
    mi_addsub_divexact(v2, v2, v1, L, 0, MI_DBM1_3);
    mi_sub_n(v1, v1, v2, L);
    /* R into vh. */
    mi_submul_in(vh, L, v0, 2 * n, 64);
    bgcn_submul_1(vh, v1, L, 16);
    bgcn_submul_1(vh, v2, L, 4);
    mi_sub_in(vh, L, vinf, vn);
    mi_rshift_const(vh, L, 1);
    /* U into vm2, W into vh. */
    mi_addsub_divexact(vm2, vm2, vm1, L, 0, MI_DBM1_3);
    mi_addsub_divexact(vh, vh, vm1, L, 0, MI_DBM1_3);
    /* c3 into vm1, then c5 into vm2 and c1 into vh. */
    bgcn_mul_1(vm1, vm1, L, 5);
    mi_sub_n(vm1, vm1, vm2, L);
    mi_addsub_divexact(vm1, vm1, vh, L, 0, MI_DBM1_3);
    mi_addsub_divexact(vm2, vm2, vm1, L, 0, MI_DBM1_5);
    mi_addsub_divexact(vh, vh, vm1, L, 0, MI_DBM1_5);

    /* rp = c0 + c1 x + ... + c6 x^6: even ones by copy, odd ones added. */
    bgcn_copyi(rp + 2 * n, v1, 2 * n);
    bgcn_copyi(rp + 4 * n, v2, 2 * n);
    mi_incr(rp + 4 * n, 2 * n + vn, v1[2 * n]);
    mi_incr(rp + 6 * n, vn, v2[2 * n]);
    mi_add_in(rp + n, total - n, vh, L);
    mi_add_in(rp + 3 * n, total - 3 * n, vm1, L);
    long l5 = L < total - 5 * n ? L : total - 5 * n;
    BGCN_ASSERT(bgcn_normalized_size(vm2, L) <= l5);
    mi_add_in(rp + 5 * n, total - 5 * n, vm2, l5);
}

bgcn_status bgcn_mul_toom44(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                            const bgcn_limb_t *bp, long bn,
                            bgcn_limb_t *scratch)
{
    long n = (an + 3) / 4;
    long s = an - 3 * n, t = bn - 3 * n;
    BGCN_ASSERT(an >= bn && t >= 1 && s >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, bp, bn));
    BGCN_POLL();

    long L = 2 * n + 1, e = n + 1;
    bgcn_limb_t *v1 = scratch, *vm1 = v1 + L, *v2 = vm1 + L, *vm2 = v2 + L,
                *vh = vm2 + L;
    bgcn_limb_t *ea = vh + L, *eb = ea + 5 * e, *ws = eb + 5 * e;
    /* ev temporaries: rp is free until v0 is written. */
    int na = eval4(ea, ea + e, ea + 2 * e, ea + 3 * e, ea + 4 * e, rp, ap, n,
                   s);
    int nb = eval4(eb, eb + e, eb + 2 * e, eb + 3 * e, eb + 4 * e, rp, bp, n,
                   t);
    BGCN_TRY(bgcn_mul_np1(v1, ea, eb, n, ws));
    BGCN_TRY(bgcn_mul_np1(vm1, ea + e, eb + e, n, ws));
    BGCN_TRY(bgcn_mul_np1(v2, ea + 2 * e, eb + 2 * e, n, ws));
    BGCN_TRY(bgcn_mul_np1(vm2, ea + 3 * e, eb + 3 * e, n, ws));
    BGCN_TRY(bgcn_mul_np1(vh, ea + 4 * e, eb + 4 * e, n, ws));
    BGCN_TRY(bgcn_mul_rec(rp, ap, n, bp, n, ws));
    BGCN_TRY(bgcn_mul_rec(rp + 6 * n, ap + 3 * n, s, bp + 3 * n, t, ws));
    interpolate4(rp, n, s + t, v1, vm1, v2, vm2, vh, na ^ nb);
    return BGCN_OK;
}

bgcn_status bgcn_sqr_toom4(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           bgcn_limb_t *scratch)
{
    long n = (an + 3) / 4;
    long s = an - 3 * n;
    BGCN_ASSERT(s >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, 2 * an, ap, an));
    BGCN_POLL();

    long L = 2 * n + 1, e = n + 1;
    bgcn_limb_t *v1 = scratch, *vm1 = v1 + L, *v2 = vm1 + L, *vm2 = v2 + L,
                *vh = vm2 + L;
    bgcn_limb_t *ea = vh + L, *ws = ea + 5 * e;
    eval4(ea, ea + e, ea + 2 * e, ea + 3 * e, ea + 4 * e, rp, ap, n, s);
    BGCN_TRY(bgcn_sqr_np1(v1, ea, n, ws));
    BGCN_TRY(bgcn_sqr_np1(vm1, ea + e, n, ws));
    BGCN_TRY(bgcn_sqr_np1(v2, ea + 2 * e, n, ws));
    BGCN_TRY(bgcn_sqr_np1(vm2, ea + 3 * e, n, ws));
    BGCN_TRY(bgcn_sqr_np1(vh, ea + 4 * e, n, ws));
    BGCN_TRY(bgcn_sqr_rec(rp, ap, n, ws));
    BGCN_TRY(bgcn_sqr_rec(rp + 6 * n, ap + 3 * n, s, ws));
    interpolate4(rp, n, 2 * s, v1, vm1, v2, vm2, vh, 0);
    return BGCN_OK;
}
