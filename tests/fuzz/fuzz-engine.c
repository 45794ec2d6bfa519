/* fuzz-engine.c -- fuzz target: the engine, through the number layer,
 * against GMP.  Each input picks an operation, a kernel path, the
 * multiplication/division crossovers (the tuned ones, or tiny ones so
 * that every algorithm -- Karatsuba, Toom-3/4, the NTT, divide and
 * conquer division -- runs on operands of a few dozen limbs), a
 * --max-bits limit, and operands: their sizes, signs and shapes (random
 * limbs from a generator seeded by the input, all ones, one bit, 2^k-1,
 * sparse, or limbs taken from the input itself).  The result is compared
 * with GMP's; an error is accepted only when it is the right one (a
 * "result too large" only when GMP's result really has more bits than the
 * limit).
 *
 * Input layout (missing bytes read as 0): op, path, crossover mode,
 * limit mode, then per operand a size byte, a shape byte, 8 seed bytes;
 * the rest are raw limb bytes for the "from input" shape. */
#include "fuzz.h"

#include "bgcn.h"
#include "num.h"

#include <stdio.h> /* before gmp.h: gmp_fprintf */

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static unsigned rd8(reader *r)
{
    if (r->n == 0)
        return 0;
    r->n--;
    return *r->p++;
}

static uint64_t rd64(reader *r)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | rd8(r);
    return v;
}

static uint64_t rng_state;
static uint64_t rng(void) /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Sizes in limbs: mostly small, sometimes a few hundred, rarely a few
 * thousand (the tuned Toom and NTT crossovers). */
static long pick_size(unsigned s)
{
    if (s < 128)
        return s % 9;
    if (s < 224)
        return 1 + (long)((s - 128) * 4) % 97 + (long)(s & 3) * 40;
    if (s < 252)
        return 100 + (long)(s - 224) * 37;
    return 2000 + (long)(s - 252) * 1100;
}

/* One operand into x (and z, GMP's copy). */
static void gen(reader *r, bgc_int *x, mpz_t z, long cap)
{
    long n = pick_size(rd8(r));
    unsigned shape = rd8(r);
    rng_state = rd64(r);
    if (n > cap)
        n = cap;
    bgcn_limb_t *d = calloc((size_t)n + 1, sizeof *d);
    if (!d)
        abort();
    switch (shape % 8) {
    case 0: /* from the input */
        for (long i = 0; i < n; i++)
            d[i] = rd64(r);
        break;
    case 1: /* all ones */
        for (long i = 0; i < n; i++)
            d[i] = ~(bgcn_limb_t)0;
        break;
    case 2: /* one bit */
        if (n)
            d[n - 1] = (bgcn_limb_t)1 << (rng() % 64);
        break;
    case 3: /* 2^k - 1 or 2^k + 1 */
        for (long i = 0; i + 1 < n; i++)
            d[i] = ~(bgcn_limb_t)0;
        if (n) {
            d[n - 1] = ((bgcn_limb_t)1 << (rng() % 64)) - 1;
            if (shape & 8) {
                memset(d, 0, (size_t)n * sizeof *d);
                d[0] = 1;
                d[n - 1] |= (bgcn_limb_t)1 << 63;
            }
        }
        break;
    case 4: /* sparse */
        for (long i = 0; i < n; i++)
            d[i] = rng() % 5 == 0 ? rng() & rng() : 0;
        break;
    case 5: /* small values */
        for (long i = 0; i < n; i++)
            d[i] = rng() % 4;
        break;
    default:
        for (long i = 0; i < n; i++)
            d[i] = rng();
    }
    int neg = (shape & 16) != 0;
    if (bgc_set_limbs(x, d, n, neg) != BGC_OK)
        bgc_fuzz_fail("set_limbs failed (%ld limbs)", n);
    mpz_import(z, (size_t)n, -1, sizeof *d, 0, 0, d);
    if (neg)
        mpz_neg(z, z);
    free(d);
}

