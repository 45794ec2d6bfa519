/* siqs_cycle.c -- cycles of the large-prime graph of the quadratic
 * sieve (double large primes).
 *
 * A partial relation with large primes q1, q2 (q1 = 1 for a single one)
 * is an edge between the vertices q1 and q2; a set of relations whose
 * edges form a cycle multiplies into one whose large primes are all
 * squared (each vertex of a cycle has degree 2), a full relation for the
 * matrix.  The number of independent cycles is edges - vertices +
 * components, which siqs_rel.c counts while sieving by union-find.  Here
 * a breadth-first spanning forest gives a cycle basis: each edge outside
 * the forest closes one cycle with the forest paths from its ends to
 * their common ancestor (BFS keeps those paths short). */
#include "siqs-impl.h"

bgcn_status bgcn_siqs_cycles(long nv, long ne, const uint32_t *eu,
                             const uint32_t *ev, uint32_t **list,
                             long **start, long *ncyc)
{
    BGCN_ASSERT(nv >= 0 && ne >= 0);
    *list = NULL;
    *start = NULL;
    *ncyc = 0;
    bgcn_status st = BGCN_ENOMEM;
    long *adj0 = bgcn_siqs_alloc(sizeof *adj0 * (size_t)(nv + 2));
    uint32_t *adj = bgcn_siqs_alloc(sizeof *adj * (size_t)(2 * ne + 1));
    uint32_t *parent = bgcn_siqs_alloc(sizeof *parent * (size_t)(nv + 1));
    uint32_t *pedge = bgcn_siqs_alloc(sizeof *pedge * (size_t)(nv + 1));
    uint32_t *depth = bgcn_siqs_alloc(sizeof *depth * (size_t)(nv + 1));
    uint32_t *queue = bgcn_siqs_alloc(sizeof *queue * (size_t)(nv + 1));
    unsigned char *tree = bgcn_siqs_alloc((size_t)ne + 1);
    long cap = 4 * ne + 16, n = 0, k = 0;
    uint32_t *out = bgcn_siqs_alloc(sizeof *out * (size_t)cap);
    long *ost = bgcn_siqs_alloc(sizeof *ost * (size_t)(ne + 2));
    if (!adj0 || !adj || !parent || !pedge || !depth || !queue || !tree ||
        !out || !ost)
        goto done;
    /* adjacency lists: edge indices per vertex */
    memset(adj0, 0, sizeof *adj0 * (size_t)(nv + 2));
    for (long e = 0; e < ne; e++) {
        BGCN_ASSERT(eu[e] < nv && ev[e] < nv);
        adj0[eu[e] + 2]++;
        adj0[ev[e] + 2]++;
    }
    for (long v = 0; v < nv; v++)
        adj0[v + 2] += adj0[v + 1];
    for (long e = 0; e < ne; e++) {
        adj[adj0[eu[e] + 1]++] = (uint32_t)e;
        adj[adj0[ev[e] + 1]++] = (uint32_t)e;
    }
    /* now vertex v's edges are adj[adj0[v] .. adj0[v+1]) */
    memset(tree, 0, (size_t)ne + 1);
    for (long v = 0; v < nv; v++)
        depth[v] = UINT32_MAX;
    for (long root = 0; root < nv; root++) {
        if (depth[root] != UINT32_MAX)
            continue;
        long qh = 0, qt = 0;
        depth[root] = 0;
        parent[root] = (uint32_t)root;
        queue[qt++] = (uint32_t)root;
        while (qh < qt) {
            uint32_t x = queue[qh++];
            for (long a = adj0[x]; a < adj0[x + 1]; a++) {
                uint32_t e = adj[a], y = eu[e] == x ? ev[e] : eu[e];
                if (depth[y] != UINT32_MAX)
                    continue;
                depth[y] = depth[x] + 1;
                parent[y] = x;
                pedge[y] = e;
                tree[e] = 1;
                queue[qt++] = y;
            }
        }
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
    }
    for (long e = 0; e < ne; e++) {
        if (tree[e])
            continue;
        ost[k] = n;
        uint32_t a = eu[e], b = ev[e];
        /* the path can hold every vertex: make room first */
        if (n + 1 + (long)depth[a] + (long)depth[b] > cap) {
            long nc = 2 * cap + (long)depth[a] + (long)depth[b] + 1;
            uint32_t *t = bgcn_siqs_alloc(sizeof *t * (size_t)nc);
            if (!t)
                goto done;
            memcpy(t, out, sizeof *t * (size_t)n);
            bgcn_siqs_free(out);
            out = t;
            cap = nc;
        }
        out[n++] = (uint32_t)e;
        while (a != b) {
            if (depth[a] >= depth[b]) {
                out[n++] = pedge[a];
                a = parent[a];
            } else {
                out[n++] = pedge[b];
                b = parent[b];
            }
        }
        k++;
    }
    ost[k] = n;
    *list = out;
    *start = ost;
    *ncyc = k;
    out = NULL;
    ost = NULL;
    st = BGCN_OK;
done:
    bgcn_siqs_free(adj0);
    bgcn_siqs_free(adj);
    bgcn_siqs_free(parent);
    bgcn_siqs_free(pedge);
    bgcn_siqs_free(depth);
    bgcn_siqs_free(queue);
    bgcn_siqs_free(tree);
    bgcn_siqs_free(out);
    bgcn_siqs_free(ost);
    return st;
}
