/* ntt_fp_avx2.c -- the floating-point NTT kernels with AVX2 and FMA
 * (four residues per 256-bit register); contracts and arithmetic in
 * nttfp-impl.h, the scalar twin in ntt_fp.c.  Compiled for any x86-64
 * (each function carries its own target attribute), used only on the
 * kernel paths that require AVX2 and FMA (src/asm/x86_64/cpu.c).
 *
 * The levels with h >= 4 run four butterflies per step along j.  The
 * last two forward levels (and the first two inverse ones), whose
 * butterflies pair neighbouring elements, are done four blocks of four
 * at a time: a 4x4 transpose puts element i of each block in register i,
 * the two levels are computed across registers (their twiddles are the
 * same in every block), and a second transpose puts them back.
 * Rounding to an integer uses the 1.5 * 2^52 trick (exact for |x| <
 * 2^51), two additions instead of a round instruction. */
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
    double q = rnd(h * pinv);
    return __builtin_fma(-q, p, h) + l;
}

static inline TGT double sred(double s, double p, double pinv)
{
    return __builtin_fma(-rnd(s * pinv), p, s);
}

/* ---- vector forms ---- */

static inline TGT V vrnd(V x, V magic)
{
    return _mm256_sub_pd(_mm256_add_pd(x, magic), magic);
}

static inline TGT V vmulmod(V a, V b, V p, V pinv, V magic)
{
    V h = _mm256_mul_pd(a, b);
    V l = _mm256_fmsub_pd(a, b, h);
    V q = vrnd(_mm256_mul_pd(h, pinv), magic);
    return _mm256_add_pd(_mm256_fnmadd_pd(q, p, h), l);
}

static inline TGT V vred(V s, V p, V pinv, V magic)
{
    return _mm256_fnmadd_pd(vrnd(_mm256_mul_pd(s, pinv), magic), p, s);
}

static inline TGT void transpose4(V *r0, V *r1, V *r2, V *r3)
{
    V t0 = _mm256_unpacklo_pd(*r0, *r1), t1 = _mm256_unpackhi_pd(*r0, *r1);
    V t2 = _mm256_unpacklo_pd(*r2, *r3), t3 = _mm256_unpackhi_pd(*r2, *r3);
    *r0 = _mm256_permute2f128_pd(t0, t2, 0x20);
    *r1 = _mm256_permute2f128_pd(t1, t3, 0x20);
    *r2 = _mm256_permute2f128_pd(t0, t2, 0x31);
    *r3 = _mm256_permute2f128_pd(t1, t3, 0x31);
}

/* ---- forward ---- */

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
    const V p = _mm256_set1_pd(P->p), pinv = _mm256_set1_pd(P->pinv);
    const V magic = _mm256_set1_pd(MAGIC);
    double *y = x + h;
    const double *w = tw + h;
    for (long j = j0; j < j1; j += 4) {
        V u = _mm256_loadu_pd(x + j), v = _mm256_loadu_pd(y + j);
        _mm256_storeu_pd(x + j, vred(_mm256_add_pd(u, v), p, pinv, magic));
        _mm256_storeu_pd(y + j, vmulmod(_mm256_sub_pd(u, v),
                                        _mm256_loadu_pd(w + j), p, pinv,
                                        magic));
    }
}

