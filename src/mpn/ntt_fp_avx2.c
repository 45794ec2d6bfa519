/* ntt_fp_avx2.c -- the floating-point NTT kernels with AVX2 and FMA
 * (four residues per 256-bit register); contracts and arithmetic in
 * nttfp-impl.h, the scalar twin in ntt_fp.c.  Compiled for any x86-64
 * (each function carries its own target attribute), used only on the
 * kernel paths that require AVX2 and FMA (src/asm/x86_64/cpu.c).
 *
 * Written for CPUs whose FP units are 128 bits wide (AMD Zen 1: a
 * 256-bit operation is two micro-ops, a lane-crossing permute several,
 * and a fused multiply-add takes an adder's slot as well as a
 * multiplier's), measured there (BENCHMARKS.md):
 * - Inside a transform two levels are fused (radix 4), depth first above
 *   1024 points, so each element is loaded and stored once per two
 *   levels; the first level's sums stay unreduced (bounds below).
 * - The two levels whose partners lie inside one register (h = 2, 1)
 *   work on 128-bit halves put together by 128-bit loads (A = {x0, x1,
 *   x4, x5}, B = {x2, x3, x6, x7}) and in-lane unpacks, no transpose.
 * - Reversed twiddle rows (the inverse) are read as two swapped 128-bit
 *   halves.
 * - The quotient of a reduction is rounded with the round instruction
 *   where the bounds allow it (vmulmod, vred), with the magic-constant
 *   fused multiply-add where a larger operand needs its exact rounding
 *   (vmulmod_x). */
#include "nttfp-impl.h"

#ifdef BGCN_HAVE_NTTFP_AVX2

#include <immintrin.h>

#define TGT __attribute__((target("avx2,fma")))
#define MAGIC 6755399441055744.0 /* 1.5 * 2^52 */

typedef __m256d V;

/* ---- scalar forms (tails and tiny transforms) ---- */

static inline TGT double rnd(double x)
{
    return (x + MAGIC) - MAGIC;
}

static inline TGT double smulmod(double a, double b, double p, double pinv)
{
    double h = a * b;
    double l = __builtin_fma(a, b, -h);
    double q = __builtin_fma(h, pinv, MAGIC) - MAGIC;
    return __builtin_fma(-q, p, h) + l;
}

static inline TGT double sred(double s, double p, double pinv)
{
    return __builtin_fma(-rnd(s * pinv), p, s);
}

/* ---- vector forms ---- */

typedef struct {
    V p, pinv, magic;
} K;

static inline TGT K kset(const nttfp_prime *P)
{
    K k = {_mm256_set1_pd(P->p), _mm256_set1_pd(P->pinv),
           _mm256_set1_pd(MAGIC)};
    return k;
}

/* Modular products (nttfp-impl.h): h = fl(a b), l = a b - h exactly,
 * q = round(h / p), r = (h - q p) + l exactly.  Two ways to get q, as
 * on this CPU's FP units a fused multiply-add costs an adder slot too:
 * vmulmod rounds fl(h * (1/p)) with the round instruction, for |a b| <=
 * 2^50 p: |.| <= 7p/8 (errors 2^-53 relative from h, 1/p and the
 * product, at most 0.375, plus 0.5); vmulmod_x adds the magic constant
 * in a fused multiply-add (one rounding less), for |a b| <= 2^51 p:
 * |.| <= p (0.5 plus 0.5).  With |b| <= p/2 + 1 that is |a| <= 2p and
 * |a| <= 4p. */
