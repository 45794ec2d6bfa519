/* div-impl.h -- private inline helpers of the division, root and gcd
 * files: the Möller–Granlund 2/1 and 3/2 division steps and small shifts.
 *
 * Method (N. Möller, T. Granlund, "Improved division by invariant
 * integers", IEEE Trans. Computers 60 (2011)): for a normalised divisor
 * (top bit set) a precomputed reciprocal v turns a two-limb-by-one (or
 * three-by-two) division into one full product, one low product and at
 * most two rarely-taken corrections, instead of a hardware divide.
 *
 * Not part of the engine's contract: only src/mpn/div*.c, root*.c and
 * gcd*.c include it.  Everything here is static inline. */
#ifndef BGCN_DIV_IMPL_H
#define BGCN_DIV_IMPL_H

#include "bgcn.h"

typedef unsigned __int128 bgcn_div_dlimb;

static inline int bgcn_div_clz(bgcn_limb_t x)
{
    BGCN_ASSERT(x != 0);
    return __builtin_clzll(x);
}

static inline int bgcn_div_ctz(bgcn_limb_t x)
{
    BGCN_ASSERT(x != 0);
    return __builtin_ctzll(x);
}

/* 2/1 step: divide <u1,u0> by normalised d (u1 < d) with v =
 * bgcn_invert_limb(d).  Returns the quotient, stores the remainder. */
static inline bgcn_limb_t bgcn_div_2by1(bgcn_limb_t *r, bgcn_limb_t u1,
                                        bgcn_limb_t u0, bgcn_limb_t d,
                                        bgcn_limb_t v)
{
    bgcn_div_dlimb q = (bgcn_div_dlimb)v * u1;
    q += ((bgcn_div_dlimb)u1 << 64) | u0;
    bgcn_limb_t q1 = (bgcn_limb_t)(q >> 64) + 1, q0 = (bgcn_limb_t)q;
    bgcn_limb_t rr = u0 - q1 * d;
    /* The candidate q1 is exact or one too large; the low remainder limb
     * compared with q0 decides, and a second correction is rare. */
    if (rr > q0) {
        q1--;
        rr += d;
    }
    if (__builtin_expect(rr >= d, 0)) {
        q1++;
        rr -= d;
    }
    *r = rr;
    return q1;
}

/* 3/2 reciprocal of the normalised two-limb divisor <d1,d0>:
 * floor((2^192 - 1) / <d1,d0>) - 2^64, derived from v1 = invert(d1)
 * (Möller–Granlund, algorithm 6). */
static inline bgcn_limb_t bgcn_div_invert_3by2(bgcn_limb_t d1, bgcn_limb_t d0,
                                               bgcn_limb_t v1)
{
    bgcn_limb_t v = v1;
    bgcn_limb_t p = d1 * v;
    p += d0;
    if (p < d0) {
        v--;
        if (p >= d1) {
            v--;
            p -= d1;
        }
        p -= d1;
    }
    bgcn_div_dlimb t = (bgcn_div_dlimb)v * d0;
    bgcn_limb_t t1 = (bgcn_limb_t)(t >> 64), t0 = (bgcn_limb_t)t;
    p += t1;
    if (p < t1) {
        v--;
        if (p > d1 || (p == d1 && t0 >= d0))
            v--;
    }
    return v;
}

/* 3/2 step: divide <u2,u1,u0> by normalised <d1,d0>, <u2,u1> < <d1,d0>,
 * with v its 3/2 reciprocal.  Returns the quotient limb and stores the
 * two-limb remainder (Möller–Granlund, algorithm 5). */
