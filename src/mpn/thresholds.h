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
 * 2 vCPUs under KVM, Debian 12, 2026-11-30 10:58-11:00 UTC, three runs
 * while other sessions loaded both cores.  Each value is the median of
 * the three:
 *   mul toom22 9 9 9            sqr toom2 9 9 9
 *   mul toom33 130 130 130      sqr toom3 130 130 130
 *   mul toom44 400 400 450      sqr toom4 600 625 400
 *   mul ntt min by k: 11: 1392, 12: 2193, 13: 3468, 14: 6167, 15: 12213,
 *     16: 24378 (all three runs alike)
 *   sqr ntt min by k: 12: 2457 2457 2193, 13: 3468 (x3),
 *     14: 7739 5505 6167, 15: 12213 10881 12213, 16: 24378 (x3)
 * (Six earlier runs on the code before the last NTT speed-up, at load
 * average 7-14, spread more: toom22 9-32, toom33 130-370, toom44 400-1000.)
 * Neighbouring candidates differ by a few percent only; the choice at a
 * single size is lumpy (it depends on where the recursion's leaves land:
 * up to 8 limbs the schoolbook product is fully unrolled), e.g. at 1000
 * limbs a Toom-4 crossover of 250 would be about 8% faster than 400, at
 * other sizes of the window slower.  NTT lengths below 2^11 never won;
 * lengths from 2^17 were not measured and always use the NTT. */
#ifndef BGCN_THRESHOLDS_H
#define BGCN_THRESHOLDS_H

#define BGCN_MUL_TOOM22_THRESHOLD 9
#define BGCN_MUL_TOOM33_THRESHOLD 130
#define BGCN_MUL_TOOM44_THRESHOLD 400
#define BGCN_MUL_NTT_THRESHOLD 1392
#define BGCN_SQR_TOOM2_THRESHOLD 9
#define BGCN_SQR_TOOM3_THRESHOLD 130
#define BGCN_SQR_TOOM4_THRESHOLD 600
#define BGCN_SQR_NTT_THRESHOLD 2457
/* Minimum (an + bn) / 2 for the NTT with transform length 2^k; lengths
 * not listed (below 2^9) are only reachable when the threshold is lowered
 * (tests), and then allowed. */
#define BGCN_NTT_NEVER (1L << 40)
#define BGCN_MUL_NTT_MIN_K                                                 \
    {                                                                      \
        [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = 1392,          \
        [12] = 2193, [13] = 3468, [14] = 6167, [15] = 12213, [16] = 24378   \
    }
#define BGCN_SQR_NTT_MIN_K                                                 \
    {                                                                      \
        [9] = BGCN_NTT_NEVER, [10] = BGCN_NTT_NEVER, [11] = BGCN_NTT_NEVER, \
        [12] = 2457, [13] = 3468, [14] = 6167, [15] = 12213, [16] = 24378   \
    }

#endif