static inline TGT V vmulmod(V a, V b, const K *k)
{
    V h = _mm256_mul_pd(a, b);
    V l = _mm256_fmsub_pd(a, b, h);
    V q = _mm256_round_pd(_mm256_mul_pd(h, k->pinv),
                          _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    return _mm256_add_pd(_mm256_fnmadd_pd(q, k->p, h), l);
}

static inline TGT V vmulmod_x(V a, V b, const K *k)
{
    V h = _mm256_mul_pd(a, b);
    V l = _mm256_fmsub_pd(a, b, h);
    V q = _mm256_sub_pd(_mm256_fmadd_pd(h, k->pinv, k->magic), k->magic);
    return _mm256_add_pd(_mm256_fnmadd_pd(q, k->p, h), l);
}

/* s mod p, |.| <= p/2 + 1, for an integer |s| < 2^52. */
static inline TGT V vred(V s, const K *k)
{
    V q = _mm256_round_pd(_mm256_mul_pd(s, k->pinv),
                          _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    return _mm256_fnmadd_pd(q, k->p, s);
}

/* {x[3], x[2], x[1], x[0]}: two 128-bit loads and in-lane swaps (a
 * lane-crossing permute costs several micro-ops on 128-bit FP units). */
static inline TGT V rev4(const double *x)
{
    V v = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(x + 2)),
                               _mm_loadu_pd(x), 1);
    return _mm256_permute_pd(v, 0x5);
}

/* Lanes l of w_{2h}^-(j+l), negated: tw[2h - j - l], and -1 for j + l
 * = 0 (w^0 = 1; row 2h may not exist, so tw[2h] is never read). */
static inline TGT V ninv_tw(const double *tw, long h, long j)
{
    if (j)
        return rev4(tw + 2 * h - j - 3);
    return _mm256_set_pd(tw[2 * h - 3], tw[2 * h - 2], tw[2 * h - 1], -1.0);
}

/* Eight points {x, 8} as A = {x0, x1, x4, x5}, B = {x2, x3, x6, x7}
 * (128-bit halves, no lane-crossing shuffle), and back. */
static inline TGT void load8(const double *x, V *A, V *B)
{
    *A = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(x)),
                              _mm_loadu_pd(x + 4), 1);
    *B = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(x + 2)),
                              _mm_loadu_pd(x + 6), 1);
}

static inline TGT void store8(double *x, V A, V B)
{
    _mm_storeu_pd(x, _mm256_castpd256_pd128(A));
    _mm_storeu_pd(x + 4, _mm256_extractf128_pd(A, 1));
    _mm_storeu_pd(x + 2, _mm256_castpd256_pd128(B));
    _mm_storeu_pd(x + 6, _mm256_extractf128_pd(B, 1));
}

/* ---- forward ----
 *
 * Bounds: every transform input and output is |.| <= p.  A radix-2
 * level reduces both outputs; the radix-4 pass leaves the first level's
 * sums unreduced (|.| <= 2p, so the second level's difference, a
 * multiplicand, is <= 4p and its sum, reduced, < 2^52). */

static TGT void fwd_level_s(double *x, long h, long j0, long j1,
                            const double *tw, double p, double pinv)
{
    for (long j = j0; j < j1; j++) {
        double u = x[j], v = x[j + h];
        x[j] = sred(u + v, p, pinv);
        x[j + h] = smulmod(u - v, tw[h + j], p, pinv);
    }
}

static TGT void fwd_level(double *x, long h, long j0, long j1,
                          const double *tw, const nttfp_prime *P)
{
    if (h < 4) {
        fwd_level_s(x, h, j0, j1, tw, P->p, P->pinv);
        return;
    }
    const K k = kset(P);
    double *y = x + h;
    const double *w = tw + h;
    for (long j = j0; j < j1; j += 4) {
        V u = _mm256_loadu_pd(x + j), v = _mm256_loadu_pd(y + j);
        _mm256_storeu_pd(x + j, vred(_mm256_add_pd(u, v), &k));
        _mm256_storeu_pd(y + j, vmulmod(_mm256_sub_pd(u, v),
                                        _mm256_loadu_pd(w + j), &k));
    }
}

/* Levels h and h/2 of the block {x, 2h} in one pass (q = h/2 >= 4),
 * radix-4 butterflies j0 <= j < j1 (multiples of 4, j1 <= q). */
