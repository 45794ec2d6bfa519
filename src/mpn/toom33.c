/* toom33.c -- Toom-3 multiplication and squaring.
 *
 * Split a = a0 + a1 x + a2 x^2 at x = B^n, n = ceil(an/3) (same for b),
 * and evaluate at 0, 1, -1, 2, infinity (five products of n+1 limbs
 * instead of nine of n).  With c(x) = a(x) b(x) = c0 + ... + c4 x^4:
 *     t3 = (v2 - vm1) / 3      = c1 + c2 + 3 c3 + 5 c4
 *     t1 = (v1 - vm1) / 2      = c1 + c3
 *     r2 = v1 - v0             = c1 + c2 + c3 + c4
 *     r3 = (t3 - r2) / 2       = c3 + 2 c4
 *     c3 = r3 - 2 vinf,  c2 = r2 - t1 - vinf,  c1 = t1 - c3.
 * (The interpolation sequence of Bodrato and Zanoni for these points,
 * re-derived.)  Every intermediate is a nonnegative integer, so the only
 * signed value is vm1, handled by adding or subtracting its magnitude; the
 * divisions are exact (by 3: a running subtraction of the products by
 * (2^64-1)/3, see mi_divexact_dbm1).
 *
 * The evaluated operands have n+1 limbs with a small top limb (a(1) <
 * 3 B^n, |a(-1)| < 2 B^n, a(2) < 7 B^n); their products recurse on the
 * low n limbs and add the top limb's part with addmul_1 (bgcn_mul_np1), so the
 * recursion stays on balanced n x n products.
 *
 * Memory: v0 and vinf go to rp directly; v1, vm1, v2 (2n+1 limbs each) and
 * the evaluated operands live at the front of the scratch. */
#include "bgcn.h"
#include "mul-impl.h"

/* Evaluate {a0,n} + {a1,n} x + {a2,s} x^2 at 1 and -1 ({p1,n+1},
 * |{pm1,n+1}|, returns 1 when a(-1) < 0) -- and at 2 into {p2,n+1}. */
static int eval3(bgcn_limb_t *p1, bgcn_limb_t *pm1, bgcn_limb_t *p2,
                 const bgcn_limb_t *a, long n, long s)
{
    const bgcn_limb_t *a0 = a, *a1 = a + n, *a2 = a + 2 * n;
    /* p1 = a0 + a2, then pm1 = |p1 - a1|, p1 += a1. */
    p1[n] = mi_add(p1, a0, n, a2, s);
    int neg = mi_abs_sub(pm1, p1, n + 1, a1, n);
    p1[n] += mi_add_n(p1, p1, a1, n);
    /* p2 = a0 + 2 a1 + 4 a2 = 2 (a1 + 2 a2) + a0 by addmul_1. */
    bgcn_copyi(p2, a0, n);
    p2[n] = bgcn_addmul_1(p2, a1, n, 2);
    bgcn_limb_t c = bgcn_addmul_1(p2, a2, s, 4);
    mi_incr(p2 + s, n + 1 - s, c);
    return neg;
}

/* The interpolation shared by mul and sqr.  rp holds v0 at 0 and vinf
 * ({rp + 4n, vn}) at 4n; v1, vm1 (magnitude, sign vm1neg), v2 have L =
 * 2n+1 limbs; the result {rp, 4n + vn} is completed in place. */
