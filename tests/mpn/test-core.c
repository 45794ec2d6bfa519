/* test-core.c -- the kernels (every compiled-in path the CPU supports,
 * the C twins called directly, and the dispatched entry points) and the
 * core functions (copy, compare, add/sub forms, shifts) against GMP and
 * against the slow reference tests/refmpn.c.
 *
 * Sizes 1..300 limbs plus a few random larger ones; operands from t_fill
 * (uniform, all-ones, zero, runs, single bits); every aliasing the
 * contract allows; guard limbs around every output. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refmpn.h"
#include "testlib.h"

#define MAXN 300

/* ---- the implementations under test ---------------------------------- */

static const bgcn_kernels c_twins = {
    .name = "c-twins",
    .add_n = bgcn_add_n_c,
    .sub_n = bgcn_sub_n_c,
    .mul_1 = bgcn_mul_1_c,
    .addmul_1 = bgcn_addmul_1_c,
    .submul_1 = bgcn_submul_1_c,
    .mul_basecase = bgcn_mul_basecase_c,
    .sqr_basecase = bgcn_sqr_basecase_c,
};

/* The dispatched entry points, wrapped so they fit the table shape. */
static bgcn_limb_t d_add_n(bgcn_limb_t *r, const bgcn_limb_t *a,
                           const bgcn_limb_t *b, long n)
{
    return bgcn_add_n(r, a, b, n);
}
static bgcn_limb_t d_sub_n(bgcn_limb_t *r, const bgcn_limb_t *a,
                           const bgcn_limb_t *b, long n)
{
    return bgcn_sub_n(r, a, b, n);
}
static bgcn_limb_t d_mul_1(bgcn_limb_t *r, const bgcn_limb_t *a, long n,
                           bgcn_limb_t b)
{
    return bgcn_mul_1(r, a, n, b);
}
static bgcn_limb_t d_addmul_1(bgcn_limb_t *r, const bgcn_limb_t *a, long n,
                              bgcn_limb_t b)
{
    return bgcn_addmul_1(r, a, n, b);
}
static bgcn_limb_t d_submul_1(bgcn_limb_t *r, const bgcn_limb_t *a, long n,
                              bgcn_limb_t b)
{
    return bgcn_submul_1(r, a, n, b);
}
static void d_mul_basecase(bgcn_limb_t *r, const bgcn_limb_t *a, long an,
                           const bgcn_limb_t *b, long bn)
{
    bgcn_mul_basecase(r, a, an, b, bn);
}
static void d_sqr_basecase(bgcn_limb_t *r, const bgcn_limb_t *a, long n)
{
    bgcn_sqr_basecase(r, a, n);
}
static const bgcn_kernels dispatched = {
    .name = "dispatched",
    .add_n = d_add_n,
    .sub_n = d_sub_n,
    .mul_1 = d_mul_1,
    .addmul_1 = d_addmul_1,
    .submul_1 = d_submul_1,
    .mul_basecase = d_mul_basecase,
    .sqr_basecase = d_sqr_basecase,
};

/* c_twins, dispatched (best path), then every supported path. */
static int impls(const bgcn_kernels **out, int max)
{
    int k = 0;
    bgcn_cpu_select(NULL);
    out[k++] = &c_twins;
    out[k++] = &dispatched;
    for (int i = 0; bgcn_kernel_paths[i] && k < max; i++)
        if (bgcn_cpu_supported(bgcn_kernel_paths[i]))
            out[k++] = bgcn_kernel_paths[i];
    return k;
}

/* A random size: mostly 1..MAXN, sometimes larger. */
static long big_size(void)
{
    return t_rand_size(MAXN + 1, 3000);
}

static bgcn_limb_t special_limb(void)
{
    switch (t_rand_below(6)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return BGCN_LIMB_MAX;
    case 3: return BGCN_LIMB_HIGHBIT;
    default: return t_rand();
    }
}

static bgcn_limb_t *dup(const bgcn_limb_t *p, long n)
{
    bgcn_limb_t *q = malloc(sizeof *q * (size_t)(n > 0 ? n : 1));
    memcpy(q, p, sizeof *q * (size_t)n);
    return q;
}

/* ---- add_n / sub_n ---------------------------------------------------- */

typedef bgcn_limb_t (*aors_n_fn)(bgcn_limb_t *, const bgcn_limb_t *,
                                 const bgcn_limb_t *, long);

