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

/* The product of the two residues is an intermediate, not a result: it
 * lives in engine scratch, outside the --max-bits limit, which bounds
 * only the residue (below |m|, so it always fits). */
static bgc_err mulmod(bgc_int *r, const bgc_int *a, const bgc_int *b,
                      const bgc_int *m)
{
    if (m->size == 0)
        return BGC_EMODZERO;
    long mn = BGC_ABS(m->size);
    bgc_int x, y;
    bgc_init(&x);
    bgc_init(&y);
    bgcn_limb_t *prod = NULL;
    bgc_err e = bgc_mod(&x, a, m);
    if (e == BGC_OK)
        e = bgc_mod(&y, b, m);
    long xn = x.size, yn = y.size; /* residues: never negative */
    if (e == BGC_OK && (xn == 0 || yn == 0)) {
        r->size = 0;
        goto done;
    }
    int square = a == b;
    if (e == BGC_OK && xn < yn) {
        bgc_swap(&x, &y);
        xn = x.size;
        yn = y.size;
    }
    if (e == BGC_OK && (prod = bgcn_alloc_limbs((size_t)(xn + yn))) == NULL)
        e = BGC_ENOMEM;
    if (e == BGC_OK)
        e = bgc_from_status(square ? bgcn_sqr(prod, x.d, xn)
                                   : bgcn_mul(prod, x.d, xn, y.d, yn));
    long pn = xn + yn;
    while (e == BGC_OK && pn > 0 && prod[pn - 1] == 0)
        pn--;
    /* y's limbs are no longer needed: the residue goes there (r may be
     * a, b or m, and the division's output must not overlap m). */
    if (e == BGC_OK)
        e = bgc_room(&y, mn);
    if (e == BGC_OK && pn < mn) { /* below B^(mn-1) <= |m|: reduced */
        bgcn_copyi(y.d, prod, pn);
        bgc_norm(&y, pn, 0);
    } else if (e == BGC_OK) {
        e = bgc_from_status(bgcn_tdiv_qr(NULL, y.d, prod, pn, m->d, mn));
        if (e == BGC_OK)
            bgc_norm(&y, mn, 0);
    }
    if (e == BGC_OK)
        bgc_swap(r, &y);
done:
    bgcn_free_limbs(prod);
    bgc_clear(&x);
    bgc_clear(&y);
    return e;
}

/* (a + b) or (a - b) mod |m| with every intermediate below |m| in size:
 * a sum of two residues may have one bit more than m, which --max-bits
 * must not refuse when the residue fits. */
bgc_err bgc_addmod(bgc_int *r, const bgc_int *a, const bgc_int *b,
                   const bgc_int *m, int subtract)
{
    if (m->size == 0)
        return BGC_EMODZERO;
    long mn = BGC_ABS(m->size);
    bgc_int am = {m->d, mn, mn}; /* |m|, read only */
    bgc_int x, y;
    bgc_init(&x);
    bgc_init(&y);
    bgc_err e = bgc_mod(&x, a, m);
    if (e == BGC_OK)
        e = bgc_mod(&y, b, m);
    if (e == BGC_OK && !subtract && y.size != 0)
        e = bgc_sub(&y, &am, &y); /* x + y = x - (|m| - y) (mod m) */
    if (e == BGC_OK)
        e = bgc_sub(&x, &x, &y); /* in (-|m|, |m|) */
    if (e == BGC_OK && x.size < 0)
        e = bgc_add(&x, &x, &am);
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
