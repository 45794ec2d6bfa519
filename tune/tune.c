/* tune.c -- measure the multiplication crossovers on this machine and
 * print them as the #define lines of src/mpn/thresholds.h.
 *
 * Method: each algorithm is called directly (bgcn_mul_basecase,
 * bgcn_mul_toom22, ...) on the same random operands, with the thresholds
 * of the algorithms above the one being measured set out of reach, so
 * that e.g. Toom-3 is compared with Karatsuba whose sub-products already
 * use the Karatsuba crossover found just before.  Time is the thread's
 * CPU time (CLOCK_THREAD_CPUTIME_ID), not wall time, so that other
 * processes sharing the cores disturb it less; each figure is the minimum
 * of several runs of enough repetitions to last about a millisecond.  The
 * crossover is the smallest size from which the faster algorithm wins at
 * that size and at the next few measured sizes (one noisy win does not
 * move it).  The NTT is compared only at sizes where its power-of-two
 * transform is at least BGCN_NTT_MIN_FILL percent full, as bgcn_mul uses
 * it (see mul.c).
 *
 * Usage: tune [PATH]   PATH = kernel path (default: generic, the portable
 * C path that the thresholds in thresholds.h are for).  Progress goes to
 * stderr, the #define lines to stdout. */
#include "bgcn.h"
#include "mul-impl.h" /* bgcn_ntt_fill_pct */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BIG (1L << 40)

static bgcn_limb_t *A, *B, *R, *W;
static long ALLOC;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t rng = 0x243f6a8885a308d3u;
static bgcn_limb_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

enum alg {
    BASE, T22, T33, T44, NTT, /* mul */
    SBASE, S2, S3, S4, SNTT   /* sqr */
};

static void run(enum alg g, long n)
{
    bgcn_status st = BGCN_OK;
    switch (g) {
    case BASE: bgcn_mul_basecase(R, A, n, B, n); break;
    case T22: st = bgcn_mul_toom22(R, A, n, B, n, W); break;
    case T33: st = bgcn_mul_toom33(R, A, n, B, n, W); break;
    case T44: st = bgcn_mul_toom44(R, A, n, B, n, W); break;
    case NTT: st = bgcn_mul_ntt(R, A, n, B, n); break;
    case SBASE: bgcn_sqr_basecase(R, A, n); break;
    case S2: st = bgcn_sqr_toom2(R, A, n, W); break;
    case S3: st = bgcn_sqr_toom3(R, A, n, W); break;
    case S4: st = bgcn_sqr_toom4(R, A, n, W); break;
    case SNTT: st = bgcn_sqr_ntt(R, A, n); break;
    }
    if (st != BGCN_OK) {
        fprintf(stderr, "tune: status %d\n", st);
        exit(1);
    }
}

/* Seconds per call, minimum over runs of about 1 ms each. */
static double measure(enum alg g, long n)
{
    long reps = 1;
    for (;;) {
        double t0 = cpu_now();
        for (long i = 0; i < reps; i++)
            run(g, n);
        double t = cpu_now() - t0;
        if (t > 1e-3 || reps > (1L << 30))
            break;
        reps *= 2;
    }
    double best = 1e30;
    for (int k = 0; k < 5; k++) {
        double t0 = cpu_now();
        for (long i = 0; i < reps; i++)
            run(g, n);
        double t = (cpu_now() - t0) / reps;
        if (t < best)
            best = t;
    }
    return best;
}

/* Whether algorithm hi may be called at size n (its shape condition). */
static int fits(enum alg g, long n)
{
    switch (g) {
    case T22: case S2: return n >= 2;
    case T33: case S3: return n > 2 * ((n + 2) / 3);
    case T44: case S4: return n > 3 * ((n + 3) / 4);
    /* bgcn_mul uses the NTT below 3x its threshold only when the
     * transform is well filled; measure it where it would be used. */
    case NTT: case SNTT: return bgcn_ntt_fill_pct(n, n) >= BGCN_NTT_MIN_FILL;
    default: return 1;
    }
}

