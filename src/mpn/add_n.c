/* add_n.c -- portable twins of the add_n/sub_n kernels (generic path).
 * Contracts in bgcn.h.
 *
 * With GCC or Clang on x86-64 the carry chain is written with the
 * add-with-carry intrinsics, four limbs per iteration, which the compiler
 * turns into one ADC/SBB chain (about 4x faster than recovering the carry
 * with compares, which costs a setc/compare pair per limb).  Elsewhere the
 * carry is recovered with compares.  The assembly paths replace both. */
#include "bgcn.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
#define BGCN_HAVE_ADDCARRY 1
/* The intrinsics store through unsigned long long *, while limbs are
 * uint64_t (unsigned long): may_alias keeps that legal. */
typedef unsigned long long ull_alias __attribute__((may_alias));
#endif

bgcn_limb_t bgcn_add_n_c(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                         const bgcn_limb_t *bp, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, bp, n));
#ifdef BGCN_HAVE_ADDCARRY
    ull_alias *r = (ull_alias *)rp;
    unsigned char c = 0;
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        c = _addcarry_u64(c, ap[i], bp[i], &r[i]);
        c = _addcarry_u64(c, ap[i + 1], bp[i + 1], &r[i + 1]);
        c = _addcarry_u64(c, ap[i + 2], bp[i + 2], &r[i + 2]);
        c = _addcarry_u64(c, ap[i + 3], bp[i + 3], &r[i + 3]);
    }
    for (; i < n; i++)
        c = _addcarry_u64(c, ap[i], bp[i], &r[i]);
    return c;
#else
    bgcn_limb_t cy = 0;
    for (long i = 0; i < n; i++) {
        bgcn_limb_t a = ap[i], s = a + bp[i];
        bgcn_limb_t c1 = s < a;
        bgcn_limb_t r = s + cy;
        cy = c1 | (r < s);
        rp[i] = r;
    }
    return cy;
#endif
}

bgcn_limb_t bgcn_sub_n_c(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                         const bgcn_limb_t *bp, long n)
{
    BGCN_ASSERT(n >= 1);
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, ap, n));
    BGCN_ASSERT(BGCN_SAME_OR_SEPARATE_P(rp, bp, n));
#ifdef BGCN_HAVE_ADDCARRY
    ull_alias *r = (ull_alias *)rp;
    unsigned char c = 0;
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        c = _subborrow_u64(c, ap[i], bp[i], &r[i]);
        c = _subborrow_u64(c, ap[i + 1], bp[i + 1], &r[i + 1]);
        c = _subborrow_u64(c, ap[i + 2], bp[i + 2], &r[i + 2]);
        c = _subborrow_u64(c, ap[i + 3], bp[i + 3], &r[i + 3]);
    }
    for (; i < n; i++)
        c = _subborrow_u64(c, ap[i], bp[i], &r[i]);
    return c;
#else
    bgcn_limb_t bw = 0;
    for (long i = 0; i < n; i++) {
        bgcn_limb_t a = ap[i], b = bp[i];
        bgcn_limb_t d = a - b;
        bgcn_limb_t b1 = a < b;
        bgcn_limb_t r = d - bw;
        bw = b1 | (d < bw);
        rp[i] = r;
    }
    return bw;
#endif
}
