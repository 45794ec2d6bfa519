/* test-factor.c -- the factoring engine (src/mpn/factor*.c): the 64-bit
 * primality test against the engine's BPSW and GMP, every method forced
 * alone on inputs it must solve, the driver on known factorisations
 * (Fermat numbers, Mersenne composites, Carmichael numbers, prime powers,
 * close primes, tiny factors) and on random products of random primes
 * checked by multiplication with GMP, factor(n, B), interruption,
 * progress reports and allocation failures. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

#include "factor-impl.h"
#include "testlib.h"

#define MAXL 64

static long z_get(bgcn_limb_t *p, long cap, const mpz_t z)
{
    size_t cnt = 0;
    cr_assert(mpz_size(z) <= (size_t)cap);
    memset(p, 0, sizeof *p * (size_t)cap);
    mpz_export(p, &cnt, -1, sizeof(bgcn_limb_t), 0, 0, z);
    return cnt ? (long)cnt : 1;
}

static void z_set(mpz_t z, const bgcn_limb_t *p, long n)
{
    mpz_import(z, (size_t)n, -1, sizeof(bgcn_limb_t), 0, 0, p);
}

static uint64_t rnd_bits(int bits)
{
    uint64_t x = t_rand();
    if (bits < 64)
        x &= ((uint64_t)1 << bits) - 1;
    return x | ((uint64_t)1 << (bits - 1));
}

/* a random prime of the given bit length (GMP) */
static void rand_prime(mpz_t p, int bits)
{
    mpz_set_ui(p, 0);
    for (int b = 0; b < bits; b += 64) {
        mpz_mul_2exp(p, p, 64);
        mpz_add_ui(p, p, t_rand());
    }
    mpz_fdiv_r_2exp(p, p, (mp_bitcnt_t)bits);
    mpz_setbit(p, (mp_bitcnt_t)bits - 1);
    mpz_nextprime(p, p);
}

/* Factor z with opts, check: entries sorted and distinct, every prime
 * entry a prime for GMP, prime flags as expected (all prime unless
 * allow_composite), product = z, verified flag set.  Returns the
 * factorisation as "p^e*q*..." in buf. */
static void check_factor(const mpz_t z, const bgcn_factor_opts *o,
                         int allow_composite, char *buf, size_t bufsz)
{
    bgcn_limb_t np[MAXL];
    long nn = z_get(np, MAXL, z);
    bgcn_factors fs;
    bgcn_factors_init(&fs);
    bgcn_status st = bgcn_factor(&fs, np, nn, o);
    cr_assert_eq(st, BGCN_OK, "status %d", st);
    cr_assert(fs.verified, "product check failed");
    mpz_t prod, f, pw;
    mpz_inits(prod, f, pw, NULL);
    mpz_set_ui(prod, 1);
    size_t len = 0;
    buf[0] = 0;
    for (long i = 0; i < fs.count; i++) {
        z_set(f, fs.f[i].p, fs.f[i].n);
        if (i > 0) {
            mpz_t prev;
            mpz_init(prev);
            z_set(prev, fs.f[i - 1].p, fs.f[i - 1].n);
            cr_assert(mpz_cmp(prev, f) < 0, "entries out of order");
            mpz_clear(prev);
        }
        if (fs.f[i].prime)
            cr_assert(mpz_probab_prime_p(f, 30), "entry not prime");
        else
            cr_assert(allow_composite && !mpz_probab_prime_p(f, 30),
                      "composite entry");
        cr_assert(fs.f[i].e >= 1);
        mpz_pow_ui(pw, f, fs.f[i].e);
        mpz_mul(prod, prod, pw);
        if (len + 200 < bufsz) {
            if (i)
                buf[len++] = '*';
            len += (size_t)gmp_snprintf(buf + len, bufsz - len, "%Zd", f);
            if (fs.f[i].e > 1)
                len += (size_t)snprintf(buf + len, bufsz - len, "^%lu",
                                        fs.f[i].e);
            if (!fs.f[i].prime)
                len += (size_t)snprintf(buf + len, bufsz - len, "?");
        }
    }
    cr_assert(mpz_cmp(prod, z) == 0, "product differs");
    mpz_clears(prod, f, pw, NULL);
    bgcn_factors_clear(&fs);
}

static void expect(const char *n, const char *want)
{
    mpz_t z;
    mpz_init_set_str(z, n, 0);
    char buf[4096];
    check_factor(z, NULL, 0, buf, sizeof buf);
    cr_assert_str_eq(buf, want, "factor(%s)", n);
    mpz_clear(z);
}

/* ---------------------------------------------------------------- */

Test(factor_u64, isprime_vs_bpsw_and_gmp)
{
    t_seed();
    static const uint64_t psp[] = {
        2047ULL,          3277ULL,           4033ULL,
        121ULL,           561ULL,            1105ULL,
        3215031751ULL,    2152302898747ULL,  3474749660383ULL,
        341550071728321ULL, 3825123056546413051ULL,
        4759123141ULL,    1122004669633ULL,  18446744073709551557ULL,
        18446744073709551615ULL, 4294967291ULL, 4294967297ULL};
    for (unsigned i = 0; i < sizeof psp / sizeof psp[0]; i++) {
        mpz_t z;
        mpz_init_set_ui(z, psp[i]);
        cr_assert_eq(bgcn_isprime_u64(psp[i]), mpz_probab_prime_p(z, 40) != 0,
                     "%llu", (unsigned long long)psp[i]);
        mpz_clear(z);
    }
    for (uint64_t n = 0; n < 5000; n++) {
        int pr = 0;
        bgcn_limb_t l = n;
        cr_assert_eq(bgcn_isprime(&pr, &l, 1, 0, NULL, NULL), BGCN_OK);
        cr_assert_eq(bgcn_isprime_u64(n), pr != 0, "%llu",
                     (unsigned long long)n);
    }
    for (int i = 0; i < 20000; i++) {
        uint64_t n = rnd_bits(1 + (int)t_rand_below(64)) | 1;
        int pr = 0;
        cr_assert_eq(bgcn_isprime(&pr, &n, 1, 0, NULL, NULL), BGCN_OK);
        cr_assert_eq(bgcn_isprime_u64(n), pr != 0, "%llu",
                     (unsigned long long)n);
    }
}

Test(factor_u64, random_numbers_by_multiplication)
{
    t_seed();
    uint64_t p[15];
    unsigned char e[15];
    for (int i = 0; i < 20000; i++) {
        uint64_t n = i < 3000 ? (uint64_t)i : rnd_bits(1 + (int)t_rand_below(64));
        int c = bgcn_factor_u64(n, p, e);
        uint64_t prod = 1;
        for (int j = 0; j < c; j++) {
            cr_assert(bgcn_isprime_u64(p[j]), "%llu", (unsigned long long)n);
            cr_assert(j == 0 || p[j - 1] < p[j]);
            for (int k = 0; k < e[j]; k++)
                prod *= p[j];
        }
        cr_assert_eq(prod, n < 2 ? 1 : n, "n = %llu", (unsigned long long)n);
        if (n < 2)
            cr_assert_eq(c, 0);
    }
}

