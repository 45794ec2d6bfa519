/* test-num.c -- the signed-integer layer's arithmetic, division, shifts,
 * bitwise operations and conversions against GMP's mpz, on random signed
 * operands (zero, +-1, small, all-ones magnitudes, runs, single bits),
 * every sign combination and every aliasing (r = a, r = b, a = b), plus
 * the C/bc semantic corners and the error values. */
#include "numtest.h"
#include "messages.h"

#include <string.h>

#define ITER 1500
#define MAXN 24

typedef bgc_err (*binop)(bgc_int *, const bgc_int *, const bgc_int *);
typedef void (*mpzop)(mpz_ptr, mpz_srcptr, mpz_srcptr);

/* Checks op on (a, b) against ref in the three aliasings. */
static void check_binop(const char *name, binop op, mpzop ref,
                        const bgc_int *a, const bgc_int *b)
{
    mpz_t ma, mb, want;
    mpz_inits(ma, mb, want, NULL);
    nt_to_mpz(ma, a);
    nt_to_mpz(mb, b);
    ref(want, ma, mb);
    bgc_int r;
    bgc_init(&r);
    cr_assert_eq(op(&r, a, b), BGC_OK, "%s", name);
    cr_assert(nt_eq(name, &r, want), "%s", name);
    /* r = a */
    cr_assert_eq(bgc_set(&r, a), BGC_OK);
    cr_assert_eq(op(&r, &r, b), BGC_OK);
    cr_assert(nt_eq(name, &r, want), "%s r=a", name);
    /* r = b */
    cr_assert_eq(bgc_set(&r, b), BGC_OK);
    cr_assert_eq(op(&r, a, &r), BGC_OK);
    cr_assert(nt_eq(name, &r, want), "%s r=b", name);
    /* a = b = r (not for a division by a zero a) */
    if (mpz_sgn(ma) == 0 && (strstr(name, "div") || strstr(name, "mod"))) {
        bgc_clear(&r);
        mpz_clears(ma, mb, want, NULL);
        return;
    }
    cr_assert_eq(bgc_set(&r, a), BGC_OK);
    ref(want, ma, ma);
    cr_assert_eq(op(&r, &r, &r), BGC_OK);
    cr_assert(nt_eq(name, &r, want), "%s r=a=b", name);
    bgc_clear(&r);
    mpz_clears(ma, mb, want, NULL);
}

/* Every kernel path the machine supports (the layer is the same code on
 * each; this catches a path whose contract differs from the C twin's). */
Test(num, add_sub_mul_every_path)
{
    t_seed();
    bgc_int a, b;
    bgc_init(&a);
    bgc_init(&b);
    for (int p = 0; bgcn_kernel_paths[p]; p++) {
        if (!bgcn_cpu_supported(bgcn_kernel_paths[p]))
            continue;
        cr_assert_eq(bgcn_cpu_select(bgcn_kernel_paths[p]->name), 0);
        for (int i = 0; i < ITER / 4; i++) {
            nt_rand(&a, 3 * MAXN);
            nt_rand(&b, 3 * MAXN);
            check_binop("add", bgc_add, mpz_add, &a, &b);
            check_binop("sub", bgc_sub, mpz_sub, &a, &b);
            check_binop("mul", bgc_mul, mpz_mul, &a, &b);
            if (!bgc_is_zero(&b))
                check_binop("mod", bgc_mod, mpz_mod, &a, &b);
        }
    }
    bgcn_cpu_select("generic");
    bgc_clear(&a);
    bgc_clear(&b);
}

Test(num, add_sub_mul)
{
    t_seed();
    bgc_int a, b;
    bgc_init(&a);
    bgc_init(&b);
    for (int i = 0; i < ITER; i++) {
        nt_rand(&a, MAXN);
        nt_rand(&b, MAXN);
        check_binop("add", bgc_add, mpz_add, &a, &b);
        check_binop("sub", bgc_sub, mpz_sub, &a, &b);
        check_binop("mul", bgc_mul, mpz_mul, &a, &b);
        check_binop("and", bgc_and, mpz_and, &a, &b);
        check_binop("or", bgc_or, mpz_ior, &a, &b);
        check_binop("xor", bgc_xor, mpz_xor, &a, &b);
    }
    bgc_clear(&a);
    bgc_clear(&b);
}

