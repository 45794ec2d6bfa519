/* num-core.c -- bgc_int life cycle, assignment, comparison, limits and
 * error messages.
 *
 * Storage grows only (a variable that once held a big number keeps its
 * limbs until cleared), and every allocation goes through the engine's
 * bgcn_alloc_limbs so the allocation-failure hook covers it.  A failed
 * grow leaves the old limbs and value in place. */
#include "num-impl.h"
#include "messages.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

static uint64_t max_bits = BGC_DEFAULT_MAX_BITS;
static uint64_t needed_bits;
static int needed_exact = 1; /* needed_bits is the size, not a lower bound */

void bgc_set_max_bits(uint64_t bits)
{
    max_bits = bits < 64 ? 64 : bits;
}

uint64_t bgc_get_max_bits(void)
{
    return max_bits;
}

uint64_t bgc_needed_bits(void)
{
    return needed_bits;
}

bgc_err bgc_check_bits(uint64_t bits)
{
    if (bits <= max_bits)
        return BGC_OK;
    needed_bits = bits;
    needed_exact = 1;
    return BGC_ETOOBIG;
}

bgc_err bgc_check_size(uint64_t lo, uint64_t hi, int *recheck)
{
    *recheck = 0;
    if (hi <= max_bits)
        return BGC_OK;
    if (lo > max_bits) {
        needed_bits = lo;
        needed_exact = lo == hi;
        return BGC_ETOOBIG;
    }
    *recheck = 1; /* it may fit: compute it, then look */
    return BGC_OK;
}

bgc_err bgc_check_exact(const bgc_int *x)
{
    return bgc_check_bits(bgc_bitlen_u(x));
}

bgc_err bgc_take_limbs(bgc_int *r, bgc_int *t, long rn, bgc_err e, int recheck)
{
    if (e == BGC_OK) {
        bgc_norm(t, rn, 0);
        bgc_swap(r, t);
        if (recheck)
            e = bgc_check_exact(r);
    }
    bgc_clear(t);
    return e;
}

int bgc_needed_exact(void)
{
    return needed_exact;
}

uint64_t bgc_bits_below(double b)
{
    /* floor(log2 v) + 1 >= floor(b) + 1 for b <= log2 v; the margin
     * covers the rounding of an estimate b accurate to about 1e-13 */
    b = b * (1 - 1e-12) - 1e-9;
    if (b < 0)
        return 1;
    return b >= 1.8e19 ? UINT64_MAX : (uint64_t)b + 1;
}

/* log2(x) for x >= 1 to about double precision, without libm: halve to
 * m in [1, 2) (exact), then ln(m) = 2 atanh(s), s = (m-1)/(m+1) < 1/3,
 * by its series (s^2 <= 1/9: 30 terms are plenty). */
double bgc_lg2(double x)
{
    double e = 0;
    while (x >= 2) {
        x /= 2;
        e += 1;
    }
    double s = (x - 1) / (x + 1), s2 = s * s, term = s, sum = 0;
    for (int k = 1; k < 60; k += 2) {
        sum += term / k;
        term *= s2;
    }
    return e + 2 * sum * 1.4426950408889634;
}

uint64_t bgc_bits_from(double b)
{
    if (b >= 1.8e19)
        return UINT64_MAX;
    return (uint64_t)b + 2;
}

const char *bgc_strerror(bgc_err e)
{
    return bgc_message((unsigned)e < BGC_NERR ? (int)e : -1);
}

char *bgc_format_err(char *buf, size_t n, bgc_err e)
{
    if (n == 0)
        return buf;
    if (e == BGC_ETOOBIG) {
        if (needed_bits == UINT64_MAX)
            snprintf(buf, n, bgc_message(BGC_MSG_TOOBIG_HUGE), max_bits);
        else
            snprintf(buf, n, bgc_message(BGC_MSG_TOOBIG), needed_exact ? "" : "at least ",
                     needed_bits, max_bits);
    } else {
        snprintf(buf, n, "%s", bgc_strerror(e));
    }
    return buf;
}

/* ---- storage ---------------------------------------------------------- */

void bgc_init(bgc_int *x)
{
    x->d = NULL;
    x->size = 0;
    x->alloc = 0;
}

void bgc_clear(bgc_int *x)
{
    if (x->d && x->alloc > 0) /* a borrowed view (alloc 0) owns nothing */
        bgcn_free_limbs(x->d);
    bgc_init(x);
}

void bgc_swap(bgc_int *a, bgc_int *b)
{
    bgc_int t = *a;
    *a = *b;
    *b = t;
}

bgc_err bgc_grow(bgc_int *x, long n)
{
    if (n <= x->alloc)
        return BGC_OK;
    if (n < 0 || (uint64_t)n > (UINT64_MAX >> 7))
        return BGC_ENOMEM;
    /* A borrowed int (alloc 0, limbs owned elsewhere) may be longer than
     * n: the caller may still read its own limbs after making room (r == a
     * in an in-place shift), so the copy keeps them all. */
    long used = BGC_ABS(x->size);
    if (n < used)
        n = used;
    /* A little slack so that a value growing one limb at a time (a
     * counter, a running sum) does not reallocate every step. */
    long want = n + n / 8 + 1;
    bgcn_limb_t *p = bgcn_alloc_limbs((size_t)want);
    if (p == NULL) {
        want = n;
        p = bgcn_alloc_limbs((size_t)want);
        if (p == NULL)
            return BGC_ENOMEM;
    }
    bgcn_copyi(p, x->d, used);
    if (x->d && x->alloc > 0) /* borrowed limbs stay with their owner */
        bgcn_free_limbs(x->d);
    x->d = p;
    x->alloc = want;
    return BGC_OK;
}

