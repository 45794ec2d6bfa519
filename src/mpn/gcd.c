/* gcd.c -- greatest common divisor: bgcn_gcd_11, bgcn_gcd_22, bgcn_gcd.
 * Contracts in bgcn.h.
 *
 * One and two limbs: binary gcd (Stein): strip the common power of 2,
 * then repeatedly replace the larger odd number by the odd part of the
 * difference; the min/abs step is written with masks so the loop has no
 * unpredictable branch.
 *
 * Larger: Lehmer's algorithm with double-limb steps (gcd-impl.h).  The top
 * 128 bits of a >= b drive an exact Euclid on two-limb numbers, stopped
 * while remainders are still >= 2^65, whose 2x2 cofactor matrix (entries
 * < 2^63) is then applied to the full numbers in one fused pass each,
 * reducing them by about 63 bits for 2 passes over n limbs.  When the
 * sizes differ too much for that (b's top is below 2^65 at a's scale) a
 * full division step a mod b is taken instead.  The matrix is unimodular,
 * so the gcd is preserved even if a quotient were wrong; only the speed
 * depends on the stopping rule.  Two limbs or fewer: binary gcd, without
 * scratch when both operands are that small (slow twin, for the tests:
 * the general loop, bgcn_gcd_slow_twins). */
#include "gcd-impl.h"

bgcn_limb_t bgcn_gcd_11(bgcn_limb_t u, bgcn_limb_t v)
{
    if (u == 0)
        return v;
    if (v == 0)
        return u;
    int k = bgcn_div_ctz(u | v);
    u >>= bgcn_div_ctz(u);
    v >>= bgcn_div_ctz(v);
    /* Both odd from here on.  The trailing zeros of v - u are those of
     * |v - u|, so the count starts as soon as the difference is known and
     * runs beside the min/abs selection (conditional moves): the loop's
     * dependency chain is sub, tzcnt, shift. */
    while (u != v) {
        bgcn_limb_t d = v - u;
        int c = bgcn_div_ctz(d);
        bgcn_limb_t nd = u - v;
        int lt = v < u;
        u = lt ? v : u;  /* min(u, v) */
        d = lt ? nd : d; /* |v - u| */
        v = d >> c;
    }
    return u << k;
}

static int ctz128(bgcn_div_dlimb x)
{
    bgcn_limb_t lo = (bgcn_limb_t)x;
    return lo ? bgcn_div_ctz(lo) : 64 + bgcn_div_ctz((bgcn_limb_t)(x >> 64));
}

void bgcn_gcd_22(bgcn_limb_t *gp, bgcn_limb_t u1, bgcn_limb_t u0,
                 bgcn_limb_t v1, bgcn_limb_t v0)
{
    bgcn_div_dlimb u = ((bgcn_div_dlimb)u1 << 64) | u0;
    bgcn_div_dlimb v = ((bgcn_div_dlimb)v1 << 64) | v0;
    bgcn_div_dlimb g;
    if (u == 0 || v == 0) {
        g = u | v;
    } else {
        int k = ctz128(u | v);
        u >>= ctz128(u);
        v >>= ctz128(v);
        /* as gcd_11: the count from v - u beside the min/abs selection */
        while (u != v) {
            /* once both fit one limb, the single-limb loop is faster */
            if (((u | v) >> 64) == 0) {
                u = bgcn_gcd_11((bgcn_limb_t)u, (bgcn_limb_t)v);
                break;
            }
            bgcn_div_dlimb d = v - u, nd = u - v;
            int c = ctz128(d);
            int lt = v < u;
            u = lt ? v : u;
            d = lt ? nd : d;
            v = d >> c;
        }
        g = u << k;
    }
    gp[0] = (bgcn_limb_t)g;
    gp[1] = (bgcn_limb_t)(g >> 64);
}

/* Compares {ap,an} and {bp,bn}, both normalised. */
static int cmp_norm(const bgcn_limb_t *ap, long an, const bgcn_limb_t *bp,
                    long bn)
{
    if (an != bn)
        return an > bn ? 1 : -1;
    return bgcn_div_cmp(ap, bp, an);
}

long bgcn_gcd_dc_threshold = BGCN_GCD_DC_THRESHOLD;
/* Set by tests: the two-limb pairs go through the general loop (scratch,
 * then bgcn_gcd_22) instead of straight to bgcn_gcd_22; bgcn_gcdext reads
 * it too (gcdext.c). */
int bgcn_gcd_slow_twins;

