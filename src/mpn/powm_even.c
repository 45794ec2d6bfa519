/* powm_even.c -- modular exponentiation for even moduli, and the CRT
 * recombination for m = 2^k * o that the even-modulus paths share.
 *
 * b^e mod 2^k works on L = ceil(k/64) limbs with truncated products
 * (bgcn_mullo_n: only the low L limbs, about half a full product), masked
 * to k bits at the end.  An even b gives 0 once e >= k.  An odd b has
 * order dividing 2^(k-2) (k >= 3), so only the low k-2 bits of e matter;
 * the exponent is then short and a sliding window over odd powers runs
 * as in powm.c.
 *
 * CRT: x = r1 + o*y with y = (r2 - r1) * o^-1 mod 2^k, where o^-1 mod
 * 2^(64L) comes from Hensel lifting limb by limb: each step picks the next
 * limb of the inverse so that one more low limb of o*x - 1 vanishes. */
#include "bgcn.h"

#include "powm-impl.h"

void bgcn_mullo_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                  const bgcn_limb_t *bp, long L)
{
    BGCN_ASSERT(L >= 1 && !BGCN_OVERLAP_P(rp, L, ap, L) &&
                !BGCN_OVERLAP_P(rp, L, bp, L));
    bgcn_mul_1(rp, ap, L, bp[0]);
    for (long i = 1; i < L; i++)
        bgcn_addmul_1(rp + i, ap, L - i, bp[i]);
}

unsigned long bgcn_split_2k(bgcn_limb_t *op, long *on, const bgcn_limb_t *mp,
                            long mn)
{
    long z = 0;
    while (mp[z] == 0)
        z++;
    int s = __builtin_ctzll(mp[z]);
    long n = mn - z;
    if (s == 0) {
        bgcn_copyi(op, mp + z, n);
    } else {
        for (long i = 0; i < n; i++)
            op[i] = (mp[z + i] >> s) | (i + 1 < n ? mp[z + i + 1] << (64 - s) : 0);
    }
    *on = bgcn_normalized_size(op, n);
    return (unsigned long)z * 64 + (unsigned long)s;
}

/* {xp,L} = o^-1 mod 2^(64L) for odd o = {op,on}; tp: L limbs scratch. */
static void binvert(bgcn_limb_t *xp, const bgcn_limb_t *op, long on, long L,
                    bgcn_limb_t *tp)
{
    bgcn_limb_t inv0 = (bgcn_limb_t)0 - bgcn_mont_minv(op[0]);
    bgcn_zero(tp, L);
    tp[0] = 1; /* the remainder 1 - o*x, kept mod 2^(64L) */
    for (long i = 0; i < L; i++) {
        bgcn_limb_t q = tp[i] * inv0;
        xp[i] = q;
        long cnt = on < L - i ? on : L - i;
        bgcn_limb_t hi = bgcn_submul_1(tp + i, op, cnt, q);
        /* propagate the borrow limb upward, mod 2^(64L) */
        for (long j = i + cnt; j < L && hi; j++) {
            bgcn_limb_t t = tp[j];
            tp[j] = t - hi;
            hi = t < hi;
        }
    }
}

static inline void mask_top(bgcn_limb_t *p, long L, unsigned long k)
{
    unsigned long r = k % 64;
    if (r)
        p[L - 1] &= ((bgcn_limb_t)1 << r) - 1;
}

bgcn_status bgcn_crt_2k(bgcn_limb_t *rp, long mn, const bgcn_limb_t *r1p,
                        const bgcn_limb_t *op, long on,
                        const bgcn_limb_t *r2p, unsigned long k)
{
    long L = (long)((k + 63) / 64);
    long pn = on + L;
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)(4 * L + pn));
    if (!blk)
        return BGCN_ENOMEM;
    bgcn_limb_t *inv = blk, *d = blk + L, *y = blk + 2 * L, *t = blk + 3 * L,
                *prod = blk + 4 * L;
    binvert(inv, op, on, L, t);
    /* d = r2 - r1 mod 2^(64L) */
    bgcn_copyi(d, r2p, L);
    long c = on < L ? on : L;
    bgcn_limb_t bw = bgcn_sub_n(d, d, r1p, c);
    for (long j = c; j < L && bw; j++) {
        bgcn_limb_t v = d[j];
        d[j] = v - 1;
        bw = v == 0;
    }
    mask_top(d, L, k);
    bgcn_mullo_n(y, d, inv, L);
    mask_top(y, L, k);
    /* x = r1 + o*y < m */
    bgcn_status st = on >= L ? bgcn_mul(prod, op, on, y, L)
                             : bgcn_mul(prod, y, L, op, on);
    if (st == BGCN_OK) {
        bgcn_limb_t cy = bgcn_add_n(prod, prod, r1p, on);
        for (long j = on; j < pn && cy; j++)
            cy = ++prod[j] == 0;
        BGCN_ASSERT(pn >= mn);
        bgcn_copyi(rp, prod, mn);
    }
    bgcn_free_limbs(blk);
    return st;
}

