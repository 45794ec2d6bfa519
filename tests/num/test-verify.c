/* test-verify.c -- --verify: for every kind of operation the number layer
 * verifies, (1) random operands under verification give no mismatch, and
 * (2) a fault injected into that kind's result is caught, counted and
 * reported with the operation name, the kernel path and the limb. */
#include "numtest.h"
#include "verify.h"

#include <string.h>
#include <unistd.h>

/* Operands: a, b big signed; p positive; m odd modulus; k small count. */
static bgc_int A, B, P, M, M2, K, R, Q;

static void setup_operands(void)
{
    bgc_init(&A);
    bgc_init(&B);
    bgc_init(&P);
    bgc_init(&M);
    bgc_init(&M2);
    bgc_init(&K);
    bgc_init(&R);
    bgc_init(&Q);
    do
        nt_rand(&A, 20);
    while (bgc_is_zero(&A));
    do
        nt_rand(&B, 10);
    while (bgc_is_zero(&B));
    cr_assert_eq(bgc_abs(&P, &A), BGC_OK);
    cr_assert_eq(bgc_abs(&M, &B), BGC_OK);
    M.d[0] |= 1;
    if (bgc_cmp_si(&M, 1) == 0)
        cr_assert_eq(bgc_set_si(&M, 1000003), BGC_OK);
    /* M2: any nonzero modulus, even ones (2^k parts) and negative ones */
    cr_assert_eq(bgc_set(&M2, &B), BGC_OK);
    if (t_rand() & 1)
        cr_assert_eq(bgc_shl_ui(&M2, &M2, t_rand_below(130)), BGC_OK);
    cr_assert_eq(bgc_set_si(&K, (long)t_rand_below(50) + 2), BGC_OK);
    if (t_rand() & 1) /* negative indices for fib/lucas, exponents elsewhere */
        cr_assert_eq(bgc_set_si(&K, (long)t_rand_below(300) + 2), BGC_OK);
}

static void teardown_operands(void)
{
    bgc_clear(&A);
    bgc_clear(&B);
    bgc_clear(&P);
    bgc_clear(&M);
    bgc_clear(&M2);
    bgc_clear(&K);
    bgc_clear(&R);
    bgc_clear(&Q);
}

/* The comparisons by their definition on signs and limbs (the engine's
 * bgcn_cmp is what a fault would be in; this reads the limbs itself). */
static int t_cmp_ref(const bgc_int *a, const bgc_int *b, int absolute)
{
    long as = absolute && a->size < 0 ? -a->size : a->size;
    long bs = absolute && b->size < 0 ? -b->size : b->size;
    if (as != bs)
        return as > bs ? 1 : -1;
    int neg = as < 0;
    for (long i = (neg ? -as : as) - 1; i >= 0; i--)
        if (a->d[i] != b->d[i])
            return (a->d[i] > b->d[i]) != neg ? 1 : -1;
    return 0;
}
static int t_cmp_ref_si(const bgc_int *a, long v)
{
    bgcn_limb_t m = v < 0 ? (bgcn_limb_t)0 - (bgcn_limb_t)v : (bgcn_limb_t)v;
    bgc_int b = {&m, v < 0 ? -1 : v > 0, 1};
    return t_cmp_ref(a, &b, 0);
}

