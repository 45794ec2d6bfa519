/* test-mont.c -- mont_mul_n / mont_sqr_n of every path this machine
 * supports against bgcn_mont_mul_n_c and GMP, n = 1..40 (so the unrolled
 * n = 4 and n = 8 kernels and every n mod 4 of the general one), plus a
 * 41..70 (the IFMA kernel of the avx512 path covers 21..64 limbs), a few
 * larger n, the unrolled entries called directly, redc_1, and the
 * almost-reduced redc of the paths that have one.
 *
 * Moduli: random odd with nonzero top limb, all-ones, B^n - small,
 * B^(n-1) + 1 (smallest top limb), 2^(64n-1) + 1.  Operands a, b < m:
 * random (t_fill shapes) reduced mod m by GMP, 0, 1, m - 1.  Aliasing:
 * rp == ap, rp == bp, rp == ap == bp.  Guard limbs on the output. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "asm/x86_64/paths.h"
#include "asmtest.h"
#include "testlib.h"

#define MAXM 300

static void make_modulus(bgcn_limb_t *m, long n, int kind)
{
    switch (kind % 6) {
    case 0:
        for (long i = 0; i < n; i++)
            m[i] = BGCN_LIMB_MAX;
        break;
    case 1:
        for (long i = 0; i < n; i++)
            m[i] = BGCN_LIMB_MAX;
        m[0] = BGCN_LIMB_MAX - 2 * t_rand_below(1000);
        break;
    case 2:
        memset(m, 0, n * 8); /* B^(n-1) + 1, or 1 when n = 1 */
        m[n - 1] = 1;
        m[0] |= 1;
        break;
    case 3:
        memset(m, 0, n * 8);
        m[0] = 1;
        m[n - 1] |= BGCN_LIMB_HIGHBIT;
        break;
    default:
        t_fill(m, n);
        m[0] |= 1;
        if (m[n - 1] == 0)
            m[n - 1] = t_rand() | 1;
        break;
    }
}

/* x = a random value below m, in one of several shapes */
static void make_operand(bgcn_limb_t *x, const bgcn_limb_t *m, long n)
{
    int k = (int)t_rand_below(8);
    if (k == 0) {
        memset(x, 0, n * 8);
    } else if (k == 1) {
        memset(x, 0, n * 8);
        x[0] = (n == 1 && m[0] == 1) ? 0 : 1; /* 1 mod m */
    } else if (k == 2) {
        memcpy(x, m, n * 8);
        x[0] -= 1; /* m - 1: m is odd */
    } else {
        bgcn_limb_t t[2 * MAXM], q[2 * MAXM];
        long tn = n + 1;
        t_fill(t, tn);
        mpn_tdiv_qr(q, x, 0, t, tn, m, n);
    }
}

typedef void (*mont_fn)(bgcn_limb_t *, const bgcn_limb_t *,
                        const bgcn_limb_t *, const bgcn_limb_t *, long,
                        bgcn_limb_t);

/* r * B^n == a * b (mod m) and r < m, by GMP */
static int gmp_check(const bgcn_limb_t *r, const bgcn_limb_t *a,
                     const bgcn_limb_t *b, const bgcn_limb_t *m, long n)
{
    mp_limb_t p[2 * MAXM + 2], q[2 * MAXM + 2], x[MAXM], y[MAXM];
    mpn_mul_n(p, a, b, n);
    mpn_tdiv_qr(q, x, 0, p, 2 * n, m, n);
    memset(p, 0, n * 8);
    memcpy(p + n, r, n * 8);
    mpn_tdiv_qr(q, y, 0, p, 2 * n, m, n);
    return mpn_cmp(x, y, n) == 0 && mpn_cmp(r, m, n) < 0;
}