Test(factor_u64, hard_shapes)
{
    uint64_t p[15];
    unsigned char e[15];
    /* p^2, p^3 with p near 2^32 and 2^21, products of two 32-bit primes,
     * 2^64 - 1, a Carmichael number */
    static const uint64_t cases[][3] = {
        /* n, p1, p2 */
        {4294967291ULL * 4294967291ULL, 4294967291ULL, 0},
        {4294967279ULL * 4294967291ULL, 4294967279ULL, 4294967291ULL},
        {2097143ULL * 2097143ULL * 2097143ULL, 2097143ULL, 0},
        {3037000493ULL * 6074001001ULL, 3037000493ULL, 6074001001ULL},
    };
    int c = bgcn_factor_u64(cases[0][0], p, e);
    cr_assert(c == 1 && p[0] == cases[0][1] && e[0] == 2);
    c = bgcn_factor_u64(cases[1][0], p, e);
    cr_assert(c == 2 && p[0] == cases[1][1] && p[1] == cases[1][2]);
    c = bgcn_factor_u64(cases[2][0], p, e);
    cr_assert(c == 1 && p[0] == cases[2][1] && e[0] == 3);
    c = bgcn_factor_u64(cases[3][0], p, e);
    cr_assert(c == 2 && p[0] == cases[3][1] && p[1] == cases[3][2]);
    c = bgcn_factor_u64(561, p, e);
    cr_assert(c == 3 && p[0] == 3 && p[1] == 11 && p[2] == 17);
    c = bgcn_factor_u64(UINT64_MAX, p, e);
    cr_assert(c == 7 && p[0] == 3 && p[6] == 6700417);
    c = bgcn_factor_u64(1ULL << 63, p, e);
    cr_assert(c == 1 && p[0] == 2 && e[0] == 63);
}

Test(factor_u64, rho_and_squfof_alone)
{
    t_seed();
    for (int i = 0; i < 300; i++) {
        int b1 = 12 + (int)t_rand_below(19), b2 = 12 + (int)t_rand_below(19);
        uint64_t p, q;
        do
            p = rnd_bits(b1) | 1;
        while (!bgcn_isprime_u64(p));
        do
            q = rnd_bits(b2) | 1;
        while (!bgcn_isprime_u64(q) || q == p);
        uint64_t n = p * q;
        uint64_t f = 0;
        for (uint64_t c = 1; !f && c < 50; c++)
            f = bgcn_rho_u64(n, c, UINT64_MAX);
        cr_assert(f == p || f == q, "rho %llu", (unsigned long long)n);
        f = bgcn_squfof_u64(n);
        cr_assert(f == 0 || f == p || f == q, "squfof %llu",
                  (unsigned long long)n);
        if (i < 100) /* SQUFOF fails on a few n with all multipliers */
            cr_assert(f != 0 || bgcn_squfof_u64(n) == 0);
    }
    /* SQUFOF on its own must solve the bulk of balanced semiprimes small
     * enough for all its multipliers */
    int ok = 0;
    for (int i = 0; i < 200; i++) {
        uint64_t p, q;
        do
            p = rnd_bits(24) | 1;
        while (!bgcn_isprime_u64(p));
        do
            q = rnd_bits(25) | 1;
        while (!bgcn_isprime_u64(q));
        uint64_t f = bgcn_squfof_u64(p * q);
        cr_assert(f == 0 || f == p || f == q);
        ok += f != 0;
    }
    cr_assert(ok >= 190, "SQUFOF solved only %d of 200", ok);
}

Test(factor_u64, rho_u128_alone)
{
    t_seed();
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    for (int i = 0; i < 40; i++) {
        rand_prime(p, 20 + (int)t_rand_below(14));
        rand_prime(q, 70 + (int)t_rand_below(20));
        mpz_mul(n, p, q);
        bgcn_limb_t np[2] = {0, 0}, fp[2];
        z_get(np, 2, n);
        bgcn_status st = BGCN_OK;
        int got = 0;
        for (uint64_t c = 1; !got && c < 20; c++)
            got = bgcn_rho_u128(fp, np[1], np[0], c, (uint64_t)1 << 26, &st);
        cr_assert_eq(st, BGCN_OK);
        cr_assert(got);
        mpz_t f;
        mpz_init(f);
        z_set(f, fp, 2);
        cr_assert(mpz_cmp(f, p) == 0 || mpz_cmp(f, q) == 0);
        mpz_clear(f);
    }
    mpz_clears(p, q, n, NULL);
}

/* ---------------------------------------------------------------- */

static void method_found(bgcn_status st, const bgcn_limb_t *fp, long fn,
                         const mpz_t n, const mpz_t want)
{
    cr_assert_eq(st, BGCN_OK);
    cr_assert(fn > 0, "no factor found");
    mpz_t f;
    mpz_init(f);
    z_set(f, fp, fn);
    cr_assert(mpz_cmp_ui(f, 1) > 0 && mpz_cmp(f, n) < 0 &&
              mpz_divisible_p(n, f));
    if (want)
        cr_assert(mpz_cmp(f, want) == 0, "found another factor");
    mpz_clear(f);
}

Test(factor_methods, trial_alone)
{
    t_seed();
    mpz_t p, n;
    mpz_inits(p, n, NULL);
    rand_prime(p, 300);
    bgcn_limb_t np[MAXL], fp[MAXL];
    long fn;
    static const unsigned long small[] = {3, 5, 65521, 1000003};
    for (unsigned i = 0; i < 4; i++) {
        mpz_mul_ui(n, p, small[i]);
        long nn = z_get(np, MAXL, n);
        cr_assert_eq(bgcn_factor_trial(fp, &fn, np, nn, 2000000), BGCN_OK);
        cr_assert(fn == 1 && fp[0] == small[i]);
        cr_assert_eq(bgcn_factor_trial(fp, &fn, np, nn, small[i]), BGCN_OK);
        cr_assert_eq(fn, 0, "bound is exclusive");
    }
    long pn = z_get(np, MAXL, p);
    cr_assert_eq(bgcn_factor_trial(fp, &fn, np, pn, 100000), BGCN_OK);
    cr_assert_eq(fn, 0);
    mpz_clears(p, n, NULL);
}

Test(factor_methods, fermat_alone)
{
    t_seed();
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    for (int i = 0; i < 20; i++) {
        rand_prime(p, 60 + (int)t_rand_below(200));
        mpz_add_ui(q, p, 1 + t_rand_below(1000000));
        mpz_nextprime(q, q);
        mpz_mul(n, p, q);
        bgcn_limb_t np[MAXL], fp[MAXL];
        long fn = 0, nn = z_get(np, MAXL, n);
        bgcn_status st = bgcn_factor_fermat(fp, &fn, np, nn, 10);
        method_found(st, fp, fn, n, p);
    }
    mpz_clears(p, q, n, NULL);
}

Test(factor_methods, rho_alone)
{
    t_seed();
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    for (int i = 0; i < 12; i++) {
        rand_prime(p, 18 + (int)t_rand_below(10));
        rand_prime(q, 100 + (int)t_rand_below(300));
        mpz_mul(n, p, q);
        bgcn_limb_t np[MAXL], fp[MAXL];
        long fn = 0, nn = z_get(np, MAXL, n);
        bgcn_status st = BGCN_OK;
        for (uint64_t c = 1; fn == 0 && c < 10; c++)
            st = bgcn_factor_rho(fp, &fn, np, nn, c, (uint64_t)1 << 20);
        method_found(st, fp, fn, n, p);
    }
    mpz_clears(p, q, n, NULL);
}

