/* factor_ecm_ifma.c -- ECM's arithmetic on eight curves at once in
 * AVX-512 IFMA lanes: the Lucas chains of stage 1, the point operations
 * and the pair products of stage 2.  Contract in factor-impl.h
 * (bgcn_ecm8_*).
 *
 * Why: one 6-limb Montgomery product by the scalar kernels (mont_adx.S)
 * costs ~35-40 ns, and stage 1 is ~6 of them per chain step.  The eight
 * curves of a batch share N and the chain (a Lucas chain depends only on
 * the prime), so lane l of every vector holds curve l: the modulus digits
 * are broadcast constants, each lane has its own multiplier digit, and
 * nothing moves across lanes.  One product of K digits is 2 K^2 IFMA for
 * a b plus 2 K^2 + K for the reduction on eight curves at once.
 *
 * Numbers: K digits of 52 bits with R52 = 2^(52K) >= 16 N, so N up to
 * 8 limbs needs K <= 10 (a 100-digit N, 333 bits: K = 7).  Montgomery
 * product, operand scanning, per digit b_i of each lane:
 *     t += a b_i               (lo halves at digit j, hi halves at j + 1)
 *     y  = t_0 k0 mod 2^52     (k0 = -N^-1 mod 2^52; IFMA's lo half)
 *     t += N y                 (t_0 is now 0 mod 2^52)
 *     t  = t / 2^52            (digits shift down; t_0 >> 52 into t_0')
 * Digits of t stay unnormalised: each gets at most 4 terms below 2^52
 * per step and lives at most K + 1 steps, so below 44 * 2^52 < 2^58.
 * The result is t = (a b + Y N) / R52 < a b / R52 + N; for a, b < 4N,
 * a b < 16 N^2 <= R52 N, so t < 2N: no final subtraction, and t fits
 * in K digits after one carry pass (the digits must be canonical, below
 * 2^52, before they are multiplied: IFMA reads only 52 bits).
 * Sums: a + b for a, b < 2N (< 4N); differences a + 2N - b (< 4N, never
 * negative), digit by digit then one signed carry pass.  The curve
 * formulas of factor_ecm.c (xdbl_body, xadd_body) add or subtract only
 * products (< 2N) and multiply only those sums (< 4N) and products, so
 * every bound above holds with no reduction at all (lazy reduction: the
 * 52 K - bits(N) >= 4 spare bits pay for it).
 *
 * The chain is the scalar code's (factor_ecm.c writes it), so [E]P of
 * lane l is the same projective point as curve l's scalar stage 1 up to
 * the factor R52 / R64 in both coordinates, and x = X / Z is identical:
 * tests/mpn/test-factor.c (ecm_stage1_batch_vs_one) compares them,
 * ecm8_arith compares each operation with GMP, including the bounds, and
 * ecm_batch_same_curves the whole method (stage 2 too) with the one-curve
 * code on every path.
 * Measured (Intel Xeon family 6 model 207, 6 limbs, K = 7, B1 = 5e4,
 * B2 = 5e6, per curve): stage 1 34.8 -> 5.2 ms, the curve 50.7 -> 7.9 ms
 * against the 64-bit kernels of mont_adx.S. */
#include "factor-impl.h"

#include <string.h>

#define M52 ((uint64_t)0xfffffffffffff)

