/* value.c -- integers and lists as language values (see value.h).
 *
 * Boxes for big integers come from a small cache of free boxes that keep
 * their limbs, so a loop computing with 200-digit numbers does not call
 * malloc for every intermediate result.  Lists are freed, compared and
 * printed by loops over an explicit stack, never by C recursion.
 */
#include "value.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- boxes ---------------------------------------------------------------- */

#define CACHE_BOXES 64
#define CACHE_LIMBS 64 /* boxes holding more limbs give them back */

static bgc_big *box_cache[CACHE_BOXES];
static int box_cached;

static bgc_big *box_new(void)
{
    bgc_big *b;
    if (box_cached > 0) {
        b = box_cache[--box_cached];
    } else {
        b = malloc(sizeof *b);
        if (!b)
            return NULL;
        bgc_init(&b->n);
    }
    b->refs = 1;
    return b;
}

static void box_free(bgc_big *b)
{
    if (box_cached < CACHE_BOXES && b->n.alloc <= CACHE_LIMBS) {
        b->n.size = 0;
        box_cache[box_cached++] = b;
        return;
    }
    bgc_clear(&b->n);
    free(b);
}

void bgc_val_cache_free(void)
{
    while (box_cached > 0) {
        bgc_big *b = box_cache[--box_cached];
        bgc_clear(&b->n);
        free(b);
    }
}

/* *s = x when it fits int64_t. */
static int fits_small(const bgc_int *x, int64_t *s)
{
    long v;
    if (x->size > 1 || x->size < -1)
        return 0;
    if (bgc_get_si(x, &v) != BGC_OK)
        return 0;
    *s = v;
    return 1;
}

bgc_err bgc_val_set_int(bgc_val *r, const bgc_int *x)
{
    int64_t s;
    if (fits_small(x, &s)) {
        bgc_val_small(r, s);
        return BGC_OK;
    }
    bgc_big *b = box_new();
    if (!b) {
        bgc_val_small(r, 0);
        return BGC_ENOMEM;
    }
    bgc_err e = bgc_set(&b->n, x);
    if (e != BGC_OK) {
        box_free(b);
        bgc_val_small(r, 0);
        return e;
    }
    r->kind = BGC_VK_BIG;
    r->u.b = b;
    return BGC_OK;
}

bgc_err bgc_val_take_int(bgc_val *r, bgc_int *x)
{
    int64_t s;
    if (fits_small(x, &s)) {
        bgc_val_small(r, s);
        x->size = 0;
        return BGC_OK;
    }
    if (bgc_is_borrowed(x)) { /* its limbs are not x's to give */
        bgc_err e = bgc_val_set_int(r, x);
        bgc_init(x);
        return e;
    }
    bgc_big *b = box_new();
    if (!b) {
        bgc_val_small(r, 0);
        return BGC_ENOMEM;
    }
    bgc_swap(&b->n, x);
    x->size = 0;
    r->kind = BGC_VK_BIG;
    r->u.b = b;
    return BGC_OK;
}

bgc_err bgc_val_get_int(const bgc_val *v, bgc_int *out)
{
    if (v->kind == BGC_VK_SMALL)
        return bgc_set_si(out, (long)v->u.s);
    if (v->kind == BGC_VK_BIG)
        return bgc_set(out, &v->u.b->n);
    return BGC_EDOMAIN;
}

const bgc_int *bgc_val_view(const bgc_val *v, bgc_intview *tmp)
{
    if (v->kind == BGC_VK_BIG)
        return &v->u.b->n;
    int64_t s = v->kind == BGC_VK_SMALL ? v->u.s : 0;
    tmp->limb = s < 0 ? (bgcn_limb_t)0 - (bgcn_limb_t)s : (bgcn_limb_t)s;
    tmp->n.d = &tmp->limb;
    tmp->n.alloc = 1;
    tmp->n.size = s == 0 ? 0 : s < 0 ? -1 : 1;
    return &tmp->n;
}

/* ---- lists --------------------------------------------------------------- */

bgc_list *bgc_list_new(long cap)
{
    bgc_list *l = malloc(sizeof *l);
    if (!l)
        return NULL;
    l->refs = 1;
    l->len = 0;
    l->cap = 0;
    l->v = NULL;
    l->next_dead = NULL;
    if (cap > 0 && bgc_list_reserve(l, cap) != BGC_OK) {
        free(l);
        return NULL;
    }
    return l;
}

bgc_err bgc_list_reserve(bgc_list *l, long n)
{
    if (n <= l->cap)
        return BGC_OK;
    if (n > BGC_LIST_MAX)
        return BGC_ENOMEM;
    long nc = l->cap ? l->cap : 4;
    while (nc < n)
        nc = nc < BGC_LIST_MAX / 2 ? nc * 2 : BGC_LIST_MAX;
    bgc_val *nv = realloc(l->v, (size_t)nc * sizeof *nv);
    if (!nv)
        return BGC_ENOMEM;
    l->v = nv;
    l->cap = nc;
    return BGC_OK;
}

