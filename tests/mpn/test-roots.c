/* test-roots.c -- square root, k-th root, perfect powers.
 *
 * Oracles: GMP (mpn_sqrtrem, mpz_rootrem, mpz_perfect_power_p) and an
 * independent check written here with plain schoolbook arithmetic (no
 * engine call): s^k + r == N and N < (s+1)^k.  Operands cover random and
 * adversarial shapes, perfect powers and their neighbours, every size
 * class of the recursion; outputs sit between guard limbs. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

/* ---- slow reference: plain schoolbook, independent of the engine -------- */

/* {rp,an+bn} = {ap,an} * {bp,bn} */
static void ref_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                    const bgcn_limb_t *bp, long bn)
{
    memset(rp, 0, (size_t)(an + bn) * sizeof *rp);
    for (long i = 0; i < an; i++) {
        unsigned __int128 c = 0;
        for (long j = 0; j < bn; j++) {
            c += (unsigned __int128)ap[i] * bp[j] + rp[i + j];
            rp[i + j] = (bgcn_limb_t)c;
            c >>= 64;
        }
        rp[i + bn] = (bgcn_limb_t)c;
    }
}

static int ref_cmp(const bgcn_limb_t *ap, long an, const bgcn_limb_t *bp,
                   long bn)
{
    while (an > 0 && ap[an - 1] == 0) an--;
    while (bn > 0 && bp[bn - 1] == 0) bn--;
    if (an != bn) return an > bn ? 1 : -1;
    for (long i = an - 1; i >= 0; i--)
        if (ap[i] != bp[i]) return ap[i] > bp[i] ? 1 : -1;
    return 0;
}

/* {rp, n} = {ap,n} + {bp,bn} (bn <= n), returns carry */
static bgcn_limb_t ref_add(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                           const bgcn_limb_t *bp, long bn)
{
    unsigned __int128 c = 0;
    for (long i = 0; i < n; i++) {
        c += (unsigned __int128)ap[i] + (i < bn ? bp[i] : 0);
        rp[i] = (bgcn_limb_t)c;
        c >>= 64;
    }
    return (bgcn_limb_t)c;
}

/* s^k as a fresh array of *pn limbs. */
static bgcn_limb_t *ref_pow(const bgcn_limb_t *sp, long sn, unsigned long k,
                            long *pn)
{
    bgcn_limb_t *p = calloc(1, sizeof *p);
    long n = 1;
    p[0] = 1;
    for (unsigned long i = 0; i < k; i++) {
        bgcn_limb_t *t = malloc((size_t)(n + sn) * sizeof *t);
        ref_mul(t, p, n, sp, sn);
        free(p);
        p = t;
        n += sn;
    }
    *pn = n;
    return p;
}

/* Checks s = floor(N^(1/k)) and r = N - s^k independently of GMP. */
static void ref_check_root(const bgcn_limb_t *np, long nn, const bgcn_limb_t *sp,
                           long sn, const bgcn_limb_t *rp, long rn,
                           unsigned long k)
{
    long pn;
    bgcn_limb_t *p = ref_pow(sp, sn, k, &pn);
    long tn = (pn > rn ? pn : rn) + 1;
    bgcn_limb_t *t = calloc((size_t)tn, sizeof *t);
    memcpy(t, p, (size_t)pn * sizeof *t);
    ref_add(t, t, tn, rp, rn);
    cr_assert(ref_cmp(t, tn, np, nn) == 0, "ref: s^k + r != N (k=%lu)", k);
    free(p);
    free(t);
    /* (s+1)^k > N */
    bgcn_limb_t *s1 = calloc((size_t)sn + 1, sizeof *s1), one = 1;
    s1[sn] = ref_add(s1, sp, sn, &one, 1);
    p = ref_pow(s1, sn + 1, k, &pn);
    cr_assert(ref_cmp(p, pn, np, nn) > 0, "ref: (s+1)^k <= N (k=%lu)", k);
    free(p);
    free(s1);
}

/* ---- operands ------------------------------------------------------------ */

/* N of exactly nn limbs (top limb nonzero), often a perfect square or a
 * neighbour of one, or with a tiny top limb. */
