/* mont.c -- Montgomery context: -m^-1 mod 2^64, R^2 mod m, conversions,
 * multiplication, squaring and REDC.  Contracts in bgcn.h.
 *
 * minv by Newton: if x*m = 1 mod 2^k then x*(2 - x*m) is the inverse mod
 * 2^2k.  For odd m, x = m is already right mod 2^3 (m*m = 1 mod 8), so
 * five steps reach 2^96 > 2^64 (3 -> 6 -> 12 -> 24 -> 48 -> 96).
 *
 * Small moduli (n <= BGCN_MONT_KERNEL_MAX, BGCN_MONT_SQR_KERNEL_MAX for
 * squares) use the Montgomery kernels of the dispatch table.  Beyond that the product comes from bgcn_mul/bgcn_sqr
 * (Karatsuba/Toom/NTT as they grow) and is reduced by bgcn_redc_n, which is
 * n addmul_1 passes: the quadratic REDC then costs about as much as a
 * basecase product, but the product itself is subquadratic. */
#include "bgcn.h"

bgcn_limb_t bgcn_mont_minv(bgcn_limb_t m0)
{
    BGCN_ASSERT(m0 & 1);
    bgcn_limb_t x = m0; /* inverse mod 2^3 */
    for (int i = 0; i < 5; i++)
        x *= 2 - m0 * x;
    return (bgcn_limb_t)0 - x;
}

/* The REDC rows of both REDCs below, for T = {tp,2n}: {rp,n} + c B^n =
 * (T + q m) / B^n for the q < B^n that clears the low half; returns c.
 * Each pass clears limb i; its carry (belonging at limb i+n) is parked in
 * limb i and all carries are added back at once, into {rp,n} (rp may be
 * tp + n or tp; {tp,2n} is clobbered). */
static bgcn_limb_t redc_rows(bgcn_limb_t *rp, bgcn_limb_t *tp,
                             const bgcn_limb_t *mp, long n, bgcn_limb_t minv)
{
    BGCN_ASSERT(n >= 1 && (mp[0] & 1) && mp[n - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n, mp, n));
    BGCN_ASSERT(rp == tp || rp == tp + n || !BGCN_OVERLAP_P(rp, n, tp, 2 * n));
    for (long i = 0; i < n; i++) {
        bgcn_limb_t q = tp[i] * minv;
        tp[i] = bgcn_addmul_1(tp + i, mp, n, q);
    }
    return bgcn_add_n(rp, tp + n, tp, n);
}

void bgcn_redc_n(bgcn_limb_t *rp, bgcn_limb_t *tp, const bgcn_limb_t *mp,
                 long n, bgcn_limb_t minv)
{
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, n, mp, n));
    BGCN_ASSERT(rp == tp || rp == tp + n || !BGCN_OVERLAP_P(rp, n, tp, 2 * n));
    bgcn_limb_t c = redc_rows(tp + n, tp, mp, n, minv);
    /* T + Q*m < 2*m*R, so the result < 2m: one masked subtraction.  Compute
     * t - m into tp[0..n) (free now) and select. */
    bgcn_limb_t bw = bgcn_sub_n(tp, tp + n, mp, n);
    bgcn_limb_t keep = (bgcn_limb_t)0 - (bgcn_limb_t)(bw > c); /* t < m */
    for (long j = 0; j < n; j++)
        rp[j] = (tp[n + j] & keep) | (tp[j] & ~keep);
}

/* The portable twin of the paths' redc_almost (the tests compare them):
 * redc_n's rows and carries, then m subtracted under the mask of the
 * carry instead of the full reduction. */
void bgcn_redc_almost_n(bgcn_limb_t *rp, bgcn_limb_t *tp, const bgcn_limb_t *mp,
                        long n, bgcn_limb_t minv)
{
    bgcn_limb_t mask = (bgcn_limb_t)0 - redc_rows(rp, tp, mp, n, minv), bw = 0;
    for (long j = 0; j < n; j++) {
        bgcn_limb_t x = rp[j], y = mp[j] & mask, d = x - y;
        bgcn_limb_t b1 = x < y, b2 = d < bw;
        rp[j] = d - bw;
        bw = b1 | b2;
    }
}

int bgcn_mont_almost_p(const bgcn_mont *ctx)
{
    return bgcn_kern.redc_almost && ctx->n >= BGCN_MONT_ALMOST_MIN &&
           ctx->n <= BGCN_MONT_ALMOST_MAX;
}

void bgcn_mont_almost_mul(bgcn_mont *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *bp)
{
    BGCN_ASSERT(bgcn_mont_almost_p(ctx));
    long n = ctx->n;
    bgcn_mul_basecase(ctx->tp, ap, n, bp, n);
    bgcn_kern.redc_almost(rp, ctx->tp, ctx->mp, n, ctx->minv);
}

