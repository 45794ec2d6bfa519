/* divexact.c -- exact division: bgcn_binvert_limb, bgcn_divexact_1,
 * bgcn_divexact.  Contracts in bgcn.h.
 *
 * Method (Jebelean, "An algorithm for exact division", J. Symbolic
 * Computation 15 (1993); Hensel / 2-adic division): when D divides N the
 * quotient is also N * D^-1 mod B^qn, so it is developed from the LOW end:
 * with D odd and i = D[0]^-1 mod B, each quotient limb is q = r[0] * i
 * (mod B) and q*D is subtracted, which clears the low limb.  No quotient
 * estimate, no correction; and only the low qn limbs of the running value
 * matter, so the products are truncated: cost about qn*min(qn,dn) limb
 * products, half of schoolbook division for a balanced 2n/n.  Powers of 2
 * in D are removed first (they must divide N too).  Above
 * BGCN_DIVEXACT_DC_THRESHOLD limbs the quotient-only divide-and-conquer
 * division is cheaper and is used instead (measured for 2n/n, generic
 * kernels, CPU time: Hensel 6.3 us vs 9.5 us at n = 100, about equal at
 * n = 300, 57 us each). */
#include "div-impl.h"

bgcn_limb_t bgcn_binvert_limb(bgcn_limb_t d)
{
    return bgcn_div_binvert_limb(d);
}

void bgcn_divexact_1(bgcn_limb_t *qp, const bgcn_limb_t *np, long n,
                     bgcn_limb_t d)
{
    BGCN_ASSERT(n >= 1 && d != 0);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(qp, np, n));
    int s = bgcn_div_ctz(d);
    d >>= s;
    bgcn_limb_t inv = bgcn_div_binvert_limb(d), c = 0;
    /* c is the borrow carried into the next limb: the high half of q*d
     * plus the borrow of the subtraction itself. */
    for (long i = 0; i < n; i++) {
        bgcn_limb_t x = np[i];
        if (s)
            x = (x >> s) | (i + 1 < n ? np[i + 1] << (64 - s) : 0);
        bgcn_limb_t y = x - c, c1 = x < c;
        bgcn_limb_t q = y * inv;
        qp[i] = q;
        c = (bgcn_limb_t)(((bgcn_div_dlimb)q * d) >> 64) + c1;
    }
}

bgcn_status bgcn_divexact(bgcn_limb_t *qp, const bgcn_limb_t *np, long nn,
                          const bgcn_limb_t *dp, long dn)
{
    BGCN_ASSERT(nn >= dn && dn >= 1 && dp[dn - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(qp, nn - dn + 1, np, nn));
    BGCN_ASSERT(!BGCN_OVERLAP_P(qp, nn - dn + 1, dp, dn));
    long qn = nn - dn + 1;

    /* Whole zero limbs of D: N has at least as many (exactness). */
    while (dp[0] == 0) {
        BGCN_ASSERT(np[0] == 0);
        dp++, np++, dn--, nn--;
    }
    if (dn == 1) {
        bgcn_divexact_1(qp, np, nn, dp[0]);
        return BGCN_OK;
    }
    if (qn >= BGCN_DIVEXACT_DC_THRESHOLD && dn >= BGCN_DIVEXACT_DC_THRESHOLD)
        return bgcn_tdiv_qr(qp, NULL, np, nn, dp, dn);

    /* r = low qn limbs of N >> s, e = low min(qn,dn) limbs of D >> s. */
    int s = bgcn_div_ctz(dp[0]);
    long en = dn < qn ? dn : qn;
    bgcn_limb_t *r = bgcn_alloc_limbs((size_t)(qn + en));
    if (!r)
        return BGCN_ENOMEM;
    bgcn_limb_t *e = r + qn;
    if (s) {
        bgcn_div_rshift(r, np, qn, s);
        if (qn < nn)
            r[qn - 1] |= np[qn] << (64 - s);
        bgcn_div_rshift(e, dp, en, s);
        if (en < dn)
            e[en - 1] |= dp[en] << (64 - s);
    } else {
        bgcn_copyi(r, np, qn);
        bgcn_copyi(e, dp, en);
    }
    bgcn_limb_t inv = bgcn_div_binvert_limb(e[0]);
    for (long i = 0; i < qn; i++) {
        if ((i & 255) == 255 && bgcn_interrupt_flag) {
            bgcn_free_limbs(r);
            return BGCN_EINTR;
        }
        bgcn_limb_t q = r[i] * inv;
        qp[i] = q;
        long m = qn - i < en ? qn - i : en;
        bgcn_limb_t cy = bgcn_submul_1(r + i, e, m, q);
        /* The high limb of q*e (and any borrow it causes) still matters
         * below limb qn. */
        for (long j = i + m; cy && j < qn; j++) {
            bgcn_limb_t x = r[j];
            r[j] = x - cy;
            cy = x < cy;
        }
    }
    bgcn_free_limbs(r);
    return BGCN_OK;
}
