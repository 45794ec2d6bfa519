/* test-mul.c -- multiplication: Karatsuba, Toom-3, Toom-4, the odd-even
 * Toom-5/6/7 and Toom-4.2 (toomk.c; mul and sqr),
 * unbalanced shapes, the NTT, and bgcn_mul/bgcn_sqr's choice between them.
 *
 * Oracles: GMP's mpn_mul / mpn_sqr at every size, and the schoolbook
 * product bgcn_mul_basecase_c and tests/refmpn.c's bgc_ref_mul /
 * bgc_ref_sqr (slow references, independent of every subquadratic path)
 * where they are cheap enough.  Results and scratch areas
 * sit between guard limbs; the Toom functions get exactly
 * bgcn_mul_toom_itch(an) limbs of scratch so an overrun shows.
 *
 * Each algorithm is called directly at small sizes, with the thresholds
 * both at their defaults (sub-products by schoolbook) and forced tiny (so
 * that every algorithm recurses into every other one at a few limbs). */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "refmpn.h"
#include "thresholds.h" /* the per-path sets */

typedef bgcn_status (*mul_fn)(bgcn_limb_t *, const bgcn_limb_t *, long,
                              const bgcn_limb_t *, long, bgcn_limb_t *);
typedef bgcn_status (*sqr_fn)(bgcn_limb_t *, const bgcn_limb_t *, long,
                              bgcn_limb_t *);

/* Which algorithm a test calls. */
enum alg { A_MUL, A_TOOM22, A_TOOM33, A_TOOM44, A_NTT, A_TOOM5, A_TOOM6,
           A_TOOM7, A_TOOM42 };

static long saved[11];
static long saved_k[2][BGCN_NTT_KTAB];

static void save_thresholds(void)
{
    saved[0] = bgcn_mul_toom22_threshold;
    saved[1] = bgcn_mul_toom33_threshold;
    saved[2] = bgcn_mul_toom44_threshold;
    saved[3] = bgcn_mul_ntt_threshold;
    saved[4] = bgcn_sqr_toom2_threshold;
    saved[5] = bgcn_sqr_toom3_threshold;
    saved[6] = bgcn_sqr_toom4_threshold;
    saved[7] = bgcn_sqr_ntt_threshold;
    saved[8] = bgcn_mul_toom6_threshold;
    saved[9] = bgcn_mul_toom42_threshold;
    saved[10] = bgcn_sqr_toom6_threshold;
    memcpy(saved_k[0], bgcn_mul_ntt_min_k, sizeof saved_k[0]);
    memcpy(saved_k[1], bgcn_sqr_ntt_min_k, sizeof saved_k[1]);
}

static void restore_thresholds(void)
{
    bgcn_mul_toom22_threshold = saved[0];
    bgcn_mul_toom33_threshold = saved[1];
    bgcn_mul_toom44_threshold = saved[2];
    bgcn_mul_ntt_threshold = saved[3];
    bgcn_sqr_toom2_threshold = saved[4];
    bgcn_sqr_toom3_threshold = saved[5];
    bgcn_sqr_toom4_threshold = saved[6];
    bgcn_sqr_ntt_threshold = saved[7];
    bgcn_mul_toom6_threshold = saved[8];
    bgcn_mul_toom42_threshold = saved[9];
    bgcn_sqr_toom6_threshold = saved[10];
    memcpy(bgcn_mul_ntt_min_k, saved_k[0], sizeof saved_k[0]);
    memcpy(bgcn_sqr_ntt_min_k, saved_k[1], sizeof saved_k[1]);
}

/* Tiny thresholds: every algorithm is reached within a few limbs. */
static void tiny_thresholds(void)
{
    bgcn_mul_toom22_threshold = 2 + (long)t_rand_below(3);
    bgcn_mul_toom33_threshold = 5 + (long)t_rand_below(4);
    bgcn_mul_toom44_threshold = 10 + (long)t_rand_below(6);
    bgcn_mul_ntt_threshold = 40 + (long)t_rand_below(40);
    bgcn_sqr_toom2_threshold = 2 + (long)t_rand_below(3);
    bgcn_sqr_toom3_threshold = 5 + (long)t_rand_below(4);
    bgcn_sqr_toom4_threshold = 10 + (long)t_rand_below(6);
    bgcn_sqr_ntt_threshold = 40 + (long)t_rand_below(40);
    bgcn_mul_toom6_threshold = 16 + (long)t_rand_below(20);
    bgcn_sqr_toom6_threshold = 16 + (long)t_rand_below(20);
    bgcn_mul_toom42_threshold = 3 + (long)t_rand_below(20);
    /* The NTT at any transform length above its threshold. */
    memset(bgcn_mul_ntt_min_k, 0, sizeof saved_k[0]);
    memset(bgcn_sqr_ntt_min_k, 0, sizeof saved_k[1]);
}

static void setup(void)
{
    t_seed();
    save_thresholds();
}

static void teardown(void)
{
    restore_thresholds();
    bgcn_alloc_fail_after(0);
    bgcn_interrupt_flag = 0;
}

TestSuite(mul, .init = setup, .fini = teardown, .timeout = 120);

/* Whether alg accepts the shape an x bn (an >= bn). */
static int shape_ok(enum alg g, long an, long bn)
{
    switch (g) {
    case A_TOOM22: return bn > (an + 1) / 2;
    case A_TOOM33: return bn > 2 * ((an + 2) / 3);
    case A_TOOM44: return bn > 3 * ((an + 3) / 4);
    case A_TOOM5: return bn > 4 * ((an + 4) / 5);
    case A_TOOM6: return bn > 5 * ((an + 5) / 6);
    case A_TOOM7: return bn > 6 * ((an + 6) / 7);
    case A_TOOM42:
        return an >= 13 && bn > (an + 3) / 4 && bn <= 2 * ((an + 3) / 4);
    default: return 1;
    }
}

static const char *alg_name(enum alg g)
{
    static const char *names[] = {"bgcn_mul", "toom22", "toom33", "toom44",
                                  "ntt",      "toom5",  "toom6",  "toom7",
                                  "toom42"};
    return names[g];
}

/* Multiplies one random operand pair with alg (or squares {ap,an} when
 * sqr), checks against GMP and, when slow_ref, against schoolbook. */
