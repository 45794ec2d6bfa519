/* mont_ifma.c -- Montgomery multiplication with AVX-512 IFMA (52-bit
 * digits, 8 per zmm): bgcn_mont_mul_n_ifma / bgcn_mont_sqr_n_ifma for the
 * "avx512" path; small and very large n go to the ADX kernels.  C with
 * intrinsics (the function-level target attribute keeps the rest of the
 * build baseline x86-64); only reached when cpu.c saw AVX512F/DQ/VL,
 * IFMA, VBMI2 and the OS-enabled zmm state.
 *
 * Contract: exactly bgcn_mont_mul_n's (bgcn.h): {rp,n} = a*b*2^(-64n) mod
 * m, fully reduced, rp may equal ap/bp, constant time in a and b.
 *
 * Radix 2^52 cannot divide by 2^(64n) directly, so a is scaled instead:
 * with k = floor(64n/52) + 1 digits and s = 52k - 64n (1..52 bits),
 *     a' = a * 2^s < 2^(52k),   Montgomery(a', b) over 2^(52k)
 *        = a*b*2^(s - 52k) = a*b*2^(-64n),
 * and the usual bound gives a result < (a'b + mY)/2^(52k) < 2m.
 *
 * Word-by-word Montgomery in radix 2^52 (as in Gueron-Krasnov's AMM52),
 * lanes left unnormalised (each gets at most 4 terms < 2^52 per step and
 * a lane lives at most k + 1 <= 81 steps, so < 2^61):
 *   per digit b_i:  T = R + lo(A*b_i) + hi(A'*b_i)         (A' = A one lane up)
 *                   y = T_0 * (-m^-1) mod 2^52
 *                   T += lo(M*y) + hi(M'*y);  T_0 is now 0 mod 2^52
 *                   R = T shifted down one lane, plus T_0 >> 52 in lane 0
 * The products by b_i do not depend on y, so only the y products sit on
 * the loop-carried path.  Then one pass normalises the lanes (split at
 * 52 bits, add the high parts one lane up; the 1-bit carries left are
 * resolved for 8 lanes at a time with the generate/propagate mask add, as
 * in aors_n_avx512.S), the digits go back to 64-bit limbs, and a masked
 * subtraction of m gives the fully reduced result.
 *
 * Conversions: digit j of x is the 52 bits at bit 52j - s of x; a block of
 * 8 digits reads one 8-limb window (masked load: lanes outside x are 0 and
 * do not fault), picks the two limbs of each digit with vpermq and joins
 * them with the variable double shift vpshrdvq (AVX512_VBMI2).
 *
 * Cycles measured here (Intel Xeon family 6 model 207, KVM guest; same
 * harness and clock calibration as the .S tables):
 *      bits              1024   1280   1536   2048   3072   4096
 *      mont_mul ifma      843   1089   1213   1732   2724   3911
 *      mont_mul_n_adx     743   1077   1557   2767   6059  10344
 *      mont_sqr_n_adx     636    906   1278   2203   4807   7978
 *      GMP mul_n+redc_1   921   1449   2084   3363   7695  12580
 * (1024/1280: the IFMA kernel forced on for the measurement.)  Per digit
 * of b: ~4 nz + 1 IFMA, nz valignq and a few adds, all 512-bit ops on
 * ports 0 and 5 (IFMA measured: latency 4, ~1.85 per cycle), ~40 uops at
 * 2048 bits = 20 cycles; the y chain (IFMA for y, vpbroadcastq, IFMA,
 * adds, valignq) is ~18 cycles; measured ~37 per digit, so the two do
 * not overlap well.  Crossovers below: mul from n = 21, square from
 * n = 26 (the ADX squaring is faster up to there).
 * Exponentiation (bgcn_powm_odd_ifma, end of this file) keeps residues in
 * digits instead: per product ~1345 cycles at 2048 bits (1.08 ms / ~2400
 * products and squares) against 1732 for this kernel with conversions.
 * Not tried yet: interleaving two products (OpenSSL's x2) to hide the y
 * chain, a dedicated IFMA squaring, and skipping the lane shift. */
#include "bgcn.h"
#include "asm/x86_64/ifma.h"
#include "asm/x86_64/paths.h"
#include "powm-impl.h"

#include <string.h>