static bgc_err run(const char *op)
{
    bgc_int ten;
    bgc_init(&ten);
    bgc_err e = BGC_OK;
    if (!strcmp(op, "add")) e = bgc_add(&R, &A, &B);
    else if (!strcmp(op, "sub")) e = bgc_sub(&R, &A, &B);
    else if (!strcmp(op, "mul")) e = bgc_mul(&R, &A, &B);
    else if (!strcmp(op, "sqr")) e = bgc_mul(&R, &A, &A);
    else if (!strcmp(op, "tdiv")) e = bgc_tdiv_qr(&Q, &R, &A, &B);
    else if (!strcmp(op, "fdiv")) e = bgc_fdiv_qr(&Q, &R, &A, &B);
    else if (!strcmp(op, "mod")) e = bgc_mod(&R, &A, &B);
    else if (!strcmp(op, "pow")) e = bgc_pow(&R, &B, &K);
    else if (!strcmp(op, "shl")) e = bgc_shl(&R, &A, &K);
    else if (!strcmp(op, "shr")) e = bgc_shr(&R, &A, &K);
    else if (!strcmp(op, "and")) e = bgc_and(&R, &A, &B);
    else if (!strcmp(op, "or")) e = bgc_or(&R, &A, &B);
    else if (!strcmp(op, "xor")) e = bgc_xor(&R, &A, &B);
    else if (!strcmp(op, "not")) e = bgc_not(&R, &A);
    else if (!strcmp(op, "popcount")) e = bgc_popcount(&R, &P);
    else if (!strcmp(op, "bit")) e = bgc_bit(&R, &A, &K);
    else if (!strcmp(op, "digits")) {
        e = bgc_set_si(&ten, 10);
        if (e == BGC_OK)
            e = bgc_digits(&R, &A, &ten);
    } else if (!strcmp(op, "sqrt")) e = bgc_isqrt(&R, &P);
    else if (!strcmp(op, "root")) e = bgc_iroot(&R, &P, &K);
    else if (!strcmp(op, "gcd")) e = bgc_gcd(&R, &A, &B);
    else if (!strcmp(op, "lcm")) e = bgc_lcm(&R, &A, &B);
    else if (!strcmp(op, "invmod")) {
        /* make sure A is invertible mod M: use A*M + 1... or fall back */
        e = bgc_mul(&R, &A, &M);
        if (e == BGC_OK)
            e = bgc_add_si(&R, &R, 1);
        if (e == BGC_OK)
            e = bgc_invmod(&R, &R, &M);
    } else if (!strcmp(op, "mulmod")) e = bgc_mulmod(&R, &A, &B, &M2);
    else if (!strcmp(op, "powmod")) e = bgc_powmod(&R, &A, &P, &M2);
    else if (!strcmp(op, "jacobi")) e = bgc_jacobi(&R, &A, &M);
    else if (!strcmp(op, "fact")) e = bgc_fact(&R, &K);
    else if (!strcmp(op, "binomial")) {
        e = bgc_set_si(&Q, 3);
        if (e == BGC_OK)
            e = bgc_binomial(&R, &P, &Q);
    } else if (!strcmp(op, "fib")) e = bgc_fib(&R, &K);
    else if (!strcmp(op, "lucas")) e = bgc_lucas(&R, &K);
    else if (!strcmp(op, "factmod")) e = bgc_fact_mod(&R, &K, &M2);
    else if (!strcmp(op, "fibmod")) e = bgc_fib_mod(&R, &A, &M2);
    else if (!strcmp(op, "lucasmod")) e = bgc_lucas_mod(&R, &A, &M2);
    else if (!strcmp(op, "isprime")) {
        int p;
        e = bgc_isprime(&p, &M, 2);
    } else if (!strcmp(op, "nextprime")) e = bgc_nextprime(&R, &A);
    else if (!strcmp(op, "prevprime")) {
        e = bgc_add_si(&Q, &P, 3);
        if (e == BGC_OK)
            e = bgc_prevprime(&R, &Q);
    }
    else if (!strcmp(op, "set_str")) {
        char *s;
        e = bgc_get_str(&s, NULL, &A, 10); /* verified too, not armed */
        if (e == BGC_OK) {
            e = bgc_set_str(&R, s, strlen(s), 10);
            free(s);
        }
    } else if (!strcmp(op, "get_str")) {
        char *s;
        e = bgc_get_str(&s, NULL, &A, 10);
        if (e == BGC_OK)
            free(s);
    } else if (!strcmp(op, "cmp")) {
        /* the first one is the one a fault corrupts; each must agree */
        cr_assert_eq(bgc_cmp(&A, &B), t_cmp_ref(&A, &B, 0));
        cr_assert_eq(bgc_cmpabs(&A, &B), t_cmp_ref(&A, &B, 1));
        cr_assert_eq(bgc_cmp(&B, &A), t_cmp_ref(&B, &A, 0));
        cr_assert_eq(bgc_cmp(&A, &A), 0);
        cr_assert_eq(bgc_cmp_si(&A, 5), t_cmp_ref_si(&A, 5));
    } else if (!strcmp(op, "sgn")) {
        cr_assert_eq(bgc_sgn(&A), A.size > 0 ? 1 : -1);
        cr_assert_eq(bgc_is_zero(&A), 0);
        bgc_int z;
        bgc_init(&z);
        cr_assert_eq(bgc_sgn(&z), 0);
        cr_assert_eq(bgc_is_zero(&z), 1);
    } else if (!strcmp(op, "abs")) e = bgc_abs(&R, &A);
    else if (!strcmp(op, "neg")) e = bgc_neg(&R, &A);
    else if (!strcmp(op, "bitlen")) e = bgc_bitlen(&R, &A);
    else if (!strcmp(op, "random")) e = bgc_random(&R, &P);
    else if (!strcmp(op, "randbits")) e = bgc_randbits(&R, &K);
    else if (!strcmp(op, "randprime")) e = bgc_randprime(&R, &K);
    else
        e = BGC_NERR; /* not implemented in this build */
    bgc_clear(&ten);
    return e;
}

