/* threads.c -- the engine's small thread pool (contract in bgcn.h).
 *
 * One pool per process, created on first use with (count - 1) workers;
 * the calling thread takes part, so bgcn_par_run with one thread is a
 * plain loop.  A run hands out task indices 0 .. n-1 through an atomic
 * counter (whoever is free takes the next), so the order in which tasks
 * finish varies but every task does the same work whichever thread runs
 * it: callers that give each task its own part of the output get the same
 * result for every thread count.  A worker that cannot be created is
 * simply missing (its share goes to the others).  Workers sleep on a
 * condition variable between runs. */
#define _GNU_SOURCE
#include "bgcn.h"

#include <pthread.h>
#include <sched.h>
#include <stdint.h>

#define MAX_THREADS 64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t done = PTHREAD_COND_INITIALIZER;
static int nworkers;      /* workers started */
static int wanted = 0;    /* bgcn_threads_set value; 0 = default */
static unsigned long gen; /* run generation, bumped per run */
static bgcn_task_fn cur_fn;
static void *cur_ctx;
static int cur_n;
static int cur_use;       /* workers with an index below this take part */
static int next_task;     /* atomic: next index to hand out */
static int busy;          /* workers still inside the current run */

long bgcn_threads_min_limbs = BGCN_THREADS_MIN_LIMBS;

int bgcn_threads_default(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n >= 1)
            return n > MAX_THREADS ? MAX_THREADS : n;
    }
    return 1;
}

int bgcn_threads_set(int n)
{
    if (n < 0 || n > MAX_THREADS)
        return -1;
    wanted = n;
    return 0;
}

int bgcn_threads_get(void)
{
    if (!wanted)
        wanted = bgcn_threads_default();
    return wanted;
}

/* Set while a thread runs a task: a run started from inside a task (a
 * nested product) goes serially instead of waiting for itself. */
static __thread int in_task;

static void run_tasks(bgcn_task_fn fn, void *ctx, int n)
{
    in_task = 1;
    for (;;) {
        int t = __atomic_fetch_add(&next_task, 1, __ATOMIC_RELAXED);
        if (t >= n)
            break;
        fn(ctx, t);
    }
    in_task = 0;
}

static void *worker(void *arg)
{
    int idx = (int)(intptr_t)arg;
    unsigned long seen = 0;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (gen == seen)
            pthread_cond_wait(&wake, &lock);
        seen = gen;
        bgcn_task_fn fn = cur_fn;
        void *ctx = cur_ctx;
        int n = cur_n, join = idx < cur_use;
        pthread_mutex_unlock(&lock);
        if (join)
            run_tasks(fn, ctx, n);
        pthread_mutex_lock(&lock);
        if (--busy == 0)
            pthread_cond_signal(&done);
    }
    return NULL;
}

/* Starts workers up to want - 1 (as many as the system allows). */
static void grow(int want)
{
    while (nworkers < want - 1 && nworkers < MAX_THREADS - 1) {
        pthread_t th;
        pthread_attr_t at;
        if (pthread_attr_init(&at) != 0)
            return;
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        int err = pthread_create(&th, &at, worker, (void *)(intptr_t)nworkers);
        pthread_attr_destroy(&at);
        if (err != 0)
            return;
        nworkers++;
    }
}

void bgcn_par_run(int n, bgcn_task_fn fn, void *ctx)
{
    int threads = bgcn_threads_get();
    if (n <= 1 || threads <= 1 || in_task) {
        for (int t = 0; t < n; t++)
            fn(ctx, t);
        return;
    }
    pthread_mutex_lock(&lock);
    grow(threads);
    /* Every started worker wakes and reports back (busy), but only the
     * first `use` take tasks: fewer threads may be set than were started
     * by an earlier run. */
    int use = nworkers < threads - 1 ? nworkers : threads - 1;
    if (use > n - 1)
        use = n - 1;
    if (use <= 0) {
        pthread_mutex_unlock(&lock);
        for (int t = 0; t < n; t++)
            fn(ctx, t);
        return;
    }
    cur_fn = fn;
    cur_ctx = ctx;
    cur_n = n;
    cur_use = use;
    __atomic_store_n(&next_task, 0, __ATOMIC_RELAXED);
    busy = nworkers;
    gen++;
    pthread_cond_broadcast(&wake);
    pthread_mutex_unlock(&lock);
    run_tasks(fn, ctx, n);
    pthread_mutex_lock(&lock);
    while (busy > 0)
        pthread_cond_wait(&done, &lock);
    pthread_mutex_unlock(&lock);
}
