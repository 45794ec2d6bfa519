/* mont_ifma.c -- Montgomery multiplication with AVX-512 IFMA (52-bit
 * digits, 8 per zmm): bgcn_mont_mul_n_ifma / bgcn_mont_sqr_n_ifma for the
 * "avx512" path; small and very large n go to the ADX kernels.  C with
 * intrinsics (the function-level target attribute keeps the rest of the
 * build baseline x86-64); only reached when cpu.c saw AVX512F/DQ/VL,
 * IFMA, VBMI2 and the OS-enabled zmm state.
 *
 * Contract: exactly bgcn_mont_mul_n's (bgcn.h): {rp,n} = a*b*2^(-64n) mod
 * m, fully reduced, rp may equal ap/bp, constant time in a and b.  The
 * residue ops at the end (bgcn_residue_ifma): bgcn_residue_ops's.
 *
 * Radix 2^52 cannot divide by 2^(64n) directly, so a is scaled instead:
 * with k = floor(64n/52) + 1 digits and s = 52k - 64n (1..52 bits),
 *     a' = a * 2^s < 2^(52k),   Montgomery(a', b) over 2^(52k)
 *        = a*b*2^(s - 52k) = a*b*2^(-64n),
 * and the usual bound gives a result < (a'b + mY)/2^(52k) < 2m.
 *
 * Word-by-word Montgomery in radix 2^52 (as in Gueron-Krasnov's AMM52),
 * lanes left unnormalised (each gets at most 4 terms < 2^52 per step and
 * a lane lives at most k + 1 <= 81 steps, so < 2^61):
 *   per digit b_i:  T = R + lo(A*b_i) + hi(A'*b_i)         (A' = A one lane up)
 *                   y = T_0 * (-m^-1) mod 2^52
 *                   T += lo(M*y) + hi(M'*y);  T_0 is now 0 mod 2^52
 *                   R = T shifted down one lane, plus T_0 >> 52 in lane 0
 * The products by b_i do not depend on y, so only the y products sit on
 * the loop-carried path.  Then one pass normalises the lanes (split at
 * 52 bits, add the high parts one lane up; the 1-bit carries left are
 * resolved for 8 lanes at a time with the generate/propagate mask add, as
 * in aors_n_avx512.S), the digits go back to 64-bit limbs, and a masked
 * subtraction of m gives the fully reduced result.
 *
 * Conversions: digit j of x is the 52 bits at bit 52j - s of x; a block of
 * 8 digits reads one 8-limb window (masked load: lanes outside x are 0 and
 * do not fault), picks the two limbs of each digit with vpermq and joins
 * them with the variable double shift vpshrdvq (AVX512_VBMI2).
 *
 * Cycles measured here (Intel Xeon family 6 model 207, KVM guest; same
 * harness and clock calibration as the .S tables):
 *      bits              1024   1280   1536   2048   3072   4096
 *      mont_mul ifma      843   1089   1213   1732   2724   3911
 *      mont_mul_n_adx     743   1077   1557   2767   6059  10344
 *      mont_sqr_n_adx     636    906   1278   2203   4807   7978
 *      GMP mul_n+redc_1   921   1449   2084   3363   7695  12580
 * (1024/1280: the IFMA kernel forced on for the measurement.)  Per digit
 * of b: ~4 nz + 1 IFMA, nz valignq and a few adds, all 512-bit ops on
 * ports 0 and 5 (IFMA measured: latency 4, ~1.85 per cycle), ~40 uops at
 * 2048 bits = 20 cycles; the y chain (IFMA for y, vpbroadcastq, IFMA,
 * adds, valignq) is ~18 cycles; measured ~37 per digit, so the two do
 * not overlap well.  Crossovers (thresholds.h): mul from n = 21, square
 * from n = 26 (the ADX squaring is faster up to there).
 * Exponentiation keeps residues in digits instead, through this path's
 * residue ops (end of this file, driven by src/mpn/powm_form.c): per
 * product ~1345 cycles at 2048 bits (1.08 ms / ~2400 products and
 * squares) against 1732 for this kernel with conversions.
 * Not tried yet: interleaving two products (OpenSSL's x2) to hide the y
 * chain, a dedicated IFMA squaring, and skipping the lane shift. */
