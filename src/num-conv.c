/* num-conv.c -- strings <-> bgc_int in bases 2..36, and digits().
 *
 * Power-of-two bases move bits directly.  Other bases work a limb's worth
 * of digits at a time: big_base = base^k, the largest power that fits a
 * limb.  Parsing multiplies by big_base and adds the chunk (bgcn_mul_1,
 * bgcn_add_1); printing divides by big_base (bgcn_divrem_1) and emits k
 * digits per remainder.  Both are quadratic; the subquadratic engine
 * conversions replace these loops when they land in bgcn.h.
 *
 * Sizes are bounded before allocation: a string of n digits in base b has
 * at most n * ceil(log2 b) bits. */
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

/* k digits per limb and base^k. */
static int chunk_digits(int base, bgcn_limb_t *big)
{
    bgcn_limb_t p = (bgcn_limb_t)base;
    int k = 1;
    while (p <= BGCN_LIMB_MAX / (bgcn_limb_t)base) {
        p *= (bgcn_limb_t)base;
        k++;
    }
    *big = p;
    return k;
}

static int pow2_bits(int base)
{
    return (base & (base - 1)) ? 0 : __builtin_ctz((unsigned)base);
}

/* Digits of s (validated, '_' removed) into r as a magnitude. */
static bgc_err parse(bgc_int *r, const char *dig, size_t nd, int base)
{
    int pb = pow2_bits(base);
    uint64_t bits = bgc_sat_mul(nd, pb ? (uint64_t)pb
                                       : (uint64_t)log2_base[base] + 1);
    BGC_TRY(bgc_check_bits(bits));
    long limbs = (long)(bits / 64) + 1;
    bgc_int t;
    bgc_init(&t);
    BGC_TRY(bgc_room(&t, limbs));
    long n = 0;
    if (pb) {
        /* From the last digit (least significant) upward. */
        bgcn_limb_t acc = 0;
        unsigned have = 0;
        for (size_t i = nd; i-- > 0;) {
            bgcn_limb_t v = (bgcn_limb_t)dig[i];
            acc |= v << have;
            have += (unsigned)pb;
            if (have >= 64) {
                t.d[n++] = acc;
                have -= 64;
                acc = have ? v >> (pb - have) : 0;
            }
        }
        if (have)
            t.d[n++] = acc;
    } else {
        bgcn_limb_t big;
        int k = chunk_digits(base, &big);
        size_t first = nd % (size_t)k;
        if (first == 0)
            first = (size_t)k;
        size_t i = 0;
        while (i < nd) {
            size_t m = i == 0 ? first : (size_t)k;
            bgcn_limb_t chunk = 0, mult = 1;
            for (size_t j = 0; j < m; j++) {
                chunk = chunk * (bgcn_limb_t)base + (bgcn_limb_t)dig[i + j];
                mult *= (bgcn_limb_t)base;
            }
            i += m;
            if (n == 0) {
                if (chunk)
                    t.d[n++] = chunk;
            } else {
                bgcn_limb_t hi = bgcn_mul_1(t.d, t.d, n, mult);
                hi += bgcn_add_1(t.d, t.d, n, chunk);
                if (hi)
                    t.d[n++] = hi;
            }
            if (bgcn_interrupt_flag) {
                bgc_clear(&t);
                return BGC_EINTR;
            }
        }
    }
    bgc_norm(&t, n, 0);
    bgc_swap(r, &t);
    bgc_clear(&t);
    return BGC_OK;
}

