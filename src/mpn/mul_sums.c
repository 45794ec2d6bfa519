/* mul_sums.c -- sums of products, each operand transformed once
 * (contract in bgcn.h; the transform-domain method in ntt_fp.c, "sums of
 * products").
 *
 * The half gcd's 2x2 matrix products and its matrix-times-vector
 * reductions (hgcd.c), and gcdext's cofactor updates (gcdext.c), are
 * sums of two products whose operands recur:
 * in the floating-point NTT each operand is transformed once and each
 * sum goes back once, where separate products transform every operand
 * once per product and every product back.  Below the sizes where that
 * pays, and as the tests' slow twin, the products are formed by
 * bgcn_mul_jobs (side by side on two threads) and added. */
#include "bgcn.h"

#include "nttfp-impl.h"

int bgcn_mul_sums_slow;

/* Smallest operand size (min(an, bn)) from which the sums go through the
 * transform domain.  Measured on the Zen 4 VM (AMD EPYC family 25 model
 * 17, avx512 path), bgcn_gcd of random n-limb pairs, one thread, best of
 * 15, time against the products path (minimum 10^8): n = 2000 flat
 * (0.99-1.02 for 300..2500), 3000 0.95 at 500 (0.96 at 300, 0.98 at
 * 1000-1500), 5000 0.95 at 500, 10^4 0.91 at 300-700, 0.95 at 1000. */
long bgcn_mul_sums_ntt_min = 500;

int bgcn_mul_sums_ntt_p(long an, long bn)
{
    return bgcn_kern.nttfp && !bgcn_mul_sums_slow &&
           (an < bn ? an : bn) >= bgcn_mul_sums_ntt_min;
}

static bgcn_status by_products(const bgcn_operand *A, const bgcn_operand *B,
                               const bgcn_sum_spec *S, int ns, long rn)
{
    int nsecond = 0;
    for (int s = 0; s < ns; s++)
        nsecond += S[s].nt == 2;
    bgcn_limb_t *tmp = NULL;
    if (nsecond && !(tmp = bgcn_alloc_limbs((size_t)(ns * rn))))
        return BGCN_ENOMEM;
    bgcn_mul_job jobs[8] = {{0}}; /* nj >= 1 below; gcc cannot tell */
    int nj = 0;
    for (int s = 0; s < ns; s++) {
        const bgcn_sum_spec *sp = &S[s];
        bgcn_zero(sp->rp, rn);
        for (int t = 0; t < sp->nt; t++) {
            const bgcn_operand *a = &A[sp->a[t]], *b = &B[sp->b[t]];
            bgcn_limb_t *dst = t == 0 ? sp->rp : tmp + s * rn;
            if (t)
                bgcn_zero(dst, rn);
            jobs[nj++] = (bgcn_mul_job){dst, a->p, a->n, b->p, b->n};
        }
    }
    bgcn_status st = bgcn_mul_jobs(jobs, nj);
    for (int s = 0; s < ns && st == BGCN_OK; s++)
        if (S[s].nt == 2) {
            bgcn_limb_t cy = bgcn_add_n(S[s].rp, S[s].rp, tmp + s * rn, rn);
            BGCN_ASSERT(cy == 0); /* the sum fits an + bn + 1 limbs */
            (void)cy;
        }
    bgcn_free_limbs(tmp);
    return st;
}

bgcn_status bgcn_mul_sums(const bgcn_operand *A, int na, const bgcn_operand *B,
                          int nb, const bgcn_sum_spec *S, int ns)
{
    BGCN_ASSERT(na >= 1 && na <= 4 && nb >= 1 && nb <= 4);
    BGCN_ASSERT(ns >= 1 && ns <= 4);
    long an = 1, bn = 1;
    for (int i = 0; i < na; i++)
        an = A[i].n > an ? A[i].n : an;
    for (int i = 0; i < nb; i++)
        bn = B[i].n > bn ? B[i].n : bn;
    for (int s = 0; s < ns; s++) {
        BGCN_ASSERT(S[s].nt == 1 || S[s].nt == 2);
        for (int t = 0; t < S[s].nt; t++)
            BGCN_ASSERT(S[s].a[t] >= 0 && S[s].a[t] < na &&
                        S[s].b[t] >= 0 && S[s].b[t] < nb);
        for (int i = 0; i < na; i++)
            BGCN_ASSERT(!BGCN_OVERLAP_P(S[s].rp, an + bn + 1, A[i].p, A[i].n));
        for (int i = 0; i < nb; i++)
            BGCN_ASSERT(!BGCN_OVERLAP_P(S[s].rp, an + bn + 1, B[i].p, B[i].n));
        for (int r = 0; r < s; r++)
            BGCN_ASSERT(!BGCN_OVERLAP_P(S[s].rp, an + bn + 1, S[r].rp,
                                        an + bn + 1));
    }
    long small = an < bn ? an : bn;
    if (bgcn_mul_sums_ntt_p(an, bn)) {
        int threads = bgcn_threads_for(small);
        int tasks = threads == 1 && bgcn_threads_usable() > 1;
        bgcn_status st = bgcn_mul_sums_nttfp_ops(A, na, B, nb, S, ns,
                                                 bgcn_kern.nttfp, threads,
                                                 tasks);
        if (st != BGCN_ENOMEM)
            return st;
        /* the transform arrays did not fit: the products need less */
    }
    return by_products(A, B, S, ns, an + bn + 1);
}
