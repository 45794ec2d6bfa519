/* test-gcd.c -- gcd_11/gcd_22, Lehmer gcd, extended gcd, modular inverse.
 *
 * Oracles: GMP (mpz_gcd, mpz_gcdext, mpz_invert) and, for small sizes, a
 * slow binary gcd on limb arrays written here.  Operands: random and
 * adversarial shapes, a large common factor, one dividing the other,
 * equal operands, consecutive Fibonacci numbers (every quotient 1: the
 * longest Lehmer runs), very different sizes, powers of two. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

/* ---- slow reference: binary gcd on plain arrays ------------------------- */

static int ref_is_zero(const bgcn_limb_t *a, long n)
{
    for (long i = 0; i < n; i++)
        if (a[i]) return 0;
    return 1;
}
static void ref_shr1(bgcn_limb_t *a, long n)
{
    for (long i = 0; i < n; i++)
        a[i] = (a[i] >> 1) | (i + 1 < n ? a[i + 1] << 63 : 0);
}
static int ref_cmp(const bgcn_limb_t *a, const bgcn_limb_t *b, long n)
{
    for (long i = n - 1; i >= 0; i--)
        if (a[i] != b[i]) return a[i] > b[i] ? 1 : -1;
    return 0;
}
static void ref_sub(bgcn_limb_t *a, const bgcn_limb_t *b, long n)
{
    bgcn_limb_t br = 0;
    for (long i = 0; i < n; i++) {
        bgcn_limb_t t = a[i] - b[i] - br;
        br = a[i] < b[i] || (a[i] == b[i] && br);
        a[i] = t;
    }
}
/* g = gcd(u, v), all n limbs, u, v nonzero */
static void ref_gcd(bgcn_limb_t *g, const bgcn_limb_t *u0, const bgcn_limb_t *v0,
                    long n)
{
    bgcn_limb_t *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
    memcpy(u, u0, n * sizeof *u);
    memcpy(v, v0, n * sizeof *v);
    long k = 0;
    while (!(u[0] & 1) && !(v[0] & 1)) { ref_shr1(u, n); ref_shr1(v, n); k++; }
    while (!(u[0] & 1)) ref_shr1(u, n);
    while (!ref_is_zero(v, n)) {
        while (!(v[0] & 1)) ref_shr1(v, n);
        if (ref_cmp(u, v, n) > 0) { bgcn_limb_t *t = u; u = v; v = t; }
        ref_sub(v, u, n);
    }
    memcpy(g, u, n * sizeof *g);
    for (; k > 0; k--) { /* g <<= 1 */
        for (long i = n - 1; i >= 0; i--)
            g[i] = (g[i] << 1) | (i ? g[i - 1] >> 63 : 0);
    }
    free(u);
    free(v);
}

/* ---- helpers ------------------------------------------------------------ */

static void to_mpz(mpz_t z, const bgcn_limb_t *p, long n)
{
    mpz_import(z, n, -1, sizeof(bgcn_limb_t), 0, 0, p);
}
static long from_mpz(bgcn_limb_t *p, const mpz_t z)
{
    size_t cnt = 0;
    mpz_export(p, &cnt, -1, sizeof(bgcn_limb_t), 0, 0, z);
    return (long)cnt;
}

/* Operand pair (U, V) of sizes about un, vn in one of several shapes;
 * returns the actual sizes (top limbs nonzero). */
static void make_pair(mpz_t U, mpz_t V, long un, long vn)
{
    bgcn_limb_t *a = malloc((un + vn + 2) * sizeof *a), *b = malloc((un + vn + 2) * sizeof *b);
    t_fill_normalized(a, un);
    t_fill_normalized(b, vn);
    to_mpz(U, a, un);
    to_mpz(V, b, vn);
    switch (t_rand_below(8)) {
    case 0: { /* large common factor */
        long gn = t_rand_size(1, (un < vn ? un : vn));
        mpz_t G;
        mpz_init(G);
        t_fill_normalized(a, gn);
        to_mpz(G, a, gn);
        mpz_tdiv_q_2exp(U, U, 64 * gn);
        mpz_tdiv_q_2exp(V, V, 64 * gn);
        mpz_add_ui(U, U, 1);
        mpz_add_ui(V, V, 3);
        mpz_mul(U, U, G);
        mpz_mul(V, V, G);
        mpz_clear(G);
        break;
    }
    case 1: /* V divides U (or the reverse) */
        mpz_mul(U, U, V);
        if (t_rand_below(2)) mpz_swap(U, V);
        break;
    case 2: /* Fibonacci neighbours */
        mpz_fib2_ui(U, V, 64 * (unsigned long)(un > 1 ? un : 2) - 10);
        break;
    case 3: /* powers of two times something */
        mpz_mul_2exp(U, U, t_rand_below(200));
        mpz_mul_2exp(V, V, t_rand_below(200));
        break;
    case 4: mpz_set(V, U); break;
    default: break;
    }
    if (mpz_sgn(U) == 0) mpz_set_ui(U, 1);
    if (mpz_sgn(V) == 0) mpz_set_ui(V, 7);
    free(a);
    free(b);
}