static void interpolate3(bgcn_limb_t *rp, long n, long vn, bgcn_limb_t *v1,
                         bgcn_limb_t *vm1, int vm1neg, bgcn_limb_t *v2)
{
    long L = 2 * n + 1, total = 4 * n + vn;
    const bgcn_limb_t *v0 = rp, *vinf = rp + 4 * n;
    /* t3 = (v2 - vm1) / 3 into v2; t1 = (v1 - vm1) / 2 into vm1. */
    mi_addsub_divexact(v2, v2, vm1, L, vm1neg, MI_DBM1_3);
    mi_addsub_rshift(vm1, v1, vm1, L, vm1neg, 1);
    /* r2 = v1 - v0 into v1. */
    mi_sub_in(v1, L, v0, 2 * n);
    /* r3 = (t3 - r2) / 2, then c3 = r3 - 2 vinf, into v2. */
    mi_addsub_rshift(v2, v2, v1, L, 0, 1);
    mi_submul_in(v2, L, vinf, vn, 2);
    /* c2 = r2 - t1 - vinf into v1; c1 = t1 - c3 into vm1. */
    mi_sub_n(v1, v1, vm1, L);
    mi_sub_in(v1, L, vinf, vn);
    mi_sub_n(vm1, vm1, v2, L);
    /* rp = c0 + c1 x + c2 x^2 + c3 x^3 + c4 x^4. */
    bgcn_copyi(rp + 2 * n, v1, 2 * n);
    mi_incr(rp + 4 * n, vn, v1[2 * n]);
    mi_add_in(rp + n, total - n, vm1, L);
    long l3 = L < total - 3 * n ? L : total - 3 * n;
    BGCN_ASSERT(bgcn_normalized_size(v2, L) <= l3);
    mi_add_in(rp + 3 * n, total - 3 * n, v2, l3);
}

bgcn_status bgcn_mul_toom33(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                            const bgcn_limb_t *bp, long bn,
                            bgcn_limb_t *scratch)
{
    long n = (an + 2) / 3;
    long s = an - 2 * n, t = bn - 2 * n;
    BGCN_ASSERT(an >= bn && t >= 1 && s >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, bp, bn));
    BGCN_POLL();

    long L = 2 * n + 1;
    bgcn_limb_t *v1 = scratch, *vm1 = v1 + L, *v2 = vm1 + L;
    bgcn_limb_t *ea1 = v2 + L, *eam = ea1 + (n + 1), *ea2 = eam + (n + 1);
    bgcn_limb_t *eb1 = ea2 + (n + 1), *ebm = eb1 + (n + 1),
                *eb2 = ebm + (n + 1);
    bgcn_limb_t *ws = eb2 + (n + 1);

    int neg = eval3(ea1, eam, ea2, ap, n, s);
    neg ^= eval3(eb1, ebm, eb2, bp, n, t);
    BGCN_TRY(bgcn_mul_np1(v1, ea1, eb1, n, ws));
    BGCN_TRY(bgcn_mul_np1(vm1, eam, ebm, n, ws));
    BGCN_TRY(bgcn_mul_np1(v2, ea2, eb2, n, ws));
    BGCN_TRY(bgcn_mul_rec(rp, ap, n, bp, n, ws));
    BGCN_TRY(bgcn_mul_rec(rp + 4 * n, ap + 2 * n, s, bp + 2 * n, t, ws));
    interpolate3(rp, n, s + t, v1, vm1, neg, v2);
    return BGCN_OK;
}

bgcn_status bgcn_sqr_toom3(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           bgcn_limb_t *scratch)
{
    long n = (an + 2) / 3;
    long s = an - 2 * n;
    BGCN_ASSERT(s >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, 2 * an, ap, an));
    BGCN_POLL();

    long L = 2 * n + 1;
    bgcn_limb_t *v1 = scratch, *vm1 = v1 + L, *v2 = vm1 + L;
    bgcn_limb_t *ea1 = v2 + L, *eam = ea1 + (n + 1), *ea2 = eam + (n + 1);
    bgcn_limb_t *ws = ea2 + (n + 1);

    eval3(ea1, eam, ea2, ap, n, s);
    BGCN_TRY(bgcn_sqr_np1(v1, ea1, n, ws));
    BGCN_TRY(bgcn_sqr_np1(vm1, eam, n, ws));
    BGCN_TRY(bgcn_sqr_np1(v2, ea2, n, ws));
    BGCN_TRY(bgcn_sqr_rec(rp, ap, n, ws));
    BGCN_TRY(bgcn_sqr_rec(rp + 4 * n, ap + 2 * n, s, ws));
    interpolate3(rp, n, 2 * s, v1, vm1, 0, v2);
    return BGCN_OK;
}
