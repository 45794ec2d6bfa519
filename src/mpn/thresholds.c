/* thresholds.c -- the multiplication crossovers in use, the set tuned
 * for each kernel path, and the sets tuned for one CPU model on one path
 * (thresholds.h says how each was found).
 *
 * Choosing a kernel path (bgcn_cpu_select, kernels.c) installs its set
 * here, so the crossovers always follow the kernels in use; mul.c only
 * reads them.  Data, not an algorithm: the kernel table's code never
 * calls up into the multiplication.
 *
 * Why per CPU as well as per path: the same kernels cost differently on
 * different cores (MULX is one uop on Zen 3 and two on Zen 1; the
 * floating-point NTT's 256-bit operations run as two 128-bit halves on
 * Zen 1), so the crossovers of one path move with the CPU model, as
 * GMP's gmp-mparam.h per CPU shows.  A per-CPU set is keyed by vendor,
 * family and a model range (bgcn_cpu_ident) and refines one path; a CPU
 * no key matches gets the path's set.  A stale or missing key only costs
 * speed: every set is correct (any thresholds are). */
#include "bgcn.h"
#include "thresholds.h"

#include <string.h>

/* The active crossovers start as the generic path's (the table bgcn_kern
 * starts with); bgcn_mul_thresholds_select installs those of the path
 * bgcn_cpu_select picks. */
long bgcn_mul_toom22_threshold = BGCN_GENERIC_MUL_TOOM22;
long bgcn_mul_toom33_threshold = BGCN_GENERIC_MUL_TOOM33;
long bgcn_mul_toom44_threshold = BGCN_GENERIC_MUL_TOOM44;
long bgcn_mul_toom6_threshold = BGCN_GENERIC_MUL_TOOM6;
long bgcn_mul_toom42_threshold = BGCN_GENERIC_MUL_TOOM42;
long bgcn_mul_ntt_threshold = BGCN_GENERIC_MUL_NTT;
long bgcn_sqr_toom2_threshold = BGCN_GENERIC_SQR_TOOM2;
long bgcn_sqr_toom3_threshold = BGCN_GENERIC_SQR_TOOM3;
long bgcn_sqr_toom4_threshold = BGCN_GENERIC_SQR_TOOM4;
long bgcn_sqr_toom6_threshold = BGCN_GENERIC_SQR_TOOM6;
long bgcn_sqr_ntt_threshold = BGCN_GENERIC_SQR_NTT;
long bgcn_mul_ntt_min_k[BGCN_NTT_KTAB] = BGCN_GENERIC_MUL_NTT_MIN_K;
long bgcn_sqr_ntt_min_k[BGCN_NTT_KTAB] = BGCN_GENERIC_SQR_NTT_MIN_K;
long bgcn_mont_mul_ifma_min = BGCN_AVX512_MONT_MUL_IFMA_MIN;
long bgcn_mont_sqr_ifma_min = BGCN_AVX512_MONT_SQR_IFMA_MIN;

/* One tuned set per kernel path (thresholds.h says how each was found):
 * the faster a path's schoolbook product, the later Karatsuba pays. */
struct mul_tuning {
    const char *path;
    long t[11]; /* mul toom22, 33, 44, ntt; sqr toom2, 3, 4, ntt; mul
                 * toom6, toom42; sqr toom6 */
    long mul_k[BGCN_NTT_KTAB], sqr_k[BGCN_NTT_KTAB];
    long mont_ifma_mul, mont_ifma_sqr; /* read by the avx512 kernels only */
};

