/* siqs_rel.c -- relations of the quadratic sieve: storage, pairing of the
 * partial relations by their large prime, the matrix, and the square
 * root of each dependency.
 *
 * A relation is (Ax+B)^2 = A g(x) (mod kN), so also mod N, with A g(x) =
 * (-1)^e0 * prod p_i^e_i * L (L = 1 for a full relation, else one prime
 * above the factor base).  Two partial relations with the same L multiply
 * into one with L^2, a square.  A set of relations whose exponent vectors
 * sum to even values gives X^2 = Y^2 (mod N) with Y the product of the
 * Ax+B and X = prod p_i^(sum e_i / 2) * prod L; gcd(X - Y, N) is then a
 * factor, nontrivial about half the time. */
#include "siqs-impl.h"

#include <stdlib.h>

/* Makes room for need elements of elem bytes in *p (capacity *cap). */
static int grow(void **p, long *cap, long need, size_t elem)
{
    if (need <= *cap)
        return 0;
    long nc = *cap * 2 + 1024;
    if (nc < need)
        nc = need;
    void *q = bgcn_siqs_alloc(elem * (size_t)nc);
    if (!q)
        return -1;
    if (*cap)
        memcpy(q, *p, elem * (size_t)*cap);
    bgcn_siqs_free(*p);
    *p = q;
    *cap = nc;
    return 0;
}

/* Inserts lp into the set; returns 1 if it was there already, 0 if new,
 * -1 on ENOMEM. */
static int lp_seen(siqs_rels *rs, uint32_t lp)
{
    if (2 * (rs->lphn + 1) > rs->lphcap) {
        long cap = rs->lphcap ? rs->lphcap * 2 : 4096;
        uint32_t *t = bgcn_siqs_alloc(sizeof *t * (size_t)cap);
        if (!t)
            return -1;
        memset(t, 0, sizeof *t * (size_t)cap);
        for (long i = 0; i < rs->lphcap; i++) {
            uint32_t v = rs->lph[i];
            if (!v)
                continue;
            size_t h = (size_t)((v * 0x9e3779b1u) & (uint32_t)(cap - 1));
            while (t[h])
                h = (h + 1) & (size_t)(cap - 1);
            t[h] = v;
        }
        bgcn_siqs_free(rs->lph);
        rs->lph = t;
        rs->lphcap = cap;
    }
    size_t m = (size_t)rs->lphcap - 1;
    size_t h = (size_t)(lp * 0x9e3779b1u) & m;
    while (rs->lph[h]) {
        if (rs->lph[h] == lp)
            return 1;
        h = (h + 1) & m;
    }
    rs->lph[h] = lp;
    rs->lphn++;
    return 0;
}

bgcn_status bgcn_siqs_rel_add(siqs_rels *rs, const uint32_t *fac, long nf,
                              uint32_t lp, const siqs_z *y)
{
    if (grow((void **)&rs->r, &rs->cap, rs->n + 1, sizeof *rs->r) ||
        grow((void **)&rs->fac, &rs->capfac, rs->nfac + nf,
             sizeof *rs->fac) ||
        grow((void **)&rs->y, &rs->capy, rs->ny + SIQS_YL, sizeof *rs->y))
        return BGCN_ENOMEM;
    if (y->n > SIQS_YL)
        return BGCN_OK; /* cannot happen for N < 2^400: |Ax+B| < 2^260 */
    if (lp != 1) {
        int seen = lp_seen(rs, lp);
        if (seen < 0)
            return BGCN_ENOMEM;
        rs->cycles += seen;
        rs->partial++;
    } else {
        rs->full++;
    }
    siqs_rel *r = &rs->r[rs->n++];
    r->foff = (uint32_t)rs->nfac;
    r->nf = (uint32_t)nf;
    r->lp = lp;
    r->yoff = (uint32_t)rs->ny;
    memcpy(rs->fac + rs->nfac, fac, sizeof *fac * (size_t)nf);
    rs->nfac += nf;
    bgcn_zero(rs->y + rs->ny, SIQS_YL);
    bgcn_copyi(rs->y + rs->ny, y->d, y->n);
    rs->ny += SIQS_YL;
    return BGCN_OK;
}

void bgcn_siqs_rels_clear(siqs_rels *rs)
{
    bgcn_siqs_free(rs->r);
    bgcn_siqs_free(rs->fac);
    bgcn_siqs_free(rs->y);
    bgcn_siqs_free(rs->lph);
    memset(rs, 0, sizeof *rs);
}

