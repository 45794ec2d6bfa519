/* num-bits.c -- shifts, bitwise operations, bit queries.
 *
 * Negative numbers behave as infinite two's complement (as in GMP and
 * Python): -m is ...1111 (2^k - m).  The bitwise operations work on n+1
 * limbs, n = the larger operand size: each negative operand is
 * complemented on the fly (~m + 1 with a running carry), the limbs are
 * combined, and a negative result (and: both negative; or: either; xor:
 * exactly one) is turned back into sign and magnitude the same way.  The
 * extra limb holds the carry of magnitudes that grow (-3 & -5 = -7).
 *
 * a >> n is floor(a / 2^n): for a negative a the magnitude is shifted and
 * then incremented when any one bit was shifted out (-1 >> 1 = -1). */
#include "num-impl.h"

#include <limits.h>

/* ---- shifts ----------------------------------------------------------- */

static bgc_err shl(bgc_int *r, const bgc_int *a, uint64_t n)
{
    long an = BGC_ABS(a->size);
    if (an == 0) {
        r->size = 0;
        return BGC_OK;
    }
    BGC_TRY(bgc_check_bits(bgc_sat_add(bgc_bitlen_u(a), n)));
    long limbs = (long)(n / 64);
    unsigned cnt = (unsigned)(n % 64);
    int neg = a->size < 0;
    BGC_TRY(bgc_room(r, an + limbs + 1));
    /* Walk downward (r may be a): lshift/copyd allow rp >= ap. */
    if (cnt) {
        r->d[an + limbs] = bgcn_lshift(r->d + limbs, a->d, an, cnt);
    } else {
        bgcn_copyd(r->d + limbs, a->d, an);
        r->d[an + limbs] = 0;
    }
    bgcn_zero(r->d, limbs);
    bgc_norm(r, an + limbs + 1, neg);
    return BGC_OK;
}

static bgc_err shr(bgc_int *r, const bgc_int *a, uint64_t n)
{
    long an = BGC_ABS(a->size);
    int neg = a->size < 0;
    if (an == 0)
        return bgc_set_si(r, 0);
    if (n >= (uint64_t)an * 64)
        return bgc_set_si(r, neg ? -1 : 0);
    long limbs = (long)(n / 64);
    unsigned cnt = (unsigned)(n % 64);
    /* Any one bit shifted out?  (Only matters for negatives.) */
    int lost = 0;
    if (neg) {
        for (long i = 0; i < limbs && !lost; i++)
            lost = a->d[i] != 0;
        if (cnt && (a->d[limbs] & (((bgcn_limb_t)1 << cnt) - 1)))
            lost = 1;
    }
    long rn = an - limbs;
    BGC_TRY(bgc_room(r, rn + 1));
    /* Walk upward (r may be a): rshift/copyi of rp <= ap are allowed;
     * copyi's contract only allows exact overlap, so use memmove-safe
     * bgcn_copyi only when the regions are disjoint or equal. */
    if (cnt) {
        bgcn_rshift(r->d, a->d + limbs, rn, cnt);
    } else if (r != a || limbs == 0) {
        bgcn_copyi(r->d, a->d + limbs, rn);
    } else {
        for (long i = 0; i < rn; i++)
            r->d[i] = r->d[i + limbs];
    }
    r->d[rn] = 0;
    if (lost)
        bgcn_add_1(r->d, r->d, rn + 1, 1);
    bgc_norm(r, rn + 1, neg);
    return BGC_OK;
}

bgc_err bgc_shl_ui(bgc_int *r, const bgc_int *a, uint64_t n)
{
    BGC_VERIFIED(BGC_V_SHL, r, a, NULL, NULL,
                 (long)BGC_MIN(n, (uint64_t)LONG_MAX), shl(r, a, n));
}

bgc_err bgc_shr_ui(bgc_int *r, const bgc_int *a, uint64_t n)
{
    BGC_VERIFIED(BGC_V_SHR, r, a, NULL, NULL,
                 (long)BGC_MIN(n, (uint64_t)LONG_MAX), shr(r, a, n));
}

bgc_err bgc_shl(bgc_int *r, const bgc_int *a, const bgc_int *n)
{
    uint64_t c;
    BGC_TRY(bgc_get_count(n, &c));
    return bgc_shl_ui(r, a, c);
}

bgc_err bgc_shr(bgc_int *r, const bgc_int *a, const bgc_int *n)
{
    uint64_t c;
    BGC_TRY(bgc_get_count(n, &c));
    return bgc_shr_ui(r, a, c);
}

/* ---- bitwise ----------------------------------------------------------- */

enum bitop { OP_AND, OP_OR, OP_XOR };

/* Limb i of x in two's complement; *cy is the running +1 carry of the
 * complement (start at 1). */
