/* rows-div.c -- truncating division 2n / n limbs, time per call.
 *
 * bgcn_tdiv_qr (schoolbook with a 3/2 reciprocal, divide and conquer
 * above its threshold, Newton/Barrett "mu" division above that), 4 to
 * 10^7 limbs while the previous size predicts at most 10 s per call,
 * against GMP's mpn_tdiv_qr, quotient and remainder both wanted, on
 * every kernel path.  The divisor is random with a nonzero
 * top limb (not normalised: both sides pay for the shift).  From 10^4
 * limbs a "tdiv/mul" row follows: the engine's division in units of its
 * own n x n product (the ratio column; the engine column is the
 * division, the reference column the product), GMP's in the note.
 * From BGC_BENCH_THREADS_FROM limbs the best path's row is followed by
 * one with the engine on 2 threads. */
#include "bench.h"

#include <gmp.h>
#include <stdlib.h>

struct dctx {
    bgcn_limb_t *qp, *rp;
    const bgcn_limb_t *np, *dp;
    long n; /* divisor limbs; the dividend has 2n */
    bgcn_limb_t *pp; /* 2n limbs: the products of the tdiv/mul rows */
    const bgcn_limb_t *q2, *r2; /* GMP's quotient and remainder */
};

static int same_qr(bgc_bench *b, void *vc)
{
    const struct dctx *c = vc;
    return bgc_bench_same(b, "tdiv_qr quotient", c->qp, c->q2, c->n + 1) &&
           bgc_bench_same(b, "tdiv_qr remainder", c->rp, c->r2, c->n);
}

static void run_engine(void *vc, long iters)
{
    const struct dctx *c = vc;
    for (long i = 0; i < iters; i++) {
        bgcn_status st = bgcn_tdiv_qr(c->qp, c->rp, c->np, 2 * c->n, c->dp,
                                      c->n);
        if (st != BGCN_OK) {
            fprintf(stderr, "bigcalc-bench: bgcn_tdiv_qr failed (status %d)\n",
                    (int)st);
            exit(2);
        }
    }
}

static void run_gmp(void *vc, long iters)
{
    const struct dctx *c = vc;
    for (long i = 0; i < iters; i++)
        mpn_tdiv_qr(c->qp, c->rp, 0, c->np, 2 * c->n, c->dp, c->n);
}

/* n x n products (the dividend's halves into qp, rp: 2n limbs), the
 * unit of the "tdiv/mul" rows. */
static void run_engine_mul(void *vc, long iters)
{
    const struct dctx *c = vc;
    for (long i = 0; i < iters; i++)
        if (bgcn_mul(c->pp, c->np, c->n, c->np + c->n, c->n) != BGCN_OK) {
            fprintf(stderr, "bigcalc-bench: bgcn_mul failed\n");
            exit(2);
        }
}

static void run_gmp_mul(void *vc, long iters)
{
    const struct dctx *c = vc;
    for (long i = 0; i < iters; i++)
        mpn_mul_n(c->pp, c->np, c->np + c->n, c->n);
}

void bgc_bench_rows_div(bgc_bench *b)
{
    static const long sizes[] = {4, 32, 128, 1000, 10000, 100000, 1000000,
                                10000000};
    const long maxn = 10000000;
    /* BIGCALC_BENCH_MAXN caps the sizes, as for the huge mul rows */
    const char *capenv = getenv("BIGCALC_BENCH_MAXN");
    long cap = capenv && atol(capenv) > 0 ? atol(capenv) : maxn;
    bgcn_limb_t *np = bgc_bench_alloc(2 * maxn), *dp = bgc_bench_alloc(maxn);
    bgcn_limb_t *qp = bgc_bench_alloc(maxn + 1), *rp = bgc_bench_alloc(maxn);
    bgcn_limb_t *q2 = bgc_bench_alloc(maxn + 1), *r2 = bgc_bench_alloc(maxn);
    bgcn_limb_t *pp = bgc_bench_alloc(2 * maxn);
    bgc_bench_random(np, 2 * maxn);

    /* The largest size only when the engine would take a few seconds at
     * most (predicted from the previous size). */
    double last_ns = 0;
    long last_n = 0;

    bgc_bench_table(b, "2n / n limbs, quotient and remainder, every path", 0);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        long n = sizes[s];
        if ((b->quick && n > 10000) || n > cap)
            break;
        /* sizes grow about tenfold; allow for 15 times longer (Newton
         * division over NTT products: measured 10^5 -> 10^6 about 12x) */
        double guess = last_n ? last_ns * 15 * (n / last_n / 10.0) : 0;
        if (guess > 10e9) {
            printf("tdiv_qr    (%ld limbs skipped: the engine would take "
                   "about %.0f s per call)\n", n, guess / 1e9);
            break;
        }
        bgc_bench_random(dp, n);
        if (dp[n - 1] == 0)
            dp[n - 1] = 1;
        struct dctx c = {qp, rp, np, dp, n, pp, q2, r2};
        bgc_bench_time gmp = bgc_bench_measure(b, run_gmp, &c);
        bgc_bench_time gmp_mul = {0};
        if (n >= 10000)
            gmp_mul = bgc_bench_measure(b, run_gmp_mul, &c);
        run_gmp(&c, 1);
        for (long i = 0; i <= n; i++)
            q2[i] = qp[i];
        for (long i = 0; i < n; i++)
            r2[i] = rp[i];
        const bgcn_kernels *p;
        int best = 1; /* the first path timed is the best one */
        for (int i = 0; (p = bgc_bench_next_path(b, &i)); best = 0) {
            last_n = n;
            bgc_bench_row r = {.op = "tdiv_qr", .path = p->name, .size = n,
                               .unit = "limbs", .gmp = gmp};
            run_engine(&c, 1);
            if (!same_qr(b, &c))
                r.note = "MISMATCH";
            r.eng = bgc_bench_measure(b, run_engine, &c);
            bgc_bench_emit(b, &r);
            if (best && n >= BGC_BENCH_THREADS_FROM)
                bgc_bench_emit_2threads(b, &r, run_engine, &c, same_qr);
            if (r.eng.min_ns > last_ns)
                last_ns = r.eng.min_ns;
            if (n >= 10000) {
                static char note[80];
                snprintf(note, sizeof note, "x M(n); GMP's division %.2f x "
                         "its M(n)", gmp.min_ns / gmp_mul.min_ns);
                bgc_bench_row m = {.op = "tdiv/mul", .path = p->name,
                                   .size = n, .unit = "limbs", .eng = r.eng,
                                   .note = note};
                m.gmp = bgc_bench_measure(b, run_engine_mul, &c);
                bgc_bench_emit(b, &m);
            }
        }
    }
    bgc_bench_free(np);
    bgc_bench_free(dp);
    bgc_bench_free(qp);
    bgc_bench_free(rp);
    bgc_bench_free(q2);
    bgc_bench_free(r2);
    bgc_bench_free(pp);
}