static void check_one(enum alg g, int sqr, long an, long bn, int slow_ref)
{
    if (sqr)
        bn = an;
    long rn = an + bn;
    bgcn_limb_t *a = t_alloc_guarded(an), *b = t_alloc_guarded(bn);
    bgcn_limb_t *r = t_alloc_guarded(rn), *want = malloc(rn * sizeof *want);
    t_fill(a, an);
    if (sqr)
        memcpy(b, a, an * sizeof *a);
    else
        t_fill(b, bn);
    for (long i = 0; i < rn; i++)
        r[i] = 0x5555555555555555u;

    long itch = bgcn_mul_toom_itch(an);
    bgcn_limb_t *ws = t_alloc_guarded(itch);
    bgcn_status st = BGCN_OK;
    switch (g) {
    case A_MUL:
        st = sqr ? bgcn_sqr(r, a, an) : bgcn_mul(r, a, an, b, bn);
        break;
    case A_TOOM22:
        st = sqr ? bgcn_sqr_toom2(r, a, an, ws)
                 : bgcn_mul_toom22(r, a, an, b, bn, ws);
        break;
    case A_TOOM33:
        st = sqr ? bgcn_sqr_toom3(r, a, an, ws)
                 : bgcn_mul_toom33(r, a, an, b, bn, ws);
        break;
    case A_TOOM44:
        st = sqr ? bgcn_sqr_toom4(r, a, an, ws)
                 : bgcn_mul_toom44(r, a, an, b, bn, ws);
        break;
    case A_NTT:
        st = sqr ? bgcn_sqr_ntt(r, a, an) : bgcn_mul_ntt(r, a, an, b, bn);
        break;
    case A_TOOM5:
    case A_TOOM6:
    case A_TOOM7: {
        int k = 5 + (int)(g - A_TOOM5);
        st = sqr ? bgcn_sqr_toomk(r, a, an, k, ws)
                 : bgcn_mul_toomk(r, a, an, b, bn, k, ws);
        break;
    }
    case A_TOOM42:
        /* no squaring form: the square goes through bgcn_sqr */
        st = sqr ? bgcn_sqr(r, a, an) : bgcn_mul_toom42(r, a, an, b, bn, ws);
        break;
    }
    cr_assert_eq(st, BGCN_OK, "%s%s %ldx%ld: status %d", alg_name(g),
                 sqr ? " sqr" : "", an, bn, st);
    cr_assert(t_check_guards(r, rn), "%s %ldx%ld: guard limbs of rp",
              alg_name(g), an, bn);
    cr_assert(t_check_guards(ws, itch), "%s %ldx%ld: scratch overrun",
              alg_name(g), an, bn);
    cr_assert(t_check_guards(a, an) && t_check_guards(b, bn));

    if (sqr)
        mpn_sqr((mp_limb_t *)want, (const mp_limb_t *)a, an);
    else
        mpn_mul((mp_limb_t *)want, (const mp_limb_t *)a, an,
                (const mp_limb_t *)b, bn);
    if (!t_equal(alg_name(g), r, want, rn))
        cr_assert_fail("%s%s %ldx%ld differs from GMP", alg_name(g),
                 sqr ? " sqr" : "", an, bn);
    if (slow_ref) {
        bgcn_mul_basecase_c(want, a, an, b, bn);
        if (!t_equal("schoolbook", r, want, rn))
            cr_assert_fail("%s %ldx%ld differs from schoolbook", alg_name(g), an,
                     bn);
        /* and the reference of tests/refmpn.c */
        if (sqr)
            bgc_ref_sqr(want, a, an);
        else
            bgc_ref_mul(want, a, an, b, bn);
        if (!t_equal("refmpn", r, want, rn))
            cr_assert_fail("%s%s %ldx%ld differs from refmpn", alg_name(g),
                           sqr ? " sqr" : "", an, bn);
    }
    /* The sources are unchanged. */
    if (sqr)
        cr_assert(memcmp(a, b, an * sizeof *a) == 0, "sqr changed ap");
    t_free_guarded(a);
    t_free_guarded(b);
    t_free_guarded(r);
    t_free_guarded(ws);
    free(want);
}

/* Every an in [lo, hi], a few bn per an among the shapes alg accepts
 * (including its thinnest and the balanced one). */
static void sweep(enum alg g, long lo, long hi)
{
    for (long an = lo; an <= hi; an++) {
        long bmin = 1;
        while (bmin <= an && !shape_ok(g, an, bmin))
            bmin++;
        if (bmin > an)
            continue;
        long bmax = an;
        while (bmax > bmin && !shape_ok(g, an, bmax))
            bmax--;
        long bs[4] = {bmax, bmin, t_rand_size(bmin, bmax),
                      t_rand_size(bmin, bmax)};
        for (int i = 0; i < 4; i++)
            if (shape_ok(g, an, bs[i]))
                check_one(g, 0, an, bs[i], 1);
        if (shape_ok(g, an, an))
            check_one(g, 1, an, an, 1);
    }
}

static long mx(long a, long b)
{
    return a > b ? a : b;
}

/* ---- each algorithm directly ---------------------------------------- */

Test(mul, toom22_direct)
{
    /* Default thresholds: sub-products by schoolbook up to 3x the
     * crossover; then with sub-products recursing. */
    sweep(A_TOOM22, 2, mx(3 * bgcn_mul_toom22_threshold, 40));
    for (int rep = 0; rep < 4; rep++) {
        tiny_thresholds();
        sweep(A_TOOM22, 2, 60);
    }
}

Test(mul, toom33_direct)
{
    sweep(A_TOOM33, 3, 3 * bgcn_mul_toom22_threshold);
    for (int rep = 0; rep < 4; rep++) {
        tiny_thresholds();
        sweep(A_TOOM33, 3, 70);
    }
    restore_thresholds();
    for (int i = 0; i < 10; i++) {
        long an = t_rand_size(bgcn_mul_toom33_threshold / 2,
                              3 * bgcn_mul_toom33_threshold);
        check_one(A_TOOM33, 0, an, t_rand_size(2 * ((an + 2) / 3) + 1, an),
                  1);
        check_one(A_TOOM33, 1, an, an, 1);
    }
}

Test(mul, toom44_direct)
{
    sweep(A_TOOM44, 4, 3 * bgcn_mul_toom22_threshold);
    for (int rep = 0; rep < 4; rep++) {
        tiny_thresholds();
        sweep(A_TOOM44, 4, 80);
    }
    restore_thresholds();
    for (int i = 0; i < 10; i++) {
        long an = t_rand_size(bgcn_mul_toom44_threshold / 2,
                              3 * bgcn_mul_toom44_threshold);
        check_one(A_TOOM44, 0, an, t_rand_size(3 * ((an + 3) / 4) + 1, an),
                  1);
        check_one(A_TOOM44, 1, an, an, 1);
    }
}

