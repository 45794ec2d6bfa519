/* num-pow.c -- a^e for a non-negative exponent.
 *
 * The size of the result is known before anything is computed: at most
 * bitlen(|a|) * e bits (exact for powers of two, within e bits otherwise),
 * which is what the --max-bits check uses.  The factor 2^s of a is split off and applied
 * as one shift at the end, so powers of two cost a single shift; the odd
 * part is raised by left-to-right binary exponentiation (square, and
 * multiply when the exponent bit is set). */
#include "num-impl.h"

static bgc_err pow_u(bgc_int *r, const bgc_int *a, uint64_t e)
{
    if (e == 0)
        return bgc_set_si(r, 1);
    if (a->size == 0) {
        r->size = 0;
        return BGC_OK;
    }
    int neg = a->size < 0 && (e & 1);

    /* a = 2^s * odd; a^e = 2^(s e) odd^e has at most s e + bitlen(odd) e
     * bits, exactly s e + 1 when odd = 1. */
    long zl = 0;
    while (a->d[zl] == 0)
        zl++;
    uint64_t s = (uint64_t)zl * 64 + (unsigned)__builtin_ctzll(a->d[zl]);
    uint64_t oddbits = bgc_bitlen_u(a) - s;
    BGC_TRY(bgc_check_bits(bgc_sat_add(
        bgc_sat_mul(s, e), oddbits == 1 ? 1 : bgc_sat_mul(oddbits, e))));

    bgc_int base, acc;
    bgc_init(&base);
    bgc_init(&acc);
    bgc_err e2 = bgc_shr_ui(&base, a, s);
    if (e2 == BGC_OK)
        base.size = BGC_ABS(base.size);
    if (e2 == BGC_OK)
        e2 = bgc_set(&acc, &base);
    if (e2 == BGC_OK && !(base.size == 1 && base.d[0] == 1)) {
        int top = 63 - __builtin_clzll(e);
        for (int i = top - 1; i >= 0 && e2 == BGC_OK; i--) {
            if (bgcn_interrupt_flag) {
                e2 = BGC_EINTR;
                break;
            }
            e2 = bgc_sqr(&acc, &acc);
            if (e2 == BGC_OK && ((e >> i) & 1))
                e2 = bgc_mul(&acc, &acc, &base);
        }
    }
    if (e2 == BGC_OK && s)
        e2 = bgc_shl_ui(&acc, &acc, s * e);
    if (e2 == BGC_OK) {
        if (neg)
            acc.size = -acc.size;
        bgc_swap(r, &acc);
    }
    bgc_clear(&base);
    bgc_clear(&acc);
    return e2;
}

static bgc_err pow_z(bgc_int *r, const bgc_int *a, const bgc_int *e)
{
    if (e->size < 0)
        return BGC_ENEGEXP;
    uint64_t n;
    BGC_TRY(bgc_get_count(e, &n));
    /* 0, 1 and -1 have small powers whatever the exponent. */
    if (a->size == 0 || (BGC_ABS(a->size) == 1 && a->d[0] == 1)) {
        if (e->size == 0)
            return bgc_set_si(r, 1);
        int neg = a->size < 0 && (e->d[0] & 1);
        BGC_TRY(bgc_set_si(r, a->size == 0 ? 0 : neg ? -1 : 1));
        return BGC_OK;
    }
    return pow_u(r, a, n);
}

bgc_err bgc_pow(bgc_int *r, const bgc_int *a, const bgc_int *e)
{
    int tok = bgc_v_begin(BGC_V_POW, r, NULL, a, e, NULL, 0);
    bgc_err err = pow_z(r, a, e);
    bgc_v_end(tok, err, r, NULL);
    return err;
}

bgc_err bgc_pow_ui(bgc_int *r, const bgc_int *a, unsigned long e)
{
    bgcn_limb_t el = e;
    bgc_int ez = {&el, e ? 1 : 0, 1};
    return bgc_pow(r, a, &ez);
}