bgcn_status bgcn_ecm8_init(bgcn_ecm8 *c, const bgcn_limb_t *np, long nn)
{
    memset(c, 0, sizeof *c);
    c->n = nn;
#if defined(__x86_64__) && defined(__GNUC__)
    if (!(bgcn_kern.caps & BGCN_CAP_IFMA) || nn > 8)
        return BGCN_OK;
    long bits = 64 * nn - __builtin_clzll(np[nn - 1]);
    int K = (int)((bits + 4 + 51) / 52); /* 2^(52K) >= 2^(bits+4) > 16N */
    BGCN_ASSERT(K >= 1 && K <= BGCN_ECM8_KMAX);
    /* digits of N and 2N */
    for (int j = 0; j < K; j++) {
        long b = 52L * j;
        long l = b / 64, o = b % 64;
        uint64_t d = l < nn ? np[l] >> o : 0;
        if (o > 12 && l + 1 < nn)
            d |= np[l + 1] << (64 - o);
        c->nd[j] = d & M52;
    }
    uint64_t cy = 0;
    for (int j = 0; j < K; j++) {
        uint64_t d = 2 * c->nd[j] + cy;
        c->n2d[j] = d & M52;
        cy = d >> 52;
    }
    BGCN_ASSERT(cy == 0);
    /* -N^-1 mod 2^52 from the 64-bit one */
    c->k0 = bgcn_mont_minv(np[0]) & M52;
    /* R52 mod N: 2^(52K) divided by N */
    long rn = (52L * K) / 64 + 1;
    bgcn_limb_t num[10];
    BGCN_ASSERT(rn <= 10);
    memset(num, 0, sizeof num);
    num[rn - 1] = (bgcn_limb_t)1 << ((52 * K) % 64);
    BGCN_ASSERT(rn >= nn); /* 2^(52K) > N */
    BGCN_TRY(bgcn_tdiv_qr(NULL, c->f, num, rn, np, nn));
    c->K = K;
#else
    (void)np;
#endif
    return BGCN_OK;
}

void bgcn_ecm8_set(const bgcn_ecm8 *c, uint64_t *a, int lane,
                   const bgcn_limb_t *x, long xn)
{
    for (int j = 0; j < c->K; j++) {
        long b = 52L * j;
        long l = b / 64, o = b % 64;
        uint64_t d = l < xn ? x[l] >> o : 0;
        if (o > 12 && l + 1 < xn)
            d |= x[l + 1] << (64 - o);
        a[8 * j + lane] = d & M52;
    }
}

void bgcn_ecm8_get(const bgcn_ecm8 *c, bgcn_limb_t *x, const uint64_t *a,
                   int lane)
{
    long n = c->n;
    for (long i = 0; i <= n; i++)
        x[i] = 0;
    for (int j = 0; j < c->K; j++) {
        uint64_t d = a[8 * j + lane];
        long b = 52L * j;
        long l = b / 64, o = b % 64;
        BGCN_ASSERT(d <= M52);
        if (l <= n)
            x[l] |= d << o;
        if (o > 12 && l + 1 <= n)
            x[l + 1] |= d >> (64 - o);
    }
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define TGT __attribute__((target("avx512f,avx512ifma")))
#define KM BGCN_ECM8_KMAX
/* The digit loops run K <= 10 times; forced inlining and full unrolling
 * keep every digit in a register.  Sanitizer and fuzzer builds
 * (BGC_INSTRUMENTED, set by configure) get neither: with them clang spent
 * over 30 minutes of CPU instrumenting this one file, and 0.7 s without. */
#ifdef BGC_INSTRUMENTED
#define INL inline
#define UNR
#else
#define INL inline __attribute__((always_inline))
#define UNR _Pragma("GCC unroll 10")
#endif

typedef __m512i V;

TGT static INL V ld(const uint64_t *p) { return _mm512_loadu_si512(p); }
TGT static INL void st(uint64_t *p, V v) { _mm512_storeu_si512(p, v); }

/* r = a b / R52 (a, b < 4N; r < 2N, canonical digits) */
TGT static INL void vmul(const bgcn_ecm8 *c, V *r, const V *a, const V *b,
                         const int K)
{
    const V zero = _mm512_setzero_si512();
    const V k0 = _mm512_set1_epi64((long long)c->k0);
    V t[KM + 1];
    UNR for (int j = 0; j <= K; j++) t[j] = zero;
    UNR for (int i = 0; i < K; i++) {
        V bi = b[i];
        UNR for (int j = 0; j < K; j++)
            t[j] = _mm512_madd52lo_epu64(t[j], a[j], bi);
        UNR for (int j = 0; j < K; j++)
            t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], a[j], bi);
        V y = _mm512_madd52lo_epu64(zero, t[0], k0);
        UNR for (int j = 0; j < K; j++)
            t[j] = _mm512_madd52lo_epu64(
                t[j], _mm512_set1_epi64((long long)c->nd[j]), y);
        UNR for (int j = 0; j < K; j++)
            t[j + 1] = _mm512_madd52hi_epu64(
                t[j + 1], _mm512_set1_epi64((long long)c->nd[j]), y);
        V cy = _mm512_srli_epi64(t[0], 52);
        UNR for (int j = 0; j < K; j++) t[j] = t[j + 1];
        t[K] = zero;
        t[0] = _mm512_add_epi64(t[0], cy);
    }
    const V m = _mm512_set1_epi64((long long)M52);
    UNR for (int j = 0; j + 1 < K; j++) {
        t[j + 1] = _mm512_add_epi64(t[j + 1], _mm512_srli_epi64(t[j], 52));
        r[j] = _mm512_and_si512(t[j], m);
    }
    r[K - 1] = t[K - 1];
}

