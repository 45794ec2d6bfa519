/* mont_ifma.c -- Montgomery multiplication with AVX-512 IFMA (52-bit
 * digits, 8 per zmm): bgcn_mont_mul_n_ifma / bgcn_mont_sqr_n_ifma for the
 * "avx512" path; small and very large n go to the ADX kernels.  C with
 * intrinsics (the function-level target attribute keeps the rest of the
 * build baseline x86-64); only reached when cpu.c saw AVX512F/DQ/VL,
 * IFMA, VBMI2 and the OS-enabled zmm state.
 *
 * Contract: exactly bgcn_mont_mul_n's (bgcn.h): {rp,n} = a*b*2^(-64n) mod
 * m, fully reduced, rp may equal ap/bp, constant time in a and b.
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
 * not overlap well.  Crossovers below: mul from n = 21, square from
 * n = 26 (the ADX squaring is faster up to there).
 * Not tried yet: interleaving two products (OpenSSL's x2) to hide the y
 * chain, a dedicated IFMA squaring, and skipping the lane shift. */
#include "bgcn.h"
#include "asm/x86_64/paths.h"

#include <immintrin.h>
#include <string.h>

#define IFMA_TARGET                                                        \
    __attribute__((target("avx512f,avx512dq,avx512vl,avx512ifma,avx512vbmi2")))
#define MAXZ 10 /* up to 80 digits: n <= 64 limbs (4096 bits) */
#define M52 ((uint64_t)0xfffffffffffff)

/* {x,n} * 2^s as nz vectors of 52-bit digits (digits past k are 0). */
IFMA_TARGET static void to_digits(__m512i *d, const bgcn_limb_t *x, long n,
                                  int s, int nz)
{
    const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i mask = _mm512_set1_epi64((long long)M52);
    for (int v = 0; v < nz; v++) {
        long q0 = 52L * 8 * v - s;       /* bit of x where digit 8v starts */
        long lb = q0 >= 0 ? q0 / 64 : -1; /* first limb of the window */
        /* lanes of the window inside x: limbs lb .. lb+7 within [0, n) */
        unsigned wm = 0;
        for (int t = 0; t < 8; t++)
            if (lb + t >= 0 && lb + t < n)
                wm |= 1u << t;
        __m512i w = _mm512_maskz_loadu_epi64((__mmask8)wm, x + lb);
        /* rel = 52 j + (q0 - 64 lb) for lane j */
        __m512i rel = _mm512_add_epi64(
            _mm512_mullo_epi64(lane, _mm512_set1_epi64(52)),
            _mm512_set1_epi64(q0 - 64 * lb));
        __m512i li = _mm512_srli_epi64(rel, 6);
        __m512i off = _mm512_and_si512(rel, _mm512_set1_epi64(63));
        __m512i lo = _mm512_permutexvar_epi64(li, w);
        __m512i hi = _mm512_permutexvar_epi64(
            _mm512_add_epi64(li, _mm512_set1_epi64(1)), w);
        d[v] = _mm512_and_si512(_mm512_shrdv_epi64(lo, hi, off), mask);
    }
}

/* The vectors one lane up: u[v] lane j = d[v] lane j-1 (lane 0 of u[0]
 * is 0). */
IFMA_TARGET static void lane_up(__m512i *u, const __m512i *d, int nz)
{
    __m512i prev = _mm512_setzero_si512();
    for (int v = 0; v < nz; v++) {
        u[v] = _mm512_alignr_epi64(d[v], prev, 7);
        prev = d[v];
    }
}

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

/* Lanes to canonical 52-bit digits (the value fits the nz*8 digits). */
IFMA_TARGET static void normalise(__m512i *R, int nz)
{
    const __m512i mask = _mm512_set1_epi64((long long)M52);
    __m512i prev = _mm512_setzero_si512();
    for (int v = 0; v < nz; v++) {
        __m512i h = _mm512_srli_epi64(R[v], 52);
        __m512i l = _mm512_and_si512(R[v], mask);
        R[v] = _mm512_add_epi64(l, _mm512_alignr_epi64(h, prev, 7));
        prev = h;
    }
    /* now every lane is <= 2^52 - 1 + 2^9: carries of one bit at most */
    uint64_t c = 0;
    for (int v = 0; v < nz; v++) {
        uint64_t g = _mm512_cmpgt_epu64_mask(R[v], mask);
        uint64_t p = _mm512_cmpeq_epu64_mask(R[v], mask);
        uint64_t V = p + 2 * g + c;
        c = V >> 8;
        __mmask8 cin = (__mmask8)(V ^ p);
        R[v] = _mm512_and_si512(
            _mm512_mask_add_epi64(R[v], cin, R[v], _mm512_set1_epi64(1)),
            mask);
    }
}

