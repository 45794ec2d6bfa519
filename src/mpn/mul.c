/* mul.c -- bgcn_mul and bgcn_sqr: choose the algorithm by size.
 * Contracts in bgcn.h.
 *
 * Order of choice for {ap,an} x {bp,bn}, an >= bn (all sizes in limbs):
 *   bn < MUL_TOOM22            schoolbook (any an: its cost is an*bn)
 *   bn >= MUL_NTT              NTT (bgcn_mul_ntt: floating point or two or
 *                              three primes, ntt.c), any shape, if
 *       (an + bn)/2 reaches the tuned minimum for the transform length
 *       2^k it would use (MUL_NTT_MIN_K[k]): just past a power of two the
 *       NTT costs twice as much and Toom is faster there
 *   bn >= MUL_TOOM6, shape fits Toom-6 (bn > 5 ceil(an/6))    Toom-6
 *       (the odd-even Toom-k of toomk.c with k = 6)
 *   bn >= MUL_TOOM44, shape fits Toom-4 (bn > 3 ceil(an/4))   Toom-4
 *   bn >= MUL_TOOM33, shape fits Toom-3 (bn > 2 ceil(an/3))   Toom-3
 *   shape fits Toom-2 (bn > ceil(an/2))                       Karatsuba,
 *       whose three half-size products then pick their own algorithm
 *       (so a 3:2 operand pair costs about 2 M(3an/8) + a thin product)
 *   bn >= MUL_TOOM42 and 2 bn <= an + 1, 5 bn >= 2 an          Toom-4.2
 *       (a in four pieces, b in two: five products of an/4 limbs where
 *       chunks would cost two or three bn x bn products)
 *   otherwise (an >= about 2 bn)  chunking: a is cut into bn-limb pieces,
 *       each piece times b is a balanced product added into place, and
 *       the last short piece r < bn is multiplied as b x r, recursively.
 * No operand is ever zero-padded, so lopsided shapes cost what their
 * pieces cost.
 *
 * Scratch: the Toom recursion works in one area allocated here per
 * top-level call, sized by bgcn_mul_toom_itch (a bound that does not
 * depend on the thresholds, so the tuning program may change them
 * freely between calls); up to MUL_STACK_LIMBS limbs it is a local array
 * instead, since a malloc/free pair costs as much as a 10-limb product.
 * The NTT path allocates its own arrays. */
#include "bgcn.h"
#include "mul-impl.h"
#include "thresholds.h"

/* Scratch up to this size (16 KiB) lives on the stack. */
#define MUL_STACK_LIMBS 2048

/* The largest local need of one level is Toom-4's: five (2n+1)-limb
 * products and ten (n+1)-limb evaluations with n = ceil(N/4), at most
 * 5N + 30; Toom-3 needs 12 ceil(N/3) + 9, Toom-6 nine (2n+1)-limb
 * products with n = ceil(N/6), at most 3N + 27, Toom-4.2 11 ceil(N/4) + 8,
 * Karatsuba 2 ceil(N/2), chunking 2bn with bn <= ceil(N/2).  Every
 * product handed down has both operands of at most ceil(N/2) limbs (the
 * largest piece, Karatsuba's). */
long bgcn_mul_toom_itch(long n)
{
    long total = 0;
    while (n > 1) {
        total += 5 * n + 40;
        n = (n + 1) / 2;
    }
    return total;
}

long bgcn_mul_rec_itch(long an, long bn)
{
    if (an < bn) {
        long t = an;
        an = bn;
        bn = t;
    }
    /* A lopsided pair is chunked: a 2bn-limb product buffer plus what the
     * bn x bn (and smaller) products need. */
    if (bn <= (an + 1) / 2) {
        long need = 2 * bn + bgcn_mul_toom_itch(bn);
        /* Toom-4.2's shapes: its local 11 q + 8 limbs (q = ceil(an/4))
         * and its q x q products. */
        if (5 * bn >= 2 * an) {
            long q = (an + 3) / 4;
            long t42 = 11 * q + 8 + bgcn_mul_toom_itch(q + 1);
            if (t42 > need)
                need = t42;
        }
        return need;
    }
    return bgcn_mul_toom_itch(an);
}

