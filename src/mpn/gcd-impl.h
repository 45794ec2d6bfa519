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

/* The quotient q = floor(x / y) and remainder *rp = x - q y of x >= 4y,
 * y >= 2^65 (so q < 2^63), without a 128-bit division in the usual
 * case: the top 64 bits of x divided by those of y at a shift that keeps
 * y's part >= 2^32 (the high limbs while y >= 2^96, else bits 32..95)
 * give q or q + 1 (the divisor's relative error is below 2^-32 and q
 * below 2^32); one compare corrects it.  Only x >= 2^96 > y (a huge
 * quotient) divides in 128 bits. */
static inline bgcn_limb_t bgcn_lehmer_quot4(bgcn_div_dlimb x, bgcn_div_dlimb y,
                                            bgcn_div_dlimb *rp)
{
    bgcn_limb_t q, yh = (bgcn_limb_t)(y >> 64);
    if (yh >= (bgcn_limb_t)1 << 32)
        q = (bgcn_limb_t)(x >> 64) / yh;
    else if ((bgcn_limb_t)(x >> 96) == 0)
        q = (bgcn_limb_t)(x >> 32) / (bgcn_limb_t)(y >> 32);
    else
        q = (bgcn_limb_t)(x / y);
    bgcn_div_dlimb r = x - (bgcn_div_dlimb)q * y;
    /* One too large: the true remainder is in [-y, 0), which wraps to
     * [2^128 - y, 2^128), above y < 2^127. */
    if (r >= y) {
        r += y;
        q--;
    }
    *rp = r;
    return q;
}

/* Euclid on single limbs x >= y with the cofactor magnitudes of the
 * caller's matrix (x = +-(ux A - vx B), y = -+(uy A - vy B)): steps while
 * y != 0, the new remainder stays >= stop and the new cofactors below
 * 2^63 (checked with the overflow builtins).  Quotients 1-3 by
 * subtraction.  Returns the steps taken; *xp, *yp and the cofactors are
 * updated to the last pair kept. */
struct bgcn_lehmer_cof {
    bgcn_limb_t ux, vx, uy, vy;
};

static inline int bgcn_lehmer_single(bgcn_limb_t *xp, bgcn_limb_t *yp,
                                     struct bgcn_lehmer_cof *c,
                                     bgcn_limb_t stop)
{
    bgcn_limb_t xs = *xp, ys = *yp;
    bgcn_limb_t ux = c->ux, vx = c->vx, uy = c->uy, vy = c->vy;
    int steps = 0;
    while (ys != 0) {
        bgcn_limb_t q = 1, r = xs - ys;
        if (r >= ys) {
            r -= ys;
            q = 2;
            if (r >= ys) {
                r -= ys;
                q = 3;
                if (r >= ys) {
                    q = xs / ys;
                    r = xs - q * ys;
                }
            }
        }
        if (r < stop)
            break;
        bgcn_limb_t ur, vr;
        if (__builtin_mul_overflow(q, uy, &ur) ||
            __builtin_add_overflow(ur, ux, &ur) || (ur >> 63) ||
            __builtin_mul_overflow(q, vy, &vr) ||
            __builtin_add_overflow(vr, vx, &vr) || (vr >> 63))
            break;
        xs = ys;
        ys = r;
        ux = uy;
        vx = vy;
        uy = ur;
        vy = vr;
        steps++;
    }
    *xp = xs;
    *yp = ys;
    c->ux = ux, c->vx = vx, c->uy = uy, c->vy = vy;
    return steps;
}

