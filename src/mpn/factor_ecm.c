/* factor_ecm.c -- Lenstra's elliptic curve method on Montgomery curves.
 * Contract in factor.h.
 *
 * Curves By^2 = x^3 + Ax^2 + x in x-only projective coordinates (X:Z),
 * everything in Montgomery form modulo N.  With a24 = (A+2)/4:
 *   doubling  X2 = (X+Z)^2 (X-Z)^2,  Z2 = 4XZ ((X-Z)^2 + a24 4XZ)
 *             (4XZ = (X+Z)^2 - (X-Z)^2): 2 squares, 3 products;
 *   addition  of P1, P2 with known P1 - P2 = (Xd:Zd):
 *             u = (X1-Z1)(X2+Z2), v = (X1+Z1)(X2-Z2),
 *             X3 = Zd (u+v)^2, Z3 = Xd (u-v)^2: 2 squares, 4 products
 *             (3 when Zd = 1, i.e. the difference is normalised).
 * Suyama's parametrisation from sigma: u = sigma^2 - 5, v = 4 sigma,
 * x0 = u^3 / v^3, a24 = (v-u)^3 (3u+v) / (16 u^3 v); the group order is
 * then divisible by 12.  One inversion gives both values.
 *
 * Stage 1: a Lucas chain (PRAC, below) for each odd prime power <= B1
 * and doublings for 2, all in projective (X:Z); one inversion at the end
 * (an inversion that fails is the factor: gcd of Z with N).  About 0.9
 * of the ladder's products (10 per bit).  Its slow twin, for the tests,
 * is the Montgomery ladder (one addition with the normalised base point
 * as difference and one doubling per bit) over each chunk of the stage-1
 * exponent (bgcn_fexp), normalised after each chunk.  Each chain is
 * written once per prime as a program (prac_ops), which one curve runs
 * (run_chain) or, where the kernel path has IFMA, eight curves at once
 * in vector lanes (batch_stage1, factor_ecm_ifma.c: ~8x less time per
 * curve's stage 1 at 6 limbs); the one-curve run is the batch's twin.
 * Such a batch also runs stage 2 in the lanes (batch_stage2: the same
 * steps, inversions lane by lane), and reports the first curve in order
 * that splits N, as the curve-by-curve loop would.
 * Stage 2: baby-step giant-step with D = 2310: the 240 jw x-coordinates
 * x_j of [j]Q, j < jw D/2 odd and prime to D (jw = ECM_JW = 3, so that
 * most primes share their pair with another: plan_init), normalised together
 * (Montgomery's simultaneous inversion), and the giant steps [kD]Q =
 * (X_k:Z_k) by additions.  A prime q = kD +- j in (B1, B2] divides the
 * order of Q mod p exactly when X_k - x_j Z_k = 0 mod p (x is the same
 * for a point and its negative).  The giant steps are normalised KB at a
 * time (Montgomery's simultaneous inversion: one inversion and three
 * products per step), so each (k, j) of the table costs
 * one product, acc *= x_k - x_j, and one gcd ends the stage.  The table of
 * which (k, j) are needed is built once for all curves. */
#include "factor-impl.h"
#include "aors-impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define D 2310
#define H (D / 2)
#ifndef ECM_JW
#define ECM_JW 3 /* baby steps j < ECM_JW D / 2: see plan_init */
#endif
#define KB 32  /* giant steps normalised together */

typedef struct {
    bgcn_fmod md;
    long n;
    bgcn_limb_t *a24;
    bgcn_limb_t *u, *v, *w; /* scratch of the curve operations */
} curve;

/* ---- + and - modulo N at a size known to the compiler ----
 * A curve operation is 5-6 products and 4-6 sums or differences; at ECM's
 * sizes the general bgcn_fm_add / bgcn_fm_sub (loops over a run-time
 * count, carries through __int128) cost a third of a 6-limb product
 * each, so they took a fifth of a curve's time.  Up to ECM_FIX limbs the
 * count is a constant in each case below and the carry chains are the
 * add-with-carry steps of aors-impl.h, unrolled; above, the general
 * functions, which are also the slow twin (tests/mpn/test-factor.c
 * compares the two, through bgcn_ecm_fm_addsub). */
#define ECM_FIX 8
/* fully unrolled, the chain stays in the carry flag (a loop re-creates
 * it with setc and a compare at each limb) */
#if defined(__GNUC__) && !defined(__clang__)
#define FIX_UNROLL _Pragma("GCC unroll 8")
#elif defined(__clang__)
#define FIX_UNROLL _Pragma("unroll")
#else
#define FIX_UNROLL
#endif

/* r = a + b mod m, a, b < m, nl limbs; r may equal a or b.  s = a + b,
 * then s - m, then m added back when a + b < m: three scalar chains (a
 * select between s and s - m is vectorised by the compiler through the
 * stack, and the vector load of two scalar stores stalls). */
static inline __attribute__((always_inline)) void
fix_add(bgcn_limb_t *r, const bgcn_limb_t *a, const bgcn_limb_t *b,
        const bgcn_limb_t *m, long nl)
{
    bgcn_limb_t t[ECM_FIX], c = 0, w = 0;
    FIX_UNROLL
    for (long j = 0; j < nl; j++)
        c = aors_step(c, a[j], b[j], &t[j], 0);
    FIX_UNROLL
    for (long j = 0; j < nl; j++)
        w = aors_step(w, t[j], m[j], &t[j], 1);
    /* a + b < m exactly when the sum did not carry and s - m borrowed */
    bgcn_limb_t mask = (bgcn_limb_t)0 - (bgcn_limb_t)((c ^ 1) & w);
    c = 0;
    FIX_UNROLL
    for (long j = 0; j < nl; j++)
        c = aors_step(c, t[j], m[j] & mask, &r[j], 0);
}

/* r = a - b mod m, a, b < m, nl limbs; r may equal a or b */
static inline __attribute__((always_inline)) void
fix_sub(bgcn_limb_t *r, const bgcn_limb_t *a, const bgcn_limb_t *b,
        const bgcn_limb_t *m, long nl)
{
    bgcn_limb_t s[ECM_FIX], w = 0, c = 0;
    FIX_UNROLL
    for (long j = 0; j < nl; j++)
        w = aors_step(w, a[j], b[j], &s[j], 1);
    bgcn_limb_t mask = (bgcn_limb_t)0 - w; /* add m back on a borrow */
    FIX_UNROLL
    for (long j = 0; j < nl; j++)
        c = aors_step(c, s[j], m[j] & mask, &r[j], 0);
    (void)c;
}

#define FIX_CASES(F)                                                          \
    F(1) F(2) F(3) F(4) F(5) F(6) F(7) F(8)

static inline void ec_add(bgcn_fmod *md, bgcn_limb_t *r, const bgcn_limb_t *a,
                          const bgcn_limb_t *b)
{
    const bgcn_limb_t *m = md->m.mp;
    switch (md->n) {
#define ADD_CASE(k)                                                           \
    case k:                                                                   \
        fix_add(r, a, b, m, k);                                               \
        return;
        FIX_CASES(ADD_CASE)
#undef ADD_CASE
    default:
        bgcn_fm_add(md, r, a, b);
    }
}

static inline void ec_sub(bgcn_fmod *md, bgcn_limb_t *r, const bgcn_limb_t *a,
                          const bgcn_limb_t *b)
{
    const bgcn_limb_t *m = md->m.mp;
    switch (md->n) {
#define SUB_CASE(k)                                                           \
    case k:                                                                   \
        fix_sub(r, a, b, m, k);                                               \
        return;
        FIX_CASES(SUB_CASE)
#undef SUB_CASE
    default:
        bgcn_fm_sub(md, r, a, b);
    }
}

/* + and - inside the curve operations: nl is a constant (1 .. ECM_FIX,
 * or 0 for the general functions) in each instance below */
static inline __attribute__((always_inline)) void
cv_add(bgcn_fmod *md, bgcn_limb_t *r, const bgcn_limb_t *a,
       const bgcn_limb_t *b, long nl)
{
    if (nl > 0)
        fix_add(r, a, b, md->m.mp, nl);
    else
        bgcn_fm_add(md, r, a, b);
}

static inline __attribute__((always_inline)) void
cv_sub(bgcn_fmod *md, bgcn_limb_t *r, const bgcn_limb_t *a,
       const bgcn_limb_t *b, long nl)
{
    if (nl > 0)
        fix_sub(r, a, b, md->m.mp, nl);
    else
        bgcn_fm_sub(md, r, a, b);
}

/* r = a, nl limbs (a constant in each instance; 0: e->n by bgcn_copyi) */
static inline __attribute__((always_inline)) void
cv_copy(bgcn_limb_t *r, const bgcn_limb_t *a, long n, long nl)
{
    if (nl > 0) {
        FIX_UNROLL
        for (long j = 0; j < nl; j++)
            r[j] = a[j];
    } else {
        bgcn_copyi(r, a, n);
    }
}

static inline __attribute__((always_inline)) void
xdbl_body(curve *e, bgcn_limb_t *X2, bgcn_limb_t *Z2, const bgcn_limb_t *X,
          const bgcn_limb_t *Z, long nl)
{
    bgcn_fmod *m = &e->md;
    cv_add(m, e->u, X, Z, nl);
    cv_sub(m, e->v, X, Z, nl);
    bgcn_fm_sqr(m, e->u, e->u);
    bgcn_fm_sqr(m, e->v, e->v);
    cv_sub(m, e->w, e->u, e->v, nl); /* 4XZ */
    bgcn_fm_mul(m, X2, e->u, e->v);
    bgcn_fm_mul(m, e->u, e->a24, e->w);
    cv_add(m, e->u, e->u, e->v, nl);
    bgcn_fm_mul(m, Z2, e->w, e->u);
}

