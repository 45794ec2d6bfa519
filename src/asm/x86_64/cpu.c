/* cpu.c -- the amd64 kernel tables and which of them this CPU can run.
 *
 * Features come from CPUID, never from family/model (tables keyed on the
 * model go stale when a new CPU appears):
 *   leaf 7 subleaf 0 EBX: bit 8 BMI2 (MULX), bit 19 ADX (ADCX/ADOX),
 *     bit 16 AVX512F, bit 17 AVX512DQ, bit 21 AVX512IFMA, bit 30 AVX512BW
 *     (the sieve's twins, BGCN_CAP_AVX512BW), bit 31 AVX512VL;
 *     ECX bit 6 AVX512_VBMI2 (vpshrdvq, used by the IFMA conversions);
 *   leaf 7 EBX bit 5 AVX2 and leaf 1 ECX bit 12 FMA (the NTT kernels), with
 *     XCR0 bits 1 and 2 (SSE and AVX state saved by the OS);
 *   leaf 1 ECX bit 27 OSXSAVE, then XGETBV(0): XCR0 bits 1, 2 (SSE, AVX
 *     state) and 5, 6, 7 (opmask, upper zmm0-15, zmm16-31) must all be set
 *     before any AVX-512 code may run -- the CPU may have AVX-512 while the
 *     OS does not save its state.
 * The detection runs once (it is idempotent, so a race would only repeat
 * it).  bgcn_cpu_supported (the table needs[] at the end: the features of
 * each path) is what keeps bgcn_cpu_select from widening. */
#include "bgcn.h"
#include "asm/x86_64/paths.h"

#include <cpuid.h>
#include <stddef.h>
#include <string.h> /* bgcn_cpu_ident */

const bgcn_kernels bgcn_path_avx512 = {
    .name = "avx512",
    .add_n = bgcn_add_n_avx512,
    .sub_n = bgcn_sub_n_avx512,
    .mul_1 = bgcn_mul_1_adx,
    .addmul_1 = bgcn_addmul_1_adx,
    .submul_1 = bgcn_submul_1_adx,
    .mul_basecase = bgcn_mul_basecase_ifma,
    .sqr_basecase = bgcn_sqr_basecase_ifma,
    .mont_mul_n = bgcn_mont_mul_n_ifma,
    .mont_sqr_n = bgcn_mont_sqr_n_ifma,
    .redc_almost = bgcn_redc_1_almost_adx,
    .residue = &bgcn_residue_ifma,
    .nttfp = &bgcn_nttfp_avx512,
    .caps = BGCN_CAP_AVX512BW | BGCN_CAP_AVX2 | BGCN_CAP_IFMA,
};

const bgcn_kernels bgcn_path_adx = {
    .name = "adx",
    .add_n = bgcn_add_n_x86_64,
    .sub_n = bgcn_sub_n_x86_64,
    .mul_1 = bgcn_mul_1_adx,
    .addmul_1 = bgcn_addmul_1_adx,
    .submul_1 = bgcn_submul_1_adx,
    .mul_basecase = bgcn_mul_basecase_adx,
    .sqr_basecase = bgcn_sqr_basecase_adx,
    .mont_mul_n = bgcn_mont_mul_n_adx,
    .mont_sqr_n = bgcn_mont_sqr_n_adx,
    .redc_almost = bgcn_redc_1_almost_adx,
    .nttfp = &bgcn_nttfp_avx2,
    .caps = BGCN_CAP_AVX2,
};

const bgcn_kernels bgcn_path_bmi2 = {
    .name = "bmi2",
    .add_n = bgcn_add_n_x86_64,
    .sub_n = bgcn_sub_n_x86_64,
    .mul_1 = bgcn_mul_1_bmi2,
    .addmul_1 = bgcn_addmul_1_bmi2,
    .submul_1 = bgcn_submul_1_bmi2,
    .mul_basecase = bgcn_mul_basecase_bmi2,
    .sqr_basecase = bgcn_sqr_basecase_bmi2,
    .mont_mul_n = bgcn_mont_mul_n_c,
    .mont_sqr_n = bgcn_mont_sqr_n_c,
    .nttfp = &bgcn_nttfp_avx2,
    .caps = BGCN_CAP_AVX2,
};