/* a prime p = 2 * (product of primes <= smooth) * big + 1 */
static void smooth_prime(mpz_t p, unsigned long smooth, unsigned long big)
{
    for (;;) {
        /* product of random primes below smooth */
        /* distinct primes: p - 1 must be B1-powersmooth */
        mpz_set_ui(p, 2);
        mpz_t q;
        mpz_init(q);
        while (mpz_sizeinbase(p, 2) < 70) {
            mpz_set_ui(q, 2 + t_rand_below(smooth - 2));
            mpz_nextprime(q, q);
            if (mpz_cmp_ui(q, smooth) <= 0 && !mpz_divisible_p(p, q))
                mpz_mul(p, p, q);
        }
        mpz_mul_ui(p, p, big);
        mpz_clear(q);
        mpz_add_ui(p, p, 1);
        if (mpz_probab_prime_p(p, 30))
            return;
    }
}

Test(factor_methods, pm1_alone_both_stages)
{
    t_seed();
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    bgcn_limb_t np[MAXL], fp[MAXL];
    for (int stage = 1; stage <= 2; stage++) {
        for (int i = 0; i < 4; i++) {
            /* stage 1: p - 1 is 1000-smooth; stage 2: times a prime in
             * (1000, 100000] */
            unsigned long big = 1;
            if (stage == 2) {
                mpz_set_ui(q, 1000 + t_rand_below(99000));
                mpz_nextprime(q, q);
                big = mpz_get_ui(q);
            }
            smooth_prime(p, 1000, big);
            rand_prime(q, 200);
            mpz_mul(n, p, q);
            long fn = 0, nn = z_get(np, MAXL, n);
            bgcn_status st = bgcn_factor_pm1(fp, &fn, np, nn, 1000,
                                             stage == 2 ? 100000 : 0);
            method_found(st, fp, fn, n, p);
        }
    }
    mpz_clears(p, q, n, NULL);
}

/* ECM's fixed-size + and - modulo N (unrolled up to 8 limbs) against
 * bgcn_fm_add / bgcn_fm_sub and GMP: 1 to 10 limbs, moduli with the top
 * bit set (the sum carries out of n limbs) and with a small top limb,
 * operands 0, 1, N - 1, pairs summing to N - 1, N and N + 1, equal
 * operands and r aliasing a or b, and random ones; every kernel path is
 * the same C here, so no path loop. */
Test(factor_methods, ecm_fixed_addsub)
{
    t_seed();
    mpz_t n, a, b, want, got;
    mpz_inits(n, a, b, want, got, NULL);
    bgcn_limb_t np[MAXL], ap[MAXL], bp[MAXL], r1[MAXL], r2[MAXL];
    for (long nl = 1; nl <= 10; nl++)
        for (int shape = 0; shape < 3; shape++) {
            /* shape 0: top bit set; 1: random; 2: top limb of a few bits */
            mpz_set_ui(n, 0);
            for (long i = 0; i < nl; i++) {
                mpz_mul_2exp(n, n, 64);
                mpz_add_ui(n, n, t_rand());
            }
            mp_bitcnt_t top = (mp_bitcnt_t)(64 * nl - 1);
            if (shape == 2) {
                top = (mp_bitcnt_t)(64 * (nl - 1) + 2);
                mpz_tdiv_r_2exp(n, n, top + 1);
            } else if (shape == 1) {
                /* top >= 1: with top 0 the modulus would be 1, below
                 * the edge operand a = 1 (about one run in 40 failed) */
                top = (mp_bitcnt_t)(64 * (nl - 1)) + 1 + t_rand_below(63);
                mpz_tdiv_r_2exp(n, n, top + 1);
            }
            mpz_setbit(n, top);
            mpz_setbit(n, 0);
            long nn = z_get(np, MAXL, n);
            bgcn_fmod md;
            cr_assert_eq(bgcn_fmod_init(&md, np, nn), BGCN_OK);
            for (int i = 0; i < 64; i++) {
                /* a from a few edge values, b chosen against a */
                int ea = i % 8, eb = (i / 8) % 8;
                if (ea == 0)
                    mpz_set_ui(a, 0);
                else if (ea == 1)
                    mpz_set_ui(a, 1);
                else if (ea == 2)
                    mpz_sub_ui(a, n, 1);
                else {
                    mpz_set_ui(a, t_rand());
                    for (long k = 1; k < nn; k++) {
                        mpz_mul_2exp(a, a, 64);
                        mpz_add_ui(a, a, t_rand());
                    }
                    mpz_mod(a, a, n);
                }
                if (eb < 3) { /* a + b = N - 1, N, N + 1 (mod 2N) */
                    mpz_sub(b, n, a);
                    if (eb == 0)
                        mpz_sub_ui(b, b, 1);
                    else if (eb == 2)
                        mpz_add_ui(b, b, 1);
                    mpz_mod(b, b, n);
                } else if (eb == 3) {
                    mpz_set(b, a);
                } else if (eb == 4) {
                    mpz_set_ui(b, 0);
                } else {
                    mpz_set_ui(b, t_rand());
                    for (long k = 1; k < nn; k++) {
                        mpz_mul_2exp(b, b, 64);
                        mpz_add_ui(b, b, t_rand());
                    }
                    mpz_mod(b, b, n);
                }
                for (int sub = 0; sub < 2; sub++)
                    for (int alias = 0; alias < 3; alias++) {
                        memset(ap, 0, sizeof ap);
                        memset(bp, 0, sizeof bp);
                        z_get(ap, nn, a);
                        z_get(bp, nn, b);
                        if (sub)
                            mpz_sub(want, a, b);
                        else
                            mpz_add(want, a, b);
                        mpz_mod(want, want, n);
                        if (sub)
                            bgcn_fm_sub(&md, r2, ap, bp);
                        else
                            bgcn_fm_add(&md, r2, ap, bp);
                        bgcn_limb_t *r = alias == 1 ? ap : alias == 2 ? bp : r1;
                        bgcn_ecm_fm_addsub(&md, r, ap, bp, sub);
                        z_set(got, r, nn);
                        cr_assert(mpz_cmp(got, want) == 0 &&
                                      memcmp(r, r2, (size_t)nn * sizeof *r) == 0,
                                  "ECM %s, %ld limbs, shape %d, edge %d/%d, "
                                  "alias %d: wrong",
                                  sub ? "sub" : "add", nn, shape, ea, eb,
                                  alias);
                    }
            }
            bgcn_fmod_clear(&md);
        }
    mpz_clears(n, a, b, want, got, NULL);
}

Test(factor_methods, ecm_alone)
{
    t_seed();
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    bgcn_limb_t np[MAXL], fp[MAXL];
    /* 40-bit factors with B1 = 2000, B2 = 200000: about 1 in 5 curves */
    for (int i = 0; i < 4; i++) {
        rand_prime(p, 40);
        rand_prime(q, 150 + 100 * i);
        mpz_mul(n, p, q);
        long fn = 0, nn = z_get(np, MAXL, n), done = 0;
        bgcn_status st = bgcn_factor_ecm(fp, &fn, np, nn, 2000, 200000,
                                         6 + t_rand_below(1000000), 200,
                                         NULL, NULL, &done);
        method_found(st, fp, fn, n, p);
        cr_assert(done >= 1 && done <= 200);
    }
    mpz_clears(p, q, n, NULL);
}

/* Stage 1 by Lucas chains (PRAC) against its slow twin, the ladder over
 * the chunks of the stage-1 exponent: the same point [E]P (same
 * normalised x), for moduli of 1 to 16 limbs without small factors, B1
 * from 2 up (the powers of 2 and 3 alone, then a few primes, then many),
 * on every kernel path. */