#define TUNING(P, NAME)                                                    \
    {                                                                      \
        NAME,                                                              \
            {BGCN_##P##_MUL_TOOM22, BGCN_##P##_MUL_TOOM33,                 \
             BGCN_##P##_MUL_TOOM44, BGCN_##P##_MUL_NTT,                    \
             BGCN_##P##_SQR_TOOM2, BGCN_##P##_SQR_TOOM3,                   \
             BGCN_##P##_SQR_TOOM4, BGCN_##P##_SQR_NTT,                     \
             BGCN_##P##_MUL_TOOM6, BGCN_##P##_MUL_TOOM42,                  \
             BGCN_##P##_SQR_TOOM6},                                        \
            BGCN_##P##_MUL_NTT_MIN_K, BGCN_##P##_SQR_NTT_MIN_K,            \
            BGCN_##P##_MONT_MUL_IFMA_MIN, BGCN_##P##_MONT_SQR_IFMA_MIN     \
    }

static const struct mul_tuning tunings[] = {
    TUNING(GENERIC, "generic"),
    TUNING(X86_64, "x86_64"),
    TUNING(BMI2, "bmi2"),
    TUNING(ADX, "adx"),
    TUNING(AVX512, "avx512"),
};

/* The sets tuned for one CPU model on one path.  BGCN_<P>_KEY is
 * "vendor", family, first model, last model (thresholds.h). */
struct cpu_tuning {
    const char *name;  /* "adx zen1": what bgcn_mul_thresholds_name says */
    const char *macro; /* "ADX_ZEN1": the prefix in thresholds.h */
    struct {
        const char *vendor;
        unsigned family, model_lo, model_hi;
    } key;
    struct mul_tuning set; /* set.path: the path it refines */
};

#define CPU_TUNING(P, NAME, PATH)                                          \
    {                                                                      \
        NAME, #P, {BGCN_##P##_KEY}, TUNING(P, PATH)                        \
    }

static const struct cpu_tuning cpu_tunings[] = {
    CPU_TUNING(ADX_ZEN1, "adx zen1", "adx"),
    CPU_TUNING(AVX512_EMR, "avx512 emr", "avx512"),
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static const char *active_name = "generic";

static void install(const struct mul_tuning *t);

const char *bgcn_mul_thresholds_select_cpu(const char *path,
                                           const bgcn_cpu_id *id)
{
    const struct mul_tuning *t = &tunings[0];
    const char *name = tunings[0].path;
    for (size_t i = 0; i < NELEM(tunings); i++)
        if (strcmp(tunings[i].path, path) == 0) {
            t = &tunings[i];
            name = t->path;
        }
    for (size_t i = 0; id && i < NELEM(cpu_tunings); i++) {
        const struct cpu_tuning *c = &cpu_tunings[i];
        if (strcmp(c->set.path, name) == 0 &&
            strcmp(c->key.vendor, id->vendor) == 0 &&
            c->key.family == id->family && c->key.model_lo <= id->model &&
            id->model <= c->key.model_hi) {
            t = &c->set;
            name = c->name;
            break;
        }
    }
    install(t);
    active_name = name;
    return name;
}

int bgcn_mul_thresholds_select(const char *path)
{
    bgcn_cpu_id id;
    bgcn_cpu_ident(&id);
    bgcn_mul_thresholds_select_cpu(path, &id);
    for (size_t i = 0; i < NELEM(tunings); i++)
        if (strcmp(tunings[i].path, path) == 0)
            return 0;
    return -1;
}

const char *bgcn_mul_thresholds_name(void)
{
    return active_name;
}

int bgcn_mul_thresholds_cpu_set(int i, const char **name, const char **path,
                                const char **macro, const char **vendor,
                                unsigned *family, unsigned *model_lo,
                                unsigned *model_hi)
{
    if (i < 0 || (size_t)i >= NELEM(cpu_tunings))
        return 0;
    const struct cpu_tuning *c = &cpu_tunings[i];
    *name = c->name;
    *path = c->set.path;
    *macro = c->macro;
    *vendor = c->key.vendor;
    *family = c->key.family;
    *model_lo = c->key.model_lo;
    *model_hi = c->key.model_hi;
    return 1;
}

#ifndef BGC_HAVE_ASM_X86_64
/* No CPUID here: no per-CPU set matches, each path keeps its own. */
void bgcn_cpu_ident(bgcn_cpu_id *id)
{
    memset(id, 0, sizeof *id);
}
#endif

static void install(const struct mul_tuning *t)
{
    bgcn_mul_toom22_threshold = t->t[0];
    bgcn_mul_toom33_threshold = t->t[1];
    bgcn_mul_toom44_threshold = t->t[2];
    bgcn_mul_ntt_threshold = t->t[3];
    bgcn_sqr_toom2_threshold = t->t[4];
    bgcn_sqr_toom3_threshold = t->t[5];
    bgcn_sqr_toom4_threshold = t->t[6];
    bgcn_sqr_ntt_threshold = t->t[7];
    bgcn_mul_toom6_threshold = t->t[8];
    bgcn_mul_toom42_threshold = t->t[9];
    bgcn_sqr_toom6_threshold = t->t[10];
    memcpy(bgcn_mul_ntt_min_k, t->mul_k, sizeof bgcn_mul_ntt_min_k);
    memcpy(bgcn_sqr_ntt_min_k, t->sqr_k, sizeof bgcn_sqr_ntt_min_k);
    bgcn_mont_mul_ifma_min = t->mont_ifma_mul;
    bgcn_mont_sqr_ifma_min = t->mont_ifma_sqr;
}