/* Every kind this test knows how to drive. */
static const char *const kinds[] = {
    "add", "sub", "mul", "sqr", "tdiv", "fdiv", "mod", "pow", "shl", "shr",
    "and", "or", "xor", "not", "popcount", "bit", "digits", "sqrt", "root",
    "gcd", "lcm", "invmod", "mulmod", "powmod", "jacobi", "isprime",
    "nextprime", "prevprime", "fact", "binomial", "fib", "lucas", "factmod",
    "fibmod", "lucasmod", "set_str", "get_str", "cmp", "sgn", "abs", "neg",
    "bitlen", "random", "randbits", "randprime", NULL};

Test(verify, clean_runs_have_no_mismatch)
{
    t_seed();
    bgc_verify_enable(1);
    bgc_verify_reset();
    for (int it = 0; it < 60; it++) {
        setup_operands();
        for (int i = 0; kinds[i]; i++)
            cr_assert_eq(run(kinds[i]), BGC_OK, "%s", kinds[i]);
        teardown_operands();
    }
    if (bgc_verify_mismatches())
        bgc_verify_report(stderr);
    cr_assert_eq(bgc_verify_mismatches(), 0);
    cr_assert_gt(bgc_verify_checked(), 60 * 20);
    bgc_verify_enable(0);
}

Test(verify, every_kind_catches_a_fault)
{
    t_seed();
    bgc_verify_enable(1);
    for (int i = 0; kinds[i]; i++) {
        setup_operands();
        bgc_verify_reset();
        cr_assert_eq(bgc_verify_inject(kinds[i]), 0, "%s", kinds[i]);
        cr_assert_eq(run(kinds[i]), BGC_OK);
        cr_assert_eq(bgc_verify_mismatches(), 1, "fault in %s not caught",
                     kinds[i]);
        cr_assert_eq(bgc_verify_pending(), 1);
        /* The report names the operation and the kernel path. */
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        cr_assert_eq(bgc_verify_report(f), 1);
        fclose(f);
        char want[64];
        snprintf(want, sizeof want, "mismatch in %s ", kinds[i]);
        cr_assert(strstr(buf, want) != NULL, "%s", buf);
        cr_assert(strstr(buf, bgcn_kern.name) != NULL, "%s", buf);
        free(buf);
        cr_assert_eq(bgc_verify_pending(), 0);
        /* One-shot: the next run is clean again. */
        bgc_verify_reset();
        cr_assert_eq(run(kinds[i]), BGC_OK);
        cr_assert_eq(bgc_verify_mismatches(), 0, "%s", kinds[i]);
        teardown_operands();
    }
    bgc_verify_enable(0);
}