/* The last two levels on {a, m}, m a multiple of 16. */
static TGT void fwd_last2(double *a, long m, const double *tw,
                          const nttfp_prime *P)
{
    const V p = _mm256_set1_pd(P->p), pinv = _mm256_set1_pd(P->pinv);
    const V magic = _mm256_set1_pd(MAGIC);
    const V w4 = _mm256_set1_pd(tw[3]); /* w_4^1 */
    for (long g = 0; g < m; g += 16) {
        V c0 = _mm256_loadu_pd(a + g), c1 = _mm256_loadu_pd(a + g + 4);
        V c2 = _mm256_loadu_pd(a + g + 8), c3 = _mm256_loadu_pd(a + g + 12);
        transpose4(&c0, &c1, &c2, &c3);
        /* h = 2: (c0, c2) with 1, (c1, c3) with w4 */
        V y0 = vred(_mm256_add_pd(c0, c2), p, pinv, magic);
        V y2 = vred(_mm256_sub_pd(c0, c2), p, pinv, magic);
        V y1 = vred(_mm256_add_pd(c1, c3), p, pinv, magic);
        V y3 = vmulmod(_mm256_sub_pd(c1, c3), w4, p, pinv, magic);
        /* h = 1: (y0, y1), (y2, y3) with 1 */
        c0 = vred(_mm256_add_pd(y0, y1), p, pinv, magic);
        c1 = vred(_mm256_sub_pd(y0, y1), p, pinv, magic);
        c2 = vred(_mm256_add_pd(y2, y3), p, pinv, magic);
        c3 = vred(_mm256_sub_pd(y2, y3), p, pinv, magic);
        transpose4(&c0, &c1, &c2, &c3);
        _mm256_storeu_pd(a + g, c0);
        _mm256_storeu_pd(a + g + 4, c1);
        _mm256_storeu_pd(a + g + 8, c2);
        _mm256_storeu_pd(a + g + 12, c3);
    }
}

static TGT void fwd(double *a, long m, const double *tw, const nttfp_prime *P)
{
    if (m < 16) {
        for (long h = m / 2; h >= 1; h /= 2)
            for (long b = 0; b < m; b += 2 * h)
                fwd_level_s(a + b, h, 0, h, tw, P->p, P->pinv);
        return;
    }
    for (long h = m / 2; h >= 4; h /= 2)
        for (long b = 0; b < m; b += 2 * h)
            fwd_level(a + b, h, 0, h, tw, P);
    fwd_last2(a, m, tw, P);
}

/* ---- inverse ---- */

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
    const V p = _mm256_set1_pd(P->p), pinv = _mm256_set1_pd(P->pinv);
    const V magic = _mm256_set1_pd(MAGIC);
    double *y = x + h;
    for (long j = j0; j < j1; j += 4) {
        /* lanes j .. j+3 take tw[2h - j - l]; lane 0 of j = 0 takes -1
         * (t = y there), read from tw[2h] only to be replaced. */
        V w;
        if (j == 0) {
            double wl[4] = {-1.0, tw[2 * h - 1], tw[2 * h - 2], tw[2 * h - 3]};
            w = _mm256_loadu_pd(wl);
        } else {
            w = _mm256_permute4x64_pd(_mm256_loadu_pd(tw + 2 * h - j - 3),
                                      0x1b);
        }
        V u = vmulmod(_mm256_loadu_pd(y + j), w, p, pinv, magic);
        V v = _mm256_loadu_pd(x + j);
        _mm256_storeu_pd(x + j, vred(_mm256_sub_pd(v, u), p, pinv, magic));
        _mm256_storeu_pd(y + j, vred(_mm256_add_pd(v, u), p, pinv, magic));
    }
}