static void to_mpz(mpz_t z, const bgc_int *x)
{
    long n = x->size < 0 ? -x->size : x->size;
    mpz_import(z, (size_t)n, -1, sizeof(bgcn_limb_t), 0, 0, x->d);
    if (x->size < 0)
        mpz_neg(z, z);
}

static const char *names[] = {
    "add", "sub", "mul", "sqr", "tdiv_qr", "fdiv_qr", "mod", "pow",
    "powmod", "mulmod", "gcd", "lcm", "invmod", "jacobi", "isqrt", "iroot",
    "shl", "shr", "and", "or", "xor", "not", "popcount", "bitlen",
    "bit", "digits", "isprime", "nextprime", "prevprime", "fact", "binomial", "fib",
    "lucas", "fact_mod", "fib_mod", "lucas_mod", "get_str", "neg_abs",
    "addmod", "submod",
};
#define NOPS ((unsigned)(sizeof names / sizeof names[0]))

static unsigned op;
static uint64_t limit;

/* The layer's answer e with result x against GMP's want (NULL: GMP has
 * no value, e.g. division by zero; then expect_err must match). */
static void check(bgc_err e, const bgc_int *x, const mpz_t want, bgc_err expect_err)
{
    char buf[200];
    if (!want) {
        if (e != expect_err)
            bgc_fuzz_fail("%s: error %d (%s), expected %d (%s)", names[op], (int)e,
                          bgc_format_err(buf, sizeof buf, e), (int)expect_err,
                          bgc_strerror(expect_err));
        return;
    }
    size_t bits = mpz_sgn(want) ? mpz_sizeinbase(want, 2) : 0;
    if (e == BGC_ETOOBIG) {
        /* Refused: only right when the result does not fit the limit,
         * and then the size it names is the true one, or, when the
         * message says "at least" (a product whose top bits leave the
         * carry open, refused without computing it), no more than it. */
        if (bits <= limit)
            bgc_fuzz_fail("%s: %s, but the result has %zu bits", names[op],
                          bgc_format_err(buf, sizeof buf, e), bits);
        if (bgc_needed_exact() ? bgc_needed_bits() != bits : bgc_needed_bits() > bits)
            bgc_fuzz_fail("%s: %s, but the result has %zu bits", names[op],
                          bgc_format_err(buf, sizeof buf, e), bits);
        return;
    }
    if (e != BGC_OK)
        bgc_fuzz_fail("%s: error %d (%s), GMP has a %zu-bit result", names[op], (int)e,
                      bgc_format_err(buf, sizeof buf, e), bits);
    if (bits > limit)
        bgc_fuzz_fail("%s: a %zu-bit result passed the %llu-bit limit", names[op], bits,
                      (unsigned long long)limit);
    mpz_t got;
    mpz_init(got);
    to_mpz(got, x);
    if (mpz_cmp(got, want) != 0) {
        gmp_fprintf(stderr, "want %Zx\ngot  %Zx\n", want, got);
        bgc_fuzz_fail("%s: wrong result (%zu bits) on path %s", names[op], bits, bgcn_kern.name);
    }
    mpz_clear(got);
}