static void fill_radicand(bgcn_limb_t *np, long nn)
{
    t_fill_normalized(np, nn);
    unsigned kind = (unsigned)t_rand_below(8);
    if (kind == 0 && nn >= 2) {
        /* perfect square (or +-1) of a (nn/2)-limb root */
        long hn = nn / 2;
        bgcn_limb_t *h = malloc(hn * sizeof *h), *sq = malloc(2 * hn * sizeof *sq);
        t_fill_normalized(h, hn);
        ref_mul(sq, h, hn, h, hn);
        memset(np, 0, nn * sizeof *np);
        memcpy(np, sq, 2 * hn * sizeof *np);
        if (t_rand_below(2)) {
            bgcn_limb_t one = 1;
            ref_add(np, np, nn, &one, 1);
        } else if (t_rand_below(2)) {
            for (long i = 0; i < nn; i++) /* -1 */
                if (np[i]-- != 0) break;
        }
        free(h);
        free(sq);
        if (np[nn - 1] == 0)
            np[nn - 1] = 1;
    } else if (kind == 1) {
        np[nn - 1] = 1 + t_rand_below(3); /* tiny top limb */
    } else if (kind == 2) {
        np[nn - 1] = BGCN_LIMB_MAX;
    } else if (kind == 3) {
        np[nn - 1] |= (bgcn_limb_t)3 << 62;
    }
}

/* ---- square root ----------------------------------------------------------- */

static void check_sqrtrem(const bgcn_limb_t *np, long nn, int ref)
{
    long sn = (nn + 1) / 2;
    bgcn_limb_t *ws = malloc(sn * sizeof *ws), *wr = calloc(nn, sizeof *wr);
    long wrn = mpn_sqrtrem((mp_limb_t *)ws, (mp_limb_t *)wr,
                           (const mp_limb_t *)np, nn);
    for (int mode = 0; mode < 3; mode++) {
        bgcn_limb_t *s = t_alloc_guarded(sn), *r = t_alloc_guarded(nn);
        long rn = -1;
        bgcn_status st = bgcn_sqrtrem(s, mode == 0 ? r : NULL,
                                      mode == 2 ? NULL : &rn, np, nn);
        cr_assert(st == BGCN_OK);
        if (!t_equal("sqrt", s, ws, sn)) {
            t_dump("N", np, nn);
            cr_assert_fail("sqrtrem root nn=%ld mode=%d", nn, mode);
        }
        if (mode != 2)
            cr_assert_eq(rn, wrn, "sqrtrem rn nn=%ld", nn);
        if (mode == 0) {
            cr_assert(t_equal("rem", r, wr, rn), "sqrtrem rem nn=%ld", nn);
            if (ref)
                ref_check_root(np, nn, s, sn, r, rn, 2);
        }
        cr_assert(t_check_guards(s, sn) && t_check_guards(r, nn));
        t_free_guarded(s);
        t_free_guarded(r);
    }
    free(ws);
    free(wr);
}

Test(roots, sqrtrem_small)
{
    for (long nn = 1; nn <= 40; nn++)
        for (int rep = 0; rep < 40; rep++) {
            bgcn_limb_t n[40];
            fill_radicand(n, nn);
            check_sqrtrem(n, nn, nn <= 16);
        }
}

Test(roots, sqrtrem_corners)
{
    /* 1, 2, 3, 4, B-1, B, B^2-1, all-ones, 2^(64k) and neighbours */
    for (long nn = 1; nn <= 9; nn++) {
        bgcn_limb_t n[9];
        for (int c = 0; c < 6; c++) {
            memset(n, 0, sizeof n);
            switch (c) {
            case 0: n[nn - 1] = 1; break;
            case 1: n[nn - 1] = 4; break;
            case 2: for (long i = 0; i < nn; i++) n[i] = BGCN_LIMB_MAX; break;
            case 3: n[nn - 1] = 1; n[0] |= 1; break;
            case 4: n[nn - 1] = BGCN_LIMB_HIGHBIT; break;
            case 5: n[nn - 1] = (bgcn_limb_t)1 << 62; break;
            }
            check_sqrtrem(n, nn, 1);
        }
    }
    for (bgcn_limb_t x = 1; x < 2000; x++)
        check_sqrtrem(&x, 1, 0);
}

/* bgcn_sqrt_u64 against GMP: squares and their neighbours at every bit
 * length (where an off-by-one root shows), the top of the range, random. */
static void check_sqrt_u64(uint64_t n)
{
    mpz_t z;
    mpz_init(z);
    mpz_import(z, 1, -1, sizeof n, 0, 0, &n);
    mpz_sqrt(z, z);
    uint64_t want = mpz_get_ui(z), got = bgcn_sqrt_u64(n);
    cr_assert_eq(got, want, "bgcn_sqrt_u64(%llu) = %llu, GMP %llu (seed %llu)",
                 (unsigned long long)n, (unsigned long long)got, (unsigned long long)want,
                 (unsigned long long)t_seed());
    mpz_clear(z);
}