static inline bgcn_limb_t tc_limb(const bgc_int *x, long i, bgcn_limb_t *cy)
{
    long n = BGC_ABS(x->size);
    bgcn_limb_t m = i < n ? x->d[i] : 0;
    if (x->size >= 0)
        return m;
    bgcn_limb_t v = ~m + *cy;
    *cy = *cy && v == 0;
    return v;
}

static bgc_err bitop(bgc_int *r, const bgc_int *a, const bgc_int *b,
                     enum bitop op)
{
    int na = a->size < 0, nb = b->size < 0;
    int neg = op == OP_AND ? (na && nb) : op == OP_OR ? (na || nb)
                                                      : (na != nb);
    long n = BGC_MAX(BGC_ABS(a->size), BGC_ABS(b->size)) + 1;
    /* |result| < 2^(L+1) for operands below 2^L in magnitude */
    int recheck; /* x & x, x | 0 have the operand's size: look after */
    BGC_TRY(bgc_check_size(0, BGC_MAX(bgc_bitlen_u(a), bgc_bitlen_u(b)) + 1, &recheck));
    bgc_int t;
    bgc_init(&t);
    BGC_TRY(bgc_room(&t, n));
    bgcn_limb_t ca = 1, cb = 1, cr = 1;
    for (long i = 0; i < n; i++) {
        bgcn_limb_t x = tc_limb(a, i, &ca), y = tc_limb(b, i, &cb), z;
        z = op == OP_AND ? (x & y) : op == OP_OR ? (x | y) : (x ^ y);
        if (neg) { /* back to magnitude: ~z + 1 */
            z = ~z + cr;
            cr = cr && z == 0;
        }
        t.d[i] = z;
    }
    bgc_norm(&t, n, neg);
    bgc_swap(r, &t);
    bgc_clear(&t);
    return recheck ? bgc_check_exact(r) : BGC_OK;
}

bgc_err bgc_and(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    BGC_VERIFIED(BGC_V_AND, r, a, b, NULL, 0, bitop(r, a, b, OP_AND));
}

bgc_err bgc_or(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    BGC_VERIFIED(BGC_V_OR, r, a, b, NULL, 0, bitop(r, a, b, OP_OR));
}

bgc_err bgc_xor(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    BGC_VERIFIED(BGC_V_XOR, r, a, b, NULL, 0, bitop(r, a, b, OP_XOR));
}

bgc_err bgc_not(bgc_int *r, const bgc_int *a)
{
    int tok = bgc_v_begin(BGC_V_NOT, r, NULL, a, NULL, NULL, 0);
    /* ~a = -a - 1 = -(a + 1) */
    bgc_err e = bgc_add_si(r, a, 1);
    if (e == BGC_OK)
        r->size = -r->size;
    bgc_v_end(tok, e, r, NULL);
    return e;
}

/* ---- bit queries -------------------------------------------------------- */

bgc_err bgc_popcount(bgc_int *r, const bgc_int *a)
{
    if (a->size < 0)
        return BGC_ENEGARG;
    int tok = bgc_v_begin(BGC_V_POPCOUNT, r, NULL, a, NULL, NULL, 0);
    uint64_t c = 0;
    for (long i = 0; i < a->size; i++)
        c += (uint64_t)__builtin_popcountll(a->d[i]);
    bgc_err e = bgc_set_u64(r, c);
    bgc_v_end(tok, e, r, NULL);
    return e;
}

bgc_err bgc_bitlen(bgc_int *r, const bgc_int *a)
{
    BGC_VERIFIED(BGC_V_BITLEN, r, a, NULL, NULL, 0, bgc_set_u64(r, bgc_bitlen_u(a)));
}

bgc_err bgc_bit(bgc_int *r, const bgc_int *a, const bgc_int *i)
{
    uint64_t k;
    BGC_TRY(bgc_get_count(i, &k));
    int tok = bgc_v_begin(BGC_V_BIT, r, NULL, a, i, NULL, 0);
    long n = BGC_ABS(a->size);
    long li = (long)BGC_MIN(k / 64, (uint64_t)n);
    int bit;
    if (li >= n) {
        bit = a->size < 0;
    } else {
        bgcn_limb_t v = a->d[li];
        if (a->size < 0) {
            int lowzero = 1; /* carry of ~m + 1 reaches limb li */
            for (long j = 0; j < li && lowzero; j++)
                lowzero = a->d[j] == 0;
            v = ~v + (bgcn_limb_t)lowzero;
        }
        bit = (int)((v >> (k % 64)) & 1);
    }
    bgc_err e = bgc_set_si(r, bit);
    bgc_v_end(tok, e, r, NULL);
    return e;
}
