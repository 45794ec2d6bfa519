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
    fail_countdown = k;
}

bgcn_limb_t *bgcn_alloc_limbs(size_t n)
{
    if (fail_countdown > 0) {
        if (fail_countdown == 1)
            return NULL; /* stays at 1: every later allocation fails too */
        fail_countdown--;
    }
    if (n > SIZE_MAX / sizeof(bgcn_limb_t))
        return NULL;
    return malloc(n ? n * sizeof(bgcn_limb_t) : 1);
}

void bgcn_free_limbs(bgcn_limb_t *p)
{
    free(p);
}
