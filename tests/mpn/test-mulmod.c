/* test-mulmod.c -- the wrap-around products mod B^n - 1 and B^n + 1 and
 * the middle product (src/mpn/mulmod.c), against GMP's mpz arithmetic.
 *
 * Sizes: small ones exhaustively, a few around the NTT threshold and
 * transform lengths (with the thresholds forced low so that small sizes
 * reach the NTT too), operands of every shape testlib makes (all-ones,
 * runs, single bits), unbalanced pairs and squares (same pointer). */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

static long saved_mul_ntt, saved_sqr_ntt, saved_bnm1_ntt;

static void setup(void)
{
    t_seed();
    saved_mul_ntt = bgcn_mul_ntt_threshold;
    saved_sqr_ntt = bgcn_sqr_ntt_threshold;
    saved_bnm1_ntt = bgcn_mulmod_bnm1_ntt_threshold;
}

static void teardown(void)
{
    bgcn_mul_ntt_threshold = saved_mul_ntt;
    bgcn_sqr_ntt_threshold = saved_sqr_ntt;
    bgcn_mulmod_bnm1_ntt_threshold = saved_bnm1_ntt;
    bgcn_alloc_fail_after(0);
    bgcn_interrupt_flag = 0;
}

TestSuite(mulmod, .init = setup, .fini = teardown, .timeout = 120);

static void to_mpz(mpz_t z, const bgcn_limb_t *p, long n)
{
    mpz_import(z, (size_t)n, -1, sizeof *p, 0, 0, p);
}

/* want = A B mod (B^n + pm), pm = -1 or +1, as rn limbs. */
static void oracle(bgcn_limb_t *want, long rn, const bgcn_limb_t *a, long an,
                   const bgcn_limb_t *b, long bn, long n, int pm)
{
    mpz_t x, y, m;
    mpz_inits(x, y, m, NULL);
    to_mpz(x, a, an);
    to_mpz(y, b, bn);
    mpz_mul(x, x, y);
    mpz_set_ui(m, 1);
    mpz_mul_2exp(m, m, 64 * (mp_bitcnt_t)n);
    if (pm < 0)
        mpz_sub_ui(m, m, 1);
    else
        mpz_add_ui(m, m, 1);
    mpz_mod(x, x, m);
    memset(want, 0, rn * sizeof *want);
    mpz_export(want, NULL, -1, sizeof *want, 0, 0, x);
    mpz_clears(x, y, m, NULL);
}

/* One product mod B^n + pm; sqr: b is a (same pointer). */
static void check_mod(int pm, long n, long an, long bn, int sqr)
{
    if (sqr)
        bn = an;
    long rn = pm < 0 ? n : n + 1;
    bgcn_limb_t *a = t_alloc_guarded(an), *b = sqr ? a : t_alloc_guarded(bn);
    bgcn_limb_t *r = t_alloc_guarded(rn), *want = malloc(rn * sizeof *want);
    t_fill(a, an);
    if (!sqr)
        t_fill(b, bn);
    bgcn_status st = pm < 0 ? bgcn_mulmod_bnm1(r, n, a, an, b, bn)
                            : bgcn_mulmod_bnp1(r, n, a, an, b, bn);
    cr_assert_eq(st, BGCN_OK);
    cr_assert(t_check_guards(r, rn), "guard limbs of rp");
    oracle(want, rn, a, an, b, bn, n, pm);
    if (!t_equal(pm < 0 ? "mulmod_bnm1" : "mulmod_bnp1", r, want, rn))
        cr_assert_fail("mod B^%ld %c 1, %ld x %ld%s differs from GMP", n,
                       pm < 0 ? '-' : '+', an, bn, sqr ? " (square)" : "");
    t_free_guarded(a);
    if (!sqr)
        t_free_guarded(b);
    t_free_guarded(r);
    free(want);
}

