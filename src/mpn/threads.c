/* threads.c -- the engine's small thread pool (contract in bgcn.h).
 *
 * One pool per process, created on first use with (count - 1) workers;
 * the calling thread takes part, so bgcn_par_run with one thread is a
 * plain loop.  A run hands out task indices 0 .. n-1 through an atomic
 * counter (whoever is free takes the next), so the order in which tasks
 * finish varies but every task does the same work whichever thread runs
 * it: callers that give each task its own part of the output get the same
 * result for every thread count.  A worker that cannot be created is
 * simply missing (its share goes to the others).
 *
 * Waiting: a worker that has finished spins for up to SPIN_NS on the run
 * word before it sleeps on its own condition variable, and the caller
 * spins as long on the count of busy workers before it sleeps.  A run
 * wakes and waits for only the workers it uses: after a run on more
 * threads than CPUs (--threads 4 on two), the extra workers sleep on
 * instead of each later run waking them all and sharing the CPUs with
 * them (which made the later runs several times slower).  A large
 * product is dozens of runs (one per split transform level, load,
 * pointwise product and CRT, per prime) with short serial stretches
 * between them, and waking a sleeping thread is slow on a virtual
 * machine: measured on the Zen 4 VM (AMD EPYC family 25 model 17), one
 * empty run on two threads took 22-57 us with sleeping workers, which
 * made a product of 10^4 limbs slower on two threads (1.87 ms) than on
 * one (0.97 ms).  The spin ends as soon as the next run starts, so a
 * pool that is used once costs the other CPU SPIN_NS of busy waiting.
 * Spinning only pays when the threads have CPUs of their own, so there
 * is none when more threads are set than this process may run on.
 *
 * Placement: left to itself the kernel often wakes a worker on the CPU
 * of the thread that woke it, or moves the caller onto the worker's, and
 * the two then take turns on one CPU while the other idles; measured on
 * the Zen 4 VM, a product of 10^3 limbs took 0.29-0.40 ms on two threads
 * instead of 0.09 ms, and 10^4 limbs 2-2.7 ms instead of 0.6 ms for 20 to
 * 50 ms until the kernel separated them.  So (when spinning is allowed)
 * a worker is started on the pool's CPUs but the caller's, and a worker
 * that finds itself on the caller's CPU when a run starts moves off it
 * the same way (one affinity call) instead of spinning there. */
#define _GNU_SOURCE
#include "bgcn.h"

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <time.h>

#define MAX_THREADS 64
#define SPIN_NS 300000L /* 0.3 ms */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake[MAX_THREADS]; /* worker i sleeps on wake[i] */
static pthread_cond_t done = PTHREAD_COND_INITIALIZER;
static int nworkers;      /* workers started */
static int wanted = 0;    /* bgcn_threads_set value; 0 = default */
/* atomic: the current run, (generation << 8) | the workers it uses: one
 * word, so a worker reads both at once and knows whether the run it sees
 * is one it takes part in (worker i does when i < the count) */
static unsigned long run_word;
static bgcn_task_fn cur_fn;
static void *cur_ctx;
static int cur_n;
static int next_task;     /* atomic: next index to hand out */
static int busy;          /* atomic: workers still inside the current run */
static unsigned long start_gen[MAX_THREADS]; /* generation when worker i started */
unsigned long bgcn_threads_joins;                 /* atomic: see bgcn.h */
static int ncpus;         /* CPU_COUNT(pool_cpus) (at least 1) */
static int spin_allowed;  /* this run's threads <= the CPUs we may use */
static int caller_cpu;    /* atomic: the CPU of the thread that started it */
static cpu_set_t pool_cpus; /* the creating thread's CPUs, at the first run */

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

int bgcn_threads_usable(void)
{
    return in_task ? 1 : bgcn_threads_get();
}

int bgcn_threads_for(long limbs)
{
    return limbs >= bgcn_threads_min_limbs ? bgcn_threads_usable() : 1;
}

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

static long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Whether a worker should spin (when spinning is allowed at all): not on
 * the CPU of the thread that started the run. */
static int worker_apart(void)
{
    return sched_getcpu() != __atomic_load_n(&caller_cpu, __ATOMIC_RELAXED);
}

/* The two waits: a worker for the next run it takes part in (a
 * generation past the one it last took part in, using it), the caller
 * for the workers to leave the run (busy at 0).  The loads acquire, so
 * what was written before the change is seen. */
struct worker_wait {
    int idx;
    unsigned long seen; /* the generation last taken part in */
};

static int next_run(const void *arg)
{
    const struct worker_wait *w = arg;
    unsigned long word = __atomic_load_n(&run_word, __ATOMIC_ACQUIRE);
    return (word >> 8) != w->seen && w->idx < (int)(word & 255);
}