#include "bgcn.h"
#include "asm/x86_64/ifma.h"
#include "asm/x86_64/paths.h"

#include <string.h>

IFMA_TARGET static inline __attribute__((always_inline)) void
amm_loop(__m512i *R, const __m512i *A, const __m512i *Au, const __m512i *M,
         const __m512i *Mu, const uint64_t *bd, int k, uint64_t k0,
         const int nz)
{
    const __m512i zero = _mm512_setzero_si512();
    const __m512i k0v = _mm512_set1_epi64((long long)k0);
#pragma GCC unroll 10
    for (int v = 0; v < nz; v++)
        R[v] = zero;
    for (int i = 0; i < k; i++) {
        __m512i bi = _mm512_set1_epi64((long long)bd[i]);
        __m512i T[MAXZ];
        /* Only vector 0 feeds the next y (its lane 1 becomes lane 0):
         * its sum is split so that one add follows each product on the
         * loop-carried path.  The others use the accumulating IFMA forms:
         * fewer port-0/5 uops, and the 512-bit work is throughput-bound
         * on those two ports. */
#pragma GCC unroll 10
        for (int v = 0; v < nz; v++) {
            if (v == 0) {
                __m512i x = _mm512_madd52lo_epu64(zero, A[v], bi);
                x = _mm512_madd52hi_epu64(x, Au[v], bi);
                T[v] = _mm512_add_epi64(R[v], x);
            } else {
                T[v] = _mm512_madd52lo_epu64(R[v], A[v], bi);
                T[v] = _mm512_madd52hi_epu64(T[v], Au[v], bi);
            }
        }
        /* y = t_0 * k0 mod 2^52 without leaving the vector unit: IFMA
         * reads only the low 52 bits of t_0, which is all y needs */
        __m512i yv = _mm512_madd52lo_epu64(zero, T[0], k0v);
        yv = _mm512_broadcastq_epi64(_mm512_castsi512_si128(yv));
#pragma GCC unroll 10
        for (int v = 0; v < nz; v++) {
            if (v == 0) {
                __m512i y1 = _mm512_madd52lo_epu64(zero, M[v], yv);
                __m512i y2 = _mm512_madd52hi_epu64(zero, Mu[v], yv);
                T[v] = _mm512_add_epi64(T[v], _mm512_add_epi64(y1, y2));
            } else {
                T[v] = _mm512_madd52lo_epu64(T[v], M[v], yv);
                T[v] = _mm512_madd52hi_epu64(T[v], Mu[v], yv);
            }
        }
        __m512i c0 = _mm512_srli_epi64(T[0], 52);
#pragma GCC unroll 10
        for (int v = 0; v < nz - 1; v++)
            R[v] = _mm512_alignr_epi64(T[v + 1], T[v], 1);
        R[nz - 1] = _mm512_alignr_epi64(zero, T[nz - 1], 1);
        R[0] = _mm512_mask_add_epi64(R[0], 1, R[0], c0);
    }
}

/* {rp,n} = x mod m for the canonical digits {dg, ...} of x < 2m
 * (followed by at least 16 zero digits): n limbs and the top bit, then
 * one masked subtraction of m. */
IFMA_TARGET static void reduce_digits(bgcn_limb_t *rp, const uint64_t *dg,
                                      const bgcn_limb_t *mp, long n)
{
    bgcn_limb_t t[64 + 8], d[64];
    from_digits(t, n + 1, dg);
    bgcn_limb_t bw = bgcn_sub_n_x86_64(d, t, mp, n);
    bgcn_limb_t keep = (bgcn_limb_t)0 - (bgcn_limb_t)(bw > t[n]);
    for (long j = 0; j < n; j++)
        rp[j] = (t[j] & keep) | (d[j] & ~keep);
}

#define AMM_CASE(z)                                                        \
    case z:                                                                \
        amm_loop(R, A, Au, M, Mu, bd, k, minv & M52, z);                   \
        break;

