/* bgcn.h -- the bigcalc limb engine: every contract in one header.
 *
 * Natural numbers are little-endian arrays of 64-bit limbs.  The rules of
 * the whole layer (they mirror GMP's mpn rules so the two can be compared
 * call for call):
 *   - A source operand is a (pointer, limb count) pair {ap, an}; a
 *     destination is a pointer whose space the caller provides.
 *   - Sizes are >= 1 unless a contract says otherwise.  Nothing is
 *     normalised: high zero limbs are allowed in inputs and produced in
 *     outputs unless stated.
 *   - "may overlap exactly" means rp == ap is allowed; any other partial
 *     overlap between a destination and a source is forbidden.
 *   - The engine never prints and never exits.  Functions that allocate
 *     scratch or that run long return a bgcn_status (BGCN_OK, BGCN_ENOMEM,
 *     BGCN_EINTR) which the caller must check; on failure the destination
 *     contents are unspecified but no memory is leaked.
 *   - In builds configured with --enable-assert (BGCN_WANT_ASSERT) each
 *     contract is checked with BGCN_ASSERT.
 *
 * Symbols: every global of the engine starts with bgcn_.  Kernels (the hot
 * loops) are reached through the dispatch table bgcn_kern, so that one
 * entry point serves the portable C twin and each assembly path.
 *
 * The sections below follow the layers, lowest first: status and memory,
 * the kernel table, core operations, the Montgomery kernels,
 * multiplication, division, roots and gcd, Montgomery arithmetic and
 * exponentiation, number theory, radix conversion.  Each section uses
 * only those above it; a new function goes into the section of its layer
 * (new families -- factoring, the sieve, number-theory toolkit -- have
 * headers of their own).
 */
#ifndef BGCN_H
#define BGCN_H

#ifdef HAVE_CONFIG_H
#include "config.h" /* BGCN_WANT_ASSERT, BGC_HAVE_ASM_X86_64 */
#endif

#include <stddef.h>
#include <stdint.h>
#include <signal.h>

/* Every default crossover (BGCN_*_THRESHOLD and the per-path
 * multiplication sets) is in one place with its provenance. */
#include "thresholds.h"

typedef uint64_t bgcn_limb_t;
#define BGCN_LIMB_BITS 64
#define BGCN_LIMB_MAX (~(bgcn_limb_t)0)
#define BGCN_LIMB_HIGHBIT ((bgcn_limb_t)1 << 63)

#if defined(__GNUC__)
#define BGCN_WUR __attribute__((warn_unused_result))
#else
#define BGCN_WUR
#endif

/* ===================================================================== */
/* == Status, memory, interrupts (src/mpn/mem.c)                       == */
/* ===================================================================== */

typedef enum bgcn_status {
    BGCN_OK = 0,
    BGCN_ENOMEM = 1, /* an allocation failed */
    BGCN_EINTR = 2   /* bgcn_interrupt_flag was raised during the call */
} bgcn_status;

/* Propagate a non-OK status to the caller. */
#define BGCN_TRY(expr)                                                     \
    do {                                                                   \
        bgcn_status bgcn_try_st_ = (expr);                                 \
        if (bgcn_try_st_ != BGCN_OK)                                       \
            return bgcn_try_st_;                                           \
    } while (0)

/* Limb allocation for engine scratch.  Returns NULL on failure (never
 * aborts).  n may be 0 (returns a valid pointer to free).  Allocation can
 * be made to fail on purpose for tests with bgcn_alloc_fail_after. */
bgcn_limb_t *bgcn_alloc_limbs(size_t n) BGCN_WUR;
void bgcn_free_limbs(bgcn_limb_t *p);
/* Test hook: the k-th allocation from now (k >= 1) and every later one
 * fails; k = 0 disables the hook. */
void bgcn_alloc_fail_after(long k);
/* Set by a part of the engine that keeps freed blocks for reuse (the
 * NTT's array cache, ntt_fp.c): bgcn_alloc_limbs calls it and tries
 * once more before failing for the memory budget or malloc, so cached
 * blocks never make an allocation fail.  It must only free. */
extern void (*volatile bgcn_mem_reclaim)(void);

/* Set asynchronously (SIGINT handler) and polled by long loops: windows of
 * exponentiation, multiplication recursion levels, radix conversion chunks,
 * factorial/Fibonacci steps.  Polling returns BGCN_EINTR; the flag is
 * cleared by the caller (the evaluator) before the next statement. */
extern volatile sig_atomic_t bgcn_interrupt_flag;
#define BGCN_POLL()                                                        \
    do {                                                                   \
        if (bgcn_interrupt_flag)                                           \
            return BGCN_EINTR;                                             \
    } while (0)

#ifdef BGCN_WANT_ASSERT
#include <assert.h>
#define BGCN_ASSERT(c) assert(c)
#else
#define BGCN_ASSERT(c) ((void)0)
#endif

/* Overlap predicates used by the contract assertions.  An empty range
 * overlaps nothing (and may be a null pointer: no arithmetic on it). */
#define BGCN_OVERLAP_P(xp, xn, yp, yn)                                     \
    ((xn) > 0 && (yn) > 0 && (xp) + (xn) > (yp) && (yp) + (yn) > (xp))
#define BGCN_SAME_OR_SEPARATE_P(xp, yp, n)                                 \
    ((xp) == (yp) || !BGCN_OVERLAP_P(xp, n, yp, n))

/* ===================================================================== */
/* == Kernel dispatch table (src/mpn/kernels.c, src/asm)               == */
/* ===================================================================== */

/* The hot loops, one pointer each.  Every path must honour exactly the
 * contract of the inline wrapper of the same name below. */
typedef struct bgcn_kernels {
    const char *name; /* "generic", "x86_64", "adx", ... */
    bgcn_limb_t (*add_n)(bgcn_limb_t *, const bgcn_limb_t *,
                         const bgcn_limb_t *, long);
    bgcn_limb_t (*sub_n)(bgcn_limb_t *, const bgcn_limb_t *,
                         const bgcn_limb_t *, long);
    bgcn_limb_t (*mul_1)(bgcn_limb_t *, const bgcn_limb_t *, long,
                         bgcn_limb_t);
    bgcn_limb_t (*addmul_1)(bgcn_limb_t *, const bgcn_limb_t *, long,
                            bgcn_limb_t);
    bgcn_limb_t (*submul_1)(bgcn_limb_t *, const bgcn_limb_t *, long,
                            bgcn_limb_t);
    void (*mul_basecase)(bgcn_limb_t *, const bgcn_limb_t *, long,
                         const bgcn_limb_t *, long);
    void (*sqr_basecase)(bgcn_limb_t *, const bgcn_limb_t *, long);
    /* Montgomery product (CIOS or equivalent), see the Montgomery section
     * for the contract of bgcn_mont_mul_n. */
    void (*mont_mul_n)(bgcn_limb_t *, const bgcn_limb_t *,
                       const bgcn_limb_t *, const bgcn_limb_t *, long,
                       bgcn_limb_t);
    void (*mont_sqr_n)(bgcn_limb_t *, const bgcn_limb_t *,
                       const bgcn_limb_t *, long, bgcn_limb_t);
    /* Optional (NULL on most paths): REDC to an almost-reduced residue
     * for BGCN_MONT_ALMOST_MIN .. BGCN_MONT_ALMOST_MAX limbs, see
     * bgcn_mont_almost_mul below for the contract. */
    void (*redc_almost)(bgcn_limb_t *, bgcn_limb_t *, const bgcn_limb_t *,
                        long, bgcn_limb_t);
    /* Optional (NULL on most paths): residue arithmetic in the path's
     * own form, which the exponentiation (powm_form.c) uses for the
     * moduli it takes (bgcn_residue_ops below). */
    const struct bgcn_residue_ops *residue;
    /* Optional (NULL: the integer NTT of ntt.c): the vector kernels of
     * the floating-point NTT (src/mpn/nttfp-impl.h) for huge products. */
    const struct nttfp_ops *nttfp;
    /* What else the CPU is known to run when this path runs (BGCN_CAP_*
     * bits, 0 on most paths), for engine code with vector twins of its
     * own; bgcn_cpu_supported admits the path only if all of them hold.
     * Code asks for a capability, never for a path by name. */
    unsigned caps;
} bgcn_kernels;
/* AVX-512 F and BW with the OS saving zmm/opmask state: the sieve's
 * AVX-512 twins (siqs_scan.c, siqs_bucket.c).  Set by the avx512 path. */
#define BGCN_CAP_AVX512BW 1u
/* AVX2 with the OS saving ymm state: the sieve's AVX2 twins.  Set by the
 * bmi2, adx and avx512 paths (cpu.c admits them only with AVX2). */
#define BGCN_CAP_AVX2 2u
/* AVX-512 F and IFMA with the OS saving zmm/opmask state: ECM's stage 1
 * on eight curves at once (factor_ecm_ifma.c).  Set by the avx512 path. */
#define BGCN_CAP_IFMA 4u
/* The vector kernel sets of the floating-point NTT a path may name
 * (src/mpn/ntt_fp_avx2.c, ntt_fp_avx512.c; the type is nttfp-impl.h's,
 * which the kernel table does not need to see). */
extern const struct nttfp_ops bgcn_nttfp_avx2, bgcn_nttfp_avx512;

