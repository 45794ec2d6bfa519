/* ecm-bench.c -- ECM timings for bench/factor-vs-gp.sh (CPU seconds of
 * this process; no GMP).
 *
 *   ecm-bench curve N B1 B2 CURVES   one curve's stage 1 (B2 = B1) and
 *                                    stage 1 + 2, mean over CURVES curves
 *                                    (sigma 12345, 12346, ...), without the
 *                                    tables built once per run (curve_time)
 *   ecm-bench factor N SEEDS         bgcn_factor(N) with the curve seeds
 *                                    1..SEEDS: each time and the mean
 *                                    (the time to find a factor is a
 *                                    matter of luck: one seed says little)
 *   ecm-bench expect N B1 B2 L CURVES
 *                                    the expected cost of finding a prime
 *                                    p = 10^L of N with curves (B1, B2):
 *                                    one curve's time (mean over CURVES
 *                                    curves, stages 1 + 2) over the chance
 *                                    that one curve finds p (below)
 *   ecm-bench chance B1 B2 LOG10P    that chance alone (no N, no timing)
 * N in decimal, below 2^1024.  BIGCALC_CPU chooses the kernel path. */
#include "bgcn.h"
#include "factor.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The chance that one curve finds p: the group order of a Suyama curve
 * (order divisible by 12) behaves like a random integer near p / 23.4
 * (Montgomery's estimate), and the curve finds p when that integer is
 * B1-smooth but for at most one prime in (B1, B2]: with a = ln(X) / ln B1
 * and b = ln B2 / ln B1, rho(a) + integral over t in [1, b] of
 * rho(a - t) / t, rho Dickman's function (rho(u) = 1 for u <= 1,
 * u rho'(u) = -rho(u - 1)), tabulated by the trapezoid rule.  This
 * matches GMP-ECM 7's own table within 5% when p is taken as 10^digits
 * (88265 curves for 35 digits at B1 = 5e4, B2 = 12746592: 84251 here). */
#define RHO_PER 1000 /* steps per unit of u */
#define RHO_N (20 * RHO_PER + 2) /* u up to 20 */
#define RHO_H (1.0 / RHO_PER)
static double rho_tab[RHO_N];

static void rho_init(void)
{
    int n = RHO_N, one = RHO_PER;
    for (int i = 0; i <= one && i < n; i++)
        rho_tab[i] = 1.0;
    for (int i = one + 1; i < n; i++) {
        double u = i * RHO_H;
        rho_tab[i] = rho_tab[i - 1] - RHO_H * 0.5 *
                                          (rho_tab[i - 1 - one] / (u - RHO_H) +
                                           rho_tab[i - one] / u);
    }
}

static double rho(double u)
{
    if (u <= 1)
        return 1.0;
    double x = u / RHO_H;
    int k = (int)x;
    if (k + 1 >= RHO_N)
        return 0.0;
    return rho_tab[k] + (x - k) * (rho_tab[k + 1] - rho_tab[k]);
}

static double curve_chance(double log10p, double B1, double B2)
{
    double lx = log10p * log(10.0) - log(23.4), a = lx / log(B1),
           b = log(B2) / log(B1), s = rho(a);
    int m = 1000;
    for (int i = 0; b > 1 && i < m; i++) {
        double t = 1 + (b - 1) * (i + 0.5) / m;
        s += rho(a - t) / t * (b - 1) / m;
    }
    return s;
}

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* CPU seconds of one curve (B1, B2), the mean over c curves (sigma 12345,
 * 12346, ...): the time of c curves less that of a call with none, which
 * only builds the tables (the primes to B1 and the pairs of stage 2 to
 * B2), since the driver builds them once for hundreds of curves.  -1 when
 * a curve found a factor or on an error. */
static double curve_time(const bgcn_limb_t *np, long nn, uint64_t B1, uint64_t B2, long c)
{
    bgcn_limb_t fp[17];
    long fn = 0;
    double t0 = cpu_now();
    bgcn_status st = bgcn_factor_ecm(fp, &fn, np, nn, B1, B2, 12345, 0, NULL, NULL, NULL);
    double t1 = cpu_now();
    if (st == BGCN_OK)
        st = bgcn_factor_ecm(fp, &fn, np, nn, B1, B2, 12345, c, NULL, NULL, NULL);
    double t2 = cpu_now();
    if (st != BGCN_OK || fn) {
        fprintf(stderr, "ecm-bench: status %d, factor found %ld (choose N without small factors)\n",
                (int)st, fn);
        return -1;
    }
    return ((t2 - t1) - (t1 - t0)) / (double)c;
}

/* N from decimal into {np, *nn} (at most 16 limbs); 0 on bad input */
static int read_n(bgcn_limb_t *np, long *nn, const char *s)
{
    long n = 0;
    memset(np, 0, 17 * sizeof *np);
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        bgcn_limb_t cy = (bgcn_limb_t)(*s - '0');
        for (long i = 0; i < 17; i++) {
            unsigned __int128 t = (unsigned __int128)np[i] * 10 + cy;
            np[i] = (bgcn_limb_t)t;
            cy = (bgcn_limb_t)(t >> 64);
        }
        if (cy || np[16])
            return 0;
    }
    for (n = 16; n > 0 && np[n - 1] == 0; n--)
        ;
    *nn = n;
    return n > 0 && (np[0] & 1);
}

