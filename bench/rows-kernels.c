/* rows-kernels.c -- the carry-chain and multiply-by-limb kernels, per limb.
 *
 * Every kernel of the dispatch table that has a GMP twin with the same
 * signature (add_n, sub_n, mul_1, addmul_1, submul_1), on every path this
 * CPU supports, at n = 8, 32, 256, 1000, 4000: the first sizes live in L1,
 * 4000 limbs (three 32 KB operands) spill to L2 on most cores.  GMP is
 * timed once per size; each path's row shows its ratio to it.  MiB/s
 * counts the n result limbs written per call. */
#include "bench.h"

#include <gmp.h>

enum op { ADD_N, SUB_N, MUL_1, ADDMUL_1, SUBMUL_1, NOPS };
static const char *const op_name[NOPS] = {"add_n", "sub_n", "mul_1",
                                          "addmul_1", "submul_1"};

struct kctx {
    enum op op;
    const bgcn_kernels *p;
    bgcn_limb_t *rp;
    const bgcn_limb_t *ap, *bp;
    long n;
    bgcn_limb_t v;
};

/* One loop per operation so that the timed loop holds only the call. */
static void run_engine(void *vc, long iters)
{
    const struct kctx *c = vc;
    switch (c->op) {
    case ADD_N:
        for (long i = 0; i < iters; i++)
            c->p->add_n(c->rp, c->ap, c->bp, c->n);
        break;
    case SUB_N:
        for (long i = 0; i < iters; i++)
            c->p->sub_n(c->rp, c->ap, c->bp, c->n);
        break;
    case MUL_1:
        for (long i = 0; i < iters; i++)
            c->p->mul_1(c->rp, c->ap, c->n, c->v);
        break;
    case ADDMUL_1:
        for (long i = 0; i < iters; i++)
            c->p->addmul_1(c->rp, c->ap, c->n, c->v);
        break;
    case SUBMUL_1:
        for (long i = 0; i < iters; i++)
            c->p->submul_1(c->rp, c->ap, c->n, c->v);
        break;
    default:
        break;
    }
}

static void run_gmp(void *vc, long iters)
{
    const struct kctx *c = vc;
    switch (c->op) {
    case ADD_N:
        for (long i = 0; i < iters; i++)
            mpn_add_n(c->rp, c->ap, c->bp, c->n);
        break;
    case SUB_N:
        for (long i = 0; i < iters; i++)
            mpn_sub_n(c->rp, c->ap, c->bp, c->n);
        break;
    case MUL_1:
        for (long i = 0; i < iters; i++)
            mpn_mul_1(c->rp, c->ap, c->n, c->v);
        break;
    case ADDMUL_1:
        for (long i = 0; i < iters; i++)
            mpn_addmul_1(c->rp, c->ap, c->n, c->v);
        break;
    case SUBMUL_1:
        for (long i = 0; i < iters; i++)
            mpn_submul_1(c->rp, c->ap, c->n, c->v);
        break;
    default:
        break;
    }
}

/* One call of each on the same operands: results and carries must agree. */
static const char *check(bgc_bench *b, struct kctx *c, bgcn_limb_t *r2)
{
    bgcn_limb_t *r1 = c->rp, ce = 0, cg = 0;
    bgc_bench_random(r1, c->n);
    for (long i = 0; i < c->n; i++)
        r2[i] = r1[i];
    switch (c->op) {
    case ADD_N:
        ce = c->p->add_n(r1, c->ap, c->bp, c->n);
        cg = mpn_add_n(r2, c->ap, c->bp, c->n);
        break;
    case SUB_N:
        ce = c->p->sub_n(r1, c->ap, c->bp, c->n);
        cg = mpn_sub_n(r2, c->ap, c->bp, c->n);
        break;
    case MUL_1:
        ce = c->p->mul_1(r1, c->ap, c->n, c->v);
        cg = mpn_mul_1(r2, c->ap, c->n, c->v);
        break;
    case ADDMUL_1:
        ce = c->p->addmul_1(r1, c->ap, c->n, c->v);
        cg = mpn_addmul_1(r2, c->ap, c->n, c->v);
        break;
    case SUBMUL_1:
        ce = c->p->submul_1(r1, c->ap, c->n, c->v);
        cg = mpn_submul_1(r2, c->ap, c->n, c->v);
        break;
    default:
        break;
    }
    int same = bgc_bench_same(b, op_name[c->op], r1, r2, c->n);
    if (same && ce != cg) {
        fprintf(stderr, "bigcalc-bench: MISMATCH: %s (%s path): carry out\n",
                op_name[c->op], c->p->name);
        b->mismatches++;
        same = 0;
    }
    return same ? NULL : "MISMATCH";
}

void bgc_bench_rows_kernels(bgc_bench *b)
{
    static const long sizes[] = {8, 32, 256, 1000, 4000};
    const long maxn = 4000;
    bgcn_limb_t *rp = bgc_bench_alloc(maxn), *r2 = bgc_bench_alloc(maxn);
    bgcn_limb_t *ap = bgc_bench_alloc(maxn), *bp = bgc_bench_alloc(maxn);
    bgcn_limb_t v;
    bgc_bench_random(ap, maxn);
    bgc_bench_random(bp, maxn);
    bgc_bench_random(&v, 1);

    bgc_bench_table(b, "kernels per limb, every path (GMP timed once per size)",
                    BGC_BENCH_PER_LIMB);
    for (int op = 0; op < NOPS; op++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            struct kctx c = {op, NULL, rp, ap, bp, sizes[s], v};
            bgc_bench_time gmp = bgc_bench_measure(b, run_gmp, &c);
            const bgcn_kernels *p;
            for (int i = 0; (p = bgc_bench_next_path(b, &i));) {
                c.p = p;
                bgc_bench_row r = {
                    .op = op_name[op], .path = p->name, .size = c.n,
                    .unit = "limbs", .limbs = c.n,
                    .bytes = (double)c.n * sizeof(bgcn_limb_t), .gmp = gmp,
                };
                r.note = check(b, &c, r2);
                r.eng = bgc_bench_measure(b, run_engine, &c);
                bgc_bench_emit(b, &r);
            }
        }
    bgc_bench_free(rp);
    bgc_bench_free(r2);
    bgc_bench_free(ap);
    bgc_bench_free(bp);
}
