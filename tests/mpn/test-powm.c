/* test-powm.c -- bgcn_powm and bgcn_powm_sec against GMP (mpz_powm,
 * mpz_powm_sec) and a slow square-and-multiply reference, at moduli of
 * 1..70 limbs, odd and even, and every edge case. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <string.h>

#include "testlib.h"

static void z_set(mpz_t z, const bgcn_limb_t *p, long n)
{
    mpz_import(z, (size_t)n, -1, sizeof(bgcn_limb_t), 0, 0, p);
}

static void z_get(bgcn_limb_t *p, long n, const mpz_t z)
{
    memset(p, 0, sizeof *p * (size_t)n);
    cr_assert(mpz_sgn(z) == 0 || mpz_sizeinbase(z, 2) <= (size_t)n * 64);
    mpz_export(p, NULL, -1, sizeof(bgcn_limb_t), 0, 0, z);
}

/* Slow reference: right-to-left binary with mpz_mul + mpz_mod only. */
static void slow_powm(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t m)
{
    mpz_t x;
    mpz_init(x);
    mpz_mod(x, b, m);
    mpz_set_ui(r, 1);
    mpz_mod(r, r, m);
    size_t bits = mpz_sizeinbase(e, 2);
    for (size_t i = 0; mpz_sgn(e) && i < bits; i++) {
        if (mpz_tstbit(e, i)) {
            mpz_mul(r, r, x);
            mpz_mod(r, r, m);
        }
        mpz_mul(x, x, x);
        mpz_mod(x, x, m);
    }
    mpz_clear(x);
}

/* One check of powm (and powm_sec when m is odd). */
static void check(const bgcn_limb_t *bp, long bn, const bgcn_limb_t *ep,
                  long en, const bgcn_limb_t *mp, long mn, int slow)
{
    mpz_t b, e, m, w;
    mpz_inits(b, e, m, w, NULL);
    z_set(b, bp, bn);
    z_set(e, ep, en);
    z_set(m, mp, mn);
    mpz_powm(w, b, e, m);
    bgcn_limb_t want[mn];
    z_get(want, mn, w);
    if (slow) {
        mpz_t s;
        mpz_init(s);
        slow_powm(s, b, e, m);
        cr_assert(mpz_cmp(s, w) == 0, "slow reference disagrees with GMP");
        mpz_clear(s);
    }
    bgcn_limb_t *r = t_alloc_guarded(mn);
    cr_assert_eq(bgcn_powm(r, bp, bn, ep, en, mp, mn), BGCN_OK);
    cr_assert(t_check_guards(r, mn));
    cr_assert(t_equal("powm", r, want, mn), "bn=%ld en=%ld mn=%ld m%s", bn, en,
              mn, (mp[0] & 1) ? " odd" : " even");
    if (mp[0] & 1) {
        cr_assert_eq(bgcn_powm_sec(r, bp, bn, ep, en, mp, mn), BGCN_OK);
        cr_assert(t_check_guards(r, mn));
        cr_assert(t_equal("powm_sec", r, want, mn), "bn=%ld en=%ld mn=%ld", bn,
                  en, mn);
        if (mpz_sgn(e)) {
            mpz_powm_sec(w, b, e, m);
            z_get(want, mn, w);
            cr_assert(t_equal("powm_sec vs mpz_powm_sec", r, want, mn));
        }
    }
    t_free_guarded(r);
    mpz_clears(b, e, m, w, NULL);
}

static void rand_mod(bgcn_limb_t *mp, long mn, int odd)
{
    t_fill_normalized(mp, mn);
    if (odd)
        mp[0] |= 1;
    else if (t_rand_below(3) == 0)
        mp[0] &= ~(bgcn_limb_t)1;
    else {
        /* many factors of two: shift a random odd part up */
        long z = (long)t_rand_below((unsigned long)mn);
        for (long j = 0; j < z; j++)
            mp[j] = 0;
        mp[z] &= ~(((bgcn_limb_t)1 << t_rand_below(64)) - 1) << 1;
        if (mp[z] == 0)
            mp[z] = BGCN_LIMB_HIGHBIT;
    }
    if (mp[mn - 1] == 0)
        mp[mn - 1] = 2; /* keeps the parity when mn == 1 */
}