Test(num, mul_large)
{
    t_seed();
    bgc_int a, b;
    bgc_init(&a);
    bgc_init(&b);
    for (int i = 0; i < 20; i++) {
        nt_rand(&a, 400);
        nt_rand(&b, 400);
        check_binop("mul", bgc_mul, mpz_mul, &a, &b);
    }
    bgc_clear(&a);
    bgc_clear(&b);
}

static void ref_tdiv_q(mpz_ptr r, mpz_srcptr a, mpz_srcptr b)
{
    mpz_tdiv_q(r, a, b);
}
static void ref_tdiv_r(mpz_ptr r, mpz_srcptr a, mpz_srcptr b)
{
    mpz_tdiv_r(r, a, b);
}
static void ref_mod(mpz_ptr r, mpz_srcptr a, mpz_srcptr b)
{
    mpz_mod(r, a, b);
}
static bgc_err fdiv_q(bgc_int *q, const bgc_int *a, const bgc_int *b)
{
    return bgc_fdiv_qr(q, NULL, a, b);
}
static bgc_err fdiv_r(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    return bgc_fdiv_qr(NULL, r, a, b);
}
static void ref_fdiv_q(mpz_ptr r, mpz_srcptr a, mpz_srcptr b)
{
    mpz_fdiv_q(r, a, b);
}
static void ref_fdiv_r(mpz_ptr r, mpz_srcptr a, mpz_srcptr b)
{
    mpz_fdiv_r(r, a, b);
}

Test(num, division)
{
    t_seed();
    bgc_int a, b, q, r;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&q);
    bgc_init(&r);
    mpz_t ma, mb, wq, wr;
    mpz_inits(ma, mb, wq, wr, NULL);
    for (int i = 0; i < ITER; i++) {
        nt_rand(&a, 2 * MAXN);
        nt_rand(&b, MAXN);
        if (bgc_is_zero(&b)) {
            cr_assert_eq(bgc_tdiv_qr(&q, &r, &a, &b), BGC_EDIVZERO);
            cr_assert_eq(bgc_fdiv_qr(&q, &r, &a, &b), BGC_EDIVZERO);
            cr_assert_eq(bgc_mod(&r, &a, &b), BGC_EMODZERO);
            continue;
        }
        check_binop("tdiv_q", bgc_tdiv_q, ref_tdiv_q, &a, &b);
        check_binop("tdiv_r", bgc_tdiv_r, ref_tdiv_r, &a, &b);
        check_binop("fdiv_q", fdiv_q, ref_fdiv_q, &a, &b);
        check_binop("fdiv_r", fdiv_r, ref_fdiv_r, &a, &b);
        check_binop("mod", bgc_mod, ref_mod, &a, &b);
        nt_to_mpz(ma, &a);
        nt_to_mpz(mb, &b);
        mpz_tdiv_qr(wq, wr, ma, mb);
        cr_assert_eq(bgc_tdiv_qr(&q, &r, &a, &b), BGC_OK);
        cr_assert(nt_eq("tdiv_qr q", &q, wq));
        cr_assert(nt_eq("tdiv_qr r", &r, wr));
        /* q = a, r = b */
        bgc_int a2, b2;
        bgc_init(&a2);
        bgc_init(&b2);
        cr_assert_eq(bgc_set(&a2, &a), BGC_OK);
        cr_assert_eq(bgc_set(&b2, &b), BGC_OK);
        cr_assert_eq(bgc_tdiv_qr(&a2, &b2, &a2, &b2), BGC_OK);
        cr_assert(nt_eq("tdiv_qr q=a", &a2, wq));
        cr_assert(nt_eq("tdiv_qr r=b", &b2, wr));
        mpz_fdiv_qr(wq, wr, ma, mb);
        cr_assert_eq(bgc_set(&a2, &a), BGC_OK);
        cr_assert_eq(bgc_set(&b2, &b), BGC_OK);
        cr_assert_eq(bgc_fdiv_qr(&b2, &a2, &a2, &b2), BGC_OK);
        cr_assert(nt_eq("fdiv_qr q=b", &b2, wq));
        cr_assert(nt_eq("fdiv_qr r=a", &a2, wr));
        bgc_clear(&a2);
        bgc_clear(&b2);
    }
    mpz_clears(ma, mb, wq, wr, NULL);
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&q);
    bgc_clear(&r);
}

