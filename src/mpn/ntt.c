/* ntt.c -- multiplication of huge operands by number-theoretic transforms.
 *
 * Method: each limb is one coefficient.  The cyclic convolution of the two
 * limb sequences (length N = 2^k >= an + bn, so nothing wraps) is computed
 * modulo three primes p = c 2^55 + 1 just below 2^63, and each coefficient
 * is recovered exactly by the Chinese remainder theorem (Garner's form):
 * a coefficient is a sum of at most bn products of two limbs, below
 * bn 2^128, and p1 p2 p3 > 2^186, so it is exact while bn < 2^58.  The
 * coefficients (three limbs each) are then added with carries into the
 * result.
 *
 * Arithmetic mod p < 2^63 is Montgomery's with R = 2^64: mont(a, b) =
 * a b / R mod p, valid for any 64-bit a and b < p, one conditional
 * subtraction.  Twiddle factors are kept in Montgomery form (w R mod p) so
 * mont(x, wR) = x w; the pointwise products lose one factor R, which is
 * folded together with 1/N into the final scaling.
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
 * operand's transform and the N-limb table (one prime at a time). */
#include "bgcn.h"
#include "mul-impl.h"

typedef unsigned __int128 u128;

typedef struct {
    bgcn_limb_t p;    /* the prime, < 2^63 */
    bgcn_limb_t pneg; /* -p^-1 mod 2^64 */
    bgcn_limb_t r1;   /* R mod p (1 in Montgomery form) */
    bgcn_limb_t r2;   /* R^2 mod p */
    bgcn_limb_t g;    /* a primitive root mod p */
} prime_t;

#define NTT_LOG2_MAX 55

static bgcn_limb_t mont(bgcn_limb_t a, bgcn_limb_t b, const prime_t *P)
{
    u128 t = (u128)a * b;
    bgcn_limb_t m = (bgcn_limb_t)t * P->pneg;
    /* t + m p < 2^128 since a b < 2^64 p and m p < 2^64 p; the low limb
     * of the sum is zero by the choice of m. */
    bgcn_limb_t u = (bgcn_limb_t)((t + (u128)m * P->p) >> 64);
    return u >= P->p ? u - P->p : u;
}

static bgcn_limb_t addm(bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t p)
{
    bgcn_limb_t s = a + b; /* < 2p < 2^64 */
    return s >= p ? s - p : s;
}

static bgcn_limb_t subm(bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t p)
{
    return a >= b ? a - b : a - b + p;
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
    P.pneg = -x;
    P.r1 = (bgcn_limb_t)(((u128)1 << 64) % p);
    P.r2 = mulm_slow(P.r1, P.r1, p);
    return P;
}

/* The three primes: 87*2^56+1, 131*2^55+1, 197*2^55+1 with primitive
 * roots 5, 3, 3 (checked with a computer algebra system when chosen). */
static const bgcn_limb_t ntt_p[3] = {0x5700000000000001u,
                                     0x4180000000000001u,
                                     0x6280000000000001u};
static const bgcn_limb_t ntt_g[3] = {5, 3, 3};

/* tw[h + j] = w_{2h}^j R mod p for h = 1 .. N/2, j < h. */
static void make_table(bgcn_limb_t *tw, long N, const prime_t *P)
{
    long h = N / 2;
    /* w_N in Montgomery form. */
    bgcn_limb_t w = powm_slow(P->g, (P->p - 1) / (bgcn_limb_t)N, P->p);
    bgcn_limb_t wm = mont(w, P->r2, P);
    bgcn_limb_t x = P->r1;
    for (long j = 0; j < h; j++) {
        tw[h + j] = x;
        x = mont(x, wm, P);
    }
    for (h /= 2; h >= 1; h /= 2)
        for (long j = 0; j < h; j++)
            tw[h + j] = tw[2 * h + 2 * j];
}

/* Forward DIF on {a, m}, m a power of two. */
static void fwd_levels(bgcn_limb_t *a, long m, const bgcn_limb_t *tw,
                       const prime_t *P)
{
    bgcn_limb_t p = P->p;
    for (long len = m; len >= 2; len /= 2) {
        long h = len / 2;
        const bgcn_limb_t *w = tw + h;
        for (long blk = 0; blk < m; blk += len) {
            bgcn_limb_t *x = a + blk, *y = a + blk + h;
            for (long j = 0; j < h; j++) {
                bgcn_limb_t u = x[j], v = y[j];
                x[j] = addm(u, v, p);
                y[j] = mont(subm(u, v, p), w[j], P);
            }
        }
    }
}

static void fwd(bgcn_limb_t *a, long m, const bgcn_limb_t *tw,
                const prime_t *P)
{
    if (m <= 1024) {
        fwd_levels(a, m, tw, P);
        return;
    }
    long h = m / 2;
    bgcn_limb_t p = P->p;
    const bgcn_limb_t *w = tw + h;
    bgcn_limb_t *x = a, *y = a + h;
    for (long j = 0; j < h; j++) {
        bgcn_limb_t u = x[j], v = y[j];
        x[j] = addm(u, v, p);
        y[j] = mont(subm(u, v, p), w[j], P);
    }
    fwd(a, h, tw, P);
    fwd(a + h, h, tw, P);
}

/* One inverse DIT level of length 2h on a block: x + y w^-j, x - y w^-j,
 * with w^-j = -w^(h-j) for j >= 1. */