Test(roots, sqrt_u64)
{
    for (uint64_t n = 0; n < 5000; n++)
        check_sqrt_u64(n);
    for (int b = 1; b <= 32; b++) {
        uint64_t r = ((uint64_t)1 << b) - 1, r2 = r * r;
        for (uint64_t d = 0; d < 3; d++) {
            check_sqrt_u64(r2 - d);
            check_sqrt_u64(r2 + d);
        }
        uint64_t r1 = (uint64_t)1 << (b - 1);
        check_sqrt_u64(r1 * r1 - 1);
        check_sqrt_u64(r1 * r1);
    }
    check_sqrt_u64(UINT64_MAX);
    check_sqrt_u64(UINT64_MAX - 1);
    check_sqrt_u64((uint64_t)1 << 63);
    for (int i = 0; i < 100000; i++)
        check_sqrt_u64(t_rand() >> (t_rand() & 63));
}

Test(roots, sqrtrem_sizes)
{
    for (long nn = 41; nn <= 700; nn += t_rand_size(1, 23)) {
        bgcn_limb_t *n = malloc(nn * sizeof *n);
        fill_radicand(n, nn);
        check_sqrtrem(n, nn, nn <= 100);
        free(n);
    }
    for (int rep = 0; rep < 3; rep++) {
        long nn = t_rand_size(1000, 6000);
        bgcn_limb_t *n = malloc(nn * sizeof *n);
        fill_radicand(n, nn);
        check_sqrtrem(n, nn, 0);
        free(n);
    }
}

/* One random size up to 10^5 limbs per run. */
Test(roots, sqrtrem_huge)
{
    long nn = t_rand_size(6000, 100000);
    bgcn_limb_t *n = malloc(nn * sizeof *n);
    fill_radicand(n, nn);
    check_sqrtrem(n, nn, 0);
    free(n);
}

Test(roots, sqrtrem_enomem)
{
    long nn = 301;
    bgcn_limb_t *n = malloc(nn * sizeof *n), s[151], r[301];
    fill_radicand(n, nn);
    for (long k = 1;; k++) {
        long rn;
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_sqrtrem(s, r, &rn, n, nn);
        bgcn_alloc_fail_after(0);
        if (st == BGCN_OK)
            break;
        cr_assert(st == BGCN_ENOMEM);
        cr_assert(k < 10000);
    }
    check_sqrtrem(n, nn, 0);
    free(n);
}

/* ---- k-th root ----------------------------------------------------------- */

static void check_rootrem(const bgcn_limb_t *np, long nn, unsigned long k,
                          int ref)
{
    mpz_t N, R, M, W;
    mpz_inits(N, R, M, W, NULL);
    mpz_import(N, nn, -1, 8, 0, 0, np);
    mpz_rootrem(R, M, N, k);
    long cap = nn / (long)k + 1;
    bgcn_limb_t *x = t_alloc_guarded(cap), *r = t_alloc_guarded(nn);
    long xn = -1, rn = -1;
    cr_assert(bgcn_rootrem(x, &xn, r, &rn, np, nn, k) == BGCN_OK);
    mpz_import(W, xn, -1, 8, 0, 0, x);
    if (mpz_cmp(W, R) != 0) {
        t_dump("N", np, nn);
        cr_assert_fail("rootrem root nn=%ld k=%lu", nn, k);
    }
    cr_assert(xn == (long)mpz_size(R), "rootn");
    mpz_import(W, rn, -1, 8, 0, 0, r);
    cr_assert(mpz_cmp(W, M) == 0 && rn == (long)mpz_size(M),
              "rootrem remainder nn=%ld k=%lu", nn, k);
    if (ref && k <= 40)
        ref_check_root(np, nn, x, xn, r, rn, k);
    cr_assert(t_check_guards(x, cap) && t_check_guards(r, nn),
              "guards: root %d rem %d nn=%ld k=%lu xn=%ld rn=%ld",
              t_check_guards(x, cap), t_check_guards(r, nn), nn, k, xn, rn);
    /* root only, remainder size only */
    long rn2 = -1;
    cr_assert(bgcn_rootrem(x, &xn, NULL, &rn2, np, nn, k) == BGCN_OK);
    cr_assert_eq(rn2, rn);
    cr_assert(bgcn_rootrem(x, &xn, NULL, NULL, np, nn, k) == BGCN_OK);
    mpz_import(W, xn, -1, 8, 0, 0, x);
    cr_assert(mpz_cmp(W, R) == 0);
    t_free_guarded(x);
    t_free_guarded(r);
    mpz_clears(N, R, M, W, NULL);
}

