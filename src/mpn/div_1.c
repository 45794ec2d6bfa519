/* div_1.c -- single-limb division: bgcn_invert_limb, bgcn_divrem_1,
 * bgcn_mod_1.  Contracts in bgcn.h.
 *
 * The divisor is normalised by a left shift s (so its top bit is set) and
 * the dividend is shifted on the fly, limb by limb, so no scratch is
 * needed; each step is one Möller–Granlund 2/1 division by the
 * precomputed reciprocal (div-impl.h).  The remainder is shifted back. */
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

bgcn_limb_t bgcn_mod_1(const bgcn_limb_t *np, long n, bgcn_limb_t d)
{
    BGCN_ASSERT(n >= 1 && d != 0);
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
