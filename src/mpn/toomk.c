/* toomk.c -- "odd-even" Toom-k multiplication and squaring, k = 5..7
 * (the level above Toom-4; mul.c uses k = 6 from MUL_TOOM6 / SQR_TOOM6).
 *
 * Split a = a_0 + a_1 x + ... + a_{k-1} x^{k-1} at x = B^n, n =
 * ceil(an/k) (b the same), so c = a b has 2k-1 coefficients c_0 .. c_C,
 * C = 2k-2, and evaluate at the 2k-1 points
 *     0, infinity, +-2^e for e = 0 .. k-3, and +2^(k-2):
 * 2k-1 products of n+1 limbs instead of k^2 of n.  No fractional point,
 * so every value is an integer; the largest evaluation, a(2^(k-2)), stays
 * below 2^((k-2)(k-1)+1) B^n (2^31 B^n for k = 7), so each product fits
 * 2n+1 limbs (c(32) < 2^61 B^2n for k = 7; k = 8 would not fit).
 *
 * Interpolation (derived for this file).  Write c(x) = E(x^2) + x O(x^2)
 * with E(y) = sum c_2j y^j and O(y) = sum c_2j+1 y^j, both with
 * nonnegative coefficients.  Each pair of points +-x, x = 2^e, gives
 *     E(4^e) = (c(x) + c(-x)) / 2,   O(4^e) = (c(x) - c(-x)) / 2^(e+1),
 * c(-x) being signed (magnitude and a sign bit, as in Toom-3/4).  Even
 * side: c_0 = v0 and c_C = vinf are known, so
 *     G(4^e) = (E(4^e) - c_0 - c_C 4^(e(k-1))) / 4^e
 * is the polynomial G(y) = c_2 + c_4 y + ... + c_(C-2) y^(k-3) at the k-2
 * points 1, 4, .., 4^(k-3): exactly determined.  Odd side: k-1 unknowns
 * c_1 .. c_(C-1), k-2 values O(4^e) from the pairs, and the single point
 * x* = 2^(k-2) adds O(4^(k-2)) = (c(x*) - E(x*^2)) / x* once E is known.
 * So both sides are the same problem: a polynomial with nonnegative
 * coefficients given at y_i = 4^i, i = 0 .. m-1 (m = k-2 even, k-1 odd),
 * solved by Newton's divided differences
 *     f_i <- (f_i - f_(i-1)) / (y_i - y_(i-j)),  y_i - y_(i-j) =
 *     4^(i-j) (4^j - 1)   (a shift, then an exact division by 3, 15, 63,
 *     255 or 1023),
 * and the Newton form turned into coefficients, q <- d_i + (y - y_i) q
 * from the top (multiplications by y_i = 2^(2i) only).  With positive
 * points and nonnegative coefficients every divided difference, and
 * every coefficient of the partial Newton polynomials, is a nonnegative
 * integer no larger than the evaluated values: everything is computed
 * modulo B^(2n+1) and is exact, and each division is exact.
 *
 * Memory: the 2k-3 products of the points other than 0 and infinity
 * (2n+1 limbs each) sit at the front of the scratch; the evaluated
 * operands of one pair of points at a time (five n+1-limb vectors) in
 * rp, which is free until v0 and vinf are computed last.  Local need
 * (2k-3)(2n+1) limbs, below bgcn_mul_toom_itch's 5N + 40 per level. */
#include "bgcn.h"
#include "mul-impl.h"

/* Room for k <= 7: 2k-3 = 11 vectors. */
#define TK_MAXV 11

/* {rp,n+1} = sum of a_i 2^(e i) over i = i0, i0+2, .. < k (piece i has
 * n limbs, the top one, k-1, s limbs), e >= 0.  The sum fits n+1 limbs. */
static void eval_part(bgcn_limb_t *rp, const bgcn_limb_t *a, long n, long s,
                      int k, int i0, int step, unsigned e)
{
    long l0 = i0 == k - 1 ? s : n;
    if (i0 == 0 || e == 0) {
        bgcn_copyi(rp, a + i0 * n, l0);
        for (long j = l0; j <= n; j++)
            rp[j] = 0;
    } else {
        rp[l0] = bgcn_mul_1(rp, a + i0 * n, l0, (bgcn_limb_t)1 << (e * i0));
        for (long j = l0 + 1; j <= n; j++)
            rp[j] = 0;
    }
    for (int i = i0 + step; i < k; i += step) {
        long li = i == k - 1 ? s : n;
        if (e == 0) {
            mi_add_in(rp, n + 1, a + i * n, li);
        } else {
            bgcn_limb_t c = bgcn_addmul_1(rp, a + i * n, li,
                                          (bgcn_limb_t)1 << (e * i));
            mi_incr(rp + li, n + 1 - li, c);
        }
    }
}

