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
 * instead of n + h (residue_wrapped; residue_full is its twin).  There
 * x_h is prepared once (bgcn_mulpre) for both of the level's products:
 * x_h E_hi, of n + 1 limbs, fits the same cyclic plan without a wrap,
 * so the level costs five transforms of m limbs instead of six (the
 * steps of x_h after the first product are taken off the second as
 * steps * E_hi: unstep).
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
 * cyclic one.  Every block multiplies by I and by D, so both are
 * prepared once (bgcn_mulpre: where the products are NTTs their
 * transforms are kept, and each block transforms only R_hi and Q).  For
 * 2n/n the quotient comes in two blocks of n/2 limbs with an inverse of
 * n/2 limbs: in transforms of about n limbs (a sixth of M(n) each), five
 * per Newton level's top and a geometric sum below (about 0.8 M(n)) and
 * 2 + 4 + 4 for the blocks (1.7 M(n)), so about 2.5 M(n) where the
 * cyclic plan of n limbs has half the full product's points (10^4, 10^6
 * limbs; at 10^5 it has two thirds); against about 5-6 M(n) for divide
 * and conquer at 10^5 limbs.  bgcn_mu_div_qr_preinv takes a precomputed
 * inverse (callers dividing many numbers by one divisor, like radix
 * conversion). */
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
                        bgcn_limb_t *xh, long h, bgcn_limb_t *steps)
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
        ++*steps;
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
                           long n, bgcn_limb_t *xh, long h,
                           bgcn_mulpre *px, bgcn_limb_t *steps)
{
    BGCN_ASSERT(m >= n + 2 && m < n + h && px->m == m);
    /* P mod M, M = B^m - 1: D x_h (mod M), plus D B^h rotated: its low
     * m - h limbs at h, the rest (n + h - m limbs) at 0. */
    bgcn_status st = bgcn_mulpre_mul(e, px, dp, n);
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
        ++*steps;
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

/* x_h E_hi = {pr, h+ehn} from the prepared x_h's product (x_h before
 * its `steps` decrements, the product in {pr, m}, m >= h + ehn + 1):
 * minus steps E_hi.  No borrow: the true product is >= 0. */
static void unstep(bgcn_limb_t *pr, long h, const bgcn_limb_t *eh, long ehn,
                   bgcn_limb_t steps)
{
    if (!steps)
        return;
    bgcn_limb_t br = bgcn_submul_1(pr, eh, ehn, steps);
    br = bgcn_sub_1(pr + ehn, pr + ehn, h, br);
    BGCN_ASSERT(br == 0);
    (void)br;
}

/* One Newton level: {ip,n} from the reciprocal of the top h limbs.
 * ws: scratch of 3n + 4 limbs.  Where the residue is a wrap-around
 * product (wrap_pays), x_h is prepared for both products of the level
 * (bgcn_mulpre, the cyclic plan of m limbs holds x_h E_hi without a
 * wrap): one transform of x_h instead of two. */
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
    bgcn_limb_t steps = 0;
    bgcn_mulpre px = {0};
    bgcn_limb_t *xcopy = NULL; /* x_h as prepared (it is stepped after) */
    int ok;
    if (wrap_pays(m, n + h)) {
        if (!(xcopy = bgcn_alloc_limbs((size_t)(h + m))))
            return BGCN_ENOMEM;
        bgcn_copyi(xcopy, xh, h);
        bgcn_status st = bgcn_mulpre_init(&px, xcopy, h, n, m);
        if (st != BGCN_OK) {
            bgcn_free_limbs(xcopy);
            return st;
        }
        ok = residue_wrapped(e, m, dp, n, xh, h, &px, &steps);
    } else {
        ok = residue_full(e, dp, n, xh, h, &steps);
    }
    bgcn_status st = BGCN_OK;
    if (ok < 0) {
        st = (bgcn_status)(-ok);
        goto out;
    }
    if (!ok || bgcn_normalized_size(e, en) > n + 1) {
        st = inv_exact(ip, dp, n);
        goto out;
    }

    /* C = E_hi + floor(x_h E_hi / B^h), E_hi = {e+h, l+1}. */
    const bgcn_limb_t *eh = e + h;
    long ehn = bgcn_normalized_size(eh, l + 1);
    bgcn_limb_t *c = t; /* l + 2 limbs */
    bgcn_zero(c, l + 2);
    if (ehn > 0) {
        bgcn_limb_t *pr = t + l + 2; /* h + ehn limbs */
        if (xcopy) {
            /* the product is below B^(h+ehn) <= B^(n+1) < B^m - 1 */
            pr = xcopy + h;
            st = bgcn_mulpre_mul(pr, &px, eh, ehn);
            if (st != BGCN_OK)
                goto out;
            BGCN_ASSERT(bgcn_normalized_size(pr + h + ehn, m - h - ehn) == 0);
            unstep(pr, h, eh, ehn, steps);
        } else {
            st = bgcn_div_mul(pr, xh, h, eh, ehn);
            if (st != BGCN_OK)
                goto out;
        }
        /* limbs h .. h+ehn-1 of the product, plus E_hi */
        bgcn_copyi(c, pr + h, ehn);
        c[l + 1] = bgcn_add(c, c, l + 1, eh, l + 1);
    }
    bgcn_mulpre_clear(&px);
    bgcn_free_limbs(xcopy);
    xcopy = NULL;
    /* X = x_h B^l + C: the low l limbs are C's, the carry goes into x_h.
     * A carry out of the top would mean X >= 2 B^n, above the reciprocal,
     * which the analysis rules out: recompute exactly then. */
    bgcn_copyi(ip, c, l);
    if (bgcn_add(xh, xh, h, c + l, 2))
        return inv_exact(ip, dp, n);
    return BGCN_OK;
out:
    bgcn_mulpre_clear(&px);
    bgcn_free_limbs(xcopy);
    return st;
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
 * in [0, a few D) (so below B^(dn+1)); pd: dn + blk limbs of scratch;
 * pdd: D prepared for full products.  The full product: */
static bgcn_status sub_qd_full(bgcn_limb_t *r, bgcn_limb_t *pd,
                               const bgcn_limb_t *q, long blk,
                               bgcn_mulpre *pdd, long dn)
{
    BGCN_TRY(bgcn_mulpre_mul(pd, pdd, q, blk));
    bgcn_limb_t br = bgcn_sub_n(r, r, pd, dn + blk);
    BGCN_ASSERT(br == 0);
    (void)br;
    BGCN_ASSERT(bgcn_normalized_size(r + dn + 1, blk - 1) == 0);
    return BGCN_OK;
}

/* The same through Q D mod M = B^wm - 1 (dn + 1 <= wm < dn + blk, D
 * prepared for products mod M): S < M is (R - Q D) mod M, and R mod M
 * is R's two halves added (the top limbs of R and Q D, which cancel, are
 * never computed).  Same result as sub_qd_full. */
static bgcn_status sub_qd_wrapped(bgcn_limb_t *r, bgcn_limb_t *pd,
                                  const bgcn_limb_t *q, long blk,
                                  bgcn_mulpre *pdd, long dn, long wm)
{
    BGCN_ASSERT(wm >= dn + 1 && wm < dn + blk && pdd->m == wm);
    BGCN_TRY(bgcn_mulpre_mul(pd, pdd, q, blk));
    add_m1(r, wm, mi_add_in(r, wm, r + wm, dn + blk - wm));
    if (bgcn_sub_n(r, r, pd, wm)) /* R - P + B^m: minus 1 makes it + M */
        mi_decr(r, wm, 1);
    if (all_ones(r, wm))
        bgcn_zero(r, wm);
    BGCN_ASSERT(bgcn_normalized_size(r + dn + 1, wm - dn - 1) == 0);
    bgcn_zero(r + wm, dn + blk - wm);
    return BGCN_OK;
}

/* The blocks of bgcn_mu_div_qr_preinv.  Every block multiplies by the
 * whole inverse and by D, so both are prepared once (bgcn_mulpre:
 * where the products are NTTs, their transforms are kept).  A block of
 * blk < in limbs (the first when in does not divide qn) takes the whole
 * inverse too: with X = B^in + I <= B^(2in) / (D_t + 1) and R_hi =
 * floor(R / B^dn), R_hi + floor(R_hi I / B^in) <= R_hi X / B^in <=
 * R_hi B^in / (D_t + 1) < R / D, so the estimate still never exceeds
 * floor(R / D), and it is at least the one from the top blk limbs of I,
 * whose error bound therefore holds. */
static bgcn_status mu_blocks(bgcn_limb_t *qp, bgcn_limb_t *np, long qn,
                             const bgcn_limb_t *dp, long dn, long in,
                             bgcn_limb_t *ws,
                             bgcn_mulpre *pi, bgcn_mulpre *pdd, long wm,
                             int wrap)
{
    long k = in < qn ? in : qn;
    bgcn_limb_t *pq = ws, *pd = ws + k + in;
    long blk = qn % in ? qn % in : in;
    for (long pos = qn - blk; pos >= 0; blk = in, pos -= in) {
        BGCN_POLL();
        /* R = {np+pos, dn+blk}, its top dn limbs below D */
        bgcn_limb_t *r = np + pos, *rhi = np + pos + dn, *q = qp + pos;
        BGCN_TRY(bgcn_mulpre_mul(pq, pi, rhi, blk));
        bgcn_limb_t cy = bgcn_add_n(q, pq + in, rhi, blk);
        BGCN_ASSERT(cy == 0); /* Q <= floor(R/D) < B^blk */
        (void)cy;
        /* R -= Q D; the true difference is below a few D */
        if (wrap && wm < dn + blk)
            BGCN_TRY(sub_qd_wrapped(r, pd, q, blk, pdd, dn, wm));
        else
            BGCN_TRY(sub_qd_full(r, pd, q, blk, pdd, dn));
        while (r[dn] != 0 || bgcn_div_cmp(r, dp, dn) >= 0) {
            r[dn] -= bgcn_sub_n(r, r, dp, dn);
            bgcn_limb_t c2 = bgcn_div_incr(q, q, blk);
            BGCN_ASSERT(c2 == 0);
            (void)c2;
        }
    }
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
    /* R - Q D mod B^wm - 1 when that is cheaper than the product (the
     * full blocks decide; a shorter first block takes the same product,
     * wrapped only where wm < dn + blk) */
    long wm = bgcn_mulmod_bnm1_next_size(dn + 1);
    int wrap = wrap_pays(wm, dn + k);
    /* scratch: R_hi * I (k + in), Q * D (wm or dn + k) */
    long pdn = wrap && wm > dn + k ? wm : dn + k;
    bgcn_limb_t *ws = bgcn_alloc_limbs((size_t)(k + in + pdn));
    if (!ws)
        return BGCN_ENOMEM;
    bgcn_mulpre pi = {0}, pdd = {0};
    bgcn_status st = bgcn_mulpre_init(&pi, ip, in, k, 0);
    if (st == BGCN_OK)
        st = bgcn_mulpre_init(&pdd, dp, dn, k, wrap ? wm : 0);
    if (st == BGCN_OK)
        st = mu_blocks(qp, np, qn, dp, dn, in, ws, &pi, &pdd, wm, wrap);
    bgcn_mulpre_clear(&pi);
    bgcn_mulpre_clear(&pdd);
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