static inline __attribute__((always_inline)) void
xadd_body(curve *e, bgcn_limb_t *X3, bgcn_limb_t *Z3, const bgcn_limb_t *X1,
          const bgcn_limb_t *Z1, const bgcn_limb_t *X2, const bgcn_limb_t *Z2,
          const bgcn_limb_t *Xd, const bgcn_limb_t *Zd, long nl)
{
    bgcn_fmod *m = &e->md;
    cv_sub(m, e->u, X1, Z1, nl);
    cv_add(m, e->w, X2, Z2, nl);
    bgcn_fm_mul(m, e->u, e->u, e->w);
    cv_add(m, e->v, X1, Z1, nl);
    cv_sub(m, e->w, X2, Z2, nl);
    bgcn_fm_mul(m, e->v, e->v, e->w);
    cv_add(m, e->w, e->u, e->v, nl);
    cv_sub(m, e->v, e->u, e->v, nl);
    bgcn_fm_sqr(m, e->w, e->w);
    bgcn_fm_sqr(m, e->v, e->v);
    bgcn_fm_mul(m, e->v, e->v, Xd); /* before X3 may overwrite Xd */
    if (Zd)
        bgcn_fm_mul(m, X3, e->w, Zd);
    else
        cv_copy(X3, e->w, e->n, nl);
    cv_copy(Z3, e->v, e->n, nl);
}

/* (X2:Z2) = [2](X:Z); outputs may equal inputs */
static void xdbl(curve *e, bgcn_limb_t *X2, bgcn_limb_t *Z2,
                 const bgcn_limb_t *X, const bgcn_limb_t *Z)
{
    switch (e->n) {
#define DBL_CASE(k)                                                           \
    case k:                                                                   \
        xdbl_body(e, X2, Z2, X, Z, k);                                        \
        return;
        FIX_CASES(DBL_CASE)
#undef DBL_CASE
    default:
        xdbl_body(e, X2, Z2, X, Z, 0);
    }
}

/* (X3:Z3) = P1 + P2 given P1 - P2 = (Xd:Zd); Zd == NULL means Zd = 1.
 * Outputs may equal any input. */
static void xadd(curve *e, bgcn_limb_t *X3, bgcn_limb_t *Z3,
                 const bgcn_limb_t *X1, const bgcn_limb_t *Z1,
                 const bgcn_limb_t *X2, const bgcn_limb_t *Z2,
                 const bgcn_limb_t *Xd, const bgcn_limb_t *Zd)
{
    switch (e->n) {
#define ADD_CASE(k)                                                           \
    case k:                                                                   \
        xadd_body(e, X3, Z3, X1, Z1, X2, Z2, Xd, Zd, k);                      \
        return;
        FIX_CASES(ADD_CASE)
#undef ADD_CASE
    default:
        xadd_body(e, X3, Z3, X1, Z1, X2, Z2, Xd, Zd, 0);
    }
}

/* R0 = [k]P, R1 = [k+1]P for P = (x:1), k = {kp,kn} >= 1 normalised */
static void ladder(curve *e, bgcn_limb_t *X0, bgcn_limb_t *Z0,
                   bgcn_limb_t *X1, bgcn_limb_t *Z1, const bgcn_limb_t *x,
                   const bgcn_limb_t *kp, long kn)
{
    long n = e->n;
    bgcn_copyi(X0, x, n);
    bgcn_copyi(Z0, e->md.m.one, n);
    xdbl(e, X1, Z1, X0, Z0);
    int top = 63 - __builtin_clzll(kp[kn - 1]);
    for (long li = kn - 1; li >= 0; li--)
        for (int bit = li == kn - 1 ? top - 1 : 63; bit >= 0; bit--) {
            if ((kp[li] >> bit) & 1) {
                xadd(e, X0, Z0, X1, Z1, X0, Z0, x, NULL);
                xdbl(e, X1, Z1, X1, Z1);
            } else {
                xadd(e, X1, Z1, X1, Z1, X0, Z0, x, NULL);
                xdbl(e, X0, Z0, X0, Z0);
            }
        }
}

/* ---- stage 1 by Lucas chains (PRAC) ----
 * For an odd prime k, [k]P from P by differential additions only: keep
 * points A, B, C = A - B and integers d >= e with [k]P = d A + e B; each
 * rule below lowers d (or e) and rewrites A, B, C so that this still
 * holds, using only sums whose difference is known; at d = e = 1 the
 * answer is A + B.  Start: r = round(k v), d = k - r, e = 2r - k, A = 2P,
 * B = C = P.  The rules (d >= e, first that applies):
 *   1  4d <= 5e, d = -e mod 3: (d, e) = ((2d-e)/3, (2e-d)/3);
 *      T = A+B [C], T2 = T+A [B], B = B+T [A], A = T2
 *   2  4d <= 5e, d = e mod 6: d = (d-e)/2; B = A+B [C], A = 2A
 *   3  d <= 4e: d = d-e; (A, A+B [C], B) become (A, B, C)
 *   4  d = e mod 2: d = (d-e)/2; B = B+A [C], A = 2A
 *   5  d even: d = d/2; C = C+A [B], A = 2A
 *   6  d = 0 mod 3: d = d/3 - e; T = 2A, T2 = A+B [C], A = T+A [A],
 *      T = T+T2 [C]; (T, B) become (B, C)
 *   7  d = -e mod 3: d = (d-2e)/3; T = A+B [C], B = T+A [B], A = 3A
 *   8  d = e mod 3: d = (d-e)/3; T = A+B [C], C = C+A [B], B = T, A = 3A
 *   9  (e even): e = e/2; C = C+B [A], B = 2B
 * ([D] is the known difference; 3A = A + 2A [A].)  An addition costs 6
 * products, a doubling 5; the ladder costs 10 per bit.  The chain depends
 * on v only through the integers, so its cost is counted without points
 * and the cheapest of a few v near 1/phi is kept per prime (found once
 * per run): over the primes below 12000 that is 0.895 of the ladder's
 * products (golden ratio alone 0.921; the four extra ratios were chosen
 * greedily on that range). */
static const double prac_v[] = {0.6180339887498949, 0.6125, 0.633, 0.5525,
                                0.581};
#define NPRAC ((int)(sizeof prac_v / sizeof prac_v[0]))

/* r = round(k v); 0 when the start is degenerate */
static uint64_t prac_r(uint64_t k, double v)
{
    uint64_t r = (uint64_t)((double)k * v + 0.5);
    return r > k / 2 && r < k ? r : 0;
}

/* products of the chain for k with ratio v (UINT64_MAX: unusable) */
static uint64_t prac_cost(uint64_t k, double v)
{
    uint64_t r = prac_r(k, v);
    if (!r)
        return UINT64_MAX;
    uint64_t d = k - r, e = 2 * r - k, adds = 1, dbls = 1;
    while (d != e) {
        if (d < e) {
            uint64_t t = d;
            d = e;
            e = t;
        }
        if (4 * d <= 5 * e && (d + e) % 3 == 0) {
            uint64_t d2 = (2 * d - e) / 3;
            e = (2 * e - d) / 3;
            d = d2;
            adds += 3;
        } else if (4 * d <= 5 * e && (d - e) % 6 == 0) {
            d = (d - e) / 2, adds++, dbls++;
        } else if (d <= 4 * e) {
            d -= e, adds++;
        } else if ((d + e) % 2 == 0) {
            d = (d - e) / 2, adds++, dbls++;
        } else if (d % 2 == 0) {
            d /= 2, adds++, dbls++;
        } else if (d % 3 == 0) {
            d = d / 3 - e, adds += 3, dbls++;
        } else if ((d + e) % 3 == 0) {
            d = (d - 2 * e) / 3, adds += 3, dbls++;
        } else if ((d - e) % 3 == 0) {
            d = (d - e) / 3, adds += 3, dbls++;
        } else {
            e /= 2, adds++, dbls++;
        }
        if (e == 0 || adds > 4 * 64)
            return UINT64_MAX;
    }
    return d == 1 ? 6 * adds + 5 * dbls : UINT64_MAX;
}

/* index into prac_v of the cheapest chain for k */
static unsigned char prac_best(uint64_t k)
{
    unsigned char best = NPRAC;
    uint64_t bc = UINT64_MAX;
    for (int i = 0; i < NPRAC; i++) {
        uint64_t c = prac_cost(k, prac_v[i]);
        if (c < bc) {
            bc = c;
            best = (unsigned char)i;
        }
    }
    return best;
}

/* The chain as a program (bgcn_chop, factor-impl.h) over six slots: 0 is
 * the point (input and output), A B C T T2 start in slots 1..5, and a
 * rule's renaming of points (the swaps) renames slots, so it costs
 * nothing when the program runs.  The same program runs on one curve
 * (run_chain) or on eight (bgcn_ecm8_chain).  At most 4 operations per
 * rule and 4 * 64 additions (prac_cost's bound): CHOP_MAX. */
#define CHOP_MAX 1100

static int chop_put(bgcn_chop *o, int i, int t, int r, int p, int q, int d)
{
    BGCN_ASSERT(i < CHOP_MAX);
    o[i].t = (unsigned char)t;
    o[i].r = (unsigned char)r;
    o[i].p = (unsigned char)p;
    o[i].q = (unsigned char)q;
    o[i].d = (unsigned char)d;
    return i + 1;
}

