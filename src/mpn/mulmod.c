/* mulmod.c -- the wrap-around products mod B^n - 1 and B^n + 1 and the
 * middle product, for Newton iterations (contracts in bgcn.h).
 *
 * These are the entry points the division, square-root and inverse code
 * build on; their contracts stay fixed while the implementation behind
 * them gets faster.  Here: the full product (bgcn_mul / bgcn_sqr, so the
 * NTT above its threshold) folded by the wrap-around identity
 * B^n = 1 (resp. -1); and, on the paths with the floating-point NTT,
 * the product mod B^n - 1 as one cyclic convolution whose own wrap is
 * the wanted one (ntt_fp.c), at sizes where that costs fewer transform
 * points than the full product: about half of them when an + bn is near
 * 2n, and bgcn_mulmod_bnm1_next_size rounds n up to a size that has
 * such a plan.  The fold stays as the twin the tests compare it with. */
#include "bgcn.h"
#include "mul-impl.h"
#include "nttfp-impl.h"

/* Measured on AMD EPYC (Zen 3, 2 vCPUs, adx path), 2026-12-02 00:30 UTC,
 * load average 7-10, thread CPU time, minimum of 7 (a scratch program
 * in /tmp): the cyclic product mod B^w - 1 (w = the size with a plan
 * just above n + 1) of n x n/2 limbs against the full product: 2.00x its
 * time at n = 500, 1.18 at 1000, 1.12-1.15 at 1300-1600, 0.89 at 2000,
 * 0.84 at 2500, 0.65 at 3000, 0.65-0.87 at 5000-10^4, 0.71 at 2*10^4. */
long bgcn_mulmod_bnm1_ntt_threshold = BGCN_MULMOD_BNM1_NTT_THRESHOLD;

/* {rp,n} += {hp,hn} mod B^n - 1, 0 <= hn <= n, {rp,n} < B^n on entry;
 * the result is < B^n (B^n - 1 itself may appear). */
static void fold_m1(bgcn_limb_t *rp, long n, const bgcn_limb_t *hp, long hn)
{
    bgcn_limb_t c = mi_add_in(rp, n, hp, hn);
    /* A carry is B^n = 1: add it back at the bottom.  The sum was at
     * most 2 B^n - 2, so after dropping B^n and adding 1 it is at most
     * B^n - 1: no second carry. */
    if (c)
        mi_incr(rp, n, 1);
}

/* 1 if {rp,n} is all ones (B^n - 1). */
static int all_ones(const bgcn_limb_t *rp, long n)
{
    for (long i = 0; i < n; i++)
        if (rp[i] != ~(bgcn_limb_t)0)
            return 0;
    return 1;
}

static bgcn_status product(bgcn_limb_t *tp, const bgcn_limb_t *ap, long an,
                           const bgcn_limb_t *bp, long bn)
{
    if (ap == bp && an == bn)
        return bgcn_sqr(tp, ap, an);
    if (an >= bn)
        return bgcn_mul(tp, ap, an, bp, bn);
    return bgcn_mul(tp, bp, bn, ap, an);
}

bgcn_status bgcn_mulmod_bnm1(bgcn_limb_t *rp, long n, const bgcn_limb_t *ap,
                             long an, const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(n >= 1 && an >= 1 && bn >= 1 && an <= n && bn <= n);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n, bp, bn));
    long tn = an + bn;
    int square = ap == bp && an == bn;
    long small = an < bn ? an : bn, big = an < bn ? bn : an;
    if (bgcn_kern.nttfp && tn > n && n >= bgcn_mulmod_bnm1_ntt_threshold &&
        small >= n / 4) {
        double cyc = bgcn_nttfp_bnm1_cost(n);
        if (cyc != 0 && cyc < bgcn_nttfp_cost(big, small))
            return bgcn_mulmod_bnm1_nttfp_ops(
                rp, n, ap, an, square ? NULL : bp, bn, bgcn_kern.nttfp,
                bgcn_threads_for(small));
    }
    bgcn_limb_t *tp = bgcn_alloc_limbs((size_t)tn);
    if (!tp)
        return BGCN_ENOMEM;
    bgcn_status st = product(tp, ap, an, bp, bn);
    if (st == BGCN_OK) {
        if (tn <= n) {
            bgcn_copyi(rp, tp, tn);
            for (long i = tn; i < n; i++)
                rp[i] = 0;
        } else {
            bgcn_copyi(rp, tp, n);
            fold_m1(rp, n, tp + n, tn - n);
        }
        if (all_ones(rp, n))
            for (long i = 0; i < n; i++)
                rp[i] = 0;
    }
    bgcn_free_limbs(tp);
    return st;
}

/* {xp,n+1} (any value) reduced mod B^n + 1 into [0, B^n]: with
 * x = l + h B^n (h = xp[n]), x = l - h. */
static void reduce_p1(bgcn_limb_t *xp, long n)
{
    bgcn_limb_t h = xp[n];
    xp[n] = 0;
    if (!h)
        return;
    /* l - h, and when that borrows, + B^n + 1. */
    bgcn_limb_t bw = xp[0] < h;
    xp[0] -= h;
    for (long i = 1; i < n && bw; i++) {
        bw = xp[i] == 0;
        xp[i]--;
    }
    if (bw) {
        /* {xp,n} = l - h + B^n; add 1 (the value is below B^n, since
         * h - l <= h < B^n, so the sum is at most B^n). */
        bgcn_limb_t c = 1;
        for (long i = 0; i < n && c; i++) {
            xp[i] += 1;
            c = xp[i] == 0;
        }
        xp[n] = c;
    }
}

