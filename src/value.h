/* value.h -- the values of the bigcalc language: integers and lists.
 *
 * A bgc_val is 16 bytes: a kind and a payload.
 *   BGC_VK_SMALL  an integer that fits int64_t, held in place (no memory);
 *   BGC_VK_BIG    any other integer, in a reference-counted box (bgc_big);
 *   BGC_VK_LIST   a reference-counted list of values (bgc_list);
 *   BGC_VK_VOID   "no value": what push() and a function without
 *                 `return e` give; a statement with no value prints nothing.
 * The integer form is canonical: a BIG never holds a value that fits
 * int64_t, so two integers are equal only if they have the same kind.
 *
 * Value semantics (as in PARI/GP): assigning or passing a list copies it as
 * far as the program can tell.  Copies share storage (the reference count
 * goes up) and a write through one of them first unshares it
 * (bgc_val_unshare), so passing a 10^6-element list costs nothing and a
 * write through one name is never seen through another.
 *
 * Ownership: a bgc_val owns one reference to its box or list.  A slot is
 * released (bgc_val_release) before it is overwritten; bgc_val_copy adds a
 * reference, bgc_val_move transfers it.  Freeing never recurses in C (a
 * list nested 10^6 deep is freed by a loop).
 *
 * ---- C API for builtins that return lists (factor, divisors, primes...) ----
 * A builtin with integer arguments and a list result sets the `lfn` field of
 * its bgc_builtin entry (builtins.h) instead of `fn`:
 *
 *     static bgc_err f_divisors(bgc_val *r, bgc_int *args, int nargs)
 *     {
 *         bgc_list *l = bgc_list_new(0);          // NULL: out of memory
 *         if (!l)
 *             return BGC_ENOMEM;
 *         for (each divisor d, a bgc_int)
 *             if ((e = bgc_list_push_int(l, &d)) != BGC_OK) {  // copies d
 *                 bgc_list_unref(l);
 *                 return e;
 *             }
 *         bgc_val_set_list(r, l);                 // r takes the reference
 *         return BGC_OK;
 *     }
 *
 * Nested lists ([p, e] pairs): build the inner list the same way, then
 * bgc_list_push_list(outer, inner) hands it over (on failure inner is
 * freed too).  bgc_list_push_si pushes a C integer.  args are the call's
 * integer arguments (the evaluator has checked that none is a list and
 * reports "f(): argument K must be an integer" itself); they may be
 * overwritten.  *r is SMALL 0 on entry; on an error return it may hold
 * anything valid (the evaluator releases it).  Long loops poll
 * bgcn_interrupt_flag and return BGC_EINTR.
 * Builtins that take lists set `vfn` and see bgc_val arguments.
 */
#ifndef BGC_VALUE_H
#define BGC_VALUE_H

#include "num.h"

#include <stddef.h>
#include <stdint.h>

enum {
    BGC_VK_SMALL = 0,
    BGC_VK_BIG = 1,
    BGC_VK_LIST = 2,
    BGC_VK_VOID = 3,
    BGC_VK_UNSET = 4,  /* only in a global slot: never assigned */
    BGC_VK_ITER = 5    /* only in a hidden slot of a for-in loop: its state */
};

/* The state of a lazy for-in loop (for (p in primes(a, b))), owned by the
 * loop's hidden slot; release calls drop when the last reference goes. */
typedef struct bgc_iterbox {
    long refs;
    void (*drop)(struct bgc_iterbox *);
} bgc_iterbox;

typedef struct bgc_big {
    long refs;
    bgc_int n;         /* never fits int64_t */
} bgc_big;

typedef struct bgc_list bgc_list;

typedef struct bgc_val {
    int kind;
    union {
        int64_t s;
        bgc_big *b;
        bgc_list *l;
        bgc_iterbox *it;
    } u;
} bgc_val;

struct bgc_list {
    long refs;
    long len, cap;
    bgc_val *v;
    bgc_list *next_dead;  /* used while freeing (no recursion) */
};

/* Longest list (elements): keeps sizes far from overflow. */
#define BGC_LIST_MAX ((long)1 << 36)

/* ---- integers ------------------------------------------------------------- */

