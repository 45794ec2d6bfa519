/* rootrem.c -- k-th root with remainder: bgcn_rootrem.  Contract in
 * bgcn.h.
 *
 * Method: integer Newton iteration x <- ((k-1) x + floor(N / x^(k-1))) / k
 * (floored).  From any x >= floor(N^(1/k)) it decreases strictly until it
 * reaches the root, after which it no longer decreases (arithmetic-
 * geometric mean inequality), so "iterate while it decreases" is exact.
 * To make the start close, the root of N is built from the root of
 * N >> (k*h), h about half the root's bits: if y is that root, then
 * (y + 1) << h is above the root of N and within a factor 1 + 2^-(r/2) of
 * it, so two or three Newton steps finish; the work per level halves, so
 * the whole is a small multiple of the top level (Brent and Zimmermann,
 * "Modern Computer Arithmetic", 1.5.2).  Roots of up to 32 bits are
 * found bit by bit from the top.  k = 2 goes to bgcn_sqrtrem. */
#include "div-impl.h"

/* Working context: one scratch arena. */
struct rctx {
    unsigned long k;
    long cap;            /* limbs of each big buffer */
    bgcn_limb_t *p, *t;  /* x^j and a spare for powering */
    bgcn_limb_t *q, *w;  /* quotient, Newton sum */
};

static long bitlen(const bgcn_limb_t *ap, long n)
{
    return n == 0 ? 0 : 64 * (n - 1) + 64 - bgcn_div_clz(ap[n - 1]);
}

/* {c->p, *pn} = x^e (e >= 1), or returns 1 (result unspecified) when it
 * would exceed lim limbs. */
static bgcn_status rpow(struct rctx *c, long *pn, int *over,
                        const bgcn_limb_t *xp, long xn, unsigned long e,
                        long lim)
{
    *over = 0;
    int top = 63 - bgcn_div_clz(e);
    bgcn_copyi(c->p, xp, xn);
    long n = xn;
    for (int b = top - 1; b >= 0; b--) {
        if (2 * n > lim + 1) {
            *over = 1;
            return BGCN_OK;
        }
        BGCN_TRY(bgcn_sqr(c->t, c->p, n));
        n = bgcn_normalized_size(c->t, 2 * n);
        bgcn_copyi(c->p, c->t, n);
        if ((e >> b) & 1) {
            if (n + xn > lim + 1) {
                *over = 1;
                return BGCN_OK;
            }
            BGCN_TRY(n >= xn ? bgcn_mul(c->t, c->p, n, xp, xn)
                             : bgcn_mul(c->t, xp, xn, c->p, n));
            n = bgcn_normalized_size(c->t, n + xn);
            bgcn_copyi(c->p, c->t, n);
        }
    }
    if (n > lim) {
        *over = 1;
        return BGCN_OK;
    }
    *pn = n;
    return BGCN_OK;
}

/* Compares x^k with {np,nn}: returns via *cmp -1, 0, 1. */
static bgcn_status pow_cmp(struct rctx *c, int *cmp, const bgcn_limb_t *xp,
                           long xn, const bgcn_limb_t *np, long nn)
{
    long pn;
    int over;
    BGCN_TRY(rpow(c, &pn, &over, xp, xn, c->k, nn));
    if (over || pn > nn) {
        *cmp = 1;
        return BGCN_OK;
    }
    if (pn < nn)
        *cmp = -1;
    else
        *cmp = bgcn_div_cmp(c->p, np, nn);
    return BGCN_OK;
}

/* {xp,*xn} = floor({np,nn}^(1/k)), nn >= 1 normalised; xp has room for
 * (bits/k)/64 + 2 limbs. */
