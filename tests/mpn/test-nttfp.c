/* test-nttfp.c -- the floating-point NTT (src/mpn/ntt_fp.c) and the
 * engine's threads.
 *
 * Kernels: every AVX2 kernel against its scalar twin (exact 128-bit
 * integer arithmetic) on random and extreme residues, results compared
 * mod p, and the AVX2 set at its bounds (operands |x| = p, results
 * within the bound it states); skipped where the CPU lacks AVX2/FMA.  Products: both kernel
 * sets against GMP at sizes around every transform length and prime-count
 * switch up to 2^13 points (just below and past each), the truncated
 * plans (3M/2 points, their minimum lowered) around every plan change,
 * operands of every
 * testlib shape, unbalanced pairs and squares.  Threads: the same product
 * on 1..4 threads is bit for bit the same; the threads allocate nothing
 * (every thread count makes the same allocations, all in the calling
 * thread), and each of them failing is BGCN_ENOMEM with nothing leaked
 * and the next product right; a raised interrupt flag stops a threaded product with
 * BGCN_EINTR, also when raised by another thread while it runs. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nttfp-impl.h"
#include "testlib.h"

static void setup(void)
{
    t_seed();
}

static void teardown(void)
{
    bgcn_alloc_fail_after(0);
    bgcn_interrupt_flag = 0;
    bgcn_threads_set(0);
}

TestSuite(nttfp, .init = setup, .fini = teardown, .timeout = 240);

/* The vector kernel sets this CPU can run (AVX2 on the adx path,
 * AVX-512 on the avx512 path), into out[]; their count. */
static int vec_sets(const nttfp_ops *out[2])
{
    int n = 0;
#ifdef BGCN_HAVE_NTTFP_AVX2
    static const char *const paths[2] = {"adx", "avx512"};
    for (int i = 0; i < 2; i++) {
        const bgcn_kernels *k = bgcn_kernel_path(paths[i]);
        if (k && bgcn_cpu_supported(k) && k->nttfp &&
            (n == 0 || out[n - 1] != k->nttfp))
            out[n++] = k->nttfp;
    }
#endif
    (void)out;
    return n;
}

/* The sets to run a product test with: the vector ones, else the
 * scalar twin. */
static int prod_sets(const nttfp_ops *out[2])
{
    int n = vec_sets(out);
    if (n == 0)
        out[n++] = &bgcn_nttfp_scalar;
    return n;
}

static const bgcn_limb_t primes[] = {0x3fff300000001u, 0x3ffed00000001u,
                                     0x3ffeb00000001u, 0x3ffc100000001u};
static const bgcn_limb_t roots[] = {5, 7, 3, 3};

static bgcn_limb_t mulm(bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t p)
{
    return (bgcn_limb_t)(((unsigned __int128)a * b) % p);
}

static double bal(bgcn_limb_t x, bgcn_limb_t p)
{
    return x > p / 2 ? -(double)(p - x) : (double)x;
}

static void prime_of(nttfp_prime *P, int i)
{
    bgcn_limb_t p = primes[i];
    P->ip = p;
    P->p = (double)p;
    P->pinv = 1.0 / (double)p;
    bgcn_limb_t c32 = ((bgcn_limb_t)1 << 32) % p;
    P->c32 = bal(c32, p);
    P->c64 = bal(mulm(c32, c32, p), p);
}

/* The twiddle table for length L by plain modular powers. */
static double *table(long L, int i)
{
    bgcn_limb_t p = primes[i], e = (p - 1) / (bgcn_limb_t)L, w = 1, b = roots[i];
    for (; e; e >>= 1) {
        if (e & 1)
            w = mulm(w, b, p);
        b = mulm(b, b, p);
    }
    double *tw = malloc((L + 4) * sizeof *tw);
    tw[0] = 0;
    for (long h = 1; h < L; h *= 2) {
        /* w_{2h} = w^(L / 2h) */
        bgcn_limb_t r = 1, x = w;
        for (long s = L / (2 * h); s > 1; s /= 2)
            x = mulm(x, x, p);
        for (long j = 0; j < h; j++) {
            tw[h + j] = bal(r, p);
            r = mulm(r, x, p);
        }
    }
    tw[L] = 1;
    return tw;
}

/* A residue: random balanced, or one of the extremes. */
static double residue(bgcn_limb_t p)
{
    switch (t_rand_below(6)) {
    case 0: return (double)(p / 2);
    case 1: return -(double)(p / 2);
    case 2: return 0;
    default: return bal(t_rand_below(p), p);
    }
}

static void same_mod(const char *what, const double *x, const double *y,
                     long n, const nttfp_prime *P)
{
    for (long i = 0; i < n; i++)
        if (nttfp_canon(x[i], P) != nttfp_canon(y[i], P))
            cr_assert_fail("%s: index %ld of %ld differs mod p (%.0f vs %.0f)",
                           what, i, n, x[i], y[i]);
}

static void within(const char *what, const double *x, long n, double bound)
{
    for (long i = 0; i < n; i++)
        if (!(x[i] <= bound && x[i] >= -bound))
            cr_assert_fail("%s: index %ld of %ld is %.0f, beyond %.0f", what,
                           i, n, x[i], bound);
}

