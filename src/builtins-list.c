/* builtins-list.c -- the builtins that take lists (their vfn, builtins.h).
 *
 * Each gets its arguments as values, checks their kinds (BGC_EDOMAIN
 * means a wrong argument; the table's `domain` text says what is wanted)
 * and leaves its result in r.  Loops over elements poll ^C every 4096
 * elements, so range(10^9) or sum() of a long list can be stopped.
 */
#include "builtins.h"
#include "ntkit.h"

#include <stdlib.h>
#include <string.h>

#define POLL_MASK 4095

static int is_list(const bgc_val *v) { return v->kind == BGC_VK_LIST; }

/* The integers to fold over: the elements of one list argument, or the
 * arguments themselves. */
static bgc_err fold_items(bgc_val *args, int nargs, const bgc_val **items, long *n)
{
    if (nargs == 1 && is_list(&args[0])) {
        *items = args[0].u.l->v;
        *n = args[0].u.l->len;
    } else {
        *items = args;
        *n = nargs;
    }
    for (long i = 0; i < *n; i++)
        if (!bgc_val_is_int(&(*items)[i]))
            return BGC_EDOMAIN;
    return BGC_OK;
}

bgc_err bgc_bi_len(bgc_val *r, bgc_val *args, int nargs)
{
    (void)nargs;
    if (!is_list(&args[0]))
        return BGC_EDOMAIN;
    bgc_val_small(r, args[0].u.l->len);
    return BGC_OK;
}

bgc_err bgc_bi_concat(bgc_val *r, bgc_val *args, int nargs)
{
    long total = 0;
    for (int i = 0; i < nargs; i++) {
        if (!is_list(&args[i]))
            return BGC_EDOMAIN;
        total += args[i].u.l->len;
        if (total > BGC_LIST_MAX)
            return BGC_ENOMEM;
    }
    bgc_list *l = bgc_list_new(total);
    if (!l)
        return BGC_ENOMEM;
    for (int i = 0; i < nargs; i++) {
        const bgc_list *a = args[i].u.l;
        for (long j = 0; j < a->len; j++)
            bgc_val_copy(&l->v[l->len++], &a->v[j]);
    }
    bgc_val_set_list(r, l);
    return BGC_OK;
}

bgc_err bgc_bi_range(bgc_val *r, bgc_val *args, int nargs)
{
    int64_t a = 0, b, step = 1;
    for (int i = 0; i < nargs; i++)
        if (args[i].kind != BGC_VK_SMALL)
            return bgc_val_is_int(&args[i]) ? BGC_ENOMEM : BGC_EDOMAIN;
    if (nargs == 1) {
        b = args[0].u.s;
    } else {
        a = args[0].u.s;
        b = args[1].u.s;
        if (nargs == 3)
            step = args[2].u.s;
    }
    if (step == 0)
        return BGC_EDOMAIN;
    /* number of elements, in 128 bits so that no bound overflows */
    __int128 span = step > 0 ? (__int128)b - a : (__int128)a - b;
    __int128 as = step > 0 ? step : -(__int128)step;
    __int128 count = span <= 0 ? 0 : (span + as - 1) / as;
    if (count > BGC_LIST_MAX)
        return BGC_EDOMAIN;
    bgc_list *l = bgc_list_new((long)count);
    if (!l)
        return BGC_ENOMEM;
    int64_t x = a;
    for (long i = 0; i < (long)count; i++) {
        if ((i & POLL_MASK) == POLL_MASK && bgcn_interrupt_flag) {
            bgc_list_unref(l);
            return BGC_EINTR;
        }
        bgc_val_small(&l->v[i], x);
        l->len = i + 1;
        x = (int64_t)((__int128)x + step); /* the last step may leave int64: unused */
    }
    bgc_val_set_list(r, l);
    return BGC_OK;
}

/* vector(n[, x]): n copies of x (0 by default), the list a bc array or
 * gp's vector(n) starts as.  A list x is shared, not copied: values are
 * copied on write (value.h). */
bgc_err bgc_bi_vector(bgc_val *r, bgc_val *args, int nargs)
{
    if (args[0].kind != BGC_VK_SMALL)
        return bgc_val_is_int(&args[0]) ? BGC_ENOMEM : BGC_EDOMAIN;
    int64_t n = args[0].u.s;
    if (n < 0 || n > BGC_LIST_MAX)
        return BGC_EDOMAIN;
    bgc_list *l = bgc_list_new((long)n);
    if (!l)
        return BGC_ENOMEM;
    for (long i = 0; i < (long)n; i++) {
        if ((i & POLL_MASK) == POLL_MASK && bgcn_interrupt_flag) {
            bgc_list_unref(l);
            return BGC_EINTR;
        }
        if (nargs > 1)
            bgc_val_copy(&l->v[i], &args[1]);
        else
            bgc_val_small(&l->v[i], 0);
        l->len = i + 1;
    }
    bgc_val_set_list(r, l);
    return BGC_OK;
}

