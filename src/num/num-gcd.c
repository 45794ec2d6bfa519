/* num-gcd.c -- gcd, lcm, modular inverse, mulmod: thin wrappers over the
 * engine's Lehmer gcd (bgcn_gcd) and inverse (bgcn_invert).
 *
 * Signs: gcd and lcm are of the magnitudes and never negative; the
 * inverse of a negative a is -(|a|^-1) mod |m|; results mod m are in
 * [0, |m|).  lcm divides before it multiplies (|a| / g * |b|), so its only
 * big product is the result itself. */
#include "num-impl.h"

static bgc_err gcd(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    long an = BGC_ABS(a->size), bn = BGC_ABS(b->size);
    if (an == 0)
        return bgc_abs(r, b);
    if (bn == 0)
        return bgc_abs(r, a);
    bgc_int t;
    bgc_init(&t);
    long gn = 0;
    bgc_err e = bgc_room(&t, BGC_MIN(an, bn));
    if (e == BGC_OK)
        e = bgc_from_status(bgcn_gcd(t.d, &gn, a->d, an, b->d, bn));
    if (e == BGC_OK) {
        bgc_norm(&t, gn, 0);
        bgc_swap(r, &t);
    }
    bgc_clear(&t);
    return e;
}

bgc_err bgc_gcd(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    BGC_VERIFIED(BGC_V_GCD, r, a, b, NULL, 0, gcd(r, a, b));
}

static bgc_err lcm(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    if (a->size == 0 || b->size == 0)
        return bgc_set_si(r, 0);
    bgc_int g, t;
    bgc_init(&g);
    bgc_init(&t);
    bgc_err e = gcd(&g, a, b);
    long an = BGC_ABS(a->size), gn = g.size;
    if (e == BGC_OK)
        e = bgc_room(&t, an - gn + 1);
    if (e == BGC_OK) /* |a| / g is exact: Hensel division from the low end */
        e = bgc_from_status(bgcn_divexact(t.d, a->d, an, g.d, gn));
    if (e == BGC_OK)
        bgc_norm(&t, an - gn + 1, 0);
    if (e == BGC_OK)
        e = bgc_mul(&t, &t, b);
    if (e == BGC_OK) {
        t.size = BGC_ABS(t.size);
        bgc_swap(r, &t);
    }
    bgc_clear(&g);
    bgc_clear(&t);
    return e;
}

bgc_err bgc_lcm(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    BGC_VERIFIED(BGC_V_LCM, r, a, b, NULL, 0, lcm(r, a, b));
}

static bgc_err invmod(bgc_int *r, const bgc_int *a, const bgc_int *m)
{
    if (m->size == 0)
        return BGC_EMODZERO;
    long mn = BGC_ABS(m->size), an = BGC_ABS(a->size);
    bgc_int t;
    bgc_init(&t);
    int ok = 0;
    bgc_err e = bgc_room(&t, mn);
    if (e == BGC_OK)
        e = bgc_from_status(bgcn_invert(t.d, &ok, a->d, an, m->d, mn));
    if (e == BGC_OK && !ok)
        e = BGC_ENOTINV;
    if (e == BGC_OK) {
        bgc_norm(&t, mn, 0);
        if (a->size < 0 && t.size != 0) { /* |m| - |a|^-1 */
            bgc_int mm = {m->d, mn, mn};
            e = bgc_sub(&t, &mm, &t);
        }
    }
    if (e == BGC_OK)
        bgc_swap(r, &t);
    bgc_clear(&t);
    return e;
}

bgc_err bgc_invmod(bgc_int *r, const bgc_int *a, const bgc_int *m)
{
    BGC_VERIFIED(BGC_V_INVMOD, r, a, m, NULL, 0, invmod(r, a, m));
}

static bgc_err mulmod(bgc_int *r, const bgc_int *a, const bgc_int *b,
                      const bgc_int *m)
{
    if (m->size == 0)
        return BGC_EMODZERO;
    bgc_int x, y;
    bgc_init(&x);
    bgc_init(&y);
    /* Reduce first: the product then stays below m^2. */
    bgc_err e = bgc_mod(&x, a, m);
    if (e == BGC_OK)
        e = bgc_mod(&y, b, m);
    if (e == BGC_OK)
        e = bgc_mul(&x, &x, &y);
    if (e == BGC_OK)
        e = bgc_mod(&x, &x, m);
    if (e == BGC_OK)
        bgc_swap(r, &x);
    bgc_clear(&x);
    bgc_clear(&y);
    return e;
}

bgc_err bgc_mulmod(bgc_int *r, const bgc_int *a, const bgc_int *b,
                   const bgc_int *m)
{
    BGC_VERIFIED(BGC_V_MULMOD, r, a, b, m, 0, mulmod(r, a, b, m));
}