/* a(2^e) into {pp,n+1} and |a(-2^e)| into {pm,n+1}; returns 1 when
 * a(-2^e) < 0.  tp: n+1 limbs of temporary. */
static int eval_pair(bgcn_limb_t *pp, bgcn_limb_t *pm, bgcn_limb_t *tp,
                     const bgcn_limb_t *a, long n, long s, int k, unsigned e)
{
    eval_part(tp, a, n, s, k, 0, 2, e); /* even part */
    eval_part(pp, a, n, s, k, 1, 2, e); /* odd part */
    int neg = mi_abs_sub(pm, tp, n + 1, pp, n + 1);
    mi_add_n(pp, pp, tp, n + 1);
    return neg;
}

/* One step of the divided differences, fused into one pass over the
 * limbs: {fp,L} = (({fp,L} - {gp,L}) >> sh) / (4^j - 1), the difference
 * nonnegative and below B^L, the quotient exact.  The divisor is 3, 15
 * or 255 (divisors of B - 1: a running subtraction, mi_dbm1_step) or 63
 * or 1023 (Hensel: q = (s - c) d^-1 mod B, the borrow c carried as the
 * high limb of q d).  Each shifted limb needs the next difference limb,
 * which is formed one step ahead (before fp[i] is overwritten). */
/* One step of the divided differences in one pass over the limbs:
 * {fp,L} = (({fp,L} - {gp,L}) >> sh) / d, d = 4^j - 1, the difference
 * nonnegative and below B^L, the quotient exact.  Each shifted limb needs
 * the next difference limb, formed one step ahead (before fp[i] is
 * overwritten).  The division: for d = 3, 15, 255 (divisors of B - 1,
 * m = (B-1)/d) the running subtraction of mi_dbm1_step, with h in a
 * register; for 63 and 1023 Hensel's, q = (s - c) d^-1 mod B with the
 * borrow c the high limb of q d (two dependent multiplications per limb,
 * about three times slower). */
static inline __attribute__((always_inline)) void
dd_loop(bgcn_limb_t *fp, const bgcn_limb_t *gp, long L, unsigned sh,
        bgcn_limb_t d, bgcn_limb_t m, bgcn_limb_t dinv, int hensel)
{
    bgcn_limb_t bw = fp[0] < gp[0];
    bgcn_limb_t cur = fp[0] - gp[0];
    bgcn_limb_t h = 0;
    for (long i = 0; i < L; i++) {
        bgcn_limb_t nxt = 0;
        if (i + 1 < L) {
            bgcn_limb_t a = fp[i + 1], b = gp[i + 1];
            bgcn_limb_t x = a - b;
            bgcn_limb_t b1 = a < b;
            nxt = x - bw;
            bw = b1 | (x < bw);
        }
        bgcn_limb_t s = sh ? (cur >> sh) | (nxt << (64 - sh)) : cur;
        if (!hensel) {
            unsigned __int128 p = (unsigned __int128)s * m;
            bgcn_limb_t p0 = (bgcn_limb_t)p, p1 = (bgcn_limb_t)(p >> 64);
            bgcn_limb_t cy = h < p0;
            bgcn_limb_t hv = h - p0;
            fp[i] = hv;
            h = hv - p1 - cy;
        } else {
            bgcn_limb_t t = s - h;
            bgcn_limb_t b2 = s < h;
            bgcn_limb_t q = t * dinv;
            h = (bgcn_limb_t)(((unsigned __int128)q * d) >> 64) + b2;
            fp[i] = q;
        }
        cur = nxt;
    }
}

static void dd_step(bgcn_limb_t *fp, const bgcn_limb_t *gp, long L,
                    unsigned sh, int j)
{
    bgcn_limb_t d = ((bgcn_limb_t)1 << (2 * j)) - 1;
    if (j == 1 || j == 2 || j == 4) {
        bgcn_limb_t m = BGCN_LIMB_MAX / d;
        if (sh)
            dd_loop(fp, gp, L, sh, d, m, 0, 0);
        else
            dd_loop(fp, gp, L, 0, d, m, 0, 0);
    } else {
        dd_loop(fp, gp, L, sh, d, 0, bgcn_binvert_limb(d), 1);
    }
}

/* f[0..m) hold the values at y_i = 4^i (L limbs each) of a polynomial of
 * degree < m with nonnegative integer coefficients; on return they hold
 * its coefficients, f[i] that of y^i. */
