/* sqrtrem.c -- square root with remainder: bgcn_sqrtrem.  Contract in
 * bgcn.h.
 *
 * Method: Karatsuba square root (P. Zimmermann, "Karatsuba Square Root",
 * INRIA RR-3805, 1999).  For a normalised N = a3 b^3 + a2 b^2 + a1 b + a0
 * (b = B^l, top limb >= B/4):
 *     (s', r') = SqrtRem(a3 b + a2)          -- recursion on the top half
 *     (q, u)   = DivRem(r' b + a1, 2 s')
 *     s = s' b + q,   r = u b + a0 - q^2
 *     if r < 0:  r += 2s - 1,  s -= 1        -- at most once
 * Only the top half recurses, so the cost is one division of n by n/2
 * limbs plus one square of n/2 limbs per level: a small multiple of
 * M(n).  The division by 2s' is done as a division by s' (normalised, so
 * no shift) whose quotient is then halved, the odd bit moving s' into the
 * remainder.  A remainder carrying into a bit above the top limb is kept
 * as a separate high bit (r < 2s + 1 always).
 *
 * The public entry shifts N left by an even number of bits (plus one zero
 * limb when nn is odd) to normalise it; the root of the shifted value
 * shifted right by half that count is the root of N, and the remainder
 * follows from the shifted one with one limb product (see below). */
#include "div-impl.h"

/* floor(sqrt(<hi,lo>)) for hi >= 2^62 (so the root has its top bit set):
 * Newton's iteration s <- (s + N/s)/2 from 2^64 - 1, which is above the
 * root and decreases to it (about six steps; runs once per bgcn_sqrtrem
 * call, at the bottom of the recursion). */
static bgcn_limb_t sqrt_2by1(bgcn_limb_t hi, bgcn_limb_t lo)
{
    bgcn_div_dlimb n = ((bgcn_div_dlimb)hi << 64) | lo;
    bgcn_limb_t s = BGCN_LIMB_MAX;
    for (;;) {
        bgcn_div_dlimb t = ((bgcn_div_dlimb)s + n / s) >> 1;
        if (t >= s)
            return s;
        s = (bgcn_limb_t)t;
    }
}

uint64_t bgcn_sqrt_u64(uint64_t n)
{
    /* Newton's iteration from 2^ceil(bits/2) >= sqrt(n), which decreases
     * to the root; r + n/r < 2^34 throughout, so nothing overflows */
    if (n < 2)
        return n;
    uint64_t r = (uint64_t)1 << ((64 - __builtin_clzll(n) + 1) / 2);
    for (;;) {
        uint64_t t = (r + n / r) / 2;
        if (t >= r)
            return r;
        r = t;
    }
}

/* {np,2n} normalised (np[2n-1] >= 2^62): {sp,n} = floor(sqrt), remainder
 * {np,n} + *rhp * B^n (the rest of np is clobbered).  tp: n+1 limbs. */
static bgcn_status dc_sqrtrem(bgcn_limb_t *sp, bgcn_limb_t *np, long n,
                              bgcn_limb_t *rhp, bgcn_limb_t *tp)
{
    if (n == 1) {
        bgcn_limb_t s = sqrt_2by1(np[1], np[0]);
        bgcn_div_dlimb r = (((bgcn_div_dlimb)np[1] << 64) | np[0]) -
                           (bgcn_div_dlimb)s * s;
        sp[0] = s;
        np[0] = (bgcn_limb_t)r;
        *rhp = (bgcn_limb_t)(r >> 64);
        return BGCN_OK;
    }
    BGCN_POLL();
    long l = n / 2, h = n - l;
    bgcn_limb_t rh;
    BGCN_TRY(dc_sqrtrem(sp + l, np + 2 * l, h, &rh, tp));

    /* (q2, u2) = DivRem(r' b + a1, s'); r' = {np+2l,h} + rh B^h.  With
     * rh set, r' - s' fits h limbs and q2 gains b. */
    bgcn_limb_t q2top = 0;
    if (rh) {
        bgcn_sub_n(np + 2 * l, np + 2 * l, sp + l, h);
        q2top = 1;
    }
    bgcn_limb_t *qt = tp, *rem = tp + l + 1;
    BGCN_TRY(bgcn_tdiv_qr(qt, rem, np + l, n, sp + l, h));
    bgcn_copyi(np + l, rem, h);
    q2top += qt[l];

    /* q = q2 >> 1 into {sp,l} plus the bit qh (q <= b); u = u2 + (q2&1) s'
     * into {np+l,h} plus the bit uh. */
    bgcn_limb_t odd = qt[0] & 1;
    bgcn_div_rshift(sp, qt, l, 1);
    sp[l - 1] |= q2top << 63;
    bgcn_limb_t qh = q2top >> 1, uh = 0;
    BGCN_ASSERT(qh <= 1);
    if (odd)
        uh = bgcn_add_n(np + l, np + l, sp + l, h);

    /* r = u b + a0 - q^2, s = s' b + q. */
    bgcn_limb_t b;
    if (qh) {
        /* q = b exactly: q^2 = B^2l, and s' + 1 cannot carry out. */
        BGCN_ASSERT(bgcn_normalized_size(sp, l) == 0);
        bgcn_div_incr(sp + l, sp + l, h);
        b = 2 * l < n ? bgcn_div_decr(np + 2 * l, np + 2 * l, n - 2 * l) : 1;
    } else {
        BGCN_TRY(bgcn_sqr(tp, sp, l));
        b = bgcn_sub_n(np, np, tp, 2 * l);
        if (2 * l < n && b)
            b = bgcn_div_decr(np + 2 * l, np + 2 * l, n - 2 * l);
    }
    /* rh = uh - b as a signed value in {-1, 0, 1}. */
    if (uh < b) {
        /* r < 0: r += 2s - 1, s -= 1, i.e. s -= 1, r += 2s + 1. */
        bgcn_div_decr(sp, sp, n);
        bgcn_limb_t c = bgcn_add_n(np, np, sp, n);
        c += bgcn_add_n(np, np, sp, n);
        c += bgcn_div_incr(np, np, n);
        BGCN_ASSERT(c == 1 || c == 2); /* the -1 plus one high bit */
        *rhp = c - 1;
    } else {
        *rhp = uh - b;
    }
    return BGCN_OK;
}

