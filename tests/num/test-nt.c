/* test-nt.c -- roots, gcd/lcm, modular inverse, mulmod, powmod, jacobi,
 * primes and the random
 * numbers of the number layer, against GMP on random signed operands. */
#include "numtest.h"
#include "num-impl.h"

#include <string.h>

static void set(bgc_int *x, long v)
{
    cr_assert_eq(bgc_set_si(x, v), BGC_OK);
}

Test(nt, isqrt_iroot)
{
    t_seed();
    bgc_int a, r, k;
    bgc_init(&a);
    bgc_init(&r);
    bgc_init(&k);
    mpz_t ma, want;
    mpz_inits(ma, want, NULL);
    for (int i = 0; i < 400; i++) {
        nt_rand(&a, i < 350 ? 8 : 40);
        nt_to_mpz(ma, &a);
        if (mpz_sgn(ma) < 0) {
            cr_assert_eq(bgc_isqrt(&r, &a), BGC_ENEGARG);
        } else {
            mpz_sqrt(want, ma);
            cr_assert_eq(bgc_isqrt(&r, &a), BGC_OK);
            cr_assert(nt_eq("isqrt", &r, want));
        }
        unsigned long kk = 1 + t_rand_below(i & 1 ? 5 : 200);
        cr_assert_eq(bgc_set_ui(&k, kk), BGC_OK);
        if (mpz_sgn(ma) < 0 && kk % 2 == 0) {
            cr_assert_eq(bgc_iroot(&r, &a, &k), BGC_ENEGARG);
            continue;
        }
        mpz_root(want, ma, kk);
        cr_assert_eq(bgc_iroot(&r, &a, &k), BGC_OK);
        cr_assert(nt_eq("iroot", &r, want), "k=%lu", kk);
        cr_assert_eq(bgc_iroot(&a, &a, &k), BGC_OK);
        cr_assert(nt_eq("iroot r=a", &a, want), "k=%lu", kk);
    }
    /* perfect powers and their neighbours */
    for (unsigned long kk = 2; kk < 7; kk++) {
        for (int d = -1; d <= 1; d++) {
            mpz_ui_pow_ui(ma, 1000003, kk);
            mpz_add_ui(ma, ma, (unsigned long)(d + 1));
            mpz_sub_ui(ma, ma, 1);
            nt_from_mpz(&a, ma);
            cr_assert_eq(bgc_set_ui(&k, kk), BGC_OK);
            mpz_root(want, ma, kk);
            cr_assert_eq(bgc_iroot(&r, &a, &k), BGC_OK);
            cr_assert(nt_eq("iroot perfect", &r, want));
        }
    }
    cr_assert_eq(bgc_set_si(&k, 0), BGC_OK);
    cr_assert_eq(bgc_iroot(&r, &a, &k), BGC_EDOMAIN);
    cr_assert_eq(bgc_set_si(&k, -3), BGC_OK);
    cr_assert_eq(bgc_iroot(&r, &a, &k), BGC_EDOMAIN);
    mpz_clears(ma, want, NULL);
    bgc_clear(&a);
    bgc_clear(&r);
    bgc_clear(&k);
}

Test(nt, gcd_lcm_invmod_mulmod)
{
    t_seed();
    bgc_int a, b, m, r;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&m);
    bgc_init(&r);
    mpz_t ma, mb, mm, want;
    mpz_inits(ma, mb, mm, want, NULL);
    for (int i = 0; i < 1000; i++) {
        nt_rand(&a, 12);
        nt_rand(&b, 12);
        nt_rand(&m, 6);
        nt_to_mpz(ma, &a);
        nt_to_mpz(mb, &b);
        nt_to_mpz(mm, &m);
        if (i % 3 == 0) { /* common factors */
            mpz_mul(ma, ma, mm);
            mpz_mul(mb, mb, mm);
            nt_from_mpz(&a, ma);
            nt_from_mpz(&b, mb);
        }
        mpz_gcd(want, ma, mb);
        cr_assert_eq(bgc_gcd(&r, &a, &b), BGC_OK);
        cr_assert(nt_eq("gcd", &r, want));
        mpz_lcm(want, ma, mb);
        cr_assert_eq(bgc_lcm(&r, &a, &b), BGC_OK);
        cr_assert(nt_eq("lcm", &r, want));
        if (mpz_sgn(mm) == 0) {
            cr_assert_eq(bgc_invmod(&r, &a, &m), BGC_EMODZERO);
            cr_assert_eq(bgc_mulmod(&r, &a, &b, &m), BGC_EMODZERO);
            continue;
        }
        mpz_mul(want, ma, mb);
        mpz_mod(want, want, mm);
        cr_assert_eq(bgc_mulmod(&r, &a, &b, &m), BGC_OK);
        cr_assert(nt_eq("mulmod", &r, want));
        bgc_err e = bgc_invmod(&r, &a, &m);
        if (mpz_cmpabs_ui(mm, 1) == 0) {
            cr_assert_eq(e, BGC_OK);
            cr_assert_eq(bgc_sgn(&r), 0);
        } else if (mpz_invert(want, ma, mm)) {
            cr_assert_eq(e, BGC_OK);
            cr_assert(nt_eq("invmod", &r, want));
        } else {
            cr_assert_eq(e, BGC_ENOTINV);
        }
    }
    mpz_clears(ma, mb, mm, want, NULL);
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&m);
    bgc_clear(&r);
}

