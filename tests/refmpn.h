/* refmpn.h -- a slow, simple reference for the engine's tests.
 *
 * Every function here is written independently of src/mpn: sums and
 * products go through 32-bit half limbs held in uint64_t (no __int128, no
 * engine kernel), division is bit-by-bit restoring division, radix
 * conversion works digit chunk by digit chunk with half-limb arithmetic.
 * Speed is not a concern; obviousness is.  Contracts match the bgcn_
 * function of the same name (same sizes, same return values) except where
 * noted, and overlap is allowed wherever it is for the engine.  These
 * functions never allocate through the engine and abort() on malloc
 * failure. */
#ifndef BGC_REFMPN_H
#define BGC_REFMPN_H

#include "bgcn.h"

#include <stddef.h>

bgcn_limb_t bgc_ref_add_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *bp, long n);
bgcn_limb_t bgc_ref_sub_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *bp, long n);
bgcn_limb_t bgc_ref_add_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                          bgcn_limb_t b);
bgcn_limb_t bgc_ref_sub_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                          bgcn_limb_t b);
/* an >= bn >= 0, an >= 1 */
bgcn_limb_t bgc_ref_add(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                        const bgcn_limb_t *bp, long bn);
bgcn_limb_t bgc_ref_sub(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                        const bgcn_limb_t *bp, long bn);
/* 1, 0, -1; sizes may differ (values compared). */
int bgc_ref_cmp(const bgcn_limb_t *ap, long an, const bgcn_limb_t *bp,
                long bn);

bgcn_limb_t bgc_ref_mul_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                          bgcn_limb_t b);
bgcn_limb_t bgc_ref_addmul_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                             bgcn_limb_t b);
bgcn_limb_t bgc_ref_submul_1(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                             bgcn_limb_t b);
/* {rp,an+bn} = {ap,an} * {bp,bn}; an, bn >= 1 in any order; rp must not
 * overlap the sources. */
void bgc_ref_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                 const bgcn_limb_t *bp, long bn);
void bgc_ref_sqr(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n);

bgcn_limb_t bgc_ref_lshift(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                           unsigned cnt);
bgcn_limb_t bgc_ref_rshift(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                           unsigned cnt);

/* Truncating division N = {np,nn}, D = {dp,dn}: {qp,nn-dn+1} and {rp,dn}.
 * nn >= dn >= 1, D != 0 (top limb may be zero here).  qp or rp may be
 * NULL.  Outputs must not overlap the inputs.  O(64 nn dn). */
void bgc_ref_tdiv_qr(bgcn_limb_t *qp, bgcn_limb_t *rp, const bgcn_limb_t *np,
                     long nn, const bgcn_limb_t *dp, long dn);
/* {qp,n} = {np,n} / d, returns the remainder; d != 0; qp may equal np. */
bgcn_limb_t bgc_ref_divrem_1(bgcn_limb_t *qp, const bgcn_limb_t *np, long n,
                             bgcn_limb_t d);
bgcn_limb_t bgc_ref_mod_1(const bgcn_limb_t *np, long n, bgcn_limb_t d);

/* Radix conversion, digits as values 0..base-1, most significant first,
 * 2 <= base <= 36.  get_str writes the value of {ap,n} (n >= 0, high zero
 * limbs allowed) without leading zeros, a single 0 digit for zero, and
 * returns the digit count; str needs bgc_ref_str_size(n, base) bytes.
 * set_str reads len >= 1 digits (leading zeros allowed) into rp, which
 * needs bgc_ref_limbs_size(len, base) limbs, and returns the normalised
 * size (0 for zero). */
size_t bgc_ref_str_size(long n, int base);
long bgc_ref_limbs_size(size_t len, int base);
size_t bgc_ref_get_str(unsigned char *str, int base, const bgcn_limb_t *ap,
                       long n);
long bgc_ref_set_str(bgcn_limb_t *rp, const unsigned char *str, size_t len,
                     int base);

#endif
