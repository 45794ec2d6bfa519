/* div_newton.c -- reciprocals by Newton's iteration and division by
 * multiplication with them: bgcn_invertappr, bgcn_mu_div_qr,
 * bgcn_mu_div_qr_preinv.  Contracts in bgcn.h.
 *
 * Reciprocal (the iteration for 1/d, in the form of Brent and Zimmermann,
 * "Modern Computer Arithmetic", 3.4.1).  For a normalised D of n limbs
 * the wanted value is X = floor((B^2n - 1) / D), which lies in
 * [B^n, 2 B^n); the result is I = X - B^n (n limbs, the leading one
 * implicit).  From the reciprocal X_h of the top h = n - l limbs of D
 * (l = floor((n-1)/2), so 2h >= n + 1):
 *     P = D X_h,  stepped down by D (and X_h by 1) while P >= B^(n+h),
 *     E = B^(n+h) - P,                       0 <= E < (a few) D
 *     X = X_h B^l + E_hi + floor(x_h E_hi / B^h),   E_hi = floor(E / B^h)
 * i.e. X_h (1 + e) for the relative error e = E / B^(n+h), the Newton
 * step for 1/d from below.  Newton's iteration for 1/d never overshoots
 * (1/d - x(2 - dx) = d (1/d - x)^2 >= 0) and every truncation above
 * rounds down, so each level's result is at most X; it is below X by a
 * few units only, because 2h >= n + 1 makes the quadratic term of the
 * level below (error k at scale B^h) worth under 2 k^2 / B units here.
 * A level whose E does not come out small (which the bound rules out)
 * falls back to the exact reciprocal, so the contract never depends on
 * the analysis.  Cost: one n x h and one h x l product per level, about
 * twice the top level's in all; sizes below bgcn_inv_newton_threshold
 * divide B^2n - 1 by D exactly (schoolbook or divide and conquer).
 * Since E is small and the top of P is known, P is only needed mod
 * B^m - 1 for some m >= n + 2: where bgcn_mulmod_bnm1 is a cyclic
 * transform (wrap_pays), the n x h product becomes one of m limbs
 * instead of n + h (residue_wrapped; residue_full is its twin).
 *
 * Division (Barrett's method in blocks, as in GMP's "mu" division, T.
 * Granlund and N. Möller, ICMS 2006).  With I the reciprocal of the top
 * in limbs of D plus one unit (D_t + 1 > D / B^(dn-in), so I errs
 * downwards with respect to D), each block of k <= in quotient limbs is
 * estimated from the top k limbs R_hi of the partial remainder R
 * (R < D B^k) and the top k limbs of I:
 *     Q = R_hi + floor(R_hi I_k / B^k)      (never above floor(R / D))
 * then R -= Q D, and D is subtracted (Q incremented) while R >= D, a few
 * times at most.  R - Q D is below a few D, so Q D is wanted only mod
 * B^m - 1 for m >= dn + 1 (sub_qd_wrapped, with sub_qd_full as its
 * twin), a transform of m limbs instead of dn + k where that is a
 * cyclic one.  For 2n/n the quotient comes in two blocks of n/2 limbs
 * with an inverse of n/2 limbs: about 1.3 M(n) for the inverse and
 * 2 (M(n/2) + M(n/2 x n)) for the blocks, against about 5-6 M(n) for
 * divide and conquer at 10^5 limbs.  bgcn_mu_div_qr_preinv takes a
 * precomputed inverse (callers dividing many numbers by one divisor, like
 * radix conversion). */
#include "div-impl.h"
#include "mul-impl.h"

/* Thresholds (bgcn.h), measured on AMD EPYC (Zen 3, 2 vCPUs, adx path),
 * 2026-12-01 20:52 UTC, load average 4.6-8, with a throwaway program
 * timing bgcn_tdiv_qr of 2n by n limbs (thread CPU time, checked against
 * mpn_tdiv_qr) with the mu division forced on or off: divide and conquer
 * wins at 700-1000 limbs (160 vs 198 us, 298 vs 421 us), the two are
 * within noise at 1500-2000, mu wins from 3000 (1.9 vs 2.2 ms, 5000:
 * 3.8 vs 4.1 ms); 10^5 limbs: 3.96 against 4.90 products of n limbs.
 * The exact-reciprocal threshold (60, 150, 300 tried) moves the result by
 * less than the noise; 150 kept. */
