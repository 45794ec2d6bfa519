/* ntt.c -- multiplication of huge operands by number-theoretic transforms.
 *
 * Method: the operands are cut into coefficients of nb bits (nb <= 92,
 * chosen below), and the cyclic convolution of the two coefficient
 * sequences (length N = 2^k at least their combined count, so nothing
 * wraps) is computed modulo three primes 2^61 < p < 2^62 with 2^42 | p-1;
 * each coefficient of the product is recovered exactly by the Chinese
 * remainder theorem (Garner's form) and added with carries at bit i nb
 * of the result.  A product coefficient is a sum of at most N products
 * of two nb-bit values, below 2^(k + 2 nb), and p1 p2 p3 > 2^185.99, so
 * it is exact when 2 nb + k <= 185.  Choosing nb as large as that allows
 * (about 85 bits at N = 2^15, against 64 for one limb per coefficient)
 * and then the smallest N that fits makes the transforms about 25%
 * shorter than with limb-sized coefficients.  Where the operands would
 * fill that length only to about 63% or less, two primes with narrower
 * coefficients (2 nb + k <= 123) fill the same length and do it with two
 * transforms per operand instead of three (choose_size).
 *
 * Arithmetic mod p: the butterflies multiply by twiddle factors with
 * Shoup's method (precomputed quotients, one high and two low products),
 * keeping every value in [0, 2p) (Harvey's lazy butterflies; p < 2^62
 * makes 4p fit a limb) and reducing with branch-free masks -- a
 * data-dependent branch there mispredicts half the time.  The pointwise
 * products use Montgomery's method with R = 2^64 in a lazy signed form
 * (mont_lazy: (t - m p) / R with m = t p^-1, result in (0, 2p)); the
 * factor 1/R it leaves is folded together with 1/N into the final
 * scaling.
 *
 * Transforms: decimation in frequency forward (natural order in,
 * bit-reversed out) and decimation in time inverse (bit-reversed in,
 * natural out), so no bit-reversal pass is needed.  Both recurse depth
 * first above 1024 points so that the working set of the lower levels
 * stays in cache, and run level by level below.  The inverse uses the
 * forward table: w^-j = -w^(m/2 - j) for a primitive m-th root w.
 * Twiddle table: tw[h + j] = w_m^j for m = 2h, h = 1, 2, ..., N/2, so the
 * row of each level is contiguous (N limbs in all).
 *
 * Memory: three result arrays of N limbs, one N-limb array for the second
 * operand's transform and the 2N-limb table (one prime at a time). */
#include "bgcn.h"
#include "mul-impl.h"
#include "nttfp-impl.h"

typedef unsigned __int128 u128;

typedef struct {
    bgcn_limb_t p;    /* the prime, 2^61 < p < 2^62 */
    bgcn_limb_t p2;   /* 2p */
    bgcn_limb_t pinv; /* p^-1 mod 2^64 */
    bgcn_limb_t pneg; /* -p^-1 mod 2^64 */
    bgcn_limb_t r1;   /* R mod p (1 in Montgomery form) */
    bgcn_limb_t r2;   /* R^2 mod p */
    bgcn_limb_t g;    /* a primitive root mod p */
} prime_t;

#define NTT_LOG2_MAX 41

/* x in [0, 2p) to [0, p) without a branch (p < 2^62, so x - p's top bit
 * is its sign). */
static inline bgcn_limb_t red1(bgcn_limb_t x, bgcn_limb_t p)
{
    bgcn_limb_t y = x - p;
    return y + (p & (0 - (y >> 63)));
}

static bgcn_limb_t mont(bgcn_limb_t a, bgcn_limb_t b, const prime_t *P)
{
    u128 t = (u128)a * b;
    bgcn_limb_t m = (bgcn_limb_t)t * P->pneg;
    /* t + m p < 2^128 since a b < 2^64 p and m p < 2^64 p; the low limb
     * of the sum is zero by the choice of m. */
    bgcn_limb_t u = (bgcn_limb_t)((t + (u128)m * P->p) >> 64);
    return red1(u, P->p);
}