static void check_aors_n(const char *name, aors_n_fn f, int sub, long n)
{
    bgcn_limb_t *a = t_alloc_guarded(n), *b = t_alloc_guarded(n);
    bgcn_limb_t *r = t_alloc_guarded(n);
    bgcn_limb_t *want = malloc(sizeof *want * (size_t)n);
    bgcn_limb_t *wref = malloc(sizeof *wref * (size_t)n);
    t_fill(a, n);
    t_fill(b, n);
    for (int alias = 0; alias < 4; alias++) {
        const bgcn_limb_t *B = alias == 3 ? a : b;
        bgcn_limb_t cw = sub ? mpn_sub_n(want, a, B, n)
                             : mpn_add_n(want, a, B, n);
        bgcn_limb_t cr = sub ? bgc_ref_sub_n(wref, a, B, n)
                             : bgc_ref_add_n(wref, a, B, n);
        cr_assert(cr == cw && t_equal("ref vs gmp", wref, want, n),
                  "refmpn %s disagrees with GMP at n=%ld", sub ? "sub_n" : "add_n", n);
        bgcn_limb_t c;
        switch (alias) {
        case 0: c = f(r, a, b, n); break;
        case 1: memcpy(r, a, sizeof *r * (size_t)n); c = f(r, r, b, n); break;
        case 2: memcpy(r, b, sizeof *r * (size_t)n); c = f(r, a, r, n); break;
        default: memcpy(r, a, sizeof *r * (size_t)n); c = f(r, r, r, n); break;
        }
        cr_assert(t_check_guards(r, n), "%s: guard overwritten n=%ld", name, n);
        cr_assert(c == cw && t_equal(name, r, want, n),
                  "%s n=%ld alias=%d carry %lu want %lu", name, n, alias,
                  (unsigned long)c, (unsigned long)cw);
    }
    t_free_guarded(a);
    t_free_guarded(b);
    t_free_guarded(r);
    free(want);
    free(wref);
}

Test(kernels, add_n_sub_n)
{
    const bgcn_kernels *k[16];
    int nk = impls(k, 16);
    for (int i = 0; i < nk; i++) {
        char nm[64];
        for (long n = 1; n <= MAXN; n++) {
            snprintf(nm, sizeof nm, "%s add_n", k[i]->name);
            check_aors_n(nm, k[i]->add_n, 0, n);
            snprintf(nm, sizeof nm, "%s sub_n", k[i]->name);
            check_aors_n(nm, k[i]->sub_n, 1, n);
        }
        for (int j = 0; j < 4; j++) {
            long n = big_size();
            check_aors_n(k[i]->name, k[i]->add_n, 0, n);
            check_aors_n(k[i]->name, k[i]->sub_n, 1, n);
        }
    }
}

/* ---- mul_1 / addmul_1 / submul_1 -------------------------------------- */

typedef bgcn_limb_t (*mul1_fn)(bgcn_limb_t *, const bgcn_limb_t *, long,
                               bgcn_limb_t);
enum { MUL1, ADDMUL1, SUBMUL1 };

static bgcn_limb_t gmp_mul1(int op, bgcn_limb_t *r, const bgcn_limb_t *a,
                            long n, bgcn_limb_t b)
{
    return op == MUL1 ? mpn_mul_1(r, a, n, b)
         : op == ADDMUL1 ? mpn_addmul_1(r, a, n, b) : mpn_submul_1(r, a, n, b);
}
static bgcn_limb_t ref_mul1(int op, bgcn_limb_t *r, const bgcn_limb_t *a,
                            long n, bgcn_limb_t b)
{
    return op == MUL1 ? bgc_ref_mul_1(r, a, n, b)
         : op == ADDMUL1 ? bgc_ref_addmul_1(r, a, n, b)
                         : bgc_ref_submul_1(r, a, n, b);
}