Test(num, pow)
{
    t_seed();
    bgc_int a, e, r;
    bgc_init(&a);
    bgc_init(&e);
    bgc_init(&r);
    mpz_t ma, want;
    mpz_inits(ma, want, NULL);
    for (int i = 0; i < 300; i++) {
        nt_rand(&a, 4);
        unsigned long k = t_rand_below(i < 200 ? 40 : 300);
        cr_assert_eq(bgc_set_ui(&e, k), BGC_OK);
        nt_to_mpz(ma, &a);
        mpz_pow_ui(want, ma, k);
        cr_assert_eq(bgc_pow(&r, &a, &e), BGC_OK);
        cr_assert(nt_eq("pow", &r, want));
        cr_assert_eq(bgc_pow(&a, &a, &e), BGC_OK);
        cr_assert(nt_eq("pow r=a", &a, want));
    }
    /* e huge but base 0, 1, -1 */
    cr_assert_eq(bgc_set_str(&e, "123456789012345678901234567890", 30, 10),
                 BGC_OK);
    cr_assert_eq(bgc_set_si(&a, -1), BGC_OK);
    cr_assert_eq(bgc_pow(&r, &a, &e), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 1), 0);
    cr_assert_eq(bgc_set_si(&a, 0), BGC_OK);
    cr_assert_eq(bgc_pow(&r, &a, &e), BGC_OK);
    cr_assert_eq(bgc_sgn(&r), 0);
    cr_assert_eq(bgc_set_si(&e, 0), BGC_OK);
    cr_assert_eq(bgc_pow(&r, &a, &e), BGC_OK); /* 0^0 = 1 */
    cr_assert_eq(bgc_cmp_si(&r, 1), 0);
    mpz_clears(ma, want, NULL);
    bgc_clear(&a);
    bgc_clear(&e);
    bgc_clear(&r);
}

Test(num, shifts_and_not)
{
    t_seed();
    bgc_int a, r, n;
    bgc_init(&a);
    bgc_init(&r);
    bgc_init(&n);
    mpz_t ma, want;
    mpz_inits(ma, want, NULL);
    for (int i = 0; i < ITER; i++) {
        nt_rand(&a, MAXN);
        nt_to_mpz(ma, &a);
        uint64_t k = t_rand_below(i & 1 ? 64 : 2000);
        cr_assert_eq(bgc_set_u64(&n, k), BGC_OK);
        mpz_mul_2exp(want, ma, k);
        cr_assert_eq(bgc_shl(&r, &a, &n), BGC_OK);
        cr_assert(nt_eq("shl", &r, want));
        cr_assert_eq(bgc_set(&r, &a), BGC_OK);
        cr_assert_eq(bgc_shl(&r, &r, &n), BGC_OK);
        cr_assert(nt_eq("shl r=a", &r, want));
        mpz_fdiv_q_2exp(want, ma, k);
        cr_assert_eq(bgc_shr(&r, &a, &n), BGC_OK);
        cr_assert(nt_eq("shr", &r, want));
        cr_assert_eq(bgc_set(&r, &a), BGC_OK);
        cr_assert_eq(bgc_shr(&r, &r, &n), BGC_OK);
        cr_assert(nt_eq("shr r=a", &r, want));
        mpz_com(want, ma);
        cr_assert_eq(bgc_not(&r, &a), BGC_OK);
        cr_assert(nt_eq("not", &r, want));
        /* bit(a, k) */
        cr_assert_eq(bgc_bit(&r, &a, &n), BGC_OK);
        cr_assert_eq(bgc_cmp_si(&r, mpz_tstbit(ma, k)), 0, "bit %lu", k);
        /* popcount, bitlen */
        if (mpz_sgn(ma) >= 0) {
            cr_assert_eq(bgc_popcount(&r, &a), BGC_OK);
            cr_assert_eq(bgc_cmp_si(&r, (long)mpz_popcount(ma)), 0);
        } else {
            cr_assert_eq(bgc_popcount(&r, &a), BGC_ENEGARG);
        }
        cr_assert_eq(bgc_bitlen(&r, &a), BGC_OK);
        cr_assert_eq(bgc_cmp_si(&r, mpz_sgn(ma) ? (long)mpz_sizeinbase(ma, 2)
                                                 : 0),
                     0);
    }
    /* shift by a huge count */
    cr_assert_eq(bgc_set_si(&a, -5), BGC_OK);
    cr_assert_eq(bgc_set_str(&n, "100000000000000000000000", 24, 10),
                 BGC_OK);
    cr_assert_eq(bgc_shr(&r, &a, &n), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, -1), 0);
    cr_assert_eq(bgc_bit(&r, &a, &n), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 1), 0);
    mpz_clears(ma, want, NULL);
    bgc_clear(&a);
    bgc_clear(&r);
    bgc_clear(&n);
}