static void slot_swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

/* The program for [k]P, k an odd prime >= 3 with prac_cost(k, v) finite;
 * returns its length. */
static int prac_ops(bgcn_chop *o, uint64_t k, double v)
{
    int A = 1, B = 2, C = 3, T = 4, T2 = 5, i = 0;
    uint64_t r = prac_r(k, v), d = k - r, f = 2 * r - k;
#define ADD(R, P, Q, Dif) (i = chop_put(o, i, BGCN_CHOP_ADD, R, P, Q, Dif))
#define DBL(R, P) (i = chop_put(o, i, BGCN_CHOP_DBL, R, P, 0, 0))
    i = chop_put(o, i, BGCN_CHOP_COPY, B, 0, 0, 0);
    i = chop_put(o, i, BGCN_CHOP_COPY, C, 0, 0, 0);
    DBL(A, 0);
    while (d != f) {
        if (d < f) {
            uint64_t t = d;
            d = f;
            f = t;
            slot_swap(&A, &B);
        }
        if (4 * d <= 5 * f && (d + f) % 3 == 0) {
            uint64_t d2 = (2 * d - f) / 3;
            f = (2 * f - d) / 3;
            d = d2;
            ADD(T, A, B, C);
            ADD(T2, T, A, B);
            ADD(B, B, T, A);
            slot_swap(&A, &T2);
        } else if (4 * d <= 5 * f && (d - f) % 6 == 0) {
            d = (d - f) / 2;
            ADD(B, A, B, C);
            DBL(A, A);
        } else if (d <= 4 * f) {
            d -= f;
            ADD(T, B, A, C);
            slot_swap(&B, &T); /* B = A + B, T = old B */
            slot_swap(&C, &T); /* C = old B */
        } else if ((d + f) % 2 == 0) {
            d = (d - f) / 2;
            ADD(B, B, A, C);
            DBL(A, A);
        } else if (d % 2 == 0) {
            d /= 2;
            ADD(C, C, A, B);
            DBL(A, A);
        } else if (d % 3 == 0) {
            d = d / 3 - f;
            DBL(T, A);
            ADD(T2, A, B, C);
            ADD(A, T, A, A);
            ADD(T, T, T2, C);
            slot_swap(&C, &B); /* C = old B */
            slot_swap(&B, &T); /* B = T */
        } else if ((d + f) % 3 == 0) {
            d = (d - 2 * f) / 3;
            ADD(T, A, B, C);
            ADD(B, T, A, B);
            DBL(T, A);
            ADD(A, A, T, A);
        } else if ((d - f) % 3 == 0) {
            d = (d - f) / 3;
            ADD(T, A, B, C);
            ADD(C, C, A, B);
            slot_swap(&B, &T);
            DBL(T, A);
            ADD(A, A, T, A);
        } else {
            f /= 2;
            ADD(C, C, B, A);
            DBL(B, B);
        }
    }
    ADD(0, A, B, C);
#undef ADD
#undef DBL
    return i;
}

/* The program for [k]P, k >= 2, by the ladder with the unnormalised point
 * as difference (for a prime without a usable chain; none is known below
 * 3*10^8, so this is a safety net): slots 1, 2 hold [m]P, [m+1]P. */
static int ladder_ops(bgcn_chop *o, uint64_t k)
{
    int i = chop_put(o, 0, BGCN_CHOP_COPY, 1, 0, 0, 0);
    i = chop_put(o, i, BGCN_CHOP_DBL, 2, 0, 0, 0);
    for (int bit = 62 - __builtin_clzll(k); bit >= 0; bit--)
        if ((k >> bit) & 1) {
            i = chop_put(o, i, BGCN_CHOP_ADD, 1, 2, 1, 0);
            i = chop_put(o, i, BGCN_CHOP_DBL, 2, 2, 0, 0);
        } else {
            i = chop_put(o, i, BGCN_CHOP_ADD, 2, 2, 1, 0);
            i = chop_put(o, i, BGCN_CHOP_DBL, 1, 1, 0, 0);
        }
    return chop_put(o, i, BGCN_CHOP_COPY, 0, 1, 0, 0);
}

/* One curve runs a program: slot s is (sx[s], sz[s]) */
typedef struct {
    curve *e;
    bgcn_limb_t *sx[6], *sz[6];
} chain1;

static void run_chain(void *arg, const bgcn_chop *o, int cnt)
{
    chain1 *c = arg;
    for (int i = 0; i < cnt; i++) {
        const bgcn_chop *op = &o[i];
        bgcn_limb_t **x = c->sx, **z = c->sz;
        switch (op->t) {
        case BGCN_CHOP_ADD:
            xadd(c->e, x[op->r], z[op->r], x[op->p], z[op->p], x[op->q],
                 z[op->q], x[op->d], z[op->d]);
            break;
        case BGCN_CHOP_DBL:
            xdbl(c->e, x[op->r], z[op->r], x[op->p], z[op->p]);
            break;
        default:
            bgcn_copyi(x[op->r], x[op->p], c->e->n);
            bgcn_copyi(z[op->r], z[op->p], c->e->n);
        }
    }
}

/* Eight curves run it (bgcn_ecm8_chain) */
typedef struct {
    const bgcn_ecm8 *v;
    uint64_t *slot[6];
} chain8;

static void run_chain8(void *arg, const bgcn_chop *o, int cnt)
{
    chain8 *c = arg;
    bgcn_ecm8_chain(c->v, c->slot, o, cnt);
}

/* The odd primes <= B1, in order, as halved gaps (gap[i] = (p_i -
 * p_{i-1}) / 2 with p_{-1} = 1: prime gaps below 2^64 are under 1600), and
 * the chain ratio of each (index into prac_v; NPRAC: no usable chain).
 * Found once per run: the prime iterator cost 2-3% of every curve. */
typedef struct {
    uint64_t B1;
    unsigned char *vi;
    uint16_t *gap;
    long cnt;
} s1plan;

static bgcn_status s1plan_init(s1plan *s, uint64_t B1)
{
    s->B1 = B1;
    s->cnt = 0;
    /* pi(x) < 1.26 x / ln x; x / 4 + 16 is a crude bound that is enough */
    size_t cap = (size_t)(B1 < 100 ? 32 : B1 / 4 + 16);
    s->vi = malloc(cap);
    s->gap = malloc(cap * sizeof *s->gap);
    if (!s->vi || !s->gap) {
        free(s->vi);
        free(s->gap);
        s->vi = NULL;
        s->gap = NULL;
        return BGCN_ENOMEM;
    }
    bgcn_fpit it;
    bgcn_status st = bgcn_fpit_init(&it, 3, B1);
    if (st != BGCN_OK) {
        free(s->vi);
        free(s->gap);
        s->vi = NULL;
        s->gap = NULL;
        return st;
    }
    uint64_t prev = 1;
    for (uint64_t q; (q = bgcn_fpit_next(&it)) != 0;) {
        BGCN_ASSERT((size_t)s->cnt < cap && (q - prev) / 2 <= 0xffff);
        s->gap[s->cnt] = (uint16_t)((q - prev) / 2);
        s->vi[s->cnt++] = prac_best(q);
        prev = q;
    }
    bgcn_fpit_clear(&it);
    return BGCN_OK;
}

/* [E] of slot 0, E the product of the largest powers <= B1 of the primes
 * <= B1: doublings for 2, one chain per odd prime power, each chain run
 * by run (run_chain: one curve; run_chain8: eight). */
static bgcn_status stage1_chains(const s1plan *s,
                                 void (*run)(void *, const bgcn_chop *, int),
                                 void *arg)
{
    bgcn_chop o[CHOP_MAX];
    int cnt = 0;
    for (uint64_t q = 2; q <= s->B1; q *= 2)
        cnt = chop_put(o, cnt, BGCN_CHOP_DBL, 0, 0, 0, 0);
    run(arg, o, cnt);
    uint64_t p = 1;
    for (long i = 0; i < s->cnt; i++) {
        p += 2 * (uint64_t)s->gap[i];
        unsigned vi = s->vi[i];
        cnt = vi < NPRAC ? prac_ops(o, p, prac_v[vi]) : ladder_ops(o, p);
        for (uint64_t q = p;; q *= p) {
            run(arg, o, cnt);
            if (q > s->B1 / p)
                break;
        }
        if ((i & 1023) == 0 && bgcn_interrupt_flag)
            return BGCN_EINTR;
    }
    return BGCN_OK;
}

/* (X:Z) = [E](X:Z) on one curve; w: 10 n limbs of scratch */
static bgcn_status stage1_prac(curve *e, const s1plan *s, bgcn_limb_t *X,
                               bgcn_limb_t *Z, bgcn_limb_t *w)
{
    chain1 c;
    c.e = e;
    c.sx[0] = X;
    c.sz[0] = Z;
    for (int i = 1; i < 6; i++) {
        c.sx[i] = w + (long)(2 * i - 2) * e->n;
        c.sz[i] = w + (long)(2 * i - 1) * e->n;
    }
    return stage1_chains(s, run_chain, &c);
}