static void check_mul1(const char *name, mul1_fn f, int op, long n)
{
    bgcn_limb_t *a = t_alloc_guarded(n), *r0 = t_alloc_guarded(n);
    bgcn_limb_t *r = t_alloc_guarded(n);
    bgcn_limb_t *want = malloc(sizeof *want * (size_t)n);
    bgcn_limb_t *wref = malloc(sizeof *wref * (size_t)n);
    t_fill(a, n);
    t_fill(r0, n);
    bgcn_limb_t b = special_limb();
    for (int alias = 0; alias < 2; alias++) {
        /* alias 1: rp == ap, so the accumulator starts as a copy of a. */
        const bgcn_limb_t *init = alias ? a : r0;
        memcpy(want, init, sizeof *want * (size_t)n);
        memcpy(wref, init, sizeof *wref * (size_t)n);
        bgcn_limb_t cw = gmp_mul1(op, want, a, n, b);
        bgcn_limb_t cr = ref_mul1(op, wref, a, n, b);
        cr_assert(cr == cw && t_equal("ref vs gmp", wref, want, n),
                  "refmpn op %d disagrees with GMP at n=%ld", op, n);
        memcpy(r, init, sizeof *r * (size_t)n);
        bgcn_limb_t c = f(r, alias ? r : a, n, b);
        cr_assert(t_check_guards(r, n), "%s: guard overwritten n=%ld", name, n);
        cr_assert(c == cw && t_equal(name, r, want, n),
                  "%s n=%ld alias=%d b=%016lx", name, n, alias, (unsigned long)b);
    }
    t_free_guarded(a);
    t_free_guarded(r0);
    t_free_guarded(r);
    free(want);
    free(wref);
}

Test(kernels, mul_1_addmul_1_submul_1)
{
    const bgcn_kernels *k[16];
    int nk = impls(k, 16);
    for (int i = 0; i < nk; i++) {
        char nm[64];
        mul1_fn fs[3] = {k[i]->mul_1, k[i]->addmul_1, k[i]->submul_1};
        for (int op = 0; op < 3; op++) {
            snprintf(nm, sizeof nm, "%s op%d", k[i]->name, op);
            for (long n = 1; n <= MAXN; n++)
                check_mul1(nm, fs[op], op, n);
            for (int j = 0; j < 4; j++)
                check_mul1(nm, fs[op], op, big_size());
        }
    }
}

/* ---- mul_basecase / sqr_basecase -------------------------------------- */

static void check_mul_basecase(const char *name, const bgcn_kernels *k,
                               long an, long bn)
{
    bgcn_limb_t *a = t_alloc_guarded(an), *b = t_alloc_guarded(bn);
    bgcn_limb_t *r = t_alloc_guarded(an + bn);
    bgcn_limb_t *want = malloc(sizeof *want * (size_t)(an + bn));
    bgcn_limb_t *wref = malloc(sizeof *wref * (size_t)(an + bn));
    t_fill(a, an);
    t_fill(b, bn);
    mpn_mul(want, a, an, b, bn);
    bgc_ref_mul(wref, a, an, b, bn);
    cr_assert(t_equal("ref vs gmp mul", wref, want, an + bn),
              "refmpn mul disagrees with GMP %ldx%ld", an, bn);
    k->mul_basecase(r, a, an, b, bn);
    cr_assert(t_check_guards(r, an + bn), "%s: guard %ldx%ld", name, an, bn);
    cr_assert(t_equal(name, r, want, an + bn), "%s mul_basecase %ldx%ld",
              name, an, bn);
    if (an == bn) {
        /* Same operand twice (the product of a number with itself). */
        mpn_sqr(want, a, an);
        bgc_ref_sqr(wref, a, an);
        cr_assert(t_equal("ref vs gmp sqr", wref, want, 2 * an),
                  "refmpn sqr disagrees with GMP n=%ld", an);
        k->mul_basecase(r, a, an, a, an);
        cr_assert(t_equal(name, r, want, 2 * an), "%s mul_basecase a*a n=%ld",
                  name, an);
        k->sqr_basecase(r, a, an);
        cr_assert(t_check_guards(r, 2 * an), "%s: sqr guard n=%ld", name, an);
        cr_assert(t_equal(name, r, want, 2 * an), "%s sqr_basecase n=%ld",
                  name, an);
    }
    t_free_guarded(a);
    t_free_guarded(b);
    t_free_guarded(r);
    free(want);
    free(wref);
}