IFMA_TARGET static inline __attribute__((always_inline)) void
amm_loop(__m512i *R, const __m512i *A, const __m512i *Au, const __m512i *M,
         const __m512i *Mu, const uint64_t *bd, int k, uint64_t k0,
         const int nz)
{
    const __m512i zero = _mm512_setzero_si512();
    const __m512i k0v = _mm512_set1_epi64((long long)k0);
#pragma GCC unroll 10
    for (int v = 0; v < nz; v++)
        R[v] = zero;
    for (int i = 0; i < k; i++) {
        __m512i bi = _mm512_set1_epi64((long long)bd[i]);
        __m512i T[MAXZ];
        /* Only vector 0 feeds the next y (its lane 1 becomes lane 0):
         * its sum is split so that one add follows each product on the
         * loop-carried path.  The others use the accumulating IFMA forms:
         * fewer port-0/5 uops, and the 512-bit work is throughput-bound
         * on those two ports. */
#pragma GCC unroll 10
        for (int v = 0; v < nz; v++) {
            if (v == 0) {
                __m512i x = _mm512_madd52lo_epu64(zero, A[v], bi);
                x = _mm512_madd52hi_epu64(x, Au[v], bi);
                T[v] = _mm512_add_epi64(R[v], x);
            } else {
                T[v] = _mm512_madd52lo_epu64(R[v], A[v], bi);
                T[v] = _mm512_madd52hi_epu64(T[v], Au[v], bi);
            }
        }
        /* y = t_0 * k0 mod 2^52 without leaving the vector unit: IFMA
         * reads only the low 52 bits of t_0, which is all y needs */
        __m512i yv = _mm512_madd52lo_epu64(zero, T[0], k0v);
        yv = _mm512_broadcastq_epi64(_mm512_castsi512_si128(yv));
#pragma GCC unroll 10
        for (int v = 0; v < nz; v++) {
            if (v == 0) {
                __m512i y1 = _mm512_madd52lo_epu64(zero, M[v], yv);
                __m512i y2 = _mm512_madd52hi_epu64(zero, Mu[v], yv);
                T[v] = _mm512_add_epi64(T[v], _mm512_add_epi64(y1, y2));
            } else {
                T[v] = _mm512_madd52lo_epu64(T[v], M[v], yv);
                T[v] = _mm512_madd52hi_epu64(T[v], Mu[v], yv);
            }
        }
        __m512i c0 = _mm512_srli_epi64(T[0], 52);
#pragma GCC unroll 10
        for (int v = 0; v < nz - 1; v++)
            R[v] = _mm512_alignr_epi64(T[v + 1], T[v], 1);
        R[nz - 1] = _mm512_alignr_epi64(zero, T[nz - 1], 1);
        R[0] = _mm512_mask_add_epi64(R[0], 1, R[0], c0);
    }
}

#define AMM_CASE(z)                                                        \
    case z:                                                                \
        amm_loop(R, A, Au, M, Mu, bd, k, minv & M52, z);                   \
        break;

IFMA_TARGET static void mont_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                  const bgcn_limb_t *bp, const bgcn_limb_t *mp,
                                  long n, bgcn_limb_t minv)
{
    int k = (int)(64 * n / 52) + 1;
    int s = 52 * k - 64 * (int)n;
    int nz = (k + 1 + 7) / 8; /* room for the high half of the top digit */
    __m512i A[MAXZ], Au[MAXZ], M[MAXZ], Mu[MAXZ], B[MAXZ], R[MAXZ];
    to_digits(A, ap, n, s, nz);
    to_digits(B, bp, n, 0, nz);
    to_digits(M, mp, n, 0, nz);
    lane_up(Au, A, nz);
    lane_up(Mu, M, nz);
    uint64_t bd[8 * MAXZ];
    for (int v = 0; v < nz; v++)
        _mm512_storeu_si512((void *)(bd + 8 * v), B[v]);
    switch (nz) {
        AMM_CASE(2)
        AMM_CASE(3)
        AMM_CASE(4)
        AMM_CASE(5)
        AMM_CASE(6)
        AMM_CASE(7)
        AMM_CASE(8)
        AMM_CASE(9)
        AMM_CASE(10)
    }
    normalise(R, nz);
    /* r < 2m < 2^(64n+1): n limbs plus the top bit */
    uint64_t dg[8 * MAXZ + 16];
    for (int v = 0; v < nz; v++)
        _mm512_storeu_si512((void *)(dg + 8 * v), R[v]);
    memset(dg + 8 * nz, 0, sizeof(uint64_t) * 16);
    bgcn_limb_t r[64 + 8], d[64];
    from_digits(r, n + 1, dg);
    bgcn_limb_t bw = bgcn_sub_n_x86_64(d, r, mp, n);
    bgcn_limb_t keep = (bgcn_limb_t)0 - (bgcn_limb_t)(bw > r[n]);
    for (long j = 0; j < n; j++)
        rp[j] = (r[j] & keep) | (d[j] & ~keep);
    _mm256_zeroupper();
}