static void kernels_vs_twin(const nttfp_ops *v)
{
    const nttfp_ops *s = &bgcn_nttfp_scalar;
    for (int pi = 0; pi < 4; pi++) {
        nttfp_prime P;
        prime_of(&P, pi);
        for (long m = 2; m <= 4096; m *= 2) {
            double *tw = table(m, pi);
            double *a = malloc(m * sizeof *a), *b = malloc(m * sizeof *b);
            double *c = malloc(m * sizeof *c);
            for (long i = 0; i < m; i++)
                a[i] = residue(P.ip);
            memcpy(b, a, m * sizeof *a);
            v->fwd(a, m, tw, &P);
            s->fwd(b, m, tw, &P);
            same_mod("fwd", a, b, m, &P);
            for (long i = 0; i < m; i++)
                c[i] = residue(P.ip);
            memcpy(b, a, m * sizeof *a);
            v->pointwise(a, c, m, c[0], &P);
            s->pointwise(b, c, m, c[0], &P);
            same_mod("pointwise", a, b, m, &P);
            memcpy(b, a, m * sizeof *a);
            v->inv(a, m, tw, &P);
            s->inv(b, m, tw, &P);
            same_mod("inv", a, b, m, &P);
            /* single levels on partial ranges (the threads' shares) */
            long h = m / 2;
            if (h >= 4) {
                /* multiples of 4, as the threads' shares are */
                long j0 = 4 * (long)t_rand_below(h / 4), j1 = h;
                if (t_rand_below(2))
                    j1 = j0 + 4 * (long)t_rand_below((h - j0) / 4 + 1);
                memcpy(b, a, m * sizeof *a);
                v->fwd_level(a, h, j0, j1, tw, &P);
                s->fwd_level(b, h, j0, j1, tw, &P);
                same_mod("fwd_level", a, b, m, &P);
                memcpy(b, a, m * sizeof *a);
                v->inv_level(a, h, j0, j1, tw, &P);
                s->inv_level(b, h, j0, j1, tw, &P);
                same_mod("inv_level", a, b, m, &P);
            }
            /* two levels in one pass against the twin's four level calls
             * (the driver's fallback) */
            if (h >= 8 && v->fwd_level2) {
                long q = h / 2, j0 = 4 * (long)t_rand_below(q / 4), j1 = q;
                if (t_rand_below(2))
                    j1 = j0 + 4 * (long)t_rand_below((q - j0) / 4 + 1);
                memcpy(b, a, m * sizeof *a);
                v->fwd_level2(a, h, j0, j1, tw, &P);
                s->fwd_level(b, h, j0, j1, tw, &P);
                s->fwd_level(b, h, j0 + q, j1 + q, tw, &P);
                s->fwd_level(b, q, j0, j1, tw, &P);
                s->fwd_level(b + h, q, j0, j1, tw, &P);
                same_mod("fwd_level2", a, b, m, &P);
                memcpy(b, a, m * sizeof *a);
                v->inv_level2(a, h, j0, j1, tw, &P);
                s->inv_level(b, q, j0, j1, tw, &P);
                s->inv_level(b + h, q, j0, j1, tw, &P);
                s->inv_level(b, h, j0, j1, tw, &P);
                s->inv_level(b, h, j0 + q, j1 + q, tw, &P);
                same_mod("inv_level2", a, b, m, &P);
            }
            /* the truncated plan's ends, M = m / 2 (table rows to M) */
            long M = m / 2;
            if (M >= 8) {
                long j0 = 4 * (long)t_rand_below(M / 8), j1 = M / 2;
                if (t_rand_below(2))
                    j1 = j0 + (long)t_rand_below(M / 2 - j0 + 1);
                for (long i = 0; i < 3 * M / 2; i++)
                    a[i] = residue(P.ip);
                memcpy(b, a, m * sizeof *a);
                v->tft_split(a, M, j0, j1, tw, &P);
                s->tft_split(b, M, j0, j1, tw, &P);
                same_mod("tft_split", a, b, 3 * M / 2, &P);
                within("tft_split", a, 3 * M / 2, P.p * 7 / 8);
                double inv2 = bal((P.ip + 1) / 2, P.ip);
                memcpy(b, a, m * sizeof *a);
                v->tft_join(a, M, j0, j1, tw, inv2, &P);
                s->tft_join(b, M, j0, j1, tw, inv2, &P);
                same_mod("tft_join", a, b, 3 * M / 2, &P);
                within("tft_join", a, 3 * M / 2, P.p * 7 / 8);
            }
            v->scale(a, c, m, c[m - 1], &P);
            s->scale(b, c, m, c[m - 1], &P);
            same_mod("scale", a, b, m, &P);
            for (long i = 0; i < m; i++)
                cr_assert(a[i] <= P.p / 2 + 1 && a[i] >= -P.p / 2 - 1,
                          "scale result not reduced");
            free(tw);
            free(a);
            free(b);
            free(c);
        }
        /* load: every width, all-ones and random limbs */
        long an = 40;
        bgcn_limb_t *src = malloc(an * sizeof *src);
        double *a = malloc(64 * 40 * sizeof *a), *b = malloc(64 * 40 * sizeof *b);
        for (int nb = 1; nb <= 96; nb++) {
            t_fill(src, an);
            long nc = (an * 64 + nb - 1) / nb;
            v->load(a, 0, nc, src, an, nb, &P);
            s->load(b, 0, nc, src, an, nb, &P);
            same_mod("load", a, b, nc, &P);
            /* a range starting off a multiple of 4, ending early */
            if (nc > 8) {
                v->load(a, 3, nc - 2, src, an, nb, &P);
                s->load(b, 3, nc - 2, src, an, nb, &P);
                same_mod("load range", a + 3, b + 3, nc - 5, &P);
            }
        }
        free(src);
        free(a);
        free(b);
    }
}

Test(nttfp, kernels_vs_scalar_twin)
{
    const nttfp_ops *sets[2];
    int ns = vec_sets(sets);
    if (ns == 0)
        cr_skip_test("no AVX2/FMA on this CPU");
    for (int i = 0; i < ns; i++)
        kernels_vs_twin(sets[i]);
}

/* A residue at the AVX2 kernels' bound |x| <= p (ntt_fp_avx2.c): +-p
 * or just inside, sometimes a random one. */
static double edge_residue(bgcn_limb_t p)
{
    double x = t_rand_below(4) ? (double)(p - t_rand_below(3)) : bal(t_rand_below(p), p);
    return t_rand_below(2) ? -x : x;
}

/* The AVX2 set's bounds: every kernel fed operands at |x| = p (what its
 * transforms may leave) gives results equal to the twin's mod p and
 * within its stated bound (p; p/2 + 1 for the inverse). */
Test(nttfp, avx2_bounds)
{
#ifdef BGCN_HAVE_NTTFP_AVX2
    const bgcn_kernels *k = bgcn_kernel_path("adx");
    if (!k || !bgcn_cpu_supported(k) || k->nttfp != &bgcn_nttfp_avx2)
        cr_skip_test("no AVX2/FMA on this CPU");
    const nttfp_ops *v = &bgcn_nttfp_avx2, *s = &bgcn_nttfp_scalar;
    for (int pi = 0; pi < 4; pi++) {
        nttfp_prime P;
        prime_of(&P, pi);
        for (long m = 16; m <= 4096; m *= 2) {
            double *tw = table(m, pi);
            double *a = malloc(m * sizeof *a), *b = malloc(m * sizeof *b);
            double *c = malloc(m * sizeof *c);
            for (int rep = 0; rep < 3; rep++) {
                for (long i = 0; i < m; i++)
                    a[i] = edge_residue(P.ip), c[i] = edge_residue(P.ip);
                memcpy(b, a, m * sizeof *a);
                v->fwd(a, m, tw, &P);
                s->fwd(b, m, tw, &P);
                same_mod("fwd at the bound", a, b, m, &P);
                within("fwd at the bound", a, m, P.p);
                memcpy(b, c, m * sizeof *c);
                double cc = (double)(P.ip / 2) * (rep == 1 ? -1 : 1);
                v->pointwise(c, a, m, cc, &P);
                s->pointwise(b, a, m, cc, &P);
                same_mod("pointwise at the bound", c, b, m, &P);
                within("pointwise at the bound", c, m, P.p);
                for (long i = 0; i < m; i++)
                    a[i] = edge_residue(P.ip);
                memcpy(b, a, m * sizeof *a);
                v->inv(a, m, tw, &P);
                s->inv(b, m, tw, &P);
                same_mod("inv at the bound", a, b, m, &P);
                within("inv at the bound", a, m, P.p / 2 + 1);
                for (long i = 0; i < m; i++)
                    a[i] = edge_residue(P.ip);
                memcpy(b, a, m * sizeof *a);
                v->fwd_level(a, m / 2, 0, m / 2, tw, &P);
                s->fwd_level(b, m / 2, 0, m / 2, tw, &P);
                same_mod("fwd_level at the bound", a, b, m, &P);
                within("fwd_level at the bound", a, m, P.p);
                v->inv_level(a, m / 2, 0, m / 2, tw, &P);
                s->inv_level(b, m / 2, 0, m / 2, tw, &P);
                same_mod("inv_level at the bound", a, b, m, &P);
                within("inv_level at the bound", a, m, P.p / 2 + 1);
            }
            free(tw);
            free(a);
            free(b);
            free(c);
        }
    }
#else
    cr_skip_test("no AVX2 kernels in this build");
#endif
}

