/* thresholds.h -- every crossover size (in limbs) of the engine: the
 * multiplication algorithms, one set per kernel path, and at the end the
 * crossovers that have one value for every path.  Each is the size of the smaller
 * operand (of the operand, for squaring) from which the next algorithm is
 * used; the NTT is used from the smallest of its per-length minimums
 * (BGCN_*_NTT_MIN_K: the minimum (an + bn) / 2 for transform length 2^k,
 * see mul.c).  src/mpn/mul.c keeps the sets in a table keyed by path name;
 * bgcn_cpu_select installs the set of the path it picks into the global
 * variables bgcn_mul_*_threshold / bgcn_sqr_*_threshold, which the tuning
 * program and the tests may then move.  The sets differ a lot because the
 * schoolbook kernels do: mul 32x32 costs about 1900 cycles in C, 1310 with
 * MULX/ADCX/ADOX and 830 with IFMA, so Karatsuba pays from 9-18 limbs on
 * the generic and x86_64 paths but only from 24 (adx) and 38 (avx512).
 *
 * How found: `make tune TUNE_ARGS=PATH` for each path (tune/tune.c: every
 * candidate value of each Toom threshold tried in turn, bgcn_mul/bgcn_sqr
 * timed over a window of sizes, thread CPU time, minimum of 7 interleaved
 * runs, best mean relative time wins; then for each NTT length 2^k,
 * k = 9..16, the NTT against Toom at 7 sizes that use that length, the
 * minimum size from which the NTT wins throughout), gcc 12.2 -O2, on this
 * project's machine: Intel Xeon (family 6 model 207), 2 vCPUs under KVM,
 * Debian 12, 2026-11-30 11:22-11:30 UTC, three runs per path while other
 * sessions loaded the cores (load average 3-6), on the code with the Toom
 * helpers calling the dispatched add_n/sub_n and the NTT's two-prime
 * mode.  Each value is the median of the three ("-": the NTT never won
 * at that length):
 *   generic (3 runs):
 *     mul toom22 40 9 9 -> 9
 *     mul toom33 400 130 130 -> 130
 *     mul toom44 250 500 425 -> 425
 *     sqr toom2  9 9 9 -> 9
 *     sqr toom3  320 140 130 -> 140
 *     sqr toom4  250 400 425 -> 400
 *     mul ntt min by k: 11: - 1392 1392, 12: 2193 2193 2193, 13: 2753
 *       2753 2753, 14: 5505 5505 5505, 15: 10881 10881 10881, 16: 21761
 *       21761 21761
 *     sqr ntt min by k: 11: 1105 1240 1240, 12: 2193 2193 2193, 13: 2753
 *       2753 2753, 14: 5505 5505 5505, 15: 10881 10881 10881, 16: 21761
 *       21761 21761
 *   x86_64 (3 runs):
 *     mul toom22 18 20 22 -> 20
 *     mul toom33 160 150 110 -> 150
 *     mul toom44 275 500 400 -> 400
 *     sqr toom2  40 38 33 -> 38
 *     sqr toom3  320 220 120 -> 220
 *     sqr toom4  900 375 450 -> 450
 *     mul ntt min by k: 12: 2752 2752 2752, 13: 4369 3468 4369, 14: 5505
 *       5505 6167, 15: 10881 10881 10881, 16: 21761 21761 21761
 *     sqr ntt min by k: 12: 2752 2752 2752, 13: 4369 4369 4369, 14: 6167
 *       5505 5505, 15: 10881 10881 10881, 16: 21761 21761 21761
 *   adx (3 runs):
 *     mul toom22 21 23 24 -> 23
 *     mul toom33 280 110 200 -> 200
 *     mul toom44 375 850 275 -> 375
 *     sqr toom2  39 37 38 -> 38
 *     sqr toom3  250 280 220 -> 250
 *     sqr toom4  850 650 400 -> 650
 *     mul ntt min by k: 13: 4904 5504 5504, 14: 8670 8670 8670, 15:
 *       10881 10881 10881, 16: 21761 21761 21761
 *     sqr ntt min by k: 13: 5504 5504 5504, 14: 8670 8670 8670, 15:
 *       10881 10881 10881, 16: 30592 21761 21761
 *   avx512 (3 runs):
 *     mul toom22 38 40 40 -> 40
 *     mul toom33 150 150 150 -> 150
 *     mul toom44 225 700 1175 -> 700
 *     sqr toom2  40 35 39 -> 39
 *     sqr toom3  160 290 140 -> 160
 *     sqr toom4  725 850 675 -> 725
 *     mul ntt min by k: 13: 5504 - -, 14: 9712 10880 -, 15: 17271 13709
 *       12213, 16: 21761 30592 30592
 *     sqr ntt min by k: 13: - 5504 -, 14: 9712 8670 9712, 15: 13709
 *       10881 12213, 16: 21761 21761 21761
 * One median was overruled by a direct check: avx512 mul at k = 16 takes
 * 21761 (the first run's value, and every other path's) instead of
 * 30592, because Toom measured 15%, 29% and 22% slower than the NTT at
 * 21761, 25000 and 30000 limbs (even at 28000).
 * Neighbouring candidates differ by a few percent only, which is why the
 * Toom-4 values spread so much between runs; the choice at a single size
 * is lumpy (it depends on where the recursion's leaves land).  NTT
 * lengths from 2^17 were not measured and always use the NTT. */
