/* test-comb.c -- factorial, Fibonacci, Lucas, binomial (plain and modular)
 * and their size bounds, against GMP (mpz_fac_ui, mpz_fib_ui,
 * mpz_lucnum_ui, mpz_bin_uiui) and slow references. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

static void z_set(mpz_t z, const bgcn_limb_t *p, long n)
{
    mpz_import(z, (size_t)n, -1, sizeof(bgcn_limb_t), 0, 0, p);
}

static void z_get(bgcn_limb_t *p, long n, const mpz_t z)
{
    memset(p, 0, sizeof *p * (size_t)n);
    cr_assert(mpz_sgn(z) == 0 || mpz_size(z) <= (size_t)n);
    mpz_export(p, NULL, -1, sizeof(bgcn_limb_t), 0, 0, z);
}

/* compare {p,n} (normalised size n) with z */
static int same(const bgcn_limb_t *p, long n, const mpz_t z)
{
    mpz_t w;
    mpz_init(w);
    z_set(w, p, n);
    int eq = mpz_cmp(w, z) == 0 && n == (long)mpz_size(z);
    mpz_clear(w);
    return eq;
}

typedef bgcn_status (*plain_fn)(bgcn_limb_t *, long *, uint64_t);

/* run f(n) into a guarded buffer of exactly the advertised size */
static void check_plain(plain_fn f, long size, uint64_t n, const mpz_t want,
                        const char *what)
{
    cr_assert(size >= 1, "%s size bound for %lu", what, (unsigned long)n);
    cr_assert((long)mpz_size(want) <= size, "%s(%lu): bound %ld < %zu", what,
              (unsigned long)n, size, mpz_size(want));
    bgcn_limb_t *r = t_alloc_guarded(size);
    long rn = -1;
    cr_assert_eq(f(r, &rn, n), BGCN_OK);
    cr_assert(t_check_guards(r, size), "%s(%lu) guards", what, (unsigned long)n);
    cr_assert(same(r, rn, want), "%s(%lu)", what, (unsigned long)n);
    t_free_guarded(r);
}

Test(nt, factorial)
{
    mpz_t z;
    mpz_init(z);
    for (uint64_t n = 0; n < 400; n++) {
        mpz_fac_ui(z, n);
        check_plain(bgcn_fac, bgcn_fac_size(n), n, z, "fac");
    }
    static const uint64_t big[] = {1000, 1023, 1024, 1025, 4095, 10000, 30001, 100000};
    for (unsigned i = 0; i < sizeof big / sizeof *big; i++) {
        mpz_fac_ui(z, big[i]);
        check_plain(bgcn_fac, bgcn_fac_size(big[i]), big[i], z, "fac");
    }
    /* the bound is not wildly loose */
    mpz_fac_ui(z, 100000);
    cr_assert(bgcn_fac_size(100000) <= (long)mpz_size(z) + 4);
    mpz_clear(z);
}

Test(nt, fibonacci_lucas)
{
    mpz_t z;
    mpz_init(z);
    for (uint64_t n = 0; n < 600; n++) {
        mpz_fib_ui(z, n);
        check_plain(bgcn_fib, bgcn_fib_size(n), n, z, "fib");
        mpz_lucnum_ui(z, n);
        check_plain(bgcn_lucas, bgcn_fib_size(n), n, z, "lucas");
    }
    static const uint64_t big[] = {1000, 4096, 4097, 10000, 65537, 200000};
    for (unsigned i = 0; i < sizeof big / sizeof *big; i++) {
        mpz_fib_ui(z, big[i]);
        check_plain(bgcn_fib, bgcn_fib_size(big[i]), big[i], z, "fib");
        mpz_lucnum_ui(z, big[i]);
        check_plain(bgcn_lucas, bgcn_fib_size(big[i]), big[i], z, "lucas");
    }
    mpz_clear(z);
}

static void check_bin(uint64_t n, uint64_t k)
{
    mpz_t z;
    mpz_init(z);
    mpz_bin_uiui(z, n, k);
    long size = bgcn_bin_size(n, k);
    cr_assert(size >= 1 && (long)mpz_size(z) <= size, "bin(%lu,%lu) bound",
              (unsigned long)n, (unsigned long)k);
    bgcn_limb_t *r = t_alloc_guarded(size);
    long rn = -1;
    cr_assert_eq(bgcn_bin(r, &rn, n, k), BGCN_OK);
    cr_assert(t_check_guards(r, size));
    cr_assert(same(r, rn, z), "bin(%lu,%lu)", (unsigned long)n, (unsigned long)k);
    t_free_guarded(r);
    mpz_clear(z);
}