static void check_mid(long an, long bn)
{
    long m = an - bn + 1, tn = an + bn;
    bgcn_limb_t *a = t_alloc_guarded(an), *b = t_alloc_guarded(bn);
    bgcn_limb_t *r = t_alloc_guarded(m + 2), *full = malloc(tn * sizeof *full);
    t_fill(a, an);
    t_fill(b, bn);
    cr_assert_eq(bgcn_mulmid(r, a, an, b, bn), BGCN_OK);
    cr_assert(t_check_guards(r, m + 2), "guard limbs of rp");
    mpn_mul((mp_limb_t *)full, (const mp_limb_t *)a, an,
            (const mp_limb_t *)b, bn);
    /* want = limbs bn-1 .. an+1 of the full product; the result may be
     * one more (mod B^(m+2)). */
    bgcn_limb_t *want = malloc((m + 2) * sizeof *want);
    for (long i = 0; i < m + 2; i++)
        want[i] = bn - 1 + i < tn ? full[bn - 1 + i] : 0;
    int ok = memcmp(r, want, (m + 2) * sizeof *r) == 0;
    if (!ok) {
        mpn_add_1((mp_limb_t *)want, (const mp_limb_t *)want, m + 2, 1);
        ok = memcmp(r, want, (m + 2) * sizeof *r) == 0;
    }
    cr_assert(ok, "mulmid %ld x %ld", an, bn);
    t_free_guarded(a);
    t_free_guarded(b);
    t_free_guarded(r);
    free(full);
    free(want);
}

static void sweep_mod(int pm, long n)
{
    long top = pm < 0 ? n : n + 1;
    long as[] = {top, 1, t_rand_size(1, top), top > 1 ? top - 1 : 1};
    for (int i = 0; i < 4; i++) {
        check_mod(pm, n, as[i], t_rand_size(1, top), 0);
        check_mod(pm, n, as[i], top, 0);
        check_mod(pm, n, as[i], as[i], 1);
    }
}

Test(mulmod, small)
{
    for (long n = 1; n <= 40; n++) {
        sweep_mod(-1, n);
        sweep_mod(+1, n);
    }
}

/* The all-ones and B^n-style operands whose products sit exactly on the
 * reduction boundaries. */
Test(mulmod, boundaries)
{
    for (long n = 1; n <= 20; n++) {
        bgcn_limb_t a[22], r[22], w[22];
        for (long i = 0; i <= n; i++)
            a[i] = BGCN_LIMB_MAX;
        /* (B^n - 1)^2 mod B^n - 1 = 0 (canonical form). */
        cr_assert_eq(bgcn_mulmod_bnm1(r, n, a, n, a, n), BGCN_OK);
        oracle(w, n, a, n, a, n, n, -1);
        cr_assert(t_equal("bnm1 all-ones", r, w, n));
        /* B^n = -1 mod B^n + 1: B^n * B^n = 1, and B^n * 1 = B^n. */
        for (long i = 0; i < n; i++)
            a[i] = 0;
        a[n] = 1;
        cr_assert_eq(bgcn_mulmod_bnp1(r, n, a, n + 1, a, n + 1), BGCN_OK);
        oracle(w, n + 1, a, n + 1, a, n + 1, n, +1);
        cr_assert(t_equal("bnp1 B^n squared", r, w, n + 1));
        bgcn_limb_t one = 1;
        cr_assert_eq(bgcn_mulmod_bnp1(r, n, a, n + 1, &one, 1), BGCN_OK);
        oracle(w, n + 1, a, n + 1, &one, 1, n, +1);
        cr_assert(t_equal("bnp1 B^n", r, w, n + 1));
        for (long i = 0; i <= n; i++)
            a[i] = BGCN_LIMB_MAX;
        cr_assert_eq(bgcn_mulmod_bnp1(r, n, a, n + 1, a, n + 1), BGCN_OK);
        oracle(w, n + 1, a, n + 1, a, n + 1, n, +1);
        cr_assert(t_equal("bnp1 all-ones", r, w, n + 1));
    }
}

/* Large enough for Toom and (with the threshold lowered) the NTT, at
 * lengths just past powers of two. */