bgcn_status bgcn_mul_np1(bgcn_limb_t *rp, const bgcn_limb_t *xp,
                         const bgcn_limb_t *yp, long n, bgcn_limb_t *ws)
{
    BGCN_TRY(bgcn_mul_rec(rp, xp, n, yp, n, ws));
    bgcn_limb_t xh = xp[n], yh = yp[n];
    rp[2 * n] = xh * yh;
    if (xh)
        rp[2 * n] += bgcn_addmul_1(rp + n, yp, n, xh);
    if (yh)
        rp[2 * n] += bgcn_addmul_1(rp + n, xp, n, yh);
    return BGCN_OK;
}

bgcn_status bgcn_sqr_np1(bgcn_limb_t *rp, const bgcn_limb_t *xp, long n,
                         bgcn_limb_t *ws)
{
    BGCN_TRY(bgcn_sqr_rec(rp, xp, n, ws));
    bgcn_limb_t xh = xp[n];
    rp[2 * n] = xh * xh;
    if (xh)
        rp[2 * n] += bgcn_addmul_1(rp + n, xp, n, 2 * xh);
    return BGCN_OK;
}

static int use_ntt(long an, long bn, long threshold, const long *min_k)
{
    if (bn < threshold)
        return 0;
    int k = bgcn_ntt_log2_len(an, bn);
    return k >= BGCN_NTT_KTAB || (an + bn) / 2 >= min_k[k];
}

int bgcn_mul_ntt_p(long an, long bn)
{
    return use_ntt(an, bn, bgcn_mul_ntt_threshold, bgcn_mul_ntt_min_k);
}

/* an >= 2bn - 1: a in bn-limb pieces. */
static bgcn_status mul_chunked(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                               long an, const bgcn_limb_t *bp, long bn,
                               bgcn_limb_t *scratch)
{
    bgcn_limb_t *tp = scratch, *ws = scratch + 2 * bn;
    BGCN_TRY(bgcn_mul_rec(rp, ap, bn, bp, bn, ws));
    long pos = bn;
    while (pos < an) {
        BGCN_POLL();
        long r = an - pos < bn ? an - pos : bn;
        /* tp = piece * b (bn + r limbs); rp[pos .. pos+bn) already holds
         * the high half of the previous product. */
        BGCN_TRY(bgcn_mul_rec(tp, bp, bn, ap + pos, r, ws));
        bgcn_limb_t c = mi_add_n(rp + pos, rp + pos, tp, bn);
        bgcn_copyi(rp + pos + bn, tp + bn, r);
        mi_incr(rp + pos + bn, r, c);
        pos += r;
    }
    return BGCN_OK;
}

bgcn_status bgcn_mul_rec(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                         const bgcn_limb_t *bp, long bn,
                         bgcn_limb_t *scratch)
{
    if (an < bn) {
        const bgcn_limb_t *tp = ap;
        ap = bp;
        bp = tp;
        long t = an;
        an = bn;
        bn = t;
    }
    if (bn < bgcn_mul_toom22_threshold || bn < 2) {
        bgcn_mul_basecase(rp, ap, an, bp, bn);
        return BGCN_OK;
    }
    if (use_ntt(an, bn, bgcn_mul_ntt_threshold, bgcn_mul_ntt_min_k))
        return bgcn_mul_ntt(rp, ap, an, bp, bn);
    if (bn >= bgcn_mul_toom6_threshold && bn > 5 * ((an + 5) / 6))
        return bgcn_mul_toomk(rp, ap, an, bp, bn, 6, scratch);
    if (bn >= bgcn_mul_toom44_threshold && bn > 3 * ((an + 3) / 4))
        return bgcn_mul_toom44(rp, ap, an, bp, bn, scratch);
    if (bn >= bgcn_mul_toom33_threshold && bn > 2 * ((an + 2) / 3))
        return bgcn_mul_toom33(rp, ap, an, bp, bn, scratch);
    if (bn > (an + 1) / 2)
        return bgcn_mul_toom22(rp, ap, an, bp, bn, scratch);
    /* 2 <= an/bn <= 2.5: Toom-4.2 (five products of an/4 limbs) instead
     * of two or three chunks. */
    if (bn >= bgcn_mul_toom42_threshold && 5 * bn >= 2 * an && an >= 13)
        return bgcn_mul_toom42(rp, ap, an, bp, bn, scratch);
    return mul_chunked(rp, ap, an, bp, bn, scratch);
}