/* Residues modulo an odd m of n limbs held in a kernel path's own form
 * (the avx512 path: 52-bit digits), so that an exponentiation converts
 * once each way instead of at every product.  The form is a Montgomery
 * domain of R = 2^rbits > m chosen by the kernel, and an element may
 * hold any value below 2m (the IFMA form picks R >= 4m so that products
 * can skip the final subtraction: "almost Montgomery").  The kernel does representation and
 * products only; entering the domain (a division) and leaving it (a
 * product by 1) are the engine's (powm_form.c).
 *   min_n .. max_n  the moduli it takes: max_n is what the kernel can
 *                   hold, min_n where it starts to pay (thresholds.h;
 *                   any 1 <= min_n is correct, tests lower it)
 *   layout          for n limbs: esz limbs per element (a multiple of
 *                   8, so elements in an array stay aligned), ctxn
 *                   limbs of context, rbits
 *   init            {ctx,ctxn} from m = {mp,n} (odd, mp[n-1] != 0) and
 *                   minv = -m^-1 mod 2^64
 *   to              element e holding the value {yp,n} (y < 2m)
 *   from            {rp,n} = the value of element e (< 2m) reduced mod m
 *   mul, sqr        r = a b R^-1 (a^2 R^-1) mod m, r < 2m, for elements
 *                   a, b < 2m; r may equal a and/or b
 * Context and elements must be 64-byte aligned and must not overlap
 * (except r with a/b as said).  No allocation, no failure.  Constant
 * time: no branch or address depends on the values. */
typedef struct bgcn_residue_ops {
    long min_n, max_n;
    void (*layout)(long n, long *esz, long *ctxn, unsigned long *rbits);
    void (*init)(bgcn_limb_t *ctx, const bgcn_limb_t *mp, long n,
                 bgcn_limb_t minv);
    void (*to)(const bgcn_limb_t *ctx, bgcn_limb_t *e,
               const bgcn_limb_t *yp);
    void (*from)(const bgcn_limb_t *ctx, bgcn_limb_t *rp,
                 const bgcn_limb_t *e);
    void (*mul)(const bgcn_limb_t *ctx, bgcn_limb_t *r, const bgcn_limb_t *a,
                const bgcn_limb_t *b);
    void (*sqr)(const bgcn_limb_t *ctx, bgcn_limb_t *r, const bgcn_limb_t *a);
} bgcn_residue_ops;
/* The portable twin (mont_mul_n.c): plain Montgomery residues through
 * bgcn_mont_mul_n_c, for 1 .. BGCN_MONT_SQR_KERNEL_MAX limbs; installed
 * by tests only. */
extern const bgcn_residue_ops bgcn_residue_c;

/* The active table.  Starts as the generic (portable C) path; replaced
 * once at start-up by bgcn_cpu_select. */
extern bgcn_kernels bgcn_kern;

/* Every path compiled in, best first, NULL-terminated; entries whose CPU
 * features are missing on this machine are excluded by
 * bgcn_cpu_supported. */
extern const bgcn_kernels *const bgcn_kernel_paths[];
/* 1 if this machine can run path p. */
int bgcn_cpu_supported(const bgcn_kernels *p);
/* Install the best path the CPU supports, narrowed to NAME when NAME is
 * not NULL.  Returns 0 on success, -1 when NAME is unknown or not
 * supported here (the table is then unchanged).  Never widens past what
 * CPUID/XGETBV report. */
int bgcn_cpu_select(const char *name);
/* Look up a compiled-in path by name (NULL if none); for tests. */
const bgcn_kernels *bgcn_kernel_path(const char *name);

/* The portable C twins (src/mpn): the "generic" path. */
bgcn_limb_t bgcn_add_n_c(bgcn_limb_t *, const bgcn_limb_t *,
                         const bgcn_limb_t *, long);
bgcn_limb_t bgcn_sub_n_c(bgcn_limb_t *, const bgcn_limb_t *,
                         const bgcn_limb_t *, long);
bgcn_limb_t bgcn_mul_1_c(bgcn_limb_t *, const bgcn_limb_t *, long,
                         bgcn_limb_t);
bgcn_limb_t bgcn_addmul_1_c(bgcn_limb_t *, const bgcn_limb_t *, long,
                            bgcn_limb_t);
bgcn_limb_t bgcn_submul_1_c(bgcn_limb_t *, const bgcn_limb_t *, long,
                            bgcn_limb_t);
void bgcn_mul_basecase_c(bgcn_limb_t *, const bgcn_limb_t *, long,
                         const bgcn_limb_t *, long);
void bgcn_sqr_basecase_c(bgcn_limb_t *, const bgcn_limb_t *, long);
void bgcn_mont_mul_n_c(bgcn_limb_t *, const bgcn_limb_t *,
                       const bgcn_limb_t *, const bgcn_limb_t *, long,
                       bgcn_limb_t);
void bgcn_mont_sqr_n_c(bgcn_limb_t *, const bgcn_limb_t *,
                       const bgcn_limb_t *, long, bgcn_limb_t);

/* {rp,n} = {ap,n} + {bp,n}; returns the carry (0 or 1).  n >= 1.  rp may
 * overlap ap and/or bp exactly. */
static inline bgcn_limb_t bgcn_add_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     const bgcn_limb_t *bp, long n)
{
    return bgcn_kern.add_n(rp, ap, bp, n);
}
/* {rp,n} = {ap,n} - {bp,n}; returns the borrow (0 or 1).  n >= 1.  rp may
 * overlap ap and/or bp exactly. */
static inline bgcn_limb_t bgcn_sub_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     const bgcn_limb_t *bp, long n)
{
    return bgcn_kern.sub_n(rp, ap, bp, n);
}
/* {rp,n} = {ap,n} * b; returns the high limb.  n >= 1.  rp may equal ap. */
static inline bgcn_limb_t bgcn_mul_1(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     long n, bgcn_limb_t b)
{
    return bgcn_kern.mul_1(rp, ap, n, b);
}
/* {rp,n} += {ap,n} * b; returns the high limb (carry out).  n >= 1.  rp
 * and ap must not overlap unless rp == ap. */
static inline bgcn_limb_t bgcn_addmul_1(bgcn_limb_t *rp,
                                        const bgcn_limb_t *ap, long n,
                                        bgcn_limb_t b)
{
    return bgcn_kern.addmul_1(rp, ap, n, b);
}
/* {rp,n} -= {ap,n} * b; returns the high limb of the amount borrowed
 * (so that {rp,n} - ret*B^n is the true result).  n >= 1.  rp and ap must
 * not overlap unless rp == ap. */
static inline bgcn_limb_t bgcn_submul_1(bgcn_limb_t *rp,
                                        const bgcn_limb_t *ap, long n,
                                        bgcn_limb_t b)
{
    return bgcn_kern.submul_1(rp, ap, n, b);
}
/* {rp,an+bn} = {ap,an} * {bp,bn} by schoolbook.  an >= bn >= 1.  rp must
 * not overlap either source. */
static inline void bgcn_mul_basecase(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     long an, const bgcn_limb_t *bp, long bn)
{
    bgcn_kern.mul_basecase(rp, ap, an, bp, bn);
}
/* {rp,2n} = {ap,n}^2 by schoolbook squaring.  n >= 1.  rp must not
 * overlap ap. */
static inline void bgcn_sqr_basecase(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     long n)
{
    bgcn_kern.sqr_basecase(rp, ap, n);
}

/* ===================================================================== */
/* == Core: copy, compare, add/sub forms, shifts (src/mpn/core)        == */
/* ===================================================================== */

/* {rp,n} = {ap,n}; n >= 0; rp may equal ap (copy is then a no-op) but no
 * other overlap. */
void bgcn_copyi(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n);
/* {rp,n} = 0; n >= 0. */
void bgcn_zero(bgcn_limb_t *rp, long n);
/* Returns the size of {ap,n} with high zero limbs stripped (0 for zero);
 * n >= 0.  Inline: the gcd and division loops call it after every step
 * on numbers of a few limbs, where a call was 5% of a gcdext. */
static inline long bgcn_normalized_size(const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 0);
    while (n > 0 && ap[n - 1] == 0)
        n--;
    return n;
}
/* {rp,n} = {ap,n} copied from the top down; n >= 0; rp may overlap ap
 * when rp >= ap (moving data up), otherwise no overlap. */
void bgcn_copyd(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n);

/* Returns 1, 0 or -1 as {ap,n} >, ==, < {bp,n}.  n >= 0 (0 compares
 * equal).  Not constant time. */
int bgcn_cmp(const bgcn_limb_t *ap, const bgcn_limb_t *bp, long n);
/* Compares the values {ap,an} and {bp,bn} of possibly different sizes
 * (high zero limbs allowed); an, bn >= 0.  Returns 1, 0 or -1. */
int bgcn_cmp2(const bgcn_limb_t *ap, long an, const bgcn_limb_t *bp,
              long bn);

/* {rp,n} = {ap,n} + b; returns the carry (0 or 1).  n >= 1.  rp may equal
 * ap; no other overlap.  Stops early once the carry dies (src/mpn/add.c). */
bgcn_limb_t bgcn_add_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                       bgcn_limb_t b);
/* {rp,n} = {ap,n} - b; returns the borrow (0 or 1).  n >= 1.  rp may equal
 * ap; no other overlap. */