/* r = a + b (a, b < 2N) */
TGT static INL void vadd(V *r, const V *a, const V *b, const int K)
{
    const V m = _mm512_set1_epi64((long long)M52);
    V t[KM];
    UNR for (int j = 0; j < K; j++) t[j] = _mm512_add_epi64(a[j], b[j]);
    UNR for (int j = 0; j + 1 < K; j++) {
        t[j + 1] = _mm512_add_epi64(t[j + 1], _mm512_srli_epi64(t[j], 52));
        r[j] = _mm512_and_si512(t[j], m);
    }
    r[K - 1] = t[K - 1];
}

/* r = a - b + 2N (a, b < 2N): digits may be negative before the signed
 * carry pass, the value never is */
TGT static INL void vsub(const bgcn_ecm8 *c, V *r, const V *a, const V *b,
                         const int K)
{
    const V m = _mm512_set1_epi64((long long)M52);
    V t[KM];
    UNR for (int j = 0; j < K; j++) t[j] = _mm512_sub_epi64(
        _mm512_add_epi64(a[j], _mm512_set1_epi64((long long)c->n2d[j])),
        b[j]);
    UNR for (int j = 0; j + 1 < K; j++) {
        t[j + 1] = _mm512_add_epi64(t[j + 1], _mm512_srai_epi64(t[j], 52));
        r[j] = _mm512_and_si512(t[j], m);
    }
    r[K - 1] = t[K - 1];
}

TGT static INL void vload(V *r, const uint64_t *p, const int K)
{
    UNR for (int j = 0; j < K; j++) r[j] = ld(p + 8 * j);
}

TGT static INL void vstore(uint64_t *p, const V *r, const int K)
{
    UNR for (int j = 0; j < K; j++) st(p + 8 * j, r[j]);
}

/* (X2:Z2) = [2](X:Z), as factor_ecm.c's xdbl_body; R may equal P */
TGT static INL void vdbl(const bgcn_ecm8 *c, uint64_t *R, const uint64_t *P,
                         const int K)
{
    V x[KM], z[KM], u[KM], v[KM], w[KM], a[KM];
    vload(x, P, K);
    vload(z, P + 8 * K, K);
    vadd(u, x, z, K);
    vsub(c, v, x, z, K);
    vmul(c, u, u, u, K);
    vmul(c, v, v, v, K);
    vsub(c, w, u, v, K); /* 4XZ */
    vmul(c, x, u, v, K);
    vload(a, c->a24, K);
    vmul(c, u, a, w, K);
    vadd(u, u, v, K);
    vmul(c, z, w, u, K);
    vstore(R, x, K);
    vstore(R + 8 * K, z, K);
}