static void tiny_crossovers(reader *r)
{
    bgcn_mul_toom22_threshold = 2 + (long)(rd8(r) % 3);
    bgcn_mul_toom33_threshold = 5 + (long)(rd8(r) % 4);
    bgcn_mul_toom44_threshold = 10 + (long)(rd8(r) % 6);
    bgcn_mul_ntt_threshold = 40 + (long)(rd8(r) % 40);
    bgcn_sqr_toom2_threshold = 2 + (long)(rd8(r) % 3);
    bgcn_sqr_toom3_threshold = 5 + (long)(rd8(r) % 4);
    bgcn_sqr_toom4_threshold = 10 + (long)(rd8(r) % 6);
    bgcn_sqr_ntt_threshold = 40 + (long)(rd8(r) % 40);
    /* Toom-6 and Toom-4.2 (toomk.c) follow from those, so the inputs
     * still read the same bytes. */
    bgcn_mul_toom6_threshold = bgcn_mul_toom44_threshold + 8;
    bgcn_sqr_toom6_threshold = bgcn_sqr_toom4_threshold + 8;
    bgcn_mul_toom42_threshold = bgcn_mul_toom22_threshold + 2;
    memset(bgcn_mul_ntt_min_k, 0, sizeof bgcn_mul_ntt_min_k);
    memset(bgcn_sqr_ntt_min_k, 0, sizeof bgcn_sqr_ntt_min_k);
    bgcn_div_dc_threshold = 4 + (long)(rd8(r) % 40);
}

static long default_div_dc;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    default_div_dc = bgcn_div_dc_threshold;
    bgc_rand_seed(1);
    return 1;
}