/* The (k, j) pairs stage 2 multiplies, chosen once for all curves: bit i
 * of mask[(k - k0) * mw + i / 64] for j = js[i].  Baby steps j run over
 * the odd j < jw H prime to D (nj = 240 jw of them), so a prime q is
 * kD - j or kD + j for up to jw values of k, and a pair (k, j) covers two
 * primes when kD - j and kD + j both are.  The primes are taken in
 * increasing order; a prime not yet covered is paired with the smallest
 * prime r = 2kD - q in (q, B2] not yet covered (kD - q < jw H), else it
 * goes alone to its nearest giant step (k = round(q / D), j < H).  Products
 * per prime in (5e4, 5e6]: 0.833 with jw = 1 (each prime has one possible
 * partner), 0.747 with 2, 0.696 with 3, 0.661 with 4.  jw falls to 1 when
 * the table would pass 64 MB (96 bytes per giant step with jw = 3: B2
 * above ~1.6e9; 46 MB at the 45-digit level's B2 = 1.1e9). */
#define JWMAX 4
#define NJMAX (240 * JWMAX)
#define WINB 8192 /* window of odd numbers: more than JWMAX H + 1 */

typedef struct {
    uint64_t B1, B2;
    uint64_t k0, k1;
    int jw, nj, mw;
    long pairs; /* bits set: one product each */
    uint64_t *mask;
    unsigned js[NJMAX];
} s2plan;

static void plan_set(s2plan *pl, const int *jidx, uint64_t k, uint64_t j)
{
    int i = jidx[j];
    BGCN_ASSERT(i >= 0 && k >= pl->k0 && k <= pl->k1 && j < k * D);
    uint64_t *w = pl->mask + (size_t)(k - pl->k0) * (size_t)pl->mw + i / 64;
    BGCN_ASSERT(!(*w & ((uint64_t)1 << (i % 64))));
    *w |= (uint64_t)1 << (i % 64);
    pl->pairs++;
}

static bgcn_status plan_init(s2plan *pl, uint64_t B1, uint64_t B2, int jw)
{
    pl->B1 = B1;
    pl->B2 = B2;
    pl->k0 = (B1 + 1 + H) / D;
    if (pl->k0 < 1)
        pl->k0 = 1;
    pl->k1 = (B2 + H) / D;
    pl->mask = NULL;
    pl->pairs = 0;
    if (pl->k1 < pl->k0)
        jw = 1;
    size_t cnt_k = pl->k1 >= pl->k0 ? (size_t)(pl->k1 - pl->k0 + 1) : 0;
    if (cnt_k > ((size_t)64 << 20) / (8 * (size_t)((240 * jw + 63) / 64)))
        jw = 1;
    BGCN_ASSERT(jw >= 1 && jw <= JWMAX);
    int jidx[JWMAX * H];
    int cnt = 0;
    for (unsigned j = 0; j < (unsigned)jw * H; j++) {
        jidx[j] = -1;
        if ((j & 1) && j % 3 && j % 5 && j % 7 && j % 11) {
            jidx[j] = cnt;
            pl->js[cnt++] = j;
        }
    }
    BGCN_ASSERT(cnt == 240 * jw);
    pl->jw = jw;
    pl->nj = cnt;
    pl->mw = (cnt + 63) / 64;
    if (!cnt_k)
        return BGCN_OK;
    pl->mask = calloc(cnt_k * (size_t)pl->mw, sizeof *pl->mask);
    if (!pl->mask)
        return BGCN_ENOMEM;
    uint64_t lo = pl->k0 * D - H, jmax = (uint64_t)jw * H;
    if (lo <= B1)
        lo = B1 + 1;
    /* win: the primes in [q, q + 2 jmax] not yet covered, one bit per odd
     * number (slot (v / 2) mod WINB), filled by a second iterator ahead */
    uint64_t win[WINB / 64];
    memset(win, 0, sizeof win);
#define WIN_BIT(v) (win[((v) >> 1) % WINB / 64] >> (((v) >> 1) % 64) & 1)
#define WIN_FLIP(v) (win[((v) >> 1) % WINB / 64] ^= (uint64_t)1 << (((v) >> 1) % 64))
    bgcn_fpit it, ahead;
    bgcn_status st = bgcn_fpit_init(&it, lo, B2);
    if (st != BGCN_OK)
        goto fail;
    if ((st = bgcn_fpit_init(&ahead, lo, B2)) != BGCN_OK) {
        bgcn_fpit_clear(&it);
        goto fail;
    }
    uint64_t a = bgcn_fpit_next(&ahead);
    for (uint64_t q; (q = bgcn_fpit_next(&it)) != 0;) {
        for (; a && a <= q + 2 * jmax; a = bgcn_fpit_next(&ahead))
            WIN_FLIP(a);
        if (!WIN_BIT(q))
            continue; /* covered with a smaller prime */
        WIN_FLIP(q);
        if (q <= 11) /* divides D: a multiple of q's order is [D]Q */
            continue;
        uint64_t k = q / D + 1;
        for (; k * D - q < jmax; k++) {
            uint64_t r = 2 * k * D - q;
            if (r > B2)
                break;
            if (WIN_BIT(r)) {
                WIN_FLIP(r);
                break;
            }
        }
        if (k * D - q < jmax && 2 * k * D - q <= B2) {
            plan_set(pl, jidx, k, k * D - q);
        } else {
            k = (q + H) / D;
            plan_set(pl, jidx, k, q > k * D ? q - k * D : k * D - q);
        }
    }
#undef WIN_BIT
#undef WIN_FLIP
    bgcn_fpit_clear(&ahead);
    bgcn_fpit_clear(&it);
    return BGCN_OK;
fail:
    free(pl->mask);
    pl->mask = NULL;
    return st;
}

/* Stage 2's slow twin (tests only): the same test of the same point Q,
 * written from the definition instead of the batching and normalisation.
 * For every pair (k, j) of the table the fast stage multiplies x_k - x_j,
 * which vanishes mod p exactly when [kD - j]Q or [kD + j]Q is the
 * identity mod p; here both multiples come from their own ladder and
 * their Z enter the product.  The fast stage also stops when a
 * normalisation meets the identity: [D]Q, [k]([D]Q) for k0 <= k <= k1,
 * [j]Q for every odd j of the baby-step chain; their Z enter the product
 * too.  So for N = p *
 * (a large prime) both find p on the same curves.  That the table covers
 * every prime in (B1, B2] is bgcn_ecm_plan_check's test.  *acc = the
 * product (Montgomery form). */
static bgcn_status stage2_twin(curve *e, bgcn_limb_t *acc,
                               const bgcn_limb_t *x, const s2plan *pl,
                               bgcn_limb_t *w)
{
    long n = e->n;
    bgcn_fmod *m = &e->md;
    bgcn_limb_t *X0 = w, *Z0 = w + n, *X1 = w + 2 * n, *Z1 = w + 3 * n;
    bgcn_copyi(acc, m->m.one, n);
#define TWIN_MUL(mult)                                                        \
    do {                                                                      \
        bgcn_limb_t k_ = (mult);                                              \
        ladder(e, X0, Z0, X1, Z1, x, &k_, 1);                                 \
        bgcn_fm_mul(m, acc, acc, Z0);                                         \
    } while (0)
    TWIN_MUL(D);
    for (uint64_t k = pl->k0; k <= pl->k1; k++)
        TWIN_MUL(k * D);
    for (unsigned j = 1; j < (unsigned)pl->jw * H; j += 2)
        TWIN_MUL(j); /* every odd j: the fast stage's chain passes them all */
    for (uint64_t k = pl->k0; k <= pl->k1; k++) {
        const uint64_t *mk = pl->mask + (size_t)(k - pl->k0) * (size_t)pl->mw;
        for (int i = 0; i < pl->nj; i++)
            if (mk[i / 64] >> (i % 64) & 1) {
                uint64_t j = pl->js[i];
                TWIN_MUL(k * D - j);
                TWIN_MUL(k * D + j);
            }
        if (bgcn_interrupt_flag)
            return BGCN_EINTR;
    }
#undef TWIN_MUL
    return m->st;
}

/* Suyama's curve from sigma: e->a24 and {x, n}, both in Montgomery
 * form.  *ok = 0 when the inversion failed ({g, *gn}: the gcd, maybe a
 * factor).  t: 4 n limbs, X0 .. Z1: n each, of scratch. */
static bgcn_status suyama(curve *e, bgcn_limb_t *x, int *ok, bgcn_limb_t *g,
                          long *gn, uint64_t sigma, bgcn_limb_t *t,
                          bgcn_limb_t *X0, bgcn_limb_t *Z0, bgcn_limb_t *X1,
                          bgcn_limb_t *Z1)
{
    long n = e->n;
    bgcn_fmod *m = &e->md;
    bgcn_status st;
    bgcn_limb_t *t1 = t, *t2 = t + n, *t3 = t + 2 * n, *t4 = t + 3 * n;
    bgcn_limb_t sl = sigma, five = 5;
    *ok = 0;
    if ((st = bgcn_mont_to(&m->m, t1, &sl, 1)) != BGCN_OK ||
        (st = bgcn_mont_to(&m->m, t2, &five, 1)) != BGCN_OK)
        return st;
    bgcn_limb_t *uu = X0, *vv = Z0;
    bgcn_fm_sqr(m, uu, t1);
    ec_sub(m, uu, uu, t2);       /* u = sigma^2 - 5 */
    ec_add(m, vv, t1, t1);
    ec_add(m, vv, vv, vv);       /* v = 4 sigma */
    bgcn_fm_sqr(m, t1, uu);
    bgcn_fm_mul(m, t1, t1, uu);       /* u^3 */
    bgcn_fm_sqr(m, t2, vv);
    bgcn_fm_mul(m, t2, t2, vv);       /* v^3 */
    ec_sub(m, t3, vv, uu);
    bgcn_fm_sqr(m, t4, t3);
    bgcn_fm_mul(m, t3, t3, t4);       /* (v-u)^3 */
    ec_add(m, t4, uu, uu);
    ec_add(m, t4, t4, uu);
    ec_add(m, t4, t4, vv);       /* 3u + v */
    bgcn_fm_mul(m, t3, t3, t4);       /* numerator of a24 */
    bgcn_fm_mul(m, t4, t1, vv);       /* u^3 v */
    for (int i = 0; i < 4; i++)
        ec_add(m, t4, t4, t4);   /* 16 u^3 v */
    bgcn_fm_mul(m, X1, t4, t2);       /* d = 16 u^3 v^4 */
    if ((st = m->st) != BGCN_OK ||
        (st = bgcn_fm_inv(m, Z1, ok, g, gn, X1)) != BGCN_OK || !*ok)
        return st;
    bgcn_fm_mul(m, t3, t3, t2);
    bgcn_fm_mul(m, e->a24, t3, Z1);   /* a24 */
    bgcn_fm_mul(m, t4, t4, t1);
    bgcn_fm_mul(m, x, t4, Z1);        /* x0 = u^3 / v^3 */
    return m->st;
}

