/* mul-impl.h -- private to the multiplication files (mul.c, toom*.c,
 * ntt.c): the recursion entry points that share one scratch area, and
 * small linear helpers used by the Toom evaluation and interpolation
 * steps.  Not part of the engine's public contract (see bgcn.h).
 *
 * Scratch convention: the Toom functions never allocate.  Each takes a
 * caller-provided scratch area of at least bgcn_mul_toom_itch(an) limbs,
 * uses a fixed prefix of it for its own temporaries and hands the rest
 * down to the products it computes.  bgcn_mul/bgcn_sqr allocate that area
 * once per top-level call, so the recursion costs no allocator calls. */
#ifndef BGCN_MUL_IMPL_H
#define BGCN_MUL_IMPL_H

#include "bgcn.h"
#include "aors-impl.h"

/* {rp,an+bn} = {ap,an} * {bp,bn} for any an, bn >= 1 (either order),
 * choosing schoolbook / Toom / chunking by the thresholds; NTT above its
 * threshold (that path allocates).  Scratch: bgcn_mul_rec_itch(an, bn). */
bgcn_status bgcn_mul_rec(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                         const bgcn_limb_t *bp, long bn,
                         bgcn_limb_t *scratch);
/* {rp,2n} = {ap,n}^2, same rules; scratch bgcn_mul_toom_itch(n). */
bgcn_status bgcn_sqr_rec(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                         bgcn_limb_t *scratch);
/* bgcn_mul_rec with the schoolbook case decided inline (saves a call
 * level at the leaves of the recursion); an >= bn. */
static inline bgcn_status mi_mul_sub(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     long an, const bgcn_limb_t *bp, long bn,
                                     bgcn_limb_t *ws)
{
    if (bn < bgcn_mul_toom22_threshold || bn < 2) {
        bgcn_mul_basecase(rp, ap, an, bp, bn);
        return BGCN_OK;
    }
    return bgcn_mul_rec(rp, ap, an, bp, bn, ws);
}

static inline bgcn_status mi_sqr_sub(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     long n, bgcn_limb_t *ws)
{
    if (n < bgcn_sqr_toom2_threshold || n < 2) {
        bgcn_sqr_basecase(rp, ap, n);
        return BGCN_OK;
    }
    return bgcn_sqr_rec(rp, ap, n, ws);
}

/* Whether bgcn_mul takes the NTT for an x bn (an >= bn). */
int bgcn_mul_ntt_p(long an, long bn);

/* Scratch for bgcn_mul_rec with these sizes (any order). */
long bgcn_mul_rec_itch(long an, long bn);

/* {rp,2n+1} = {xp,n+1} * {yp,n+1} for evaluated Toom operands whose
 * product fits 2n+1 limbs (small top limbs): the low n x n product by
 * recursion, the top limbs' share by addmul_1.  Scratch as for n x n. */
bgcn_status bgcn_mul_np1(bgcn_limb_t *rp, const bgcn_limb_t *xp,
                         const bgcn_limb_t *yp, long n, bgcn_limb_t *ws);
/* {rp,2n+1} = {xp,n+1}^2, same conditions. */
bgcn_status bgcn_sqr_np1(bgcn_limb_t *rp, const bgcn_limb_t *xp, long n,
                         bgcn_limb_t *ws);

/* log2 of the transform length bgcn_mul_ntt would use for an x bn. */
int bgcn_ntt_log2_len(long an, long bn);

/* ---- linear helpers (all wrap modulo B^n; callers know the true
 * values fit, so a carry or borrow out of the top is discarded) ---- */

/* Below this many limbs add/sub run inline (the shared loops of
 * aors-impl.h): at the leaves of the recursion (5-16 limbs on the generic
 * path) the call through the kernel table costs as much as the loop
 * (measured 0.43 against 0.73 ns/limb at 5 limbs).  Longer ones go to the
 * dispatched kernels (about 1 cycle/limb in assembly, 0.5 with AVX-512). */
#define MI_INLINE_MAX 16

