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
 * Stage 1: the Montgomery ladder (one addition with the normalised base
 * point as difference and one doubling per bit) over each chunk of the
 * stage-1 exponent (bgcn_fexp), with the result normalised (one
 * inversion) before the next chunk; an inversion that fails is the
 * factor (gcd of Z with N).
 * Stage 2: baby-step giant-step with D = 2310: the 240 x-coordinates
 * x_j of [j]Q, j < D/2 odd and prime to D, normalised together
 * (Montgomery's simultaneous inversion), and the giant steps [kD]Q =
 * (X_k:Z_k) by additions.  A prime q = kD +- j in (B1, B2] divides the
 * order of Q mod p exactly when X_k - x_j Z_k = 0 mod p (x is the same
 * for a point and its negative).  The giant steps are normalised KB at a
 * time (Montgomery's simultaneous inversion: one inversion and three
 * products per step), so each (k, j) with kD - j or kD + j prime costs
 * one product, acc *= x_k - x_j, and one gcd ends the stage.  The table of
 * which (k, j) are needed is built once for all curves. */
#include "factor-impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define D 2310
#define H (D / 2)
#define NJ 240 /* eulerphi(2310) / 2 */
#define KB 32  /* giant steps normalised together */

typedef struct {
    bgcn_fmod md;
    long n;
    bgcn_limb_t *a24;
    bgcn_limb_t *u, *v, *w; /* scratch of the curve operations */
} curve;

static void xdbl(curve *e, bgcn_limb_t *X2, bgcn_limb_t *Z2,
                 const bgcn_limb_t *X, const bgcn_limb_t *Z)
{
    bgcn_fmod *m = &e->md;
    bgcn_fm_add(m, e->u, X, Z);
    bgcn_fm_sub(m, e->v, X, Z);
    bgcn_fm_sqr(m, e->u, e->u);
    bgcn_fm_sqr(m, e->v, e->v);
    bgcn_fm_sub(m, e->w, e->u, e->v); /* 4XZ */
    bgcn_fm_mul(m, X2, e->u, e->v);
    bgcn_fm_mul(m, e->u, e->a24, e->w);
    bgcn_fm_add(m, e->u, e->u, e->v);
    bgcn_fm_mul(m, Z2, e->w, e->u);
}

/* (X3:Z3) = P1 + P2 given P1 - P2 = (Xd:Zd); Zd == NULL means Zd = 1.
 * Outputs may equal any input. */
static void xadd(curve *e, bgcn_limb_t *X3, bgcn_limb_t *Z3,
                 const bgcn_limb_t *X1, const bgcn_limb_t *Z1,
                 const bgcn_limb_t *X2, const bgcn_limb_t *Z2,
                 const bgcn_limb_t *Xd, const bgcn_limb_t *Zd)
{
    bgcn_fmod *m = &e->md;
    bgcn_fm_sub(m, e->u, X1, Z1);
    bgcn_fm_add(m, e->w, X2, Z2);
    bgcn_fm_mul(m, e->u, e->u, e->w);
    bgcn_fm_add(m, e->v, X1, Z1);
    bgcn_fm_sub(m, e->w, X2, Z2);
    bgcn_fm_mul(m, e->v, e->v, e->w);
    bgcn_fm_add(m, e->w, e->u, e->v);
    bgcn_fm_sub(m, e->v, e->u, e->v);
    bgcn_fm_sqr(m, e->w, e->w);
    bgcn_fm_sqr(m, e->v, e->v);
    bgcn_fm_mul(m, e->v, e->v, Xd); /* before X3 may overwrite Xd */
    if (Zd)
        bgcn_fm_mul(m, X3, e->w, Zd);
    else
        bgcn_copyi(X3, e->w, e->n);
    bgcn_copyi(Z3, e->v, e->n);
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

/* The (k, j) pairs stage 2 needs: bit i of mask[k - k0] for j = js[i]. */
typedef struct {
    uint64_t B1, B2;
    uint64_t k0, k1;
    uint64_t (*mask)[4];
    unsigned js[NJ];
} s2plan;

static bgcn_status plan_init(s2plan *pl, uint64_t B1, uint64_t B2)
{
    int jidx[H];
    int cnt = 0;
    for (unsigned j = 1; j < H; j += 2) {
        jidx[j] = -1;
        if (j % 3 && j % 5 && j % 7 && j % 11) {
            jidx[j] = cnt;
            pl->js[cnt++] = j;
        }
    }
    BGCN_ASSERT(cnt == NJ);
    pl->B1 = B1;
    pl->B2 = B2;
    pl->k0 = (B1 + 1 + H) / D;
    if (pl->k0 < 1)
        pl->k0 = 1;
    pl->k1 = (B2 + H) / D;
    pl->mask = NULL;
    if (pl->k1 < pl->k0)
        return BGCN_OK;
    size_t cnt_k = (size_t)(pl->k1 - pl->k0 + 1);
    pl->mask = calloc(cnt_k, sizeof *pl->mask);
    if (!pl->mask)
        return BGCN_ENOMEM;
    bgcn_fpit it;
    uint64_t lo = pl->k0 * D - H;
    if (lo <= B1)
        lo = B1 + 1;
    bgcn_status st = bgcn_fpit_init(&it, lo, B2);
    if (st != BGCN_OK) {
        free(pl->mask);
        pl->mask = NULL;
        return st;
    }
    for (uint64_t q; (q = bgcn_fpit_next(&it)) != 0;) {
        if (q <= 11)
            continue;
        uint64_t k = (q + H) / D;
        uint64_t j = q > k * D ? q - k * D : k * D - q;
        int i = jidx[j];
        BGCN_ASSERT(i >= 0 && k >= pl->k0 && k <= pl->k1);
        pl->mask[k - pl->k0][i / 64] |= (uint64_t)1 << (i % 64);
    }
    bgcn_fpit_clear(&it);
    return BGCN_OK;
}

/* Stage 2's slow twin (tests only): the same test of the same point Q,
 * written from the definition instead of the pairing, batching and
 * normalisation.  For every prime q in (B1, B2], with k = round(q / D)
 * and j = |q - kD|, the fast stage multiplies x_k - x_j, which vanishes
 * mod p exactly when [kD - j]Q or [kD + j]Q is the identity mod p; here
 * both multiples come from their own ladder and their Z enter the product.
 * The fast stage also stops when a normalisation meets the identity:
 * [D]Q, [k]([D]Q) for k0 <= k <= k1, [j]Q for the baby steps; their Z
 * enter the product too.  So for N = p * (a large prime) both find p on
 * the same curves.  *acc = the product (Montgomery form). */
static bgcn_status stage2_twin(curve *e, bgcn_limb_t *acc,
                               const bgcn_limb_t *x, uint64_t B1,
                               uint64_t B2, const s2plan *pl,
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
    for (int i = 0; i < NJ; i++)
        TWIN_MUL(pl->js[i]);
    bgcn_fpit it;
    BGCN_TRY(bgcn_fpit_init(&it, B1 + 1, B2));
    for (uint64_t q; (q = bgcn_fpit_next(&it)) != 0;) {
        if (q <= 11) /* divides D: a multiple of q's order is [D]Q */
            continue;
        uint64_t k = (q + H) / D, j = q > k * D ? q - k * D : k * D - q;
        TWIN_MUL(k * D - j);
        TWIN_MUL(k * D + j);
        if (bgcn_interrupt_flag) {
            bgcn_fpit_clear(&it);
            return BGCN_EINTR;
        }
    }
#undef TWIN_MUL
    bgcn_fpit_clear(&it);
    return m->st;
}

/* Outcome of one curve: 1 found (fp), 0 nothing. */
static bgcn_status one_curve(int *found, bgcn_limb_t *fp, long *fn,
                             curve *e, const bgcn_fexp *ex,
                             const s2plan *pl, uint64_t sigma,
                             bgcn_limb_t *blk, int twin)
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
                *bx = xg + n,            /* NJ normalised x_j */
        *bX = bx + (long)NJ * n,         /* NJ projective X_j */
        *bZ = bX + (long)NJ * n;         /* NJ projective Z_j, then prefix */
    long gn = 0;
    /* ---- Suyama ---- */
    bgcn_limb_t sl = sigma, five = 5;
    if ((st = bgcn_mont_to(&m->m, t1, &sl, 1)) != BGCN_OK ||
        (st = bgcn_mont_to(&m->m, t2, &five, 1)) != BGCN_OK)
        return st;
    bgcn_limb_t *uu = X0, *vv = Z0;
    bgcn_fm_sqr(m, uu, t1);
    bgcn_fm_sub(m, uu, uu, t2);       /* u = sigma^2 - 5 */
    bgcn_fm_add(m, vv, t1, t1);
    bgcn_fm_add(m, vv, vv, vv);       /* v = 4 sigma */
    bgcn_fm_sqr(m, t1, uu);
    bgcn_fm_mul(m, t1, t1, uu);       /* u^3 */
    bgcn_fm_sqr(m, t2, vv);
    bgcn_fm_mul(m, t2, t2, vv);       /* v^3 */
    bgcn_fm_sub(m, t3, vv, uu);
    bgcn_fm_sqr(m, t4, t3);
    bgcn_fm_mul(m, t3, t3, t4);       /* (v-u)^3 */
    bgcn_fm_add(m, t4, uu, uu);
    bgcn_fm_add(m, t4, t4, uu);
    bgcn_fm_add(m, t4, t4, vv);       /* 3u + v */
    bgcn_fm_mul(m, t3, t3, t4);       /* numerator of a24 */
    bgcn_fm_mul(m, t4, t1, vv);       /* u^3 v */
    for (int i = 0; i < 4; i++)
        bgcn_fm_add(m, t4, t4, t4);   /* 16 u^3 v */
    bgcn_fm_mul(m, X1, t4, t2);       /* d = 16 u^3 v^4 */
    if ((st = m->st) != BGCN_OK ||
        (st = bgcn_fm_inv(m, Z1, &ok, g, &gn, X1)) != BGCN_OK)
        return st;
    if (!ok)
        goto no_inverse;
    bgcn_fm_mul(m, t3, t3, t2);
    bgcn_fm_mul(m, e->a24, t3, Z1);   /* a24 */
    bgcn_fm_mul(m, t4, t4, t1);
    bgcn_fm_mul(m, x, t4, Z1);        /* x0 = u^3 / v^3 */
    /* ---- stage 1 ---- */
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
    if (!pl->mask)
        return BGCN_OK;
    if (twin) {
        if ((st = stage2_twin(e, acc, x, pl->B1, pl->B2, pl, X0)) !=
                BGCN_OK ||
            (st = bgcn_fm_gcd(m, g, &gn, acc)) != BGCN_OK)
            return st;
        goto no_inverse;
    }
    /* ---- stage 2: baby steps [j]Q, j odd < H ---- */
    /* (X0:Z0) = [j-2]Q, (X1:Z1) = [j]Q, (t1:t2) = [2]Q */
    bgcn_copyi(X1, x, n);
    bgcn_copyi(Z1, m->m.one, n);
    xdbl(e, t1, t2, X1, Z1);
    int cnt = 0;
    for (unsigned j = 1; j < H; j += 2) {
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
        if (cnt < NJ && pl->js[cnt] == j) {
            bgcn_copyi(bX + (long)cnt * n, X1, n);
            bgcn_copyi(bZ + (long)cnt * n, Z1, n);
            cnt++;
        }
    }
    /* simultaneous inversion: bx[i] = Z_0 ... Z_i (prefix products) */
    bgcn_copyi(bx, bZ, n);
    for (int i = 1; i < NJ; i++)
        bgcn_fm_mul(m, bx + (long)i * n, bx + (long)(i - 1) * n,
                    bZ + (long)i * n);
    if ((st = m->st) != BGCN_OK ||
        (st = bgcn_fm_inv(m, t1, &ok, g, &gn, bx + (long)(NJ - 1) * n)) !=
            BGCN_OK)
        return st;
    if (!ok)
        goto no_inverse;
    for (int i = NJ - 1; i >= 1; i--) {
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
    bgcn_limb_t *gX = bZ + (long)NJ * n, *gZ = gX + (long)KB * n,
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
            const uint64_t *mk = pl->mask[k + (uint64_t)t - pl->k0];
            const bgcn_limb_t *xk = gX + t * n;
            for (int w = 0; w < 4; w++)
                for (uint64_t bits = mk[w]; bits; bits &= bits - 1) {
                    int i = w * 64 + __builtin_ctzll(bits);
                    bgcn_fm_sub(m, t1, xk, bx + (long)i * n);
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

static bgcn_status ecm_run(bgcn_limb_t *fp, long *fn, const bgcn_limb_t *np,
                           long nn, uint64_t B1, uint64_t B2,
                           uint64_t sigma0, long ncurves,
                           bgcn_factor_progress_fn progress, void *arg,
                           long *curves_done, int twin)
{
    BGCN_ASSERT(nn >= 1 && np[nn - 1] != 0 && (np[0] & 1) && sigma0 >= 6);
    BGCN_ASSERT(!BGCN_OVERLAP_P(fp, nn, np, nn));
    *fn = 0;
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
    s2plan pl;
    memset(&pl, 0, sizeof pl);
    bgcn_status st = bgcn_fexp_init(&ex, B1);
    if (st != BGCN_OK) {
        bgcn_fmod_clear(&e.md);
        return st;
    }
    bgcn_limb_t *blk = NULL, *cv = NULL;
    if (B2 > B1 && (st = plan_init(&pl, B1, B2)) != BGCN_OK)
        goto done;
    cv = bgcn_alloc_limbs((size_t)4 * (size_t)n);
    blk = bgcn_alloc_limbs((size_t)(13 + 3 * NJ + 3 * KB) * (size_t)n);
    if (!cv || !blk) {
        st = BGCN_ENOMEM;
        goto done;
    }
    e.a24 = cv;
    e.u = cv + n;
    e.v = cv + 2 * n;
    e.w = cv + 3 * n;
    for (long c = 0; c < ncurves; c++) {
        if (progress) {
            char msg[96];
            snprintf(msg, sizeof msg, "ECM curve %ld/%ld B1=%llu", c + 1,
                     ncurves, (unsigned long long)B1);
            progress(arg, msg);
        }
        int found = 0;
        st = one_curve(&found, fp, fn, &e, &ex, &pl, sigma0 + (uint64_t)c,
                       blk, twin);
        if (curves_done)
            *curves_done = c + 1;
        if (st != BGCN_OK || found)
            break;
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            break;
        }
    }
done:
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
                   curves_done, 0);
}

bgcn_status bgcn_factor_ecm_twin(bgcn_limb_t *fp, long *fn,
                                 const bgcn_limb_t *np, long nn, uint64_t B1,
                                 uint64_t B2, uint64_t sigma)
{
    return ecm_run(fp, fn, np, nn, B1, B2, sigma, 1, NULL, NULL, NULL, 1);
}