Test(kernels, mul_basecase_sqr_basecase, .timeout = 120)
{
    const bgcn_kernels *k[16];
    int nk = impls(k, 16);
    for (int i = 0; i < nk; i++) {
        for (long an = 1; an <= MAXN; an++) {
            check_mul_basecase(k[i]->name, k[i], an, an);
            check_mul_basecase(k[i]->name, k[i], an, 1);
            check_mul_basecase(k[i]->name, k[i], an, t_rand_size(1, an));
        }
        check_mul_basecase(k[i]->name, k[i], t_rand_size(MAXN, 1200),
                           t_rand_size(1, MAXN));
        /* an above 64, bn up to 64: the IFMA schoolbook in pieces of 64
         * limbs of a (mul_ifma.c), the last piece longer or shorter than
         * bn, below or above the IFMA minimum */
        static const long bns[] = {19, 20, 21, 32, 40, 63, 64, 65};
        for (size_t j = 0; j < sizeof bns / sizeof bns[0]; j++)
            for (long q = 1; q <= 4; q++) {
                long bn = bns[j];
                check_mul_basecase(k[i]->name, k[i], 64 * q + 1, bn);
                check_mul_basecase(k[i]->name, k[i], 64 * q + bn - 1, bn);
                check_mul_basecase(k[i]->name, k[i], 64 * q + bn, bn);
                long an = 64 * q + t_rand_size(0, 63);
                if (an >= bn) /* the contract: an >= bn */
                    check_mul_basecase(k[i]->name, k[i], an, bn);
            }
        long n = t_rand_size(MAXN, 1000);
        check_mul_basecase(k[i]->name, k[i], n, n);
    }
}

/* ---- copy, zero, normalise, compare ----------------------------------- */

Test(core, copy_zero_normalize)
{
    for (long n = 0; n <= 64; n++) {
        bgcn_limb_t *a = t_alloc_guarded(n + 8), *r = t_alloc_guarded(n);
        t_fill(a, n + 8);
        bgcn_copyi(r, a, n);
        cr_assert(t_check_guards(r, n) && (n == 0 || !memcmp(r, a, 8 * (size_t)n)));
        bgcn_zero(r, n);
        for (long i = 0; i < n; i++)
            cr_assert(r[i] == 0);
        cr_assert(t_check_guards(r, n));
        /* normalized_size */
        bgcn_copyi(r, a, n);
        long z = n ? (long)t_rand_below((uint64_t)n + 1) : 0;
        for (long i = n - z; i < n; i++)
            r[i] = 0;
        long want = n;
        while (want > 0 && r[want - 1] == 0)
            want--;
        cr_assert(bgcn_normalized_size(r, n) == want);
        /* copyd moving data up by k limbs inside one buffer, and copyi
         * moving it down. */
        if (n > 0) {
            bgcn_limb_t *orig = dup(a, n + 8);
            long k = 1 + (long)t_rand_below(8);
            bgcn_copyd(a + k, a, n);
            cr_assert(!memcmp(a + k, orig, 8 * (size_t)n), "copyd n=%ld k=%ld", n, k);
            memcpy(a, orig, 8 * (size_t)(n + 8));
            bgcn_copyi(a, a, n);
            cr_assert(!memcmp(a, orig, 8 * (size_t)n));
            cr_assert(t_check_guards(a, n + 8));
            free(orig);
        }
        t_free_guarded(a);
        t_free_guarded(r);
    }
}

Test(core, cmp)
{
    for (int iter = 0; iter < 4000; iter++) {
        long n = t_rand_size(0, 40);
        bgcn_limb_t a[64], b[64];
        t_fill(a, n);
        memcpy(b, a, sizeof a[0] * (size_t)n);
        if (n > 0 && (t_rand() & 1)) {
            long i = (long)t_rand_below((uint64_t)n);
            b[i] = (t_rand() & 1) ? b[i] + 1 : b[i] - 1;
        }
        int want = n ? mpn_cmp(a, b, n) : 0;
        want = (want > 0) - (want < 0);
        cr_assert(bgcn_cmp(a, b, n) == want, "cmp n=%ld", n);
        cr_assert(bgc_ref_cmp(a, n, b, n) == want);
        /* Different sizes: pad with zeros or nonzero high limbs. */
        long an = n + (long)t_rand_below(4), bn = n + (long)t_rand_below(4);
        for (long i = n; i < an; i++)
            a[i] = t_rand_below(3) ? 0 : t_rand();
        for (long i = n; i < bn; i++)
            b[i] = t_rand_below(3) ? 0 : t_rand();
        mpz_t x, y;
        mpz_init(x);
        mpz_init(y);
        mpz_import(x, (size_t)an, -1, 8, 0, 0, a);
        mpz_import(y, (size_t)bn, -1, 8, 0, 0, b);
        int w2 = mpz_cmp(x, y);
        w2 = (w2 > 0) - (w2 < 0);
        cr_assert(bgcn_cmp2(a, an, b, bn) == w2, "cmp2 %ld %ld", an, bn);
        cr_assert(bgc_ref_cmp(a, an, b, bn) == w2);
        mpz_clear(x);
        mpz_clear(y);
    }
}