/* Measured crossovers with the ADX kernels (table above). */
#define BGCN_IFMA_MIN 21
#define BGCN_IFMA_SQR_MIN 26
#define BGCN_IFMA_MAX 64

void bgcn_mont_mul_n_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *bp, const bgcn_limb_t *mp, long n,
                          bgcn_limb_t minv)
{
    if (n < BGCN_IFMA_MIN || n > BGCN_IFMA_MAX) {
        bgcn_mont_mul_n_adx(rp, ap, bp, mp, n, minv);
        return;
    }
    mont_ifma(rp, ap, bp, mp, n, minv);
}

void bgcn_mont_sqr_n_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                          const bgcn_limb_t *mp, long n, bgcn_limb_t minv)
{
    if (n < BGCN_IFMA_SQR_MIN || n > BGCN_IFMA_MAX) {
        bgcn_mont_sqr_n_adx(rp, ap, mp, n, minv);
        return;
    }
    mont_ifma(rp, ap, ap, mp, n, minv);
}

/* ---- whole exponentiation in 52-bit digits (the path's powm_odd) ----
 *
 * Converting a and b to digits and the result back costs about a sixth of
 * each product at 2048 bits, and M was converted on every call.  Here the
 * residues stay in digits for the whole exponentiation, in the Montgomery
 * domain of R' = 2^(52k) (not 2^(64n)), and the products skip the final
 * subtraction (almost Montgomery multiplication): with k chosen so that
 * R' >= 4m, inputs below 2m give (ab + ym)/R' < (4m^2 + R'm)/R' <= 2m,
 * so every residue stays below 2m.  In: b R' mod m by one division of
 * b * 2^(52k).  Out: one product by 1, which gives at most m (m itself
 * only for a residue of 0), then one masked subtraction.  An element is
 * 8*nz digits (MAXZ vectors at most); the digits are canonical (< 2^52),
 * so an element serves directly as the multiplier's digit array.
 * Measured (full-size exponent, avx512 path, same process as GMP 6.2.1):
 * 2048 bits 1.37 -> 1.08 ms, 3072 bits 3.31 -> 2.65 ms, 4096 bits
 * 6.45 -> 5.29 ms (GMP 2.49 / 8.2 / 19.1 ms). */
/* From 16 limbs the digit-form exponentiation beats the ADX kernels'
 * (measured, full-size exponents, avx512 path vs the same with this hook
 * off: 832 bits 181 vs 159 us, 960 bits 231 vs 229, 1024 bits 254 vs
 * 274, 1280 bits 393 vs 493), below 21 limbs where the single IFMA
 * product does not: the conversions it saves are what made the
 * difference. */
#define BGCN_IFMA_EXP_MIN 16

typedef struct {
    int k, nz;
    uint64_t k0;
    __m512i M[MAXZ], Mu[MAXZ];
} ifma_exp;

IFMA_TARGET static bgcn_status ifma_exp_mul(void *vc, bgcn_limb_t *rp,
                                            const bgcn_limb_t *ap,
                                            const bgcn_limb_t *bp)
{
    const ifma_exp *c = vc;
    int nz = c->nz;
    __m512i A[MAXZ], Au[MAXZ], R[MAXZ];
    for (int v = 0; v < nz; v++)
        A[v] = _mm512_loadu_si512((const void *)(ap + 8 * v));
    lane_up(Au, A, nz);
    switch (nz) {
#define EXP_CASE(z)                                                        \
    case z:                                                                \
        amm_loop(R, A, Au, c->M, c->Mu, bp, c->k, c->k0, z);               \
        break;
        EXP_CASE(2)
        EXP_CASE(3)
        EXP_CASE(4)
        EXP_CASE(5)
        EXP_CASE(6)
        EXP_CASE(7)
        EXP_CASE(8)
        EXP_CASE(9)
        EXP_CASE(10)
#undef EXP_CASE
    }
    normalise(R, nz);
    for (int v = 0; v < nz; v++)
        _mm512_storeu_si512((void *)(rp + 8 * v), R[v]);
    return BGCN_OK;
}

static bgcn_status ifma_exp_sqr(void *vc, bgcn_limb_t *rp,
                                const bgcn_limb_t *ap)
{
    return ifma_exp_mul(vc, rp, ap, ap);
}

/* {dst, 8 nz} = digits of x * 2^(52k) mod m for x = {xp,xn};
 * num has room for xn + q + 1 limbs (q = 52k / 64), red for n. */
