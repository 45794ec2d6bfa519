/* nttfp-impl.h -- private to the floating-point NTT (ntt_fp.c, the
 * driver, and its kernels ntt_fp_avx2.c, ntt_fp_avx512.c and the scalar twin in
 * ntt_fp.c): the prime parameters and the table of kernels.
 *
 * Arithmetic: residues mod primes p < 2^50 held in doubles as signed
 * integers ("balanced": |x| <= 7p/8 between operations; the AVX2
 * kernels keep |x| <= p, their own analysis in ntt_fp_avx2.c).  A product a b
 * (|a| <= 2^51, |b| <= p) is h = fl(a b) plus its exact rounding error
 * l = fma(a, b, -h); with q = round(h / p) (from h * (1/p)), the integer
 * a b - q p = fma(-q, p, h) + l is exact in doubles and |a b - q p| <=
 * 7p/8: |a b / p| <= 2^50 and the computed quotient is off by at most
 * 3 * 2^-53 relative, 0.375, plus 0.5 for the rounding.  A sum
 * |s| <= 2^51 is reduced by s - p round(s / p) to |.| <= p/2 + 1.
 *
 * Kernels (one table per instruction set; the scalar twin computes every
 * result with exact 128-bit integer arithmetic instead of the double
 * trick, so a test comparing the two checks the trick itself).  Results
 * of the two may differ by multiples of p; nttfp_canon maps both to
 * [0, p).  Sizes are powers of two; the vector kernels need h >= 4 for
 * the single-level functions and m >= 16 for whole transforms. */
#ifndef BGCN_NTTFP_IMPL_H
#define BGCN_NTTFP_IMPL_H

#include "bgcn.h"

typedef struct {
    double p, pinv; /* the prime and fl(1/p) */
    bgcn_limb_t ip; /* the prime as an integer */
    double c32, c64; /* 2^32 and 2^64 mod p, balanced */
} nttfp_prime;

/* Twiddle table: tw[h + j] = w_{2h}^j (balanced, |.| <= p/2 + 1) for
 * h = 1, 2, 4, ..., L/2 and 0 <= j < h, w_{2h} a primitive 2h-th root of
 * unity; row h is contiguous.  The inverse uses w^-j = -w^(h-j). */
typedef struct nttfp_ops {
    const char *name;
    /* One DIF level on the block {x, 2h}, butterflies j0 <= j < j1:
     * (x_j, x_{j+h}) -> (x_j + x_{j+h}, (x_j - x_{j+h}) w_{2h}^j). */
    void (*fwd_level)(double *x, long h, long j0, long j1, const double *tw,
                      const nttfp_prime *P);
    /* The whole forward transform of {a, m}: natural order in, bit
     * reversed out. */
    void (*fwd)(double *a, long m, const double *tw, const nttfp_prime *P);
    /* One DIT level on {x, 2h}, j0 <= j < j1: t = x_{j+h} w_{2h}^-j,
     * (x_j, x_{j+h}) -> (x_j + t, x_j - t). */
    void (*inv_level)(double *x, long h, long j0, long j1, const double *tw,
                      const nttfp_prime *P);
    /* Inverse of fwd up to the factor m: bit reversed in, natural out. */
    void (*inv)(double *a, long m, const double *tw, const nttfp_prime *P);
    /* a_i = a_i b_i c for 0 <= i < n (b may equal a), c balanced. */
    void (*pointwise)(double *a, const double *b, long n, double c,
                      const nttfp_prime *P);
    /* dst_i = src_i * c for 0 <= i < n, reduced to |.| <= p/2 + 1 (dst
     * may equal src): the twiddle rows. */
    void (*scale)(double *dst, const double *src, long n, double c,
                  const nttfp_prime *P);
    /* r_i = coefficient i of {a, an} (nb bits each, 1 <= nb <= 96, bits
     * beyond the end are zero) mod p, balanced, for i0 <= i < i1. */
    void (*load)(double *r, long i0, long i1, const bgcn_limb_t *a, long an,
                 int nb, const nttfp_prime *P);
    /* Garner's mixed-radix digits of the coefficients i0 <= i < i1, in
     * place: on entry res[j][i] holds residue j (|.| < p_j, np = 2..4
     * primes P[0..np-1]); on exit the same words hold, as 64-bit
     * integers, digits y_j in [0, p_j) with the coefficient = y_0 +
     * p_0 (y_1 + p_1 (y_2 + p_2 y_3)).  c[j][l] (l < j) is p_l^-1 mod
     * p_j, balanced. */
    void (*crt_digits)(double *const res[], int np, long i0, long i1,
                       const nttfp_prime P[], const double c[4][4]);
    /* The truncated plan's ends (ntt_fp.c, "1.5 M points"), for j0 <= j
     * < j1 <= M/2, M >= 8 a power of two, tw a table with row M.
     * tft_split: on entry {x, 3M/2} holds the coefficients x_i
     * (balanced, |.| <= p/2 + 1); on exit x[M + j] = x_j + x_{j+M/2} +
     * x_{j+M} (the sum mod X^(M/2) - 1), x[j] = (x_j - x_{j+M})
     * w_{2M}^j and x[j + M/2] = x_{j+M/2} w_{2M}^(j+M/2) (the twisted
     * residue mod X^M + 1), |.| <= 7p/8.  tft_join: on entry x[j], x[j
     * + M/2] hold d_i w_{2M}^i (d = c mod X^M + 1) and x[M + j] the
     * coefficient j of c mod X^(M/2) - 1; on exit x[i] = c_i for i = j,
     * j + M/2, j + M (|.| <= 7p/8), given inv2 = 1/2 mod p
     * (balanced). */
    void (*tft_split)(double *x, long M, long j0, long j1, const double *tw,
                      const nttfp_prime *P);
    void (*tft_join)(double *x, long M, long j0, long j1, const double *tw,
                     double inv2, const nttfp_prime *P);
    /* Two levels in one pass over {x, 2h} (h >= 8), for radix-4
     * butterflies j0 <= j < j1 <= h/2 (multiples of 4): fwd_level2 is
     * fwd_level at h on j and j + h/2, then at h/2 on both halves, for
     * each j; inv_level2 the inverse order (inv_level at h/2 on both
     * halves, then at h on j and j + h/2).  May be NULL: the driver
     * then makes the same levels of those calls. */
    void (*fwd_level2)(double *x, long h, long j0, long j1, const double *tw,
                       const nttfp_prime *P);
    void (*inv_level2)(double *x, long h, long j0, long j1, const double *tw,
                       const nttfp_prime *P);
} nttfp_ops;