/* Lazy Montgomery product for the transforms: a < 2^64, b < 2p with
 * a b < 2^64 p; returns a b / R mod p in (0, 2p), no branch.  With m =
 * t p^-1 mod 2^64 the low limbs of t and m p agree, so (t - m p) / 2^64 is
 * the difference of the high limbs, in (-p, p). */
static inline bgcn_limb_t mont_lazy(bgcn_limb_t a, bgcn_limb_t b,
                                    bgcn_limb_t p, bgcn_limb_t pinv)
{
    u128 t = (u128)a * b;
    bgcn_limb_t m = (bgcn_limb_t)t * pinv;
    bgcn_limb_t h = (bgcn_limb_t)(((u128)m * p) >> 64);
    return (bgcn_limb_t)(t >> 64) - h + p;
}

/* x in [0, 4p) to [0, 2p), without a branch (the comparison is data
 * dependent and mispredicts half the time): x - 2p is in (-2p, 2p) and
 * 2p < 2^63, so its top bit is its sign. */
static inline bgcn_limb_t red2(bgcn_limb_t x, bgcn_limb_t p2)
{
    bgcn_limb_t y = x - p2;
    return y + (p2 & (0 - (y >> 63)));
}

static bgcn_limb_t addm(bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t p)
{
    return red1(a + b, p); /* a + b < 2p */
}

static bgcn_limb_t subm(bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t p)
{
    return red1(a - b + p, p); /* a, b < p */
}

/* Plain modular helpers used only at set-up. */
static bgcn_limb_t mulm_slow(bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t p)
{
    return (bgcn_limb_t)(((u128)a * b) % p);
}

static bgcn_limb_t powm_slow(bgcn_limb_t b, bgcn_limb_t e, bgcn_limb_t p)
{
    bgcn_limb_t r = 1;
    b %= p;
    while (e) {
        if (e & 1)
            r = mulm_slow(r, b, p);
        b = mulm_slow(b, b, p);
        e >>= 1;
    }
    return r;
}

static prime_t make_prime(bgcn_limb_t p, bgcn_limb_t g)
{
    prime_t P;
    P.p = p;
    P.g = g;
    /* Newton iteration for p^-1 mod 2^64 (p odd): x = x (2 - p x)
     * doubles the number of correct low bits; x = p is right mod 2^3. */
    bgcn_limb_t x = p;
    for (int i = 0; i < 5; i++)
        x *= 2 - p * x;
    P.pinv = x;
    P.pneg = -x;
    P.p2 = 2 * p;
    P.r1 = (bgcn_limb_t)(((u128)1 << 64) % p);
    P.r2 = mulm_slow(P.r1, P.r1, p);
    return P;
}

/* The three primes, (2^16 - 1) 2^46 + 1, 1048545 * 2^42 + 1 and
 * 1048533 * 2^42 + 1, just below 2^62 (so that 4p < 2^64 for the lazy
 * butterflies), with primitive roots 11, 19, 5 (checked with a computer
 * algebra system when chosen).  p1 p2 p3 > 2^185.99. */
static const bgcn_limb_t ntt_p[3] = {0x3fffc00000000001u,
                                     0x3fff840000000001u,
                                     0x3fff540000000001u};
static const bgcn_limb_t ntt_g[3] = {11, 19, 5};

/* Shoup's multiplication by a fixed w < p with wq = floor(w 2^64 / p):
 * q = hi(x wq) is the quotient of x w / p or one less, so x w - q p
 * (computed modulo 2^64) is x w mod p or that plus p: in [0, 2p), for any
 * 64-bit x.  One high product and two low ones. */
static inline bgcn_limb_t shoup_lazy(bgcn_limb_t x, bgcn_limb_t w,
                                     bgcn_limb_t wq, bgcn_limb_t p)
{
    bgcn_limb_t q = (bgcn_limb_t)(((u128)x * wq) >> 64);
    return x * w - q * p;
}