/* The odd-even Toom-5/6/7 (toomk.c) directly: every size from the first
 * the shape allows, with schoolbook and with recursing sub-products, then
 * around the Toom-6 crossover; its slow twins are GMP, the schoolbook
 * product and (through bgcn_mul with Toom-6 out of reach) Toom-4. */
Test(mul, toomk_direct)
{
    for (int g = A_TOOM5; g <= A_TOOM7; g++) {
        sweep((enum alg)g, 2 * (g - A_TOOM5 + 5), 90);
        for (int rep = 0; rep < 2; rep++) {
            tiny_thresholds();
            sweep((enum alg)g, 10, 120);
        }
        restore_thresholds();
        for (int i = 0; i < 6; i++) {
            int k = 5 + (g - A_TOOM5);
            long an = t_rand_size(k * 20, 3 * bgcn_mul_toom44_threshold);
            long n = (an + k - 1) / k;
            check_one((enum alg)g, 0, an,
                      t_rand_size((k - 1) * n + 1, an), an < 1500);
            if (shape_ok((enum alg)g, an, an))
                check_one((enum alg)g, 1, an, an, an < 1500);
        }
    }
}

/* Toom-6 through bgcn_mul against Toom-4 (Toom-6 out of reach): the
 * existing path as the slow twin, all-ones and 2^k +- 1 operands (the
 * largest evaluations, a(16) of all-ones pieces). */
Test(mul, toom6_vs_toom4)
{
    long sizes[] = {bgcn_mul_toom6_threshold - 1, bgcn_mul_toom6_threshold,
                    bgcn_mul_toom6_threshold + 1, 1201, 1999, 2500};
    bgcn_mul_ntt_threshold = bgcn_sqr_ntt_threshold = 1L << 40;
    for (int i = 0; i < 6; i++)
        for (int kind = 0; kind < 4; kind++) {
            long n = sizes[i];
            bgcn_limb_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
            bgcn_limb_t *r = malloc(2 * n * sizeof *r),
                        *w = malloc(2 * n * sizeof *w);
            for (long j = 0; j < n; j++) {
                a[j] = kind == 0 ? t_rand() : BGCN_LIMB_MAX;
                b[j] = kind == 3 ? 0 : BGCN_LIMB_MAX;
            }
            if (kind == 1) { /* 2^(64n) - 2^64 + 1 and all-ones */
                a[0] = 1;
            } else if (kind == 2) { /* 2^(64n-1) + 1 and 2^(64n) - 1 */
                for (long j = 0; j < n; j++)
                    a[j] = 0;
                a[0] = 1;
                a[n - 1] = BGCN_LIMB_HIGHBIT;
            } else if (kind == 3) { /* sparse */
                b[0] = 1;
                b[n / 2] = 1;
                b[n - 1] = 3;
            }
            for (int sqr = 0; sqr <= 1; sqr++) {
                bgcn_mul_toom6_threshold = bgcn_sqr_toom6_threshold = 1;
                cr_assert_eq(sqr ? bgcn_sqr(r, a, n) : bgcn_mul(r, a, n, b, n),
                             BGCN_OK);
                bgcn_mul_toom6_threshold = bgcn_sqr_toom6_threshold = 1L << 40;
                cr_assert_eq(sqr ? bgcn_sqr(w, a, n) : bgcn_mul(w, a, n, b, n),
                             BGCN_OK);
                cr_assert(t_equal("toom6 vs toom4", r, w, 2 * n),
                          "n %ld kind %d sqr %d", n, kind, sqr);
                if (sqr)
                    mpn_sqr((mp_limb_t *)w, (const mp_limb_t *)a, n);
                else
                    mpn_mul((mp_limb_t *)w, (const mp_limb_t *)a, n,
                            (const mp_limb_t *)b, n);
                cr_assert(t_equal("toom6 vs GMP", r, w, 2 * n),
                          "n %ld kind %d sqr %d", n, kind, sqr);
            }
            free(a);
            free(b);
            free(r);
            free(w);
        }
}

/* Toom-4.2 directly, every an from 13 and each shape it accepts; then
 * through bgcn_mul at 2:1 .. 2.5:1 around its threshold, against the
 * chunked product (Toom-4.2 out of reach) and GMP. */
Test(mul, toom42_direct)
{
    sweep(A_TOOM42, 13, 80);
    for (int rep = 0; rep < 3; rep++) {
        tiny_thresholds();
        sweep(A_TOOM42, 13, 100);
    }
    restore_thresholds();
    long t = bgcn_mul_toom42_threshold;
    long bns[] = {t - 1, t, t + 1, 2 * t + 3, 3 * t, 700};
    for (int i = 0; i < 6; i++) {
        long bn = bns[i];
        long ans[] = {2 * bn, 2 * bn + 1, 2 * bn + bn / 4, (5 * bn) / 2};
        for (int j = 0; j < 4; j++) {
            check_one(A_MUL, 0, ans[j], bn, ans[j] * bn < 2000000);
            if (shape_ok(A_TOOM42, ans[j], bn))
                check_one(A_TOOM42, 0, ans[j], bn, ans[j] * bn < 2000000);
        }
    }
}

Test(mul, ntt_direct)
{
    for (long an = 1; an <= 40; an++)
        for (long bn = 1; bn <= an; bn += 1 + (an > 10) * 3) {
            check_one(A_NTT, 0, an, bn, 1);
            if (bn == an)
                check_one(A_NTT, 1, an, an, 1);
        }
    for (int i = 0; i < 12; i++) {
        long an = t_rand_size(40, 3000);
        check_one(A_NTT, 0, an, t_rand_size(1, an), an < 1500);
        check_one(A_NTT, 1, an, an, an < 1500);
    }
    /* Sizes at and next to powers of two (transform length boundaries). */
    long edges[] = {511, 512, 513, 1023, 1024, 1025};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            if (edges[j] <= edges[i] && (i + j) % 2 == 0)
                check_one(A_NTT, 0, edges[i], edges[j], 0);
}

/* Squares of all-ones and of 2^k - 1 style runs: the largest coefficients
 * (every limb product is (2^64-1)^2) stress the CRT bound. */