void bgcn_mont_almost_sqr(bgcn_mont *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap)
{
    BGCN_ASSERT(bgcn_mont_almost_p(ctx));
    long n = ctx->n;
    bgcn_sqr_basecase(ctx->tp, ap, n);
    bgcn_kern.redc_almost(rp, ctx->tp, ctx->mp, n, ctx->minv);
}

bgcn_status bgcn_mont_init(bgcn_mont *ctx, const bgcn_limb_t *mp, long n)
{
    BGCN_ASSERT(n >= 1 && mp[n - 1] != 0 && (mp[0] & 1));
    ctx->n = n;
    ctx->minv = bgcn_mont_minv(mp[0]);
    /* One block: mp, r2, one (n each) and tp (2n). */
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)5 * (size_t)n);
    bgcn_limb_t *num = bgcn_alloc_limbs((size_t)2 * (size_t)n + 1);
    if (!blk || !num) {
        bgcn_free_limbs(blk);
        bgcn_free_limbs(num);
        ctx->mp = NULL;
        return BGCN_ENOMEM;
    }
    ctx->mp = blk;
    ctx->r2 = blk + n;
    ctx->one = blk + 2 * n;
    ctx->tp = blk + 3 * n;
    bgcn_copyi(ctx->mp, mp, n);
    /* R^2 mod m by one division of 2^(128n) (2n+1 limbs). */
    bgcn_zero(num, 2 * n);
    num[2 * n] = 1;
    bgcn_status st = bgcn_tdiv_qr(NULL, ctx->r2, num, 2 * n + 1, mp, n);
    if (st == BGCN_OK) {
        /* R mod m = REDC(R^2 mod m) */
        bgcn_copyi(ctx->tp, ctx->r2, n);
        bgcn_zero(ctx->tp + n, n);
        bgcn_redc_n(ctx->one, ctx->tp, ctx->mp, n, ctx->minv);
    }
    bgcn_free_limbs(num);
    if (st != BGCN_OK) {
        bgcn_free_limbs(blk);
        ctx->mp = NULL;
    }
    return st;
}

void bgcn_mont_clear(bgcn_mont *ctx)
{
    bgcn_free_limbs(ctx->mp);
    ctx->mp = NULL;
}

void bgcn_mont_redc(bgcn_mont *ctx, bgcn_limb_t *rp, bgcn_limb_t *tp)
{
    bgcn_redc_n(rp, tp, ctx->mp, ctx->n, ctx->minv);
}

bgcn_status bgcn_mont_mul(bgcn_mont *ctx, bgcn_limb_t *rp,
                          const bgcn_limb_t *ap, const bgcn_limb_t *bp)
{
    long n = ctx->n;
    if (n <= BGCN_MONT_KERNEL_MAX) {
        bgcn_mont_mul_n(rp, ap, bp, ctx->mp, n, ctx->minv);
        return BGCN_OK;
    }
    if (ap == bp)
        BGCN_TRY(bgcn_sqr(ctx->tp, ap, n));
    else
        BGCN_TRY(bgcn_mul(ctx->tp, ap, n, bp, n));
    bgcn_redc_n(rp, ctx->tp, ctx->mp, n, ctx->minv);
    return BGCN_OK;
}

bgcn_status bgcn_mont_sqr(bgcn_mont *ctx, bgcn_limb_t *rp,
                          const bgcn_limb_t *ap)
{
    long n = ctx->n;
    if (n <= BGCN_MONT_SQR_KERNEL_MAX) {
        bgcn_mont_sqr_n(rp, ap, ctx->mp, n, ctx->minv);
        return BGCN_OK;
    }
    BGCN_TRY(bgcn_sqr(ctx->tp, ap, n));
    bgcn_redc_n(rp, ctx->tp, ctx->mp, n, ctx->minv);
    return BGCN_OK;
}

void bgcn_mont_from(bgcn_mont *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap)
{
    long n = ctx->n;
    bgcn_copyi(ctx->tp, ap, n);
    bgcn_zero(ctx->tp + n, n);
    bgcn_redc_n(rp, ctx->tp, ctx->mp, n, ctx->minv);
}

bgcn_status bgcn_mont_to(bgcn_mont *ctx, bgcn_limb_t *rp,
                         const bgcn_limb_t *ap, long an)
{
    long n = ctx->n;
    BGCN_ASSERT(an >= 1 && !BGCN_OVERLAP_P(rp, n, ap, an));
    /* Reduce A to n limbs (< m) first, then multiply by R^2 and REDC. */
    an = bgcn_normalized_size(ap, an);
    if (an < n || (an == n && ap[n - 1] < ctx->mp[n - 1])) {
        bgcn_copyi(rp, ap, an);
        bgcn_zero(rp + an, n - an); /* a < m already */
    } else {
        BGCN_TRY(bgcn_tdiv_qr(NULL, rp, ap, an, ctx->mp, n));
    }
    /* rp < m: now rp * R^2 / R = rp * R. */
    return bgcn_mont_mul(ctx, rp, rp, ctx->r2);
}
