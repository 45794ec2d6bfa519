/* num-gcd.c -- gcd, lcm, modular inverse, mulmod.
 *
 * gcd is Euclid's algorithm on magnitudes and the inverse the extended
 * form carrying one cofactor: with r0 = |m|, r1 = a mod |m|, t0 = 0,
 * t1 = 1, each step q = r0 / r1 keeps t_i * a = r_i (mod m); when r1
 * reaches 0, r0 = gcd and t0 is the inverse if r0 = 1.  Quadratic, and
 * provisional: the engine's Lehmer gcd/gcdext replace these loops when
 * they land in bgcn.h.  Results are always non-negative. */
#include "num-impl.h"

static bgc_err gcd(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    bgc_int x, y, t;
    bgc_init(&x);
    bgc_init(&y);
    bgc_init(&t);
    bgc_err e = bgc_abs(&x, a);
    if (e == BGC_OK)
        e = bgc_abs(&y, b);
    while (e == BGC_OK && y.size != 0) {
        if (bgcn_interrupt_flag) {
            e = BGC_EINTR;
            break;
        }
        e = bgc_divmod_abs(NULL, &t, &x, &y);
        bgc_swap(&x, &y);
        bgc_swap(&y, &t);
    }
    if (e == BGC_OK)
        bgc_swap(r, &x);
    bgc_clear(&x);
    bgc_clear(&y);
    bgc_clear(&t);
    return e;
}

bgc_err bgc_gcd(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    int tok = bgc_v_begin(BGC_V_GCD, r, NULL, a, b, NULL, 0);
    bgc_err e = gcd(r, a, b);
    bgc_v_end(tok, e, r, NULL);
    return e;
}

static bgc_err lcm(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    if (a->size == 0 || b->size == 0)
        return bgc_set_si(r, 0);
    bgc_int g, t;
    bgc_init(&g);
    bgc_init(&t);
    bgc_err e = gcd(&g, a, b);
    if (e == BGC_OK)
        e = bgc_divmod_abs(&t, NULL, a, &g); /* exact */
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
    int tok = bgc_v_begin(BGC_V_LCM, r, NULL, a, b, NULL, 0);
    bgc_err e = lcm(r, a, b);
    bgc_v_end(tok, e, r, NULL);
    return e;
}

static bgc_err invmod(bgc_int *r, const bgc_int *a, const bgc_int *m)
{
    if (m->size == 0)
        return BGC_EMODZERO;
    bgc_int r0, r1, t0, t1, q, x;
    bgc_init(&r0);
    bgc_init(&r1);
    bgc_init(&t0);
    bgc_init(&t1);
    bgc_init(&q);
    bgc_init(&x);
    bgc_err e = bgc_abs(&r0, m);
    if (e == BGC_OK)
        e = bgc_mod(&r1, a, &r0);
    if (e == BGC_OK)
        e = bgc_set_si(&t1, 1);
    while (e == BGC_OK && r1.size != 0) {
        if (bgcn_interrupt_flag) {
            e = BGC_EINTR;
            break;
        }
        e = bgc_divmod_abs(&q, &x, &r0, &r1); /* r0 = q r1 + x */
        if (e != BGC_OK)
            break;
        bgc_swap(&r0, &r1);
        bgc_swap(&r1, &x);
        e = bgc_mul(&x, &q, &t1); /* t0 - q t1 */
        if (e == BGC_OK)
            e = bgc_sub(&x, &t0, &x);
        bgc_swap(&t0, &t1);
        bgc_swap(&t1, &x);
    }
    if (e == BGC_OK) {
        /* r0 = gcd(a, m); |m| = 1 makes every a invertible (result 0). */
        if (bgc_cmp_si(&r0, 1) != 0 && !(BGC_ABS(m->size) == 1 &&
                                          m->d[0] == 1))
            e = BGC_ENOTINV;
        else
            e = bgc_mod(&x, &t0, m);
    }
    if (e == BGC_OK)
        bgc_swap(r, &x);
    bgc_clear(&r0);
    bgc_clear(&r1);
    bgc_clear(&t0);
    bgc_clear(&t1);
    bgc_clear(&q);
    bgc_clear(&x);
    return e;
}

bgc_err bgc_invmod(bgc_int *r, const bgc_int *a, const bgc_int *m)
{
    int tok = bgc_v_begin(BGC_V_INVMOD, r, NULL, a, m, NULL, 0);
    bgc_err e = invmod(r, a, m);
    bgc_v_end(tok, e, r, NULL);
    return e;
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
    int tok = bgc_v_begin(BGC_V_MULMOD, r, NULL, a, b, m, 0);
    bgc_err e = mulmod(r, a, b, m);
    bgc_v_end(tok, e, r, NULL);
    return e;
}