/* Twiddle table of pairs (w, wq): tw[2(h + j)] = w_{2h}^j mod p and
 * tw[2(h + j) + 1] its Shoup quotient, h = 1 .. N/2, j < h.  The powers
 * are generated in Montgomery form W = w R mod p, then w = mont(W, 1), and
 * wq = floor(w 2^64 / p) = (w 2^64 - W) / p -- an exact division, so it
 * is (-W) p^-1 mod 2^64 = W * pneg: no 128-bit division is needed. */
static void make_table(bgcn_limb_t *tw, long N, const prime_t *P)
{
    long h = N / 2;
    /* w_N in Montgomery form. */
    bgcn_limb_t w = powm_slow(P->g, (P->p - 1) / (bgcn_limb_t)N, P->p);
    bgcn_limb_t wm = mont(w, P->r2, P);
    bgcn_limb_t x = P->r1;
    for (long j = 0; j < h; j++) {
        tw[2 * (h + j)] = mont(x, 1, P);
        tw[2 * (h + j) + 1] = x * P->pneg;
        x = mont(x, wm, P);
    }
    for (h /= 2; h >= 1; h /= 2)
        for (long j = 0; j < h; j++) {
            tw[2 * (h + j)] = tw[2 * (2 * h + 2 * j)];
            tw[2 * (h + j) + 1] = tw[2 * (2 * h + 2 * j) + 1];
        }
}

/* Values in the transforms are kept in [0, 2p) (Harvey's lazy
 * butterflies): sums are corrected by one conditional subtraction of 2p,
 * differences are offset by 2p, and shoup_lazy accepts any input. */

/* One forward DIF level on a block of 2h: (x + y, (x - y) w^j). */
static void fwd_block(bgcn_limb_t *restrict x, long h,
                      const bgcn_limb_t *restrict tw, const prime_t *P)
{
    const bgcn_limb_t p = P->p, p2 = P->p2;
    bgcn_limb_t *restrict y = x + h;
    const bgcn_limb_t *w = tw + 2 * h;
    for (long j = 0; j < h; j++) {
        bgcn_limb_t u = x[j], v = y[j];
        x[j] = red2(u + v, p2);
        y[j] = shoup_lazy(u - v + p2, w[2 * j], w[2 * j + 1], p);
    }
}

/* Two forward DIF levels fused on a block of 4q: the level of length 4q
 * on the pairs (j, j+2q), (j+q, j+3q), then the level of length 2q on
 * (j, j+q) and (j+2q, j+3q).  The same butterflies as two fwd_block
 * passes with half the loads and stores. */
static void fwd_block4(bgcn_limb_t *restrict a, long q,
                       const bgcn_limb_t *restrict tw, const prime_t *P)
{
    const bgcn_limb_t p = P->p, p2 = P->p2;
    const bgcn_limb_t *w4 = tw + 4 * q, *w2 = tw + 2 * q;
    bgcn_limb_t *a0 = a, *a1 = a + q, *a2 = a + 2 * q, *a3 = a + 3 * q;
    for (long j = 0; j < q; j++) {
        bgcn_limb_t x0 = a0[j], x1 = a1[j], x2 = a2[j], x3 = a3[j];
        bgcn_limb_t y0 = red2(x0 + x2, p2);
        bgcn_limb_t y2 = shoup_lazy(x0 - x2 + p2, w4[2 * j], w4[2 * j + 1], p);
        bgcn_limb_t y1 = red2(x1 + x3, p2);
        bgcn_limb_t y3 = shoup_lazy(x1 - x3 + p2, w4[2 * (j + q)],
                                    w4[2 * (j + q) + 1], p);
        bgcn_limb_t v = w2[2 * j], vq = w2[2 * j + 1];
        a0[j] = red2(y0 + y1, p2);
        a1[j] = shoup_lazy(y0 - y1 + p2, v, vq, p);
        a2[j] = red2(y2 + y3, p2);
        a3[j] = shoup_lazy(y2 - y3 + p2, v, vq, p);
    }
}

/* Forward DIF on {a, m}, m a power of two: natural order in, bit-reversed
 * order out.  Levels go two at a time (fwd_block4). */