Test(num, strings)
{
    t_seed();
    bgc_int a, r, bz;
    bgc_init(&a);
    bgc_init(&r);
    bgc_init(&bz);
    mpz_t ma;
    mpz_init(ma);
    for (int i = 0; i < 400; i++) {
        nt_rand(&a, i < 380 ? 12 : 120);
        nt_to_mpz(ma, &a);
        for (int base = 2; base <= 36; base++) {
            char *s, *w = mpz_get_str(NULL, base, ma);
            size_t len;
            cr_assert_eq(bgc_get_str(&s, &len, &a, base), BGC_OK);
            cr_assert_str_eq(s, w, "base %d", base);
            cr_assert_eq(len, strlen(w));
            cr_assert_eq(bgc_set_str(&r, s, len, base), BGC_OK);
            cr_assert(nt_eq("set_str", &r, ma), "base %d: %s", base, s);
            /* upper case too */
            for (size_t j = 0; j < len; j++)
                if (s[j] >= 'a')
                    s[j] = (char)(s[j] - 'a' + 'A');
            cr_assert_eq(bgc_set_str(&r, s, len, base), BGC_OK);
            cr_assert(nt_eq("set_str upper", &r, ma));
            /* digits(|a|, base) */
            cr_assert_eq(bgc_set_si(&bz, base), BGC_OK);
            cr_assert_eq(bgc_digits(&r, &a, &bz), BGC_OK);
            size_t nd = strlen(w) - (w[0] == '-');
            cr_assert_eq(bgc_cmp_si(&r, (long)nd), 0, "digits base %d", base);
            free(s);
            void (*fr)(void *, size_t);
            mp_get_memory_functions(NULL, NULL, &fr);
            fr(w, strlen(w) + 1);
        }
    }
    /* separators, signs, leading zeros, errors */
    cr_assert_eq(bgc_set_str(&r, "1_000_000", 9, 10), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 1000000), 0);
    cr_assert_eq(bgc_set_str(&r, "-00ff", 5, 16), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, -255), 0);
    cr_assert_eq(bgc_set_str(&r, "+12", 3, 10), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 12), 0);
    cr_assert_eq(bgc_set_str(&r, "12a", 3, 10), BGC_EDIGIT);
    cr_assert_eq(bgc_set_str(&r, "", 0, 10), BGC_EDIGIT);
    cr_assert_eq(bgc_set_str(&r, "-", 1, 10), BGC_EDIGIT);
    cr_assert_eq(bgc_set_str(&r, "_1", 2, 10), BGC_EDIGIT);
    cr_assert_eq(bgc_set_str(&r, "1_", 2, 10), BGC_EDIGIT);
    cr_assert_eq(bgc_set_str(&r, "1", 1, 37), BGC_EBASE);
    char *s;
    cr_assert_eq(bgc_get_str(&s, NULL, &r, 1), BGC_EBASE);
    mpz_clear(ma);
    bgc_clear(&a);
    bgc_clear(&r);
    bgc_clear(&bz);
}

static void set(bgc_int *x, long v)
{
    cr_assert_eq(bgc_set_si(x, v), BGC_OK);
}

