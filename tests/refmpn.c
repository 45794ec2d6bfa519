/* refmpn.c -- the slow reference, see refmpn.h.
 *
 * Building blocks: add/subtract of two limbs and the 64x64->128 product
 * are done on 32-bit halves inside uint64_t, so that nothing here shares
 * a code path (or a compiler idiom such as __int128) with the engine.
 * Everything above them is the textbook method: schoolbook product,
 * restoring long division one bit at a time, radix conversion by
 * repeated division (multiplication) with a half-limb chunk of digits. */
#include "refmpn.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HALF_MASK 0xffffffffu

/* a + b + *cy, *cy in {0,1}; returns the low limb, leaves the carry. */
static bgcn_limb_t addc(bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t *cy)
{
    uint64_t lo = (a & HALF_MASK) + (b & HALF_MASK) + *cy;
    uint64_t hi = (a >> 32) + (b >> 32) + (lo >> 32);
    *cy = hi >> 32;
    return (hi << 32) | (lo & HALF_MASK);
}

/* a - b - *bw, *bw in {0,1}; returns the low limb, leaves the borrow. */
static bgcn_limb_t subb(bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t *bw)
{
    uint64_t lo = (a & HALF_MASK) - (b & HALF_MASK) - *bw; /* wraps if < 0 */
    uint64_t lob = lo >> 63;
    uint64_t hi = (a >> 32) - (b >> 32) - lob;
    *bw = hi >> 63;
    return (hi << 32) | (lo & HALF_MASK);
}

/* Full product a*b = *hi * 2^64 + return value. */
static bgcn_limb_t umul(bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t *hi)
{
    uint64_t al = a & HALF_MASK, ah = a >> 32;
    uint64_t bl = b & HALF_MASK, bh = b >> 32;
    uint64_t p0 = al * bl, p1 = al * bh, p2 = ah * bl, p3 = ah * bh;
    uint64_t mid = (p0 >> 32) + (p1 & HALF_MASK) + (p2 & HALF_MASK);
    *hi = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
    return (mid << 32) | (p0 & HALF_MASK);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        abort();
    return p;
}

bgcn_limb_t bgc_ref_add_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *bp, long n)
{
    bgcn_limb_t cy = 0;
    for (long i = 0; i < n; i++)
        rp[i] = addc(ap[i], bp[i], &cy);
    return cy;
}

bgcn_limb_t bgc_ref_sub_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *bp, long n)
{
    bgcn_limb_t bw = 0;
    for (long i = 0; i < n; i++)
        rp[i] = subb(ap[i], bp[i], &bw);
    return bw;
}

bgcn_limb_t bgc_ref_add_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                          bgcn_limb_t b)
{
    bgcn_limb_t cy = 0;
    for (long i = 0; i < n; i++)
        rp[i] = addc(ap[i], i == 0 ? b : 0, &cy);
    return cy;
}

bgcn_limb_t bgc_ref_sub_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                          bgcn_limb_t b)
{
    bgcn_limb_t bw = 0;
    for (long i = 0; i < n; i++)
        rp[i] = subb(ap[i], i == 0 ? b : 0, &bw);
    return bw;
}

bgcn_limb_t bgc_ref_add(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                        const bgcn_limb_t *bp, long bn)
{
    bgcn_limb_t cy = 0;
    for (long i = 0; i < an; i++)
        rp[i] = addc(ap[i], i < bn ? bp[i] : 0, &cy);
    return cy;
}

bgcn_limb_t bgc_ref_sub(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                        const bgcn_limb_t *bp, long bn)
{
    bgcn_limb_t bw = 0;
    for (long i = 0; i < an; i++)
        rp[i] = subb(ap[i], i < bn ? bp[i] : 0, &bw);
    return bw;
}

int bgc_ref_cmp(const bgcn_limb_t *ap, long an, const bgcn_limb_t *bp,
                long bn)
{
    long n = an > bn ? an : bn;
    for (long i = n - 1; i >= 0; i--) {
        bgcn_limb_t a = i < an ? ap[i] : 0, b = i < bn ? bp[i] : 0;
        if (a != b)
            return a > b ? 1 : -1;
    }
    return 0;
}

bgcn_limb_t bgc_ref_mul_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                          bgcn_limb_t b)
{
    bgcn_limb_t hi = 0;
    for (long i = 0; i < n; i++) {
        bgcn_limb_t h, cy = 0;
        bgcn_limb_t lo = umul(ap[i], b, &h);
        rp[i] = addc(lo, hi, &cy);
        hi = h + cy; /* h <= 2^64 - 2, no overflow */
    }
    return hi;
}