/* One product with ops on T threads against GMP; bn = 0: square. */
static void check_prod(const nttfp_ops *ops, long an, long bn, int T)
{
    int sqr = bn == 0;
    if (sqr)
        bn = an;
    long rn = an + bn;
    bgcn_limb_t *a = t_alloc_guarded(an), *b = t_alloc_guarded(bn);
    bgcn_limb_t *r = t_alloc_guarded(rn), *w = malloc(rn * sizeof *w);
    t_fill(a, an);
    t_fill(b, bn);
    bgcn_status st = bgcn_mul_nttfp_ops(r, a, an, sqr ? NULL : b, bn, ops, T);
    cr_assert_eq(st, BGCN_OK, "%s %ldx%ld: status %d", ops->name, an, bn, st);
    cr_assert(t_check_guards(r, rn), "guard limbs of rp");
    if (sqr)
        mpn_sqr((mp_limb_t *)w, (const mp_limb_t *)a, an);
    else
        mpn_mul((mp_limb_t *)w, (const mp_limb_t *)a, an,
                (const mp_limb_t *)b, bn);
    if (!t_equal(ops->name, r, w, rn))
        cr_assert_fail("%s %ldx%ld%s on %d threads differs from GMP",
                       ops->name, an, bn, sqr ? " (square)" : "", T);
    t_free_guarded(a);
    t_free_guarded(b);
    t_free_guarded(r);
    free(w);
}

/* n x n sizes where the plan changes (length or number of primes), and
 * their neighbours. */
static int edges(long *out, int max, long top)
{
    int ne = 0, prev_k = -1;
    for (long n = 1; n <= top && ne + 3 <= max; n++) {
        int k = bgcn_nttfp_log2_len(n, n);
        if (k != prev_k && n > 1) {
            out[ne++] = n - 1;
            out[ne++] = n;
            out[ne++] = n + 1;
        }
        prev_k = k;
    }
    return ne;
}

/* {p,n} as one of the adversarial values: 0 2^(64n-1) + 1, 1 B^n - 1,
 * 2 a few random bits (the top one set), 3 B^n - 2^k for a random k. */
static void adversarial(bgcn_limb_t *p, long n, int kind)
{
    memset(p, 0, n * sizeof *p);
    switch (kind) {
    case 0:
        p[0] = 1;
        p[n - 1] |= (bgcn_limb_t)1 << 63;
        break;
    case 1:
        memset(p, 0xff, n * sizeof *p);
        break;
    case 2:
        for (int i = 0; i < 8; i++) {
            uint64_t b = t_rand_below((uint64_t)n * 64);
            p[b / 64] |= (bgcn_limb_t)1 << (b % 64);
        }
        p[n - 1] |= (bgcn_limb_t)1 << 63;
        break;
    default: {
        uint64_t k = t_rand_below((uint64_t)n * 64);
        memset(p, 0xff, n * sizeof *p);
        for (uint64_t b = 0; b < k; b++)
            p[b / 64] &= ~((bgcn_limb_t)1 << (b % 64));
    }
    }
}

/* Adversarial operands (2^k + 1, all ones, sparse, B^n - 2^k) at the
 * sizes where the plan changes (a length just past each power of two or
 * a new prime count), squares and unbalanced pairs, each vector set, 1..4
 * threads, against GMP. */
Test(nttfp, adversarial_around_lengths)
{
    const nttfp_ops *sets[2];
    int ns = prod_sets(sets);
    long e[60];
    int ne = edges(e, 60, 9000);
    for (int si = 0; si < ns; si++) {
        for (int i = 0; i < ne; i++) {
            long an = e[i], bn = i % 2 ? an : (an + 1) / 2 + (long)(i % 5);
            if (bn > an)
                bn = an;
            int T = 1 + i % 4;
            bgcn_limb_t *a = malloc(an * sizeof *a), *b = malloc(bn * sizeof *b);
            /* room for the square, 2 an limbs */
            bgcn_limb_t *r = malloc(2 * an * sizeof *r);
            bgcn_limb_t *w = malloc(2 * an * sizeof *w);
            for (int ka = 0; ka < 4; ka++) {
                int kb = (ka + i) % 4;
                adversarial(a, an, ka);
                adversarial(b, bn, kb);
                cr_assert_eq(bgcn_mul_nttfp_ops(r, a, an, b, bn, sets[si], T),
                             BGCN_OK);
                mpn_mul((mp_limb_t *)w, (const mp_limb_t *)a, an,
                        (const mp_limb_t *)b, bn);
                if (!t_equal("adversarial product", r, w, an + bn))
                    cr_assert_fail("%s %ldx%ld kinds %d,%d on %d threads",
                                   sets[si]->name, an, bn, ka, kb, T);
                cr_assert_eq(bgcn_mul_nttfp_ops(r, a, an, NULL, an, sets[si], T),
                             BGCN_OK);
                mpn_sqr((mp_limb_t *)w, (const mp_limb_t *)a, an);
                if (!t_equal("adversarial square", r, w, 2 * an))
                    cr_assert_fail("%s square of %ld, kind %d on %d threads",
                                   sets[si]->name, an, ka, T);
            }
            free(a);
            free(b);
            free(r);
            free(w);
        }
    }
}

Test(nttfp, products_around_lengths)
{
    long e[90];
    int ne = edges(e, 90, 3000);
    const nttfp_ops *sets[3] = {&bgcn_nttfp_scalar};
    int nsets = 1 + vec_sets(sets + 1);
    for (int s = 0; s < nsets; s++) {
        for (int i = 0; i < ne; i++) {
            long n = e[i];
            /* the exact scalar twin is slow: fewer of its products */
            if (s == 0 && (n > 1200 || (n > 300 && i % 3)))
                continue;
            check_prod(sets[s], n, n, 1);
            check_prod(sets[s], n, 0, 1);
            check_prod(sets[s], n, t_rand_size(1, n), 1);
        }
        for (long n = 1; n <= 24; n++)
            for (long m = 1; m <= n; m++)
                check_prod(sets[s], n, m, 1);
    }
}

/* Sizes n x n where the plan (length, truncation, prime count) changes
 * and their neighbours, up to top. */
static int plan_edges(long *out, int max, long top)
{
    int ne = 0;
    double prev = -1;
    for (long n = 1; n <= top && ne + 3 <= max; n++) {
        double c = bgcn_nttfp_cost(n, n);
        if (c != prev && n > 1) {
            out[ne++] = n - 1;
            out[ne++] = n;
            out[ne++] = n + 1;
        }
        prev = c;
    }
    return ne;
}

/* The truncated plans (3M/2 points), reached at small sizes by lowering
 * their minimum: products, squares and unbalanced pairs around every
 * plan change, adversarial and all-ones operands, 1..4 threads, every
 * kernel set (the scalar twin on the smaller sizes), against GMP. */