/* R = P + Q given D = P - Q, as xadd_body; R may equal any input */
TGT static INL void vxadd(const bgcn_ecm8 *c, uint64_t *R, const uint64_t *P,
                          const uint64_t *Q, const uint64_t *D, const int K)
{
    V x1[KM], z1[KM], x2[KM], z2[KM], s[KM], u[KM], v[KM];
    vload(x1, P, K);
    vload(z1, P + 8 * K, K);
    vload(x2, Q, K);
    vload(z2, Q + 8 * K, K);
    vsub(c, u, x1, z1, K);
    vadd(s, x2, z2, K);
    vmul(c, u, u, s, K);
    vadd(v, x1, z1, K);
    vsub(c, s, x2, z2, K);
    vmul(c, v, v, s, K);
    vadd(s, u, v, K);
    vsub(c, v, u, v, K);
    vmul(c, s, s, s, K);
    vmul(c, v, v, v, K);
    vload(x1, D, K);
    vload(z1, D + 8 * K, K);
    vmul(c, v, v, x1, K);
    vmul(c, s, s, z1, K);
    vstore(R, s, K);
    vstore(R + 8 * K, v, K);
}

TGT static INL void vchain(const bgcn_ecm8 *c, uint64_t *const *slot,
                           const bgcn_chop *o, int cnt, const int K)
{
    for (int i = 0; i < cnt; i++) {
        const bgcn_chop *op = &o[i];
        switch (op->t) {
        case BGCN_CHOP_ADD:
            vxadd(c, slot[op->r], slot[op->p], slot[op->q], slot[op->d], K);
            break;
        case BGCN_CHOP_DBL:
            vdbl(c, slot[op->r], slot[op->p], K);
            break;
        default:
            if (op->r != op->p)
                memcpy(slot[op->r], slot[op->p], 16 * (size_t)K * 8);
        }
    }
}

TGT static INL void vop(const bgcn_ecm8 *c, uint64_t *r, const uint64_t *a,
                        const uint64_t *b, int op, const int K)
{
    V x[KM], y[KM];
    vload(x, a, K);
    vload(y, b, K);
    if (op == 0)
        vmul(c, x, x, y, K);
    else if (op == 1)
        vadd(x, x, y, K);
    else
        vsub(c, x, x, y, K);
    vstore(r, x, K);
}

#define K_CASES(F)                                                            \
    F(1) F(2) F(3) F(4) F(5) F(6) F(7) F(8) F(9) F(10)

#define CHAIN_K(k)                                                            \
    TGT static void chain_##k(const bgcn_ecm8 *c, uint64_t *const *slot,     \
                              const bgcn_chop *o, int cnt)                   \
    {                                                                         \
        vchain(c, slot, o, cnt, k);                                           \
    }
K_CASES(CHAIN_K)
#undef CHAIN_K

void bgcn_ecm8_chain(const bgcn_ecm8 *c, uint64_t *const *slot,
                     const bgcn_chop *o, int cnt)
{
    switch (c->K) {
#define CASE_K(k)                                                             \
    case k:                                                                   \
        chain_##k(c, slot, o, cnt);                                           \
        return;
        K_CASES(CASE_K)
#undef CASE_K
    default:
        BGCN_ASSERT(0);
    }
}

#define OP_K(k)                                                               \
    TGT static void op_##k(const bgcn_ecm8 *c, uint64_t *r, const uint64_t *a, \
                           const uint64_t *b, int op)                        \
    {                                                                         \
        vop(c, r, a, b, op, k);                                               \
    }
K_CASES(OP_K)
#undef OP_K

void bgcn_ecm8_op(const bgcn_ecm8 *c, uint64_t *r, const uint64_t *a,
                  const uint64_t *b, int op)
{
    switch (c->K) {
#define CASE_K(k)                                                             \
    case k:                                                                   \
        op_##k(c, r, a, b, op);                                               \
        return;
        K_CASES(CASE_K)
#undef CASE_K
    default:
        BGCN_ASSERT(0);
    }
}