void bgc_borrow(bgc_int *view, const bgc_int *owner)
{
    view->d = owner->d;
    view->size = owner->size;
    view->alloc = 0;
}

bgc_err bgc_reserve(bgc_int *r, long n)
{
    return bgc_room(r, n);
}

bgc_err bgc_set(bgc_int *r, const bgc_int *a)
{
    if (r == a)
        return BGC_OK;
    long n = BGC_ABS(a->size);
    BGC_TRY(bgc_room(r, n));
    bgcn_copyi(r->d, a->d, n);
    r->size = a->size;
    return BGC_OK;
}

bgc_err bgc_set_u64(bgc_int *r, uint64_t v)
{
    if (v == 0) {
        r->size = 0;
        return BGC_OK;
    }
    BGC_TRY(bgc_room(r, 1));
    r->d[0] = v;
    r->size = 1;
    return BGC_OK;
}

bgc_err bgc_set_ui(bgc_int *r, unsigned long v)
{
    return bgc_set_u64(r, v);
}

bgc_err bgc_set_si(bgc_int *r, long v)
{
    /* The magnitude of LONG_MIN is computed without overflow. */
    uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    BGC_TRY(bgc_set_u64(r, m));
    if (v < 0)
        r->size = -r->size;
    return BGC_OK;
}

bgc_err bgc_set_limbs(bgc_int *r, const bgcn_limb_t *p, long n,
                      int negative)
{
    n = bgcn_normalized_size(p, n);
    BGC_TRY(bgc_room(r, n));
    if (n > 0 && r->d != p)
        memmove(r->d, p, (size_t)n * sizeof *p);
    r->size = negative ? -n : n;
    return BGC_OK;
}

/* ---- queries ----------------------------------------------------------- */

/* The queries below end in bgc_v_cmp: under --verify GMP answers them
 * too (a comparison is what a faulty kernel gets wrong as easily as a
 * sum). */
int bgc_sgn(const bgc_int *a)
{
    return bgc_v_cmp('s', (a->size > 0) - (a->size < 0), a, NULL);
}

int bgc_is_zero(const bgc_int *a)
{
    return bgc_v_cmp('z', a->size == 0, a, NULL);
}

int bgc_is_odd(const bgc_int *a)
{
    return a->size != 0 && (a->d[0] & 1);
}

static int cmp_mag(const bgc_int *a, const bgc_int *b)
{
    long an = BGC_ABS(a->size), bn = BGC_ABS(b->size);
    if (an != bn)
        return an > bn ? 1 : -1;
    return bgcn_cmp(a->d, b->d, an);
}

int bgc_cmpabs(const bgc_int *a, const bgc_int *b)
{
    return bgc_v_cmp('a', cmp_mag(a, b), a, b);
}

static int cmp(const bgc_int *a, const bgc_int *b)
{
    if (a->size != b->size)
        return a->size > b->size ? 1 : -1;
    int c = cmp_mag(a, b);
    return a->size < 0 ? -c : c;
}

int bgc_cmp(const bgc_int *a, const bgc_int *b)
{
    return bgc_v_cmp('c', cmp(a, b), a, b);
}

int bgc_cmp_si(const bgc_int *a, long v)
{
    bgcn_limb_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    bgc_int b = {&m, v < 0 ? -1 : v > 0 ? 1 : 0, 1};
    return bgc_cmp(a, &b);
}

uint64_t bgc_bitlen_u(const bgc_int *a)
{
    long n = BGC_ABS(a->size);
    if (n == 0)
        return 0;
    return (uint64_t)(n - 1) * 64 + bgc_limb_bits(a->d[n - 1]);
}

uint64_t bgc_get_low(const bgc_int *a)
{
    return a->size ? a->d[0] : 0;
}

bgc_err bgc_get_si(const bgc_int *a, long *out)
{
    long n = BGC_ABS(a->size);
    if (n == 0) {
        *out = 0;
        return BGC_OK;
    }
    if (n > 1)
        return BGC_ERANGE;
    uint64_t m = a->d[0];
    if (a->size > 0) {
        if (m > (uint64_t)LONG_MAX)
            return BGC_ERANGE;
        *out = (long)m;
    } else {
        if (m > (uint64_t)LONG_MAX + 1)
            return BGC_ERANGE;
        *out = m == (uint64_t)LONG_MAX + 1 ? LONG_MIN : -(long)m;
    }
    return BGC_OK;
}

bgc_err bgc_get_u64(const bgc_int *a, uint64_t *out)
{
    if (a->size < 0 || a->size > 1)
        return BGC_ERANGE;
    *out = a->size ? a->d[0] : 0;
    return BGC_OK;
}

bgc_err bgc_get_count(const bgc_int *n, uint64_t *out)
{
    if (n->size < 0)
        return BGC_ENEGARG;
    *out = n->size == 0 ? 0 : n->size > 1 ? UINT64_MAX : n->d[0];
    return BGC_OK;
}
