/* thresholds.h -- default crossover sizes (in limbs) of the multiplication
 * algorithms.  Each is the size of the smaller operand (of the operand, for
 * squaring) from which the next algorithm is used; the NTT is used from its
 * threshold only where its transform is at least 60% full, and always from
 * 3x its threshold (see mul.c).  The values initialise the global variables
 * bgcn_mul_*_threshold / bgcn_sqr_*_threshold (src/mpn/mul.c), which the
 * tuning program changes while it measures.
 *
 * How found: `make tune` (tune/tune.c: every candidate value of each
 * threshold tried in turn, bgcn_mul/bgcn_sqr timed over a window of sizes,
 * thread CPU time, minimum of 7 interleaved runs, best mean relative time
 * wins), generic (portable C) kernel path, gcc 12.2 -O2, on this project's
 * machine: Intel Xeon (family 6 model 207), 2 vCPUs under KVM, Debian 12,
 * 2026-11-30 10:10-10:15 UTC, five runs while other sessions kept the load
 * average near 7.  Each value is the median of the five:
 *   mul toom22 10 38 11 26 10     sqr toom2  9 9 9 9 10
 *   mul toom33 130 400 250 240 200  sqr toom3 130 130 370 150 130
 *   mul toom44 375 200 375 550 1200 sqr toom4 625 375 250 1125 400
 *   mul ntt 3000 4000 4000 2000 4500 sqr ntt 3000 3000 4000 3000 3500
 * The spread is load noise: the mean relative times of neighbouring
 * candidates differ by a few percent only (Karatsuba from 10 to 40 limbs,
 * Toom-3 from 130 to 400, are all within about 5% of the best). */
#ifndef BGCN_THRESHOLDS_H
#define BGCN_THRESHOLDS_H

#define BGCN_MUL_TOOM22_THRESHOLD 11
#define BGCN_MUL_TOOM33_THRESHOLD 240
#define BGCN_MUL_TOOM44_THRESHOLD 375
#define BGCN_MUL_NTT_THRESHOLD 4000
#define BGCN_SQR_TOOM2_THRESHOLD 9
#define BGCN_SQR_TOOM3_THRESHOLD 130
#define BGCN_SQR_TOOM4_THRESHOLD 400
#define BGCN_SQR_NTT_THRESHOLD 3000

#endif