static void check_gcd_pair(const mpz_t U, const mpz_t V, int ref)
{
    long un = (long)mpz_size(U), vn = (long)mpz_size(V);
    long mn = un < vn ? un : vn, n = un > vn ? un : vn;
    bgcn_limb_t *u = calloc(n, sizeof *u), *v = calloc(n, sizeof *v);
    from_mpz(u, U);
    from_mpz(v, V);
    mpz_t G, S, T, W;
    mpz_inits(G, S, T, W, NULL);
    mpz_gcd(G, U, V);

    bgcn_limb_t *g = t_alloc_guarded(mn);
    long gn = -1;
    cr_assert(bgcn_gcd(g, &gn, u, un, v, vn) == BGCN_OK);
    to_mpz(W, g, gn);
    if (mpz_cmp(W, G) != 0) {
        t_dump("U", u, un);
        t_dump("V", v, vn);
        cr_assert_fail("gcd wrong un=%ld vn=%ld", un, vn);
    }
    cr_assert(gn == (long)mpz_size(G) && t_check_guards(g, mn));
    if (ref) {
        bgcn_limb_t *rg = calloc(n, sizeof *rg);
        ref_gcd(rg, u, v, n);
        cr_assert(t_equal("ref gcd", g, rg, gn) && ref_is_zero(rg + gn, n - gn),
                  "GMP and ref disagree? un=%ld vn=%ld", un, vn);
        free(rg);
    }

    /* gcdext: g, s with s U = g (mod V), |s| <= V/(2g) */
    bgcn_limb_t *s = t_alloc_guarded(vn);
    long sn = 0;
    gn = -1;
    cr_assert(bgcn_gcdext(g, &gn, s, &sn, u, un, v, vn) == BGCN_OK);
    to_mpz(W, g, gn);
    cr_assert(mpz_cmp(W, G) == 0, "gcdext g un=%ld vn=%ld", un, vn);
    to_mpz(S, s, sn < 0 ? -sn : sn);
    if (sn < 0) mpz_neg(S, S);
    mpz_mul(T, S, U);
    mpz_sub(T, T, G);
    cr_assert(mpz_divisible_p(T, V), "gcdext: s U != g mod V un=%ld vn=%ld", un, vn);
    mpz_divexact(W, V, G);
    mpz_abs(T, S);
    mpz_mul_2exp(T, T, 1);
    cr_assert(mpz_cmp(T, W) <= 0, "gcdext: |s| > V/(2g) un=%ld vn=%ld", un, vn);
    /* same s as GMP except at the tie |s| = V/(2g) */
    mpz_gcdext(G, W, NULL, U, V);
    if (mpz_cmp(T, W) != 0 && mpz_cmp(S, W) != 0) {
        mpz_t H; mpz_init(H);
        mpz_divexact(H, V, G);
        mpz_abs(T, S); mpz_mul_2exp(T, T, 1);
        cr_assert(mpz_cmp(T, H) == 0, "gcdext s differs from GMP un=%ld vn=%ld", un, vn);
        mpz_clear(H);
    }
    cr_assert(t_check_guards(g, mn) && t_check_guards(s, vn));
    t_free_guarded(g);
    t_free_guarded(s);
    mpz_clears(G, S, T, W, NULL);
    free(u);
    free(v);
}

/* ---- tests --------------------------------------------------------------- */