Test(verify, nested_operations_are_checked_once_and_limbs_named)
{
    bgc_verify_enable(1);
    bgc_verify_reset();
    bgc_int a, b, r;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&r);
    cr_assert_eq(bgc_set_si(&a, 3), BGC_OK);
    cr_assert_eq(bgc_set_si(&b, 200), BGC_OK);
    /* pow runs many sqr/mul inside; only pow is checked */
    cr_assert_eq(bgc_pow(&r, &a, &b), BGC_OK);
    cr_assert_eq(bgc_verify_checked(), 1);
    /* the report names the first differing limb */
    bgc_verify_inject("mul");
    cr_assert_eq(bgc_mul(&r, &r, &a), BGC_OK);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    bgc_verify_report(f);
    fclose(f);
    cr_assert(strstr(buf, "limb 0 is 0x") != NULL, "%s", buf);
    cr_assert(strstr(buf, "GMP has 0x") != NULL, "%s", buf);
    free(buf);
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&r);
    bgc_verify_enable(0);
}

Test(verify, fault_from_environment)
{
#ifndef BGC_TEST_HOOKS
    cr_skip_test("BIGCALC_FAULT is read only in a build configured with --enable-test-hooks");
#endif
    setenv("BIGCALC_FAULT", "add", 1);
    bgc_verify_enable(1);
    unsetenv("BIGCALC_FAULT");
    bgc_verify_reset();
    bgc_int a;
    bgc_init(&a);
    cr_assert_eq(bgc_set_si(&a, 5), BGC_OK);
    cr_assert_eq(bgc_add(&a, &a, &a), BGC_OK);
    cr_assert_eq(bgc_verify_mismatches(), 1);
    cr_assert_eq(bgc_verify_inject("no-such-op"), -1);
    bgc_verify_report(stderr); /* visible in the log, harmless */
    bgc_clear(&a);
    bgc_verify_enable(0);
}

/* Operations whose operands do not fit the GMP call they are checked
 * with: no false alarm. */
Test(verify, corner_operands_have_no_mismatch)
{
    bgc_verify_enable(1);
    bgc_verify_reset();
    bgc_int a, e, r;
    bgc_init(&a);
    bgc_init(&e);
    bgc_init(&r);
    cr_assert_eq(bgc_set_si(&e, 1), BGC_OK);
    cr_assert_eq(bgc_shl_ui(&e, &e, 64), BGC_OK); /* 2^64 */
    long bases[] = {0, 1, -1};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(bgc_set_si(&a, bases[i]), BGC_OK);
        cr_assert_eq(bgc_pow(&r, &a, &e), BGC_OK);
        cr_assert_eq(bgc_add_si(&e, &e, 1), BGC_OK);
        cr_assert_eq(bgc_pow(&r, &a, &e), BGC_OK);
        cr_assert_eq(bgc_shr(&r, &a, &e), BGC_OK);
        cr_assert_eq(bgc_shl(&r, &a, &e), a.size ? BGC_ETOOBIG : BGC_OK);
        cr_assert_eq(bgc_bit(&r, &a, &e), BGC_OK);
    }
    cr_assert_eq(bgc_set_si(&a, -12345), BGC_OK);
    cr_assert_eq(bgc_bit(&r, &a, &e), BGC_OK);
    cr_assert_eq(bgc_iroot(&r, &a, &e), BGC_OK); /* odd huge degree */
    /* errors: GMP never sees the operands (it would trap on these) */
    bgc_int z;
    bgc_init(&z);
    cr_assert_eq(bgc_tdiv_qr(&r, &e, &a, &z), BGC_EDIVZERO);
    cr_assert_eq(bgc_fdiv_qr(&r, &e, &a, &z), BGC_EDIVZERO);
    cr_assert_eq(bgc_mod(&r, &a, &z), BGC_EMODZERO);
    cr_assert_eq(bgc_invmod(&r, &a, &z), BGC_EMODZERO);
    cr_assert_eq(bgc_mulmod(&r, &a, &a, &z), BGC_EMODZERO);
    cr_assert_eq(bgc_isqrt(&r, &a), BGC_ENEGARG);
    cr_assert_eq(bgc_set_si(&z, 2), BGC_OK);
    cr_assert_eq(bgc_iroot(&r, &a, &z), BGC_ENEGARG);
    cr_assert_eq(bgc_set_si(&z, 0), BGC_OK);
    cr_assert_eq(bgc_iroot(&r, &a, &z), BGC_EDOMAIN);
    cr_assert_eq(bgc_pow(&r, &a, &e), BGC_ETOOBIG);
    bgc_clear(&z);
    if (bgc_verify_mismatches())
        bgc_verify_report(stderr);
    cr_assert_eq(bgc_verify_mismatches(), 0);
    bgc_clear(&a);
    bgc_clear(&e);
    bgc_clear(&r);
    bgc_verify_enable(0);
}