static void check_one(const char *path, mont_fn f, long n)
{
    bgcn_limb_t m[MAXM], a[MAXM], b[MAXM], want[MAXM];
    bgcn_limb_t *r = t_alloc_guarded(n);
    for (int rep = 0; rep < 24; rep++) {
        make_modulus(m, n, rep);
        bgcn_limb_t minv = at_minv(m[0]);
        make_operand(a, m, n);
        make_operand(b, m, n);
        bgcn_mont_mul_n_c(want, a, b, m, n, minv);
        cr_assert(gmp_check(want, a, b, m, n), "C twin vs GMP n=%ld", n);
        for (int alias = 0; alias < 4; alias++) {
            const bgcn_limb_t *x = a, *y = b;
            if (alias == 1) {
                memcpy(r, a, n * 8);
                x = r;
            } else if (alias == 2) {
                memcpy(r, b, n * 8);
                y = r;
            } else if (alias == 3) {
                memcpy(r, a, n * 8);
                x = y = r;
            }
            bgcn_limb_t sq[MAXM];
            const bgcn_limb_t *w = want;
            if (alias == 3) {
                bgcn_mont_mul_n_c(sq, a, a, m, n, minv);
                w = sq;
            }
            f(r, x, y, m, n, minv);
            cr_assert(t_equal("mont_mul_n", r, w, n),
                      "%s mont_mul n=%ld rep=%d alias=%d", path, n, rep,
                      alias);
            cr_assert(t_check_guards(r, n), "%s mont guards n=%ld", path, n);
        }
    }
    t_free_guarded(r);
}

static void check_sqr(const bgcn_kernels *p, long n)
{
    bgcn_limb_t m[MAXM], a[MAXM], want[MAXM];
    bgcn_limb_t *r = t_alloc_guarded(n);
    for (int rep = 0; rep < 12; rep++) {
        make_modulus(m, n, rep);
        bgcn_limb_t minv = at_minv(m[0]);
        make_operand(a, m, n);
        bgcn_mont_mul_n_c(want, a, a, m, n, minv);
        p->mont_sqr_n(r, a, m, n, minv);
        cr_assert(t_equal("mont_sqr_n", r, want, n), "%s mont_sqr n=%ld",
                  p->name, n);
        memcpy(r, a, n * 8);
        p->mont_sqr_n(r, r, m, n, minv);
        cr_assert(t_equal("mont_sqr_n in place", r, want, n),
                  "%s mont_sqr in place n=%ld", p->name, n);
        cr_assert(t_check_guards(r, n));
    }
    t_free_guarded(r);
}

static void mont_path(const bgcn_kernels *p)
{
    for (long n = 1; n <= 40; n++) {
        check_one(p->name, p->mont_mul_n, n);
        check_sqr(p, n);
    }
    /* 41..70: the IFMA kernel runs 21..64 limbs, ADX beyond */
    for (long n = 41; n <= 70; n++) {
        check_one(p->name, p->mont_mul_n, n);
        check_sqr(p, n);
    }
    for (int i = 0; i < 4; i++) {
        long n = t_rand_size(71, MAXM);
        check_one(p->name, p->mont_mul_n, n);
        check_sqr(p, n);
    }
}

Test(asm_mont, every_path)
{
    cr_assert(at_each_path(mont_path) >= 1);
}

/* The avx512 path's switch between its IFMA and ADX Montgomery kernels
 * (bgcn_mont_mul_ifma_min, bgcn_mont_sqr_ifma_min) moved to either end:
 * the IFMA kernel wherever it applies (from 6 limbs; the minimum at 1),
 * then never, every size to 40 limbs against the C twin. */
Test(asm_mont, ifma_minimums)
{
    const bgcn_kernels *p = bgcn_kernel_path("avx512");
    if (!p || !bgcn_cpu_supported(p))
        cr_skip_test("no AVX-512 IFMA here");
    long mul = bgcn_mont_mul_ifma_min, sqr = bgcn_mont_sqr_ifma_min;
    const long mins[] = {1, 65};
    for (int i = 0; i < 2; i++) {
        bgcn_mont_mul_ifma_min = bgcn_mont_sqr_ifma_min = mins[i];
        for (long n = 1; n <= 40; n++) {
            check_one(p->name, p->mont_mul_n, n);
            check_sqr(p, n);
        }
    }
    bgcn_mont_mul_ifma_min = mul;
    bgcn_mont_sqr_ifma_min = sqr;
}