bgcn_limb_t bgcn_sub_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                       bgcn_limb_t b);
/* {rp,an} = {ap,an} + {bp,bn}; returns the carry (0 or 1).
 * an >= bn >= 0, an >= 1.  rp may equal ap and/or bp; no other overlap. */
bgcn_limb_t bgcn_add(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                     const bgcn_limb_t *bp, long bn);
/* {rp,an} = {ap,an} - {bp,bn}; returns the borrow (0 or 1).
 * an >= bn >= 0, an >= 1.  rp may equal ap and/or bp; no other overlap. */
bgcn_limb_t bgcn_sub(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                     const bgcn_limb_t *bp, long bn);

/* {rp,n} = {ap,n} << cnt (mod B^n); returns the bits shifted out of the
 * top, in the low cnt bits of the result (ap[n-1] >> (64-cnt)).
 * n >= 1, 1 <= cnt <= 63.  rp may overlap ap when rp >= ap
 * (src/mpn/shift.c). */
bgcn_limb_t bgcn_lshift(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                        unsigned cnt);
/* {rp,n} = {ap,n} >> cnt; returns the bits shifted out of the bottom, in
 * the high cnt bits of the result (ap[0] << (64-cnt)).  n >= 1,
 * 1 <= cnt <= 63.  rp may overlap ap when rp <= ap. */
bgcn_limb_t bgcn_rshift(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                        unsigned cnt);

/* ===================================================================== */
/* == Montgomery kernels (src/mpn/mont_mul_n.c, src/asm)               == */
/* ===================================================================== */

/* {rp,n} = {ap,n} * {bp,n} * 2^(-64n) mod {mp,n}, fully reduced (< m).
 * m odd, m's top limb nonzero, n >= 1; minv = -m^-1 mod 2^64; a, b < m.
 * rp may equal ap and/or bp; rp must not overlap mp.  Constant time: no
 * branch or address depends on the values of a, b (the final conditional
 * subtraction is masked). */
static inline void bgcn_mont_mul_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                   const bgcn_limb_t *bp,
                                   const bgcn_limb_t *mp, long n,
                                   bgcn_limb_t minv)
{
    bgcn_kern.mont_mul_n(rp, ap, bp, mp, n, minv);
}
/* Same as bgcn_mont_mul_n(rp, ap, ap, mp, n, minv). */
static inline void bgcn_mont_sqr_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                   const bgcn_limb_t *mp, long n,
                                   bgcn_limb_t minv)
{
    bgcn_kern.mont_sqr_n(rp, ap, mp, n, minv);
}

/* ===================================================================== */
/* == Multiplication (src/mpn/mul*.c, toom*.c, ntt*.c)                 == */
/* ===================================================================== */

/* {rp,an+bn} = {ap,an} * {bp,bn}.  an >= bn >= 1.  rp must not overlap
 * either source.  Picks schoolbook, Karatsuba, Toom or NTT by size.
 * Returns BGCN_OK, or BGCN_ENOMEM / BGCN_EINTR (rp then unspecified). */
bgcn_status bgcn_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                     const bgcn_limb_t *bp, long bn) BGCN_WUR;
/* {rp,2n} = {ap,n}^2.  n >= 1.  rp must not overlap ap.  Status as
 * bgcn_mul. */
bgcn_status bgcn_sqr(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                     long n) BGCN_WUR;

/* Independent products side by side (src/mpn/mul_jobs.c).  Job i:
 * {rp, an + bn} = {ap, an} * {bp, bn} for any an, bn >= 0 (an or bn 0:
 * the job is skipped, rp untouched).  No rp may overlap another job's rp
 * or any job's operands; operands may be shared.  With more than one
 * thread and every job's smaller operand at least bgcn_mul_jobs_min
 * limbs, the jobs are the tasks of one bgcn_par_run (each product then on
 * one thread), else they run in order.  Returns BGCN_OK, or a failing
 * job's status (ENOMEM / EINTR; every result then unspecified).  n <= 64.  Any bgcn_mul_jobs_min
 * >= 1 is correct (tests move it). */
typedef struct bgcn_mul_job {
    bgcn_limb_t *rp;
    const bgcn_limb_t *ap;
    long an;
    const bgcn_limb_t *bp;
    long bn;
} bgcn_mul_job;
bgcn_status bgcn_mul_jobs(const bgcn_mul_job *jobs, int n) BGCN_WUR;
extern long bgcn_mul_jobs_min;

/* Sums of products (src/mpn/mul_sums.c): for each sum s < ns,
 *   {S[s].rp, an + bn + 1} = A[a0] * B[b0] + A[a1] * B[b1]
 * (a0, a1 = S[s].a[0..1], b0, b1 = S[s].b[0..1]; S[s].nt = 1: the
 * first product alone), an and bn the largest sizes among the na
 * operands A and the nb operands B.  An operand {p, n} has n >= 0 limbs
 * (n = 0 is zero; the top limb need not be nonzero); an, bn >= 1; 1 <=
 * na, nb <= 4, 1 <= ns <= 4.  No rp overlaps an operand or another rp.
 * Where bgcn_mul would multiply an x bn by the floating-point NTT, each
 * operand is transformed once and each sum leaves the transform domain
 * once (8 forward and 4 inverse transforms for a 2x2 matrix product,
 * against 21 for Strassen's seven products), on the threads of
 * bgcn_threads_for(min(an, bn)), or as the tasks of one run below that
 * size; elsewhere (or when bgcn_mul_sums_slow is set, or the transform
 * arrays do not fit the memory budget) the products are formed by
 * bgcn_mul_jobs and added: the slow twin the tests compare with.
 * BGCN_OK, BGCN_ENOMEM or BGCN_EINTR (the results then unspecified). */
typedef struct bgcn_operand {
    const bgcn_limb_t *p;
    long n;
} bgcn_operand;
typedef struct bgcn_sum_spec {
    bgcn_limb_t *rp;
    int nt;      /* 1 or 2 terms */
    int a[2], b[2];
} bgcn_sum_spec;
bgcn_status bgcn_mul_sums(const bgcn_operand *A, int na, const bgcn_operand *B,
                          int nb, const bgcn_sum_spec *S, int ns) BGCN_WUR;
/* Whether bgcn_mul_sums with largest sizes an, bn works in the transform
 * domain (from bgcn_mul_sums_ntt_min limbs, settable by the tests). */
int bgcn_mul_sums_ntt_p(long an, long bn);
extern int bgcn_mul_sums_slow;
extern long bgcn_mul_sums_ntt_min;

/* Crossover sizes (limbs of the smaller operand) used by bgcn_mul and
 * bgcn_sqr; defaults and how they were measured in src/mpn/thresholds.h.
 * Writable so the tuning program and the tests can move them (not while
 * a multiplication runs). */
extern long bgcn_mul_toom22_threshold, bgcn_mul_toom33_threshold,
    bgcn_mul_toom44_threshold, bgcn_mul_toom6_threshold,
    bgcn_mul_toom42_threshold, bgcn_mul_ntt_threshold;
extern long bgcn_sqr_toom2_threshold, bgcn_sqr_toom3_threshold,
    bgcn_sqr_toom4_threshold, bgcn_sqr_toom6_threshold,
    bgcn_sqr_ntt_threshold;
/* The NTT's cost doubles at each power-of-two transform length 2^k, so
 * above bgcn_*_ntt_threshold it is used only when (an + bn) / 2 >=
 * bgcn_*_ntt_min_k[k] for the length it would use (k < BGCN_NTT_KTAB;
 * longer transforms always). */
#define BGCN_NTT_KTAB 24
extern long bgcn_mul_ntt_min_k[BGCN_NTT_KTAB], bgcn_sqr_ntt_min_k[BGCN_NTT_KTAB];
/* The avx512 path's Montgomery product and square (mont_ifma.c) take the
 * IFMA kernel from these sizes (limbs), the ADX kernels below; installed
 * with the rest (per CPU: the set "avx512 emr" has its own).  Any value
 * >= 1 is correct (tests move them). */
extern long bgcn_mont_mul_ifma_min, bgcn_mont_sqr_ifma_min;
/* (src/mpn/thresholds.c)  Installs all of the above from the set tuned for kernel path PATH
 * ("generic", "x86_64", "bmi2", "adx", "avx512"; an unknown name gets the
 * generic set and returns -1, else 0: tests/asm/test-abi checks that
 * every path of the table has a set of its own) on this CPU: a set tuned
 * for this CPU model and that path when thresholds.h has one (keyed by
 * vendor, family and a model range, see bgcn_cpu_ident), else the path's
 * own set.  Called by bgcn_cpu_select, so the crossovers always follow
 * the kernels in use; a caller that moves them afterwards keeps its
 * values. */
int bgcn_mul_thresholds_select(const char *path);

/* The CPU as CPUID names it: vendor string ("AuthenticAMD",
 * "GenuineIntel"), display family and model (base plus extended fields,
 * as the vendors' manuals combine them), brand string.  All empty/zero
 * where there is no CPUID (no x86-64 assembly built in).  Only the
 * threshold sets are keyed on it (and tune/ reports it); the kernel
 * choice goes by feature bits.  src/asm/x86_64/cpu.c, else thresholds.c. */
