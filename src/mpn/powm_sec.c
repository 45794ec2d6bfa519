/* powm_sec.c -- bgcn_powm_sec: constant-time modular exponentiation.
 * Contract in bgcn.h.
 *
 * Fixed window of w bits, w chosen from the exponent's limb count (public)
 * only.  The table holds b^0 .. b^(2^w - 1) in Montgomery form.  The
 * exponent is read w bits at a time from the top, at bit positions that
 * depend only on en; each window costs w squarings and one multiplication
 * by the table entry, also for a zero digit (entry 0 is 1).  The entry is
 * fetched by scanning the whole table and keeping the wanted one with an
 * all-ones/all-zeros mask computed arithmetically from (j xor digit), so
 * neither a branch nor an address depends on the exponent.
 *
 * Products (all constant time by their contracts): almost-reduced
 * residues where the path has them (bgcn_mont_almost_p: 9-16 limbs on the
 * adx and avx512 paths), else the CIOS kernels up to SEC_KERNEL_MAX
 * limbs; beyond, schoolbook mul/sqr (no data-dependent branches, unlike
 * Karatsuba/Toom which branch on the signs of differences) plus
 * bgcn_redc_n (masked final subtraction). */
#include "bgcn.h"

#include "powm-impl.h"

#include <string.h>

#define SEC_KERNEL_MAX 256

/* Window by exponent length in bits (from en only).  Cost per bit is
 * 1 + 1/w products plus 2^w table products and a table scan of 2^w * n
 * limbs per window. */
static int sec_window(unsigned long bits)
{
    if (bits <= 64)
        return 3;
    if (bits <= 320)
        return 4;
    if (bits <= 1536)
        return 5;
    return 6;
}

typedef struct {
    bgcn_mont *ctx;
    bgcn_limb_t *tp; /* 2n scratch for the large path */
} sec_ops;

static void sec_mul(sec_ops *o, bgcn_limb_t *rp, const bgcn_limb_t *ap,
                    const bgcn_limb_t *bp)
{
    long n = o->ctx->n;
    if (n <= SEC_KERNEL_MAX) {
        bgcn_mont_mul_n(rp, ap, bp, o->ctx->mp, n, o->ctx->minv);
    } else {
        bgcn_mul_basecase(o->tp, ap, n, bp, n);
        bgcn_redc_n(rp, o->tp, o->ctx->mp, n, o->ctx->minv);
    }
}

static void sec_sqr(sec_ops *o, bgcn_limb_t *rp, const bgcn_limb_t *ap)
{
    long n = o->ctx->n;
    if (n <= SEC_KERNEL_MAX) {
        bgcn_mont_sqr_n(rp, ap, o->ctx->mp, n, o->ctx->minv);
    } else {
        bgcn_sqr_basecase(o->tp, ap, n);
        bgcn_redc_n(rp, o->tp, o->ctx->mp, n, o->ctx->minv);
    }
}

/* {xp,n} = tab[idx] by a full masked scan of the cnt (<= 64) entries.
 * The masks are formed first; then each block of 8 limbs of the result
 * is gathered over all entries in registers (two limbs per 16-byte
 * vector, GNU C vector extension: SSE2 on x86-64, plain pairs of 64-bit
 * ops elsewhere).  The earlier entry-major loop re-read and re-stored
 * {xp,n} for every entry and ran at ~7 cycles per table limb (store to
 * load forwarding on one address), a third of the 512-bit
 * exponentiation's extra time over bgcn_powm; block-major runs at well
 * under one cycle per table limb. */
typedef bgcn_limb_t sel_v2 __attribute__((vector_size(16)));

