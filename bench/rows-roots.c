/* rows-roots.c -- square root with remainder and gcd, time per call.
 *
 * bgcn_sqrtrem (Karatsuba square root) of a 2n-limb number against GMP's
 * mpn_sqrtrem, and bgcn_gcd (half-gcd above its threshold, Lehmer below)
 * of two n-limb numbers against mpz_gcd on read-only views (mpn_gcd would
 * destroy its operands), and bgcn_gcdext against mpz_gcdext (g equal,
 * the engine's cofactor s checked by s*U = g mod V), on every kernel
 * path; each engine result is checked against GMP's before it is timed.
 * sqrtrem is the group "roots"; gcd and gcdext (1 to 10^6 limbs) the
 * group "gcd".  From BGC_BENCH_THREADS_FROM limbs the best path's row is
 * followed by one with the engine on 2 threads. */
#include "bench.h"

#include <gmp.h>
#include <stdlib.h>

struct rctx {
    bgcn_limb_t *sp, *rp;
    const bgcn_limb_t *ap, *bp;
    long n;   /* sqrt: radicand limbs; gcd: limbs of each operand */
    long gn;  /* gcd: result size */
    long sn;  /* gcdext: the cofactor's signed size */
    mpz_t g;  /* gcd: GMP's result */
    const bgcn_limb_t *ref; /* GMP's root (n / 2 limbs) or gcd (refn) */
    long refn;
    int ext;  /* gcd: the gcdext rows */
};

static void fail(const char *what, bgcn_status st)
{
    fprintf(stderr, "bigcalc-bench: %s failed (status %d)\n", what, (int)st);
    exit(2);
}

static void sqrt_engine(void *vc, long iters)
{
    struct rctx *c = vc;
    long rn;
    for (long i = 0; i < iters; i++) {
        bgcn_status st = bgcn_sqrtrem(c->sp, c->rp, &rn, c->ap, c->n);
        if (st != BGCN_OK)
            fail("bgcn_sqrtrem", st);
    }
}

static int same_root(bgc_bench *b, void *vc)
{
    const struct rctx *c = vc;
    return bgc_bench_same(b, "sqrtrem root", c->sp, c->ref, c->n / 2);
}

static void sqrt_gmp(void *vc, long iters)
{
    struct rctx *c = vc;
    for (long i = 0; i < iters; i++)
        mpn_sqrtrem(c->sp, c->rp, c->ap, c->n);
}

static void gcd_engine(void *vc, long iters)
{
    struct rctx *c = vc;
    for (long i = 0; i < iters; i++) {
        bgcn_status st = bgcn_gcd(c->sp, &c->gn, c->ap, c->n, c->bp, c->n);
        if (st != BGCN_OK)
            fail("bgcn_gcd", st);
    }
}

static void gcdext_engine(void *vc, long iters)
{
    struct rctx *c = vc;
    for (long i = 0; i < iters; i++) {
        bgcn_status st = bgcn_gcdext(c->sp, &c->gn, c->rp, &c->sn, c->ap,
                                     c->n, c->bp, c->n);
        if (st != BGCN_OK)
            fail("bgcn_gcdext", st);
    }
}

/* The engine's gcd (sp, gn) against GMP's (ref, refn), and for gcdext
 * its cofactor s (rp, sn) by s U = g (mod V). */
static int same_gcd(bgc_bench *b, void *vc)
{
    struct rctx *c = vc;
    const char *op = c->ext ? "gcdext" : "gcd";
    if (c->gn != c->refn || !bgc_bench_same(b, op, c->sp, c->ref, c->refn))
        return 0;
    if (!c->ext)
        return 1;
    mpz_t U, V, S, T;
    mpz_inits(S, T, NULL);
    mpz_roinit_n(U, c->ap, c->n);
    mpz_roinit_n(V, c->bp, c->n);
    long sn = c->sn;
    mpz_import(S, (size_t)(sn < 0 ? -sn : sn), -1, sizeof(bgcn_limb_t), 0, 0,
               c->rp);
    if (sn < 0)
        mpz_neg(S, S);
    mpz_mul(T, S, U);
    mpz_sub(T, T, c->g);
    int ok = mpz_divisible_p(T, V);
    mpz_clears(S, T, NULL);
    if (!ok) {
        fprintf(stderr, "bigcalc-bench: MISMATCH: gcdext cofactor (%s "
                        "path), %ld limbs\n", bgcn_kern.name, c->n);
        b->mismatches++;
    }
    return ok;
}