/* bgcn_add_n / bgcn_sub_n with the same contract (n = 0 allowed). */
static inline bgcn_limb_t mi_add_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                   const bgcn_limb_t *bp, long n)
{
    return n > MI_INLINE_MAX ? bgcn_add_n(rp, ap, bp, n)
                             : aors_add_n(rp, ap, bp, n);
}

static inline bgcn_limb_t mi_sub_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                   const bgcn_limb_t *bp, long n)
{
    return n > MI_INLINE_MAX ? bgcn_sub_n(rp, ap, bp, n)
                             : aors_sub_n(rp, ap, bp, n);
}

/* {rp,n} += c, n >= 0. */
static inline void mi_incr(bgcn_limb_t *rp, long n, bgcn_limb_t c)
{
    for (long i = 0; i < n && c; i++) {
        bgcn_limb_t x = rp[i] + c;
        c = x < c;
        rp[i] = x;
    }
}

/* {rp,n} -= c, n >= 0. */
static inline void mi_decr(bgcn_limb_t *rp, long n, bgcn_limb_t c)
{
    for (long i = 0; i < n && c; i++) {
        bgcn_limb_t x = rp[i];
        rp[i] = x - c;
        c = x < c;
    }
}

/* {rp,rn} += {ap,an}, 0 <= an <= rn; returns the carry out of rp[rn-1]. */
static inline bgcn_limb_t mi_add_in(bgcn_limb_t *rp, long rn,
                                    const bgcn_limb_t *ap, long an)
{
    if (an == 0)
        return 0;
    bgcn_limb_t c = mi_add_n(rp, rp, ap, an);
    for (long i = an; i < rn && c; i++) {
        bgcn_limb_t x = rp[i] + 1;
        c = x == 0;
        rp[i] = x;
    }
    return c;
}

/* {rp,rn} -= {ap,an}, 0 <= an <= rn; returns the borrow. */
static inline bgcn_limb_t mi_sub_in(bgcn_limb_t *rp, long rn,
                                    const bgcn_limb_t *ap, long an)
{
    if (an == 0)
        return 0;
    bgcn_limb_t c = mi_sub_n(rp, rp, ap, an);
    for (long i = an; i < rn && c; i++) {
        bgcn_limb_t x = rp[i];
        c = x == 0;
        rp[i] = x - 1;
    }
    return c;
}

/* {rp,rn} -= k * {ap,an}, 1 <= an <= rn. */
static inline void mi_submul_in(bgcn_limb_t *rp, long rn,
                                const bgcn_limb_t *ap, long an,
                                bgcn_limb_t k)
{
    bgcn_limb_t c = bgcn_submul_1(rp, ap, an, k);
    mi_decr(rp + an, rn - an, c);
}

/* {rp,n} = {ap,n} + {bp,m}, n >= m >= 0 (zero-extended b); returns carry.
 * rp may equal ap. */
static inline bgcn_limb_t mi_add(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                 long n, const bgcn_limb_t *bp, long m)
{
    bgcn_limb_t c = m ? mi_add_n(rp, ap, bp, m) : 0;
    for (long i = m; i < n; i++) {
        bgcn_limb_t x = ap[i] + c;
        c = x < c;
        rp[i] = x;
    }
    return c;
}

/* Compare {ap,n} with {bp,m} zero-extended, n >= m >= 0: -1, 0, 1. */
static inline __attribute__((always_inline)) int mi_cmp(const bgcn_limb_t *ap, long n,
                         const bgcn_limb_t *bp, long m)
{
    for (long i = n - 1; i >= m; i--)
        if (ap[i])
            return 1;
    for (long i = m - 1; i >= 0; i--)
        if (ap[i] != bp[i])
            return ap[i] > bp[i] ? 1 : -1;
    return 0;
}

/* {rp,n} = |{ap,n} - {bp,m}| (b zero-extended, n >= m >= 0); returns 1
 * when a < b.  rp may equal ap; no other overlap. */
