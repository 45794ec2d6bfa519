/* tdiv_qr.c -- bgcn_tdiv_qr: truncating division of naturals, choosing
 * the algorithm by size.  Contract in bgcn.h.
 *
 * One-limb divisors go to bgcn_divrem_1.  Otherwise the divisor is
 * normalised by a left shift s (top bit set), the dividend is shifted by
 * the same amount into scratch (one limb longer when s > 0), the
 * normalised division runs in place on that copy, and the remainder is
 * shifted back.  Scratch up to BGCN_DIV_STACK limbs lives on the stack so
 * that small divisions pay no allocation. */
#include "div-impl.h"

#define BGCN_DIV_STACK 384

bgcn_status bgcn_tdiv_qr(bgcn_limb_t *qp, bgcn_limb_t *rp,
                         const bgcn_limb_t *np, long nn,
                         const bgcn_limb_t *dp, long dn)
{
    BGCN_ASSERT(nn >= dn && dn >= 1);
    BGCN_ASSERT(dp[dn - 1] != 0);
    BGCN_ASSERT(qp == NULL || !BGCN_OVERLAP_P(qp, nn - dn + 1, np, nn));
    BGCN_ASSERT(qp == NULL || !BGCN_OVERLAP_P(qp, nn - dn + 1, dp, dn));
    BGCN_ASSERT(rp == NULL || !BGCN_OVERLAP_P(rp, dn, np, nn));
    BGCN_ASSERT(rp == NULL || !BGCN_OVERLAP_P(rp, dn, dp, dn));
    BGCN_ASSERT(rp == NULL || qp == NULL ||
                !BGCN_OVERLAP_P(qp, nn - dn + 1, rp, dn));

    if (dn == 1) {
        bgcn_limb_t r;
        if (qp)
            r = bgcn_divrem_1(qp, np, nn, dp[0]);
        else
            r = bgcn_mod_1(np, nn, dp[0]);
        if (rp)
            rp[0] = r;
        return BGCN_OK;
    }

    int s = bgcn_div_clz(dp[dn - 1]);
    long wn = nn + (s != 0);      /* size of the shifted dividend */
    long qn = wn - dn;            /* quotient limbs below the high one */
    /* the shifted dividend, the shifted divisor, a quotient if the caller
     * wants none, and the divisor's complement for schoolbook */
    long need = wn + (s ? dn : 0) + (qp ? 0 : qn + 1) + dn;
    bgcn_limb_t stackbuf[BGCN_DIV_STACK];
    bgcn_limb_t *scratch = stackbuf;
    if (need > BGCN_DIV_STACK) {
        scratch = bgcn_alloc_limbs((size_t)need);
        if (!scratch)
            return BGCN_ENOMEM;
    }
    bgcn_limb_t *wp = scratch;
    const bgcn_limb_t *ndp = dp;
    bgcn_limb_t *q = qp ? qp : scratch + wn + (s ? dn : 0);
    if (s) {
        bgcn_limb_t *t = scratch + wn;
        bgcn_div_lshift(t, dp, dn, s);
        ndp = t;
        wp[nn] = bgcn_div_lshift(wp, np, nn, s);
    } else {
        bgcn_copyi(wp, np, nn);
    }

    bgcn_status st = BGCN_OK;
    bgcn_limb_t dinv = bgcn_invert_3by2(ndp[dn - 1], ndp[dn - 2]);
    bgcn_limb_t qh;
    if (dn < bgcn_div_dc_threshold || qn < bgcn_div_dc_threshold) {
        /* the complement costs a pass over D, which a few rows repay;
         * rows of one or two limbs are done inline (div_sb.c) */
        if (qn >= 3 && dn > 4) {
            bgcn_limb_t *dcp = scratch + need - dn;
            for (long i = 0; i < dn - 2; i++)
                dcp[i] = ~ndp[i];
            qh = bgcn_sbpi1c_div_qr(q, wp, wn, ndp, dcp, dn, dinv);
        } else {
            qh = bgcn_sbpi1_div_qr(q, wp, wn, ndp, dn, dinv);
        }
    } else if (dn < bgcn_mu_div_threshold || qn < bgcn_mu_div_threshold)
        st = bgcn_dcpi1_div_qr(&qh, q, wp, wn, ndp, dn, dinv);
    else
        st = bgcn_mu_div_qr(&qh, q, wp, wn, ndp, dn);
    if (st != BGCN_OK)
        goto done;
    /* With s > 0 the extra top limb is below the divisor's top limb, so
     * qh = 0 and the quotient is exactly the qn = nn-dn+1 low limbs. */
    if (s == 0)
        q[qn] = qh;
    else
        BGCN_ASSERT(qh == 0);

    if (rp) {
        if (s)
            bgcn_div_rshift(rp, wp, dn, s);
        else
            bgcn_copyi(rp, wp, dn);
    }
done:
    if (scratch != stackbuf)
        bgcn_free_limbs(scratch);
    return st;
}
