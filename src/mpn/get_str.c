/* get_str.c -- bgcn_get_str: limbs to digits in base 2..36.  Contract in
 * bgcn.h (section "Radix conversion").
 *
 * Powers of two: bit slicing, each digit read straight from the limbs.
 *
 * Other bases, basecase (below bgcn_get_str_dc_threshold limbs): divide
 * a copy of U by the big base B_b = b^m (the largest power of b in a
 * limb) again and again; each remainder gives m digits, least significant
 * first.  O(n^2) limb steps.
 *
 * Divide and conquer: with the tower P_i = B_b^(2^i) (radix-impl.h) and
 * U < P_k^2, split U = q P_k + r with bgcn_tdiv_qr; r has exactly
 * m 2^k digits (with leading zeros), q gives the digits in front, and
 * both halves recurse at level k-1.  With subquadratic division this is
 * O(M(n) log n).  The stripped zero limbs of P_k are handled by dividing
 * only the high part of U: floor(U / (P' 2^(64 s))) = floor(floor(U /
 * 2^(64 s)) / P') and r = (that remainder) 2^(64 s) + (U mod 2^(64 s)).
 *
 * The source is never written: the basecase divides a copy, the recursion
 * writes quotients and remainders into fresh scratch.  Every node polls
 * the interrupt flag, and so does every basecase pass. */
#include "radix-impl.h"

#include <string.h>

/* Writes the m lowest digits of r, least significant at end[-1]. */
static void limb_digits(unsigned char *end, bgcn_limb_t r, int base, int m)
{
    if (base == 10) { /* constant divisor: the compiler multiplies */
        for (int j = 0; j < m; j++) {
            *--end = (unsigned char)(r % 10);
            r /= 10;
        }
    } else {
        bgcn_limb_t b = (bgcn_limb_t)base;
        for (int j = 0; j < m; j++) {
            *--end = (unsigned char)(r % b);
            r /= b;
        }
    }
}

/* Digits of {up,un} (un >= 0).  want > 0: exactly want digits, zero
 * padded, at out[0..want); U < base^want is required.  want == 0: the
 * minimal digits (one 0 for zero) at out, count in *count. */
static bgcn_status basecase(unsigned char *out, size_t want, size_t *count,
                            const bgcn_limb_t *up, long un,
                            const bgcn_radix_info *ri)
{
    un = bgcn_normalized_size(up, un);
    int m = ri->chars_per_limb;
    size_t cap = want ? 0 : bgcn_get_str_size(up, un, ri->base) + (size_t)m;
    size_t nbytes_limbs = (cap + 7) / 8;
    bgcn_limb_t *tmp = bgcn_alloc_limbs((size_t)un + nbytes_limbs);
    if (!tmp)
        return BGCN_ENOMEM;
    unsigned char *end = want ? out + want : (unsigned char *)(tmp + un) + cap;
    unsigned char *p = end;
    bgcn_status st = BGCN_OK;
    bgcn_copyi(tmp, up, un);
    bgcn_limb_t b = (bgcn_limb_t)ri->base;
    while (un > 0) {
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        bgcn_limb_t r = bgcn_divrem_1(tmp, tmp, un, ri->big_base);
        /* B_b > 2^58, so the quotient loses at most one limb. */
        un -= tmp[un - 1] == 0;
        if (un > 0) {
            limb_digits(p, r, ri->base, m);
            p -= m;
        } else {
            while (r != 0) {
                *--p = (unsigned char)(r % b);
                r /= b;
            }
        }
    }
    if (want) {
        BGCN_ASSERT(p >= out);
        memset(out, 0, (size_t)(p - out));
    } else {
        if (p == end)
            *--p = 0;
        *count = (size_t)(end - p);
        memcpy(out, p, *count);
    }
done:
    bgcn_free_limbs(tmp);
    return st;
}

/* As basecase, for U < P_level^2 (any U when level < 0 is reached
 * through small sizes). */
