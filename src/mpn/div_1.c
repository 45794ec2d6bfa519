/* div_1.c -- single-limb division: bgcn_invert_limb, bgcn_divrem_1,
 * bgcn_mod_1.  Contracts in bgcn.h.
 *
 * The divisor is normalised by a left shift s (so its top bit is set) and
 * the dividend is shifted on the fly, limb by limb, so no scratch is
 * needed; each step is one Möller–Granlund 2/1 division by the
 * precomputed reciprocal (div-impl.h).  The remainder is shifted back.
 * bgcn_mod_1 of long inputs avoids the latency-bound chain: mod_1_4 for
 * d < B/6, four interleaved chains (mod_1_chains) otherwise. */
#include "div-impl.h"

bgcn_limb_t bgcn_invert_limb(bgcn_limb_t d)
{
    BGCN_ASSERT(d & BGCN_LIMB_HIGHBIT);
    /* (2^128 - 1 - d*2^64) / d = floor((2^128-1)/d) - 2^64; the high
     * half ~d is below d, so the quotient fits one limb. */
    bgcn_div_dlimb num = ((bgcn_div_dlimb)~d << 64) | BGCN_LIMB_MAX;
    return (bgcn_limb_t)(num / d);
}

bgcn_limb_t bgcn_divrem_1(bgcn_limb_t *qp, const bgcn_limb_t *np, long n,
                          bgcn_limb_t d)
{
    BGCN_ASSERT(n >= 1 && d != 0);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(qp, np, n));
    int s = bgcn_div_clz(d);
    d <<= s;
    bgcn_limb_t v = bgcn_invert_limb(d), r;
    long i = n - 1;
    if (s == 0) {
        r = 0;
        if (np[i] < d) { /* top quotient limb is 0: skip one division */
            r = np[i];
            qp[i--] = 0;
        }
        for (; i >= 0; i--)
            qp[i] = bgcn_div_2by1(&r, r, np[i], d, v);
        return r;
    }
    /* Shifted on the fly: the window limb is (np[i] << s) | (np[i-1] >>
     * (64-s)); hi keeps np[i] so that qp == np works. */
    bgcn_limb_t hi = np[i];
    r = hi >> (64 - s);
    for (; i > 0; i--) {
        bgcn_limb_t lo = np[i - 1];
        qp[i] = bgcn_div_2by1(&r, r, (hi << s) | (lo >> (64 - s)), d, v);
        hi = lo;
    }
    qp[0] = bgcn_div_2by1(&r, r, hi << s, d, v);
    return r >> s;
}

/* mod_1 for d < B/6 and long inputs, four limbs per step without a
 * dependent division: with c_i = B^i mod d, the running value
 * S = <h,l> (h < 6d) followed by limbs a3..a0 is congruent to
 *   h c5 + l c4 + a3 c3 + a2 c2 + a1 c1 + a0,
 * six terms each below B d, so the sum stays below 6 B d <= B^2 and h
 * stays below 6d.  The products are independent, so the loop runs at
 * multiplier throughput instead of the 2/1 step's latency. */
static bgcn_limb_t mod_1_4(const bgcn_limb_t *np, long n, bgcn_limb_t d)
{
    bgcn_limb_t c[6];
    c[0] = 1 % d;
    for (int i = 1; i < 6; i++)
        c[i] = (bgcn_limb_t)((((bgcn_div_dlimb)c[i - 1]) << 64) % d);
    long i = n;
    bgcn_limb_t h = 0, l = 0;
    /* leading n mod 4 limbs go into <h,l> directly (value < B^2 with
     * h < 6d requires reducing: take at most two limbs, h = top mod d) */
    long lead = n % 4;
    if (lead == 0)
        lead = 4;
    if (lead >= 2) {
        h = np[--i] % d;
        l = np[--i];
        lead -= 2;
    }
    while (lead-- > 0) {
        /* S <- S B + a, with S = <h,l>: h' = l mod-ish, via the c's */
        bgcn_div_dlimb t = (bgcn_div_dlimb)h * c[2] + (bgcn_div_dlimb)l * c[1] + np[--i];
        h = (bgcn_limb_t)(t >> 64);
        l = (bgcn_limb_t)t;
    }
    while (i >= 4) {
        i -= 4;
        bgcn_div_dlimb t = (bgcn_div_dlimb)h * c[5] + (bgcn_div_dlimb)l * c[4];
        t += (bgcn_div_dlimb)np[i + 3] * c[3];
        t += (bgcn_div_dlimb)np[i + 2] * c[2];
        t += (bgcn_div_dlimb)np[i + 1] * c[1];
        t += np[i];
        h = (bgcn_limb_t)(t >> 64);
        l = (bgcn_limb_t)t;
    }
    /* <h,l> mod d, h < 6d */
    while (h >= d)
        h -= d;
    int s = bgcn_div_clz(d);
    bgcn_limb_t dn = d << s, r;
    bgcn_limb_t u1 = s ? (h << s) | (l >> (64 - s)) : h, u0 = l << s;
    bgcn_div_2by1(&r, u1, u0, dn, bgcn_invert_limb(dn));
    return r >> s;
}