Test(factor_methods, ecm_stage1_prac_vs_ladder)
{
    t_seed();
    mpz_t p, q, n, f;
    mpz_inits(p, q, n, f, NULL);
    bgcn_limb_t np[MAXL], fp[MAXL], fp1[MAXL], x0[MAXL], x1[MAXL];
    static const uint64_t small_b1[] = {2, 3, 4, 5, 8, 9, 11, 12, 30};
    for (int pi = 0; bgcn_kernel_paths[pi]; pi++) {
        if (!bgcn_cpu_supported(bgcn_kernel_paths[pi]))
            continue;
        cr_assert_eq(bgcn_cpu_select(bgcn_kernel_paths[pi]->name), 0);
        for (int i = 0; i < 24; i++) {
            int bits = 40 + (int)t_rand_below(480);
            rand_prime(p, bits);
            rand_prime(q, bits + 1 + (int)t_rand_below(40));
            mpz_mul(n, p, q);
            long nn = z_get(np, MAXL, n);
            uint64_t B1 = i < 9 ? small_b1[i] : 31 + t_rand_below(i < 16 ? 300 : 30000);
            uint64_t sigma = 6 + t_rand_below((uint64_t)1 << 40);
            long f0 = 0, f1 = 0;
            memset(x0, 0, sizeof x0);
            memset(x1, 0xff, sizeof x1);
            cr_assert_eq(bgcn_ecm_stage1_x(x0, &f0, fp, np, nn, B1, sigma, 0),
                         BGCN_OK);
            cr_assert_eq(bgcn_ecm_stage1_x(x1, &f1, fp1, np, nn, B1, sigma, 1),
                         BGCN_OK);
            /* A curve whose order mod p is B1-smooth (a few in a hundred
             * for the smallest p and the largest B1) splits n: a split must
             * give p, and the point is then not compared, since x-only
             * arithmetic past the identity mod p differs between chains. */
            if (f0 > 0 || f1 > 0) {
                for (int k = 0; k < 2; k++) {
                    long fk = k ? f1 : f0;
                    if (fk == 0)
                        continue;
                    z_set(f, k ? fp1 : fp, fk);
                    cr_assert(mpz_cmp(f, p) == 0 || mpz_cmp(f, q) == 0,
                              "stage 1 (%s) gave a wrong factor of a product of "
                              "two %d-bit primes", k ? "PRAC" : "ladder", bits);
                }
                continue;
            }
            cr_assert(memcmp(x0, x1, (size_t)nn * sizeof *x0) == 0,
                      "%s: PRAC and the ladder differ (n %ld limbs, B1 %llu, "
                      "sigma %llu)",
                      bgcn_kernel_paths[pi]->name, nn, (unsigned long long)B1,
                      (unsigned long long)sigma);
        }
    }
    cr_assert_eq(bgcn_cpu_select(getenv("BIGCALC_CPU")), 0);
    mpz_clears(p, q, n, f, NULL);
}

/* The eight-lane stage 1 (factor_ecm_ifma.c, where the kernel path has
 * IFMA) against the one-curve chains: each lane's x equals that curve's
 * own stage 1, for moduli of 1 to 10 limbs (above 8 the batch is not
 * used and the function runs the curves one by one), on every kernel
 * path; a lane whose stage 1 splits n must give p or q. */
Test(factor_methods, ecm_stage1_batch_vs_one)
{
    t_seed();
    mpz_t p, q, n, f;
    mpz_inits(p, q, n, f, NULL);
    bgcn_limb_t np[MAXL], fp[8 * 10], fp1[MAXL], x8[8 * 10], x1[MAXL];
    long fn8[8];
    int batched_runs = 0;
    for (int pi = 0; bgcn_kernel_paths[pi]; pi++) {
        if (!bgcn_cpu_supported(bgcn_kernel_paths[pi]))
            continue;
        cr_assert_eq(bgcn_cpu_select(bgcn_kernel_paths[pi]->name), 0);
        for (int i = 0; i < 14; i++) {
            /* sizes 1..10 limbs, N's top bit at the top of its limb or
             * just above a limb boundary (K = 52 K - bits(N) at 4) */
            int bits = i < 10 ? 64 * (i + 1) - (int)t_rand_below(3) * 30
                              : 40 + (int)t_rand_below(600);
            if (bits < 20)
                bits = 20;
            int pb = bits / 2 > 20 ? bits / 2 - (int)t_rand_below(8) : 10;
            rand_prime(p, pb);
            do {
                rand_prime(q, bits - pb);
                mpz_mul(n, p, q);
            } while ((long)mpz_sizeinbase(n, 2) > 64 * 10);
            long nn = z_get(np, MAXL, n);
            uint64_t B1 = i % 3 == 0 ? 2 + t_rand_below(40) : 50 + t_rand_below(3000);
            uint64_t sigma = 6 + t_rand_below((uint64_t)1 << 40);
            int batched = 0;
            /* both leave x unwritten when Z = 0 mod N (the identity mod
             * both primes): the same filler then */
            memset(x8, 0xff, sizeof x8);
            cr_assert_eq(bgcn_ecm_stage1_x8(x8, fn8, fp, &batched, np, nn, B1,
                                            sigma),
                         BGCN_OK);
            batched_runs += batched;
            for (int l = 0; l < 8; l++) {
                long f1 = 0;
                memset(x1, 0xff, sizeof x1);
                cr_assert_eq(bgcn_ecm_stage1_x(x1, &f1, fp1, np, nn, B1,
                                               sigma + (uint64_t)l, 0),
                             BGCN_OK);
                if (fn8[l] > 0 || f1 > 0) {
                    for (int k = 0; k < 2; k++) {
                        long fk = k ? f1 : fn8[l];
                        if (fk == 0)
                            continue;
                        z_set(f, k ? fp1 : fp + l * nn, fk);
                        cr_assert(mpz_cmp(f, p) == 0 || mpz_cmp(f, q) == 0,
                                  "stage 1 (%s) gave a wrong factor",
                                  k ? "one curve" : "batch");
                    }
                    continue;
                }
                cr_assert(memcmp(x8 + l * nn, x1, (size_t)nn * sizeof *x1) == 0,
                          "%s: batch lane %d and one curve differ (n %ld "
                          "limbs, B1 %llu, sigma %llu, batched %d)",
                          bgcn_kernel_paths[pi]->name, l, nn,
                          (unsigned long long)B1,
                          (unsigned long long)sigma + (unsigned long long)l,
                          batched);
            }
        }
    }
    cr_log_info("ecm_stage1_batch_vs_one: %d runs in IFMA lanes", batched_runs);
    cr_assert_eq(bgcn_cpu_select(getenv("BIGCALC_CPU")), 0);
    mpz_clears(p, q, n, f, NULL);
}

/* The lane arithmetic of factor_ecm_ifma.c against GMP at its bounds:
 * products of values below 4N are a b / R52 mod N and below 2N, sums and
 * differences (+2N) of values below 2N are below 4N, with N of 1 to 8
 * limbs: random, 2^(64k) - 1 (all-ones limbs), 2^(64k-1) + 1 (just above
 * a limb's top bit), and top limbs that make 52 K - bits(N) = 4 exactly;
 * operands 0, 1, the bound - 1 and random below it. */
