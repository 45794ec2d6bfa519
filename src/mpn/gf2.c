/* gf2.c -- left null space of a sparse GF(2) matrix (the linear algebra of
 * the quadratic sieve): structured Gaussian elimination, then dense
 * Gaussian elimination on 64-bit words.  Contract in siqs.h.
 *
 * Each live row carries two sorted sets: its columns (odd exponents) and
 * the original rows it is the sum of ("ids").  Adding row p to row b takes
 * the symmetric difference of both sets, so the live rows always stay a
 * set of linearly independent combinations of the original ones.  Two
 * reductions keep the null space's dimension:
 *   - a column of weight 1: its row can be in no dependency; drop it;
 *   - a column of weight w (2..GF2_MERGE_MAX): add its lightest row to the
 *     w-1 others and drop that row and the column (one row and one column
 *     fewer), as long as the sums stay lighter than GF2_ROW_MAX.
 * What is left goes to a dense matrix [M | I] (the identity tracks the
 * combination); after elimination the rows whose M part is zero give the
 * dependencies through their identity bits and the live rows' ids. */
#include "siqs.h"

#include <stdlib.h>
#include <string.h>

#define GF2_MERGE_MAX 24
#define GF2_ROW_MAX 400

typedef struct gf2_set {
    uint32_t *v;
    uint32_t n, cap;
} gf2_set;

typedef struct gf2_row {
    gf2_set c;  /* columns, sorted, distinct */
    gf2_set id; /* original rows, sorted, distinct */
    int live;
} gf2_row;

static void *gf2_alloc(size_t bytes)
{
    return bgcn_alloc_limbs((bytes + 7) / 8);
}

static void gf2_free(void *p)
{
    bgcn_free_limbs(p);
}

static int u32_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* *a = *a xor *b (symmetric difference of sorted sets); tmp has room for
 * a->n + b->n entries.  Returns 0 or -1 (ENOMEM growing a). */
static int set_xor(gf2_set *a, const gf2_set *b, uint32_t *tmp)
{
    uint32_t i = 0, j = 0, k = 0;
    while (i < a->n && j < b->n) {
        if (a->v[i] < b->v[j])
            tmp[k++] = a->v[i++];
        else if (a->v[i] > b->v[j])
            tmp[k++] = b->v[j++];
        else
            i++, j++;
    }
    while (i < a->n)
        tmp[k++] = a->v[i++];
    while (j < b->n)
        tmp[k++] = b->v[j++];
    if (k > a->cap) {
        uint32_t cap = k + k / 2 + 4;
        uint32_t *nv = gf2_alloc(sizeof *nv * cap);
        if (!nv)
            return -1;
        gf2_free(a->v);
        a->v = nv;
        a->cap = cap;
    }
    memcpy(a->v, tmp, sizeof *tmp * k);
    a->n = k;
    return 0;
}

typedef struct gf2_work {
    long nrows, ncols;
    gf2_row *rows;
    uint32_t *weight;  /* per column */
    uint32_t *tmp;     /* xor scratch */
    size_t tmpcap;
    uint32_t *inc;     /* incidence lists of the mergeable columns */
    long *incstart;    /* ncols + 1 */
    unsigned char *touched;
} gf2_work;

static void work_clear(gf2_work *w)
{
    if (w->rows) {
        for (long i = 0; i < w->nrows; i++) {
            gf2_free(w->rows[i].c.v);
            gf2_free(w->rows[i].id.v);
        }
    }
    gf2_free(w->rows);
    gf2_free(w->weight);
    gf2_free(w->tmp);
    gf2_free(w->inc);
    gf2_free(w->incstart);
    gf2_free(w->touched);
}

static void count_weights(gf2_work *w)
{
    memset(w->weight, 0, sizeof *w->weight * (size_t)w->ncols);
    for (long i = 0; i < w->nrows; i++)
        if (w->rows[i].live)
            for (uint32_t k = 0; k < w->rows[i].c.n; k++)
                w->weight[w->rows[i].c.v[k]]++;
}

/* Drops the rows holding a column of weight 1 until none is left. */
static bgcn_status drop_singletons(gf2_work *w)
{
    int changed = 1;
    while (changed) {
        changed = 0;
        BGCN_POLL();
        count_weights(w);
        for (long i = 0; i < w->nrows; i++) {
            gf2_row *r = &w->rows[i];
            if (!r->live)
                continue;
            for (uint32_t k = 0; k < r->c.n; k++)
                if (w->weight[r->c.v[k]] == 1) {
                    r->live = 0;
                    changed = 1;
                    for (uint32_t m = 0; m < r->c.n; m++)
                        w->weight[r->c.v[m]]--;
                    break;
                }
        }
    }
    return BGCN_OK;
}

