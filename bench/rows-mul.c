/* rows-mul.c -- multiplication and squaring, n x n limbs, time per call.
 *
 * bgcn_mul / bgcn_sqr (whatever algorithm the engine picks at that size)
 * against GMP's mpn_mul / mpn_sqr, at n = 4 .. 10^4 limbs, on every kernel
 * path.  This file is also the model for a new group: a context struct,
 * one timed function per implementation, a check of the engine's result
 * against GMP's before timing, and one row per size and path. */
#include "bench.h"

#include <gmp.h>
#include <stdlib.h>

struct mctx {
    int sqr;
    bgcn_limb_t *rp;
    const bgcn_limb_t *ap, *bp;
    long n;
};

static void die_status(bgcn_status st)
{
    fprintf(stderr, "bigcalc-bench: engine multiplication failed (status %d)\n",
            (int)st);
    exit(2);
}

static void run_engine(void *vc, long iters)
{
    const struct mctx *c = vc;
    for (long i = 0; i < iters; i++) {
        bgcn_status st = c->sqr ? bgcn_sqr(c->rp, c->ap, c->n)
                                : bgcn_mul(c->rp, c->ap, c->n, c->bp, c->n);
        if (st != BGCN_OK)
            die_status(st);
    }
}

static void run_gmp(void *vc, long iters)
{
    const struct mctx *c = vc;
    if (c->sqr)
        for (long i = 0; i < iters; i++)
            mpn_sqr(c->rp, c->ap, c->n);
    else
        for (long i = 0; i < iters; i++)
            mpn_mul(c->rp, c->ap, c->n, c->bp, c->n);
}

void bgc_bench_rows_mul(bgc_bench *b)
{
    static const long sizes[] = {4, 8, 16, 32, 64, 128, 512, 1000, 10000};
    const long maxn = 10000;
    bgcn_limb_t *rp = bgc_bench_alloc(2 * maxn), *r2 = bgc_bench_alloc(2 * maxn);
    bgcn_limb_t *ap = bgc_bench_alloc(maxn), *bp = bgc_bench_alloc(maxn);
    bgc_bench_random(ap, maxn);
    bgc_bench_random(bp, maxn);

    bgc_bench_table(b, "n x n limbs, time per call, every path", 0);
    for (int sqr = 0; sqr <= 1; sqr++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            struct mctx c = {sqr, rp, ap, bp, sizes[s]};
            bgc_bench_time gmp = bgc_bench_measure(b, run_gmp, &c);
            run_gmp(&c, 1);
            for (long i = 0; i < 2 * c.n; i++)
                r2[i] = rp[i];
            const bgcn_kernels *p;
            for (int i = 0; (p = bgc_bench_next_path(b, &i));) {
                bgc_bench_row r = {.op = sqr ? "sqr" : "mul", .path = p->name,
                                   .size = c.n, .unit = "limbs", .gmp = gmp};
                run_engine(&c, 1);
                if (!bgc_bench_same(b, r.op, rp, r2, 2 * c.n))
                    r.note = "MISMATCH";
                r.eng = bgc_bench_measure(b, run_engine, &c);
                bgc_bench_emit(b, &r);
            }
        }
    bgc_bench_free(rp);
    bgc_bench_free(r2);
    bgc_bench_free(ap);
    bgc_bench_free(bp);
}