Test(factor_methods, ecm8_arith)
{
    t_seed();
    bgcn_ecm8 c;
    memset(&c, 0, sizeof c);
    cr_assert_eq(bgcn_ecm8_init(&c, (const bgcn_limb_t[]){7}, 1), BGCN_OK);
    if (!c.K) {
        cr_log_info("ecm8_arith: no IFMA on this path, skipped");
        return;
    }
    mpz_t N, a, b, r, e, R, bound, t;
    mpz_inits(N, a, b, r, e, R, bound, t, NULL);
    uint64_t av[8 * BGCN_ECM8_KMAX], bv[8 * BGCN_ECM8_KMAX],
        rv[8 * BGCN_ECM8_KMAX];
    bgcn_limb_t np[8], w[9];
    for (int k = 1; k <= 8; k++)
        for (int shape = 0; shape < 6; shape++) {
            mpz_set_ui(N, 0);
            if (shape == 0) { /* all ones */
                mpz_setbit(N, 64 * (mp_bitcnt_t)k);
                mpz_sub_ui(N, N, 1);
            } else if (shape == 1) { /* just above 2^(64k-1) */
                mpz_setbit(N, 64 * (mp_bitcnt_t)k - 1);
                mpz_add_ui(N, N, 1);
            } else if (shape == 2) { /* bits(N) = 52 K - 4 where it fits */
                int bits = ((64 * k + 51) / 52) * 52 - 4;
                if (bits > 64 * k)
                    bits -= 52;
                if (bits < 2)
                    bits = 64 * k;
                for (int j = 0; j < bits; j += 64) {
                    mpz_mul_2exp(N, N, 64);
                    mpz_add_ui(N, N, t_rand());
                }
                mpz_fdiv_r_2exp(N, N, (mp_bitcnt_t)bits);
                mpz_setbit(N, (mp_bitcnt_t)bits - 1);
                mpz_setbit(N, 0);
            } else {
                for (int j = 0; j < k; j++) {
                    mpz_mul_2exp(N, N, 64);
                    mpz_add_ui(N, N, t_rand());
                }
                mpz_setbit(N, 64 * (mp_bitcnt_t)k - 1 - t_rand_below(40));
                mpz_setbit(N, 0);
                mpz_fdiv_r_2exp(N, N, 64 * (mp_bitcnt_t)k);
            }
            long nn = z_get(np, 8, N);
            cr_assert_eq(bgcn_ecm8_init(&c, np, nn), BGCN_OK);
            cr_assert(c.K >= 1 && c.K <= BGCN_ECM8_KMAX);
            mpz_set_ui(R, 0);
            mpz_setbit(R, 52 * (mp_bitcnt_t)c.K);
            cr_assert(mpz_cmp(R, N) > 0);
            /* R52 mod N as the context has it */
            z_set(t, c.f, nn);
            mpz_mod(e, R, N);
            cr_assert(mpz_cmp(t, e) == 0, "R52 mod N, %d limbs", k);
            for (int op = 0; op < 3; op++)
                for (int rep = 0; rep < 6; rep++) {
                    /* bound on the operands: 4N for products, 2N else */
                    mpz_mul_ui(bound, N, op == 0 ? 4 : 2);
                    for (int l = 0; l < 8; l++) {
                        for (int s = 0; s < 2; s++) {
                            mpz_ptr x = s ? b : a;
                            int kind = (rep + l + 3 * s) % 5;
                            if (kind == 0)
                                mpz_set_ui(x, 0);
                            else if (kind == 1)
                                mpz_set_ui(x, 1);
                            else if (kind == 2)
                                mpz_sub_ui(x, bound, 1);
                            else {
                                mpz_set_ui(x, 0);
                                for (int j = 0; j <= k; j++) {
                                    mpz_mul_2exp(x, x, 64);
                                    mpz_add_ui(x, x, t_rand());
                                }
                                mpz_mod(x, x, bound);
                            }
                            long xn = z_get(w, 9, x);
                            bgcn_ecm8_set(&c, s ? bv : av, l, w, xn);
                        }
                    }
                    bgcn_ecm8_op(&c, rv, av, bv, op);
                    for (int l = 0; l < 8; l++) {
                        bgcn_ecm8_get(&c, w, av, l);
                        z_set(a, w, nn + 1);
                        bgcn_ecm8_get(&c, w, bv, l);
                        z_set(b, w, nn + 1);
                        for (int j = 0; j < c.K; j++)
                            cr_assert(rv[8 * j + l] < ((uint64_t)1 << 52),
                                      "digit %d not canonical", j);
                        bgcn_ecm8_get(&c, w, rv, l);
                        z_set(r, w, nn + 1);
                        if (op == 0) { /* r R52 = a b mod N, r < 2N */
                            mpz_mul(e, a, b);
                            mpz_mul(t, r, R);
                            mpz_sub(e, e, t);
                            cr_assert(mpz_divisible_p(e, N),
                                      "product, %d limbs, shape %d, lane %d: "
                                      "wrong residue", k, shape, l);
                            mpz_mul_ui(t, N, 2);
                            cr_assert(mpz_cmp(r, t) < 0,
                                      "product, %d limbs, shape %d, lane %d: "
                                      "not below 2N", k, shape, l);
                            continue;
                        }
                        /* a + b, a - b + 2N exactly */
                        if (op == 1) {
                            mpz_add(e, a, b);
                        } else {
                            mpz_sub(e, a, b);
                            mpz_addmul_ui(e, N, 2);
                        }
                        cr_assert(mpz_cmp(r, e) == 0,
                                  "op %d, %d limbs, shape %d, lane %d", op, k,
                                  shape, l);
                    }
                }
        }
    mpz_clears(N, a, b, r, e, R, bound, t, NULL);
}

/* bgcn_factor_ecm with many curves finds the same factor on the same
 * curve whether the kernel path runs eight curves at once in IFMA lanes
 * (both stages; the first lane in curve order that splits N wins) or one
 * at a time: mostly factors that only stage 2 finds (logged), after
 * curves that find nothing (q of 60 to 500 bits). */
Test(factor_methods, ecm_batch_same_curves)
{
    t_seed();
    mpz_t p, q, n, f;
    mpz_inits(p, q, n, f, NULL);
    bgcn_limb_t np[MAXL], fp[MAXL], fp0[MAXL];
    int by_stage2 = 0;
    for (int i = 0; i < 12; i++) {
        rand_prime(p, 34 + (int)t_rand_below(10));
        rand_prime(q, 60 + 40 * (i % 12));
        mpz_mul(n, p, q);
        long nn = z_get(np, MAXL, n);
        uint64_t sigma = 6 + t_rand_below(1000000);
        long fn0 = -1, done0 = -1, done1 = 0, fn1 = 0;
        /* stage 1 alone, to count the curves that stage 2 decided */
        cr_assert_eq(bgcn_factor_ecm(fp, &fn1, np, nn, 1000, 1000, sigma, 61,
                                     NULL, NULL, &done1),
                     BGCN_OK);
        for (int pi = 0; bgcn_kernel_paths[pi]; pi++) {
            if (!bgcn_cpu_supported(bgcn_kernel_paths[pi]))
                continue;
            cr_assert_eq(bgcn_cpu_select(bgcn_kernel_paths[pi]->name), 0);
            long fn = 0, done = 0;
            cr_assert_eq(bgcn_factor_ecm(fp, &fn, np, nn, 1000, 50000, sigma,
                                         61, NULL, NULL, &done),
                         BGCN_OK);
            if (pi == 0 && fn > 0 && (fn1 == 0 || done < done1))
                by_stage2++;
            if (fn0 < 0) {
                fn0 = fn;
                done0 = done;
                bgcn_copyi(fp0, fp, fn > 0 ? fn : 1);
                continue;
            }
            cr_assert(fn == fn0 && done == done0 &&
                          (fn == 0 || memcmp(fp, fp0, (size_t)fn * sizeof *fp) == 0),
                      "%s: factor after %ld curves, first path after %ld",
                      bgcn_kernel_paths[pi]->name, done, done0);
        }
    }
    cr_log_info("ecm_batch_same_curves: %d of 12 found by stage 2", by_stage2);
    cr_assert_eq(bgcn_cpu_select(getenv("BIGCALC_CPU")), 0);
    mpz_clears(p, q, n, f, NULL);
}