Test(asm_mont, unrolled_entries)
{
    const bgcn_kernels *adx = bgcn_kernel_path("adx");
    if (!adx || !bgcn_cpu_supported(adx))
        cr_skip_test("no BMI2+ADX here");
    for (int i = 0; i < 20; i++) {
        check_one("adx-4", bgcn_mont_mul_4_adx, 4);
        check_one("adx-8", bgcn_mont_mul_8_adx, 8);
    }
}

/* The dedicated 4-limb squaring (mont_sqr_n_adx's n = 4 case) called
 * directly, in place and out of place, against the C twin; many reps since
 * every carry path is straight-line code. */
Test(asm_mont, sqr_4_entry)
{
    const bgcn_kernels *adx = bgcn_kernel_path("adx");
    if (!adx || !bgcn_cpu_supported(adx))
        cr_skip_test("no BMI2+ADX here");
    bgcn_limb_t m[4], a[4], want[4];
    bgcn_limb_t *r = t_alloc_guarded(4);
    for (int rep = 0; rep < 3000; rep++) {
        make_modulus(m, 4, rep);
        bgcn_limb_t minv = at_minv(m[0]);
        make_operand(a, m, 4);
        if (rep % 7 == 6) { /* a = m - 1 - small: the largest squares */
            /* by a subtraction: setting a[0] alone gave a > m (outside the
             * contract) whenever m[0] was small, e.g. m = B^3 + 1 */
            memcpy(a, m, sizeof a);
            mpn_sub_1(a, a, 4, 1 + 2 * t_rand_below(4));
        }
        bgcn_mont_mul_n_c(want, a, a, m, 4, minv);
        cr_assert(gmp_check(want, a, a, m, 4), "C twin vs GMP");
        bgcn_mont_sqr_4_adx(r, a, a, m, 4, minv);
        cr_assert(t_equal("mont_sqr_4_adx", r, want, 4), "rep=%d", rep);
        memcpy(r, a, sizeof a);
        bgcn_mont_sqr_4_adx(r, r, r, m, 4, minv);
        cr_assert(t_equal("mont_sqr_4_adx in place", r, want, 4),
                  "rep=%d", rep);
        cr_assert(t_check_guards(r, 4));
    }
    t_free_guarded(r);
}

/* redc_1 alone, with T up to m*B^n - 1 (the largest it accepts) */
Test(asm_mont, redc_1)
{
    const bgcn_kernels *adx = bgcn_kernel_path("adx");
    if (!adx || !bgcn_cpu_supported(adx))
        cr_skip_test("no BMI2+ADX here");
    bgcn_limb_t m[MAXM], t[2 * MAXM], t0[2 * MAXM], q[2 * MAXM + 1];
    bgcn_limb_t x[MAXM], y[MAXM], p[2 * MAXM];
    for (long n = 1; n <= 70; n++) {
        bgcn_limb_t *r = t_alloc_guarded(n);
        for (int rep = 0; rep < 12; rep++) {
            make_modulus(m, n, rep);
            bgcn_limb_t minv = at_minv(m[0]);
            if (rep == 0) { /* T = m*B^n - 1 */
                memset(t0, 0, n * 8);
                memcpy(t0 + n, m, n * 8);
                mpn_sub_1(t0, t0, 2 * n, 1);
            } else { /* T < m*B^n: high half below m */
                t_fill(t0, n);
                make_operand(t0 + n, m, n);
            }
            memcpy(t, t0, 2 * n * 8);
            bgcn_redc_1_adx(r, t, m, n, minv);
            /* check r*B^n == T (mod m), r < m */
            mpn_tdiv_qr(q, x, 0, t0, 2 * n, m, n);
            memset(p, 0, n * 8);
            memcpy(p + n, r, n * 8);
            mpn_tdiv_qr(q, y, 0, p, 2 * n, m, n);
            cr_assert(mpn_cmp(x, y, n) == 0 && mpn_cmp(r, m, n) < 0,
                      "redc_1 n=%ld rep=%d", n, rep);
            cr_assert(t_check_guards(r, n));
        }
        t_free_guarded(r);
    }
}

