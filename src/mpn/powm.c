/* powm.c -- bgcn_powm: modular exponentiation.  Contract in bgcn.h.
 *
 * Odd modulus: Montgomery form (almost reduced, below R rather than m,
 * where the path has that: bgcn_mont_almost_p) and a left-to-right
 * sliding window over the odd powers b, b^3, ..., b^(2^k - 1).  Zero bits
 * cost one squaring each; a window starts at a one bit, takes up to k
 * bits and drops its trailing zeros so that its value is odd, then costs
 * its length in squarings plus one multiplication.  The expected number
 * of multiplications is about ebits/(k+1) plus 2^(k-1) for the table, so
 * k grows with the exponent length (bgcn_powm_window).
 *
 * Base 2 (after reduction): a multiplication by 2 is a modular doubling,
 * an O(n) add and masked subtract, so the binary method needs no table
 * and no multiplications at all.
 *
 * Even modulus m = 2^k * o with o odd: r1 = b^e mod o by the above,
 * r2 = b^e mod 2^k with truncated (low-half) products, recombined by CRT:
 * r = r1 + o * ((r2 - r1) * o^-1 mod 2^k), which is < o*2^k = m.
 * For b^e mod 2^k: an even b gives 0 once e >= k; an odd b lies in a group
 * of exponent 2^(k-2), so e is first reduced mod 2^max(k-2,1). */
#include "bgcn.h"

#include "powm-impl.h"

int bgcn_powm_window(unsigned long ebits)
{
    /* Upper exponent lengths (bits) for k = 1, 2, ...: k is the smallest
     * with ebits <= limit[k-1].  These are the crossovers of the operation
     * count ebits/(k+1) + 2^(k-1) (k -> k+1 pays once ebits exceeds
     * 2^(k-1)(k+1)(k+2)), squarings and products counted alike.  Timed
     * per path (k forced to 3..7, full-size exponents, min of 15 runs,
     * generic/adx/avx512): the best k was 5 at 256 bits, 5-6 at 512, 6
     * at 1024, 6-7 at 2048 and 7 at 4096 on all three paths, i.e. what
     * this table picks (neighbours within 1-3%), so no per-path table. */
    static const unsigned long limit[] = {6,   24,   80,    240,
                                          672, 1792, 4608, 11520,
                                          28160};
    int k = 1;
    while (k <= 9 && ebits > limit[k - 1])
        k++;
    return k;
}

/* Bits [pos-cnt+1, pos] of {ep,...} as an integer; cnt <= 32, pos >= cnt-1. */
static inline bgcn_limb_t getbits(const bgcn_limb_t *ep, unsigned long pos,
                                  int cnt)
{
    unsigned long lo = pos + 1 - (unsigned long)cnt;
    unsigned long li = lo / 64, sh = lo % 64;
    bgcn_limb_t v = ep[li] >> sh;
    if (sh + (unsigned long)cnt > 64)
        v |= ep[li + 1] << (64 - sh);
    return v & (((bgcn_limb_t)1 << cnt) - 1);
}

static inline int getbit(const bgcn_limb_t *ep, unsigned long pos)
{
    return (int)((ep[pos / 64] >> (pos % 64)) & 1);
}

/* {rp,n} = 2*{rp,n} mod m, for r < m: add, then subtract m when the sum
 * is >= m (masked, so it also serves when timing does not matter). */
static void mod_double(bgcn_limb_t *rp, bgcn_limb_t *tp, const bgcn_limb_t *mp,
                       long n)
{
    bgcn_limb_t c = bgcn_add_n(rp, rp, rp, n);
    bgcn_limb_t bw = bgcn_sub_n(tp, rp, mp, n);
    bgcn_limb_t keep = (bgcn_limb_t)0 - (bgcn_limb_t)(bw > c);
    for (long j = 0; j < n; j++)
        rp[j] = (rp[j] & keep) | (tp[j] & ~keep);
}

/* Is {bp,bn} equal to the small value v? */
static int equals_limb(const bgcn_limb_t *bp, long bn, bgcn_limb_t v)
{
    bn = bgcn_normalized_size(bp, bn);
    return bn == (v != 0) && (bn == 0 || bp[0] == v);
}

/* The sliding window over any representation of residues (powm-impl.h):
 * tab (2^(k-1) elements of o->esz limbs) holds b in tab[0]; fills the
 * rest of the table, then leaves b^E in r.  x is one element of scratch. */