Test(nt, powmod)
{
    t_seed();
    bgc_int b, e, m, r;
    bgc_init(&b);
    bgc_init(&e);
    bgc_init(&m);
    bgc_init(&r);
    mpz_t mb, me, mm, want, inv;
    mpz_inits(mb, me, mm, want, inv, NULL);
    for (int i = 0; i < 600; i++) {
        nt_rand(&b, 10);
        nt_rand(&e, i & 1 ? 1 : 6);
        nt_rand(&m, i % 3 ? 6 : 40);
        nt_to_mpz(mb, &b);
        nt_to_mpz(me, &e);
        nt_to_mpz(mm, &m);
        bgc_err err = bgc_powmod(&r, &b, &e, &m);
        if (mpz_sgn(mm) == 0) {
            cr_assert_eq(err, BGC_EMODZERO);
            continue;
        }
        if (mpz_cmpabs_ui(mm, 1) == 0) {
            cr_assert_eq(err, BGC_OK);
            cr_assert_eq(bgc_sgn(&r), 0);
            continue;
        }
        if (mpz_sgn(me) < 0 && !mpz_invert(inv, mb, mm)) {
            cr_assert_eq(err, BGC_ENOTINV);
            continue;
        }
        cr_assert_eq(err, BGC_OK, "%d", err);
        mpz_powm(want, mb, me, mm);
        cr_assert(nt_eq("powmod", &r, want));
        /* r = b, r = m aliasing */
        cr_assert_eq(bgc_set(&r, &b), BGC_OK);
        cr_assert_eq(bgc_powmod(&r, &r, &e, &m), BGC_OK);
        cr_assert(nt_eq("powmod r=b", &r, want));
        cr_assert_eq(bgc_set(&r, &m), BGC_OK);
        cr_assert_eq(bgc_powmod(&r, &b, &e, &r), BGC_OK);
        cr_assert(nt_eq("powmod r=m", &r, want));
    }
    /* 2^(2^64) mod 1000003 */
    set(&b, 2);
    set(&e, 1);
    cr_assert_eq(bgc_shl_ui(&e, &e, 64), BGC_OK);
    set(&m, 1000003);
    cr_assert_eq(bgc_powmod(&r, &b, &e, &m), BGC_OK);
    mpz_set_ui(mb, 2);
    mpz_ui_pow_ui(me, 2, 64);
    mpz_set_ui(mm, 1000003);
    mpz_powm(want, mb, me, mm);
    cr_assert(nt_eq("2^(2^64) mod 1000003", &r, want));
    /* power-of-two moduli of whole limbs (and their multiples) */
    for (int sh = 60; sh <= 200; sh += 4) {
        for (int odd = 1; odd <= 5; odd += 2) {
            mpz_set_ui(mm, (unsigned long)odd);
            mpz_mul_2exp(mm, mm, (mp_bitcnt_t)sh);
            nt_from_mpz(&m, mm);
            mpz_set_ui(mb, 7);
            mpz_ui_pow_ui(me, 2, 100);
            mpz_add_ui(me, me, (unsigned long)sh);
            nt_from_mpz(&b, mb);
            nt_from_mpz(&e, me);
            cr_assert_eq(bgc_powmod(&r, &b, &e, &m), BGC_OK);
            mpz_powm(want, mb, me, mm);
            cr_assert(nt_eq("powmod 2^k", &r, want), "2^%d * %d", sh, odd);
            set(&e, 5);
            mpz_set_ui(me, 5);
            set(&b, 3);
            mpz_set_ui(mb, 3);
            cr_assert_eq(bgc_powmod(&r, &b, &e, &m), BGC_OK);
            mpz_powm(want, mb, me, mm);
            cr_assert(nt_eq("powmod 3^5", &r, want), "2^%d * %d", sh, odd);
        }
    }
    set(&b, 2);
    /* 2^-1 mod 7 = 4 */
    set(&e, -1);
    set(&m, 7);
    cr_assert_eq(bgc_powmod(&r, &b, &e, &m), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 4), 0);
    mpz_clears(mb, me, mm, want, inv, NULL);
    bgc_clear(&b);
    bgc_clear(&e);
    bgc_clear(&m);
    bgc_clear(&r);
}