/* The semantic corners of the language (man/bigcalc.1, LANGUAGE). */
Test(num, corners)
{
    bgc_int a, b, r;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&r);
    struct {
        long a, b, q, rem, mod;
    } t[] = {
        {-7, 2, -3, -1, 1}, {7, -2, -3, 1, 1},  {-7, -2, 3, -1, 1},
        {7, 2, 3, 1, 1},    {-7, 3, -2, -1, 2}, {0, 5, 0, 0, 0},
        {-6, 3, -2, 0, 0},  {5, 7, 0, 5, 5},    {-5, 7, 0, -5, 2},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        set(&a, t[i].a);
        set(&b, t[i].b);
        cr_assert_eq(bgc_tdiv_q(&r, &a, &b), BGC_OK);
        cr_assert_eq(bgc_cmp_si(&r, t[i].q), 0, "%ld/%ld", t[i].a, t[i].b);
        cr_assert_eq(bgc_tdiv_r(&r, &a, &b), BGC_OK);
        cr_assert_eq(bgc_cmp_si(&r, t[i].rem), 0, "%ld%%%ld", t[i].a,
                     t[i].b);
        cr_assert_eq(bgc_mod(&r, &a, &b), BGC_OK);
        cr_assert_eq(bgc_cmp_si(&r, t[i].mod), 0, "%ld mod %ld", t[i].a,
                     t[i].b);
    }
    /* -1 >> 1 = -1, -2 >> 1 = -1, -3 >> 1 = -2 */
    long sh[][2] = {{-1, -1}, {-2, -1}, {-3, -2}, {1, 0}, {3, 1}};
    for (size_t i = 0; i < 5; i++) {
        set(&a, sh[i][0]);
        cr_assert_eq(bgc_shr_ui(&r, &a, 1), BGC_OK);
        cr_assert_eq(bgc_cmp_si(&r, sh[i][1]), 0);
    }
    /* ~x = -x-1; bitwise on negatives */
    set(&a, 5);
    cr_assert_eq(bgc_not(&r, &a), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, -6), 0);
    set(&a, -1);
    cr_assert_eq(bgc_not(&r, &a), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 0), 0);
    set(&a, -3);
    set(&b, -5);
    cr_assert_eq(bgc_and(&r, &a, &b), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, -7), 0);
    cr_assert_eq(bgc_or(&r, &a, &b), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, -1), 0);
    cr_assert_eq(bgc_xor(&r, &a, &b), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 6), 0);
    set(&a, -12);
    set(&b, 10);
    cr_assert_eq(bgc_and(&r, &a, &b), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 0), 0);
    set(&a, 0);
    cr_assert_eq(bgc_digits(&r, &a, &b), BGC_OK);
    cr_assert_eq(bgc_cmp_si(&r, 1), 0);
    /* get_si range */
    long v;
    set(&a, LONG_MIN);
    cr_assert_eq(bgc_get_si(&a, &v), BGC_OK);
    cr_assert_eq(v, LONG_MIN);
    cr_assert_eq(bgc_sub(&a, &a, &b), BGC_OK);
    cr_assert_eq(bgc_get_si(&a, &v), BGC_ERANGE);
    set(&a, LONG_MAX);
    cr_assert_eq(bgc_get_si(&a, &v), BGC_OK);
    cr_assert_eq(v, LONG_MAX);
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&r);
}

