/* nt-primepi.c -- prime counting by the Lagarias-Miller-Odlyzko method,
 * and the n-th prime.
 *
 * pi(x) = phi(x, a) + a - 1 - P2(x, a) with y = alpha x^(1/3), a = pi(y):
 *   - P2 counts the numbers <= x with exactly two prime factors > y;
 *   - phi(x, a) (numbers <= x free of the first a primes) is the sum over
 *     the leaves of the recursion phi(v, b) = phi(v, b-1) - phi(v/p_b,
 *     b-1): ordinary leaves mu(n) phi(x/n, c) for n <= y with all prime
 *     factors above p_c, and special leaves -mu(m) phi(x/(m p_b), b-1)
 *     for m <= y < m p_b, lpf(m) > p_b, b > c.
 * phi(v, c) for the first c = 6 primes is a table over 30030; the special
 * leaves need phi(z, b-1) for z < x/y, counted in a segmented sieve of
 * [1, x/y] that removes p_{c+1}, p_{c+2}, ... in turn, with a Fenwick
 * tree over each window for the counts.  After all primes <= y are
 * removed, what is left of a window is 1 and primes, which gives the
 * pi(x/q) of P2 in the same pass.
 *
 * nthprime(k): an estimate from the inverse of the logarithmic integral,
 * its pi by the above, then a sieve over the (small) gap.
 */
#include "ntkit.h"
#include "num-impl.h"

#include <stdlib.h>
#include <string.h>

#define PRIMORIAL 30030
#define TOTIENT 5760
#define C_PRIMES 6
#define PI_MAX ((uint64_t)1 << 53)
/* Primes below this clear their multiples without updating the tree,
 * which is rebuilt (O(words)) before the next count: cheaper than a tree
 * update per removal when p is small (measured, 10^12..10^13). */
#define DENSE 128

typedef unsigned __int128 u128;
typedef __int128 i128;