/* N = x^k + delta for a random x (delta in {-1, 0, 1}) or random. */
static long fill_power(bgcn_limb_t *np, long cap, unsigned long k, long xn)
{
    mpz_t X, N;
    mpz_inits(X, N, NULL);
    bgcn_limb_t *x = malloc(xn * sizeof *x);
    t_fill_normalized(x, xn);
    if (t_rand_below(3) == 0)
        x[xn - 1] >>= t_rand_below(64);
    if (x[xn - 1] == 0)
        x[xn - 1] = 1;
    mpz_import(X, xn, -1, 8, 0, 0, x);
    mpz_pow_ui(N, X, k);
    switch (t_rand_below(3)) {
    case 0: mpz_sub_ui(N, N, 1); break;
    case 1: mpz_add_ui(N, N, 1); break;
    default: break;
    }
    if (mpz_sgn(N) == 0)
        mpz_set_ui(N, 1);
    long nn = (long)mpz_size(N);
    cr_assert(nn <= cap);
    mpz_export(np, NULL, -1, 8, 0, 0, N);
    free(x);
    mpz_clears(X, N, NULL);
    return nn;
}

Test(roots, rootrem_small)
{
    bgcn_limb_t n[64];
    for (unsigned long k = 1; k <= 12; k++)
        for (long nn = 1; nn <= 10; nn++)
            for (int rep = 0; rep < 6; rep++) {
                fill_radicand(n, nn);
                check_rootrem(n, nn, k, nn <= 6);
            }
    for (unsigned long k = 3; k <= 9; k++)
        for (long xn = 1; xn <= 5; xn++)
            for (int rep = 0; rep < 4; rep++) {
                long nn = fill_power(n, 64, k, xn);
                check_rootrem(n, nn, k, 1);
            }
    /* k at and around the bit length: root 1 or 2 */
    for (int rep = 0; rep < 50; rep++) {
        long nn = t_rand_size(1, 4);
        fill_radicand(n, nn);
        long L = 64 * nn - __builtin_clzll(n[nn - 1]);
        long k = L + t_rand_size(-2, 3);
        check_rootrem(n, nn, (unsigned long)(k >= 1 ? k : 1), 0);
    }
    for (bgcn_limb_t v = 1; v < 300; v++)
        for (unsigned long k = 1; k <= 9; k++)
            check_rootrem(&v, 1, k, 1);
}

Test(roots, rootrem_sizes)
{
    const unsigned long ks[] = {3, 4, 5, 7, 10, 17, 64, 65, 100, 1000, 100000};
    for (unsigned i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        for (int rep = 0; rep < 3; rep++) {
            long nn = t_rand_size(10, 400);
            bgcn_limb_t *n = malloc(nn * sizeof *n);
            fill_radicand(n, nn);
            check_rootrem(n, nn, ks[i], 0);
            free(n);
        }
        if (ks[i] <= 100) {
            long xn = t_rand_size(1, 800 / (long)ks[i] + 1);
            bgcn_limb_t *n = malloc((xn * ks[i] + 2) * sizeof *n);
            long nn = fill_power(n, xn * ks[i] + 2, ks[i], xn);
            check_rootrem(n, nn, ks[i], 0);
            free(n);
        }
    }
}

/* ---- perfect powers ------------------------------------------------------ */

static void check_pp(const mpz_t N)
{
    long nn = (long)mpz_size(N);
    bgcn_limb_t *n = malloc(nn * sizeof *n);
    mpz_export(n, NULL, -1, 8, 0, 0, N);
    int got = -1;
    cr_assert(bgcn_perfect_power_p(&got, n, nn) == BGCN_OK);
    int want = mpz_perfect_power_p(N) != 0;
    if (got != want) {
        t_dump("N", n, nn);
        cr_assert_fail("perfect_power_p = %d, GMP says %d (nn=%ld)", got, want, nn);
    }
    free(n);
}

