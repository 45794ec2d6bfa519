/* paths.h -- the amd64 kernel paths compiled in, best first.  Included by
 * src/mpn/kernels.c only when BGC_HAVE_ASM_X86_64 (and by the asm tests).
 *
 *   "avx512"  "adx" plus AVX512F/DQ/BW/VL/IFMA/VBMI2 with OS zmm state:
 *             carry-select add_n/sub_n (aors_n_avx512.S), IFMA Montgomery
 *             for 21..64 limbs and residues kept in IFMA digits for the
 *             exponentiation (mont_ifma.c), IFMA schoolbook product
 *             (bn >= 20) and square (n >= 56) up to 64 limbs (mul_ifma.c)
 *   "adx"     BMI2 + ADX: MULX with ADCX/ADOX dual carry chains, unrolled
 *             4- and 8-limb Montgomery (mul_1_adx.S, mul_basecase_adx.S,
 *             mont_adx.S; add_n/sub_n from aors_n.S)
 *   "bmi2"    BMI2 without needing ADX (Haswell, Excavator): MULX with one
 *             ADC carry chain per sum (mul_1_bmi2.S, mul_basecase_bmi2.S;
 *             add_n/sub_n from aors_n.S); Montgomery by the portable C
 *             twin
 *   "x86_64"  any x86-64: MUL/ADC (aors_n.S, mul_1.S, mul_basecase.S);
 *             Montgomery by the portable C twin
 * The tables themselves and the CPU test are in cpu.c. */
#ifndef BGCN_X86_64_PATHS_H
#define BGCN_X86_64_PATHS_H

#include "bgcn.h"

extern const bgcn_kernels bgcn_path_avx512;
extern const bgcn_kernels bgcn_path_adx;
extern const bgcn_kernels bgcn_path_bmi2;
extern const bgcn_kernels bgcn_path_x86_64;

#define BGCN_X86_64_PATHS                                                  \
    &bgcn_path_avx512, &bgcn_path_adx, &bgcn_path_bmi2, &bgcn_path_x86_64,

/* The assembly entry points (contracts as the bgcn.h wrappers). */
bgcn_limb_t bgcn_add_n_x86_64(bgcn_limb_t *, const bgcn_limb_t *,
                              const bgcn_limb_t *, long);
bgcn_limb_t bgcn_sub_n_x86_64(bgcn_limb_t *, const bgcn_limb_t *,
                              const bgcn_limb_t *, long);
bgcn_limb_t bgcn_add_n_avx512(bgcn_limb_t *, const bgcn_limb_t *,
                              const bgcn_limb_t *, long);
bgcn_limb_t bgcn_sub_n_avx512(bgcn_limb_t *, const bgcn_limb_t *,
                              const bgcn_limb_t *, long);
bgcn_limb_t bgcn_mul_1_x86_64(bgcn_limb_t *, const bgcn_limb_t *, long,
                              bgcn_limb_t);
bgcn_limb_t bgcn_addmul_1_x86_64(bgcn_limb_t *, const bgcn_limb_t *, long,
                                 bgcn_limb_t);
bgcn_limb_t bgcn_submul_1_x86_64(bgcn_limb_t *, const bgcn_limb_t *, long,
                                 bgcn_limb_t);
void bgcn_mul_basecase_x86_64(bgcn_limb_t *, const bgcn_limb_t *, long,
                              const bgcn_limb_t *, long);
void bgcn_sqr_basecase_x86_64(bgcn_limb_t *, const bgcn_limb_t *, long);

bgcn_limb_t bgcn_mul_1_adx(bgcn_limb_t *, const bgcn_limb_t *, long,
                           bgcn_limb_t);
bgcn_limb_t bgcn_addmul_1_adx(bgcn_limb_t *, const bgcn_limb_t *, long,
                              bgcn_limb_t);
bgcn_limb_t bgcn_submul_1_adx(bgcn_limb_t *, const bgcn_limb_t *, long,
                              bgcn_limb_t);
void bgcn_mul_basecase_adx(bgcn_limb_t *, const bgcn_limb_t *, long,
                           const bgcn_limb_t *, long);
