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
 * Each set says where it comes from (CPU, date, command, load); `make
 * tune` re-measures the multiplication sets and the residue form's start
 * and ends by listing the thresholds it does not measure.  A path's set
 * may be refined for one CPU model (the per-CPU sets after the adx set:
 * the same kernels cost differently on another core). 
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
 *   avx512: superseded, see the avx512 set below (re-measured on
 *     Zen 4 with the AVX-512 NTT).
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
 * the crossover later, not earlier.  (Superseded: the avx512 set below
 * was re-measured on Zen 4.) */
/* Toom-6 (MUL_TOOM6, SQR_TOOM6: the odd-even Toom-6 of toomk.c above
 * Toom-4) and Toom-4.2 (MUL_TOOM42: bn from which 2 <= an/bn <= 2.5 goes
 * to Toom-4.2 instead of chunks), added 2026-12-02 with their own
 * provenance, since only one CPU was at hand: `taskset -c 1 tune/tune
 * PATH` (make tune TUNE_ARGS=PATH; tune's Toom-6 stage times n x n over
 * 400..4000 limbs with candidates 400..3000, its Toom-4.2 stage 2n x n
 * over n = 20..1500 with candidates 20..600), 2026-12-02 14:15-14:31
 * UTC, AMD EPYC Zen 1 (family 23 model 1, 2 vCPUs), gcc 12.2 -O2, load
 * average 8-14 from other sessions:
 *   adx zen1 (three runs): mul toom6 700 800 900 -> 800; mul toom42 70
 *     70 70 -> 70; sqr toom6 1400 1300 1300 -> 1300
 *   bmi2 (one run): mul toom6 600, mul toom42 70, sqr toom6 1400
 *   x86_64 (one run): 600, 60, 1700; generic (one run): 900, 70, 800
 *     (these two sets' other values come from the Intel Xeon)
 *   adx (Zen 3, Zen 4, Intel) and avx512 (Zen 4): not measured on
 *     those CPUs; set late (adx 1000 / 100 / 1500, avx512 1500 / 150 /
 *     1500, where the NTT starts at 948 anyway), so they change little
 *     until someone runs tune there.
 * The Toom-6 curves are flat: every candidate from 400 to 3000 within
 * 2-4% of the best (Toom-6 takes 3-9% off Toom-4 from about 1000 limbs,
 * none at 500-800; measured beside GMP in BENCHMARKS.md). */

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
#define BGCN_GENERIC_MUL_TOOM6 900
#define BGCN_GENERIC_MUL_TOOM42 70
#define BGCN_GENERIC_MUL_NTT 1392
#define BGCN_GENERIC_SQR_TOOM2 9
#define BGCN_GENERIC_SQR_TOOM3 140
#define BGCN_GENERIC_SQR_TOOM4 400
#define BGCN_GENERIC_SQR_TOOM6 800
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
#define BGCN_X86_64_MUL_TOOM6 600
#define BGCN_X86_64_MUL_TOOM42 60
#define BGCN_X86_64_MUL_NTT 2752
#define BGCN_X86_64_SQR_TOOM2 38
#define BGCN_X86_64_SQR_TOOM3 220
#define BGCN_X86_64_SQR_TOOM4 450
#define BGCN_X86_64_SQR_TOOM6 1700
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
#define BGCN_ADX_MUL_TOOM6 1000
#define BGCN_ADX_MUL_TOOM42 100
#define BGCN_ADX_MUL_NTT 3500
#define BGCN_ADX_SQR_TOOM2 38
#define BGCN_ADX_SQR_TOOM3 250
#define BGCN_ADX_SQR_TOOM4 650
#define BGCN_ADX_SQR_TOOM6 1500
#define BGCN_ADX_SQR_NTT 4000
#define BGCN_ADX_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = BGCN_NTT_NEVER, [13] = 3500, [14] = 0, \
    [15] = 0, [16] = 0 }
#define BGCN_ADX_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = BGCN_NTT_NEVER, [13] = 4000, [14] = 6000, \
    [15] = 0, [16] = 0 }