/* {r,nn} = {a,nn} * {b,bn} mod N; tmp has nn + bn limbs. */
static bgcn_status mulmod(const siqs_ctx *c, bgcn_limb_t *r,
                          const bgcn_limb_t *a, const bgcn_limb_t *b,
                          long bn, bgcn_limb_t *tmp)
{
    long nn = c->nn;
    bn = bgcn_normalized_size(b, bn);
    if (bn == 0) {
        bgcn_zero(r, nn);
        return BGCN_OK;
    }
    if (nn >= bn)
        BGCN_TRY(bgcn_mul(tmp, a, nn, b, bn));
    else
        BGCN_TRY(bgcn_mul(tmp, b, bn, a, nn));
    return bgcn_tdiv_qr(NULL, r, tmp, nn + bn, c->np, nn);
}

static const siqs_ctx *sort_ctx; /* qsort has no argument pointer */

static int by_lp(const void *a, const void *b)
{
    uint32_t x = sort_ctx->rels.r[*(const uint32_t *)a].lp;
    uint32_t y = sort_ctx->rels.r[*(const uint32_t *)b].lp;
    if (x != y)
        return (x > y) - (x < y);
    return (*(const uint32_t *)a > *(const uint32_t *)b) -
           (*(const uint32_t *)a < *(const uint32_t *)b);
}

typedef struct fin_ws {
    uint32_t *part;   /* partial relation indices sorted by lp */
    int32_t *rowrel;  /* 2 per row: relation indices, second -1 if full */
    uint32_t *cols;
    long *start;
    uint64_t *deps;
    uint32_t *exps;
    bgcn_limb_t *x, *y, *tmp, *g;
} fin_ws;

static void ws_clear(fin_ws *w)
{
    bgcn_siqs_free(w->part);
    bgcn_siqs_free(w->rowrel);
    bgcn_siqs_free(w->cols);
    bgcn_siqs_free(w->start);
    bgcn_siqs_free(w->deps);
    bgcn_siqs_free(w->exps);
    bgcn_siqs_free(w->x);
    bgcn_siqs_free(w->y);
    bgcn_siqs_free(w->tmp);
    bgcn_siqs_free(w->g);
}

/* Square root of dependency k; *fn > 0 when it split N. */
static bgcn_status try_dep(siqs_ctx *c, fin_ws *w, long nrows, int k,
                           bgcn_limb_t *fp, long *fn)
{
    const siqs_rels *rs = &c->rels;
    long nn = c->nn, ncols = c->F + 1;
    memset(w->exps, 0, sizeof *w->exps * (size_t)ncols);
    bgcn_zero(w->x, nn);
    bgcn_zero(w->y, nn);
    w->x[0] = w->y[0] = 1;
    uint64_t bit = (uint64_t)1 << k;
    for (long r = 0; r < nrows; r++) {
        if (!(w->deps[r] & bit))
            continue;
        for (int h = 0; h < 2; h++) {
            int32_t ri = w->rowrel[2 * r + h];
            if (ri < 0)
                continue;
            const siqs_rel *rel = &rs->r[ri];
            for (uint32_t f = 0; f < rel->nf; f++)
                w->exps[rs->fac[rel->foff + f]]++;
            BGCN_TRY(mulmod(c, w->y, w->y, rs->y + rel->yoff, SIQS_YL,
                            w->tmp));
        }
        if (w->rowrel[2 * r + 1] >= 0) {
            bgcn_limb_t lp = rs->r[w->rowrel[2 * r]].lp;
            BGCN_TRY(mulmod(c, w->x, w->x, &lp, 1, w->tmp));
        }
    }
    bgcn_limb_t acc = 1;
    for (long col = 0; col < ncols; col++) {
        if (w->exps[col] & 1)
            return BGCN_OK; /* not a square: cannot happen */
        if (col == 0)
            continue;
        bgcn_limb_t p = c->p[col - 1];
        for (uint32_t e = w->exps[col] / 2; e > 0; e--) {
            if (acc > BGCN_LIMB_MAX / p) {
                BGCN_TRY(mulmod(c, w->x, w->x, &acc, 1, w->tmp));
                acc = 1;
            }
            acc *= p;
        }
    }
    BGCN_TRY(mulmod(c, w->x, w->x, &acc, 1, w->tmp));
    /* d = |X - Y| */
    if (bgcn_cmp(w->x, w->y, nn) < 0)
        bgcn_sub_n(w->x, w->y, w->x, nn);
    else
        bgcn_sub_n(w->x, w->x, w->y, nn);
    long dn = bgcn_normalized_size(w->x, nn);
    if (dn == 0)
        return BGCN_OK;
    long gn;
    BGCN_TRY(bgcn_gcd(w->g, &gn, w->x, dn, c->np, nn));
    if (gn == 1 && w->g[0] == 1)
        return BGCN_OK;
    if (gn == nn && bgcn_cmp(w->g, c->np, nn) == 0)
        return BGCN_OK;
    bgcn_copyi(fp, w->g, gn);
    *fn = gn;
    return BGCN_OK;
}

