/* thresholds.h -- crossover sizes (in limbs) of the multiplication
 * algorithms, one set per kernel path.  Each is the size of the smaller
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
 * Debian 12, 2026-11-30 11:06-11:09 UTC, three runs per path while other
 * sessions loaded the cores (load average 3-6), on the code with the Toom
 * helpers calling the dispatched add_n/sub_n.  Each value is the median of
 * the three ("-": the NTT never won at that length):
 *   generic (3 runs):
 *     mul toom22 10 11 10 -> 10
 *     mul toom33 220 300 130 -> 220
 *     mul toom44 1025 825 525 -> 825
 *     sqr toom2  9 9 9 -> 9
 *     sqr toom3  130 130 130 -> 130
 *     sqr toom4  600 625 400 -> 600
 *     mul ntt min by k: 11: 1392 1392 1392, 12: 1958 2193 2193, 13: 3468
 *       4369 3468, 14: 6167 6908 6167, 15: 12213 12213 12213, 16: 24378
 *       21761 24378
 *     sqr ntt min by k: 11: 1392 1392 1392, 12: 2457 2457 2193, 13: 3468
 *       3468 3468, 14: 5505 6167 5505, 15: 10881 10881 10881, 16: 24378
 *       24378 24378
 *   x86_64 (3 runs):
 *     mul toom22 16 18 19 -> 18
 *     mul toom33 260 290 130 -> 260
 *     mul toom44 1100 375 325 -> 375
 *     sqr toom2  24 33 37 -> 33
 *     sqr toom3  200 310 290 -> 290
 *     sqr toom4  275 725 200 -> 275
 *     mul ntt min by k: 12: 2752 2752 2752, 13: 4369 4369 4369, 14: 6908
 *       7739 7739, 15: 10881 10881 12213, 16: 24378 24378 24378
 *     sqr ntt min by k: 12: 2752 2752 2752, 13: 4369 4369 4369, 14: 6908
 *       6908 7739, 15: 12213 12213 12213, 16: 24378 24378 24378
 *   adx (3 runs):
 *     mul toom22 26 24 24 -> 24
 *     mul toom33 350 170 180 -> 180
 *     mul toom44 325 625 450 -> 450
 *     sqr toom2  38 36 40 -> 38
 *     sqr toom3  300 360 210 -> 300
 *     sqr toom4  825 650 500 -> 650
 *     mul ntt min by k: 13: 5504 5504 5504, 14: 8670 8670 8670, 15:
 *       13709 17271 13709, 16: 24378 24378 24378
 *     sqr ntt min by k: 13: 5504 5504 -, 14: 9712 8670 9712, 15: 15387
 *       15387 15387, 16: 24378 24378 24378
 *   avx512 (3 runs):
 *     mul toom22 38 38 39 -> 38
 *     mul toom33 200 180 160 -> 180
 *     mul toom44 425 1025 650 -> 650
 *     sqr toom2  31 31 39 -> 31
 *     sqr toom3  130 240 170 -> 170
 *     sqr toom4  450 1075 950 -> 950
 *     mul ntt min by k: 14: 9712 10880 10880, 15: 15387 15387 15387, 16:
 *       27309 30592 27309
 *     sqr ntt min by k: 13: 5504 - -, 14: 8670 9712 9712, 15: 13709
 *       15387 15387, 16: 24378 24378 27309
 * One median was overruled by a direct check: generic sqr at k = 14 takes
 * 6167 (the second run's value) instead of 5505, because the NTT measured
 * 18% and 13% slower than Toom at 5505 and 6000 limbs (3.1% at 6150).
 * Spot checks of the NTT minimums of adx and avx512 agreed with the
 * tables within 2% on either side.
 * Neighbouring candidates differ by a few percent only, which is why the
 * Toom-4 values spread so much between runs; the choice at a single size
 * is lumpy (it depends on where the recursion's leaves land).  NTT
 * lengths from 2^17 were not measured and always use the NTT. */