/* Outcome of one curve: 1 found (fp), 0 nothing.  xz1 (may be NULL): the
 * curve's stage 1 done elsewhere (the eight-curve batch), (X:Z) = {xz1,
 * 2n} in Montgomery form, and e->a24 already set. */
static bgcn_status one_curve(int *found, bgcn_limb_t *fp, long *fn,
                             curve *e, const bgcn_fexp *ex,
                             const s1plan *s1, const s2plan *pl,
                             uint64_t sigma, bgcn_limb_t *blk, int twin,
                             bgcn_limb_t *x1, const bgcn_limb_t *xz1)
{
    long n = e->n;
    bgcn_fmod *m = &e->md;
    bgcn_status st = BGCN_OK;
    int ok = 0;
    *found = 0;
    /* working storage carved from blk (the caller sized it) */
    bgcn_limb_t *x = blk, *X0 = x + n, *Z0 = X0 + n, *X1 = Z0 + n,
                *Z1 = X1 + n, *t1 = Z1 + n, *t2 = t1 + n, *t3 = t2 + n,
                *t4 = t3 + n, *g = t4 + n, *acc = g + n, *xg = acc + n,
                *bx = xg + n,               /* nj normalised x_j */
        *bX = bx + (long)NJMAX * n,         /* nj projective X_j */
        *bZ = bX + (long)NJMAX * n;         /* nj projective Z_j, then prefix */
    long gn = 0;
    if (xz1) {
        if ((st = bgcn_fm_inv(m, t1, &ok, g, &gn, xz1 + n)) != BGCN_OK)
            return st;
        if (!ok)
            goto no_inverse;
        bgcn_fm_mul(m, x, xz1, t1);
        goto stage1_done;
    }
    /* ---- Suyama ---- */
    if ((st = suyama(e, x, &ok, g, &gn, sigma, t1, X0, Z0, X1, Z1)) !=
        BGCN_OK)
        return st;
    if (!ok)
        goto no_inverse;
    /* ---- stage 1: Lucas chains, or (twin & 2, the slow twin) the
     * ladder over chunks of the exponent, normalised after each ---- */
    if (twin & 2) {
        for (long i = 0; i < ex->nchunks; i++) {
            ladder(e, X0, Z0, X1, Z1, x, ex->limbs + ex->off[i],
                   ex->off[i + 1] - ex->off[i]);
            if ((st = m->st) != BGCN_OK ||
                (st = bgcn_fm_inv(m, t1, &ok, g, &gn, Z0)) != BGCN_OK)
                return st;
            if (!ok)
                goto no_inverse;
            bgcn_fm_mul(m, x, X0, t1);
            if (bgcn_interrupt_flag)
                return BGCN_EINTR;
        }
    } else {
        bgcn_copyi(X0, x, n);
        bgcn_copyi(Z0, m->m.one, n);
        if ((st = stage1_prac(e, s1, X0, Z0, bX)) != BGCN_OK ||
            (st = m->st) != BGCN_OK ||
            (st = bgcn_fm_inv(m, t1, &ok, g, &gn, Z0)) != BGCN_OK)
            return st;
        if (!ok)
            goto no_inverse;
        bgcn_fm_mul(m, x, X0, t1);
    }
stage1_done:
    if (x1) { /* the test of stage 1 wants the point */
        bgcn_copyi(x1, x, n);
        return BGCN_OK;
    }
    if (!pl->mask)
        return BGCN_OK;
    if (twin & 1) {
        if ((st = stage2_twin(e, acc, x, pl, X0)) !=
                BGCN_OK ||
            (st = bgcn_fm_gcd(m, g, &gn, acc)) != BGCN_OK)
            return st;
        goto no_inverse;
    }
    /* ---- stage 2: baby steps [j]Q, j odd < jw H ---- */
    /* (X0:Z0) = [j-2]Q, (X1:Z1) = [j]Q, (t1:t2) = [2]Q */
    bgcn_copyi(X1, x, n);
    bgcn_copyi(Z1, m->m.one, n);
    xdbl(e, t1, t2, X1, Z1);
    int cnt = 0;
    int nj = pl->nj;
    /* acc = the Z of the odd j that are not baby steps (not prime to D).
     * The chain below adds [2]Q with difference [j-2]Q; if some odd j is a
     * multiple of the order of Q mod p ([j]Q the identity mod p: a power
     * of a small prime that stage 1 did not exhaust), the steps after it
     * are wrong mod p (a difference at infinity gives x = 0, eight steps
     * later Z = 0), so its Z joins the normalisation below, which then
     * finds p; the slow twin tests every odd j for the same reason. */
    bgcn_copyi(acc, m->m.one, n);
    for (unsigned j = 1; j < (unsigned)pl->jw * H; j += 2) {
        if (j == 3) {
            xadd(e, t3, t4, t1, t2, X1, Z1, x, NULL); /* 2Q + Q, diff Q */
            bgcn_copyi(X0, X1, n);
            bgcn_copyi(Z0, Z1, n);
            bgcn_copyi(X1, t3, n);
            bgcn_copyi(Z1, t4, n);
        } else if (j > 3) {
            xadd(e, t3, t4, X1, Z1, t1, t2, X0, Z0);
            bgcn_copyi(X0, X1, n);
            bgcn_copyi(Z0, Z1, n);
            bgcn_copyi(X1, t3, n);
            bgcn_copyi(Z1, t4, n);
        }
        if (cnt < nj && pl->js[cnt] == j) {
            bgcn_copyi(bX + (long)cnt * n, X1, n);
            bgcn_copyi(bZ + (long)cnt * n, Z1, n);
            cnt++;
        } else {
            bgcn_fm_mul(m, acc, acc, Z1);
        }
    }
    /* simultaneous inversion: bx[i] = Z_0 ... Z_i (prefix products) */
    bgcn_copyi(bx, bZ, n);
    for (int i = 1; i < nj; i++)
        bgcn_fm_mul(m, bx + (long)i * n, bx + (long)(i - 1) * n,
                    bZ + (long)i * n);
    bgcn_fm_mul(m, t2, bx + (long)(nj - 1) * n, acc);
    if ((st = m->st) != BGCN_OK ||
        (st = bgcn_fm_inv(m, t1, &ok, g, &gn, t2)) != BGCN_OK)
        return st;
    if (!ok)
        goto no_inverse;
    bgcn_fm_mul(m, t1, t1, acc); /* 1 / (Z_0 ... Z_{nj-1}) */
    for (int i = nj - 1; i >= 1; i--) {
        /* t1 = 1 / (Z_0 ... Z_i) */
        bgcn_fm_mul(m, t2, t1, bx + (long)(i - 1) * n); /* 1 / Z_i */
        bgcn_fm_mul(m, t1, t1, bZ + (long)i * n);
        bgcn_fm_mul(m, bx + (long)i * n, bX + (long)i * n, t2);
    }
    bgcn_fm_mul(m, bx, bX, t1);
    /* giant step G = [D]Q, normalised */
    bgcn_limb_t dl = D;
    ladder(e, X0, Z0, X1, Z1, x, &dl, 1);
    if ((st = m->st) != BGCN_OK ||
        (st = bgcn_fm_inv(m, t1, &ok, g, &gn, Z0)) != BGCN_OK)
        return st;
    if (!ok)
        goto no_inverse;
    bgcn_fm_mul(m, xg, X0, t1);
    /* [k0]G, [k0+1]G */
    bgcn_limb_t kl = pl->k0;
    ladder(e, X0, Z0, X1, Z1, xg, &kl, 1);
    bgcn_copyi(acc, m->m.one, n);
    /* KB giant steps at a time, normalised together (one inversion, three
     * products each), so that a pair costs one product: (x_k - x_j) */
    bgcn_limb_t *gX = bZ + (long)NJMAX * n, *gZ = gX + (long)KB * n,
                *pre = gZ + (long)KB * n;
    for (uint64_t k = pl->k0; k <= pl->k1; k += KB) {
        long cnt = pl->k1 - k + 1 < KB ? (long)(pl->k1 - k + 1) : KB;
        for (long t = 0; t < cnt; t++) {
            bgcn_copyi(gX + t * n, X0, n);
            bgcn_copyi(gZ + t * n, Z0, n);
            /* [k+t+2]G = [k+t+1]G + G, difference [k+t]G */
            xadd(e, t3, t4, X1, Z1, xg, m->m.one, X0, Z0);
            bgcn_copyi(X0, X1, n);
            bgcn_copyi(Z0, Z1, n);
            bgcn_copyi(X1, t3, n);
            bgcn_copyi(Z1, t4, n);
        }
        bgcn_copyi(pre, gZ, n);
        for (long t = 1; t < cnt; t++)
            bgcn_fm_mul(m, pre + t * n, pre + (t - 1) * n, gZ + t * n);
        if ((st = m->st) != BGCN_OK ||
            (st = bgcn_fm_inv(m, t1, &ok, g, &gn,
                              pre + (cnt - 1) * n)) != BGCN_OK)
            return st;
        if (!ok)
            goto no_inverse; /* some [k]G is the identity mod p: found */
        for (long t = cnt - 1; t >= 1; t--) {
            bgcn_fm_mul(m, t2, t1, pre + (t - 1) * n); /* 1 / Z_t */
            bgcn_fm_mul(m, t1, t1, gZ + t * n);
            bgcn_fm_mul(m, gX + t * n, gX + t * n, t2);
        }
        bgcn_fm_mul(m, gX, gX, t1);
        for (long t = 0; t < cnt; t++) {
            const uint64_t *mk =
                pl->mask + (size_t)(k + (uint64_t)t - pl->k0) * (size_t)pl->mw;
            const bgcn_limb_t *xk = gX + t * n;
            for (int w = 0; w < pl->mw; w++)
                for (uint64_t bits = mk[w]; bits; bits &= bits - 1) {
                    int i = w * 64 + __builtin_ctzll(bits);
                    ec_sub(m, t1, xk, bx + (long)i * n);
                    bgcn_fm_mul(m, acc, acc, t1);
                }
        }
        if (bgcn_interrupt_flag)
            return BGCN_EINTR;
    }
    if ((st = m->st) != BGCN_OK ||
        (st = bgcn_fm_gcd(m, g, &gn, acc)) != BGCN_OK)
        return st;
no_inverse:
    if (bgcn_fm_proper(m, g, gn)) {
        bgcn_copyi(fp, g, gn);
        *fn = gn;
        *found = 1;
    }
    return BGCN_OK;
}