static bgc_err set_str(bgc_int *r, const char *s, size_t len, int base)
{
    if (base < 2 || base > 36)
        return BGC_EBASE;
    size_t i = 0;
    int neg = 0;
    if (i < len && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    /* Validate and collect digit values. */
    char *dig = malloc(len - i + 1);
    if (dig == NULL)
        return BGC_ENOMEM;
    size_t nd = 0;
    for (; i < len; i++) {
        int v = digit_value((unsigned char)s[i]);
        if (s[i] == '_' && nd > 0 && i + 1 < len &&
            digit_value((unsigned char)s[i + 1]) < base)
            continue;
        if (v >= base) {
            free(dig);
            return BGC_EDIGIT;
        }
        dig[nd++] = (char)v;
    }
    if (nd == 0) {
        free(dig);
        return BGC_EDIGIT;
    }
    /* Leading zeros carry no value (and would inflate the bound). */
    size_t z = 0;
    while (z + 1 < nd && dig[z] == 0)
        z++;
    bgc_err e = parse(r, dig + z, nd - z, base);
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
    uint64_t bits = bgc_bitlen_u(a);
    int pb = pow2_bits(base);
    /* Upper bound on the digit count, plus sign and NUL. */
    size_t cap = (size_t)((double)bits / log2_base[base]) + 3;
    char *buf = malloc(cap);
    if (buf == NULL)
        return BGC_ENOMEM;
    size_t pos = cap; /* digits are written backwards from the end */
    buf[--pos] = '\0';
    if (n == 0) {
        buf[--pos] = '0';
    } else if (pb) {
        uint64_t nd = (bits + (uint64_t)pb - 1) / (uint64_t)pb;
        for (uint64_t k = 0; k < nd; k++) {
            uint64_t bit = k * (uint64_t)pb;
            long li = (long)(bit / 64);
            unsigned sh = (unsigned)(bit % 64);
            bgcn_limb_t v = a->d[li] >> sh;
            if (sh + (unsigned)pb > 64 && li + 1 < n)
                v |= a->d[li + 1] << (64 - sh);
            buf[--pos] = digit_chars[v & (bgcn_limb_t)(base - 1)];
        }
    } else {
        bgcn_limb_t big;
        int k = chunk_digits(base, &big);
        bgcn_limb_t *t = bgcn_alloc_limbs((size_t)n);
        if (t == NULL) {
            free(buf);
            return BGC_ENOMEM;
        }
        bgcn_copyi(t, a->d, n);
        long tn = n;
        while (tn > 0) {
            if (bgcn_interrupt_flag) {
                bgcn_free_limbs(t);
                free(buf);
                return BGC_EINTR;
            }
            bgcn_limb_t rem = bgcn_divrem_1(t, t, tn, big);
            while (tn > 0 && t[tn - 1] == 0)
                tn--;
            /* k digits of rem, fewer for the most significant chunk. */
            for (int j = 0; j < k && (tn > 0 || rem != 0); j++) {
                buf[--pos] = digit_chars[rem % (bgcn_limb_t)base];
                rem /= (bgcn_limb_t)base;
            }
        }
        bgcn_free_limbs(t);
    }
    if (a->size < 0)
        buf[--pos] = '-';
    size_t len = cap - 1 - pos;
    memmove(buf, buf + pos, len + 1);
    *out = buf;
    if (outlen)
        *outlen = len;
    return BGC_OK;
}

bgc_err bgc_get_str(char **out, size_t *outlen, const bgc_int *a, int base)
{
    int tok = bgc_v_begin(BGC_V_GETSTR, a, NULL, NULL, base);
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
    bgc_err e = bgc_set_si(&b, base);
    if (e == BGC_OK)
        e = bgc_abs(&m, a);
    if (e == BGC_OK)
        e = bgc_pow_ui(&p, &b, d);
    while (e == BGC_OK && bgc_cmp(&p, &m) <= 0) {
        d++;
        e = bgc_mul(&p, &p, &b);
    }
    if (e == BGC_OK)
        e = bgc_set_u64(r, d);
    bgc_clear(&p);
    bgc_clear(&b);
    bgc_clear(&m);
    return e;
}

bgc_err bgc_digits(bgc_int *r, const bgc_int *a, const bgc_int *base)
{
    int tok = bgc_v_begin(BGC_V_DIGITS, a, base, NULL, 0);
    bgc_err e = digits(r, a, base);
    bgc_v_end(tok, e, r, NULL);
    return e;
}