Test(mul, ntt_extremes)
{
    /* Besides fixed sizes, the sizes where ntt.c switches between two
     * primes (coefficients of (123 - k) / 2 bits, used while they fit the
     * length 2^k) and three: n x n needs 2n 64 / nb - 1 <= 2^k. */
    long sizes[32] = {1, 2, 3, 100, 4096, 20000};
    int ns = 6;
    for (int k = 6; k <= 14; k += 2) {
        long n2 = ((1L << k) + 1) * ((123 - k) / 2) / 128;
        for (long n = n2 - 1; n <= n2 + 1; n++)
            sizes[ns++] = n;
    }
    for (int i = 0; i < ns; i++) {
        long n = sizes[i];
        bgcn_limb_t *a = malloc(n * sizeof *a), *r = malloc(2 * n * sizeof *r),
                    *w = malloc(2 * n * sizeof *w);
        for (long j = 0; j < n; j++)
            a[j] = BGCN_LIMB_MAX;
        cr_assert_eq(bgcn_sqr_ntt(r, a, n), BGCN_OK);
        mpn_sqr((mp_limb_t *)w, (const mp_limb_t *)a, n);
        cr_assert(t_equal("ntt all-ones sqr", r, w, 2 * n));
        cr_assert_eq(bgcn_mul_ntt(r, a, n, a, n), BGCN_OK);
        cr_assert(t_equal("ntt all-ones mul", r, w, 2 * n));
        free(a);
        free(r);
        free(w);
    }
}

/* ---- through bgcn_mul / bgcn_sqr -------------------------------------- */

/* Sizes from 1 to 3x every threshold (schoolbook reference below 1500). */
Test(mul, dispatch_around_thresholds)
{
    long ts[] = {bgcn_mul_toom22_threshold, bgcn_mul_toom33_threshold,
                 bgcn_mul_toom44_threshold, bgcn_mul_toom6_threshold,
                 bgcn_sqr_toom2_threshold,  bgcn_sqr_toom3_threshold,
                 bgcn_sqr_toom4_threshold,  bgcn_sqr_toom6_threshold};
    for (long n = 1; n <= 3 * bgcn_mul_toom22_threshold; n++) {
        check_one(A_MUL, 0, n, n, 1);
        check_one(A_MUL, 1, n, n, 1);
    }
    for (int i = 0; i < 8; i++) {
        long t = ts[i];
        long pts[] = {t - 2, t - 1, t, t + 1, t + 2, 2 * t, 3 * t - 1, 3 * t};
        for (int j = 0; j < 8; j++) {
            if (pts[j] < 1)
                continue;
            check_one(A_MUL, 0, pts[j], pts[j], pts[j] < 1500);
            check_one(A_MUL, 1, pts[j], pts[j], pts[j] < 1500);
            check_one(A_MUL, 0, pts[j], t_rand_size(1, pts[j]),
                      pts[j] < 1500);
        }
    }
    for (int rep = 0; rep < 30; rep++) {
        long n = t_rand_size(1, 3 * bgcn_mul_toom44_threshold);
        check_one(A_MUL, 0, n, n, 1);
        check_one(A_MUL, 1, n, n, 1);
    }
}

Test(mul, dispatch_ntt_threshold)
{
    long t = bgcn_mul_ntt_threshold, u = bgcn_sqr_ntt_threshold;
    long pts[] = {t - 1, t, t + 1, 2 * t, 3 * t};
    for (int j = 0; j < 5; j++) {
        check_one(A_MUL, 0, pts[j], pts[j], 0);
        check_one(A_MUL, 0, pts[j] + t_rand_size(0, pts[j]), pts[j], 0);
    }
    long qs[] = {u - 1, u, u + 1, 3 * u};
    for (int j = 0; j < 4; j++)
        check_one(A_MUL, 1, qs[j], qs[j], 0);
    /* Around the per-length minimums (either side picks Toom or NTT). */
    for (int k = 12; k <= 14; k++) {
        long m = bgcn_mul_ntt_min_k[k];
        if (m > 1 && m < 20000) {
            check_one(A_MUL, 0, m - 1, m - 1, 0);
            check_one(A_MUL, 0, m, m, 0);
            check_one(A_MUL, 1, m, m, 0);
        }
    }
}

/* an/bn ratios 1..10 and very thin b, around and between thresholds. */
Test(mul, unbalanced)
{
    long bns[] = {1,
                  2,
                  3,
                  bgcn_mul_toom22_threshold - 1,
                  bgcn_mul_toom22_threshold,
                  bgcn_mul_toom22_threshold + 3,
                  bgcn_mul_toom33_threshold,
                  bgcn_mul_toom44_threshold + 5,
                  bgcn_mul_toom42_threshold - 1,
                  bgcn_mul_toom42_threshold};
    for (int i = 0; i < 10; i++) {
        long bn = bns[i];
        if (bn < 1)
            continue;
        for (int ratio = 1; ratio <= 10; ratio++) {
            long an = bn * ratio + t_rand_size(0, bn - 1);
            check_one(A_MUL, 0, an, bn, an * bn < 2000000);
        }
    }
    /* Shapes in the gaps between the Toom shape conditions. */
    for (int rep = 0; rep < 200; rep++) {
        long bn = t_rand_size(1, 2 * bgcn_mul_toom44_threshold);
        long an = bn + t_rand_size(0, 3 * bn);
        check_one(A_MUL, 0, an, bn, an * bn < 2000000);
    }
    /* Very thin: 10^4 x 1..3 and 3x10^4 x T22. */
    check_one(A_MUL, 0, 10000, 1, 1);
    check_one(A_MUL, 0, 10000, 3, 1);
    check_one(A_MUL, 0, 30000, bgcn_mul_toom22_threshold, 0);
    check_one(A_MUL, 0, 30000, bgcn_mul_toom33_threshold + 1, 0);
}

/* Tiny thresholds: random shapes through every path at small sizes. */
Test(mul, dispatch_tiny_thresholds)
{
    for (int rep = 0; rep < 40; rep++) {
        tiny_thresholds();
        for (int k = 0; k < 10; k++) {
            long an = t_rand_size(1, 200), bn = t_rand_size(1, an);
            check_one(A_MUL, 0, an, bn, 1);
            check_one(A_MUL, 1, an, an, 1);
        }
    }
}

/* Random sizes up to 10^5 limbs against GMP. */
Test(mul, large_random)
{
    long sizes[] = {5000, 20000, 100000};
    for (int i = 0; i < 3; i++) {
        long an = t_rand_size(sizes[i] / 2, sizes[i]);
        check_one(A_MUL, 0, an, an, 0);
        check_one(A_MUL, 0, an, t_rand_size(1, an), 0);
        check_one(A_MUL, 1, an, an, 0);
    }
    /* Toom-4 far above its threshold (NTT off). */
    bgcn_mul_ntt_threshold = bgcn_sqr_ntt_threshold = 1L << 40;
    long an = t_rand_size(8000, 12000);
    check_one(A_MUL, 0, an, an, 0);
    check_one(A_MUL, 1, an, an, 0);
}