Test(gcd, gcd_11_22)
{
    mpz_t a, b, g;
    mpz_inits(a, b, g, NULL);
    for (int i = 0; i < 20000; i++) {
        bgcn_limb_t u = t_rand() >> t_rand_below(64), v = t_rand() >> t_rand_below(64);
        if (i % 7 == 0) { bgcn_limb_t c = t_rand() >> t_rand_below(64); u *= c; v *= c; }
        if (i % 11 == 0) u = 0;
        bgcn_limb_t e = u, f = v; /* Euclid as the slow reference */
        while (f) { bgcn_limb_t t = e % f; e = f; f = t; }
        cr_assert_eq(bgcn_gcd_11(u, v), e, "gcd_11(%llx,%llx)", (unsigned long long)u,
                     (unsigned long long)v);
        bgcn_limb_t w[4], r[2];
        t_fill(w, 4);
        w[1] >>= t_rand_below(64);
        w[3] >>= t_rand_below(64);
        if (i % 5 == 0) { w[2] = w[0]; w[3] = w[1]; }
        if (i % 13 == 0) { w[0] = w[1] = 0; }
        bgcn_gcd_22(r, w[1], w[0], w[3], w[2]);
        to_mpz(a, w, 2);
        to_mpz(b, w + 2, 2);
        mpz_gcd(g, a, b);
        bgcn_limb_t want[2] = {0, 0};
        from_mpz(want, g);
        cr_assert(r[0] == want[0] && r[1] == want[1], "gcd_22");
    }
    mpz_clears(a, b, g, NULL);
}

Test(gcd, small_sizes)
{
    mpz_t U, V;
    mpz_inits(U, V, NULL);
    for (long un = 1; un <= 12; un++)
        for (long vn = 1; vn <= 12; vn++)
            for (int rep = 0; rep < 8; rep++) {
                make_pair(U, V, un, vn);
                check_gcd_pair(U, V, mpz_size(U) <= 6 && mpz_size(V) <= 6);
            }
    mpz_clears(U, V, NULL);
}

Test(gcd, sizes)
{
    mpz_t U, V;
    mpz_inits(U, V, NULL);
    for (long n = 13; n <= 400; n += t_rand_size(1, 17)) {
        long m = t_rand_below(3) ? n + t_rand_size(-3, 3) : t_rand_size(1, 2 * n);
        if (m < 1) m = 1;
        make_pair(U, V, n, m);
        check_gcd_pair(U, V, 0);
    }
    for (int rep = 0; rep < 4; rep++) {
        make_pair(U, V, t_rand_size(1000, 4000), t_rand_size(1000, 4000));
        check_gcd_pair(U, V, 0);
    }
    mpz_clears(U, V, NULL);
}

Test(gcd, invert)
{
    mpz_t A, M, R, W;
    mpz_inits(A, M, R, W, NULL);
    for (int rep = 0; rep < 600; rep++) {
        long mn = rep < 300 ? t_rand_size(1, 8) : t_rand_size(1, 200);
        long an = t_rand_size(0, mn + 3);
        bgcn_limb_t *a = calloc(an + 1, sizeof *a), *m = malloc(mn * sizeof *m);
        t_fill(a, an);
        t_fill_normalized(m, mn);
        if (rep % 9 == 0) m[0] |= 1;
        if (rep % 17 == 0) { memset(m, 0, mn * sizeof *m); m[0] = 1; mn = 1; }
        if (rep % 23 == 0 && an > 0 && an >= mn) memcpy(a, m, mn * sizeof *m); /* a = m */
        to_mpz(A, a, an);
        to_mpz(M, m, mn);
        int want = mpz_invert(W, A, M);
        bgcn_limb_t *r = t_alloc_guarded(mn);
        int ok = -1;
        cr_assert(bgcn_invert(r, &ok, a, an, m, mn) == BGCN_OK);
        cr_assert_eq(ok, want != 0, "invert ok an=%ld mn=%ld", an, mn);
        if (ok) {
            to_mpz(R, r, mn);
            cr_assert(mpz_cmp(R, W) == 0, "invert value an=%ld mn=%ld", an, mn);
        }
        cr_assert(t_check_guards(r, mn));
        t_free_guarded(r);
        free(a);
        free(m);
    }
    mpz_clears(A, M, R, W, NULL);
}

/* reps pairs of up to maxn limbs, each with random tiny thresholds (the
 * half-gcd path at small sizes), checked against GMP (and the slow
 * reference up to 6 limbs); the thresholds are left moved. */