long bgcn_inv_newton_threshold = BGCN_INV_NEWTON_THRESHOLD;
long bgcn_mu_div_threshold = BGCN_MU_DIV_THRESHOLD;

/* Exact: {ip,n} = floor((B^2n - 1) / D) - B^n, from the division of
 * (B^n - 1 - D) B^n + B^n - 1 by D (the high half is ~D < D). */
static bgcn_status inv_exact(bgcn_limb_t *ip, const bgcn_limb_t *dp, long n)
{
    bgcn_limb_t *w = bgcn_alloc_limbs((size_t)(3 * n + 1));
    if (!w)
        return BGCN_ENOMEM;
    bgcn_limb_t *q = w + 2 * n;
    for (long i = 0; i < n; i++) {
        w[i] = BGCN_LIMB_MAX;
        w[n + i] = ~dp[i];
    }
    bgcn_status st = bgcn_tdiv_qr(q, NULL, w, 2 * n, dp, n);
    if (st == BGCN_OK) {
        BGCN_ASSERT(q[n] == 0);
        bgcn_copyi(ip, q, n);
    }
    bgcn_free_limbs(w);
    return st;
}

/* Whether a product of tn limbs known to be wanted only mod B^m - 1
 * (m < tn) goes through bgcn_mulmod_bnm1: where that is a cyclic
 * transform of m limbs (the floating-point NTT's paths, from
 * bgcn_mulmod_bnm1_ntt_threshold); elsewhere the
 * full product, which is also the twin the tests compare it with. */
static int wrap_pays(long m, long tn)
{
    return bgcn_kern.nttfp && m < tn && m >= bgcn_mulmod_bnm1_ntt_threshold;
}

/* The residue of one Newton level, the full way: P = D (B^h + x_h)
 * (n + h + 1 limbs in e), stepped down by D (x_h by 1) while
 * P >= B^(n+h), then E = B^(n+h) - P into {e, n+h}.  Returns 1, 0 when
 * E does not come out small (the caller then computes exactly; never
 * seen), or minus a failed status. */
static int residue_full(bgcn_limb_t *e, const bgcn_limb_t *dp, long n,
                        bgcn_limb_t *xh, long h)
{
    bgcn_limb_t *p = e;
    bgcn_status st = bgcn_mul(p, dp, n, xh, h);
    if (st != BGCN_OK)
        return -(int)st;
    p[n + h] = bgcn_add(p + h, p + h, n, dp, n);
    while (p[n + h] != 0) {
        p[n + h] -= bgcn_sub(p, p, n + h, dp, n);
        bgcn_limb_t br = bgcn_div_decr(xh, xh, h);
        BGCN_ASSERT(br == 0);
        (void)br;
    }
    long en = n + h, i = 0;
    while (i < en && p[i] == 0)
        i++;
    if (i == en)
        return 0; /* P = 0: impossible */
    e[i] = -p[i];
    for (long j = i + 1; j < en; j++)
        e[j] = ~p[j];
    return bgcn_normalized_size(e, en) <= n + 1;
}

/* 1 if {xp,n} is B^n - 1. */
static int all_ones(const bgcn_limb_t *xp, long n)
{
    for (long i = 0; i < n; i++)
        if (xp[i] != BGCN_LIMB_MAX)
            return 0;
    return 1;
}

/* {xp,m} += c (any limb) mod B^m - 1, {xp,m} < B^m before and after. */
static void add_m1(bgcn_limb_t *xp, long m, bgcn_limb_t c)
{
    while (c)
        c = bgcn_add_1(xp, xp, m, c);
}

/* The same residue through the product mod B^m - 1 (m >= n + 2,
 * m < n + h): since E is small (|E| < a few D < B^(n+1), the analysis in
 * the head comment, and E > -2 D before the steps), E mod B^m - 1 shows
 * its sign in the top limb (0 for E > 0, all ones for E < 0), so the top
 * h + ... limbs of P, which are known, need not be computed: the
 * transform is of m limbs instead of n + h.  Same results as
 * residue_full. */