/* Run one small count operand through: *u = |z| mod bound. */
static unsigned long small_of(const mpz_t z, unsigned long bound)
{
    return bound ? (unsigned long)(mpz_fdiv_ui(z, bound)) : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int inited;
    if (!inited)
        inited = LLVMFuzzerInitialize(NULL, NULL);
    reader r = {data, size};
    op = rd8(&r) % NOPS;

    /* kernel path: any this CPU supports */
    const char *paths[16];
    int np = 0;
    for (int i = 0; bgcn_kernel_paths[i] && np < 16; i++)
        if (bgcn_cpu_supported(bgcn_kernel_paths[i]))
            paths[np++] = bgcn_kernel_paths[i]->name;
    unsigned pb = rd8(&r);
    if (np && bgcn_cpu_select(paths[pb % (unsigned)np]) != 0)
        bgc_fuzz_fail("cannot select path %s", paths[pb % (unsigned)np]);
    bgcn_div_dc_threshold = default_div_dc;
    if (rd8(&r) & 1)
        tiny_crossovers(&r);
    unsigned lm = rd8(&r);
    limit = lm < 200 ? (uint64_t)1 << 24 : 64 + (uint64_t)(lm - 200) * 997;
    bgc_set_max_bits((uint64_t)1 << 30); /* while the operands are made */

    bgc_int a, b, c, x, y;
    mpz_t za, zb, zc, w, w2;
    bgc_init(&a), bgc_init(&b), bgc_init(&c), bgc_init(&x), bgc_init(&y);
    mpz_init(za), mpz_init(zb), mpz_init(zc), mpz_init(w), mpz_init(w2);
    long cap = 40000;
    if (op == 7 || op == 8 || op == 9 || op == 12 || op == 13 || op == 15 || op >= 26)
        cap = 64; /* costly per limb: keep each input fast */
    if (op == 27 || op == 28)
        cap = 6;
    /* bigcalc's values never exceed the limit: neither do the operands */
    if (cap > (long)(limit / 64))
        cap = (long)(limit / 64);
    gen(&r, &a, za, cap);
    gen(&r, &b, zb, cap);
    /* powmod's modulus: at most 16 limbs (speed), and within the limit
     * like every operand (a 16-limb modulus under a 64-bit limit gave a
     * 318-bit result the check above then called a defect) */
    gen(&r, &c, zc, op == 8 && cap > 16 ? 16 : cap);
    bgc_set_max_bits(limit);
    limit = bgc_get_max_bits();
    bgc_err e;
    int sa = mpz_sgn(za), sb = mpz_sgn(zb);

    switch (op) {
    case 0:
        e = bgc_add(&x, &a, &b);
        mpz_add(w, za, zb);
        check(e, &x, w, 0);
        break;
    case 1:
        e = bgc_sub(&x, &a, &b);
        mpz_sub(w, za, zb);
        check(e, &x, w, 0);
        break;
    case 2:
        e = bgc_mul(&x, &a, &b);
        mpz_mul(w, za, zb);
        check(e, &x, w, 0);
        break;
    case 3:
        e = bgc_sqr(&x, &a);
        mpz_mul(w, za, za);
        check(e, &x, w, 0);
        break;
    case 4:
    case 5:
        e = op == 4 ? bgc_tdiv_qr(&x, &y, &a, &b) : bgc_fdiv_qr(&x, &y, &a, &b);
        if (!sb) {
            check(e, &x, NULL, BGC_EDIVZERO);
            break;
        }
        if (op == 4)
            mpz_tdiv_qr(w, w2, za, zb);
        else
            mpz_fdiv_qr(w, w2, za, zb);
        check(e, &x, w, 0);
        check(e, &y, w2, 0);
        break;
    case 6:
        e = bgc_mod(&x, &a, &b);
        if (!sb) {
            check(e, &x, NULL, BGC_EMODZERO);
            break;
        }
        mpz_mod(w, za, zb);
        check(e, &x, w, 0);
        break;
    case 7: { /* pow: small exponent */
        unsigned long k = small_of(zb, 300);
        bgc_set_ui(&b, k);
        e = bgc_pow(&x, &a, &b);
        mpz_pow_ui(w, za, k);
        check(e, &x, w, 0);
        break;
    }
    case 8: /* powmod, negative exponents too */
        e = bgc_powmod(&x, &a, &b, &c);
        if (!mpz_sgn(zc)) {
            check(e, &x, NULL, BGC_EMODZERO);
            break;
        }
        mpz_abs(zc, zc);
        if (sb < 0 && !mpz_invert(w2, za, zc) && mpz_cmp_ui(zc, 1) != 0) {
            check(e, &x, NULL, BGC_ENOTINV);
            break;
        }
        mpz_powm(w, za, zb, zc);
        check(e, &x, w, 0);
        break;
    case 9:
        e = bgc_mulmod(&x, &a, &b, &c);
        if (!mpz_sgn(zc)) {
            check(e, &x, NULL, BGC_EMODZERO);
            break;
        }
        mpz_mul(w, za, zb);
        mpz_mod(w, w, zc);
        check(e, &x, w, 0);
        break;
    case 10:
        e = bgc_gcd(&x, &a, &b);
        mpz_gcd(w, za, zb);
        check(e, &x, w, 0);
        break;
    case 11:
        e = bgc_lcm(&x, &a, &b);
        mpz_lcm(w, za, zb);
        check(e, &x, w, 0);
        break;
    case 12:
        e = bgc_invmod(&x, &a, &b);
        if (!sb) {
            check(e, &x, NULL, BGC_EMODZERO);
            break;
        }
        mpz_abs(zb, zb);
        if (mpz_cmp_ui(zb, 1) == 0) {
            check(e, &x, w, 0); /* w = 0 */
        } else if (!mpz_invert(w, za, zb)) {
            check(e, &x, NULL, BGC_ENOTINV);
        } else {
            check(e, &x, w, 0);
        }
        break;
    case 13:
        e = bgc_jacobi(&x, &a, &b);
        if (sb <= 0 || mpz_even_p(zb)) {
            check(e, &x, NULL, BGC_EDOMAIN);
            break;
        }
        mpz_set_si(w, mpz_jacobi(za, zb));
        check(e, &x, w, 0);
        break;
    case 14:
        e = bgc_isqrt(&x, &a);
        if (sa < 0) {
            check(e, &x, NULL, BGC_ENEGARG);
            break;
        }
        mpz_sqrt(w, za);
        check(e, &x, w, 0);
        break;
    case 15: {
        unsigned long k = small_of(zb, 80);
        bgc_set_ui(&b, k);
        e = bgc_iroot(&x, &a, &b);
        if (k < 1) {
            check(e, &x, NULL, BGC_EDOMAIN);
            break;
        }
        if (sa < 0 && k % 2 == 0) {
            check(e, &x, NULL, BGC_ENEGARG);
            break;
        }
        mpz_root(w, za, k);
        check(e, &x, w, 0);
        break;
    }
    case 16:
    case 17: {
        unsigned long k = small_of(zb, 5000);
        bgc_set_ui(&b, k);
        e = op == 16 ? bgc_shl(&x, &a, &b) : bgc_shr(&x, &a, &b);
        if (op == 16)
            mpz_mul_2exp(w, za, k);
        else
            mpz_fdiv_q_2exp(w, za, k);
        check(e, &x, w, 0);
        break;
    }
    case 18:
        e = bgc_and(&x, &a, &b);
        mpz_and(w, za, zb);
        check(e, &x, w, 0);
        break;
    case 19:
        e = bgc_or(&x, &a, &b);
        mpz_ior(w, za, zb);
        check(e, &x, w, 0);
        break;
    case 20:
        e = bgc_xor(&x, &a, &b);
        mpz_xor(w, za, zb);
        check(e, &x, w, 0);
        break;
    case 21:
        e = bgc_not(&x, &a);
        mpz_com(w, za);
        check(e, &x, w, 0);
        break;
    case 22:
        e = bgc_popcount(&x, &a);
        if (sa < 0) {
            check(e, &x, NULL, BGC_ENEGARG);
            break;
        }
        mpz_set_ui(w, mpz_popcount(za));
        check(e, &x, w, 0);
        break;
    case 23:
        e = bgc_bitlen(&x, &a);
        mpz_set_ui(w, sa ? mpz_sizeinbase(za, 2) : 0);
        check(e, &x, w, 0);
        break;
    case 24: {
        unsigned long k = small_of(zb, 70000);
        bgc_set_ui(&b, k);
        e = bgc_bit(&x, &a, &b);
        mpz_set_ui(w, mpz_tstbit(za, k));
        check(e, &x, w, 0);
        break;
    }
    case 25: {
        unsigned long base = 2 + small_of(zb, 35);
        bgc_set_ui(&b, base);
        e = bgc_digits(&x, &a, &b);
        char *s = mpz_get_str(NULL, (int)base, za);
        mpz_set_ui(w, strlen(s) - (sa < 0));
        free(s);
        check(e, &x, w, 0);
        break;
    }
    case 26: {
        int isp = -1;
        e = bgc_isprime(&isp, &a, 2);
        if (e != BGC_OK)
            bgc_fuzz_fail("isprime: error %d", (int)e);
        int want = sa > 0 && mpz_probab_prime_p(za, 30) > 0;
        if (isp != want)
            bgc_fuzz_fail("isprime: says %d, GMP %d", isp, want);
        break;
    }
    case 27:
        e = bgc_nextprime(&x, &a);
        if (sa < 0)
            mpz_set_ui(w, 2);
        else
            mpz_nextprime(w, za);
        if (e == BGC_ENEGARG || e == BGC_EDOMAIN)
            break; /* the layer may refuse negatives; GMP has no rule */
        check(e, &x, w, 0);
        break;
    case 28:
        e = bgc_prevprime(&x, &a);
        if (mpz_cmp_ui(za, 2) <= 0) {
            check(e, &x, NULL, BGC_EDOMAIN);
            break;
        }
        mpz_sub_ui(w, za, 1);
        while (mpz_probab_prime_p(w, 30) == 0)
            mpz_sub_ui(w, w, 1);
        check(e, &x, w, 0);
        break;
    case 29:
    case 30:
    case 31:
    case 32: {
        long n = (long)small_of(za, 3000) - (op >= 31 ? 1500 : 0);
        long k = (long)small_of(zb, 3000) - 100;
        if (sa < 0 && op <= 30)
            n = -n;
        bgc_set_si(&a, n);
        bgc_set_si(&b, k);
        if (op == 29) {
            e = bgc_fact(&x, &a);
            if (n < 0) {
                check(e, &x, NULL, BGC_ENEGARG);
                break;
            }
            mpz_fac_ui(w, (unsigned long)n);
        } else if (op == 30) {
            e = bgc_binomial(&x, &a, &b);
            if (n < 0) {
                check(e, &x, NULL, BGC_ENEGARG);
                break;
            }
            if (k < 0 || k > n)
                mpz_set_ui(w, 0);
            else
                mpz_bin_uiui(w, (unsigned long)n, (unsigned long)k);
        } else {
            unsigned long m = (unsigned long)(n < 0 ? -n : n);
            e = op == 31 ? bgc_fib(&x, &a) : bgc_lucas(&x, &a);
            if (op == 31)
                mpz_fib_ui(w, m);
            else
                mpz_lucnum_ui(w, m);
            /* F(-n) = (-1)^(n+1) F(n), L(-n) = (-1)^n L(n) */
            if (n < 0 && (op == 31 ? m % 2 == 0 : m % 2 == 1))
                mpz_neg(w, w);
        }
        check(e, &x, w, 0);
        break;
    }
    case 33:
    case 34:
    case 35: {
        long n = (long)small_of(za, 4000);
        if (op != 33 && sa < 0)
            n = -n;
        bgc_set_si(&a, n);
        unsigned long m = (unsigned long)(n < 0 ? -n : n);
        if (op == 33) {
            e = bgc_fact_mod(&x, &a, &b);
            mpz_fac_ui(w, m);
        } else if (op == 34) {
            e = bgc_fib_mod(&x, &a, &b);
            mpz_fib_ui(w, m);
            if (n < 0 && m % 2 == 0)
                mpz_neg(w, w);
        } else {
            e = bgc_lucas_mod(&x, &a, &b);
            mpz_lucnum_ui(w, m);
            if (n < 0 && m % 2 == 1)
                mpz_neg(w, w);
        }
        if (!sb) {
            check(e, &x, NULL, BGC_EMODZERO);
            break;
        }
        mpz_mod(w, w, zb);
        check(e, &x, w, 0);
        break;
    }
    case 36: { /* get_str / set_str round trip in every base */
        int base = 2 + (int)small_of(zb, 35);
        char *s = NULL;
        size_t len = 0;
        e = bgc_get_str(&s, &len, &a, base);
        if (e != BGC_OK)
            bgc_fuzz_fail("get_str: error %d", (int)e);
        char *t = mpz_get_str(NULL, base, za);
        if (strlen(t) != len || memcmp(s, t, len) != 0)
            bgc_fuzz_fail("get_str base %d: differs from GMP (%zu vs %zu chars)", base, len,
                          strlen(t));
        e = bgc_set_str(&x, s, len, base);
        check(e, &x, za, 0);
        free(s);
        free(t);
        break;
    }
    case 38:
    case 39:
        e = bgc_addmod(&x, &a, &b, &c, op == 39);
        if (!mpz_sgn(zc)) {
            check(e, &x, NULL, BGC_EMODZERO);
            break;
        }
        if (op == 38)
            mpz_add(w, za, zb);
        else
            mpz_sub(w, za, zb);
        mpz_mod(w, w, zc);
        check(e, &x, w, 0);
        break;
    case 37:
    default: /* neg, abs */
        e = bgc_neg(&x, &a);
        mpz_neg(w, za);
        check(e, &x, w, 0);
        e = bgc_abs(&x, &a);
        mpz_abs(w, za);
        check(e, &x, w, 0);
        break;
    }
    (void)sa;
    bgc_clear(&a), bgc_clear(&b), bgc_clear(&c), bgc_clear(&x), bgc_clear(&y);
    mpz_clear(za), mpz_clear(zb), mpz_clear(zc), mpz_clear(w), mpz_clear(w2);
    return 0;
}