/* r = items folded with op from start (small values fast). */
static bgc_err fold_op(bgc_val *r, bgc_val *args, int nargs, int mul)
{
    const bgc_val *it;
    long n;
    bgc_err e = fold_items(args, nargs, &it, &n);
    if (e != BGC_OK)
        return e;
    int64_t acc = mul ? 1 : 0;
    long i = 0;
    for (; i < n && it[i].kind == BGC_VK_SMALL; i++) {
        int64_t t;
        if (mul ? __builtin_mul_overflow(acc, it[i].u.s, &t)
                : __builtin_add_overflow(acc, it[i].u.s, &t))
            break;
        acc = t;
    }
    if (i == n) {
        bgc_val_small(r, acc);
        return BGC_OK;
    }
    bgc_int s;
    bgc_init(&s);
    e = bgc_set_si(&s, (long)acc);
    for (; i < n && e == BGC_OK; i++) {
        bgc_intview tv;
        const bgc_int *x = bgc_val_view(&it[i], &tv);
        if ((i & POLL_MASK) == POLL_MASK && bgcn_interrupt_flag)
            e = BGC_EINTR;
        else
            e = mul ? bgc_mul(&s, &s, x) : bgc_add(&s, &s, x);
    }
    if (e == BGC_OK)
        e = bgc_val_take_int(r, &s);
    bgc_clear(&s);
    return e;
}

bgc_err bgc_bi_sum(bgc_val *r, bgc_val *args, int nargs) { return fold_op(r, args, nargs, 0); }
bgc_err bgc_bi_prod(bgc_val *r, bgc_val *args, int nargs) { return fold_op(r, args, nargs, 1); }

static int val_cmp(const bgc_val *a, const bgc_val *b)
{
    if (a->kind == BGC_VK_SMALL && b->kind == BGC_VK_SMALL)
        return a->u.s < b->u.s ? -1 : a->u.s > b->u.s;
    bgc_intview ta, tb;
    return bgc_cmp(bgc_val_view(a, &ta), bgc_val_view(b, &tb));
}

static bgc_err minmax(bgc_val *r, bgc_val *args, int nargs, int want)
{
    const bgc_val *it;
    long n;
    bgc_err e = fold_items(args, nargs, &it, &n);
    if (e != BGC_OK)
        return e;
    if (n == 0)
        return BGC_EDOMAIN;
    long best = 0;
    for (long i = 1; i < n; i++)
        if (val_cmp(&it[i], &it[best]) == want)
            best = i;
    bgc_val_copy(r, &it[best]);
    return BGC_OK;
}
bgc_err bgc_bi_min(bgc_val *r, bgc_val *args, int nargs) { return minmax(r, args, nargs, -1); }
bgc_err bgc_bi_max(bgc_val *r, bgc_val *args, int nargs) { return minmax(r, args, nargs, 1); }

static bgc_err gcd_lcm(bgc_val *r, bgc_val *args, int nargs, int lcm)
{
    const bgc_val *it;
    long n;
    bgc_err e = fold_items(args, nargs, &it, &n);
    if (e != BGC_OK)
        return e;
    bgc_int acc;
    bgc_init(&acc);
    e = bgc_set_si(&acc, lcm && n == 0 ? 1 : 0);
    for (long i = 0; i < n && e == BGC_OK; i++) {
        bgc_intview tv;
        const bgc_int *x = bgc_val_view(&it[i], &tv);
        if ((i & POLL_MASK) == POLL_MASK && bgcn_interrupt_flag)
            e = BGC_EINTR;
        else if (i == 0)
            e = bgc_abs(&acc, x);
        else
            e = lcm ? bgc_lcm(&acc, &acc, x) : bgc_gcd(&acc, &acc, x);
    }
    if (e == BGC_OK)
        e = bgc_val_take_int(r, &acc);
    bgc_clear(&acc);
    return e;
}
bgc_err bgc_bi_gcd(bgc_val *r, bgc_val *args, int nargs) { return gcd_lcm(r, args, nargs, 0); }
bgc_err bgc_bi_lcm(bgc_val *r, bgc_val *args, int nargs) { return gcd_lcm(r, args, nargs, 1); }

static int sort_cmp(const void *a, const void *b)
{
    return val_cmp(a, b);
}