/* ---- "bmi2": MULX with one ADC carry chain (CPUs without ADX) ----
 * Provenance: `taskset -c 1 tune/tune bmi2` (make tune TUNE_ARGS=bmi2),
 * three runs 2026-12-02 10:07-10:11 UTC on AMD EPYC (Zen 1, family 23
 * model 1, 2 vCPUs; it has ADX too, the path runs without it), gcc 12.2
 * -O2, load average 4.6-5.9 from other sessions; the floating-point NTT
 * (AVX2 kernels, as on adx).  Median of the three ("-": never won):
 *     mul toom22 19 23 24 -> 23
 *     mul toom33 90 180 100 -> 100
 *     mul toom44 550 200 400 -> 400
 *     sqr toom2  35 35 32 -> 35
 *     sqr toom3  120 120 120 -> 120
 *     sqr toom4  625 550 500 -> 550
 *     mul ntt min by k: 11: 1340 1504 -, 12: 1889 1889 2116, 13: 2977
 *       2977 2977, 14: 5953, 15: 11777, 16: 23553 (all three)
 *     sqr ntt min by k: 11: - - -, 12: 2656 2656 2371, 13: 3341, 14:
 *       5953, 15: 11777, 16: 23553 (all three)
 * Not measured on a Haswell or Excavator, the CPUs the path is for.
 * Caution: measured with tune's NTT stage before its fix (Toom timed with
 * the NTT threshold at 1, see tune.c and the Zen 1 adx set below): the
 * NTT minimums are likely low, and the NTT kernels changed since. */
#define BGCN_BMI2_MUL_TOOM22 23
#define BGCN_BMI2_MUL_TOOM33 100
#define BGCN_BMI2_MUL_TOOM44 400
#define BGCN_BMI2_MUL_TOOM6 600
#define BGCN_BMI2_MUL_TOOM42 70
#define BGCN_BMI2_MUL_NTT 1504
#define BGCN_BMI2_SQR_TOOM2 35
#define BGCN_BMI2_SQR_TOOM3 120
#define BGCN_BMI2_SQR_TOOM4 550
#define BGCN_BMI2_SQR_TOOM6 1400
#define BGCN_BMI2_SQR_NTT 2656
#define BGCN_BMI2_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = 1504, \
    [12] = 1889, [13] = 2977, [14] = 5953, \
    [15] = 11777, [16] = 23553, [17] = 0 }
#define BGCN_BMI2_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = 2656, [13] = 3341, [14] = 5953, \
    [15] = 11777, [16] = 23553, [17] = 0 }

/* ---- per-CPU sets: one path on one CPU model ----
 * Each refines one path's set on the CPUs its key names: BGCN_<P>_KEY is
 * "vendor", family, first model, last model (display family and model,
 * bgcn_cpu_ident), and thresholds.c's cpu_tunings lists the set.  A CPU
 * that no key matches gets the path's set above (BIGCALC_CPU=adx on Zen
 * 3 and Zen 4 keeps the adx set).  `make tune TUNE_ARGS=PATH` says which
 * key the machine it runs on falls under and prints the lines with that
 * set's prefix (or, when none covers it, a key for a new one). */

