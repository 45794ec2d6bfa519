/* ntt_fp_avx512.c -- the floating-point NTT kernels with AVX-512F/DQ
 * (eight residues per 512-bit register); contracts and arithmetic in
 * nttfp-impl.h, the scalar twin in ntt_fp.c, the AVX2 kernels in
 * ntt_fp_avx2.c.  Compiled for any x86-64 (each function carries its own
 * target attribute), used only on the kernel path that requires AVX-512
 * (src/asm/x86_64/cpu.c decides from CPUID and XCR0).
 *
 * What differs from the AVX2 kernels besides the width:
 * - The quotient round(h / p) is one fused multiply-add with the 1.5 *
 *   2^52 constant (fma(h, 1/p, magic) - magic: one rounding, exact for
 *   |h / p| < 2^51), so a modular product is six operations, a
 *   reduction three.
 * - Inside a transform two levels are fused (radix 4): each element is
 *   loaded and stored once per two levels, halving the traffic to the
 *   cache.  The arithmetic, and so every bound, is the radix-2 one.  The
 *   same pass serves the driver's levels above LEAF points (fwd_level2,
 *   inv_level2), where it halves the passes over memory: without them
 *   ntt_fp.c made four fwd_level calls, two passes (Intel Xeon family 6
 *   model 207, 10^6-limb product, perf samples: fwd_level 21% of the
 *   time, and 245 -> 215 ms with them).
 * - The three levels whose butterflies lie inside one register (h = 4,
 *   2, 1) swap its halves (quarters, neighbours) with one permute and
 *   form u + v in the lower lanes and u - v in the upper ones with one
 *   fused multiply-add by +-1; every lane is then multiplied by its
 *   twiddle (1 for the sums), which also reduces it to |.| <= 7p/8.
 *   The inverse multiplies first and adds after, ending with one
 *   reduction.
 * - Tails (a butterfly range that is not a multiple of eight) use masked
 *   loads and stores, so every h works. */
#include "nttfp-impl.h"

#ifdef BGCN_HAVE_NTTFP_AVX512

#include <immintrin.h>

#define TGT __attribute__((target("avx512f,avx512dq,fma")))
#define MAGIC 6755399441055744.0 /* 1.5 * 2^52 */

typedef __m512d V;

typedef struct {
    V p, pinv, magic;
} K;

static inline TGT K kset(const nttfp_prime *P)
{
    K k = {_mm512_set1_pd(P->p), _mm512_set1_pd(P->pinv),
           _mm512_set1_pd(MAGIC)};
    return k;
}

/* a b mod p, |.| <= 7p/8, for |a| <= 2^51, |b| <= p/2 + 1 (or b = +-1). */
static inline TGT V vmulmod(V a, V b, const K *k)
{
    V h = _mm512_mul_pd(a, b);
    V l = _mm512_fmsub_pd(a, b, h);
    V q = _mm512_sub_pd(_mm512_fmadd_pd(h, k->pinv, k->magic), k->magic);
    return _mm512_add_pd(_mm512_fnmadd_pd(q, k->p, h), l);
}

/* s mod p, |.| <= p/2 + 1, for an integer |s| < 2^52. */
static inline TGT V vred(V s, const K *k)
{
    V q = _mm512_sub_pd(_mm512_fmadd_pd(s, k->pinv, k->magic), k->magic);
    return _mm512_fnmadd_pd(q, k->p, s);
}

static inline TGT __mmask8 tailmask(long n)
{
    return n >= 8 ? (__mmask8)0xff : (__mmask8)((1u << n) - 1);
}

/* Lanes l of w_{2h}^-(j+l), negated: tw[2h - j - l], and -1 where
 * j + l = 0 (never read from tw[2h], which may lie past the table). */
static inline TGT V ninv_tw(const double *tw, long h, long j)
{
    const __m512i rev = _mm512_set_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    if (j == 0) {
        V w = _mm512_maskz_loadu_pd(0x7f, tw + 2 * h - 7);
        w = _mm512_permutexvar_pd(rev, w);
        return _mm512_mask_blend_pd(0x01, w, _mm512_set1_pd(-1.0));
    }
    return _mm512_permutexvar_pd(rev, _mm512_loadu_pd(tw + 2 * h - j - 7));
}

/* The same for a range of n < 8 lanes (masked: only lanes below n are
 * read). */
