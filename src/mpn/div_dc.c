/* div_dc.c -- divide-and-conquer division by a normalised divisor:
 * bgcn_dcpi1_div_qr.  Contract in bgcn.h.
 *
 * Method (Burnikel & Ziegler, "Fast recursive division", MPI-I-98-1-022,
 * 1998, in the 2n/n form): to divide a 2n-limb N by an n-limb D, divide
 * the top 2*hi limbs of N by the top hi limbs of D recursively (hi =
 * ceil(n/2)), which gives the high hi quotient limbs up to a small excess;
 * subtract that quotient times the low lo limbs of D with one bgcn_mul and
 * fix the excess by adding D back (at most a couple of times for a
 * normalised D); then do the same for the low lo quotient limbs.  Cost
 * about 2 D(n/2) + 2 M(n/2), i.e. a small multiple of M(n) with Karatsuba
 * or Toom products.  Below bgcn_div_dc_threshold the schoolbook 3/2 loop
 * takes over; every sub-divisor is a top part of D, so the one 3/2
 * reciprocal of D's top two limbs serves every level, and so does one
 * ones' complement of D for bgcn_sbpi1c_div_qr (the slice at the same
 * offset).
 *
 * Unbalanced N (more than 2*dn limbs) is cut into dn-limb quotient blocks
 * from the top, each a 2n/n division; a short quotient (nn - dn < dn)
 * divides the top 2*qn limbs by the top qn limbs of D and corrects with
 * one product of the quotient by D's low limbs. */
#include "div-impl.h"

/* Settable so that tests can force the recursion at small sizes. */
long bgcn_div_dc_threshold = BGCN_DIV_DC_THRESHOLD;

/* {np,2n} / {dp,n}: quotient {qp,n} plus *qhp, remainder {np,n}.
 * tp: n limbs of scratch. */
static bgcn_status dc_n(bgcn_limb_t *qhp, bgcn_limb_t *qp, bgcn_limb_t *np,
                        const bgcn_limb_t *dp, const bgcn_limb_t *dcp, long n,
                        bgcn_limb_t dinv, bgcn_limb_t *tp)
{
    if (n < bgcn_div_dc_threshold || n < 4) {
        *qhp = bgcn_sbpi1c_div_qr(qp, np, 2 * n, dp, dcp, n, dinv);
        return BGCN_OK;
    }
    BGCN_POLL();
    long lo = n / 2, hi = n - lo;
    bgcn_limb_t qh, ql, cy;

    /* High half of the quotient, from the top 2hi limbs and top hi limbs
     * of D; then remove qhi * Dlo from {np+lo, n}. */
    BGCN_TRY(dc_n(&qh, qp + lo, np + 2 * lo, dp + lo, dcp + lo, hi, dinv, tp));
    BGCN_TRY(bgcn_div_mul(tp, qp + lo, hi, dp, lo));
    cy = bgcn_sub_n(np + lo, np + lo, tp, n);
    if (qh)
        cy += bgcn_sub_n(np + n, np + n, dp, lo);
    while (cy) {
        qh -= bgcn_div_decr(qp + lo, qp + lo, hi);
        cy -= bgcn_add_n(np + lo, np + lo, dp, n);
    }

    /* Low half, from the remainder {np+lo, n} < D plus the low lo limbs. */
    BGCN_TRY(dc_n(&ql, qp, np + hi, dp + hi, dcp + hi, lo, dinv, tp));
    BGCN_TRY(bgcn_div_mul(tp, qp, lo, dp, hi));
    cy = bgcn_sub_n(np, np, tp, n);
    if (ql)
        cy += bgcn_sub_n(np + lo, np + lo, dp, hi);
    while (cy) {
        /* The excess ql*B^lo is cancelled by the borrow out of {qp,lo}. */
        bgcn_div_decr(qp, qp, lo);
        cy -= bgcn_add_n(np, np, dp, n);
    }
    *qhp = qh;
    return BGCN_OK;
}

/* nn - dn = qn <= dn. */
static bgcn_status dc_short(bgcn_limb_t *qhp, bgcn_limb_t *qp, bgcn_limb_t *np,
                            long nn, const bgcn_limb_t *dp,
                            const bgcn_limb_t *dcp, long dn,
                            bgcn_limb_t dinv, bgcn_limb_t *tp)
{
    long qn = nn - dn;
    if (qn < bgcn_div_dc_threshold || qn < 4) {
        *qhp = bgcn_sbpi1c_div_qr(qp, np, nn, dp, dcp, dn, dinv);
        return BGCN_OK;
    }
    bgcn_limb_t qh, cy;
    BGCN_TRY(dc_n(&qh, qp, np + dn - qn, dp + dn - qn, dcp + dn - qn, qn, dinv,
                  tp));
    if (dn > qn) {
        BGCN_TRY(bgcn_div_mul(tp, qp, qn, dp, dn - qn));
        cy = bgcn_sub_n(np, np, tp, dn);
        if (qh)
            cy += bgcn_sub_n(np + qn, np + qn, dp, dn - qn);
        while (cy) {
            qh -= bgcn_div_decr(qp, qp, qn);
            cy -= bgcn_add_n(np, np, dp, dn);
        }
    }
    *qhp = qh;
    return BGCN_OK;
}

bgcn_status bgcn_dcpi1_div_qr(bgcn_limb_t *qhp, bgcn_limb_t *qp,
                              bgcn_limb_t *np, long nn,
                              const bgcn_limb_t *dp, long dn,
                              bgcn_limb_t dinv)
{
    BGCN_ASSERT(dn >= 2 && nn >= dn);
    BGCN_ASSERT(dp[dn - 1] & BGCN_LIMB_HIGHBIT);
    BGCN_ASSERT(nn == dn || !BGCN_OVERLAP_P(qp, nn - dn, np, nn));
    BGCN_ASSERT(nn == dn || !BGCN_OVERLAP_P(qp, nn - dn, dp, dn));
    BGCN_ASSERT(!BGCN_OVERLAP_P(np, nn, dp, dn));

    bgcn_limb_t *tp = bgcn_alloc_limbs((size_t)(2 * dn));
    if (!tp)
        return BGCN_ENOMEM;
    bgcn_limb_t *dcp = tp + dn;
    for (long i = 0; i < dn; i++)
        dcp[i] = ~dp[i];
    bgcn_status st;
    long qn = nn - dn;
    if (qn <= dn) {
        st = dc_short(qhp, qp, np, nn, dp, dcp, dn, dinv, tp);
    } else {
        /* Top block of r quotient limbs, then full dn-limb blocks; each
         * block's top dn limbs are a remainder < D, so only the first
         * block can produce a high quotient limb. */
        long r = qn % dn ? qn % dn : dn;
        st = dc_short(qhp, qp + qn - r, np + qn - r, dn + r, dp, dcp, dn, dinv,
                      tp);
        for (long pos = qn - r - dn; st == BGCN_OK && pos >= 0; pos -= dn) {
            bgcn_limb_t qx;
            st = dc_n(&qx, qp + pos, np + pos, dp, dcp, dn, dinv, tp);
            BGCN_ASSERT(st != BGCN_OK || qx == 0);
        }
    }
    bgcn_free_limbs(tp);
    return st;
}
