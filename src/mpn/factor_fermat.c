/* factor_fermat.c -- Fermat's method for products of two close factors.
 * Contract in factor.h.
 *
 * N = a^2 - b^2 = (a - b)(a + b): from a = ceil(sqrt(N)) upwards,
 * r = a^2 - N is tested for a square (a filter on the low six bits
 * rejects most r before bgcn_sqrtrem); r moves to the next a by adding
 * 2a + 1.  Step i finds factors p < q with q - p <= about
 * 2 sqrt(2 i) N^(1/4), so a few hundred steps catch the "nearly equal
 * primes" that rho and ECM find slowly. */
#include "factor-impl.h"

bgcn_status bgcn_factor_fermat(bgcn_limb_t *fp, long *fn,
                               const bgcn_limb_t *np, long nn,
                               unsigned long iters)
{
    BGCN_ASSERT(nn >= 1 && np[nn - 1] != 0 && (np[0] & 1));
    BGCN_ASSERT(!BGCN_OVERLAP_P(fp, nn, np, nn));
    *fn = 0;
    long an = (nn + 1) / 2 + 1, rn = nn + 1;
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)(2 * an + 2 * rn + 2));
    if (!blk)
        return BGCN_ENOMEM;
    bgcn_limb_t *a = blk, *b = a + an, *r = b + an, *t = r + rn;
    bgcn_status st;
    long remn = 0;
    bgcn_zero(blk, 2 * an + 2 * rn + 2);
    /* a = floor(sqrt(N)), r = N - a^2 */
    if ((st = bgcn_sqrtrem(a, t, &remn, np, nn)) != BGCN_OK)
        goto done;
    if (remn == 0) {
        /* N = a^2 */
        long sn = bgcn_normalized_size(a, an);
        bgcn_copyi(fp, a, sn);
        *fn = sn;
        goto done;
    }
    /* r = (a+1)^2 - N = 2a + 1 - (N - a^2); a += 1 */
    bgcn_zero(r, rn);
    bgcn_copyi(r, a, an - 1);
    bgcn_lshift(r, r, rn, 1);
    bgcn_add_1(r, r, rn, 1);
    bgcn_sub(r, r, rn, t, remn);
    bgcn_add_1(a, a, an, 1);
    for (unsigned long i = 0; i < iters; i++) {
        if ((0x0202021202030213ULL >> (r[0] & 63)) & 1) {
            long rr = bgcn_normalized_size(r, rn), sqn = 1;
            if (rr == 0)
                break;
            if ((st = bgcn_sqrtrem(b, NULL, &sqn, r, rr)) != BGCN_OK)
                goto done;
            if (sqn == 0) {
                /* f = a - b */
                bgcn_limb_t *f = t;
                bgcn_copyi(f, a, an);
                bgcn_sub(f, f, an, b, (rr + 1) / 2);
                long f_n = bgcn_normalized_size(f, an);
                if (!(f_n == 1 && f[0] == 1) &&
                    bgcn_cmp2(f, f_n, np, nn) < 0) {
                    bgcn_copyi(fp, f, f_n);
                    *fn = f_n;
                }
                goto done;
            }
        }
        /* r += 2a + 1; a += 1 */
        bgcn_add(r, r, rn, a, an);
        bgcn_add(r, r, rn, a, an);
        bgcn_add_1(r, r, rn, 1);
        bgcn_add_1(a, a, an, 1);
        if ((i & 4095) == 4095 && bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
    }
done:
    bgcn_free_limbs(blk);
    return st;
}