Test(nttfp, truncated_plans)
{
    long save = bgcn_nttfp_tft_min;
    bgcn_nttfp_tft_min = 32;
    long e[120];
    int ne = plan_edges(e, 120, 2600);
    const nttfp_ops *sets[3] = {&bgcn_nttfp_scalar};
    int nsets = 1 + vec_sets(sets + 1);
    for (int s = 0; s < nsets; s++) {
        for (int i = 0; i < ne; i++) {
            long n = e[i];
            if (s == 0 && (n > 600 || i % 3))
                continue;
            int T = 1 + i % 4;
            check_prod(sets[s], n, n, T);
            check_prod(sets[s], n, 0, T);
            check_prod(sets[s], n, t_rand_size(1, n), T);
            bgcn_limb_t *a = malloc(n * sizeof *a), *r = malloc(2 * n * sizeof *r);
            bgcn_limb_t *w = malloc(2 * n * sizeof *w);
            adversarial(a, n, i % 4);
            if (i % 5 == 0)
                memset(a, 0xff, n * sizeof *a);
            cr_assert_eq(bgcn_mul_nttfp_ops(r, a, n, NULL, n, sets[s], T), BGCN_OK);
            mpn_sqr((mp_limb_t *)w, (const mp_limb_t *)a, n);
            if (!t_equal("truncated square", r, w, 2 * n))
                cr_assert_fail("%s square of %ld (kind %d) on %d threads",
                               sets[s]->name, n, i % 4, T);
            free(a);
            free(r);
            free(w);
        }
    }
    bgcn_nttfp_tft_min = save;
}

/* Transforms long enough for the driver's own levels above LEAF (8192)
 * points, two at a time (from 4 LEAF) and one: plain and truncated
 * plans of 2^15 .. 2^17 points, 1..3 threads, every vector set. */
Test(nttfp, driver_levels)
{
    const nttfp_ops *sets[2];
    int ns = prod_sets(sets);
    static const long sizes[] = {9000, 16000, 22000, 30000, 47000};
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < 5; j++) {
            check_prod(sets[i], sizes[j], sizes[j], 1 + j % 3);
            check_prod(sets[i], sizes[j], 0, 1 + (j + 1) % 3);
        }
}

static void unbalanced_and_extremes_with(const nttfp_ops *v)
{
    long shapes[][2] = {{5000, 1}, {5000, 7}, {4097, 2049}, {8191, 4095},
                        {3000, 2999}, {2048, 2048}, {2049, 2049}};
    for (int i = 0; i < 7; i++)
        check_prod(v, shapes[i][0], shapes[i][1], 1 + i % 3);
    /* all-ones squares: the largest coefficients, at the CRT bound */
    for (long n = 100; n <= 6000; n = n * 3 + 1) {
        bgcn_limb_t *a = malloc(n * sizeof *a), *r = malloc(2 * n * sizeof *r),
                    *w = malloc(2 * n * sizeof *w);
        for (long j = 0; j < n; j++)
            a[j] = BGCN_LIMB_MAX;
        mpn_sqr((mp_limb_t *)w, (const mp_limb_t *)a, n);
        cr_assert_eq(bgcn_mul_nttfp_ops(r, a, n, NULL, n, v, 2), BGCN_OK);
        cr_assert(t_equal("all-ones square", r, w, 2 * n));
        cr_assert_eq(bgcn_mul_nttfp_ops(r, a, n, a, n, v, 1), BGCN_OK);
        cr_assert(t_equal("all-ones product", r, w, 2 * n));
        free(a);
        free(r);
        free(w);
    }
}

Test(nttfp, unbalanced_and_extremes)
{
    const nttfp_ops *sets[2];
    int ns = prod_sets(sets);
    for (int i = 0; i < ns; i++)
        unbalanced_and_extremes_with(sets[i]);
}

/* The same product on 1..4 threads: identical results (and GMP's). */
static void every_thread_count_with(const nttfp_ops *v)
{
    long sizes[][2] = {{30000, 30000}, {20000, 9000}, {1500, 1500}};
    for (int s = 0; s < 3; s++) {
        long an = sizes[s][0], bn = sizes[s][1], rn = an + bn;
        bgcn_limb_t *a = malloc(an * sizeof *a), *b = malloc(bn * sizeof *b);
        bgcn_limb_t *r1 = malloc(rn * sizeof *r1), *r = malloc(rn * sizeof *r);
        t_fill(a, an);
        t_fill(b, bn);
        mpn_mul((mp_limb_t *)r1, (const mp_limb_t *)a, an,
                (const mp_limb_t *)b, bn);
        for (int T = 1; T <= 4; T++) {
            bgcn_threads_set(T);
            cr_assert_eq(bgcn_mul_nttfp_ops(r, a, an, b, bn, v, T), BGCN_OK);
            cr_assert(t_equal("threads", r, r1, rn), "%ldx%ld on %d threads",
                      an, bn, T);
        }
        free(a);
        free(b);
        free(r1);
        free(r);
    }
    /* through bgcn_mul and bgcn_sqr with the thread minimum lowered */
    long save = bgcn_threads_min_limbs;
    bgcn_threads_min_limbs = 1;
    long n = 12000;
    bgcn_limb_t *a = malloc(n * sizeof *a), *w = malloc(2 * n * sizeof *w),
                *r = malloc(2 * n * sizeof *r);
    t_fill(a, n);
    mpn_sqr((mp_limb_t *)w, (const mp_limb_t *)a, n);
    for (int T = 1; T <= 4; T++) {
        bgcn_threads_set(T);
        cr_assert_eq(bgcn_sqr(r, a, n), BGCN_OK);
        cr_assert(t_equal("bgcn_sqr threads", r, w, 2 * n));
        cr_assert_eq(bgcn_mul(r, a, n, a, n), BGCN_OK);
        cr_assert(t_equal("bgcn_mul threads", r, w, 2 * n));
    }
    bgcn_threads_min_limbs = save;
    free(a);
    free(w);
    free(r);
}

/* A lopsided product through bgcn_mul_ntt splits its transforms as the
 * balanced product of (an + bn)/2 limbs does (the transform length
 * decides, not the smaller operand): 40000 x 1500 limbs with the thread
 * minimum at its default runs on the pool from 2 threads (the workers
 * join runs) and equals GMP's product on 1..4 threads. */
Test(nttfp, lopsided_product_uses_threads)
{
    if (!bgcn_kern.nttfp)
        cr_skip_test("no floating-point NTT on this path");
    long an = 40000, bn = 1500, rn = an + bn;
    cr_assert((an + bn) / 2 >= bgcn_threads_min_limbs && bn < bgcn_threads_min_limbs);
    bgcn_limb_t *a = malloc(an * sizeof *a), *b = malloc(bn * sizeof *b);
    bgcn_limb_t *w = malloc(rn * sizeof *w), *r = malloc(rn * sizeof *r);
    t_fill(a, an);
    t_fill(b, bn);
    mpn_mul((mp_limb_t *)w, (const mp_limb_t *)a, an, (const mp_limb_t *)b, bn);
    int saved = bgcn_threads_get();
    for (int T = 1; T <= 4; T++) {
        bgcn_threads_set(T);
        unsigned long before = __atomic_load_n(&bgcn_threads_joins, __ATOMIC_RELAXED);
        cr_assert_eq(bgcn_mul_ntt(r, a, an, b, bn), BGCN_OK);
        unsigned long joins = __atomic_load_n(&bgcn_threads_joins, __ATOMIC_RELAXED) - before;
        cr_assert(t_equal("lopsided product", r, w, rn), "%d threads", T);
        if (T > 1)
            cr_assert(joins > 0, "%d threads: the workers never joined", T);
    }
    bgcn_threads_set(saved);
    free(a);
    free(b);
    free(w);
    free(r);
}