static void tiny_threshold_pairs(mpz_t U, mpz_t V, int reps, long maxn)
{
    for (int rep = 0; rep < reps; rep++) {
        bgcn_hgcd_threshold = t_rand_size(4, 16);
        bgcn_gcd_dc_threshold = t_rand_size(4, 30);
        bgcn_gcdext_dc_threshold = t_rand_size(4, 30);
        long n = t_rand_size(2, maxn);
        make_pair(U, V, n, t_rand_below(3) ? n : t_rand_size(1, 2 * n));
        check_gcd_pair(U, V, n <= 6);
    }
}

/* gcd and gcdext of a pair near 700 limbs (above the half-gcd threshold)
 * with allocation k failing, for every k until both succeed: ENOMEM until
 * then. */
static void enomem_pair(void)
{
    mpz_t U, V;
    mpz_inits(U, V, NULL);
    make_pair(U, V, 700, 695);
    long un = mpz_size(U), vn = mpz_size(V);
    bgcn_limb_t *u = calloc(un, 8), *v = calloc(vn, 8), g[800], s[800];
    from_mpz(u, U);
    from_mpz(v, V);
    for (int which = 0; which < 2; which++)
        for (long k = 1;; k++) {
            long gn, sn;
            bgcn_alloc_fail_after(k);
            bgcn_status st = which ? bgcn_gcdext(g, &gn, s, &sn, u, un, v, vn)
                                   : bgcn_gcd(g, &gn, u, un, v, vn);
            bgcn_alloc_fail_after(0);
            if (st == BGCN_OK)
                break;
            cr_assert(st == BGCN_ENOMEM);
            cr_assert(k < 100000);
        }
    free(u);
    free(v);
    mpz_clears(U, V, NULL);
}

Test(gcd, enomem)
{
    enomem_pair();
}

/* The half gcd's matrix products as tasks (bgcn_mul_jobs, its minimum
 * at 1 limb) on 1..4 threads: with tiny half-gcd thresholds at small
 * sizes and at the default thresholds from 700 to 3000 limbs, gcd and
 * gcdext as GMP's; an allocation failure anywhere is ENOMEM; a raised
 * flag EINTR. */
Test(gcd, threads)
{
    long s1 = bgcn_hgcd_threshold, s2 = bgcn_gcd_dc_threshold,
         s3 = bgcn_gcdext_dc_threshold;
    bgcn_mul_jobs_min = 1;
    mpz_t U, V;
    mpz_inits(U, V, NULL);
    for (int T = 1; T <= 4; T++) {
        bgcn_threads_set(T);
        tiny_threshold_pairs(U, V, 30, 150);
        bgcn_hgcd_threshold = s1;
        bgcn_gcd_dc_threshold = s2;
        bgcn_gcdext_dc_threshold = s3;
        long n = t_rand_size(700, 3000);
        make_pair(U, V, n, n + t_rand_size(-5, 5));
        check_gcd_pair(U, V, 0);
        if (T > 1)
            enomem_pair();
    }
    mpz_clears(U, V, NULL);
}

/* ---- half gcd and the subquadratic path ---------------------------------- */

/* bgcn_hgcd directly: (A_in, B_in) = M (A_out, B_out), det M = +-1,
 * A_out >= B_out >= B^s and A_out mod B_out < B^s. */
