/* test-mont.c -- the engine's Montgomery functions (bgcn_mont_minv, the
 * Montgomery context) against GMP.  The kernels under them are tested in
 * tests/asm/test-mont.c. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <string.h>

#include "testlib.h"

/* z = {p,n} */
static void z_set(mpz_t z, const bgcn_limb_t *p, long n)
{
    mpz_import(z, (size_t)n, -1, sizeof(bgcn_limb_t), 0, 0, p);
}

/* {p,n} = z (z < 2^(64n)) */
static void z_get(bgcn_limb_t *p, long n, const mpz_t z)
{
    size_t cnt = 0;
    memset(p, 0, sizeof *p * (size_t)n);
    cr_assert(mpz_sizeinbase(z, 2) <= (size_t)n * 64 || mpz_sgn(z) == 0);
    mpz_export(p, &cnt, -1, sizeof(bgcn_limb_t), 0, 0, z);
}

/* A random odd modulus of exactly n limbs, adversarial shapes included. */
static void rand_modulus(bgcn_limb_t *mp, long n)
{
    t_fill_normalized(mp, n);
    mp[0] |= 1;
    switch (t_rand_below(6)) {
    case 0: mp[n - 1] = 1; break;              /* tiny top limb */
    case 1: mp[n - 1] = BGCN_LIMB_MAX; break;  /* full top limb */
    default: break;
    }
}

/* {ap,n} random below m */
static void rand_below(bgcn_limb_t *ap, const bgcn_limb_t *mp, long n)
{
    mpz_t a, m;
    mpz_inits(a, m, NULL);
    t_fill(ap, n);
    z_set(a, ap, n);
    z_set(m, mp, n);
    if (t_rand_below(8) == 0)
        mpz_sub_ui(a, m, 1); /* m - 1: the largest residue */
    mpz_mod(a, a, m);
    z_get(ap, n, a);
    mpz_clears(a, m, NULL);
}

/* want = a*b*R^-1 mod m, R = 2^(64n), through GMP */
static void ref_mont(bgcn_limb_t *want, const bgcn_limb_t *ap,
                     const bgcn_limb_t *bp, const bgcn_limb_t *mp, long n)
{
    mpz_t a, b, m, r;
    mpz_inits(a, b, m, r, NULL);
    z_set(a, ap, n);
    z_set(b, bp, n);
    z_set(m, mp, n);
    mpz_setbit(r, (mp_bitcnt_t)(64 * n));
    cr_assert(mpz_invert(r, r, m) || mpz_cmp_ui(m, 1) == 0);
    mpz_mul(a, a, b);
    mpz_mul(a, a, r);
    mpz_mod(a, a, m);
    z_get(want, n, a);
    mpz_clears(a, b, m, r, NULL);
}

Test(mont, minv)
{
    for (int i = 0; i < 10000; i++) {
        bgcn_limb_t m = t_rand() | 1;
        if (i < 3)
            m = i == 0 ? 1 : i == 1 ? BGCN_LIMB_MAX : 3;
        cr_assert_eq(m * bgcn_mont_minv(m), BGCN_LIMB_MAX, "m=%llx",
                     (unsigned long long)m);
    }
}

/* The kernels themselves (mont_mul_n, mont_sqr_n of every path) are
 * tested in one home, tests/asm/test-mont.c, against their C twin and GMP;
 * here the engine functions built on them. */

static void context_case(long n, int rep);

Test(mont, context)
{
    for (long n = 1; n <= 70; n++)
        for (int rep = 0; rep < 4; rep++)
            context_case(n, rep);
}

/* around the kernel / mul+REDC crossovers */
Test(mont, context_large)
{
    static const long sizes[] = {BGCN_MONT_KERNEL_MAX - 1,
                                 BGCN_MONT_KERNEL_MAX,
                                 BGCN_MONT_KERNEL_MAX + 1,
                                 BGCN_MONT_KERNEL_MAX + 17,
                                 BGCN_MONT_SQR_KERNEL_MAX,
                                 BGCN_MONT_SQR_KERNEL_MAX + 1,
                                 BGCN_MONT_SQR_KERNEL_MAX + 9};
    for (unsigned i = 0; i < sizeof sizes / sizeof *sizes; i++)
        context_case(sizes[i], 1);
}