static void solve_pow4(bgcn_limb_t **f, int m, long L)
{
    /* Divided differences: f[i] = f[y_(i-j) .. y_i]. */
    for (int j = 1; j < m; j++)
        for (int i = m - 1; i >= j; i--)
            dd_step(f[i], f[i - 1], L, 2 * (unsigned)(i - j), j);
    /* Newton form to coefficients: q <- d_i + (y - y_i) q. */
    for (int i = m - 2; i >= 0; i--)
        for (int j = i; j <= m - 2; j++) {
            if (i == 0)
                mi_sub_n(f[j], f[j], f[j + 1], L);
            else
                bgcn_submul_1(f[j], f[j + 1], L, (bgcn_limb_t)1 << (2 * i));
        }
}

/* rp holds v0 (2n limbs) at 0 and vinf ({rp + Cn, vn}).  pv[e], mv[e]
 * (e = 0..k-3) hold c(2^e) and |c(-2^e)| (sign bit e of neg), xv holds
 * c(2^(k-2)), each L = 2n+1 limbs.  Completes {rp, Cn + vn}; the vectors
 * are clobbered. */
static void interpolate_k(bgcn_limb_t *rp, long n, long vn, int k,
                          bgcn_limb_t **pv, bgcn_limb_t **mv,
                          bgcn_limb_t *xv, unsigned neg)
{
    long L = 2 * n + 1, C = 2 * k - 2, total = C * n + vn;
    const bgcn_limb_t *v0 = rp, *vinf = rp + C * n;
    bgcn_limb_t *odd[TK_MAXV];

    for (int e = 0; e <= k - 3; e++) {
        bgcn_limb_t *p = pv[e], *q = mv[e];
        /* q = (c(x) - c(-x)) / 2 = x O(x^2), p = c(x) - q = E(x^2). */
        mi_addsub_rshift(q, p, q, L, (neg >> e) & 1, 1);
        mi_sub_n(p, p, q, L);
        if (e)
            mi_rshift_const(q, L, (unsigned)e);
        odd[e] = q;
        /* G(4^e) = (E - c_0 - c_C 4^(e(k-1))) / 4^e. */
        mi_sub_in(p, L, v0, 2 * n);
        if (e)
            mi_submul_in(p, L, vinf, vn,
                         (bgcn_limb_t)1 << (2 * e * (k - 1)));
        else
            mi_sub_in(p, L, vinf, vn);
        if (e)
            mi_rshift_const(p, L, 2 * (unsigned)e);
    }
    solve_pow4(pv, k - 2, L);
    /* O(y*) = (c(x*) - E(y*)) / x*, y* = x*^2 = 4^(k-2). */
    unsigned ly = 2 * (unsigned)(k - 2);
    mi_sub_in(xv, L, v0, 2 * n);
    for (int i = 0; i <= k - 3; i++)
        bgcn_submul_1(xv, pv[i], L, (bgcn_limb_t)1 << (ly * (i + 1)));
    mi_submul_in(xv, L, vinf, vn, (bgcn_limb_t)1 << (ly * (k - 1)));
    mi_rshift_const(xv, L, (unsigned)(k - 2));
    odd[k - 2] = xv;
    solve_pow4(odd, k - 1, L);

    /* c_2i+2 = pv[i] at (2i+2)n: low 2n limbs copied (the regions tile
     * [2n, Cn)), top limbs added; then the odd ones added at (2i+1)n. */
    for (int i = 0; i <= k - 3; i++)
        bgcn_copyi(rp + (2 * i + 2) * n, pv[i], 2 * n);
    for (int i = 0; i <= k - 3; i++)
        mi_incr(rp + (2 * i + 4) * n, total - (2 * i + 4) * n, pv[i][2 * n]);
    for (int i = 0; i <= k - 2; i++) {
        long pos = (2 * i + 1) * n;
        long l = L < total - pos ? L : total - pos;
        BGCN_ASSERT(bgcn_normalized_size(odd[i], L) <= l);
        bgcn_limb_t c = mi_add_in(rp + pos, total - pos, odd[i], l);
        BGCN_ASSERT(c == 0);
        (void)c;
    }
}

/* The product for a in ka pieces and b in kb pieces of n limbs (top
 * pieces s and t limbs, 1 <= s, t <= n), ka + kb = 2k: the 2k-1
 * coefficients and points of Toom-k, each operand evaluated with its own
 * number of pieces. */
