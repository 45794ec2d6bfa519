/* siqs_bucket.c -- the bucket fill of the quadratic sieve's large primes
 * (those from SIQS_BUCKET_MIN, half a block, on): per polynomial, step each root by the
 * Gray-code delta and drop each hit into the bucket of its block as
 * (index << SIQS_BLOCK_BITS | offset).  Contract in siqs-impl.h
 * (bgcn_siqs_fill); the sieve (siqs_sieve.c) adds the buckets' logs
 * block by block and scans a candidate's bucket for its large factors.
 *
 * Three twins: the portable loop, an AVX2 one (at the end of the file),
 * and an AVX-512F one taking 16 primes at
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

#ifdef BGCN_HAVE_SIQS_AVX2
/* The AVX2 twin: 8 primes a step, the root step by the min trick as
 * above, then block by block the lanes whose next position lies in the
 * block are appended to its bucket, whose write pointer stays in a
 * register (the portable loop's count in memory chains one entry to the
 * next).  AVX2 has no compress instruction: each 128-bit half is packed
 * by a byte shuffle from a table of the 16 lane masks and stored whole
 * (up to 3 entries past the end: SIQS_BUCKET_SLACK), the pointer moving
 * by the count of lanes.  Inside a bucket the entries come in another
 * order than the portable twin's. */
#include <immintrin.h>

#define TGT2 __attribute__((target("avx2,popcnt")))

#define Z 0x80 /* pshufb: a zero byte */
static const uint8_t pack4[16][16] __attribute__((aligned(16))) = {
    {Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z},
    {0, 1, 2, 3, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z},
    {4, 5, 6, 7, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z},
    {0, 1, 2, 3, 4, 5, 6, 7, Z, Z, Z, Z, Z, Z, Z, Z},
    {8, 9, 10, 11, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z},
    {0, 1, 2, 3, 8, 9, 10, 11, Z, Z, Z, Z, Z, Z, Z, Z},
    {4, 5, 6, 7, 8, 9, 10, 11, Z, Z, Z, Z, Z, Z, Z, Z},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, Z, Z, Z, Z},
    {12, 13, 14, 15, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z},
    {0, 1, 2, 3, 12, 13, 14, 15, Z, Z, Z, Z, Z, Z, Z, Z},
    {4, 5, 6, 7, 12, 13, 14, 15, Z, Z, Z, Z, Z, Z, Z, Z},
    {0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, Z, Z, Z, Z},
    {8, 9, 10, 11, 12, 13, 14, 15, Z, Z, Z, Z, Z, Z, Z, Z},
    {0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, Z, Z, Z, Z},
    {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, Z, Z, Z, Z},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
};
#undef Z

/* Appends the lanes of e set in the 8-bit mask m at *w. */
static inline TGT2 uint32_t *emit8(uint32_t *w, __m256i e, uint32_t m)
{
    __m128i lo = _mm256_castsi256_si128(e);
    __m128i hi = _mm256_extracti128_si256(e, 1);
    _mm_storeu_si128((__m128i *)w,
                     _mm_shuffle_epi8(lo, _mm_load_si128((const __m128i *)pack4[m & 15])));
    w += __builtin_popcount(m & 15);
    _mm_storeu_si128((__m128i *)w,
                     _mm_shuffle_epi8(hi, _mm_load_si128((const __m128i *)pack4[m >> 4])));
    return w + __builtin_popcount(m >> 4);
}

TGT2 void bgcn_siqs_fill_avx2(uint32_t *bk, uint32_t *bn, long cap,
                              uint32_t nblocks, const uint32_t *p,
                              uint32_t *r1, uint32_t *r2, const uint32_t *d,
                              int sub, long lo, long hi)
{
    const __m256i low = _mm256_set1_epi32(SIQS_BLOCK - 1);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    long i = lo;
    for (; i + 8 <= hi; i += 8) {
        __m256i P = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256i a = _mm256_loadu_si256((const __m256i *)(r1 + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(r2 + i));
        if (d) {
            __m256i D = _mm256_loadu_si256((const __m256i *)(d + i));
            if (sub) {
                a = _mm256_add_epi32(a, D);
                b = _mm256_add_epi32(b, D);
                a = _mm256_min_epu32(a, _mm256_sub_epi32(a, P));
                b = _mm256_min_epu32(b, _mm256_sub_epi32(b, P));
            } else {
                a = _mm256_sub_epi32(a, D);
                b = _mm256_sub_epi32(b, D);
                a = _mm256_min_epu32(a, _mm256_add_epi32(a, P));
                b = _mm256_min_epu32(b, _mm256_add_epi32(b, P));
            }
            _mm256_storeu_si256((__m256i *)(r1 + i), a);
            _mm256_storeu_si256((__m256i *)(r2 + i), b);
        }
        __m256i tag = _mm256_slli_epi32(
            _mm256_add_epi32(_mm256_set1_epi32((int)i), lane), SIQS_BLOCK_BITS);
        for (uint32_t blk = 0; blk < nblocks; blk++) {
            /* positions < 2^31: the signed compare is the unsigned one */
            const __m256i end = _mm256_set1_epi32((int)((blk + 1) * SIQS_BLOCK));
            uint32_t *row = bk + (size_t)blk * (size_t)cap, *w = row + bn[blk];
            for (;;) {
                __m256i ia = _mm256_cmpgt_epi32(end, a);
                __m256i ib = _mm256_cmpgt_epi32(end, b);
                uint32_t ma = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(ia));
                uint32_t mb = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(ib));
                if (!(ma | mb))
                    break;
                w = emit8(w, _mm256_or_si256(tag, _mm256_and_si256(a, low)), ma);
                w = emit8(w, _mm256_or_si256(tag, _mm256_and_si256(b, low)), mb);
                a = _mm256_add_epi32(a, _mm256_and_si256(P, ia));
                b = _mm256_add_epi32(b, _mm256_and_si256(P, ib));
            }
            bn[blk] = (uint32_t)(w - row);
        }
    }
    bgcn_siqs_fill_c(bk, bn, cap, nblocks, p, r1, r2, d, sub, i, hi);
}
#endif