typedef struct {
    char vendor[13];
    unsigned family, model;
    char brand[49];
} bgcn_cpu_id;
void bgcn_cpu_ident(bgcn_cpu_id *id);

/* bgcn_mul_thresholds_select as if running on CPU *id (tests, tuning);
 * returns the name of the set installed: the path's name, or the per-CPU
 * set's ("adx zen1").  Static storage. */
const char *bgcn_mul_thresholds_select_cpu(const char *path,
                                           const bgcn_cpu_id *id);
/* The name of the set the last select installed (same form). */
const char *bgcn_mul_thresholds_name(void);
/* The per-CPU sets, for tune/ and the tests: entry i (0, 1, ... until it
 * returns 0) gives its name, the path it refines, its macro prefix in
 * thresholds.h ("ADX_ZEN1") and its key; *model_lo .. *model_hi is the
 * model range. */
int bgcn_mul_thresholds_cpu_set(int i, const char **name, const char **path,
                                const char **macro, const char **vendor,
                                unsigned *family, unsigned *model_lo,
                                unsigned *model_hi);

/* Each algorithm, callable directly (tests, tuning).  The Toom functions
 * do one level of their own algorithm and hand their sub-products back to
 * the size-based choice; they never allocate: scratch must have at least
 * bgcn_mul_toom_itch(an) limbs and must not overlap rp or the sources.
 * rp must not overlap either source.  They return BGCN_OK or BGCN_EINTR
 * (BGCN_ENOMEM only if a sub-product reaches the NTT threshold).
 *   toom22: {rp,an+bn} = {ap,an}*{bp,bn}, ceil(an/2) < bn <= an.
 *   toom33: same, 2*ceil(an/3) < bn <= an.
 *   toom44: same, 3*ceil(an/4) < bn <= an.
 *   sqr_toom2/3/4: {rp,2an} = {ap,an}^2 with an >= 2 / an = 3 or an >= 5
 *   / 3*ceil(an/4) < an (an = 4, 7, 8 or an >= 10).
 *   toomk (src/mpn/toomk.c, odd-even Toom-k, 5 <= k <= 7):
 *   {rp,an+bn} = {ap,an}*{bp,bn}, (k-1)*ceil(an/k) < bn <= an;
 *   sqr_toomk: {rp,2an} = {ap,an}^2, (k-1)*ceil(an/k) < an.
 *   toom42 (toomk.c, a in 4 pieces, b in 2): {rp,an+bn} = {ap,an}*{bp,bn},
 *   ceil(an/4) < bn <= 2*ceil(an/4), an >= 13. */
long bgcn_mul_toom_itch(long an);
bgcn_status bgcn_mul_toom22(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                            const bgcn_limb_t *bp, long bn,
                            bgcn_limb_t *scratch) BGCN_WUR;
bgcn_status bgcn_mul_toom33(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                            const bgcn_limb_t *bp, long bn,
                            bgcn_limb_t *scratch) BGCN_WUR;
bgcn_status bgcn_mul_toom44(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                            const bgcn_limb_t *bp, long bn,
                            bgcn_limb_t *scratch) BGCN_WUR;
bgcn_status bgcn_sqr_toom2(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           bgcn_limb_t *scratch) BGCN_WUR;
bgcn_status bgcn_sqr_toom3(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           bgcn_limb_t *scratch) BGCN_WUR;
bgcn_status bgcn_sqr_toom4(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           bgcn_limb_t *scratch) BGCN_WUR;
bgcn_status bgcn_mul_toomk(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           const bgcn_limb_t *bp, long bn, int k,
                           bgcn_limb_t *scratch) BGCN_WUR;
bgcn_status bgcn_sqr_toomk(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           int k, bgcn_limb_t *scratch) BGCN_WUR;
bgcn_status bgcn_mul_toom42(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                            const bgcn_limb_t *bp, long bn,
                            bgcn_limb_t *scratch) BGCN_WUR;
/* Number-theoretic transform product (src/mpn/ntt.c): the kernel path's
 * floating-point NTT when it has one (bgcn_kern.nttfp, ntt_fp.c), else
 * two or three primes 2^61 < p < 2^62 with 2^42 | p-1 (two when the
 * operands fit their narrower coefficients; choose_size in ntt.c) and
 * Garner CRT.  {rp,an+bn} = {ap,an}*{bp,bn}, an >= bn >= 1, an + bn
 * below 2^41 limbs; rp must not overlap the sources.  The prime NTT
 * allocates 6 * 2^k limbs (5 * 2^k to square), 2^k the transform length
 * (at most about 1.5 (an + bn)).  Returns BGCN_OK, BGCN_ENOMEM or
 * BGCN_EINTR. */
bgcn_status bgcn_mul_ntt(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                         const bgcn_limb_t *bp, long bn) BGCN_WUR;
/* {rp,2n} = {ap,n}^2 by NTT (one forward transform per prime). */
bgcn_status bgcn_sqr_ntt(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                         long n) BGCN_WUR;

/* Wrap-around and middle products for Newton iterations
 * (src/mpn/mulmod.c).  Each squares when given the same operand twice
 * (ap == bp, an == bn), transforming it once.  None of them lets rp
 * overlap a source.  Status BGCN_OK, BGCN_ENOMEM or BGCN_EINTR (rp then
 * unspecified).
 *   mulmod_bnm1: {rp,n} = {ap,an} * {bp,bn} mod (B^n - 1), fully reduced
 *     (0 <= result < B^n - 1), 1 <= an, bn <= n.
 *   mulmod_bnp1: {rp,n+1} = {ap,an} * {bp,bn} mod (B^n + 1), fully
 *     reduced (0 <= result <= B^n, so rp[n] is 0 or 1 and 1 only for B^n),
 *     1 <= an, bn <= n + 1 (any operand values).
 *   mulmid: the middle product of {ap,an} and {bp,bn}, an >= bn >= 1,
 *     m = an - bn + 1: {rp,m+2} = floor(A B / B^(bn-1)) mod B^(m+2), or
 *     that plus one (mod B^(m+2)): the limbs bn-1 .. an+1 of the full
 *     product, where a wrap-around implementation may carry one unit in
 *     from the limbs below (callers of Newton steps absorb it).
 *   mulmod_bnm1_next_size: a size >= n at which mulmod_bnm1 is about as
 *     cheap as anywhere near it (any n is valid for mulmod_bnm1). */
bgcn_status bgcn_mulmod_bnm1(bgcn_limb_t *rp, long n, const bgcn_limb_t *ap,
                             long an, const bgcn_limb_t *bp,
                             long bn) BGCN_WUR;
bgcn_status bgcn_mulmod_bnp1(bgcn_limb_t *rp, long n, const bgcn_limb_t *ap,
                             long an, const bgcn_limb_t *bp,
                             long bn) BGCN_WUR;
bgcn_status bgcn_mulmid(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                        const bgcn_limb_t *bp, long bn) BGCN_WUR;
long bgcn_mulmod_bnm1_next_size(long n);
/* Products with one operand fixed: transform once, multiply many
 * (src/mpn/mulmod.c).  bgcn_mulpre_init prepares A = {ap,an} for
 * products by operands of at most bmax limbs: full products when m = 0,
 * products mod B^m - 1 when m >= 1 (an, bmax <= m; m is best a size
 * from bgcn_mulmod_bnm1_next_size).  On the paths with the
 * floating-point NTT, where the product is one, A's transforms are kept
 * (nttfp-impl.h), so each product transforms only the other operand;
 * elsewhere, and with bgcn_mulpre_slow set (tests), every product is a
 * plain bgcn_mul / bgcn_mulmod_bnm1 from {ap,an} (the twin).  {ap,an}
 * must stay unchanged until bgcn_mulpre_clear.  bgcn_mulpre_mul:
 * {rp,an+bn} = A B (m = 0) or {rp,m} = A B mod B^m - 1 fully reduced
 * (0 <= result < B^m - 1), B = {bp,bn}, 1 <= bn <= bmax; rp overlaps
 * neither operand; one product at a time per object.  Status BGCN_OK,
 * BGCN_ENOMEM, BGCN_EINTR (after a failed init the object needs no
 * clear; bgcn_mulpre_clear of a cleared object is a no-op). */
typedef struct bgcn_mulpre {
    const bgcn_limb_t *ap;
    long an, bmax, m;
    struct nttfp_pre *ntt; /* NULL: plain products */
} bgcn_mulpre;
bgcn_status bgcn_mulpre_init(bgcn_mulpre *pp, const bgcn_limb_t *ap, long an,
                             long bmax, long m) BGCN_WUR;
bgcn_status bgcn_mulpre_mul(bgcn_limb_t *rp, bgcn_mulpre *pp,
                            const bgcn_limb_t *bp, long bn) BGCN_WUR;
void bgcn_mulpre_clear(bgcn_mulpre *pp);
extern int bgcn_mulpre_slow;

/* On the paths with the floating-point NTT, bgcn_mulmod_bnm1 of n limbs
 * from this size (and operands of at least n/4 limbs) is one cyclic
 * transform of n limbs (mod B^n - 1 by the transform's own wrap) when
 * that has fewer points than the full product's, and
 * bgcn_mulmod_bnm1_next_size rounds n up to a size that has such a
 * transform; below it, and on the other paths, the full product folded.
 * Any value >= 1 is correct (tests lower it); measured in mulmod.c. */