Test(nttfp, every_thread_count)
{
    const nttfp_ops *sets[2];
    int ns = prod_sets(sets);
    for (int i = 0; i < ns; i++)
        every_thread_count_with(sets[i]);
}

static void enomem_in_threads_with(const nttfp_ops *v)
{
    long n = 4000;
    bgcn_limb_t *a = malloc(n * sizeof *a), *r = malloc(2 * n * sizeof *r),
                *r1 = malloc(2 * n * sizeof *r1);
    t_fill(a, n);
    cr_assert(bgcn_mul_nttfp_ops(r1, a, n, a, n, v, 1) == BGCN_OK);
    /* The array cache is emptied before each product, so each allocates
     * its arrays (from the cache they would not fail).  Allocation k
     * failing: ENOMEM until k passes the product's allocations, then OK;
     * the threads (the CRT's in particular) allocate nothing of their
     * own, so that count is the same on every thread count. */
    int last_fail[5] = {0};
    for (int T = 1; T <= 4; T++) {
        for (int k = 1; k <= 12; k++) {
            if (bgcn_mem_reclaim)
                bgcn_mem_reclaim();
            bgcn_alloc_fail_after(k);
            bgcn_status st = bgcn_mul_nttfp_ops(r, a, n, a, n, v, T);
            bgcn_alloc_fail_after(0);
            cr_assert(st == BGCN_OK || st == BGCN_ENOMEM, "status %d", st);
            if (st == BGCN_ENOMEM) {
                cr_assert_eq(last_fail[T], k - 1, "ENOMEM after OK");
                last_fail[T] = k;
            } else {
                cr_assert(t_equal("after ENOMEM", r, r1, 2 * n),
                          "%ldx%ld on %d threads after failures", n, n, T);
            }
        }
        cr_assert(last_fail[T] >= 1 && last_fail[T] < 12);
        cr_assert_eq(last_fail[T], last_fail[1],
                     "%d allocations on %d threads, %d on 1", last_fail[T],
                     T, last_fail[1]);
    }
    free(a);
    free(r);
    free(r1);
}

Test(nttfp, enomem_in_threads)
{
    const nttfp_ops *sets[2];
    int ns = prod_sets(sets);
    for (int i = 0; i < ns; i++)
        enomem_in_threads_with(sets[i]);
}

static void *raise_flag(void *arg)
{
    struct timespec ts = {0, *(const long *)arg};
    nanosleep(&ts, NULL);
    bgcn_interrupt_flag = 1;
    return NULL;
}

static void eintr_in_threads_with(const nttfp_ops *v)
{
    long n = 1000000;
    bgcn_limb_t *a = malloc(n * sizeof *a), *r = malloc(2 * n * sizeof *r);
    t_fill(a, n);
    for (int T = 1; T <= 4; T++) {
        bgcn_interrupt_flag = 1;
        cr_assert_eq(bgcn_mul_nttfp_ops(r, a, n, a, n, v, T), BGCN_EINTR);
        bgcn_interrupt_flag = 0;
        /* Raised while it runs.  The square takes tens of ms, but on a
         * loaded machine the raising thread may get the CPU only after it
         * ended: a finished product must then be a success, and the next
         * try raises sooner (2 ms, 1 ms, ..., then at once). */
        bgcn_status st = BGCN_OK;
        for (int attempt = 0; attempt < 10 && st != BGCN_EINTR; attempt++) {
            long delay = attempt < 9 ? 2000000L >> attempt : 0;
            pthread_t th;
            cr_assert_eq(pthread_create(&th, NULL, raise_flag, &delay), 0);
            st = bgcn_mul_nttfp_ops(r, a, n, NULL, n, v, T);
            pthread_join(th, NULL);
            bgcn_interrupt_flag = 0;
            cr_assert(st == BGCN_EINTR || st == BGCN_OK, "%d threads: status %d", T, st);
        }
        cr_assert_eq(st, BGCN_EINTR, "%d threads: never interrupted in 10 tries", T);
    }
    free(a);
    free(r);
}

Test(nttfp, eintr_in_threads)
{
    const nttfp_ops *sets[2];
    int ns = prod_sets(sets);
    for (int i = 0; i < ns; i++)
        eintr_in_threads_with(sets[i]);
}

/* want = {a,an} {b,bn} mod B^n - 1 (GMP), n limbs. */
static void bnm1_oracle(bgcn_limb_t *want, long n, const bgcn_limb_t *a,
                        long an, const bgcn_limb_t *b, long bn)
{
    mpz_t x, y, m;
    mpz_inits(x, y, m, NULL);
    mpz_import(x, (size_t)an, -1, sizeof *a, 0, 0, a);
    mpz_import(y, (size_t)bn, -1, sizeof *b, 0, 0, b);
    mpz_mul(x, x, y);
    mpz_set_ui(m, 1);
    mpz_mul_2exp(m, m, 64 * (mp_bitcnt_t)n);
    mpz_sub_ui(m, m, 1);
    mpz_mod(x, x, m);
    memset(want, 0, n * sizeof *want);
    mpz_export(want, NULL, -1, sizeof *want, 0, 0, x);
    mpz_clears(x, y, m, NULL);
}

/* One cyclic product mod B^n - 1 (bn 0: the square) on T threads,
 * against GMP; all-ones operands when ones. */
static void check_bnm1(const nttfp_ops *ops, long n, long an, long bn, int T,
                       int ones)
{
    int sq = bn == 0;
    long bl = sq ? an : bn;
    bgcn_limb_t *a = t_alloc_guarded(an), *b = sq ? a : t_alloc_guarded(bl);
    bgcn_limb_t *r = t_alloc_guarded(n), *w = malloc(n * sizeof *w);
    if (ones) {
        for (long i = 0; i < an; i++)
            a[i] = BGCN_LIMB_MAX;
        for (long i = 0; !sq && i < bl; i++)
            b[i] = BGCN_LIMB_MAX;
    } else {
        t_fill(a, an);
        if (!sq)
            t_fill(b, bl);
    }
    cr_assert_neq(bgcn_nttfp_bnm1_cost(n), 0, "no cyclic plan for %ld", n);
    cr_assert_eq(bgcn_mulmod_bnm1_nttfp_ops(r, n, a, an, sq ? NULL : b, bl,
                                            ops, T),
                 BGCN_OK);
    cr_assert(t_check_guards(r, n), "guard limbs of rp");
    bnm1_oracle(w, n, a, an, b, bl);
    if (!t_equal("mulmod_bnm1 cyclic", r, w, n))
        cr_assert_fail("%s: mod B^%ld - 1, %ld x %ld%s on %d threads",
                       ops->name, n, an, bl, sq ? " (square)" : "", T);
    t_free_guarded(a);
    if (!sq)
        t_free_guarded(b);
    t_free_guarded(r);
    free(w);
}