/* Free l (refs already 0) and everything only it held. */
static void list_free(bgc_list *l)
{
    bgc_list *dead = l;
    l->next_dead = NULL;
    while (dead) {
        bgc_list *d = dead;
        dead = d->next_dead;
        for (long i = 0; i < d->len; i++) {
            bgc_val *x = &d->v[i];
            if (x->kind == BGC_VK_BIG) {
                if (--x->u.b->refs == 0)
                    box_free(x->u.b);
            } else if (x->kind == BGC_VK_LIST) {
                if (--x->u.l->refs == 0) {
                    x->u.l->next_dead = dead;
                    dead = x->u.l;
                }
            }
        }
        free(d->v);
        free(d);
    }
}

void bgc_list_unref(bgc_list *l)
{
    if (l && --l->refs == 0)
        list_free(l);
}

void bgc_val_release_slow(bgc_val *v)
{
    if (v->kind == BGC_VK_BIG) {
        if (--v->u.b->refs == 0)
            box_free(v->u.b);
    } else if (v->kind == BGC_VK_LIST) {
        bgc_list_unref(v->u.l);
    } else if (v->kind == BGC_VK_ITER) {
        if (--v->u.it->refs == 0)
            v->u.it->drop(v->u.it);
    }
    bgc_val_small(v, 0);
}

bgc_err bgc_list_push(bgc_list *l, bgc_val *x)
{
    if (l->len == l->cap) {
        bgc_err e = bgc_list_reserve(l, l->len + 1);
        if (e != BGC_OK) {
            bgc_val_release(x);
            return e;
        }
    }
    bgc_val_move(&l->v[l->len++], x);
    return BGC_OK;
}

bgc_err bgc_list_push_int(bgc_list *l, const bgc_int *x)
{
    bgc_val v;
    bgc_err e = bgc_val_set_int(&v, x);
    if (e != BGC_OK)
        return e;
    return bgc_list_push(l, &v);
}

bgc_err bgc_list_push_si(bgc_list *l, int64_t x)
{
    bgc_val v;
    bgc_val_small(&v, x);
    return bgc_list_push(l, &v);
}

bgc_err bgc_list_push_list(bgc_list *l, bgc_list *sub)
{
    bgc_val v;
    bgc_val_set_list(&v, sub);
    return bgc_list_push(l, &v);
}

bgc_err bgc_val_unshare(bgc_val *v)
{
    bgc_list *old = v->u.l;
    if (old->refs == 1)
        return BGC_OK;
    bgc_list *nl = bgc_list_new(old->len);
    if (!nl)
        return BGC_ENOMEM;
    for (long i = 0; i < old->len; i++)
        bgc_val_copy(&nl->v[i], &old->v[i]);
    nl->len = old->len;
    old->refs--;
    v->u.l = nl;
    return BGC_OK;
}

/* ---- comparison ------------------------------------------------------------ */

typedef struct pair {
    const bgc_list *a, *b;
    long i;
} pair;

static int int_equal(const bgc_val *a, const bgc_val *b)
{
    if (a->kind != b->kind)
        return 0;
    if (a->kind == BGC_VK_SMALL)
        return a->u.s == b->u.s;
    if (a->kind == BGC_VK_BIG)
        return bgc_cmp(&a->u.b->n, &b->u.b->n) == 0;
    return a->kind == BGC_VK_VOID;
}

int bgc_val_equal(const bgc_val *a, const bgc_val *b)
{
    if (a->kind != BGC_VK_LIST || b->kind != BGC_VK_LIST)
        return int_equal(a, b);
    pair *st = NULL;
    long n = 0, cap = 0;
    int result = 1;
    const bgc_list *la = a->u.l, *lb = b->u.l;
    long i = 0;
    for (;;) {
        if (i == 0 && (la == lb)) {
            i = la->len; /* the same storage: equal */
        } else if (i == 0 && la->len != lb->len) {
            result = 0;
            break;
        }
        if (i < la->len) {
            const bgc_val *x = &la->v[i], *y = &lb->v[i];
            i++;
            if (x->kind == BGC_VK_LIST && y->kind == BGC_VK_LIST) {
                if (n == cap) {
                    long nc = cap ? cap * 2 : 16;
                    pair *ns = realloc(st, (size_t)nc * sizeof *ns);
                    if (!ns) {
                        result = -1;
                        break;
                    }
                    st = ns;
                    cap = nc;
                }
                st[n].a = la;
                st[n].b = lb;
                st[n].i = i;
                n++;
                la = x->u.l;
                lb = y->u.l;
                i = 0;
            } else if (!int_equal(x, y)) {
                result = 0;
                break;
            }
            continue;
        }
        if (n == 0)
            break;
        n--;
        la = st[n].a;
        lb = st[n].b;
        i = st[n].i;
    }
    free(st);
    return result;
}