/* ---- add_1 / sub_1 / add / sub ---------------------------------------- */

static void check_aors_1(int sub, long n)
{
    bgcn_limb_t *a = t_alloc_guarded(n), *r = t_alloc_guarded(n);
    bgcn_limb_t *want = malloc(sizeof *want * (size_t)n);
    bgcn_limb_t *wref = malloc(sizeof *wref * (size_t)n);
    t_fill(a, n);
    bgcn_limb_t b = special_limb();
    bgcn_limb_t cw = sub ? mpn_sub_1(want, a, n, b) : mpn_add_1(want, a, n, b);
    bgcn_limb_t cr = sub ? bgc_ref_sub_1(wref, a, n, b)
                         : bgc_ref_add_1(wref, a, n, b);
    cr_assert(cr == cw && t_equal("ref vs gmp", wref, want, n));
    for (int alias = 0; alias < 2; alias++) {
        bgcn_limb_t c;
        if (alias) {
            memcpy(r, a, sizeof *r * (size_t)n);
            c = sub ? bgcn_sub_1(r, r, n, b) : bgcn_add_1(r, r, n, b);
        } else {
            c = sub ? bgcn_sub_1(r, a, n, b) : bgcn_add_1(r, a, n, b);
        }
        cr_assert(t_check_guards(r, n));
        cr_assert(c == cw && t_equal(sub ? "sub_1" : "add_1", r, want, n),
                  "%s n=%ld alias=%d", sub ? "sub_1" : "add_1", n, alias);
    }
    t_free_guarded(a);
    t_free_guarded(r);
    free(want);
    free(wref);
}

Test(core, add_1_sub_1)
{
    for (long n = 1; n <= MAXN; n++)
        for (int rep = 0; rep < 3; rep++) {
            check_aors_1(0, n);
            check_aors_1(1, n);
        }
    check_aors_1(0, big_size());
    check_aors_1(1, big_size());
}

static void check_aors(int sub, long an, long bn)
{
    bgcn_limb_t *a = t_alloc_guarded(an), *b = t_alloc_guarded(bn);
    bgcn_limb_t *r = t_alloc_guarded(an);
    bgcn_limb_t *want = malloc(sizeof *want * (size_t)an);
    bgcn_limb_t *wref = malloc(sizeof *wref * (size_t)an);
    t_fill(a, an);
    t_fill(b, bn);
    for (int alias = 0; alias < 4; alias++) {
        const bgcn_limb_t *B = alias == 3 ? a : b;
        bgcn_limb_t cr = sub ? bgc_ref_sub(wref, a, an, B, bn)
                             : bgc_ref_add(wref, a, an, B, bn);
        if (bn >= 1) {
            bgcn_limb_t cw = sub ? mpn_sub(want, a, an, B, bn)
                                 : mpn_add(want, a, an, B, bn);
            cr_assert(cr == cw && t_equal("ref vs gmp", wref, want, an));
        }
        bgcn_limb_t c;
        switch (alias) {
        case 0:
            c = sub ? bgcn_sub(r, a, an, b, bn) : bgcn_add(r, a, an, b, bn);
            break;
        case 1:
            memcpy(r, a, sizeof *r * (size_t)an);
            c = sub ? bgcn_sub(r, r, an, b, bn) : bgcn_add(r, r, an, b, bn);
            break;
        case 2:
            /* rp == bp: r holds b in its low bn limbs. */
            memcpy(r, b, sizeof *r * (size_t)bn);
            c = sub ? bgcn_sub(r, a, an, r, bn) : bgcn_add(r, a, an, r, bn);
            break;
        default:
            memcpy(r, a, sizeof *r * (size_t)an);
            c = sub ? bgcn_sub(r, r, an, r, bn) : bgcn_add(r, r, an, r, bn);
            break;
        }
        cr_assert(t_check_guards(r, an));
        cr_assert(c == cr && t_equal(sub ? "sub" : "add", r, wref, an),
                  "%s %ld,%ld alias=%d", sub ? "sub" : "add", an, bn, alias);
    }
    t_free_guarded(a);
    t_free_guarded(b);
    t_free_guarded(r);
    free(want);
    free(wref);
}

Test(core, add_sub)
{
    for (long an = 1; an <= MAXN; an++) {
        long sizes[4] = {0, 1, an, t_rand_size(0, an)};
        for (int s = 0; s < 4; s++) {
            check_aors(0, an, sizes[s]);
            check_aors(1, an, sizes[s]);
        }
    }
    long an = big_size();
    check_aors(0, an, t_rand_size(1, an));
    check_aors(1, an, t_rand_size(1, an));
}