static bgcn_status dc(unsigned char *out, size_t want, size_t *count,
                      const bgcn_limb_t *up, long un,
                      const bgcn_radix_tower *t, int level,
                      const bgcn_radix_info *ri)
{
    BGCN_POLL();
    un = bgcn_normalized_size(up, un);
    if (level < 0 || un < bgcn_get_str_dc_threshold)
        return basecase(out, want, count, up, un, ri);
    const bgcn_radix_pow *P = &t->pw[level];
    size_t lo_digits = P->digits;
    if (un < P->n + P->shift) {
        /* U < P: the high part is zero. */
        if (want == 0)
            return dc(out, 0, count, up, un, t, level - 1, ri);
        BGCN_ASSERT(want >= lo_digits);
        memset(out, 0, want - lo_digits);
        return dc(out + (want - lo_digits), lo_digits, NULL, up, un, t,
                  level - 1, ri);
    }
    long s = P->shift, qn = un - s - P->n + 1, rn = P->n + s;
    bgcn_limb_t *q = bgcn_alloc_limbs((size_t)(qn + rn));
    if (!q)
        return BGCN_ENOMEM;
    bgcn_limb_t *r = q + qn;
    bgcn_copyi(r, up, s);
    bgcn_status st = bgcn_tdiv_qr(q, r + s, up + s, un - s, P->p, P->n);
    if (st != BGCN_OK)
        goto done;
    qn = bgcn_normalized_size(q, qn);
    if (want == 0) {
        if (qn == 0) { /* U < P after all: no leading zeros wanted */
            st = dc(out, 0, count, r, rn, t, level - 1, ri);
            goto done;
        }
        size_t hc;
        st = dc(out, 0, &hc, q, qn, t, level - 1, ri);
        if (st != BGCN_OK)
            goto done;
        st = dc(out + hc, lo_digits, NULL, r, rn, t, level - 1, ri);
        *count = hc + lo_digits;
    } else {
        BGCN_ASSERT(want > lo_digits);
        size_t hw = want - lo_digits;
        st = dc(out, hw, NULL, q, qn, t, level - 1, ri);
        if (st != BGCN_OK)
            goto done;
        st = dc(out + hw, lo_digits, NULL, r, rn, t, level - 1, ri);
    }
done:
    bgcn_free_limbs(q);
    return st;
}

/* Powers of two: digit j (from the least significant) is bits
 * [j k, j k + k) of U. */
static bgcn_status pow2(unsigned char *str, size_t *lenp,
                        const bgcn_limb_t *ap, long n, int k)
{
    uint64_t bits = bgcn_radix_bit_length(ap, n);
    size_t nd = (size_t)((bits + (uint64_t)k - 1) / (uint64_t)k);
    bgcn_limb_t mask = ((bgcn_limb_t)1 << k) - 1;
    for (size_t j = 0; j < nd; j++) {
        if ((j & 0xfffff) == 0xfffff)
            BGCN_POLL();
        uint64_t pos = (uint64_t)j * (uint64_t)k;
        long limb = (long)(pos / 64);
        unsigned off = (unsigned)(pos % 64);
        bgcn_limb_t d = ap[limb] >> off;
        if (off + (unsigned)k > 64 && limb + 1 < n)
            d |= ap[limb + 1] << (64 - off);
        str[nd - 1 - j] = (unsigned char)(d & mask);
    }
    *lenp = nd;
    return BGCN_OK;
}

bgcn_status bgcn_get_str(unsigned char *str, size_t *lenp, int base,
                         const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(base >= 2 && base <= 36 && n >= 0);
    bgcn_radix_info ri;
    bgcn_radix_info_init(&ri, base);
    n = bgcn_normalized_size(ap, n);
    if (n == 0) {
        str[0] = 0;
        *lenp = 1;
        return BGCN_OK;
    }
    if (ri.log2base)
        return pow2(str, lenp, ap, n, ri.log2base);
    if (n < bgcn_get_str_dc_threshold)
        return basecase(str, 0, lenp, ap, n, &ri);
    /* Powers up to the first P_k with P_k^2 > U: P_k has n_k + s_k limbs
     * and a nonzero top one, so P_k^2 >= 2^(64 (2 (n_k + s_k) - 2)). */
    bgcn_radix_tower t;
    bgcn_radix_tower_init(&t);
    bgcn_status st;
    do {
        st = bgcn_radix_tower_extend(&t, &ri);
        if (st != BGCN_OK)
            goto done;
    } while (2 * (t.pw[t.levels - 1].n + t.pw[t.levels - 1].shift) - 2 < n);
    st = dc(str, 0, lenp, ap, n, &t, t.levels - 1, &ri);
done:
    bgcn_radix_tower_free(&t);
    return st;
}