static TGT void fwd_two_r(double *x, long h, long j0, long j1,
                          const double *tw, const K *k)
{
    long q = h / 2;
    double *x1 = x + q, *x2 = x + h, *x3 = x + h + q;
    const double *wh = tw + h, *wq = tw + q;
    for (long j = j0; j < j1; j += 4) {
        V a = _mm256_loadu_pd(x + j), b = _mm256_loadu_pd(x1 + j);
        V c = _mm256_loadu_pd(x2 + j), d = _mm256_loadu_pd(x3 + j);
        V s0 = _mm256_add_pd(a, c), s1 = _mm256_add_pd(b, d);
        V t0 = vmulmod(_mm256_sub_pd(a, c), _mm256_loadu_pd(wh + j), k);
        V t1 = vmulmod(_mm256_sub_pd(b, d), _mm256_loadu_pd(wh + q + j), k);
        V w = _mm256_loadu_pd(wq + j);
        _mm256_storeu_pd(x + j, vred(_mm256_add_pd(s0, s1), k));
        _mm256_storeu_pd(x1 + j, vmulmod_x(_mm256_sub_pd(s0, s1), w, k));
        _mm256_storeu_pd(x2 + j, vred(_mm256_add_pd(t0, t1), k));
        _mm256_storeu_pd(x3 + j, vmulmod(_mm256_sub_pd(t0, t1), w, k));
    }
}

static inline TGT void fwd_two(double *x, long h, const double *tw,
                               const K *k)
{
    fwd_two_r(x, h, 0, h / 2, tw, k);
}

/* The driver's two-level step (nttfp-impl.h). */
static TGT void fwd_level2(double *x, long h, long j0, long j1,
                           const double *tw, const nttfp_prime *P)
{
    const K k = kset(P);
    fwd_two_r(x, h, j0, j1, tw, &k);
}

/* The last two levels (h = 2, 1) on {a, m}, m a multiple of 8: the
 * partners of h = 2 are the 128-bit halves A and B (load8), those of
 * h = 1 neighbours, brought into two registers by in-lane unpacks. */
static TGT void fwd_last2(double *a, long m, const double *tw, const K *k)
{
    const V w4 = _mm256_set_pd(tw[3], 1.0, tw[3], 1.0); /* w_4^0, w_4^1 */
    for (long g = 0; g < m; g += 8) {
        V A, B;
        load8(a + g, &A, &B);
        V s = _mm256_add_pd(A, B); /* |.| <= 2p */
        V t = vmulmod(_mm256_sub_pd(A, B), w4, k);
        V u = _mm256_unpacklo_pd(s, t), v = _mm256_unpackhi_pd(s, t);
        V y0 = vred(_mm256_add_pd(u, v), k), y1 = vred(_mm256_sub_pd(u, v), k);
        store8(a + g, _mm256_unpacklo_pd(y0, y1), _mm256_unpackhi_pd(y0, y1));
    }
}

/* {a, m} with log2(m) - 2 even: radix-4 passes, depth first above
 * 1024 points (the block and its twiddles stay in the first-level
 * cache), then the last two levels. */
static TGT void fwd4(double *a, long m, const double *tw, const K *k)
{
    if (m > 1024) {
        fwd_two(a, m / 2, tw, k);
        for (int i = 0; i < 4; i++)
            fwd4(a + i * (m / 4), m / 4, tw, k);
        return;
    }
    for (long h = m / 2; h >= 8; h /= 4)
        for (long b = 0; b < m; b += 2 * h)
            fwd_two(a + b, h, tw, k);
    fwd_last2(a, m, tw, k);
}

static TGT void fwd(double *a, long m, const double *tw, const nttfp_prime *P)
{
    if (m < 16) {
        for (long h = m / 2; h >= 1; h /= 2)
            for (long b = 0; b < m; b += 2 * h)
                fwd_level_s(a + b, h, 0, h, tw, P->p, P->pinv);
        return;
    }
    const K k = kset(P);
    if (__builtin_ctzl((unsigned long)m) % 2) {
        /* an odd count of levels above the last two: one alone first */
        fwd_level(a, m / 2, 0, m / 2, tw, P);
        fwd4(a, m / 2, tw, &k);
        fwd4(a + m / 2, m / 2, tw, &k);
    } else {
        fwd4(a, m, tw, &k);
    }
}