/* The wrap-around product: at the sizes bgcn_nttfp_bnm1_size picks just
 * past powers of two and prime-count switches (and small ones), full,
 * unbalanced and square operands, all-ones operands (the largest
 * coefficients, and B^n - 1 itself, which must come out as 0), both
 * kernel sets, 1..4 threads; and bgcn_mulmod_bnm1 through it with the
 * thresholds lowered, against its fold twin's answer (GMP). */
Test(nttfp, wraparound_bnm1)
{
    const nttfp_ops *sets[3] = {&bgcn_nttfp_scalar};
    int nsets = 1 + vec_sets(sets + 1);
    long base[] = {1, 2, 3, 5, 17, 64, 65, 127, 129, 255, 257, 513, 1000,
                   1025, 2049, 3000, 4097};
    for (int s = 0; s < nsets; s++) {
        for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
            long n = bgcn_nttfp_bnm1_size(base[i]);
            cr_assert(n >= base[i], "bnm1_size(%ld) = %ld", base[i], n);
            if (s == 0 && n > 1100)
                continue; /* the exact twin is slow */
            int T = 1 + (int)(i % 4);
            check_bnm1(sets[s], n, n, n, T, 0);
            check_bnm1(sets[s], n, n, t_rand_size(1, n), T, 0);
            check_bnm1(sets[s], n, t_rand_size(1, n), 0, T, 0);
            check_bnm1(sets[s], n, n, n, T, 1);
            check_bnm1(sets[s], n, n, 0, T, 1);
        }
    }
    if (nsets == 1)
        return;
    for (int s = 1; s < nsets; s++)
        for (int T = 1; T <= 4; T++)
            check_bnm1(sets[s], bgcn_nttfp_bnm1_size(30000), 30000, 29000, T,
                       0);
    /* the public entry, thresholds lowered so that it takes the
     * cyclic path whenever that is cheaper (on a path with the NTT) */
    if (!bgcn_kern.nttfp)
        return;
    long sw = bgcn_mulmod_bnm1_ntt_threshold;
    bgcn_mulmod_bnm1_ntt_threshold = 8;
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
        long n = bgcn_mulmod_bnm1_next_size(base[i] + 8);
        long an = n - (long)(i % 3), bn = t_rand_size(n / 2, n);
        bgcn_limb_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
        bgcn_limb_t *r = malloc(n * sizeof *r), *w = malloc(n * sizeof *w);
        t_fill(a, an);
        t_fill(b, bn);
        cr_assert_eq(bgcn_mulmod_bnm1(r, n, a, an, b, bn), BGCN_OK);
        bnm1_oracle(w, n, a, an, b, bn);
        cr_assert(t_equal("bgcn_mulmod_bnm1", r, w, n), "n %ld", n);
        cr_assert_eq(bgcn_mulmod_bnm1(r, n, a, an, a, an), BGCN_OK);
        bnm1_oracle(w, n, a, an, a, an);
        cr_assert(t_equal("bgcn_mulmod_bnm1 square", r, w, n), "n %ld", n);
        free(a);
        free(b);
        free(r);
        free(w);
    }
    bgcn_mulmod_bnm1_ntt_threshold = sw;
}

/* One prepared operand (bgcn_nttfp_pre_init: A = {a,an}, full products
 * by up to bmax limbs when m = 0, else products mod B^m - 1) multiplied
 * by three operands in turn (bmax limbs, a random size, one limb; the
 * kinds of `adversarial` or t_fill's shapes), each against GMP, on T
 * threads: the kept transforms serve every product. */
static void check_pre(const nttfp_ops *ops, long an, long bmax, long m, int T,
                      int kind)
{
    long rmax = m ? m : an + bmax;
    bgcn_limb_t *a = t_alloc_guarded(an), *b = t_alloc_guarded(bmax);
    bgcn_limb_t *r = t_alloc_guarded(rmax), *w = malloc(rmax * sizeof *w);
    if (kind < 4)
        adversarial(a, an, kind);
    else
        t_fill(a, an);
    nttfp_pre *pr;
    bgcn_status st = bgcn_nttfp_pre_init(&pr, a, an, bmax, m, ops, T);
    cr_assert_eq(st, BGCN_OK, "%s pre %ld, %ld, m %ld: status %d", ops->name,
                 an, bmax, m, st);
    /* A is not read again: scribbling on it must not matter */
    bgcn_limb_t *acopy = malloc(an * sizeof *acopy);
    memcpy(acopy, a, an * sizeof *a);
    memset(a, 0x5a, an * sizeof *a);
    long bns[3] = {bmax, t_rand_size(1, bmax), 1};
    for (int j = 0; j < 3; j++) {
        long bn = bns[j];
        if (kind < 4)
            adversarial(b, bn, (kind + j + 1) % 4);
        else
            t_fill(b, bn);
        long rn = m ? m : an + bn;
        cr_assert_eq(bgcn_nttfp_pre_mul(r, pr, b, bn), BGCN_OK);
        cr_assert(t_check_guards(r, rmax), "guard limbs of rp");
        if (m)
            bnm1_oracle(w, m, acopy, an, b, bn);
        else if (an >= bn)
            mpn_mul((mp_limb_t *)w, (const mp_limb_t *)acopy, an,
                    (const mp_limb_t *)b, bn);
        else
            mpn_mul((mp_limb_t *)w, (const mp_limb_t *)b, bn,
                    (const mp_limb_t *)acopy, an);
        if (!t_equal("prepared product", r, w, rn))
            cr_assert_fail("%s: prepared %ld (bmax %ld, m %ld) x %ld, kind %d, "
                           "%d threads", ops->name, an, bmax, m, bn, kind, T);
    }
    bgcn_nttfp_pre_free(pr);
    free(acopy);
    t_free_guarded(a);
    t_free_guarded(b);
    t_free_guarded(r);
    free(w);
}

/* Prepared operands ("transform once, multiply many"): full plans at
 * the sizes where the plan changes (truncated ones reached by lowering
 * their minimum) and cyclic plans at the sizes bgcn_nttfp_bnm1_size
 * picks past powers of two, unbalanced pairs both ways, adversarial
 * operands, every kernel set (the scalar twin on the smaller sizes),
 * 1..4 threads, against GMP; then allocation failures and interrupts at
 * init and at a product. */
