/* test-kernels.c -- the row kernels and basecase products of every path
 * this machine supports (every entry of bgcn_kernel_paths that
 * bgcn_cpu_supported admits: a new path is tested here without a line
 * added) against the C twins (bgcn_*_c) and GMP.
 *
 * Sizes 1..200 and random larger ones; operands and multipliers from
 * t_fill's shapes (all-ones, runs of ones/zeros for long carry and borrow
 * chains, zero, single bits); every aliasing the contract allows (rp == ap
 * and/or bp); guard limbs around every output. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "asmtest.h"
#include "testlib.h"

#define MAXN 200
#define BIGN 4100

static bgcn_limb_t pick_mult(void)
{
    switch (t_rand_below(8)) {
    case 0: return BGCN_LIMB_MAX;
    case 1: return 0;
    case 2: return 1;
    case 3: return BGCN_LIMB_HIGHBIT;
    case 4: return BGCN_LIMB_MAX - 1;
    default: return t_rand();
    }
}

/* n values: every size 1..MAXN, then a few random large ones */
static long size_at(int i)
{
    return i < MAXN ? i + 1 : t_rand_size(MAXN + 1, BIGN);
}
#define NSIZES (MAXN + 12)

typedef bgcn_limb_t (*aors_fn)(bgcn_limb_t *, const bgcn_limb_t *,
                               const bgcn_limb_t *, long);

static void check_aors(const char *path, const char *what, aors_fn f,
                       aors_fn twin, int sub)
{
    bgcn_limb_t *a = malloc(BIGN * 8), *b = malloc(BIGN * 8);
    bgcn_limb_t *want = malloc(BIGN * 8), *gw = malloc(BIGN * 8);
    for (int i = 0; i < NSIZES; i++) {
        long n = size_at(i);
        bgcn_limb_t *r = t_alloc_guarded(n);
        for (int alias = 0; alias < 4; alias++) {
            t_fill(a, n);
            if (alias == 3)
                memcpy(b, a, n * 8);
            else
                t_fill(b, n);
            bgcn_limb_t wc = twin(want, a, b, n);
            mp_limb_t gc = sub ? mpn_sub_n(gw, a, b, n)
                               : mpn_add_n(gw, a, b, n);
            cr_assert(wc == gc && memcmp(want, gw, n * 8) == 0,
                      "C twin disagrees with GMP");
            bgcn_limb_t c;
            if (alias == 0) {
                c = f(r, a, b, n);
            } else if (alias == 1) {
                memcpy(r, a, n * 8);
                c = f(r, r, b, n);
            } else if (alias == 2) {
                memcpy(r, b, n * 8);
                c = f(r, a, r, n);
            } else {
                memcpy(r, a, n * 8);
                c = f(r, r, r, n);
            }
            cr_assert(t_equal(what, r, want, n) && c == wc,
                      "%s %s n=%ld alias=%d carry %lu want %lu", path, what,
                      n, alias, (unsigned long)c, (unsigned long)wc);
            cr_assert(t_check_guards(r, n), "%s %s guards n=%ld", path,
                      what, n);
        }
        t_free_guarded(r);
    }
    free(a), free(b), free(want), free(gw);
}

static void aors_path(const bgcn_kernels *p)
{
    check_aors(p->name, "add_n", p->add_n, bgcn_add_n_c, 0);
    check_aors(p->name, "sub_n", p->sub_n, bgcn_sub_n_c, 1);
}

Test(asm_kernels, add_sub_n)
{
    cr_assert(at_each_path(aors_path) >= 1);
}

typedef bgcn_limb_t (*row_fn)(bgcn_limb_t *, const bgcn_limb_t *, long,
                              bgcn_limb_t);

/* kind 0 mul_1, 1 addmul_1, 2 submul_1 */
static void check_row(const char *path, const char *what, row_fn f,
                      row_fn twin, int kind)
{
    bgcn_limb_t *a = malloc(BIGN * 8), *r0 = malloc(BIGN * 8);
    bgcn_limb_t *want = malloc(BIGN * 8), *gw = malloc(BIGN * 8);
    for (int i = 0; i < NSIZES; i++) {
        long n = size_at(i);
        bgcn_limb_t *r = t_alloc_guarded(n);
        for (int alias = 0; alias < 2; alias++) {
            for (int rep = 0; rep < 2; rep++) {
                bgcn_limb_t b = pick_mult();
                t_fill(a, n);
                if (alias)
                    memcpy(r0, a, n * 8);
                else
                    t_fill(r0, n);
                memcpy(want, r0, n * 8);
                memcpy(gw, r0, n * 8);
                bgcn_limb_t wc = twin(want, alias ? want : a, n, b);
                mp_limb_t gc =
                    kind == 0   ? mpn_mul_1(gw, alias ? gw : a, n, b)
                    : kind == 1 ? mpn_addmul_1(gw, alias ? gw : a, n, b)
                                : mpn_submul_1(gw, alias ? gw : a, n, b);
                cr_assert(wc == gc && memcmp(want, gw, n * 8) == 0,
                          "C twin disagrees with GMP");
                memcpy(r, r0, n * 8);
                bgcn_limb_t c = f(r, alias ? r : a, n, b);
                cr_assert(t_equal(what, r, want, n) && c == wc,
                          "%s %s n=%ld alias=%d b=%lx ret %lx want %lx", path,
                          what, n, alias, (unsigned long)b, (unsigned long)c,
                          (unsigned long)wc);
                cr_assert(t_check_guards(r, n), "%s %s guards n=%ld", path,
                          what, n);
            }
        }
        t_free_guarded(r);
    }
    free(a), free(r0), free(want), free(gw);
}