/* redc_almost of every path that has one against the portable twin
 * (bgcn_redc_almost_n, the same value exactly) and GMP (r B^n = T mod m),
 * for any T below B^2n: all ones, random, a high half at or above m
 * (the results that need the subtraction), T = m B^n - 1; the moduli of
 * make_modulus.  Results at or above m must occur (the almost-reduced
 * range is reached), and aliasing rp = tp + n as redc_n allows it. */
static long almost_unreduced;

static void almost_path(const bgcn_kernels *p)
{
    if (!p->redc_almost)
        return;
    bgcn_limb_t m[MAXM], t[2 * MAXM], t0[2 * MAXM], tw[2 * MAXM], q[2 * MAXM + 1];
    bgcn_limb_t x[MAXM], y[MAXM], pr[2 * MAXM], w[MAXM];
    for (long n = 1; n <= 40; n++) {
        bgcn_limb_t *r = t_alloc_guarded(n);
        for (int rep = 0; rep < 48; rep++) {
            make_modulus(m, n, rep / 4);
            bgcn_limb_t minv = at_minv(m[0]);
            switch (rep % 4) {
            case 0: /* T = B^2n - 1 */
                memset(t0, 0xff, 2 * n * 8);
                break;
            case 1:
                t_fill(t0, 2 * n);
                break;
            case 2: /* high half >= m */
                t_fill(t0, n);
                memset(t0 + n, 0xff, n * 8);
                t0[n] = t_rand();
                if (mpn_cmp(t0 + n, m, n) < 0)
                    memcpy(t0 + n, m, n * 8);
                break;
            default: /* T = m*B^n - 1 */
                memset(t0, 0, n * 8);
                memcpy(t0 + n, m, n * 8);
                mpn_sub_1(t0, t0, 2 * n, 1);
                break;
            }
            memcpy(t, t0, 2 * n * 8);
            memcpy(tw, t0, 2 * n * 8);
            p->redc_almost(r, t, m, n, minv);
            bgcn_redc_almost_n(w, tw, m, n, minv);
            cr_assert(memcmp(r, w, n * 8) == 0, "%s redc_almost vs twin n=%ld rep=%d",
                      p->name, n, rep);
            mpn_tdiv_qr(q, x, 0, t0, 2 * n, m, n);
            memset(pr, 0, n * 8);
            memcpy(pr + n, r, n * 8);
            mpn_tdiv_qr(q, y, 0, pr, 2 * n, m, n);
            cr_assert(mpn_cmp(x, y, n) == 0, "%s redc_almost n=%ld rep=%d", p->name, n, rep);
            almost_unreduced += mpn_cmp(r, m, n) >= 0;
            cr_assert(t_check_guards(r, n));
            /* in place into the high half, as bgcn_redc_n allows */
            memcpy(t, t0, 2 * n * 8);
            p->redc_almost(t + n, t, m, n, minv);
            cr_assert(memcmp(t + n, w, n * 8) == 0, "%s redc_almost rp = tp + n, n=%ld",
                      p->name, n);
        }
        t_free_guarded(r);
    }
}

Test(asm_mont, redc_almost)
{
    almost_unreduced = 0;
    at_each_path(almost_path);
    const bgcn_kernels *adx = bgcn_kernel_path("adx");
    if (adx && bgcn_cpu_supported(adx))
        cr_assert(almost_unreduced > 0, "no result at or above m: the range is not reached");
}

/* The residue ops (bgcn_residue_ops, the avx512 path's IFMA digits) of
 * every path that has them, at every n they take: `to` then `from` gives
 * the value mod m, and a chain of products and squares (out of place, r
 * equal to a, to b, to both), each step read back with `from`, matches
 * GMP's a*b*R^-1 mod m (R = 2^rbits).  Inputs below 2m (0, 1, m-1, m,
 * m + random where it fits n limbs, random below m) so the almost-
 * Montgomery bound is exercised; moduli of make_modulus's shapes. */
static void val(mpz_t z, const bgcn_limb_t *p, long n)
{
    mpz_import(z, (size_t)n, -1, sizeof p[0], 0, 0, p);
}

static void form_operand(bgcn_limb_t *x, const bgcn_limb_t *m, long n,
                         int kind)
{
    if (kind == 5) { /* m itself */
        memcpy(x, m, n * 8);
        return;
    }
    make_operand(x, m, n);
    if (kind >= 6) { /* x + m when it fits: a value in [m, 2m) */
        bgcn_limb_t t[MAXM];
        if (mpn_add_n(t, x, m, n) == 0)
            memcpy(x, t, n * 8);
    }
}

