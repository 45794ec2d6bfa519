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
 * 2026-11-30 10:29-10:32 UTC, three runs while other sessions kept the
 * load average between 7 and 13.  Each value is the median of the three:
 *   mul toom22 9 9 9            sqr toom2 9 9 9
 *   mul toom33 130 140 130      sqr toom3 140 130 130
 *   mul toom44 400 400 475      sqr toom4 400 400 400
 *   mul ntt 3500 2000 2000      sqr ntt 2000 2000 2000
 * Neighbouring candidates differ by a few percent only; the choice at a
 * single size is lumpy (it depends on where the recursion's leaves land:
 * up to 8 limbs the schoolbook product is fully unrolled), e.g. at 1000
 * limbs a Toom-4 crossover of 250 would be about 8% faster than 400, at
 * other sizes of the window slower. */
#ifndef BGCN_THRESHOLDS_H
#define BGCN_THRESHOLDS_H

#define BGCN_MUL_TOOM22_THRESHOLD 9
#define BGCN_MUL_TOOM33_THRESHOLD 130
#define BGCN_MUL_TOOM44_THRESHOLD 400
#define BGCN_MUL_NTT_THRESHOLD 2000
#define BGCN_SQR_TOOM2_THRESHOLD 9
#define BGCN_SQR_TOOM3_THRESHOLD 130
#define BGCN_SQR_TOOM4_THRESHOLD 400
#define BGCN_SQR_NTT_THRESHOLD 2000

#endif