static void rows_path(const bgcn_kernels *p)
{
    check_row(p->name, "mul_1", p->mul_1, bgcn_mul_1_c, 0);
    check_row(p->name, "addmul_1", p->addmul_1, bgcn_addmul_1_c, 1);
    check_row(p->name, "submul_1", p->submul_1, bgcn_submul_1_c, 2);
}

Test(asm_kernels, mul_1_rows)
{
    cr_assert(at_each_path(rows_path) >= 1);
}

static void check_mul(const bgcn_kernels *p, long an, long bn,
                      bgcn_limb_t *a, bgcn_limb_t *b, bgcn_limb_t *want)
{
    bgcn_limb_t *r = t_alloc_guarded(an + bn);
    t_fill(a, an);
    t_fill(b, bn);
    mpn_mul(want, a, an, b, bn);
    p->mul_basecase(r, a, an, b, bn);
    cr_assert(t_equal("mul_basecase", r, want, an + bn),
              "%s mul_basecase %ld x %ld", p->name, an, bn);
    cr_assert(t_check_guards(r, an + bn), "%s mul_basecase guards",
              p->name);
    t_free_guarded(r);
}

static void mul_path(const bgcn_kernels *p)
{
    long big = 700;
    bgcn_limb_t *a = malloc(big * 8), *b = malloc(big * 8);
    bgcn_limb_t *want = malloc(2 * big * 8);
    bgcn_limb_t *r = malloc(2 * big * 8);
    /* every an <= 40 with every bn <= an, then longer rows */
    for (long an = 1; an <= 40; an++)
        for (long bn = 1; bn <= an; bn++)
            check_mul(p, an, bn, a, b, want);
    for (long an = 41; an <= MAXN; an++)
        check_mul(p, an, t_rand_size(1, an), a, b, want);
    for (int i = 0; i < 6; i++) {
        long an = t_rand_size(MAXN, big);
        check_mul(p, an, t_rand_size(1, an), a, b, want);
    }
    /* the C twin through this path's rows must agree as well */
    for (long n = 1; n <= 64; n++) {
        t_fill(a, n);
        t_fill(b, n);
        bgcn_mul_basecase_c(want, a, n, b, n);
        p->mul_basecase(r, a, n, b, n);
        cr_assert(t_equal("mul_basecase vs C", r, want, 2 * n));
    }
    free(a), free(b), free(want), free(r);
}

Test(asm_kernels, mul_basecase)
{
    cr_assert(at_each_path(mul_path) >= 1);
}

/* The IFMA schoolbook of the avx512 path (mul_ifma.c) runs bn >= 20 up
 * to an = 64: every (an, bn) with 17 <= bn <= an <= 66, so every digit
 * vector count of a and b (nz 3..10), both crossovers (bn 19/20, an
 * 64/65) and the ADX fallbacks around them; then all-ones operands (the
 * largest lane sums before normalising, every carry of the final
 * resolution) at every an up to 66 with bn = an and bn = 20, products
 * and squares.  Run on every path (the other paths' kernels get the same
 * sizes). */
static void ifma_classes_path(const bgcn_kernels *p)
{
    enum { TOP = 66 };
    bgcn_limb_t a[TOP], b[TOP], want[2 * TOP];
    for (long an = 17; an <= TOP; an++)
        for (long bn = 17; bn <= an; bn++)
            check_mul(p, an, bn, a, b, want);
    for (long an = 1; an <= TOP; an++) {
        long bns[2] = {an, an < 20 ? an : 20};
        for (int k = 0; k < 2; k++) {
            long bn = bns[k];
            for (long j = 0; j < an; j++)
                a[j] = b[j] = BGCN_LIMB_MAX;
            bgcn_limb_t *r = t_alloc_guarded(an + bn);
            mpn_mul(want, a, an, b, bn);
            p->mul_basecase(r, a, an, b, bn);
            cr_assert(t_equal("mul_basecase all ones", r, want, an + bn),
                      "%s all ones %ld x %ld", p->name, an, bn);
            cr_assert(t_check_guards(r, an + bn));
            t_free_guarded(r);
        }
        bgcn_limb_t *r = t_alloc_guarded(2 * an);
        mpn_sqr(want, a, an);
        p->sqr_basecase(r, a, an);
        cr_assert(t_equal("sqr_basecase all ones", r, want, 2 * an),
                  "%s sqr all ones n=%ld", p->name, an);
        cr_assert(t_check_guards(r, 2 * an));
        t_free_guarded(r);
    }
}

