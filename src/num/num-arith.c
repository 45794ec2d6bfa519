/* num-arith.c -- signed add, sub, mul, sqr, neg, abs.
 *
 * Sign-magnitude: addition of equal signs adds magnitudes, of opposite
 * signs subtracts the smaller magnitude from the larger and takes that
 * one's sign.  The engine's add/sub allow the destination to be either
 * source exactly, so only mul/sqr (whose destination must be separate)
 * need a temporary when the destination is an operand.  Every public
 * function brackets its work with the verification hooks. */
#include "num-impl.h"

static bgc_err addsub(bgc_int *r, const bgc_int *a, const bgc_int *b,
                      int negate_b)
{
    long as = a->size, bs = negate_b ? -b->size : b->size;
    long an = BGC_ABS(as), bn = BGC_ABS(bs);
    if (an < bn || (an == bn && an > 0 && bgcn_cmp(a->d, b->d, an) < 0)) {
        const bgc_int *t = a;
        a = b;
        b = t;
        long ts = as;
        as = bs;
        bs = ts;
        long tn = an;
        an = bn;
        bn = tn;
    }
    /* Now |a| >= |b|. */
    if (bn == 0) {
        BGC_TRY(bgc_set(r, a));
        r->size = as;
        return BGC_OK;
    }
    if ((as < 0) == (bs < 0)) {
        /* |a| + |b| has bitlen(a) or one more bits */
        int recheck;
        BGC_TRY(bgc_check_size(bgc_bitlen_u(a), bgc_bitlen_u(a) + 1, &recheck));
        BGC_TRY(bgc_room(r, an + 1));
        /* Read the pointers after growing: r may be a or b. */
        bgcn_limb_t cy = bgcn_add(r->d, a->d, an, b->d, bn);
        r->d[an] = cy;
        r->size = as < 0 ? -(an + (long)cy) : an + (long)cy;
        if (recheck)
            return bgc_check_exact(r);
    } else {
        BGC_TRY(bgc_room(r, an));
        bgcn_sub(r->d, a->d, an, b->d, bn);
        bgc_norm(r, an, as < 0);
    }
    return BGC_OK;
}

bgc_err bgc_add(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    BGC_VERIFIED(BGC_V_ADD, r, a, b, NULL, 0, addsub(r, a, b, 0));
}

bgc_err bgc_sub(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    BGC_VERIFIED(BGC_V_SUB, r, a, b, NULL, 0, addsub(r, a, b, 1));
}

bgc_err bgc_add_si(bgc_int *r, const bgc_int *a, long v)
{
    bgcn_limb_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    bgc_int b = {&m, v < 0 ? -1 : v > 0 ? 1 : 0, 1};
    return bgc_add(r, a, &b);
}

/* r = -a (negative 0) or |a| (negative 1). */
static bgc_err neg_abs(bgc_int *r, const bgc_int *a, int absolute)
{
    BGC_TRY(bgc_set(r, a));
    r->size = absolute ? BGC_ABS(r->size) : -r->size;
    return BGC_OK;
}

bgc_err bgc_neg(bgc_int *r, const bgc_int *a)
{
    BGC_VERIFIED(BGC_V_NEG, r, a, NULL, NULL, 0, neg_abs(r, a, 0));
}

bgc_err bgc_abs(bgc_int *r, const bgc_int *a)
{
    BGC_VERIFIED(BGC_V_ABS, r, a, NULL, NULL, 0, neg_abs(r, a, 1));
}

/* Products up to this many limbs use a stack buffer when in place. */
#define SMALL 32

static bgc_err mul_sized(bgc_int *r, const bgc_int *a, const bgc_int *b,
                         long an, long bn, int neg);

/* The top 64 bits of |a| != 0, normalised (bit 63 set), rounded down. */
static uint64_t top64(const bgc_int *a)
{
    long n = BGC_ABS(a->size);
    bgcn_limb_t hi = a->d[n - 1], lo = n > 1 ? a->d[n - 2] : 0;
    unsigned z = (unsigned)__builtin_clzll(hi);
    return z ? hi << z | lo >> (64 - z) : hi;
}

static bgc_err mul(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    long an = BGC_ABS(a->size), bn = BGC_ABS(b->size);
    int neg = (a->size < 0) != (b->size < 0);
    if (an == 0 || bn == 0) {
        r->size = 0;
        return BGC_OK;
    }
    /* a product of x- and y-bit numbers has x + y - 1 or x + y bits */
    uint64_t hi = bgc_bitlen_u(a) + bgc_bitlen_u(b), lo = hi - 1;
    if (hi > bgc_get_max_bits()) {
        /* which one, from the top 64 bits ta, tb of each: the product is
         * at least ta tb 2^(hi - 128) and below (ta + 1)(tb + 1) 2^(hi - 128) */
        unsigned __int128 ta = top64(a), tb = top64(b);
        if (ta * tb >= (unsigned __int128)1 << 127)
            lo = hi;
        else if ((ta + 1) * (tb + 1) <= (unsigned __int128)1 << 127)
            hi = lo;
    }
    int recheck;
    BGC_TRY(bgc_check_size(lo, hi, &recheck));
    bgc_err e = mul_sized(r, a, b, an, bn, neg);
    if (e == BGC_OK && recheck)
        e = bgc_check_exact(r);
    return e;
}

static bgc_err mul_sized(bgc_int *r, const bgc_int *a, const bgc_int *b,
                         long an, long bn, int neg)
{
    if ((r == a || r == b) && an + bn <= SMALL) {
        /* In-place product of small operands: through the stack, no
         * allocation (x *= y in a loop is the common case). */
        bgcn_limb_t tmp[SMALL];
        bgcn_status st;
        if (a == b)
            st = bgcn_sqr(tmp, a->d, an);
        else if (an >= bn)
            st = bgcn_mul(tmp, a->d, an, b->d, bn);
        else
            st = bgcn_mul(tmp, b->d, bn, a->d, an);
        BGC_TRY(bgc_from_status(st));
        BGC_TRY(bgc_room(r, an + bn));
        bgcn_copyi(r->d, tmp, an + bn);
        bgc_norm(r, an + bn, neg);
        return BGC_OK;
    }
    bgc_int t, *dst = r;
    if (r == a || r == b) {
        bgc_init(&t);
        dst = &t;
    }
    bgc_err e = bgc_room(dst, an + bn);
    if (e == BGC_OK) {
        bgcn_status st;
        if (a == b || (an == bn && a->d == b->d))
            st = bgcn_sqr(dst->d, a->d, an);
        else if (an >= bn)
            st = bgcn_mul(dst->d, a->d, an, b->d, bn);
        else
            st = bgcn_mul(dst->d, b->d, bn, a->d, an);
        e = bgc_from_status(st);
    }
    if (e == BGC_OK)
        bgc_norm(dst, an + bn, neg);
    else
        dst->size = 0; /* limbs unspecified after a failed engine call */
    if (dst != r) {
        if (e == BGC_OK)
            bgc_swap(r, dst);
        bgc_clear(dst);
    }
    return e;
}

bgc_err bgc_mul(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    BGC_VERIFIED(a == b ? BGC_V_SQR : BGC_V_MUL, r, a, b, NULL, 0,
                 mul(r, a, b));
}

bgc_err bgc_sqr(bgc_int *r, const bgc_int *a)
{
    BGC_VERIFIED(BGC_V_SQR, r, a, a, NULL, 0, mul(r, a, a));
}