static void residue_check(const char *name, const bgcn_residue_ops *ro,
                          long top)
{
    cr_assert(ro->min_n >= 1 && ro->max_n >= ro->min_n && top < MAXM);
    mpz_t M, Ri, X, A, B, G;
    mpz_inits(M, Ri, X, A, B, G, NULL);
    for (long n = 1; n <= top; n++) {
        long esz, ctxn;
        unsigned long rbits;
        ro->layout(n, &esz, &ctxn, &rbits);
        cr_assert(rbits >= 64 * (unsigned long)n && esz % 8 == 0,
                  "layout n=%ld", n);
        size_t ctxb = ((size_t)ctxn * 8 + 63) & ~(size_t)63;
        size_t eb = ((size_t)esz * 8 + 63) & ~(size_t)63;
        bgcn_limb_t *ctx = aligned_alloc(64, ctxb);
        bgcn_limb_t *ea = aligned_alloc(64, eb), *ebv = aligned_alloc(64, eb);
        bgcn_limb_t *er = aligned_alloc(64, eb);
        cr_assert(ctx && ea && ebv && er);
        bgcn_limb_t m[MAXM], a[MAXM], b[MAXM], r[MAXM + 1];
        for (int rep = 0; rep < 12; rep++) {
            make_modulus(m, n, rep);
            ro->init(ctx, m, n, at_minv(m[0]));
            form_operand(a, m, n, rep % 8);
            form_operand(b, m, n, (rep * 5 + 3) % 8);
            val(M, m, n);
            mpz_set_ui(Ri, 1);
            mpz_mul_2exp(Ri, Ri, rbits);
            cr_assert(mpz_invert(Ri, Ri, M) || mpz_cmp_ui(M, 1) == 0);
            val(A, a, n);
            val(B, b, n);
            ro->to(ctx, ea, a);
            ro->to(ctx, ebv, b);
            /* from(to(a)) = a mod m */
            r[n] = 0x5a5a;
            ro->from(ctx, r, ea);
            cr_assert(r[n] == 0x5a5a, "from writes past n, n=%ld", n);
            val(G, r, n);
            mpz_mod(X, A, M);
            cr_assert(mpz_cmp(G, X) == 0, "%s to/from n=%ld rep=%d",
                      name, n, rep);
            /* X tracks the value of er; B the value of ebv */
            for (int step = 0; step < 6; step++) {
                if (step == 0) {
                    ro->mul(ctx, er, ea, ebv);
                    mpz_mul(X, A, B);
                } else if (step == 1) {
                    ro->sqr(ctx, er, er);
                    mpz_mul(X, X, X);
                } else if (step == 2) {
                    ro->mul(ctx, er, er, er);
                    mpz_mul(X, X, X);
                } else if (step == 3) {
                    ro->mul(ctx, er, er, ebv);
                    mpz_mul(X, X, B);
                } else if (step == 4) {
                    ro->mul(ctx, er, ebv, er);
                    mpz_mul(X, X, B);
                } else {
                    ro->sqr(ctx, ea, er); /* out of place */
                    memcpy(er, ea, (size_t)esz * 8);
                    mpz_mul(X, X, X);
                }
                mpz_mul(X, X, Ri);
                mpz_mod(X, X, M);
                ro->from(ctx, r, er);
                val(G, r, n);
                cr_assert(mpz_cmp(G, X) == 0, "%s residue step %d n=%ld rep=%d",
                          name, step, n, rep);
            }
        }
        free(ctx);
        free(ea);
        free(ebv);
        free(er);
    }
    mpz_clears(M, Ri, X, A, B, G, NULL);
}

static void residue_path(const bgcn_kernels *p)
{
    if (p->residue)
        residue_check(p->name, p->residue, p->residue->max_n);
}

Test(asm_mont, residue_ops)
{
    cr_assert(at_each_path(residue_path) >= 1);
    residue_check("portable twin", &bgcn_residue_c, 70);
}
