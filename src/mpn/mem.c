/* mem.c -- engine scratch allocation, the memory budget, the
 * allocation-failure test hook, and the interrupt flag.  The engine
 * reports failure as a status; it never aborts on a failed allocation.
 *
 * The memory budget: under Linux's overcommit, malloc of a huge block
 * succeeds and the process is killed later, when the pages are touched,
 * if the machine or the memory cgroup runs out (exit 137, nothing else
 * runs).  So every limb allocation is first checked against a budget
 * (one comparison): the limbs already live plus the new block must stay within
 * 7/8 of the smallest of the memory cgroup's limit (v2 memory.max or v1
 * memory.limit_in_bytes), RLIMIT_AS, RLIMIT_DATA and the physical memory;
 * over it, the allocation fails like any other, and the statement ends in
 * "out of memory".  BIGCALC_MEMORY_LIMIT=BYTES (K, M, G suffixes) sets the
 * limit itself.  Live limbs are counted with malloc_usable_size. */
#include "bgcn.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

volatile sig_atomic_t bgcn_interrupt_flag;

void (*volatile bgcn_mem_reclaim)(void);

/* Countdown to a forced failure; 0 = hook off. */
static long fail_countdown;

void bgcn_alloc_fail_after(long k)
{
    __atomic_store_n(&fail_countdown, k, __ATOMIC_RELAXED);
}

/* limb blocks allocated and not yet freed; atomic: the thread pool's
 * workers allocate too */
static size_t live_bytes;
static size_t budget;      /* 0: not computed yet */

/* A byte count from a file holding one number ("max": none). */
static size_t limit_from_file(const char *path)
{
    FILE *f = fopen(path, "r");
    unsigned long long v = 0;
    size_t r = SIZE_MAX;
    if (!f)
        return r;
    if (fscanf(f, "%llu", &v) == 1 && v > 0 && v < SIZE_MAX)
        r = (size_t)v;
    fclose(f);
    return r;
}

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* Freed scratch stays in the process for the next operation.  glibc
 * hands out blocks above its mmap threshold (128 KiB, rising to the
 * largest block freed so far) as fresh mappings and returns them on
 * free, and trims the heap's free top beyond twice that: every large
 * scratch block then costs a page fault per 4 KiB page touched, with the
 * zeroing, each time an operation runs.  So blocks up to 32 MiB (glibc's
 * largest mmap threshold) come from the heap, and its free top is kept up
 * to a sixteenth of the memory limit (1 GiB at most): half of the eighth
 * the budget leaves free, since the budget counts only the blocks in use.
 * Measured on Zen 4 (family 25 model 17), one thread, a scratch program
 * dividing 2n by n limbs in a loop, page faults per division and the
 * whole run's time, before -> after: 10^4 limbs 72 -> 2 faults (400
 * divisions 0.91-1.00 -> 0.84-0.90 s), 10^5 1345 -> 225 (40 divisions
 * 1.21-1.27 -> 1.10-1.12 s), 10^6 65400 -> 16900 (4 divisions 1.63-2.16
 * -> 1.38-1.53 s, of which 0.53-0.77 -> 0.15-0.18 s in the kernel); one
 * 10^7-limb division 7.6 -> 5.6 s. */
static void keep_freed_memory(size_t limit)
{
    size_t keep = limit / 16;
    if (keep > (size_t)1 << 30)
        keep = (size_t)1 << 30;
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, (int)keep);
}

static size_t compute_budget(void)
{
    size_t lim = SIZE_MAX;
    const char *env = getenv("BIGCALC_MEMORY_LIMIT");
    if (env && *env) {
        char *end;
        unsigned long long v = strtoull(env, &end, 10);
        unsigned shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20
                         : *end == 'G' || *end == 'g'                             ? 30
                                                                                  : 0;
        if (v > 0 && v < ((unsigned long long)SIZE_MAX >> shift))
            lim = (size_t)v << shift;
    } else {
        struct rlimit rl;
        if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
            lim = min_size(lim, (size_t)rl.rlim_cur);
        if (getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
            lim = min_size(lim, (size_t)rl.rlim_cur);
        lim = min_size(lim, limit_from_file("/sys/fs/cgroup/memory.max"));
        lim = min_size(lim, limit_from_file("/sys/fs/cgroup/memory/memory.limit_in_bytes"));
        long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
        if (pages > 0 && psz > 0 && (size_t)pages < SIZE_MAX / (size_t)psz)
            lim = min_size(lim, (size_t)pages * (size_t)psz);
    }
    keep_freed_memory(lim);
    return lim / 8 * 7;
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
    size_t bytes = n ? n * sizeof(bgcn_limb_t) : 1;
    if (!budget)
        budget = compute_budget();
    for (int again = 0;; again++) {
        bgcn_limb_t *p = NULL;
        if (bytes <= budget &&
            __atomic_load_n(&live_bytes, __ATOMIC_RELAXED) <= budget - bytes)
            p = malloc(bytes);
        if (p) {
            __atomic_add_fetch(&live_bytes, malloc_usable_size(p),
                               __ATOMIC_RELAXED);
            return p;
        }
        void (*reclaim)(void) = bgcn_mem_reclaim;
        if (again || !reclaim)
            return NULL;
        reclaim(); /* cached blocks out, then once more */
    }
}

void bgcn_free_limbs(bgcn_limb_t *p)
{
    if (p)
        __atomic_sub_fetch(&live_bytes, malloc_usable_size(p), __ATOMIC_RELAXED);
    free(p);
}