static inline __attribute__((always_inline)) int mi_abs_sub(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                             const bgcn_limb_t *bp, long m)
{
    if (mi_cmp(ap, n, bp, m) >= 0) {
        bgcn_limb_t c = m ? mi_sub_n(rp, ap, bp, m) : 0;
        for (long i = m; i < n; i++) {
            bgcn_limb_t x = ap[i];
            rp[i] = x - c;
            c = x < c;
        }
        return 0;
    }
    /* a < b: the high limbs of a beyond m are zero. */
    mi_sub_n(rp, bp, ap, m);
    for (long i = m; i < n; i++)
        rp[i] = 0;
    return 1;
}

/* {rp,n} >>= k in place, 0 < k < 64.  Not bgcn_rshift: every caller here
 * passes a constant k, and inlined with a constant the loop is one-uop
 * shifts that the compiler also vectorises, where bgcn_rshift's variable
 * count is a shift by %cl (three uops on Intel cores since Sandy Bridge):
 * measured 0.2 against 0.85 ns/limb. */
static inline __attribute__((always_inline)) void
mi_rshift_const(bgcn_limb_t *rp, long n, unsigned k)
{
    for (long i = 0; i < n - 1; i++)
        rp[i] = (rp[i] >> k) | (rp[i + 1] << (64 - k));
    rp[n - 1] >>= k;
}

/* Exact division by d = 3 or 5, both divisors of B - 1 = 2^64 - 1: with
 * M = (B-1)/d, A/d = A M / (B-1) = -A M (1 + B + B^2 + ...) B-adically,
 * i.e. a running subtraction of the limb products a_i M.  Unlike Hensel
 * division by the inverse of d, the loop-carried chain is only a
 * subtraction with borrow (the products are independent), about three
 * times faster.  d must divide the value exactly. */
#define MI_DBM1_3 ((bgcn_limb_t)0x5555555555555555u)
#define MI_DBM1_5 ((bgcn_limb_t)0x3333333333333333u)

/* One limb of that division: x is the next limb of A, *h the running
 * value; returns the quotient limb. */
static inline bgcn_limb_t mi_dbm1_step(bgcn_limb_t x, bgcn_limb_t m,
                                       bgcn_limb_t *h)
{
    unsigned __int128 p = (unsigned __int128)x * m;
    bgcn_limb_t p0 = (bgcn_limb_t)p, p1 = (bgcn_limb_t)(p >> 64);
    bgcn_limb_t hv = *h;
    bgcn_limb_t cy = hv < p0;
    hv -= p0;
    *h = hv - p1 - cy;
    return hv;
}

/* {rp,n} /= d in place, d = 3 or 5 given by m = MI_DBM1_3 / MI_DBM1_5. */
static inline void mi_divexact_dbm1(bgcn_limb_t *rp, long n, bgcn_limb_t m)
{
    bgcn_limb_t h = 0;
    for (long i = 0; i < n; i++)
        rp[i] = mi_dbm1_step(rp[i], m, &h);
}

/* The two-step passes of the Toom interpolations.  {rp,n} = ({ap,n} +
 * {bp,n}) / d when add, ({ap,n} - {bp,n}) / d otherwise, d = 3 or 5 (m as
 * for mi_divexact_dbm1) dividing the (nonnegative) result exactly.  rp may
 * equal ap or bp.  The sum or difference is formed by the dispatched
 * kernel (any carry or borrow out of the top is discarded: the true value
 * fits), then divided in place. */
static inline void mi_addsub_divexact(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                      const bgcn_limb_t *bp, long n, int add,
                                      bgcn_limb_t m)
{
    if (add)
        mi_add_n(rp, ap, bp, n);
    else
        mi_sub_n(rp, ap, bp, n);
    mi_divexact_dbm1(rp, n, m);
}

/* {rp,n} = ({ap,n} +- {bp,n}) >> k, 0 < k < 64, the sum or difference
 * being nonnegative and below B^n.  rp may equal ap or bp. */
static inline __attribute__((always_inline)) void
mi_addsub_rshift(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                 const bgcn_limb_t *bp, long n, int add, unsigned k)
{
    if (add)
        mi_add_n(rp, ap, bp, n);
    else
        mi_sub_n(rp, ap, bp, n);
    mi_rshift_const(rp, n, k);
}

#endif