extern long bgcn_mulmod_bnm1_ntt_threshold;

/* Threads (src/mpn/threads.c).  The engine's large products split their
 * transforms across a small pool of threads; every result is the same for
 * every thread count.  bgcn_threads_set(n): use n threads (1 .. 64; 0 =
 * the default, the CPUs this process may run on, from sched_getaffinity);
 * returns 0, or -1 for a count out of range (unchanged).  Not to be called
 * while a product runs.  bgcn_threads_get: the count in effect.
 * bgcn_threads_min_limbs: products whose smaller operand has fewer limbs
 * run on one thread (the start-up of a run costs more than it saves);
 * the floating-point NTT product (bgcn_mul_ntt) asks for (an + bn)/2
 * instead, its transform length's balanced equivalent.
 * bgcn_par_run(n, fn, ctx): calls fn(ctx, t) once for each t in [0, n),
 * spread over the threads, and returns when all have returned; the
 * caller's thread takes part.  Tasks must not depend on which thread runs
 * them or in which order; a run started from inside a task is serial.
 * The minimum, measured on the Zen 4 VM (bgcn_mul, 2 threads against 1):
 * with the two vCPUs close (an empty run 0.1-0.2 us) threads paid from
 * 1500 limbs (1.27x; 1.54x at 10^4), but at other times (an empty run
 * 0.5-0.9 us: the host had put them far apart) 5000 limbs took 0.59 ms
 * against 0.49 and 10^4 limbs broke even; from 10^4 limbs neither loses. */
#define BGCN_THREADS_MIN_LIMBS 10000
extern long bgcn_threads_min_limbs;
int bgcn_threads_set(int n);
int bgcn_threads_get(void);
/* The threads a bgcn_par_run started here would use: bgcn_threads_get(),
 * or 1 inside a task (a nested run is serial).  Callers that split work
 * only for a parallel run ask this.  bgcn_threads_for(limbs): the threads
 * for a product whose smaller operand has that many limbs (1 below
 * bgcn_threads_min_limbs). */
int bgcn_threads_usable(void);
int bgcn_threads_for(long limbs);
int bgcn_threads_default(void);
typedef void (*bgcn_task_fn)(void *ctx, int t);
void bgcn_par_run(int n, bgcn_task_fn fn, void *ctx);
/* How many times a pool worker has taken part in a run (read by the
 * tests: a run on T threads adds at most T - 1). */
extern unsigned long bgcn_threads_joins;

/* ===================================================================== */
/* == Division (src/mpn/div*.c)                                        == */
/* ===================================================================== */

/* For d with its top bit set: floor((2^128 - 1) / d) - 2^64, the 2/1
 * reciprocal used by the division loops. */
bgcn_limb_t bgcn_invert_limb(bgcn_limb_t d);
/* {qp,n} = floor({np,n} / d); returns {np,n} mod d.  n >= 1, d != 0.  qp
 * may equal np. */
bgcn_limb_t bgcn_divrem_1(bgcn_limb_t *qp, const bgcn_limb_t *np, long n,
                          bgcn_limb_t d);
/* Returns {np,n} mod d.  n >= 1, d != 0. */
bgcn_limb_t bgcn_mod_1(const bgcn_limb_t *np, long n, bgcn_limb_t d);
/* Truncating division: {qp,nn-dn+1} = floor(N/D), {rp,dn} = N mod D for
 * N = {np,nn}, D = {dp,dn}.  nn >= dn >= 1, dp[dn-1] != 0.  qp or rp may be
 * NULL when that part is not wanted (quotient-only / remainder-only).  No
 * output may overlap an input or the other output.  Status as bgcn_mul. */
bgcn_status bgcn_tdiv_qr(bgcn_limb_t *qp, bgcn_limb_t *rp,
                         const bgcn_limb_t *np, long nn,
                         const bgcn_limb_t *dp, long dn) BGCN_WUR;

/* The algorithms behind bgcn_tdiv_qr, callable directly (tests, tuning).
 * They work on a normalised divisor: dp[dn-1] has its top bit set. */

/* 3/2 reciprocal of the normalised <d1,d0> (d1 top bit set):
 * floor((2^192 - 1) / (d1*2^64 + d0)) - 2^64. */
bgcn_limb_t bgcn_invert_3by2(bgcn_limb_t d1, bgcn_limb_t d0);
/* Schoolbook division, in place: N = {np,nn}, D = {dp,dn} normalised,
 * nn >= dn >= 2, dinv = bgcn_invert_3by2(dp[dn-1], dp[dn-2]).  Writes the
 * low nn-dn quotient limbs to {qp,nn-dn} and returns the high quotient
 * limb (0 or 1); {np,dn} becomes the remainder (the rest of np is
 * clobbered).  qp must not overlap np or dp; np must not overlap dp.
 * O(dn*(nn-dn)); never allocates. */
bgcn_limb_t bgcn_sbpi1_div_qr(bgcn_limb_t *qp, bgcn_limb_t *np, long nn,
                              const bgcn_limb_t *dp, long dn,
                              bgcn_limb_t dinv);
/* The same with {dcp,dn-2} = the ones' complement of D's low dn-2 limbs
 * (~dp[i]), precomputed by the caller (it must not overlap np): adds the
 * row products to the complement instead of subtracting them, with the
 * faster addmul_1 kernel (how and why: src/mpn/div_sb.c).  dcp is not
 * read when dn = 2.  bgcn_sbpi1_div_qr is its slow twin. */
bgcn_limb_t bgcn_sbpi1c_div_qr(bgcn_limb_t *qp, bgcn_limb_t *np, long nn,
                               const bgcn_limb_t *dp, const bgcn_limb_t *dcp,
                               long dn, bgcn_limb_t dinv);
/* Divide and conquer (recursive Burnikel–Ziegler), in place, same
 * arguments and results as bgcn_sbpi1_div_qr except that the high quotient
 * limb goes to *qhp.  Recurses down to schoolbook below
 * bgcn_div_dc_threshold limbs (any value >= 4 is correct; tests lower it),
 * bgcn_sbpi1c_div_qr on slices of one complement of D.
 * Allocates 2dn limbs; returns BGCN_OK, BGCN_ENOMEM or BGCN_EINTR. */
bgcn_status bgcn_dcpi1_div_qr(bgcn_limb_t *qhp, bgcn_limb_t *qp,
                              bgcn_limb_t *np, long nn,
                              const bgcn_limb_t *dp, long dn,
                              bgcn_limb_t dinv) BGCN_WUR;
/* bgcn_tdiv_qr uses divide and conquer when both the divisor and the
 * quotient have at least this many limbs (default BGCN_DIV_DC_THRESHOLD
 * in thresholds.h, which says how it was set; see src/mpn/div_dc.c). */
extern long bgcn_div_dc_threshold;

/* Newton reciprocal and division by multiplication (src/mpn/div_newton.c).
 * bgcn_invertappr: for a normalised D = {dp,n} (n >= 1), {ip,n} = I with
 * X - c <= B^n + I <= X for X = floor((B^2n - 1) / D) and a small c (a
 * few units; 0 below bgcn_inv_newton_threshold, where it is exact).  ip
 * must not overlap dp.  Newton's iteration from the reciprocal of D's top
 * half; cost about two products of n limbs.  Status BGCN_OK, BGCN_ENOMEM,
 * BGCN_EINTR. */
bgcn_status bgcn_invertappr(bgcn_limb_t *ip, const bgcn_limb_t *dp,
                            long n) BGCN_WUR;
/* Block-wise Barrett ("mu") division, in place, same arguments and
 * results as bgcn_dcpi1_div_qr (normalised {dp,dn}, dn >= 1, nn >= dn,
 * quotient {qp,nn-dn} plus *qhp, remainder {np,dn}, the rest of np
 * clobbered).  Allocates; status as bgcn_invertappr. */
bgcn_status bgcn_mu_div_qr(bgcn_limb_t *qhp, bgcn_limb_t *qp, bgcn_limb_t *np,
                           long nn, const bgcn_limb_t *dp,
                           long dn) BGCN_WUR;
/* The inverse bgcn_mu_div_qr uses, for callers that divide many numbers
 * by one divisor: bgcn_mu_div_inv_size(nn, dn) is the inverse size it
 * picks for nn-limb dividends (1 <= in <= dn; any such in is valid);
 * bgcn_mu_div_inverse writes the inverse of the top in limbs of the
 * normalised {dp,dn} to {ip,in} (no overlap); bgcn_mu_div_qr_preinv then
 * divides as bgcn_mu_div_qr with it, for any nn >= dn. */
long bgcn_mu_div_inv_size(long nn, long dn);
bgcn_status bgcn_mu_div_inverse(bgcn_limb_t *ip, const bgcn_limb_t *dp,
                                long dn, long in) BGCN_WUR;
bgcn_status bgcn_mu_div_qr_preinv(bgcn_limb_t *qhp, bgcn_limb_t *qp,
                                  bgcn_limb_t *np, long nn,
                                  const bgcn_limb_t *dp, long dn,
                                  const bgcn_limb_t *ip, long in) BGCN_WUR;
