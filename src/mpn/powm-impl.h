/* powm-impl.h -- internal helpers shared by the exponentiation and number
 * theory files (internal, interface may change). */
#ifndef BGCN_POWM_IMPL_H
#define BGCN_POWM_IMPL_H

#include "bgcn.h"

/* Poll the interrupt flag inside a function that must clean up first. */
#define BGCN_POLL_GOTO(st, label)                                          \
    do {                                                                   \
        if (bgcn_interrupt_flag) {                                         \
            (st) = BGCN_EINTR;                                             \
            goto label;                                                    \
        }                                                                  \
    } while (0)

/* bgcn_powm for an odd, normalised M (n limbs, M > 1) and a normalised
 * E != 0. */
bgcn_status bgcn_powm_odd(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                          const bgcn_limb_t *ep, long en,
                          const bgcn_limb_t *mp, long n) BGCN_WUR;
/* bgcn_powm for an even, normalised M and a normalised E != 0. */
bgcn_status bgcn_powm_even(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                           const bgcn_limb_t *ep, long en,
                           const bgcn_limb_t *mp, long mn) BGCN_WUR;

/* Residues in some representation of esz limbs each (Montgomery form in
 * 64-bit limbs, or a kernel path's own form: powm_form.c): products and
 * squares (any aliasing of r with a, b), each returning BGCN_OK /
 * BGCN_ENOMEM. */
typedef struct bgcn_powm_ops {
    void *ctx;
    long esz;
    bgcn_status (*mul)(void *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap,
                       const bgcn_limb_t *bp);
    bgcn_status (*sqr)(void *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap);
} bgcn_powm_ops;

/* The ops of almost-reduced Montgomery residues (bgcn_mont_almost_p; ctx
 * a bgcn_mont), which both exponentiations run where the path has them.
 * Always BGCN_OK. */
bgcn_status bgcn_powm_almost_mul(void *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                 const bgcn_limb_t *bp);
bgcn_status bgcn_powm_almost_sqr(void *ctx, bgcn_limb_t *rp, const bgcn_limb_t *ap);

/* Left-to-right sliding window with window k (1..10) over the odd powers:
 * tab has room for 2^(k-1) elements and holds the base in tab[0]; the
 * rest of the table is filled here, then {r,esz} = base^E in the same
 * representation.  E has ebits >= 1 bits (top bit set); x is one element
 * of scratch.  Polls the interrupt flag (BGCN_EINTR). */
bgcn_status bgcn_powm_window_loop(const bgcn_powm_ops *o, bgcn_limb_t *r,
                                  bgcn_limb_t *tab, bgcn_limb_t *x,
                                  const bgcn_limb_t *ep, unsigned long ebits,
                                  int k) BGCN_WUR;

/* The constant-time fixed window w (<= 6) over the same representations:
 * tab has room for 2^w elements and holds 1 in tab[0] and the base in
 * tab[1]; E has en limbs, all read (positions depend on en and w only).
 * {r,esz} = base^E; x is one element of scratch.  Status as above. */
bgcn_status bgcn_powm_sec_loop(const bgcn_powm_ops *o, bgcn_limb_t *r,
                               bgcn_limb_t *tab, bgcn_limb_t *x,
                               const bgcn_limb_t *ep, long en, int w) BGCN_WUR;

/* Whether bgcn_powm / bgcn_powm_sec take a modulus of n limbs to
 * bgcn_powm_form: the active path has residue ops for that size (a
 * choice made from n only). */
int bgcn_powm_form_p(long n);
/* B^E mod M in the active path's residue form (powm_form.c), for
 * bgcn_powm_form_p(n), M odd and normalised (n limbs, M > 1), B = {bp,bn}
 * of any size (bn >= 1).  k > 0: powm.c's sliding window k over E of
 * ebits bits (top bit set); k < 0: powm_sec.c's constant-time fixed
 * window of -k bits over all ebits = 64 en bits of E.  {rp,n} fully
 * reduced; rp overlaps no input.  Status BGCN_OK / BGCN_ENOMEM /
 * BGCN_EINTR. */
bgcn_status bgcn_powm_form(bgcn_limb_t *rp, const bgcn_limb_t *bp, long bn,
                           const bgcn_limb_t *ep, unsigned long ebits,
                           const bgcn_limb_t *mp, long n, int k) BGCN_WUR;

/* {rp,L} = low L limbs of {ap,L} * {bp,L}; rp overlaps neither. */
void bgcn_mullo_n(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                  const bgcn_limb_t *bp, long L);

/* CRT for m = 2^k * o (o odd, {op,on} normalised, o > 1, k >= 1):
 * given r1 = x mod o ({r1p,on}) and r2 = x mod 2^k ({r2p,ceil(k/64)}),
 * writes x mod m to {rp,mn} where mn is the size of m.  rp overlaps no
 * input.  Status BGCN_OK / BGCN_ENOMEM. */
bgcn_status bgcn_crt_2k(bgcn_limb_t *rp, long mn, const bgcn_limb_t *r1p,
                        const bgcn_limb_t *op, long on,
                        const bgcn_limb_t *r2p, unsigned long k) BGCN_WUR;

/* Split M = {mp,mn} (normalised, even) as 2^k * o: returns k; writes o to
 * {op, *on} (room for mn limbs). */
unsigned long bgcn_split_2k(bgcn_limb_t *op, long *on, const bgcn_limb_t *mp,
                            long mn);

#endif
