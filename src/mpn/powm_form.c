/* powm_form.c -- odd-modulus exponentiation with the residues in a
 * kernel path's own form (bgcn_residue_ops in bgcn.h; on the avx512 path
 * 52-bit IFMA digits, src/asm/x86_64/mont_ifma.c).  Contract in
 * powm-impl.h.
 *
 * Why: a product in IFMA digits beats the 64-bit Montgomery kernels from
 * about 15 limbs (Zen 4; thresholds.h) only when its operands are
 * already digits; converting them at every product (as the kernel
 * table's mont_mul_n must) costs about a sixth of the product at 2048
 * bits.  So bgcn_powm and
 * bgcn_powm_sec hand such moduli here, and the residues stay in the
 * form for the whole exponentiation.
 *
 * The loops are the engine's: powm.c's sliding window
 * (bgcn_powm_window_loop) and powm_sec.c's constant-time fixed window
 * (bgcn_powm_sec_loop) over the kernel's mul and sqr.  Only the way in
 * and out is particular to the form, whose domain is R = 2^rbits with
 * elements below 2m (not fully reduced):
 *   in   y = x R mod m by one division of x * 2^rbits (bgcn_tdiv_qr),
 *        then the kernel's `to`;
 *   out  a product by the element holding 1 gives x R^-1 mod m up to one
 *        m, which the kernel's `from` removes (masked).
 * The choice of the form depends on n only, so bgcn_powm_sec stays
 * constant time in the exponent. */
#include "bgcn.h"

#include "powm-impl.h"

#include <stdint.h>

int bgcn_powm_form_p(long n)
{
    const bgcn_residue_ops *ro = bgcn_kern.residue;
    return ro && n >= ro->min_n && n <= ro->max_n;
}

typedef struct {
    const bgcn_residue_ops *ro;
    const bgcn_limb_t *ctx;
} form_ops;

static bgcn_status form_mul(void *c, bgcn_limb_t *rp, const bgcn_limb_t *ap,
                            const bgcn_limb_t *bp)
{
    const form_ops *f = c;
    f->ro->mul(f->ctx, rp, ap, bp);
    return BGCN_OK;
}

static bgcn_status form_sqr(void *c, bgcn_limb_t *rp, const bgcn_limb_t *ap)
{
    const form_ops *f = c;
    f->ro->sqr(f->ctx, rp, ap);
    return BGCN_OK;
}

/* Element e = the form of x R mod m for x = {xp,xn} (any size).  num has
 * room for xn + rbits/64 + 1 limbs, red for n. */
static bgcn_status enter(const form_ops *f, bgcn_limb_t *e,
                         const bgcn_limb_t *xp, long xn,
                         const bgcn_limb_t *mp, long n, unsigned long rbits,
                         bgcn_limb_t *num, bgcn_limb_t *red)
{
    long q = (long)(rbits / 64);
    unsigned sh = (unsigned)(rbits % 64);
    xn = bgcn_normalized_size(xp, xn);
    long numn = 0;
    if (xn > 0) {
        bgcn_zero(num, q);
        if (sh) {
            num[q + xn] = bgcn_lshift(num + q, xp, xn, sh);
        } else {
            bgcn_copyi(num + q, xp, xn);
            num[q + xn] = 0;
        }
        numn = bgcn_normalized_size(num, q + xn + 1);
    }
    if (numn < n) { /* below 2^(64(n-1)) <= m: already reduced */
        bgcn_copyi(red, num, numn);
        bgcn_zero(red + numn, n - numn);
    } else {
        BGCN_TRY(bgcn_tdiv_qr(NULL, red, num, numn, mp, n));
    }
    f->ro->to(f->ctx, e, red);
    return BGCN_OK;
}

static bgcn_limb_t *align64(bgcn_limb_t *p)
{
    return (bgcn_limb_t *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}

bgcn_status bgcn_powm_form(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                           const bgcn_limb_t *ep, unsigned long ebits,
                           const bgcn_limb_t *mp, long n, int k)
{
    const bgcn_residue_ops *ro = bgcn_kern.residue;
    BGCN_ASSERT(ro && n >= 1 && n <= ro->max_n && (mp[0] & 1) &&
                mp[n - 1] != 0 && k != 0 && bn >= 1 && ebits >= 1);
    BGCN_ASSERT(k > 0 || ebits % 64 == 0);
    long esz, ctxn;
    unsigned long rbits;
    ro->layout(n, &esz, &ctxn, &rbits);
    BGCN_ASSERT(esz >= 1 && esz % 8 == 0 && rbits >= 64 * (unsigned long)n);
    int sec = k < 0;
    long tabn = sec ? 1L << -k : 1L << (k - 1);
    long ctxa = (ctxn + 7) & ~7L; /* keeps what follows 64-byte aligned */
    long xn = bn, nn = xn + (long)(rbits / 64) + 1;
    /* context, table, r, x; then the unaligned scratch of the way in */
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)(7 + ctxa) +
                                        (size_t)(tabn + 2) * (size_t)esz +
                                        (size_t)nn + (size_t)n);
    if (!blk)
        return BGCN_ENOMEM;
    bgcn_limb_t *ctx = align64(blk), *tab = ctx + ctxa;
    bgcn_limb_t *r = tab + tabn * esz, *x = r + esz;
    bgcn_limb_t *num = x + esz, *red = num + nn;
    ro->init(ctx, mp, n, bgcn_mont_minv(mp[0]));
    form_ops f = {ro, ctx};
    bgcn_powm_ops o = {&f, esz, form_mul, form_sqr};
    bgcn_status st;
    if (sec) {
        const bgcn_limb_t one = 1;
        if ((st = enter(&f, tab, &one, 1, mp, n, rbits, num, red)) ==
                BGCN_OK &&
            (st = enter(&f, tab + esz, bp, bn, mp, n, rbits, num, red)) ==
                BGCN_OK)
            st = bgcn_powm_sec_loop(&o, r, tab, x, ep, (long)(ebits / 64),
                                    -k);
    } else if ((st = enter(&f, tab, bp, bn, mp, n, rbits, num, red)) ==
               BGCN_OK) {
        st = bgcn_powm_window_loop(&o, r, tab, x, ep, ebits, k);
    }
    if (st == BGCN_OK) {
        /* out of the domain: the element holding 1 (not R) */
        bgcn_zero(red, n);
        red[0] = 1;
        ro->to(ctx, x, red);
        ro->mul(ctx, r, r, x);
        ro->from(ctx, rp, r);
    }
    bgcn_free_limbs(blk);
    return st;
}