static inline TGT V ninv_tw_n(const double *tw, long h, long j, long n)
{
    const __m512i rev = _mm512_set_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    /* lane l = tw[2h - j - l]: loaded from base 2h - j - 7, lane 7 - l */
    __mmask8 m = (__mmask8)(tailmask(n) << (8 - n));
    if (j == 0)
        m &= 0x7f;
    V w = _mm512_maskz_loadu_pd(m, tw + 2 * h - j - 7);
    w = _mm512_permutexvar_pd(rev, w);
    if (j == 0)
        w = _mm512_mask_blend_pd(0x01, w, _mm512_set1_pd(-1.0));
    return w;
}

/* ---- forward ---- */

static TGT void fwd_level(double *x, long h, long j0, long j1,
                          const double *tw, const nttfp_prime *P)
{
    const K k = kset(P);
    double *y = x + h;
    const double *w = tw + h;
    long j = j0;
    for (; j + 8 <= j1; j += 8) {
        V u = _mm512_loadu_pd(x + j), v = _mm512_loadu_pd(y + j);
        _mm512_storeu_pd(x + j, vred(_mm512_add_pd(u, v), &k));
        _mm512_storeu_pd(
            y + j, vmulmod(_mm512_sub_pd(u, v), _mm512_loadu_pd(w + j), &k));
    }
    if (j < j1) {
        __mmask8 m = tailmask(j1 - j);
        V u = _mm512_maskz_loadu_pd(m, x + j), v = _mm512_maskz_loadu_pd(m, y + j);
        _mm512_mask_storeu_pd(x + j, m, vred(_mm512_add_pd(u, v), &k));
        _mm512_mask_storeu_pd(
            y + j, m,
            vmulmod(_mm512_sub_pd(u, v), _mm512_maskz_loadu_pd(m, w + j), &k));
    }
}

/* Eight lanes at x + j (all, or those of mask m when !full). */
static inline TGT __attribute__((always_inline)) V ld(const double *x,
                                                     int full, __mmask8 m)
{
    return full ? _mm512_loadu_pd(x) : _mm512_maskz_loadu_pd(m, x);
}

static inline TGT __attribute__((always_inline)) void st(double *x, V v,
                                                        int full, __mmask8 m)
{
    if (full)
        _mm512_storeu_pd(x, v);
    else
        _mm512_mask_storeu_pd(x, m, v);
}

/* The butterflies j0 <= j < j1 of a radix-4 pass, eight at a time by
 * AT(x, h, j, tw, k, full, n), the last n < 8 masked (full = 0). */
#define BY_EIGHT(AT, x, h, j0, j1, tw, k)                                  \
    do {                                                                   \
        long j_ = (j0);                                                    \
        for (; j_ + 8 <= (j1); j_ += 8)                                    \
            AT(x, h, j_, tw, k, 1, 8);                                     \
        if (j_ < (j1))                                                     \
            AT(x, h, j_, tw, k, 0, (j1) - j_);                             \
    } while (0)

/* The radix-4 butterflies j .. j+7 (the first n when !full) of levels h
 * and h/2 on {x, 2h}. */
static inline TGT __attribute__((always_inline)) void
fwd_two_at(double *x, long h, long j, const double *tw, const K *k, int full,
           long n)
{
    long q = h / 2;
    __mmask8 m = tailmask(n);
    const double *w1 = tw + h, *w2 = tw + q;
    V a0 = ld(x + j, full, m), a1 = ld(x + q + j, full, m);
    V a2 = ld(x + h + j, full, m), a3 = ld(x + h + q + j, full, m);
    V s0 = vred(_mm512_add_pd(a0, a2), k);
    V d0 = vmulmod(_mm512_sub_pd(a0, a2), ld(w1 + j, full, m), k);
    V s1 = vred(_mm512_add_pd(a1, a3), k);
    V d1 = vmulmod(_mm512_sub_pd(a1, a3), ld(w1 + q + j, full, m), k);
    V wq = ld(w2 + j, full, m);
    st(x + j, vred(_mm512_add_pd(s0, s1), k), full, m);
    st(x + q + j, vmulmod(_mm512_sub_pd(s0, s1), wq, k), full, m);
    st(x + h + j, vred(_mm512_add_pd(d0, d1), k), full, m);
    st(x + h + q + j, vmulmod(_mm512_sub_pd(d0, d1), wq, k), full, m);
}

