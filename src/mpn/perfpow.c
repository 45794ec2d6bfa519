/* perfpow.c -- perfect-power detection: bgcn_perfect_power_p.  Contract
 * in bgcn.h.
 *
 * N = 2^v * M with M odd is a perfect power iff for some prime p, p | v
 * (when v > 0) and M is a p-th power.  The same holds for every small
 * prime: the odd primes below 1000 are divided out with their
 * multiplicities, whose gcd g (with v) must be a multiple of p; g = 1
 * answers "no" at once, which is the common case for random N.  What is
 * left has only prime factors above 1000, so p <= bits/9.97.  Then for
 * each remaining candidate p:
 *   - p = 2: M must be 1 mod 8 and a quadratic residue modulo the primes
 *     3..47 (one mod_1 pass by their product); survivors go through
 *     bgcn_sqrtrem.
 *   - odd p whose root would fit one limb (ceil(bits/p) <= 64): a p-th
 *     power of odd x < 2^64 is determined by x mod 2^64, and odd p-th
 *     roots mod 2^64 are unique, so the only candidate is the 2-adic root
 *     of M's low limb (Newton/Hensel lifting, 1 -> 64 bits in 6 steps).
 *     Its bit length must match; then x^p == M is checked exactly.
 *   - odd p with a larger root: M must be a p-th power residue modulo two
 *     primes q = 1 (mod p) (Euler's criterion M^((q-1)/p) = 1 mod q,
 *     each passing with probability about 1/p for a non-power), and only
 *     then is bgcn_rootrem run.
 * The work is about 28 mod_1 passes for the small primes (packed into
 * limbs), then, only when g != 1, a few mod_1 passes per prime up to
 * bits/64 plus O(log p) limb operations per larger prime up to bits/9. */
#include "div-impl.h"

static long bitlen(const bgcn_limb_t *ap, long n)
{
    return n == 0 ? 0 : 64 * (n - 1) + 64 - bgcn_div_clz(ap[n - 1]);
}

static bgcn_limb_t mulmod(bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t m)
{
    return (bgcn_limb_t)((bgcn_div_dlimb)a * b % m);
}

static bgcn_limb_t powmod(bgcn_limb_t a, bgcn_limb_t e, bgcn_limb_t m)
{
    bgcn_limb_t r = 1 % m;
    a %= m;
    while (e) {
        if (e & 1)
            r = mulmod(r, a, m);
        a = mulmod(a, a, m);
        e >>= 1;
    }
    return r;
}

static int small_prime_p(bgcn_limb_t q)
{
    if (q < 2)
        return 0;
    for (bgcn_limb_t d = 2; d * d <= q; d++)
        if (q % d == 0)
            return 0;
    return 1;
}

/* Odd primes below SMALL_Q are divided out first; 2^SMALL_Q_BITS <= the
 * smallest prime that can remain (1009 > 2^9.97). */
#define SMALL_Q 1000
#define SMALL_Q_BITS 9