/* Both sides of each Toom crossover of the thresholds in effect, and
 * Toom-4.2's at 2:1 and 2.5:1 (run per kernel path and per CPU set). */
static void check_toom_crossovers(void)
{
    long ts[] = {bgcn_mul_toom22_threshold, bgcn_mul_toom33_threshold,
                 bgcn_mul_toom44_threshold, bgcn_mul_toom6_threshold,
                 bgcn_sqr_toom2_threshold,  bgcn_sqr_toom3_threshold,
                 bgcn_sqr_toom4_threshold,  bgcn_sqr_toom6_threshold};
    for (int j = 0; j < 8; j++)
        for (long n = ts[j] - 1; n <= ts[j] + 1; n++) {
            check_one(A_MUL, j >= 4, n, n, n < 1500);
            check_one(A_MUL, j >= 4, n + t_rand_size(0, n), n, 0);
        }
    for (long n = bgcn_mul_toom42_threshold - 1;
         n <= bgcn_mul_toom42_threshold + 1; n++) {
        check_one(A_MUL, 0, 2 * n, n, n < 700);
        check_one(A_MUL, 0, (5 * n) / 2, n, n < 700);
    }
}

/* Every kernel path the machine supports. */
Test(mul, kernel_paths)
{
    for (int i = 0; bgcn_kernel_paths[i]; i++) {
        const bgcn_kernels *p = bgcn_kernel_paths[i];
        if (!bgcn_cpu_supported(p))
            continue;
        cr_assert_eq(bgcn_cpu_select(p->name), 0);
        for (int k = 0; k < 30; k++) {
            long an = t_rand_size(1, 700), bn = t_rand_size(1, an);
            check_one(A_MUL, 0, an, bn, 1);
            check_one(A_MUL, 1, an, an, 1);
        }
        /* Each path has its own crossovers: both sides of each. */
        check_toom_crossovers();
    }
    bgcn_cpu_select("generic");
}

/* bgcn_cpu_select installs the crossovers tuned for the path it picks
 * (thresholds.h); unknown names get the generic set. */
Test(mul, thresholds_follow_path)
{
    long want[11] = {BGCN_GENERIC_MUL_TOOM22, BGCN_GENERIC_MUL_TOOM33,
                     BGCN_GENERIC_MUL_TOOM44, BGCN_GENERIC_MUL_NTT,
                     BGCN_GENERIC_SQR_TOOM2,  BGCN_GENERIC_SQR_TOOM3,
                     BGCN_GENERIC_SQR_TOOM4,  BGCN_GENERIC_SQR_NTT,
                     BGCN_GENERIC_MUL_TOOM6,  BGCN_GENERIC_MUL_TOOM42,
                     BGCN_GENERIC_SQR_TOOM6};
    long want_k[BGCN_NTT_KTAB] = BGCN_GENERIC_MUL_NTT_MIN_K;
    cr_assert_eq(bgcn_cpu_select("generic"), 0);
    long got[11] = {bgcn_mul_toom22_threshold, bgcn_mul_toom33_threshold,
                    bgcn_mul_toom44_threshold, bgcn_mul_ntt_threshold,
                    bgcn_sqr_toom2_threshold,  bgcn_sqr_toom3_threshold,
                    bgcn_sqr_toom4_threshold,  bgcn_sqr_ntt_threshold,
                    bgcn_mul_toom6_threshold,  bgcn_mul_toom42_threshold,
                    bgcn_sqr_toom6_threshold};
    cr_assert_eq(memcmp(got, want, sizeof want), 0);
    cr_assert_eq(memcmp(bgcn_mul_ntt_min_k, want_k, sizeof want_k), 0);
    bgcn_mul_toom22_threshold = 1000;
    bgcn_mul_thresholds_select("no such path");
    cr_assert_eq(bgcn_mul_toom22_threshold, BGCN_GENERIC_MUL_TOOM22);
#ifdef BGC_HAVE_ASM_X86_64
    const bgcn_kernels *adx = bgcn_kernel_path("adx");
    if (adx && bgcn_cpu_supported(adx)) {
        /* The adx set, or the per-CPU set that refines it here. */
        cr_assert_eq(bgcn_cpu_select("adx"), 0);
        bgcn_cpu_id id;
        bgcn_cpu_ident(&id);
        int zen1 = strcmp(id.vendor, "AuthenticAMD") == 0 &&
                   id.family == 0x17 && id.model <= 0x0f;
        cr_assert_str_eq(bgcn_mul_thresholds_name(),
                         zen1 ? "adx zen1" : "adx");
        cr_assert_eq(bgcn_mul_toom22_threshold,
                     zen1 ? BGCN_ADX_ZEN1_MUL_TOOM22 : BGCN_ADX_MUL_TOOM22);
        cr_assert_eq(bgcn_sqr_toom4_threshold,
                     zen1 ? BGCN_ADX_ZEN1_SQR_TOOM4 : BGCN_ADX_SQR_TOOM4);
    }
    const bgcn_kernels *avx512 = bgcn_kernel_path("avx512");
    if (avx512 && bgcn_cpu_supported(avx512)) {
        /* The avx512 set, or the Emerald Rapids one. */
        cr_assert_eq(bgcn_cpu_select("avx512"), 0);
        bgcn_cpu_id id;
        bgcn_cpu_ident(&id);
        int emr = strcmp(id.vendor, "GenuineIntel") == 0 &&
                  id.family == 0x6 && id.model == 0xcf;
        cr_assert_str_eq(bgcn_mul_thresholds_name(),
                         emr ? "avx512 emr" : "avx512");
        cr_assert_eq(bgcn_mul_ntt_threshold,
                     emr ? BGCN_AVX512_EMR_MUL_NTT : BGCN_AVX512_MUL_NTT);
        cr_assert_eq(bgcn_sqr_ntt_threshold,
                     emr ? BGCN_AVX512_EMR_SQR_NTT : BGCN_AVX512_SQR_NTT);
    }
#endif
    bgcn_cpu_select("generic");
}

/* The CPU's identity names a vendor (on x86-64 builds) and is stable. */
Test(mul, cpu_ident)
{
    bgcn_cpu_id a, b;
    bgcn_cpu_ident(&a);
    bgcn_cpu_ident(&b);
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
    cr_assert(memchr(a.vendor, 0, sizeof a.vendor) != NULL);
    cr_assert(memchr(a.brand, 0, sizeof a.brand) != NULL);
#ifdef BGC_HAVE_ASM_X86_64
    cr_assert(a.vendor[0] != 0 && a.family != 0, "vendor '%s' family %u",
              a.vendor, a.family);
#endif
}