Test(mulmod, large)
{
    long ns[] = {100, 511, 513, 1025, 2047, 2049, 4100, 1008, 2016, 4160};
    for (int k = 0; k < 2; k++) {
        if (k) {
            bgcn_mul_ntt_threshold = 64;
            bgcn_sqr_ntt_threshold = 64;
            bgcn_mulmod_bnm1_ntt_threshold = 64;
        }
        for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
            long n = ns[i];
            check_mod(-1, n, n, n, 0);
            check_mod(-1, n, n, t_rand_size(1, n), 0);
            check_mod(-1, n, n, n, 1);
            check_mod(+1, n, n + 1, n, 0);
            check_mod(+1, n, n, t_rand_size(1, n), 0);
            check_mod(+1, n, n + 1, n + 1, 1);
        }
    }
}

Test(mulmod, middle)
{
    for (long an = 1; an <= 30; an++)
        for (long bn = 1; bn <= an; bn++)
            check_mid(an, bn);
    long big[][2] = {{2000, 1000}, {1025, 513}, {3000, 3000}, {4000, 100}};
    for (int i = 0; i < 4; i++)
        check_mid(big[i][0], big[i][1]);
}

Test(mulmod, enomem_eintr)
{
    long n = 3000;
    bgcn_limb_t *a = malloc(n * sizeof *a), *r = malloc((n + 1) * sizeof *r);
    t_fill(a, n);
    bgcn_alloc_fail_after(1);
    cr_assert_eq(bgcn_mulmod_bnm1(r, n, a, n, a, n), BGCN_ENOMEM);
    cr_assert_eq(bgcn_mulmod_bnp1(r, n, a, n, a, n), BGCN_ENOMEM);
    cr_assert_eq(bgcn_mulmid(r, a, n, a, n / 2), BGCN_ENOMEM);
    bgcn_alloc_fail_after(0);
    bgcn_interrupt_flag = 1;
    cr_assert_eq(bgcn_mulmod_bnm1(r, n, a, n, a, n), BGCN_EINTR);
    cr_assert_eq(bgcn_mulmod_bnp1(r, n, a, n, a, n), BGCN_EINTR);
    bgcn_interrupt_flag = 0;
    cr_assert_eq(bgcn_mulmod_bnm1(r, n, a, n, a, n), BGCN_OK);
    free(a);
    free(r);
}

/* ---- prepared operands (bgcn_mulpre) ---- */

/* A prepared once (full products when m = 0, else mod B^m - 1), then
 * multiplied by operands of bmax, a random size and one limb, against
 * GMP, through the kept transforms and (slow = 1) the plain twin. */
static int pre_kept; /* products whose transforms were kept */

static void check_pre(long an, long bmax, long m, int slow)
{
    bgcn_mulpre_slow = slow;
    long rmax = m ? m : an + bmax;
    bgcn_limb_t *a = t_alloc_guarded(an), *b = t_alloc_guarded(bmax);
    bgcn_limb_t *r = t_alloc_guarded(rmax), *w = malloc(rmax * sizeof *w);
    t_fill(a, an);
    bgcn_mulpre P;
    cr_assert_eq(bgcn_mulpre_init(&P, a, an, bmax, m), BGCN_OK);
    pre_kept += P.ntt != NULL;
    cr_assert(!slow || !P.ntt, "the twin keeps no transforms");
    long bns[3] = {bmax, t_rand_size(1, bmax), 1};
    for (int j = 0; j < 3; j++) {
        long bn = bns[j], rn = m ? m : an + bn;
        t_fill(b, bn);
        cr_assert_eq(bgcn_mulpre_mul(r, &P, b, bn), BGCN_OK);
        cr_assert(t_check_guards(r, rmax), "guard limbs of rp");
        if (m) {
            oracle(w, m, a, an, b, bn, m, -1);
        } else if (an >= bn) {
            mpn_mul((mp_limb_t *)w, (const mp_limb_t *)a, an,
                    (const mp_limb_t *)b, bn);
        } else {
            mpn_mul((mp_limb_t *)w, (const mp_limb_t *)b, bn,
                    (const mp_limb_t *)a, an);
        }
        if (!t_equal("bgcn_mulpre_mul", r, w, rn))
            cr_assert_fail("prepared %ld (bmax %ld, m %ld) x %ld%s differs "
                           "from GMP", an, bmax, m, bn, slow ? " (twin)" : "");
    }
    bgcn_mulpre_clear(&P);
    bgcn_mulpre_clear(&P); /* a no-op */
    t_free_guarded(a);
    t_free_guarded(b);
    t_free_guarded(r);
    free(w);
    bgcn_mulpre_slow = 0;
}