bgcn_status bgcn_powm_window_loop(const bgcn_powm_ops *o, bgcn_limb_t *r,
                                  bgcn_limb_t *tab, bgcn_limb_t *x,
                                  const bgcn_limb_t *ep, unsigned long ebits,
                                  int k)
{
    long tabn = 1L << (k - 1), sz = o->esz;
    if (tabn > 1) {
        BGCN_TRY(o->sqr(o->ctx, x, tab));
        for (long i = 1; i < tabn; i++)
            BGCN_TRY(o->mul(o->ctx, tab + i * sz, tab + (i - 1) * sz, x));
    }
    /* The top window starts at the top bit (a one). */
    long pos = (long)ebits - 1;
    int first = 1;
    while (pos >= 0) {
        BGCN_POLL();
        if (!getbit(ep, (unsigned long)pos)) {
            BGCN_TRY(o->sqr(o->ctx, r, r));
            pos--;
            continue;
        }
        int len = pos + 1 < k ? (int)(pos + 1) : k;
        bgcn_limb_t v = getbits(ep, (unsigned long)pos, len);
        int tz = __builtin_ctzll(v);
        v >>= tz;
        len -= tz;
        if (first) {
            bgcn_copyi(r, tab + (long)(v >> 1) * sz, sz);
            first = 0;
        } else {
            for (int i = 0; i < len; i++)
                BGCN_TRY(o->sqr(o->ctx, r, r));
            BGCN_TRY(o->mul(o->ctx, r, r, tab + (long)(v >> 1) * sz));
        }
        pos -= len;
    }
    return BGCN_OK;
}

static bgcn_status ops_mul(void *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap,
                           const bgcn_limb_t *bp)
{
    return bgcn_mont_mul((bgcn_mont *)ctx, rp, ap, bp);
}

static bgcn_status ops_sqr(void *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap)
{
    return bgcn_mont_sqr((bgcn_mont *)ctx, rp, ap);
}

bgcn_status bgcn_powm_almost_mul(void *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                 const bgcn_limb_t *bp)
{
    bgcn_mont_almost_mul((bgcn_mont *)ctx, rp, ap, bp);
    return BGCN_OK;
}

bgcn_status bgcn_powm_almost_sqr(void *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap)
{
    bgcn_mont_almost_sqr((bgcn_mont *)ctx, rp, ap);
    return BGCN_OK;
}

/* B^E mod M for odd M of mn limbs (normalised), E normalised, en >= 1. */
bgcn_status bgcn_powm_odd(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                          const bgcn_limb_t *ep, long en,
                          const bgcn_limb_t *mp, long n)
{
    unsigned long ebits = (unsigned long)en * 64 - (unsigned long)__builtin_clzll(ep[en - 1]);
    int base2 = equals_limb(bp, bn, 2) && !(n == 1 && mp[0] <= 2);
    int k = base2 ? 1 : bgcn_powm_window(ebits);
    /* A path with its own residue form (AVX-512 IFMA digits) keeps the
     * residues in it for the whole exponentiation (powm_form.c). */
    if (!base2 && bgcn_powm_form_p(n))
        return bgcn_powm_form(rp, bp, bn, ep, ebits, mp, n, k);
    bgcn_mont ctx;
    BGCN_TRY(bgcn_mont_init(&ctx, mp, n));
    long tabn = base2 ? 1 : (1L << (k - 1));
    bgcn_status st = BGCN_OK;
    /* table (tabn entries), r, b^2 / doubling scratch */
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)(tabn + 2) * (size_t)n);
    if (!blk) {
        bgcn_mont_clear(&ctx);
        return BGCN_ENOMEM;
    }
    bgcn_limb_t *tab = blk, *r = blk + tabn * n, *x = r + n;
    if (base2) {
        /* r = 2 in Montgomery form, then per bit: square, double if set. */
        bgcn_copyi(r, ctx.one, n);
        mod_double(r, x, ctx.mp, n);
        for (unsigned long pos = ebits - 1; pos-- > 0;) {
            if (pos % 64 == 0)
                BGCN_POLL_GOTO(st, done);
            if ((st = bgcn_mont_sqr(&ctx, r, r)) != BGCN_OK)
                goto done;
            if (getbit(ep, pos))
                mod_double(r, x, ctx.mp, n);
        }
    } else {
        if ((st = bgcn_mont_to(&ctx, tab, bp, bn)) != BGCN_OK)
            goto done;
        int almost = bgcn_mont_almost_p(&ctx);
        bgcn_powm_ops o = {&ctx, n, almost ? bgcn_powm_almost_mul : ops_mul,
                           almost ? bgcn_powm_almost_sqr : ops_sqr};
        if ((st = bgcn_powm_window_loop(&o, r, tab, x, ep, ebits, k)) !=
            BGCN_OK)
            goto done;
    }
    bgcn_mont_from(&ctx, rp, r);
done:
    bgcn_free_limbs(blk);
    bgcn_mont_clear(&ctx);
    return st;
}

bgcn_status bgcn_powm(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                      const bgcn_limb_t *ep, long en, const bgcn_limb_t *mp,
                      long mn)
{
    BGCN_ASSERT(bn >= 1 && en >= 1 && mn >= 1 && mp[mn - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, bp, bn));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, ep, en));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, mp, mn));
    en = bgcn_normalized_size(ep, en);
    if (mn == 1 && mp[0] == 1) {
        rp[0] = 0;
        return BGCN_OK;
    }
    if (en == 0) { /* b^0 = 1, and m > 1 here */
        bgcn_zero(rp, mn);
        rp[0] = 1;
        return BGCN_OK;
    }
    if (mp[0] & 1)
        return bgcn_powm_odd(rp, bp, bn, ep, en, mp, mn);
    return bgcn_powm_even(rp, bp, bn, ep, en, mp, mn);
}