void bgcn_sqr_basecase_adx(bgcn_limb_t *, const bgcn_limb_t *, long);
bgcn_limb_t bgcn_mul_1_bmi2(bgcn_limb_t *, const bgcn_limb_t *, long,
                            bgcn_limb_t);
bgcn_limb_t bgcn_addmul_1_bmi2(bgcn_limb_t *, const bgcn_limb_t *, long,
                               bgcn_limb_t);
bgcn_limb_t bgcn_submul_1_bmi2(bgcn_limb_t *, const bgcn_limb_t *, long,
                               bgcn_limb_t);
void bgcn_mul_basecase_bmi2(bgcn_limb_t *, const bgcn_limb_t *, long,
                            const bgcn_limb_t *, long);
void bgcn_sqr_basecase_bmi2(bgcn_limb_t *, const bgcn_limb_t *, long);
/* {rp,n} = {tp,2n} * B^-n mod m, fully reduced; needs {tp,2n} < m*B^n;
 * destroys tp; rp overlaps neither tp nor mp.  Constant time. */
void bgcn_redc_1_adx(bgcn_limb_t *rp, bgcn_limb_t *tp, const bgcn_limb_t *mp,
                     long n, bgcn_limb_t minv);
/* The same rows, almost reduced (bgcn_kernels.redc_almost's contract):
 * {rp,n} = {tp,2n} * B^-n mod m up to a multiple of m, < B^n, for any
 * {tp,2n}; destroys tp; rp overlaps neither tp nor mp.  Constant time. */
void bgcn_redc_1_almost_adx(bgcn_limb_t *rp, bgcn_limb_t *tp,
                            const bgcn_limb_t *mp, long n, bgcn_limb_t minv);
void bgcn_mont_mul_n_adx(bgcn_limb_t *, const bgcn_limb_t *,
                         const bgcn_limb_t *, const bgcn_limb_t *, long,
                         bgcn_limb_t);
void bgcn_mont_sqr_n_adx(bgcn_limb_t *, const bgcn_limb_t *,
                         const bgcn_limb_t *, long, bgcn_limb_t);
/* IFMA (radix 2^52) schoolbook product and square; ADX kernels outside
 * the sizes where they win (mul_ifma.c). */
void bgcn_mul_basecase_ifma(bgcn_limb_t *, const bgcn_limb_t *, long,
                            const bgcn_limb_t *, long);
void bgcn_sqr_basecase_ifma(bgcn_limb_t *, const bgcn_limb_t *, long);
/* IFMA (radix 2^52) Montgomery; ADX kernels outside 21 (26 for the
 * square) .. 64 limbs. */
void bgcn_mont_mul_n_ifma(bgcn_limb_t *, const bgcn_limb_t *,
                          const bgcn_limb_t *, const bgcn_limb_t *, long,
                          bgcn_limb_t);
void bgcn_mont_sqr_n_ifma(bgcn_limb_t *, const bgcn_limb_t *,
                          const bgcn_limb_t *, long, bgcn_limb_t);
/* Residues in IFMA digits for the exponentiation (mont_ifma.c; the
 * avx512 path's residue ops, bgcn.h). */
extern const bgcn_residue_ops bgcn_residue_ifma;
/* Fully unrolled n = 4 and n = 8 (the n argument is ignored). */
void bgcn_mont_mul_4_adx(bgcn_limb_t *, const bgcn_limb_t *,
                         const bgcn_limb_t *, const bgcn_limb_t *, long,
                         bgcn_limb_t);
void bgcn_mont_mul_8_adx(bgcn_limb_t *, const bgcn_limb_t *,
                         const bgcn_limb_t *, const bgcn_limb_t *, long,
                         bgcn_limb_t);
/* n = 4 squaring {rp,4} = a^2 B^-4 mod m, same arguments as
 * mont_mul_4_adx (bp and n ignored); mont_sqr_n_adx uses it for n = 4. */
void bgcn_mont_sqr_4_adx(bgcn_limb_t *, const bgcn_limb_t *,
                         const bgcn_limb_t *, const bgcn_limb_t *, long,
                         bgcn_limb_t);

#endif
