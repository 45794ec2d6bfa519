/* mul_basecase.c -- portable schoolbook multiplication and squaring
 * (generic path).  Contracts in bgcn.h.
 *
 * Product scanning (Comba): each result limb k is the column sum of
 * a_i b_(k-i), accumulated in a 192-bit register triple (acc, top), then
 * stored once; the high 128 bits carry into the next column.  Per limb
 * product that is one multiply and an add/adc/adc, with no load or store
 * of rp -- gcc turns this form into much tighter code than the row form
 * (a*b + r + c in 128 bits per product), which it spills.  Balanced
 * products up to 8 limbs and squares up to 8 limbs are fully unrolled
 * (fixed sizes, so there is no column bookkeeping); one- and two-limb b
 * use a row pass.
 *
 * Squaring sums each column's off-diagonal products a_i a_(k-i), i <
 * k-i, once, doubles that sum and adds the diagonal square: about half
 * the multiplies of a general product. */
#include "bgcn.h"

typedef unsigned __int128 bgcn_dlimb_t;

/* {rp,n+2} = {ap,n} * (b0 + b1 B) where rp[0..n) are written (not read). */
static inline void mul_2(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                         bgcn_limb_t b0, bgcn_limb_t b1)
{
    bgcn_limb_t c0 = 0, c1 = 0;
    for (long i = 0; i < n; i++) {
        bgcn_limb_t a = ap[i];
        bgcn_dlimb_t t0 = (bgcn_dlimb_t)a * b0 + c0;
        rp[i] = (bgcn_limb_t)t0;
        bgcn_dlimb_t t1 = (bgcn_dlimb_t)a * b1 + (bgcn_limb_t)(t0 >> 64) + c1;
        c0 = (bgcn_limb_t)t1;
        c1 = (bgcn_limb_t)(t1 >> 64);
    }
    rp[n] = c0;
    rp[n + 1] = c1;
}

/* {rp,n} = {ap,n} * b, returns the high limb. */
static inline bgcn_limb_t mul_1(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                long n, bgcn_limb_t b)
{
    bgcn_limb_t c = 0;
    for (long i = 0; i < n; i++) {
        bgcn_dlimb_t t = (bgcn_dlimb_t)ap[i] * b + c;
        rp[i] = (bgcn_limb_t)t;
        c = (bgcn_limb_t)(t >> 64);
    }
    return c;
}

/* Column-wise product; an, bn are constants at the unrolled call sites. */
static inline __attribute__((always_inline)) void
comba_mul(bgcn_limb_t *restrict rp, const bgcn_limb_t *restrict ap, long an,
          const bgcn_limb_t *restrict bp, long bn)
{
    bgcn_dlimb_t acc = 0;
    bgcn_limb_t top = 0;
#pragma GCC unroll 16
    for (long k = 0; k < an + bn - 1; k++) {
        long i0 = k - bn + 1 > 0 ? k - bn + 1 : 0;
        long i1 = k < an - 1 ? k : an - 1;
#pragma GCC unroll 4
        for (long i = i0; i <= i1; i++) {
            bgcn_dlimb_t p = (bgcn_dlimb_t)ap[i] * bp[k - i];
            acc += p;
            top += acc < p;
        }
        rp[k] = (bgcn_limb_t)acc;
        acc = (acc >> 64) | ((bgcn_dlimb_t)top << 64);
        top = 0;
    }
    rp[an + bn - 1] = (bgcn_limb_t)acc;
}

static inline __attribute__((always_inline)) void
comba_sqr(bgcn_limb_t *restrict rp, const bgcn_limb_t *restrict ap, long n)
{
    bgcn_dlimb_t acc = 0;
    bgcn_limb_t top = 0;
#pragma GCC unroll 16
    for (long k = 0; k < 2 * n - 1; k++) {
        long i0 = k - n + 1 > 0 ? k - n + 1 : 0;
        /* Off-diagonal: i < k - i. */
        bgcn_dlimb_t s = 0;
        bgcn_limb_t st = 0;
#pragma GCC unroll 16
        for (long i = i0; 2 * i < k; i++) {
            bgcn_dlimb_t p = (bgcn_dlimb_t)ap[i] * ap[k - i];
            s += p;
            st += s < p;
        }
        st = (st << 1) | (bgcn_limb_t)(s >> 127);
        s <<= 1;
        acc += s;
        top += st + (acc < s);
        if (!(k & 1)) {
            bgcn_dlimb_t q = (bgcn_dlimb_t)ap[k / 2] * ap[k / 2];
            acc += q;
            top += acc < q;
        }
        rp[k] = (bgcn_limb_t)acc;
        acc = (acc >> 64) | ((bgcn_dlimb_t)top << 64);
        top = 0;
    }
    rp[2 * n - 1] = (bgcn_limb_t)acc;
}

static __attribute__((noinline)) void comba_mul_any(bgcn_limb_t *rp,
                                                    const bgcn_limb_t *ap,
                                                    long an,
                                                    const bgcn_limb_t *bp,
                                                    long bn)
{
    comba_mul(rp, ap, an, bp, bn);
}

static __attribute__((noinline)) void comba_sqr_any(bgcn_limb_t *rp,
                                                    const bgcn_limb_t *ap,
                                                    long n)
{
    comba_sqr(rp, ap, n);
}

void bgcn_mul_basecase_c(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                         const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(an >= bn && bn >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, an + bn, bp, bn));
    if (an == bn) {
        switch (an) {
        case 1: comba_mul(rp, ap, 1, bp, 1); return;
        case 2: comba_mul(rp, ap, 2, bp, 2); return;
        case 3: comba_mul(rp, ap, 3, bp, 3); return;
        case 4: comba_mul(rp, ap, 4, bp, 4); return;
        case 5: comba_mul(rp, ap, 5, bp, 5); return;
        case 6: comba_mul(rp, ap, 6, bp, 6); return;
        case 7: comba_mul(rp, ap, 7, bp, 7); return;
        case 8: comba_mul(rp, ap, 8, bp, 8); return;
        default: break;
        }
    }
    if (bn == 1)
        rp[an] = mul_1(rp, ap, an, bp[0]);
    else if (bn == 2)
        mul_2(rp, ap, an, bp[0], bp[1]);
    else
        comba_mul_any(rp, ap, an, bp, bn);
}

void bgcn_sqr_basecase_c(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, 2 * n, ap, n));
    switch (n) {
    case 1: comba_sqr(rp, ap, 1); return;
    case 2: comba_sqr(rp, ap, 2); return;
    case 3: comba_sqr(rp, ap, 3); return;
    case 4: comba_sqr(rp, ap, 4); return;
    case 5: comba_sqr(rp, ap, 5); return;
    case 6: comba_sqr(rp, ap, 6); return;
    case 7: comba_sqr(rp, ap, 7); return;
    case 8: comba_sqr(rp, ap, 8); return;
    default: comba_sqr_any(rp, ap, n); return;
    }
}