Test(powm, random_odd_even)
{
    for (long mn = 1; mn <= 70; mn++) {
        int reps = mn <= 10 ? 24 : mn <= 30 ? 4 : 2;
        for (int rep = 0; rep < reps; rep++) {
            long bn = t_rand_size(1, mn + 2), en = t_rand_size(1, mn <= 10 ? mn + 2 : 3);
            bgcn_limb_t mp[mn], bp[bn], ep[en];
            rand_mod(mp, mn, rep & 1);
            t_fill(bp, bn);
            t_fill(ep, en);
            check(bp, bn, ep, en, mp, mn, mn <= 4 && en <= 2);
        }
    }
}

Test(powm, full_size_exponent)
{
    static const long sizes[] = {4, 8, 16, 23, 24, 25, 32, 48, 64};
    for (unsigned i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        long mn = sizes[i];
        bgcn_limb_t mp[mn], bp[mn], ep[mn];
        for (int odd = 0; odd < 2; odd++) {
            rand_mod(mp, mn, odd);
            t_fill(bp, mn);
            t_fill_normalized(ep, mn);
            check(bp, mn, ep, mn, mp, mn, 0);
        }
    }
}

/* Base number b (0..5) at the ends of the residue range for the odd
 * modulus {mp,mn}: 0, 1, m-1, m, 2m+1 (mn + 1 limbs), random; bp has
 * room for mn + 1 limbs.  Returns bn. */
static long edge_base(bgcn_limb_t *bp, const bgcn_limb_t *mp, long mn, int b)
{
    bgcn_zero(bp, mn + 1);
    if (b == 1)
        bp[0] = 1;
    else if (b == 2 || b == 3) {
        bgcn_copyi(bp, mp, mn);
        if (b == 2)
            bp[0] -= 1; /* m - 1 */
    } else if (b == 4) {
        bp[mn] = bgcn_lshift(bp, mp, mn, 1); /* 2m + 1 */
        bp[0] |= 1;
        return mn + 1;
    } else if (b == 5) {
        t_fill(bp, mn);
    }
    return mn;
}

/* Sizes of the avx512 path's digit-form exponentiation (from
 * BGCN_AVX512_POWM_FORM_MIN limbs to 64) and the Montgomery kernels' IFMA
 * crossovers (21, 26) and around them, with the bases at the ends of the residue range (0, 1, m-1,
 * m, 2m-ish) and exponents 1, 2, 3 and full size: residues kept below 2m
 * without a final subtraction must still come out fully reduced. */
Test(powm, residue_range_edges)
{
    static const long sizes[] = {BGCN_AVX512_POWM_FORM_MIN - 1,
                                 BGCN_AVX512_POWM_FORM_MIN,
                                 BGCN_AVX512_POWM_FORM_MIN + 1,
                                 16, 20, 21, 26, 33, 40, 64, 65};
    for (unsigned i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        long mn = sizes[i];
        bgcn_limb_t mp[mn], bp[mn + 1], ep[mn];
        rand_mod(mp, mn, 1);
        for (int b = 0; b < 5; b++) {
            long bn = edge_base(bp, mp, mn, b);
            for (int e = 0; e < 4; e++) {
                long en = e < 3 ? 1 : mn;
                if (e < 3)
                    ep[0] = (bgcn_limb_t)e + 1;
                else
                    t_fill_normalized(ep, mn);
                check(bp, bn, ep, en, mp, mn, 0);
            }
        }
    }
}

/* The active path's residue form (powm_form.c; the avx512 path's IFMA
 * digits) at every size it can hold, taken down to 1 limb by lowering its
 * threshold, and one past: odd moduli of adversarial shapes (all ones,
 * 2^(64n-1) + 1, B^(n-1) + 1, small top limb, random), bases 0, 1, m-1,
 * m, above 2m and random, exponents 1, 2, 3, one random limb and full
 * size; both bgcn_powm (sliding window) and bgcn_powm_sec (fixed window)
 * against GMP, and the slow reference at small sizes.  A path without a
 * form checks nothing new here (residue_form_twin below does). */
