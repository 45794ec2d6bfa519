/* fib.c -- Fibonacci and Lucas numbers, plain and modular.  Contracts in
 * bgcn.h.
 *
 * Plain: fast doubling on the pair (F(k), F(k-1)) with two squarings per
 * bit (squares are cheaper than products):
 *     F(2k+1) = 4 F(k)^2 - F(k-1)^2 + 2(-1)^k
 *     F(2k-1) = F(k)^2 + F(k-1)^2
 *     F(2k)   = F(2k+1) - F(2k-1)
 * and L(n) = F(n) + 2 F(n-1).
 *
 * Modular: the pair (F(k), F(k+1)) mod m with
 *     F(2k) = F(k) (2 F(k+1) - F(k)),  F(2k+1) = F(k)^2 + F(k+1)^2,
 * products reduced by division, so any m works; the index is a limb
 * vector (fib(10^18) mod m takes 60 steps).  L(n) = 2 F(n+1) - F(n). */
#include "bgcn.h"

#include "powm-impl.h"

long bgcn_fib_size(uint64_t n)
{
    /* F(n) < phi^n, log2 phi = 0.69424...; L(n) < phi^n + 1 */
    double limbs = (double)n * 0.6942419136306174 / 64 + 3;
    if (limbs > (double)(__LONG_MAX__ / 4))
        return -1;
    return (long)limbs;
}

/* F(n) into {fp,*fn} and F(n-1) into {gp,*gn} for n >= 1; both buffers
 * have room for cap = bgcn_fib_size(n) limbs. */
static bgcn_status fib_pair(bgcn_limb_t *fp, long *fn, bgcn_limb_t *gp,
                            long *gn, uint64_t n, long cap)
{
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)3 * (size_t)(cap + 2));
    if (!blk)
        return BGCN_ENOMEM;
    bgcn_limb_t *a = blk, *b = blk + cap + 2, *t = b + cap + 2;
    bgcn_status st = BGCN_OK;
    long f = 1, g = 0; /* sizes of F(k), F(k-1) */
    fp[0] = 1;
    gp[0] = 0;
    uint64_t k = 1;
    for (int i = 62 - __builtin_clzll(n); i >= 0; i--) {
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        int bit = (int)((n >> i) & 1);
        /* a = F(k)^2, b = F(k-1)^2 */
        if ((st = bgcn_sqr(a, fp, f)) != BGCN_OK)
            goto done;
        long an = bgcn_normalized_size(a, 2 * f), bn = 0;
        if (g > 0) {
            if ((st = bgcn_sqr(b, gp, g)) != BGCN_OK)
                goto done;
            bn = bgcn_normalized_size(b, 2 * g);
        }
        /* t = 4a - b + 2(-1)^k = F(2k+1) */
        t[an] = bgcn_lshift(t, a, an, 2);
        long tn = an + 1;
        if (bn)
            bgcn_sub(t, t, tn, b, bn);
        if (k & 1)
            bgcn_sub_1(t, t, tn, 2);
        else
            bgcn_add_1(t, t, tn, 2);
        tn = bgcn_normalized_size(t, tn);
        /* a = a + b = F(2k-1) */
        if (bn) {
            a[an] = bgcn_add(a, a, an, b, bn);
            an = bgcn_normalized_size(a, an + 1);
        }
        if (bit) {
            /* (F(2k+1), F(2k)) */
            bgcn_copyi(fp, t, tn);
            bgcn_sub(t, t, tn, a, an);
            g = bgcn_normalized_size(t, tn);
            bgcn_copyi(gp, t, g);
            f = tn;
            k = 2 * k + 1;
        } else {
            /* (F(2k), F(2k-1)) */
            bgcn_sub(t, t, tn, a, an);
            f = bgcn_normalized_size(t, tn);
            bgcn_copyi(fp, t, f);
            bgcn_copyi(gp, a, an);
            g = an;
            k = 2 * k;
        }
        BGCN_ASSERT(f <= cap && g <= cap);
    }
    *fn = f;
    *gn = g;
done:
    bgcn_free_limbs(blk);
    return st;
}

bgcn_status bgcn_fib(bgcn_limb_t *rp, long *rn, uint64_t n)
{
    if (n == 0) {
        rp[0] = 0;
        *rn = 0;
        return BGCN_OK;
    }
    long cap = bgcn_fib_size(n);
    bgcn_limb_t *g = bgcn_alloc_limbs((size_t)cap);
    if (!g)
        return BGCN_ENOMEM;
    long gn;
    bgcn_status st = fib_pair(rp, rn, g, &gn, n, cap);
    bgcn_free_limbs(g);
    return st;
}

