/* bin.c -- binomial coefficients.  Contracts in bgcn.h.
 *
 * With k = min(k, n-k):
 *  - n up to SIEVE_MAX: C(n,k) = prod p^e(p) over the primes p <= n, where
 *    e(p) = sum_i floor(n/p^i) - floor(k/p^i) - floor((n-k)/p^i)
 *    (Legendre; by Kummer it counts the carries of k + (n-k) in base p).
 *    The prime powers are packed into limbs and multiplied by a balanced
 *    product tree, so no division is needed.
 *  - larger n: the product (n-k+1)...n by binary splitting, divided
 *    exactly by k! (bgcn_fac, bgcn_divexact). */
#include "bgcn.h"

#include "nt-impl.h"

#include <stdlib.h>

#define SIEVE_MAX ((uint64_t)1 << 24)

long bgcn_bin_size(uint64_t n, uint64_t k)
{
    if (k > n)
        return 1;
    if (k > n - k)
        k = n - k;
    if (k == 0)
        return 1;
    /* C(n,k) <= (e n / k)^k and C(n,k) <= 2^n */
    double kb = (double)k * (bgcn_log2_approx((double)n / (double)k) + 1.4426950408889634);
    double bits = kb < (double)n ? kb : (double)n;
    double limbs = (bits + 64 + (double)k * 1e-8) / 64 + 2;
    if (limbs > (double)(__LONG_MAX__ / 4))
        return -1;
    return (long)limbs;
}

/* product of the integers in (lo, hi], allocated; hi > lo */
static bgcn_status range_prod(bgcn_nat *r, uint64_t lo, uint64_t hi)
{
    uint64_t cnt = hi - lo;
    if (cnt <= 64)
        return bgcn_prod_progression(r, lo + 1, 1, cnt);
    BGCN_POLL();
    uint64_t mid = lo + cnt / 2;
    bgcn_nat a, b;
    BGCN_TRY(range_prod(&a, lo, mid));
    bgcn_status st = range_prod(&b, mid, hi);
    if (st != BGCN_OK) {
        bgcn_free_limbs(a.p);
        return st;
    }
    return bgcn_nat_mul_free(r, &a, &b);
}

/* C(n,k) by prime powers, n <= SIEVE_MAX, 1 <= k <= n/2 */
static bgcn_status bin_sieve(bgcn_nat *r, uint64_t n, uint64_t k)
{
    unsigned lim = (unsigned)n + 1;
    unsigned *ps = malloc(sizeof *ps * (lim / 2 + 1));
    unsigned char *sv = malloc(lim / 2 + 1);
    bgcn_limb_t *f = bgcn_alloc_limbs((size_t)(lim / 2 + 2));
    bgcn_status st = BGCN_OK;
    if (!ps || !sv || !f) {
        st = BGCN_ENOMEM;
        goto done;
    }
    long np = bgcn_odd_primes_below(ps, sv, lim);
    long fn = 0;
    bgcn_limb_t x = 1;
    for (long i = -1; i < np; i++) {
        uint64_t p = i < 0 ? 2 : ps[i];
        unsigned e = 0;
        for (uint64_t q = p; q <= n; q *= p) {
            e += (unsigned)(n / q - k / q - (n - k) / q);
            if (q > n / p)
                break;
        }
        for (unsigned j = 0; j < e; j++) {
            if (x > BGCN_LIMB_MAX / p) {
                f[fn++] = x;
                x = 1;
            }
            x *= p;
        }
    }
    f[fn++] = x;
    st = bgcn_prod_limbs(r, f, fn);
done:
    free(ps);
    free(sv);
    bgcn_free_limbs(f);
    return st;
}

bgcn_status bgcn_bin(bgcn_limb_t *rp, long *rn, uint64_t n, uint64_t k)
{
    if (k > n) {
        rp[0] = 0;
        *rn = 0;
        return BGCN_OK;
    }
    if (k > n - k)
        k = n - k;
    if (k == 0 || k == 1) {
        rp[0] = k ? n : 1;
        *rn = 1;
        return BGCN_OK;
    }
    bgcn_nat r = {NULL, 0};
    bgcn_status st;
    if (n <= SIEVE_MAX) {
        st = bin_sieve(&r, n, k);
    } else {
        bgcn_nat num;
        BGCN_TRY(range_prod(&num, n - k, n));
        long fs = bgcn_fac_size(k);
        bgcn_limb_t *kf = fs > 0 ? bgcn_alloc_limbs((size_t)fs) : NULL;
        bgcn_limb_t *q = bgcn_alloc_limbs((size_t)num.n + 1);
        long kn;
        st = (kf && q) ? bgcn_fac(kf, &kn, k) : BGCN_ENOMEM;
        if (st == BGCN_OK)
            st = bgcn_divexact(q, num.p, num.n, kf, kn);
        if (st == BGCN_OK) {
            r.p = q;
            r.n = bgcn_normalized_size(q, num.n - kn + 1);
            q = NULL;
        }
        bgcn_free_limbs(q);
        bgcn_free_limbs(kf);
        bgcn_free_limbs(num.p);
    }
    if (st == BGCN_OK) {
        bgcn_copyi(rp, r.p, r.n);
        *rn = r.n;
    }
    bgcn_free_limbs(r.p);
    return st;
}