bgcn_limb_t bgc_ref_addmul_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                             bgcn_limb_t b)
{
    bgcn_limb_t hi = 0;
    for (long i = 0; i < n; i++) {
        bgcn_limb_t h, c1 = 0, c2 = 0;
        bgcn_limb_t lo = umul(ap[i], b, &h);
        lo = addc(lo, hi, &c1);
        rp[i] = addc(rp[i], lo, &c2);
        hi = h + c1 + c2;
    }
    return hi;
}

bgcn_limb_t bgc_ref_submul_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                             bgcn_limb_t b)
{
    bgcn_limb_t hi = 0;
    for (long i = 0; i < n; i++) {
        bgcn_limb_t h, c1 = 0, b2 = 0;
        bgcn_limb_t lo = umul(ap[i], b, &h);
        lo = addc(lo, hi, &c1);
        rp[i] = subb(rp[i], lo, &b2);
        hi = h + c1 + b2;
    }
    return hi;
}

void bgc_ref_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                 const bgcn_limb_t *bp, long bn)
{
    bgcn_limb_t *t = xmalloc(sizeof *t * (size_t)(an + bn));
    memset(t, 0, sizeof *t * (size_t)(an + bn));
    for (long j = 0; j < bn; j++)
        t[an + j] = bgc_ref_addmul_1(t + j, ap, an, bp[j]);
    memcpy(rp, t, sizeof *t * (size_t)(an + bn));
    free(t);
}

void bgc_ref_sqr(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    bgc_ref_mul(rp, ap, n, ap, n);
}

bgcn_limb_t bgc_ref_lshift(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                           unsigned cnt)
{
    /* Bit by bit, on a private copy so any overlap works. */
    bgcn_limb_t *t = xmalloc(sizeof *t * (size_t)n);
    memcpy(t, ap, sizeof *t * (size_t)n);
    bgcn_limb_t out = 0;
    for (unsigned k = 0; k < cnt; k++) {
        bgcn_limb_t c = 0;
        for (long i = 0; i < n; i++) {
            bgcn_limb_t top = t[i] >> 63;
            t[i] = (t[i] << 1) | c;
            c = top;
        }
        out = (out << 1) | c;
    }
    memcpy(rp, t, sizeof *t * (size_t)n);
    free(t);
    return out;
}

bgcn_limb_t bgc_ref_rshift(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                           unsigned cnt)
{
    bgcn_limb_t *t = xmalloc(sizeof *t * (size_t)n);
    memcpy(t, ap, sizeof *t * (size_t)n);
    bgcn_limb_t out = 0;
    for (unsigned k = 0; k < cnt; k++) {
        bgcn_limb_t c = 0;
        for (long i = n - 1; i >= 0; i--) {
            bgcn_limb_t low = t[i] & 1;
            t[i] = (t[i] >> 1) | (c << 63);
            c = low;
        }
        out = (out >> 1) | (c << 63);
    }
    memcpy(rp, t, sizeof *t * (size_t)n);
    free(t);
    return out;
}

void bgc_ref_tdiv_qr(bgcn_limb_t *qp, bgcn_limb_t *rp, const bgcn_limb_t *np,
                     long nn, const bgcn_limb_t *dp, long dn)
{
    /* Restoring division: r = 2r + next bit of N; if r >= D, subtract and
     * set the quotient bit.  r needs dn + 1 limbs (r < 2D). */
    long qn = nn - dn + 1;
    bgcn_limb_t *r = xmalloc(sizeof *r * (size_t)(dn + 1));
    bgcn_limb_t *q = xmalloc(sizeof *q * (size_t)nn);
    memset(r, 0, sizeof *r * (size_t)(dn + 1));
    memset(q, 0, sizeof *q * (size_t)nn);
    for (long bit = nn * 64 - 1; bit >= 0; bit--) {
        bgcn_limb_t c = (np[bit / 64] >> (bit % 64)) & 1;
        for (long i = 0; i <= dn; i++) {
            bgcn_limb_t top = r[i] >> 63;
            r[i] = (r[i] << 1) | c;
            c = top;
        }
        if (bgc_ref_cmp(r, dn + 1, dp, dn) >= 0) {
            bgc_ref_sub(r, r, dn + 1, dp, dn);
            q[bit / 64] |= (bgcn_limb_t)1 << (bit % 64);
        }
    }
    if (qp)
        memcpy(qp, q, sizeof *q * (size_t)qn); /* q[qn..] are zero */
    if (rp)
        memcpy(rp, r, sizeof *r * (size_t)dn);
    free(r);
    free(q);
}