/* "adx" on AMD Zen 1 / Zen+ (family 0x17 models 0x00-0x0f: Naples,
 * Summit Ridge, Pinnacle Ridge; measured on model 0x01 only).  MULX is
 * two uops there (one on Zen 3), so the schoolbook product is relatively
 * slower and Toom-3 pays earlier; the 256-bit FMAs run as two 128-bit
 * halves, so the floating-point NTT wins later than on Zen 4 but earlier
 * than the Zen 3 figures above (which came from a scratch program, not
 * tune).
 * Provenance: `taskset -c 1 tune/tune adx` (make tune TUNE_ARGS=adx,
 * pinned), 2026-12-02 10:03-10:42 UTC, AMD EPYC (family 0x17 model
 * 0x01, "AMD EPYC", 2 vCPUs under KVM, no SMT), Debian 12, gcc 12.2 -O2;
 * load average 5-9 from other sessions (thread CPU time keeps most of it
 * out; the Toom curves are flat, every mul toom33 candidate from 70 to
 * 400 within 2% of the best in a run, hence the spread).  Toom values:
 * twelve runs (nine on main f60aa51, three on fc5241f; the Toom code is
 * the same), the median.  NTT values: the three runs on fc5241f (the
 * AVX2 NTT kernels rewritten for 128-bit FP units, truncated 3M/2
 * plans), with tune's NTT stage fixed (it had timed Toom with the NTT
 * threshold at 1, see tune.c):
 *   mul toom22 26 24 26 26 23 23 23 25 29 19 25 24 -> 25
 *   mul toom33 90 90 300 90 170 150 220 110 200 130 360 70 -> 140
 *   mul toom44 400 275 700 550 400 250 175 800 250 550 250 875 -> 400
 *   sqr toom2  38 40 40 38 40 35 36 39 35 39 40 28 -> 38
 *   sqr toom3  140 340 200 140 130 190 140 310 140 190 330 250 -> 190
 *   sqr toom4  675 250 625 875 675 800 500 525 1150 1125 450 1025 -> 675
 *   mul ntt min by k (NTT/Toom at the sizes measured, three runs): 11:
 *     never (0.95 1.00 1.00 at 1518, its last size: a tie); 12: 2138
 *     (0.80-0.89; 1907: 0.99 1.06 0.99); 13: 3009 (1.12 0.94 0.94); 14,
 *     15, 16: the first size (0.75-0.82 at 6014)
 *   sqr ntt min by k: 11: never; 12: 2684 (0.86-0.95; 2395: 1.05 1.00
 *     0.99); 13: 3790 (0.74-0.88; 3377: 1.02 0.92 1.12); 14, 15, 16:
 *     the first size (0.81-0.88 at 6014). */
#define BGCN_ADX_ZEN1_KEY "AuthenticAMD", 0x17, 0x00, 0x0f
#define BGCN_ADX_ZEN1_MUL_TOOM22 25
#define BGCN_ADX_ZEN1_MUL_TOOM33 140
#define BGCN_ADX_ZEN1_MUL_TOOM44 400
#define BGCN_ADX_ZEN1_MUL_TOOM6 800
#define BGCN_ADX_ZEN1_MUL_TOOM42 70
#define BGCN_ADX_ZEN1_MUL_NTT 2138
#define BGCN_ADX_ZEN1_SQR_TOOM2 38
#define BGCN_ADX_ZEN1_SQR_TOOM3 190
#define BGCN_ADX_ZEN1_SQR_TOOM4 675
#define BGCN_ADX_ZEN1_SQR_TOOM6 1300
#define BGCN_ADX_ZEN1_SQR_NTT 2684
#define BGCN_ADX_ZEN1_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = 2138, [13] = 3009, [14] = 0, \
    [15] = 0, [16] = 0 }
#define BGCN_ADX_ZEN1_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
    [12] = 2684, [13] = 3790, [14] = 0, \
    [15] = 0, [16] = 0 }