/* Stage 1 of the curves sigma .. sigma + cnt - 1 (1 <= cnt <= 8) at once
 * in the lanes of v (factor_ecm_ifma.c): lane l's a24 into {a24s + l n,
 * n} and its (X:Z) after stage 1 into {xz + 2 l n, 2n}, Montgomery form
 * (64-bit), the same projective point as one_curve's own stage 1 up to
 * a common factor of X and Z, so x = X / Z is the same.  Lanes past cnt
 * repeat lane 0.  *bad = 1 (nothing else written) when a Suyama inversion
 * failed: the caller then runs these curves one by one, which meets the
 * same inversion in the same order.  vw: 6 points of 16 K words; blk:
 * 10 n + 1 limbs. */
static bgcn_status batch_stage1(curve *e, bgcn_ecm8 *v, const s1plan *s1,
                                uint64_t sigma, int cnt, bgcn_limb_t *a24s,
                                bgcn_limb_t *xz, uint64_t *vw,
                                bgcn_limb_t *blk, int *bad)
{
    long n = e->n;
    bgcn_fmod *m = &e->md;
    int K = v->K;
    bgcn_limb_t *x = blk, *t = x + n, *X0 = t + 4 * n, *Z0 = X0 + n,
                *X1 = Z0 + n, *Z1 = X1 + n, *g = Z1 + n, *y = g + n;
    chain8 c;
    c.v = v;
    for (int i = 0; i < 6; i++)
        c.slot[i] = vw + (size_t)i * 16 * (size_t)K;
    uint64_t *PX = c.slot[0], *PZ = PX + 8 * K;
    *bad = 0;
    for (int l = 0; l < cnt; l++) {
        int ok = 0;
        long gn = 0;
        BGCN_TRY(suyama(e, x, &ok, g, &gn, sigma + (uint64_t)l, t, X0, Z0,
                        X1, Z1));
        if (!ok) {
            *bad = 1;
            return BGCN_OK;
        }
        bgcn_copyi(a24s + l * n, e->a24, n);
        /* x R64 -> x R52: times (R52 mod N) by a 64-bit Montgomery product */
        bgcn_fm_mul(m, y, x, v->f);
        bgcn_ecm8_set(v, PX, l, y, n);
        bgcn_ecm8_set(v, PZ, l, v->f, n); /* Z = 1 */
        bgcn_fm_mul(m, y, e->a24, v->f);
        bgcn_ecm8_set(v, v->a24, l, y, n);
    }
    for (int l = cnt; l < 8; l++)
        for (int j = 0; j < K; j++) {
            PX[8 * j + l] = PX[8 * j];
            PZ[8 * j + l] = PZ[8 * j];
            v->a24[8 * j + l] = v->a24[8 * j];
        }
    BGCN_TRY(stage1_chains(s1, run_chain8, &c));
    /* values below 2N, n + 1 limbs: bgcn_mont_to reduces them */
    for (int l = 0; l < cnt; l++) {
        bgcn_ecm8_get(v, y, PX, l);
        BGCN_TRY(bgcn_mont_to(&m->m, xz + 2 * l * n, y, n + 1));
        bgcn_ecm8_get(v, y, PZ, l);
        BGCN_TRY(bgcn_mont_to(&m->m, xz + (2 * l + 1) * n, y, n + 1));
    }
    return m->st;
}

/* ---- stage 2 of a batch in the lanes ----
 * The same steps as one_curve's stage 2 (baby steps, their simultaneous
 * normalisation, [D]Q, the giant steps KB at a time, the pair products),
 * each on the eight lanes at once; only the inversions go lane by lane
 * through bgcn_fm_inv.  A lane whose inversion fails stops there, as
 * one_curve would (dead[l], with that gcd in g8); the pair products are
 * then wasted on it, not wrong for the others.  So each lane ends with
 * the same gcd as that curve's one_curve: ecm_batch_same_curves checks
 * this through bgcn_factor_ecm on every path. */
typedef struct {
    curve *e;
    bgcn_ecm8 *v;
    long n;
    int K;
    uint64_t *one, *c2; /* lanes of 1 and of R52 (R52 form) */
    int dead[8];
    bgcn_limb_t *g8;    /* 8 n: gcd of each dead lane, then of acc */
    long gn8[8];
    bgcn_limb_t *w;     /* 3 n + 1 limbs */
} lanes;

/* one chain operation on lane points (16 K words each) */
static void l_op(lanes *L, int t, uint64_t *r, uint64_t *p, uint64_t *q,
                 uint64_t *d)
{
    uint64_t *slot[4] = {r, p, q, d};
    bgcn_chop o = {(unsigned char)t, 0, 1, 2, 3};
    bgcn_ecm8_chain(L->v, slot, &o, 1);
}

/* r = 1 / a in each live lane (r, a: 8 K words; r may equal a); a lane
 * without an inverse dies with the gcd */
static bgcn_status l_inv(lanes *L, uint64_t *r, const uint64_t *a)
{
    long n = L->n;
    bgcn_fmod *m = &L->e->md;
    bgcn_limb_t *y = L->w, *t = y + n + 1, *u = t + n;
    for (int l = 0; l < 8; l++) {
        int ok = 0;
        if (!L->dead[l]) {
            bgcn_ecm8_get(L->v, y, a, l);
            BGCN_TRY(bgcn_mont_to(&m->m, t, y, n + 1));
            BGCN_TRY(bgcn_fm_inv(m, u, &ok, L->g8 + l * n, &L->gn8[l], t));
            L->dead[l] = !ok;
        }
        /* 1 / (a R52) in 64-bit form -> R52 form, then times R52^2 below */
        if (ok)
            bgcn_fm_mul(m, y, u, L->v->f);
        bgcn_ecm8_set(L->v, r, l, ok ? y : L->v->f, n);
    }
    bgcn_ecm8_op(L->v, r, r, L->c2, 0);
    return m->st;
}

/* R0 = [k]P, R1 = [k+1]P for the lane point P (k >= 1) by the ladder of
 * ladder_ops without its last copy; R0, R1, P distinct */
static void l_ladder(lanes *L, uint64_t *R0, uint64_t *R1, uint64_t *P,
                     uint64_t k)
{
    bgcn_chop o[2 * 64 + 4];
    uint64_t *slot[3] = {P, R0, R1};
    int cnt = ladder_ops(o, k);
    bgcn_ecm8_chain(L->v, slot, o, cnt - 1);
}

/* Simultaneous normalisation of cnt lane points (X_i in bX, Z_i in bZ,
 * 8 K words apart): bx[i] = X_i / Z_i; pre: cnt numbers of scratch;
 * t1, t2: one number each. */