/* Zeros that have never had storage (d == NULL) as operands and as
 * results: GMP must never be handed a NULL limb pointer. */
Test(verify, fresh_zeros)
{
    bgc_verify_enable(1);
    bgc_verify_reset();
    bgc_int z, z2, r, three, ten;
    bgc_init(&z);
    bgc_init(&z2);
    bgc_init(&three);
    bgc_init(&ten);
    cr_assert_eq(bgc_set_si(&three, 3), BGC_OK);
    cr_assert_eq(bgc_set_si(&ten, 10), BGC_OK);
    for (int i = 0; i < 24; i++) {
        bgc_init(&r);
        bgc_err e = BGC_OK;
        int p;
        char *s = NULL;
        switch (i) {
        case 0: e = bgc_add(&r, &z, &z2); break;
        case 1: e = bgc_sub(&r, &z, &z2); break;
        case 2: e = bgc_mul(&r, &z, &z2); break;
        case 3: e = bgc_pow(&r, &three, &z); break;
        case 4: e = bgc_pow(&r, &z, &z2); break;
        case 5: e = bgc_shl(&r, &z, &three); break;
        case 6: e = bgc_shr(&r, &three, &z); break;
        case 7: e = bgc_and(&r, &z, &z2); break;
        case 8: e = bgc_xor(&r, &z, &three); break;
        case 9: e = bgc_not(&r, &z); break;
        case 10: e = bgc_popcount(&r, &z); break;
        case 11: e = bgc_bit(&r, &z, &z2); break;
        case 12: e = bgc_digits(&r, &z, &ten); break;
        case 13: e = bgc_isqrt(&r, &z); break;
        case 14: e = bgc_gcd(&r, &z, &z2); break;
        case 15: e = bgc_lcm(&r, &z, &three); break;
        case 16: e = bgc_get_str(&s, NULL, &z, 10); break;
        case 17: e = bgc_jacobi(&r, &z, &three); break;
        case 18: e = bgc_isprime(&p, &z, 0); break;
        case 19: e = bgc_nextprime(&r, &z); break;
        case 20: e = bgc_tdiv_qr(&r, &z2, &z, &three); break;
        case 21: e = bgc_mod(&r, &z, &three); break;
        case 22: e = bgc_powmod(&r, &z, &z2, &three); break;
        default: e = bgc_mulmod(&r, &z, &three, &three); break;
        }
        cr_assert_eq(e, BGC_OK, "case %d", i);
        free(s);
        bgc_clear(&r);
        bgc_clear(&z2);
    }
    if (bgc_verify_mismatches())
        bgc_verify_report(stderr);
    cr_assert_eq(bgc_verify_mismatches(), 0);
    bgc_clear(&z);
    bgc_clear(&three);
    bgc_clear(&ten);
    bgc_verify_enable(0);
}

/* A faulty comparison is caught and its answer replaced by GMP's: what
 * the caller (the VM's <, min, sort) goes on with is right. */