static uint64_t icbrt_u(uint64_t n)
{
    uint64_t lo = 0, hi = 2642246; /* 2642246^3 > 2^64 */
    while (lo < hi) { /* largest r with r^3 <= n */
        uint64_t mid = (lo + hi + 1) / 2;
        if ((u128)mid * mid * mid <= n)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Primes <= lim (all, from 2), count in *np. */
static uint32_t *small_primes(uint64_t lim, long *np)
{
    unsigned char *s = calloc(lim + 1, 1);
    uint32_t *ps = NULL;
    long n = 0;
    if (s == NULL)
        return NULL;
    for (uint64_t i = 2; i <= lim; i++)
        if (!s[i]) {
            n++;
            for (uint64_t j = i * i; j <= lim; j += i)
                s[j] = 1;
        }
    ps = malloc((size_t)(n + 1) * sizeof *ps);
    if (ps != NULL) {
        n = 0;
        for (uint64_t i = 2; i <= lim; i++)
            if (!s[i])
                ps[n++] = (uint32_t)i;
    }
    free(s);
    *np = n;
    return ps;
}

/* phi(v, 6) from the table of counts over one period. */
static inline uint64_t phi_c(uint64_t v, const uint16_t *tab)
{
    return (v / PRIMORIAL) * TOTIENT + tab[v % PRIMORIAL];
}

/* pi of small n by a plain sieve. */
static uint64_t pi_sieve(uint64_t n, bgc_err *err)
{
    long np = 0;
    uint32_t *ps = small_primes(n, &np);
    if (ps == NULL) {
        *err = BGC_ENOMEM;
        return 0;
    }
    free(ps);
    return (uint64_t)np;
}

/* Fenwick tree over the 64-bit words of the window (1-based internally):
 * a count is the tree's sum of the whole words before, plus a popcount. */
static inline void fw_dec(int32_t *t, long n, long i)
{
    for (i++; i <= n; i += i & -i)
        t[i]--;
}
static inline int64_t fw_sum(const int32_t *t, long i) /* words [0, i] */
{
    int64_t s = 0;
    for (i++; i > 0; i -= i & -i)
        s += t[i];
    return s;
}
/* The tree of the word counts of w[0, nw) in O(nw). */
static inline void rebuild(int32_t *t, const uint64_t *w, long nw)
{
    t[0] = 0;
    for (long i = 1; i <= nw; i++)
        t[i] = __builtin_popcountll(w[i - 1]);
    for (long i = 1; i <= nw; i++) {
        long j = i + (i & -i);
        if (j <= nw)
            t[j] += t[i];
    }
}
/* Unsieved numbers at window offsets [0, i]. */
static inline int64_t count_to(const int32_t *t, const uint64_t *w, long i)
{
    long k = i >> 6;
    uint64_t mask = (i & 63) == 63 ? ~(uint64_t)0 : (((uint64_t)1 << ((i & 63) + 1)) - 1);
    return fw_sum(t, k - 1) + __builtin_popcountll(w[k] & mask);
}

/* The popcount-heavy core, compiled twice (POPCNT and baseline x86-64),
 * picked at load time. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("popcnt", "default")))
#endif
static uint64_t lmo(uint64_t x, bgc_err *err)
{
    *err = BGC_OK;
    if (x < ((uint64_t)1 << 20))
        return pi_sieve(x, err);
    /* y = alpha x^(1/3); alpha measured at 10^12 and 10^13 (flat between 4
     * and 12, 8 best at both) */
    uint64_t cb = icbrt_u(x), sq = bgcn_sqrt_u64(x);
    double alpha = x < 1e9 ? 2.0 : x < 1e11 ? 4.0 : x < 1e14 ? 8.0 : 12.0;
    uint64_t y = (uint64_t)(alpha * (double)cb);
    if (y < cb + 1)
        y = cb + 1;
    if (y > sq)
        y = sq;
    uint64_t Z = x / y; /* the sieve covers [1, Z] */
    long np = 0, a, nsq;
    uint32_t *ps = small_primes(sq, &np); /* primes <= sqrt(x) (>= y) */
    int8_t *mu = malloc(y + 1);
    uint32_t *lpf = malloc((y + 1) * sizeof *lpf);
    uint16_t *tab = malloc(PRIMORIAL * sizeof *tab);
    unsigned char *cop = malloc(PRIMORIAL);
    uint32_t *pitab = malloc((y + 1) * sizeof *pitab);
    int64_t *acc = NULL;
    int32_t *tree = NULL;
    uint64_t *sv = NULL;
    long W = 1L << 20; /* bits per window (128 KiB) */
    uint64_t result = 0;
    if (ps == NULL || mu == NULL || lpf == NULL || tab == NULL || cop == NULL ||
        pitab == NULL)
        goto nomem;
    nsq = np;
    for (a = 0; a < np && ps[a] <= y; a++)
        ;
    /* mu and least prime factor for n <= y */
    for (uint64_t i = 0; i <= y; i++) {
        mu[i] = 1;
        lpf[i] = 0;
    }
    for (long i = 0; i < a; i++) {
        uint64_t p = ps[i];
        for (uint64_t j = p; j <= y; j += p) {
            if (lpf[j] == 0)
                lpf[j] = (uint32_t)p;
            mu[j] = (int8_t)-mu[j];
        }
        for (uint64_t j = p * p; j <= y; j += p * p)
            mu[j] = 0;
    }
    lpf[1] = UINT32_MAX;
    for (uint64_t v = 0, k = 0; v <= y; v++) {
        while (k < (uint64_t)a && ps[k] <= v)
            k++;
        pitab[v] = (uint32_t)k;
    }
    /* phi(v, 6) table */
    {
        uint16_t c = 0;
        for (long v = 0; v < PRIMORIAL; v++) {
            cop[v] = v % 2 && v % 3 && v % 5 && v % 7 && v % 11 && v % 13;
            c += cop[v];
            tab[v] = c;
        }
    }
    uint64_t pat[(PRIMORIAL + 128 + 63) / 64] = {0};
    for (long v = 0; v < PRIMORIAL + 128; v++)
        pat[v >> 6] |= (uint64_t)cop[v % PRIMORIAL] << (v & 63);
    /* ordinary leaves */
    i128 S1 = 0, S2 = 0;
    for (uint64_t n = 1; n <= y; n++)
        if (mu[n] != 0 && lpf[n] > 13)
            S1 += mu[n] * (i128)phi_c(x / n, tab);
    /* special leaves and P2 in one segmented pass over [1, Z] */
    acc = calloc((size_t)a + 2, sizeof *acc); /* acc[b]: count in [1, low) free of p_1..p_b */
    tree = malloc((size_t)(W / 64 + 1) * sizeof *tree);
    sv = malloc((size_t)(W / 64) * sizeof *sv);
    if (acc == NULL || tree == NULL || sv == NULL)
        goto nomem;
    i128 P2 = 0;
    long qi = nsq - 1; /* P2: primes q in (y, sqrt x], descending */
    for (uint64_t low = 1; low <= Z; low += (uint64_t)W) {
        uint64_t high = low + (uint64_t)W; /* window [low, high) */
        if (high > Z + 1)
            high = Z + 1;
        long n = (long)(high - low);
        if (bgcn_interrupt_flag) {
            *err = BGC_EINTR;
            goto done;
        }
        long nw = (n + 63) / 64;
        /* the window free of 2..13: 64 bits at a time from the pattern */
        for (long k = 0, r = (long)(low % PRIMORIAL); k < nw; k++) {
            unsigned sh = (unsigned)(r & 63);
            uint64_t wd = pat[r >> 6] >> sh;
            if (sh)
                wd |= pat[(r >> 6) + 1] << (64 - sh);
            sv[k] = wd;
            r += 64;
            if (r >= PRIMORIAL)
                r -= PRIMORIAL;
        }
        if (n & 63)
            sv[nw - 1] &= ((uint64_t)1 << (n & 63)) - 1;
        if (low == 1)
            sv[0] |= 1; /* the number 1 */
        rebuild(tree, sv, nw);
        int dirty = 0;
        int64_t total = fw_sum(tree, nw - 1);
        for (long b = C_PRIMES + 1; b <= a; b++) {
            uint64_t p = ps[b - 1];
            /* leaves of p_b with z = x/(m p) in [low, high): m in
             * (max(y/p, x/(p high)), min(y, x/(p low))] */
            if (b < a) {
                uint64_t mlo = y / p, t = x / (p * high);
                if (t > mlo)
                    mlo = t;
                uint64_t mhi = x / (p * low);
                if (mhi > y)
                    mhi = y;
                if (mhi > mlo && dirty) {
                    rebuild(tree, sv, nw);
                    dirty = 0;
                }
                if (mhi <= mlo) {
                    /* no leaf of p_b in this window */
                } else if (p * p <= y) {
                    for (uint64_t m = mhi; m > mlo; m--) {
                        if (mu[m] == 0 || lpf[m] <= p)
                            continue;
                        uint64_t z = x / (p * m);
                        int64_t phi = acc[b - 1] + count_to(tree, sv, (long)(z - low));
                        S2 -= mu[m] * (i128)phi;
                    }
                } else {
                    /* p^2 > y: lpf(m) > p and m <= y force m prime */
                    if (mlo < p)
                        mlo = p;
                    long ilo = (long)pitab[mlo];
                    for (long i = (long)pitab[mhi] - 1; i >= ilo; i--) {
                        uint64_t z = x / (p * ps[i]);
                        if (z <= y && z < p * p) {
                            /* easy leaf: below p_b^2 only 1 and the primes
                             * >= p_b are left, phi = pi(z) - b + 2 (>= 1);
                             * the smaller q up to the one that reaches the
                             * next prime share it (a cluster) */
                            long k = (long)pitab[z];
                            int64_t v = (int64_t)k - b + 2;
                            if (v < 1)
                                v = 1;
                            long j = i;
                            uint64_t nxt = ps[k];
                            if (nxt <= y + 1 && nxt <= p * p) {
                                j = (long)pitab[x / (p * nxt)];
                                if (j < ilo)
                                    j = ilo;
                                if (j > i)
                                    j = i;
                            }
                            S2 += v * (i128)(i - j + 1);
                            i = j;
                            continue;
                        }
                        S2 += acc[b - 1] + count_to(tree, sv, (long)(z - low));
                    }
                }
            }
            /* remove the multiples of p from the window */
            acc[b - 1] += total;
            /* below p^2 the multiples of p other than p itself have a
             * smaller prime factor: already gone */
            if (p >= low && p < high) {
                uint64_t o = p - low;
                if ((sv[o >> 6] >> (o & 63)) & 1) {
                    sv[o >> 6] &= ~((uint64_t)1 << (o & 63));
                    if (dirty || p < DENSE)
                        dirty = 1;
                    else
                        fw_dec(tree, nw, (long)(o >> 6));
                    total--;
                }
            }
            uint64_t first = (low + p - 1) / p * p;
            if (first < p * p)
                first = p * p;
            if (p < DENSE) {
                /* many multiples: clear bits only, rebuild the tree
                 * before the next count */
                for (uint64_t j = first; j < high; j += p) {
                    uint64_t o = j - low;
                    total -= (int64_t)((sv[o >> 6] >> (o & 63)) & 1);
                    sv[o >> 6] &= ~((uint64_t)1 << (o & 63));
                }
                dirty = 1;
                continue;
            }
            if (dirty) {
                rebuild(tree, sv, nw);
                dirty = 0;
            }
            for (uint64_t j = first; j < high; j += p) {
                uint64_t o = j - low, bit = (uint64_t)1 << (o & 63);
                if (sv[o >> 6] & bit) {
                    sv[o >> 6] &= ~bit;
                    fw_dec(tree, nw, (long)(o >> 6));
                    total--;
                }
            }
        }
        if (dirty)
            rebuild(tree, sv, nw);
        /* P2: q with x/q in [low, high); pi(v) = a + (count of 1 and primes
         * > y in [1, v]) - 1 */
        while (qi >= a && x / ps[qi] < high) {
            uint64_t v = x / ps[qi];
            if (v >= low) {
                int64_t cnt = acc[a] + count_to(tree, sv, (long)(v - low));
                int64_t piv = a + cnt - 1;
                P2 += piv - (qi + 1) + 1;
            }
            qi--;
        }
        acc[a] += total;
    }
    result = (uint64_t)(S1 + S2 + a - 1 - P2);
    goto done;
nomem:
    *err = BGC_ENOMEM;
done:
    free(ps);
    free(mu);
    free(lpf);
    free(tab);
    free(cop);
    free(pitab);
    free(acc);
    free(tree);
    free(sv);
    return result;
}

uint64_t bgc_primepi_u64(uint64_t x, bgc_err *err)
{
    *err = BGC_OK;
    if (x >= PI_MAX) {
        *err = BGC_EDOMAIN;
        return 0;
    }
    return lmo(x, err);
}

bgc_err bgc_primepi(bgc_int *r, const bgc_int *n)
{
    if (bgc_cmp_si(n, 2) < 0)
        return bgc_set_si(r, 0);
    if (n->size > 1 || n->d[0] >= PI_MAX)
        return BGC_EDOMAIN;
    bgc_err e;
    uint64_t c = bgc_primepi_u64(n->d[0], &e);
    if (e != BGC_OK)
        return e;
    return bgc_set_u64(r, c);
}

/* ---- the n-th prime -------------------------------------------------- */

/* ln x for x >= 1 (no libm) */
static double ln(double x)
{
    return bgc_lg2(x) * 0.69314718055994530942;
}

/* li(x) by Ramanujan's series (x >= 2). */
static double li(double x)
{
    double L = ln(x), sum = 0, term = 1, inner = 0;
    /* li(x) = gamma + ln L + sqrt(x) sum_{n>=1} (-1)^(n-1) L^n /
     * (n! 2^(n-1)) sum_{k=0}^{floor((n-1)/2)} 1/(2k+1) */
    double sx = (double)bgcn_sqrt_u64((uint64_t)x);
    for (int n = 1; n < 200; n++) {
        term *= L / n;
        if (((n - 1) & 1) == 0)
            inner += 1.0 / (n - 1 + 1); /* adds 1/(2k+1) for k = (n-1)/2 */
        double t = term / (double)((uint64_t)1 << (n - 1 < 62 ? n - 1 : 62)) * inner;
        if (n - 1 >= 62)
            break;
        sum += (n & 1) ? t : -t;
    }
    return 0.57721566490153286061 + ln(L) + sx * sum;
}

/* An estimate of the k-th prime (k >= 10^4): li^-1(k) by Newton. */
static uint64_t nth_estimate(uint64_t k)
{
    double kk = (double)k, x = kk * ln(kk);
    for (int i = 0; i < 40; i++) {
        double nx = x - (li(x) - kk) * ln(x);
        if (nx < 2)
            nx = 2;
        double d = nx > x ? nx - x : x - nx;
        x = nx;
        if (d < 1)
            break;
    }
    return (uint64_t)x;
}

bgc_err bgc_nthprime(bgc_int *r, const bgc_int *kb)
{
    if (bgc_sgn(kb) <= 0)
        return BGC_EDOMAIN;
    if (kb->size > 1 || kb->d[0] > ((uint64_t)1 << 48))
        return BGC_EDOMAIN;
    uint64_t k = kb->d[0], x0 = 1, c = 0;
    bgc_err e = BGC_OK;
    if (k >= 10000) {
        x0 = nth_estimate(k);
        c = bgc_primepi_u64(x0, &e);
        if (e != BGC_OK)
            return e;
    }
    bgc_prime_iter it;
    bgc_int a, b;
    bgc_init(&a);
    bgc_init(&b);
    uint64_t p = 0;
    if (c < k) { /* walk up from x0 + 1 */
        BGC_TRY(bgc_set_u64(&a, x0 + 1));
        /* p_k < k (ln k + ln ln k) for k >= 6 (Rosser): the sieve's
         * bound, so that it needs few sieving primes */
        double kd = (double)k, ub = k < 6 ? 13 : kd * (ln(kd) + ln(ln(kd))) + 16;
        BGC_TRY(bgc_set_u64(&b, ub < (double)PI_MAX ? (uint64_t)ub : PI_MAX));
        e = bgc_prime_iter_init(&it, &a, &b);
        while (e == BGC_OK && c < k) {
            p = bgc_prime_iter_next_u64(&it, &e);
            if (p == 0 && e == BGC_OK)
                e = BGC_EDOMAIN;
            c++;
        }
        bgc_prime_iter_clear(&it);
    } else { /* the (c - k + 1)-th prime counting down from x0 */
        uint64_t need = c - k + 1, hi = x0;
        const uint64_t w = (uint64_t)1 << 20;
        uint64_t *buf = malloc(w / 2 * sizeof *buf + 16);
        if (buf == NULL)
            e = BGC_ENOMEM;
        while (e == BGC_OK && p == 0) {
            uint64_t lo = hi > w ? hi - w + 1 : 2;
            long cnt = 0;
            BGC_TRY(bgc_set_u64(&a, lo));
            BGC_TRY(bgc_set_u64(&b, hi));
            e = bgc_prime_iter_init(&it, &a, &b);
            for (uint64_t q; e == BGC_OK && (q = bgc_prime_iter_next_u64(&it, &e)) != 0;)
                buf[cnt++] = q;
            bgc_prime_iter_clear(&it);
            if (e != BGC_OK)
                break;
            if ((uint64_t)cnt >= need)
                p = buf[(uint64_t)cnt - need];
            else
                need -= (uint64_t)cnt;
            hi = lo - 1;
        }
        free(buf);
    }
    bgc_clear(&a);
    bgc_clear(&b);
    if (e != BGC_OK)
        return e;
    return bgc_set_u64(r, p);
}