IFMA_TARGET static void mont_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                  const bgcn_limb_t *bp, const bgcn_limb_t *mp,
                                  long n, bgcn_limb_t minv)
{
    int k = (int)(64 * n / 52) + 1;
    int s = 52 * k - 64 * (int)n;
    int nz = (k + 1 + 7) / 8; /* room for the high half of the top digit */
    __m512i A[MAXZ], Au[MAXZ], M[MAXZ], Mu[MAXZ], B[MAXZ], R[MAXZ];
    to_digits(A, ap, n, s, nz);
    to_digits(B, bp, n, 0, nz);
    to_digits(M, mp, n, 0, nz);
    lane_up(Au, A, nz);
    lane_up(Mu, M, nz);
    uint64_t bd[8 * MAXZ];
    for (int v = 0; v < nz; v++)
        _mm512_storeu_si512((void *)(bd + 8 * v), B[v]);
    switch (nz) {
        AMM_CASE(2)
        AMM_CASE(3)
        AMM_CASE(4)
        AMM_CASE(5)
        AMM_CASE(6)
        AMM_CASE(7)
        AMM_CASE(8)
        AMM_CASE(9)
        AMM_CASE(10)
    }
    normalise(R, nz);
    /* r < 2m < 2^(64n+1): n limbs plus the top bit */
    uint64_t dg[8 * MAXZ + 16];
    for (int v = 0; v < nz; v++)
        _mm512_storeu_si512((void *)(dg + 8 * v), R[v]);
    memset(dg + 8 * nz, 0, sizeof(uint64_t) * 16);
    reduce_digits(rp, dg, mp, n);
    _mm256_zeroupper();
}

/* The crossovers with the ADX kernels are bgcn_mont_mul_ifma_min and
 * bgcn_mont_sqr_ifma_min (bgcn.h; the sets' values in thresholds.h),
 * within what the kernel takes: from 6 limbs (two vectors of digits, the
 * smallest case of amm_loop) to 64 (what the digit arrays hold, MAXZ). */
#define BGCN_IFMA_MIN 6
#define BGCN_IFMA_MAX 64

void bgcn_mont_mul_n_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *bp, const bgcn_limb_t *mp, long n,
                          bgcn_limb_t minv)
{
    if (n < bgcn_mont_mul_ifma_min || n < BGCN_IFMA_MIN || n > BGCN_IFMA_MAX) {
        bgcn_mont_mul_n_adx(rp, ap, bp, mp, n, minv);
        return;
    }
    mont_ifma(rp, ap, bp, mp, n, minv);
}

void bgcn_mont_sqr_n_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *mp, long n, bgcn_limb_t minv)
{
    if (n < bgcn_mont_sqr_ifma_min || n < BGCN_IFMA_MIN || n > BGCN_IFMA_MAX) {
        bgcn_mont_sqr_n_adx(rp, ap, mp, n, minv);
        return;
    }
    mont_ifma(rp, ap, ap, mp, n, minv);
}

/* ---- residues kept in 52-bit digits (the path's bgcn_residue_ops) ----
 *
 * Converting a and b to digits and the result back costs about a sixth of
 * each product at 2048 bits, and M is converted on every call above.  For
 * an exponentiation the engine (src/mpn/powm_form.c) keeps its residues
 * in digits instead, through the operations below, in the Montgomery
 * domain of R' = 2^(52k) (not 2^(64n)), and the products skip the final
 * subtraction (almost Montgomery multiplication): with k chosen so that
 * R' >= 4m, inputs below 2m give (ab + ym)/R' < (4m^2 + R'm)/R' <= 2m, so
 * every residue stays below 2m.  An element is 8*nz digits (MAXZ vectors
 * at most); the digits are canonical (< 2^52), so an element serves
 * directly as the multiplier's digit array.
 * Context (limbs): [0] k, [1] nz, [2] k0 = -m^-1 mod 2^52, [3] n, then
 * from limb 8 (64-byte aligned when the context is) M and M one lane up
 * as digits (8 nz limbs each), then m itself (n limbs). */
#define CTX_M 8

static void res_layout(long n, long *esz, long *ctxn, unsigned long *rbits)
{
    long k = (64 * n + 2 + 51) / 52; /* 2^(52k) >= 4m */
    long nz = (k + 1 + 7) / 8;       /* room for the top digit's high half */
    *esz = 8 * nz;
    *ctxn = CTX_M + 16 * nz + n;
    *rbits = 52UL * (unsigned long)k;
}

