/* mont_mul_n.c -- portable Montgomery multiplication and squaring kernels
 * (the generic path's twins of the assembly kernels).  Contract in bgcn.h.
 *
 * Separated form (SOS): the full product (2n limbs) first, then REDC,
 * both made of one-row multiply-accumulate passes (bgcn_addmul_1_c, the
 * one portable addmul_1, in mul_1.c).  The pass is written
 * with 64-bit halves and overflow builtins, unrolled four times: gcc 12
 * then keeps every carry in a register and it runs at about 2.5 cycles
 * per limb product on Zen 4 (as fast as GMP's generic amd64 addmul_1).
 * Measured alternatives that lost: 128-bit sums (3.9 c/p: the carry is
 * spilled to the stack), a fused CIOS loop (5.7 c/p, spills), two-row
 * addmul_2 loops (3.2-3.5 c/p per product).
 *
 * REDC: pass i adds q_i*m*B^i with q_i = t_i * minv mod B, which clears
 * limb i; the pass's carry limb (position i+n) is parked in the cleared
 * limb and all carries are added back at the end with one n-limb
 * addition, so no pass ripples.  A later pass reads only limbs below n
 * for its quotient, which parked carries never touch.  Bound:
 * T + Q*m < m*R + R*m, so the result is < 2m: one masked subtraction.
 *
 * Squaring computes the off-diagonal triangle with the same passes,
 * doubles it and adds the diagonal squares in one pass: 1.5 n^2 limb
 * products against 2 n^2.
 *
 * Everything is straight-line in the data: the loops depend on n only and
 * the final subtraction is selected with masks, so these kernels are
 * constant time in the values of a, b (the contract of bgcn_mont_mul_n).
 * Scratch lives on the stack (2n limbs); callers use the kernels up to
 * BGCN_MONT_SQR_KERNEL_MAX limbs (bgcn_powm_sec up to 256, powm_sec.c). */
#include "bgcn.h"

typedef unsigned __int128 bgcn_dlimb_t;

/* {rp,n} = t - m if t >= m else t, where t = {tp,n} + th*2^(64n) < 2m;
 * constant time.  rp may equal tp. */
static inline void final_sub(bgcn_limb_t *rp, const bgcn_limb_t *tp,
                             bgcn_limb_t th, const bgcn_limb_t *mp, long n)
{
    bgcn_limb_t bw = 0;
    /* First pass: only the borrow, to learn whether t >= m. */
    for (long j = 0; j < n; j++) {
        bgcn_dlimb_t d = (bgcn_dlimb_t)tp[j] - mp[j] - bw;
        bw = (bgcn_limb_t)(d >> 64) & 1;
    }
    /* t < m exactly when the subtraction borrows past the top limb. */
    bgcn_limb_t sub = (bgcn_limb_t)0 - (bgcn_limb_t)(bw <= th);
    bw = 0;
    for (long j = 0; j < n; j++) {
        bgcn_dlimb_t d = (bgcn_dlimb_t)tp[j] - (mp[j] & sub) - bw;
        rp[j] = (bgcn_limb_t)d;
        bw = (bgcn_limb_t)(d >> 64) & 1;
    }
}

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* {rp,n} += {ap,n} * b, returns the carry limb: the shared portable
 * addmul_1 (mul_1.c), which is out of line so that its loop gets the
 * registers to itself. */
static inline bgcn_limb_t addmul_row(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     long n, bgcn_limb_t b)
{
    return bgcn_addmul_1_c(rp, ap, n, b);
}

/* {tp,2n} = {ap,n} * {bp,n} */
static inline void mul_rows(bgcn_limb_t *tp, const bgcn_limb_t *ap,
                            const bgcn_limb_t *bp, long n)
{
    for (long j = 0; j < n; j++)
        tp[j] = 0;
    for (long j = 0; j < n; j++)
        tp[j + n] = addmul_row(tp + j, ap, n, bp[j]);
}