static inline void bgc_val_small(bgc_val *v, int64_t s)
{
    v->kind = BGC_VK_SMALL;
    v->u.s = s;
}
static inline int bgc_val_is_int(const bgc_val *v)
{
    return v->kind <= BGC_VK_BIG;
}
/* r = x (copied); r is overwritten without being released. */
bgc_err bgc_val_set_int(bgc_val *r, const bgc_int *x);
/* r = x, taking x's storage (x is left 0); r overwritten unreleased. */
bgc_err bgc_val_take_int(bgc_val *r, bgc_int *x);
/* out = the integer v (v must be an integer kind). */
bgc_err bgc_val_get_int(const bgc_val *v, bgc_int *out);

/* A read-only bgc_int view of an integer value, without allocating (for a
 * SMALL, one limb in *tmp).  Valid while v and tmp live unchanged. */
typedef struct bgc_intview {
    bgc_int n;
    bgcn_limb_t limb;
} bgc_intview;
const bgc_int *bgc_val_view(const bgc_val *v, bgc_intview *tmp);

/* ---- references --------------------------------------------------------- */

void bgc_val_release_slow(bgc_val *v);
/* Drop v's reference; v becomes SMALL 0. */
static inline void bgc_val_release(bgc_val *v)
{
    if (v->kind == BGC_VK_BIG || v->kind == BGC_VK_LIST || v->kind == BGC_VK_ITER)
        bgc_val_release_slow(v);
    else
        bgc_val_small(v, 0);
}
/* dst = src with a new reference (dst overwritten unreleased). */
static inline void bgc_val_copy(bgc_val *dst, const bgc_val *src)
{
    *dst = *src;
    if (src->kind == BGC_VK_BIG)
        src->u.b->refs++;
    else if (src->kind == BGC_VK_LIST)
        src->u.l->refs++;
    else if (src->kind == BGC_VK_ITER)
        src->u.it->refs++;
}
/* dst = src, src becomes SMALL 0 (dst overwritten unreleased). */
static inline void bgc_val_move(bgc_val *dst, bgc_val *src)
{
    *dst = *src;
    bgc_val_small(src, 0);
}

/* ---- lists ----------------------------------------------------------------- */

bgc_list *bgc_list_new(long cap);        /* refs 1, len 0; NULL on ENOMEM */
void bgc_list_unref(bgc_list *l);
/* Room for at least n elements. */
bgc_err bgc_list_reserve(bgc_list *l, long n);
/* Append x, taking its reference (x becomes SMALL 0).  On error x is
 * released. */
bgc_err bgc_list_push(bgc_list *l, bgc_val *x);
bgc_err bgc_list_push_int(bgc_list *l, const bgc_int *x);  /* copies x */
bgc_err bgc_list_push_si(bgc_list *l, int64_t x);
/* Append sub, taking its reference (on error sub is freed). */
bgc_err bgc_list_push_list(bgc_list *l, bgc_list *sub);
/* r = the list l, taking its reference (r overwritten unreleased). */
static inline void bgc_val_set_list(bgc_val *r, bgc_list *l)
{
    r->kind = BGC_VK_LIST;
    r->u.l = l;
}
/* Make the list in *v unshared (refs 1), copying its element array if
 * another reference exists.  v must hold a list. */
bgc_err bgc_val_unshare(bgc_val *v);

/* ---- comparison, printing ------------------------------------------------- */

/* 1 when a and b are the same value (lists element by element, any
 * depth), 0 when not; -1 out of memory. */
int bgc_val_equal(const bgc_val *a, const bgc_val *b);
/* The prefix a number in base 2..36 prints with, so that it reads back:
 * "0x", "0o", "0b" in bases 16, 8, 2, "" in base 10, else "B#" (36#z, as
 * bash and ksh write it; the lexer reads it).  buf holds the B# form. */
const char *bgc_base_prefix(int base, char buf[4]);
/* Text of v in base 2..36: integers as bgc_get_str, with the prefix of
 * bgc_base_prefix; lists as "[1, 2, [3, 4]]".  *out is
 * malloc'ed, NUL-ended; BGC_EINTR when ^C stopped a long conversion. */
bgc_err bgc_val_format(char **out, size_t *len, const bgc_val *v, int base);

/* Give back the cache of free boxes (at exit, for leak checkers). */
void bgc_val_cache_free(void);

#endif /* BGC_VALUE_H */