/* Runs Euclid's algorithm on the top 128 bits A >= B of the two numbers
 * (aligned at the same shift), tracking cofactors, and keeps a step only
 * while the new remainder stays >= 2^65: then every cofactor is below
 * 2^128 / 2^65 = 2^63 and the matrix reduces the full numbers by about 63
 * bits, whatever their low bits (Möller's hgcd2 criterion).  Whatever the
 * low bits do, the matrix is unimodular, so it preserves the gcd even if a
 * quotient were off; the caller takes absolute values.  Returns the
 * number of steps kept (0: no progress, the caller divides instead).
 *
 * Speed: this loop decides gcd below the half-gcd sizes (about 37
 * quotients per call), so no quotient goes through a 128-bit division.
 * About 41% of Euclid's quotients are 1 (Gauss-Kuzmin), tested by one
 * subtraction, 2 and 3 by two more; the rest by bgcn_lehmer_quot4 (one
 * 64-bit hardware division and a correction).
 * Once x < 2^96 the rest runs on single limbs, bits 32..95 of the pair
 * (exact Euclid on those, quotients 1-3 by subtraction, stop at 2^33 =
 * 2^65 / 2^32), with the cofactors' bound checked explicitly: the
 * dropped low bits can make the last quotients differ from the pair's,
 * which the callers' checks (a negative combination, the order) absorb
 * as they do for the 128-bit part; the slow twin (bgcn_gcd_slow_twins)
 * stays in 128 bits. */
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
        bgcn_div_dlimb r = x - y;
        bgcn_limb_t q = 1;
        if (r >= y) {
            /* q >= 2, so y <= x/2 < 2^127.  Quotients 2 and 3 (about 26%
             * of Euclid's) by two more subtractions, the rest divide. */
            r -= y;
            q = 2;
            if (r >= y) {
                r -= y;
                q = 3;
            }
            if (r >= y)
                q = bgcn_lehmer_quot4(x, y, &r);
        }
        if (r < lim)
            break;
        /* The new cofactors are below 2^63 here (they times the remainder
         * y >= 2^65 stay <= A < 2^128), so the limb arithmetic is exact. */
        bgcn_limb_t ur = ux + q * uy, vr = vx + q * vy;
        x = y;
        y = r;
        ux = uy;
        vx = vy;
        uy = ur;
        vy = vr;
        steps++;
        if ((bgcn_limb_t)(x >> 96) == 0 && !bgcn_gcd_slow_twins)
            goto single;
    }
    goto out;
single:
    {
        bgcn_limb_t xs = (bgcn_limb_t)(x >> 32), ys = (bgcn_limb_t)(y >> 32);
        struct bgcn_lehmer_cof c = {ux, vx, uy, vy};
        steps += bgcn_lehmer_single(&xs, &ys, &c, (bgcn_limb_t)1 << 33);
        ux = c.ux, vx = c.vx, uy = c.uy, vy = c.vy;
    }
out:
    m->u0 = ux;
    m->v0 = vx;
    m->u1 = uy;
    m->v1 = vy;
    m->neg = steps & 1;
    return steps;
}

/* The end of Euclid on numbers that fit 128 bits: exact steps on
 * x >= y (both exact values now, not top parts) while y != 0 and the
 * cofactors stay below 2^63; updates x, y to the reduced pair and fills
 * m as bgcn_lehmer_step does (x_out = sa (u0 x - v0 y), y_out = -sa (u1 x
 * - v1 y)).  Returns the steps taken (0 only if the first quotient is
 * >= 2^63).  Callers batch the big-number cofactor updates this way
 * instead of paying a division and a product per quotient.
 *
 * Speed: this loop is most of a gcdext of a few limbs (about 75
 * quotients for the last 128 bits).  While x >= 2^64 the steps are on
 * 128-bit numbers, quotients from 4 up by bgcn_lehmer_quot4; once x fits
 * one limb (about half of the steps) the rest runs on single limbs with
 * 64-bit cofactor products checked by the overflow builtins.  The slow
 * twin (bgcn_gcd_slow_twins) stays in 128 bits with a 128-bit division
 * for every quotient from 4 up. */