/* {rp,n} = {tp,2n} / R mod m (fully reduced); T < m*R; clobbers tp. */
static inline void redc_rows(bgcn_limb_t *rp, bgcn_limb_t *tp,
                             const bgcn_limb_t *mp, long n, bgcn_limb_t minv)
{
    for (long i = 0; i < n; i++) {
        bgcn_limb_t q = tp[i] * minv;
        tp[i] = addmul_row(tp + i, mp, n, q);
    }
    bgcn_limb_t c = 0;
    for (long j = 0; j < n; j++) {
        bgcn_dlimb_t s = (bgcn_dlimb_t)tp[n + j] + tp[j] + c;
        tp[n + j] = (bgcn_limb_t)s;
        c = (bgcn_limb_t)(s >> 64);
    }
    final_sub(rp, tp + n, c, mp, n);
}

/* Fixed sizes (2..8 limbs: 128..512-bit moduli) get the same algorithm
 * with n a compile-time constant and every loop unrolled: gcc then keeps
 * the whole 2n-limb product in registers and drops the per-row call and
 * loop overhead that dominates at small n (256-bit: 202 -> 126 cycles). */
#define FX_STEP(dst, x, y)                                                 \
    do {                                                                   \
        bgcn_dlimb_t p = (bgcn_dlimb_t)(x) * (y);                          \
        bgcn_limb_t lo = (bgcn_limb_t)p, hi = (bgcn_limb_t)(p >> 64), s;   \
        hi += __builtin_add_overflow(lo, dst, &s);                         \
        hi += __builtin_add_overflow(s, cy, &s);                           \
        dst = s;                                                           \
        cy = hi;                                                           \
    } while (0)

#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL _Pragma("GCC unroll 16")
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define UNROLL
#define ALWAYS_INLINE inline
#endif

/* REDC of {t,2N} into rp (as redc_rows), N constant. */
static ALWAYS_INLINE void fx_redc(bgcn_limb_t *rp, bgcn_limb_t *t,
                                  const bgcn_limb_t *mp, bgcn_limb_t minv,
                                  const int N)
{
    UNROLL
    for (int i = 0; i < N; i++) {
        bgcn_limb_t cy = 0, q = t[i] * minv;
        UNROLL
        for (int j = 0; j < N; j++)
            FX_STEP(t[i + j], mp[j], q);
        t[i] = cy; /* parked: belongs at limb i+N */
    }
    bgcn_limb_t c = 0;
    UNROLL
    for (int j = 0; j < N; j++) {
        bgcn_dlimb_t s = (bgcn_dlimb_t)t[N + j] + t[j] + c;
        t[N + j] = (bgcn_limb_t)s;
        c = (bgcn_limb_t)(s >> 64);
    }
    bgcn_limb_t bw = 0, d[N];
    UNROLL
    for (int j = 0; j < N; j++) {
        bgcn_dlimb_t x = (bgcn_dlimb_t)t[N + j] - mp[j] - bw;
        d[j] = (bgcn_limb_t)x;
        bw = (bgcn_limb_t)(x >> 64) & 1;
    }
    bgcn_limb_t keep = (bgcn_limb_t)0 - (bgcn_limb_t)(bw > c); /* t < m */
    UNROLL
    for (int j = 0; j < N; j++)
        rp[j] = (t[N + j] & keep) | (d[j] & ~keep);
}

static ALWAYS_INLINE void fx_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                 const bgcn_limb_t *bp, const bgcn_limb_t *mp,
                                 bgcn_limb_t minv, const int N)
{
    bgcn_limb_t t[2 * N];
    UNROLL
    for (int i = 0; i < N; i++)
        t[i] = 0;
    UNROLL
    for (int i = 0; i < N; i++) {
        bgcn_limb_t cy = 0, b = bp[i];
        UNROLL
        for (int j = 0; j < N; j++)
            FX_STEP(t[i + j], ap[j], b);
        t[i + N] = cy;
    }
    fx_redc(rp, t, mp, minv, N);
}

