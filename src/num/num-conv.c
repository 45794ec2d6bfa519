/* num-conv.c -- strings <-> bgc_int in bases 2..36, digits() and
 * sumdigits().
 *
 * Thin wrappers over the engine's radix conversion (bgcn_get_str,
 * bgcn_set_str: bit slicing for powers of two, divide and conquer over
 * powers of the base otherwise): this file handles the sign, the '_'
 * separators, the ASCII digits and the size bound.  A string of n
 * significant digits in base b has at most floor(n log2 b) + 1 bits
 * (fewer by its leading digits), checked against --max-bits before
 * anything is allocated.
 *
 * digits(a, b) counts without converting: an estimate from bitlen(a)
 * that is never too high, then powers of b compared with |a|. */
#include "num-impl.h"

#include <stdlib.h>
#include <string.h>

/* log2(b) for b = 0..36 (0 and 1 unused). */
static const double log2_base[37] = {
    0, 0, 1, 1.5849625007211561, 2, 2.3219280948873622, 2.5849625007211561,
    2.8073549220576042, 3, 3.1699250014423122, 3.3219280948873622,
    3.4594316186372973, 3.5849625007211561, 3.7004397181410922,
    3.8073549220576042, 3.9068905956085187, 4, 4.0874628412503391,
    4.1699250014423122, 4.2479275134435852, 4.3219280948873626,
    4.3923174227787607, 4.4594316186372973, 4.5235619560570131,
    4.5849625007211561, 4.6438561897747244, 4.7004397181410917,
    4.7548875021634682, 4.8073549220576037, 4.8579809951275719,
    4.9068905956085187, 4.9541963103868749, 5, 5.0443941193584534,
    5.0874628412503391, 5.1292830169449664, 5.1699250014423122};