/* Stage 2's table of pairs against its definition (bgcn_ecm_plan_check):
 * with baby steps j < jw D / 2 for jw = 1 .. 4, every prime q in
 * (max(B1, D/2), B2] is kD - j or kD + j for a pair (k, j) of the table,
 * and every pair covers such a prime; B2 of one giant step, a few, many,
 * random B1 from 1155 (D/2) up.  The pairing of primes (jw > 1) must
 * need fewer pairs than one per prime's nearest giant step (jw = 1) on a
 * long range; the products per prime are logged. */
Test(factor_methods, ecm_stage2_table)
{
    t_seed();
    for (int jw = 1; jw <= 4; jw++)
        for (int c = 0; c < 8; c++) {
            uint64_t B1 = c < 2 ? 1155 : 1155 + t_rand_below(3000);
            uint64_t B2 = c == 0   ? 2310
                          : c == 1 ? 4620 + t_rand_below(2310)
                          : c < 5  ? B1 + t_rand_below(20 * B1)
                                   : 2310 * 40 + t_rand_below(100000);
            long primes, pairs, unc, useless;
            cr_assert_eq(bgcn_ecm_plan_check(B1, B2, jw, &primes, &pairs, &unc,
                                             &useless), BGCN_OK);
            cr_assert(unc == 0 && useless == 0 && pairs <= primes,
                      "jw %d B1 %llu B2 %llu: %ld of %ld primes uncovered, "
                      "%ld of %ld pairs cover none", jw, (unsigned long long)B1,
                      (unsigned long long)B2, unc, primes, useless, pairs);
        }
    long pr[5] = {0}, pa[5] = {0};
    for (int jw = 1; jw <= 4; jw++) {
        long unc, useless;
        cr_assert_eq(bgcn_ecm_plan_check(20000, 1000000, jw, &pr[jw], &pa[jw],
                                         &unc, &useless), BGCN_OK);
        cr_assert(unc == 0 && useless == 0);
        cr_log_info("ecm_stage2_table: jw %d, (2e4, 1e6]: %.4f products per "
                    "prime", jw, (double)pa[jw] / (double)pr[jw]);
    }
    cr_assert(pa[2] < pa[1] && pa[3] < pa[2] && pa[4] < pa[3]);
}

/* Stage 2 against its slow twin (bgcn_factor_ecm_twin: a ladder for
 * each multiple of the stage-1 point that stage 2 tests), curve by curve
 * with the same sigma, on every kernel path: N = p * q with p of 24-33
 * bits and q far above B2, so both must find p on exactly the same
 * curves (the twin takes the pairs from the same table, whose coverage of
 * the primes is ecm_stage2_table's test; an odd [j]Q of the baby-step
 * chain meeting the identity, j up to 3 D / 2 > B1, stops both).  B1 >= 1155 (D/2); B2
 * spans one giant step, a few, and more than one batch of 32 normalised
 * giant steps (not a multiple of the batch).  The
 * curves where stage 1 alone (B2 = B1) fails but the two stages succeed
 * are counted and logged (luck: ecm_stage2_needed is the check that
 * they occur). */
Test(factor_methods, ecm_stage2_twin)
{
    t_seed();
    mpz_t p, q, n, f;
    mpz_inits(p, q, n, f, NULL);
    bgcn_limb_t np[MAXL], fp[MAXL];
    int only2 = 0, found = 0, paths = 0, supported = 0;
    for (int pi = 0; bgcn_kernel_paths[pi]; pi++)
        supported += bgcn_cpu_supported(bgcn_kernel_paths[pi]) != 0;
    /* about 23% of these curves need stage 2 (measured over 560): at
     * least 56 curves in all, whatever the number of paths, so that the
     * fast stage and its twin are compared on a dozen such curves on
     * average also in a --disable-asm build */
    int per_path = supported > 0 ? (56 + supported - 1) / supported : 56;
    for (int pi = 0; bgcn_kernel_paths[pi]; pi++) {
        if (!bgcn_cpu_supported(bgcn_kernel_paths[pi]))
            continue;
        cr_assert_eq(bgcn_cpu_select(bgcn_kernel_paths[pi]->name), 0);
        paths++;
        for (int i = 0; i < per_path; i++) {
            rand_prime(p, 24 + (int)t_rand_below(10));
            rand_prime(q, 100 + (int)t_rand_below(300));
            mpz_mul(n, p, q);
            long nn = z_get(np, MAXL, n);
            uint64_t B1 = 1155 + t_rand_below(1000);
            uint64_t B2 = i % 3 == 0   ? 2310 + t_rand_below(2310)
                          : i % 3 == 1 ? 9 * B1
                                       : 2310 * 33 + t_rand_below(2310);
            uint64_t sigma = 6 + t_rand_below((uint64_t)1 << 40);
            long f1 = 0, f2 = 0, ft = 0;
            cr_assert_eq(bgcn_factor_ecm(fp, &f1, np, nn, B1, B1, sigma, 1,
                                         NULL, NULL, NULL), BGCN_OK);
            cr_assert_eq(bgcn_factor_ecm(fp, &f2, np, nn, B1, B2, sigma, 1,
                                         NULL, NULL, NULL), BGCN_OK);
            if (f2 > 0) {
                z_set(f, fp, f2);
                cr_assert(mpz_cmp(f, p) == 0,
                          "%s: stage 2 found a wrong factor (B1 %llu B2 "
                          "%llu sigma %llu)",
                          bgcn_kernel_paths[pi]->name, (unsigned long long)B1,
                          (unsigned long long)B2, (unsigned long long)sigma);
            }
            cr_assert_eq(bgcn_factor_ecm_twin(fp, &ft, np, nn, B1, B2, sigma),
                         BGCN_OK);
            cr_assert((ft > 0) == (f2 > 0),
                      "%s: stage 2 %s, its twin %s (B1 %llu B2 %llu sigma "
                      "%llu)",
                      bgcn_kernel_paths[pi]->name, f2 ? "found" : "missed",
                      ft ? "found" : "missed", (unsigned long long)B1,
                      (unsigned long long)B2, (unsigned long long)sigma);
            if (ft > 0) {
                z_set(f, fp, ft);
                cr_assert(mpz_cmp(f, p) == 0, "the twin found a wrong factor");
            }
            cr_assert(f2 > 0 || f1 == 0,
                      "stage 1 found a factor that both stages missed");
            found += f2 > 0;
            only2 += f2 > 0 && f1 == 0;
        }
    }
    cr_assert(paths >= 1);
    /* only2 (curves that needed stage 2) is luck here, about 23% of the
     * curves; ecm_stage2_needed below is the deterministic check */
    cr_log_info("ecm_stage2_twin: %d of the curves found p, %d needed stage 2",
                found, only2);
    cr_assert_eq(bgcn_cpu_select(getenv("BIGCALC_CPU")), 0);
    mpz_clears(p, q, n, f, NULL);
}

