/* aors-impl.h -- the portable add/sub carry chains as inline functions,
 * shared by their two users: add_n.c (the generic path's add_n/sub_n
 * kernels) and mul-impl.h (the Toom recursion, which inlines them for
 * short operands: at leaves of 5-16 limbs a call through the kernel
 * table costs about as much as the loop).  Private to src/mpn.
 *
 * With GCC or Clang on x86-64 the carry chain is written with the
 * add-with-carry intrinsics, four limbs per iteration, which the compiler
 * turns into one ADC/SBB chain (about 4x faster than recovering the carry
 * with compares, which costs a setc/compare pair per limb; gcc re-creates
 * the carry with setc only at each loop edge).  Elsewhere the carry is
 * recovered with compares.  Contracts as bgcn_add_n / bgcn_sub_n, except
 * that n = 0 is allowed (returns 0). */
#ifndef BGCN_AORS_IMPL_H
#define BGCN_AORS_IMPL_H

#include "bgcn.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
#define AORS_HAVE_ADDCARRY 1
/* The intrinsics store through unsigned long long *, while limbs are
 * uint64_t (unsigned long): may_alias keeps that legal. */
typedef unsigned long long aors_ull_alias __attribute__((may_alias));
#endif

static inline bgcn_limb_t aors_add_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     const bgcn_limb_t *bp, long n)
{
#ifdef AORS_HAVE_ADDCARRY
    aors_ull_alias *r = (aors_ull_alias *)rp;
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

static inline bgcn_limb_t aors_sub_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     const bgcn_limb_t *bp, long n)
{
#ifdef AORS_HAVE_ADDCARRY
    aors_ull_alias *r = (aors_ull_alias *)rp;
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

#endif
