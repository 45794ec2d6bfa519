/* siqs-bench.c -- times bgcn_siqs on the numbers given as arguments (or
 * one per line on stdin) and prints "N: f seconds" per number; used by
 * bench/siqs-vs-gp.sh.  CPU time of this process (one core). */
#include "siqs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int verbose;
static double cpu_now(void);
static double t_linalg; /* CPU time when the linear algebra started */
static double t_sqrt;   /* ... and when the first square root started */
/* -v: the CPU time beside each progress line, so that a few minutes'
 * sample of a long run gives its relation rate */

static void progress(void *arg, int phase, long done, long total)
{
    (void)arg;
    if (phase == BGCN_SIQS_LINALG)
        t_linalg = cpu_now();
    if (phase == BGCN_SIQS_SQRT && done == 1)
        t_sqrt = cpu_now();
    if (verbose)
        fprintf(stderr, "\rSIQS phase %d %ld/%ld %.1f s   ", phase, done, total,
                cpu_now());
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int one(const char *s)
{
    size_t len = strlen(s);
    while (len && (s[len - 1] == '\n' || s[len - 1] == '\r' || s[len - 1] == ' '))
        len--;
    if (!len)
        return 0;
    unsigned char *dig = malloc(len);
    bgcn_limb_t *n = calloc((size_t)bgcn_set_str_size(len, 10) + 1, 8);
    long nn;
    for (size_t i = 0; i < len; i++)
        dig[i] = (unsigned char)(s[i] - '0');
    if (bgcn_set_str(n, &nn, dig, len, 10) != BGCN_OK || nn < 2) {
        fprintf(stderr, "bad number\n");
        return 1;
    }
    bgcn_limb_t *f = calloc((size_t)nn + 1, 8);
    long fn = 0;
    bgcn_siqs_opts o = {.progress = progress, .seed = 1};
    /* tuning knobs, see siqs.h */
    if (getenv("SIQS_FB"))
        o.fb_size = atol(getenv("SIQS_FB"));
    if (getenv("SIQS_NB"))
        o.nblocks = atol(getenv("SIQS_NB"));
    if (getenv("SIQS_LPM"))
        o.lp_mult = atol(getenv("SIQS_LPM"));
    if (getenv("SIQS_SB"))
        o.small_bound = atol(getenv("SIQS_SB"));
    if (getenv("SIQS_SLACK"))
        o.slack_bits = atof(getenv("SIQS_SLACK"));
    if (getenv("SIQS_DLP"))
        o.dlp = atoi(getenv("SIQS_DLP"));
    if (getenv("SIQS_DLPE"))
        o.dlp_exp = atof(getenv("SIQS_DLPE"));
    if (getenv("SIQS_GF2_MERGE_MIN"))
        bgcn_gf2_merge_min = atol(getenv("SIQS_GF2_MERGE_MIN"));
    if (getenv("SIQS_GF2_LANCZOS_MIN"))
        bgcn_gf2_lanczos_min = atol(getenv("SIQS_GF2_LANCZOS_MIN"));
    double t0 = cpu_now();
    bgcn_status st = bgcn_siqs(f, &fn, n, nn, &o);
    double t = cpu_now() - t0;
    if (verbose)
        fprintf(stderr,
                "\nlast linear algebra + square root: %.3f s (GF(2) %.3f s, "
                "square roots %.3f s)\n",
                cpu_now() - t_linalg, t_sqrt - t_linalg, cpu_now() - t_sqrt);
    unsigned char out[200];
    size_t ol = 0;
    if (st == BGCN_OK && fn > 0 && bgcn_get_str(out, &ol, 10, f, fn) == BGCN_OK) {
        printf("%.*s: ", (int)len, s);
        for (size_t i = 0; i < ol; i++)
            putchar('0' + out[i]);
        printf(" %.3f\n", t);
    } else {
        printf("%.*s: FAILED status %d %.3f\n", (int)len, s, (int)st, t);
    }
    free(dig);
    free(n);
    free(f);
    return 0;
}

int main(int argc, char **argv)
{
    int i = 1;
    /* the kernel path as bigcalc picks it (BIGCALC_CPU, else the best) */
    if (bgcn_cpu_select(getenv("BIGCALC_CPU")) != 0) {
        fprintf(stderr, "siqs-bench: unknown or unsupported BIGCALC_CPU\n");
        return 1;
    }
    if (i < argc && strcmp(argv[i], "-v") == 0)
        verbose = 1, i++;
    if (i < argc) {
        for (; i < argc; i++)
            one(argv[i]);
    } else {
        char line[1024];
        while (fgets(line, sizeof line, stdin))
            one(line);
    }
    return 0;
}