bgc_err bgc_bi_sort(bgc_val *r, bgc_val *args, int nargs)
{
    (void)nargs;
    if (!is_list(&args[0]))
        return BGC_EDOMAIN;
    const bgc_list *a = args[0].u.l;
    for (long i = 0; i < a->len; i++)
        if (!bgc_val_is_int(&a->v[i]))
            return BGC_EDOMAIN;
    bgc_list *l = bgc_list_new(a->len);
    if (!l)
        return BGC_ENOMEM;
    for (long i = 0; i < a->len; i++)
        bgc_val_copy(&l->v[i], &a->v[i]);
    l->len = a->len;
    if (bgcn_interrupt_flag) {
        bgc_list_unref(l);
        return BGC_EINTR;
    }
    if (l->len > 1)
        qsort(l->v, (size_t)l->len, sizeof *l->v, sort_cmp);
    bgc_val_set_list(r, l);
    return BGC_OK;
}

/* The base argument (default 10): an integer >= 2. */
static bgc_err base_arg(bgc_val *args, int nargs, int at, int64_t *base, bgc_int *big)
{
    *base = 10;
    if (nargs <= at)
        return bgc_set_si(big, 10);
    if (!bgc_val_is_int(&args[at]))
        return BGC_EDOMAIN;
    if (args[at].kind == BGC_VK_SMALL) {
        *base = args[at].u.s;
        if (*base < 2)
            return BGC_EDOMAIN;
    } else {
        if (args[at].u.b->n.size < 0)
            return BGC_EDOMAIN;
        *base = 0; /* a huge base */
    }
    return bgc_val_get_int(&args[at], big);
}

bgc_err bgc_bi_todigits(bgc_val *r, bgc_val *args, int nargs)
{
    int64_t base;
    bgc_int b, n, q, d;
    bgc_err e;
    if (!bgc_val_is_int(&args[0]))
        return BGC_EDOMAIN;
    bgc_init(&b);
    bgc_init(&n);
    bgc_init(&q);
    bgc_init(&d);
    bgc_list *l = bgc_list_new(0);
    if (!l)
        return BGC_ENOMEM;
    e = base_arg(args, nargs, 1, &base, &b);
    if (e == BGC_OK)
        e = bgc_val_get_int(&args[0], &n);
    if (e == BGC_OK)
        e = bgc_abs(&n, &n);
    if (e == BGC_OK && base >= 2 && base <= 36) {
        /* the radix conversion, then one digit per character */
        char *s;
        size_t len;
        e = bgc_get_str(&s, &len, &n, (int)base);
        if (e == BGC_OK) {
            e = bgc_list_reserve(l, (long)len);
            for (size_t i = 0; i < len && e == BGC_OK; i++) {
                int c = s[i];
                bgc_val_small(&l->v[i], c <= '9' ? c - '0' : c - 'a' + 10);
                l->len = (long)i + 1;
            }
            free(s);
        }
    } else if (e == BGC_OK) {
        /* any other base: repeated division, then reversed */
        long i = 0;
        do {
            if ((++i & 255) == 0 && bgcn_interrupt_flag)
                e = BGC_EINTR;
            if (e == BGC_OK)
                e = bgc_tdiv_qr(&q, &d, &n, &b);
            if (e == BGC_OK)
                e = bgc_list_push_int(l, &d);
            bgc_swap(&n, &q);
        } while (e == BGC_OK && !bgc_is_zero(&n));
        for (long x = 0, y = l->len - 1; e == BGC_OK && x < y; x++, y--) {
            bgc_val t = l->v[x];
            l->v[x] = l->v[y];
            l->v[y] = t;
        }
    }
    bgc_clear(&b);
    bgc_clear(&n);
    bgc_clear(&q);
    bgc_clear(&d);
    if (e != BGC_OK) {
        bgc_list_unref(l);
        return e;
    }
    bgc_val_set_list(r, l);
    return BGC_OK;
}

/* fromdigits by divide and conquer: value(d[0..n)) = value(d[0..n-m)) *
 * b^m + value(d[n-m..n)) with m = FROMDIGITS_LEAF * 2^k the largest such
 * block below n, so only the powers b^(LEAF * 2^k) are needed (pw[k]) and
 * the products are balanced: O(M(n) log n) instead of Horner's O(n^2).
 * Digits may be any integers (negative, or not below the base): this is the
 * evaluation of a polynomial at b, whatever its coefficients. */
#define FROMDIGITS_LEAF 32

static bgc_err fromdigits_horner(bgc_int *r, const bgc_val *d, long n, const bgc_int *b)
{
    bgc_err e = bgc_set_si(r, 0);
    if (bgcn_interrupt_flag)
        return BGC_EINTR;
    for (long i = 0; i < n && e == BGC_OK; i++) {
        bgc_intview tv;
        e = bgc_mul(r, r, b);
        if (e == BGC_OK)
            e = bgc_add(r, r, bgc_val_view(&d[i], &tv));
    }
    return e;
}

