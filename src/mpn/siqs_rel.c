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

/* The vertex of large prime lp (0 for lp = 1), added if new; -1 on
 * ENOMEM. */
static long vertex(siqs_rels *rs, uint32_t lp)
{
    if (lp == 1)
        return 0;
    if (2 * (rs->nv + 1) > rs->lphcap) {
        long cap = rs->lphcap ? rs->lphcap * 2 : 4096;
        uint32_t *k = bgcn_siqs_alloc(sizeof *k * (size_t)cap);
        uint32_t *v = bgcn_siqs_alloc(sizeof *v * (size_t)cap);
        if (!k || !v) {
            bgcn_siqs_free(k);
            bgcn_siqs_free(v);
            return -1;
        }
        memset(k, 0, sizeof *k * (size_t)cap);
        for (long i = 0; i < rs->lphcap; i++) {
            uint32_t x = rs->lpkey[i];
            if (!x)
                continue;
            size_t h = (size_t)((x * 0x9e3779b1u) & (uint32_t)(cap - 1));
            while (k[h])
                h = (h + 1) & (size_t)(cap - 1);
            k[h] = x;
            v[h] = rs->lpval[i];
        }
        bgcn_siqs_free(rs->lpkey);
        bgcn_siqs_free(rs->lpval);
        rs->lpkey = k;
        rs->lpval = v;
        rs->lphcap = cap;
    }
    size_t m = (size_t)rs->lphcap - 1;
    size_t h = (size_t)(lp * 0x9e3779b1u) & m;
    while (rs->lpkey[h]) {
        if (rs->lpkey[h] == lp)
            return rs->lpval[h];
        h = (h + 1) & m;
    }
    if (grow((void **)&rs->uf, &rs->capv, rs->nv + 1, sizeof *rs->uf))
        return -1;
    if (rs->nv == 0) /* the vertex of 1 */
        rs->uf[rs->nv++] = 0;
    rs->lpkey[h] = lp;
    rs->lpval[h] = (uint32_t)rs->nv;
    rs->uf[rs->nv] = (uint32_t)rs->nv;
    return rs->nv++;
}

static uint32_t uf_root(uint32_t *uf, uint32_t x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]]; /* path halving */
        x = uf[x];
    }
    return x;
}

