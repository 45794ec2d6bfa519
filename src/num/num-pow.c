/* num-pow.c -- a^e for a non-negative exponent, and b^e mod m.
 *
 * The size of the result is known before anything is computed: at most
 * floor(e log2|a|) + 1 bits (exact for small |a|, a bit or two over for
 * large ones), which is what the --max-bits check uses.  The factor 2^s of
 * a is split off and applied as one shift at the end, so powers of two
 * cost a single shift; the odd part is raised by left-to-right binary
 * exponentiation (square, and multiply when the exponent bit is set).
 *
 * powmod is a thin wrapper over the engine's bgcn_powm (sliding window,
 * Montgomery for odd moduli, 2^k * odd split for even ones): the base is
 * reduced mod |m| first (so a negative base is its residue), a negative
 * exponent inverts the base first (BGC_ENOTINV), and the result is in
 * [0, |m|); the size of the result is bounded by m, so no size check. */
#include "num-impl.h"

/* A bound on the bits of |a|^e (|a| >= 3, not a power of two), from e
 * log2|a| with |a| rounded up to its top 53 bits: the true size for
 * small |a| (10^k needs floor(3.3219 k) + 1 bits), and within a bit or
 * two of it otherwise.  below: the twin lower bound, from the top 53
 * bits rounded down. */
static uint64_t pow_bits(const bgc_int *a, uint64_t e, int below)
{
    long n = BGC_ABS(a->size);
    uint64_t bits = bgc_bitlen_u(a);
    double top; /* |a| <= top * 2^(bits - 53) */
    if (bits <= 53) {
        top = (double)a->d[0];
        bits = 53;
    } else {
        /* the top 53 bits of |a|, plus one for the ones below */
        bgcn_limb_t hi = a->d[n - 1], lo = n > 1 ? a->d[n - 2] : 0;
        unsigned hb = bgc_limb_bits(hi);
        bgcn_limb_t t = hb >= 53 ? hi >> (hb - 53)
                                 : hi << (53 - hb) | lo >> (64 - (53 - hb));
        top = (double)t + !below;
    }
    double b = (double)e * (bgc_lg2(top) + (double)(bits - 53));
    return below ? bgc_bits_below(b) : bgc_bits_of_log2(b);
}