int main(int argc, char **argv)
{
    bgcn_limb_t np[17];
    long nn = 0;
    if (argc == 5 && strcmp(argv[1], "chance") == 0) {
        double B1 = atof(argv[2]), B2 = atof(argv[3]), L = atof(argv[4]);
        rho_init();
        double pr = curve_chance(L, B1, B2);
        printf("chance %.4g, expected curves %.0f\n", pr, 1 / pr);
        return 0;
    }
    if (bgcn_cpu_select(getenv("BIGCALC_CPU")) != 0) {
        fprintf(stderr, "ecm-bench: unknown or unsupported BIGCALC_CPU\n");
        return 2;
    }
    if (argc == 6 && strcmp(argv[1], "curve") == 0 && read_n(np, &nn, argv[2])) {
        uint64_t B1 = strtoull(argv[3], NULL, 10), B2 = strtoull(argv[4], NULL, 10);
        long c = atol(argv[5]);
        if (c < 1)
            c = 1;
        double t1 = curve_time(np, nn, B1, B1, c), t12 = t1 < 0 ? -1 : curve_time(np, nn, B1, B2, c);
        if (t12 < 0)
            return 1;
        printf("%.4f %.4f\n", t1, t12);
        return 0;
    }
    if (argc == 7 && strcmp(argv[1], "expect") == 0 && read_n(np, &nn, argv[2])) {
        uint64_t B1 = strtoull(argv[3], NULL, 10), B2 = strtoull(argv[4], NULL, 10);
        double L = atof(argv[5]);
        long c = atol(argv[6]);
        if (c < 1)
            c = 1;
        if (B1 < 2 || B2 < B1 || L < 2 || L > 80) {
            fprintf(stderr, "ecm-bench: need 2 <= B1 <= B2, 2 <= L <= 80\n");
            return 2;
        }
        double t = curve_time(np, nn, B1, B2, c);
        if (t < 0)
            return 1;
        rho_init();
        double pr = curve_chance(L, (double)B1, (double)B2);
        printf("curve %.4f s, chance %.3g, expected curves %.0f, expected %.2f s\n", t, pr,
               1 / pr, t / pr);
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "factor") == 0 && read_n(np, &nn, argv[2])) {
        long seeds = atol(argv[3]);
        double sum = 0;
        for (long s = 1; s <= seeds; s++) {
            bgcn_factors fs;
            bgcn_factor_opts o;
            memset(&o, 0, sizeof o);
            o.seed = (uint64_t)s;
            bgcn_factors_init(&fs);
            double t0 = cpu_now();
            bgcn_status st = bgcn_factor(&fs, np, nn, &o);
            double t = cpu_now() - t0;
            bgcn_factors_clear(&fs);
            if (st != BGCN_OK) {
                fprintf(stderr, "ecm-bench: status %d\n", (int)st);
                return 1;
            }
            printf("seed %ld: %.2f s\n", s, t);
            sum += t;
        }
        if (seeds > 0)
            printf("mean %.2f s\n", sum / (double)seeds);
        return 0;
    }
    fprintf(stderr, "usage: ecm-bench curve N B1 B2 CURVES | ecm-bench factor N SEEDS |\n"
                    "       ecm-bench expect N B1 B2 LOG10P CURVES | ecm-bench chance B1 B2 LOG10P\n");
    return 2;
}
