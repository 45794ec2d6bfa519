/* cpu.c -- which kernel paths this amd64 CPU can run (CPUID/XGETBV). */
#include "bgcn.h"

#include <string.h>

int bgcn_cpu_supported(const bgcn_kernels *p)
{
    return strcmp(p->name, "generic") == 0;
}