/* Levels h and h/2 of the block {x, 2h} in one pass, radix-4 butterflies
 * j0 <= j < j1 <= h/2 (h >= 8; a range that is not a multiple of eight
 * ends masked): the driver's two-level step above LEAF points
 * (nttfp-impl.h), one pass over memory instead of the two of four
 * fwd_level calls. */
static TGT void fwd_level2(double *x, long h, long j0, long j1,
                           const double *tw, const nttfp_prime *P)
{
    const K k = kset(P);
    BY_EIGHT(fwd_two_at, x, h, j0, j1, tw, &k);
}

/* One in-register level: lanes with bit s of the lane index clear hold
 * u, their partners v; sw is the partner permutation, sg +1 on the lower
 * lanes and -1 on the upper, wv the twiddles (1 on the lower lanes). */
static inline TGT V fwd_inreg(V x, V sw, V sg, V wv, const K *k)
{
    /* lower: x + partner = u + v; upper: partner - x = u - v */
    return vmulmod(_mm512_fmadd_pd(x, sg, sw), wv, k);
}

/* The last three levels (h = 4, 2, 1) on {a, m}, m a multiple of 8. */
static TGT void fwd_last3(double *a, long m, const double *tw, const K *k)
{
    const V one = _mm512_set1_pd(1.0);
    /* h = 4: partner swaps the 256-bit halves; twiddles w_8^0..3 */
    const V sg4 = _mm512_set_pd(-1, -1, -1, -1, 1, 1, 1, 1);
    const V w4 = _mm512_set_pd(tw[7], tw[6], tw[5], tw[4], 1, 1, 1, 1);
    /* h = 2: pairs of lanes swapped; twiddles w_4^0, w_4^1 */
    const V sg2 = _mm512_set_pd(-1, -1, 1, 1, -1, -1, 1, 1);
    const V w2 = _mm512_set_pd(tw[3], tw[2], 1, 1, tw[3], tw[2], 1, 1);
    /* h = 1: neighbours swapped; twiddle 1 */
    const V sg1 = _mm512_set_pd(-1, 1, -1, 1, -1, 1, -1, 1);
    for (long g = 0; g < m; g += 8) {
        V x = _mm512_loadu_pd(a + g);
        x = fwd_inreg(x, _mm512_shuffle_f64x2(x, x, 0x4e), sg4, w4, k);
        x = fwd_inreg(x, _mm512_permutex_pd(x, 0x4e), sg2, w2, k);
        x = fwd_inreg(x, _mm512_permute_pd(x, 0x55), sg1, one, k);
        _mm512_storeu_pd(a + g, x);
    }
}

static TGT void fwd(double *a, long m, const double *tw, const nttfp_prime *P)
{
    const K k = kset(P);
    long h = m / 2;
    if (m < 8) {
        for (; h >= 1; h /= 2)
            for (long b = 0; b < m; b += 2 * h)
                fwd_level(a + b, h, 0, h, tw, P);
        return;
    }
    for (; h >= 16; h /= 4)
        for (long b = 0; b < m; b += 2 * h)
            BY_EIGHT(fwd_two_at, a + b, h, 0, h / 2, tw, &k);
    if (h == 8)
        for (long b = 0; b < m; b += 16)
            fwd_level(a + b, 8, 0, 8, tw, P);
    fwd_last3(a, m, tw, &k);
}

/* ---- inverse ---- */

static TGT void inv_level(double *x, long h, long j0, long j1,
                          const double *tw, const nttfp_prime *P)
{
    const K k = kset(P);
    double *y = x + h;
    long j = j0;
    /* u = y w^-j negated, then (x - u, x + u) */
    for (; j + 8 <= j1; j += 8) {
        V u = vmulmod(_mm512_loadu_pd(y + j), ninv_tw(tw, h, j), &k);
        V v = _mm512_loadu_pd(x + j);
        _mm512_storeu_pd(x + j, vred(_mm512_sub_pd(v, u), &k));
        _mm512_storeu_pd(y + j, vred(_mm512_add_pd(v, u), &k));
    }
    if (j < j1) {
        __mmask8 m = tailmask(j1 - j);
        V u = vmulmod(_mm512_maskz_loadu_pd(m, y + j),
                      ninv_tw_n(tw, h, j, j1 - j), &k);
        V v = _mm512_maskz_loadu_pd(m, x + j);
        _mm512_mask_storeu_pd(x + j, m, vred(_mm512_sub_pd(v, u), &k));
        _mm512_mask_storeu_pd(y + j, m, vred(_mm512_add_pd(v, u), &k));
    }
}

