/* mul_ifma.c -- schoolbook multiplication and squaring with AVX-512 IFMA
 * for the "avx512" path: bgcn_mul_basecase_ifma, bgcn_sqr_basecase_ifma.
 * Outside the sizes where it wins they call the ADX kernels; a product
 * with an above 64 limbs (bn at most 64) runs in pieces of 64 limbs of a.
 *
 * Contracts: exactly those of bgcn_mul_basecase / bgcn_sqr_basecase
 * (bgcn.h): {rp,an+bn} = {ap,an}*{bp,bn}, an >= bn >= 1, no overlap.
 *
 * Method: a and b as 52-bit digits (ifma.h), ka and kb of them.  The
 * product's digit lanes are accumulated unnormalised in two sets of
 * vectors, RL for the low halves and RH for the high halves of the digit
 * products (two independent accumulator chains per vector, so the
 * 4-cycle IFMA latency is hidden).  Digit b_i adds a*b_i at position i:
 * with i = 8q + r that is vector q onwards, moved up r lanes, so the
 * kernel keeps nine copies of a moved up by 0..8 lanes (sh[r]; the high
 * halves use sh[r+1]) and needs no shuffles in the loop: per digit of b,
 * 2(nz+1) IFMA and nothing else, nz = ceil(ka/8).  Eight digits of b work
 * on one register window of nz+1 vectors, which then moves up a vector.
 * Every position gets at most 2*min(ka, kb) <= 160 terms below 2^52, so
 * lanes stay below 2^60.  Then RL + RH, normalise, back to limbs.
 *
 * Cycles measured here (Intel Xeon family 6 model 207, KVM guest; same
 * clock calibration as the .S tables, min of 200 windows; the ADX rows of
 * this run were ~20% above the quiet-machine figures in
 * mul_basecase_adx.S, the machine being busy):
 *      n x n        6     8    12    16    24    32    48    64
 *      mul ifma   183   358   369   535   619   828  2147  2969
 *      mul adx     63   125   239   391   995  1689  3844  6455
 *      sqr ifma   176   273   286   435   617   823  1617  2237
 *      sqr adx     54    79   144   226   448   748  1593  2773
 *      64 x bn      4     8    12    16    24    32    48
 *      mul ifma   818   963  1026  1136  1285  1451  1912
 *      mul adx    311   616   957  1289  1975  2634  3965
 * A fixed cost of ~150-400 cycles (conversions, the nine shifted copies,
 * normalising) makes it lose below ~20 limbs, and the ADX squaring (half
 * the products) wins up to ~50 limbs; hence the thresholds below.  With
 * BGCN_MUL_TOOM22_THRESHOLD at 10 today, bgcn_mul reaches this only for
 * unbalanced products and Montgomery's general path; a retune of the
 * Karatsuba threshold for the avx512 path could use it more. */
#include "bgcn.h"
#include "asm/x86_64/ifma.h"
#include "asm/x86_64/paths.h"

#include <string.h>

#define MAXW (MAXZ + 1)        /* window: nz + 1 vectors */
#define MAXV (2 * MAXZ + 2)    /* product: up to 2 * 80 digits + slack */

/* sh[r] = a moved up r lanes (r = 0..8), nz + 1 vectors each. */
#define SHIFT_CASE(r)                                                      \
    {                                                                      \
        __m512i prev = _mm512_setzero_si512();                             \
        for (int v = 0; v <= nz; v++) {                                    \
            __m512i cur = v < nz ? A[v] : _mm512_setzero_si512();          \
            sh[r][v] = _mm512_alignr_epi64(cur, prev, 8 - (r));            \
            prev = cur;                                                    \
        }                                                                  \
    }

IFMA_TARGET static void shifted_copies(__m512i sh[9][MAXW], const __m512i *A,
                                       int nz)
{
    for (int v = 0; v <= nz; v++) {
        sh[0][v] = v < nz ? A[v] : _mm512_setzero_si512();
        sh[8][v] = v > 0 ? A[v - 1] : _mm512_setzero_si512();
    }
    SHIFT_CASE(1)
    SHIFT_CASE(2)
    SHIFT_CASE(3)
    SHIFT_CASE(4)
    SHIFT_CASE(5)
    SHIFT_CASE(6)
    SHIFT_CASE(7)
}

IFMA_TARGET static inline __attribute__((always_inline)) void
mul_blocks(__m512i *RL, __m512i *RH, __m512i sh[9][MAXW], const uint64_t *bd,
           int kb, const int nz)
{
    const __m512i zero = _mm512_setzero_si512();
    for (int q = 0; 8 * q < kb; q++) {
        /* vectors q .. q+nz-1 were written by the previous block; the
         * top one (and all of them for q = 0) start at zero */
        __m512i WL[MAXW], WH[MAXW];
#pragma GCC unroll 11
        for (int v = 0; v <= nz; v++) {
            WL[v] = (q > 0 && v < nz) ? RL[q + v] : zero;
            WH[v] = (q > 0 && v < nz) ? RH[q + v] : zero;
        }
#pragma GCC unroll 8
        for (int r = 0; r < 8; r++) {
            __m512i bi = _mm512_set1_epi64((long long)bd[8 * q + r]);
#pragma GCC unroll 11
            for (int v = 0; v <= nz; v++) {
                WL[v] = _mm512_madd52lo_epu64(WL[v], sh[r][v], bi);
                WH[v] = _mm512_madd52hi_epu64(WH[v], sh[r + 1][v], bi);
            }
        }
#pragma GCC unroll 11
        for (int v = 0; v <= nz; v++) {
            RL[q + v] = WL[v];
            RH[q + v] = WH[v];
        }
    }
}