static int residue_wrapped(bgcn_limb_t *e, long m, const bgcn_limb_t *dp,
                           long n, bgcn_limb_t *xh, long h)
{
    BGCN_ASSERT(m >= n + 2 && m < n + h);
    /* P mod M, M = B^m - 1: D x_h (mod M), plus D B^h rotated: its low
     * m - h limbs at h, the rest (n + h - m limbs) at 0. */
    bgcn_status st = bgcn_mulmod_bnm1(e, m, dp, n, xh, h);
    if (st != BGCN_OK)
        return -(int)st;
    bgcn_limb_t c = mi_add_in(e + h, m - h, dp, m - h);
    c += mi_add_in(e, m, dp + m - h, n + h - m);
    add_m1(e, m, c);
    /* E = B^(n+h-m) - P mod M: ~P is M - P; the carry out of the top
     * wraps to the bottom */
    for (long i = 0; i < m; i++)
        e[i] = ~e[i];
    const bgcn_limb_t one = 1;
    long j = n + h - m;
    add_m1(e, m, mi_add_in(e + j, m - j, &one, 1));
    if (all_ones(e, m))
        bgcn_zero(e, m);
    long en = n + h;
    bgcn_zero(e + m, en - m);
    bgcn_limb_t top = e[m - 1];
    if (top == 0 && bgcn_normalized_size(e, m) > 0)
        return bgcn_normalized_size(e, m) <= n + 1;
    if (top != 0 && top != BGCN_LIMB_MAX)
        return 0;
    /* E <= 0: |E| = M - E_m (E_m = 0: |E| = 0); step while |E| >= D */
    if (top != 0)
        for (long i = 0; i < m; i++)
            e[i] = ~e[i];
    for (;;) {
        bgcn_limb_t br = bgcn_div_decr(xh, xh, h);
        BGCN_ASSERT(br == 0);
        (void)br;
        if (bgcn_normalized_size(e + n, m - n) == 0 &&
            bgcn_div_cmp(e, dp, n) < 0) {
            /* E = D - |E| > 0 */
            bgcn_limb_t b2 = bgcn_sub_n(e, dp, e, n);
            BGCN_ASSERT(b2 == 0);
            (void)b2;
            break;
        }
        bgcn_limb_t b3 = mi_sub_in(e, m, dp, n);
        BGCN_ASSERT(b3 == 0);
        (void)b3;
    }
    return 1;
}

/* One Newton level: {ip,n} from the reciprocal of the top h limbs.
 * ws: scratch of 3n + 4 limbs. */
static bgcn_status inv_newton(bgcn_limb_t *ip, const bgcn_limb_t *dp, long n,
                              bgcn_limb_t *ws)
{
    if (n < bgcn_inv_newton_threshold || n < 4)
        return inv_exact(ip, dp, n);
    BGCN_POLL();
    long l = (n - 1) / 2, h = n - l;
    bgcn_limb_t *xh = ip + l; /* x_h lands where it ends up: the top h */
    BGCN_TRY(inv_newton(xh, dp + l, h, ws));

    /* E = B^(n+h) - D (B^h + x_h), x_h stepped down until E > 0:
     * n + h limbs in ws. */
    bgcn_limb_t *t = ws + n + h + 1, *e = ws;
    long en = n + h;
    long m = bgcn_mulmod_bnm1_next_size(n + 2);
    int ok = wrap_pays(m, n + h) ? residue_wrapped(e, m, dp, n, xh, h)
                                    : residue_full(e, dp, n, xh, h);
    if (ok < 0)
        return (bgcn_status)(-ok);
    if (!ok)
        return inv_exact(ip, dp, n);
    if (bgcn_normalized_size(e, en) > n + 1)
        return inv_exact(ip, dp, n);

    /* C = E_hi + floor(x_h E_hi / B^h), E_hi = {e+h, l+1}. */
    const bgcn_limb_t *eh = e + h;
    long ehn = bgcn_normalized_size(eh, l + 1);
    bgcn_limb_t *c = t; /* l + 2 limbs */
    bgcn_zero(c, l + 2);
    if (ehn > 0) {
        bgcn_limb_t *pr = t + l + 2; /* h + ehn limbs */
        BGCN_TRY(bgcn_div_mul(pr, xh, h, eh, ehn));
        /* limbs h .. h+ehn-1 of the product, plus E_hi */
        bgcn_copyi(c, pr + h, ehn);
        c[l + 1] = bgcn_add(c, c, l + 1, eh, l + 1);
    }
    /* X = x_h B^l + C: the low l limbs are C's, the carry goes into x_h.
     * A carry out of the top would mean X >= 2 B^n, above the reciprocal,
     * which the analysis rules out: recompute exactly then. */
    bgcn_copyi(ip, c, l);
    if (bgcn_add(xh, xh, h, c + l, 2))
        return inv_exact(ip, dp, n);
    return BGCN_OK;
}