/* ---- inverse ----
 *
 * Bounds: inputs |.| <= p, outputs reduced (|.| <= p/2 + 1).  The
 * radix-4 pass leaves the first level's results unreduced (|.| <= 2p,
 * multiplicands of the second level) and reduces the four outputs. */

static TGT void inv_level_s(double *x, long h, long j0, long j1,
                            const double *tw, double p, double pinv)
{
    for (long j = j0; j < j1; j++) {
        /* t = y w^-j = -(y w^(h-j)) for j >= 1: u = y w^(h-j), x -+ u;
         * j = 0: u = -y. */
        double u = j ? smulmod(x[j + h], tw[2 * h - j], p, pinv) : -x[j + h];
        double v = x[j];
        x[j] = sred(v - u, p, pinv);
        x[j + h] = sred(v + u, p, pinv);
    }
}

static TGT void inv_level(double *x, long h, long j0, long j1,
                          const double *tw, const nttfp_prime *P)
{
    if (h < 4) {
        inv_level_s(x, h, j0, j1, tw, P->p, P->pinv);
        return;
    }
    const K k = kset(P);
    double *y = x + h;
    for (long j = j0; j < j1; j += 4) {
        V u = vmulmod(_mm256_loadu_pd(y + j), ninv_tw(tw, h, j), &k);
        V v = _mm256_loadu_pd(x + j);
        _mm256_storeu_pd(x + j, vred(_mm256_sub_pd(v, u), &k));
        _mm256_storeu_pd(y + j, vred(_mm256_add_pd(v, u), &k));
    }
}

/* Levels h/2 and h of the block {x, 2h} in one pass (q = h/2 >= 4),
 * radix-4 butterflies j0 <= j < j1 (multiples of 4, j1 <= q). */
static TGT void inv_two_r(double *x, long h, long j0, long j1,
                          const double *tw, const K *k)
{
    long q = h / 2;
    double *x1 = x + q, *x2 = x + h, *x3 = x + h + q;
    for (long j = j0; j < j1; j += 4) {
        V wq = ninv_tw(tw, q, j), wh = ninv_tw(tw, h, j);
        V wh1 = rev4(tw + 2 * h - (j + q) - 3); /* j + q >= 1 */
        V a = _mm256_loadu_pd(x + j), b = _mm256_loadu_pd(x1 + j);
        V c = _mm256_loadu_pd(x2 + j), d = _mm256_loadu_pd(x3 + j);
        /* level q: (a, b) and (c, d) with w_{2q}^-j */
        V u = vmulmod(b, wq, k), v = vmulmod(d, wq, k);
        V s0 = _mm256_sub_pd(a, u), s1 = _mm256_add_pd(a, u); /* <= 2p */
        V s2 = _mm256_sub_pd(c, v), s3 = _mm256_add_pd(c, v);
        /* level h: (s0, s2) with w_{2h}^-j, (s1, s3) with w^-(j+q) */
        V e = vmulmod(s2, wh, k), f = vmulmod(s3, wh1, k);
        _mm256_storeu_pd(x + j, vred(_mm256_sub_pd(s0, e), k));
        _mm256_storeu_pd(x2 + j, vred(_mm256_add_pd(s0, e), k));
        _mm256_storeu_pd(x1 + j, vred(_mm256_sub_pd(s1, f), k));
        _mm256_storeu_pd(x3 + j, vred(_mm256_add_pd(s1, f), k));
    }
}

static inline TGT void inv_two(double *x, long h, const double *tw,
                               const K *k)
{
    inv_two_r(x, h, 0, h / 2, tw, k);
}

static TGT void inv_level2(double *x, long h, long j0, long j1,
                           const double *tw, const nttfp_prime *P)
{
    const K k = kset(P);
    inv_two_r(x, h, j0, j1, tw, &k);
}

/* The first two inverse levels (h = 1, 2) on {a, m}, m a multiple of 8
 * (the mirror of fwd_last2). */