static void fwd(bgcn_limb_t *a, long m, const bgcn_limb_t *tw,
                const prime_t *P)
{
    if (m <= 1024) {
        long len = m;
        for (; len >= 4; len /= 4)
            for (long blk = 0; blk < m; blk += len)
                fwd_block4(a + blk, len / 4, tw, P);
        if (len == 2)
            for (long blk = 0; blk < m; blk += 2)
                fwd_block(a + blk, 1, tw, P);
        return;
    }
    long q = m / 4;
    fwd_block4(a, q, tw, P);
    for (int i = 0; i < 4; i++)
        fwd(a + i * q, q, tw, P);
}

/* One inverse DIT level of length 2h on a block: x + y w^-j, x - y w^-j,
 * with w^-j = -w^(h-j) for j >= 1. */
static void inv_block(bgcn_limb_t *restrict x, long h,
                      const bgcn_limb_t *restrict tw, const prime_t *P)
{
    const bgcn_limb_t p = P->p, p2 = P->p2;
    bgcn_limb_t *restrict y = x + h;
    const bgcn_limb_t *w = tw + 2 * h;
    bgcn_limb_t u = x[0], v = y[0];
    x[0] = red2(u + v, p2);
    y[0] = red2(u - v + p2, p2);
    for (long j = 1; j < h; j++) {
        long k = 2 * (h - j);
        bgcn_limb_t u = x[j], t = shoup_lazy(y[j], w[k], w[k + 1], p);
        x[j] = red2(u - t + p2, p2);
        y[j] = red2(u + t, p2);
    }
}

/* Two inverse DIT levels fused on a block of 4q: length 2q on (j, j+q)
 * and (j+2q, j+3q), then length 4q on (j, j+2q) and (j+q, j+3q), with
 * w^-i = -w^(h-i) as in inv_block. */
static void inv_block4(bgcn_limb_t *restrict a, long q,
                       const bgcn_limb_t *restrict tw, const prime_t *P)
{
    const bgcn_limb_t p = P->p, p2 = P->p2;
    const bgcn_limb_t *w4 = tw + 4 * q, *w2 = tw + 2 * q;
    bgcn_limb_t *a0 = a, *a1 = a + q, *a2 = a + 2 * q, *a3 = a + 3 * q;
    for (long j = 0; j < q; j++) {
        bgcn_limb_t x0 = a0[j], x1 = a1[j], x2 = a2[j], x3 = a3[j];
        bgcn_limb_t y0, y1, y2, y3, t;
        if (j == 0) {
            y0 = red2(x0 + x1, p2);
            y1 = red2(x0 - x1 + p2, p2);
            y2 = red2(x2 + x3, p2);
            y3 = red2(x2 - x3 + p2, p2);
        } else {
            bgcn_limb_t v = w2[2 * (q - j)], vq = w2[2 * (q - j) + 1];
            t = shoup_lazy(x1, v, vq, p);
            y0 = red2(x0 - t + p2, p2);
            y1 = red2(x0 + t, p2);
            t = shoup_lazy(x3, v, vq, p);
            y2 = red2(x2 - t + p2, p2);
            y3 = red2(x2 + t, p2);
        }
        /* pair (y0, y2) at index j of the length-4q level */
        if (j == 0) {
            a0[j] = red2(y0 + y2, p2);
            a2[j] = red2(y0 - y2 + p2, p2);
        } else {
            t = shoup_lazy(y2, w4[2 * (2 * q - j)], w4[2 * (2 * q - j) + 1],
                           p);
            a0[j] = red2(y0 - t + p2, p2);
            a2[j] = red2(y0 + t, p2);
        }
        /* pair (y1, y3) at index j + q >= 1 */
        t = shoup_lazy(y3, w4[2 * (q - j)], w4[2 * (q - j) + 1], p);
        a1[j] = red2(y1 - t + p2, p2);
        a3[j] = red2(y1 + t, p2);
    }
}