/* Small sizes (plain products), then with the NTT and wrap thresholds
 * lowered the sizes past powers of two, full and cyclic plans,
 * unbalanced both ways, the kept transforms and the twin. */
Test(mulmod, prepared)
{
    for (long an = 1; an <= 12; an++)
        for (long bm = 1; bm <= 12; bm++) {
            check_pre(an, bm, 0, 0);
            long m = an > bm ? an : bm;
            check_pre(an, bm, m + (an % 3), 0);
        }
    long ns[] = {100, 511, 513, 1025, 2047, 2049, 4100};
    for (int k = 0; k < 2; k++) {
        if (k) {
            memset(bgcn_mul_ntt_min_k, 0, BGCN_NTT_KTAB * sizeof(long));
            bgcn_mul_ntt_threshold = 64;
            bgcn_mulmod_bnm1_ntt_threshold = 64;
        }
        for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
            long n = ns[i], m = bgcn_mulmod_bnm1_next_size(n + 2);
            for (int slow = 0; slow < 2; slow++) {
                check_pre(n, n, 0, slow);
                check_pre(n, t_rand_size(1, n), 0, slow);
                check_pre(t_rand_size(1, n), n, 0, slow);
                check_pre(n, n / 2 + 1, m, slow);
                check_pre(n / 2 + 1, n, m, slow);
                check_pre(m, m, m, slow);
            }
        }
    }
    /* on a path with the floating-point NTT the lowered thresholds
     * reach the kept transforms, full and cyclic */
    cr_assert(!bgcn_kern.nttfp || pre_kept >= 10, "kept %d", pre_kept);
    bgcn_mul_thresholds_select(bgcn_kern.name); /* the min_k table back */
}

Test(mulmod, prepared_enomem_eintr)
{
    memset(bgcn_mul_ntt_min_k, 0, BGCN_NTT_KTAB * sizeof(long));
    bgcn_mul_ntt_threshold = 64;
    bgcn_mulmod_bnm1_ntt_threshold = 64;
    long n = 3000, m = bgcn_mulmod_bnm1_next_size(n + 2);
    bgcn_limb_t *a = malloc(m * sizeof *a), *r = malloc(2 * m * sizeof *r);
    t_fill(a, m);
    for (long mm = 0; mm <= m; mm += m) {
        bgcn_mulpre P;
        /* init may fall back to the plain products when it cannot keep
         * the transforms; a product then fails on its own allocation */
        for (int k = 1; k <= 14; k++) {
            if (bgcn_mem_reclaim)
                bgcn_mem_reclaim();
            bgcn_alloc_fail_after(k);
            bgcn_status st = bgcn_mulpre_init(&P, a, n, n, mm);
            if (st == BGCN_OK) {
                st = bgcn_mulpre_mul(r, &P, a + 1, n - 1);
                bgcn_mulpre_clear(&P);
            }
            bgcn_alloc_fail_after(0);
            cr_assert(st == BGCN_OK || st == BGCN_ENOMEM, "status %d", st);
        }
        bgcn_interrupt_flag = 1;
        bgcn_status st = bgcn_mulpre_init(&P, a, n, n, mm);
        if (st == BGCN_OK) {
            st = bgcn_mulpre_mul(r, &P, a + 1, n - 1);
            bgcn_mulpre_clear(&P);
        }
        cr_assert_eq(st, BGCN_EINTR);
        bgcn_interrupt_flag = 0;
    }
    bgcn_mul_thresholds_select(bgcn_kern.name);
    free(a);
    free(r);
}