/* The twiddles w^-(j+l) of row h, negated, for the lanes of the range
 * (all eight, or the first n). */
static inline TGT __attribute__((always_inline)) V
ninv_at(const double *tw, long h, long j, int full, long n)
{
    return full ? ninv_tw(tw, h, j) : ninv_tw_n(tw, h, j, n);
}

/* The radix-4 butterflies j .. j+7 (the first n when !full) of levels
 * h/2 and h on {x, 2h}. */
static inline TGT __attribute__((always_inline)) void
inv_two_at(double *x, long h, long j, const double *tw, const K *k, int full,
           long n)
{
    long q = h / 2;
    __mmask8 m = tailmask(n);
    V wq = ninv_at(tw, q, j, full, n);
    V a0 = ld(x + j, full, m), a1 = ld(x + q + j, full, m);
    V a2 = ld(x + h + j, full, m), a3 = ld(x + h + q + j, full, m);
    V u = vmulmod(a1, wq, k);
    V s0 = vred(_mm512_sub_pd(a0, u), k), s1 = vred(_mm512_add_pd(a0, u), k);
    u = vmulmod(a3, wq, k);
    V d0 = vred(_mm512_sub_pd(a2, u), k), d1 = vred(_mm512_add_pd(a2, u), k);
    u = vmulmod(d0, ninv_at(tw, h, j, full, n), k);
    st(x + j, vred(_mm512_sub_pd(s0, u), k), full, m);
    st(x + h + j, vred(_mm512_add_pd(s0, u), k), full, m);
    u = vmulmod(d1, ninv_at(tw, h, j + q, full, n), k);
    st(x + q + j, vred(_mm512_sub_pd(s1, u), k), full, m);
    st(x + h + q + j, vred(_mm512_add_pd(s1, u), k), full, m);
}

/* Levels h/2 and h of the block {x, 2h} in one pass, radix-4 butterflies
 * j0 <= j < j1 <= h/2 (h >= 8; a range that is not a multiple of eight
 * ends masked): the driver's inverse two-level step. */
static TGT void inv_level2(double *x, long h, long j0, long j1,
                           const double *tw, const nttfp_prime *P)
{
    const K k = kset(P);
    BY_EIGHT(inv_two_at, x, h, j0, j1, tw, &k);
}

/* One in-register inverse level: the upper lanes (v) times their
 * twiddles w^-j, the lower ones (u) times 1, then u + t below and u - t
 * above; |.| <= 7p/4 out, |x| < 2^51 in. */
static inline TGT V inv_inreg(V x, V sg, V wv, const K *k, int which)
{
    V z = vmulmod(x, wv, k);
    V sw = which == 4   ? _mm512_shuffle_f64x2(z, z, 0x4e)
           : which == 2 ? _mm512_permutex_pd(z, 0x4e)
                        : _mm512_permute_pd(z, 0x55);
    /* lower: z + partner = u + t; upper: partner - z = u - t */
    return _mm512_fmadd_pd(z, sg, sw);
}

/* The first three inverse levels (h = 1, 2, 4) on {a, m}, m a multiple
 * of 8, ending reduced to |.| <= p/2 + 1. */
static TGT void inv_first3(double *a, long m, const double *tw, const K *k)
{
    const V one = _mm512_set1_pd(1.0);
    const V sg1 = _mm512_set_pd(-1, 1, -1, 1, -1, 1, -1, 1);
    /* w_4^-1 = -w_4^1; w_8^-j = -w_8^(4-j) */
    const V w2 = _mm512_set_pd(-tw[3], 1, 1, 1, -tw[3], 1, 1, 1);
    const V sg2 = _mm512_set_pd(-1, -1, 1, 1, -1, -1, 1, 1);
    const V w4 = _mm512_set_pd(-tw[5], -tw[6], -tw[7], 1, 1, 1, 1, 1);
    const V sg4 = _mm512_set_pd(-1, -1, -1, -1, 1, 1, 1, 1);
    for (long g = 0; g < m; g += 8) {
        V x = _mm512_loadu_pd(a + g);
        x = inv_inreg(x, sg1, one, k, 1);
        x = inv_inreg(x, sg2, w2, k, 2);
        x = inv_inreg(x, sg4, w4, k, 4);
        _mm512_storeu_pd(a + g, vred(x, k));
    }
}

