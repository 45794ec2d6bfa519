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

/* One limb: *r = a + b + c (sub: a - b - c); returns the carry (borrow).
 * sub is a constant at every call, so the choice folds away. */
static inline __attribute__((always_inline)) bgcn_limb_t
aors_step(bgcn_limb_t c, bgcn_limb_t a, bgcn_limb_t b, bgcn_limb_t *r,
          int sub)
{
#ifdef AORS_HAVE_ADDCARRY
    return sub ? _subborrow_u64((unsigned char)c, a, b, (aors_ull_alias *)r)
               : _addcarry_u64((unsigned char)c, a, b, (aors_ull_alias *)r);
#else
    bgcn_limb_t x = sub ? a - b : a + b;
    bgcn_limb_t c1 = sub ? a < b : x < a;
    bgcn_limb_t y = sub ? x - c : x + c;
    *r = y;
    return c1 | (sub ? x < c : y < x);
#endif
}

/* {rp,n} = {ap,n} + {bp,n} (sub: -), n >= 0; returns the carry (borrow).
 * Four limbs per iteration so that the chain stays in the flag. */
static inline __attribute__((always_inline)) bgcn_limb_t
aors_n(bgcn_limb_t *rp, const bgcn_limb_t *ap, const bgcn_limb_t *bp, long n,
       int sub)
{
    bgcn_limb_t c = 0;
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        c = aors_step(c, ap[i], bp[i], &rp[i], sub);
        c = aors_step(c, ap[i + 1], bp[i + 1], &rp[i + 1], sub);
        c = aors_step(c, ap[i + 2], bp[i + 2], &rp[i + 2], sub);
        c = aors_step(c, ap[i + 3], bp[i + 3], &rp[i + 3], sub);
    }
    for (; i < n; i++)
        c = aors_step(c, ap[i], bp[i], &rp[i], sub);
    return c;
}

static inline bgcn_limb_t aors_add_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     const bgcn_limb_t *bp, long n)
{
    return aors_n(rp, ap, bp, n, 0);
}

static inline bgcn_limb_t aors_sub_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                     const bgcn_limb_t *bp, long n)
{
    return aors_n(rp, ap, bp, n, 1);
}

#endif
