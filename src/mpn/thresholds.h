/* thresholds.h -- default crossover sizes (in limbs) of the multiplication
 * algorithms.  Each is the size of the smaller operand (of the operand, for
 * squaring) from which the next algorithm is used; the NTT is used from its
 * threshold only where its transform is at least 60% full, and always from
 * 3x its threshold (see mul.c).  The values initialise the global variables
 * bgcn_mul_*_threshold / bgcn_sqr_*_threshold (src/mpn/mul.c), which the
 * tuning program changes while it measures.
 *
 * How found: `make tune` (tune/tune.c: each algorithm called directly,
 * thread CPU time, minimum of 5 runs per size, crossover = first of 3
 * consecutive wins), generic (portable C) kernel path, gcc 12.2 -O2, on
 * this project's machine: Intel Xeon (family 6 model 207), 2 vCPUs under
 * KVM, Debian 12, 2026-11-30 ~10:03 UTC.  Three runs while other sessions
 * loaded both cores (load average about 6); each value below is the median
 * of the three (runs gave toom22 10/11/10, toom33 70/71/82, toom44
 * 246/311/210, ntt 4022/4340/4344; sqr toom2 11/9/9, toom3 68/69/69, toom4
 * 100/109/309, ntt 2151/3987/3982).  Toom-3 and Toom-4 are within a few
 * percent of each other over 200-320 limbs, hence the spread there. */
#ifndef BGCN_THRESHOLDS_H
#define BGCN_THRESHOLDS_H

#define BGCN_MUL_TOOM22_THRESHOLD 10
#define BGCN_MUL_TOOM33_THRESHOLD 71
#define BGCN_MUL_TOOM44_THRESHOLD 246
#define BGCN_MUL_NTT_THRESHOLD 4340
#define BGCN_SQR_TOOM2_THRESHOLD 9
#define BGCN_SQR_TOOM3_THRESHOLD 69
#define BGCN_SQR_TOOM4_THRESHOLD 109
#define BGCN_SQR_NTT_THRESHOLD 3982

#endif