bgcn_status bgcn_lucas(bgcn_limb_t *rp, long *rn, uint64_t n)
{
    if (n == 0) {
        rp[0] = 2;
        *rn = 1;
        return BGCN_OK;
    }
    long cap = bgcn_fib_size(n);
    bgcn_limb_t *g = bgcn_alloc_limbs((size_t)cap + 1);
    if (!g)
        return BGCN_ENOMEM;
    long fn, gn;
    bgcn_status st = fib_pair(rp, &fn, g, &gn, n, cap);
    if (st == BGCN_OK) {
        /* L = F(n) + 2 F(n-1); L(n) < phi^n + 1 fits cap */
        if (gn) {
            g[gn] = bgcn_lshift(g, g, gn, 1);
            gn += g[gn] != 0;
            long ln = fn > gn ? fn : gn;
            bgcn_zero(rp + fn, ln - fn);
            bgcn_limb_t c = bgcn_add(rp, rp, ln, g, gn);
            if (c)
                rp[ln++] = c;
            fn = ln;
        }
        *rn = fn;
    }
    bgcn_free_limbs(g);
    return st;
}

/* Modular pair step helpers: {rp,mn} = x*y mod m with scratch {tp,2mn}. */
static bgcn_status mulmod(bgcn_limb_t *rp, const bgcn_limb_t *xp,
                          const bgcn_limb_t *yp, const bgcn_limb_t *mp,
                          long mn, bgcn_limb_t *tp)
{
    BGCN_TRY(xp == yp ? bgcn_sqr(tp, xp, mn) : bgcn_mul(tp, xp, mn, yp, mn));
    return bgcn_tdiv_qr(NULL, rp, tp, 2 * mn, mp, mn);
}

static void addmod(bgcn_limb_t *rp, const bgcn_limb_t *xp,
                   const bgcn_limb_t *yp, const bgcn_limb_t *mp, long mn)
{
    bgcn_limb_t c = bgcn_add_n(rp, xp, yp, mn);
    if (c || bgcn_cmp(rp, mp, mn) >= 0)
        bgcn_sub_n(rp, rp, mp, mn);
}

static void submod(bgcn_limb_t *rp, const bgcn_limb_t *xp,
                   const bgcn_limb_t *yp, const bgcn_limb_t *mp, long mn)
{
    if (bgcn_sub_n(rp, xp, yp, mn))
        bgcn_add_n(rp, rp, mp, mn);
}

/* F(N) mod m into {ap,mn} and F(N+1) mod m into {bp,mn}; m > 1. */
static bgcn_status fib_mod_pair(bgcn_limb_t *ap, bgcn_limb_t *bp,
                                const bgcn_limb_t *np, long nn,
                                const bgcn_limb_t *mp, long mn)
{
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)5 * (size_t)mn);
    if (!blk)
        return BGCN_ENOMEM;
    bgcn_limb_t *c = blk, *d = blk + mn, *tp = blk + 2 * mn, *u = blk + 4 * mn;
    bgcn_status st = BGCN_OK;
    bgcn_zero(ap, mn);
    bgcn_zero(bp, mn);
    bp[0] = 1; /* m > 1 */
    nn = bgcn_normalized_size(np, nn);
    for (long i = nn * 64; i-- > 0;) {
        if ((i % 64) == 63 && bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        int bit = (int)((np[i / 64] >> (i % 64)) & 1);
        /* c = a (2b - a), d = a^2 + b^2 */
        addmod(u, bp, bp, mp, mn);
        submod(u, u, ap, mp, mn);
        if ((st = mulmod(c, ap, u, mp, mn, tp)) != BGCN_OK)
            goto done;
        if ((st = mulmod(d, ap, ap, mp, mn, tp)) != BGCN_OK)
            goto done;
        if ((st = mulmod(u, bp, bp, mp, mn, tp)) != BGCN_OK)
            goto done;
        addmod(d, d, u, mp, mn);
        if (bit) {
            bgcn_copyi(ap, d, mn);
            addmod(bp, c, d, mp, mn);
        } else {
            bgcn_copyi(ap, c, mn);
            bgcn_copyi(bp, d, mn);
        }
    }
done:
    bgcn_free_limbs(blk);
    return st;
}

static bgcn_status fib_lucas_mod(bgcn_limb_t *rp, const bgcn_limb_t *np,
                                 long nn, const bgcn_limb_t *mp, long mn,
                                 int lucas)
{
    BGCN_ASSERT(nn >= 1 && mn >= 1 && mp[mn - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, np, nn));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, mp, mn));
    if (mn == 1 && mp[0] == 1) {
        rp[0] = 0;
        return BGCN_OK;
    }
    bgcn_limb_t *b = bgcn_alloc_limbs((size_t)mn);
    if (!b)
        return BGCN_ENOMEM;
    bgcn_status st = fib_mod_pair(rp, b, np, nn, mp, mn);
    if (st == BGCN_OK && lucas) {
        /* L(n) = 2 F(n+1) - F(n) */
        addmod(b, b, b, mp, mn);
        submod(rp, b, rp, mp, mn);
    }
    bgcn_free_limbs(b);
    return st;
}

bgcn_status bgcn_fib_mod(bgcn_limb_t *rp, const bgcn_limb_t *np, long nn,
                         const bgcn_limb_t *mp, long mn)
{
    return fib_lucas_mod(rp, np, nn, mp, mn, 0);
}

bgcn_status bgcn_lucas_mod(bgcn_limb_t *rp, const bgcn_limb_t *np, long nn,
                           const bgcn_limb_t *mp, long mn)
{
    return fib_lucas_mod(rp, np, nn, mp, mn, 1);
}