bgcn_status bgcn_sqrtrem(bgcn_limb_t *sp, bgcn_limb_t *rp, long *rnp,
                         const bgcn_limb_t *np, long nn)
{
    BGCN_ASSERT(nn >= 1 && np[nn - 1] != 0);
    long n = (nn + 1) / 2;
    BGCN_ASSERT(!BGCN_OVERLAP_P(sp, n, np, nn));
    BGCN_ASSERT(rp == NULL || !BGCN_OVERLAP_P(rp, nn, np, nn));
    BGCN_ASSERT(rp == NULL || !BGCN_OVERLAP_P(rp, nn, sp, n));

    int c = bgcn_div_clz(np[nn - 1]) & ~1;
    int odd = nn & 1;
    int k = c / 2 + (odd ? 32 : 0); /* root shift: half the total shift */

    /* w: the normalised 2n limbs; t: n+1 limbs of recursion scratch,
     * later 2n limbs for s^2. */
    bgcn_limb_t *w = bgcn_alloc_limbs((size_t)(4 * n + 1));
    if (!w)
        return BGCN_ENOMEM;
    bgcn_limb_t *t = w + 2 * n;
    w[0] = 0;
    if (c)
        bgcn_div_lshift(w + odd, np, nn, c);
    else
        bgcn_copyi(w + odd, np, nn);

    bgcn_limb_t rh;
    bgcn_status st = dc_sqrtrem(sp, w, n, &rh, t);
    if (st != BGCN_OK)
        goto done;

    long rn;
    if (k == 0) {
        /* nn even, no shift: the remainder is {w,n} + rh B^n. */
        w[n] = rh;
        rn = bgcn_normalized_size(w, n + 1);
        if (rp)
            bgcn_copyi(rp, w, rn);
    } else {
        /* N 4^k = S^2 + R with S = s 2^k + s0, s0 < 2^k, so
         * N - s^2 = (R + 2 S s0 - s0^2) / 4^k exactly: linear work. */
        rn = 0;
        if (rp || rnp) {
            bgcn_limb_t s0 = sp[0] & (((bgcn_limb_t)1 << k) - 1);
            bgcn_copyi(t, w, n);
            t[n] = rh;
            t[n + 1] = 0;
            if (s0) {
                bgcn_limb_t cy = bgcn_addmul_1(t, sp, n, 2 * s0);
                t[n] += cy;
                t[n + 1] += t[n] < cy;
                bgcn_div_dlimb q = (bgcn_div_dlimb)s0 * s0;
                bgcn_limb_t lo = (bgcn_limb_t)q, hi = (bgcn_limb_t)(q >> 64);
                bgcn_limb_t b0 = t[0] < lo;
                t[0] -= lo;
                bgcn_limb_t b1 = t[1] < hi || (t[1] == hi && b0);
                t[1] -= hi + b0;
                if (b1)
                    bgcn_div_decr(t + 2, t + 2, n);
            }
            long tn = n + 2;
            bgcn_limb_t *r = t;
            int bits = 2 * k;
            if (bits >= 64) {
                r++;
                tn--;
                bits -= 64;
            }
            if (bits)
                bgcn_div_rshift(r, r, tn, bits);
            rn = bgcn_normalized_size(r, tn);
            BGCN_ASSERT(rn <= nn);
            if (rp)
                bgcn_copyi(rp, r, rn);
        }
        bgcn_div_rshift(sp, sp, n, k);
    }
    if (rnp)
        *rnp = rn;
done:
    bgcn_free_limbs(w);
    return st;
}