static void context_case(long n, int rep)
{
    bgcn_limb_t mp[n], ap[n], bp[n], want[n], x[n], y[n], r[n];
    rand_modulus(mp, n);
    if (n == 1 && rep == 0)
        mp[0] = 1;
    rand_below(ap, mp, n);
    rand_below(bp, mp, n);
    bgcn_mont ctx;
    cr_assert_eq(bgcn_mont_init(&ctx, mp, n), BGCN_OK);
    cr_assert_eq(ctx.minv * mp[0], BGCN_LIMB_MAX);
    /* to / from roundtrip, and against GMP: x = a*R mod m */
    long an = t_rand_size(1, 2 * n + 3);
    bgcn_limb_t big[an];
    t_fill(big, an);
    cr_assert_eq(bgcn_mont_to(&ctx, x, big, an), BGCN_OK);
    mpz_t z, m;
    mpz_inits(z, m, NULL);
    z_set(z, big, an);
    z_set(m, mp, n);
    mpz_mul_2exp(z, z, (mp_bitcnt_t)(64 * n));
    mpz_mod(z, z, m);
    z_get(want, n, z);
    cr_assert(t_equal("mont_to", x, want, n), "n=%ld an=%ld", n, an);
    bgcn_mont_from(&ctx, y, x);
    z_set(z, big, an);
    mpz_mod(z, z, m);
    z_get(want, n, z);
    cr_assert(t_equal("mont_from(mont_to(a))", y, want, n), "n=%ld", n);
    /* mul, sqr (with aliasing) */
    ref_mont(want, ap, bp, mp, n);
    cr_assert_eq(bgcn_mont_mul(&ctx, r, ap, bp), BGCN_OK);
    cr_assert(t_equal("mont_mul", r, want, n), "n=%ld", n);
    memcpy(r, ap, sizeof r);
    cr_assert_eq(bgcn_mont_mul(&ctx, r, r, bp), BGCN_OK);
    cr_assert(t_equal("mont_mul rp==ap", r, want, n), "n=%ld", n);
    ref_mont(want, ap, ap, mp, n);
    cr_assert_eq(bgcn_mont_sqr(&ctx, r, ap), BGCN_OK);
    cr_assert(t_equal("mont_sqr", r, want, n), "n=%ld", n);
    memcpy(r, ap, sizeof r);
    cr_assert_eq(bgcn_mont_sqr(&ctx, r, r), BGCN_OK);
    cr_assert(t_equal("mont_sqr rp==ap", r, want, n), "n=%ld", n);
    cr_assert_eq(bgcn_mont_mul(&ctx, r, r, r), BGCN_OK);
    /* redc of a full product T = a*b < m*R */
    bgcn_limb_t t[2 * n];
    mpz_t ta;
    mpz_init(ta);
    z_set(z, ap, n);
    z_set(ta, bp, n);
    mpz_mul(z, z, ta);
    z_get(t, 2 * n, z);
    bgcn_mont_redc(&ctx, r, t);
    ref_mont(want, ap, bp, mp, n);
    cr_assert(t_equal("mont_redc", r, want, n), "n=%ld", n);
    /* redc with rp == tp and rp == tp + n */
    z_get(t, 2 * n, z);
    bgcn_redc_n(t, t, mp, n, ctx.minv);
    cr_assert(t_equal("redc rp==tp", t, want, n), "n=%ld", n);
    z_get(t, 2 * n, z);
    bgcn_redc_n(t + n, t, mp, n, ctx.minv);
    cr_assert(t_equal("redc rp==tp+n", t + n, want, n), "n=%ld", n);
    mpz_clears(z, m, ta, NULL);
    bgcn_mont_clear(&ctx);
}

Test(mont, enomem)
{
    bgcn_limb_t mp[40];
    rand_modulus(mp, 40);
    for (long k = 1; k <= 3; k++) {
        bgcn_mont ctx;
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_mont_init(&ctx, mp, 40);
        bgcn_alloc_fail_after(0);
        if (st == BGCN_OK)
            bgcn_mont_clear(&ctx);
        else
            cr_assert_eq(st, BGCN_ENOMEM);
    }
}
