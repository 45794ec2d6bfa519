/* test-prime.c -- BPSW primality, next/previous prime and the Jacobi
 * symbol, against GMP (mpz_probab_prime_p with many rounds,
 * mpz_nextprime, mpz_jacobi), slow references, and lists of known
 * pseudoprimes. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <string.h>

#include "testlib.h"

static void z_set(mpz_t z, const bgcn_limb_t *p, long n)
{
    mpz_import(z, (size_t)n, -1, sizeof(bgcn_limb_t), 0, 0, p);
}

/* {p,*n} = z, n >= 1 (room for cap limbs) */
static long z_get(bgcn_limb_t *p, long cap, const mpz_t z)
{
    size_t cnt = 0;
    memset(p, 0, sizeof *p * (size_t)cap);
    mpz_export(p, &cnt, -1, sizeof(bgcn_limb_t), 0, 0, z);
    return cnt ? (long)cnt : 1;
}

static bgcn_limb_t rnd_fn(void *state)
{
    (void)state;
    return t_rand();
}

static int isprime_z(const mpz_t z, int reps)
{
    bgcn_limb_t buf[mpz_size(z) + 1];
    long n = z_get(buf, (long)mpz_size(z) + 1, z);
    int r = -1;
    cr_assert_eq(bgcn_isprime(&r, buf, n, reps, reps ? rnd_fn : NULL,
                              NULL),
                 BGCN_OK);
    return r;
}

static int isprime_str(const char *s)
{
    mpz_t z;
    mpz_init_set_str(z, s, 0);
    int r = isprime_z(z, 0);
    mpz_clear(z);
    return r;
}