/* Inverse of fwd up to the factor m: bit-reversed in, natural out. */
static void inv(bgcn_limb_t *a, long m, const bgcn_limb_t *tw,
                const prime_t *P)
{
    if (m <= 1024) {
        long cur = 1; /* size of the finished sub-transforms */
        int lg = 0;
        while ((1L << lg) < m)
            lg++;
        if (lg & 1) {
            for (long blk = 0; blk < m; blk += 2)
                inv_block(a + blk, 1, tw, P);
            cur = 2;
        }
        for (; cur < m; cur *= 4)
            for (long blk = 0; blk < m; blk += 4 * cur)
                inv_block4(a + blk, cur, tw, P);
        return;
    }
    long q = m / 4;
    for (int i = 0; i < 4; i++)
        inv(a + i * q, q, tw, P);
    inv_block4(a, q, tw, P);
}

/* Bits [o, o + nb) of {a, an} (zero beyond the end), nb <= 128 - 63. */
static inline u128 get_bits(const bgcn_limb_t *a, long an, long o, int nb)
{
    bgcn_limb_t v[2];
    bgcn_ntt_get_bits(a, an, o, nb, v);
    return ((u128)v[1] << 64) | v[0];
}

/* {r, N} = the nc coefficients of nb bits of {a, an}, zero padded, each
 * reduced to [0, 2p) (the transforms accept that).  For x = lo + hi 2^64:
 * lo - (lo >> 62) p is in [0, 2p) because 2^62 - p is small, and
 * hi (2^64 mod p) comes from shoup_lazy, whose quotient for c = 2^64 mod p
 * is (-(c 2^64 mod p)) p^-1 = R^2 mod p * pneg, as in make_table. */
static void load(bgcn_limb_t *r, long N, const bgcn_limb_t *a, long an,
                 long nc, int nb, const prime_t *P)
{
    const bgcn_limb_t p = P->p, p2 = P->p2, c = P->r1, cq = P->r2 * P->pneg;
    for (long i = 0; i < nc; i++) {
        u128 x = get_bits(a, an, (long)i * nb, nb);
        bgcn_limb_t lo = (bgcn_limb_t)x, hi = (bgcn_limb_t)(x >> 64);
        lo -= (lo >> 62) * p;
        r[i] = red2(lo + shoup_lazy(hi, c, cq, p), p2);
    }
    for (long i = nc; i < N; i++)
        r[i] = 0;
}

/* Adds v (three limbs) times 2^o into {rp, rn}; the limbs of the shifted
 * value beyond rn are zero (the true product fits rn limbs). */
static void add_at(bgcn_limb_t *rp, long rn, const bgcn_limb_t v[3], long o)
{
    long q = o / 64;
    int sh = (int)(o % 64);
    bgcn_limb_t w[4];
    if (sh) {
        w[0] = v[0] << sh;
        w[1] = (v[1] << sh) | (v[0] >> (64 - sh));
        w[2] = (v[2] << sh) | (v[1] >> (64 - sh));
        w[3] = v[2] >> (64 - sh);
    } else {
        w[0] = v[0];
        w[1] = v[1];
        w[2] = v[2];
        w[3] = 0;
    }
    bgcn_limb_t c = 0;
    long i;
    for (i = 0; i < 4 && q + i < rn; i++) {
        bgcn_limb_t x = rp[q + i], y = w[i] + c;
        c = y < c;
        x += y;
        c += x < y;
        rp[q + i] = x;
    }
    for (; i < 4; i++)
        BGCN_ASSERT(w[i] == 0);
    for (long j = q + 4; c && j < rn; j++) {
        rp[j]++;
        c = rp[j] == 0;
    }
}

/* Garner recombination of the nc coefficients (residues res[0..np-1][i],
 * np = 2 or 3 primes), each added at bit i * nb of {rp, rn}. */
