/* ct-timing.c -- a statistical timing test of bgcn_powm_sec (dudect-style:
 * "dude, is my code constant time?", Reparaz, Balasch, Verbauwhede 2017;
 * the method, not its code).  A benchmark program, not a test: timing
 * never goes into make check.  It is the second proof of constant time
 * for the kernel paths valgrind cannot run (ADX, AVX-512 IFMA:
 * tests/mpn/ct-powm-sec checks the others under memcheck).
 *
 * What each row reaches ("route"): on a path with a residue form (the
 * avx512 path's IFMA digits, powm_form.c) the moduli it takes run in the
 * form ("form"); every such row is repeated with the form switched off
 * ("mont": the path's Montgomery kernels, on avx512 the IFMA mont_mul_n
 * from 21 limbs, the ADX ones below), so both are measured.  Sizes: 4
 * and 8 limbs (the unrolled ADX kernels), 16 and 20 (the form; ADX
 * Montgomery without it), 32 (the IFMA Montgomery kernel from 21), 64
 * (the form's largest).
 *
 * For each kernel path and modulus size: one fixed odd modulus and base;
 * two classes of exponent of the same limb count, "fixed" (only the top
 * bit set: the fewest multiplications a variable-time method would do)
 * and "random" (fresh uniform limbs each time, top bit set), drawn in a
 * random order so that drift of the machine's load falls on both.  Each
 * call is timed with rdtsc; Welch's t statistic compares the two
 * distributions, on all samples and on those below a few percentiles
 * (cropping the long tail of interrupts, as dudect does).  |t| > 4.5 is
 * evidence of a leak.  The variable-time bgcn_powm runs on the same
 * inputs as a control: its |t| must be large, showing the test can see a
 * leak at all.
 *
 *   bench/ct-timing [--samples N] [--cpu NAME]...
 * N per constant-time row (default 10000); the control rows take N/10.
 *
 * Exit status 1 when a constant-time row exceeds the threshold or a
 * control row does not.  Pin it (taskset -c 1) and state the load.
 */
#include "bgcn.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

static uint64_t rng = 0x2545f4914f6cdd1du;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static inline uint64_t ticks(void)
{
    unsigned aux;
    _mm_lfence();
    uint64_t t = __rdtscp(&aux);
    _mm_lfence();
    return t;
}

typedef struct welch {
    double n[2], mean[2], m2[2];
} welch;

static void welch_add(welch *w, int cls, double x)
{
    w->n[cls] += 1;
    double d = x - w->mean[cls];
    w->mean[cls] += d / w->n[cls];
    w->m2[cls] += d * (x - w->mean[cls]);
}