static inline sel_v2 sel_load(const bgcn_limb_t *p)
{
    sel_v2 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static void tab_select(bgcn_limb_t *xp, const bgcn_limb_t *tab, long cnt,
                       long n, bgcn_limb_t idx)
{
    sel_v2 mask[64];
    BGCN_ASSERT(cnt <= 64);
    for (long j = 0; j < cnt; j++) {
        bgcn_limb_t d = (bgcn_limb_t)j ^ idx;
        /* all ones when d == 0, else zero: (d | -d) has its top bit set
         * exactly when d != 0. */
        bgcn_limb_t m = ((d | ((bgcn_limb_t)0 - d)) >> 63) - 1;
        mask[j] = (sel_v2){m, m};
    }
    long l = 0;
    for (; l + 8 <= n; l += 8) {
        sel_v2 a0 = {0, 0}, a1 = {0, 0}, a2 = {0, 0}, a3 = {0, 0};
        const bgcn_limb_t *e = tab + l;
        for (long j = 0; j < cnt; j++, e += n) {
            a0 |= sel_load(e) & mask[j];
            a1 |= sel_load(e + 2) & mask[j];
            a2 |= sel_load(e + 4) & mask[j];
            a3 |= sel_load(e + 6) & mask[j];
        }
        memcpy(xp + l, &a0, sizeof a0);
        memcpy(xp + l + 2, &a1, sizeof a1);
        memcpy(xp + l + 4, &a2, sizeof a2);
        memcpy(xp + l + 6, &a3, sizeof a3);
    }
    for (; l + 2 <= n; l += 2) {
        sel_v2 a0 = {0, 0};
        const bgcn_limb_t *e = tab + l;
        for (long j = 0; j < cnt; j++, e += n)
            a0 |= sel_load(e) & mask[j];
        memcpy(xp + l, &a0, sizeof a0);
    }
    for (; l < n; l++) {
        bgcn_limb_t a = 0;
        for (long j = 0; j < cnt; j++)
            a |= tab[j * n + l] & mask[j][0];
        xp[l] = a;
    }
}

/* The w (<= 8) bits of E ending at bit pos (inclusive) going down; bits
 * below 0 read as zero.  Positions come from en and w only. */
static bgcn_limb_t digit(const bgcn_limb_t *ep, long pos, int w)
{
    long lo = pos + 1 - w;
    bgcn_limb_t v;
    if (lo < 0) {
        v = ep[0] << (-lo);
    } else {
        v = ep[lo / 64] >> (lo % 64);
        if (lo % 64 + w > 64)
            v |= ep[lo / 64 + 1] << (64 - lo % 64);
    }
    return v & (((bgcn_limb_t)1 << w) - 1);
}

bgcn_status bgcn_powm_sec_loop(const bgcn_powm_ops *o, bgcn_limb_t *r,
                               bgcn_limb_t *tab, bgcn_limb_t *x,
                               const bgcn_limb_t *ep, long en, int w)
{
    long cnt = 1L << w, sz = o->esz;
    unsigned long bits = (unsigned long)en * 64;
    for (long j = 2; j < cnt; j++)
        BGCN_TRY(o->mul(o->ctx, tab + j * sz, tab + (j - 1) * sz, tab + sz));
    /* First digit: the top (bits mod w, or w) bits. */
    long pos = (long)bits - 1;
    int w0 = (int)(bits % (unsigned long)w);
    if (w0 == 0)
        w0 = w;
    tab_select(r, tab, cnt, sz, digit(ep, pos, w0));
    pos -= w0;
    while (pos >= 0) {
        BGCN_POLL();
        for (int i = 0; i < w; i++)
            BGCN_TRY(o->sqr(o->ctx, r, r));
        tab_select(x, tab, cnt, sz, digit(ep, pos, w));
        BGCN_TRY(o->mul(o->ctx, r, r, x));
        pos -= w;
    }
    return BGCN_OK;
}

static bgcn_status ops_mul(void *o, bgcn_limb_t *rp, const bgcn_limb_t *ap,
                           const bgcn_limb_t *bp)
{
    sec_mul((sec_ops *)o, rp, ap, bp);
    return BGCN_OK;
}

static bgcn_status ops_sqr(void *o, bgcn_limb_t *rp, const bgcn_limb_t *ap)
{
    sec_sqr((sec_ops *)o, rp, ap);
    return BGCN_OK;
}

bgcn_status bgcn_powm_sec(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                          const bgcn_limb_t *ep, long en,
                          const bgcn_limb_t *mp, long mn)
{
    BGCN_ASSERT(bn >= 1 && en >= 1 && mn >= 1 && mp[mn - 1] != 0 &&
                (mp[0] & 1));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, bp, bn));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, ep, en));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, mp, mn));
    if (mn == 1 && mp[0] == 1) {
        rp[0] = 0;
        return BGCN_OK;
    }
    long n = mn;
    unsigned long bits = (unsigned long)en * 64;
    int w = sec_window(bits);
    /* A path with its own residue form runs the same fixed-window loop
     * in it (powm_form.c; the choice depends on n only). */
    if (bgcn_powm_form_p(n))
        return bgcn_powm_form(rp, bp, bn, ep, bits, mp, n, -w);
    bgcn_mont ctx;
    BGCN_TRY(bgcn_mont_init(&ctx, mp, n));
    long cnt = 1L << w;
    bgcn_status st = BGCN_OK;
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)(cnt + 2) * (size_t)n +
                                        (n > SEC_KERNEL_MAX ? 2 * (size_t)n : 0));
    if (!blk) {
        bgcn_mont_clear(&ctx);
        return BGCN_ENOMEM;
    }
    bgcn_limb_t *tab = blk, *r = tab + cnt * n, *x = r + n;
    sec_ops so = {&ctx, x + n};
    bgcn_copyi(tab, ctx.one, n);
    if ((st = bgcn_mont_to(&ctx, tab + n, bp, bn)) != BGCN_OK)
        goto done;
    /* the ops chosen once: almost-reduced residues where the path has
     * them (powm.c's, constant time too), else the kernels above */
    bgcn_powm_ops o = {&so, n, ops_mul, ops_sqr};
    if (bgcn_mont_almost_p(&ctx))
        o = (bgcn_powm_ops){&ctx, n, bgcn_powm_almost_mul, bgcn_powm_almost_sqr};
    if ((st = bgcn_powm_sec_loop(&o, r, tab, x, ep, en, w)) != BGCN_OK)
        goto done;
    bgcn_mont_from(&ctx, rp, r);
done:
    bgcn_free_limbs(blk);
    bgcn_mont_clear(&ctx);
    return st;
}