bgcn_status bgcn_siqs_rel_add(siqs_rels *rs, const uint32_t *fac, long nf,
                              uint32_t lp1, uint32_t lp2, const siqs_z *y)
{
    BGCN_ASSERT(lp1 <= lp2 && (lp1 < lp2 || lp2 == 1));
    if (grow((void **)&rs->r, &rs->cap, rs->n + 1, sizeof *rs->r) ||
        grow((void **)&rs->fac, &rs->capfac, rs->nfac + nf,
             sizeof *rs->fac) ||
        grow((void **)&rs->y, &rs->capy, rs->ny + SIQS_YL, sizeof *rs->y) ||
        grow((void **)&rs->uf, &rs->capv, 1, sizeof *rs->uf))
        return BGCN_ENOMEM;
    if (y->n > SIQS_YL)
        return BGCN_OK; /* cannot happen for N < 2^400: |Ax+B| < 2^260 */
    if (rs->nv == 0)
        rs->uf[rs->nv++] = 0;
    long u = 0, v = 0;
    if (lp2 != 1) {
        u = vertex(rs, lp1);
        v = u < 0 ? -1 : vertex(rs, lp2);
        if (u < 0 || v < 0)
            return BGCN_ENOMEM;
        uint32_t ru = uf_root(rs->uf, (uint32_t)u);
        uint32_t rv = uf_root(rs->uf, (uint32_t)v);
        if (ru == rv)
            rs->cycles++;
        else
            rs->uf[ru] = rv;
        rs->partial++;
        rs->pp += lp1 != 1;
    } else {
        rs->full++;
    }
    siqs_rel *r = &rs->r[rs->n++];
    r->foff = (uint32_t)rs->nfac;
    r->nf = (uint32_t)nf;
    r->lp[0] = lp1;
    r->lp[1] = lp2;
    r->u = (uint32_t)u;
    r->v = (uint32_t)v;
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
    bgcn_siqs_free(rs->lpkey);
    bgcn_siqs_free(rs->lpval);
    bgcn_siqs_free(rs->uf);
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

static int u32_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

typedef struct fin_ws {
    uint32_t *rowrel; /* relations of row r: rowrel[rowst[r] .. rowst[r+1]) */
    long *rowst;
    uint32_t *eu, *ev, *erel; /* the partials as graph edges */
    uint32_t *cyc;
    long *cycst;
    uint32_t *cols;
    long *start;
    uint64_t *deps;
    uint32_t *exps;
    uint32_t *lps;    /* large primes of one dependency */
    bgcn_limb_t *x, *y, *tmp, *g;
} fin_ws;

static void ws_clear(fin_ws *w)
{
    bgcn_siqs_free(w->rowrel);
    bgcn_siqs_free(w->rowst);
    bgcn_siqs_free(w->eu);
    bgcn_siqs_free(w->ev);
    bgcn_siqs_free(w->erel);
    bgcn_siqs_free(w->cyc);
    bgcn_siqs_free(w->cycst);
    bgcn_siqs_free(w->cols);
    bgcn_siqs_free(w->start);
    bgcn_siqs_free(w->deps);
    bgcn_siqs_free(w->exps);
    bgcn_siqs_free(w->lps);
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
    long nn = c->nn, ncols = c->F + 1, nlp = 0;
    memset(w->exps, 0, sizeof *w->exps * (size_t)ncols);
    bgcn_zero(w->x, nn);
    bgcn_zero(w->y, nn);
    w->x[0] = w->y[0] = 1;
    uint64_t bit = (uint64_t)1 << k;
    for (long r = 0; r < nrows; r++) {
        if (!(w->deps[r] & bit))
            continue;
        for (long h = w->rowst[r]; h < w->rowst[r + 1]; h++) {
            const siqs_rel *rel = &rs->r[w->rowrel[h]];
            for (uint32_t f = 0; f < rel->nf; f++)
                w->exps[rs->fac[rel->foff + f]]++;
            for (int j = 0; j < 2; j++)
                if (rel->lp[j] != 1)
                    w->lps[nlp++] = rel->lp[j];
            BGCN_TRY(mulmod(c, w->y, w->y, rs->y + rel->yoff, SIQS_YL,
                            w->tmp));
        }
    }
    /* each large prime appears an even number of times: X gets half */
    qsort(w->lps, (size_t)nlp, sizeof *w->lps, u32_cmp);
    for (long i = 0; i < nlp; i += 2) {
        if (i + 1 >= nlp || w->lps[i] != w->lps[i + 1])
            return BGCN_OK; /* not a square: cannot happen */
        bgcn_limb_t q = w->lps[i];
        BGCN_TRY(mulmod(c, w->x, w->x, &q, 1, w->tmp));
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

/* Rows of the matrix: each full relation, then each cycle of the
 * large-prime graph (its relations multiply into a full one). */
static bgcn_status build_rows(const siqs_ctx *c, fin_ws *w, long *nrows_)
{
    const siqs_rels *rs = &c->rels;
    long np_ = rs->partial, ne = 0;
    w->eu = bgcn_siqs_alloc(sizeof *w->eu * (size_t)(np_ + 1));
    w->ev = bgcn_siqs_alloc(sizeof *w->ev * (size_t)(np_ + 1));
    w->erel = bgcn_siqs_alloc(sizeof *w->erel * (size_t)(np_ + 1));
    if (!w->eu || !w->ev || !w->erel)
        return BGCN_ENOMEM;
    for (long i = 0; i < rs->n; i++)
        if (rs->r[i].lp[1] != 1) {
            w->eu[ne] = rs->r[i].u;
            w->ev[ne] = rs->r[i].v;
            w->erel[ne++] = (uint32_t)i;
        }
    long ncyc;
    BGCN_TRY(bgcn_siqs_cycles(rs->nv, ne, w->eu, w->ev, &w->cyc, &w->cycst,
                              &ncyc));
    long nrows = rs->full + ncyc, len = rs->full + w->cycst[ncyc];
    w->rowst = bgcn_siqs_alloc(sizeof *w->rowst * (size_t)(nrows + 1));
    w->rowrel = bgcn_siqs_alloc(sizeof *w->rowrel * (size_t)(len + 1));
    if (!w->rowst || !w->rowrel)
        return BGCN_ENOMEM;
    long r = 0, n = 0;
    for (long i = 0; i < rs->n; i++)
        if (rs->r[i].lp[1] == 1) {
            w->rowst[r++] = n;
            w->rowrel[n++] = (uint32_t)i;
        }
    for (long k = 0; k < ncyc; k++) {
        w->rowst[r++] = n;
        for (long j = w->cycst[k]; j < w->cycst[k + 1]; j++)
            w->rowrel[n++] = w->erel[w->cyc[j]];
    }
    w->rowst[r] = n;
    *nrows_ = nrows;
    return BGCN_OK;
}

bgcn_status bgcn_siqs_finish(siqs_ctx *c, bgcn_limb_t *fp, long *fn)
{
    const siqs_rels *rs = &c->rels;
    fin_ws w;
    memset(&w, 0, sizeof w);
    bgcn_status st = BGCN_OK;
    long nn = c->nn, ncols = c->F + 1, nrows = 0;
    *fn = 0;
    st = build_rows(c, &w, &nrows);
    if (st != BGCN_OK)
        goto done;
    long total = 0, maxlp = 0;
    for (long r = 0; r < nrows; r++) {
        long lps = 0;
        for (long h = w.rowst[r]; h < w.rowst[r + 1]; h++)
            total += rs->r[w.rowrel[h]].nf, lps += 2;
        maxlp += lps;
    }
    w.start = bgcn_siqs_alloc(sizeof *w.start * (size_t)(nrows + 2));
    w.exps = bgcn_siqs_alloc(sizeof *w.exps * (size_t)ncols);
    w.lps = bgcn_siqs_alloc(sizeof *w.lps * (size_t)(maxlp + 1));
    w.x = bgcn_alloc_limbs((size_t)nn);
    w.y = bgcn_alloc_limbs((size_t)nn);
    w.g = bgcn_alloc_limbs((size_t)nn);
    w.tmp = bgcn_alloc_limbs((size_t)(nn + SIQS_YL + 1));
    w.cols = bgcn_siqs_alloc(sizeof *w.cols * (size_t)(total + 1));
    w.deps = bgcn_siqs_alloc(sizeof *w.deps * (size_t)(nrows + 1));
    if (!w.start || !w.exps || !w.lps || !w.x || !w.y || !w.g || !w.tmp ||
        !w.cols || !w.deps) {
        st = BGCN_ENOMEM;
        goto done;
    }
    total = 0;
    for (long r = 0; r < nrows; r++) {
        w.start[r] = total;
        for (long h = w.rowst[r]; h < w.rowst[r + 1]; h++) {
            const siqs_rel *rel = &rs->r[w.rowrel[h]];
            memcpy(w.cols + total, rs->fac + rel->foff,
                   sizeof *w.cols * rel->nf);
            total += rel->nf;
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
