/* rows-mul.c -- multiplication and squaring, n x n limbs, time per call.
 *
 * Second table: huge operands, n = 10^3 .. 10^7 limbs, on the best path
 * only, with the engine on 1 and on 2 threads (bgcn_threads_set; the
 * thread minimum lowered so both rows really use the count given)
 * against single-threaded GMP.  The 1-thread rows report thread CPU time
 * like every other row; the 2-thread rows report the minimum wall time
 * of the engine and of GMP (CPU time of the calling thread would miss the
 * other thread's work), so on a loaded machine they are noisier; they
 * run on the pinned CPU and the next one (bgc_bench_emit_2threads).
 * BIGCALC_BENCH_MAXN caps n (e.g. 1000000 for a quicker run).
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

/* The engine's row on the path installed (shown as `path`): its product
 * checked against GMP's (r2), then timed and emitted. */
static bgc_bench_row engine_row(bgc_bench *b, struct mctx *c,
                                const char *path, bgc_bench_time gmp,
                                const bgcn_limb_t *r2)
{
    bgc_bench_row r = {.op = c->sqr ? "sqr" : "mul", .path = path,
                       .size = c->n, .unit = "limbs", .gmp = gmp};
    run_engine(c, 1);
    if (!bgc_bench_same(b, r.op, c->rp, r2, 2 * c->n))
        r.note = "MISMATCH";
    r.eng = bgc_bench_measure(b, run_engine, c);
    bgc_bench_emit(b, &r);
    return r;
}

/* The 2-thread rows' check: the product against GMP's, saved in r2. */
struct hctx {
    struct mctx m;
    const bgcn_limb_t *r2;
};

static void run_engine_h(void *vc, long iters)
{
    run_engine(&((struct hctx *)vc)->m, iters);
}

static int same_h(bgc_bench *b, void *vc)
{
    const struct hctx *c = vc;
    return bgc_bench_same(b, c->m.sqr ? "sqr" : "mul", c->m.rp, c->r2,
                          2 * c->m.n);
}

static void huge_rows(bgc_bench *b)
{
    static const long sizes[] = {1000, 10000, 100000, 1000000, 10000000};
    long maxn = 10000000;
    const char *cap = getenv("BIGCALC_BENCH_MAXN");
    if (cap && atol(cap) > 0)
        maxn = atol(cap);
    long top = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        if (sizes[s] <= maxn)
            top = sizes[s];
    if (!top)
        return;
    bgcn_limb_t *rp = bgc_bench_alloc(2 * top), *r2 = bgc_bench_alloc(2 * top);
    bgcn_limb_t *ap = bgc_bench_alloc(top), *bp = bgc_bench_alloc(top);
    bgc_bench_random(ap, top);
    bgc_bench_random(bp, top);
    long save_min = bgcn_threads_min_limbs;
    int save_clock = b->cpu_clock;
    bgcn_threads_min_limbs = 1;
    bgc_bench_table(b, "huge n x n limbs, best path, engine on 1 thread "
                       "(CPU time) and 2 threads (wall time, GMP's too) vs "
                       "GMP", 0);
    for (int sqr = 0; sqr <= 1; sqr++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            if (sizes[s] > top)
                continue;
            struct mctx c = {sqr, rp, ap, bp, sizes[s]};
            b->cpu_clock = 1;
            bgc_bench_time gmp = bgc_bench_measure(b, run_gmp, &c);
            run_gmp(&c, 1);
            for (long i = 0; i < 2 * c.n; i++)
                r2[i] = rp[i];
            bgc_bench_row r = engine_row(b, &c, "1 thread", gmp, r2);
            struct hctx h = {c, r2};
            bgc_bench_emit_2threads(b, &r, run_engine_h, &h, same_h);
        }
    bgcn_threads_min_limbs = save_min;
    b->cpu_clock = save_clock;
    bgc_bench_free(rp);
    bgc_bench_free(r2);
    bgc_bench_free(ap);
    bgc_bench_free(bp);
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
            for (int i = 0; (p = bgc_bench_next_path(b, &i));)
                engine_row(b, &c, p->name, gmp, r2);
        }
    bgc_bench_free(rp);
    bgc_bench_free(r2);
    bgc_bench_free(ap);
    bgc_bench_free(bp);
    huge_rows(b);
}