bgcn_status bgcn_gcd(bgcn_limb_t *gp, long *gn, const bgcn_limb_t *up,
                     long un, const bgcn_limb_t *vp, long vn)
{
    BGCN_ASSERT(un >= 1 && vn >= 1 && up[un - 1] != 0 && vp[vn - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(gp, un < vn ? un : vn, up, un));
    BGCN_ASSERT(!BGCN_OVERLAP_P(gp, un < vn ? un : vn, vp, vn));

    if (un == 1 && vn == 1) {
        gp[0] = bgcn_gcd_11(up[0], vp[0]);
        *gn = 1;
        return BGCN_OK;
    }
    if (un <= 2 && vn <= 2 && !bgcn_gcd_slow_twins) {
        /* no scratch: the two-limb binary gcd (gp has min(un, vn) limbs,
         * and g fits them) */
        bgcn_limb_t g[2];
        bgcn_gcd_22(g, un > 1 ? up[1] : 0, up[0], vn > 1 ? vp[1] : 0, vp[0]);
        gp[0] = g[0];
        *gn = 1;
        if (g[1]) {
            gp[1] = g[1];
            *gn = 2;
        }
        return BGCN_OK;
    }
    long n = (un > vn ? un : vn) + 1;
    /* a, b: the pair; c, d: where the next pair is built. */
    bgcn_limb_t *buf = bgcn_alloc_limbs((size_t)(4 * n));
    if (!buf)
        return BGCN_ENOMEM;
    bgcn_limb_t *a = buf, *b = buf + n, *c = buf + 2 * n, *d = buf + 3 * n;
    long an = un, bn = vn;
    bgcn_copyi(a, up, un);
    bgcn_copyi(b, vp, vn);
    if (cmp_norm(a, an, b, bn) < 0) {
        bgcn_limb_t *t = a; a = b; b = t;
        long tn = an; an = bn; bn = tn;
    }

    bgcn_status st = BGCN_OK;
    unsigned long iter = 0;
    /* invariant: a >= b, both normalised.  Limbs above the sizes are
     * garbage; the Lehmer step reads b at a's size, so when an = bn + 1
     * the one limb b[bn] is cleared first. */
    while (bn > 0) {
        if (an <= 2)
            break;
        if ((++iter & 63) == 0 && bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        if (bn == 1) {
            bgcn_limb_t r = bgcn_mod_1(a, an, b[0]);
            a[0] = b[0];
            b[0] = r;
            an = 1;
            bn = r != 0;
            break;
        }
        if (bn >= bgcn_gcd_dc_threshold && an - bn <= 1) {
            /* half-gcd step on the top half: about a quarter off.  It
             * wants both buffers zero-padded to an + 1 limbs. */
            int ok;
            bgcn_zero(a + an, 1);
            bgcn_zero(b + bn, an + 1 - bn);
            st = bgcn_hgcd_reduce(&ok, a, &an, b, &bn, an / 2, NULL);
            if (st != BGCN_OK)
                goto done;
            if (ok)
                continue;
        }
        struct bgcn_lehmer m;
        int steps = 0;
        if (an - bn <= 1) {
            bgcn_div_dlimb A, B;
            if (bn < an)
                b[bn] = 0;
            bgcn_gcd_top2(&A, &B, a, b, an);
            steps = bgcn_lehmer_step(&m, A, B);
        }
        if (steps == 0) {
            /* division step: (a, b) <- (b, a mod b) */
            st = bgcn_tdiv_qr(NULL, c, a, an, b, bn);
            if (st != BGCN_OK)
                goto done;
            bgcn_limb_t *t = a;
            a = b;
            an = bn;
            b = c;
            bn = bgcn_normalized_size(c, bn);
            c = t;
            continue;
        }
        /* (c, d) = M^-1 (a, b), signs by the parity of the steps */
        if (!m.neg) {
            bgcn_gcd_lin_sub(c, a, b, an, m.u0, m.v0);
            bgcn_gcd_lin_sub(d, b, a, an, m.v1, m.u1);
        } else {
            bgcn_gcd_lin_sub(c, b, a, an, m.v0, m.u0);
            bgcn_gcd_lin_sub(d, a, b, an, m.u1, m.v1);
        }
        long cn = bgcn_normalized_size(c, an + 1);
        long dn = bgcn_normalized_size(d, an + 1);
        bgcn_limb_t *t1 = a, *t2 = b;
        if (cmp_norm(c, cn, d, dn) >= 0) {
            a = c, an = cn, b = d, bn = dn;
        } else {
            a = d, an = dn, b = c, bn = cn;
        }
        c = t1;
        d = t2;
    }
    if (bn == 0) {
        bgcn_copyi(gp, a, an);
        *gn = an;
    } else {
        /* both at most two limbs */
        bgcn_limb_t g[2];
        bgcn_gcd_22(g, an > 1 ? a[1] : 0, a[0], bn > 1 ? b[1] : 0, b[0]);
        gp[0] = g[0];
        *gn = 1;
        if (g[1]) {
            gp[1] = g[1];
            *gn = 2;
        }
    }
done:
    bgcn_free_limbs(buf);
    return st;
}