static bgcn_status root_rec(struct rctx *c, bgcn_limb_t *xp, long *xn,
                            const bgcn_limb_t *np, long nn)
{
    unsigned long k = c->k;
    long L = bitlen(np, nn);
    long rbits = (L + (long)k - 1) / (long)k; /* root < 2^rbits */
    BGCN_POLL();
    if (rbits <= 32) {
        /* bit by bit from the top: x^k <= N decides each bit */
        bgcn_limb_t x = 0;
        for (long b = rbits - 1; b >= 0; b--) {
            bgcn_limb_t y = x | ((bgcn_limb_t)1 << b);
            int cmp;
            BGCN_TRY(pow_cmp(c, &cmp, &y, 1, np, nn));
            if (cmp <= 0)
                x = y;
        }
        xp[0] = x;
        *xn = x != 0;
        return BGCN_OK;
    }
    /* root of the top part: N' = N >> (k h) */
    long h = rbits / 2 - 1;
    unsigned long sh = k * (unsigned long)h;
    long limbs = (long)(sh / 64);
    int bits = (int)(sh % 64);
    long n2 = nn - limbs;
    BGCN_ASSERT(n2 >= 1);
    bgcn_limb_t *top = bgcn_alloc_limbs((size_t)n2);
    if (!top)
        return BGCN_ENOMEM;
    if (bits)
        bgcn_div_rshift(top, np + limbs, n2, bits);
    else
        bgcn_copyi(top, np + limbs, n2);
    n2 = bgcn_normalized_size(top, n2);
    long yn;
    bgcn_status st = root_rec(c, xp, &yn, top, n2);
    bgcn_free_limbs(top);
    BGCN_TRY(st);

    /* x = (y + 1) << h: above the root of N */
    long hl = h / 64;
    int hb = (int)(h % 64);
    if (yn == 0) {
        xp[0] = 1;
        yn = 1;
    } else if (bgcn_div_incr(xp, xp, yn)) {
        xp[yn++] = 1;
    }
    if (hb) {
        bgcn_limb_t out = bgcn_div_lshift(xp, xp, yn, hb);
        if (out)
            xp[yn++] = out;
    }
    for (long i = yn - 1; i >= 0; i--) /* up by hl whole limbs */
        xp[i + hl] = xp[i];
    bgcn_zero(xp, hl);
    long n = yn + hl;

    /* Newton from above while it decreases */
    for (;;) {
        BGCN_POLL();
        /* q = N / x^(k-1) (0 when x^(k-1) > N) */
        long pn, qn = 0;
        int over;
        BGCN_TRY(rpow(c, &pn, &over, xp, n, k - 1, nn));
        if (!over && pn <= nn) {
            if (pn < nn || bgcn_div_cmp(c->p, np, nn) <= 0) {
                BGCN_TRY(bgcn_tdiv_qr(c->q, NULL, np, nn, c->p, pn));
                qn = bgcn_normalized_size(c->q, nn - pn + 1);
            }
        }
        /* w = (k-1) x + q, in wn = max(n+1, qn) + 1 limbs */
        long wn = (n + 1 > qn ? n + 1 : qn) + 1;
        bgcn_zero(c->w, wn);
        c->w[n] = bgcn_mul_1(c->w, xp, n, k - 1);
        if (qn && bgcn_add_n(c->w, c->w, c->q, qn))
            bgcn_div_incr(c->w + qn, c->w + qn, wn - qn);
        wn = bgcn_normalized_size(c->w, wn);
        /* x' = w / k */
        bgcn_divrem_1(c->w, c->w, wn, k);
        wn = bgcn_normalized_size(c->w, wn);
        /* stop unless x' < x */
        if (wn > n || (wn == n && bgcn_div_cmp(c->w, xp, n) >= 0))
            break;
        bgcn_copyi(xp, c->w, wn);
        n = wn;
    }
    *xn = n;
    return BGCN_OK;
}

bgcn_status bgcn_rootrem(bgcn_limb_t *rootp, long *rootn, bgcn_limb_t *remp,
                         long *remn, const bgcn_limb_t *np, long nn,
                         unsigned long k)
{
    BGCN_ASSERT(nn >= 1 && np[nn - 1] != 0 && k >= 1);
    long L = bitlen(np, nn);
    long rlimbs = (L / (long)k) / 64 + 2; /* room the root may need */
    BGCN_ASSERT(!BGCN_OVERLAP_P(rootp, (L / (long)k) / 64 + 1, np, nn));
    BGCN_ASSERT(remp == NULL || !BGCN_OVERLAP_P(remp, nn, np, nn));

    if (k == 1) {
        bgcn_copyi(rootp, np, nn);
        *rootn = nn;
        if (remn)
            *remn = 0;
        return BGCN_OK;
    }
    if (k == 2) {
        long sn = (nn + 1) / 2, rn;
        BGCN_TRY(bgcn_sqrtrem(rootp, remp, &rn, np, nn));
        *rootn = bgcn_normalized_size(rootp, sn);
        if (remn)
            *remn = rn;
        return BGCN_OK;
    }
    if ((unsigned long)L <= k) {
        /* 1 <= N < 2^k: the root is 1 */
        rootp[0] = 1;
        *rootn = 1;
        if (remp || remn) {
            /* remainder N - 1: only its size is needed without remp */
            bgcn_limb_t *r = remp ? remp : bgcn_alloc_limbs((size_t)nn);
            if (!r)
                return BGCN_ENOMEM;
            bgcn_copyi(r, np, nn);
            bgcn_div_decr(r, r, nn);
            if (remn)
                *remn = bgcn_normalized_size(r, nn);
            if (!remp)
                bgcn_free_limbs(r);
        }
        return BGCN_OK;
    }

    struct rctx c;
    c.k = k;
    c.cap = 2 * nn + 4;
    /* p, t: 2 cap each (products of two near-N numbers); q, w: cap */
    bgcn_limb_t *buf = bgcn_alloc_limbs((size_t)(6 * c.cap + rlimbs + 2));
    if (!buf)
        return BGCN_ENOMEM;
    c.p = buf;
    c.t = c.p + 2 * c.cap;
    c.q = c.t + 2 * c.cap;
    c.w = c.q + c.cap;
    bgcn_limb_t *x = c.w + c.cap;
    long xn;
    bgcn_status st = root_rec(&c, x, &xn, np, nn);
    if (st != BGCN_OK)
        goto done;
    bgcn_copyi(rootp, x, xn);
    *rootn = xn;
    if (remp || remn) {
        long pn;
        int over;
        st = rpow(&c, &pn, &over, x, xn, k, nn);
        if (st != BGCN_OK)
            goto done;
        BGCN_ASSERT(!over && pn <= nn);
        bgcn_limb_t *r = c.q;
        bgcn_copyi(r, np, nn);
        if (bgcn_sub_n(r, r, c.p, pn))
            bgcn_div_decr(r + pn, r + pn, nn - pn);
        long rn = bgcn_normalized_size(r, nn);
        if (remp)
            bgcn_copyi(remp, r, rn);
        if (remn)
            *remn = rn;
    }
done:
    bgcn_free_limbs(buf);
    return st;
}