/* Makes sure tmp holds n entries. */
static int tmp_reserve(gf2_work *w, size_t n)
{
    if (n <= w->tmpcap)
        return 0;
    size_t cap = n + n / 2 + 16;
    uint32_t *t = gf2_alloc(sizeof *t * cap);
    if (!t)
        return -1;
    gf2_free(w->tmp);
    w->tmp = t;
    w->tmpcap = cap;
    return 0;
}

/* One pass of merges over the columns of weight 2..wmax whose rows were
 * not changed earlier in the pass.  *merged = columns eliminated. */
static bgcn_status merge_pass(gf2_work *w, uint32_t wmax, long *merged)
{
    *merged = 0;
    count_weights(w);
    long total = 0;
    for (long c = 0; c < w->ncols; c++) {
        w->incstart[c] = total;
        if (w->weight[c] >= 2 && w->weight[c] <= wmax)
            total += w->weight[c];
    }
    w->incstart[w->ncols] = total;
    gf2_free(w->inc);
    w->inc = gf2_alloc(sizeof *w->inc * (size_t)(total + 1));
    if (!w->inc)
        return BGCN_ENOMEM;
    /* fill, with weight reused as each listed column's cursor */
    memset(w->weight, 0, sizeof *w->weight * (size_t)w->ncols);
    for (long i = 0; i < w->nrows; i++) {
        gf2_row *r = &w->rows[i];
        if (!r->live)
            continue;
        for (uint32_t k = 0; k < r->c.n; k++) {
            uint32_t c = r->c.v[k];
            long len = w->incstart[c + 1] - w->incstart[c];
            if (len > 0 && w->weight[c] < len)
                w->inc[w->incstart[c] + w->weight[c]++] = (uint32_t)i;
        }
    }
    memset(w->touched, 0, (size_t)(w->nrows > 0 ? w->nrows : 0));
    /* lightest columns first */
    for (uint32_t cw = 2; cw <= wmax; cw++) {
        for (long c = 0; c < w->ncols; c++) {
            long len = w->incstart[c + 1] - w->incstart[c];
            if (len != (long)cw)
                continue;
            const uint32_t *list = w->inc + w->incstart[c];
            int ok = 1;
            uint32_t piv = list[0];
            for (long k = 0; k < len; k++) {
                if (w->touched[list[k]] || !w->rows[list[k]].live) {
                    ok = 0;
                    break;
                }
                if (w->rows[list[k]].c.n < w->rows[piv].c.n)
                    piv = list[k];
            }
            if (!ok)
                continue;
            gf2_row *p = &w->rows[piv];
            for (long k = 0; k < len && ok; k++)
                if (list[k] != piv &&
                    w->rows[list[k]].c.n + p->c.n > GF2_ROW_MAX + 2)
                    ok = 0;
            if (!ok)
                continue;
            for (long k = 0; k < len; k++) {
                if (list[k] == piv)
                    continue;
                gf2_row *b = &w->rows[list[k]];
                if (tmp_reserve(w, (size_t)b->c.n + p->c.n) ||
                    tmp_reserve(w, (size_t)b->id.n + p->id.n))
                    return BGCN_ENOMEM;
                if (set_xor(&b->c, &p->c, w->tmp) ||
                    set_xor(&b->id, &p->id, w->tmp))
                    return BGCN_ENOMEM;
                w->touched[list[k]] = 1;
            }
            p->live = 0;
            w->touched[piv] = 1;
            ++*merged;
            if ((*merged & 255) == 0)
                BGCN_POLL();
        }
    }
    return BGCN_OK;
}

long bgcn_gf2_m4ri_min = 64;
long bgcn_gf2_merge_min = 2000;

static inline void row_xor(uint64_t *r, const uint64_t *a, size_t from,
                           size_t width)
{
    for (size_t k = from; k < width; k++)
        r[k] ^= a[k];
}

/* Echelon form of the rows rp[0 .. nrow) (width words each; the columns
 * 0 .. ncol-1 are eliminated, the rest ride along) by the method of the
 * four Russians: columns 8 at a time, up to 8 pivots found among them and
 * made reduced in those columns, a table of every sum of those pivots,
 * and each later row cleared in the 8 columns by one table row instead of
 * one pivot row per set bit -- a quarter of the passes over the matrix,
 * whose rows (thousands of words) are what the time goes on.  Moves the
 * pivot rows to the front; *u = their count (the rank of the M part);
 * the rows from *u on are then zero in columns < ncol, as after the
 * one-column-at-a-time loop of dense_solve (its slow twin). */
