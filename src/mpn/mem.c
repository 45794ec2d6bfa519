/* mem.c -- engine scratch allocation, the allocation-failure test hook,
 * and the interrupt flag.  The engine reports failure as a status; it
 * never aborts on a failed allocation. */
#include "bgcn.h"

#include <stdlib.h>

volatile sig_atomic_t bgcn_interrupt_flag;

/* Countdown to a forced failure; 0 = hook off. */
static long fail_countdown;

void bgcn_alloc_fail_after(long k)
{
    __atomic_store_n(&fail_countdown, k, __ATOMIC_RELAXED);
}

bgcn_limb_t *bgcn_alloc_limbs(size_t n)
{
    /* Atomic: the engine's threads allocate too (src/mpn/threads.c). */
    long k = __atomic_load_n(&fail_countdown, __ATOMIC_RELAXED);
    while (k > 0) {
        if (k == 1)
            return NULL; /* stays at 1: every later allocation fails too */
        if (__atomic_compare_exchange_n(&fail_countdown, &k, k - 1, 0,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            break;
    }
    if (n > SIZE_MAX / sizeof(bgcn_limb_t))
        return NULL;
    return malloc(n ? n * sizeof(bgcn_limb_t) : 1);
}

void bgcn_free_limbs(bgcn_limb_t *p)
{
    free(p);
}