/* Smallest n in [lo, hi] (stepping by step, or by factor when step is 0)
 * from which `hi_alg` beats `lo_alg` at RUN consecutive sizes. */
#define RUN 3
static long crossover(const char *name, enum alg lo_alg, enum alg hi_alg,
                      long lo, long hi, long step, double factor)
{
    long first_win = -1;
    int wins = 0;
    for (long n = lo; n <= hi;
         n = step ? n + step : (long)(n * factor) + 1) {
        if (!fits(hi_alg, n))
            continue;
        double ta = measure(lo_alg, n), tb = measure(hi_alg, n);
        fprintf(stderr, "%s n=%6ld  %12.0f ns  %12.0f ns  %5.3f\n", name, n,
                ta * 1e9, tb * 1e9, tb / ta);
        if (tb < ta) {
            if (wins++ == 0)
                first_win = n;
            if (wins >= RUN)
                return first_win;
        } else {
            wins = 0;
        }
    }
    fprintf(stderr, "%s: no crossover up to %ld\n", name, hi);
    return hi;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "generic";
    if (bgcn_cpu_select(path) != 0) {
        fprintf(stderr, "tune: kernel path %s not available\n", path);
        return 1;
    }
    ALLOC = 70000;
    A = malloc(ALLOC * sizeof *A);
    B = malloc(ALLOC * sizeof *B);
    R = malloc(2 * ALLOC * sizeof *R);
    W = malloc(bgcn_mul_toom_itch(ALLOC) * sizeof *W);
    if (!A || !B || !R || !W)
        return 1;
    for (long i = 0; i < ALLOC; i++) {
        A[i] = rnd();
        B[i] = rnd();
    }
    bgcn_mul_ntt_threshold = bgcn_sqr_ntt_threshold = BIG;

    /* Multiplication, bottom up. */
    bgcn_mul_toom22_threshold = bgcn_mul_toom33_threshold =
        bgcn_mul_toom44_threshold = BIG;
    long m22 = crossover("mul toom22", BASE, T22, 4, 120, 1, 0);
    bgcn_mul_toom22_threshold = m22;
    long m33 = crossover("mul toom33", T22, T33, m22, 600, 3, 0);
    bgcn_mul_toom33_threshold = m33;
    long m44 = crossover("mul toom44", T33, T44, m33, 1500, 8, 0);
    bgcn_mul_toom44_threshold = m44;
    long mntt = crossover("mul ntt", T44, NTT, m44, 60000, 0, 1.08);

    bgcn_sqr_toom2_threshold = bgcn_sqr_toom3_threshold =
        bgcn_sqr_toom4_threshold = BIG;
    long s2 = crossover("sqr toom2", SBASE, S2, 4, 160, 1, 0);
    bgcn_sqr_toom2_threshold = s2;
    long s3 = crossover("sqr toom3", S2, S3, s2, 700, 3, 0);
    bgcn_sqr_toom3_threshold = s3;
    long s4 = crossover("sqr toom4", S3, S4, s3, 1500, 8, 0);
    bgcn_sqr_toom4_threshold = s4;
    long sntt = crossover("sqr ntt", S4, SNTT, s4, 60000, 0, 1.08);

    time_t now = time(NULL);
    char date[32];
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    printf("/* tune/tune %s, %s */\n", path, date);
    printf("#define BGCN_MUL_TOOM22_THRESHOLD %ld\n", m22);
    printf("#define BGCN_MUL_TOOM33_THRESHOLD %ld\n", m33);
    printf("#define BGCN_MUL_TOOM44_THRESHOLD %ld\n", m44);
    printf("#define BGCN_MUL_NTT_THRESHOLD %ld\n", mntt);
    printf("#define BGCN_SQR_TOOM2_THRESHOLD %ld\n", s2);
    printf("#define BGCN_SQR_TOOM3_THRESHOLD %ld\n", s3);
    printf("#define BGCN_SQR_TOOM4_THRESHOLD %ld\n", s4);
    printf("#define BGCN_SQR_NTT_THRESHOLD %ld\n", sntt);
    free(A);
    free(B);
    free(R);
    free(W);
    return 0;
}