static void inv_block(bgcn_limb_t *x, long h, const bgcn_limb_t *tw,
                      const prime_t *P)
{
    bgcn_limb_t p = P->p;
    bgcn_limb_t *y = x + h;
    const bgcn_limb_t *w = tw + h;
    bgcn_limb_t u = x[0], v = y[0];
    x[0] = addm(u, v, p);
    y[0] = subm(u, v, p);
    for (long j = 1; j < h; j++) {
        bgcn_limb_t u = x[j], t = mont(y[j], w[h - j], P);
        x[j] = subm(u, t, p);
        y[j] = addm(u, t, p);
    }
}

static void inv(bgcn_limb_t *a, long m, const bgcn_limb_t *tw,
                const prime_t *P)
{
    if (m <= 1024) {
        for (long len = 2; len <= m; len *= 2)
            for (long blk = 0; blk < m; blk += len)
                inv_block(a + blk, len / 2, tw, P);
        return;
    }
    long h = m / 2;
    inv(a, h, tw, P);
    inv(a + h, h, tw, P);
    inv_block(a, h, tw, P);
}

/* {r, N} = {a, an} mod p, zero padded. */
static void load(bgcn_limb_t *r, long N, const bgcn_limb_t *a, long an,
                 bgcn_limb_t p)
{
    for (long i = 0; i < an; i++) {
        bgcn_limb_t x = a[i];
        while (x >= p) /* at most three times: p > 2^62 */
            x -= p;
        r[i] = x;
    }
    for (long i = an; i < N; i++)
        r[i] = 0;
}

/* Garner recombination of the residues of coefficient i in r[0..2] and
 * carry-propagating sum into {rp, rn}. */
static void crt_store(bgcn_limb_t *rp, long rn, bgcn_limb_t *const res[3],
                      const prime_t P[3])
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

    bgcn_limb_t c0 = 0, c1 = 0; /* pending carry: c0 + c1 2^64 */
    long nc = rn - 1;           /* number of coefficients */
    for (long i = 0; i < nc; i++) {
        bgcn_limb_t r1 = res[0][i], r2 = res[1][i], r3 = res[2][i];
        bgcn_limb_t x1 = r1;
        bgcn_limb_t r1m2 = r1 >= p2 ? r1 - p2 : r1; /* p1 < 2 p2 */
        bgcn_limb_t x2 = mont(subm(r2, r1m2, p2), i12, &P[1]);
        bgcn_limb_t y = r1 >= p3 ? r1 - p3 : r1; /* p1 < p3 */
        y = addm(y, mont(x2, p1m3, &P[2]), p3);
        bgcn_limb_t x3 = mont(subm(r3, y, p3), i123, &P[2]);
        /* v = x1 + p1 x2 + p12 x3 (three limbs) plus the carry. */
        u128 t = (u128)p1 * x2 + x1 + c0;
        bgcn_limb_t v0 = (bgcn_limb_t)t;
        u128 hi = (t >> 64) + (u128)c1;
        t = (u128)p12lo * x3;
        u128 s = (u128)v0 + (bgcn_limb_t)t;
        rp[i] = (bgcn_limb_t)s;
        /* next carry = hi + (t >> 64) + p12hi x3 + (s >> 64) */
        u128 nxt = hi + (t >> 64) + (s >> 64) + (u128)p12hi * x3;
        c0 = (bgcn_limb_t)nxt;
        c1 = (bgcn_limb_t)(nxt >> 64);
    }
    rp[nc] = c0;
    BGCN_ASSERT(c1 == 0);
}

static bgcn_status ntt_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                           const bgcn_limb_t *bp, long bn)
{
    long rn = an + bn, N = 1;
    int k = 0;
    while (N < rn - 1 || N < 2) {
        N *= 2;
        k++;
    }
    BGCN_ASSERT(k <= NTT_LOG2_MAX);
    int square = bp == NULL;
    bgcn_status st = BGCN_OK;
    bgcn_limb_t *res[3] = {NULL, NULL, NULL}, *tb = NULL, *tw = NULL;
    for (int i = 0; i < 3; i++)
        if (!(res[i] = bgcn_alloc_limbs((size_t)N)))
            goto nomem;
    if (!square && !(tb = bgcn_alloc_limbs((size_t)N)))
        goto nomem;
    if (!(tw = bgcn_alloc_limbs((size_t)N)))
        goto nomem;

    prime_t P[3];
    for (int i = 0; i < 3; i++) {
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto out;
        }
        P[i] = make_prime(ntt_p[i], ntt_g[i]);
        const prime_t *Pi = &P[i];
        bgcn_limb_t *ra = res[i];
        make_table(tw, N, Pi);
        load(ra, N, ap, an, Pi->p);
        fwd(ra, N, tw, Pi);
        if (square) {
            for (long j = 0; j < N; j++)
                ra[j] = mont(ra[j], ra[j], Pi);
        } else {
            load(tb, N, bp, bn, Pi->p);
            fwd(tb, N, tw, Pi);
            for (long j = 0; j < N; j++)
                ra[j] = mont(ra[j], tb[j], Pi);
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
        for (long j = 0; j < rn - 1; j++)
            ra[j] = mont(ra[j], sc, Pi);
    }
    crt_store(rp, rn, res, P);
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
    return ntt_mul(rp, ap, an, bp, bn);
}

bgcn_status bgcn_sqr_ntt(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, 2 * n, ap, n));
    return ntt_mul(rp, ap, n, NULL, n);
}
