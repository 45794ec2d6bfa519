/* siqs_scan.c -- the quadratic sieve's searches, portable, AVX2 and AVX-512
 * twins (contracts in siqs-impl.h): the positions of a sieved block
 * whose byte reached the threshold (top bit set), the medium primes
 * whose root matches a candidate's position, and the bucket entries of
 * a candidate's offset.  With two large primes the threshold admits ten
 * times more candidates, so checking one must cost little: the vector
 * forms take 64 bytes, 16 primes or 16 entries a step.  Every twin
 * returns the same list in the same (increasing) order. */
#include "siqs-impl.h"

uint32_t bgcn_siqs_scan_c(const unsigned char *sv, uint32_t len,
                          uint32_t *out)
{
    uint32_t n = 0;
    const uint64_t hb = 0x8080808080808080ull;
    for (uint32_t k = 0; k < len; k += 32) {
        uint64_t w[4];
        memcpy(w, sv + k, sizeof w);
        if (!((w[0] | w[1] | w[2] | w[3]) & hb))
            continue;
        for (uint32_t m = k; m < k + 32; m++)
            if (sv[m] & 0x80)
                out[n++] = m;
    }
    return n;
}

uint32_t bgcn_siqs_match_roots_c(uint32_t pos, const uint32_t *p,
                                 const float *inv, const uint32_t *r1,
                                 const uint32_t *r2, long lo, long hi,
                                 uint32_t *out)
{
    uint32_t n = 0;
    for (long i = lo; i < hi; i++) {
        /* the quotient to within one by the float inverse, then fixed */
        int32_t r = (int32_t)(pos - (uint32_t)((float)pos * inv[i]) * p[i]);
        r += r < 0 ? (int32_t)p[i] : 0;
        r -= r >= (int32_t)p[i] ? (int32_t)p[i] : 0;
        if ((uint32_t)r == r1[i] || (uint32_t)r == r2[i])
            out[n++] = (uint32_t)i;
    }
    return n;
}

uint32_t bgcn_siqs_match_bucket_c(const uint32_t *bk, uint32_t nb,
                                  uint32_t off, uint32_t *out)
{
    uint32_t n = 0;
    for (uint32_t e = 0; e < nb; e++)
        if ((bk[e] & (SIQS_BLOCK - 1)) == off)
            out[n++] = bk[e] >> SIQS_BLOCK_BITS;
    return n;
}

#ifdef BGCN_HAVE_SIQS_AVX512
#include <immintrin.h>

#define TGT __attribute__((target("avx512f,avx512bw")))

/* The lane numbers set in m, plus base, appended to out. */
static inline uint32_t put_lanes(uint64_t m, uint32_t base, uint32_t *out,
                                 uint32_t n)
{
    while (m) {
        out[n++] = base + (uint32_t)__builtin_ctzll(m);
        m &= m - 1;
    }
    return n;
}

TGT uint32_t bgcn_siqs_scan_avx512(const unsigned char *sv, uint32_t len,
                                   uint32_t *out)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < len; k += 64) {
        __m512i v = _mm512_loadu_si512((const void *)(sv + k));
        uint64_t m = _mm512_movepi8_mask(v);
        if (m)
            n = put_lanes(m, k, out, n);
    }
    return n;
}

TGT uint32_t bgcn_siqs_match_roots_avx512(uint32_t pos, const uint32_t *p,
                                          const float *inv,
                                          const uint32_t *r1,
                                          const uint32_t *r2, long lo,
                                          long hi, uint32_t *out)
{
    uint32_t n = 0;
    const __m512i vpos = _mm512_set1_epi32((int)pos);
    const __m512 fpos = _mm512_set1_ps((float)pos);
    /* the last group of fewer than 16 by masked loads (masked lanes do
     * not fault; their P and inverse are 0): at 40 digits, 500 primes, the
     * scalar tail cost about as much as the 16-wide loop */
    for (long i = lo; i < hi; i += 16) {
        __mmask16 live = hi - i >= 16 ? (__mmask16)0xffff
                                      : (__mmask16)((1u << (hi - i)) - 1);
        __m512i P = _mm512_maskz_loadu_epi32(live, (const void *)(p + i));
        __m512 I = _mm512_maskz_loadu_ps(live, inv + i);
        /* q = pos / p to within one (float has 24 bits; pos < 2^24) */
        __m512i q = _mm512_cvttps_epi32(_mm512_mul_ps(fpos, I));
        __m512i r = _mm512_sub_epi32(vpos, _mm512_mullo_epi32(q, P));
        /* r in (-p, 2p): signed fix-ups */
        __mmask16 neg = _mm512_cmplt_epi32_mask(r, _mm512_setzero_si512());
        r = _mm512_mask_add_epi32(r, neg, r, P);
        __mmask16 big = _mm512_cmpge_epi32_mask(r, P);
        r = _mm512_mask_sub_epi32(r, big, r, P);
        __mmask16 m =
            _mm512_mask_cmpeq_epi32_mask(
                live, r, _mm512_maskz_loadu_epi32(live, (const void *)(r1 + i))) |
            _mm512_mask_cmpeq_epi32_mask(
                live, r, _mm512_maskz_loadu_epi32(live, (const void *)(r2 + i)));
        if (m)
            n = put_lanes(m, (uint32_t)i, out, n);
    }
    return n;
}