static void gcdext_gmp(void *vc, long iters)
{
    struct rctx *c = vc;
    mpz_t a, b, s;
    mpz_init(s);
    mpz_roinit_n(a, c->ap, c->n);
    mpz_roinit_n(b, c->bp, c->n);
    for (long i = 0; i < iters; i++)
        mpz_gcdext(c->g, s, NULL, a, b);
    mpz_clear(s);
}

static void gcd_gmp(void *vc, long iters)
{
    struct rctx *c = vc;
    mpz_t a, b;
    mpz_roinit_n(a, c->ap, c->n);
    mpz_roinit_n(b, c->bp, c->n);
    for (long i = 0; i < iters; i++)
        mpz_gcd(c->g, a, b);
}

void bgc_bench_rows_roots(bgc_bench *b)
{
    static const long sizes[] = {100, 1000, 10000, 100000, 1000000};
    const long maxn = 1000000;
    bgcn_limb_t *ap = bgc_bench_alloc(2 * maxn), *bp = bgc_bench_alloc(maxn);
    bgcn_limb_t *sp = bgc_bench_alloc(2 * maxn), *rp = bgc_bench_alloc(2 * maxn);
    bgcn_limb_t *s2 = bgc_bench_alloc(maxn), *r2 = bgc_bench_alloc(2 * maxn);
    struct rctx c = {.sp = sp, .rp = rp, .ap = ap, .bp = bp};
    mpz_init(c.g);
    const bgcn_kernels *p;

    bgc_bench_table(b, "sqrtrem of 2n limbs (root n limbs), every path", 0);
    double sq_last_ns = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        long n = sizes[s];
        if (b->quick && n > 10000)
            break;
        if (sq_last_ns * 25 > 10e9) {
            printf("sqrtrem    (%ld limbs skipped: the engine would take "
                   "about %.0f s per call)\n", n, sq_last_ns * 25 / 1e9);
            break;
        }
        bgc_bench_random(ap, 2 * n);
        if (ap[2 * n - 1] == 0)
            ap[2 * n - 1] = 1;
        c.n = 2 * n;
        bgc_bench_time gmp = bgc_bench_measure(b, sqrt_gmp, &c);
        sqrt_gmp(&c, 1);
        for (long i = 0; i < n; i++)
            s2[i] = sp[i];
        for (long i = 0; i < 2 * n; i++)
            r2[i] = rp[i];
        c.ref = s2;
        int best = 1; /* the first path timed is the best one */
        for (int i = 0; (p = bgc_bench_next_path(b, &i)); best = 0) {
            bgc_bench_row r = {.op = "sqrtrem", .path = p->name, .size = n,
                               .unit = "limbs", .gmp = gmp};
            sqrt_engine(&c, 1);
            if (!same_root(b, &c))
                r.note = "MISMATCH";
            r.eng = bgc_bench_measure(b, sqrt_engine, &c);
            bgc_bench_emit(b, &r);
            if (best && n >= BGC_BENCH_THREADS_FROM)
                bgc_bench_emit_2threads(b, &r, sqrt_engine, &c, same_root);
            if (r.eng.min_ns > sq_last_ns)
                sq_last_ns = r.eng.min_ns;
        }
    }

    mpz_clear(c.g);
    bgc_bench_free(ap);
    bgc_bench_free(bp);
    bgc_bench_free(sp);
    bgc_bench_free(rp);
    bgc_bench_free(s2);
    bgc_bench_free(r2);
}