/* ---- shifts ----------------------------------------------------------- */

static void check_shift(int right, long n, unsigned cnt)
{
    /* Room for displaced overlap: the buffer has n + 8 limbs. */
    bgcn_limb_t *buf = t_alloc_guarded(n + 8);
    bgcn_limb_t *a = malloc(sizeof *a * (size_t)n);
    bgcn_limb_t *want = malloc(sizeof *want * (size_t)n);
    bgcn_limb_t *wref = malloc(sizeof *wref * (size_t)n);
    t_fill(a, n);
    bgcn_limb_t cw = right ? mpn_rshift(want, a, n, cnt)
                           : mpn_lshift(want, a, n, cnt);
    bgcn_limb_t cr = right ? bgc_ref_rshift(wref, a, n, cnt)
                           : bgc_ref_lshift(wref, a, n, cnt);
    cr_assert(cr == cw && t_equal("ref vs gmp shift", wref, want, n),
              "refmpn shift disagrees with GMP n=%ld cnt=%u", n, cnt);
    /* Placements: separate, in place, displaced by d limbs in the allowed
     * direction. */
    for (int mode = 0; mode < 3; mode++) {
        long d = mode == 2 ? 1 + (long)t_rand_below(8) : 0;
        bgcn_limb_t *src, *dst;
        bgcn_limb_t *sep = NULL;
        if (mode == 0) {
            sep = t_alloc_guarded(n);
            memcpy(sep, a, sizeof *a * (size_t)n);
            src = sep;
            dst = buf;
        } else if (right) {
            src = buf + d;
            dst = buf;
        } else {
            src = buf;
            dst = buf + d;
        }
        if (mode != 0)
            memcpy(src, a, sizeof *a * (size_t)n);
        bgcn_limb_t c = right ? bgcn_rshift(dst, src, n, cnt)
                              : bgcn_lshift(dst, src, n, cnt);
        cr_assert(t_check_guards(buf, n + 8), "shift guard");
        cr_assert(c == cw && t_equal(right ? "rshift" : "lshift", dst, want, n),
                  "%s n=%ld cnt=%u mode=%d d=%ld", right ? "rshift" : "lshift",
                  n, cnt, mode, d);
        if (sep) {
            cr_assert(!memcmp(sep, a, sizeof *a * (size_t)n), "source clobbered");
            t_free_guarded(sep);
        }
    }
    t_free_guarded(buf);
    free(a);
    free(want);
    free(wref);
}

Test(core, lshift_rshift)
{
    for (unsigned cnt = 1; cnt <= 63; cnt++)
        for (long n = 1; n <= 8; n++) {
            check_shift(0, n, cnt);
            check_shift(1, n, cnt);
        }
    for (long n = 1; n <= MAXN; n++) {
        unsigned cnt = 1 + (unsigned)t_rand_below(63);
        check_shift(0, n, cnt);
        check_shift(1, n, cnt);
    }
    check_shift(0, big_size(), 1 + (unsigned)t_rand_below(63));
    check_shift(1, big_size(), 1 + (unsigned)t_rand_below(63));
}

/* ---- the reference's own division against GMP ------------------------- */

Test(refmpn, divide)
{
    /* The slow reference is itself checked here so other tests can lean
     * on it. */
    for (int iter = 0; iter < 200; iter++) {
        long dn = t_rand_size(1, 12), nn = dn + t_rand_size(0, 12);
        bgcn_limb_t n[32], d[16], q[32], r[16], gq[32], gr[16];
        t_fill(n, nn);
        t_fill_normalized(d, dn);
        bgc_ref_tdiv_qr(q, r, n, nn, d, dn);
        mpn_tdiv_qr(gq, gr, 0, n, nn, d, dn);
        cr_assert(t_equal("ref q", q, gq, nn - dn + 1));
        cr_assert(t_equal("ref r", r, gr, dn));
        bgcn_limb_t dd = d[0] ? d[0] : 1;
        bgcn_limb_t rr = bgc_ref_divrem_1(q, n, nn, dd);
        bgcn_limb_t grr = mpn_divrem_1(gq, 0, n, nn, dd);
        cr_assert(rr == grr && t_equal("ref divrem_1", q, gq, nn));
        cr_assert(bgc_ref_mod_1(n, nn, dd) == grr);
    }
}