/* bgcn_invertappr is exact below this size (divides B^2n - 1 by D);
 * bgcn_tdiv_qr uses bgcn_mu_div_qr when the divisor and the quotient both
 * have at least bgcn_mu_div_threshold limbs.  Any values >= 1 are
 * correct (tests lower them); the defaults are measured, see
 * src/mpn/div_newton.c. */
extern long bgcn_inv_newton_threshold, bgcn_mu_div_threshold;

/* Exact division (Hensel / Jebelean, developed from the low end).
 * d^-1 mod 2^64 for odd d. */
bgcn_limb_t bgcn_binvert_limb(bgcn_limb_t d);
/* {qp,n} = {np,n} / d where d != 0 divides {np,n} exactly (otherwise the
 * result is unspecified, but no memory outside {qp,n} is touched).
 * n >= 1.  qp may equal np. */
void bgcn_divexact_1(bgcn_limb_t *qp, const bgcn_limb_t *np, long n,
                     bgcn_limb_t d);
/* {qp,nn-dn+1} = N / D for D = {dp,dn} dividing N = {np,nn} exactly
 * (otherwise the quotient is unspecified).  nn >= dn >= 1, dp[dn-1] != 0.
 * qp must not overlap np or dp.  Returns BGCN_OK, BGCN_ENOMEM or
 * BGCN_EINTR. */
bgcn_status bgcn_divexact(bgcn_limb_t *qp, const bgcn_limb_t *np, long nn,
                          const bgcn_limb_t *dp, long dn) BGCN_WUR;
/* bgcn_divexact uses the quotient-only division (bgcn_tdiv_qr) when both
 * the quotient and the divisor have at least this many limbs (measured:
 * the Hensel basecase wins up to about 300 limbs, see divexact.c). */

/* ===================================================================== */
/* == Roots and GCD (src/mpn/sqrtrem.c, rootrem.c, perfpow.c, gcd*.c)  == */
/* ===================================================================== */

/* Square root with remainder (Karatsuba square root): {sp,ceil(nn/2)} =
 * floor(sqrt(N)) for N = {np,nn}, nn >= 1, np[nn-1] != 0.  When rp is not
 * NULL it receives the remainder N - s^2 (room for nn limbs; rn limbs
 * written); when rnp is not NULL, *rnp = the normalised size of the
 * remainder (0 iff N is a perfect square).  sp and rp must not overlap np
 * or each other.  Returns BGCN_OK, BGCN_ENOMEM or BGCN_EINTR. */
bgcn_status bgcn_sqrtrem(bgcn_limb_t *sp, bgcn_limb_t *rp, long *rnp,
                         const bgcn_limb_t *np, long nn) BGCN_WUR;
/* floor(sqrt(n)) for any 64-bit n (no libm, no rounding trouble): the
 * one-word root the sieves and the 64-bit factoring path use. */
uint64_t bgcn_sqrt_u64(uint64_t n);
/* k-th root with remainder: {rootp,*rootn} = floor(N^(1/k)) for
 * N = {np,nn}, nn >= 1, np[nn-1] != 0, k >= 1 (*rootn normalised; rootp
 * needs nn/k + 1 limbs).  When remp is not NULL it receives N - root^k
 * (room for nn limbs); when remn is not NULL, *remn = the remainder's
 * normalised size (0 iff N is a perfect k-th power).  Outputs must not
 * overlap np or each other.  Newton's iteration from a start built
 * recursively from the root of N's top part; k = 2 is bgcn_sqrtrem.
 * Returns BGCN_OK, BGCN_ENOMEM or BGCN_EINTR. */
bgcn_status bgcn_rootrem(bgcn_limb_t *rootp, long *rootn, bgcn_limb_t *remp,
                         long *remn, const bgcn_limb_t *np, long nn,
                         unsigned long k) BGCN_WUR;
/* *result = 1 if N = {np,nn} is a perfect power x^k with k >= 2 (1 counts:
 * 1 = 1^2), else 0.  nn >= 1, np[nn-1] != 0.  Returns BGCN_OK,
 * BGCN_ENOMEM or BGCN_EINTR (*result then unspecified). */
bgcn_status bgcn_perfect_power_p(int *result, const bgcn_limb_t *np,
                                 long nn) BGCN_WUR;


/* Binary gcd of one-limb numbers; gcd(0, v) = v, gcd(u, 0) = u. */
bgcn_limb_t bgcn_gcd_11(bgcn_limb_t u, bgcn_limb_t v);
/* Binary gcd of the two-limb numbers <u1,u0> and <v1,v0> into {gp,2};
 * zero operands as bgcn_gcd_11. */
void bgcn_gcd_22(bgcn_limb_t *gp, bgcn_limb_t u1, bgcn_limb_t u0,
                 bgcn_limb_t v1, bgcn_limb_t v0);
/* {gp,*gn} = gcd(U, V) for U = {up,un}, V = {vp,vn}, both nonzero with
 * nonzero top limbs (any order of sizes); gp needs min(un,vn) limbs and
 * must not overlap the inputs, which are not modified.  *gn is the
 * normalised size.  Half-gcd reductions (bgcn_hgcd_reduce) from
 * bgcn_gcd_dc_threshold limbs, then Lehmer's algorithm with double-limb
 * steps, binary gcd at one and two limbs: O(M(n) log n).  Returns BGCN_OK,
 * BGCN_ENOMEM or BGCN_EINTR. */
bgcn_status bgcn_gcd(bgcn_limb_t *gp, long *gn, const bgcn_limb_t *up,
                     long un, const bgcn_limb_t *vp, long vn) BGCN_WUR;
/* Extended gcd: as bgcn_gcd, plus the cofactor s of U with
 * s*U = g (mod V) and |s| <= V/(2g) (s = 0 when g = V), written as its
 * magnitude {sp,|*sn|} with the sign in *sn (0 for s = 0).  sp needs vn
 * limbs and must not overlap the inputs or gp.  (The other cofactor is
 * t = (g - s*U)/V, exact.)  Same algorithms as bgcn_gcd (half-gcd from
 * bgcn_gcdext_dc_threshold), cofactors carried along.  Status as
 * bgcn_gcd. */
bgcn_status bgcn_gcdext(bgcn_limb_t *gp, long *gn, bgcn_limb_t *sp,
                        long *sn, const bgcn_limb_t *up, long un,
                        const bgcn_limb_t *vp, long vn) BGCN_WUR;
/* Modular inverse: when gcd(A, M) = 1, {rp,mn} = A^-1 mod M in [0, M) and
 * *ok = 1; otherwise *ok = 0 and {rp,mn} is unspecified.  A = {ap,an},
 * an >= 0 (A = 0 allowed, any size; reduced mod M first), M = {mp,mn},
 * mn >= 1, mp[mn-1] != 0.  Modulo M = 1 every A is invertible (inverse 0).
 * rp must not overlap ap or mp.  Status as bgcn_gcd. */
bgcn_status bgcn_invert(bgcn_limb_t *rp, int *ok, const bgcn_limb_t *ap,
                        long an, const bgcn_limb_t *mp, long mn) BGCN_WUR;

/* Half gcd (the engine of the subquadratic bgcn_gcd).  A 2x2 matrix of
 * nonnegative entries, each {p[i][j], n} (zero-padded; cap limbs of room). */
typedef struct bgcn_hgcd_matrix {
    long cap, n;
    int det; /* the determinant, +1 or -1 */
    bgcn_limb_t *p[2][2];
} bgcn_hgcd_matrix;
/* Sets m to the identity with room for cap limbs per entry (ENOMEM). */
bgcn_status bgcn_hgcd_matrix_init(bgcn_hgcd_matrix *m, long cap) BGCN_WUR;
void bgcn_hgcd_matrix_clear(bgcn_hgcd_matrix *m);
/* For A = {ap,n} >= B = {bp,*bn} (n >= 2, *an == n, ap[n-1] != 0; both
 * buffers have n+1 limbs, B zero-padded): reduces the pair in place by
 * Euclid steps as long as both stay >= B^s, s = n/2 + 1 (nothing to do if
 * B < B^s already), so that on return A_out >= B_out >= B^s when anything
 * was done; updates *an, *bn, and multiplies m (cap >= n/2 + 8) on the
 * right by the matrix M of the steps: (A_in, B_in) = M (A_out, B_out),
 * det M = +-1, so gcd(A_out, B_out) = gcd(A_in, B_in).  Recursive above
 * bgcn_hgcd_threshold limbs (O(M(n) log n)), Lehmer steps below.
 * Returns BGCN_OK, BGCN_ENOMEM or BGCN_EINTR. */
bgcn_status bgcn_hgcd(bgcn_limb_t *ap, long *an, bgcn_limb_t *bp, long *bn,
                      long n, bgcn_hgcd_matrix *m) BGCN_WUR;
/* One half-gcd reduction of a whole pair through its top part: runs
 * bgcn_hgcd on the limbs above p of A >= B (A = {ap,*an} normalised, both
 * buffers *an + 1 limbs, B zero-padded, *bn > p) and applies the matrix to
 * the whole pair (the low parts with 4 products of p by about (an-p)/2
 * limbs), when that keeps both nonnegative; then *progress = 1, the pair
 * is replaced (A >= B again) and m, if not NULL, is multiplied by the
 * matrix.  Otherwise *progress = 0 and nothing changes.  Status as
 * bgcn_hgcd. */