#ifndef BGCN_THRESHOLDS_H
#define BGCN_THRESHOLDS_H

/* Minimum (an + bn) / 2 for the NTT with transform length 2^k; lengths
 * not listed (below 2^9) are only reachable when the threshold is lowered
 * (tests), and then allowed; lengths from 2^17 always use it. */
#define BGCN_NTT_NEVER (1L << 40)

/* ---- "generic": portable C kernels ---- */
#define BGCN_GENERIC_MUL_TOOM22 10
#define BGCN_GENERIC_MUL_TOOM33 220
#define BGCN_GENERIC_MUL_TOOM44 825
#define BGCN_GENERIC_MUL_NTT 1392
#define BGCN_GENERIC_SQR_TOOM2 9
#define BGCN_GENERIC_SQR_TOOM3 130
#define BGCN_GENERIC_SQR_TOOM4 600
#define BGCN_GENERIC_SQR_NTT 1392
#define BGCN_GENERIC_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = 1392, \
    [12] = 2193, [13] = 3468, [14] = 6167, \
    [15] = 12213, [16] = 24378 }
#define BGCN_GENERIC_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = 1392, \
    [12] = 2457, [13] = 3468, [14] = 6167, \
    [15] = 10881, [16] = 24378 }

/* ---- "x86_64": MUL/ADC assembly ---- */
#define BGCN_X86_64_MUL_TOOM22 18
#define BGCN_X86_64_MUL_TOOM33 260
#define BGCN_X86_64_MUL_TOOM44 375
#define BGCN_X86_64_MUL_NTT 2752
#define BGCN_X86_64_SQR_TOOM2 33
#define BGCN_X86_64_SQR_TOOM3 290
#define BGCN_X86_64_SQR_TOOM4 275
#define BGCN_X86_64_SQR_NTT 2752
#define BGCN_X86_64_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = 2752, [13] = 4369, [14] = 7739, \
    [15] = 10881, [16] = 24378 }
#define BGCN_X86_64_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = 2752, [13] = 4369, [14] = 6908, \
    [15] = 12213, [16] = 24378 }

/* ---- "adx": MULX/ADCX/ADOX assembly ---- */
#define BGCN_ADX_MUL_TOOM22 24
#define BGCN_ADX_MUL_TOOM33 180
#define BGCN_ADX_MUL_TOOM44 450
#define BGCN_ADX_MUL_NTT 5504
#define BGCN_ADX_SQR_TOOM2 38
#define BGCN_ADX_SQR_TOOM3 300
#define BGCN_ADX_SQR_TOOM4 650
#define BGCN_ADX_SQR_NTT 5504
#define BGCN_ADX_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = BGCN_NTT_NEVER, [13] = 5504, [14] = 8670, \
    [15] = 13709, [16] = 24378 }
#define BGCN_ADX_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = BGCN_NTT_NEVER, [13] = 5504, [14] = 9712, \
    [15] = 15387, [16] = 24378 }

/* ---- "avx512": IFMA schoolbook up to 64 limbs, AVX-512 add_n ---- */
#define BGCN_AVX512_MUL_TOOM22 38
#define BGCN_AVX512_MUL_TOOM33 180
#define BGCN_AVX512_MUL_TOOM44 650
#define BGCN_AVX512_MUL_NTT 10880
#define BGCN_AVX512_SQR_TOOM2 31
#define BGCN_AVX512_SQR_TOOM3 170
#define BGCN_AVX512_SQR_TOOM4 950
#define BGCN_AVX512_SQR_NTT 9712
#define BGCN_AVX512_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = BGCN_NTT_NEVER, [13] = BGCN_NTT_NEVER, [14] = 10880, \
    [15] = 15387, [16] = 27309 }
#define BGCN_AVX512_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = BGCN_NTT_NEVER, [13] = BGCN_NTT_NEVER, [14] = 9712, \
    [15] = 15387, [16] = 24378 }

#endif