IFMA_TARGET static void res_init(bgcn_limb_t *ctx, const bgcn_limb_t *mp,
                                 long n, bgcn_limb_t minv)
{
    BGCN_ASSERT(n >= 1 && n <= BGCN_IFMA_MAX && ((uintptr_t)ctx & 63) == 0);
    long esz, ctxn;
    unsigned long rbits;
    res_layout(n, &esz, &ctxn, &rbits);
    int nz = (int)(esz / 8);
    __m512i *M = (__m512i *)(ctx + CTX_M), *Mu = M + nz;
    ctx[0] = rbits / 52;
    ctx[1] = (bgcn_limb_t)nz;
    ctx[2] = minv & M52;
    ctx[3] = (bgcn_limb_t)n;
    for (int j = 4; j < CTX_M; j++)
        ctx[j] = 0;
    to_digits(M, mp, n, 0, nz);
    lane_up(Mu, M, nz);
    for (long j = 0; j < n; j++)
        ctx[CTX_M + 16 * nz + j] = mp[j];
    _mm256_zeroupper();
}

IFMA_TARGET static void res_mul(const bgcn_limb_t *ctx, bgcn_limb_t *rp,
                                const bgcn_limb_t *ap, const bgcn_limb_t *bp)
{
    int k = (int)ctx[0], nz = (int)ctx[1];
    const __m512i *M = (const __m512i *)(ctx + CTX_M), *Mu = M + nz;
    __m512i A[MAXZ], Au[MAXZ], R[MAXZ];
    for (int v = 0; v < nz; v++)
        A[v] = _mm512_load_si512((const void *)(ap + 8 * v));
    lane_up(Au, A, nz);
    switch (nz) {
#define RES_CASE(z)                                                        \
    case z:                                                                \
        amm_loop(R, A, Au, M, Mu, bp, k, ctx[2], z);                       \
        break;
        RES_CASE(1)
        RES_CASE(2)
        RES_CASE(3)
        RES_CASE(4)
        RES_CASE(5)
        RES_CASE(6)
        RES_CASE(7)
        RES_CASE(8)
        RES_CASE(9)
        RES_CASE(10)
#undef RES_CASE
    }
    normalise(R, nz);
    for (int v = 0; v < nz; v++)
        _mm512_store_si512((void *)(rp + 8 * v), R[v]);
    _mm256_zeroupper();
}

static void res_sqr(const bgcn_limb_t *ctx, bgcn_limb_t *rp,
                    const bgcn_limb_t *ap)
{
    res_mul(ctx, rp, ap, ap);
}

IFMA_TARGET static void res_to(const bgcn_limb_t *ctx, bgcn_limb_t *e,
                               const bgcn_limb_t *yp)
{
    int nz = (int)ctx[1];
    __m512i D[MAXZ];
    to_digits(D, yp, (long)ctx[3], 0, nz);
    for (int v = 0; v < nz; v++)
        _mm512_store_si512((void *)(e + 8 * v), D[v]);
    _mm256_zeroupper();
}

/* e < 2m: reduce_digits. */
IFMA_TARGET static void res_from(const bgcn_limb_t *ctx, bgcn_limb_t *rp,
                                 const bgcn_limb_t *e)
{
    long n = (long)ctx[3], esz = 8 * (long)ctx[1];
    const bgcn_limb_t *mp = ctx + CTX_M + 2 * esz;
    uint64_t dg[8 * MAXZ + 16];
    memcpy(dg, e, sizeof(uint64_t) * (size_t)esz);
    memset(dg + esz, 0, sizeof(uint64_t) * 16);
    reduce_digits(rp, dg, mp, n);
    _mm256_zeroupper();
}

const bgcn_residue_ops bgcn_residue_ifma = {
    .min_n = BGCN_AVX512_POWM_FORM_MIN,
    .max_n = BGCN_IFMA_MAX,
    .layout = res_layout,
    .init = res_init,
    .to = res_to,
    .from = res_from,
    .mul = res_mul,
    .sqr = res_sqr,
};
