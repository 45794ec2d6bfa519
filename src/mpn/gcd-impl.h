/* gcd-impl.h -- private helpers shared by gcd.c and gcdext.c: the
 * double-limb Lehmer step and the fused linear combinations that apply
 * it.  Not part of the engine's contract; everything here is static. */
#ifndef BGCN_GCD_IMPL_H
#define BGCN_GCD_IMPL_H

#include "div-impl.h"

/* A Lehmer matrix: the current pair (a', b') of the full numbers is
 *   a' = sa * (u0 a - v0 b),   b' = -sa * (u1 a - v1 b)
 * with sa = +1 or -1 (the alternating signs of Euclid's cofactors), all
 * four magnitudes below 2^63. */
struct bgcn_lehmer {
    bgcn_limb_t u0, v0, u1, v1;
    int neg; /* 1 when sa = -1 */
};

/* Runs Euclid's algorithm on the top 128 bits A >= B of the two numbers
 * (aligned at the same shift), tracking cofactors, and keeps a step only
 * while the new remainder stays >= 2^65: then every cofactor is below
 * 2^128 / 2^65 = 2^63 and the matrix reduces the full numbers by about 63
 * bits, whatever their low bits (Möller's hgcd2 criterion).  Whatever the
 * low bits do, the matrix is unimodular, so it preserves the gcd even if a
 * quotient were off; the caller takes absolute values.  Returns the
 * number of steps kept (0: no progress, the caller divides instead). */
static inline int bgcn_lehmer_step(struct bgcn_lehmer *m, bgcn_div_dlimb A,
                                   bgcn_div_dlimb B)
{
    const bgcn_div_dlimb lim = (bgcn_div_dlimb)1 << 65;
    /* (x, y) = consecutive remainders; (ux, vx), (uy, vy) their cofactor
     * magnitudes: x = +-(ux A - vx B). */
    bgcn_div_dlimb x = A, y = B;
    bgcn_limb_t ux = 1, vx = 0, uy = 0, vy = 1;
    int steps = 0;
    if (y < lim)
        return 0;
    for (;;) {
        bgcn_div_dlimb q, r;
        r = x - y;
        if (r < y) {
            q = 1;
        } else if (r - y < y) {
            q = 2;
            r -= y;
        } else {
            q = x / y;
            r = x - q * y;
        }
        if (r < lim)
            break;
        /* The new cofactors are below 2^63 here (they times the remainder
         * y >= 2^65 stay <= A < 2^128), so the limb arithmetic is exact. */
        bgcn_limb_t ql = (bgcn_limb_t)q;
        bgcn_limb_t ur = ux + ql * uy, vr = vx + ql * vy;
        x = y;
        y = r;
        ux = uy;
        vx = vy;
        uy = ur;
        vy = vr;
        steps++;
    }
    m->u0 = ux;
    m->v0 = vx;
    m->u1 = uy;
    m->v1 = vy;
    m->neg = steps & 1;
    return steps;
}

/* {rp,n+1} = u*{ap,n} - v*{bp,n} in two's complement; returns 1 if the
 * result is negative (then {rp,n+1} holds its magnitude).  One pass with
 * two carry chains.  rp may equal ap or bp only if it is neither (it is
 * written limb by limb behind the reads, so rp == ap is also safe). */
static inline int bgcn_gcd_lin_sub(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                   const bgcn_limb_t *bp, long n,
                                   bgcn_limb_t u, bgcn_limb_t v)
{
    bgcn_limb_t ca = 0, cb = 0, br = 0;
    for (long i = 0; i < n; i++) {
        bgcn_div_dlimb pa = (bgcn_div_dlimb)u * ap[i] + ca;
        bgcn_div_dlimb pb = (bgcn_div_dlimb)v * bp[i] + cb;
        ca = (bgcn_limb_t)(pa >> 64);
        cb = (bgcn_limb_t)(pb >> 64);
        bgcn_limb_t x = (bgcn_limb_t)pa, y = (bgcn_limb_t)pb;
        bgcn_limb_t d = x - y, b1 = x < y;
        bgcn_limb_t e = d - br, b2 = d < br;
        rp[i] = e;
        br = b1 | b2;
    }
    bgcn_limb_t top = ca - cb - br;
    /* ca, cb < 2^63 so the signed top limb is exact. */
    rp[n] = top;
    if ((int64_t)top >= 0)
        return 0;
    /* negate in place */
    bgcn_limb_t c = 1;
    for (long i = 0; i <= n; i++) {
        bgcn_limb_t t = ~rp[i] + c;
        c = c && t == 0;
        rp[i] = t;
    }
    return 1;
}

/* {rp,n+1} = u*{ap,n} + v*{bp,n}.  Same overlap rule. */
static inline void bgcn_gcd_lin_add(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                    const bgcn_limb_t *bp, long n,
                                    bgcn_limb_t u, bgcn_limb_t v)
{
    bgcn_limb_t c = 0, hi = 0;
    for (long i = 0; i < n; i++) {
        bgcn_div_dlimb pa = (bgcn_div_dlimb)u * ap[i] + c;
        bgcn_div_dlimb pb = (bgcn_div_dlimb)v * bp[i] + (bgcn_limb_t)pa;
        rp[i] = (bgcn_limb_t)pb;
        /* high parts: < 2^64 + 2^64, carried as a 128-bit sum */
        bgcn_div_dlimb h = (pa >> 64) + (pb >> 64) + ((bgcn_div_dlimb)hi << 64);
        c = (bgcn_limb_t)h;
        hi = (bgcn_limb_t)(h >> 64);
    }
    rp[n] = c;
    BGCN_ASSERT(hi == 0);
}

/* Top 128 bits of {ap,n} (n >= 2, ap[n-1] != 0) starting at the bit
 * position given by the shift s = clz(ap[n-1]), and the same bits of
 * {bp,n} (zero-extended; bp may have high zero limbs). */
static inline void bgcn_gcd_top2(bgcn_div_dlimb *A, bgcn_div_dlimb *B,
                                 const bgcn_limb_t *ap, const bgcn_limb_t *bp,
                                 long n)
{
    int s = bgcn_div_clz(ap[n - 1]);
    bgcn_limb_t a2 = ap[n - 1], a1 = ap[n - 2], a0 = n > 2 ? ap[n - 3] : 0;
    bgcn_limb_t b2 = bp[n - 1], b1 = bp[n - 2], b0 = n > 2 ? bp[n - 3] : 0;
    if (s) {
        a2 = (a2 << s) | (a1 >> (64 - s));
        a1 = (a1 << s) | (a0 >> (64 - s));
        b2 = (b2 << s) | (b1 >> (64 - s));
        b1 = (b1 << s) | (b0 >> (64 - s));
    }
    *A = ((bgcn_div_dlimb)a2 << 64) | a1;
    *B = ((bgcn_div_dlimb)b2 << 64) | b1;
}

#endif
