/* thresholds.c -- the multiplication crossovers in use, and the set
 * tuned for each kernel path (thresholds.h says how each was found).
 *
 * Choosing a kernel path (bgcn_cpu_select, kernels.c) installs its set
 * here, so the crossovers always follow the kernels in use; mul.c only
 * reads them.  Data, not an algorithm: the kernel table's code never
 * calls up into the multiplication. */
#include "bgcn.h"
#include "thresholds.h"

#include <string.h>

/* The active crossovers start as the generic path's (the table bgcn_kern
 * starts with); bgcn_mul_thresholds_select installs those of the path
 * bgcn_cpu_select picks. */
long bgcn_mul_toom22_threshold = BGCN_GENERIC_MUL_TOOM22;
long bgcn_mul_toom33_threshold = BGCN_GENERIC_MUL_TOOM33;
long bgcn_mul_toom44_threshold = BGCN_GENERIC_MUL_TOOM44;
long bgcn_mul_ntt_threshold = BGCN_GENERIC_MUL_NTT;
long bgcn_sqr_toom2_threshold = BGCN_GENERIC_SQR_TOOM2;
long bgcn_sqr_toom3_threshold = BGCN_GENERIC_SQR_TOOM3;
long bgcn_sqr_toom4_threshold = BGCN_GENERIC_SQR_TOOM4;
long bgcn_sqr_ntt_threshold = BGCN_GENERIC_SQR_NTT;
long bgcn_mul_ntt_min_k[BGCN_NTT_KTAB] = BGCN_GENERIC_MUL_NTT_MIN_K;
long bgcn_sqr_ntt_min_k[BGCN_NTT_KTAB] = BGCN_GENERIC_SQR_NTT_MIN_K;

/* One tuned set per kernel path (thresholds.h says how each was found):
 * the faster a path's schoolbook product, the later Karatsuba pays. */
struct mul_tuning {
    const char *path;
    long t[8]; /* mul toom22, 33, 44, ntt; sqr toom2, 3, 4, ntt */
    long mul_k[BGCN_NTT_KTAB], sqr_k[BGCN_NTT_KTAB];
};

#define TUNING(P, NAME)                                                    \
    {                                                                      \
        NAME,                                                              \
            {BGCN_##P##_MUL_TOOM22, BGCN_##P##_MUL_TOOM33,                 \
             BGCN_##P##_MUL_TOOM44, BGCN_##P##_MUL_NTT,                    \
             BGCN_##P##_SQR_TOOM2, BGCN_##P##_SQR_TOOM3,                   \
             BGCN_##P##_SQR_TOOM4, BGCN_##P##_SQR_NTT},                    \
            BGCN_##P##_MUL_NTT_MIN_K, BGCN_##P##_SQR_NTT_MIN_K             \
    }

static const struct mul_tuning tunings[] = {
    TUNING(GENERIC, "generic"),
    TUNING(X86_64, "x86_64"),
    TUNING(BMI2, "bmi2"),
    TUNING(ADX, "adx"),
    TUNING(AVX512, "avx512"),
};

int bgcn_mul_thresholds_select(const char *path)
{
    const struct mul_tuning *t = NULL;
    for (size_t i = 0; i < sizeof tunings / sizeof tunings[0]; i++)
        if (strcmp(tunings[i].path, path) == 0)
            t = &tunings[i];
    int found = t != NULL;
    if (!t)
        t = &tunings[0];
    bgcn_mul_toom22_threshold = t->t[0];
    bgcn_mul_toom33_threshold = t->t[1];
    bgcn_mul_toom44_threshold = t->t[2];
    bgcn_mul_ntt_threshold = t->t[3];
    bgcn_sqr_toom2_threshold = t->t[4];
    bgcn_sqr_toom3_threshold = t->t[5];
    bgcn_sqr_toom4_threshold = t->t[6];
    bgcn_sqr_ntt_threshold = t->t[7];
    memcpy(bgcn_mul_ntt_min_k, t->mul_k, sizeof bgcn_mul_ntt_min_k);
    memcpy(bgcn_sqr_ntt_min_k, t->sqr_k, sizeof bgcn_sqr_ntt_min_k);
    return found ? 0 : -1;
}