static ALWAYS_INLINE void fx_sqr(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                 const bgcn_limb_t *mp, bgcn_limb_t minv,
                                 const int N)
{
    bgcn_limb_t t[2 * N];
    UNROLL
    for (int i = 0; i <= N; i++)
        t[i] = 0;
    t[2 * N - 1] = 0;
    UNROLL
    for (int i = 0; i + 1 < N; i++) {
        bgcn_limb_t cy = 0, b = ap[i];
        UNROLL
        for (int j = i + 1; j < N; j++)
            FX_STEP(t[i + j], ap[j], b);
        t[i + N] = cy;
    }
    bgcn_limb_t hi = 0, cy = 0;
    UNROLL
    for (int k = 0; k < N; k++) {
        bgcn_limb_t x0 = t[2 * k], x1 = t[2 * k + 1];
        bgcn_limb_t d0 = (x0 << 1) | hi, d1 = (x1 << 1) | (x0 >> 63);
        hi = x1 >> 63;
        bgcn_dlimb_t sq = (bgcn_dlimb_t)ap[k] * ap[k];
        bgcn_dlimb_t lo = (bgcn_dlimb_t)d0 + (bgcn_limb_t)sq + cy;
        t[2 * k] = (bgcn_limb_t)lo;
        bgcn_dlimb_t h = (bgcn_dlimb_t)d1 + (bgcn_limb_t)(sq >> 64) +
                         (bgcn_limb_t)(lo >> 64);
        t[2 * k + 1] = (bgcn_limb_t)h;
        cy = (bgcn_limb_t)(h >> 64);
    }
    fx_redc(rp, t, mp, minv, N);
}

/* Up to 4 limbs the fused CIOS form, fully unrolled, beats the separated
 * form (256-bit: about 110 against 125 cycles for a product, and also
 * for a square): the running value t (N+1 limbs) stays in registers and
 * the two carry chains of a row (a*b_i and q*m) interleave. */
static ALWAYS_INLINE void fx_cios(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                  const bgcn_limb_t *bp, const bgcn_limb_t *mp,
                                  bgcn_limb_t minv, const int N)
{
    bgcn_limb_t t[N + 1];
    UNROLL
    for (int j = 0; j <= N; j++)
        t[j] = 0;
    UNROLL
    for (int i = 0; i < N; i++) {
        bgcn_limb_t bi = bp[i];
        bgcn_dlimb_t s = (bgcn_dlimb_t)ap[0] * bi + t[0];
        bgcn_limb_t c1 = (bgcn_limb_t)(s >> 64), u = (bgcn_limb_t)s;
        bgcn_limb_t q = u * minv;
        bgcn_dlimb_t s2 = (bgcn_dlimb_t)mp[0] * q + u;
        bgcn_limb_t c2 = (bgcn_limb_t)(s2 >> 64);
        UNROLL
        for (int j = 1; j < N; j++) {
            s = (bgcn_dlimb_t)ap[j] * bi + t[j] + c1;
            c1 = (bgcn_limb_t)(s >> 64);
            s2 = (bgcn_dlimb_t)mp[j] * q + (bgcn_limb_t)s + c2;
            c2 = (bgcn_limb_t)(s2 >> 64);
            t[j - 1] = (bgcn_limb_t)s2;
        }
        s = (bgcn_dlimb_t)t[N] + c1 + c2;
        t[N - 1] = (bgcn_limb_t)s;
        t[N] = (bgcn_limb_t)(s >> 64);
    }
    bgcn_limb_t bw = 0, d[N];
    UNROLL
    for (int j = 0; j < N; j++) {
        bgcn_dlimb_t x = (bgcn_dlimb_t)t[j] - mp[j] - bw;
        d[j] = (bgcn_limb_t)x;
        bw = (bgcn_limb_t)(x >> 64) & 1;
    }
    bgcn_limb_t keep = (bgcn_limb_t)0 - (bgcn_limb_t)(bw > t[N]); /* t < m */
    UNROLL
    for (int j = 0; j < N; j++)
        rp[j] = (t[j] & keep) | (d[j] & ~keep);
}

#define FX_CASES(call)                                                     \
    switch (n) {                                                           \
    case 2: call(2); return;                                               \
    case 3: call(3); return;                                               \
    case 4: call(4); return;                                               \
    case 5: call(5); return;                                               \
    case 6: call(6); return;                                               \
    case 7: call(7); return;                                               \
    case 8: call(8); return;                                               \
    default: break;                                                        \
    }

/* 16 limbs (1024-bit moduli, common and just past the unrolled sizes):
 * rows with the limb count fixed at compile time and fully unrolled, the
 * outer loop left rolled (about 13% off a REDC; unrolling everything
 * made it slower). */