TGT uint32_t bgcn_siqs_match_bucket_avx512(const uint32_t *bk, uint32_t nb,
                                           uint32_t off, uint32_t *out)
{
    uint32_t n = 0;
    const __m512i low = _mm512_set1_epi32(SIQS_BLOCK - 1);
    const __m512i voff = _mm512_set1_epi32((int)off);
    for (uint32_t e = 0; e < nb; e += 16) {
        __mmask16 live = nb - e >= 16 ? (__mmask16)0xffff
                                      : (__mmask16)((1u << (nb - e)) - 1);
        __m512i v = _mm512_maskz_loadu_epi32(live, (const void *)(bk + e));
        __mmask16 m = _mm512_mask_cmpeq_epi32_mask(
            live, _mm512_and_si512(v, low), voff);
        while (m) {
            out[n++] = bk[e + (uint32_t)__builtin_ctz(m)] >> SIQS_BLOCK_BITS;
            m &= (__mmask16)(m - 1);
        }
    }
    return n;
}
#endif

#ifdef BGCN_HAVE_SIQS_AVX2
#include <immintrin.h>

/* AVX2 twins: 32 bytes or 8 lanes a step (a 256-bit movemask gives the
 * lanes, there being no mask registers), the tails by the portable
 * loops.  Values below 2^31 throughout, so signed compares serve. */
#define TGT2 __attribute__((target("avx2")))

static inline uint32_t put_bits(uint64_t m, uint32_t base, uint32_t *out,
                                uint32_t n)
{
    while (m) {
        out[n++] = base + (uint32_t)__builtin_ctzll(m);
        m &= m - 1;
    }
    return n;
}

TGT2 uint32_t bgcn_siqs_scan_avx2(const unsigned char *sv, uint32_t len,
                                  uint32_t *out)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < len; k += 64) {
        __m256i v0 = _mm256_loadu_si256((const __m256i *)(sv + k));
        __m256i v1 = _mm256_loadu_si256((const __m256i *)(sv + k + 32));
        if (_mm256_testz_si256(_mm256_or_si256(v0, v1),
                               _mm256_set1_epi8((char)0x80)))
            continue;
        uint64_t m = (uint32_t)_mm256_movemask_epi8(v0) |
                     (uint64_t)(uint32_t)_mm256_movemask_epi8(v1) << 32;
        n = put_bits(m, k, out, n);
    }
    return n;
}

TGT2 uint32_t bgcn_siqs_match_roots_avx2(uint32_t pos, const uint32_t *p,
                                         const float *inv, const uint32_t *r1,
                                         const uint32_t *r2, long lo, long hi,
                                         uint32_t *out)
{
    uint32_t n = 0;
    const __m256i vpos = _mm256_set1_epi32((int)pos);
    const __m256 fpos = _mm256_set1_ps((float)pos);
    const __m256i zero = _mm256_setzero_si256();
    long i = lo;
    for (; i + 8 <= hi; i += 8) {
        __m256i P = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256 I = _mm256_loadu_ps(inv + i);
        /* q = pos / p to within one, r = pos - q p in (-p, 2p) */
        __m256i q = _mm256_cvttps_epi32(_mm256_mul_ps(fpos, I));
        __m256i r = _mm256_sub_epi32(vpos, _mm256_mullo_epi32(q, P));
        r = _mm256_add_epi32(r, _mm256_and_si256(P, _mm256_cmpgt_epi32(zero, r)));
        /* r in [0, 2p): r - p wraps above r unless r >= p */
        r = _mm256_min_epu32(r, _mm256_sub_epi32(r, P));
        __m256i e = _mm256_or_si256(
            _mm256_cmpeq_epi32(r, _mm256_loadu_si256((const __m256i *)(r1 + i))),
            _mm256_cmpeq_epi32(r, _mm256_loadu_si256((const __m256i *)(r2 + i))));
        uint32_t m = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(e));
        if (m)
            n = put_bits(m, (uint32_t)i, out, n);
    }
    return n + bgcn_siqs_match_roots_c(pos, p, inv, r1, r2, i, hi, out + n);
}

TGT2 uint32_t bgcn_siqs_match_bucket_avx2(const uint32_t *bk, uint32_t nb,
                                          uint32_t off, uint32_t *out)
{
    uint32_t n = 0;
    const __m256i low = _mm256_set1_epi32(SIQS_BLOCK - 1);
    const __m256i voff = _mm256_set1_epi32((int)off);
    uint32_t e = 0;
    for (; e + 16 <= nb; e += 16) {
        __m256i v0 = _mm256_loadu_si256((const __m256i *)(bk + e));
        __m256i v1 = _mm256_loadu_si256((const __m256i *)(bk + e + 8));
        __m256i c0 = _mm256_cmpeq_epi32(_mm256_and_si256(v0, low), voff);
        __m256i c1 = _mm256_cmpeq_epi32(_mm256_and_si256(v1, low), voff);
        if (_mm256_testz_si256(_mm256_or_si256(c0, c1), _mm256_or_si256(c0, c1)))
            continue;
        uint32_t m = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(c0)) |
                     (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(c1)) << 8;
        while (m) {
            out[n++] = bk[e + (uint32_t)__builtin_ctz(m)] >> SIQS_BLOCK_BITS;
            m &= m - 1;
        }
    }
    return n + bgcn_siqs_match_bucket_c(bk + e, nb - e, off, out + n);
}
#endif