/* "avx512" on Intel Emerald Rapids (family 6 model 0xcf, Raptor Cove
 * cores; measured on that model only, so the key names it alone:
 * Sapphire Rapids, 0x8f, has the same core and could join the range once
 * measured).  The avx512 set below comes from Zen 4, whose 512-bit
 * operations run as two 256-bit halves; here they run whole, and the
 * IFMA schoolbook product and Toom are relatively faster against the
 * floating-point NTT, which wins later: mul from 1353 limbs (Zen 4 set
 * 948), sqr from 1075 (752; the bench row sqr 1000 limbs was 1.13-1.14x
 * GMP with the NTT there, the Toom square 0.93).
 * Provenance: `taskset -c 1 tune/tune avx512` (make tune
 * TUNE_ARGS=avx512, pinned; runs 1 and 3 on core 0, which others shared
 * more), nine runs 2026-12-02 18:28-18:36 UTC, Intel Xeon (family 6 model
 * 0xcf, "Intel(R) Xeon(R) Processor", 2 vCPUs under KVM, no SMT), Debian
 * 12, gcc 12.2 -O2, main dde2f06; load average 6.7-11 from other sessions
 * (thread CPU time keeps most of it out; the Toom curves are flat, hence
 * the spread).  Each value the median of the nine:
 *   mul toom22 37 40 37 39 38 34 38 40 37 -> 38
 *   mul toom33 140 150 160 160 280 130 160 330 130 -> 160
 *   mul toom44 700 1100 400 775 475 375 675 400 800 -> 675
 *   mul toom6  1600 2500 2300 2100 2800 2000 1600 700 2500 -> 2100
 *   mul toom42 150 160 120 150 170 190 150 310 300 -> 160
 *   sqr toom2  37 34 35 39 28 38 39 30 37 -> 37
 *   sqr toom3  320 120 310 320 380 220 190 70 100 -> 220
 *   sqr toom4  775 425 400 875 525 1125 675 850 600 -> 675
 *   sqr toom6  2100 1900 1200 1800 1600 1500 1700 900 2800 -> 1700
 *   mul ntt min by k: 10: never in seven runs (760, its last size, in
 *     two: 0.95 and 0.99 there, 1.4-1.6 at 678); 11: 1353 in six, 958 in
 *     three (NTT/Toom 0.86-0.96 at 958-1075, 1.02-1.11 at 1206 in four);
 *     12: 1702 (1519 once, 1907 twice; 1.14 at 1519); 13-16: the first
 *     size (3009, 6014, 11905, 23797: the NTT won throughout; 3377 once)
 *   sqr ntt min by k: 10: never; 11: 958 958 958 1075 1075 1206 1353 1353
 *     1518 -> 1075 (0.98 at 1075, 1.10 at 854-958 in the first run);
 *     12: 1519 (1702 twice); 13-16: the first size.
 *   powm form: 9-16 (median 14); not per CPU (the path's
 *     BGCN_AVX512_POWM_FORM_MIN stays Zen 4's 11).
 * Toom-6 from 2100 and 1700 is above the NTT's start, so it only runs in
 * the gaps (2^12 sizes below 1702 for mul) and for unbalanced pieces.
 * Why 2^11 splits the runs: its sizes (761-1518 limbs) change plan
 * inside, three primes up to about 1110 limbs, four above (a third
 * dearer).  Interleaved in one process (this set against the avx512 set,
 * whose NTT starts at 948; bgcn_mul, thread CPU time, min of 21, taskset
 * -c 1, load 10, 18:50 UTC): this set (Toom) is 3-15% slower at 970-1090
 * limbs, 14-18% faster at 1120-1240, equal from 1270; one minimum per
 * length cannot express both, and the median keeps 1353. */
#define BGCN_AVX512_EMR_KEY "GenuineIntel", 0x6, 0xcf, 0xcf
#define BGCN_AVX512_EMR_MUL_TOOM22 38
#define BGCN_AVX512_EMR_MUL_TOOM33 160
#define BGCN_AVX512_EMR_MUL_TOOM44 675
#define BGCN_AVX512_EMR_MUL_TOOM6 2100
#define BGCN_AVX512_EMR_MUL_TOOM42 160
#define BGCN_AVX512_EMR_MUL_NTT 1353
#define BGCN_AVX512_EMR_SQR_TOOM2 37
#define BGCN_AVX512_EMR_SQR_TOOM3 220
#define BGCN_AVX512_EMR_SQR_TOOM4 675
#define BGCN_AVX512_EMR_SQR_TOOM6 1700
#define BGCN_AVX512_EMR_SQR_NTT 1075
#define BGCN_AVX512_EMR_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = 1353, \
    [12] = 1702, [13] = 0, [14] = 0, \
    [15] = 0, [16] = 0 }
#define BGCN_AVX512_EMR_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = 1075, \
    [12] = 1519, [13] = 0, [14] = 0, \
    [15] = 0, [16] = 0 }

