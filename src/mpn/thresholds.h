/* thresholds.h -- default crossover sizes (in limbs) of the multiplication
 * algorithms.  Each is the size of the smaller operand (of the operand, for
 * squaring) from which the next algorithm is used; the NTT is used from its
 * threshold only where its transform is at least 60% full, and always from
 * 3x its threshold (see mul.c).  The values initialise the global variables
 * bgcn_mul_*_threshold / bgcn_sqr_*_threshold (src/mpn/mul.c), which the
 * tuning program changes while it measures.
 *
 * How found: `make tune` (tune/tune.c: every candidate value of each
 * Toom threshold tried in turn, bgcn_mul/bgcn_sqr timed over a window of
 * sizes, thread CPU time, minimum of 7 interleaved runs, best mean
 * relative time wins; then for each NTT length 2^k, k = 9..16, the NTT
 * against Toom at 7 sizes that use that length, the minimum size from
 * which the NTT wins throughout), generic (portable C) kernel path, gcc
 * 12.2 -O2, on this project's machine: Intel Xeon (family 6 model 207),
 * 2 vCPUs under KVM, Debian 12, 2026-11-30 10:29-10:52 UTC, six runs
 * while other sessions kept the load average between 7 and 14.  Each
 * value is the lower median of the six (the NTT rows: of the last three,
 * the earlier runs predate the per-length table):
 *   mul toom22 9 9 9 11 10 32        sqr toom2 9 9 9 9 9 9
 *   mul toom33 130 140 130 140 130 370  sqr toom3 140 130 130 130 240 330
 *   mul toom44 400 400 475 550 1000 625 sqr toom4 400 400 400 375 950 400
 *   mul ntt min by k: 12: 2193 2193 2752, 13: 3893 3468 3893,
 *     14: 6908 6167 6908, 15: 12213 12213 10881, 16: 24378 (all three)
 *   sqr ntt min by k: 12: 2193 1748 2193, 13: 3468 3893 3468,
 *     14: 6167 6908 6167, 15: 12213 12213 10881, 16: 24378 21761 21761
 * Neighbouring candidates differ by a few percent only; the choice at a
 * single size is lumpy (it depends on where the recursion's leaves land:
 * up to 8 limbs the schoolbook product is fully unrolled), e.g. at 1000
 * limbs a Toom-4 crossover of 250 would be about 8% faster than 475, at
 * other sizes of the window slower.  NTT lengths below 2^12 never won;
 * lengths from 2^17 were not measured and always use the NTT. */
#ifndef BGCN_THRESHOLDS_H
#define BGCN_THRESHOLDS_H

#define BGCN_MUL_TOOM22_THRESHOLD 9
#define BGCN_MUL_TOOM33_THRESHOLD 130
#define BGCN_MUL_TOOM44_THRESHOLD 475
#define BGCN_MUL_NTT_THRESHOLD 2193
#define BGCN_SQR_TOOM2_THRESHOLD 9
#define BGCN_SQR_TOOM3_THRESHOLD 130
#define BGCN_SQR_TOOM4_THRESHOLD 400
#define BGCN_SQR_NTT_THRESHOLD 2193
/* Minimum (an + bn) / 2 for the NTT with transform length 2^k; lengths
 * not listed below 2^12 are only reachable when the threshold is lowered
 * (tests), and then allowed. */
#define BGCN_NTT_NEVER (1L << 40)
#define BGCN_MUL_NTT_MIN_K                                                 \
    {                                                                      \
        [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
        [12] = 2193, [13] = 3893, [14] = 6908, [15] = 12213, [16] = 24378   \
    }
#define BGCN_SQR_NTT_MIN_K                                                 \
    {                                                                      \
        [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
        [12] = 2193, [13] = 3468, [14] = 6167, [15] = 12213, [16] = 21761   \
    }

#endif