bgcn_status bgcn_mulmod_bnp1(bgcn_limb_t *rp, long n, const bgcn_limb_t *ap,
                             long an, const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(n >= 1 && an >= 1 && bn >= 1 && an <= n + 1 && bn <= n + 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n + 1, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n + 1, bp, bn));
    long tn = an + bn;
    bgcn_limb_t *tp = bgcn_alloc_limbs((size_t)tn + 2 * ((size_t)n + 1));
    if (!tp)
        return BGCN_ENOMEM;
    bgcn_limb_t *pos = tp + tn, *neg = pos + n + 1;
    bgcn_status st = product(tp, ap, an, bp, bn);
    if (st == BGCN_OK) {
        /* Chunks of n limbs with alternating signs: c0 - c1 + c2 - c3
         * (tn <= 2n + 2, so at most four chunks, the last of <= 2 limbs). */
        for (long i = 0; i <= n; i++)
            pos[i] = neg[i] = 0;
        for (long c = 0; c * n < tn; c++) {
            long lo = c * n, len = tn - lo < n ? tn - lo : n;
            bgcn_limb_t *acc = (c & 1) ? neg : pos;
            acc[n] += mi_add_in(acc, n, tp + lo, len);
        }
        reduce_p1(pos, n);
        reduce_p1(neg, n);
        /* pos - neg mod B^n + 1, both in [0, B^n]. */
        bgcn_limb_t bw = mi_sub_n(rp, pos, neg, n + 1);
        if (bw) {
            /* The difference D is in [-B^n, 0) and rp holds D + B^(n+1)
             * (top limb all ones); D + B^n + 1 is in [1, B^n]: add 1 at
             * the bottom and B^n at the top, dropping B^(n+1). */
            bgcn_limb_t c = 1;
            for (long i = 0; i < n && c; i++) {
                rp[i] += 1;
                c = rp[i] == 0;
            }
            rp[n] += 1 + c; /* top limb: -1 (all ones) + 1 + carry */
        }
    }
    bgcn_free_limbs(tp);
    return st;
}

bgcn_status bgcn_mulmid(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                        const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(an >= bn && bn >= 1);
    long m = an - bn + 1, tn = an + bn;
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, m + 2, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, m + 2, bp, bn));
    bgcn_limb_t *tp = bgcn_alloc_limbs((size_t)tn);
    if (!tp)
        return BGCN_ENOMEM;
    bgcn_status st = bgcn_mul(tp, ap, an, bp, bn);
    if (st == BGCN_OK)
        for (long i = 0; i < m + 2; i++)
            rp[i] = bn - 1 + i < tn ? tp[bn - 1 + i] : 0;
    bgcn_free_limbs(tp);
    return st;
}

long bgcn_mulmod_bnm1_next_size(long n)
{
    BGCN_ASSERT(n >= 1);
    if (bgcn_kern.nttfp && n >= bgcn_mulmod_bnm1_ntt_threshold) {
        long m = bgcn_nttfp_bnm1_size(n);
        if (m >= n)
            return m;
    }
    return n;
}

/* ---- prepared operands ----
 * The transforms are kept where the product (or the wrap-around one) is
 * an NTT with fewer points than the alternative: the full product's
 * plan where bgcn_mul would take the NTT for an x bmax, the cyclic plan
 * of m limbs where its points are fewer than 1.5 times the full an x
 * bmax product's (a prepared product costs two transforms per prime,
 * a plain one three). */
int bgcn_mulpre_slow = 0;

bgcn_status bgcn_mulpre_init(bgcn_mulpre *pp, const bgcn_limb_t *ap, long an,
                             long bmax, long m)
{
    BGCN_ASSERT(an >= 1 && bmax >= 1 && m >= 0);
    BGCN_ASSERT(m == 0 || (an <= m && bmax <= m));
    pp->ap = ap;
    pp->an = an;
    pp->bmax = bmax;
    pp->m = m;
    pp->ntt = NULL;
    if (bgcn_mulpre_slow || !bgcn_kern.nttfp)
        return BGCN_OK;
    long big = an > bmax ? an : bmax, small = an > bmax ? bmax : an;
    int use;
    if (m == 0)
        use = bgcn_mul_ntt_p(big, small);
    else {
        double cyc = m >= bgcn_mulmod_bnm1_ntt_threshold
                         ? bgcn_nttfp_bnm1_cost(m) : 0;
        double full = bgcn_nttfp_cost(big, small);
        use = cyc != 0 && full != 0 && cyc < 1.5 * full;
    }
    if (!use)
        return BGCN_OK;
    int threads = bgcn_threads_for(small);
    bgcn_status st = bgcn_nttfp_pre_init(&pp->ntt, ap, an, bmax, m,
                                         bgcn_kern.nttfp, threads);
    if (st == BGCN_ENOMEM && !pp->ntt) {
        /* no plan for these sizes (or no memory for the kept
         * transforms): the plain products still work */
        return BGCN_OK;
    }
    return st;
}

bgcn_status bgcn_mulpre_mul(bgcn_limb_t *rp, bgcn_mulpre *pp,
                            const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(bn >= 1 && bn <= pp->bmax);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, pp->m ? pp->m : pp->an + bn, bp, bn));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, pp->m ? pp->m : pp->an + bn, pp->ap,
                                pp->an));
    if (pp->ntt)
        return bgcn_nttfp_pre_mul(rp, pp->ntt, bp, bn);
    if (pp->m)
        return bgcn_mulmod_bnm1(rp, pp->m, pp->ap, pp->an, bp, bn);
    return pp->an >= bn ? bgcn_mul(rp, pp->ap, pp->an, bp, bn)
                        : bgcn_mul(rp, bp, bn, pp->ap, pp->an);
}

void bgcn_mulpre_clear(bgcn_mulpre *pp)
{
    bgcn_nttfp_pre_free(pp->ntt);
    pp->ntt = NULL;
}