static bgcn_cpu_id fake_cpu(const char *vendor, unsigned family,
                            unsigned model)
{
    bgcn_cpu_id id;
    memset(&id, 0, sizeof id);
    strcpy(id.vendor, vendor);
    id.family = family;
    id.model = model;
    return id;
}

static void assert_set(const long want[11], const long *want_mk,
                       const long *want_sk, const char *what)
{
    long got[11] = {bgcn_mul_toom22_threshold, bgcn_mul_toom33_threshold,
                    bgcn_mul_toom44_threshold, bgcn_mul_ntt_threshold,
                    bgcn_sqr_toom2_threshold,  bgcn_sqr_toom3_threshold,
                    bgcn_sqr_toom4_threshold,  bgcn_sqr_ntt_threshold,
                    bgcn_mul_toom6_threshold,  bgcn_mul_toom42_threshold,
                    bgcn_sqr_toom6_threshold};
    cr_assert_eq(memcmp(got, want, 11 * sizeof *want), 0, "%s", what);
    cr_assert_eq(memcmp(bgcn_mul_ntt_min_k, want_mk,
                        sizeof bgcn_mul_ntt_min_k), 0, "%s mul k", what);
    cr_assert_eq(memcmp(bgcn_sqr_ntt_min_k, want_sk,
                        sizeof bgcn_sqr_ntt_min_k), 0, "%s sqr k", what);
}

