/* tune.c -- measure the multiplication crossovers (and, on a path with a
 * residue form, the exponentiation's) on this machine and print them as
 * the #define lines of src/mpn/thresholds.h, followed by the list of the
 * thresholds it does not measure.
 *
 * Method: for each threshold in turn (Karatsuba, Toom-3, Toom-4, Toom-6,
 * Toom-4.2 (mul only, timed at 2:1 shapes), NTT; the
 * ones above it set out of reach, the ones below already tuned), every
 * candidate value is tried and bgcn_mul (bgcn_sqr) itself is timed over a
 * window of sizes around the expected crossover.  Each size's times are
 * divided by the best time any candidate reached at that size, and the
 * candidate with the smallest sum wins.  This measures what the
 * dispatcher really does (scratch, recursion, where the leaves land: a
 * crossover found by comparing two algorithms at single sizes is lumpy,
 * because a leaf of 8 limbs is a fully unrolled schoolbook product and
 * one of 9 is not).
 *
 * Time is the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), not wall time,
 * so that other processes sharing the cores disturb it less; each figure
 * is the minimum of 7 runs of enough repetitions to last about 0.2 ms,
 * the candidates measured in turn
 * so they share the same load.  The NTT is only used where its transform is well filled (see
 * mul.c), which the window includes.
 *
 * Usage: tune [PATH]   PATH = kernel path (default: generic).  Each path
 * has its own set in thresholds.h (bgcn_cpu_select installs it), so run
 * this once per path: `make tune TUNE_ARGS=adx`.  Progress goes to
 * stderr, the #define lines to stdout.
 *
 * Which set the lines are for: the CPU this runs on (bgcn_cpu_ident) is
 * printed first.  When a per-CPU set of thresholds.h already covers it
 * on PATH (its key: vendor, family, model range), the lines carry that
 * set's prefix (BGCN_ADX_ZEN1_...) and replace it; otherwise they carry
 * the path's prefix (BGCN_ADX_...), and a BGCN_<PATH>_<VENDOR>_F<family>
 * _M<model>_KEY line is printed too: paste the lines under that prefix to
 * add a set for this CPU model (and widen the model range to the models
 * of the same core, if known), or replace the path's set if this machine
 * is the one the path's set should follow. */
#include "bgcn.h"
#include "mul-impl.h" /* bgcn_ntt_log2_len */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

#define BIG (1L << 40)

static bgcn_limb_t *A, *B, *R;
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

/* Set while Toom-4.2 is tuned: run() multiplies 2n x n. */
static int lopsided;

/* One bgcn_mul (sqr: bgcn_sqr) at n x n (2n x n when lopsided). */
static void run(int sqr, long n)
{
    bgcn_status st = sqr        ? bgcn_sqr(R, A, n)
                     : lopsided ? bgcn_mul(R, A, 2 * n, B, n)
                                : bgcn_mul(R, A, n, B, n);
    if (st != BGCN_OK) {
        fprintf(stderr, "tune: status %d\n", st);
        exit(1);
    }
}

/* Repetitions of bgcn_mul / bgcn_sqr at n lasting about 0.2 ms. */
static long calibrate(int sqr, long n)
{
    long reps = 1;
    for (;;) {
        double t0 = cpu_now();
        for (long i = 0; i < reps; i++)
            run(sqr, n);
        if (cpu_now() - t0 > 2e-4 || reps > (1L << 30))
            return reps;
        reps *= 2;
    }
}

/* Seconds per call, one run of reps calls. */
static double time_once(int sqr, long n, long reps)
{
    double t0 = cpu_now();
    for (long i = 0; i < reps; i++)
        run(sqr, n);
    return (cpu_now() - t0) / reps;
}

#define MAXC 64
#define ROUNDS 7
#define MAXS 40

/* Sets *var to each candidate lo, lo + step, ... <= hi (at most MAXC) and
 * times the sizes sz[0..ns) (at most MAXS); leaves *var at the best
 * candidate and returns it. */