extern const nttfp_ops bgcn_nttfp_scalar;
#if defined(__x86_64__) && defined(__GNUC__)
#define BGCN_HAVE_NTTFP_AVX2 1
extern const nttfp_ops bgcn_nttfp_avx2;
#define BGCN_HAVE_NTTFP_AVX512 1
extern const nttfp_ops bgcn_nttfp_avx512;
/* The AVX2 set's truncated-plan ends, shared with the AVX-512 set (its
 * bounds, |x| <= 7p/8, are within theirs). */
void bgcn_nttfp_avx2_tft_split(double *x, long M, long j0, long j1,
                               const double *tw, const nttfp_prime *P);
void bgcn_nttfp_avx2_tft_join(double *x, long M, long j0, long j1,
                              const double *tw, double inv2,
                              const nttfp_prime *P);
#endif

/* Smallest M (a power of two) for a truncated plan of 3M/2 points;
 * lowered by the tests to reach the plan at small sizes. */
extern long bgcn_nttfp_tft_min;

/* {rp, an+bn} = {ap,an} * {bp,bn} (bp NULL: the square of {ap,an}, bn =
 * an) with the kernels ops on `threads` threads (1 .. 64); an >= bn >= 1,
 * rp not overlapping the sources.  BGCN_OK, BGCN_ENOMEM (also for sizes
 * beyond the largest transform) or BGCN_EINTR. */
bgcn_status bgcn_mul_nttfp_ops(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                               long an, const bgcn_limb_t *bp, long bn,
                               const nttfp_ops *ops, int threads) BGCN_WUR;
/* log2 of the transform length for an x bn, -1 if too large. */
int bgcn_nttfp_log2_len(long an, long bn);
/* Transform points (primes times length) of the an x bn product, 0 if
 * too large: what bgcn_mulmod_bnm1 compares the wrap-around product's
 * cost with. */
double bgcn_nttfp_cost(long an, long bn);
/* {rp,n} = {ap,an} * {bp,bn} mod (B^n - 1), fully reduced, by one cyclic
 * convolution of 2^k points with 2^k nb = 64 n (bp NULL: the square,
 * bn = an); 1 <= an, bn <= n; rp overlaps no source.  Only for n with
 * such a plan: bgcn_nttfp_bnm1_cost(n) != 0 (its points, as
 * bgcn_nttfp_cost), else BGCN_ENOMEM.  bgcn_nttfp_bnm1_size(n): the
 * smallest n' >= n whose plan is the cheapest of all sizes >= n.
 * Threads, interrupts and statuses as bgcn_mul_nttfp_ops. */