/* ---- printing ------------------------------------------------------------- */

typedef struct sbuf {
    char *p;
    size_t n, cap;
    int nomem;
} sbuf;

static void sb_put(sbuf *b, const char *s, size_t n)
{
    if (b->nomem)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 64;
        while (nc < b->n + n + 1)
            nc *= 2;
        char *np = realloc(b->p, nc);
        if (!np) {
            b->nomem = 1;
            return;
        }
        b->p = np;
        b->cap = nc;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

const char *bgc_base_prefix(int base, char buf[4])
{
    if (base == 16 || base == 8 || base == 2 || base == 10)
        return base == 16 ? "0x" : base == 8 ? "0o" : base == 2 ? "0b" : "";
    snprintf(buf, 4, "%d#", base);
    return buf;
}

/* An integer value in base, with prefix, appended to b. */
static bgc_err put_int(sbuf *b, const bgc_val *v, int base)
{
    char pbuf[4];
    const char *pfx = bgc_base_prefix(base, pbuf);
    if (v->kind == BGC_VK_SMALL) {
        char tmp[80];
        int k = (int)sizeof tmp;
        uint64_t m = v->u.s < 0 ? (uint64_t)0 - (uint64_t)v->u.s : (uint64_t)v->u.s;
        tmp[--k] = 0;
        do {
            unsigned d = (unsigned)(m % (unsigned)base);
            tmp[--k] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
            m /= (unsigned)base;
        } while (m);
        for (int j = (int)strlen(pfx) - 1; j >= 0; j--)
            tmp[--k] = pfx[j];
        if (v->u.s < 0)
            tmp[--k] = '-';
        sb_put(b, tmp + k, strlen(tmp + k));
        return BGC_OK;
    }
    char *s;
    size_t n;
    bgc_err e = bgc_get_str(&s, &n, &v->u.b->n, base);
    if (e != BGC_OK)
        return e;
    int neg = s[0] == '-';
    if (neg)
        sb_put(b, "-", 1);
    sb_put(b, pfx, strlen(pfx));
    sb_put(b, s + neg, n - (size_t)neg);
    free(s);
    return BGC_OK;
}

typedef struct frame {
    const bgc_list *l;
    long i;
} frame;

bgc_err bgc_val_format(char **out, size_t *len, const bgc_val *v, int base)
{
    sbuf b = {NULL, 0, 0, 0};
    bgc_err e = BGC_OK;
    *out = NULL;
    if (v->kind != BGC_VK_LIST) {
        if (v->kind == BGC_VK_VOID || v->kind == BGC_VK_UNSET)
            sb_put(&b, "", 0);
        else
            e = put_int(&b, v, base);
    } else {
        frame *st = NULL;
        long n = 0, cap = 0, count = 0;
        const bgc_list *l = v->u.l;
        long i = 0;
        sb_put(&b, "[", 1);
        for (;;) {
            if (i < l->len) {
                const bgc_val *x = &l->v[i];
                if (i > 0)
                    sb_put(&b, ", ", 2);
                i++;
                if ((++count & 4095) == 0 && bgcn_interrupt_flag) {
                    e = BGC_EINTR;
                    break;
                }
                if (x->kind == BGC_VK_LIST) {
                    if (n == cap) {
                        long nc = cap ? cap * 2 : 16;
                        frame *ns = realloc(st, (size_t)nc * sizeof *ns);
                        if (!ns) {
                            e = BGC_ENOMEM;
                            break;
                        }
                        st = ns;
                        cap = nc;
                    }
                    st[n].l = l;
                    st[n].i = i;
                    n++;
                    l = x->u.l;
                    i = 0;
                    sb_put(&b, "[", 1);
                } else if ((e = put_int(&b, x, base)) != BGC_OK) {
                    break;
                }
                continue;
            }
            sb_put(&b, "]", 1);
            if (n == 0)
                break;
            n--;
            l = st[n].l;
            i = st[n].i;
        }
        free(st);
    }
    if (e == BGC_OK && b.nomem)
        e = BGC_ENOMEM;
    if (e != BGC_OK) {
        free(b.p);
        return e;
    }
    if (!b.p) {
        b.p = malloc(1);
        if (!b.p)
            return BGC_ENOMEM;
        b.p[0] = 0;
    }
    *out = b.p;
    if (len)
        *len = b.n;
    return BGC_OK;
}