static unsigned long gcd_ul(unsigned long a, unsigned long b)
{
    while (b) {
        unsigned long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* x^e mod 2^64 */
static bgcn_limb_t pow64(bgcn_limb_t x, unsigned long e)
{
    bgcn_limb_t r = 1;
    while (e) {
        if (e & 1)
            r *= x;
        x *= x;
        e >>= 1;
    }
    return r;
}

/* The odd x with x^p = a (mod 2^64), a odd, p odd: Newton's iteration
 * x <- x - (x^p - a) / (p x^(p-1)) doubles the correct low bits. */
static bgcn_limb_t root2adic(bgcn_limb_t a, unsigned long p)
{
    bgcn_limb_t x = 1;
    for (int i = 0; i < 7; i++) {
        bgcn_limb_t xp1 = pow64(x, p - 1);
        bgcn_limb_t f = xp1 * x - a;
        x -= f * bgcn_binvert_limb((bgcn_limb_t)p * xp1);
    }
    return x;
}

/* 1 if x^p == {mp,mn} (x one limb), by exact powering with early exit. */
static bgcn_status pow_equal(int *eq, bgcn_limb_t x, unsigned long p,
                             const bgcn_limb_t *mp, long mn)
{
    *eq = 0;
    bgcn_limb_t *buf = bgcn_alloc_limbs((size_t)(4 * mn + 4));
    if (!buf)
        return BGCN_ENOMEM;
    bgcn_limb_t *a = buf, *t = buf + 2 * mn + 2;
    long n = 1;
    a[0] = x;
    bgcn_status st = BGCN_OK;
    for (int b = 62 - bgcn_div_clz(p); b >= 0; b--) {
        if (2 * n > mn + 1)
            goto done;
        st = bgcn_sqr(t, a, n);
        if (st != BGCN_OK)
            goto done;
        n = bgcn_normalized_size(t, 2 * n);
        if ((p >> b) & 1) {
            t[n] = bgcn_mul_1(t, t, n, x);
            n += t[n] != 0;
        }
        bgcn_copyi(a, t, n);
    }
    *eq = n == mn && bgcn_div_cmp(a, mp, mn) == 0;
done:
    bgcn_free_limbs(buf);
    return st;
}

/* Quadratic-residue filter for odd M: 0 if M is surely not a square. */
static int square_filter(const bgcn_limb_t *mp, long mn)
{
    static const unsigned char qs[] = {3, 5, 7, 11, 13, 17, 19, 23, 29,
                                       31, 37, 41, 43, 47};
    if ((mp[0] & 7) != 1)
        return 0;
    bgcn_limb_t prod = 1;
    for (unsigned i = 0; i < sizeof qs; i++)
        prod *= qs[i]; /* 6.1e17 < 2^64 */
    bgcn_limb_t r = bgcn_mod_1(mp, mn, prod);
    for (unsigned i = 0; i < sizeof qs; i++) {
        bgcn_limb_t q = qs[i], a = r % q;
        if (a && powmod(a, (q - 1) / 2, q) != 1)
            return 0;
    }
    return 1;
}

/* p-th power residue filter with two primes q = 1 (mod p). */
static int power_filter(const bgcn_limb_t *mp, long mn, unsigned long p)
{
    int used = 0;
    for (bgcn_limb_t m = 2; used < 2 && m < 2000; m += 2) {
        bgcn_limb_t q = m * p + 1;
        if (q >> 31)
            break;
        if (!small_prime_p(q))
            continue;
        used++;
        bgcn_limb_t a = bgcn_mod_1(mp, mn, q);
        if (a && powmod(a, (q - 1) / p, q) != 1)
            return 0;
    }
    return 1;
}

bgcn_status bgcn_perfect_power_p(int *result, const bgcn_limb_t *np, long nn)
{
    BGCN_ASSERT(nn >= 1 && np[nn - 1] != 0);
    *result = 0;
    if (nn == 1 && np[0] == 1) {
        *result = 1;
        return BGCN_OK;
    }
    /* N = 2^v M */
    long z = 0;
    while (np[z] == 0)
        z++;
    int zb = bgcn_div_ctz(np[z]);
    unsigned long v = 64 * (unsigned long)z + (unsigned long)zb;
    long mn = nn - z;
    bgcn_limb_t *m = bgcn_alloc_limbs((size_t)mn);
    if (!m)
        return BGCN_ENOMEM;
    if (zb)
        bgcn_div_rshift(m, np + z, mn, zb);
    else
        bgcn_copyi(m, np + z, mn);
    mn = bgcn_normalized_size(m, mn);

    /* g = gcd of the multiplicities of 2 and of the odd primes below
     * SMALL_Q found in N: a p-th power needs p | g.  g = 1 settles it
     * (most random N have some small prime exactly once); the small
     * factors are divided out of M. */
    unsigned long g = v;
    unsigned batch[16];
    int nb = 0;
    bgcn_limb_t prod = 1;
    for (unsigned q = 3; q <= SMALL_Q + 1; q += 2) {
        int last = q > SMALL_Q;
        if (!last) {
            if (!small_prime_p(q))
                continue;
            if (prod <= BGCN_LIMB_MAX / q && nb < 16) {
                prod *= q;
                batch[nb++] = q;
                continue;
            }
        }
        /* one mod_1 pass for the whole batch, then each prime of it */
        if (nb && !(mn == 1 && m[0] == 1)) {
            if (bgcn_interrupt_flag) {
                bgcn_free_limbs(m);
                return BGCN_EINTR;
            }
            bgcn_limb_t r = bgcn_mod_1(m, mn, prod);
            for (int k = 0; k < nb; k++) {
                unsigned qq = batch[k];
                if (r % qq)
                    continue;
                unsigned long e = 0;
                do {
                    bgcn_divexact_1(m, m, mn, qq);
                    mn = bgcn_normalized_size(m, mn);
                    e++;
                } while (bgcn_mod_1(m, mn, qq) == 0);
                g = g ? gcd_ul(g, e) : e;
                if (g == 1) {
                    bgcn_free_limbs(m);
                    return BGCN_OK; /* *result = 0 */
                }
            }
        }
        if (last)
            break;
        prod = q;
        batch[0] = q;
        nb = 1;
    }
    long L = bitlen(m, mn);

    bgcn_status st = BGCN_OK;
    unsigned char *sieve = NULL;
    bgcn_limb_t *sievemem = NULL;
    if (L == 1) {
        /* N = 2^v * (small primes)^e: a perfect power iff g >= 2 */
        *result = g >= 2;
        goto done;
    }
    /* every prime factor of M is now >= SMALL_Q, so a p-th root of M is
     * too, and p <= log(M) / log(SMALL_Q) */
    long pmax = L / SMALL_Q_BITS + 1;
    /* p = 2 */
    if (g % 2 == 0 && square_filter(m, mn)) {
        long rn;
        bgcn_limb_t *s = bgcn_alloc_limbs((size_t)(mn + 1) / 2 + 1);
        if (!s) {
            st = BGCN_ENOMEM;
            goto done;
        }
        st = bgcn_sqrtrem(s, NULL, &rn, m, mn);
        bgcn_free_limbs(s);
        if (st != BGCN_OK)
            goto done;
        if (rn == 0) {
            *result = 1;
            goto done;
        }
    }
    /* odd primes p with 3^p <= M, by a sieve up to L */
    sievemem = bgcn_alloc_limbs((size_t)L / 8 + 1);
    if (!sievemem) {
        st = BGCN_ENOMEM;
        goto done;
    }
    sieve = (unsigned char *)sievemem;
    bgcn_zero(sievemem, L / 8 + 1);
    for (long p = 3; p <= L && p <= pmax; p += 2) {
        if (sieve[p])
            continue;
        for (long j = p * p; j <= L; j += 2 * p)
            sieve[j] = 1;
        if (g && g % (unsigned long)p)
            continue;
        if ((p & 1023) == 1023 && bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        long rbits = (L + p - 1) / p; /* bits of a p-th root of M */
        if (rbits <= 64) {
            bgcn_limb_t x = root2adic(m[0], (unsigned long)p);
            long xb = 64 - bgcn_div_clz(x);
            /* x^p has between (xb-1)p + 1 and xb p bits */
            if ((xb - 1) * p + 1 > L || xb * p < L)
                continue;
            int eq;
            st = pow_equal(&eq, x, (unsigned long)p, m, mn);
            if (st != BGCN_OK)
                goto done;
            if (eq) {
                *result = 1;
                goto done;
            }
        } else if (power_filter(m, mn, (unsigned long)p)) {
            long rn, xn;
            bgcn_limb_t *x = bgcn_alloc_limbs((size_t)(mn / p + 2));
            if (!x) {
                st = BGCN_ENOMEM;
                goto done;
            }
            st = bgcn_rootrem(x, &xn, NULL, &rn, m, mn, (unsigned long)p);
            bgcn_free_limbs(x);
            if (st != BGCN_OK)
                goto done;
            if (rn == 0) {
                *result = 1;
                goto done;
            }
        }
    }
done:
    bgcn_free_limbs(sievemem);
    bgcn_free_limbs(m);
    return st;
}