static bgcn_status l_normalise(lanes *L, uint64_t *bx, const uint64_t *bX,
                               const uint64_t *bZ, uint64_t *pre, long cnt,
                               uint64_t *t1, uint64_t *t2,
                               const uint64_t *extra)
{
    const bgcn_ecm8 *v = L->v;
    size_t s = 8 * (size_t)L->K;
    memcpy(pre, bZ, s * sizeof *pre);
    for (long i = 1; i < cnt; i++)
        bgcn_ecm8_op(v, pre + i * s, pre + (i - 1) * s, bZ + i * s, 0);
    if (extra) { /* the inversion meets the extra factor too (one_curve) */
        bgcn_ecm8_op(v, t2, pre + (cnt - 1) * s, extra, 0);
        BGCN_TRY(l_inv(L, t1, t2));
        bgcn_ecm8_op(v, t1, t1, extra, 0);
    } else {
        BGCN_TRY(l_inv(L, t1, pre + (cnt - 1) * s));
    }
    for (long i = cnt - 1; i >= 1; i--) {
        bgcn_ecm8_op(v, t2, t1, pre + (i - 1) * s, 0); /* 1 / Z_i */
        bgcn_ecm8_op(v, t1, t1, bZ + i * s, 0);
        bgcn_ecm8_op(v, bx + i * s, bX + i * s, t2, 0);
    }
    bgcn_ecm8_op(v, bx, bX, t1, 0);
    return BGCN_OK;
}

/* Stage 2 of the lanes from Q = (x : 1) in slot Q (16 K words, Z = 1
 * already); at the end each live lane's gcd of the product in g8.
 * lw: the lane scratch ecm_run sized (batch_lane_words). */
static bgcn_status batch_stage2(lanes *L, const s2plan *pl, uint64_t *Q,
                                uint64_t *lw)
{
    size_t s = 8 * (size_t)L->K, P = 2 * s;
    int nj = pl->nj;
    uint64_t *A = lw, *B = A + P, *C = B + P, *T = C + P, *t1 = T + P,
             *t2 = t1 + s, *acc = t2 + s, *bX = acc + 2 * s,
             *bZ = bX + (size_t)NJMAX * s, *bx = bZ + (size_t)NJMAX * s,
             *pre = bx + (size_t)NJMAX * s, *gX = pre + (size_t)NJMAX * s,
             *gZ = gX + (size_t)KB * s, *G = gZ + (size_t)KB * s;
    const bgcn_ecm8 *v = L->v;
    /* baby steps: A = [j-2]Q, B = [j]Q, C = [2]Q; acc = the Z of the odd
     * j that are not baby steps */
    memcpy(acc, L->one, s * sizeof *acc);
    memcpy(B, Q, P * sizeof *Q);
    l_op(L, BGCN_CHOP_DBL, C, Q, Q, Q);
    int cnt = 0;
    for (unsigned j = 1; j < (unsigned)pl->jw * H; j += 2) {
        if (j == 3) {
            l_op(L, BGCN_CHOP_ADD, T, C, B, Q); /* 2Q + Q, diff Q */
            memcpy(A, B, P * sizeof *A);
            memcpy(B, T, P * sizeof *B);
        } else if (j > 3) {
            l_op(L, BGCN_CHOP_ADD, T, B, C, A);
            memcpy(A, B, P * sizeof *A);
            memcpy(B, T, P * sizeof *B);
        }
        if (cnt < nj && pl->js[cnt] == j) {
            memcpy(bX + cnt * s, B, s * sizeof *B);
            memcpy(bZ + cnt * s, B + s, s * sizeof *B);
            cnt++;
        } else { /* odd j not prime to D: its Z joins (one_curve says why) */
            bgcn_ecm8_op(v, acc, acc, B + s, 0);
        }
    }
    BGCN_TRY(l_normalise(L, bx, bX, bZ, pre, nj, t1, t2, acc));
    /* giant step G = [D]Q, normalised (Z = 1) */
    l_ladder(L, A, B, Q, D);
    BGCN_TRY(l_inv(L, t1, A + s));
    bgcn_ecm8_op(v, G, A, t1, 0);
    memcpy(G + s, L->one, s * sizeof *G);
    /* A = [k0]G, B = [k0+1]G */
    l_ladder(L, A, B, G, pl->k0);
    memcpy(acc, L->one, s * sizeof *acc);
    memcpy(acc + s, L->one, s * sizeof *acc);
    for (uint64_t k = pl->k0; k <= pl->k1; k += KB) {
        long c = pl->k1 - k + 1 < KB ? (long)(pl->k1 - k + 1) : KB;
        for (long t = 0; t < c; t++) {
            memcpy(gX + t * s, A, s * sizeof *A);
            memcpy(gZ + t * s, A + s, s * sizeof *A);
            /* [k+t+2]G = [k+t+1]G + G, difference [k+t]G */
            l_op(L, BGCN_CHOP_ADD, T, B, G, A);
            memcpy(A, B, P * sizeof *A);
            memcpy(B, T, P * sizeof *B);
        }
        BGCN_TRY(l_normalise(L, gX, gX, gZ, pre, c, t1, t2, NULL));
        bgcn_ecm8_pairs(v, acc, gX, (int)c,  bx,
                        pl->mask + (size_t)(k - pl->k0) * (size_t)pl->mw,
                        pl->mw);
        if (bgcn_interrupt_flag)
            return BGCN_EINTR;
    }
    bgcn_ecm8_op(v, acc, acc, acc + s, 0);
    bgcn_fmod *m = &L->e->md;
    long n = L->n;
    bgcn_limb_t *y = L->w, *tt = y + n + 1;
    for (int l = 0; l < 8; l++) {
        if (L->dead[l])
            continue;
        bgcn_ecm8_get(v, y, acc, l);
        BGCN_TRY(bgcn_mont_to(&m->m, tt, y, n + 1));
        BGCN_TRY(bgcn_fm_gcd(m, L->g8 + l * n, &L->gn8[l], tt));
    }
    return m->st;
}

/* words of lane scratch batch_stage2 takes for K digits */
static size_t batch_lane_words(int K)
{
    return (size_t)8 * (size_t)K * (12 + 4 * NJMAX + 3 * KB);
}

/* Stage 2 of a batch whose stage 1 is done: (X:Z) of lane l at {xz + 2 l
 * n, 2n} (64-bit Montgomery form), l < cnt.  *found = l + 1 for the first
 * lane (in curve order) that splits N, with the factor in {fp, *fn};
 * 0 if none.  Q: one lane point of scratch; lw: batch_lane_words. */
static bgcn_status batch_finish(lanes *L, int *found, bgcn_limb_t *fp,
                                long *fn, const s2plan *pl,
                                const bgcn_limb_t *xz, int cnt, uint64_t *Q,
                                uint64_t *lw)
{
    long n = L->n;
    bgcn_fmod *m = &L->e->md;
    bgcn_limb_t *y = L->w, *t = y + n + 1, *u = t + n;
    *found = 0;
    for (int l = 0; l < 8; l++) {
        int ok = 0;
        L->gn8[l] = 0;
        if (l < cnt) {
            /* x = X / Z as one_curve's end of stage 1 */
            BGCN_TRY(bgcn_fm_inv(m, t, &ok, L->g8 + l * n, &L->gn8[l],
                                 xz + (2 * l + 1) * n));
            if (ok) {
                bgcn_fm_mul(m, u, xz + 2 * l * n, t);
                bgcn_fm_mul(m, y, u, L->v->f);
            }
        }
        L->dead[l] = !ok;
        bgcn_ecm8_set(L->v, Q, l, ok ? y : L->v->f, n);
    }
    memcpy(Q + 8 * (size_t)L->K, L->one, 8 * (size_t)L->K * sizeof *Q);
    BGCN_TRY(batch_stage2(L, pl, Q, lw));
    for (int l = 0; l < cnt; l++)
        if (L->gn8[l] && bgcn_fm_proper(m, L->g8 + l * n, L->gn8[l])) {
            bgcn_copyi(fp, L->g8 + l * n, L->gn8[l]);
            *fn = L->gn8[l];
            *found = l + 1;
            break;
        }
    return BGCN_OK;
}

/* The progress line of curve c (0-based) of ncurves. */
static void report_curve(bgcn_factor_progress_fn progress, void *arg, long c,
                         long ncurves, uint64_t B1)
{
    if (!progress)
        return;
    char msg[96];
    snprintf(msg, sizeof msg, "ECM curve %ld/%ld B1=%llu", c + 1, ncurves,
             (unsigned long long)B1);
    progress(arg, msg);
}

