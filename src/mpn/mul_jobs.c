/* mul_jobs.c -- independent products side by side (contract in bgcn.h).
 *
 * The half gcd's matrix products are several products of one size that
 * do not depend on each other: the four of a reduction's matrix times
 * the low parts, the seven of a Strassen matrix product, the two of each
 * cofactor update.  Below the size at which one product splits its own
 * transforms across threads (bgcn_threads_min_limbs) they would run on
 * one thread; as tasks of one run they keep both CPUs busy, each product
 * whole on one CPU (its data in that CPU's cache).  A product started
 * inside a task runs its own transforms serially (threads.c), so the
 * results are those of bgcn_mul on one thread: the same for every thread
 * count. */
#include "bgcn.h"

#include "div-impl.h"

/* Measured on the Zen 4 VM (AMD EPYC family 25 model 17), bgcn_gcd of
 * two random n-limb numbers, 2 threads, best of 5-21, the minimum swept
 * over 15 .. 800 limbs (noisy: +-15% between runs): n = 10^3 1.15 ms on 1
 * thread, 1.08 with the minimum at 50, 1.26 at 15-30; n = 3000 5.8 ms,
 * 4.6-4.9 at 15-100, no gain from 200 up; n = 10^4 33 ms, 22-27 at
 * 15-100, 30-35 at 400-800; n = 3 10^4 169 ms, 113 at 50-200. */
long bgcn_mul_jobs_min = 50;

typedef struct {
    const bgcn_mul_job *jobs;
    bgcn_status st[64];
} run_t;

static bgcn_status one(const bgcn_mul_job *j)
{
    if (j->an == 0 || j->bn == 0)
        return BGCN_OK;
    return bgcn_div_mul(j->rp, j->ap, j->an, j->bp, j->bn);
}

static void task(void *vr, int t)
{
    run_t *r = vr;
    r->st[t] = one(&r->jobs[t]);
}

bgcn_status bgcn_mul_jobs(const bgcn_mul_job *jobs, int n)
{
    BGCN_ASSERT(n >= 0 && n <= 64);
    int par = n > 1 && bgcn_threads_usable() > 1;
    for (int i = 0; i < n && par; i++) {
        const bgcn_mul_job *j = &jobs[i];
        long small = j->an < j->bn ? j->an : j->bn;
        if (small && small < bgcn_mul_jobs_min)
            par = 0;
    }
    if (!par) {
        for (int i = 0; i < n; i++)
            BGCN_TRY(one(&jobs[i]));
        return BGCN_OK;
    }
    run_t r;
    r.jobs = jobs;
    bgcn_par_run(n, task, &r);
    for (int i = 0; i < n; i++)
        if (r.st[i] != BGCN_OK)
            return r.st[i];
    return BGCN_OK;
}