static bgcn_status eliminate_m4ri(uint64_t **rp, long nrow, long ncol,
                                  size_t width, long *u_out)
{
    uint64_t *tab = gf2_alloc(sizeof *tab * 256 * width);
    if (!tab)
        return BGCN_ENOMEM;
    long u = 0;
    for (long j0 = 0; j0 < ncol && u < nrow; j0 += 8) {
        if (bgcn_interrupt_flag) {
            gf2_free(tab);
            return BGCN_EINTR;
        }
        size_t wd = (size_t)j0 / 64;
        unsigned sh = (unsigned)(j0 % 64);
        int cols = ncol - j0 < 8 ? (int)(ncol - j0) : 8;
        /* pivots: pc[t] the column (0..7 within the window) of pivot t,
         * rows rp[u .. u+np) */
        int np = 0, pc[8];
        unsigned pmask = 0;
        for (int t = 0; t < cols; t++) {
            long piv = -1;
            for (long i = u + np; i < nrow; i++) {
                uint64_t *r = rp[i];
                unsigned b = (unsigned)(r[wd] >> sh) & 0xff;
                /* clear the earlier pivots' columns (reduced among
                 * themselves, so their bits decide) */
                for (int q = 0; q < np; q++)
                    if (b >> pc[q] & 1) {
                        row_xor(r, rp[u + q], wd, width);
                        b = (unsigned)(r[wd] >> sh) & 0xff;
                    }
                if (b >> t & 1) {
                    piv = i;
                    break;
                }
            }
            if (piv < 0)
                continue;
            uint64_t *pr = rp[piv];
            rp[piv] = rp[u + np];
            rp[u + np] = pr;
            /* keep the pivots reduced: clear column t from the others */
            for (int q = 0; q < np; q++)
                if (rp[u + q][wd] >> sh >> t & 1)
                    row_xor(rp[u + q], pr, wd, width);
            pc[np++] = t;
            pmask |= 1u << t;
        }
        if (np == 0)
            continue;
        /* tab[m] for each m within pmask: the sum of the pivots whose
         * columns m holds (each pivot has exactly its own column set
         * among pmask's) */
        memset(tab, 0, sizeof *tab * width);
        for (unsigned m = (0u - pmask) & pmask; m; m = (m - pmask) & pmask) {
            unsigned low = m & (0u - m);
            int q = 0;
            while (!(low >> pc[q] & 1))
                q++;
            uint64_t *dst = tab + (size_t)m * width;
            const uint64_t *a = tab + (size_t)(m & (m - 1)) * width;
            const uint64_t *b = rp[u + q];
            for (size_t k = wd; k < width; k++)
                dst[k] = a[k] ^ b[k];
        }
        u += np;
        for (long i = u; i < nrow; i++) {
            uint64_t *r = rp[i];
            unsigned m = (unsigned)(r[wd] >> sh) & pmask;
            if (m)
                row_xor(r, tab + (size_t)m * width, wd, width);
        }
    }
    gf2_free(tab);
    *u_out = u;
    return BGCN_OK;
}