static bgcn_status ecm_run(bgcn_limb_t *fp, long *fn, const bgcn_limb_t *np,
                           long nn, uint64_t B1, uint64_t B2,
                           uint64_t sigma0, long ncurves,
                           bgcn_factor_progress_fn progress, void *arg,
                           long *curves_done, int twin, bgcn_limb_t *x1)
{
    BGCN_ASSERT(nn >= 1 && np[nn - 1] != 0 && (np[0] & 1) && sigma0 >= 6);
    BGCN_ASSERT(!BGCN_OVERLAP_P(fp, nn, np, nn));
    *fn = 0;
    if (twin & 4)
        for (int l = 1; l < 8; l++)
            fn[l] = 0;
    if (curves_done)
        *curves_done = 0;
    if (B1 < 2)
        B1 = 2;
    long n = nn;
    curve e;
    memset(&e, 0, sizeof e);
    e.n = n;
    BGCN_TRY(bgcn_fmod_init(&e.md, np, nn));
    bgcn_fexp ex;
    s1plan s1;
    s2plan pl;
    memset(&ex, 0, sizeof ex);
    memset(&s1, 0, sizeof s1);
    memset(&pl, 0, sizeof pl);
    bgcn_limb_t *blk = NULL, *cv = NULL, *b24 = NULL;
    uint64_t *vw = NULL, *lw = NULL;
    bgcn_ecm8 v;
    v.K = 0;
    lanes L;
    bgcn_status st = (twin & 2) ? bgcn_fexp_init(&ex, B1) : s1plan_init(&s1, B1);
    if (st != BGCN_OK)
        goto done;
    if (B2 > B1 && (st = plan_init(&pl, B1, B2, ECM_JW)) != BGCN_OK)
        goto done;
    cv = bgcn_alloc_limbs((size_t)4 * (size_t)n);
    blk = bgcn_alloc_limbs((size_t)(13 + 3 * NJMAX + 3 * KB) * (size_t)n);
    if (!cv || !blk) {
        st = BGCN_ENOMEM;
        goto done;
    }
    e.a24 = cv;
    e.u = cv + n;
    e.v = cv + 2 * n;
    e.w = cv + 3 * n;
    /* eight curves' stage 1 at once where the kernel path has IFMA (not
     * for the slow twins; twin & 4: the test of the batch, which wants
     * every lane's x) */
    if ((twin & ~4) == 0 && (!x1 || (twin & 4)) &&
        (st = bgcn_ecm8_init(&v, np, nn)) != BGCN_OK)
        goto done;
    if (v.K) {
        b24 = bgcn_alloc_limbs((size_t)(3 * 8 + 11 + 8 + 3) * (size_t)n + 2);
        vw = malloc((size_t)(6 * 16 + 16) * (size_t)v.K * sizeof *vw);
        if (pl.mask && !(twin & 4))
            lw = malloc(batch_lane_words(v.K) * sizeof *lw);
        if (!b24 || !vw || (pl.mask && !(twin & 4) && !lw)) {
            st = BGCN_ENOMEM;
            goto done;
        }
        memset(&L, 0, sizeof L);
        L.e = &e;
        L.v = &v;
        L.n = n;
        L.K = v.K;
        L.one = vw + 6 * 16 * (size_t)v.K;
        L.c2 = L.one + 8 * (size_t)v.K;
        L.g8 = b24 + 35 * n + 1;
        L.w = L.g8 + 8 * n;
        /* lanes of 1 (R52 mod N) and of R52 (R52^2 mod N) in R52 form */
        bgcn_limb_t *y = L.w, *t = y + n + 1;
        if ((st = bgcn_mont_to(&e.md.m, t, v.f, n)) != BGCN_OK)
            goto done;
        bgcn_fm_mul(&e.md, y, t, v.f);
        for (int l = 0; l < 8; l++) {
            bgcn_ecm8_set(&v, L.one, l, v.f, n);
            bgcn_ecm8_set(&v, L.c2, l, y, n);
        }
    }
    for (long c = 0; c < ncurves;) {
        /* curves c .. c + cnt - 1 come from the batch */
        long left = ncurves - c, cnt = 0, stop = c + 1;
        if (v.K && (left >= 2 || (twin & 4))) {
            int bad = 0;
            cnt = left < 8 ? left : 8;
            st = batch_stage1(&e, &v, &s1, sigma0 + (uint64_t)c, (int)cnt,
                              b24, b24 + 8 * n, vw, b24 + 24 * n, &bad);
            if (st != BGCN_OK)
                break;
            stop = c + cnt;
            if (bad)
                cnt = 0;
        }
        if (cnt && pl.mask && !(twin & 4)) { /* stage 2 in the lanes too */
            report_curve(progress, arg, c, ncurves, B1);
            int found = 0;
            st = batch_finish(&L, &found, fp, fn, &pl, b24 + 8 * n,
                              (int)cnt, vw + 16 * (size_t)v.K, lw);
            if (st != BGCN_OK)
                break;
            if (found) {
                if (curves_done)
                    *curves_done = c + found;
                break;
            }
            c += cnt;
            if (curves_done)
                *curves_done = c;
            if (bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                break;
            }
            continue;
        }
        for (long l = 0; c < stop; c++, l++) {
            report_curve(progress, arg, c, ncurves, B1);
            int found = 0;
            if (cnt)
                bgcn_copyi(e.a24, b24 + l * n, n);
            if (twin & 4) { /* every curve's point or factor */
                st = one_curve(&found, fp + c * n, fn + c, &e, &ex, &s1, &pl,
                               sigma0 + (uint64_t)c, blk, 0, x1 + c * n,
                               cnt ? b24 + 8 * n + 2 * l * n : NULL);
                if (st != BGCN_OK)
                    goto done;
                continue;
            }
            st = one_curve(&found, fp, fn, &e, &ex, &s1, &pl,
                           sigma0 + (uint64_t)c, blk, twin, x1,
                           cnt ? b24 + 8 * n + 2 * l * n : NULL);
            if (curves_done)
                *curves_done = c + 1;
            if (st != BGCN_OK || found)
                goto done;
            if (bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                goto done;
            }
        }
    }
done:
    free(lw);
    free(vw);
    bgcn_free_limbs(b24);
    free(s1.vi);
    free(s1.gap);
    free(pl.mask);
    bgcn_free_limbs(blk);
    bgcn_free_limbs(cv);
    bgcn_fexp_clear(&ex);
    bgcn_fmod_clear(&e.md);
    return st;
}

bgcn_status bgcn_factor_ecm(bgcn_limb_t *fp, long *fn, const bgcn_limb_t *np,
                            long nn, uint64_t B1, uint64_t B2,
                            uint64_t sigma0, long ncurves,
                            bgcn_factor_progress_fn progress, void *arg,
                            long *curves_done)
{
    return ecm_run(fp, fn, np, nn, B1, B2, sigma0, ncurves, progress, arg,
                   curves_done, 0, NULL);
}

bgcn_status bgcn_factor_ecm_twin(bgcn_limb_t *fp, long *fn,
                                 const bgcn_limb_t *np, long nn, uint64_t B1,
                                 uint64_t B2, uint64_t sigma)
{
    return ecm_run(fp, fn, np, nn, B1, B2, sigma, 1, NULL, NULL, NULL, 1,
                   NULL);
}

bgcn_status bgcn_ecm_stage1_x(bgcn_limb_t *x, long *fn, bgcn_limb_t *fp,
                              const bgcn_limb_t *np, long nn, uint64_t B1,
                              uint64_t sigma, int ladder)
{
    return ecm_run(fp, fn, np, nn, B1, B1, sigma, 1, NULL, NULL, NULL,
                   ladder ? 2 : 0, x);
}

bgcn_status bgcn_ecm_stage1_x8(bgcn_limb_t *x, long *fn, bgcn_limb_t *fp,
                               int *batched, const bgcn_limb_t *np, long nn,
                               uint64_t B1, uint64_t sigma)
{
    bgcn_ecm8 v;
    BGCN_TRY(bgcn_ecm8_init(&v, np, nn));
    *batched = v.K != 0;
    return ecm_run(fp, fn, np, nn, B1, B1, sigma, 8, NULL, NULL, NULL, 4, x);
}

void bgcn_ecm_fm_addsub(bgcn_fmod *c, bgcn_limb_t *r, const bgcn_limb_t *a,
                        const bgcn_limb_t *b, int sub)
{
    if (sub)
        ec_sub(c, r, a, b);
    else
        ec_add(c, r, a, b);
}

bgcn_status bgcn_ecm_plan_check(uint64_t B1, uint64_t B2, int jw,
                                long *primes, long *pairs, long *uncovered,
                                long *useless)
{
    s2plan pl;
    memset(&pl, 0, sizeof pl);
    *primes = *pairs = *uncovered = *useless = 0;
    BGCN_TRY(plan_init(&pl, B1, B2, jw));
    int jidx[JWMAX * H];
    for (int j = 0; j < JWMAX * H; j++)
        jidx[j] = -1;
    for (int i = 0; i < pl.nj; i++)
        jidx[pl.js[i]] = i;
    uint64_t lo = pl.k0 * D - H, jmax = (uint64_t)pl.jw * H;
    if (lo <= B1)
        lo = B1 + 1;
    /* every pair covers a prime of the range */
    for (uint64_t k = pl.k0; pl.mask && k <= pl.k1; k++)
        for (int i = 0; i < pl.nj; i++) {
            const uint64_t *mk = pl.mask + (size_t)(k - pl.k0) * (size_t)pl.mw;
            if (!(mk[i / 64] >> (i % 64) & 1))
                continue;
            uint64_t a = k * D - pl.js[i], b = k * D + pl.js[i];
            ++*pairs;
            if (!((a >= lo && a <= B2 && bgcn_isprime_u64(a)) ||
                  (b >= lo && b <= B2 && bgcn_isprime_u64(b))))
                ++*useless;
        }
    /* every prime of the range is covered by a pair */
    bgcn_fpit it;
    bgcn_status st = bgcn_fpit_init(&it, lo, B2);
    if (st != BGCN_OK) {
        free(pl.mask);
        return st;
    }
    for (uint64_t q; (q = bgcn_fpit_next(&it)) != 0;) {
        if (q <= 11)
            continue;
        ++*primes;
        int ok = 0;
        for (uint64_t k = q / D > jmax / D + 1 ? q / D - jmax / D - 1 : 0;
             !ok && k * D <= q + jmax; k++) {
            uint64_t j = q > k * D ? q - k * D : k * D - q;
            if (k < pl.k0 || k > pl.k1 || j >= jmax || jidx[j] < 0)
                continue;
            const uint64_t *mk = pl.mask + (size_t)(k - pl.k0) * (size_t)pl.mw;
            ok = mk[jidx[j] / 64] >> (jidx[j] % 64) & 1;
        }
        *uncovered += !ok;
    }
    bgcn_fpit_clear(&it);
    free(pl.mask);
    return BGCN_OK;
}