static int digit_value(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

static int pow2_bits(int base)
{
    return (base & (base - 1)) ? 0 : __builtin_ctz((unsigned)base);
}

/* Digit values {dig,nd} (most significant first) into r as a magnitude. */
static bgc_err parse(bgc_int *r, const unsigned char *dig, size_t nd,
                     int base)
{
    /* The size bound from the significant digits: nz of them starting
     * with the k-digit number L are below (L + 1) base^(nz - k), so at
     * most floor(log2(L + 1) + (nz - k) log2(base)) + 1 bits (nz pb for
     * base 2^pb); k <= 10 keeps L + 1 exact in a double. */
    size_t nz = nd;
    while (nz > 0 && dig[nd - nz] == 0)
        nz--;
    int pb = pow2_bits(base);
    /* first a quick bound (ceil(log2 base) bits a digit), enough unless
     * the literal is near the limit */
    uint64_t bits = bgc_sat_mul(nz, pb ? (uint64_t)pb
                                       : (uint64_t)log2_base[base] + 1);
    uint64_t lo = bits;
    if (nz > 0 && pb) { /* exact: the lead digit's bits, pb per other digit */
        unsigned lead = dig[nd - nz];
        bits = lo = bgc_sat_add(bgc_sat_mul(nz - 1, (uint64_t)pb),
                                (uint64_t)(32 - __builtin_clz(lead)));
    } else if (nz > 0 && bits > bgc_get_max_bits()) {
        size_t k = nz < 10 ? nz : 10;
        double lead = 0;
        for (size_t i = 0; i < k; i++)
            lead = lead * base + dig[nd - nz + i];
        uint64_t tight = bgc_bits_of_log2(bgc_lg2(lead + 1) +
                                          (double)(nz - k) * log2_base[base]);
        bits = tight < bits ? tight : bits;
        /* and from below: at least L base^(nz - k) */
        lo = bgc_bits_below(bgc_lg2(lead) + (double)(nz - k) * log2_base[base]);
        lo = lo < bits ? lo : bits;
    }
    int recheck;
    BGC_TRY(bgc_check_size(lo, bits, &recheck));
    bgc_int t;
    bgc_init(&t);
    long rn = 0;
    bgc_err e = bgc_room(&t, bgcn_set_str_size(nd, base));
    if (e == BGC_OK)
        e = bgc_from_status(bgcn_set_str(t.d, &rn, dig, nd, base));
    return bgc_take_limbs(r, &t, rn, e, recheck);
}

static bgc_err set_str(bgc_int *r, const char *s, size_t len, int base)
{
    if (base < 2 || base > 36)
        return BGC_EBASE;
    size_t i = 0;
    int neg = 0;
    if (i < len && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    /* Validate and collect digit values (short strings on the stack). */
    unsigned char sdig[64];
    unsigned char *dig = len - i < sizeof sdig ? sdig : malloc(len - i + 1);
    if (dig == NULL)
        return BGC_ENOMEM;
    size_t nd = 0;
    for (; i < len; i++) {
        int v = digit_value((unsigned char)s[i]);
        if (s[i] == '_' && nd > 0 && i + 1 < len &&
            digit_value((unsigned char)s[i + 1]) < base)
            continue;
        if (v >= base) {
            if (dig != sdig)
                free(dig);
            return BGC_EDIGIT;
        }
        dig[nd++] = (unsigned char)v;
    }
    if (nd == 0) {
        if (dig != sdig)
            free(dig);
        return BGC_EDIGIT;
    }
    /* Leading zeros carry no value (and would inflate the bound). */
    size_t z = 0;
    while (z + 1 < nd && dig[z] == 0)
        z++;
    bgc_err e = parse(r, dig + z, nd - z, base);
    if (dig != sdig)
        free(dig);
    if (e == BGC_OK && neg)
        r->size = -r->size;
    return e;
}

bgc_err bgc_set_str(bgc_int *r, const char *s, size_t len, int base)
{
    int tok = 0;
    if (bgc_v_on) {
        tok = bgc_v_depth++ > 0 ? 1 : bgc_v_snap_str(s, len, base);
    }
    bgc_err e = set_str(r, s, len, base);
    bgc_v_end(tok, e, r, NULL);
    return e;
}

/* ---- printing ---------------------------------------------------------- */

static const char digit_chars[] = "0123456789abcdefghijklmnopqrstuvwxyz";

static bgc_err get_str(char **out, size_t *outlen, const bgc_int *a,
                       int base)
{
    if (base < 2 || base > 36)
        return BGC_EBASE;
    long n = BGC_ABS(a->size);
    size_t cap = bgcn_get_str_size(a->d, n, base) + 2; /* sign, NUL */
    char *buf = malloc(cap);
    if (buf == NULL)
        return BGC_ENOMEM;
    size_t sign = a->size < 0, len = 0;
    bgc_err e = bgc_from_status(bgcn_get_str((unsigned char *)buf + sign,
                                             &len, base, a->d, n));
    if (e != BGC_OK) {
        free(buf);
        return e;
    }
    if (sign)
        buf[0] = '-';
    for (size_t i = sign; i < sign + len; i++)
        buf[i] = digit_chars[(unsigned char)buf[i]];
    buf[sign + len] = '\0';
    *out = buf;
    if (outlen)
        *outlen = sign + len;
    return BGC_OK;
}

bgc_err bgc_get_str(char **out, size_t *outlen, const bgc_int *a, int base)
{
    int tok = bgc_v_begin(BGC_V_GETSTR, NULL, NULL, a, NULL, NULL, base);
    bgc_err e = get_str(out, outlen, a, base);
    bgc_v_end_str(tok, e, e == BGC_OK ? *out : NULL);
    return e;
}

/* ---- digits ------------------------------------------------------------- */

static bgc_err digits(bgc_int *r, const bgc_int *a, const bgc_int *bz)
{
    long base;
    if (bgc_get_si(bz, &base) != BGC_OK || base < 2 || base > 36)
        return BGC_EBASE;
    uint64_t bits = bgc_bitlen_u(a);
    if (bits <= 1)
        return bgc_set_si(r, 1);
    int pb = pow2_bits((int)base);
    if (pb)
        return bgc_set_u64(r, (bits + (uint64_t)pb - 1) / (uint64_t)pb);
    /* |a| >= 2^(bits-1), so the count is at least
     * floor((bits-1)/log2 b) + 1; start one below that (rounding) and step
     * up while base^d <= |a|. */
    double est = (double)(bits - 1) / log2_base[base];
    uint64_t d = (uint64_t)est;
    if (d < 1)
        d = 1;
    bgc_int p, b, m;
    bgc_init(&p);
    bgc_init(&b);
    bgc_init(&m);
    /* The count is small whatever the limit; the powers base^d stepped
     * through reach a few bits past |a|, which may itself sit at the
     * limit: no limit inside (the fuzzer found digits of a 64-bit a under
     * --max-bits 64 refused as "needs 67 bits"). */
    uint64_t limit = bgc_get_max_bits();
    bgc_set_max_bits(UINT64_MAX);
    bgc_err e = bgc_set_si(&b, base);
    if (e == BGC_OK)
        e = bgc_abs(&m, a);
    if (e == BGC_OK)
        e = bgc_pow_ui(&p, &b, d);
    while (e == BGC_OK && bgc_cmp(&p, &m) <= 0) {
        d++;
        e = bgc_mul(&p, &p, &b);
    }
    bgc_set_max_bits(limit);
    if (e == BGC_OK)
        e = bgc_set_u64(r, d);
    bgc_clear(&p);
    bgc_clear(&b);
    bgc_clear(&m);
    return e;
}

bgc_err bgc_digits(bgc_int *r, const bgc_int *a, const bgc_int *base)
{
    BGC_VERIFIED(BGC_V_DIGITS, r, a, base, NULL, 0, digits(r, a, base));
}

/* ---- sumdigits ------------------------------------------------------------
 *
 * The digit sum of hi * b^m + lo (0 <= lo < b^m) is the digit sum of hi
 * plus that of lo: lo's leading zero digits add nothing.  So |a| is split
 * by the powers pw[j] = b^(2^j) (the largest first; each piece x below
 * pw[i]^2 gives a quotient and a remainder below pw[i]) down to pieces of
 * SUMDIGITS_BASECASE limbs, which the engine's bgcn_sumdigits_1 sums (b
 * <= 2^32), or down to single digits for a larger b.  O(M(n) log n), as
 * a radix conversion, without building the digits. */
#define SUMDIGITS_BASECASE 16

static bgc_err sumdigits_rec(bgc_int *acc, const bgc_int *x, const bgc_int *pw, int i,
                             bgcn_limb_t small_b)
{
    if (bgcn_interrupt_flag)
        return BGC_EINTR;
    if (small_b && x->size <= SUMDIGITS_BASECASE) {
        bgcn_limb_t tp[SUMDIGITS_BASECASE];
        uint64_t s;
        bgc_err e = bgc_from_status(bgcn_sumdigits_1(&s, x->d, x->size, small_b, tp));
        return e == BGC_OK ? bgc_add_si(acc, acc, (long)s) : e;
    }
    while (i >= 0 && bgc_cmp(x, &pw[i]) < 0)
        i--;
    if (i < 0) /* x < b: one digit */
        return bgc_add(acc, acc, x);
    bgc_int q, r;
    bgc_init(&q);
    bgc_init(&r);
    bgc_err e = bgc_tdiv_qr(&q, &r, x, &pw[i]);
    if (e == BGC_OK)
        e = sumdigits_rec(acc, &q, pw, i - 1, small_b);
    if (e == BGC_OK)
        e = sumdigits_rec(acc, &r, pw, i - 1, small_b);
    bgc_clear(&q);
    bgc_clear(&r);
    return e;
}

static bgc_err sumdigits(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    if (bgc_cmp_si(b, 2) < 0)
        return BGC_EDOMAIN;
    enum { NPW = 64 }; /* b^(2^63) has no room in any memory */
    bgc_int m, acc, pw[NPW];
    int k = 0;
    bgc_init(&m);
    bgc_init(&acc);
    for (int j = 0; j < NPW; j++)
        bgc_init(&pw[j]);
    uint64_t bb = 0;
    bgcn_limb_t small_b = bgc_get_u64(b, &bb) == BGC_OK && bb <= ((uint64_t)1 << 32) ? bb : 0;
    /* Every intermediate is at most |a| plus a bit (the powers stop where
     * the next one would pass |a|), and |a| fit: no limit inside, as in
     * digits(). */
    uint64_t limit = bgc_get_max_bits();
    bgc_set_max_bits(UINT64_MAX);
    bgc_err e = bgc_abs(&m, a);
    if (e == BGC_OK)
        e = bgc_set(&pw[0], b);
    /* pw[k]^2 >= 2^(2 bitlen(pw[k]) - 2) > |a| once 2 bitlen - 1 > bitlen(a) */
    uint64_t abits = bgc_bitlen_u(&m);
    while (e == BGC_OK && k + 1 < NPW && 2 * bgc_bitlen_u(&pw[k]) - 1 <= abits) {
        e = bgc_mul(&pw[k + 1], &pw[k], &pw[k]);
        k++;
    }
    if (e == BGC_OK)
        e = sumdigits_rec(&acc, &m, pw, k, small_b);
    bgc_set_max_bits(limit);
    if (e == BGC_OK)
        bgc_swap(r, &acc);
    bgc_clear(&m);
    bgc_clear(&acc);
    for (int j = 0; j < NPW; j++)
        bgc_clear(&pw[j]);
    return e;
}

bgc_err bgc_sumdigits(bgc_int *r, const bgc_int *a, const bgc_int *base)
{
    BGC_VERIFIED(BGC_V_SUMDIGITS, r, a, base, NULL, 0, sumdigits(r, a, base));
}