static void odd_modulus(bgcn_limb_t *mp, long mn, int kind)
{
    switch (kind % 5) {
    case 0:
        for (long j = 0; j < mn; j++)
            mp[j] = BGCN_LIMB_MAX;
        break;
    case 1:
        bgcn_zero(mp, mn);
        mp[0] = 1;
        mp[mn - 1] |= BGCN_LIMB_HIGHBIT;
        break;
    case 2:
        bgcn_zero(mp, mn);
        mp[mn - 1] = 1;
        mp[0] |= 1;
        if (mn == 1)
            mp[0] = 3;
        break;
    case 3:
        t_fill_normalized(mp, mn);
        mp[mn - 1] = 1 + t_rand_below(7);
        mp[0] |= 1;
        if (mn == 1)
            mp[0] |= 2;
        break;
    default:
        rand_mod(mp, mn, 1);
        break;
    }
}

static void form_sizes(const bgcn_residue_ops *ro, long top)
{
    const bgcn_residue_ops *saved = bgcn_kern.residue;
    bgcn_residue_ops low = *ro;
    low.min_n = 1;
    bgcn_kern.residue = &low;
    for (long mn = 1; mn <= top; mn++) {
        bgcn_limb_t mp[mn], bp[mn + 1], ep[mn];
        for (int kind = 0; kind < 5; kind++) {
            odd_modulus(mp, mn, kind);
            for (int b = 0; b < 6; b++) {
                long bn = edge_base(bp, mp, mn, b);
                int e = (kind + b) % 5; /* each exponent shape in turn */
                long en = e < 4 ? 1 : mn;
                if (e < 3)
                    ep[0] = (bgcn_limb_t)e + 1;
                else if (e == 3)
                    ep[0] = t_rand() | 1;
                else
                    t_fill_normalized(ep, mn);
                check(bp, bn, ep, en, mp, mn, mn <= 3 && en == 1);
            }
        }
    }
    bgcn_kern.residue = saved;
}

/* The almost-reduced Montgomery residues (bgcn_mont_almost_p, 9-16 limbs
 * where the path has a redc_almost) and the exact kernels beside them,
 * on every path this machine runs: sizes 1..20, the moduli and bases of
 * form_sizes (all-ones moduli and bases m - 1, m, 2m + 1 make results
 * in [m, R) frequent), both bgcn_powm and bgcn_powm_sec against GMP.
 * The residue form is switched off, so that the 64-bit Montgomery code
 * runs at every size. */
Test(powm, almost_residues_every_path)
{
    const bgcn_kernels saved = bgcn_kern;
    for (int pi = 0; bgcn_kernel_paths[pi]; pi++) {
        if (!bgcn_cpu_supported(bgcn_kernel_paths[pi]))
            continue;
        cr_assert_eq(bgcn_cpu_select(bgcn_kernel_paths[pi]->name), 0);
        bgcn_kern.residue = NULL;
        for (long mn = 1; mn <= 20; mn++) {
            bgcn_limb_t mp[mn], bp[mn + 1], ep[mn];
            for (int kind = 0; kind < 5; kind++) {
                odd_modulus(mp, mn, kind);
                for (int b = 0; b < 6; b++) {
                    long bn = edge_base(bp, mp, mn, b);
                    int e = (kind + b) % 3;
                    long en = e == 0 ? 1 : mn;
                    if (e == 0)
                        ep[0] = t_rand() | 1;
                    else
                        t_fill_normalized(ep, mn);
                    check(bp, bn, ep, en, mp, mn, 0);
                }
            }
        }
    }
    cr_assert_eq(bgcn_cpu_select(saved.name), 0);
    bgcn_kern = saved;
}

Test(powm, residue_form_every_size)
{
    const bgcn_residue_ops *ro = bgcn_kern.residue;
    if (ro)
        form_sizes(ro, ro->max_n + 1);
}

