/* asmtest.h -- helpers shared by the assembly-kernel tests: the paths this
 * machine can run, and a GMP-backed reduction for Montgomery operands. */
#ifndef BGC_ASMTEST_H
#define BGC_ASMTEST_H

#include "bgcn.h"

/* Calls fn(path) for every compiled-in path the CPU supports; returns how
 * many ran. */
static inline int at_each_path(void (*fn)(const bgcn_kernels *))
{
    int k = 0;
    for (int i = 0; bgcn_kernel_paths[i]; i++)
        if (bgcn_cpu_supported(bgcn_kernel_paths[i])) {
            fn(bgcn_kernel_paths[i]);
            k++;
        }
    return k;
}

/* -m^-1 mod 2^64 for odd m0 (Newton: each step doubles the good bits). */
static inline bgcn_limb_t at_minv(bgcn_limb_t m0)
{
    bgcn_limb_t inv = m0; /* correct to 3 bits for odd m0 */
    for (int i = 0; i < 5; i++)
        inv *= 2 - m0 * inv;
    return (bgcn_limb_t)0 - inv;
}

#endif