Test(nt, binomial)
{
    for (uint64_t n = 0; n < 120; n++)
        for (uint64_t k = 0; k <= n + 2; k++)
            check_bin(n, k);
    for (int i = 0; i < 200; i++) {
        uint64_t n = t_rand_below(100000), k = t_rand_below(n + 1);
        check_bin(n, k);
    }
    /* above the sieve limit: numerator / k! */
    uint64_t big[] = {((uint64_t)1 << 24) + 1, 1000000000000ull,
                      UINT64_MAX, ((uint64_t)1 << 25) + 17};
    for (unsigned i = 0; i < 4; i++)
        for (uint64_t k = 0; k < 70; k += 1 + k / 8) {
            check_bin(big[i], k);
            check_bin(big[i], big[i] - k);
        }
    check_bin(((uint64_t)1 << 25) + 17, 3000);
    check_bin(((uint64_t)1 << 24), ((uint64_t)1 << 23) - 5);
}

/* Slow reference for F(N) mod m: 2x2 matrix power with mpz. */
static void slow_fib_mod(mpz_t f, mpz_t f1, const mpz_t N, const mpz_t m)
{
    mpz_t a, b, c, d, x, y, z, w, t;
    mpz_inits(a, b, c, d, x, y, z, w, t, NULL);
    /* result matrix R = I, base M = [[1,1],[1,0]] */
    mpz_set_ui(a, 1), mpz_set_ui(b, 0), mpz_set_ui(c, 0), mpz_set_ui(d, 1);
    mpz_set_ui(x, 1), mpz_set_ui(y, 1), mpz_set_ui(z, 1), mpz_set_ui(w, 0);
    size_t bits = mpz_sizeinbase(N, 2);
    for (size_t i = 0; mpz_sgn(N) && i < bits; i++) {
        if (mpz_tstbit(N, i)) {
            mpz_t a2, b2, c2, d2;
            mpz_inits(a2, b2, c2, d2, NULL);
            mpz_mul(a2, a, x), mpz_addmul(a2, b, z);
            mpz_mul(b2, a, y), mpz_addmul(b2, b, w);
            mpz_mul(c2, c, x), mpz_addmul(c2, d, z);
            mpz_mul(d2, c, y), mpz_addmul(d2, d, w);
            mpz_mod(a, a2, m), mpz_mod(b, b2, m), mpz_mod(c, c2, m), mpz_mod(d, d2, m);
            mpz_clears(a2, b2, c2, d2, NULL);
        }
        mpz_t x2, y2, z2, w2;
        mpz_inits(x2, y2, z2, w2, NULL);
        mpz_mul(x2, x, x), mpz_addmul(x2, y, z);
        mpz_mul(y2, x, y), mpz_addmul(y2, y, w);
        mpz_mul(z2, z, x), mpz_addmul(z2, w, z);
        mpz_mul(w2, z, y), mpz_addmul(w2, w, w);
        mpz_mod(x, x2, m), mpz_mod(y, y2, m), mpz_mod(z, z2, m), mpz_mod(w, w2, m);
        mpz_clears(x2, y2, z2, w2, NULL);
    }
    /* M^N = [[F(N+1), F(N)], [F(N), F(N-1)]] */
    mpz_mod(f, b, m);
    mpz_mod(f1, a, m);
    mpz_clears(a, b, c, d, x, y, z, w, t, NULL);
}

static void rand_mod(bgcn_limb_t *mp, long mn)
{
    t_fill_normalized(mp, mn);
    if (t_rand() & 1)
        mp[0] |= 1;
    if (mn == 1 && mp[0] < 2)
        mp[0] = 2 + (t_rand() & 1);
}

Test(nt, fib_lucas_mod)
{
    mpz_t N, m, f, f1, l, w;
    mpz_inits(N, m, f, f1, l, w, NULL);
    for (int i = 0; i < 600; i++) {
        long mn = t_rand_size(1, 6), nn = t_rand_size(1, 3);
        bgcn_limb_t mp[mn], np[nn], r[mn], want[mn];
        rand_mod(mp, mn);
        t_fill(np, nn);
        if (i < 200) {
            memset(np, 0, sizeof np);
            np[0] = (bgcn_limb_t)i;
        }
        if (i == 200)
            np[0] = 1000000000000000000ull, nn = 1; /* fib(10^18) */
        z_set(N, np, nn);
        z_set(m, mp, mn);
        slow_fib_mod(f, f1, N, m);
        cr_assert_eq(bgcn_fib_mod(r, np, nn, mp, mn), BGCN_OK);
        z_get(want, mn, f);
        cr_assert(t_equal("fib_mod", r, want, mn), "nn=%ld mn=%ld", nn, mn);
        /* L(N) = 2F(N+1) - F(N) */
        mpz_mul_2exp(l, f1, 1);
        mpz_sub(l, l, f);
        mpz_mod(l, l, m);
        cr_assert_eq(bgcn_lucas_mod(r, np, nn, mp, mn), BGCN_OK);
        z_get(want, mn, l);
        cr_assert(t_equal("lucas_mod", r, want, mn), "nn=%ld mn=%ld", nn, mn);
        if (i < 200) { /* and against GMP directly */
            mpz_fib_ui(w, (unsigned long)i);
            mpz_mod(w, w, m);
            cr_assert(mpz_cmp(w, f) == 0);
        }
    }
    bgcn_limb_t one = 1, n5 = 5, r1;
    cr_assert_eq(bgcn_fib_mod(&r1, &n5, 1, &one, 1), BGCN_OK);
    cr_assert_eq(r1, 0);
    mpz_clears(N, m, f, f1, l, w, NULL);
}