static int run_left(const void *unused)
{
    (void)unused;
    return __atomic_load_n(&busy, __ATOMIC_ACQUIRE) == 0;
}

/* Spins until ready(arg) (returns 1), or SPIN_NS have passed, or worth()
 * (when given) says spinning stops paying (returns 0: sleep instead). */
static int spin_until(int (*ready)(const void *), const void *arg,
                      int (*worth)(void))
{
    if (!__atomic_load_n(&spin_allowed, __ATOMIC_RELAXED) ||
        (worth && !worth()))
        return ready(arg);
    long t0 = now_ns();
    for (unsigned i = 1;; i++) {
        if (ready(arg))
            return 1;
        cpu_relax();
        if ((i & 255) == 0 &&
            (now_ns() - t0 > SPIN_NS || (worth && !worth())))
            return 0;
    }
}

/* The pool's CPUs but cpu, in *set; 0 if that leaves none. */
static int cpus_but(int cpu, cpu_set_t *set)
{
    *set = pool_cpus;
    if (cpu >= 0 && cpu < CPU_SETSIZE)
        CPU_CLR(cpu, set);
    return CPU_COUNT(set) > 0;
}

/* A worker on the caller's CPU moves off it (see the placement note). */
static void leave_caller_cpu(void)
{
    int cpu = __atomic_load_n(&caller_cpu, __ATOMIC_RELAXED);
    cpu_set_t set;
    if (__atomic_load_n(&spin_allowed, __ATOMIC_RELAXED) &&
        sched_getcpu() == cpu && cpus_but(cpu, &set))
        sched_setaffinity(0, sizeof set, &set);
}

static void *worker(void *arg)
{
    /* seen: written before this thread was created, under the lock,
     * before the run that created it began: so that run is its first */
    struct worker_wait w = {(int)(intptr_t)arg, 0};
    w.seen = start_gen[w.idx];
    for (;;) {
        if (!spin_until(next_run, &w, worker_apart)) {
            pthread_mutex_lock(&lock);
            while (!next_run(&w))
                pthread_cond_wait(&wake[w.idx], &lock);
            pthread_mutex_unlock(&lock);
        }
        /* A run that uses this worker cannot end (busy) and so cannot be
         * followed by another before this worker has left it: the word
         * read now is the run's, and so are its fields, written before
         * it. */
        w.seen = __atomic_load_n(&run_word, __ATOMIC_ACQUIRE) >> 8;
        __atomic_add_fetch(&bgcn_threads_joins, 1, __ATOMIC_RELAXED);
        leave_caller_cpu();
        run_tasks(cur_fn, cur_ctx, cur_n);
        if (__atomic_sub_fetch(&busy, 1, __ATOMIC_ACQ_REL) == 0) {
            pthread_mutex_lock(&lock);
            pthread_cond_signal(&done);
            pthread_mutex_unlock(&lock);
        }
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
        start_gen[nworkers] = run_word >> 8;
        pthread_cond_init(&wake[nworkers], NULL);
        cpu_set_t set;
        if (want <= ncpus && cpus_but(sched_getcpu(), &set))
            pthread_attr_setaffinity_np(&at, sizeof set, &set);
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
    if (!ncpus) {
        if (sched_getaffinity(0, sizeof pool_cpus, &pool_cpus) != 0)
            CPU_ZERO(&pool_cpus);
        ncpus = CPU_COUNT(&pool_cpus) > 0 ? CPU_COUNT(&pool_cpus) : 1;
    }
    grow(threads);
    /* Only the first `use` workers wake and take part: fewer threads may
     * be set than an earlier run started, and the others sleep on. */
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
    __atomic_store_n(&spin_allowed, threads <= ncpus, __ATOMIC_RELAXED);
    __atomic_store_n(&caller_cpu, sched_getcpu(), __ATOMIC_RELAXED);
    __atomic_store_n(&next_task, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&busy, use, __ATOMIC_RELAXED);
    unsigned long next_gen = (run_word >> 8) + 1;
    __atomic_store_n(&run_word, (next_gen << 8) | (unsigned long)use,
                     __ATOMIC_RELEASE);
    for (int i = 0; i < use; i++)
        pthread_cond_signal(&wake[i]);
    pthread_mutex_unlock(&lock);
    run_tasks(fn, ctx, n);
    if (!spin_until(run_left, NULL, NULL)) {
        pthread_mutex_lock(&lock);
        while (!run_left(NULL))
            pthread_cond_wait(&done, &lock);
        pthread_mutex_unlock(&lock);
    }
}
