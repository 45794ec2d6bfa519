/* radix-impl.h -- shared by radix.c, get_str.c, set_str.c (internal to
 * the engine; the public contracts are in bgcn.h, section "Radix
 * conversion").
 *
 * A base b that is not a power of two is handled through its "big base"
 * B_b = b^m, the largest power of b that fits one limb (m digits per
 * limb), and through the tower of powers P_i = B_b^(2^i) = b^(m 2^i),
 * each computed once by squaring the previous one and cached (below).  Powers
 * of b = 2^j * odd have many zero low limbs (for b = 10 about a third of
 * the limbs), so each power is stored as {p,n} * 2^(64 shift) with the
 * zero limbs stripped: divisions and products then work on the shorter
 * {p,n} and only move the low limbs around. */
#ifndef BGCN_RADIX_IMPL_H
#define BGCN_RADIX_IMPL_H

#include "bgcn.h"

typedef struct bgcn_radix_info {
    int base;
    int log2base;          /* j when base = 2^j, else 0 */
    int chars_per_limb;    /* m: b^m <= 2^64 - 1 < b^(m+1) */
    bgcn_limb_t big_base;  /* b^m (unused for powers of two) */
    /* get_str's divisions by b^m: the shift s normalising it, b^m << s
     * and its reciprocal bgcn_invert_limb(b^m << s); set by get_str.c
     * once per call (bgcn_radix_info_init leaves them 0) */
    unsigned bb_shift;
    bgcn_limb_t bb_norm, bb_inv;
} bgcn_radix_info;

void bgcn_radix_info_init(bgcn_radix_info *ri, int base);

/* value = {p,n} * 2^(64 shift) = base^digits; p[n-1] != 0, p[0] != 0.
 * For division by the power (get_str), bgcn_radix_pow_preinv adds once
 * per power: norm = {p,n} << cnt (top bit set) and inv, the inverse of
 * norm for bgcn_mu_div_qr_preinv (n limbs); NULL until then. */
typedef struct bgcn_radix_pow {
    bgcn_limb_t *p;
    long n;
    long shift;
    size_t digits;
    bgcn_limb_t *norm, *inv;
    int cnt;
    /* For the schoolbook and divide-and-conquer divisions by the power
     * (get_str below the mu threshold), bgcn_radix_pow_prenorm adds once:
     * snorm = {p,n} << cnt (n limbs) followed by its ones' complement
     * (n limbs, what bgcn_sbpi1c_div_qr reads), dinv its 3/2 reciprocal;
     * NULL until then.  n >= 2 only. */
    bgcn_limb_t *snorm;
    bgcn_limb_t dinv;
} bgcn_radix_pow;

/* Fills norm, cnt and inv of P if not done yet (ENOMEM, EINTR). */
bgcn_status bgcn_radix_pow_preinv(bgcn_radix_pow *P) BGCN_WUR;
/* Fills snorm, cnt and dinv of P (P->n >= 2) if not done yet (ENOMEM). */
bgcn_status bgcn_radix_pow_prenorm(bgcn_radix_pow *P) BGCN_WUR;

#define BGCN_RADIX_MAX_LEVELS 62
typedef struct bgcn_radix_tower {
    bgcn_radix_pow pw[BGCN_RADIX_MAX_LEVELS];
    int levels; /* pw[0 .. levels-1] are valid */
} bgcn_radix_tower;

/* Empty tower (levels = 0); never fails. */
void bgcn_radix_tower_init(bgcn_radix_tower *t);
/* Append the next power: P_0 = big base, P_{i+1} = P_i^2.  On failure
 * the tower is unchanged (still freeable). */
bgcn_status bgcn_radix_tower_extend(bgcn_radix_tower *t,
                                    const bgcn_radix_info *ri) BGCN_WUR;
void bgcn_radix_tower_free(bgcn_radix_tower *t);

/* The powers are kept between calls, one tower per base, so that
 * converting many numbers (or one number back and forth) squares the
 * powers only once.  Levels above BGCN_RADIX_CACHE_LIMBS limbs are
 * dropped again at the end of each call (bgcn_radix_tower_trim), which
 * bounds what is kept to a few MiB per base.  Like the rest of the
 * engine's global state this is not thread-safe. */
#define BGCN_RADIX_CACHE_LIMBS ((long)1 << 19)
bgcn_radix_tower *bgcn_radix_tower_cached(int base);
void bgcn_radix_tower_trim(bgcn_radix_tower *t);

/* Bit length of {ap,n} (0 for zero); n >= 0. */
uint64_t bgcn_radix_bit_length(const bgcn_limb_t *ap, long n);

#endif