/* ---- "avx512": IFMA schoolbook up to 64 limbs, AVX-512 add_n ----
 * Provenance: `taskset -c 1 tune/tune avx512` (make tune
 * TUNE_ARGS=avx512), six runs, 2026-12-02 04:10-04:20 UTC, AMD EPYC
 * Zen 4 (family 25 model 17, AVX-512 IFMA), 2 vCPUs, gcc 12.2 -O2, on the
 * code with the AVX-512 floating-point NTT (ntt_fp_avx512.c) and the
 * residue form; load average 18-25 from other sessions (thread CPU time
 * keeps that out of the figures mostly, not wholly: the Toom-4 values
 * spread).  Each value the median (POWM_FORM_MIN: runs 4-6 only, the
 * first three predate its measurement):
 *   mul toom22 38 38 38 38 39 40 -> 38
 *   mul toom33 150 170 80 160 150 80 -> 150
 *   mul toom44 675 225 575 225 575 725 -> 575
 *   sqr toom2  40 38 35 37 40 28 -> 38
 *   sqr toom3  140 120 150 260 150 120 -> 150
 *   sqr toom4  800 675 775 475 1200 475 -> 725
 *   mul ntt min by k: every run 11: 948, 12: 1505, 13: 2977, 14: 5953,
 *     15: 11777, 16: 23553 (the first size of each length: the NTT won
 *     throughout), never at 2^9 and 2^10
 *   sqr ntt min by k: 10: 752 in five runs (never in one); 11: 948 948
 *     845 845 948 845 -> 845; from 12 as mul
 *   powm form (n: form/mont time) from 9, 11, 11 -> 11: at 10 limbs
 *     0.86, 1.06, 1.07; at 11 0.75, 0.96, 0.94; at 16 0.57-0.75; at 8
 *     the unrolled 8-limb ADX kernel wins (1.2-1.7).
 * The multiplication NTT from 948 limbs (was 10880 with the integer
 * NTT on the Intel Xeon).  Caution: tune's NTT stage then timed its Toom
 * reference with the NTT threshold at 1, so every Toom node paid a
 * transform-length query (the plan search, ~2 us on Zen 1): Toom looked
 * slower and the NTT minimums came out low (on Zen 1 by 900-2300
 * limbs; fixed in tune.c 2026-12-02).
 * Re-measured on Zen 4 with the fixed tune.c and the straight-line
 * basecases of small_mul_adx.h / small_sqr_adx.h: `taskset -c 1 tune/tune
 * avx512`, three runs, 2026-12-03 00:44-00:48 UTC, AMD EPYC family 25
 * model 17, load average 0.4-0.8 (the lead's own light work on the other
 * core); each value the median:
 *   mul toom22 38 38 40 -> 38; toom33 150 160 150 -> 150;
 *   toom44 500 650 700 -> 650; toom6 700 1500 1000 -> 1000;
 *   toom42 60 60 80 -> 60
 *   sqr toom2 31 30 31 -> 31 (was 38: the 16-limb square is straight-line
 *   now); toom3 130 390 170 -> 170; toom4 350 400 425 -> 400;
 *   toom6 1700 900 1500 -> 1500
 *   (mul toom22 then set to 65 by hand, 2026-12-03 -- the tuner's
 *   search had stopped at 40, it now reaches 66 -- once the IFMA
 *   schoolbook took every an above 64 in pieces (mul_ifma.c): below 65
 *   limbs it beats Karatsuba on Zen 4 at every size measured, a loop
 *   over bgcn_mul / mpn_mul in one process, min of 60, taskset -c 1:
 *   n x n 38 / 40 / 56 / 80 / 84 / 90 / 112 0.83 / 0.94 / 0.82 / 0.95 /
 *   0.98 / 0.87 / 0.76 -> 0.55 / 0.63 / 0.62 / 0.64 / 0.67 / 0.60 / 0.59
 *   of GMP; 2n x n 80 x 40 1.00 -> 0.68, 160 x 80 1.03 -> 0.74; 400 x 40
 *   1.00 -> 0.62)
 *   (toom3 then set to 140 by hand, 2026-12-03, from a loop over
 *   bgcn_sqr / mpn_sqr in one process, min of 60, taskset -c 1: squares
 *   of 560 / 600 / 640 limbs, whose Toom-4 pieces of 140-160 limbs went
 *   to Toom-2, 1.04 / 1.05 / 1.00 -> 0.95 / 0.98 / 0.98 of GMP; 420-520
 *   and 680-850 unchanged within 1%)
 *   mul ntt min by k: 10: 760, never, never -> never; 11: 854 958 958 ->
 *     958; from 12 every run 1519, 3009, 6014, 11905, 23797
 *   sqr ntt min by k: 10: never, 760, never -> never; 11: 854 in every
 *     run; from 12 as mul
 *   powm form 11 in every run.
 * Against GMP in one process (a throwaway loop over bgcn_sqr / mpn_sqr,
 * min of 7, taskset -c 0) the squares of 550-1000 limbs stay at
 * 0.93-1.11 of GMP with either threshold set: neither our Toom-4/6
 * square nor the 2^11-point NTT is as fast there as GMP's Toom-6/8
 * squares; the products stay at 0.70-0.94. */