/* Limb i of N << s (0 < s < 64 or s == 0), i in [0, n]. */
static inline bgcn_limb_t shifted_limb(const bgcn_limb_t *np, long n, long i,
                                       int s)
{
    bgcn_limb_t hi = i < n ? np[i] : 0;
    if (s == 0)
        return hi;
    return (hi << s) | (i > 0 ? np[i - 1] >> (64 - s) : 0);
}

/* mod_1 for large d (>= B/6): the 2/1 step is latency-bound, so N << s
 * (s = clz d, so that d << s is normalised) is cut into four segments of
 * L limbs whose residues are computed by four independent chains in one
 * loop, then combined with B^L mod d' by three more 2/1 steps per
 * segment.  N << s mod d << s = (N mod d) << s. */
static bgcn_limb_t mod_1_chains(const bgcn_limb_t *np, long n, bgcn_limb_t d)
{
    int s = bgcn_div_clz(d);
    bgcn_limb_t dn = d << s, v = bgcn_invert_limb(dn);
    long m = n + (s != 0); /* limbs of N << s */
    long L = m / 4; /* segments 0..2 have L limbs, segment 3 the rest */
    bgcn_limb_t r0 = 0, r1 = 0, r2 = 0, r3 = 0;
    /* the top segment's extra limbs first */
    for (long i = m - 1; i >= 3 * L + L; i--)
        bgcn_div_2by1(&r3, r3, shifted_limb(np, n, i, s), dn, v);
    for (long j = L - 1; j >= 0; j--) {
        bgcn_div_2by1(&r0, r0, shifted_limb(np, n, j, s), dn, v);
        bgcn_div_2by1(&r1, r1, shifted_limb(np, n, L + j, s), dn, v);
        bgcn_div_2by1(&r2, r2, shifted_limb(np, n, 2 * L + j, s), dn, v);
        bgcn_div_2by1(&r3, r3, shifted_limb(np, n, 3 * L + j, s), dn, v);
    }
    /* c = B^L mod d' by square-and-multiply with 2/1 reductions */
    bgcn_limb_t c = 0, base, r;
    bgcn_div_2by1(&base, 1, 0, dn, v); /* B mod d' (1 < d') */
    bgcn_div_2by1(&c, 0, 1, dn, v);    /* 1 mod d' */
    for (long e = L; e; e >>= 1) {
        bgcn_div_dlimb t;
        if (e & 1) {
            t = (bgcn_div_dlimb)c * base;
            bgcn_div_2by1(&c, (bgcn_limb_t)(t >> 64), (bgcn_limb_t)t, dn, v);
        }
        t = (bgcn_div_dlimb)base * base;
        bgcn_div_2by1(&base, (bgcn_limb_t)(t >> 64), (bgcn_limb_t)t, dn, v);
    }
    /* r = ((r3 c + r2) c + r1) c + r0 mod d' (Horner) */
    r = r3;
    const bgcn_limb_t rs[3] = {r2, r1, r0};
    for (int k = 0; k < 3; k++) {
        bgcn_div_dlimb t = (bgcn_div_dlimb)r * c + rs[k];
        bgcn_div_2by1(&r, (bgcn_limb_t)(t >> 64), (bgcn_limb_t)t, dn, v);
    }
    return r >> s;
}

bgcn_limb_t bgcn_mod_1(const bgcn_limb_t *np, long n, bgcn_limb_t d)
{
    BGCN_ASSERT(n >= 1 && d != 0);
    if (n >= 16 && d < BGCN_LIMB_MAX / 6)
        return mod_1_4(np, n, d);
    if (n >= 64)
        return mod_1_chains(np, n, d);
    int s = bgcn_div_clz(d);
    d <<= s;
    bgcn_limb_t v = bgcn_invert_limb(d), r;
    long i = n - 1;
    if (s == 0) {
        r = 0;
        if (np[i] < d)
            r = np[i--];
        for (; i >= 0; i--)
            bgcn_div_2by1(&r, r, np[i], d, v);
        return r;
    }
    bgcn_limb_t hi = np[i];
    r = hi >> (64 - s);
    for (; i > 0; i--) {
        bgcn_limb_t lo = np[i - 1];
        bgcn_div_2by1(&r, r, (hi << s) | (lo >> (64 - s)), d, v);
        hi = lo;
    }
    bgcn_div_2by1(&r, r, hi << s, d, v);
    return r >> s;
}
