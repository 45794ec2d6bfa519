/* ifma.h -- shared pieces of the AVX-512 IFMA kernels (mont_ifma.c,
 * mul_ifma.c): numbers as 52-bit digits, 8 per zmm lane group.
 *
 *   to_digits   {x,n} * 2^s -> nz vectors of digits (a masked load of an
 *               8-limb window per 8 digits, vpermq picks each digit's two
 *               limbs, vpshrdvq joins them; lanes outside x read as 0)
 *   lane_up     the digits moved up by one lane (for the high halves)
 *   normalise   lanes of up to 63 bits -> canonical 52-bit digits: split
 *               at bit 52 and add the high parts one lane up, after which
 *               carries are single bits; those are resolved 8 lanes at a
 *               time with V = P + 2G + c (generate/propagate masks, as in
 *               aors_n_avx512.S)
 *   from_digits canonical digits -> 64-bit limbs (three digits at most
 *               per limb, gathered with vpermt2q and variable shifts)
 * Everything is compiled for AVX512F/DQ/VL/IFMA/VBMI2 through the
 * function attribute, so including this file does not change the rest of
 * the build; callers are reached only through the "avx512" path. */
#ifndef BGCN_IFMA_H
#define BGCN_IFMA_H

#include "bgcn.h"

#include <immintrin.h>
#include <stdint.h>

#define IFMA_TARGET                                                        \
    __attribute__((target("avx512f,avx512dq,avx512vl,avx512ifma,avx512vbmi2")))
#define MAXZ 10 /* up to 80 digits: n <= 64 limbs (4096 bits) */
#define M52 ((uint64_t)0xfffffffffffff)

/* {x,n} * 2^s as nz vectors of 52-bit digits (digits past k are 0). */
IFMA_TARGET static inline void to_digits(__m512i *d, const bgcn_limb_t *x,
                                         long n, int s, int nz)
{
    const __m512i lane52 = _mm512_set_epi64(364, 312, 260, 208, 156, 104,
                                            52, 0);
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
        __m512i rel = _mm512_add_epi64(lane52,
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
IFMA_TARGET static inline void lane_up(__m512i *u, const __m512i *d,
                                       int nz)
{
    __m512i prev = _mm512_setzero_si512();
    for (int v = 0; v < nz; v++) {
        u[v] = _mm512_alignr_epi64(d[v], prev, 7);
        prev = d[v];
    }
}

/* Lanes to canonical 52-bit digits (the value fits the nz*8 digits). */
IFMA_TARGET static inline void normalise(__m512i *R, int nz)
{
    const __m512i mask = _mm512_set1_epi64((long long)M52);
    __m512i prev = _mm512_setzero_si512();
    for (int v = 0; v < nz; v++) {
        __m512i h = _mm512_srli_epi64(R[v], 52);
        __m512i l = _mm512_and_si512(R[v], mask);
        R[v] = _mm512_add_epi64(l, _mm512_alignr_epi64(h, prev, 7));
        prev = h;
    }
    /* now every lane is <= 2^52 - 1 + 2^11: carries of one bit at most.
     * The masks of 8 vectors make one 64-bit word, so a single 128-bit
     * add resolves 64 lanes and only the words ripple into each other. */
    uint64_t c = 0;
    for (int w = 0; 8 * w < nz; w++) {
        int nv = nz - 8 * w < 8 ? nz - 8 * w : 8;
        uint64_t g = 0, p = 0;
        for (int t = 0; t < nv; t++) {
            __m512i x = R[8 * w + t];
            g |= (uint64_t)_mm512_cmpgt_epu64_mask(x, mask) << (8 * t);
            p |= (uint64_t)_mm512_cmpeq_epu64_mask(x, mask) << (8 * t);
        }
        unsigned __int128 V =
            (unsigned __int128)p + ((unsigned __int128)g << 1) + c;
        uint64_t cin = (uint64_t)V ^ p;
        c = (uint64_t)(V >> 64);
        for (int t = 0; t < nv; t++) {
            __m512i x = R[8 * w + t];
            x = _mm512_mask_add_epi64(x, (__mmask8)(cin >> (8 * t)), x,
                                      _mm512_set1_epi64(1));
            R[8 * w + t] = _mm512_and_si512(x, mask);
        }
    }
}

/* 52-bit digits {d, ...} (canonical, followed by at least 16 zero
 * digits) to limbs {r, rn}: limb t is bits 64t .. 64t+63 of the value. */
IFMA_TARGET static inline void from_digits(bgcn_limb_t *r, long rn,
                                           const uint64_t *d)
{
    const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    for (long w = 0; 8 * w < rn; w++) {
        long j0 = (512 * w) / 52; /* digit holding bit 512w */
        __m512i lo = _mm512_loadu_si512((const void *)(d + j0));
        __m512i hi = _mm512_loadu_si512((const void *)(d + j0 + 8));
        /* bit position of limb 8w+t relative to digit j0 */
        __m512i pos = _mm512_add_epi64(
            _mm512_slli_epi64(lane, 6), _mm512_set1_epi64(512 * w - 52 * j0));
        /* digit index (relative) = pos / 52 (pos < 2^10), offset = pos % 52;
         * vpmuludq (32 x 32 bits), not the slow 64-bit vpmullq */
        __m512i dj = _mm512_srli_epi64(
            _mm512_mul_epu32(pos, _mm512_set1_epi64(20165)), 20);
        __m512i off = _mm512_sub_epi64(
            pos, _mm512_mul_epu32(dj, _mm512_set1_epi64(52)));
        __m512i one = _mm512_set1_epi64(1);
        __m512i e0 = _mm512_permutex2var_epi64(lo, dj, hi);
        __m512i dj1 = _mm512_add_epi64(dj, one);
        __m512i e1 = _mm512_permutex2var_epi64(lo, dj1, hi);
        __m512i e2 = _mm512_permutex2var_epi64(lo, _mm512_add_epi64(dj1, one),
                                               hi);
        /* shifts of 64 or more give 0 (vpsllvq), so e2 drops out when the
         * limb ends inside e1 */
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

#endif