/* The same through the portable twin of a form (bgcn_residue_c), on
 * whatever path runs: powm_form.c checked on every path, and the twin
 * against GMP. */
Test(powm, residue_form_twin)
{
    form_sizes(&bgcn_residue_c, 40);
}

Test(powm, edge_cases)
{
    bgcn_limb_t one[1] = {1}, zero[2] = {0, 0}, two[1] = {2};
    bgcn_limb_t mp[3], bp[4], ep[2];
    for (long mn = 1; mn <= 3; mn++) {
        for (int odd = 0; odd < 2; odd++) {
            rand_mod(mp, mn, odd);
            t_fill_normalized(ep, 2);
            t_fill(bp, 4);
            check(bp, 4, zero, 2, mp, mn, 1);  /* e = 0 */
            check(zero, 2, ep, 2, mp, mn, 1);  /* b = 0 */
            check(zero, 2, zero, 2, mp, mn, 1);/* 0^0 = 1 */
            check(one, 1, ep, 2, mp, mn, 1);   /* b = 1 */
            check(bp, 4, one, 1, mp, mn, 1);   /* e = 1: b mod m */
            check(two, 1, ep, 2, mp, mn, 1);   /* base 2 */
            check(mp, mn, ep, 2, mp, mn, 1);   /* b = m */
            /* b = m + 2 (base two after reduction), b = m - 1 */
            bgcn_limb_t b2[mn + 1];
            memcpy(b2, mp, sizeof mp[0] * mn);
            b2[mn] = 0;
            unsigned __int128 c = 2;
            for (long j = 0; j <= mn; j++) {
                c += b2[j];
                b2[j] = (bgcn_limb_t)c;
                c >>= 64;
            }
            check(b2, mn + 1, ep, 2, mp, mn, 1);
            memcpy(b2, mp, sizeof mp[0] * mn);
            b2[0] -= 1; /* m odd or even with low limb possibly 0 */
            if (mp[0] != 0)
                check(b2, mn, ep, 2, mp, mn, 1);
        }
    }
    /* modulus 1 and 2, small exhaustive */
    for (bgcn_limb_t m = 1; m <= 40; m++)
        for (bgcn_limb_t b = 0; b <= 12; b++)
            for (bgcn_limb_t e = 0; e <= 70; e++) {
                bgcn_limb_t mm[1] = {m}, bb[1] = {b}, ee[1] = {e};
                check(bb, 1, ee, 1, mm, 1, 1);
            }
    /* m = 2^k exactly, large; base 2 with m even */
    for (long mn = 1; mn <= 6; mn++) {
        bgcn_limb_t m2[mn], e2[3], b3[mn];
        memset(m2, 0, sizeof m2);
        m2[mn - 1] = (bgcn_limb_t)1 << t_rand_below(64);
        t_fill_normalized(e2, 3);
        t_fill(b3, mn);
        check(b3, mn, e2, 3, m2, mn, 0);
        check(two, 1, e2, 3, m2, mn, 0);
        bgcn_limb_t esmall[1] = {t_rand_below(200)};
        check(b3, mn, esmall, 1, m2, mn, 1);
        check(two, 1, esmall, 1, m2, mn, 1);
    }
}

/* m = 2^(64j) exactly: the residue has one limb less than m; every
 * result limb must be written (rp prefilled with garbage). */
Test(powm, power_of_two_limb_multiple)
{
    for (long mn = 2; mn <= 4; mn++) {
        bgcn_limb_t mp[mn], bp[3], ep[2], r[mn], want[mn];
        memset(mp, 0, sizeof mp);
        mp[mn - 1] = 1;
        for (int rep = 0; rep < 20; rep++) {
            t_fill(bp, 3);
            t_fill(ep, 2);
            if (rep == 0)
                bp[0] = 3, bp[1] = bp[2] = 0, ep[0] = 5, ep[1] = 0;
            mpz_t b, e, m, w;
            mpz_inits(b, e, m, w, NULL);
            z_set(b, bp, 3);
            z_set(e, ep, 2);
            z_set(m, mp, mn);
            mpz_powm(w, b, e, m);
            z_get(want, mn, w);
            memset(r, 0xa5, sizeof r);
            cr_assert_eq(bgcn_powm(r, bp, 3, ep, 2, mp, mn), BGCN_OK);
            cr_assert(t_equal("powm mod 2^(64j)", r, want, mn), "mn=%ld", mn);
            mpz_clears(b, e, m, w, NULL);
        }
    }
}

