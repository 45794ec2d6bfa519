/* siqs.h -- the self-initialising quadratic sieve and its GF(2) linear
 * algebra (src/mpn/siqs*.c, src/mpn/gf2.c).
 *
 * The factoring driver (issue 11) removes small factors and perfect powers
 * first, then hands a composite cofactor of 30..100 digits to bgcn_siqs,
 * which returns one nontrivial factor.  The engine never prints: progress
 * goes through a caller-supplied callback. */
#ifndef BGCN_SIQS_H
#define BGCN_SIQS_H

#include "bgcn.h"

#include <stdint.h>

/* Phases reported through bgcn_siqs_progress_fn. */
enum bgcn_siqs_phase {
    BGCN_SIQS_SIEVING = 0, /* done = relations found, total = wanted */
    BGCN_SIQS_LINALG = 1,  /* done = 0, total = matrix columns */
    BGCN_SIQS_SQRT = 2     /* done = dependency tried, total = count */
};

/* Called from inside bgcn_siqs (never from a signal handler), about every
 * 50..500 ms of sieving and once per later phase; a REPL shows e.g.
 * "SIQS 6120/9843 relations".  It must not call back into bgcn_siqs. */
typedef void (*bgcn_siqs_progress_fn)(void *arg, int phase, long done,
                                      long total);

typedef struct bgcn_siqs_opts {
    bgcn_siqs_progress_fn progress; /* may be NULL */
    void *progress_arg;
    uint64_t seed; /* choice of the A coefficients; any value */
    /* Tuning and tests: 0 keeps the size-based choice of siqs.c. */
    long fb_size;      /* factor-base primes (50 .. 2^17) */
    long nblocks;      /* sieve interval in 32 KiB blocks (1 .. 64) */
    long lp_mult;      /* large primes up to this * the largest fb prime */
    long small_bound;  /* primes below it are not sieved (3 .. 1000) */
    double slack_bits; /* sieve threshold below log2 |g| - log2(lp max) */
    int dlp;           /* 1: one large prime only, 2: up to two */
    double dlp_exp;    /* two large primes: cofactors up to lp max^this */
} bgcn_siqs_opts;

/* Factor N = {np,nn} by the self-initialising quadratic sieve.
 *
 * N must be odd, composite, not a perfect power, and between 2^64 and
 * 2^400 (20..120 digits; sizes are tuned for 30..100 digits); np[nn-1] != 0,
 * nn >= 2.  N having a prime factor below the largest factor-base prime is
 * allowed (that factor is then found while the factor base is built).
 * opts may be NULL (no progress, seed 0).
 *
 * On BGCN_OK, *fn > 0 and {fp,*fn} (normalised) is a factor f of N with
 * 1 < f < N (checked by division before returning); fp needs nn limbs and
 * must not overlap np.  *fn == 0 with BGCN_OK means the method failed (N
 * prime, a perfect power, out of range, or every dependency gave a trivial
 * factor, which is very unlikely with 64 dependencies).  BGCN_EINTR when
 * bgcn_interrupt_flag was raised (polled at least every few milliseconds
 * of work), BGCN_ENOMEM when an allocation failed; nothing leaks either
 * way and {fp,nn} is then unspecified.
 *
 * Method: Knuth-Schroeppel multiplier k, factor base of primes p < 2^32
 * with (kN/p) = 1, polynomials (Ax+B)^2 - kN with A a product of s
 * factor-base primes and 2^(s-1) B values per A visited in Gray-code
 * order, a byte sieve over 32 KiB blocks (the smallest primes not sieved,
 * primes above the block size sieved through buckets), candidates checked
 * against the roots and the bucket entries, the single large-prime
 * variation with one or (above about 60 digits) two large primes (the
 * cycles of the large-prime graph, siqs_cycle.c), block Lanczos over GF(2)
 * (above bgcn_gf2_lanczos_min columns) or structured Gaussian elimination
 * then dense elimination (bgcn_gf2_nullspace), and a square root of the product of the
 * relations of each dependency.  Parameters by size in siqs.c. */
bgcn_status bgcn_siqs(bgcn_limb_t *fp, long *fn, const bgcn_limb_t *np,
                      long nn, const bgcn_siqs_opts *opts) BGCN_WUR;

/* Left null space over GF(2) of a sparse matrix of nrows rows and ncols
 * columns: row i has the column indices cols[start[i] .. start[i+1]-1]
 * (each < ncols; a column listed twice in a row cancels).  Finds up to 64
 * linearly independent nonzero vectors v with v * M = 0 and writes them as
 * bit masks: bit k of deps[i] is row i's coefficient in vector k (deps has
 * nrows entries).  *ndeps = min(64, nrows - rank(M)) when ncols <
 * bgcn_gf2_lanczos_min; from there on 1 <= *ndeps <= min(64, nrows -
 * rank(M)) when that is >= 1 (block Lanczos finds most, rarely all, of
 * them), else 0.  nrows, ncols >= 0.
 * Singleton columns are eliminated first; then block Lanczos (from
 * bgcn_gf2_lanczos_min columns; the steps below when it breaks down), or
 * low-weight columns merged (structured Gaussian elimination) and the rest
 * by dense elimination on 64-bit words.
 * Polls the interrupt flag.  Status BGCN_OK / BGCN_ENOMEM / BGCN_EINTR. */
bgcn_status bgcn_gf2_nullspace(uint64_t *deps, int *ndeps, long nrows,
                               long ncols, const uint32_t *cols,
                               const long *start) BGCN_WUR;
/* Dense parts of at least this many rows are eliminated eight columns at
 * a time through a table of pivot sums (the method of the four Russians),
 * smaller ones one column at a time; both give the same null space.  A
 * tunable: tests set it to 0 and to LONG_MAX to run each twin. */
extern long bgcn_gf2_m4ri_min;
/* Matrices of fewer columns skip the merges of the structured
 * elimination (singleton columns still go) and reach the dense step
 * whole: below about 2000 columns that is faster (Zen 1, 40-55 digits:
 * 4 -> 2 ms at 500 columns, 16 -> 11 ms at 1500, even at 2500).  A
 * tunable as above: tests run 0 and LONG_MAX. */
extern long bgcn_gf2_merge_min;
/* Matrices of at least this many columns go to block Lanczos once the
 * singletons are gone (gf2.c lanczos_solve); when it breaks down (twice,
 * from two random starts) the merges and the dense step run instead.
 * Measured on the Xeon of BENCHMARKS.md (2026-12-02, GF(2) time of
 * siqs-bench -v): 2000 columns 13 ms either way, 3600 26 ms against 39,
 * 6300 91 against 112, 8600 161 against 408, 14500 391 against 1073.
 * A tunable: tests run 0 and LONG_MAX. */
extern long bgcn_gf2_lanczos_min;

#endif /* BGCN_SIQS_H */