static ALWAYS_INLINE bgcn_limb_t row_fixed(bgcn_limb_t *rp,
                                           const bgcn_limb_t *ap,
                                           bgcn_limb_t b, const int N)
{
    bgcn_limb_t cy = 0;
    UNROLL
    for (int j = 0; j < N; j++)
        FX_STEP(rp[j], ap[j], b);
    return cy;
}

static NOINLINE void mid_redc_16(bgcn_limb_t *rp, bgcn_limb_t *t,
                                 const bgcn_limb_t *mp, bgcn_limb_t minv)
{
    for (int i = 0; i < 16; i++)
        t[i] = row_fixed(t + i, mp, t[i] * minv, 16);
    bgcn_limb_t c = 0;
    for (int j = 0; j < 16; j++) {
        bgcn_dlimb_t s = (bgcn_dlimb_t)t[16 + j] + t[j] + c;
        t[16 + j] = (bgcn_limb_t)s;
        c = (bgcn_limb_t)(s >> 64);
    }
    final_sub(rp, t + 16, c, mp, 16);
}

static NOINLINE void mid_mul_16(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                const bgcn_limb_t *bp, const bgcn_limb_t *mp,
                                bgcn_limb_t minv)
{
    bgcn_limb_t t[32];
    for (int j = 0; j < 16; j++)
        t[j] = 0;
    for (int j = 0; j < 16; j++)
        t[j + 16] = row_fixed(t + j, ap, bp[j], 16);
    mid_redc_16(rp, t, mp, minv);
}

/* The off-diagonal triangle of a 16-limb square: row i has 15 - i limbs;
 * a jump table picks the unrolled row of that length. */
static NOINLINE void mid_triangle_16(bgcn_limb_t *t, const bgcn_limb_t *ap)
{
    for (int i = 0; i < 15; i++) {
        bgcn_limb_t *r = t + 2 * i + 1, b = ap[i], cy = 0;
        const bgcn_limb_t *a = ap + i + 1;
#define TRI_CASE(L)                                                        \
    case L:                                                                \
        cy = row_fixed(r, a, b, L);                                        \
        break;
        switch (15 - i) {
            TRI_CASE(1) TRI_CASE(2) TRI_CASE(3) TRI_CASE(4) TRI_CASE(5)
            TRI_CASE(6) TRI_CASE(7) TRI_CASE(8) TRI_CASE(9) TRI_CASE(10)
            TRI_CASE(11) TRI_CASE(12) TRI_CASE(13) TRI_CASE(14) TRI_CASE(15)
        default:
            break;
        }
#undef TRI_CASE
        t[16 + i] = cy;
    }
}

void bgcn_mont_mul_n_c(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                       const bgcn_limb_t *bp, const bgcn_limb_t *mp, long n,
                       bgcn_limb_t minv)
{
    BGCN_ASSERT(n >= 1 && (mp[0] & 1) && mp[n - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n, mp, n));
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, bp, n));
#define FX_MUL(N) ((N) <= 4 ? fx_cios(rp, ap, bp, mp, minv, N) : fx_mul(rp, ap, bp, mp, minv, N))
    FX_CASES(FX_MUL)
    if (n == 16) {
        mid_mul_16(rp, ap, bp, mp, minv);
        return;
    }
    bgcn_limb_t t[2 * n];
    mul_rows(t, ap, bp, n);
    redc_rows(rp, t, mp, n, minv);
}