Test(num, errors)
{
    bgc_int a, b, r;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&r);
    char msg[200];
    set(&a, 7);
    set(&b, 0);
    cr_assert_eq(bgc_tdiv_q(&r, &a, &b), BGC_EDIVZERO);
    cr_assert_eq(bgc_tdiv_r(&r, &a, &b), BGC_EDIVZERO);
    cr_assert_eq(bgc_mod(&r, &a, &b), BGC_EMODZERO);
    set(&b, -1);
    cr_assert_eq(bgc_pow(&r, &a, &b), BGC_ENEGEXP);
    cr_assert_eq(bgc_shl(&r, &a, &b), BGC_ENEGARG);
    cr_assert_eq(bgc_shr(&r, &a, &b), BGC_ENEGARG);
    cr_assert_eq(bgc_bit(&r, &a, &b), BGC_ENEGARG);
    cr_assert_str_eq(bgc_strerror(BGC_EDIVZERO), "division by zero");
    /* 2^(2^40): refused before any allocation, naming the size */
    set(&a, 2);
    cr_assert_eq(bgc_shl_ui(&b, &a, 39), BGC_OK); /* b = 2^40 */
    bgcn_alloc_fail_after(1); /* any allocation would now fail */
    cr_assert_eq(bgc_pow(&r, &a, &b), BGC_ETOOBIG);
    cr_assert_eq(bgc_needed_bits(), ((uint64_t)1 << 40) + 1);
    bgc_format_err(msg, sizeof msg, BGC_ETOOBIG);
    cr_assert_str_eq(msg, "result too large: needs 1099511627777 bits, "
                          "limit is 17179869184 (--max-bits)");
    /* 1 << 2^62 */
    set(&a, 1);
    cr_assert_eq(bgc_shl_ui(&b, &a, 0), BGC_OK);
    bgc_int k;
    bgc_init(&k);
    bgcn_alloc_fail_after(0);
    cr_assert_eq(bgc_shl_ui(&k, &a, 62), BGC_OK);
    bgcn_alloc_fail_after(1);
    cr_assert_eq(bgc_shl(&r, &a, &k), BGC_ETOOBIG);
    cr_assert_eq(bgc_needed_bits(), ((uint64_t)1 << 62) + 1);
    /* (2^70)^(2^70): more than 2^64 bits */
    bgcn_alloc_fail_after(0);
    cr_assert_eq(bgc_shl_ui(&k, &a, 70), BGC_OK);
    bgcn_alloc_fail_after(1);
    cr_assert_eq(bgc_pow(&r, &k, &k), BGC_ETOOBIG);
    cr_assert_eq(bgc_needed_bits(), UINT64_MAX);
    bgc_format_err(msg, sizeof msg, BGC_ETOOBIG);
    cr_assert(strstr(msg, "more than 2^64 bits") != NULL, "%s", msg);
    bgcn_alloc_fail_after(0);
    /* --max-bits */
    bgc_set_max_bits(1300);
    set(&a, 3);
    cr_assert_eq(bgc_pow_ui(&r, &a, 1000), BGC_ETOOBIG);
    cr_assert_eq(bgc_needed_bits(), 1585); /* floor(1000 log2 3) + 1 */
    /* the bound is the true size: 3^820 has exactly 1300 bits */
    cr_assert_eq(bgc_pow_ui(&r, &a, 820), BGC_OK);
    cr_assert_eq(bgc_bitlen_u(&r), 1300);
    cr_assert_eq(bgc_pow_ui(&r, &a, 821), BGC_ETOOBIG);
    cr_assert_eq(bgc_needed_bits(), 1302);
    set(&a, -10);
    cr_assert_eq(bgc_pow_ui(&r, &a, 391), BGC_OK); /* 1299 bits */
    cr_assert_eq(bgc_pow_ui(&r, &a, 392), BGC_ETOOBIG);
    cr_assert_eq(bgc_needed_bits(), 1303);
    /* 10^391 as 392 digits, with leading zeros that do not count */
    char lit[402];
    memset(lit, '0', 401);
    lit[401] = 0;
    lit[9] = '1';
    cr_assert_eq(bgc_set_str(&r, lit, 401, 10), BGC_OK);
    cr_assert_eq(bgc_bitlen_u(&r), 1299);
    lit[8] = '1';
    cr_assert_eq(bgc_set_str(&r, lit, 401, 10), BGC_ETOOBIG);
    set(&a, 3);
    cr_assert_eq(bgc_pow_ui(&r, &a, 600), BGC_OK);
    cr_assert_eq(bgc_mul(&r, &r, &r), BGC_ETOOBIG);
    cr_assert_eq(bgc_needed_bits(), 2 * 951);
    char digs[401];
    memset(digs, '9', 400);
    digs[400] = 0;
    cr_assert_eq(bgc_set_str(&r, digs, 400, 10), BGC_ETOOBIG);
    cr_assert_eq(bgc_set_str(&r, digs, 300, 10), BGC_OK);
    /* bitwise results near the limit: bounded by the operands' bits + 1 */
    cr_assert_eq(bgc_set_si(&a, -1), BGC_OK);
    cr_assert_eq(bgc_shl_ui(&a, &a, 1200), BGC_OK);
    cr_assert_eq(bgc_set_si(&b, 12345), BGC_OK);
    cr_assert_eq(bgc_and(&r, &a, &b), BGC_OK);
    cr_assert_eq(bgc_or(&r, &a, &b), BGC_OK);
    cr_assert_eq(bgc_xor(&r, &a, &b), BGC_OK);
    cr_assert_eq(bgc_shl_ui(&a, &a, 99), BGC_OK);
    cr_assert_eq(bgc_shl_ui(&a, &a, 1), BGC_ETOOBIG);
    bgc_set_max_bits(BGC_DEFAULT_MAX_BITS);
    bgc_clear(&k);
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&r);
}

/* Each operation under forced allocation failure: BGC_ENOMEM at every
 * allocation point, the destination still usable, nothing leaked (the
 * sanitizer build's LeakSanitizer checks the last part). */