bgcn_status bgcn_mulmod_bnm1_nttfp_ops(bgcn_limb_t *rp, long n,
                                       const bgcn_limb_t *ap, long an,
                                       const bgcn_limb_t *bp, long bn,
                                       const nttfp_ops *ops,
                                       int threads) BGCN_WUR;
double bgcn_nttfp_bnm1_cost(long n);
long bgcn_nttfp_bnm1_size(long n);

/* Prepared operands (ntt_fp.c, "transform once, multiply many").
 * bgcn_nttfp_pre_init transforms A = {ap,an} under the plan of the full
 * an x bmax product (m = 0) or of the products mod B^m - 1 (m > 0, a
 * size with a cyclic plan: bgcn_nttfp_bnm1_cost(m) != 0; an, bmax <= m),
 * keeping the transforms, the tables and the working arrays in *out
 * (ap is not referenced afterwards).  bgcn_nttfp_pre_mul then writes
 * {rp, an+bn} = A B (m = 0) or {rp,m} = A B mod B^m - 1, fully reduced,
 * for B = {bp,bn}, 1 <= bn <= bmax, rp overlapping neither B nor
 * anything else; it uses the object's arrays, so one object serves one
 * product at a time.  Threads as given to init (1 .. 64).  Statuses:
 * BGCN_OK, BGCN_ENOMEM (also for sizes without a plan), BGCN_EINTR (*out
 * NULL after a failed init).  bgcn_nttfp_pre_free(NULL) is a no-op. */
typedef struct nttfp_pre nttfp_pre;
bgcn_status bgcn_nttfp_pre_init(nttfp_pre **out, const bgcn_limb_t *ap,
                                long an, long bmax, long m,
                                const nttfp_ops *ops, int threads) BGCN_WUR;
bgcn_status bgcn_nttfp_pre_mul(bgcn_limb_t *rp, nttfp_pre *pr,
                               const bgcn_limb_t *bp, long bn) BGCN_WUR;
void bgcn_nttfp_pre_free(nttfp_pre *pr);

/* bgcn_mul_sums (bgcn.h) on the kernels ops: threads > 1 splits every
 * step's transform across that many threads; tasks > 1 (with threads =
 * 1) runs the operands' transforms and the sums as the tasks of one run
 * instead, each whole on one thread.  BGCN_ENOMEM also for sizes beyond
 * the largest transform. */
bgcn_status bgcn_mul_sums_nttfp_ops(const bgcn_operand *A, int na,
                                    const bgcn_operand *B, int nb,
                                    const bgcn_sum_spec *S, int ns,
                                    const nttfp_ops *ops, int threads,
                                    int tasks) BGCN_WUR;

/* Bits [o, o + nb) of {a, an} (zero beyond the end) as two limbs, low
 * first, 1 <= nb < 128: the coefficient reader of both NTTs (ntt.c takes
 * the pair as one 128-bit value, the floating-point loads split it). */
static inline void bgcn_ntt_get_bits(const bgcn_limb_t *a, long an, long o,
                                     int nb, bgcn_limb_t v[2])
{
    long q = o / 64;
    int sh = (int)(o % 64);
    bgcn_limb_t l0, l1, l2;
    if (q + 2 < an) {
        l0 = a[q];
        l1 = a[q + 1];
        l2 = a[q + 2];
    } else {
        l0 = q < an ? a[q] : 0;
        l1 = q + 1 < an ? a[q + 1] : 0;
        l2 = q + 2 < an ? a[q + 2] : 0;
    }
    bgcn_limb_t v0 = l0, v1 = l1;
    if (sh) {
        v0 = (l0 >> sh) | (l1 << (64 - sh));
        v1 = (l1 >> sh) | (l2 << (64 - sh));
    }
    if (nb < 64) {
        v0 &= ((bgcn_limb_t)1 << nb) - 1;
        v1 = 0;
    } else {
        v1 &= ((bgcn_limb_t)1 << (nb - 64)) - 1;
    }
    v[0] = v0;
    v[1] = v1;
}

/* Bits [o, o + nb) of {a, an} as three 32-bit pieces (zero beyond the
 * end), nb <= 96. */
static inline void nttfp_get_bits(const bgcn_limb_t *a, long an, long o,
                                  int nb, bgcn_limb_t x[3])
{
    bgcn_limb_t v[2];
    bgcn_ntt_get_bits(a, an, o, nb, v);
    x[0] = v[0] & 0xffffffffu;
    x[1] = v[0] >> 32;
    x[2] = v[1];
}

/* x (|x| < 2^52, an integer) to [0, p). */
static inline bgcn_limb_t nttfp_canon(double x, const nttfp_prime *P)
{
    long long v = (long long)x % (long long)P->ip;
    return (bgcn_limb_t)(v < 0 ? v + (long long)P->ip : v);
}

#endif
