/* nt-intvec.c -- bgc_intvec, the growable array of bgc_int that the
 * toolkit's list results are built in (ntkit.h). */
#include "ntkit.h"
#include "num-impl.h"

#include <stdlib.h>

void bgc_intvec_init(bgc_intvec *l)
{
    l->v = NULL;
    l->n = l->cap = 0;
}

void bgc_intvec_clear(bgc_intvec *l)
{
    for (long i = 0; i < l->cap; i++)
        bgc_clear(&l->v[i]);
    free(l->v);
    bgc_intvec_init(l);
}

static bgc_err room(bgc_intvec *l)
{
    if (l->n < l->cap)
        return BGC_OK;
    long nc = l->cap ? 2 * l->cap : 16;
    bgc_int *nv = realloc(l->v, (size_t)nc * sizeof *nv);
    if (nv == NULL)
        return BGC_ENOMEM;
    for (long i = l->cap; i < nc; i++)
        bgc_init(&nv[i]);
    l->v = nv;
    l->cap = nc;
    return BGC_OK;
}

bgc_err bgc_intvec_push(bgc_intvec *l, const bgc_int *x)
{
    /* x may be an element of l itself: find it again after a realloc */
    long self = -1;
    if (l->v != NULL && x >= l->v && x < l->v + l->n)
        self = (long)(x - l->v);
    BGC_TRY(room(l));
    if (self >= 0)
        x = &l->v[self];
    BGC_TRY(bgc_set(&l->v[l->n], x));
    l->n++;
    return BGC_OK;
}

bgc_err bgc_intvec_push_u64(bgc_intvec *l, uint64_t x)
{
    BGC_TRY(room(l));
    BGC_TRY(bgc_set_u64(&l->v[l->n], x));
    l->n++;
    return BGC_OK;
}

static int cmp(const void *a, const void *b)
{
    return bgc_cmp(a, b);
}

void bgc_intvec_sort(bgc_intvec *l)
{
    if (l->n > 1)
        qsort(l->v, (size_t)l->n, sizeof *l->v, cmp);
}