Test(nt, jacobi_primes)
{
    t_seed();
    bgc_int a, n, r;
    bgc_init(&a);
    bgc_init(&n);
    bgc_init(&r);
    mpz_t ma, mn, want;
    mpz_inits(ma, mn, want, NULL);
    for (int i = 0; i < 500; i++) {
        nt_rand(&a, 6);
        nt_rand(&n, 4);
        nt_to_mpz(ma, &a);
        nt_to_mpz(mn, &n);
        bgc_err e = bgc_jacobi(&r, &a, &n);
        if (mpz_sgn(mn) <= 0 || mpz_even_p(mn)) {
            cr_assert_eq(e, BGC_EDOMAIN);
        } else {
            cr_assert_eq(e, BGC_OK);
            cr_assert_eq(bgc_cmp_si(&r, mpz_jacobi(ma, mn)), 0);
        }
        /* isprime / nextprime / prevprime on small and medium values */
        if (i % 2)
            cr_assert_eq(bgc_set_u64(&a, t_rand() >> t_rand_below(64)),
                         BGC_OK);
        nt_to_mpz(ma, &a);
        int p;
        cr_assert_eq(bgc_isprime(&p, &a, 0), BGC_OK);
        cr_assert_eq(p, mpz_sgn(ma) > 0 && mpz_probab_prime_p(ma, 30) != 0);
        cr_assert_eq(bgc_nextprime(&r, &a), BGC_OK);
        mpz_nextprime(want, ma);
        cr_assert(nt_eq("nextprime", &r, want));
        if (mpz_cmp_ui(ma, 2) <= 0) {
            cr_assert_eq(bgc_prevprime(&r, &a), BGC_EDOMAIN);
        } else {
            cr_assert_eq(bgc_prevprime(&r, &a), BGC_OK);
            nt_to_mpz(want, &r);
            cr_assert_lt(mpz_cmp(want, ma), 0);
            cr_assert(mpz_probab_prime_p(want, 30));
            mpz_nextprime(want, want);
            cr_assert_geq(mpz_cmp(want, ma), 0);
        }
    }
    /* 2^127 - 1 is prime, 2^127 + 1 is not */
    set(&a, 1);
    cr_assert_eq(bgc_shl_ui(&a, &a, 127), BGC_OK);
    cr_assert_eq(bgc_add_si(&n, &a, -1), BGC_OK);
    int p;
    cr_assert_eq(bgc_isprime(&p, &n, 5), BGC_OK);
    cr_assert_eq(p, 1);
    cr_assert_eq(bgc_add_si(&n, &a, 1), BGC_OK);
    cr_assert_eq(bgc_isprime(&p, &n, 5), BGC_OK);
    cr_assert_eq(p, 0);
    set(&n, -7);
    cr_assert_eq(bgc_isprime(&p, &n, 0), BGC_OK);
    cr_assert_eq(p, 0);
    /* randprime: k bits, prime, reproducible */
    bgc_int k, s;
    bgc_init(&k);
    bgc_init(&s);
    for (long bits = 2; bits < 300; bits += 37) {
        set(&k, bits);
        bgc_rand_seed((uint64_t)bits);
        cr_assert_eq(bgc_randprime(&r, &k), BGC_OK);
        cr_assert_eq(bgc_bitlen_u(&r), (uint64_t)bits);
        nt_to_mpz(want, &r);
        cr_assert(mpz_probab_prime_p(want, 30));
        bgc_rand_seed((uint64_t)bits);
        cr_assert_eq(bgc_randprime(&s, &k), BGC_OK);
        cr_assert_eq(bgc_cmp(&r, &s), 0);
    }
    set(&k, 1);
    cr_assert_eq(bgc_randprime(&r, &k), BGC_EDOMAIN);
    bgc_clear(&k);
    bgc_clear(&s);
    mpz_clears(ma, mn, want, NULL);
    bgc_clear(&a);
    bgc_clear(&n);
    bgc_clear(&r);
}