#define BLOCKS_CASE(z)                                                     \
    case z:                                                                \
        mul_blocks(RL, RH, sh, bd, kb, z);                                 \
        break;

IFMA_TARGET static void mul_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                                 long an, const bgcn_limb_t *bp, long bn)
{
    int ka = (int)((64 * an + 51) / 52), kb = (int)((64 * bn + 51) / 52);
    int nz = (ka + 7) / 8, nzb = (kb + 7) / 8;
    __m512i A[MAXZ], B[MAXZ], sh[9][MAXW];
    to_digits(A, ap, an, 0, nz);
    to_digits(B, bp, bn, 0, nzb);
    uint64_t bd[8 * MAXZ];
    for (int v = 0; v < nzb; v++)
        _mm512_storeu_si512((void *)(bd + 8 * v), B[v]);
    shifted_copies(sh, A, nz);
    int total = nzb + nz; /* block q writes vectors q .. q+nz, q < nzb */
    __m512i RL[MAXV], RH[MAXV];
    switch (nz) {
        BLOCKS_CASE(1)
        BLOCKS_CASE(2)
        BLOCKS_CASE(3)
        BLOCKS_CASE(4)
        BLOCKS_CASE(5)
        BLOCKS_CASE(6)
        BLOCKS_CASE(7)
        BLOCKS_CASE(8)
        BLOCKS_CASE(9)
        BLOCKS_CASE(10)
    }
    for (int v = 0; v < total; v++)
        RL[v] = _mm512_add_epi64(RL[v], RH[v]);
    normalise(RL, total);
    uint64_t d[8 * MAXV + 16];
    for (int v = 0; v < total; v++)
        _mm512_storeu_si512((void *)(d + 8 * v), RL[v]);
    memset(d + 8 * total, 0, sizeof(uint64_t) * 16);
    from_digits(rp, an + bn, d);
    _mm256_zeroupper();
}

/* The crossovers with the ADX kernels are the avx512 set's
 * BGCN_AVX512_{MUL,SQR}_IFMA_MIN (thresholds.h, table above); 64 limbs
 * (an at most) is what the digit arrays hold. */
#define BGCN_IFMA_MUL_MAX 64

/* an > 64 >= bn: a in pieces of 64 limbs (the last one shorter, then
 * the operands of its product swapped if it is below bn), each piece's
 * product at its place, its low bn limbs added to the previous piece's
 * high ones.  1.5-2x faster than the ADX basecase (64 x bn: 1451 against
 * 2634 cycles at bn = 32, table above), so the unbalanced products below
 * the Karatsuba threshold (an up to thousands of limbs in the division
 * and the gcd) take IFMA too. */
static void mul_ifma_pieces(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                            const bgcn_limb_t *bp, long bn)
{
    bgcn_limb_t t[2 * BGCN_IFMA_MUL_MAX];
    mul_ifma(rp, ap, BGCN_IFMA_MUL_MAX, bp, bn);
    for (long pos = BGCN_IFMA_MUL_MAX; pos < an; pos += BGCN_IFMA_MUL_MAX) {
        long c = an - pos < BGCN_IFMA_MUL_MAX ? an - pos : BGCN_IFMA_MUL_MAX;
        if (c >= bn)
            mul_ifma(t, ap + pos, c, bp, bn);
        else /* a short last piece: the dispatch below picks its kernel */
            bgcn_mul_basecase_ifma(t, bp, bn, ap + pos, c);
        bgcn_limb_t cy = bgcn_add_n(rp + pos, rp + pos, t, bn);
        /* rp now holds {ap, pos + c} * b < B^(pos + c + bn): no carry out */
        bgcn_add_1(rp + pos + bn, t + bn, c, cy);
    }
}

void bgcn_mul_basecase_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                            const bgcn_limb_t *bp, long bn)
{
    BGCN_ASSERT(an >= bn && bn >= 1);
    if (bn < BGCN_AVX512_MUL_IFMA_MIN || bn > BGCN_IFMA_MUL_MAX) {
        bgcn_mul_basecase_adx(rp, ap, an, bp, bn);
        return;
    }
    if (an > BGCN_IFMA_MUL_MAX) {
        mul_ifma_pieces(rp, ap, an, bp, bn);
        return;
    }
    mul_ifma(rp, ap, an, bp, bn);
}

void bgcn_sqr_basecase_ifma(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n)
{
    if (n < BGCN_AVX512_SQR_IFMA_MIN || n > BGCN_IFMA_MUL_MAX) {
        bgcn_sqr_basecase_adx(rp, ap, n);
        return;
    }
    mul_ifma(rp, ap, n, ap, n);
}