static TGT void inv_first2(double *a, long m, const double *tw, const K *k)
{
    /* w_4^0 = 1 and w_4^-1 = -w_4^1 */
    const V w4 = _mm256_set_pd(-tw[3], 1.0, -tw[3], 1.0);
    for (long g = 0; g < m; g += 8) {
        V A, B;
        load8(a + g, &A, &B);
        V u = _mm256_unpacklo_pd(A, B), v = _mm256_unpackhi_pd(A, B);
        V s = _mm256_add_pd(u, v), d = _mm256_sub_pd(u, v); /* <= 2p */
        V x = _mm256_unpacklo_pd(s, d);
        V t = vmulmod(_mm256_unpackhi_pd(s, d), w4, k);
        store8(a + g, vred(_mm256_add_pd(x, t), k),
               vred(_mm256_sub_pd(x, t), k));
    }
}

/* The inverse of fwd4. */
static TGT void inv4(double *a, long m, const double *tw, const K *k)
{
    if (m > 1024) {
        for (int i = 0; i < 4; i++)
            inv4(a + i * (m / 4), m / 4, tw, k);
        inv_two(a, m / 2, tw, k);
        return;
    }
    inv_first2(a, m, tw, k);
    for (long h = 8; h <= m / 2; h *= 4)
        for (long b = 0; b < m; b += 2 * h)
            inv_two(a + b, h, tw, k);
}

static TGT void inv(double *a, long m, const double *tw, const nttfp_prime *P)
{
    if (m < 16) {
        for (long h = 1; h < m; h *= 2)
            for (long b = 0; b < m; b += 2 * h)
                inv_level_s(a + b, h, 0, h, tw, P->p, P->pinv);
        return;
    }
    const K k = kset(P);
    if (__builtin_ctzl((unsigned long)m) % 2) {
        inv4(a, m / 2, tw, &k);
        inv4(a + m / 2, m / 2, tw, &k);
        inv_level(a, m / 2, 0, m / 2, tw, P);
    } else {
        inv4(a, m, tw, &k);
    }
}

/* ---- pointwise, scale, load ---- */

/* The modular product and reduction with the constants passed apart. */
static inline TGT V vmulmod_p(V a, V b, V p, V pinv, V magic)
{
    const K k = {p, pinv, magic};
    return vmulmod(a, b, &k);
}

static inline TGT V vred_p(V s, V p, V pinv, V magic)
{
    const K k = {p, pinv, magic};
    return vred(s, &k);
}


static TGT void pointwise(double *a, const double *b, long n, double c,
                          const nttfp_prime *P)
{
    const V p = _mm256_set1_pd(P->p), pinv = _mm256_set1_pd(P->pinv);
    const V magic = _mm256_set1_pd(MAGIC), vc = _mm256_set1_pd(c);
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        V x = vmulmod_p(_mm256_loadu_pd(a + i), _mm256_loadu_pd(b + i), p, pinv,
                      magic);
        _mm256_storeu_pd(a + i, vmulmod_p(x, vc, p, pinv, magic));
    }
    for (; i < n; i++)
        a[i] = smulmod(smulmod(a[i], b[i], P->p, P->pinv), c, P->p, P->pinv);
}

static TGT void scale(double *dst, const double *src, long n, double c,
                      const nttfp_prime *P)
{
    const V p = _mm256_set1_pd(P->p), pinv = _mm256_set1_pd(P->pinv);
    const V magic = _mm256_set1_pd(MAGIC), vc = _mm256_set1_pd(c);
    long i = 0;
    for (; i + 4 <= n; i += 4)
        _mm256_storeu_pd(dst + i,
                         vred_p(vmulmod_p(_mm256_loadu_pd(src + i), vc, p, pinv,
                                      magic),
                              p, pinv, magic));
    for (; i < n; i++)
        dst[i] = sred(smulmod(src[i], c, P->p, P->pinv), P->p, P->pinv);
}

/* Four unsigned 32-bit values to doubles: flipping the top bit makes
 * them signed, converted exactly, then 2^31 added back. */
static inline TGT V u32_to_pd(const unsigned *x)
{
    __m128i v = _mm_loadu_si128((const __m128i *)x);
    v = _mm_xor_si128(v, _mm_set1_epi32((int)0x80000000u));
    return _mm256_add_pd(_mm256_cvtepi32_pd(v), _mm256_set1_pd(2147483648.0));
}

