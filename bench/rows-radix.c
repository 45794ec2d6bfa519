/* rows-radix.c -- decimal output and input, 10^3 .. 10^8 digits.
 *
 * bgcn_get_str / bgcn_set_str in base 10 against GMP's mpn_get_str /
 * mpn_set_str (digits as values 0..9 on both sides, no ASCII step), on
 * every kernel path.  mpn_get_str destroys its input, so GMP's timed loop
 * copies the number first (n limbs, noise next to the conversion).  A
 * size is skipped when the previous one predicts more than 10 s per call.
 * From 10 BGC_BENCH_THREADS_FROM digits the best path's row is followed
 * by one with the engine on 2 threads. */
#include "bench.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

struct rctx {
    unsigned char *str; /* digits: output buffer or input */
    size_t len;         /* digits of the number */
    bgcn_limb_t *ap;    /* the number */
    bgcn_limb_t *tp;    /* GMP's clobbered copy / set_str output */
    long n;             /* limbs of the number */
    int in;             /* set_str (else get_str) */
    size_t outlen;      /* get_str: the engine's digit count */
    long rn;            /* set_str: the engine's limb count */
    const unsigned char *ref_str; /* get_str: GMP's digits, ref_len */
    size_t ref_len;
    const bgcn_limb_t *ref_limbs; /* set_str: GMP's limbs, ref_n */
    long ref_n;
};

static void fail(const char *what, bgcn_status st)
{
    fprintf(stderr, "bigcalc-bench: %s failed (status %d)\n", what, (int)st);
    exit(2);
}

static void run_engine_out(void *vc, long iters)
{
    struct rctx *c = vc;
    for (long i = 0; i < iters; i++) {
        bgcn_status st = bgcn_get_str(c->str, &c->outlen, 10, c->ap, c->n);
        if (st != BGCN_OK)
            fail("bgcn_get_str", st);
    }
}

static void run_gmp_out(void *vc, long iters)
{
    const struct rctx *c = vc;
    for (long i = 0; i < iters; i++) {
        memcpy(c->tp, c->ap, (size_t)c->n * sizeof c->ap[0]);
        mpn_get_str(c->str, 10, c->tp, c->n);
    }
}

static void run_engine_in(void *vc, long iters)
{
    struct rctx *c = vc;
    for (long i = 0; i < iters; i++) {
        bgcn_status st = bgcn_set_str(c->tp, &c->rn, c->str, c->len, 10);
        if (st != BGCN_OK)
            fail("bgcn_set_str", st);
    }
}

/* The engine's last result against GMP's: same digits / same limbs. */
static int same_radix(bgc_bench *b, void *vc)
{
    const struct rctx *c = vc;
    if (c->in)
        return c->rn == c->ref_n &&
               bgc_bench_same(b, "set_str", c->tp, c->ref_limbs, c->ref_n);
    if (c->outlen == c->ref_len && memcmp(c->str, c->ref_str, c->ref_len) == 0)
        return 1;
    fprintf(stderr, "bigcalc-bench: MISMATCH: get_str (%s path), %zu "
                    "digits\n", bgcn_kern.name, c->len);
    b->mismatches++;
    return 0;
}

static void run_gmp_in(void *vc, long iters)
{
    const struct rctx *c = vc;
    for (long i = 0; i < iters; i++)
        mpn_set_str(c->tp, c->str, c->len, 10);
}

void bgc_bench_rows_radix(bgc_bench *b)
{
    static const long sizes[] = {1000, 10000, 100000, 1000000, 10000000,
                                100000000};
    const size_t maxd = 100000000;
    const long maxn = bgcn_set_str_size(maxd, 10) + 1;
    unsigned char *digits = malloc(maxd), *out = malloc(maxd + 2),
                  *out2 = malloc(maxd + 2);
    bgcn_limb_t *ap = bgc_bench_alloc(maxn), *tp = bgc_bench_alloc(maxn),
                *t2 = bgc_bench_alloc(maxn);
    if (!digits || !out || !out2) {
        fprintf(stderr, "bigcalc-bench: out of memory\n");
        exit(2);
    }
    bgcn_limb_t x;
    for (size_t i = 0; i < maxd; i++) {
        bgc_bench_random(&x, 1);
        digits[i] = (unsigned char)(x % 10);
    }
    digits[0] = 7; /* every prefix has no leading zero */

    bgc_bench_table(b, "decimal output (get_str) and input (set_str), every path",
                    0);
    for (int in = 0; in <= 1; in++) {
        double last_ns = 0;
        long last_d = 0;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            long d = sizes[s];
            const char *op = in ? "set_str" : "get_str";
            if (b->quick && d > 100000)
                break;
            /* sizes grow tenfold; allow for 30 times longer (measured
             * 10^5 -> 10^6 digits about 25x) */
            double guess = last_d ? last_ns * 30 : 0;
            if (guess > 10e9) {
                printf("%-10s (%ld digits skipped: the engine would take "
                       "about %.0f s per call)\n", op, d, guess / 1e9);
                break;
            }
            struct rctx c = {.str = in ? digits : out, .len = (size_t)d,
                             .ap = ap, .tp = tp, .in = in};
            c.n = (long)mpn_set_str(ap, digits, (size_t)d, 10);
            bgc_bench_time gmp =
                bgc_bench_measure(b, in ? run_gmp_in : run_gmp_out, &c);
            if (in)
                c.ref_n = (long)mpn_set_str(t2, digits, (size_t)d, 10);
            else {
                memcpy(tp, ap, (size_t)c.n * sizeof ap[0]);
                c.ref_len = mpn_get_str(out2, 10, tp, c.n);
            }
            c.ref_str = out2;
            c.ref_limbs = t2;
            bgc_bench_fn eng = in ? run_engine_in : run_engine_out;
            const bgcn_kernels *p;
            int best = 1; /* the first path timed is the best one */
            for (int i = 0; (p = bgc_bench_next_path(b, &i)); best = 0) {
                bgc_bench_row r = {.op = op, .path = p->name, .size = d,
                                   .unit = "digits", .gmp = gmp};
                eng(&c, 1); /* checked once: same digits / limbs as GMP */
                if (!same_radix(b, &c))
                    r.note = "MISMATCH";
                r.eng = bgc_bench_measure(b, eng, &c);
                bgc_bench_emit(b, &r);
                if (best && d >= 10 * BGC_BENCH_THREADS_FROM)
                    bgc_bench_emit_2threads(b, &r, eng, &c, same_radix);
                last_d = d;
                if (r.eng.min_ns > last_ns)
                    last_ns = r.eng.min_ns;
            }
        }
    }
    free(digits);
    free(out);
    free(out2);
    bgc_bench_free(ap);
    bgc_bench_free(tp);
    bgc_bench_free(t2);
}
