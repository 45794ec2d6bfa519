/* num-root.c -- isqrt and iroot over the engine's bgcn_rootrem (which
 * is bgcn_sqrtrem for k = 2).
 *
 * Signs, as GMP's mpz_root: the root of a negative number exists for odd
 * k and is -root(|a|) (truncation toward zero); even k is an error.  A
 * degree k >= bitlen(|a|) gives 1 (1 <= root < 2) without calling the
 * engine, which also covers degrees beyond 2^64. */
#include "num-impl.h"

static bgc_err root(bgc_int *r, const bgc_int *a, uint64_t k)
{
    int neg = a->size < 0;
    if (neg && (k & 1) == 0)
        return BGC_ENEGARG;
    if (a->size == 0 || k == 1)
        return bgc_set(r, a);
    if (k >= bgc_bitlen_u(a))
        return bgc_set_si(r, neg ? -1 : 1);
    long n = BGC_ABS(a->size), tn = 0;
    bgc_int t;
    bgc_init(&t);
    bgc_err e = bgc_room(&t, n / (long)k + 1);
    if (e == BGC_OK)
        e = bgc_from_status(
            bgcn_rootrem(t.d, &tn, NULL, NULL, a->d, n, (unsigned long)k));
    if (e == BGC_OK) {
        bgc_norm(&t, tn, neg);
        bgc_swap(r, &t);
    }
    bgc_clear(&t);
    return e;
}

bgc_err bgc_isqrt(bgc_int *r, const bgc_int *a)
{
    if (a->size < 0)
        return BGC_ENEGARG;
    BGC_VERIFIED(BGC_V_SQRT, r, a, NULL, NULL, 0, root(r, a, 2));
}

bgc_err bgc_iroot(bgc_int *r, const bgc_int *a, const bgc_int *k)
{
    if (k->size <= 0)
        return BGC_EDOMAIN;
    uint64_t kk;
    BGC_TRY(bgc_get_count(k, &kk)); /* saturates: parity from the limb */
    if (a->size < 0 && (k->d[0] & 1) == 0)
        return BGC_ENEGARG;
    BGC_VERIFIED(BGC_V_ROOT, r, a, k, NULL, 0, root(r, a, kk));
}