/* The adx and avx512 paths run the floating-point NTT (ntt_fp.c, AVX2
 * kernels), whose transform lengths differ from ntt.c's: their NTT
 * values index its lengths (bgcn_ntt_log2_len follows the path).  adx:
 * measured 2026-12-01 21:35 UTC on AMD EPYC (Zen 3, 2 vCPUs, load
 * average 16 from other sessions), thread CPU time, minimum of 6-20
 * runs, bgcn_mul/bgcn_sqr with the NTT threshold out of reach (Toom)
 * against bgcn_mul_nttfp_ops at n x n = 600 .. 30000 limbs (a scratch
 * program, /tmp; the ratios NTT/Toom): mul 1.22 at 1500, 1.03-1.10 at
 * 2100-3000 (length 2^12-2^13), 0.98 at 3500, 0.89 at 4000, 0.55 at
 * 10^4, 0.44 at 30000; sqr 1.24-1.27 at 2100-3000, 0.96 at 3500, 0.98
 * at 4000, 1.01 at 6000 (2^14), 0.83 at 7000, 0.69 at 10^4.  So mul
 * from 3500, sqr from 4000 (2^13) and 6000 (2^14).  avx512: its
 * previous (ntt.c) values are kept as they are, not measured with the
 * new NTT (no AVX-512 machine in this session); its faster Toom makes
 * the crossover later, not earlier. */
#ifndef BGCN_THRESHOLDS_H
#define BGCN_THRESHOLDS_H

/* Minimum (an + bn) / 2 for the NTT with transform length 2^k; lengths
 * not listed (below 2^9) are only reachable when the threshold is lowered
 * (tests), and then allowed; lengths from 2^17 always use it. */
#define BGCN_NTT_NEVER (1L << 40)

/* ---- "generic": portable C kernels ---- */
#define BGCN_GENERIC_MUL_TOOM22 9
#define BGCN_GENERIC_MUL_TOOM33 130
#define BGCN_GENERIC_MUL_TOOM44 425
#define BGCN_GENERIC_MUL_NTT 1392
#define BGCN_GENERIC_SQR_TOOM2 9
#define BGCN_GENERIC_SQR_TOOM3 140
#define BGCN_GENERIC_SQR_TOOM4 400
#define BGCN_GENERIC_SQR_NTT 1240
#define BGCN_GENERIC_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = 1392, \
    [12] = 2193, [13] = 2753, [14] = 5505, \
    [15] = 10881, [16] = 21761 }
#define BGCN_GENERIC_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = 1240, \
    [12] = 2193, [13] = 2753, [14] = 5505, \
    [15] = 10881, [16] = 21761 }

/* ---- "x86_64": MUL/ADC assembly ---- */
#define BGCN_X86_64_MUL_TOOM22 20
#define BGCN_X86_64_MUL_TOOM33 150
#define BGCN_X86_64_MUL_TOOM44 400
#define BGCN_X86_64_MUL_NTT 2752
#define BGCN_X86_64_SQR_TOOM2 38
#define BGCN_X86_64_SQR_TOOM3 220
#define BGCN_X86_64_SQR_TOOM4 450
#define BGCN_X86_64_SQR_NTT 2752
#define BGCN_X86_64_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = 2752, [13] = 4369, [14] = 5505, \
    [15] = 10881, [16] = 21761 }