Test(nt, fac_mod)
{
    mpz_t z, m, w;
    mpz_inits(z, m, w, NULL);
    for (int i = 0; i < 400; i++) {
        long mn = t_rand_size(1, 5);
        bgcn_limb_t mp[mn], r[mn], want[mn];
        rand_mod(mp, mn);
        if (i % 5 == 0) { /* many factors of two */
            for (long j = 0; j + 1 < mn; j++)
                mp[j] = 0;
            mp[mn - 1] = (t_rand() | 1) << t_rand_below(40);
            if (mp[mn - 1] == 0)
                mp[mn - 1] = 4;
        }
        if (i % 7 == 0 && mn == 1)
            mp[0] = (bgcn_limb_t)1 << t_rand_below(64); /* 2^k */
        if (mn == 1 && mp[0] < 2)
            mp[0] = 2;
        uint64_t n = t_rand_below(i < 200 ? 300 : 3000);
        z_set(m, mp, mn);
        mpz_fac_ui(z, n);
        mpz_mod(z, z, m);
        z_get(want, mn, z);
        cr_assert_eq(bgcn_fac_mod(r, n, mp, mn), BGCN_OK);
        cr_assert(t_equal("fac_mod", r, want, mn), "n=%lu mn=%ld", (unsigned long)n, mn);
    }
    /* m = 2^(64j): every result limb written (rp prefilled) */
    for (long mn = 2; mn <= 3; mn++)
        for (uint64_t n = 0; n < 200; n += 7) {
            bgcn_limb_t mp[mn], r[mn], want[mn];
            memset(mp, 0, sizeof mp);
            mp[mn - 1] = 1;
            z_set(m, mp, mn);
            mpz_fac_ui(z, n);
            mpz_mod(z, z, m);
            z_get(want, mn, z);
            memset(r, 0xa5, sizeof r);
            cr_assert_eq(bgcn_fac_mod(r, n, mp, mn), BGCN_OK);
            cr_assert(t_equal("fac_mod 2^(64j)", r, want, mn), "n=%lu", (unsigned long)n);
        }
    /* (10^7)! mod 1000000007 against a plain loop; n >= m gives 0 */
    bgcn_limb_t p = 1000000007, r;
    cr_assert_eq(bgcn_fac_mod(&r, 10000000, &p, 1), BGCN_OK);
    unsigned long long a = 1;
    for (unsigned long long k = 2; k <= 10000000; k++)
        a = a * k % p;
    cr_assert_eq(r, a);
    cr_assert_eq(bgcn_fac_mod(&r, 1000000007, &p, 1), BGCN_OK);
    cr_assert_eq(r, 0);
    bgcn_limb_t one = 1;
    cr_assert_eq(bgcn_fac_mod(&r, 0, &one, 1), BGCN_OK);
    cr_assert_eq(r, 0);
    mpz_clears(z, m, w, NULL);
}

Test(nt, size_bounds)
{
    cr_assert(bgcn_fac_size(UINT64_MAX) == -1);
    /* 2^64 * 0.694 / 64 limbs still fits a long: a bound, not -1 */
    cr_assert(bgcn_fib_size(UINT64_MAX) > 0);
    cr_assert(bgcn_bin_size(UINT64_MAX, UINT64_MAX / 2) >= (long)(UINT64_MAX / 64));
    cr_assert(bgcn_fac_size(1000000) > 0 && bgcn_fac_size(1000000) < 300000);
    cr_assert_eq(bgcn_bin_size(5, 7), 1);
}

Test(nt, status_paths)
{
    long size = bgcn_fac_size(20000);
    bgcn_limb_t *r = malloc(sizeof *r * (size_t)size);
    long rn;
    for (long k = 1; k <= 30; k += 3) {
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_fac(r, &rn, 20000);
        bgcn_alloc_fail_after(0);
        cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
        bgcn_alloc_fail_after(k);
        st = bgcn_fib(r, &rn, 20000);
        bgcn_alloc_fail_after(0);
        cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
        bgcn_alloc_fail_after(k);
        st = bgcn_bin(r, &rn, 3000, 1400);
        bgcn_alloc_fail_after(0);
        cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
    }
    bgcn_interrupt_flag = 1;
    cr_assert_eq(bgcn_fac(r, &rn, 20000), BGCN_EINTR);
    cr_assert_eq(bgcn_fib(r, &rn, 20000), BGCN_EINTR);
    bgcn_limb_t p = 1000000007;
    cr_assert_eq(bgcn_fac_mod(r, 10000000, &p, 1), BGCN_EINTR);
    bgcn_interrupt_flag = 0;
    free(r);
}