bgcn_status bgcn_invertappr(bgcn_limb_t *ip, const bgcn_limb_t *dp, long n)
{
    BGCN_ASSERT(n >= 1 && (dp[n - 1] & BGCN_LIMB_HIGHBIT));
    BGCN_ASSERT(!BGCN_OVERLAP_P(ip, n, dp, n));
    if (n < bgcn_inv_newton_threshold || n < 4)
        return inv_exact(ip, dp, n);
    bgcn_limb_t *ws = bgcn_alloc_limbs((size_t)(3 * n + 4));
    if (!ws)
        return BGCN_ENOMEM;
    bgcn_status st = inv_newton(ip, dp, n, ws);
    bgcn_free_limbs(ws);
    return st;
}

long bgcn_mu_div_inv_size(long nn, long dn)
{
    long qn = nn - dn;
    if (qn <= 0)
        return 1;
    long b = qn > dn ? (qn + dn - 1) / dn : 2;
    long in = (qn + b - 1) / b;
    return in < 1 ? 1 : in > dn ? dn : in;
}

bgcn_status bgcn_mu_div_inverse(bgcn_limb_t *ip, const bgcn_limb_t *dp,
                                long dn, long in)
{
    BGCN_ASSERT(in >= 1 && in <= dn && (dp[dn - 1] & BGCN_LIMB_HIGHBIT));
    /* the reciprocal of D_t + 1, D_t the top in limbs; D_t = B^in - 1
     * gives B^in, whose reciprocal B^in - 1 has no leading one: use
     * I = 0 (X = B^in), still below it */
    bgcn_limb_t *t = bgcn_alloc_limbs((size_t)in);
    if (!t)
        return BGCN_ENOMEM;
    bgcn_status st = BGCN_OK;
    if (bgcn_add_1(t, dp + dn - in, in, 1))
        bgcn_zero(ip, in);
    else
        st = bgcn_invertappr(ip, t, in);
    bgcn_free_limbs(t);
    return st;
}

/* R = {r, dn+blk} -= Q D, Q = {q,blk}, knowing that the difference S is
 * in [0, a few D) (so below B^(dn+1)); pd: dn + blk limbs of scratch.
 * The full product: */
static bgcn_status sub_qd_full(bgcn_limb_t *r, bgcn_limb_t *pd,
                               const bgcn_limb_t *q, long blk,
                               const bgcn_limb_t *dp, long dn)
{
    BGCN_TRY(bgcn_div_mul(pd, q, blk, dp, dn));
    bgcn_limb_t br = bgcn_sub_n(r, r, pd, dn + blk);
    BGCN_ASSERT(br == 0);
    (void)br;
    BGCN_ASSERT(bgcn_normalized_size(r + dn + 1, blk - 1) == 0);
    return BGCN_OK;
}

/* The same through Q D mod M = B^wm - 1 (dn + 1 <= wm < dn + blk): S < M
 * is (R - Q D) mod M, and R mod M is R's two halves added (the top
 * limbs of R and Q D, which cancel, are never computed).  Same result
 * as sub_qd_full. */
static bgcn_status sub_qd_wrapped(bgcn_limb_t *r, bgcn_limb_t *pd,
                                  const bgcn_limb_t *q, long blk,
                                  const bgcn_limb_t *dp, long dn, long wm)
{
    BGCN_ASSERT(wm >= dn + 1 && wm < dn + blk);
    BGCN_TRY(bgcn_mulmod_bnm1(pd, wm, dp, dn, q, blk));
    add_m1(r, wm, mi_add_in(r, wm, r + wm, dn + blk - wm));
    if (bgcn_sub_n(r, r, pd, wm)) /* R - P + B^m: minus 1 makes it + M */
        mi_decr(r, wm, 1);
    if (all_ones(r, wm))
        bgcn_zero(r, wm);
    BGCN_ASSERT(bgcn_normalized_size(r + dn + 1, wm - dn - 1) == 0);
    bgcn_zero(r + wm, dn + blk - wm);
    return BGCN_OK;
}