static bgc_err fromdigits_dc(bgc_int *r, const bgc_val *d, long n, const bgc_int *pw)
{
    if (n <= FROMDIGITS_LEAF)
        return fromdigits_horner(r, d, n, &pw[-1]);
    int k = 0;
    long m = FROMDIGITS_LEAF;
    while (2 * m < n)
        m *= 2, k++;
    bgc_int lo;
    bgc_init(&lo);
    bgc_err e = fromdigits_dc(r, d, n - m, pw);
    if (e == BGC_OK)
        e = bgc_mul(r, r, &pw[k]);
    if (e == BGC_OK)
        e = fromdigits_dc(&lo, d + (n - m), m, pw);
    if (e == BGC_OK)
        e = bgc_add(r, r, &lo);
    bgc_clear(&lo);
    return e;
}

bgc_err bgc_bi_fromdigits(bgc_val *r, bgc_val *args, int nargs)
{
    /* pw[0] is the base; pw[1 + k] = base^(FROMDIGITS_LEAF * 2^k), enough
     * for 2^62 digits */
    bgc_int pw[64], acc;
    int npw = 1;
    bgc_err e;
    if (!is_list(&args[0]))
        return BGC_EDOMAIN;
    const bgc_list *l = args[0].u.l;
    for (long i = 0; i < l->len; i++)
        if (!bgc_val_is_int(&l->v[i]))
            return BGC_EDOMAIN;
    bgc_init(&pw[0]);
    bgc_init(&acc);
    e = nargs > 1 && !bgc_val_is_int(&args[1]) ? BGC_EDOMAIN
        : nargs > 1 ? bgc_val_get_int(&args[1], &pw[0]) : bgc_set_si(&pw[0], 10);
    if (e == BGC_OK && l->len > FROMDIGITS_LEAF) {
        bgc_init(&pw[1]);
        npw = 2;
        e = bgc_pow_ui(&pw[1], &pw[0], FROMDIGITS_LEAF);
        for (long m = 2 * FROMDIGITS_LEAF; e == BGC_OK && m < l->len; m *= 2) {
            bgc_init(&pw[npw]);
            e = bgc_mul(&pw[npw], &pw[npw - 1], &pw[npw - 1]);
            npw++;
        }
    }
    if (e == BGC_OK)
        e = fromdigits_dc(&acc, l->v, l->len, &pw[1]);
    if (e == BGC_OK)
        e = bgc_val_take_int(r, &acc);
    for (int i = 0; i < npw; i++)
        bgc_clear(&pw[i]);
    bgc_clear(&acc);
    return e;
}

/* ---- for (p in primes(a, b)): the sieve's iterator in the loop's slot ---- */

typedef struct {
    bgc_iterbox h;
    bgc_prime_iter it;
    bgc_int p; /* the last prime, above 2^64 */
} primes_box;

static void primes_drop(bgc_iterbox *h)
{
    primes_box *pb = (primes_box *)h;
    bgc_prime_iter_clear(&pb->it);
    bgc_clear(&pb->p);
    free(pb);
}

bgc_err bgc_primes_iter_start(bgc_val *slot, const bgc_int *a, const bgc_int *b)
{
    bgc_val_release(slot);
    primes_box *pb = malloc(sizeof *pb);
    if (!pb)
        return BGC_ENOMEM;
    pb->h.refs = 1;
    pb->h.drop = primes_drop;
    bgc_init(&pb->p);
    bgc_err e = bgc_prime_iter_init(&pb->it, a, b);
    if (e != BGC_OK) {
        primes_drop(&pb->h);
        return e;
    }
    slot->kind = BGC_VK_ITER;
    slot->u.it = &pb->h;
    return BGC_OK;
}

bgc_err bgc_primes_iter_next(bgc_val *slot, bgc_val *out, int *got)
{
    primes_box *pb = (primes_box *)slot->u.it;
    *got = 0;
    if (!pb->it.big) { /* below 2^64: no bgc_int */
        bgc_err e;
        uint64_t q = bgc_prime_iter_next_u64(&pb->it, &e);
        if (e != BGC_OK || q == 0)
            return e;
        *got = 1;
        if (q <= (uint64_t)INT64_MAX) {
            bgc_val_small(out, (int64_t)q);
            return BGC_OK;
        }
        e = bgc_set_u64(&pb->p, q);
        return e != BGC_OK ? e : bgc_val_set_int(out, &pb->p);
    }
    bgc_err e = bgc_prime_iter_next(&pb->it, &pb->p, got);
    return e != BGC_OK || !*got ? e : bgc_val_set_int(out, &pb->p);
}