/* {rp,L} = B^E mod 2^k (masked), E normalised and nonzero. */
static bgcn_status powm_2k(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                           const bgcn_limb_t *ep, long en, unsigned long k)
{
    long L = (long)((k + 63) / 64);
    bgcn_status st = BGCN_OK;
    bgcn_limb_t *b = bgcn_alloc_limbs((size_t)L);
    if (!b)
        return BGCN_ENOMEM;
    long c = bn < L ? bn : L;
    bgcn_copyi(b, bp, c);
    bgcn_zero(b + c, L - c);
    mask_top(b, L, k);
    bgcn_limb_t *ebuf = NULL, *blk = NULL;
    if (!(b[0] & 1)) {
        /* even base: b^e = 0 mod 2^k as soon as e >= k. */
        if (en > 1 || ep[0] >= k || bgcn_normalized_size(b, L) == 0) {
            bgcn_zero(rp, L);
            goto done;
        }
    } else {
        /* odd base: reduce e mod 2^j, j = max(k-2, 1). */
        unsigned long j = k >= 3 ? k - 2 : 1;
        long jn = (long)((j + 63) / 64);
        if (jn < en) {
            ebuf = bgcn_alloc_limbs((size_t)jn);
            if (!ebuf) {
                st = BGCN_ENOMEM;
                goto done;
            }
            bgcn_copyi(ebuf, ep, jn);
            mask_top(ebuf, jn, j);
            ep = ebuf;
            en = bgcn_normalized_size(ebuf, jn);
            if (en == 0) {
                bgcn_zero(rp, L);
                rp[0] = 1;
                goto done;
            }
        }
    }
    unsigned long ebits = (unsigned long)en * 64 - (unsigned long)__builtin_clzll(ep[en - 1]);
    int w = bgcn_powm_window(ebits);
    long tabn = 1L << (w - 1);
    blk = bgcn_alloc_limbs((size_t)(tabn + 3) * (size_t)L);
    if (!blk) {
        st = BGCN_ENOMEM;
        goto done;
    }
    bgcn_limb_t *tab = blk, *r = blk + tabn * L, *x = r + L, *u = x + L;
    bgcn_copyi(tab, b, L);
    if (tabn > 1) {
        bgcn_mullo_n(x, b, b, L);
        for (long i = 1; i < tabn; i++)
            bgcn_mullo_n(tab + i * L, tab + (i - 1) * L, x, L);
    }
    long pos = (long)ebits - 1;
    int first = 1;
    while (pos >= 0) {
        BGCN_POLL_GOTO(st, done);
        if (!((ep[pos / 64] >> (pos % 64)) & 1)) {
            bgcn_mullo_n(u, r, r, L);
            bgcn_copyi(r, u, L);
            pos--;
            continue;
        }
        int len = pos + 1 < w ? (int)(pos + 1) : w;
        unsigned long lo = (unsigned long)(pos + 1 - len);
        bgcn_limb_t v = ep[lo / 64] >> (lo % 64);
        if (lo % 64 + (unsigned long)len > 64)
            v |= ep[lo / 64 + 1] << (64 - lo % 64);
        v &= ((bgcn_limb_t)1 << len) - 1;
        int tz = __builtin_ctzll(v);
        v >>= tz;
        len -= tz;
        if (first) {
            bgcn_copyi(r, tab + (long)(v >> 1) * L, L);
            first = 0;
        } else {
            for (int i = 0; i < len; i++) {
                bgcn_mullo_n(u, r, r, L);
                bgcn_copyi(r, u, L);
            }
            bgcn_mullo_n(u, r, tab + (long)(v >> 1) * L, L);
            bgcn_copyi(r, u, L);
        }
        pos -= len;
    }
    bgcn_copyi(rp, r, L);
    mask_top(rp, L, k);
done:
    bgcn_free_limbs(blk);
    bgcn_free_limbs(ebuf);
    bgcn_free_limbs(b);
    return st;
}

bgcn_status bgcn_powm_even(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                           const bgcn_limb_t *ep, long en,
                           const bgcn_limb_t *mp, long mn)
{
    bgcn_limb_t *op = bgcn_alloc_limbs((size_t)mn * 2 + 1);
    if (!op)
        return BGCN_ENOMEM;
    long on;
    unsigned long k = bgcn_split_2k(op, &on, mp, mn);
    bgcn_limb_t *r1 = op + mn, *r2 = r1; /* r1: on limbs, then r2: L limbs */
    bgcn_status st;
    if (on == 1 && op[0] == 1) {
        /* m = 2^k: L = ceil(k/64) is mn, or mn - 1 when k is a multiple
         * of 64 (m = 2^64 has two limbs, the residue one) */
        long L = (long)((k + 63) / 64);
        st = powm_2k(rp, bp, bn, ep, en, k);
        bgcn_zero(rp + L, mn - L);
    } else {
        r2 = r1 + on;
        BGCN_ASSERT(on + (long)((k + 63) / 64) <= mn + 1);
        st = bgcn_powm_odd(r1, bp, bn, ep, en, op, on);
        if (st == BGCN_OK)
            st = powm_2k(r2, bp, bn, ep, en, k);
        if (st == BGCN_OK)
            st = bgcn_crt_2k(rp, mn, r1, op, on, r2, k);
    }
    bgcn_free_limbs(op);
    return st;
}