#define BGCN_AVX512_MUL_TOOM22 65
#define BGCN_AVX512_MUL_TOOM33 150
#define BGCN_AVX512_MUL_TOOM44 650
#define BGCN_AVX512_MUL_TOOM6 1000
#define BGCN_AVX512_MUL_TOOM42 60
#define BGCN_AVX512_MUL_NTT 958
#define BGCN_AVX512_SQR_TOOM2 31
#define BGCN_AVX512_SQR_TOOM3 140
#define BGCN_AVX512_SQR_TOOM4 400
#define BGCN_AVX512_SQR_TOOM6 1500
#define BGCN_AVX512_SQR_NTT 854
#define BGCN_AVX512_MUL_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = 958, \
    [12] = 1519, [13] = 3009, [14] = 6014, \
    [15] = 11905, [16] = 23797 }
#define BGCN_AVX512_SQR_NTT_MIN_K { \
    [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = 854, \
    [12] = 1519, [13] = 3009, [14] = 6014, \
    [15] = 11905, [16] = 23797 }
/* Odd-modulus exponentiation with residues kept in IFMA digits
 * (powm_form.c, the path's bgcn_residue_ops) from this many limbs: the
 * residue ops' min_n, which `make tune` measures (bgcn_powm and
 * bgcn_powm_sec, full-size exponents, with and without the form).  11
 * from the runs above; 12 since the ADX REDC's rows of 9-16 limbs got
 * faster (mont_adx.S, REDCFIX): Zen 4, 2026-12-04 19:30 UTC, the same
 * measurement as tune's in a scratch driver (form forced against none,
 * one process, best of 15, taskset -c 1), two runs, form / Montgomery
 * time: 10 limbs 1.29 / 1.30, 11 1.11 / 1.10, 12 1.12 / 0.85, 13 0.95 /
 * 0.86, 14 1.04 / 0.95, 15 0.90 / 0.76, 16 0.75 / 0.89 (noisy from 12
 * up: the machine changed phase inside the second run).  15 since the
 * ADX squares of 9..16 limbs run straight-line code also for odd n
 * (gen-small-adx.py; 11 limbs 40.6 -> 24.3 ns): same driver, Zen 4,
 * 2026-12-04 22:00 UTC, three runs, form / GMP and Montgomery / GMP:
 * 12 limbs 1.08 / 0.96-0.97, 13 1.03-1.05 / 0.92-1.01, 14 0.95-0.96 /
 * 0.91-0.95, 15 0.86-0.87 / 0.89-0.90, 16 0.78-0.81 / 0.85-0.87.  The
 * form's ratio moves with the machine's phase (its IFMA code keeps its
 * speed when the scalar code, GMP's included, slows down); the
 * Montgomery kernels' ratio stays put, so the tie at 14 goes to them. */