static void crt_store(bgcn_limb_t *rp, long rn, bgcn_limb_t *const res[3],
                      long nc, int nb, const prime_t P[3], int np)
{
    const bgcn_limb_t p1 = P[0].p, p2 = P[1].p, p3 = P[2].p;
    /* Constants in Montgomery form: p1^-1 mod p2, p1 mod p3,
     * (p1 p2)^-1 mod p3; and p1 p2 as two limbs. */
    bgcn_limb_t i12 = mont(powm_slow(p1 % p2, p2 - 2, p2), P[1].r2, &P[1]);
    bgcn_limb_t p1m3 = mont(p1 % p3, P[2].r2, &P[2]);
    bgcn_limb_t p12m3 = mulm_slow(p1 % p3, p2 % p3, p3);
    bgcn_limb_t i123 = mont(powm_slow(p12m3, p3 - 2, p3), P[2].r2, &P[2]);
    u128 p12 = (u128)p1 * p2;
    bgcn_limb_t p12lo = (bgcn_limb_t)p12, p12hi = (bgcn_limb_t)(p12 >> 64);

    for (long i = 0; i < rn; i++)
        rp[i] = 0;
    for (long i = 0; i < nc; i++) {
        bgcn_limb_t r1 = res[0][i], r2 = res[1][i];
        bgcn_limb_t x1 = r1;
        bgcn_limb_t r1m2 = r1 >= p2 ? r1 - p2 : r1; /* p1 < 2 p2 */
        bgcn_limb_t x2 = mont(subm(r2, r1m2, p2), i12, &P[1]);
        bgcn_limb_t v[3];
        u128 t = (u128)p1 * x2 + x1;
        if (np == 2) {
            /* v = x1 + p1 x2 < p1 p2 < 2^124. */
            v[0] = (bgcn_limb_t)t;
            v[1] = (bgcn_limb_t)(t >> 64);
            v[2] = 0;
            add_at(rp, rn, v, (long)i * nb);
            continue;
        }
        bgcn_limb_t r3 = res[2][i];
        bgcn_limb_t y = r1 >= p3 ? r1 - p3 : r1; /* p1 < 2 p3 */
        y = addm(y, mont(x2, p1m3, &P[2]), p3);
        bgcn_limb_t x3 = mont(subm(r3, y, p3), i123, &P[2]);
        /* v = x1 + p1 x2 + p12 x3 < p1 p2 p3 < 2^188, three limbs. */
        u128 u = (u128)p12lo * x3;
        u128 s = (u128)(bgcn_limb_t)t + (bgcn_limb_t)u;
        v[0] = (bgcn_limb_t)s;
        u128 hi = (t >> 64) + (u >> 64) + (s >> 64) + (u128)p12hi * x3;
        v[1] = (bgcn_limb_t)hi;
        v[2] = (bgcn_limb_t)(hi >> 64);
        add_at(rp, rn, v, (long)i * nb);
    }
}

/* Transform length 2^k, coefficient width nb and number of primes np:
 * each coefficient of the product is below min(na, nb') 2^(2 nb) <=
 * 2^(k + 2 nb), which must stay below the product of the primes: p1 p2 p3
 * > 2^185.99, so nb = floor((185 - k) / 2) with three primes, capped at
 * 64 + 63 - 1 bits so a coefficient never spans more than three limbs
 * after an unaligned start; p1 p2 > 2^123.99, so nb = floor((123 - k) / 2)
 * with two.  k is the smallest length that fits with three primes; when
 * the operands also fit it with two primes' narrower coefficients (the
 * three-prime transform at most about 63% full), two primes do it for
 * two thirds of the transforms.  That is a cheap finer step between
 * powers of two: at 10^5 limbs (59% full) it saves a third. */
static void choose_size(long an, long bn, int *kp, int *nbp, long *nap,
                        long *nbcp, int *npp)
{
    for (int k = 1;; k++) {
        int nb = (185 - k) / 2;
        if (nb > 92)
            nb = 92;
        long na = (an * 64 + nb - 1) / nb, nbc = (bn * 64 + nb - 1) / nb;
        if (na + nbc - 1 <= (1L << k)) {
            int nb2 = (123 - k) / 2;
            long na2 = (an * 64 + nb2 - 1) / nb2;
            long nbc2 = (bn * 64 + nb2 - 1) / nb2;
            *kp = k;
            *npp = 3;
            if (na2 + nbc2 - 1 <= (1L << k)) {
                *npp = 2;
                nb = nb2;
                na = na2;
                nbc = nbc2;
            }
            *nbp = nb;
            *nap = na;
            *nbcp = nbc;
            return;
        }
    }
}