bgcn_status bgcn_hgcd_reduce(int *progress, bgcn_limb_t *ap, long *an,
                             bgcn_limb_t *bp, long *bn, long p,
                             bgcn_hgcd_matrix *m) BGCN_WUR;
/* Thresholds (limbs; variables so tests can move them, any value >= 4 is
 * correct): bgcn_hgcd recurses from bgcn_hgcd_threshold, bgcn_gcd uses
 * half-gcd steps from bgcn_gcd_dc_threshold.  Measured with the generic
 * kernels (how: src/mpn/hgcd.c): flat optimum, 100..150 and 400..700. */
extern long bgcn_hgcd_threshold;
extern long bgcn_gcd_dc_threshold;
/* bgcn_gcdext's own: it takes half-gcd steps while the smaller number
 * has this many limbs, then finishes the small pair by a gcdext of its
 * own and recovers U's cofactor from it (gcdext.c); measured in
 * thresholds.h. */
extern long bgcn_gcdext_dc_threshold;
/* Tests only: nonzero makes bgcn_gcd and bgcn_gcdext take their slow
 * twins instead of the fast paths that have one (gcd.c, gcdext.c say
 * which); results are the same either way. */
extern int bgcn_gcd_slow_twins;
/* (end of Roots and GCD) */

/* ===================================================================== */
/* == Montgomery and exponentiation (src/mpn/mont*.c, powm*.c)         == */
/* ===================================================================== */

/* -m0^-1 mod 2^64 for odd m0 (Newton iteration). */
bgcn_limb_t bgcn_mont_minv(bgcn_limb_t m0);

/* {rp,n} = {tp,2n} * 2^(-64n) mod {mp,n} (REDC), fully reduced.
 * m odd, mp[n-1] != 0, minv = -m^-1 mod 2^64, T = {tp,2n} < m * 2^(64n)
 * (true for any product of two values < m).  {tp,2n} is clobbered.  rp
 * must not overlap mp; rp may equal tp or tp + n; nothing else overlaps.
 * Constant time (no branch or address depends on the value of T).  Uses
 * the dispatched addmul_1. */
void bgcn_redc_n(bgcn_limb_t *rp, bgcn_limb_t *tp, const bgcn_limb_t *mp,
                 long n, bgcn_limb_t minv);

/* Moduli up to BGCN_MONT_KERNEL_MAX limbs multiply with the Montgomery
 * kernel (bgcn_mont_mul_n), and square with bgcn_mont_sqr_n up to
 * BGCN_MONT_SQR_KERNEL_MAX (thresholds.h); larger ones use
 * bgcn_mul/bgcn_sqr plus bgcn_redc_n. */

/* A Montgomery context for an odd modulus m of n limbs, R = 2^(64n).
 * Values in Montgomery form are n-limb residues aR mod m (< m). */
typedef struct bgcn_mont {
    long n;            /* limbs of m (mp[n-1] != 0) */
    bgcn_limb_t minv;  /* -m^-1 mod 2^64 */
    bgcn_limb_t *mp;   /* copy of m, n limbs */
    bgcn_limb_t *r2;   /* R^2 mod m, n limbs */
    bgcn_limb_t *one;  /* R mod m (1 in Montgomery form), n limbs */
    bgcn_limb_t *tp;   /* scratch for the product, 2n limbs */
} bgcn_mont;

/* Set up ctx for m = {mp,n}: n >= 1, mp[n-1] != 0, m odd (m = 1 is
 * allowed: every residue is then 0).  Allocates; on failure nothing is
 * left to free.  Status BGCN_OK / BGCN_ENOMEM. */
bgcn_status bgcn_mont_init(bgcn_mont *ctx, const bgcn_limb_t *mp,
                           long n) BGCN_WUR;
/* Frees what bgcn_mont_init took; ctx may be zero-filled (no-op). */
void bgcn_mont_clear(bgcn_mont *ctx);
/* {rp,n} = A * R mod m for A = {ap,an}, an >= 1, any size (reduced
 * first).  rp must not overlap ap.  Status as bgcn_mul. */
bgcn_status bgcn_mont_to(bgcn_mont *ctx, bgcn_limb_t *rp,
                         const bgcn_limb_t *ap, long an) BGCN_WUR;
/* {rp,n} = {ap,n} * R^-1 mod m (out of Montgomery form), fully reduced;
 * a < R (an almost-reduced residue as well: REDC of a < R is at most m,
 * and its final subtraction takes m to 0).  rp may equal ap. */
void bgcn_mont_from(bgcn_mont *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap);
/* {rp,n} = a * b * R^-1 mod m; a, b < m (n limbs each).  rp may equal ap
 * and/or bp.  Status as bgcn_mul (always BGCN_OK when
 * n <= BGCN_MONT_KERNEL_MAX). */
bgcn_status bgcn_mont_mul(bgcn_mont *ctx, bgcn_limb_t *rp,
                          const bgcn_limb_t *ap,
                          const bgcn_limb_t *bp) BGCN_WUR;
/* {rp,n} = a^2 * R^-1 mod m.  As bgcn_mont_mul. */
bgcn_status bgcn_mont_sqr(bgcn_mont *ctx, bgcn_limb_t *rp,
                          const bgcn_limb_t *ap) BGCN_WUR;
/* {rp,n} = {tp,2n} * R^-1 mod m, T < m*R; {tp,2n} clobbered.  Overlap as
 * bgcn_redc_n. */
void bgcn_mont_redc(bgcn_mont *ctx, bgcn_limb_t *rp, bgcn_limb_t *tp);

/* Almost-reduced Montgomery residues for the exponentiations: values
 * below R = B^n that are a R mod m up to a multiple of m.  Products of
 * such values stay below R when the REDC subtracts m only on its carry
 * (the path's redc_almost), which lets the next product start before a
 * full reduction's borrow chain ends.  bgcn_mont_almost_p: whether the
 * active path has them for ctx's n (BGCN_MONT_ALMOST_MIN ..
 * BGCN_MONT_ALMOST_MAX limbs, thresholds.h).  mul / sqr: {rp,n} =
 * a b R^-1 (a^2 R^-1) mod m, almost reduced, for a, b < R (reduced or
 * not); rp may equal ap and/or bp; constant time (no branch or address
 * depends on a or b); only when bgcn_mont_almost_p(ctx).
 * bgcn_mont_from takes such a value back to a fully reduced one. */
int bgcn_mont_almost_p(const bgcn_mont *ctx);
/* The portable twin of redc_almost: {rp,n} = {tp,2n} * R^-1 mod m up to
 * a multiple of m, < R, for any {tp,2n}; m subtracted once iff the
 * carries overflow R.  Overlap and arguments as bgcn_redc_n. */
void bgcn_redc_almost_n(bgcn_limb_t *rp, bgcn_limb_t *tp, const bgcn_limb_t *mp,
                        long n, bgcn_limb_t minv);
void bgcn_mont_almost_mul(bgcn_mont *ctx, bgcn_limb_t *rp,
                          const bgcn_limb_t *ap, const bgcn_limb_t *bp);
void bgcn_mont_almost_sqr(bgcn_mont *ctx, bgcn_limb_t *rp,
                          const bgcn_limb_t *ap);

/* {rp,mn} = B^E mod M for B = {bp,bn}, E = {ep,en}, M = {mp,mn}.
 * bn, en >= 1 (any value, high zeros allowed: E = 0 gives 1 mod M, B >= M
 * is reduced first); mn >= 1, mp[mn-1] != 0; M odd or even (even M is
 * split as 2^k * odd and recombined by CRT).  M = 1 gives 0.  Naturals
 * only: for a negative base the caller uses (-B)^E = (-1)^E * B^E.
 * Left-to-right sliding window over odd powers; base 2 uses modular
 * doublings instead of multiplications.  Not constant time.  rp must not
 * overlap any input.  Polls BGCN_POLL once per window.  Status BGCN_OK /
 * BGCN_ENOMEM / BGCN_EINTR. */
bgcn_status bgcn_powm(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                      const bgcn_limb_t *ep, long en, const bgcn_limb_t *mp,
                      long mn) BGCN_WUR;
/* Window size (bits) bgcn_powm uses for an exponent of ebits bits. */
int bgcn_powm_window(unsigned long ebits);

/* Constant-time {rp,mn} = B^E mod M: as bgcn_powm but M must be odd, and
 * no branch or memory address depends on the value of E (only on en):
 * fixed window, every window multiplies, the table is read by a full
 * masked scan, all products go through constant-time schoolbook/CIOS code
 * or the path's residue form (bgcn_residue_ops, powm_form.c).
 * The timing may depend on B, M, bn, en, mn.  rp must not overlap any
 * input.  Status as bgcn_powm. */
bgcn_status bgcn_powm_sec(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                          const bgcn_limb_t *ep, long en,
                          const bgcn_limb_t *mp, long mn) BGCN_WUR;

/* ===================================================================== */
/* == Number theory (src/mpn/prime.c, jacobi.c, nextprime.c, fac.c,    == */
/* ==   fib.c, bin.c)                                                  == */
/* ===================================================================== */

/* Source of random limbs for extra Miller-Rabin rounds: returns 64
 * uniformly random bits; state is the caller's.  The engine has no RNG. */
typedef bgcn_limb_t (*bgcn_rand_fn)(void *state);