Test(nt, random_is_reproducible_and_in_range)
{
    bgc_int n, r, s, k;
    bgc_init(&n);
    bgc_init(&r);
    bgc_init(&s);
    bgc_init(&k);
    cr_assert_eq(bgc_set_str(&n, "1000000000000000000000000000007", 31, 10),
                 BGC_OK);
    bgc_rand_seed(42);
    cr_assert_eq(bgc_random(&r, &n), BGC_OK);
    bgc_rand_seed(42);
    cr_assert_eq(bgc_random(&s, &n), BGC_OK);
    cr_assert_eq(bgc_cmp(&r, &s), 0);
    bgc_rand_seed(43);
    cr_assert_eq(bgc_random(&s, &n), BGC_OK);
    cr_assert_neq(bgc_cmp(&r, &s), 0);
    /* range, and every value of a small range appears */
    int seen[7] = {0};
    cr_assert_eq(bgc_set_si(&n, 7), BGC_OK);
    for (int i = 0; i < 700; i++) {
        cr_assert_eq(bgc_random(&r, &n), BGC_OK);
        long v;
        cr_assert_eq(bgc_get_si(&r, &v), BGC_OK);
        cr_assert(v >= 0 && v < 7);
        seen[v]++;
    }
    for (int i = 0; i < 7; i++)
        cr_assert_gt(seen[i], 50);
    cr_assert_eq(bgc_set_si(&n, 0), BGC_OK);
    cr_assert_eq(bgc_random(&r, &n), BGC_EDOMAIN);
    cr_assert_eq(bgc_set_si(&k, 200), BGC_OK);
    int top = 0;
    for (int i = 0; i < 50; i++) {
        cr_assert_eq(bgc_randbits(&r, &k), BGC_OK);
        cr_assert_leq(bgc_bitlen_u(&r), 200);
        top |= bgc_bitlen_u(&r) == 200;
    }
    cr_assert(top);
    cr_assert_eq(bgc_set_si(&k, -1), BGC_OK);
    cr_assert_eq(bgc_randbits(&r, &k), BGC_ENEGARG);
    bgc_clear(&n);
    bgc_clear(&r);
    bgc_clear(&s);
    bgc_clear(&k);
}

/* The secure generator's block function against RFC 8439, section 2.3.2
 * (key 00 01 .. 1f, block count 1, nonce 00:00:00:09:00:00:00:4a:00:00:00:00;
 * the same 64 bytes come out of `openssl enc -chacha20`). */
Test(nt, chacha20_block_rfc8439)
{
    const uint32_t in[16] = {
        0x61707865, 0x3320646e, 0x79622d32, 0x6b206574,
        0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c,
        0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c,
        0x00000001, 0x09000000, 0x4a000000, 0x00000000};
    const uint32_t want[16] = {
        0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3,
        0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3,
        0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9,
        0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2};
    uint32_t out[16];
    bgc_chacha20_block(out, in);
    for (int i = 0; i < 16; i++)
        cr_assert_eq(out[i], want[i], "word %d: %08x, want %08x", i, out[i], want[i]);
}

/* Unseeded, the stream is the secure one: not seeded, no value repeats
 * over several refills (224 bytes each), every bit position takes both
 * values, and randbits/randprime work from it. */