Test(asm_kernels, ifma_size_classes)
{
    cr_assert(at_each_path(ifma_classes_path) >= 1);
}

static void sqr_path(const bgcn_kernels *p)
{
    long big = 700;
    bgcn_limb_t *a = malloc(big * 8);
    bgcn_limb_t *want = malloc(2 * big * 8), *cw = malloc(2 * big * 8);
    for (int i = 0; i < MAXN + 6; i++) {
        long n = i < MAXN ? i + 1 : t_rand_size(MAXN, big);
        bgcn_limb_t *r = t_alloc_guarded(2 * n);
        for (int rep = 0; rep < 3; rep++) {
            t_fill(a, n);
            mpn_sqr(want, a, n);
            bgcn_sqr_basecase_c(cw, a, n);
            cr_assert(memcmp(cw, want, 16 * n) == 0, "C sqr twin vs GMP");
            p->sqr_basecase(r, a, n);
            cr_assert(t_equal("sqr_basecase", r, want, 2 * n),
                      "%s sqr_basecase n=%ld", p->name, n);
            cr_assert(t_check_guards(r, 2 * n), "%s sqr guards", p->name);
        }
        t_free_guarded(r);
    }
    free(a), free(want), free(cw);
}

Test(asm_kernels, sqr_basecase)
{
    cr_assert(at_each_path(sqr_path) >= 1);
}

/* The straight-line squares of 5..16 limbs (small_sqr_adx.h: 9..16 from
 * two halves whose doubled cross product carries into the top half):
 * many operands per size, each limb random, all-ones, zero or 2^63 (the
 * carries past the cross product's end need long runs of all-ones in
 * the high half), half of them of a t_fill shape, against GMP; every
 * path gets the same sizes. */
static void small_sqr_path(const bgcn_kernels *p)
{
    enum { TOP = 18 };
    bgcn_limb_t a[TOP], want[2 * TOP];
    for (long n = 1; n <= TOP; n++) {
        bgcn_limb_t *r = t_alloc_guarded(2 * n);
        for (int rep = 0; rep < 1500; rep++) {
            if (rep % 2) {
                t_fill(a, n);
            } else {
                bgcn_limb_t v[4] = {t_rand(), BGCN_LIMB_MAX, 0, BGCN_LIMB_HIGHBIT};
                for (long i = 0; i < n; i++)
                    a[i] = v[t_rand_below(4) % (rep % 4 ? 4 : 2)];
            }
            mpn_sqr(want, a, n);
            p->sqr_basecase(r, a, n);
            cr_assert(t_equal("sqr_basecase small", r, want, 2 * n), "%s n=%ld rep %d",
                      p->name, n, rep);
        }
        cr_assert(t_check_guards(r, 2 * n), "%s guards n=%ld", p->name, n);
        t_free_guarded(r);
    }
}

Test(asm_kernels, small_squares)
{
    cr_assert(at_each_path(small_sqr_path) >= 1);
}

/* The register-only 4 x 4 product and 4-limb square (the adx path's
 * mul_basecase and sqr_basecase branch to them) and the other paths at
 * n = 4: many operands of every t_fill shape, each limb chosen from
 * random, all-ones, zero and 2^63, against GMP and the C twin. */
static void four_path(const bgcn_kernels *p)
{
    bgcn_limb_t a[4], b[4], want[8], cw[8];
    bgcn_limb_t *r = t_alloc_guarded(8);
    for (int rep = 0; rep < 3000; rep++) {
        if (rep % 2) {
            t_fill(a, 4);
            t_fill(b, 4);
        } else {
            for (int i = 0; i < 4; i++) {
                bgcn_limb_t v[4] = {t_rand(), BGCN_LIMB_MAX, 0,
                                    BGCN_LIMB_HIGHBIT};
                a[i] = v[t_rand_below(4)];
                b[i] = v[t_rand_below(4)];
            }
        }
        mpn_mul_n(want, a, b, 4);
        bgcn_mul_basecase_c(cw, a, 4, b, 4);
        cr_assert(memcmp(cw, want, sizeof want) == 0, "C 4x4 vs GMP");
        p->mul_basecase(r, a, 4, b, 4);
        cr_assert(t_equal("mul_basecase 4x4", r, want, 8), "%s", p->name);
        mpn_sqr(want, a, 4);
        p->sqr_basecase(r, a, 4);
        cr_assert(t_equal("sqr_basecase 4", r, want, 8), "%s", p->name);
        cr_assert(t_check_guards(r, 8), "%s 4-limb guards", p->name);
    }
    t_free_guarded(r);
}

Test(asm_kernels, four_limbs)
{
    cr_assert(at_each_path(four_path) >= 1);
}