/* Dense elimination of the live rows; fills deps. */
static bgcn_status dense_solve(gf2_work *w, uint64_t *deps, int *ndeps)
{
    bgcn_status st = BGCN_OK;
    count_weights(w);
    /* remap the columns in use */
    long ncol = 0;
    uint32_t *cmap = w->weight; /* reused: column -> dense index + 1 */
    for (long c = 0; c < w->ncols; c++)
        cmap[c] = w->weight[c] ? (uint32_t)++ncol : 0;
    long nlive = 0;
    for (long i = 0; i < w->nrows; i++)
        nlive += w->rows[i].live;
    size_t mw = (size_t)(ncol + 63) / 64, iw = (size_t)(nlive + 63) / 64;
    size_t width = mw + iw;
    uint64_t *mat = gf2_alloc(sizeof *mat * width * (size_t)(nlive ? nlive : 1));
    uint64_t **rp = gf2_alloc(sizeof *rp * (size_t)(nlive + 1));
    uint32_t *liveidx = gf2_alloc(sizeof *liveidx * (size_t)(nlive + 1));
    if (!mat || !rp || !liveidx) {
        st = BGCN_ENOMEM;
        goto done;
    }
    memset(mat, 0, sizeof *mat * width * (size_t)nlive);
    long li = 0;
    for (long i = 0; i < w->nrows; i++) {
        if (!w->rows[i].live)
            continue;
        uint64_t *row = mat + width * (size_t)li;
        for (uint32_t k = 0; k < w->rows[i].c.n; k++) {
            uint32_t d = cmap[w->rows[i].c.v[k]] - 1;
            row[d / 64] |= (uint64_t)1 << (d % 64);
        }
        row[mw + (size_t)li / 64] |= (uint64_t)1 << (li % 64);
        rp[li] = row;
        liveidx[li] = (uint32_t)i;
        li++;
    }
    long u = 0; /* rows [u, nlive) are not pivots yet */
    if (nlive >= bgcn_gf2_m4ri_min) {
        st = eliminate_m4ri(rp, nlive, ncol, width, &u);
        if (st != BGCN_OK)
            goto done;
    }
    for (long j = 0; j < ncol && u < nlive && nlive < bgcn_gf2_m4ri_min; j++) {
        if ((j & 31) == 0 && bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        size_t wd = (size_t)j / 64;
        uint64_t bit = (uint64_t)1 << (j % 64);
        long piv = -1;
        for (long i = u; i < nlive; i++)
            if (rp[i][wd] & bit) {
                piv = i;
                break;
            }
        if (piv < 0)
            continue;
        uint64_t *pr = rp[piv];
        rp[piv] = rp[u];
        rp[u] = pr;
        u++;
        for (long i = u; i < nlive; i++) {
            uint64_t *r = rp[i];
            if (r[wd] & bit)
                for (size_t k = wd; k < width; k++)
                    r[k] ^= pr[k];
        }
    }
    /* rows [u, nlive) are zero in M: each is a dependency */
    memset(deps, 0, sizeof *deps * (size_t)w->nrows);
    int nd = 0;
    for (long i = u; i < nlive && nd < 64; i++, nd++) {
        const uint64_t *idp = rp[i] + mw;
        for (size_t k = 0; k < iw; k++) {
            uint64_t x = idp[k];
            while (x) {
                long l = (long)(k * 64) + __builtin_ctzll(x);
                x &= x - 1;
                const gf2_row *r = &w->rows[liveidx[l]];
                for (uint32_t m = 0; m < r->id.n; m++)
                    deps[r->id.v[m]] ^= (uint64_t)1 << nd;
            }
        }
    }
    *ndeps = nd;
done:
    gf2_free(mat);
    gf2_free(rp);
    gf2_free(liveidx);
    return st;
}

bgcn_status bgcn_gf2_nullspace(uint64_t *deps, int *ndeps, long nrows,
                               long ncols, const uint32_t *cols,
                               const long *start)
{
    BGCN_ASSERT(nrows >= 0 && ncols >= 0);
    gf2_work w;
    memset(&w, 0, sizeof w);
    bgcn_status st = BGCN_OK;
    *ndeps = 0;
    if (nrows == 0)
        return BGCN_OK;
    w.nrows = nrows;
    w.ncols = ncols;
    w.rows = gf2_alloc(sizeof *w.rows * (size_t)nrows);
    w.weight = gf2_alloc(sizeof *w.weight * (size_t)(ncols + 1));
    w.incstart = gf2_alloc(sizeof *w.incstart * (size_t)(ncols + 1));
    w.touched = gf2_alloc((size_t)nrows);
    if (!w.rows || !w.weight || !w.incstart || !w.touched) {
        gf2_free(w.rows);
        w.rows = NULL;
        st = BGCN_ENOMEM;
        goto done;
    }
    memset(w.rows, 0, sizeof *w.rows * (size_t)nrows);
    for (long i = 0; i < nrows; i++) {
        gf2_row *r = &w.rows[i];
        long n = start[i + 1] - start[i];
        BGCN_ASSERT(n >= 0);
        r->c.v = gf2_alloc(sizeof *r->c.v * (size_t)(n + 1));
        r->id.v = gf2_alloc(sizeof *r->id.v);
        if (!r->c.v || !r->id.v) {
            st = BGCN_ENOMEM;
            goto done;
        }
        memcpy(r->c.v, cols + start[i], sizeof *cols * (size_t)n);
        qsort(r->c.v, (size_t)n, sizeof *r->c.v, u32_cmp);
        uint32_t k = 0;
        for (long m = 0; m < n; m++) { /* cancel repeated columns */
            BGCN_ASSERT(r->c.v[m] < (uint32_t)ncols);
            if (k > 0 && r->c.v[k - 1] == r->c.v[m])
                k--;
            else
                r->c.v[k++] = r->c.v[m];
        }
        r->c.n = k;
        r->c.cap = (uint32_t)(n + 1);
        r->id.v[0] = (uint32_t)i;
        r->id.n = r->id.cap = 1;
        r->live = 1;
    }
    st = drop_singletons(&w);
    /* small matrices: the merges (passes over every column per weight)
     * cost more than the dense elimination they save */
    uint32_t wtop = ncols >= bgcn_gf2_merge_min ? GF2_MERGE_MAX : 1;
    for (uint32_t wmax = 2; st == BGCN_OK && wmax <= wtop;) {
        long merged = 0;
        st = merge_pass(&w, wmax, &merged);
        if (st == BGCN_OK)
            st = drop_singletons(&w);
        if (st == BGCN_OK && merged < 16)
            wmax++;
    }
    if (st == BGCN_OK)
        st = dense_solve(&w, deps, ndeps);
done:
    work_clear(&w);
    return st;
}