Test(nt, secure_stream_by_default)
{
    cr_assert_eq(bgc_rand_is_seeded(), 0);
    enum { N = 300 };
    uint64_t x[N], or_all = 0, and_all = ~(uint64_t)0;
    for (int i = 0; i < N; i++) {
        cr_assert_eq(bgc_rand_u64(&x[i]), BGC_OK);
        or_all |= x[i];
        and_all &= x[i];
        for (int j = 0; j < i; j++)
            cr_assert_neq(x[i], x[j], "draw %d repeats draw %d", i, j);
    }
    cr_assert_eq(or_all, ~(uint64_t)0);
    cr_assert_eq(and_all, 0);
    bgc_int r, k;
    bgc_init(&r);
    bgc_init(&k);
    set(&k, 0);
    cr_assert_eq(bgc_randbits(&r, &k), BGC_OK);
    cr_assert_eq(r.size, 0);
    set(&k, 256);
    cr_assert_eq(bgc_randprime(&r, &k), BGC_OK);
    cr_assert_eq(bgc_bitlen_u(&r), 256);
    int p = 0;
    cr_assert_eq(bgc_isprime(&p, &r, 0), BGC_OK);
    cr_assert(p);
    bgc_rand_seed(7);
    cr_assert_eq(bgc_rand_is_seeded(), 1);
    bgc_clear(&r);
    bgc_clear(&k);
}

/* Forced allocation failure at every point: BGC_ENOMEM, the destination
 * still usable, no leak (checked by the sanitizer build). */
Test(nt, enomem)
{
    t_seed();
    bgc_int a, b, r, k;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&r);
    bgc_init(&k);
    for (int op = 0; op < 8; op++) {
        for (long n = 1;; n++) {
            bgcn_alloc_fail_after(0);
            nt_rand(&a, 40);
            nt_rand(&b, 20);
            cr_assert_eq(bgc_abs(&a, &a), BGC_OK);
            if (bgc_cmp_si(&b, 1) <= 0)
                cr_assert_eq(bgc_set_si(&b, 1000003), BGC_OK);
            cr_assert_eq(bgc_set_si(&k, 3), BGC_OK);
            bgc_clear(&r);
            bgcn_alloc_fail_after(n);
            bgc_err e;
            switch (op) {
            case 0: e = bgc_gcd(&r, &a, &b); break;
            case 1: e = bgc_lcm(&r, &a, &b); break;
            case 2: e = bgc_invmod(&r, &a, &b);
                if (e == BGC_ENOTINV) e = BGC_OK;
                break;
            case 3: e = bgc_isqrt(&r, &a); break;
            case 4: e = bgc_iroot(&r, &a, &k); break;
            case 5: e = bgc_mulmod(&r, &a, &a, &b); break;
            case 6: e = bgc_powmod(&r, &b, &a, &b);
                if (e == BGC_ENOTINV) e = BGC_OK;
                break;
            default: e = bgc_random(&r, &a);
                if (e == BGC_EDOMAIN) e = BGC_OK;
                break;
            }
            bgcn_alloc_fail_after(0);
            if (e == BGC_OK)
                break;
            cr_assert_eq(e, BGC_ENOMEM, "op %d n %ld: %d", op, n, e);
            cr_assert_eq(bgc_add(&r, &r, &a), BGC_OK);
            cr_assert(n < 10000);
        }
    }
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&r);
    bgc_clear(&k);
}

/* An interrupt raised before a long operation ends it with BGC_EINTR,
 * leaves the destination usable and leaks nothing. */
Test(nt, interrupt)
{
    bgc_int a, b, m, r;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&m);
    bgc_init(&r);
    set(&a, 3);
    set(&b, 200000);
    cr_assert_eq(bgc_pow(&m, &a, &b), BGC_OK); /* 3^200000 */
    cr_assert_eq(bgc_add_si(&m, &m, 2), BGC_OK);
    bgcn_interrupt_flag = 1;
    cr_assert_eq(bgc_pow(&r, &a, &b), BGC_EINTR);
    cr_assert_eq(bgc_powmod(&r, &a, &m, &m), BGC_EINTR);
    char *s = NULL;
    cr_assert_eq(bgc_get_str(&s, NULL, &m, 10), BGC_EINTR);
    cr_assert_eq(s, NULL);
    cr_assert_eq(bgc_fact(&r, &b), BGC_EINTR);
    cr_assert_eq(bgc_randprime(&r, &b), BGC_EINTR);
    bgcn_interrupt_flag = 0;
    cr_assert_eq(bgc_add(&r, &r, &a), BGC_OK);
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&m);
    bgc_clear(&r);
}