int bgcn_ntt_log2_len(long an, long bn)
{
    if (bgcn_kern.nttfp) /* the length the floating-point NTT would use */
        return bgcn_nttfp_log2_len(an, bn);
    long na, nbc;
    int k, nb, np;
    choose_size(an, bn, &k, &nb, &na, &nbc, &np);
    return k;
}

static bgcn_status ntt_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           const bgcn_limb_t *bp, long bn)
{
    long rn = an + bn, na, nbc;
    int k, nb, np;
    choose_size(an, bn, &k, &nb, &na, &nbc, &np);
    long N = 1L << k;
    BGCN_ASSERT(k <= NTT_LOG2_MAX);
    int square = bp == NULL;
    bgcn_status st = BGCN_OK;
    bgcn_limb_t *res[3] = {NULL, NULL, NULL}, *tb = NULL, *tw = NULL;
    for (int i = 0; i < np; i++)
        if (!(res[i] = bgcn_alloc_limbs((size_t)N)))
            goto nomem;
    if (!square && !(tb = bgcn_alloc_limbs((size_t)N)))
        goto nomem;
    if (!(tw = bgcn_alloc_limbs((size_t)2 * N)))
        goto nomem;

    prime_t P[3];
    P[2] = make_prime(ntt_p[2], ntt_g[2]); /* crt_store's constants */
    for (int i = 0; i < np; i++) {
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto out;
        }
        P[i] = make_prime(ntt_p[i], ntt_g[i]);
        const prime_t *Pi = &P[i];
        bgcn_limb_t *ra = res[i];
        make_table(tw, N, Pi);
        load(ra, N, ap, an, na, nb, Pi);
        fwd(ra, N, tw, Pi);
        const bgcn_limb_t p = Pi->p, pinv = Pi->pinv;
        if (square) {
            for (long j = 0; j < N; j++)
                ra[j] = mont_lazy(ra[j], ra[j], p, pinv);
        } else {
            load(tb, N, bp, bn, nbc, nb, Pi);
            fwd(tb, N, tw, Pi);
            for (long j = 0; j < N; j++)
                ra[j] = mont_lazy(ra[j], tb[j], p, pinv);
        }
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto out;
        }
        inv(ra, N, tw, Pi);
        /* Undo N and the R lost in the pointwise products: multiply by
         * R / N, i.e. mont(x, R^2 / N). */
        bgcn_limb_t ninv = powm_slow((bgcn_limb_t)N, Pi->p - 2, Pi->p);
        bgcn_limb_t sc = mulm_slow(Pi->r2, ninv, Pi->p);
        for (long j = 0; j < na + nbc - 1; j++) {
            bgcn_limb_t x = mont_lazy(ra[j], sc, p, pinv);
            ra[j] = x >= p ? x - p : x;
        }
    }
    crt_store(rp, rn, res, na + nbc - 1, nb, P, np);
    goto out;
nomem:
    st = BGCN_ENOMEM;
out:
    for (int i = 0; i < 3; i++)
        bgcn_free_limbs(res[i]);
    bgcn_free_limbs(tb);
    bgcn_free_limbs(tw);
    return st;
}

bgcn_status bgcn_mul_ntt(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                         const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(an >= bn && bn >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, bp, bn));
    /* The threads split the transforms, whose length an + bn sets: a
     * lopsided product splits like the balanced one of (an + bn)/2 limbs
     * (520000 x 2000 limbs, Zen 4, bgcn_mul, best of 5: 14.7 ms on one
     * thread, and on two as long as the smaller operand decided; 7.3 ms
     * on two now). */
    if (bgcn_kern.nttfp)
        return bgcn_mul_nttfp_ops(rp, ap, an, bp, bn, bgcn_kern.nttfp,
                                  bgcn_threads_for((an + bn) / 2));
    return ntt_mul(rp, ap, an, bp, bn);
}

bgcn_status bgcn_sqr_ntt(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, 2 * n, ap, n));
    if (bgcn_kern.nttfp)
        return bgcn_mul_nttfp_ops(rp, ap, n, NULL, n, bgcn_kern.nttfp,
                                  bgcn_threads_for(n));
    return ntt_mul(rp, ap, n, NULL, n);
}