static inline int bgcn_lehmer_tail(struct bgcn_lehmer *m, bgcn_div_dlimb *xp,
                                   bgcn_div_dlimb *yp)
{
    bgcn_div_dlimb x = *xp, y = *yp;
    bgcn_limb_t ux = 1, vx = 0, uy = 0, vy = 1;
    int steps = 0;
    const int fast = !bgcn_gcd_slow_twins;
    while (y != 0 && (!fast || (x >> 64) != 0)) {
        /* x >= y: quotients 1, 2, 3 by subtractions */
        bgcn_div_dlimb q128, r = x - y;
        if (r < y) {
            q128 = 1;
        } else if (r - y < y) {
            q128 = 2; /* y <= x/2, so r - y cannot wrap */
            r -= y;
        } else if (r - 2 * y < y) {
            q128 = 3;
            r -= 2 * y;
        } else if (fast && (y >> 65) != 0) {
            q128 = bgcn_lehmer_quot4(x, y, &r);
        } else {
            q128 = x / y;
            r = x - q128 * y;
        }
        if ((q128 >> 63) != 0)
            goto out;
        bgcn_limb_t q = (bgcn_limb_t)q128;
        bgcn_div_dlimb ur = (bgcn_div_dlimb)q * uy + ux;
        bgcn_div_dlimb vr = (bgcn_div_dlimb)q * vy + vx;
        if ((ur | vr) >> 63)
            goto out;
        x = y;
        y = r;
        ux = uy;
        vx = vy;
        uy = (bgcn_limb_t)ur;
        vy = (bgcn_limb_t)vr;
        steps++;
    }
    if (y != 0) {
        /* both fit one limb (only on the fast path) */
        bgcn_limb_t xs = (bgcn_limb_t)x, ys = (bgcn_limb_t)y;
        struct bgcn_lehmer_cof c = {ux, vx, uy, vy};
        steps += bgcn_lehmer_single(&xs, &ys, &c, 0);
        ux = c.ux, vx = c.vx, uy = c.uy, vy = c.vy;
        x = xs;
        y = ys;
    }
out:
    m->u0 = ux;
    m->v0 = vx;
    m->u1 = uy;
    m->v1 = vy;
    m->neg = steps & 1;
    *xp = x;
    *yp = y;
    return steps;
}

/* {rp,n+1} = u*{ap,n} - v*{bp,n} in two's complement, u, v < 2^63;
 * returns 1 if the result is negative (then {rp,n+1} holds its
 * magnitude).  Two passes of the dispatched kernels (mul_1, submul_1),
 * which on the assembly paths cost less than one fused pass in C.  rp
 * must not overlap ap or bp. */
static inline int bgcn_gcd_lin_sub(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                   const bgcn_limb_t *bp, long n,
                                   bgcn_limb_t u, bgcn_limb_t v)
{
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n + 1, ap, n));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n + 1, bp, n));
    bgcn_limb_t hi = bgcn_mul_1(rp, ap, n, u);
    hi -= bgcn_submul_1(rp, bp, n, v);
    /* both parts < 2^63, so the signed top limb is exact */
    rp[n] = hi;
    if ((int64_t)hi >= 0)
        return 0;
    /* negate in place (only when a quotient from the top bits was off) */
    bgcn_limb_t c = 1;
    for (long i = 0; i <= n; i++) {
        bgcn_limb_t t = ~rp[i] + c;
        c = c && t == 0;
        rp[i] = t;
    }
    return 1;
}

/* {rp,n+1} = u*{ap,n} + v*{bp,n}, u, v < 2^63 (so the sum fits n+1
 * limbs).  Two passes of the dispatched kernels (mul_1, addmul_1); rp
 * must not overlap ap or bp. */
static inline void bgcn_gcd_lin_add(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                    const bgcn_limb_t *bp, long n,
                                    bgcn_limb_t u, bgcn_limb_t v)
{
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n + 1, ap, n));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n + 1, bp, n));
    BGCN_ASSERT(u < BGCN_LIMB_HIGHBIT && v < BGCN_LIMB_HIGHBIT);
    bgcn_limb_t hi = bgcn_mul_1(rp, ap, n, u);
    rp[n] = hi + bgcn_addmul_1(rp, bp, n, v);
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
