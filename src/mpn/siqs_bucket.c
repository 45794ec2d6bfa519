/* siqs_bucket.c -- the bucket fill of the quadratic sieve's large primes
 * (those from SIQS_BUCKET_MIN, a quarter block, on): per polynomial, step each root by the
 * Gray-code delta and drop each hit into the bucket of its block as
 * (index << SIQS_BLOCK_BITS | offset).  Contract in siqs-impl.h
 * (bgcn_siqs_fill); the sieve (siqs_sieve.c) adds the buckets' logs
 * block by block and scans a candidate's bucket for its large factors.
 *
 * Two twins: the portable loop, and an AVX-512F one taking 16 primes at
 * a time (root step with the min trick, then per block a compare and a
 * compress of the lanes that hit it).  Zen 4 microcodes vpcompressd to
 * memory, so the compress goes to a register and the whole vector is
 * stored: buckets carry SIQS_BUCKET_SLACK spare entries.  Only the
 * order of the entries inside a bucket differs between the twins, which
 * neither the sieve nor the candidate check depends on. */
#include "siqs-impl.h"

/* One root: every hit below interval, then the next position. */
static inline void fill_root(uint32_t *bk, uint32_t *bn, long cap,
                             uint32_t interval, uint32_t p, uint32_t r,
                             uint32_t tag)
{
    for (; r < interval; r += p) {
        uint32_t b = r >> SIQS_BLOCK_BITS;
        bk[(size_t)b * (size_t)cap + bn[b]++] = tag | (r & (SIQS_BLOCK - 1));
    }
}

/* Root step of one prime: r + d (sub) or r - d, mod p. */
static inline uint32_t step(uint32_t r, uint32_t d, uint32_t p, int sub)
{
    if (sub) {
        r += d;
        return r >= p ? r - p : r;
    }
    return r >= d ? r - d : r + p - d;
}

void bgcn_siqs_fill_c(uint32_t *bk, uint32_t *bn, long cap,
                      uint32_t nblocks, const uint32_t *p, uint32_t *r1,
                      uint32_t *r2, const uint32_t *d, int sub, long lo,
                      long hi)
{
    uint32_t interval = nblocks * SIQS_BLOCK;
    for (long i = lo; i < hi; i++) {
        uint32_t a = r1[i], b = r2[i];
        if (d) {
            a = r1[i] = step(a, d[i], p[i], sub);
            b = r2[i] = step(b, d[i], p[i], sub);
        }
        uint32_t tag = (uint32_t)i << SIQS_BLOCK_BITS;
        fill_root(bk, bn, cap, interval, p[i], a, tag);
        fill_root(bk, bn, cap, interval, p[i], b, tag);
    }
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define TGT __attribute__((target("avx512f")))

/* Appends the lanes of e in mask m to the buckets their block numbers
 * blk name. */
static inline TGT void emit(uint32_t *bk, uint32_t *bn, long cap,
                            uint32_t nblocks, __mmask16 m, __m512i blk,
                            __m512i e)
{
    for (uint32_t b = 0; b < nblocks && m; b++) {
        __mmask16 mb = _mm512_mask_cmpeq_epi32_mask(m, blk,
                                                    _mm512_set1_epi32((int)b));
        if (!mb)
            continue;
        m &= (__mmask16)~mb;
        _mm512_storeu_si512((void *)(bk + (size_t)b * (size_t)cap + bn[b]),
                            _mm512_maskz_compress_epi32(mb, e));
        bn[b] += (uint32_t)__builtin_popcount(mb);
    }
}

TGT void bgcn_siqs_fill_avx512(uint32_t *bk, uint32_t *bn, long cap,
                               uint32_t nblocks, const uint32_t *p,
                               uint32_t *r1, uint32_t *r2, const uint32_t *d,
                               int sub, long lo, long hi)
{
    uint32_t interval = nblocks * SIQS_BLOCK;
    const __m512i vint = _mm512_set1_epi32((int)interval);
    const __m512i low = _mm512_set1_epi32(SIQS_BLOCK - 1);
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                           11, 12, 13, 14, 15);
    long i = lo;
    for (; i + 16 <= hi; i += 16) {
        __m512i P = _mm512_loadu_si512((const void *)(p + i));
        __m512i a = _mm512_loadu_si512((const void *)(r1 + i));
        __m512i b = _mm512_loadu_si512((const void *)(r2 + i));
        if (d) {
            __m512i D = _mm512_loadu_si512((const void *)(d + i));
            /* values < 2^31: a wrapped difference is huge, min drops it */
            if (sub) {
                a = _mm512_add_epi32(a, D);
                b = _mm512_add_epi32(b, D);
                a = _mm512_min_epu32(a, _mm512_sub_epi32(a, P));
                b = _mm512_min_epu32(b, _mm512_sub_epi32(b, P));
            } else {
                a = _mm512_sub_epi32(a, D);
                b = _mm512_sub_epi32(b, D);
                a = _mm512_min_epu32(a, _mm512_add_epi32(a, P));
                b = _mm512_min_epu32(b, _mm512_add_epi32(b, P));
            }
            _mm512_storeu_si512((void *)(r1 + i), a);
            _mm512_storeu_si512((void *)(r2 + i), b);
        }
        __m512i tag = _mm512_slli_epi32(
            _mm512_add_epi32(_mm512_set1_epi32((int)i), lane), SIQS_BLOCK_BITS);
        for (;;) {
            __mmask16 ma = _mm512_cmplt_epu32_mask(a, vint);
            __mmask16 mb = _mm512_cmplt_epu32_mask(b, vint);
            if (!(ma | mb))
                break;
            if (ma)
                emit(bk, bn, cap, nblocks, ma, _mm512_srli_epi32(a, SIQS_BLOCK_BITS),
                     _mm512_or_si512(tag, _mm512_and_si512(a, low)));
            if (mb)
                emit(bk, bn, cap, nblocks, mb, _mm512_srli_epi32(b, SIQS_BLOCK_BITS),
                     _mm512_or_si512(tag, _mm512_and_si512(b, low)));
            a = _mm512_mask_add_epi32(a, ma, a, P);
            b = _mm512_mask_add_epi32(b, mb, b, P);
        }
    }
    bgcn_siqs_fill_c(bk, bn, cap, nblocks, p, r1, r2, d, sub, i, hi);
}
#endif