static void check_hgcd(long n, long thr)
{
    long saved = bgcn_hgcd_threshold;
    bgcn_hgcd_threshold = thr;
    bgcn_limb_t *a = calloc(n + 1, 8), *b = calloc(n + 1, 8);
    mpz_t A, B, A2, B2, X, Y, M[4];
    mpz_inits(A, B, A2, B2, X, Y, M[0], M[1], M[2], M[3], NULL);
    make_pair(A, B, n, n - t_rand_below(2));
    if (mpz_cmp(A, B) < 0) mpz_swap(A, B);
    long an = (long)mpz_size(A);
    if (an < 2) { mpz_mul_2exp(A, A, 64); mpz_mul_2exp(B, B, 64); an = (long)mpz_size(A); }
    free(a); free(b);
    a = calloc(an + 1, 8); b = calloc(an + 1, 8);
    from_mpz(a, A);
    long bn = from_mpz(b, B);
    long nn = an;
    bgcn_hgcd_matrix m;
    cr_assert(bgcn_hgcd_matrix_init(&m, an / 2 + 8) == BGCN_OK);
    cr_assert(bgcn_hgcd(a, &an, b, &bn, nn, &m) == BGCN_OK);
    to_mpz(A2, a, an);
    to_mpz(B2, b, bn);
    for (int i = 0; i < 4; i++)
        to_mpz(M[i], m.p[i / 2][i % 2], m.n);
    /* A = m00 A2 + m01 B2, B = m10 A2 + m11 B2 */
    mpz_mul(X, M[0], A2); mpz_addmul(X, M[1], B2);
    mpz_mul(Y, M[2], A2); mpz_addmul(Y, M[3], B2);
    cr_assert(mpz_cmp(X, A) == 0 && mpz_cmp(Y, B) == 0, "hgcd: M (a', b') != (a, b) n=%ld thr=%ld", nn, thr);
    mpz_mul(X, M[0], M[3]); mpz_submul(X, M[1], M[2]);
    cr_assert(mpz_cmpabs_ui(X, 1) == 0, "hgcd: det != +-1");
    long s = nn / 2 + 1;
    cr_assert(mpz_cmp(A2, B2) >= 0, "hgcd: a' < b'");
    if (mpz_size(B) > (size_t)s) { /* b' >= B^s and a' mod b' < B^s */
        mpz_tdiv_r(X, A2, B2);
        cr_assert((long)mpz_size(B2) > s && (long)mpz_size(X) <= s,
                  "hgcd sizes: n=%ld s=%ld a'=%ld b'=%ld thr=%ld", nn, s,
                  (long)mpz_size(A2), (long)mpz_size(B2), thr);
    }
    bgcn_hgcd_matrix_clear(&m);
    mpz_clears(A, B, A2, B2, X, Y, M[0], M[1], M[2], M[3], NULL);
    free(a); free(b);
    bgcn_hgcd_threshold = saved;
}

Test(gcd, hgcd_direct)
{
    for (long n = 2; n <= 60; n++)
        for (int rep = 0; rep < 3; rep++)
            check_hgcd(n, t_rand_size(4, 12));
    for (int rep = 0; rep < 20; rep++)
        check_hgcd(t_rand_size(60, 3 * BGCN_HGCD_THRESHOLD), BGCN_HGCD_THRESHOLD);
    /* the fast paths (seven-product matrix product from 30-limb entries,
     * single-limb Lehmer tails) and their slow twins, with matrices of
     * 30..300 limbs */
    for (int twin = 0; twin < 2; twin++) {
        bgcn_gcd_slow_twins = twin;
        for (int rep = 0; rep < 6; rep++)
            check_hgcd(t_rand_size(250, 1200), t_rand_size(60, 150));
    }
    bgcn_gcd_slow_twins = 0;
}

/* The whole gcd with tiny thresholds, so the half-gcd path runs at small
 * sizes, and at the default thresholds from below to 3x above. */
Test(gcd, dc_thresholds)
{
    long s1 = bgcn_hgcd_threshold, s2 = bgcn_gcd_dc_threshold,
         s3 = bgcn_gcdext_dc_threshold;
    mpz_t U, V;
    mpz_inits(U, V, NULL);
    tiny_threshold_pairs(U, V, 150, 120);
    bgcn_hgcd_threshold = s1;
    bgcn_gcd_dc_threshold = s2;
    bgcn_gcdext_dc_threshold = s3;
    for (long n = s3 - 20; n <= 3 * s2; n += t_rand_size(20, 80)) {
        make_pair(U, V, n, n + t_rand_size(-2, 2));
        check_gcd_pair(U, V, 0);
    }
    mpz_clears(U, V, NULL);
}

/* The fast paths against their slow twins (bgcn_gcd_slow_twins): the
 * scratch-free one- and two-limb gcd and gcdext, and gcdext's tail (the
 * small pair's own gcdext and the cofactor recovered from it, against
 * the long cofactors carried through the Lehmer steps).  Both must give
 * the same g and the same s (which check_gcd_pair also compares with
 * GMP), around the tail's threshold moved low and at its default, with
 * make_pair's adversarial shapes (equal operands, one dividing the other,
 * Fibonacci neighbours, powers of two) and all-ones operands. */