bgcn_status bgcn_siqs_finish(siqs_ctx *c, bgcn_limb_t *fp, long *fn)
{
    const siqs_rels *rs = &c->rels;
    fin_ws w;
    memset(&w, 0, sizeof w);
    bgcn_status st = BGCN_OK;
    long nn = c->nn, ncols = c->F + 1;
    *fn = 0;
    long np_ = rs->partial, maxrows = rs->full + rs->partial;
    w.part = bgcn_siqs_alloc(sizeof *w.part * (size_t)(np_ + 1));
    w.rowrel = bgcn_siqs_alloc(sizeof *w.rowrel * (size_t)(2 * maxrows + 2));
    w.start = bgcn_siqs_alloc(sizeof *w.start * (size_t)(maxrows + 2));
    w.exps = bgcn_siqs_alloc(sizeof *w.exps * (size_t)ncols);
    w.x = bgcn_alloc_limbs((size_t)nn);
    w.y = bgcn_alloc_limbs((size_t)nn);
    w.g = bgcn_alloc_limbs((size_t)nn);
    w.tmp = bgcn_alloc_limbs((size_t)(nn + SIQS_YL + 1));
    if (!w.part || !w.rowrel || !w.start || !w.exps || !w.x || !w.y ||
        !w.g || !w.tmp) {
        st = BGCN_ENOMEM;
        goto done;
    }
    long nrows = 0, k = 0;
    for (long i = 0; i < rs->n; i++) {
        if (rs->r[i].lp == 1) {
            w.rowrel[2 * nrows] = (int32_t)i;
            w.rowrel[2 * nrows + 1] = -1;
            nrows++;
        } else {
            w.part[k++] = (uint32_t)i;
        }
    }
    sort_ctx = c;
    qsort(w.part, (size_t)k, sizeof *w.part, by_lp);
    for (long i = 0; i < k;) {
        long j = i + 1;
        while (j < k && rs->r[w.part[j]].lp == rs->r[w.part[i]].lp) {
            w.rowrel[2 * nrows] = (int32_t)w.part[i];
            w.rowrel[2 * nrows + 1] = (int32_t)w.part[j];
            nrows++;
            j++;
        }
        i = j;
    }
    long total = 0;
    for (long r = 0; r < nrows; r++)
        for (int h = 0; h < 2; h++)
            if (w.rowrel[2 * r + h] >= 0)
                total += rs->r[w.rowrel[2 * r + h]].nf;
    w.cols = bgcn_siqs_alloc(sizeof *w.cols * (size_t)(total + 1));
    w.deps = bgcn_siqs_alloc(sizeof *w.deps * (size_t)(nrows + 1));
    if (!w.cols || !w.deps) {
        st = BGCN_ENOMEM;
        goto done;
    }
    total = 0;
    for (long r = 0; r < nrows; r++) {
        w.start[r] = total;
        for (int h = 0; h < 2; h++) {
            int32_t ri = w.rowrel[2 * r + h];
            if (ri < 0)
                continue;
            memcpy(w.cols + total, rs->fac + rs->r[ri].foff,
                   sizeof *w.cols * rs->r[ri].nf);
            total += rs->r[ri].nf;
        }
    }
    w.start[nrows] = total;
    if (c->opts_progress)
        c->opts_progress(c->opts_arg, BGCN_SIQS_LINALG, 0, ncols);
    int ndeps = 0;
    st = bgcn_gf2_nullspace(w.deps, &ndeps, nrows, ncols, w.cols, w.start);
    for (int d = 0; st == BGCN_OK && d < ndeps && *fn == 0; d++) {
        if (c->opts_progress)
            c->opts_progress(c->opts_arg, BGCN_SIQS_SQRT, d + 1, ndeps);
        st = try_dep(c, &w, nrows, d, fp, fn);
        if (st == BGCN_OK && bgcn_interrupt_flag)
            st = BGCN_EINTR;
    }
done:
    ws_clear(&w);
    return st;
}