#define BGCN_AVX512_POWM_FORM_MIN 15
/* The avx512 path's Montgomery kernels (mont_ifma.c): the IFMA product
 * from BGCN_<set>_MONT_MUL_IFMA_MIN limbs and the IFMA square from
 * ..._SQR_IFMA_MIN, the ADX kernels below; installed with the set
 * (bgcn_mont_mul_ifma_min, bgcn_mont_sqr_ifma_min), not measured by `make
 * tune`.  "avx512 emr": 21 and 26, measured on the Intel Xeon (family 6
 * model 207), 2026-11-30, cycle tables in those files.  "avx512": Zen 4
 * (AMD EPYC family 25 model 17), 2026-12-04 19:09 UTC, quiet machine,
 * dependent calls r = mont(r, b) through the kernel table with the
 * minimums at 1 and at 1000 in one process (a scratch driver), best of
 * 15 x 20000, taskset -c 1, IFMA / ADX time, two runs:
 *   product: 13 limbs 0.99 / 1.24, 14 0.90 / 1.15, 15 1.04 / 1.05, 16
 *     0.90 / 0.90, 17 0.62 / 0.85, 18 0.82 / 0.83, 20 0.75 / 0.76
 *   square: 16 1.18 / 1.18, 17 0.72 / 1.01, 18 1.06 / 0.99, 19 0.98 /
 *     0.98, 20 0.92 / 0.93, 24 0.73 (the old 26 had left 21-25 limbs to
 *     the ADX square, 1.2-1.4x slower there)
 * so 16 and 19. */
#ifndef BGCN_AVX512_MONT_MUL_IFMA_MIN
#define BGCN_AVX512_MONT_MUL_IFMA_MIN 16
#endif
#ifndef BGCN_AVX512_MONT_SQR_IFMA_MIN
#define BGCN_AVX512_MONT_SQR_IFMA_MIN 19
#endif
#define BGCN_AVX512_EMR_MONT_MUL_IFMA_MIN 21
#define BGCN_AVX512_EMR_MONT_SQR_IFMA_MIN 26
/* The sets of the paths without IFMA kernels carry the avx512 values
 * (installed with them, read by nothing there). */
#define BGCN_GENERIC_MONT_MUL_IFMA_MIN BGCN_AVX512_MONT_MUL_IFMA_MIN
#define BGCN_GENERIC_MONT_SQR_IFMA_MIN BGCN_AVX512_MONT_SQR_IFMA_MIN
#define BGCN_X86_64_MONT_MUL_IFMA_MIN BGCN_AVX512_MONT_MUL_IFMA_MIN
#define BGCN_X86_64_MONT_SQR_IFMA_MIN BGCN_AVX512_MONT_SQR_IFMA_MIN
#define BGCN_BMI2_MONT_MUL_IFMA_MIN BGCN_AVX512_MONT_MUL_IFMA_MIN
#define BGCN_BMI2_MONT_SQR_IFMA_MIN BGCN_AVX512_MONT_SQR_IFMA_MIN
#define BGCN_ADX_MONT_MUL_IFMA_MIN BGCN_AVX512_MONT_MUL_IFMA_MIN
#define BGCN_ADX_MONT_SQR_IFMA_MIN BGCN_AVX512_MONT_SQR_IFMA_MIN
#define BGCN_ADX_ZEN1_MONT_MUL_IFMA_MIN BGCN_AVX512_MONT_MUL_IFMA_MIN
#define BGCN_ADX_ZEN1_MONT_SQR_IFMA_MIN BGCN_AVX512_MONT_SQR_IFMA_MIN
/* Inside the avx512 kernels (compile-time, so `make tune` does not
 * measure them; -D overrides are for experiments): the IFMA schoolbook
 * product from bn = 20 and square from 56 (mul_ifma.c), the ADX kernels
 * below.  Measured on the Intel Xeon (family 6 model 207) named at the
 * top, 2026-11-30, cycle tables in those files; not yet re-measured on
 * Zen 4. */
#ifndef BGCN_AVX512_MUL_IFMA_MIN
#define BGCN_AVX512_MUL_IFMA_MIN 20
#endif
#ifndef BGCN_AVX512_SQR_IFMA_MIN
#define BGCN_AVX512_SQR_IFMA_MIN 56
#endif