static int slow_isprime(unsigned long n)
{
    if (n < 2)
        return 0;
    for (unsigned long d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

Test(prime, small_exhaustive)
{
    for (bgcn_limb_t n = 0; n < 200000; n++) {
        int r = -1;
        cr_assert_eq(bgcn_isprime(&r, &n, 1, 0, NULL, NULL), BGCN_OK);
        int want = slow_isprime(n);
        cr_assert_eq(r != 0, want, "n=%lu", (unsigned long)n);
        if (want)
            cr_assert_eq(r, 2, "n < 2^64 is exact");
    }
}

Test(prime, one_limb_vs_gmp)
{
    mpz_t z;
    mpz_init(z);
    for (int i = 0; i < 30000; i++) {
        bgcn_limb_t n = t_rand() >> t_rand_below(64);
        n |= 1;
        mpz_set_ui(z, n);
        int g = mpz_probab_prime_p(z, 40);
        int r = -1;
        cr_assert_eq(bgcn_isprime(&r, &n, 1, 0, NULL, NULL), BGCN_OK);
        cr_assert_eq(r != 0, g != 0, "n=%lu", (unsigned long)n);
        if (r)
            cr_assert_eq(r, 2);
    }
    mpz_clear(z);
}

Test(prime, known_pseudoprimes)
{
    static const char *composites[] = {
        /* strong pseudoprimes to base 2 */
        "2047", "3277", "4033", "4681", "8321", "15841", "29341", "42799",
        "49141", "52633", "65281", "74665", "80581", "85489", "88357",
        "90751", "3215031751", "2152302898747", "3474749660383",
        "341550071728321", "3825123056546413051",
        "318665857834031151167461", "3317044064679887385961981",
        /* Carmichael numbers */
        "561", "1105", "1729", "2465", "2821", "6601", "8911", "41041",
        "825265", "321197185", "5394826801", "232250619601",
        "9746347772161", "1436697831295441", "60977817398996785",
        "7156857700403137441", "1791562810662585767521",
        /* strong Lucas-Selfridge pseudoprimes */
        "5459", "5777", "10877", "16109", "18971", "22499", "24569",
        "25199", "40309", "58519", "75077", "97439", "100127", "113573",
        /* squares of primes (perfect-square exclusion), prime powers */
        "1062961", "18446744030759878681",
    };
    mpz_t c;
    mpz_init(c);
    for (unsigned i = 0; i < sizeof composites / sizeof *composites; i++) {
        mpz_set_str(c, composites[i], 10);
        cr_assert_eq(mpz_probab_prime_p(c, 50), 0, "list: %s", composites[i]);
        cr_assert_eq(isprime_str(composites[i]), 0, "%s", composites[i]);
    }
    mpz_clear(c);
    /* p^2 for big primes p */
    mpz_t p, q;
    mpz_inits(p, q, NULL);
    for (int bits = 40; bits <= 600; bits += 80) {
        mpz_set_ui(p, 1);
        mpz_mul_2exp(p, p, (mp_bitcnt_t)bits);
        mpz_nextprime(p, p);
        mpz_mul(q, p, p);
        cr_assert_eq(isprime_z(q, 0), 0, "p^2, %d bits", bits);
        mpz_mul(q, q, p);
        cr_assert_eq(isprime_z(q, 0), 0, "p^3, %d bits", bits);
    }
    mpz_clears(p, q, NULL);
    /* Fermat number F5 = 641 * 6700417, F7 */
    cr_assert_eq(isprime_str("4294967297"), 0);
    cr_assert_eq(isprime_str("340282366920938463463374607431768211457"), 0);
}

Test(prime, mersenne)
{
    static const int prime_p[] = {2,   3,   5,    7,    13,   17,  19, 31,
                                  61,  89,  107,  127,  521,  607, 1279,
                                  2203, 2281};
    static const int comp_p[] = {11, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71,
                                 73, 79, 83, 97, 101, 103, 109, 113, 131,
                                 137, 139, 149, 151, 157, 163, 167, 173, 179,
                                 181, 191, 193, 197, 199, 211, 223, 227, 229,
                                 233, 239, 241, 251, 257, 263, 269, 271,
                                 277, 281, 283, 293, 307, 311, 313, 317,
                                 331, 337, 347, 349, 353, 359};
    mpz_t z;
    mpz_init(z);
    for (unsigned i = 0; i < sizeof prime_p / sizeof *prime_p; i++) {
        mpz_set_ui(z, 0);
        mpz_setbit(z, (mp_bitcnt_t)prime_p[i]);
        mpz_sub_ui(z, z, 1);
        int r = isprime_z(z, 0);
        cr_assert(r >= 1, "2^%d-1 is prime", prime_p[i]);
        cr_assert_eq(r, prime_p[i] < 64 ? 2 : 1, "2^%d-1", prime_p[i]);
    }
    for (unsigned i = 0; i < sizeof comp_p / sizeof *comp_p; i++) {
        mpz_set_ui(z, 0);
        mpz_setbit(z, (mp_bitcnt_t)comp_p[i]);
        mpz_sub_ui(z, z, 1);
        cr_assert_eq(isprime_z(z, 0), 0, "2^%d-1 is composite", comp_p[i]);
    }
    mpz_clear(z);
}

Test(prime, random_multilimb)
{
    mpz_t a, b, c;
    mpz_inits(a, b, c, NULL);
    for (long n = 1; n <= 24; n++) {
        for (int rep = 0; rep < (n <= 8 ? 6 : 2); rep++) {
            bgcn_limb_t buf[n];
            t_fill_normalized(buf, n);
            z_set(a, buf, n);
            mpz_nextprime(a, a);
            int r = isprime_z(a, 0);
            cr_assert(r >= 1, "prime of %ld limbs", n);
            cr_assert(isprime_z(a, 3) >= 1, "with 3 extra MR rounds");
            /* a random odd number: agree with GMP */
            mpz_setbit(c, 0);
            z_set(c, buf, n);
            mpz_setbit(c, 0);
            cr_assert_eq(isprime_z(c, 0) != 0, mpz_probab_prime_p(c, 30) != 0);
            /* product of two primes */
            t_fill_normalized(buf, (n + 1) / 2);
            z_set(b, buf, (n + 1) / 2);
            mpz_nextprime(b, b);
            mpz_mul(c, a, b);
            cr_assert_eq(isprime_z(c, 0), 0);
            cr_assert_eq(isprime_z(c, 2), 0);
        }
    }
    mpz_clears(a, b, c, NULL);
}

Test(prime, nextprime_prevprime)
{
    mpz_t z, w, g;
    mpz_inits(z, w, g, NULL);
    /* small values exhaustively */
    for (bgcn_limb_t n = 0; n < 3000; n++) {
        bgcn_limb_t r[2];
        long rn;
        cr_assert_eq(bgcn_nextprime(r, &rn, &n, 1), BGCN_OK);
        mpz_set_ui(z, n);
        mpz_nextprime(g, z);
        cr_assert_eq(rn, 1);
        cr_assert_eq(r[0], mpz_get_ui(g), "nextprime(%lu)", (unsigned long)n);
        if (n >= 3) {
            cr_assert_eq(bgcn_prevprime(r, &rn, &n, 1), BGCN_OK);
            bgcn_limb_t p = n - 1;
            while (!slow_isprime(p))
                p--;
            cr_assert_eq(r[0], p, "prevprime(%lu)", (unsigned long)n);
        }
    }
    /* around 2^64 and random sizes */
    for (long n = 1; n <= 20; n++) {
        for (int rep = 0; rep < 3; rep++) {
            bgcn_limb_t buf[n], r[n + 1];
            long rn;
            t_fill_normalized(buf, n);
            if (rep == 0)
                for (long j = 0; j < n; j++)
                    buf[j] = BGCN_LIMB_MAX; /* 2^(64n) - 1 */
            z_set(z, buf, n);
            cr_assert_eq(bgcn_nextprime(r, &rn, buf, n), BGCN_OK);
            mpz_nextprime(g, z);
            z_set(w, r, rn);
            cr_assert(mpz_cmp(w, g) == 0, "nextprime, %ld limbs", n);
            cr_assert_eq(rn, (long)mpz_size(g));
            if (mpz_cmp_ui(z, 3) < 0)
                continue;
            cr_assert_eq(bgcn_prevprime(r, &rn, buf, n), BGCN_OK);
            z_set(w, r, rn);
            /* previous prime: w < z, w prime, nothing prime in between */
            cr_assert(mpz_cmp(w, z) < 0 && mpz_probab_prime_p(w, 30));
            mpz_nextprime(g, w);
            cr_assert(mpz_cmp(g, z) >= 0, "prevprime skipped a prime, %ld limbs", n);
        }
    }
    mpz_clears(z, w, g, NULL);
}

Test(prime, jacobi)
{
    mpz_t a, n;
    mpz_inits(a, n, NULL);
    for (bgcn_limb_t nv = 1; nv < 200; nv += 2)
        for (bgcn_limb_t av = 0; av < 200; av++) {
            mpz_set_ui(a, av);
            mpz_set_ui(n, nv);
            cr_assert_eq(bgcn_jacobi_11(av, nv), mpz_jacobi(a, n));
            int j = 9;
            cr_assert_eq(bgcn_jacobi(&j, &av, 1, &nv, 1), BGCN_OK);
            cr_assert_eq(j, mpz_jacobi(a, n));
        }
    for (int i = 0; i < 3000; i++) {
        long an = t_rand_size(1, 20), nn = t_rand_size(1, 20);
        bgcn_limb_t ap[an], np[nn];
        t_fill(ap, an);
        t_fill_normalized(np, nn);
        np[0] |= 1;
        if (i % 7 == 0 && an <= nn) /* share a factor */
            memcpy(ap, np, sizeof ap);
        z_set(a, ap, an);
        z_set(n, np, nn);
        int j = 9;
        cr_assert_eq(bgcn_jacobi(&j, ap, an, np, nn), BGCN_OK);
        cr_assert_eq(j, mpz_jacobi(a, n), "an=%ld nn=%ld", an, nn);
    }
    mpz_clears(a, n, NULL);
}

Test(prime, status_paths)
{
    mpz_t z;
    mpz_init(z);
    mpz_set_ui(z, 1);
    mpz_mul_2exp(z, z, 1000);
    mpz_nextprime(z, z);
    bgcn_limb_t buf[17], r[18];
    long n = z_get(buf, 17, z), rn;
    for (long k = 1; k <= 12; k++) {
        int res;
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_isprime(&res, buf, n, 2, rnd_fn, NULL);
        bgcn_alloc_fail_after(0);
        cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
        if (st == BGCN_OK)
            cr_assert(res == 1);
        bgcn_alloc_fail_after(k);
        st = bgcn_nextprime(r, &rn, buf, n);
        bgcn_alloc_fail_after(0);
        cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
    }
    bgcn_interrupt_flag = 1;
    int res;
    cr_assert_eq(bgcn_isprime(&res, buf, n, 0, NULL, NULL), BGCN_EINTR);
    cr_assert_eq(bgcn_nextprime(r, &rn, buf, n), BGCN_EINTR);
    bgcn_interrupt_flag = 0;
    mpz_clear(z);
}