bgcn_status bgcn_mu_div_qr_preinv(bgcn_limb_t *qhp, bgcn_limb_t *qp,
                                  bgcn_limb_t *np, long nn,
                                  const bgcn_limb_t *dp, long dn,
                                  const bgcn_limb_t *ip, long in)
{
    BGCN_ASSERT(dn >= 1 && nn >= dn && in >= 1 && in <= dn);
    BGCN_ASSERT(dp[dn - 1] & BGCN_LIMB_HIGHBIT);
    BGCN_ASSERT(nn == dn || !BGCN_OVERLAP_P(qp, nn - dn, np, nn));
    BGCN_ASSERT(nn == dn || !BGCN_OVERLAP_P(qp, nn - dn, dp, dn));
    BGCN_ASSERT(!BGCN_OVERLAP_P(np, nn, dp, dn));
    long qn = nn - dn;

    /* the high quotient limb: the top dn limbs against D */
    bgcn_limb_t *top = np + qn;
    bgcn_limb_t qh = bgcn_div_cmp(top, dp, dn) >= 0;
    if (qh)
        bgcn_sub_n(top, top, dp, dn);
    *qhp = qh;
    if (qn == 0)
        return BGCN_OK;

    long k = in < qn ? in : qn;
    /* R - Q D mod B^wm - 1 when that is cheaper than the product */
    long wm = bgcn_mulmod_bnm1_next_size(dn + 1);
    /* scratch: R_hi * I_k (2k), Q * D (dn + k) */
    bgcn_limb_t *ws = bgcn_alloc_limbs((size_t)(2 * k + dn + k));
    if (!ws)
        return BGCN_ENOMEM;
    bgcn_limb_t *pq = ws, *pd = ws + 2 * k;
    bgcn_status st = BGCN_OK;
    /* blocks from the top: the first takes qn mod in (or in) limbs */
    long blk = qn % in ? qn % in : in;
    for (long pos = qn - blk; pos >= 0; blk = in, pos -= in) {
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            break;
        }
        /* R = {np+pos, dn+blk}, its top dn limbs below D */
        bgcn_limb_t *r = np + pos, *rhi = np + pos + dn, *q = qp + pos;
        const bgcn_limb_t *ik = ip + in - blk;
        st = bgcn_mul(pq, rhi, blk, ik, blk);
        if (st != BGCN_OK)
            break;
        bgcn_limb_t cy = bgcn_add_n(q, pq + blk, rhi, blk);
        BGCN_ASSERT(cy == 0); /* Q <= floor(R/D) < B^blk */
        (void)cy;
        /* R -= Q D; the true difference is below a few D */
        if (wrap_pays(wm, dn + blk))
            st = sub_qd_wrapped(r, pd, q, blk, dp, dn, wm);
        else
            st = sub_qd_full(r, pd, q, blk, dp, dn);
        if (st != BGCN_OK)
            break;
        while (r[dn] != 0 || bgcn_div_cmp(r, dp, dn) >= 0) {
            r[dn] -= bgcn_sub_n(r, r, dp, dn);
            bgcn_limb_t c2 = bgcn_div_incr(q, q, blk);
            BGCN_ASSERT(c2 == 0);
            (void)c2;
        }
    }
    bgcn_free_limbs(ws);
    return st;
}

bgcn_status bgcn_mu_div_qr(bgcn_limb_t *qhp, bgcn_limb_t *qp, bgcn_limb_t *np,
                           long nn, const bgcn_limb_t *dp, long dn)
{
    BGCN_ASSERT(dn >= 1 && nn >= dn);
    BGCN_ASSERT(dp[dn - 1] & BGCN_LIMB_HIGHBIT);
    long in = bgcn_mu_div_inv_size(nn, dn);
    bgcn_limb_t *ip = bgcn_alloc_limbs((size_t)in);
    if (!ip)
        return BGCN_ENOMEM;
    bgcn_status st = bgcn_mu_div_inverse(ip, dp, dn, in);
    if (st == BGCN_OK)
        st = bgcn_mu_div_qr_preinv(qhp, qp, np, nn, dp, dn, ip, in);
    bgcn_free_limbs(ip);
    return st;
}