/* 52-bit digits {d, 8nz} to limbs {r, rn}: limb t = bits 64t.. of x. */
IFMA_TARGET static void from_digits(bgcn_limb_t *r, long rn, const __m512i *R,
                                    int nz)
{
    uint64_t d[8 * (MAXZ + 3)];
    for (int v = 0; v < nz; v++)
        _mm512_storeu_si512((void *)(d + 8 * v), R[v]);
    memset(d + 8 * nz, 0, sizeof(uint64_t) * 24);
    const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    for (long w = 0; 8 * w < rn; w++) {
        long j0 = (512 * w) / 52; /* digit holding bit 512w */
        __m512i lo = _mm512_loadu_si512((const void *)(d + j0));
        __m512i hi = _mm512_loadu_si512((const void *)(d + j0 + 8));
        /* bit position of limb 8w+t relative to digit j0 */
        __m512i pos = _mm512_add_epi64(
            _mm512_slli_epi64(lane, 6), _mm512_set1_epi64(512 * w - 52 * j0));
        /* digit index (relative) = pos / 52, offset = pos % 52 */
        __m512i dj = _mm512_srli_epi64(
            _mm512_mullo_epi64(pos, _mm512_set1_epi64(20165)), 20);
        __m512i off = _mm512_sub_epi64(
            pos, _mm512_mullo_epi64(dj, _mm512_set1_epi64(52)));
        __m512i one = _mm512_set1_epi64(1);
        __m512i e0 = _mm512_permutex2var_epi64(lo, dj, hi);
        __m512i dj1 = _mm512_add_epi64(dj, one);
        __m512i e1 = _mm512_permutex2var_epi64(lo, dj1, hi);
        __m512i e2 = _mm512_permutex2var_epi64(lo, _mm512_add_epi64(dj1, one),
                                               hi);
        __m512i x = _mm512_srlv_epi64(e0, off);
        x = _mm512_or_si512(
            x, _mm512_sllv_epi64(e1, _mm512_sub_epi64(_mm512_set1_epi64(52),
                                                      off)));
        x = _mm512_or_si512(
            x, _mm512_sllv_epi64(e2, _mm512_sub_epi64(_mm512_set1_epi64(104),
                                                      off)));
        long left = rn - 8 * w;
        __mmask8 sm = left >= 8 ? 0xff : (__mmask8)((1u << left) - 1);
        _mm512_mask_storeu_epi64(r + 8 * w, sm, x);
    }
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
    bgcn_limb_t r[64 + 8], d[64];
    from_digits(r, n + 1, R, nz);
    bgcn_limb_t bw = bgcn_sub_n_x86_64(d, r, mp, n);
    bgcn_limb_t keep = (bgcn_limb_t)0 - (bgcn_limb_t)(bw > r[n]);
    for (long j = 0; j < n; j++)
        rp[j] = (r[j] & keep) | (d[j] & ~keep);
    _mm256_zeroupper();
}

/* Measured crossovers with the ADX kernels (table above). */
#define BGCN_IFMA_MIN 21
#define BGCN_IFMA_SQR_MIN 26
#define BGCN_IFMA_MAX 64

void bgcn_mont_mul_n_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *bp, const bgcn_limb_t *mp, long n,
                          bgcn_limb_t minv)
{
    if (n < BGCN_IFMA_MIN || n > BGCN_IFMA_MAX) {
        bgcn_mont_mul_n_adx(rp, ap, bp, mp, n, minv);
        return;
    }
    mont_ifma(rp, ap, bp, mp, n, minv);
}

void bgcn_mont_sqr_n_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *mp, long n, bgcn_limb_t minv)
{
    if (n < BGCN_IFMA_SQR_MIN || n > BGCN_IFMA_MAX) {
        bgcn_mont_sqr_n_adx(rp, ap, mp, n, minv);
        return;
    }
    mont_ifma(rp, ap, ap, mp, n, minv);
}