static TGT void inv(double *a, long m, const double *tw, const nttfp_prime *P)
{
    const K k = kset(P);
    if (m < 8) {
        for (long h = 1; h < m; h *= 2)
            for (long b = 0; b < m; b += 2 * h)
                inv_level(a + b, h, 0, h, tw, P);
        return;
    }
    inv_first3(a, m, tw, &k);
    long h = 8;
    /* an odd count of levels above the first three: one alone first */
    int lv = 0;
    for (long t = 8; t < m; t *= 2)
        lv++;
    if (lv & 1) {
        for (long b = 0; b < m; b += 16)
            inv_level(a + b, 8, 0, 8, tw, P);
        h = 16;
    }
    for (; h < m; h *= 4)
        for (long b = 0; b < m; b += 4 * h)
            BY_EIGHT(inv_two_at, a + b, 2 * h, 0, h, tw, &k);
}

/* ---- pointwise, scale, load ---- */

static TGT void pointwise(double *a, const double *b, long n, double c,
                          const nttfp_prime *P)
{
    const K k = kset(P);
    const V vc = _mm512_set1_pd(c);
    for (long i = 0; i < n; i += 8) {
        __mmask8 m = tailmask(n - i);
        V x = vmulmod(_mm512_maskz_loadu_pd(m, a + i),
                      _mm512_maskz_loadu_pd(m, b + i), &k);
        _mm512_mask_storeu_pd(a + i, m, vmulmod(x, vc, &k));
    }
}

static TGT void scale(double *dst, const double *src, long n, double c,
                      const nttfp_prime *P)
{
    const K k = kset(P);
    const V vc = _mm512_set1_pd(c);
    for (long i = 0; i < n; i += 8) {
        __mmask8 m = tailmask(n - i);
        V x = vmulmod(_mm512_maskz_loadu_pd(m, src + i), vc, &k);
        _mm512_mask_storeu_pd(dst + i, m, vred(x, &k));
    }
}

/* 64-bit lanes below 2^32 to doubles (exact). */
static inline TGT V lo32_pd(__m512i v)
{
    return _mm512_cvtepi64_pd(_mm512_and_si512(v, _mm512_set1_epi64(0xffffffff)));
}

