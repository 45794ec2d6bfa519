/* sumdigits.c -- bgcn_sumdigits_1: the sum of the base-b digits of a
 * number of a few limbs, the basecase of the number layer's
 * bgc_sumdigits (src/num/num-conv.c).  Contract in bgcn.h.
 *
 * With P = b^k, the largest power of b that fits a limb, one
 * bgcn_divrem_1 by P peels the k low digits off as one limb remainder,
 * whose digits are then summed in a register; leading zero digits of a
 * chunk add nothing, so no chunk needs its exact digit count.  That is
 * n - 1 single-limb divisions of a shrinking number: quadratic, which is
 * why the number layer first splits a large number by powers b^(2^j)
 * (the digit sum of hi * b^m + lo, lo < b^m, is the sum of the two) and
 * calls this on pieces of at most a few limbs.
 *
 * Bound: {np,n} has fewer than 64n + 1 digits, each below b <= 2^32, so
 * the sum stays below 2^64 for n < 2^26. */
#include "bgcn.h"

bgcn_status bgcn_sumdigits_1(uint64_t *sum, const bgcn_limb_t *np, long n,
                             bgcn_limb_t b, bgcn_limb_t *tp)
{
    BGCN_ASSERT(n >= 0 && n < ((long)1 << 26));
    BGCN_ASSERT(b >= 2 && b <= ((bgcn_limb_t)1 << 32));
    BGCN_ASSERT(!BGCN_OVERLAP_P(tp, n, np, n));
    bgcn_limb_t p = b; /* b^k <= BGCN_LIMB_MAX */
    while (p <= BGCN_LIMB_MAX / b)
        p *= b;
    while (n > 0 && np[n - 1] == 0)
        n--;
    uint64_t s = 0;
    bgcn_limb_t top = n > 0 ? np[n - 1] : 0;
    if (n > 1) {
        bgcn_copyi(tp, np, n);
        while (n > 1) {
            if (bgcn_interrupt_flag)
                return BGCN_EINTR;
            for (bgcn_limb_t r = bgcn_divrem_1(tp, tp, n, p); r != 0; r /= b)
                s += r % b;
            n -= tp[n - 1] == 0;
        }
        top = tp[0];
    }
    for (; top != 0; top /= b)
        s += top % b;
    *sum = s;
    return BGCN_OK;
}