IFMA_TARGET static bgcn_status to_form(const ifma_exp *c, bgcn_limb_t *dst,
                                       const bgcn_limb_t *xp, long xn,
                                       const bgcn_limb_t *mp, long n,
                                       bgcn_limb_t *num, bgcn_limb_t *red)
{
    long sh = 52L * c->k, q = sh / 64, nn = xn + q + 1;
    bgcn_zero(num, q);
    /* 52k = 64n + s with 4 <= s <= 52, so the shift count is never 0 */
    num[nn - 1] = bgcn_lshift(num + q, xp, xn, (unsigned)(sh % 64));
    long numn = bgcn_normalized_size(num, nn);
    if (numn < n) {
        bgcn_copyi(red, num, numn);
        bgcn_zero(red + numn, n - numn);
    } else {
        BGCN_TRY(bgcn_tdiv_qr(NULL, red, num, numn, mp, n));
    }
    __m512i D[MAXZ];
    to_digits(D, red, n, 0, c->nz);
    for (int v = 0; v < c->nz; v++)
        _mm512_storeu_si512((void *)(dst + 8 * v), D[v]);
    return BGCN_OK;
}

/* The kernel table's powm_odd: k > 0 the sliding window (powm.c), k < 0
 * the constant-time fixed window of -k bits (powm_sec.c; ebits = 64 en). */
IFMA_TARGET int bgcn_powm_odd_ifma(bgcn_status *st, bgcn_limb_t *rp,
                                   const bgcn_limb_t *bp, long bn,
                                   const bgcn_limb_t *ep, unsigned long ebits,
                                   const bgcn_limb_t *mp, long n, int k)
{
    if (n < BGCN_IFMA_EXP_MIN || n > BGCN_IFMA_MAX)
        return 0;
    ifma_exp c;
    c.k = (int)((64 * n + 2 + 51) / 52); /* 2^(52k) >= 4m */
    c.nz = (c.k + 1 + 7) / 8;
    c.k0 = bgcn_mont_minv(mp[0]) & M52;
    if (c.nz > MAXZ)
        return 0;
    int nz = c.nz, sec = k < 0;
    long esz = 8L * nz, tabn = sec ? 1L << -k : 1L << (k - 1);
    to_digits(c.M, mp, n, 0, nz);
    lane_up(c.Mu, c.M, nz);
    long q = 52L * c.k / 64, xn = bn > 1 ? bn : 1;
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)(tabn + 2) * (size_t)esz +
                                        (size_t)(xn + q + 1) + (size_t)n);
    if (!blk) {
        *st = BGCN_ENOMEM;
        return 1;
    }
    /* 64-byte alignment is not needed (unaligned vector loads) */
    bgcn_limb_t *tab = blk, *r = tab + tabn * esz, *x = r + esz;
    bgcn_limb_t *num = x + esz, *red = num + xn + q + 1;
    bgcn_powm_ops o = {&c, esz, ifma_exp_mul, ifma_exp_sqr};
    if (sec) {
        bgcn_limb_t one = 1;
        if ((*st = to_form(&c, tab, &one, 1, mp, n, num, red)) == BGCN_OK &&
            (*st = to_form(&c, tab + esz, bp, bn, mp, n, num, red)) ==
                BGCN_OK)
            *st = bgcn_powm_sec_loop(&o, r, tab, x, ep, (long)(ebits / 64),
                                     -k);
    } else if ((*st = to_form(&c, tab, bp, bn, mp, n, num, red)) == BGCN_OK) {
        *st = bgcn_powm_window_loop(&o, r, tab, x, ep, ebits, k);
    }
    if (*st == BGCN_OK) {
        /* out of the domain: r * 1 / R' <= m */
        bgcn_zero(x, esz);
        x[0] = 1;
        ifma_exp_mul(&c, r, r, x);
        uint64_t dg[8 * MAXZ + 16];
        memcpy(dg, r, sizeof(uint64_t) * (size_t)esz);
        memset(dg + esz, 0, sizeof(uint64_t) * 16);
        bgcn_limb_t t[64 + 8], d[64];
        from_digits(t, n, dg);
        bgcn_limb_t bw = bgcn_sub_n_x86_64(d, t, mp, n);
        bgcn_limb_t keep = (bgcn_limb_t)0 - bw; /* t < m: keep t */
        for (long j = 0; j < n; j++)
            rp[j] = (t[j] & keep) | (d[j] & ~keep);
    }
    bgcn_free_limbs(blk);
    _mm256_zeroupper();
    return 1;
}