/* The limbs a[q_l + off] of the four lanes. */
static inline TGT __m256i limbs4(const bgcn_limb_t *a, const long q[4], int off)
{
    return _mm256_set_epi64x((long long)a[q[3] + off], (long long)a[q[2] + off],
                             (long long)a[q[1] + off], (long long)a[q[0] + off]);
}

/* (lo >> sh) | (hi << (64 - sh)) per lane; a count of 64 gives 0, so
 * sh = 0 needs no branch. */
static inline TGT __m256i funnel4(__m256i lo, __m256i hi, __m256i sh)
{
    return _mm256_or_si256(_mm256_srlv_epi64(lo, sh),
                           _mm256_sllv_epi64(hi, _mm256_sub_epi64(_mm256_set1_epi64x(64), sh)));
}

/* Lanes below 2^52 to doubles, exactly, through the bits of 2^52 + x. */
static inline TGT V u52_to_pd(__m256i x)
{
    return _mm256_sub_pd(
        _mm256_castsi256_pd(_mm256_or_si256(x, _mm256_set1_epi64x(0x4330000000000000LL))),
        _mm256_set1_pd(4503599627370496.0));
}

static TGT void load(double *r, long i0, long i1, const bgcn_limb_t *a,
                     long an, int nb, const nttfp_prime *P)
{
    const double p = P->p, pinv = P->pinv, c32 = P->c32, c64 = P->c64;
    const V vp = _mm256_set1_pd(p), vpinv = _mm256_set1_pd(pinv);
    const V magic = _mm256_set1_pd(MAGIC), v32 = _mm256_set1_pd(c32);
    const V v64 = _mm256_set1_pd(c64);
    long i = i0;
    /* nb <= 64 (the plans with two or three primes): two pieces, the
     * bits straight from two limbs (no bounds checks away from the end
     * of the operand), one product.  The four lanes' limbs are shifted in
     * vector registers (funnel4) and the 32-bit halves become doubles
     * through the bits of 2^52 + x (u52_to_pd):
     * assembling the halves in memory as 32-bit stores read back by one
     * 128-bit load stalled on store forwarding (20% of the load on Zen 1). */
    if (nb <= 64) {
        const bgcn_limb_t mask = nb == 64 ? BGCN_LIMB_MAX
                                          : ((bgcn_limb_t)1 << nb) - 1;
        const __m256i vmask = _mm256_set1_epi64x((long long)mask);
        const __m256i low32 = _mm256_set1_epi64x(0xffffffffLL);
        for (; i + 4 <= i1; i += 4) {
            long b[4] = {i * nb, (i + 1) * nb, (i + 2) * nb, (i + 3) * nb};
            long q[4] = {b[0] / 64, b[1] / 64, b[2] / 64, b[3] / 64};
            if (q[3] + 1 >= an)
                break; /* the last coefficients: the general loop */
            __m256i sh = _mm256_set_epi64x(b[3] % 64, b[2] % 64, b[1] % 64, b[0] % 64);
            __m256i v = funnel4(limbs4(a, q, 0), limbs4(a, q, 1), sh);
            v = _mm256_and_si256(v, vmask);
            V x0 = u52_to_pd(_mm256_and_si256(v, low32));
            V x1 = u52_to_pd(_mm256_srli_epi64(v, 32));
            V s = _mm256_add_pd(x0, vmulmod_p(x1, v32, vp, vpinv, magic));
            _mm256_storeu_pd(r + i, vred_p(s, vp, vpinv, magic));
        }
    }
    /* 64 < nb <= 96 (four primes, or three at the smaller lengths): three
     * pieces from three limbs, shifted the same way */
    if (nb > 64 && nb <= 96) {
        const __m256i vmask = _mm256_set1_epi64x((long long)(((bgcn_limb_t)1 << (nb - 64)) - 1));
        const __m256i low32 = _mm256_set1_epi64x(0xffffffffLL);
        for (; i + 4 <= i1; i += 4) {
            long b[4] = {i * nb, (i + 1) * nb, (i + 2) * nb, (i + 3) * nb};
            long q[4] = {b[0] / 64, b[1] / 64, b[2] / 64, b[3] / 64};
            if (q[3] + 2 >= an)
                break; /* the last coefficients: the general loop */
            __m256i sh = _mm256_set_epi64x(b[3] % 64, b[2] % 64, b[1] % 64, b[0] % 64);
            __m256i l1 = limbs4(a, q, 1);
            __m256i v0 = funnel4(limbs4(a, q, 0), l1, sh);
            __m256i v1 = _mm256_and_si256(funnel4(l1, limbs4(a, q, 2), sh), vmask);
            V x0 = u52_to_pd(_mm256_and_si256(v0, low32));
            V x1 = u52_to_pd(_mm256_srli_epi64(v0, 32));
            V x2 = u52_to_pd(v1);
            V s = _mm256_add_pd(x0, _mm256_add_pd(vmulmod_p(x1, v32, vp, vpinv, magic),
                                                  vmulmod_p(x2, v64, vp, vpinv, magic)));
            _mm256_storeu_pd(r + i, vred_p(s, vp, vpinv, magic));
        }
    }
    /* the bits scalar, the arithmetic four coefficients at a time */
    for (; i + 4 <= i1; i += 4) {
        unsigned x0[4], x1[4], x2[4];
        for (int l = 0; l < 4; l++) {
            bgcn_limb_t x[3];
            nttfp_get_bits(a, an, (i + l) * nb, nb, x);
            x0[l] = (unsigned)x[0];
            x1[l] = (unsigned)x[1];
            x2[l] = (unsigned)x[2];
        }
        V s = _mm256_add_pd(
            u32_to_pd(x0),
            _mm256_add_pd(vmulmod_p(u32_to_pd(x1), v32, vp, vpinv, magic),
                          vmulmod_p(u32_to_pd(x2), v64, vp, vpinv, magic)));
        _mm256_storeu_pd(r + i, vred_p(s, vp, vpinv, magic));
    }
    for (; i < i1; i++) {
        bgcn_limb_t x[3];
        nttfp_get_bits(a, an, i * nb, nb, x);
        /* the pieces are below 2^32: signed conversions (one instruction) */
        double s = (double)(long long)x[0] +
                   smulmod((double)(long long)x[1], c32, p, pinv) +
                   smulmod((double)(long long)x[2], c64, p, pinv);
        r[i] = sred(s, p, pinv);
    }
}

