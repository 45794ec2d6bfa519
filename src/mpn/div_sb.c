/* div_sb.c -- schoolbook division by a normalised divisor with the 3/2
 * reciprocal: bgcn_invert_3by2, bgcn_sbpi1_div_qr.  Contracts in bgcn.h.
 *
 * Each quotient limb is estimated by one Möller–Granlund 3/2 step from the
 * top three limbs of the running remainder and the top two divisor limbs.
 * That estimate is exact or one too large (Knuth vol. 2, 4.3.1, with the
 * second divisor limb taken into account), so after the submul_1 of the
 * lower dn-2 divisor limbs an add-back is needed with probability about
 * 2/B.  The step also yields the top two remainder limbs directly, so only
 * dn-2 limbs go through submul_1.
 *
 * bgcn_sbpi1c_div_qr is the same loop with the row product added instead
 * of subtracted: with ~d = B^k - 1 - d the ones' complement of the k =
 * dn-2 low divisor limbs, w - q d = (w + q ~d + q) - q B^k, so one
 * addmul_1 by ~d plus an increment by q (it carries past the first limb
 * with probability about q/B) gives the row and the borrow q - carry.
 * Why: the addmul_1 kernels are the faster ones (adx path on AMD Zen 1,
 * bigcalc-bench --quick kernels: addmul_1 2.48 cycles per limb, submul_1
 * 2.92).  The complement of a divisor's low limbs is the low part of the
 * complement of any divisor it is a top part of, so divide and conquer
 * complements D once and every schoolbook leaf reads its slice.
 *
 * Divisors of three and four limbs take the submul_1 rows (bgcn_tdiv_qr
 * calls bgcn_sbpi1_div_qr for them), with the row's one or two limbs
 * inline: measured on Zen 4 (family 25 model 17) with a scratch program
 * timing 2n/n divisions beside mpn_tdiv_qr, 64 random operand pairs in
 * turn, against GMP: n = 3 0.94-0.96 -> 0.84-0.87, n = 4 0.96-0.99 ->
 * 0.92-0.95 (three limbs inline lost at n = 5). */
#include "div-impl.h"

bgcn_limb_t bgcn_invert_3by2(bgcn_limb_t d1, bgcn_limb_t d0)
{
    BGCN_ASSERT(d1 & BGCN_LIMB_HIGHBIT);
    return bgcn_div_invert_3by2(d1, d0, bgcn_invert_limb(d1));
}

/* The row loop of both; dcp = NULL: submul_1 rows (the slow twin). */
static inline bgcn_limb_t sb_div_qr(bgcn_limb_t *qp, bgcn_limb_t *np, long nn,
                                    const bgcn_limb_t *dp,
                                    const bgcn_limb_t *dcp, long dn,
                                    bgcn_limb_t dinv)
{
    BGCN_ASSERT(dn >= 2 && nn >= dn);
    BGCN_ASSERT(dp[dn - 1] & BGCN_LIMB_HIGHBIT);
    BGCN_ASSERT(nn == dn || !BGCN_OVERLAP_P(qp, nn - dn, np, nn));
    BGCN_ASSERT(nn == dn || !BGCN_OVERLAP_P(qp, nn - dn, dp, dn));
    BGCN_ASSERT(!BGCN_OVERLAP_P(np, nn, dp, dn));

    const bgcn_limb_t d1 = dp[dn - 1], d0 = dp[dn - 2];
    bgcn_limb_t *top = np + nn - dn;

    /* High quotient limb: 1 iff the top dn limbs are >= D. */
    bgcn_limb_t qh = 1;
    for (long j = dn - 1; j >= 0; j--) {
        if (top[j] != dp[j]) {
            qh = top[j] > dp[j];
            break;
        }
    }
    if (qh)
        bgcn_sub_n(top, top, dp, dn);

    bgcn_limb_t n1 = np[nn - 1]; /* top limb of the running remainder */
    for (long i = nn - dn - 1; i >= 0; i--) {
        bgcn_limb_t *w = np + i; /* window {w, dn} under the limb n1 */
        bgcn_limb_t n0 = w[dn - 1], q;
        if (__builtin_expect(n1 == d1 && n0 == d0, 0)) {
            /* <n1,n0> = <d1,d0> breaks the 3/2 precondition; the quotient
             * limb is then exactly B-1 and the top limb cancels. */
            q = BGCN_LIMB_MAX;
            bgcn_submul_1(w, dp, dn, q);
            n1 = w[dn - 1];
        } else {
            bgcn_limb_t r1, r0;
            q = bgcn_div_3by2(&r1, &r0, n1, n0, w[dn - 2], d1, d0, dinv);
            bgcn_limb_t cy = 0;
            if (dn > 2 && dcp) {
                /* w + q ~d + q = w' + c B^(dn-2), c <= q; borrow q - c */
                bgcn_limb_t c = bgcn_addmul_1(w, dcp, dn - 2, q);
                bgcn_limb_t t = w[0] + q;
                w[0] = t;
                if (t < q) {
                    long j = 1;
                    while (j < dn - 2 && ++w[j] == 0)
                        j++;
                    c += j == dn - 2;
                }
                cy = q - c;
            } else if (dn == 3 || dn == 4) {
                /* one or two limbs: inline, the kernel call would cost
                 * as much as the row */
                for (long j = 0; j < dn - 2; j++) {
                    unsigned __int128 p = (unsigned __int128)dp[j] * q + cy;
                    bgcn_limb_t lo = (bgcn_limb_t)p, t = w[j] - lo;
                    cy = (bgcn_limb_t)(p >> 64) + (t > w[j]);
                    w[j] = t;
                }
            } else if (dn > 4) {
                cy = bgcn_submul_1(w, dp, dn - 2, q);
            }
            bgcn_limb_t b0 = r0 < cy;
            r0 -= cy;
            bgcn_limb_t b1 = r1 < b0;
            r1 -= b0;
            w[dn - 2] = r0;
            if (__builtin_expect(b1, 0)) {
                /* The estimate was one too large: add D back. */
                r1 += d1 + bgcn_add_n(w, w, dp, dn - 1);
                q--;
            }
            n1 = r1;
        }
        qp[i] = q;
    }
    np[dn - 1] = n1; /* the top remainder limb lived in n1 */
    return qh;
}

bgcn_limb_t bgcn_sbpi1_div_qr(bgcn_limb_t *qp, bgcn_limb_t *np, long nn,
                              const bgcn_limb_t *dp, long dn,
                              bgcn_limb_t dinv)
{
    return sb_div_qr(qp, np, nn, dp, NULL, dn, dinv);
}

bgcn_limb_t bgcn_sbpi1c_div_qr(bgcn_limb_t *qp, bgcn_limb_t *np, long nn,
                               const bgcn_limb_t *dp, const bgcn_limb_t *dcp,
                               long dn, bgcn_limb_t dinv)
{
    BGCN_ASSERT(dn <= 2 || !BGCN_OVERLAP_P(dcp, dn - 2, np, nn));
    return sb_div_qr(qp, np, nn, dp, dcp, dn, dinv);
}