/* Primality of N = {np,nn} (nn >= 1, high zeros allowed).  *result:
 * 0 composite (or N < 2), 1 probably prime (passed BPSW and the extra
 * rounds), 2 surely prime (N < 2^64, where BPSW is exact).  BPSW = trial
 * division, strong base-2 Miller-Rabin, strong Lucas with Selfridge's
 * parameters (perfect squares excluded first).  When reps > 0 and N >=
 * 2^64, reps extra strong Miller-Rabin rounds follow with bases in
 * [2, N-2] drawn from rnd(rnd_state) (rnd may be NULL only when reps is
 * 0).  Status BGCN_OK / BGCN_ENOMEM / BGCN_EINTR. */
bgcn_status bgcn_isprime(int *result, const bgcn_limb_t *np, long nn,
                         int reps, bgcn_rand_fn rnd,
                         void *rnd_state) BGCN_WUR;
/* Smallest prime > N = {np,nn} (nn >= 1, any value).  Writes it to rp
 * (room for nn + 1 limbs) and its normalised size to *rn.  rp must not
 * overlap np.  Sieves a window of candidates by the small primes, then
 * runs BPSW on the survivors.  Status as bgcn_isprime. */
bgcn_status bgcn_nextprime(bgcn_limb_t *rp, long *rn, const bgcn_limb_t *np,
                           long nn) BGCN_WUR;
/* Largest prime < N = {np,nn}; N >= 3 (normalised value).  rp has room
 * for nn limbs; *rn gets the normalised size.  As bgcn_nextprime. */
bgcn_status bgcn_prevprime(bgcn_limb_t *rp, long *rn, const bgcn_limb_t *np,
                           long nn) BGCN_WUR;
/* Jacobi symbol (A/N) in *result (-1, 0, 1) for A = {ap,an} (an >= 1, any
 * value), N = {np,nn} odd (np[0] odd).  Status BGCN_OK / BGCN_ENOMEM. */
bgcn_status bgcn_jacobi(int *result, const bgcn_limb_t *ap, long an,
                        const bgcn_limb_t *np, long nn) BGCN_WUR;
/* Jacobi symbol (a/n) for limbs, n odd. */
int bgcn_jacobi_11(bgcn_limb_t a, bgcn_limb_t n);

/* Size bounds, so a caller can refuse an oversized result before any
 * allocation: each returns an upper bound on the limbs of the result
 * (at least 1), or -1 if that bound exceeds LONG_MAX / 4. */
long bgcn_fac_size(uint64_t n);
long bgcn_fib_size(uint64_t n);   /* also bounds lucas(n) */
long bgcn_bin_size(uint64_t n, uint64_t k);

/* n!: writes it to rp (room for bgcn_fac_size(n) limbs), its normalised
 * size to *rn.  Odd parts multiplied by binary splitting (the odd part of
 * n! is a product of powers of odd-number ranges), then a shift by the
 * power of two n - popcount(n).  Polls BGCN_POLL.  Status as bgcn_powm. */
bgcn_status bgcn_fac(bgcn_limb_t *rp, long *rn, uint64_t n) BGCN_WUR;
/* {rp,mn} = n! mod M, M = {mp,mn}, mp[mn-1] != 0, M odd or even.  O(n)
 * one-limb multiply-and-reduce steps (several factors packed per limb).
 * rp must not overlap mp.  Status as bgcn_powm. */
bgcn_status bgcn_fac_mod(bgcn_limb_t *rp, uint64_t n, const bgcn_limb_t *mp,
                         long mn) BGCN_WUR;
/* Fibonacci F(n) and Lucas L(n) by fast doubling: rp has room for
 * bgcn_fib_size(n) limbs; *rn gets the normalised size (0 for F(0)).
 * Polls BGCN_POLL.  Status as bgcn_powm. */
bgcn_status bgcn_fib(bgcn_limb_t *rp, long *rn, uint64_t n) BGCN_WUR;
bgcn_status bgcn_lucas(bgcn_limb_t *rp, long *rn, uint64_t n) BGCN_WUR;
/* {rp,mn} = F(N) mod M, resp. L(N) mod M, N = {np,nn} (nn >= 1, any value),
 * M = {mp,mn}, mp[mn-1] != 0.  rp must not overlap an input.  Status as
 * bgcn_powm. */
bgcn_status bgcn_fib_mod(bgcn_limb_t *rp, const bgcn_limb_t *np, long nn,
                         const bgcn_limb_t *mp, long mn) BGCN_WUR;
bgcn_status bgcn_lucas_mod(bgcn_limb_t *rp, const bgcn_limb_t *np, long nn,
                           const bgcn_limb_t *mp, long mn) BGCN_WUR;
/* Binomial coefficient C(n, k) (0 when k > n): rp has room for
 * bgcn_bin_size(n, k) limbs; *rn gets the normalised size.  Status as
 * bgcn_powm. */
bgcn_status bgcn_bin(bgcn_limb_t *rp, long *rn, uint64_t n,
                     uint64_t k) BGCN_WUR;

/* ===================================================================== */
/* == Radix conversion (src/mpn/radix.c, get_str.c, set_str.c)         == */
/* ===================================================================== */

/* Digits are values 0..base-1 (not ASCII), most significant first, as in
 * GMP's mpn_get_str/mpn_set_str; 2 <= base <= 36.  Powers of two are done
 * by bit slicing, other bases by a quadratic basecase below a threshold
 * and divide and conquer over cached powers of the base above it
 * (O(M(n) log n)).  Both directions poll the interrupt flag per chunk. */

/* Upper bound (at most two more) on the digits of {ap,n} in base; at
 * least 1.  n >= 0, high zero limbs allowed. */
size_t bgcn_get_str_size(const bgcn_limb_t *ap, long n, int base);
/* Limbs that rp needs for bgcn_set_str of len digits (>= 2). */
long bgcn_set_str_size(size_t len, int base);

/* Writes the digits of {ap,n} to str without leading zeros (a single 0
 * digit for zero) and their count to *len; str needs
 * bgcn_get_str_size(ap, n, base) bytes.  n >= 0, high zero limbs
 * allowed.  {ap,n} is not modified.  Returns BGCN_OK, BGCN_ENOMEM or
 * BGCN_EINTR (str, *len then unspecified). */
bgcn_status bgcn_get_str(unsigned char *str, size_t *len, int base,
                         const bgcn_limb_t *ap, long n) BGCN_WUR;
/* Reads len >= 0 digits from str (leading zeros allowed; each digit must
 * be < base) into rp, which needs bgcn_set_str_size(len, base) limbs, and
 * stores the normalised size in *rn (0 for zero or len == 0).  str is
 * not modified.  Status as bgcn_get_str (rp, *rn then unspecified). */
bgcn_status bgcn_set_str(bgcn_limb_t *rp, long *rn, const unsigned char *str,
                         size_t len, int base) BGCN_WUR;

/* The powers of each base used by the divide-and-conquer paths are cached
 * between calls (up to a few MiB per base; one conversion may use them
 * from two threads, but two conversions must not run at once).  This frees
 * them all; the next conversion recomputes what it needs. */
void bgcn_radix_cache_clear(void);

/* Size (limbs) from which the divide-and-conquer algorithms are used;
 * variables so that tests and the tuning program can move them (any value
 * is correct).  Where the defaults were measured: src/mpn/radix.c. */
extern long bgcn_get_str_dc_threshold;
extern long bgcn_set_str_dc_threshold;
/* With more than one thread, the two halves of a divide-and-conquer node
 * are converted side by side (two tasks of one bgcn_par_run) when both
 * have at least this many limbs; the results are the same.  Any value >=
 * 1 is correct (tests lower it). */
extern long bgcn_get_str_par_min, bgcn_set_str_par_min;
/* bgcn_get_str converts the two halves of a node whose halves are both
 * basecase leaves side by side (1, the default) or one after the other
 * (0, the twin the tests compare with); any value is correct. */
extern int bgcn_get_str_pair;
/* bgcn_get_str's base-10 digits of each limb eight per word (1, the
 * default) or by divisions by 10 (0, the twin); any value is correct. */
extern int bgcn_get_str_digits10;
/* bgcn_get_str divides by the powers below the mu threshold with the
 * normalised power kept in the cache (1, the default) or through
 * bgcn_tdiv_qr (0, the twin); any value is correct. */
extern int bgcn_get_str_prenorm;
/* bgcn_set_str reads each full limb of decimal digits eight at a time in
 * one word (1, the default) or digit by digit (0, the twin); any value is
 * correct. */
extern int bgcn_set_str_swar;

/* *sum = the sum of the base-b digits of {np,n} (src/mpn/sumdigits.c).
 * n >= 0 and n < 2^26 (so the sum fits 64 bits), high zero limbs allowed;
 * 2 <= b <= 2^32.  tp: n limbs of scratch, not overlapping {np,n}, which
 * is not modified.  Quadratic in n: a basecase for pieces of a few limbs
 * (bgc_sumdigits splits larger numbers by powers of b first).  Returns
 * BGCN_OK, or BGCN_EINTR (*sum then unspecified). */
bgcn_status bgcn_sumdigits_1(uint64_t *sum, const bgcn_limb_t *np, long n,
                             bgcn_limb_t b, bgcn_limb_t *tp) BGCN_WUR;

#endif /* BGCN_H */