#define BGCN_X86_64_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = 2752, [13] = 4369, [14] = 5505, \
    [15] = 10881, [16] = 21761 }

/* ---- "adx": MULX/ADCX/ADOX assembly ---- */
#define BGCN_ADX_MUL_TOOM22 23
#define BGCN_ADX_MUL_TOOM33 200
#define BGCN_ADX_MUL_TOOM44 375
#define BGCN_ADX_MUL_NTT 3500
#define BGCN_ADX_SQR_TOOM2 38
#define BGCN_ADX_SQR_TOOM3 250
#define BGCN_ADX_SQR_TOOM4 650
#define BGCN_ADX_SQR_NTT 4000
#define BGCN_ADX_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = BGCN_NTT_NEVER, [13] = 3500, [14] = 0, \
    [15] = 0, [16] = 0 }
#define BGCN_ADX_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = BGCN_NTT_NEVER, [13] = 4000, [14] = 6000, \
    [15] = 0, [16] = 0 }

/* ---- "avx512": IFMA schoolbook up to 64 limbs, AVX-512 add_n ---- */
#define BGCN_AVX512_MUL_TOOM22 40
#define BGCN_AVX512_MUL_TOOM33 150
#define BGCN_AVX512_MUL_TOOM44 700
#define BGCN_AVX512_MUL_NTT 10880
#define BGCN_AVX512_SQR_TOOM2 39
#define BGCN_AVX512_SQR_TOOM3 160
#define BGCN_AVX512_SQR_TOOM4 725
#define BGCN_AVX512_SQR_NTT 9712
#define BGCN_AVX512_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = BGCN_NTT_NEVER, [13] = BGCN_NTT_NEVER, [14] = 10880, \
    [15] = 13709, [16] = 21761 }
#define BGCN_AVX512_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = BGCN_NTT_NEVER, [13] = BGCN_NTT_NEVER, [14] = 9712, \
    [15] = 12213, [16] = 21761 }
/* Odd-modulus exponentiation with residues kept in IFMA digits
 * (powm_form.c, the path's bgcn_residue_ops) from this many limbs. */
#define BGCN_AVX512_POWM_FORM_MIN 16

/* ---- Crossovers with one value for every path ----
 * The engine's other crossovers (limbs).  Each starts a variable of the
 * same name in lower case that tests and the tuning program may move
 * (any value >= 1 is correct unless bgcn.h says otherwise).  They are
 * not per path: each was measured once, on the machine and with the
 * method the file named beside it records at its top; `make tune`
 * does not cover them (it tunes the multiplication sets above only),
 * so re-measure them by hand there when their algorithms change. */
#define BGCN_MULMOD_BNM1_NTT_THRESHOLD 2000 /* bgcn_mulmod_bnm1: one cyclic NTT (mulmod.c) */
#define BGCN_DIV_DC_THRESHOLD 40 /* bgcn_tdiv_qr: divide and conquer (div_dc.c) */
#define BGCN_INV_NEWTON_THRESHOLD 150 /* bgcn_invertappr exact below (div_newton.c) */
#define BGCN_MU_DIV_THRESHOLD 2000 /* bgcn_tdiv_qr: mu division (div_newton.c) */
#define BGCN_DIVEXACT_DC_THRESHOLD 300 /* bgcn_divexact: quotient-only division (divexact.c) */
#define BGCN_HGCD_THRESHOLD 120 /* bgcn_hgcd recursion (hgcd.c) */
#define BGCN_GCD_DC_THRESHOLD 600 /* bgcn_gcd: half-gcd steps (hgcd.c) */
#define BGCN_GCDEXT_DC_THRESHOLD 200 /* bgcn_gcdext: half-gcd steps (gcdext.c) */
#define BGCN_GET_STR_DC_THRESHOLD 12 /* bgcn_get_str: divide and conquer (radix.c) */
#define BGCN_SET_STR_DC_THRESHOLD 150 /* bgcn_set_str: divide and conquer (radix.c) */

#endif