/* ---- Crossovers with one value for every path ----
 * The engine's other crossovers (limbs).  Each starts a variable of the
 * same name in lower case that tests and the tuning program may move
 * (any value >= 1 is correct unless bgcn.h says otherwise).  They are
 * not per path: each was measured once, on the machine and with the
 * method the file named beside it records at its top; `make tune`
 * does not cover them (it tunes the multiplication sets and the residue
 * form above, and prints the list of what it does not measure), so
 * re-measure them by hand there when their algorithms change. */
#define BGCN_MULMOD_BNM1_NTT_THRESHOLD 2000 /* bgcn_mulmod_bnm1: one cyclic NTT (mulmod.c) */
#define BGCN_DIV_DC_THRESHOLD 40 /* bgcn_tdiv_qr: divide and conquer (div_dc.c) */
#define BGCN_INV_NEWTON_THRESHOLD 150 /* bgcn_invertappr exact below (div_newton.c) */
#define BGCN_MU_DIV_THRESHOLD 2000 /* bgcn_tdiv_qr: mu division (div_newton.c) */
#define BGCN_DIVEXACT_DC_THRESHOLD 300 /* bgcn_divexact: quotient-only division (divexact.c) */
#define BGCN_HGCD_THRESHOLD 120 /* bgcn_hgcd recursion (hgcd.c) */
#define BGCN_GCD_DC_THRESHOLD 600 /* bgcn_gcd: half-gcd steps (hgcd.c) */
/* BGCN_GCDEXT_DC_THRESHOLD: 200 was measured when the Lehmer steps
 * below it carried cofactors of V's size; since the small pair ends by
 * its own gcdext (gcdext.c, gcdext_tail) that value no longer means
 * anything.  Re-measured 2026-12-02 on AMD EPYC Zen 1 (family 23 model 1),
 * adx path, scratch loop over bgcn_gcdext against mpz_gcdext at 700..3000
 * limbs (taskset -c 1, min of 3, load 6-7) with 200/400/600/800: flat
 * between 400 and 600 (1.27-1.30x GMP at 1000-3000, 1.38-1.40 with 200),
 * 600 also best at 400-500 limbs.  One value for every path; the other
 * CPUs were not measured (the algorithm change applies to all). */
#define BGCN_GCDEXT_DC_THRESHOLD 600 /* bgcn_gcdext: half-gcd steps (gcdext.c) */
#define BGCN_GET_STR_DC_THRESHOLD 12 /* bgcn_get_str: divide and conquer (radix.c) */
#define BGCN_SET_STR_DC_THRESHOLD 100 /* bgcn_set_str: divide and conquer (radix.c) */
/* Montgomery products (mont.c): the CIOS kernel bgcn_mont_mul_n up to
 * BGCN_MONT_KERNEL_MAX limbs, bgcn_mont_sqr_n up to
 * BGCN_MONT_SQR_KERNEL_MAX, bgcn_mul/bgcn_sqr + bgcn_redc_n beyond.
 * Measured with a scratch timing program on the Intel Xeon named at the
 * top (generic and adx paths within noise of each other): mul+redc wins
 * from about 100 limbs for products, about 320 for squares. */
#define BGCN_MONT_KERNEL_MAX 96
#define BGCN_MONT_SQR_KERNEL_MAX 320
/* The exponentiations' almost-reduced Montgomery residues (mont.c,
 * bgcn_mont_almost_p) where the path has a redc_almost: from 9 limbs (up
 * to 8 the path's Montgomery kernels keep everything in registers) to 16
 * (the ADX REDC's straight-line rows; above them its tail is a smaller
 * share: square + REDC 1-2% faster at 17-38 limbs, within noise).  Zen 4,
 * 2026-12-04 21:50 UTC, scratch driver, one process, a chain of 700
 * squarings, best of 41: full / almost-reduced REDC 58.7 / 56.3 ns at 9
 * limbs, 68.6 / 66.3 at 10, 78.5 / 76.2 at 11, 89.7 / 87.3 at 12, 101.1 /
 * 98.3 at 13, 143.6 / 140.1 at 16. */
#define BGCN_MONT_ALMOST_MIN 9
#define BGCN_MONT_ALMOST_MAX 16

#endif