static long tune_one(const char *name, long *var, int sqr, long lo, long hi,
                     long step, const long *sz, int ns)
{
    static double t[MAXC][MAXS];
    long cand[MAXC] = {0};
    int nc = 0;
    for (long c = lo; c <= hi && nc < MAXC; c += step)
        cand[nc++] = c;
    double best[MAXS];
    for (int j = 0; j < ns; j++)
        best[j] = 1e30;
    /* Per size, ROUNDS sweeps over all candidates, keeping each one's
     * minimum: the candidates see the same machine load. */
    for (int j = 0; j < ns; j++) {
        *var = cand[0];
        long reps = calibrate(sqr, sz[j]);
        for (int i = 0; i < nc; i++)
            t[i][j] = 1e30;
        for (int k = 0; k < ROUNDS; k++)
            for (int i = 0; i < nc; i++) {
                *var = cand[i];
                double x = time_once(sqr, sz[j], reps);
                if (x < t[i][j])
                    t[i][j] = x;
            }
        for (int i = 0; i < nc; i++)
            if (t[i][j] < best[j])
                best[j] = t[i][j];
    }
    int bi = 0;
    double bsum = 1e30;
    for (int i = 0; i < nc; i++) {
        double sum = 0;
        for (int j = 0; j < ns; j++)
            sum += t[i][j] / best[j];
        fprintf(stderr, "%s %6ld: mean relative time %.4f\n", name, cand[i],
                sum / ns);
        if (sum < bsum) {
            bsum = sum;
            bi = i;
        }
    }
    fprintf(stderr, "%s -> %ld\n", name, cand[bi]);
    *var = cand[bi];
    return cand[bi];
}

static int sizes(long *sz, long lo, long hi, int ns);