Test(nttfp, prepared_operands)
{
    long save = bgcn_nttfp_tft_min;
    bgcn_nttfp_tft_min = 32;
    long e[60];
    int ne = plan_edges(e, 60, 2600);
    const nttfp_ops *sets[3] = {&bgcn_nttfp_scalar};
    int nsets = 1 + vec_sets(sets + 1);
    long base[] = {1, 3, 64, 65, 129, 257, 513, 1025, 2049, 4097};
    for (int s = 0; s < nsets; s++) {
        for (int i = 0; i < ne; i++) {
            long n = e[i];
            if (s == 0 && (n > 500 || i % 3))
                continue;
            int T = 1 + i % 4;
            check_pre(sets[s], n, n, 0, T, i % 6);
            check_pre(sets[s], n, t_rand_size(1, n), 0, T, (i + 1) % 6);
            check_pre(sets[s], t_rand_size(1, n), n, 0, T, (i + 2) % 6);
        }
        for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
            long m = bgcn_nttfp_bnm1_size(base[i]);
            if (s == 0 && m > 1100)
                continue;
            int T = 1 + (int)(i % 4);
            check_pre(sets[s], m, m, m, T, (int)(i % 6));
            check_pre(sets[s], t_rand_size(1, m), m, m, T, (int)((i + 1) % 6));
            check_pre(sets[s], m, t_rand_size(1, m), m, T, (int)((i + 2) % 6));
        }
    }
    bgcn_nttfp_tft_min = save;

    const nttfp_ops *ops = sets[nsets - 1];
    long n = 3000, m = bgcn_nttfp_bnm1_size(3000);
    bgcn_limb_t *a = malloc(m * sizeof *a), *r = malloc(2 * m * sizeof *r);
    t_fill(a, m);
    for (int cyc = 0; cyc < 2; cyc++) {
        long mm = cyc ? m : 0;
        int failed = 0;
        for (int k = 1; k <= 14; k++) {
            if (bgcn_mem_reclaim)
                bgcn_mem_reclaim(); /* the array cache out: real allocations */
            nttfp_pre *pr = (nttfp_pre *)&failed;
            bgcn_alloc_fail_after(k);
            bgcn_status st = bgcn_nttfp_pre_init(&pr, a, n, n, mm, ops, 1);
            bgcn_alloc_fail_after(0);
            cr_assert(st == BGCN_OK || st == BGCN_ENOMEM, "status %d", st);
            if (st == BGCN_ENOMEM) {
                cr_assert_null(pr);
                failed = 1;
                continue;
            }
            bgcn_nttfp_pre_free(pr);
        }
        cr_assert(failed, "no allocation failed");
        nttfp_pre *pr;
        bgcn_interrupt_flag = 1;
        cr_assert_eq(bgcn_nttfp_pre_init(&pr, a, n, n, mm, ops, 2), BGCN_EINTR);
        cr_assert_null(pr);
        bgcn_interrupt_flag = 0;
        cr_assert_eq(bgcn_nttfp_pre_init(&pr, a, n, n, mm, ops, 2), BGCN_OK);
        bgcn_interrupt_flag = 1;
        cr_assert_eq(bgcn_nttfp_pre_mul(r, pr, a, n), BGCN_EINTR);
        bgcn_interrupt_flag = 0;
        cr_assert_eq(bgcn_nttfp_pre_mul(r, pr, a, n), BGCN_OK);
        bgcn_nttfp_pre_free(pr);
    }
    free(a);
    free(r);
}

/* ---- sums of products (bgcn_mul_sums_nttfp_ops, bgcn_mul_sums) ---- */

/* The sums' oracle: sum s of S against GMP (mpz), rn limbs. */
static void sums_oracle(bgcn_limb_t *want, long rn, const bgcn_operand *A,
                        const bgcn_operand *B, const bgcn_sum_spec *sp)
{
    mpz_t acc, x, y;
    mpz_inits(acc, x, y, NULL);
    for (int t = 0; t < sp->nt; t++) {
        const bgcn_operand *a = &A[sp->a[t]], *b = &B[sp->b[t]];
        mpz_import(x, (size_t)a->n, -1, sizeof *a->p, 0, 0, a->p);
        mpz_import(y, (size_t)b->n, -1, sizeof *b->p, 0, 0, b->p);
        mpz_addmul(acc, x, y);
    }
    cr_assert(mpz_sizeinbase(acc, 2) <= (size_t)(64 * rn));
    memset(want, 0, rn * sizeof *want);
    mpz_export(want, NULL, -1, sizeof *want, 0, 0, acc);
    mpz_clears(acc, x, y, NULL);
}

/* Four operands each side, the largest an and bn limbs (one of each
 * exactly that, one zero, the others shorter; shapes by kind: t_fill's,
 * or adversarial's and all ones, whose coefficients reach the bound the
 * plan allows), and four sums: the matrix product's pattern when
 * `matrix`, else a single product, a sum with one operand in both
 * terms, a sum of two squares of one pair, a matrix row.  Through
 * ops on T threads (tasks: as tasks of one run, bgcn_threads_set(T)),
 * or through bgcn_mul_sums (ops NULL), against GMP. */
static void check_sums(const nttfp_ops *ops, long an, long bn, int T,
                       int tasks, int kind, int matrix)
{
    bgcn_limb_t *ap[4], *bp[4], *rp[4], *w;
    bgcn_operand A[4], B[4];
    long rn = an + bn + 1;
    for (int i = 0; i < 4; i++) {
        long na = i == 0 ? an : i == 2 ? 0 : t_rand_size(1, an);
        long nb = i == 1 ? bn : i == 3 ? 0 : t_rand_size(1, bn);
        if (kind == 5) /* all ones at full size: the largest coefficients */
            na = an, nb = bn;
        ap[i] = t_alloc_guarded(na ? na : 1);
        bp[i] = t_alloc_guarded(nb ? nb : 1);
        if (kind < 4) {
            if (na)
                adversarial(ap[i], na, (kind + i) % 4);
            if (nb)
                adversarial(bp[i], nb, (kind + i + 1) % 4);
        } else if (kind == 5) {
            memset(ap[i], 0xff, na * sizeof *ap[i]);
            memset(bp[i], 0xff, nb * sizeof *bp[i]);
        } else {
            t_fill(ap[i], na ? na : 1);
            t_fill(bp[i], nb ? nb : 1);
        }
        A[i] = (bgcn_operand){ap[i], na};
        B[i] = (bgcn_operand){bp[i], nb};
        rp[i] = t_alloc_guarded(rn);
    }
    bgcn_sum_spec S[4];
    if (matrix) {
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 2; c++)
                S[2 * r + c] = (bgcn_sum_spec){rp[2 * r + c], 2,
                                               {2 * r, 2 * r + 1}, {c, 2 + c}};
    } else {
        S[0] = (bgcn_sum_spec){rp[0], 1, {0, 0}, {1, 0}};
        S[1] = (bgcn_sum_spec){rp[1], 2, {1, 1}, {0, 2}};
        S[2] = (bgcn_sum_spec){rp[2], 2, {0, 0}, {1, 1}};
        S[3] = (bgcn_sum_spec){rp[3], 2, {3, 0}, {1, 0}};
    }
    bgcn_status st;
    if (ops) {
        if (tasks)
            bgcn_threads_set(T);
        st = bgcn_mul_sums_nttfp_ops(A, 4, B, 4, S, 4, ops, tasks ? 1 : T,
                                     tasks);
    } else {
        bgcn_threads_set(T);
        st = bgcn_mul_sums(A, 4, B, 4, S, 4);
    }
    cr_assert_eq(st, BGCN_OK, "sums %ldx%ld: status %d", an, bn, st);
    w = malloc(rn * sizeof *w);
    for (int s = 0; s < 4; s++) {
        cr_assert(t_check_guards(rp[s], rn), "guard limbs of sum %d", s);
        sums_oracle(w, rn, A, B, &S[s]);
        if (!t_equal("sum of products", rp[s], w, rn))
            cr_assert_fail("%s: sum %d of %ldx%ld (kind %d, %s) on %d "
                           "threads%s differs from GMP",
                           ops ? ops->name : "bgcn_mul_sums", s, an, bn, kind,
                           matrix ? "matrix" : "mixed", T,
                           tasks ? " as tasks" : "");
    }
    for (int i = 0; i < 4; i++) {
        t_free_guarded(ap[i]);
        t_free_guarded(bp[i]);
        t_free_guarded(rp[i]);
    }
    free(w);
}

