/* num-root.c -- isqrt and iroot.
 *
 * Newton's iteration on integers, from above: start at x0 = 2^ceil(b/k)
 * (b = bitlen(a)), which is >= the root because a < 2^b; then
 *     x' = ((k-1) x + floor(a / x^(k-1))) / k
 * decreases strictly while x > floor(a^(1/k)) and the first x' >= x marks
 * x as the answer (the integer form of the AM-GM argument).  For roots of
 * more than 128 bits the start comes from the root of the top half of a
 * (recursively), which is already correct to half the bits, so each level
 * takes two or three steps and the whole costs a few multiplications of
 * the full size.  Square roots use the
 * engine's bgcn_sqrtrem; the Newton loop serves k >= 3 until the engine's
 * rootrem lands in bgcn.h. */
#include "num-impl.h"

static bgc_err newton_root(bgc_int *r, const bgc_int *a, uint64_t k)
{
    /* a > 0, 2 <= k */
    if (bgc_bitlen_u(a) <= k)
        return bgc_set_si(r, 1);
    uint64_t bits = bgc_bitlen_u(a);
    bgc_int x, y, t, kk, km1;
    bgc_init(&x);
    bgc_init(&y);
    bgc_init(&t);
    bgc_init(&kk);
    bgc_init(&km1);
    bgc_err e;
    uint64_t rbits = bits / k; /* the root has rbits or rbits+1 bits */
    if (rbits > 128) {
        /* Start from the root of the top half: x0 = root(a >> ks), then
         * (x0 + 1) 2^s > root(a) with relative error about 2^-(rbits/2),
         * so one or two Newton steps finish. */
        uint64_t sh = rbits / 2;
        e = bgc_shr_ui(&x, a, k * sh);
        if (e == BGC_OK)
            e = newton_root(&x, &x, k);
        if (e == BGC_OK)
            e = bgc_add_si(&x, &x, 1);
        if (e == BGC_OK)
            e = bgc_shl_ui(&x, &x, sh);
    } else {
        e = bgc_set_si(&x, 1);
        if (e == BGC_OK)
            e = bgc_shl_ui(&x, &x, (bits + k - 1) / k);
    }
    if (e == BGC_OK)
        e = bgc_set_u64(&kk, k);
    if (e == BGC_OK)
        e = bgc_set_u64(&km1, k - 1);
    while (e == BGC_OK) {
        if (bgcn_interrupt_flag) {
            e = BGC_EINTR;
            break;
        }
        if (k == 2) {
            e = bgc_divmod_abs(&y, NULL, a, &x); /* a / x */
            if (e == BGC_OK)
                e = bgc_add(&y, &y, &x);
            if (e == BGC_OK)
                e = bgc_shr_ui(&y, &y, 1);
        } else {
            e = bgc_pow_ui(&t, &x, (unsigned long)(k - 1));
            if (e == BGC_OK)
                e = bgc_divmod_abs(&y, NULL, a, &t);
            if (e == BGC_OK)
                e = bgc_mul(&t, &x, &km1);
            if (e == BGC_OK)
                e = bgc_add(&y, &y, &t);
            if (e == BGC_OK)
                e = bgc_divmod_abs(&y, NULL, &y, &kk);
        }
        if (e != BGC_OK || bgc_cmp(&y, &x) >= 0)
            break;
        bgc_swap(&x, &y);
    }
    if (e == BGC_OK)
        bgc_swap(r, &x);
    bgc_clear(&x);
    bgc_clear(&y);
    bgc_clear(&t);
    bgc_clear(&kk);
    bgc_clear(&km1);
    return e;
}

/* r = floor(sqrt(a)), a > 0, by the engine's Karatsuba square root. */
static bgc_err sqrt_engine(bgc_int *r, const bgc_int *a)
{
    long n = a->size, sn = (n + 1) / 2;
    bgc_int t;
    bgc_init(&t);
    bgc_err e = bgc_room(&t, sn);
    if (e == BGC_OK)
        e = bgc_from_status(bgcn_sqrtrem(t.d, NULL, NULL, a->d, n));
    if (e == BGC_OK) {
        bgc_norm(&t, sn, 0);
        bgc_swap(r, &t);
    }
    bgc_clear(&t);
    return e;
}

static bgc_err root(bgc_int *r, const bgc_int *a, uint64_t k)
{
    int neg = a->size < 0;
    if (neg && (k & 1) == 0)
        return BGC_ENEGARG;
    if (a->size == 0 || k == 1)
        return bgc_set(r, a);
    bgc_int m;
    bgc_init(&m);
    bgc_err e = bgc_abs(&m, a);
    if (e == BGC_OK) {
        if (k >= bgc_bitlen_u(&m))
            e = bgc_set_si(&m, 1); /* 1 <= root < 2 */
        else if (k == 2)
            e = sqrt_engine(&m, &m);
        else
            e = newton_root(&m, &m, k);
    }
    if (e == BGC_OK) {
        if (neg)
            m.size = -m.size;
        bgc_swap(r, &m);
    }
    bgc_clear(&m);
    return e;
}

bgc_err bgc_isqrt(bgc_int *r, const bgc_int *a)
{
    if (a->size < 0)
        return BGC_ENEGARG;
    int tok = bgc_v_begin(BGC_V_SQRT, r, NULL, a, NULL, NULL, 0);
    bgc_err e = root(r, a, 2);
    bgc_v_end(tok, e, r, NULL);
    return e;
}

bgc_err bgc_iroot(bgc_int *r, const bgc_int *a, const bgc_int *k)
{
    if (k->size <= 0)
        return BGC_EDOMAIN;
    uint64_t kk;
    BGC_TRY(bgc_get_count(k, &kk)); /* saturates: parity from the limb */
    if (a->size < 0 && (k->d[0] & 1) == 0)
        return BGC_ENEGARG;
    int tok = bgc_v_begin(BGC_V_ROOT, r, NULL, a, k, NULL, 0);
    bgc_err e = root(r, a, kk);
    bgc_v_end(tok, e, r, NULL);
    return e;
}
