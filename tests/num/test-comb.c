/* test-comb.c -- the combinatorial wrappers over the engine: factorial,
 * binomial, Fibonacci, Lucas and their modular forms, against GMP, with
 * the sign rules and error cases of num.h and the size refusals of
 * --max-bits (man/bigcalc.1). */
#include "numtest.h"

#include <string.h>

static void set(bgc_int *x, long v)
{
    cr_assert_eq(bgc_set_si(x, v), BGC_OK);
}

Test(comb, fact_binomial_fib_lucas)
{
    bgc_int n, k, r, m;
    bgc_init(&n);
    bgc_init(&k);
    bgc_init(&r);
    bgc_init(&m);
    mpz_t want, mm, t;
    mpz_inits(want, mm, t, NULL);
    for (long i = -30; i < 700; i += (i < 100 ? 1 : 37)) {
        set(&n, i);
        if (i < 0) {
            cr_assert_eq(bgc_fact(&r, &n), BGC_ENEGARG);
        } else {
            cr_assert_eq(bgc_fact(&r, &n), BGC_OK);
            mpz_fac_ui(want, (unsigned long)i);
            cr_assert(nt_eq("fact", &r, want), "%ld", i);
        }
        unsigned long ai = (unsigned long)(i < 0 ? -i : i);
        mpz_fib_ui(want, ai);
        if (i < 0 && ai % 2 == 0)
            mpz_neg(want, want);
        cr_assert_eq(bgc_fib(&r, &n), BGC_OK);
        cr_assert(nt_eq("fib", &r, want), "%ld", i);
        mpz_lucnum_ui(want, ai);
        if (i < 0 && ai % 2 == 1)
            mpz_neg(want, want);
        cr_assert_eq(bgc_lucas(&r, &n), BGC_OK);
        cr_assert(nt_eq("lucas", &r, want), "%ld", i);
        /* modular forms, odd and even moduli */
        for (long mv = 1; mv < 5000; mv = mv * 7 + 2) {
            set(&m, mv);
            mpz_set_si(mm, mv);
            nt_to_mpz(t, &r); /* lucas(i) */
            mpz_mod(t, t, mm);
            cr_assert_eq(bgc_lucas_mod(&k, &n, &m), BGC_OK);
            cr_assert(nt_eq("lucas_mod", &k, t), "%ld mod %ld", i, mv);
            mpz_fib_ui(t, ai);
            if (i < 0 && ai % 2 == 0)
                mpz_neg(t, t);
            mpz_mod(t, t, mm);
            cr_assert_eq(bgc_fib_mod(&k, &n, &m), BGC_OK);
            cr_assert(nt_eq("fib_mod", &k, t), "%ld mod %ld", i, mv);
            if (i >= 0) {
                mpz_fac_ui(t, (unsigned long)i);
                mpz_mod(t, t, mm);
                cr_assert_eq(bgc_fact_mod(&k, &n, &m), BGC_OK);
                cr_assert(nt_eq("fact_mod", &k, t), "%ld mod %ld", i, mv);
            }
        }
        /* binomial(i, j) for a few j, including j < 0 and j > i */
        for (long j = -2; j <= i + 2 && i >= 0; j += 1 + i / 7) {
            set(&k, j);
            cr_assert_eq(bgc_binomial(&r, &n, &k), BGC_OK);
            if (j < 0 || j > i)
                mpz_set_ui(want, 0);
            else
                mpz_bin_uiui(want, (unsigned long)i, (unsigned long)j);
            cr_assert(nt_eq("binomial", &r, want), "%ld %ld", i, j);
        }
    }
    set(&n, -1);
    set(&k, 1);
    cr_assert_eq(bgc_binomial(&r, &n, &k), BGC_ENEGARG);
    /* binomial with n >= 2^64 */
    cr_assert_eq(bgc_set_str(&n, "123456789012345678901234567890", 30, 10),
                 BGC_OK);
    set(&k, 5);
    cr_assert_eq(bgc_binomial(&r, &n, &k), BGC_OK);
    mpz_set_str(t, "123456789012345678901234567890", 10);
    mpz_bin_ui(want, t, 5);
    cr_assert(nt_eq("binomial big n", &r, want));
    /* fib(10^18) mod 1000000007 and (10^7)! mod 1000000007 at once */
    cr_assert_eq(bgc_set_str(&n, "1000000000000000000", 19, 10), BGC_OK);
    set(&m, 1000000007);
    cr_assert_eq(bgc_fib_mod(&r, &n, &m), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 209783453), 0);
    set(&n, 10000000);
    cr_assert_eq(bgc_fact_mod(&r, &n, &m), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 682498929), 0);
    /* moduli 2^k * {1, 3}, k around whole limbs */
    for (int sh = 60; sh <= 200; sh += 4) {
        for (int odd = 1; odd <= 3; odd += 2) {
            mpz_set_ui(mm, (unsigned long)odd);
            mpz_mul_2exp(mm, mm, (mp_bitcnt_t)sh);
            nt_from_mpz(&m, mm);
            set(&n, 40);
            mpz_fac_ui(t, 40);
            mpz_mod(t, t, mm);
            cr_assert_eq(bgc_fact_mod(&r, &n, &m), BGC_OK);
            cr_assert(nt_eq("fact_mod 2^k", &r, t), "2^%d*%d", sh, odd);
            set(&n, 1000);
            mpz_fib_ui(t, 1000);
            mpz_mod(t, t, mm);
            cr_assert_eq(bgc_fib_mod(&r, &n, &m), BGC_OK);
            cr_assert(nt_eq("fib_mod 2^k", &r, t), "2^%d*%d", sh, odd);
            mpz_lucnum_ui(t, 1000);
            mpz_mod(t, t, mm);
            cr_assert_eq(bgc_lucas_mod(&r, &n, &m), BGC_OK);
            cr_assert(nt_eq("lucas_mod 2^k", &r, t), "2^%d*%d", sh, odd);
        }
    }
    set(&m, 1000000007);
    /* n >= |m|: 0 */
    set(&n, 1000000007);
    cr_assert_eq(bgc_fact_mod(&r, &n, &m), BGC_OK);
    cr_assert_eq(bgc_sgn(&r), 0);
    set(&m, 0);
    cr_assert_eq(bgc_fact_mod(&r, &n, &m), BGC_EMODZERO);
    cr_assert_eq(bgc_fib_mod(&r, &n, &m), BGC_EMODZERO);
    mpz_clears(want, mm, t, NULL);
    bgc_clear(&n);
    bgc_clear(&k);
    bgc_clear(&r);
    bgc_clear(&m);
}