/* Garner in doubles, four coefficients at a time: each digit is made
 * canonical ([0, p), by adding p to a negative one) before the next
 * prime uses it, and stored as an integer through the bits of y + 2^52
 * (exact for 0 <= y < 2^52: the mantissa is y). */
static TGT void crt_digits(double *const res[], int np, long i0, long i1,
                           const nttfp_prime P[], const double c[4][4])
{
    const V magic = _mm256_set1_pd(MAGIC), two52 = _mm256_set1_pd(4503599627370496.0);
    const __m256i mant = _mm256_set1_epi64x((1LL << 52) - 1);
    long i = i0;
    for (; i + 4 <= i1; i += 4) {
        V y[4];
        for (int j = 0; j < np; j++) {
            const V p = _mm256_set1_pd(P[j].p), pinv = _mm256_set1_pd(P[j].pinv);
            V t = _mm256_loadu_pd(res[j] + i);
            for (int l = 0; l < j; l++)
                t = vmulmod_p(_mm256_sub_pd(t, y[l]), _mm256_set1_pd(c[j][l]), p,
                            pinv, magic);
            t = _mm256_add_pd(t, _mm256_and_pd(_mm256_cmp_pd(t, _mm256_setzero_pd(),
                                                             _CMP_LT_OQ),
                                               p));
            y[j] = t;
        }
        for (int j = 0; j < np; j++) {
            __m256i b = _mm256_castpd_si256(_mm256_add_pd(y[j], two52));
            _mm256_storeu_si256((__m256i *)(res[j] + i), _mm256_and_si256(b, mant));
        }
    }
    for (; i < i1; i++) {
        double y[4];
        for (int j = 0; j < np; j++) {
            double t = res[j][i];
            for (int l = 0; l < j; l++)
                t = smulmod(t - y[l], c[j][l], P[j].p, P[j].pinv);
            y[j] = t < 0 ? t + P[j].p : t;
        }
        for (int j = 0; j < np; j++) {
            bgcn_limb_t v = (bgcn_limb_t)(long long)y[j];
            __builtin_memcpy(&res[j][i], &v, sizeof v);
        }
    }
}