static bgcn_status mul_oe(bgcn_limb_t *rp, const bgcn_limb_t *ap, int ka,
                          long s, const bgcn_limb_t *bp, int kb, long t,
                          long n, bgcn_limb_t *scratch)
{
    int k = (ka + kb) / 2;
    BGCN_ASSERT(ka + kb == 2 * k && k >= 3 && k <= 7);
    BGCN_ASSERT(s >= 1 && s <= n && t >= 1 && t <= n);
    BGCN_POLL();

    long L = 2 * n + 1, e1 = n + 1;
    bgcn_limb_t *pv[TK_MAXV], *mv[TK_MAXV];
    for (int e = 0; e <= k - 3; e++) {
        pv[e] = scratch + 2 * e * L;
        mv[e] = pv[e] + L;
    }
    bgcn_limb_t *xv = scratch + (2 * k - 4) * L, *ws = xv + L;
    /* Evaluated operands in rp when 5(n+1) limbs fit there (k >= 4),
     * else after the products in the scratch. */
    bgcn_limb_t *ap1 = rp;
    if (5 * e1 > (2 * k - 2) * n + s + t) {
        ap1 = ws;
        ws += 5 * e1;
    }
    bgcn_limb_t *am1 = ap1 + e1, *bp1 = am1 + e1, *bm1 = bp1 + e1,
                *tp = bm1 + e1;
    unsigned neg = 0;
    for (int e = 0; e <= k - 3; e++) {
        int sa = eval_pair(ap1, am1, tp, ap, n, s, ka, (unsigned)e);
        int sb = eval_pair(bp1, bm1, tp, bp, n, t, kb, (unsigned)e);
        neg |= (unsigned)(sa ^ sb) << e;
        BGCN_TRY(bgcn_mul_np1(pv[e], ap1, bp1, n, ws));
        BGCN_TRY(bgcn_mul_np1(mv[e], am1, bm1, n, ws));
    }
    eval_part(ap1, ap, n, s, ka, 0, 1, (unsigned)(k - 2));
    eval_part(bp1, bp, n, t, kb, 0, 1, (unsigned)(k - 2));
    BGCN_TRY(bgcn_mul_np1(xv, ap1, bp1, n, ws));
    BGCN_TRY(bgcn_mul_rec(rp, ap, n, bp, n, ws));
    BGCN_TRY(bgcn_mul_rec(rp + (2 * k - 2) * n, ap + (ka - 1) * n, s,
                          bp + (kb - 1) * n, t, ws));
    interpolate_k(rp, n, s + t, k, pv, mv, xv, neg);
    return BGCN_OK;
}

bgcn_status bgcn_mul_toomk(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           const bgcn_limb_t *bp, long bn, int k,
                           bgcn_limb_t *scratch)
{
    long n = (an + k - 1) / k;
    long s = an - (k - 1) * n, t = bn - (k - 1) * n;
    BGCN_ASSERT(k >= 5 && k <= 7);
    BGCN_ASSERT(an >= bn && t >= 1 && s >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, bp, bn));
    return mul_oe(rp, ap, k, s, bp, k, t, n, scratch);
}

bgcn_status bgcn_mul_toom42(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                            const bgcn_limb_t *bp, long bn,
                            bgcn_limb_t *scratch)
{
    long n = (an + 3) / 4;
    long s = an - 3 * n, t = bn - n;
    BGCN_ASSERT(an >= 13 && s >= 1 && t >= 1 && t <= n);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, bp, bn));
    return mul_oe(rp, ap, 4, s, bp, 2, t, n, scratch);
}

bgcn_status bgcn_sqr_toomk(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           int k, bgcn_limb_t *scratch)
{
    long n = (an + k - 1) / k;
    long s = an - (k - 1) * n;
    BGCN_ASSERT(k >= 5 && k <= 7);
    BGCN_ASSERT(s >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, 2 * an, ap, an));
    BGCN_POLL();

    long L = 2 * n + 1, e1 = n + 1;
    bgcn_limb_t *pv[TK_MAXV], *mv[TK_MAXV];
    for (int e = 0; e <= k - 3; e++) {
        pv[e] = scratch + 2 * e * L;
        mv[e] = pv[e] + L;
    }
    bgcn_limb_t *xv = scratch + (2 * k - 4) * L, *ws = xv + L;
    bgcn_limb_t *ap1 = rp, *am1 = ap1 + e1, *tp = am1 + e1;
    for (int e = 0; e <= k - 3; e++) {
        eval_pair(ap1, am1, tp, ap, n, s, k, (unsigned)e);
        BGCN_TRY(bgcn_sqr_np1(pv[e], ap1, n, ws));
        BGCN_TRY(bgcn_sqr_np1(mv[e], am1, n, ws));
    }
    eval_part(ap1, ap, n, s, k, 0, 1, (unsigned)(k - 2));
    BGCN_TRY(bgcn_sqr_np1(xv, ap1, n, ws));
    BGCN_TRY(bgcn_sqr_rec(rp, ap, n, ws));
    BGCN_TRY(bgcn_sqr_rec(rp + (2 * k - 2) * n, ap + (k - 1) * n, s, ws));
    interpolate_k(rp, n, 2 * s, k, pv, mv, xv, 0);
    return BGCN_OK;
}