static void check_twins(const mpz_t U, const mpz_t V)
{
    long un = (long)mpz_size(U), vn = (long)mpz_size(V);
    long mn = un < vn ? un : vn, n = un > vn ? un : vn;
    bgcn_limb_t *u = calloc(n, 8), *v = calloc(n, 8);
    bgcn_limb_t *g[2], *s[2];
    long gn[2], sn[2], hn[2];
    from_mpz(u, U);
    from_mpz(v, V);
    for (int twin = 0; twin < 2; twin++) {
        bgcn_gcd_slow_twins = twin;
        g[twin] = calloc(mn + vn + 1, 8);
        s[twin] = g[twin] + mn;
        cr_assert(bgcn_gcdext(g[twin], &gn[twin], s[twin], &sn[twin], u, un, v,
                              vn) == BGCN_OK);
        bgcn_limb_t *h = calloc(mn, 8);
        cr_assert(bgcn_gcd(h, &hn[twin], u, un, v, vn) == BGCN_OK);
        cr_assert(hn[twin] == gn[twin] && memcmp(h, g[twin], 8 * gn[twin]) == 0,
                  "gcd and gcdext disagree (twin %d) un=%ld vn=%ld", twin, un, vn);
        free(h);
        check_gcd_pair(U, V, un <= 3 && vn <= 3);
    }
    bgcn_gcd_slow_twins = 0;
    long sa = sn[0] < 0 ? -sn[0] : sn[0];
    if (gn[0] != gn[1] || memcmp(g[0], g[1], 8 * gn[0]) != 0 || sn[0] != sn[1] ||
        memcmp(s[0], s[1], 8 * sa) != 0) {
        t_dump("U", u, un);
        t_dump("V", v, vn);
        cr_assert_fail("fast path and slow twin differ un=%ld vn=%ld", un, vn);
    }
    free(g[0]);
    free(g[1]);
    free(u);
    free(v);
}

Test(gcd, twins)
{
    long s3 = bgcn_gcdext_dc_threshold;
    mpz_t U, V;
    mpz_inits(U, V, NULL);
    /* one and two limbs, every shape, and the extremes */
    for (int rep = 0; rep < 3000; rep++) {
        make_pair(U, V, t_rand_size(1, 2), t_rand_size(1, 2));
        if ((long)mpz_size(U) <= 2 && (long)mpz_size(V) <= 2)
            check_twins(U, V);
    }
    static const long ones[] = {1, 2};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            /* all ones, 1, and 2^k against each other */
            mpz_set_ui(U, 0);
            mpz_setbit(U, 64 * (unsigned long)ones[i]);
            mpz_sub_ui(U, U, 1);
            mpz_set_ui(V, 1);
            mpz_mul_2exp(V, V, 64 * (unsigned long)ones[j] - 1);
            check_twins(U, V);
            check_twins(V, U);
            check_twins(U, U);
            mpz_set_ui(V, 1);
            check_twins(U, V);
            check_twins(V, U);
        }
    /* three-limb pairs cut to random bit lengths, so that the two-limb
     * Lehmer tail (bgcn_lehmer_tail) starts from every size relation:
     * quotients from 4 up estimated from the top limbs (y >= 2^96), from
     * bits 32..95 (y < 2^96 <= x), by a 128-bit division (x >= 2^96 > y
     * or y < 2^65), and the switch to single limbs at 2^64 */
    for (int rep = 0; rep < 3000; rep++) {
        bgcn_limb_t w[3];
        t_fill(w, 3);
        to_mpz(U, w, 3);
        mpz_tdiv_q_2exp(U, U, (unsigned long)t_rand_below(192));
        t_fill(w, 3);
        to_mpz(V, w, 3);
        mpz_tdiv_q_2exp(V, V, (unsigned long)t_rand_below(192));
        if (mpz_sgn(U) == 0)
            mpz_set_ui(U, 3);
        if (mpz_sgn(V) == 0)
            mpz_set_ui(V, 5);
        check_twins(U, V);
    }
    /* the tail with the threshold moved low: every shape */
    for (int rep = 0; rep < 300; rep++) {
        bgcn_gcdext_dc_threshold = t_rand_size(4, 40);
        long n = t_rand_size(3, 160);
        make_pair(U, V, n, t_rand_below(3) ? n + t_rand_size(-2, 2) : t_rand_size(1, 2 * n));
        if (rep % 10 == 0) { /* all ones of n limbs against a shape */
            mpz_set_ui(U, 0);
            mpz_setbit(U, 64 * (unsigned long)n);
            mpz_sub_ui(U, U, 1);
        }
        check_twins(U, V);
    }
    /* around the default threshold */
    bgcn_gcdext_dc_threshold = s3;
    for (long n = s3 - 30; n <= s3 + 400; n += t_rand_size(10, 90)) {
        make_pair(U, V, n, n + t_rand_size(-2, 2));
        check_twins(U, V);
    }
    mpz_clears(U, V, NULL);
}