/* Every kernel set (the scalar twin on the smaller sizes) around every
 * plan change of the sums' plans (the truncated ones reached by
 * lowering their minimum), balanced and unbalanced, adversarial and
 * all-ones operands, split and task threads 1..2 (3 and 4 at a few
 * sizes); then bgcn_mul_sums
 * itself against its slow twin (products and additions) with its
 * minimum lowered, identical on 1..4 threads. */
Test(nttfp, sums_of_products)
{
    long save = bgcn_nttfp_tft_min;
    bgcn_nttfp_tft_min = 32;
    long e[90];
    int ne = plan_edges(e, 90, 1800);
    const nttfp_ops *sets[3] = {&bgcn_nttfp_scalar};
    int nsets = 1 + vec_sets(sets + 1);
    for (int s = 0; s < nsets; s++)
        for (int i = 0; i < ne; i++) {
            long n = e[i];
            if (s == 0 && (n > 400 || i % 3))
                continue;
            int T = 1 + i % 2, tasks = (i / 2) % 2;
            check_sums(sets[s], n, n, T, tasks, i % 6, i % 2);
            check_sums(sets[s], n, t_rand_size(1, n), T, !tasks, (i + 1) % 6,
                       1);
            check_sums(sets[s], t_rand_size(1, n), n, T, tasks, (i + 2) % 6,
                       0);
        }
    bgcn_nttfp_tft_min = save;
    /* driver levels above LEAF, split threads */
    for (int s = 1; s < nsets; s++) {
        check_sums(sets[s], 20000, 9000, 2, 0, 4, 1);
        check_sums(sets[s], 9000, 20000, 3, 1, 5, 0);
    }
    long smin = bgcn_mul_sums_ntt_min, tmin = bgcn_threads_min_limbs;
    bgcn_mul_sums_ntt_min = 100;
    bgcn_threads_min_limbs = 3000;
    /* every thread count, 3 and 4 with more cases */
    long sizes[][2] = {{150, 150}, {700, 300}, {2000, 5000}, {6000, 6000}};
    for (int T = 1; T <= 4; T++)
        for (int j = 0; j < 4; j++) {
            if (T == 3 && j == 0) {
                for (int s = 1; s < nsets; s++) {
                    check_sums(sets[s], 1500, 1400, 3, 0, 5, 1);
                    check_sums(sets[s], 900, 1100, 4, 1, 4, 0);
                }
                check_sums(sets[0], 120, 130, 4, 0, 5, 1);
            }
            check_sums(NULL, sizes[j][0], sizes[j][1], T, 0, (j + T) % 6, T % 2);
            bgcn_mul_sums_slow = 1;
            check_sums(NULL, sizes[j][0], sizes[j][1], T, 0, (j + T) % 6,
                       !(T % 2));
            bgcn_mul_sums_slow = 0;
        }
    bgcn_mul_sums_ntt_min = smin;
    bgcn_threads_min_limbs = tmin;
}

/* Allocation failures: through the kernels, ENOMEM until the k-th
 * allocation passes them all, the same count on every thread count (the
 * threads allocate nothing) and one more in task mode (a scratch array
 * per task, allocated by the caller); through bgcn_mul_sums,
 * a failing transform array falls back to the products (OK or ENOMEM,
 * right whenever OK).  A raised flag: BGCN_EINTR both ways. */
Test(nttfp, sums_enomem_eintr)
{
    const nttfp_ops *sets[2];
    int ns = prod_sets(sets);
    const nttfp_ops *ops = sets[ns - 1];
    long n = 3000, rn = 2 * n + 1;
    bgcn_limb_t *a[4], *r[2], *w = malloc(rn * sizeof *w);
    bgcn_operand A[4];
    for (int i = 0; i < 4; i++) {
        a[i] = malloc(n * sizeof *a[i]);
        t_fill(a[i], n);
        A[i] = (bgcn_operand){a[i], n};
    }
    for (int i = 0; i < 2; i++)
        r[i] = malloc(rn * sizeof *r[i]);
    const bgcn_sum_spec S[2] = {{r[0], 2, {0, 1}, {2, 3}},
                                {r[1], 2, {1, 0}, {1, 3}}};
    sums_oracle(w, rn, A, A, &S[0]);
    int first = 0;
    for (int mode = 0; mode < 4; mode++) {
        int T = mode == 0 ? 1 : mode == 1 ? 2 : 3, tasks = mode == 3;
        bgcn_threads_set(tasks ? 2 : T);
        int last = 0;
        for (int k = 1; k <= 30; k++) {
            if (bgcn_mem_reclaim)
                bgcn_mem_reclaim();
            bgcn_alloc_fail_after(k);
            bgcn_status st = bgcn_mul_sums_nttfp_ops(A, 4, A, 4, S, 2, ops,
                                                     tasks ? 1 : T, tasks);
            bgcn_alloc_fail_after(0);
            cr_assert(st == BGCN_OK || st == BGCN_ENOMEM, "status %d", st);
            if (st == BGCN_ENOMEM) {
                cr_assert_eq(last, k - 1, "ENOMEM after OK");
                last = k;
            } else {
                cr_assert(t_equal("sums after ENOMEM", r[0], w, rn));
            }
        }
        cr_assert(last >= 1 && last < 30, "%d", last);
        if (mode == 0)
            first = last;
        /* task mode has one scratch array per task: one more here */
        cr_assert_eq(last, first + (tasks ? 1 : 0),
                     "mode %d: %d allocations, %d on 1 thread", mode, last,
                     first);
    }
    long smin = bgcn_mul_sums_ntt_min;
    bgcn_mul_sums_ntt_min = 100;
    for (int k = 1; k <= 30; k++) {
        if (bgcn_mem_reclaim)
            bgcn_mem_reclaim();
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_mul_sums(A, 4, A, 4, S, 2);
        bgcn_alloc_fail_after(0);
        cr_assert(st == BGCN_OK || st == BGCN_ENOMEM, "status %d", st);
        if (st == BGCN_OK)
            cr_assert(t_equal("bgcn_mul_sums after ENOMEM", r[0], w, rn));
    }
    for (int T = 1; T <= 2; T++) {
        bgcn_threads_set(T);
        bgcn_interrupt_flag = 1;
        cr_assert_eq(bgcn_mul_sums(A, 4, A, 4, S, 2), BGCN_EINTR);
        cr_assert_eq(bgcn_mul_sums_nttfp_ops(A, 4, A, 4, S, 2, ops, 1, T > 1),
                     BGCN_EINTR);
        bgcn_interrupt_flag = 0;
    }
    bgcn_mul_sums_ntt_min = smin;
    for (int i = 0; i < 4; i++)
        free(a[i]);
    free(r[0]);
    free(r[1]);
    free(w);
}