Test(roots, perfect_power_p)
{
    mpz_t N, X;
    mpz_inits(N, X, NULL);
    for (unsigned long v = 1; v < 3000; v++) {
        mpz_set_ui(N, v);
        check_pp(N);
    }
    const unsigned long ks[] = {2, 3, 4, 5, 6, 7, 9, 11, 13, 25, 31, 64, 97, 128, 257};
    for (unsigned i = 0; i < sizeof ks / sizeof ks[0]; i++)
        for (int rep = 0; rep < 12; rep++) {
            long xn = t_rand_size(1, ks[i] > 32 ? 2 : 6);
            bgcn_limb_t x[6];
            t_fill_normalized(x, xn);
            if (rep % 3 == 0) x[xn - 1] >>= t_rand_below(64);
            if (x[xn - 1] == 0) x[xn - 1] = 3;
            if (rep % 4 == 0) x[0] &= ~(bgcn_limb_t)1; /* even root */
            if (rep % 5 == 0) { memset(x, 0, sizeof x); x[0] = 2 + t_rand_below(30); xn = 1; }
            mpz_import(X, xn, -1, 8, 0, 0, x);
            if (mpz_cmp_ui(X, 2) < 0)
                mpz_set_ui(X, 2);
            mpz_pow_ui(N, X, ks[i]);
            check_pp(N);
            mpz_add_ui(N, N, 1);
            check_pp(N);
            mpz_sub_ui(N, N, 2);
            if (mpz_sgn(N) > 0) check_pp(N);
            /* times a prime: not a power */
            mpz_add_ui(N, N, 1);
            mpz_mul_ui(N, N, 1000003);
            check_pp(N);
        }
    /* powers of two and 2^a * odd^b */
    for (unsigned long e = 1; e < 300; e += 7) {
        mpz_set_ui(N, 0);
        mpz_setbit(N, e);
        check_pp(N);
        mpz_ui_pow_ui(X, 3, e);
        mpz_mul_2exp(N, X, e);
        check_pp(N);
        mpz_mul_2exp(N, X, e + 1);
        check_pp(N);
    }
    /* small odd prime factors with multiplicities (the gcd filter) times
     * a power of a number with only large factors, or nothing */
    const unsigned long qs[] = {3, 5, 7, 11, 13, 997, 991};
    for (int rep = 0; rep < 300; rep++) {
        unsigned long k = 2 + t_rand_below(6);
        mpz_set_ui(N, 1);
        for (unsigned i = 0; i < sizeof qs / sizeof qs[0]; i++)
            if (t_rand_below(2)) {
                mpz_ui_pow_ui(X, qs[i], k * (1 + t_rand_below(3)) + (rep % 3 == 0 ? t_rand_below(2) : 0));
                mpz_mul(N, N, X);
            }
        if (rep % 2) {
            mpz_set_ui(X, 1009 + 2 * t_rand_below(1000));
            mpz_pow_ui(X, X, k);
            mpz_mul(N, N, X);
        }
        if (rep % 5 == 0)
            mpz_mul_2exp(N, N, k * t_rand_below(4));
        if (mpz_cmp_ui(N, 1) > 0)
            check_pp(N);
        mpz_add_ui(N, N, 2);
        check_pp(N);
    }
    /* random numbers of various sizes */
    for (int rep = 0; rep < 60; rep++) {
        long nn = t_rand_size(1, 60);
        bgcn_limb_t n[60];
        fill_radicand(n, nn);
        mpz_import(N, nn, -1, 8, 0, 0, n);
        check_pp(N);
    }
    mpz_clears(N, X, NULL);
}

Test(roots, eintr_enomem)
{
    long nn = 3000;
    bgcn_limb_t *n = malloc(nn * sizeof *n), *x = malloc(nn * sizeof *x),
                *r = malloc(nn * sizeof *r);
    fill_radicand(n, nn);
    long xn, rn;
    int pp;
    bgcn_interrupt_flag = 1;
    cr_assert(bgcn_sqrtrem(x, r, &rn, n, nn) == BGCN_EINTR);
    cr_assert(bgcn_rootrem(x, &xn, r, &rn, n, nn, 3) == BGCN_EINTR);
    bgcn_interrupt_flag = 0;
    /* every allocation failing in turn: ENOMEM, nothing leaked */
    for (int which = 0; which < 2; which++)
        for (long k = 1;; k++) {
            bgcn_alloc_fail_after(k);
            /* the top limbs of n, so the top limb is nonzero */
            bgcn_status st = which ? bgcn_perfect_power_p(&pp, n + nn - 40, 40)
                                   : bgcn_rootrem(x, &xn, r, &rn, n + nn - 200, 200, 3);
            bgcn_alloc_fail_after(0);
            if (st == BGCN_OK)
                break;
            cr_assert(st == BGCN_ENOMEM);
            cr_assert(k < 100000);
        }
    free(n); free(x); free(r);
}