bgcn_status bgcn_sqr_rec(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                         bgcn_limb_t *scratch)
{
    if (n < bgcn_sqr_toom2_threshold || n < 2) {
        bgcn_sqr_basecase(rp, ap, n);
        return BGCN_OK;
    }
    if (use_ntt(n, n, bgcn_sqr_ntt_threshold, bgcn_sqr_ntt_min_k))
        return bgcn_sqr_ntt(rp, ap, n);
    if (n >= bgcn_sqr_toom6_threshold && n > 5 * ((n + 5) / 6))
        return bgcn_sqr_toomk(rp, ap, n, 6, scratch);
    if (n >= bgcn_sqr_toom4_threshold && n > 3 * ((n + 3) / 4))
        return bgcn_sqr_toom4(rp, ap, n, scratch);
    if (n >= bgcn_sqr_toom3_threshold && n > 2 * ((n + 2) / 3))
        return bgcn_sqr_toom3(rp, ap, n, scratch);
    return bgcn_sqr_toom2(rp, ap, n, scratch);
}

bgcn_status bgcn_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                     const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(an >= bn && bn >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, bp, bn));
    if (bn < bgcn_mul_toom22_threshold || bn < 2) {
        bgcn_mul_basecase(rp, ap, an, bp, bn);
        return BGCN_OK;
    }
    if (use_ntt(an, bn, bgcn_mul_ntt_threshold, bgcn_mul_ntt_min_k))
        return bgcn_mul_ntt(rp, ap, an, bp, bn);
    long itch = bgcn_mul_rec_itch(an, bn);
    if (itch <= MUL_STACK_LIMBS) {
        bgcn_limb_t buf[MUL_STACK_LIMBS];
        return bgcn_mul_rec(rp, ap, an, bp, bn, buf);
    }
    bgcn_limb_t *ws = bgcn_alloc_limbs((size_t)itch);
    if (!ws)
        return BGCN_ENOMEM;
    bgcn_status st = bgcn_mul_rec(rp, ap, an, bp, bn, ws);
    bgcn_free_limbs(ws);
    return st;
}

bgcn_status bgcn_sqr(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, 2 * n, ap, n));
    if (n < bgcn_sqr_toom2_threshold || n < 2) {
        bgcn_sqr_basecase(rp, ap, n);
        return BGCN_OK;
    }
    if (use_ntt(n, n, bgcn_sqr_ntt_threshold, bgcn_sqr_ntt_min_k))
        return bgcn_sqr_ntt(rp, ap, n);
    long itch = bgcn_mul_toom_itch(n);
    if (itch <= MUL_STACK_LIMBS) {
        bgcn_limb_t buf[MUL_STACK_LIMBS];
        return bgcn_sqr_rec(rp, ap, n, buf);
    }
    bgcn_limb_t *ws = bgcn_alloc_limbs((size_t)itch);
    if (!ws)
        return BGCN_ENOMEM;
    bgcn_status st = bgcn_sqr_rec(rp, ap, n, ws);
    bgcn_free_limbs(ws);
    return st;
}