static inline bgcn_limb_t bgcn_div_3by2(bgcn_limb_t *r1p, bgcn_limb_t *r0p,
                                        bgcn_limb_t u2, bgcn_limb_t u1,
                                        bgcn_limb_t u0, bgcn_limb_t d1,
                                        bgcn_limb_t d0, bgcn_limb_t v)
{
    bgcn_div_dlimb q = (bgcn_div_dlimb)v * u2;
    q += ((bgcn_div_dlimb)u2 << 64) | u1;
    bgcn_limb_t q1 = (bgcn_limb_t)(q >> 64), q0 = (bgcn_limb_t)q;
    bgcn_limb_t r1 = u1 - q1 * d1;
    bgcn_div_dlimb d = ((bgcn_div_dlimb)d1 << 64) | d0;
    bgcn_div_dlimb r = ((bgcn_div_dlimb)r1 << 64) | u0;
    r -= (bgcn_div_dlimb)d0 * q1;
    r -= d;
    q1++;
    if ((bgcn_limb_t)(r >> 64) >= q0) {
        q1--;
        r += d;
    }
    if (__builtin_expect(r >= d, 0)) {
        q1++;
        r -= d;
    }
    *r1p = (bgcn_limb_t)(r >> 64);
    *r0p = (bgcn_limb_t)r;
    return q1;
}

/* {rp,n} = {ap,n} << s, 0 < s < 64; returns the bits shifted out.  rp may
 * equal ap or lie above it (processed from the top). */
static inline bgcn_limb_t bgcn_div_lshift(bgcn_limb_t *rp,
                                          const bgcn_limb_t *ap, long n,
                                          int s)
{
    bgcn_limb_t out = ap[n - 1] >> (64 - s);
    for (long i = n - 1; i > 0; i--)
        rp[i] = (ap[i] << s) | (ap[i - 1] >> (64 - s));
    rp[0] = ap[0] << s;
    return out;
}

/* {rp,n} = {ap,n} >> s, 0 < s < 64; returns the bits shifted out (at the
 * top of the limb).  rp may equal ap or lie below it. */
static inline bgcn_limb_t bgcn_div_rshift(bgcn_limb_t *rp,
                                          const bgcn_limb_t *ap, long n,
                                          int s)
{
    bgcn_limb_t out = ap[0] << (64 - s);
    for (long i = 0; i < n - 1; i++)
        rp[i] = (ap[i] >> s) | (ap[i + 1] << (64 - s));
    rp[n - 1] = ap[n - 1] >> s;
    return out;
}

/* {rp,n} = {ap,n} - 1 (rp may equal ap); returns the borrow.  n >= 0. */
static inline bgcn_limb_t bgcn_div_decr(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                        long n)
{
    for (long i = 0; i < n; i++) {
        bgcn_limb_t a = ap[i];
        rp[i] = a - 1;
        if (a != 0) {
            bgcn_copyi(rp + i + 1, ap + i + 1, n - i - 1);
            return 0;
        }
    }
    return 1;
}

/* {rp,n} = {ap,n} + 1 (rp may equal ap); returns the carry.  n >= 0. */
static inline bgcn_limb_t bgcn_div_incr(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                        long n)
{
    for (long i = 0; i < n; i++) {
        bgcn_limb_t a = ap[i] + 1;
        rp[i] = a;
        if (a != 0) {
            bgcn_copyi(rp + i + 1, ap + i + 1, n - i - 1);
            return 0;
        }
    }
    return 1;
}

/* Compares {ap,n} and {bp,n}: 1, 0 or -1.  n >= 0. */
static inline int bgcn_div_cmp(const bgcn_limb_t *ap, const bgcn_limb_t *bp,
                               long n)
{
    for (long i = n - 1; i >= 0; i--)
        if (ap[i] != bp[i])
            return ap[i] > bp[i] ? 1 : -1;
    return 0;
}

/* {rp,an+bn} = {ap,an} * {bp,bn} for any an, bn >= 1 (orders the operands
 * for bgcn_mul). */
static inline bgcn_status bgcn_div_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                       long an, const bgcn_limb_t *bp, long bn)
{
    if (an >= bn)
        return bgcn_mul(rp, ap, an, bp, bn);
    return bgcn_mul(rp, bp, bn, ap, an);
}

/* d^-1 mod 2^64 for odd d, by Newton's iteration x <- x*(2 - d*x), which
 * doubles the number of correct low bits; (3d) xor 2 is right to 5 bits
 * (a classical seed), so four steps reach 80 >= 64. */
static inline bgcn_limb_t bgcn_div_binvert_limb(bgcn_limb_t d)
{
    BGCN_ASSERT(d & 1);
    bgcn_limb_t x = (3 * d) ^ 2;
    x *= 2 - d * x;
    x *= 2 - d * x;
    x *= 2 - d * x;
    x *= 2 - d * x;
    return x;
}

#endif