/* gcd and gcdext from 1 to 10^6 limbs: the one- and two-limb binary
 * gcd, the Lehmer loop (to bgcn_gcd_dc_threshold, 600 limbs, and
 * bgcn_gcdext_dc_threshold) and the half gcd above.  A size is skipped
 * when the last one predicts more than 10 s per call (60 s with --path,
 * so that 10^6 limbs, about 30-40 s per call on Zen 1, runs for one path
 * on request). */
void bgc_bench_rows_gcd(bgc_bench *b)
{
    static const long gsizes[] = {1, 2, 3, 5, 10, 30, 100, 300, 1000, 3000,
                                  10000, 30000, 100000, 1000000};
    const long maxn = 1000000;
    bgcn_limb_t *ap = bgc_bench_alloc(maxn), *bp = bgc_bench_alloc(maxn);
    bgcn_limb_t *sp = bgc_bench_alloc(maxn), *rp = bgc_bench_alloc(maxn);
    bgcn_limb_t *s2 = bgc_bench_alloc(maxn);
    struct rctx c = {.sp = sp, .rp = rp, .ap = ap, .bp = bp};
    mpz_init(c.g);
    const bgcn_kernels *p;
    const double limit = b->only_path ? 60e9 : 10e9;
    for (int ext = 0; ext <= 1; ext++) {
        bgc_bench_table(b, ext ? "gcdext of two n-limb numbers, every path"
                               : "gcd of two n-limb numbers, every path", 0);
        const char *op = ext ? "gcdext" : "gcd";
        double last_ns = 0;
        long last_n = 1;
        for (size_t s = 0; s < sizeof gsizes / sizeof gsizes[0]; s++) {
            long n = gsizes[s];
            if (b->quick && n > 10000)
                break;
            /* M(n) log n: a tenfold size takes about 25 times longer,
             * (n / last)^1.4, which is at most 2.5 (n / last) for the
             * steps here (at most tenfold) */
            double predict = last_ns * 2.5 * ((double)n / (double)last_n);
            if (predict > limit) {
                printf("%-10s (%ld limbs skipped: the engine would take "
                       "about %.0f s per call)\n", op, n, predict / 1e9);
                break;
            }
            bgc_bench_random(ap, n);
            bgc_bench_random(bp, n);
            ap[n - 1] |= 1;
            bp[n - 1] |= 1;
            c.n = n;
            bgc_bench_time gmp = bgc_bench_measure(b, ext ? gcdext_gmp : gcd_gmp, &c);
            (ext ? gcdext_gmp : gcd_gmp)(&c, 1);
            long want_n = (long)mpz_size(c.g);
            for (long i = 0; i < want_n; i++)
                s2[i] = mpz_getlimbn(c.g, i);
            c.ref = s2;
            c.refn = want_n;
            c.ext = ext;
            int best = 1; /* the first path timed is the best one */
            for (int i = 0; (p = bgc_bench_next_path(b, &i)); best = 0) {
                bgc_bench_row r = {.op = op, .path = p->name, .size = n,
                                   .unit = "limbs", .gmp = gmp};
                (ext ? gcdext_engine : gcd_engine)(&c, 1);
                if (!same_gcd(b, &c))
                    r.note = "MISMATCH";
                r.eng = bgc_bench_measure(b, ext ? gcdext_engine : gcd_engine, &c);
                bgc_bench_emit(b, &r);
                if (best && n >= BGC_BENCH_THREADS_FROM)
                    bgc_bench_emit_2threads(b, &r,
                                            ext ? gcdext_engine : gcd_engine,
                                            &c, same_gcd);
                if (r.eng.min_ns > last_ns)
                    last_ns = r.eng.min_ns;
            }
            last_n = n;
        }
    }
    mpz_clear(c.g);
    bgc_bench_free(ap);
    bgc_bench_free(bp);
    bgc_bench_free(sp);
    bgc_bench_free(rp);
    bgc_bench_free(s2);
}