Test(num, enomem)
{
    t_seed();
    bgc_int a, b, r, q;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&r);
    bgc_init(&q);
    for (int op = 0; op < 12; op++) {
        for (long k = 1;; k++) {
            bgcn_alloc_fail_after(0);
            nt_rand(&a, 60);
            nt_rand(&b, 30);
            if (bgc_is_zero(&b))
                set(&b, 3);
            bgc_clear(&r);
            bgc_clear(&q);
            bgcn_alloc_fail_after(k);
            bgc_err e;
            char *s = NULL;
            switch (op) {
            case 0: e = bgc_add(&r, &a, &b); break;
            case 1: e = bgc_mul(&r, &a, &b); break;
            case 2: e = bgc_mul(&a, &a, &b); break;
            case 3: e = bgc_tdiv_qr(&q, &r, &a, &b); break;
            case 4: e = bgc_fdiv_qr(&q, &r, &a, &b); break;
            case 5: e = bgc_mod(&r, &a, &b); break;
            case 6: e = bgc_pow_ui(&r, &a, 5); break;
            case 7: e = bgc_xor(&r, &a, &b); break;
            case 8: e = bgc_shl_ui(&r, &a, 100); break;
            case 9: e = bgc_get_str(&s, NULL, &a, 10); break;
            case 10: e = bgc_set_str(&r, "123456789012345678901234567890",
                                     30, 10); break;
            default:
                e = bgc_digits(&r, &a, &b);
                if (e == BGC_EBASE)
                    e = BGC_OK;
                break;
            }
            bgcn_alloc_fail_after(0);
            free(s);
            if (e == BGC_OK)
                break;
            cr_assert_eq(e, BGC_ENOMEM, "op %d k %ld: %d", op, k, e);
            /* still usable */
            cr_assert_eq(bgc_add(&r, &r, &a), BGC_OK);
            cr_assert_eq(bgc_add(&q, &q, &a), BGC_OK);
            cr_assert(k < 1000);
        }
    }
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&r);
    bgc_clear(&q);
}

/* An independent reference for the semantics: C's own arithmetic on
 * 64-bit values (/ and % truncate in C99, >> of a negative is an
 * arithmetic shift in GCC, & | ^ ~ are two's complement), in 128 bits so
 * nothing overflows. */
Test(num, small_values_against_c_arithmetic)
{
    t_seed();
    bgc_int a, b, r, n;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&r);
    bgc_init(&n);
    for (int i = 0; i < 20000; i++) {
        int64_t x = (int64_t)(t_rand() >> t_rand_below(64));
        int64_t y = (int64_t)(t_rand() >> t_rand_below(64));
        if (t_rand() & 1)
            x = -x;
        if (t_rand() & 1)
            y = -y;
        if (x == INT64_MIN || y == INT64_MIN)
            continue;
        set(&a, x);
        set(&b, y);
        __int128 X = x, Y = y, v;
        long got;
        int64_t lo;
#define CHECK(expr, want)                                                  \
    do {                                                                   \
        cr_assert_eq((expr), BGC_OK);                                      \
        v = (want);                                                        \
        if (v >= LONG_MIN && v <= LONG_MAX) {                              \
            cr_assert_eq(bgc_get_si(&r, &got), BGC_OK, #expr);             \
            cr_assert_eq(got, (long)v, "%s: %ld %ld", #expr, (long)x,      \
                         (long)y);                                         \
        } else {                                                           \
            cr_assert_eq(bgc_get_si(&r, &got), BGC_ERANGE, #expr);         \
        }                                                                  \
    } while (0)
        CHECK(bgc_add(&r, &a, &b), X + Y);
        CHECK(bgc_sub(&r, &a, &b), X - Y);
        CHECK(bgc_and(&r, &a, &b), X & Y);
        CHECK(bgc_or(&r, &a, &b), X | Y);
        CHECK(bgc_xor(&r, &a, &b), X ^ Y);
        CHECK(bgc_not(&r, &a), ~X);
        if (y != 0) {
            CHECK(bgc_tdiv_q(&r, &a, &b), X / Y);
            CHECK(bgc_tdiv_r(&r, &a, &b), X % Y);
            __int128 am = Y < 0 ? -Y : Y;
            CHECK(bgc_mod(&r, &a, &b), ((X % am) + am) % am);
        }
        unsigned s = (unsigned)t_rand_below(70);
        set(&n, (long)s);
        lo = s >= 64 ? (x < 0 ? -1 : 0) : x >> s;
        CHECK(bgc_shr(&r, &a, &n), lo);
        if (s < 60 && (x < 0 ? -x : x) < ((int64_t)1 << 60 >> s))
            CHECK(bgc_shl(&r, &a, &n), X * ((__int128)1 << s));
#undef CHECK
    }
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&r);
    bgc_clear(&n);
}

