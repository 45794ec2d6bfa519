/* test-mont.c -- Montgomery kernels (every kernel path this machine runs)
 * and the Montgomery context, against GMP and a slow reference. */
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

/* Slow reference, independent of GMP: bit-serial a*b*2^-(64n) mod m by
 * halving (x + m)/2 when odd, using only add/sub/shift on limbs. */
static void slow_mont(bgcn_limb_t *want, const bgcn_limb_t *ap,
                      const bgcn_limb_t *bp, const bgcn_limb_t *mp, long n)
{
    bgcn_limb_t t[n + 1];
    memset(t, 0, sizeof t);
    /* t = sum over bits of b from the bottom: t = (t + b_i*a) / 2 mod m */
    for (long bit = 0; bit < 64 * n; bit++) {
        if ((bp[bit / 64] >> (bit % 64)) & 1) {
            unsigned __int128 c = 0;
            for (long j = 0; j < n; j++) {
                c += (unsigned __int128)t[j] + ap[j];
                t[j] = (bgcn_limb_t)c;
                c >>= 64;
            }
            t[n] += (bgcn_limb_t)c;
        }
        if (t[0] & 1) {
            unsigned __int128 c = 0;
            for (long j = 0; j < n; j++) {
                c += (unsigned __int128)t[j] + mp[j];
                t[j] = (bgcn_limb_t)c;
                c >>= 64;
            }
            t[n] += (bgcn_limb_t)c;
        }
        for (long j = 0; j < n; j++)
            t[j] = (t[j] >> 1) | (t[j + 1] << 63);
        t[n] >>= 1;
    }
    /* t < 2m: subtract once if needed */
    int ge = t[n] != 0;
    if (!ge) {
        ge = 1;
        for (long j = n - 1; j >= 0; j--)
            if (t[j] != mp[j]) {
                ge = t[j] > mp[j];
                break;
            }
    }
    if (ge) {
        bgcn_limb_t bw = 0;
        for (long j = 0; j < n; j++) {
            unsigned __int128 d = (unsigned __int128)t[j] - mp[j] - bw;
            t[j] = (bgcn_limb_t)d;
            bw = (bgcn_limb_t)(d >> 64) & 1;
        }
    }
    memcpy(want, t, sizeof *want * (size_t)n);
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

/* Kernel test on every path this CPU runs, with guards and aliasing. */
static void kernel_case(const bgcn_kernels *p, long n)
{
    bgcn_limb_t mp[n], ap[n], bp[n], want[n], want2[n];
    rand_modulus(mp, n);
    rand_below(ap, mp, n);
    rand_below(bp, mp, n);
    bgcn_limb_t minv = bgcn_mont_minv(mp[0]);
    ref_mont(want, ap, bp, mp, n);
    bgcn_limb_t *r = t_alloc_guarded(n);
    p->mont_mul_n(r, ap, bp, mp, n, minv);
    cr_assert(t_check_guards(r, n), "%s mont_mul_n n=%ld guards", p->name, n);
    cr_assert(t_equal("mont_mul_n", r, want, n), "%s mont_mul_n n=%ld",
              p->name, n);
    if (n <= 8) {
        slow_mont(want2, ap, bp, mp, n);
        cr_assert(t_equal("slow reference", want2, want, n));
    }
    /* rp == ap, rp == bp */
    memcpy(r, ap, sizeof ap);
    p->mont_mul_n(r, r, bp, mp, n, minv);
    cr_assert(t_equal("mont_mul_n rp==ap", r, want, n), "%s n=%ld", p->name, n);
    memcpy(r, bp, sizeof bp);
    p->mont_mul_n(r, ap, r, mp, n, minv);
    cr_assert(t_equal("mont_mul_n rp==bp", r, want, n), "%s n=%ld", p->name, n);
    /* squaring: separate, rp==ap, and via mul with rp==ap==bp */
    ref_mont(want, ap, ap, mp, n);
    p->mont_sqr_n(r, ap, mp, n, minv);
    cr_assert(t_check_guards(r, n));
    cr_assert(t_equal("mont_sqr_n", r, want, n), "%s n=%ld", p->name, n);
    memcpy(r, ap, sizeof ap);
    p->mont_sqr_n(r, r, mp, n, minv);
    cr_assert(t_equal("mont_sqr_n rp==ap", r, want, n), "%s n=%ld", p->name, n);
    memcpy(r, ap, sizeof ap);
    p->mont_mul_n(r, r, r, mp, n, minv);
    cr_assert(t_equal("mont_mul_n rp==ap==bp", r, want, n), "%s n=%ld",
              p->name, n);
    cr_assert(t_check_guards(r, n));
    t_free_guarded(r);
}

Test(mont, kernels_every_path)
{
    int ran = 0;
    for (int i = 0; bgcn_kernel_paths[i]; i++) {
        const bgcn_kernels *p = bgcn_kernel_paths[i];
        if (!bgcn_cpu_supported(p))
            continue;
        ran++;
        for (long n = 1; n <= 72; n++)
            for (int rep = 0; rep < (n <= 16 ? 40 : 6); rep++)
                kernel_case(p, n);
        for (int rep = 0; rep < 4; rep++)
            kernel_case(p, t_rand_size(73, 200));
    }
    cr_assert(ran >= 1);
}

/* Extreme operands: m = 2^(64n) - 1, a = b = m - 1. */
Test(mont, kernels_extremes)
{
    for (int i = 0; bgcn_kernel_paths[i]; i++) {
        const bgcn_kernels *p = bgcn_kernel_paths[i];
        if (!bgcn_cpu_supported(p))
            continue;
        for (long n = 1; n <= 40; n++) {
            bgcn_limb_t mp[n], ap[n], want[n], r[n];
            for (long j = 0; j < n; j++)
                mp[j] = BGCN_LIMB_MAX;
            memcpy(ap, mp, sizeof ap);
            ap[0]--;
            bgcn_limb_t minv = bgcn_mont_minv(mp[0]);
            ref_mont(want, ap, ap, mp, n);
            p->mont_mul_n(r, ap, ap, mp, n, minv);
            cr_assert(t_equal("mont_mul_n max", r, want, n), "%s n=%ld",
                      p->name, n);
            p->mont_sqr_n(r, ap, mp, n, minv);
            cr_assert(t_equal("mont_sqr_n max", r, want, n), "%s n=%ld",
                      p->name, n);
            /* m = 2^(64(n-1)) + 1 (sparse), a = m - 1 */
            memset(mp, 0, sizeof mp);
            mp[0] = 1;
            mp[n - 1] |= 1;
            if (n > 1)
                mp[n - 1] = 1;
            memcpy(ap, mp, sizeof ap);
            ap[0]--;
            if (n == 1)
                continue; /* m = 1 */
            minv = bgcn_mont_minv(mp[0]);
            ref_mont(want, ap, ap, mp, n);
            p->mont_sqr_n(r, ap, mp, n, minv);
            cr_assert(t_equal("mont_sqr_n sparse", r, want, n), "%s n=%ld",
                      p->name, n);
        }
    }
}

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
