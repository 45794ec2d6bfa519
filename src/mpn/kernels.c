/* kernels.c -- the kernel dispatch table and the choice of path.
 *
 * bgcn_kern starts as the generic (portable C) path so that the engine is
 * usable before bgcn_cpu_select runs.  Assembly paths are listed in
 * bgcn_kernel_paths best first; each says which CPU features it needs
 * through bgcn_cpu_supported (src/asm/x86_64/cpu.c on x86-64), so a request can
 * narrow the choice but never widen it past the CPU. */
#include "bgcn.h"

#include <string.h>

#define GENERIC_KERNELS                                                    \
    {                                                                      \
        .name = "generic", .add_n = bgcn_add_n_c, .sub_n = bgcn_sub_n_c,   \
        .mul_1 = bgcn_mul_1_c, .addmul_1 = bgcn_addmul_1_c,                \
        .submul_1 = bgcn_submul_1_c,                                       \
        .mul_basecase = bgcn_mul_basecase_c,                               \
        .sqr_basecase = bgcn_sqr_basecase_c,                               \
        .mont_mul_n = bgcn_mont_mul_n_c, .mont_sqr_n = bgcn_mont_sqr_n_c,  \
    }

static const bgcn_kernels generic_path = GENERIC_KERNELS;
bgcn_kernels bgcn_kern = GENERIC_KERNELS;

#ifdef BGC_HAVE_ASM_X86_64
#include "asm/x86_64/paths.h"
#endif

const bgcn_kernels *const bgcn_kernel_paths[] = {
#ifdef BGC_HAVE_ASM_X86_64
    BGCN_X86_64_PATHS /* best first, e.g. &bgcn_path_adx, &bgcn_path_x86_64, */
#endif
    &generic_path,
    NULL,
};

#ifndef BGC_HAVE_ASM_X86_64
int bgcn_cpu_supported(const bgcn_kernels *p)
{
    return p == &generic_path;
}
#endif

const bgcn_kernels *bgcn_kernel_path(const char *name)
{
    for (int i = 0; bgcn_kernel_paths[i]; i++)
        if (strcmp(bgcn_kernel_paths[i]->name, name) == 0)
            return bgcn_kernel_paths[i];
    return NULL;
}

int bgcn_cpu_select(const char *name)
{
    const bgcn_kernels *p = NULL;
    if (name) {
        p = bgcn_kernel_path(name);
        if (!p || !bgcn_cpu_supported(p))
            return -1;
    } else {
        for (int i = 0; bgcn_kernel_paths[i] && !p; i++)
            if (bgcn_cpu_supported(bgcn_kernel_paths[i]))
                p = bgcn_kernel_paths[i];
    }
    bgcn_kern = *p;
    /* The Toom/NTT crossovers depend on the schoolbook kernel's speed. */
    (void)bgcn_mul_thresholds_select(p->name); /* every path has a set (test-abi) */
    return 0;
}