Test(verify, a_faulty_comparison_is_corrected)
{
    bgc_verify_enable(1);
    bgc_verify_reset();
    bgc_int a, b;
    bgc_init(&a);
    bgc_init(&b);
    cr_assert_eq(bgc_set_si(&a, 1), BGC_OK);
    cr_assert_eq(bgc_shl_ui(&a, &a, 200), BGC_OK);
    cr_assert_eq(bgc_add_si(&b, &a, 1), BGC_OK);
    const char *kinds2[] = {"cmp", "cmp", "sgn", "sgn"};
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(bgc_verify_inject(kinds2[i]), 0);
        switch (i) {
        case 0: cr_assert_eq(bgc_cmp(&a, &b), -1); break;
        case 1: cr_assert_eq(bgc_cmpabs(&b, &a), 1); break;
        case 2: cr_assert_eq(bgc_sgn(&a), 1); break;
        default: cr_assert_eq(bgc_is_zero(&a), 0); break;
        }
        cr_assert_eq(bgc_verify_mismatches(), (unsigned long)i + 1);
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(bgc_verify_report(f), 4);
    fclose(f);
    cr_assert(strstr(buf, "mismatch in cmp (operands of 4, 4 limbs") != NULL, "%s", buf);
    cr_assert(strstr(buf, "cmp is 1, GMP has -1; GMP's value is used") != NULL, "%s", buf);
    cr_assert(strstr(buf, "is_zero is 1, GMP has 0") != NULL, "%s", buf);
    free(buf);
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_verify_enable(0);
}

/* Random draws: the range is checked from either stream; from a seeded
 * one the value is replayed, so a low-bit fault (in range) is caught
 * there and GMP's (the replay's) value is used, and the same seed gives
 * the same values with and without --verify. */
Test(verify, random_draws_seeded_and_not)
{
    bgc_int n, r, k, first[3];
    bgc_init(&n);
    bgc_init(&r);
    bgc_init(&k);
    cr_assert_eq(bgc_set_si(&n, 1), BGC_OK);
    cr_assert_eq(bgc_shl_ui(&n, &n, 190), BGC_OK);
    cr_assert_eq(bgc_add_si(&n, &n, 12345), BGC_OK);
    cr_assert_eq(bgc_set_si(&k, 150), BGC_OK);
    for (int seeded = 0; seeded < 2; seeded++) {
        if (seeded)
            bgc_rand_seed(42);
        bgc_verify_enable(1);
        for (int i = 0; i < 3; i++) {
            const char *kind = i == 0 ? "random" : i == 1 ? "randbits" : "randprime";
            bgc_verify_reset();
            for (int rep = 0; rep < 20; rep++) {
                bgc_err e = i == 0 ? bgc_random(&r, &n)
                            : i == 1 ? bgc_randbits(&r, &k) : bgc_randprime(&r, &k);
                cr_assert_eq(e, BGC_OK);
            }
            cr_assert_eq(bgc_verify_mismatches(), 0, "%s", kind);
            cr_assert_eq(bgc_verify_inject(kind), 0);
            bgc_err e = i == 0 ? bgc_random(&r, &n)
                        : i == 1 ? bgc_randbits(&r, &k) : bgc_randprime(&r, &k);
            cr_assert_eq(e, BGC_OK);
            cr_assert_eq(bgc_verify_mismatches(), 1, "%s seeded %d", kind, seeded);
            char *buf = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&buf, &len);
            bgc_verify_report(f);
            fclose(f);
            int replaced = seeded && i < 2;
            cr_assert(strstr(buf, replaced ? "GMP's value is used" : "the engine's stays") != NULL,
                      "%s", buf);
            free(buf);
        }
        bgc_verify_enable(0);
    }
    /* the seeded stream with and without verification: the same values */
    for (int pass = 0; pass < 2; pass++) {
        bgc_rand_seed(7);
        bgc_verify_enable(pass);
        bgc_verify_reset();
        for (int i = 0; i < 3; i++) {
            if (pass == 0)
                bgc_init(&first[i]);
            bgc_err e = i == 0 ? bgc_random(&r, &n)
                        : i == 1 ? bgc_randbits(&r, &k) : bgc_randprime(&r, &k);
            cr_assert_eq(e, BGC_OK);
            if (pass == 0)
                cr_assert_eq(bgc_set(&first[i], &r), BGC_OK);
            else
                cr_assert_eq(bgc_cmp(&first[i], &r), 0, "draw %d", i);
        }
        cr_assert_eq(bgc_verify_mismatches(), 0);
        bgc_verify_enable(0);
    }
    for (int i = 0; i < 3; i++)
        bgc_clear(&first[i]);
    bgc_clear(&n);
    bgc_clear(&r);
    bgc_clear(&k);
}