static double welch_t(const welch *w)
{
    if (w->n[0] < 2 || w->n[1] < 2)
        return 0;
    double v0 = w->m2[0] / (w->n[0] - 1), v1 = w->m2[1] / (w->n[1] - 1);
    double den = sqrt(v0 / w->n[0] + v1 / w->n[1]);
    return den > 0 ? (w->mean[0] - w->mean[1]) / den : 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

#define NCROP 3
static const double crops[NCROP] = {0.50, 0.90, 0.99};

/* One row: returns max |t| over the raw samples and the crops; the
 * median cycles of each class in *mean_fixed, *mean_random. */
static double row(int sec, long mn, long en, long samples, double *mean_fixed,
                  double *mean_random)
{
    bgcn_limb_t *mp = malloc((size_t)mn * 8), *bp = malloc((size_t)mn * 8),
                *rp = malloc((size_t)mn * 8), *ep = malloc((size_t)en * 8 * 2);
    uint64_t *t = malloc((size_t)samples * 8);
    unsigned char *cls = malloc((size_t)samples);
    for (long j = 0; j < mn; j++)
        mp[j] = rnd(), bp[j] = rnd();
    mp[0] |= 1;
    mp[mn - 1] |= 1ull << 63;
    bp[mn - 1] >>= 1; /* b < m */
    bgcn_limb_t *fixed = ep, *random = ep + en;
    memset(fixed, 0, (size_t)en * 8);
    fixed[en - 1] = 1ull << 63;
    for (long i = 0; i < samples; i++) {
        cls[i] = (unsigned char)(rnd() & 1);
        if (cls[i]) {
            for (long j = 0; j < en; j++)
                random[j] = rnd();
            random[en - 1] |= 1ull << 63;
        }
        const bgcn_limb_t *e = cls[i] ? random : fixed;
        uint64_t t0 = ticks();
        bgcn_status st = sec ? bgcn_powm_sec(rp, bp, mn, e, en, mp, mn)
                             : bgcn_powm(rp, bp, mn, e, en, mp, mn);
        uint64_t t1 = ticks();
        if (st != BGCN_OK) {
            fprintf(stderr, "ct-timing: status %d\n", (int)st);
            exit(2);
        }
        t[i] = t1 - t0;
    }
    /* the first tenth is warm-up (caches, frequency) */
    long from = samples / 10;
    uint64_t *sorted = malloc((size_t)samples * 8);
    memcpy(sorted, t + from, (size_t)(samples - from) * 8);
    qsort(sorted, (size_t)(samples - from), 8, cmp_u64);
    welch w[NCROP + 1];
    memset(w, 0, sizeof w);
    uint64_t lim[NCROP];
    for (int c = 0; c < NCROP; c++)
        lim[c] = sorted[(size_t)((double)(samples - from - 1) * crops[c])];
    for (long i = from; i < samples; i++) {
        welch_add(&w[NCROP], cls[i], (double)t[i]);
        for (int c = 0; c < NCROP; c++)
            if (t[i] <= lim[c])
                welch_add(&w[c], cls[i], (double)t[i]);
    }
    double worst = 0;
    for (int c = 0; c <= NCROP; c++) {
        double x = fabs(welch_t(&w[c]));
        if (x > worst)
            worst = x;
    }
    /* the medians of the classes (the means are the tails' under load) */
    for (int k = 0; k < 2; k++) {
        long m = 0;
        for (long i = from; i < samples; i++)
            if (cls[i] == k)
                sorted[m++] = t[i];
        qsort(sorted, (size_t)m, 8, cmp_u64);
        *(k ? mean_random : mean_fixed) = m ? (double)sorted[m / 2] : 0;
    }
    free(sorted);
    free(mp);
    free(bp);
    free(rp);
    free(ep);
    free(t);
    free(cls);
    return worst;
}

int main(int argc, char **argv)
{
    long samples = 10000;
    const char *cpus[16];
    int ncpu = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc)
            samples = atol(argv[++i]);
        else if (strcmp(argv[i], "--cpu") == 0 && i + 1 < argc && ncpu < 16)
            cpus[ncpu++] = argv[++i];
        else {
            fprintf(stderr, "usage: ct-timing [--samples N] [--cpu NAME]...\n");
            return 2;
        }
    }
    if (samples < 100)
        samples = 100;
    if (ncpu == 0) /* every path this machine supports */
        for (int i = 0; bgcn_kernel_paths[i] && ncpu < 16; i++)
            if (bgcn_cpu_supported(bgcn_kernel_paths[i]))
                cpus[ncpu++] = bgcn_kernel_paths[i]->name;
    static const long msizes[] = {4, 8, 16, 20, 32, 64};
    static const long esizes[] = {4, 8, 4, 4, 4, 2};
    int bad = 0;
    printf("%-8s %-5s %6s %6s %-10s %12s %12s %8s  %s\n", "path", "route",
           "m bits", "e bits", "function", "fixed med", "random med",
           "max |t|", "verdict");
    for (int c = 0; c < ncpu; c++) {
        if (bgcn_cpu_select(cpus[c]) < 0) {
            fprintf(stderr, "ct-timing: path %s not supported here\n", cpus[c]);
            return 2;
        }
        const bgcn_residue_ops *form = bgcn_kern.residue;
        for (unsigned k = 0; k < sizeof msizes / sizeof *msizes; k++) {
            long mn = msizes[k];
            int has_form = form && mn >= form->min_n && mn <= form->max_n;
            for (int route = has_form ? 0 : 1; route <= 1; route++) {
                bgcn_kern.residue = route == 0 ? form : NULL;
                for (int sec = 1; sec >= 0; sec--) {
                    double mf, mr;
                    /* the control leaks plainly: a tenth is enough */
                    long ns = sec ? samples : samples / 10;
                    double tt = row(sec, mn, esizes[k], ns < 1000 ? 1000 : ns,
                                    &mf, &mr);
                    int leak = tt > 4.5;
                    const char *verdict =
                        sec ? (leak ? "LEAK?" : "no leak seen")
                            : (leak ? "leak seen (control)" : "CONTROL BLIND");
                    if (sec == leak)
                        bad = 1;
                    printf("%-8s %-5s %6ld %6ld %-10s %12.0f %12.0f %8.1f  "
                           "%s\n",
                           bgcn_kern.name, route == 0 ? "form" : "mont",
                           mn * 64, esizes[k] * 64,
                           sec ? "powm_sec" : "powm", mf, mr, tt, verdict);
                    fflush(stdout);
                }
            }
            bgcn_kern.residue = form;
        }
    }
    return bad;
}