/* The first two inverse levels on {a, m}, m a multiple of 16. */
static TGT void inv_first2(double *a, long m, const double *tw,
                           const nttfp_prime *P)
{
    const V p = _mm256_set1_pd(P->p), pinv = _mm256_set1_pd(P->pinv);
    const V magic = _mm256_set1_pd(MAGIC);
    const V w4 = _mm256_set1_pd(tw[3]);
    for (long g = 0; g < m; g += 16) {
        V c0 = _mm256_loadu_pd(a + g), c1 = _mm256_loadu_pd(a + g + 4);
        V c2 = _mm256_loadu_pd(a + g + 8), c3 = _mm256_loadu_pd(a + g + 12);
        transpose4(&c0, &c1, &c2, &c3);
        /* h = 1: (c0, c1), (c2, c3) with t = y */
        V y0 = vred(_mm256_add_pd(c0, c1), p, pinv, magic);
        V y1 = vred(_mm256_sub_pd(c0, c1), p, pinv, magic);
        V y2 = vred(_mm256_add_pd(c2, c3), p, pinv, magic);
        V y3 = vred(_mm256_sub_pd(c2, c3), p, pinv, magic);
        /* h = 2: (y0, y2) with t = y2; (y1, y3) with u = y3 w4, y1 -+ u */
        V u = vmulmod(y3, w4, p, pinv, magic);
        c0 = vred(_mm256_add_pd(y0, y2), p, pinv, magic);
        c2 = vred(_mm256_sub_pd(y0, y2), p, pinv, magic);
        c1 = vred(_mm256_sub_pd(y1, u), p, pinv, magic);
        c3 = vred(_mm256_add_pd(y1, u), p, pinv, magic);
        transpose4(&c0, &c1, &c2, &c3);
        _mm256_storeu_pd(a + g, c0);
        _mm256_storeu_pd(a + g + 4, c1);
        _mm256_storeu_pd(a + g + 8, c2);
        _mm256_storeu_pd(a + g + 12, c3);
    }
}

static TGT void inv(double *a, long m, const double *tw, const nttfp_prime *P)
{
    if (m < 16) {
        for (long h = 1; h < m; h *= 2)
            for (long b = 0; b < m; b += 2 * h)
                inv_level_s(a + b, h, 0, h, tw, P->p, P->pinv);
        return;
    }
    inv_first2(a, m, tw, P);
    for (long h = 4; h < m; h *= 2)
        for (long b = 0; b < m; b += 2 * h)
            inv_level(a + b, h, 0, h, tw, P);
}

/* ---- pointwise, scale, load ---- */

static TGT void pointwise(double *a, const double *b, long n, double c,
                          const nttfp_prime *P)
{
    const V p = _mm256_set1_pd(P->p), pinv = _mm256_set1_pd(P->pinv);
    const V magic = _mm256_set1_pd(MAGIC), vc = _mm256_set1_pd(c);
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        V x = vmulmod(_mm256_loadu_pd(a + i), _mm256_loadu_pd(b + i), p, pinv,
                      magic);
        _mm256_storeu_pd(a + i, vmulmod(x, vc, p, pinv, magic));
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
                         vred(vmulmod(_mm256_loadu_pd(src + i), vc, p, pinv,
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
     * of the operand), one product */
    if (nb <= 64) {
        const bgcn_limb_t mask = nb == 64 ? BGCN_LIMB_MAX
                                          : ((bgcn_limb_t)1 << nb) - 1;
        for (; i + 4 <= i1; i += 4) {
            unsigned x0[4], x1[4];
            long o = (i + 3) * nb;
            if (o / 64 + 1 >= an)
                break; /* the last coefficients: the general loop */
            for (int l = 0; l < 4; l++) {
                long b = (i + l) * nb, q = b / 64;
                int sh = (int)(b % 64);
                bgcn_limb_t v = a[q] >> sh;
                if (sh)
                    v |= a[q + 1] << (64 - sh);
                v &= mask;
                x0[l] = (unsigned)v;
                x1[l] = (unsigned)(v >> 32);
            }
            V s = _mm256_add_pd(u32_to_pd(x0),
                                vmulmod(u32_to_pd(x1), v32, vp, vpinv, magic));
            _mm256_storeu_pd(r + i, vred(s, vp, vpinv, magic));
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
            _mm256_add_pd(vmulmod(u32_to_pd(x1), v32, vp, vpinv, magic),
                          vmulmod(u32_to_pd(x2), v64, vp, vpinv, magic)));
        _mm256_storeu_pd(r + i, vred(s, vp, vpinv, magic));
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
                t = vmulmod(_mm256_sub_pd(t, y[l]), _mm256_set1_pd(c[j][l]), p,
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
};

#endif