void bgcn_mont_sqr_n_c(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                       const bgcn_limb_t *mp, long n, bgcn_limb_t minv)
{
    BGCN_ASSERT(n >= 1 && (mp[0] & 1) && mp[n - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n, mp, n));
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
#define FX_SQR(N) ((N) <= 4 ? fx_cios(rp, ap, ap, mp, minv, N) : fx_sqr(rp, ap, mp, minv, N))
    FX_CASES(FX_SQR)
    bgcn_limb_t t[2 * n];
    /* Off-diagonal triangle sum_{i<j} a_i a_j B^(i+j) into t[1 .. 2n-2]:
     * row i adds a[i+1..n) * a_i at limb 2i+1 and writes limb n+i fresh. */
    for (long j = 0; j <= n; j++)
        t[j] = 0;
    t[2 * n - 1] = 0;
    if (n == 16)
        mid_triangle_16(t, ap);
    else
        for (long i = 0; i + 1 < n; i++)
            t[n + i] = addmul_row(t + 2 * i + 1, ap + i + 1, n - i - 1, ap[i]);
    /* Double the triangle and add the diagonal squares in one pass. */
    bgcn_limb_t hi = 0, cy = 0;
    for (long k = 0; k < n; k++) {
        bgcn_limb_t x0 = t[2 * k], x1 = t[2 * k + 1];
        bgcn_limb_t d0 = (x0 << 1) | hi, d1 = (x1 << 1) | (x0 >> 63);
        hi = x1 >> 63;
        bgcn_dlimb_t sq = (bgcn_dlimb_t)ap[k] * ap[k];
        bgcn_dlimb_t lo = (bgcn_dlimb_t)d0 + (bgcn_limb_t)sq + cy;
        t[2 * k] = (bgcn_limb_t)lo;
        bgcn_dlimb_t h = (bgcn_dlimb_t)d1 + (bgcn_limb_t)(sq >> 64) +
                         (bgcn_limb_t)(lo >> 64);
        t[2 * k + 1] = (bgcn_limb_t)h;
        cy = (bgcn_limb_t)(h >> 64);
    }
    if (n == 16)
        mid_redc_16(rp, t, mp, minv);
    else
        redc_rows(rp, t, mp, n, minv);
}

/* ---- the portable twin of a residue form (bgcn_residue_ops) ----
 * Plain Montgomery residues, R = 2^(64n), kept fully reduced (below m,
 * so below the 2m the contract allows), products by the kernels above.
 * No path installs it: the tests do, to compare with a path's own form
 * and to run powm_form.c where the vector form cannot run (valgrind:
 * tests/mpn/ct-powm-sec).  Context: [0] n, [1] minv, then m (from limb
 * 8); elements padded to a multiple of 8 limbs (the padding stays 0). */
#define TWIN_M 8

static void twin_layout(long n, long *esz, long *ctxn, unsigned long *rbits)
{
    *esz = (n + 7) & ~7L;
    *ctxn = TWIN_M + n;
    *rbits = 64UL * (unsigned long)n;
}

static void twin_init(bgcn_limb_t *ctx, const bgcn_limb_t *mp, long n,
                      bgcn_limb_t minv)
{
    BGCN_ASSERT(n >= 1 && (mp[0] & 1) && mp[n - 1] != 0);
    ctx[0] = (bgcn_limb_t)n;
    ctx[1] = minv;
    for (long j = 2; j < TWIN_M; j++)
        ctx[j] = 0;
    for (long j = 0; j < n; j++)
        ctx[TWIN_M + j] = mp[j];
}

static void twin_to(const bgcn_limb_t *ctx, bgcn_limb_t *e,
                    const bgcn_limb_t *yp)
{
    long n = (long)ctx[0];
    final_sub(e, yp, 0, ctx + TWIN_M, n); /* y < 2m: one masked m */
    for (long j = n; j < ((n + 7) & ~7L); j++)
        e[j] = 0;
}

static void twin_from(const bgcn_limb_t *ctx, bgcn_limb_t *rp,
                      const bgcn_limb_t *e)
{
    long n = (long)ctx[0];
    final_sub(rp, e, 0, ctx + TWIN_M, n);
}

static void twin_mul(const bgcn_limb_t *ctx, bgcn_limb_t *r,
                     const bgcn_limb_t *a, const bgcn_limb_t *b)
{
    bgcn_mont_mul_n_c(r, a, b, ctx + TWIN_M, (long)ctx[0], ctx[1]);
}

static void twin_sqr(const bgcn_limb_t *ctx, bgcn_limb_t *r,
                     const bgcn_limb_t *a)
{
    bgcn_mont_sqr_n_c(r, a, ctx + TWIN_M, (long)ctx[0], ctx[1]);
}

const bgcn_residue_ops bgcn_residue_c = {
    .min_n = 1,
    .max_n = BGCN_MONT_SQR_KERNEL_MAX,
    .layout = twin_layout,
    .init = twin_init,
    .to = twin_to,
    .from = twin_from,
    .mul = twin_mul,
    .sqr = twin_sqr,
};