bgcn_limb_t bgc_ref_divrem_1(bgcn_limb_t *qp, const bgcn_limb_t *np, long n,
                             bgcn_limb_t d)
{
    bgcn_limb_t r = 0;
    for (long i = n - 1; i >= 0; i--) {
        bgcn_limb_t a = np[i], q = 0;
        for (int b = 63; b >= 0; b--) {
            bgcn_limb_t over = r >> 63; /* 2r + bit >= 2^64 > d */
            r = (r << 1) | ((a >> b) & 1);
            q <<= 1;
            if (over || r >= d) {
                r -= d;
                q |= 1;
            }
        }
        qp[i] = q;
    }
    return r;
}

bgcn_limb_t bgc_ref_mod_1(const bgcn_limb_t *np, long n, bgcn_limb_t d)
{
    bgcn_limb_t *q = xmalloc(sizeof *q * (size_t)n);
    bgcn_limb_t r = bgc_ref_divrem_1(q, np, n, d);
    free(q);
    return r;
}

/* Largest power base^k below 2^32 and its k. */
static uint64_t chunk_power(int base, int *k)
{
    uint64_t p = 1;
    *k = 0;
    while (p * (uint64_t)base < ((uint64_t)1 << 32)) {
        p *= (uint64_t)base;
        ++*k;
    }
    return p;
}

size_t bgc_ref_str_size(long n, int base)
{
    (void)base;
    return (size_t)n * 64 + 1; /* base 2 is the worst case */
}

long bgc_ref_limbs_size(size_t len, int base)
{
    int bits = 0;
    while ((1 << bits) < base)
        bits++;
    return (long)((len * (size_t)bits) / 64 + 2);
}

size_t bgc_ref_get_str(unsigned char *str, int base, const bgcn_limb_t *ap,
                       long n)
{
    /* Work on 32-bit halves: divide by base^k < 2^32 with plain 64-bit
     * division, emit k digits per step, least significant first. */
    int k;
    uint64_t p = chunk_power(base, &k);
    long hn = 2 * n;
    uint32_t *h = xmalloc(sizeof *h * (size_t)(hn ? hn : 1));
    for (long i = 0; i < n; i++) {
        h[2 * i] = (uint32_t)(ap[i] & HALF_MASK);
        h[2 * i + 1] = (uint32_t)(ap[i] >> 32);
    }
    while (hn > 0 && h[hn - 1] == 0)
        hn--;
    size_t cap = bgc_ref_str_size(n, base) + (size_t)k;
    unsigned char *t = xmalloc(cap);
    size_t len = 0;
    while (hn > 0) {
        uint64_t rem = 0;
        for (long i = hn - 1; i >= 0; i--) {
            uint64_t cur = (rem << 32) | h[i];
            h[i] = (uint32_t)(cur / p);
            rem = cur % p;
        }
        while (hn > 0 && h[hn - 1] == 0)
            hn--;
        for (int j = 0; j < k; j++) {
            t[len++] = (unsigned char)(rem % (uint64_t)base);
            rem /= (uint64_t)base;
        }
    }
    while (len > 1 && t[len - 1] == 0)
        len--;
    if (len == 0)
        t[len++] = 0;
    for (size_t i = 0; i < len; i++)
        str[i] = t[len - 1 - i];
    free(t);
    free(h);
    return len;
}

long bgc_ref_set_str(bgcn_limb_t *rp, const unsigned char *str, size_t len,
                     int base)
{
    int k;
    chunk_power(base, &k);
    long cap = bgc_ref_limbs_size(len, base);
    long hcap = 2 * cap;
    uint32_t *h = xmalloc(sizeof *h * (size_t)hcap);
    memset(h, 0, sizeof *h * (size_t)hcap);
    long hn = 0;
    size_t pos = 0;
    while (pos < len) {
        /* The first chunk takes len mod k digits so the rest are whole. */
        size_t take = (pos == 0 && len % (size_t)k) ? len % (size_t)k
                                                    : (size_t)k;
        uint64_t mult = 1, val = 0;
        for (size_t j = 0; j < take; j++) {
            val = val * (uint64_t)base + str[pos + j];
            mult *= (uint64_t)base;
        }
        pos += take;
        uint64_t cy = val;
        for (long i = 0; i < hn; i++) {
            uint64_t t = (uint64_t)h[i] * mult + cy;
            h[i] = (uint32_t)(t & HALF_MASK);
            cy = t >> 32;
        }
        while (cy) {
            if (hn >= hcap)
                abort();
            h[hn++] = (uint32_t)(cy & HALF_MASK);
            cy >>= 32;
        }
    }
    for (long i = 0; i < cap; i++)
        rp[i] = (bgcn_limb_t)h[2 * i] | ((bgcn_limb_t)h[2 * i + 1] << 32);
    free(h);
    long rn = cap;
    while (rn > 0 && rp[rn - 1] == 0)
        rn--;
    return rn;
}