/* ---- the truncated plan's ends (contracts in nttfp-impl.h) ---- */

TGT void bgcn_nttfp_avx2_tft_split(double *x, long M, long j0, long j1,
                                   const double *tw, const nttfp_prime *P)
{
    const K k = kset(P);
    long H = M / 2;
    double *x1 = x + H, *x2 = x + M;
    const double *w = tw + M;
    long j = j0;
    /* a + b + c <= 1.5p + 3, a - c <= p + 2 (vmulmod: <= 2p) */
    for (; j + 4 <= j1; j += 4) {
        V a = _mm256_loadu_pd(x + j), b = _mm256_loadu_pd(x1 + j);
        V c = _mm256_loadu_pd(x2 + j);
        _mm256_storeu_pd(x2 + j, vred(_mm256_add_pd(_mm256_add_pd(a, b), c),
                                      &k));
        _mm256_storeu_pd(x + j, vmulmod(_mm256_sub_pd(a, c),
                                        _mm256_loadu_pd(w + j), &k));
        _mm256_storeu_pd(x1 + j, vmulmod(b, _mm256_loadu_pd(w + H + j), &k));
    }
    for (; j < j1; j++) {
        double a = x[j], b = x1[j], c = x2[j];
        x2[j] = sred(a + b + c, P->p, P->pinv);
        x[j] = smulmod(a - c, w[j], P->p, P->pinv);
        x1[j] = smulmod(b, w[H + j], P->p, P->pinv);
    }
}

/* With nd = -d_j and nd1 = -d_{j+M/2} (the untwisting products by the
 * negated inverse twiddles): c_{j+M/2} = -nd1, c_j = (s + nd1 - nd) / 2,
 * c_{j+M} = c_j + nd; s + nd1 - nd <= 2.25p + 1 (vmulmod_x: <= 4p). */
TGT void bgcn_nttfp_avx2_tft_join(double *x, long M, long j0, long j1,
                                  const double *tw, double inv2,
                                  const nttfp_prime *P)
{
    const K k = kset(P);
    const V h = _mm256_set1_pd(inv2);
    long H = M / 2;
    double *x1 = x + H, *x2 = x + M;
    long j = j0;
    for (; j + 4 <= j1; j += 4) {
        V nd = vmulmod(_mm256_loadu_pd(x + j), ninv_tw(tw, M, j), &k);
        V nd1 = vmulmod(_mm256_loadu_pd(x1 + j), rev4(tw + M + H - j - 3), &k);
        V s = _mm256_loadu_pd(x2 + j);
        V c = vred(vmulmod_x(_mm256_sub_pd(_mm256_add_pd(s, nd1), nd), h, &k),
                   &k);
        _mm256_storeu_pd(x + j, c);
        _mm256_storeu_pd(x2 + j, vred(_mm256_add_pd(c, nd), &k));
        _mm256_storeu_pd(x1 + j, _mm256_sub_pd(_mm256_setzero_pd(), nd1));
    }
    for (; j < j1; j++) {
        double p = P->p, pinv = P->pinv;
        double nd = j ? smulmod(x[j], tw[2 * M - j], p, pinv) : -x[j];
        double nd1 = smulmod(x1[j], tw[M + H - j], p, pinv);
        double c = sred(smulmod(x2[j] + nd1 - nd, inv2, p, pinv), p, pinv);
        x[j] = c;
        x2[j] = sred(c + nd, p, pinv);
        x1[j] = -nd1;
    }
}

const nttfp_ops bgcn_nttfp_avx2 = {
    .name = "avx2",
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