/* (10^10)!, fib(10^30), binomial(10^12, 5*10^11) refused at once, before
 * any allocation, with a size estimate close to the truth. */
Test(comb, too_big_is_refused_before_allocation)
{
    bgc_int n, k, r;
    bgc_init(&n);
    bgc_init(&k);
    bgc_init(&r);
    cr_assert_eq(bgc_set_str(&n, "10000000000", 11, 10), BGC_OK);
    cr_assert_eq(bgc_set_si(&k, 5000000000), BGC_OK);
    bgcn_alloc_fail_after(1);
    cr_assert_eq(bgc_fact(&r, &n), BGC_ETOOBIG);
    /* log2((10^10)!) = 317765859097.78: 317765859098 bits; refused
     * before computing, the message names a lower bound close to it */
    cr_assert(bgc_needed_bits() <= 317765859098ULL &&
                  bgc_needed_bits() > 317765859090ULL,
              "%lu", (unsigned long)bgc_needed_bits());
    bgc_set_max_bits(1000000000);
    cr_assert_eq(bgc_binomial(&r, &n, &k), BGC_ETOOBIG);
    /* log2 C(10^10, 5*10^9) = 9999999983.06: 9999999984 bits */
    cr_assert(bgc_needed_bits() <= 9999999984ULL &&
                  bgc_needed_bits() > 9999999975ULL,
              "%lu", (unsigned long)bgc_needed_bits());
    bgc_set_max_bits(BGC_DEFAULT_MAX_BITS);
    bgcn_alloc_fail_after(0);
    cr_assert_eq(bgc_set_str(&n, "1000000000000000000000000000000", 31, 10),
                 BGC_OK);
    bgcn_alloc_fail_after(1);
    cr_assert_eq(bgc_fib(&r, &n), BGC_ETOOBIG);
    /* n >= 2^64: at least 2^64 log2(phi) bits, all it can say */
    cr_assert(bgc_needed_bits() >= 12806479656508932000ULL && !bgc_needed_exact(), "%llu",
              (unsigned long long)bgc_needed_bits());
    cr_assert_eq(bgc_set_si(&n, 100000000000), BGC_OK);
    cr_assert_eq(bgc_fib(&r, &n), BGC_ETOOBIG);
    /* 0.694 * 10^11, a lower bound */
    cr_assert(bgc_needed_bits() > 69424191363ULL - 3 &&
              bgc_needed_bits() <= 69424191363ULL);
    cr_assert(!bgc_needed_exact());
    bgcn_alloc_fail_after(0);
    bgc_clear(&n);
    bgc_clear(&k);
    bgc_clear(&r);
}

/* Forced allocation failure at every point: BGC_ENOMEM, no leak. */
Test(comb, enomem)
{
    bgc_int n, k, m, r;
    bgc_init(&n);
    bgc_init(&k);
    bgc_init(&m);
    bgc_init(&r);
    for (int op = 0; op < 7; op++) {
        for (long a = 1;; a++) {
            bgcn_alloc_fail_after(0);
            set(&n, 3000);
            set(&k, 1000);
            cr_assert_eq(bgc_set_str(&m, "1000000000000000000000007", 25, 10),
                         BGC_OK);
            bgc_clear(&r);
            bgcn_alloc_fail_after(a);
            bgc_err e;
            switch (op) {
            case 0: e = bgc_fact(&r, &n); break;
            case 1: e = bgc_binomial(&r, &n, &k); break;
            case 2: e = bgc_fib(&r, &n); break;
            case 3: e = bgc_lucas(&r, &n); break;
            case 4: e = bgc_fact_mod(&r, &n, &m); break;
            case 5: e = bgc_fib_mod(&r, &n, &m); break;
            default: e = bgc_lucas_mod(&r, &n, &m); break;
            }
            bgcn_alloc_fail_after(0);
            if (e == BGC_OK)
                break;
            cr_assert_eq(e, BGC_ENOMEM, "op %d a %ld: %d", op, a, e);
            cr_assert_eq(bgc_add(&r, &r, &n), BGC_OK);
            cr_assert(a < 10000);
        }
    }
    bgc_clear(&n);
    bgc_clear(&k);
    bgc_clear(&m);
    bgc_clear(&r);
}