/* Smallest n with bgcn_ntt_log2_len(n, n) >= k (it grows with n). */
static long first_with_k(int k)
{
    long lo = 1, hi = 1;
    while (bgcn_ntt_log2_len(hi, hi) < k)
        hi *= 2;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (bgcn_ntt_log2_len(mid, mid) >= k)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* The NTT of length 2^k against Toom over the sizes that use that length,
 * k = KLO .. KHI in turn (so Toom's sub-products already follow the
 * decisions for shorter lengths): table[k] = the smallest measured size
 * from which the NTT wins at every larger measured size of the range
 * (BIG if it never does).  Longer transforms: always the NTT.
 *
 * The threshold during the measurement of length 2^k is the smallest
 * size the NTT may take so far (the shorter lengths' decisions, and the
 * first size of 2^k), never lower: below it bgcn_mul does not even ask
 * for the transform length, and asking costs (the floating-point NTT's
 * plan search, about 2 us on Zen 1).  With the threshold at 1, every
 * Toom node of the reference asked, which made Toom look 30-60% slower
 * at 1900-3000 limbs and the NTT win there in every run, while with the
 * real crossovers it loses up to 2900 limbs (measured on Zen 1,
 * 2026-12-02; the per-length minimums of sets tuned before this came out
 * too low). */
#define KLO 9
#define KHI 17
#define NPTS 7
static long ntt_from(const long *table, int upto)
{
    long t = first_with_k(upto);
    for (int k = KLO; k < upto; k++)
        if (table[k] < BIG) {
            long f = first_with_k(k);
            long v = table[k] > f ? table[k] : f;
            if (v < t)
                t = v;
        }
    return t;
}

static void tune_ntt(const char *name, long *threshold, long *table, int sqr)
{
    for (int k = 0; k < BGCN_NTT_KTAB; k++)
        table[k] = k <= KHI ? BIG : 0;
    for (int k = KLO; k <= KHI; k++) {
        *threshold = ntt_from(table, k);
        long lo = first_with_k(k), hi = first_with_k(k + 1) - 1;
        if (hi > ALLOC) { /* too long to measure here: always the NTT */
            for (int kk = k; kk <= KHI; kk++)
                table[kk] = 0;
            break;
        }
        long sz[NPTS];
        int ns = sizes(sz, lo, hi, NPTS);
        double tn[NPTS], tt[NPTS];
        for (int j = 0; j < ns; j++) {
            table[k] = BIG;
            long reps = calibrate(sqr, sz[j]);
            tn[j] = tt[j] = 1e30;
            for (int r = 0; r < ROUNDS; r++) {
                table[k] = BIG;
                double x = time_once(sqr, sz[j], reps);
                if (x < tt[j])
                    tt[j] = x;
                table[k] = 0;
                x = time_once(sqr, sz[j], reps);
                if (x < tn[j])
                    tn[j] = x;
            }
            fprintf(stderr, "%s k=%d n=%6ld  toom %10.0f ns  ntt %10.0f ns  %.3f\n",
                    name, k, sz[j], tt[j] * 1e9, tn[j] * 1e9, tn[j] / tt[j]);
        }
        long from = BIG;
        for (int j = ns - 1; j >= 0 && tn[j] < tt[j]; j--)
            from = sz[j];
        table[k] = from;
        fprintf(stderr, "%s k=%d -> %ld\n", name, k, from);
    }
    /* The threshold: the smallest size at which the NTT is ever used. */
    long t = BIG;
    for (int k = KLO; k < BGCN_NTT_KTAB && t == BIG; k++) {
        long f = first_with_k(k);
        if (table[k] < BIG)
            t = table[k] > f ? table[k] : f;
    }
    *threshold = t;
}

/* The residue form's threshold (bgcn_residue_ops.min_n; on the avx512
 * path BGCN_AVX512_POWM_FORM_MIN): bgcn_powm plus bgcn_powm_sec with a
 * full-size exponent, odd modulus, at n = FLO .. FHI limbs, with the form
 * and without it (the Montgomery kernels); the smallest n from which the
 * form wins at every larger n measured (FHI + 1 if it never does).
 * 0 when the path has no form. */
#define FLO 6
#define FHI 28
static double powm_time(long n)
{
    bgcn_limb_t *m = A, *b = B, *e = B + n, *r = R;
    m[0] |= 1;
    m[n - 1] |= (bgcn_limb_t)1 << 63;
    e[n - 1] |= (bgcn_limb_t)1 << 63;
    double best = 1e30;
    for (int k = 0; k < ROUNDS; k++) {
        double t0 = cpu_now();
        bgcn_status st = bgcn_powm(r, b, n, e, n, m, n);
        if (st == BGCN_OK)
            st = bgcn_powm_sec(r, b, n, e, n, m, n);
        double t = cpu_now() - t0;
        if (st != BGCN_OK) {
            fprintf(stderr, "tune: powm status %d\n", st);
            exit(1);
        }
        if (t < best)
            best = t;
    }
    return best;
}

static long tune_powm_form(void)
{
    const bgcn_residue_ops *ro = bgcn_kern.residue;
    if (!ro)
        return 0;
    bgcn_residue_ops all = *ro;
    all.min_n = 1;
    double on[FHI + 1], off[FHI + 1];
    for (long n = FLO; n <= FHI && n <= ro->max_n; n++) {
        /* interleaved: both see the same load */
        on[n] = off[n] = 1e30;
        for (int k = 0; k < 3; k++) {
            bgcn_kern.residue = &all;
            double x = powm_time(n);
            if (x < on[n])
                on[n] = x;
            bgcn_kern.residue = NULL;
            x = powm_time(n);
            if (x < off[n])
                off[n] = x;
        }
        fprintf(stderr, "powm form n=%3ld  form %9.1f us  mont %9.1f us  %.3f\n",
                n, on[n] * 1e6, off[n] * 1e6, on[n] / off[n]);
    }
    bgcn_kern.residue = ro;
    long from = FHI + 1;
    for (long n = FHI < ro->max_n ? FHI : ro->max_n; n >= FLO && on[n] < off[n]; n--)
        from = n;
    fprintf(stderr, "powm form -> %ld\n", from);
    return from;
}

/* ns sizes from lo to hi, geometric. */
static int sizes(long *sz, long lo, long hi, int ns)
{
    int k = 0;
    for (int i = 0; i < ns; i++) {
        long v = (long)(lo * pow((double)hi / lo, (double)i / (ns - 1)) + 0.5);
        if (k == 0 || v != sz[k - 1])
            sz[k++] = v;
    }
    return k;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "generic";
    if (bgcn_cpu_select(path) != 0) {
        fprintf(stderr, "tune: kernel path %s not available\n", path);
        return 1;
    }
    /* Which threshold set this run measures for (see the top). */
    bgcn_cpu_id id;
    bgcn_cpu_ident(&id);
    const char *set_before = bgcn_mul_thresholds_name();
    const char *cpu_name = NULL, *cpu_macro = NULL, *cpu_vendor = NULL;
    unsigned cpu_family = 0, cpu_lo = 0, cpu_hi = 0;
    for (int i = 0;; i++) {
        const char *nm, *pa, *ma, *ve;
        unsigned fa, lo, hi;
        if (!bgcn_mul_thresholds_cpu_set(i, &nm, &pa, &ma, &ve, &fa, &lo,
                                         &hi))
            break;
        if (strcmp(pa, path) == 0 && strcmp(ve, id.vendor) == 0 &&
            fa == id.family && lo <= id.model && id.model <= hi) {
            cpu_name = nm;
            cpu_macro = ma;
            cpu_vendor = ve;
            cpu_family = fa;
            cpu_lo = lo;
            cpu_hi = hi;
        }
    }
    fprintf(stderr, "tune: %s on %s family 0x%x model 0x%x, set in use: %s\n",
            path, id.vendor, id.family, id.model, set_before);
    ALLOC = 50000;
    A = malloc(ALLOC * sizeof *A);
    B = malloc(ALLOC * sizeof *B);
    R = malloc(2 * ALLOC * sizeof *R);
    if (!A || !B || !R)
        return 1;
    for (long i = 0; i < ALLOC; i++) {
        A[i] = rnd();
        B[i] = rnd();
    }
    long sz[MAXS];
    int ns;
    long r[11];
    for (int sqr = 0; sqr <= 1; sqr++) {
        long *t2 = sqr ? &bgcn_sqr_toom2_threshold : &bgcn_mul_toom22_threshold;
        long *t3 = sqr ? &bgcn_sqr_toom3_threshold : &bgcn_mul_toom33_threshold;
        long *t4 = sqr ? &bgcn_sqr_toom4_threshold : &bgcn_mul_toom44_threshold;
        long *t6 = sqr ? &bgcn_sqr_toom6_threshold : &bgcn_mul_toom6_threshold;
        long *tn = sqr ? &bgcn_sqr_ntt_threshold : &bgcn_mul_ntt_threshold;
        const char *nm[5] = {sqr ? "sqr toom2" : "mul toom22",
                             sqr ? "sqr toom3" : "mul toom33",
                             sqr ? "sqr toom4" : "mul toom44",
                             sqr ? "sqr ntt" : "mul ntt",
                             sqr ? "sqr toom6" : "mul toom6"};
        *t2 = *t3 = *t4 = *t6 = *tn = BIG;
        if (!sqr)
            bgcn_mul_toom42_threshold = BIG;
        for (int k = 0; k < BGCN_NTT_KTAB; k++)
            (sqr ? bgcn_sqr_ntt_min_k : bgcn_mul_ntt_min_k)[k] = BIG;
        /* Karatsuba up to 66: the avx512 path's IFMA schoolbook wins
         * up to its 64-limb limit on Zen 4 (thresholds.h), so the search
         * must reach past it, and the sizes past twice that */
        ns = sizes(sz, 4, 140, 30);
        r[4 * sqr + 0] = tune_one(nm[0], t2, sqr, 4, 66, 1, sz, ns);
        ns = sizes(sz, 30, 600, 16);
        r[4 * sqr + 1] = tune_one(nm[1], t3, sqr, 30, 400, 10, sz, ns);
        ns = sizes(sz, 100, 2500, 16);
        r[4 * sqr + 2] = tune_one(nm[2], t4, sqr, 100, 1200, 25, sz, ns);
        /* Toom-6 over Toom-4, then (mul) Toom-4.2 at 2n x n, n = bn. */
        ns = sizes(sz, 400, 4000, 12);
        r[sqr ? 10 : 8] = tune_one(nm[4], t6, sqr, 400, 3000, 100, sz, ns);
        if (!sqr) {
            lopsided = 1;
            ns = sizes(sz, 20, 1500, 14);
            r[9] = tune_one("mul toom42", &bgcn_mul_toom42_threshold, 0, 20,
                            600, 10, sz, ns);
            lopsided = 0;
        }
        tune_ntt(nm[3], tn, sqr ? bgcn_sqr_ntt_min_k : bgcn_mul_ntt_min_k, sqr);
        r[4 * sqr + 3] = *tn;
    }

    time_t now = time(NULL);
    char date[32];
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    /* The names of this path's set in src/mpn/thresholds.h. */
    char pfx[64];
    size_t j = 0;
    for (; path[j] && j < 31; j++)
        pfx[j] = (char)(path[j] >= 'a' && path[j] <= 'z' ? path[j] - 32
                                                         : path[j]);
    pfx[j] = 0;
    char ppfx[sizeof pfx]; /* the path's own prefix (the residue form's line) */
    snprintf(ppfx, sizeof ppfx, "%s", pfx);
    printf("/* tune/tune %s, %s */\n", path, date);
    printf("/* CPU: %s family 0x%x model 0x%x (\"%s\"); set in use before"
           " tuning: %s */\n",
           id.vendor, id.family, id.model, id.brand, set_before);
    if (cpu_macro) {
        printf("/* covered by the per-CPU set \"%s\": key %s family 0x%x"
               " models 0x%x-0x%x; these lines replace it */\n",
               cpu_name, cpu_vendor, cpu_family, cpu_lo, cpu_hi);
        snprintf(pfx, sizeof pfx, "%s", cpu_macro);
    } else {
        /* A new key for this model: the vendor's first word shortened. */
        const char *v = strcmp(id.vendor, "AuthenticAMD") == 0   ? "AMD"
                        : strcmp(id.vendor, "GenuineIntel") == 0 ? "INTEL"
                                                                 : "CPU";
        printf("/* no per-CPU set covers this CPU on %s: the lines below "
               "are the path's set;\n * for a set of this CPU model "
               "instead, rename BGCN_%s_ to BGCN_%s_%s_F%02X_M%02X_ and "
               "key it:\n#define BGCN_%s_%s_F%02X_M%02X_KEY \"%s\", 0x%x, "
               "0x%x, 0x%x\n */\n",
               path, pfx, pfx, v, id.family, id.model, pfx, v, id.family,
               id.model, id.vendor, id.family, id.model, id.model);
    }
    const char *names[11] = {"MUL_TOOM22", "MUL_TOOM33", "MUL_TOOM44",
                             "MUL_NTT",    "SQR_TOOM2",  "SQR_TOOM3",
                             "SQR_TOOM4",  "SQR_NTT",    "MUL_TOOM6",
                             "MUL_TOOM42", "SQR_TOOM6"};
    for (int i = 0; i < 11; i++)
        printf("#define BGCN_%s_%s %ld\n", pfx, names[i], r[i]);
    long form = tune_powm_form();
    if (form)
        /* per path only: the per-CPU sets hold the multiplication's */
        printf("#define BGCN_%s_POWM_FORM_MIN %ld\n", ppfx, form);
    for (int sqr = 0; sqr <= 1; sqr++) {
        const long *t = sqr ? bgcn_sqr_ntt_min_k : bgcn_mul_ntt_min_k;
        printf("#define BGCN_%s_%s_NTT_MIN_K {", pfx, sqr ? "SQR" : "MUL");
        /* lengths below KLO: only reachable if the threshold is lowered */
        for (int k = KLO; k <= KHI; k++)
            if (t[k] >= BIG)
                printf("[%d] = BGCN_NTT_NEVER, ", k);
            else
                printf("[%d] = %ld, ", k, t[k]);
        printf("}\n");
    }
    /* What this program does not measure: re-measure those by hand on
     * the machine (their provenance is beside them) when their
     * algorithms change. */
    printf("/* not measured by tune (set by hand, provenance beside each):\n"
           " *   thresholds.h, every path: BGCN_MULMOD_BNM1_NTT_THRESHOLD,\n"
           " *     BGCN_DIV_DC_THRESHOLD, BGCN_INV_NEWTON_THRESHOLD,\n"
           " *     BGCN_MU_DIV_THRESHOLD, BGCN_DIVEXACT_DC_THRESHOLD,\n"
           " *     BGCN_HGCD_THRESHOLD, BGCN_GCD_DC_THRESHOLD,\n"
           " *     BGCN_GCDEXT_DC_THRESHOLD, BGCN_GET_STR_DC_THRESHOLD,\n"
           " *     BGCN_SET_STR_DC_THRESHOLD, BGCN_MONT_KERNEL_MAX,\n"
           " *     BGCN_MONT_SQR_KERNEL_MAX, BGCN_MONT_ALMOST_MIN,\n"
           " *     BGCN_MONT_ALMOST_MAX\n"
           " *   thresholds.h, avx512: BGCN_AVX512[_EMR]_MONT_MUL_IFMA_MIN,\n"
           " *     BGCN_AVX512[_EMR]_MONT_SQR_IFMA_MIN (per set), and inside\n"
           " *     the kernels, compile-time: BGCN_AVX512_MUL_IFMA_MIN,\n"
           " *     BGCN_AVX512_SQR_IFMA_MIN\n"
           " *   elsewhere: BGCN_THREADS_MIN_LIMBS (bgcn.h),\n"
           " *     BGCN_RADIX_CACHE_LIMBS (radix-impl.h), the window tables of\n"
           " *     bgcn_powm_window (powm.c) and sec_window, SEC_KERNEL_MAX\n"
           " *     (powm_sec.c), NTT lengths from 2^%d (always the NTT) */\n",
           KHI + 1);
    free(A);
    free(B);
    free(R);
    return 0;
}