/* Stage 2's pair products: acc0, acc1 *= (x_t - bx[i]) for every set bit
 * i of mask + t mw, t < cnt, bits taken alternately into the two
 * accumulators so that two independent product chains overlap (one chain
 * waits on its own latency, ~K IFMA round trips per digit step). */
TGT static INL void vpairs(const bgcn_ecm8 *c, uint64_t *acc,
                           const uint64_t *xk, int cnt, const uint64_t *bx,
                           const uint64_t *mask, int mw, const int K)
{
    V a0[KM], a1[KM], x[KM], d0[KM], d1[KM], y[KM];
    int idx[64 * 16];
    vload(a0, acc, K);
    vload(a1, acc + 8 * K, K);
    for (int t = 0; t < cnt; t++) {
        const uint64_t *mk = mask + (size_t)t * (size_t)mw;
        int m = 0;
        for (int w = 0; w < mw; w++)
            for (uint64_t bits = mk[w]; bits; bits &= bits - 1)
                idx[m++] = w * 64 + __builtin_ctzll(bits);
        vload(x, xk + (size_t)t * 8 * K, K);
        int i = 0;
        for (; i + 1 < m; i += 2) {
            vload(y, bx + (size_t)idx[i] * 8 * K, K);
            vsub(c, d0, x, y, K);
            vload(y, bx + (size_t)idx[i + 1] * 8 * K, K);
            vsub(c, d1, x, y, K);
            vmul(c, a0, a0, d0, K);
            vmul(c, a1, a1, d1, K);
        }
        if (i < m) {
            vload(y, bx + (size_t)idx[i] * 8 * K, K);
            vsub(c, d0, x, y, K);
            vmul(c, a0, a0, d0, K);
        }
    }
    vstore(acc, a0, K);
    vstore(acc + 8 * K, a1, K);
}

#define PAIRS_K(k)                                                            \
    TGT static void pairs_##k(const bgcn_ecm8 *c, uint64_t *acc,              \
                              const uint64_t *xk, int cnt,                    \
                              const uint64_t *bx, const uint64_t *mask,       \
                              int mw)                                         \
    {                                                                         \
        vpairs(c, acc, xk, cnt, bx, mask, mw, k);                             \
    }
K_CASES(PAIRS_K)
#undef PAIRS_K

void bgcn_ecm8_pairs(const bgcn_ecm8 *c, uint64_t *acc, const uint64_t *xk,
                     int cnt, const uint64_t *bx, const uint64_t *mask,
                     int mw)
{
    BGCN_ASSERT(mw <= 16);
    switch (c->K) {
#define CASE_K(k)                                                             \
    case k:                                                                   \
        pairs_##k(c, acc, xk, cnt, bx, mask, mw);                             \
        return;
        K_CASES(CASE_K)
#undef CASE_K
    default:
        BGCN_ASSERT(0);
    }
}

#else /* no vector code: bgcn_ecm8_init leaves K = 0, nothing calls these */

void bgcn_ecm8_chain(const bgcn_ecm8 *c, uint64_t *const *slot,
                     const bgcn_chop *o, int cnt)
{
    (void)c, (void)slot, (void)o, (void)cnt;
    BGCN_ASSERT(0);
}

void bgcn_ecm8_op(const bgcn_ecm8 *c, uint64_t *r, const uint64_t *a,
                  const uint64_t *b, int op)
{
    (void)c, (void)r, (void)a, (void)b, (void)op;
    BGCN_ASSERT(0);
}

void bgcn_ecm8_pairs(const bgcn_ecm8 *c, uint64_t *acc, const uint64_t *xk,
                     int cnt, const uint64_t *bx, const uint64_t *mask,
                     int mw)
{
    (void)c, (void)acc, (void)xk, (void)cnt, (void)bx, (void)mask, (void)mw;
    BGCN_ASSERT(0);
}

#endif