/* Stage 2 finding what stage 1 cannot, by construction: for these p and
 * sigma the point of Suyama's curve has an order whose largest prime is
 * in (B1, B2] = (2000, 18000] and the rest below B1 (PARI/GP, with
 * u = s^2 - 5, v = 4s, x0 = u^3/v^3, A = (v-u)^3 (3u+v) / (4u^3 v) - 2 and
 * B = x0^3 + A x0^2 + x0: ellorder(ellinit([0, AB, 0, B^2, 0]) mod p,
 * [B x0, B^2]) = 2 3^2 13 223 3187 for p = 332614393, s = 709456, and
 * 3^2 313 12919 for p = 436727377, s = 17720).  The order modulo p does
 * not depend on the cofactor q, so q is a fixed prime of 201, 401 and 701
 * bits (4, 7 and 11 limbs: the fixed-size sums and the general ones).
 * On every kernel path: stage 1 alone finds nothing, stages 1 + 2 and the
 * slow twin find p. */
Test(factor_methods, ecm_stage2_needed)
{
    static const struct {
        unsigned long p, sigma;
    } cases[] = {{332614393, 709456}, {436727377, 17720}};
    static const int qbits[] = {200, 400, 700};
    mpz_t q, n, f;
    mpz_inits(q, n, f, NULL);
    bgcn_limb_t np[MAXL], fp[MAXL];
    for (int pi = 0; bgcn_kernel_paths[pi]; pi++) {
        if (!bgcn_cpu_supported(bgcn_kernel_paths[pi]))
            continue;
        cr_assert_eq(bgcn_cpu_select(bgcn_kernel_paths[pi]->name), 0);
        for (int c = 0; c < 2; c++)
            for (int b = 0; b < 3; b++) {
                mpz_set_ui(q, 1);
                mpz_mul_2exp(q, q, (mp_bitcnt_t)qbits[b]);
                mpz_nextprime(q, q);
                mpz_mul_ui(n, q, cases[c].p);
                long nn = z_get(np, MAXL, n), f1 = 0, f2 = 0, ft = 0;
                cr_assert_eq(bgcn_factor_ecm(fp, &f1, np, nn, 2000, 2000,
                                             cases[c].sigma, 1, NULL, NULL,
                                             NULL), BGCN_OK);
                cr_assert(f1 == 0, "%s: stage 1 found a factor (p %lu)",
                          bgcn_kernel_paths[pi]->name, cases[c].p);
                cr_assert_eq(bgcn_factor_ecm(fp, &f2, np, nn, 2000, 18000,
                                             cases[c].sigma, 1, NULL, NULL,
                                             NULL), BGCN_OK);
                z_set(f, fp, f2);
                cr_assert(f2 > 0 && mpz_cmp_ui(f, cases[c].p) == 0,
                          "%s: stage 2 missed p %lu (q of %d bits)",
                          bgcn_kernel_paths[pi]->name, cases[c].p,
                          qbits[b] + 1);
                cr_assert_eq(bgcn_factor_ecm_twin(fp, &ft, np, nn, 2000,
                                                  18000, cases[c].sigma),
                             BGCN_OK);
                z_set(f, fp, ft);
                cr_assert(ft > 0 && mpz_cmp_ui(f, cases[c].p) == 0,
                          "%s: the twin missed p %lu (q of %d bits)",
                          bgcn_kernel_paths[pi]->name, cases[c].p,
                          qbits[b] + 1);
            }
    }
    cr_assert_eq(bgcn_cpu_select(getenv("BIGCALC_CPU")), 0);
    mpz_clears(q, n, f, NULL);
}

/* ---------------------------------------------------------------- */

Test(factor_driver, small_and_edge)
{
    expect("1", "");
    expect("2", "2");
    expect("4", "2^2");
    expect("12", "2^2*3");
    expect("1024", "2^10");
    expect("561", "3*11*17");
    expect("18446744073709551615", "3*5*17*257*641*65537*6700417");
    expect("18446744073709551616", "2^64");
    expect("18446744073709551617", "274177*67280421310721");
    expect("340282366920938463463374607431768211455",
           "3*5*17*257*641*65537*274177*6700417*67280421310721");
}

Test(factor_driver, fermat_numbers)
{
    expect("4294967297", "641*6700417");                     /* F5 */
    expect("18446744073709551617", "274177*67280421310721"); /* F6 */
    expect("340282366920938463463374607431768211457",        /* F7 */
           "59649589127497217*5704689200685129054721");
    expect("0x1" /* F8 */
           "0000000000000000000000000000000000000000000000000000000000000001",
           "1238926361552897*"
           "93461639715357977769163558199606896584051237541638188580280321");
}

Test(factor_driver, mersenne_and_cunningham)
{
    expect("147573952589676412927", "193707721*761838257287");     /* M67 */
    expect("2535301200456458802993406410751",
           "7432339208719*341117531003194129");                   /* M101 */
    expect("2361183241434822606847", "228479*48544121*212885833"); /* M71 */
    expect("9671406556917033397649407",
           "167*57912614113275649087721");                         /* M83 */
    expect("1000000000000000000001",
           "7^2*11*13*127*2689*459691*909091"); /* 10^21+1 */
    expect("0x" "3" "ffffffffffffffffffffffffffffff" "f" /* 2^126 - 1 */,
           "3^3*7^2*19*43*73*127*337*5419*92737*649657*77158673929");
}

Test(factor_driver, carmichael_and_powers)
{
    expect("41041", "7*11*13*41");
    expect("321197185", "5*19*23*29*37*137");
    /* (6k+1)(12k+1)(18k+1), Chernick, three ~41-bit primes */
    t_seed();
    mpz_t a, b, c, n, k;
    mpz_inits(a, b, c, n, k, NULL);
    for (;;) {
        mpz_set_ui(k, t_rand_below((uint64_t)1 << 38) + 1);
        mpz_mul_ui(a, k, 6);
        mpz_add_ui(a, a, 1);
        mpz_mul_ui(b, k, 12);
        mpz_add_ui(b, b, 1);
        mpz_mul_ui(c, k, 18);
        mpz_add_ui(c, c, 1);
        if (mpz_probab_prime_p(a, 20) && mpz_probab_prime_p(b, 20) &&
            mpz_probab_prime_p(c, 20))
            break;
    }
    mpz_mul(n, a, b);
    mpz_mul(n, n, c);
    char buf[4096], want[4096];
    check_factor(n, NULL, 0, buf, sizeof buf);
    gmp_snprintf(want, sizeof want, "%Zd*%Zd*%Zd", a, b, c);
    cr_assert_str_eq(buf, want);
    /* prime powers and squares of large primes */
    for (int i = 0; i < 6; i++) {
        rand_prime(a, 20 + 40 * i);
        unsigned long e = 2 + t_rand_below(6);
        mpz_pow_ui(n, a, e);
        check_factor(n, NULL, 0, buf, sizeof buf);
        gmp_snprintf(want, sizeof want, "%Zd^%lu", a, e);
        cr_assert_str_eq(buf, want);
    }
    /* (p^2 q^3)^2 = p^4 q^6: a power whose root is no power */
    rand_prime(a, 150);
    rand_prime(b, 31);
    mpz_pow_ui(n, a, 2);
    mpz_pow_ui(c, b, 3);
    mpz_mul(n, n, c);
    mpz_pow_ui(n, n, 2);
    check_factor(n, NULL, 0, buf, sizeof buf);
    gmp_snprintf(want, sizeof want, "%Zd^6*%Zd^4", b, a);
    cr_assert_str_eq(buf, want);
    mpz_clears(a, b, c, n, k, NULL);
}