/* The one message table (src/num/messages.h) has a text for every id. */
Test(num, message_table_complete)
{
    for (int id = 0; id < BGC_NMSG; id++)
        cr_assert_str_neq(bgc_message(id), "unknown error", "message %d has no text", id);
    cr_assert_str_eq(bgc_message(BGC_NMSG), "unknown error");
    cr_assert_str_eq(bgc_strerror((bgc_err)BGC_NERR), "unknown error");
    cr_assert_str_eq(bgc_strerror(BGC_ENOMEM), bgc_message(BGC_ENOMEM));
}

/* gp's sumdigits by GMP: the digits of |a| in base b, one division each. */
static void sumdigits_ref(mpz_t s, const bgc_int *a, const mpz_t b)
{
    mpz_t n, d;
    mpz_inits(n, d, NULL);
    nt_to_mpz(n, a);
    mpz_abs(n, n);
    mpz_set_ui(s, 0);
    while (mpz_sgn(n) != 0) {
        mpz_tdiv_qr(n, d, n, b);
        mpz_add(s, s, d);
    }
    mpz_clears(n, d, NULL);
}

/* bgc_sumdigits splits by powers b^(2^j) down to the engine's basecase (b
 * <= 2^32) or to single digits: sizes up to 300 limbs reach several
 * levels; bases small, at the 2^32 boundary, and multi-limb; the result
 * may alias an operand; b < 2 is a domain error; --max-bits at |a|'s own
 * size is no obstacle (the powers stop before passing |a|). */
Test(num, sumdigits, .timeout = 120)
{
    static const char *const bases[] = {"2", "3", "10", "16", "36", "37", "1000000007",
                                        "4294967295", "4294967296", "4294967297",
                                        "18446744073709551617", "100000000000000000000000000000"};
    bgc_int a, b, r;
    mpz_t want, bz, got;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&r);
    mpz_inits(want, bz, got, NULL);
    for (size_t k = 0; k < sizeof bases / sizeof *bases; k++) {
        cr_assert_eq(mpz_set_str(bz, bases[k], 10), 0);
        nt_from_mpz(&b, bz);
        for (int i = 0; i < 12; i++) {
            nt_rand(&a, i < 8 ? 40 : 300);
            sumdigits_ref(want, &a, bz);
            cr_assert_eq(bgc_sumdigits(&r, &a, &b), BGC_OK);
            nt_to_mpz(got, &r);
            cr_assert(mpz_cmp(got, want) == 0, "base %s, %ld limbs", bases[k], (long)a.size);
            cr_assert_eq(bgc_sumdigits(&a, &a, &b), BGC_OK); /* r aliases a */
            nt_to_mpz(got, &a);
            cr_assert(mpz_cmp(got, want) == 0, "aliased, base %s", bases[k]);
        }
    }
    cr_assert_eq(bgc_set_si(&a, 99), BGC_OK);
    for (long v = -3; v < 2; v++) {
        cr_assert_eq(bgc_set_si(&b, v), BGC_OK);
        cr_assert_eq(bgc_sumdigits(&r, &a, &b), BGC_EDOMAIN);
    }
    /* |a| = 10^600 - 1 right at the limit: sum 9 * 600 */
    uint64_t limit = bgc_get_max_bits();
    cr_assert_eq(bgc_set_si(&b, 10), BGC_OK);
    cr_assert_eq(bgc_pow_ui(&a, &b, 600), BGC_OK);
    cr_assert_eq(bgc_add_si(&a, &a, -1), BGC_OK);
    bgc_set_max_bits(bgc_bitlen_u(&a));
    cr_assert_eq(bgc_sumdigits(&r, &a, &b), BGC_OK);
    bgc_set_max_bits(limit);
    cr_assert_eq(bgc_cmp_si(&r, 5400), 0);
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&r);
    mpz_clears(want, bz, got, NULL);
}