static TGT void load(double *r, long i0, long i1, const bgcn_limb_t *a,
                     long an, int nb, const nttfp_prime *P)
{
    const K k = kset(P);
    const V v32 = _mm512_set1_pd(P->c32), v64 = _mm512_set1_pd(P->c64);
    long i = i0;
    /* Away from the end of the operand: the sixteen limbs from the
     * first coefficient's loaded (eight coefficients span at most
     * 7 * 96 + 63 + 96 bits, 13 limbs), the three limbs each
     * coefficient may touch picked out by a two-register permute,
     * shifted lane by lane (a shift by
     * 64 gives 0, so sh = 0 needs no case), masked, cut into pieces of
     * 32, 32 and at most 32 bits: value x0 + 2^32 x1 + 2^64 x2. */
    const int wide = nb > 64;
    const __m512i mlo = _mm512_set1_epi64((long long)(
        nb >= 64 ? BGCN_LIMB_MAX : ((bgcn_limb_t)1 << nb) - 1));
    const __m512i mhi = _mm512_set1_epi64(
        wide ? (long long)(((bgcn_limb_t)1 << (nb - 64)) - 1) : 0);
    const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i vnb = _mm512_set1_epi64(nb), c63 = _mm512_set1_epi64(63);
    const __m512i c64i = _mm512_set1_epi64(64), one = _mm512_set1_epi64(1);
    const long long *al = (const long long *)a;
    for (; i + 8 <= i1; i += 8) {
        long q0 = i * nb / 64;
        if (q0 + 16 > an)
            break; /* the last coefficients: the general loop */
        __m512i A = _mm512_loadu_si512(al + q0), B = _mm512_loadu_si512(al + q0 + 8);
        __m512i bit = _mm512_mullo_epi64(
            _mm512_add_epi64(_mm512_set1_epi64(i), lane), vnb);
        __m512i q = _mm512_sub_epi64(_mm512_srli_epi64(bit, 6),
                                     _mm512_set1_epi64(q0));
        __m512i sh = _mm512_and_si512(bit, c63), rs = _mm512_sub_epi64(c64i, sh);
        __m512i l0 = _mm512_permutex2var_epi64(A, q, B);
        __m512i l1 = _mm512_permutex2var_epi64(A, _mm512_add_epi64(q, one), B);
        __m512i v0 = _mm512_or_si512(_mm512_srlv_epi64(l0, sh),
                                     _mm512_sllv_epi64(l1, rs));
        v0 = _mm512_and_si512(v0, mlo);
        V s = _mm512_add_pd(lo32_pd(v0),
                            vmulmod(lo32_pd(_mm512_srli_epi64(v0, 32)), v32, &k));
        if (wide) {
            __m512i l2 = _mm512_permutex2var_epi64(
                A, _mm512_add_epi64(q, _mm512_set1_epi64(2)), B);
            __m512i v1 = _mm512_or_si512(_mm512_srlv_epi64(l1, sh),
                                         _mm512_sllv_epi64(l2, rs));
            v1 = _mm512_and_si512(v1, mhi);
            s = _mm512_add_pd(s, vmulmod(_mm512_cvtepi64_pd(v1), v64, &k));
        }
        _mm512_storeu_pd(r + i, vred(s, &k));
    }
    /* the bits scalar, the arithmetic eight coefficients at a time */
    for (; i < i1; i += 8) {
        long n = i1 - i < 8 ? i1 - i : 8;
        long long x0[8] = {0}, x1[8] = {0}, x2[8] = {0};
        for (long l = 0; l < n; l++) {
            bgcn_limb_t x[3];
            nttfp_get_bits(a, an, (i + l) * nb, nb, x);
            x0[l] = (long long)x[0];
            x1[l] = (long long)x[1];
            x2[l] = (long long)x[2];
        }
        V s = _mm512_add_pd(
            _mm512_cvtepi64_pd(_mm512_loadu_si512(x0)),
            _mm512_add_pd(
                vmulmod(_mm512_cvtepi64_pd(_mm512_loadu_si512(x1)), v32, &k),
                vmulmod(_mm512_cvtepi64_pd(_mm512_loadu_si512(x2)), v64, &k)));
        _mm512_mask_storeu_pd(r + i, tailmask(n), vred(s, &k));
    }
}

/* Garner in doubles, eight coefficients at a time: each digit made
 * canonical ([0, p), p added to a negative one) before the next prime
 * uses it, stored as a 64-bit integer (exact conversion). */
static TGT void crt_digits(double *const res[], int np, long i0, long i1,
                           const nttfp_prime P[], const double c[4][4])
{
    for (long i = i0; i < i1; i += 8) {
        __mmask8 m = tailmask(i1 - i);
        V y[4];
        for (int j = 0; j < np; j++) {
            const K k = kset(&P[j]);
            V t = _mm512_maskz_loadu_pd(m, res[j] + i);
            for (int l = 0; l < j; l++)
                t = vmulmod(_mm512_sub_pd(t, y[l]), _mm512_set1_pd(c[j][l]), &k);
            __mmask8 neg = _mm512_cmp_pd_mask(t, _mm512_setzero_pd(), _CMP_LT_OQ);
            y[j] = _mm512_mask_add_pd(t, neg, t, k.p);
        }
        for (int j = 0; j < np; j++)
            _mm512_mask_storeu_epi64(res[j] + i, m, _mm512_cvtpd_epi64(y[j]));
    }
}

const nttfp_ops bgcn_nttfp_avx512 = {
    .name = "avx512",
    .fwd_level = fwd_level,
    .fwd = fwd,
    .inv_level = inv_level,
    .inv = inv,
    .pointwise = pointwise,
    .scale = scale,
    .load = load,
    .crt_digits = crt_digits,
    .tft_split = bgcn_nttfp_avx2_tft_split,
    .tft_join = bgcn_nttfp_avx2_tft_join,
    .fwd_level2 = fwd_level2,
    .inv_level2 = inv_level2,
};

#endif
