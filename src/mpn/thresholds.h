/* thresholds.h -- default crossover sizes (in limbs) of the multiplication
 * algorithms.  Each is the size of the smaller operand (of the operand, for
 * squaring) from which the next algorithm is used.  The values initialise
 * the global variables bgcn_mul_*_threshold / bgcn_sqr_*_threshold
 * (src/mpn/mul.c), which the tuning program changes while it measures.
 *
 * How found: PLACEHOLDER (replaced by the output of `make tune`). */
#ifndef BGCN_THRESHOLDS_H
#define BGCN_THRESHOLDS_H

#define BGCN_MUL_TOOM22_THRESHOLD 24
#define BGCN_MUL_TOOM33_THRESHOLD 80
#define BGCN_MUL_TOOM44_THRESHOLD 200
#define BGCN_MUL_NTT_THRESHOLD 3000
#define BGCN_SQR_TOOM2_THRESHOLD 32
#define BGCN_SQR_TOOM3_THRESHOLD 100
#define BGCN_SQR_TOOM4_THRESHOLD 250
#define BGCN_SQR_NTT_THRESHOLD 3000

#endif