/* The eleven thresholds of set P, in the order assert_set() checks. */
#define THRESHOLD_SET(P)                                                     \
    {P##_MUL_TOOM22, P##_MUL_TOOM33, P##_MUL_TOOM44, P##_MUL_NTT,             \
     P##_SQR_TOOM2,  P##_SQR_TOOM3,  P##_SQR_TOOM4,  P##_SQR_NTT,             \
     P##_MUL_TOOM6,  P##_MUL_TOOM42, P##_SQR_TOOM6}

/* The per-CPU sets: chosen by vendor, family and model range, only for
 * the path they refine; every other CPU (Zen 3, Zen 4, Intel, the edges
 * of the range) keeps the path's set.  Selection only, so any CPU runs
 * this (the kernels in use do not change). */
Test(mul, thresholds_per_cpu)
{
    const long adx[11] = THRESHOLD_SET(BGCN_ADX);
    const long adx_mk[BGCN_NTT_KTAB] = BGCN_ADX_MUL_NTT_MIN_K;
    const long adx_sk[BGCN_NTT_KTAB] = BGCN_ADX_SQR_NTT_MIN_K;
    const long zen1[11] = THRESHOLD_SET(BGCN_ADX_ZEN1);
    const long zen1_mk[BGCN_NTT_KTAB] = BGCN_ADX_ZEN1_MUL_NTT_MIN_K;
    const long zen1_sk[BGCN_NTT_KTAB] = BGCN_ADX_ZEN1_SQR_NTT_MIN_K;
    const long x86[11] = THRESHOLD_SET(BGCN_X86_64);
    const long x86_mk[BGCN_NTT_KTAB] = BGCN_X86_64_MUL_NTT_MIN_K;
    const long x86_sk[BGCN_NTT_KTAB] = BGCN_X86_64_SQR_NTT_MIN_K;
    const long avx[11] = THRESHOLD_SET(BGCN_AVX512);
    const long avx_mk[BGCN_NTT_KTAB] = BGCN_AVX512_MUL_NTT_MIN_K;
    const long avx_sk[BGCN_NTT_KTAB] = BGCN_AVX512_SQR_NTT_MIN_K;
    const long emr[11] = THRESHOLD_SET(BGCN_AVX512_EMR);
    const long emr_mk[BGCN_NTT_KTAB] = BGCN_AVX512_EMR_MUL_NTT_MIN_K;
    const long emr_sk[BGCN_NTT_KTAB] = BGCN_AVX512_EMR_SQR_NTT_MIN_K;

    struct {
        const char *vendor;
        unsigned family, model;
        int zen1, emr;
    } cpus[] = {
        {"AuthenticAMD", 0x17, 0x01, 1, 0}, /* EPYC 7001 (Zen 1), this set's */
        {"AuthenticAMD", 0x17, 0x00, 1, 0},
        {"AuthenticAMD", 0x17, 0x08, 1, 0}, /* Zen+ */
        {"AuthenticAMD", 0x17, 0x0f, 1, 0},
        {"AuthenticAMD", 0x17, 0x10, 0, 0}, /* past the range */
        {"AuthenticAMD", 0x17, 0x31, 0, 0}, /* Zen 2 */
        {"AuthenticAMD", 0x19, 0x01, 0, 0}, /* Zen 3 */
        {"AuthenticAMD", 0x19, 0x11, 0, 0}, /* Zen 4 */
        {"AuthenticAMD", 0x16, 0x01, 0, 0},
        {"GenuineIntel", 0x06, 0xcf, 0, 1}, /* Emerald Rapids, its set's */
        {"GenuineIntel", 0x06, 0xce, 0, 0}, /* either side of the model */
        {"GenuineIntel", 0x06, 0xd0, 0, 0},
        {"GenuineIntel", 0x06, 0x8f, 0, 0}, /* Sapphire Rapids: not measured */
        {"GenuineIntel", 0x07, 0xcf, 0, 0}, /* another family */
        {"AuthenticAMD", 0x06, 0xcf, 0, 0}, /* same numbers, other vendor */
        {"GenuineIntel", 0x17, 0x01, 0, 0}, /* same numbers, other vendor */
        {"", 0, 0, 0, 0},                   /* no CPUID */
    };
    for (size_t i = 0; i < sizeof cpus / sizeof cpus[0]; i++) {
        bgcn_cpu_id id = fake_cpu(cpus[i].vendor, cpus[i].family,
                                  cpus[i].model);
        char what[96];
        snprintf(what, sizeof what, "%s family %#x model %#x",
                 cpus[i].vendor, cpus[i].family, cpus[i].model);
        const char *nm = bgcn_mul_thresholds_select_cpu("adx", &id);
        cr_assert_str_eq(nm, cpus[i].zen1 ? "adx zen1" : "adx", "%s", what);
        cr_assert_str_eq(bgcn_mul_thresholds_name(), nm);
        if (cpus[i].zen1)
            assert_set(zen1, zen1_mk, zen1_sk, what);
        else
            assert_set(adx, adx_mk, adx_sk, what);
        /* Another path on the same CPU: that path's own set. */
        cr_assert_str_eq(bgcn_mul_thresholds_select_cpu("x86_64", &id),
                         "x86_64");
        assert_set(x86, x86_mk, x86_sk, what);
        /* The avx512 path: its own set, or the Emerald Rapids one. */
        nm = bgcn_mul_thresholds_select_cpu("avx512", &id);
        cr_assert_str_eq(nm, cpus[i].emr ? "avx512 emr" : "avx512", "%s",
                         what);
        if (cpus[i].emr)
            assert_set(emr, emr_mk, emr_sk, what);
        else
            assert_set(avx, avx_mk, avx_sk, what);
        /* and the IFMA Montgomery minimums of that set */
        cr_assert_eq(bgcn_mont_mul_ifma_min,
                     cpus[i].emr ? BGCN_AVX512_EMR_MONT_MUL_IFMA_MIN
                                 : BGCN_AVX512_MONT_MUL_IFMA_MIN, "%s", what);
        cr_assert_eq(bgcn_mont_sqr_ifma_min,
                     cpus[i].emr ? BGCN_AVX512_EMR_MONT_SQR_IFMA_MIN
                                 : BGCN_AVX512_MONT_SQR_IFMA_MIN, "%s", what);
    }
    /* No identity at all: the path's set. */
    cr_assert_str_eq(bgcn_mul_thresholds_select_cpu("adx", NULL), "adx");
    assert_set(adx, adx_mk, adx_sk, "no id");
    cr_assert_str_eq(bgcn_mul_thresholds_select_cpu("avx512", NULL), "avx512");
    assert_set(avx, avx_mk, avx_sk, "no id");

    /* The table as tune/ sees it: each entry and its key. */
    const char *name, *path, *macro, *vendor;
    unsigned fam, lo, hi;
    int found = 0, found_emr = 0;
    for (int i = 0; bgcn_mul_thresholds_cpu_set(i, &name, &path, &macro,
                                                &vendor, &fam, &lo, &hi);
         i++)
        if (strcmp(name, "adx zen1") == 0) {
            found = 1;
            cr_assert_str_eq(path, "adx");
            cr_assert_str_eq(macro, "ADX_ZEN1");
            cr_assert_str_eq(vendor, "AuthenticAMD");
            cr_assert(fam == 0x17 && lo == 0x00 && hi == 0x0f);
        } else if (strcmp(name, "avx512 emr") == 0) {
            found_emr = 1;
            cr_assert_str_eq(path, "avx512");
            cr_assert_str_eq(macro, "AVX512_EMR");
            cr_assert_str_eq(vendor, "GenuineIntel");
            cr_assert(fam == 0x6 && lo == 0xcf && hi == 0xcf);
        }
    cr_assert(found && found_emr);
    cr_assert_eq(bgcn_mul_thresholds_cpu_set(-1, &name, &path, &macro,
                                             &vendor, &fam, &lo, &hi), 0);
    bgcn_cpu_select("generic");
}

/* Each per-CPU set's crossovers (adx zen1, avx512 emr, ...) on every
 * kernel path the machine has (the set is installed by hand through a CPU
 * identity made from its key, so this runs on any CPU): both sides of
 * each threshold, of the NTT's start and of each per-length NTT minimum,
 * against GMP. */
Test(mul, cpu_sets_around_thresholds)
{
    const char *name, *path, *macro, *vendor;
    unsigned fam, lo, hi;
    for (int c = 0; bgcn_mul_thresholds_cpu_set(c, &name, &path, &macro,
                                                &vendor, &fam, &lo, &hi);
         c++) {
        for (int i = 0; bgcn_kernel_paths[i]; i++) {
            const bgcn_kernels *p = bgcn_kernel_paths[i];
            if (!bgcn_cpu_supported(p))
                continue;
            cr_assert_eq(bgcn_cpu_select(p->name), 0);
            bgcn_cpu_id id = fake_cpu(vendor, fam, lo);
            cr_assert_str_eq(bgcn_mul_thresholds_select_cpu(path, &id), name);
            check_toom_crossovers();
            /* The NTT's start and its per-length minimums. */
            for (int sqr = 0; sqr <= 1; sqr++) {
                long t = sqr ? bgcn_sqr_ntt_threshold : bgcn_mul_ntt_threshold;
                if (t > 1 && t < 20000)
                    for (long n = t - 1; n <= t; n++)
                        check_one(A_MUL, sqr, n, n, 0);
                for (int k = 11; k <= 13; k++) {
                    long m = (sqr ? bgcn_sqr_ntt_min_k : bgcn_mul_ntt_min_k)[k];
                    if (m > 1 && m < 20000)
                        for (long n = m - 1; n <= m; n++)
                            check_one(A_MUL, sqr, n, n, 0);
                }
            }
        }
    }
    bgcn_cpu_select("generic");
}

/* ---- failures: allocation and interrupt ------------------------------- */

Test(mul, enomem)
{
    /* Above the stack-scratch size (2048 limbs of scratch) so that the Toom
     * paths allocate, and above the NTT threshold. */
    long shapes[][2] = {{400, 400}, {3000, 400}, {6000, 6000}, {9000, 5000}};
    for (int i = 0; i < 4; i++) {
        long an = shapes[i][0], bn = shapes[i][1];
        bgcn_limb_t *a = malloc(an * sizeof *a), *b = malloc(bn * sizeof *b),
                    *r = malloc(2 * an * sizeof *r); /* room for the square too */
        t_fill(a, an);
        t_fill(b, bn);
        for (int k = 1; k <= 6; k++) {
            bgcn_alloc_fail_after(k);
            bgcn_status st = bgcn_mul(r, a, an, b, bn);
            bgcn_status st2 = bgcn_sqr(r, a, an);
            bgcn_alloc_fail_after(0);
            /* Either it needed fewer than k allocations (then OK) or it
             * reports the failure. */
            cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
            cr_assert(st2 == BGCN_OK || st2 == BGCN_ENOMEM);
            if (k == 1) {
                cr_assert_eq(st, BGCN_ENOMEM, "%ldx%ld", an, bn);
                cr_assert_eq(st2, BGCN_ENOMEM, "%ld sqr", an);
            }
        }
        bgcn_alloc_fail_after(0);
        free(a);
        free(b);
        free(r);
    }
}

Test(mul, eintr)
{
    long shapes[][2] = {{300, 300}, {1000, 120}, {6000, 6000}};
    for (int i = 0; i < 3; i++) {
        long an = shapes[i][0], bn = shapes[i][1];
        bgcn_limb_t *a = malloc(an * sizeof *a), *b = malloc(bn * sizeof *b),
                    *r = malloc(2 * an * sizeof *r); /* room for the square too */
        t_fill(a, an);
        t_fill(b, bn);
        bgcn_interrupt_flag = 1;
        cr_assert_eq(bgcn_mul(r, a, an, b, bn), BGCN_EINTR);
        cr_assert_eq(bgcn_sqr(r, a, an), BGCN_EINTR);
        bgcn_interrupt_flag = 0;
        cr_assert_eq(bgcn_mul(r, a, an, b, bn), BGCN_OK);
        free(a);
        free(b);
        free(r);
    }
}

/* ---- independent products side by side (bgcn_mul_jobs) ------------------ */

/* n jobs of random shapes (some with a zero-limb operand, some sharing
 * operands, either order of sizes) on 1..4 threads and with the task
 * minimum at 1 limb, at its default and above every job: each result as
 * GMP's, the skipped jobs' results untouched; an allocation failure
 * anywhere is ENOMEM, a raised flag EINTR. */
Test(mul, jobs)
{
    long saved_min = bgcn_mul_jobs_min;
    enum { NJ = 7, MAXN = 700 };
    bgcn_limb_t *ops[NJ + 1], *res[NJ];
    for (int i = 0; i <= NJ; i++) {
        ops[i] = malloc(MAXN * sizeof **ops);
        t_fill(ops[i], MAXN);
    }
    for (int i = 0; i < NJ; i++)
        res[i] = t_alloc_guarded(2 * MAXN);
    bgcn_limb_t *want = malloc(2 * MAXN * sizeof *want);
    const long mins[3] = {1, saved_min, 100000};
    for (int rep = 0; rep < 60; rep++) {
        int n = 1 + (int)t_rand_below(NJ), T = 1 + rep % 4;
        bgcn_threads_set(T);
        bgcn_mul_jobs_min = mins[rep / 4 % 3];
        bgcn_mul_job jobs[NJ];
        for (int i = 0; i < n; i++) {
            long an = t_rand_below(8) ? t_rand_size(1, MAXN) : 0;
            long bn = t_rand_below(8) ? t_rand_size(1, MAXN) : 0;
            jobs[i] = (bgcn_mul_job){res[i], ops[t_rand_below(NJ + 1)], an,
                                     ops[t_rand_below(NJ + 1)], bn};
            for (long k = 0; k < 2 * MAXN; k++)
                res[i][k] = 0x5a5a5a5a5a5a5a5au;
        }
        cr_assert_eq(bgcn_mul_jobs(jobs, n), BGCN_OK);
        for (int i = 0; i < n; i++) {
            const bgcn_mul_job *j = &jobs[i];
            long rn = j->an + j->bn;
            if (j->an == 0 || j->bn == 0) {
                for (long k = 0; k < 2 * MAXN; k++)
                    cr_assert_eq(j->rp[k], 0x5a5a5a5a5a5a5a5au,
                                 "skipped job %d written", i);
                continue;
            }
            if (j->an >= j->bn)
                mpn_mul(want, j->ap, j->an, j->bp, j->bn);
            else
                mpn_mul(want, j->bp, j->bn, j->ap, j->an);
            cr_assert(t_equal("job", j->rp, want, rn),
                      "job %d of %d: %ldx%ld on %d threads, min %ld", i, n,
                      j->an, j->bn, T, bgcn_mul_jobs_min);
        }
        for (int i = 0; i < NJ; i++)
            cr_assert(t_check_guards(res[i], 2 * MAXN));
    }
    /* failures: every job 600 x 500, tasks on 2 and 3 threads */
    bgcn_mul_jobs_min = 1;
    bgcn_mul_job jobs[4];
    for (int i = 0; i < 4; i++)
        jobs[i] = (bgcn_mul_job){res[i], ops[i], 600, ops[i + 1], 500};
    for (int T = 2; T <= 3; T++) {
        bgcn_threads_set(T);
        for (int k = 1; k <= 8; k++) {
            bgcn_alloc_fail_after(k);
            bgcn_status st = bgcn_mul_jobs(jobs, 4);
            bgcn_alloc_fail_after(0);
            cr_assert(st == BGCN_OK || st == BGCN_ENOMEM, "status %d", st);
        }
        bgcn_interrupt_flag = 1;
        cr_assert_eq(bgcn_mul_jobs(jobs, 4), BGCN_EINTR);
        bgcn_interrupt_flag = 0;
        cr_assert_eq(bgcn_mul_jobs(jobs, 4), BGCN_OK);
        mpn_mul(want, ops[3], 600, ops[4], 500);
        cr_assert(t_equal("job after failures", res[3], want, 1100));
    }
    bgcn_threads_set(0);
    bgcn_mul_jobs_min = saved_min;
    for (int i = 0; i <= NJ; i++)
        free(ops[i]);
    for (int i = 0; i < NJ; i++)
        t_free_guarded(res[i]);
    free(want);
}

/* ---- the thread pool (bgcn_par_run) -------------------------------------- */

struct pool_ctx {
    int hits[64];
};

static void pool_task(void *vc, int t)
{
    struct pool_ctx *c = vc;
    __atomic_add_fetch(&c->hits[t], 1, __ATOMIC_RELAXED);
}

/* Every task runs once on 1..4 threads, also after a run on more threads
 * than the one that follows; and a run on T threads wakes only the T - 1
 * workers it uses: after a pool of three workers (4 threads), 40 runs on
 * 2 threads add 40 joins, not 120 (the extra workers once woke for every
 * run, sharing the CPUs with the ones at work). */
Test(mul, pool_uses_only_its_threads)
{
    const int order[] = {4, 2, 1, 3, 2, 4, 1};
    for (size_t k = 0; k < sizeof order / sizeof *order; k++) {
        int T = order[k];
        bgcn_threads_set(T);
        for (int rep = 0; rep < 40; rep++) {
            struct pool_ctx c = {{0}};
            int n = 1 + rep % 12;
            unsigned long before = __atomic_load_n(&bgcn_threads_joins, __ATOMIC_RELAXED);
            bgcn_par_run(n, pool_task, &c);
            unsigned long joins = __atomic_load_n(&bgcn_threads_joins, __ATOMIC_RELAXED) - before;
            for (int t = 0; t < n; t++)
                cr_assert_eq(c.hits[t], 1, "task %d of %d on %d threads ran %d times",
                             t, n, T, c.hits[t]);
            long most = n - 1 < T - 1 ? n - 1 : T - 1;
            cr_assert(joins <= (unsigned long)most,
                      "a run of %d tasks on %d threads woke %lu workers", n, T, joins);
        }
    }
    bgcn_threads_set(0);
}