Test(powm, base_two_long_exponent)
{
    /* powmod(3, 2^2047, 2^2048+981)-like shapes and 2^e mod m */
    long mn = 33;
    bgcn_limb_t mp[33] = {0}, ep[32] = {0}, bp[1] = {2}, b3[1] = {3};
    mp[0] = 981;
    mp[32] = 1;
    ep[31] = BGCN_LIMB_HIGHBIT;
    check(b3, 1, ep, 32, mp, mn, 0);
    check(bp, 1, ep, 32, mp, mn, 0);
    t_fill_normalized(ep, 32);
    check(bp, 1, ep, 32, mp, mn, 0);
}

Test(powm, window_table)
{
    int prev = 1;
    for (unsigned long bits = 1; bits < 100000; bits += 7) {
        int k = bgcn_powm_window(bits);
        cr_assert(k >= prev && k <= 10);
        prev = k;
    }
}

Test(powm, status_paths)
{
    long mn = 30;
    bgcn_limb_t mp[30], bp[30], ep[30], r[30];
    for (int odd = 0; odd < 2; odd++) {
        rand_mod(mp, mn, odd);
        t_fill(bp, mn);
        t_fill_normalized(ep, mn);
        /* interrupt */
        bgcn_interrupt_flag = 1;
        bgcn_status st0 = bgcn_powm(r, bp, mn, ep, mn, mp, mn);
        /* an even modulus may finish without a long loop (even base) */
        cr_assert(st0 == BGCN_EINTR || (!odd && st0 == BGCN_OK));
        if (odd)
            cr_assert_eq(bgcn_powm_sec(r, bp, mn, ep, mn, mp, mn), BGCN_EINTR);
        bgcn_interrupt_flag = 0;
        /* out of memory at each allocation in turn */
        for (long k = 1; k <= 12; k++) {
            bgcn_alloc_fail_after(k);
            bgcn_status st = bgcn_powm(r, bp, mn, ep, mn, mp, mn);
            bgcn_alloc_fail_after(0);
            cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
            if (odd) {
                bgcn_alloc_fail_after(k);
                st = bgcn_powm_sec(r, bp, mn, ep, mn, mp, mn);
                bgcn_alloc_fail_after(0);
                cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
            }
        }
    }
}

Test(powm, large_moduli)
{
    /* across the kernel / mul+REDC crossovers, short exponents */
    static const long sizes[] = {BGCN_MONT_KERNEL_MAX, BGCN_MONT_KERNEL_MAX + 1,
                                 BGCN_MONT_SQR_KERNEL_MAX + 1};
    for (unsigned i = 0; i < 3; i++) {
        long mn = sizes[i];
        bgcn_limb_t *mp = malloc(sizeof *mp * mn), *bp = malloc(sizeof *bp * mn);
        bgcn_limb_t ep[2];
        for (int odd = 0; odd < 2; odd++) {
            rand_mod(mp, mn, odd);
            t_fill(bp, mn);
            t_fill_normalized(ep, 2);
            check(bp, mn, ep, 2, mp, mn, 0);
        }
        free(mp);
        free(bp);
    }
}

Test(powm, sec_large_path)
{
    /* beyond the kernel bound of powm_sec (256 limbs): short exponent */
    long mn = 260;
    bgcn_limb_t *mp = malloc(sizeof *mp * mn), *bp = malloc(sizeof *bp * mn);
    bgcn_limb_t ep[1];
    t_fill_normalized(mp, mn);
    mp[0] |= 1;
    t_fill(bp, mn);
    ep[0] = t_rand() >> 50;
    check(bp, mn, ep, 1, mp, mn, 0);
    free(mp);
    free(bp);
}