static bgc_err pow_u(bgc_int *r, const bgc_int *a, uint64_t e)
{
    if (e == 0)
        return bgc_set_si(r, 1);
    if (a->size == 0) {
        r->size = 0;
        return BGC_OK;
    }
    int neg = a->size < 0 && (e & 1);

    /* a = 2^s * odd; a^e = 2^(s e) odd^e: exactly s e + 1 bits when
     * odd = 1, else floor(e log2|a|) + 1. */
    long zl = 0;
    while (a->d[zl] == 0)
        zl++;
    uint64_t s = (uint64_t)zl * 64 + (unsigned)__builtin_ctzll(a->d[zl]);
    uint64_t oddbits = bgc_bitlen_u(a) - s;
    uint64_t bits = bgc_sat_add(bgc_sat_mul(s, e),
                                oddbits == 1 ? 1 : bgc_sat_mul(oddbits, e));
    uint64_t lo = bits;
    if (bits > bgc_get_max_bits() && oddbits > 1) {
        uint64_t tight = pow_bits(a, e, 0); /* the quick one is up to e over */
        bits = tight < bits ? tight : bits;
        /* and from below: |a| >= 2^(bitlen - 1) */
        lo = bgc_sat_add(bgc_sat_mul(bgc_bitlen_u(a) - 1, e), 1);
        tight = pow_bits(a, e, 1);
        lo = tight > lo ? tight : lo;
        lo = lo < bits ? lo : bits;
    }
    int recheck;
    BGC_TRY(bgc_check_size(lo, bits, &recheck));

    bgc_int base, acc;
    bgc_init(&base);
    bgc_init(&acc);
    bgc_err e2 = bgc_shr_ui(&base, a, s);
    if (e2 == BGC_OK)
        base.size = BGC_ABS(base.size);
    if (e2 == BGC_OK)
        e2 = bgc_set(&acc, &base);
    /* The whole result was bounded above; the squares and products below
     * have bounds up to a bit over their true sizes, which must not
     * refuse a result that fits exactly: no limit inside the loop. */
    uint64_t limit = bgc_get_max_bits();
    bgc_set_max_bits(UINT64_MAX);
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
    bgc_set_max_bits(limit);
    if (e2 == BGC_OK) {
        if (neg)
            acc.size = -acc.size;
        bgc_swap(r, &acc);
        if (recheck)
            e2 = bgc_check_exact(r);
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

/* {p, n} view of a non-negative value, with one zero limb for 0 (the
 * engine wants n >= 1). */
static const bgcn_limb_t zero_limb = 0;
static inline const bgcn_limb_t *limbs_of(const bgc_int *x, long *n)
{
    if (x->size == 0) {
        *n = 1;
        return &zero_limb;
    }
    *n = BGC_ABS(x->size);
    return x->d;
}

/* The engine's exponentiation of kind `kernel` (bgcn_powm or the
 * constant-time bgcn_powm_sec: same contract) of bb, already reduced into
 * [0, |m|), by the magnitude of e, into r: the limb plumbing both share. */
typedef bgcn_status (*powm_kernel)(bgcn_limb_t *, const bgcn_limb_t *, long,
                                   const bgcn_limb_t *, long, const bgcn_limb_t *, long);

static bgc_err powm_reduced(bgc_int *r, const bgc_int *bb, const bgc_int *e,
                            const bgc_int *mm, powm_kernel kernel)
{
    bgc_int t;
    bgc_init(&t);
    long mn = BGC_ABS(mm->size);
    bgc_err err = bgc_room(&t, mn);
    if (err == BGC_OK) {
        long bn, en;
        const bgcn_limb_t *bp = limbs_of(bb, &bn);
        const bgcn_limb_t *ep = limbs_of(e, &en);
        err = bgc_from_status(kernel(t.d, bp, bn, ep, en, mm->d, mn));
    }
    if (err == BGC_OK) {
        bgc_norm(&t, mn, 0);
        bgc_swap(r, &t);
    }
    bgc_clear(&t);
    return err;
}

static bgc_err powmod(bgc_int *r, const bgc_int *b, const bgc_int *e,
                      const bgc_int *m)
{
    if (m->size == 0)
        return BGC_EMODZERO;
    bgc_int mm, bb;
    bgc_init(&mm);
    bgc_init(&bb);
    bgc_err err = bgc_abs(&mm, m);
    if (err == BGC_OK) {
        if (e->size < 0)
            err = bgc_invmod(&bb, b, &mm);
        else
            err = bgc_mod(&bb, b, &mm);
    }
    /* a negative exponent was folded into the inverse: its magnitude */
    if (err == BGC_OK)
        err = powm_reduced(r, &bb, e, &mm, bgcn_powm);
    bgc_clear(&mm);
    bgc_clear(&bb);
    return err;
}

bgc_err bgc_powmod(bgc_int *r, const bgc_int *b, const bgc_int *e,
                   const bgc_int *m)
{
    int tok = bgc_v_begin(BGC_V_POWMOD, r, NULL, b, e, m, 0);
    bgc_err err = powmod(r, b, e, m);
    bgc_v_end(tok, err, r, NULL);
    return err;
}

/* b^e mod m by the engine's constant-time exponentiation (bgcn_powm_sec:
 * fixed window, every window multiplies, the table read by a full masked
 * scan; on the IFMA path its own constant-time kernel).  The time
 * depends on the sizes of b, e and m and on b and m, never on the value
 * of e.  m must be odd and positive, e >= 0: anything else is BGC_EDOMAIN
 * (no branch on e beyond its sign and size). */
static bgc_err powmod_sec(bgc_int *r, const bgc_int *b, const bgc_int *e, const bgc_int *m)
{
    if (m->size <= 0 || !(m->d[0] & 1) || e->size < 0)
        return BGC_EDOMAIN;
    bgc_int bb;
    bgc_init(&bb);
    bgc_err err = bgc_mod(&bb, b, m);
    if (err == BGC_OK)
        err = powm_reduced(r, &bb, e, m, bgcn_powm_sec);
    bgc_clear(&bb);
    return err;
}

bgc_err bgc_powmod_sec(bgc_int *r, const bgc_int *b, const bgc_int *e, const bgc_int *m)
{
    /* the same value as powmod: GMP checks it the same way */
    int tok = bgc_v_begin(BGC_V_POWMOD, r, NULL, b, e, m, 0);
    bgc_err err = powmod_sec(r, b, e, m);
    bgc_v_end(tok, err, r, NULL);
    return err;
}