/* gcdext's cofactor updates as sums of products (cof_sums in gcdext.c,
 * taken where the two cofactors' signs differ), with the minimum of
 * bgcn_mul_sums lowered so that they run from small matrices, then at
 * its default, on 1..4 threads: g and s as GMP's and as the slow
 * twin's (cof_comb's differences of products), with make_pair's shapes
 * (Fibonacci neighbours, one dividing the other, powers of two);
 * an allocation failure anywhere is ENOMEM. */
Test(gcd, cofactor_sums)
{
    long smin = bgcn_mul_sums_ntt_min;
    mpz_t U, V;
    mpz_inits(U, V, NULL);
    for (int rep = 0; rep < 20; rep++) {
        bgcn_threads_set(1 + rep % 4);
        int low = rep < 14;
        bgcn_mul_sums_ntt_min = low ? t_rand_size(4, 150) : smin;
        long n = low ? t_rand_size(BGCN_GCDEXT_DC_THRESHOLD, 2000)
                     : t_rand_size(3000, 6000);
        make_pair(U, V, n, n + t_rand_size(-3, 3));
        check_twins(U, V);
    }
    bgcn_mul_sums_ntt_min = 20;
    for (int T = 1; T <= 2; T++) {
        bgcn_threads_set(T);
        enomem_pair();
    }
    bgcn_threads_set(0);
    bgcn_mul_sums_ntt_min = smin;
    mpz_clears(U, V, NULL);
}

/* One random size up to 3*10^4 limbs per run (gcd, gcdext). */
Test(gcd, huge)
{
    mpz_t U, V;
    mpz_inits(U, V, NULL);
    long n = t_rand_size(4000, 30000);
    make_pair(U, V, n, n + t_rand_size(-5, 5));
    check_gcd_pair(U, V, 0);
    mpz_clears(U, V, NULL);
}

/* A raised interrupt flag stops the long loops with BGCN_EINTR (and
 * ASan builds check that nothing leaks on that path).  Uniform operands:
 * make_pair's adversarial shapes (V dividing U, ...) may legitimately
 * finish before the first poll. */
Test(gcd, eintr)
{
    mpz_t U, V;
    mpz_inits(U, V, NULL);
    bgcn_limb_t a[2000], b[1990];
    t_fill_shape(a, 2000, T_UNIFORM);
    t_fill_shape(b, 1990, T_UNIFORM);
    a[1999] |= 1;
    b[1989] |= 1;
    to_mpz(U, a, 2000);
    to_mpz(V, b, 1990);
    long un = mpz_size(U), vn = mpz_size(V);
    bgcn_limb_t *u = calloc(un, 8), *v = calloc(vn, 8);
    bgcn_limb_t *g = calloc(un + vn, 8), *s = calloc(un + vn, 8);
    from_mpz(u, U);
    from_mpz(v, V);
    long gn, sn;
    for (int T = 1; T <= 2; T++) { /* T = 2: the products as tasks */
        bgcn_threads_set(T);
        bgcn_mul_jobs_min = 1;
        bgcn_interrupt_flag = 1;
        bgcn_status st1 = bgcn_gcd(g, &gn, u, un, v, vn);
        bgcn_status st2 = bgcn_gcdext(g, &gn, s, &sn, u, un, v, vn);
        bgcn_interrupt_flag = 0;
        cr_assert(st1 == BGCN_EINTR && st2 == BGCN_EINTR);
        cr_assert(bgcn_gcd(g, &gn, u, un, v, vn) == BGCN_OK);
    }
    free(u); free(v); free(g); free(s);
    mpz_clears(U, V, NULL);
}