const bgcn_kernels bgcn_path_x86_64 = {
    .name = "x86_64",
    .add_n = bgcn_add_n_x86_64,
    .sub_n = bgcn_sub_n_x86_64,
    .mul_1 = bgcn_mul_1_x86_64,
    .addmul_1 = bgcn_addmul_1_x86_64,
    .submul_1 = bgcn_submul_1_x86_64,
    .mul_basecase = bgcn_mul_basecase_x86_64,
    .sqr_basecase = bgcn_sqr_basecase_x86_64,
    .mont_mul_n = bgcn_mont_mul_n_c,
    .mont_sqr_n = bgcn_mont_sqr_n_c,
};

enum {
    F_DONE = 1,
    F_BMI2 = 2,
    F_ADX = 4,
    F_AVX512 = 8, /* F DQ BW VL IFMA VBMI2, and the OS saves zmm/k state */
    F_AVX2 = 16,  /* AVX2 and FMA, and the OS saves ymm state */
};

static int cpu_features(void)
{
    static volatile int feat;
    if (feat)
        return feat;
    int f = F_DONE;
    unsigned a, b, c, d;
    unsigned max = __get_cpuid_max(0, NULL);
    if (max >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & (1u << 8))
            f |= F_BMI2;
        if (b & (1u << 19))
            f |= F_ADX;
        unsigned want = (1u << 16) | (1u << 17) | (1u << 21) | (1u << 30) |
                        (1u << 31);
        int avx512_cpu = (b & want) == want && (c & (1u << 6));
        int avx2_cpu = (b & (1u << 5)) != 0;
        __cpuid(1, a, b, c, d);
        avx2_cpu = avx2_cpu && (c & (1u << 12)); /* FMA */
        if (avx2_cpu && (c & (1u << 27))) {
            unsigned lo, hi;
            __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
            if ((lo & 6u) == 6u)
                f |= F_AVX2;
        }
        if (avx512_cpu && (c & (1u << 27))) {
            unsigned lo, hi;
            __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
            unsigned xcr0_want = (1u << 1) | (1u << 2) | (1u << 5) |
                                 (1u << 6) | (1u << 7);
            if ((lo & xcr0_want) == xcr0_want)
                f |= F_AVX512;
        }
    }
    feat = f;
    return f;
}

/* The features each path needs (a path not listed needs none: x86_64,
 * generic).  Every path that names the AVX2 NTT kernels (nttfp) needs
 * F_AVX2 too: every CPU with BMI2 has AVX2 and FMA, but a virtual
 * machine might hide them. */
static const struct {
    const bgcn_kernels *path;
    int need;
} needs[] = {
    {&bgcn_path_avx512, F_BMI2 | F_ADX | F_AVX512 | F_AVX2},
    {&bgcn_path_adx, F_BMI2 | F_ADX | F_AVX2},
    {&bgcn_path_bmi2, F_BMI2 | F_AVX2},
};

int bgcn_cpu_supported(const bgcn_kernels *p)
{
    int f = cpu_features();
    for (size_t i = 0; i < sizeof needs / sizeof needs[0]; i++)
        if (needs[i].path == p)
            return (f & needs[i].need) == needs[i].need;
    return 1; /* x86_64, generic: anything this file is built for */
}

/* Which CPU this is (bgcn.h): for the threshold sets keyed by CPU model
 * (src/mpn/thresholds.c), never for the kernel choice above.  Display
 * family = base family, plus the extended family when the base is 0xf;
 * display model = base model, with the extended model as its high nibble
 * when the base family is 6 or 0xf (Intel's and AMD's manuals agree). */
void bgcn_cpu_ident(bgcn_cpu_id *id)
{
    unsigned a, b, c, d;
    memset(id, 0, sizeof *id);
    unsigned max = __get_cpuid_max(0, NULL);
    __cpuid(0, a, b, c, d);
    memcpy(id->vendor, &b, 4);
    memcpy(id->vendor + 4, &d, 4);
    memcpy(id->vendor + 8, &c, 4);
    if (max >= 1) {
        __cpuid(1, a, b, c, d);
        unsigned fam = (a >> 8) & 0xf, mod = (a >> 4) & 0xf;
        if (fam == 0xf)
            fam += (a >> 20) & 0xff;
        if (fam == 0x6 || fam >= 0xf)
            mod |= ((a >> 16) & 0xf) << 4;
        id->family = fam;
        id->model = mod;
    }
    if (__get_cpuid_max(0x80000000u, NULL) >= 0x80000004u) {
        for (unsigned leaf = 0; leaf < 3; leaf++) {
            unsigned r[4];
            __cpuid(0x80000002u + leaf, r[0], r[1], r[2], r[3]);
            memcpy(id->brand + 16 * leaf, r, sizeof r);
        }
        id->brand[48] = 0;
    }
}