Test(factor_driver, close_primes_and_tiny_factors)
{
    t_seed();
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    char buf[8192], want[8192];
    for (int i = 0; i < 4; i++) {
        rand_prime(p, 100 + 60 * i);
        mpz_add_ui(q, p, 2);
        mpz_nextprime(q, q);
        mpz_mul(n, p, q);
        check_factor(n, NULL, 0, buf, sizeof buf);
        gmp_snprintf(want, sizeof want, "%Zd*%Zd", p, q);
        cr_assert_str_eq(buf, want);
        /* 3 * p, 65537 * p, p with a 30-bit factor */
        rand_prime(p, 330);
        mpz_mul_ui(n, p, 3);
        check_factor(n, NULL, 0, buf, sizeof buf);
        rand_prime(q, 30);
        mpz_mul(n, p, q);
        check_factor(n, NULL, 0, buf, sizeof buf);
        gmp_snprintf(want, sizeof want, "%Zd*%Zd", q, p);
        cr_assert_str_eq(buf, want);
    }
    mpz_clears(p, q, n, NULL);
}

Test(factor_driver, random_products_of_random_primes)
{
    t_seed();
    mpz_t p, n;
    mpz_inits(p, n, NULL);
    char buf[8192];
    for (int i = 0; i < 30; i++) {
        mpz_set_ui(n, 1);
        int k = 1 + (int)t_rand_below(6);
        int big = 0;
        for (int j = 0; j < k; j++) {
            /* one factor of any size, the others small enough for rho
             * or a quick ECM (the long cases are in the benchmark) */
            int bits = big ? 2 + (int)t_rand_below(40)
                           : 2 + (int)t_rand_below(200);
            if (bits > 40)
                big = 1;
            rand_prime(p, bits);
            unsigned long e = 1 + (t_rand_below(4) == 0);
            mpz_pow_ui(p, p, e);
            mpz_mul(n, n, p);
        }
        check_factor(n, NULL, 0, buf, sizeof buf);
    }
    mpz_clears(p, n, NULL);
}

Test(factor_driver, restricted_methods_and_bound)
{
    mpz_t n;
    char buf[4096];
    /* factor(n, B) as gp: primes below B, the rest reported as it is */
    mpz_init_set_str(n, "340282366920938463463374607431768211457", 10);
    bgcn_factor_opts o;
    memset(&o, 0, sizeof o);
    o.bound = 1000;
    check_factor(n, &o, 1, buf, sizeof buf);
    cr_assert_str_eq(buf, "340282366920938463463374607431768211457?");
    mpz_mul_ui(n, n, 3 * 3 * 997);
    check_factor(n, &o, 1, buf, sizeof buf);
    cr_assert_str_eq(buf, "3^2*997*340282366920938463463374607431768211457?");
    mpz_set_str(n, "1000000000000000000001", 10);
    o.bound = 100;
    check_factor(n, &o, 1, buf, sizeof buf);
    cr_assert_str_eq(buf, "7^2*11*13*142714428428714143?");
    /* a prime cofactor is marked prime, a perfect power split */
    mpz_set_str(n, "6700417", 10);
    mpz_pow_ui(n, n, 3);
    mpz_mul_ui(n, n, 12);
    check_factor(n, &o, 1, buf, sizeof buf);
    cr_assert_str_eq(buf, "2^2*3*6700417^3");
    /* a method set that cannot split reports the composite */
    memset(&o, 0, sizeof o);
    o.methods = BGCN_FM_TRIAL;
    mpz_set_str(n, "340282366920938463463374607431768211457", 10);
    check_factor(n, &o, 1, buf, sizeof buf);
    cr_assert_str_eq(buf, "340282366920938463463374607431768211457?");
    /* ECM alone splits F7 */
    o.methods = BGCN_FM_ECM;
    check_factor(n, &o, 0, buf, sizeof buf);
    cr_assert_str_eq(buf, "59649589127497217*5704689200685129054721");
    mpz_clear(n);
}

static int progress_calls, progress_ecm;
static void progress_fn(void *arg, const char *phase)
{
    (void)arg;
    progress_calls++;
    unsigned long a, b, B1;
    if (sscanf(phase, "ECM curve %lu/%lu B1=%lu", &a, &b, &B1) == 3 &&
        a >= 1 && a <= b)
        progress_ecm++;
}

static void on_alarm(int sig)
{
    (void)sig;
    bgcn_interrupt_flag = 1;
}

Test(factor_driver, progress_and_interrupt)
{
    t_seed();
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    rand_prime(p, 170);
    rand_prime(q, 171);
    mpz_mul(n, p, q); /* about 103 digits: not finished within the test */
    bgcn_limb_t np[MAXL];
    long nn = z_get(np, MAXL, n);
    bgcn_factor_opts o;
    memset(&o, 0, sizeof o);
    o.progress = progress_fn;
    /* flag already raised */
    bgcn_interrupt_flag = 1;
    bgcn_factors fs;
    bgcn_factors_init(&fs);
    cr_assert_eq(bgcn_factor(&fs, np, nn, &o), BGCN_EINTR);
    cr_assert_eq(fs.count, 0);
    bgcn_interrupt_flag = 0;
    /* raised by a timer while ECM runs */
    o.methods = BGCN_FM_ECM;
    signal(SIGALRM, on_alarm);
    struct itimerval it = {{0, 0}, {0, 300000}};
    setitimer(ITIMER_REAL, &it, NULL);
    bgcn_status st = bgcn_factor(&fs, np, nn, &o);
    bgcn_interrupt_flag = 0;
    cr_assert_eq(st, BGCN_EINTR);
    cr_assert_eq(fs.count, 0);
    cr_assert(progress_calls > 0 && progress_ecm > 0,
              "progress %d, ECM %d", progress_calls, progress_ecm);
    mpz_clears(p, q, n, NULL);
}

Test(factor_driver, allocation_failures)
{
    mpz_t n;
    mpz_init_set_str(n, "2361183241434822606847", 10); /* M71 */
    mpz_mul_ui(n, n, 1000003);
    mpz_mul(n, n, n);
    bgcn_limb_t np[MAXL];
    long nn = z_get(np, MAXL, n);
    int oks = 0;
    for (long k = 1; k < 400; k++) {
        bgcn_factors fs;
        bgcn_factors_init(&fs);
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_factor(&fs, np, nn, NULL);
        bgcn_alloc_fail_after(0);
        cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
        if (st == BGCN_OK) {
            cr_assert(fs.verified);
            oks++;
        } else {
            cr_assert_eq(fs.count, 0);
        }
        bgcn_factors_clear(&fs);
    }
    cr_assert(oks > 0);
    mpz_clear(n);
}

Test(factor_driver, balanced_semiprimes_through_siqs)
{
    t_seed();
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    char buf[4096], want[4096];
    /* 30 and 40 digits: rho, short p-1, then the quadratic sieve */
    for (int i = 0; i < 2; i++) {
        rand_prime(p, 50 + 16 * i);
        rand_prime(q, 51 + 16 * i);
        mpz_mul(n, p, q);
        check_factor(n, NULL, 0, buf, sizeof buf);
        if (mpz_cmp(p, q) > 0)
            mpz_swap(p, q);
        gmp_snprintf(want, sizeof want, "%Zd*%Zd", p, q);
        cr_assert_str_eq(buf, want);
    }
    mpz_clears(p, q, n, NULL);
}
