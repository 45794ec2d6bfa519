/* bench.c -- bigcalc-bench: the engine and GMP (and OpenSSL) side by side.
 *
 *   bigcalc-bench [--quick] [--json FILE] [--path NAME] [--pin CPU|--no-pin]
 *                 [GROUP...]
 *
 * Method.  The process pins itself to one CPU (sched_setaffinity) so that
 * the clock measurement and every row run on the same core.  The core
 * clock is measured with a long chain of dependent register adds: each add
 * waits for the previous one, so the chain runs at exactly one add per
 * core cycle, and adds/ns is the core frequency (a chain of imul, three
 * cycles a link, cross-checks it).  The TSC
 * would be wrong: it ticks at a fixed rate that is not the core clock (on
 * the Zen 4 of the issues, 2596 MHz against a 3694 MHz core).
 * Each row's operation is run in batches long enough (about 1 ms) that the
 * clock's resolution does not matter; of several batches the minimum time
 * per call is shown (interrupts and other processes only ever add time)
 * and the median goes to the JSON as a measure of noise.  Cycles are
 * nanoseconds times the measured clock.  Time is the thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID) by default, wall time with --wall; both are
 * taken for every sample and go to the JSON.  Over the rows of one run
 * the median ratio of the two was 1.000; but on the shared development
 * machine (load average 9 on 2 cores) a 10 ms sample was almost never
 * left alone, so wall time doubled or tripled the slow rows while CPU
 * time stayed near the figures of a quiet machine.  A row whose best
 * sample had 10% more wall than CPU time is marked "shared CPU".
 *
 * Ratios are engine time / reference time: below 1.00 the engine is
 * faster.  A row whose engine result differs from GMP's is marked
 * MISMATCH and the run exits 1. */
#define _GNU_SOURCE /* sched_setaffinity, sched_getcpu */
#include "bench.h"

#include <errno.h>
#include <getopt.h>
#include <gmp.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef BGC_HAVE_LIBCRYPTO
#include <openssl/crypto.h>
#endif

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "?"
#endif

static const struct group {
    const char *name, *what;
    void (*run)(bgc_bench *);
} groups[] = {
#define BGC_BENCH_GROUP(name, what) {#name, what, bgc_bench_rows_##name},
#include "groups.h"
#undef BGC_BENCH_GROUP
};
#define NGROUPS ((int)(sizeof groups / sizeof groups[0]))

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* ---- the core clock ------------------------------------------------- */

#if defined(__x86_64__)
#define CHAIN_ADDS 200
/* iters * CHAIN_ADDS dependent register-register adds.  Not `add $1,%reg`:
 * Intel cores since Golden Cove fold small-immediate adds in the renamer
 * (measured here: 17 "GHz"), but x += y still needs an ALU and a cycle.
 * The loop counter is an independent chain beside it.  With imul
 * instead of add the chain costs 3 cycles a link: the cross-check. */
static void dep_chain(long iters, int mul)
{
    uint64_t x = 0, y = 1;
    if (mul)
        __asm__ volatile("1:\n\t"
                         ".rept 200\n\t"
                         "imulq %2, %0\n\t"
                         ".endr\n\t"
                         "subq $1, %1\n\t"
                         "jnz 1b"
                         : "+r"(x), "+r"(iters)
                         : "r"(y)
                         : "cc");
    else
        __asm__ volatile("1:\n\t"
                         ".rept 200\n\t"
                         "addq %2, %0\n\t"
                         ".endr\n\t"
                         "subq $1, %1\n\t"
                         "jnz 1b"
                         : "+r"(x), "+r"(iters)
                         : "r"(y)
                         : "cc");
}

/* Best of many ~1 ms runs, after sizing runs that also let the clock ramp
 * up.  Short runs because the CPU may be shared: a run that the scheduler
 * interrupts only looks slower, and with time slices of a few ms most
 * 1 ms runs are not interrupted (10 ms runs on a busy machine all were,
 * and measured half the clock). */
static double chain_mhz(int quick, int mul)
{
    long iters = 100;
    double t;
    for (int k = 0; k < 50; k++) { /* ramp up: about 50 ms in all */
        double t0 = now_ns();
        dep_chain(iters, mul);
        t = now_ns() - t0;
        if (t < 1e6)
            iters = iters * 2;
    }
    double best = 0;
    for (int k = 0; k < (quick ? 15 : 40); k++) {
        double t0 = now_ns();
        dep_chain(iters, mul);
        t = now_ns() - t0;
        double mhz = (double)iters * CHAIN_ADDS * (mul ? 3 : 1) / t * 1e3;
        if (mhz > best)
            best = mhz;
    }
    return best;
}

static double measure_core_mhz(int quick)
{
    double add = chain_mhz(quick, 0), mul = chain_mhz(quick, 1);
    if (add > 1.1 * mul || mul > 1.1 * add)
        fprintf(stderr,
                "bigcalc-bench: warning: the add chain says %.0f MHz, the "
                "imul chain (latency 3) %.0f MHz: cycles are doubtful\n",
                add, mul);
    return add;
}
#else
static double measure_core_mhz(int quick)
{
    (void)quick;
    return 0; /* no portable dependent-add chain: cycles are not shown */
}
#endif

/* ---- timing ----------------------------------------------------------- */

/* Samples per row (--quick: 3); slow rows take fewer, at least 3. */
#define MAX_SAMPLES 11

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* One sample: iters calls, wall and thread CPU time per call. */
static void sample(bgc_bench_fn fn, void *ctx, long iters, double *wall,
                   double *cpu)
{
    double c0 = cpu_ns(), t0 = now_ns();
    fn(ctx, iters);
    double t1 = now_ns(), c1 = cpu_ns();
    *wall = (t1 - t0) / iters;
    *cpu = (c1 - c0) / iters;
}

bgc_bench_time bgc_bench_measure(bgc_bench *b, bgc_bench_fn fn, void *ctx)
{
    const double target = b->quick ? 2e5 : 1e6; /* ns per sample */
    const double budget = b->quick ? 1e8 : 6e8; /* ns per row, roughly */
    enum { MAXREPS = MAX_SAMPLES };
    int reps = b->quick ? 3 : MAXREPS;
    double sw[MAXREPS], sc[MAXREPS];

    fn(ctx, 1); /* warm caches, fault pages in */
    long iters = 1;
    for (;;) { /* size a sample; the last sizing run is the first sample */
        sample(fn, ctx, iters, &sw[0], &sc[0]);
        double t = sw[0] * iters;
        if (t >= target || iters >= (1L << 40))
            break;
        double f = t > 0 ? target / t * 1.2 : 100;
        if (f > 100)
            f = 100;
        if (f < 2)
            f = 2;
        iters = (long)(iters * f) + 1;
    }
    double t = sw[0] * iters;
    if (t * reps > budget) /* slow operations: fewer samples */
        reps = t * 3 > budget ? 3 : (int)(budget / t);
    for (int k = 1; k < reps; k++)
        sample(fn, ctx, iters, &sw[k], &sc[k]);
    qsort(sw, reps, sizeof sw[0], cmp_double);
    qsort(sc, reps, sizeof sc[0], cmp_double);
    if (b->cpu_clock)
        return (bgc_bench_time){sc[0], sc[reps / 2], sc[0], sw[0]};
    return (bgc_bench_time){sw[0], sw[reps / 2], sc[0], sw[0]};
}

/* ---- paths, data, checks ---------------------------------------------- */

const bgcn_kernels *bgc_bench_next_path(bgc_bench *b, int *i)
{
    for (const bgcn_kernels *p; (p = bgcn_kernel_paths[*i]); ) {
        ++*i;
        if (!bgcn_cpu_supported(p))
            continue;
        if (b->only_path && strcmp(b->only_path, p->name) != 0)
            continue;
        bgcn_cpu_select(p->name);
        return p;
    }
    bgcn_cpu_select(b->only_path); /* back to the run's path */
    return NULL;
}

int bgc_bench_same(bgc_bench *b, const char *what, const bgcn_limb_t *x,
                   const bgcn_limb_t *y, long n)
{
    for (long i = 0; i < n; i++)
        if (x[i] != y[i]) {
            fprintf(stderr,
                    "bigcalc-bench: MISMATCH: %s (%s path): limb %ld of %ld "
                    "differs from the reference\n",
                    what, bgcn_kern.name, i, n);
            b->mismatches++;
            return 0;
        }
    return 1;
}

/* ---- two threads --------------------------------------------------------- */

static cpu_set_t start_cpus; /* the affinity the process started with */
static int pinned_cpu = -1;  /* the CPU of --pin, or -1 */

/* Widens the pin to {pinned_cpu, the next CPU of start_cpus}; returns 0
 * when there is no such second CPU (nothing changed). */
static int two_cpus(void)
{
    int n = CPU_COUNT(&start_cpus);
    if (pinned_cpu < 0)
        return n >= 2;
    for (int k = 1; k < CPU_SETSIZE; k++) {
        int c = (pinned_cpu + k) % CPU_SETSIZE;
        if (CPU_ISSET(c, &start_cpus)) {
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(pinned_cpu, &set);
            CPU_SET(c, &set);
            return sched_setaffinity(0, sizeof set, &set) == 0;
        }
    }
    return 0;
}

static void one_cpu_again(void)
{
    if (pinned_cpu < 0)
        return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(pinned_cpu, &set);
    sched_setaffinity(0, sizeof set, &set);
}

/* The wall-clock minimum as the figure shown. */
static bgc_bench_time wall_view(bgc_bench_time t)
{
    return (bgc_bench_time){t.wall_ns, t.wall_ns, t.cpu_ns, t.wall_ns};
}

void bgc_bench_emit_2threads(bgc_bench *b, const bgc_bench_row *r,
                             bgc_bench_fn fn, void *ctx,
                             bgc_bench_check_fn check)
{
    bgc_bench_row t = *r;
    t.path = "2 threads";
    if (!two_cpus()) {
        printf("%-10s (2 threads at %ld %s not timed: this process may run "
               "on one CPU only)\n", r->op, r->size, r->unit);
        return;
    }
    bgcn_threads_set(2);
    fn(ctx, 1);
    t.note = check(b, ctx) ? "(wall time, both)" : "MISMATCH";
    t.eng = wall_view(bgc_bench_measure(b, fn, ctx));
    t.gmp = wall_view(r->gmp);
    bgcn_threads_set(1);
    one_cpu_again();
    bgc_bench_emit(b, &t);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

void bgc_bench_random(bgcn_limb_t *p, long n)
{
    for (long i = 0; i < n; i++) { /* xorshift64* */
        rng_state ^= rng_state >> 12;
        rng_state ^= rng_state << 25;
        rng_state ^= rng_state >> 27;
        p[i] = rng_state * 0x2545f4914f6cdd1du;
    }
}

bgcn_limb_t *bgc_bench_alloc(long n)
{
    size_t bytes = ((size_t)(n > 0 ? n : 1) * sizeof(bgcn_limb_t) + 63) & ~(size_t)63;
    bgcn_limb_t *p = aligned_alloc(64, bytes);
    if (!p) {
        fprintf(stderr, "bigcalc-bench: out of memory (%ld limbs)\n", n);
        exit(2);
    }
    memset(p, 0, bytes);
    return p;
}

void bgc_bench_free(bgcn_limb_t *p)
{
    free(p);
}

/* ---- output ------------------------------------------------------------- */

static const char *fmt_time(char *buf, size_t len, double ns)
{
    if (ns <= 0)
        snprintf(buf, len, "%10s", "-");
    else if (ns < 1e3)
        snprintf(buf, len, "%7.1f ns", ns);
    else if (ns < 1e6)
        snprintf(buf, len, "%7.2f us", ns / 1e3);
    else if (ns < 1e9)
        snprintf(buf, len, "%7.2f ms", ns / 1e6);
    else
        snprintf(buf, len, "%7.3f s ", ns / 1e9);
    return buf;
}

static const char *fmt_ratio(char *buf, size_t len, double num, double den)
{
    if (num > 0 && den > 0)
        snprintf(buf, len, "%6.2f", num / den);
    else
        snprintf(buf, len, "%6s", "-");
    return buf;
}

static void json_string(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_time(FILE *f, const bgc_bench *b, bgc_bench_time t)
{
    if (t.min_ns <= 0) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"min_ns\": %.6g, \"median_ns\": %.6g, \"cpu_min_ns\": %.6g, "
               "\"wall_min_ns\": %.6g", t.min_ns, t.med_ns, t.cpu_ns, t.wall_ns);
    if (b->core_mhz > 0)
        fprintf(f, ", \"cycles\": %.6g", t.min_ns * b->core_mhz / 1e3);
    fputc('}', f);
}

static void json_ratio(FILE *f, double num, double den)
{
    if (num > 0 && den > 0)
        fprintf(f, "%.4g", num / den);
    else
        fputs("null", f);
}

void bgc_bench_table(bgc_bench *b, const char *title, unsigned flags)
{
#ifndef BGC_HAVE_LIBCRYPTO
    flags &= ~BGC_BENCH_OPENSSL;
#endif
    b->table_flags = flags;
    printf("\n== %s: %s\n", b->group, title);
    if (flags & BGC_BENCH_PER_LIMB)
        printf("%-10s %-8s %6s %9s %9s %8s %10s %7s\n", "op", "path", "n",
               "ns/limb", "MiB/s", "c/limb", "GMP c/l", "ratio");
    else {
        printf("%-10s %-8s %14s %10s %10s %10s %6s", "op", "path", "size",
               "engine", "cycles", "GMP", "ratio");
        if (flags & BGC_BENCH_OPENSSL)
            printf(" %10s %6s", "OpenSSL", "ratio");
        putchar('\n');
    }
}

/* Even the best sample spent a tenth more wall time than CPU time: the
 * thread was descheduled for part of every sample. */
static int preempted(const bgc_bench_time *t)
{
    return t->min_ns > 0 && t->cpu_ns > 0 && t->wall_ns > 1.1 * t->cpu_ns;
}

void bgc_bench_emit(bgc_bench *b, const bgc_bench_row *r)
{
    char t1[32], t2[32], t3[32], r1[16], r2[16], sz[32];
    double mhz = b->core_mhz;
    const char *path = r->path ? r->path : "-";

    if (b->table_flags & BGC_BENCH_PER_LIMB) {
        double nspl = r->eng.min_ns / r->limbs;
        double mibs = r->bytes / (r->eng.min_ns * 1e-9) / (1024.0 * 1024.0);
        printf("%-10s %-8s %6ld %9.3f %9.0f ", r->op, path, r->size, nspl,
               mibs);
        if (mhz > 0) {
            printf("%8.3f ", nspl * mhz / 1e3);
            if (r->gmp.min_ns > 0)
                printf("%10.3f ", r->gmp.min_ns / r->limbs * mhz / 1e3);
            else
                printf("%10s ", "-");
        } else
            printf("%8s %10s ", "-", "-");
        printf("%s", fmt_ratio(r1, sizeof r1, r->eng.min_ns, r->gmp.min_ns));
    } else {
        snprintf(sz, sizeof sz, "%ld %s", r->size, r->unit);
        printf("%-10s %-8s %14s %s ", r->op, path, sz,
               fmt_time(t1, sizeof t1, r->eng.min_ns));
        if (mhz > 0 && r->eng.min_ns > 0)
            printf("%10.0f ", r->eng.min_ns * mhz / 1e3);
        else
            printf("%10s ", "-");
        printf("%s %s", fmt_time(t2, sizeof t2, r->gmp.min_ns),
               fmt_ratio(r1, sizeof r1, r->eng.min_ns, r->gmp.min_ns));
        if (b->table_flags & BGC_BENCH_OPENSSL)
            printf(" %s %s", fmt_time(t3, sizeof t3, r->ossl.min_ns),
                   fmt_ratio(r2, sizeof r2, r->eng.min_ns, r->ossl.min_ns));
    }
    if (r->note)
        printf("  %s", r->note);
    else if (preempted(&r->eng) || preempted(&r->gmp) || preempted(&r->ossl))
        printf("  (shared CPU: wall > 1.1 x CPU time%s)",
               b->cpu_clock ? "; CPU time shown" : "");
    putchar('\n');
    fflush(stdout);

    FILE *f = b->json;
    if (!f)
        return;
    fputs(b->json_rows++ ? ",\n    " : "\n    ", f);
    fputs("{\"group\": ", f);
    json_string(f, b->group);
    fputs(", \"op\": ", f);
    json_string(f, r->op);
    fputs(", \"path\": ", f);
    json_string(f, r->path);
    fprintf(f, ", \"size\": %ld, \"unit\": ", r->size);
    json_string(f, r->unit);
    fputs(", \"engine\": ", f);
    json_time(f, b, r->eng);
    fputs(", \"gmp\": ", f);
    json_time(f, b, r->gmp);
    fputs(", \"openssl\": ", f);
    json_time(f, b, r->ossl);
    fputs(", \"ratio_gmp\": ", f);
    json_ratio(f, r->eng.min_ns, r->gmp.min_ns);
    fputs(", \"ratio_openssl\": ", f);
    json_ratio(f, r->eng.min_ns, r->ossl.min_ns);
    if (b->table_flags & BGC_BENCH_PER_LIMB) {
        double nspl = r->eng.min_ns / r->limbs;
        fprintf(f, ", \"ns_per_limb\": %.4g, \"mib_per_s\": %.4g", nspl,
                r->bytes / (r->eng.min_ns * 1e-9) / (1024.0 * 1024.0));
        if (mhz > 0)
            fprintf(f, ", \"cycles_per_limb\": %.4g", nspl * mhz / 1e3);
        if (mhz > 0 && r->gmp.min_ns > 0)
            fprintf(f, ", \"gmp_cycles_per_limb\": %.4g",
                    r->gmp.min_ns / r->limbs * mhz / 1e3);
    }
    fputs(", \"note\": ", f);
    json_string(f, r->note);
    fputc('}', f);
}

/* ---- main ----------------------------------------------------------------- */

static void cpu_model(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0) {
            char *v = strchr(line, ':');
            if (v) {
                v += 1 + (v[1] == ' ');
                v[strcspn(v, "\n")] = 0;
                snprintf(buf, len, "%s", v);
            }
            break;
        }
    fclose(f);
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: bigcalc-bench [OPTION]... [GROUP]...\n"
            "Times the bigcalc engine and GMP (and OpenSSL) side by side.\n"
            "  -q, --quick      fewer and shorter samples (noisier, ~10x faster)\n"
            "  -j, --json FILE  also write every row as JSON to FILE\n"
            "  -p, --path NAME  time only this kernel path (default: every path\n"
            "                   the CPU supports)\n"
            "      --pin CPU    run on this CPU (default: the current one)\n"
            "      --no-pin     do not pin\n"
            "      --wall       report wall time instead of the thread's CPU time\n"
            "      --cpu-time   report the thread's CPU time (the default: on a\n"
            "                   shared machine it leaves out the time the thread\n"
            "                   was descheduled; on a quiet one the two agree)\n"
            "  -l, --list       list the groups\n"
            "  -h, --help       this text\n"
            "Groups (default: all):\n");
    for (int g = 0; g < NGROUPS; g++)
        fprintf(f, "  %-9s %s\n", groups[g].name, groups[g].what);
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {
        {"quick", no_argument, 0, 'q'},   {"json", required_argument, 0, 'j'},
        {"path", required_argument, 0, 'p'}, {"pin", required_argument, 0, 'P'},
        {"no-pin", no_argument, 0, 'N'},  {"list", no_argument, 0, 'l'},
        {"help", no_argument, 0, 'h'},    {"cpu-time", no_argument, 0, 'C'},
        {"wall", no_argument, 0, 'W'},    {0, 0, 0, 0},
    };
    bgc_bench b = {.cpu_clock = 1};
    const char *json_file = NULL;
    int pin = -1, no_pin = 0, c;

    while ((c = getopt_long(argc, argv, "qj:p:lh", opts, NULL)) != -1) {
        switch (c) {
        case 'q': b.quick = 1; break;
        case 'j': json_file = optarg; break;
        case 'p': b.only_path = optarg; break;
        case 'P': pin = atoi(optarg); break;
        case 'N': no_pin = 1; break;
        case 'C': b.cpu_clock = 1; break;
        case 'W': b.cpu_clock = 0; break;
        case 'l':
            for (int g = 0; g < NGROUPS; g++)
                printf("%-9s %s\n", groups[g].name, groups[g].what);
            return 0;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    int want[NGROUPS > 0 ? NGROUPS : 1];
    for (int g = 0; g < NGROUPS; g++)
        want[g] = optind == argc;
    for (int a = optind; a < argc; a++) {
        int g = 0;
        while (g < NGROUPS && strcmp(groups[g].name, argv[a]) != 0)
            g++;
        if (g == NGROUPS) {
            fprintf(stderr, "bigcalc-bench: unknown group '%s'\n", argv[a]);
            usage(stderr);
            return 2;
        }
        want[g] = 1;
    }
    if (bgcn_cpu_select(b.only_path) != 0) {
        fprintf(stderr, "bigcalc-bench: kernel path '%s' is unknown or not "
                        "supported by this CPU\n", b.only_path);
        return 2;
    }

    if (sched_getaffinity(0, sizeof start_cpus, &start_cpus) != 0)
        CPU_ZERO(&start_cpus);
    if (!no_pin) {
        cpu_set_t set;
        if (pin < 0)
            pin = sched_getcpu();
        CPU_ZERO(&set);
        CPU_SET(pin, &set);
        if (pin < 0 || sched_setaffinity(0, sizeof set, &set) != 0) {
            fprintf(stderr, "bigcalc-bench: cannot pin to cpu %d: %s\n", pin,
                    strerror(errno));
            pin = -1;
        }
    } else
        pin = -1;
    pinned_cpu = pin;
    bgcn_threads_set(1); /* every row on one thread but the 2-thread ones */

    b.core_mhz = measure_core_mhz(b.quick);

    char model[256], date[64], paths[256] = "";
    cpu_model(model, sizeof model);
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    for (int i = 0; bgcn_kernel_paths[i]; i++)
        if (bgcn_cpu_supported(bgcn_kernel_paths[i])) {
            if (*paths)
                strncat(paths, " ", sizeof paths - strlen(paths) - 1);
            strncat(paths, bgcn_kernel_paths[i]->name,
                    sizeof paths - strlen(paths) - 1);
        }
    const char *ossl = NULL;
#ifdef BGC_HAVE_LIBCRYPTO
    ossl = OpenSSL_version(OPENSSL_VERSION);
#endif

    printf("bigcalc-bench %s: engine and GMP %s%s%s side by side\n",
           PACKAGE_VERSION, gmp_version, ossl ? " and " : "", ossl ? ossl : "");
    printf("date: %s; cpu: %s; pinned to cpu %d%s\n", date, model, pin,
           pin < 0 ? " (not pinned)" : "");
    if (b.core_mhz > 0)
        printf("core clock: %.1f MHz (chain of dependent adds, best of %d "
               "1 ms runs)\n", b.core_mhz, b.quick ? 15 : 40);
    else
        printf("core clock: not measured on this architecture (no cycles)\n");
    printf("kernel paths supported: %s%s%s\n", paths,
           b.only_path ? "; timing only " : "", b.only_path ? b.only_path : "");
    printf("each figure: minimum %s time over up to %d samples (median in "
           "the JSON); ratio = engine time / reference time (< 1: engine "
           "faster)\n", b.cpu_clock ? "thread CPU" : "wall",
           b.quick ? 3 : MAX_SAMPLES);
#ifdef BGCN_WANT_ASSERT
    printf("WARNING: built with --enable-assert: engine figures include the "
           "contract checks\n");
#endif

    if (json_file) {
        b.json = fopen(json_file, "w");
        if (!b.json) {
            fprintf(stderr, "bigcalc-bench: %s: %s\n", json_file,
                    strerror(errno));
            return 2;
        }
        fputs("{\n  \"program\": \"bigcalc-bench\", \"version\": ", b.json);
        json_string(b.json, PACKAGE_VERSION);
        fputs(",\n  \"date\": ", b.json);
        json_string(b.json, date);
        fputs(", \"cpu\": ", b.json);
        json_string(b.json, model);
        fprintf(b.json, ", \"pinned_cpu\": %d,\n  \"core_mhz\": %.1f, "
                        "\"quick\": %s, \"clock\": \"%s\", \"asserts\": %s,\n  \"gmp\": ",
                pin, b.core_mhz, b.quick ? "true" : "false",
                b.cpu_clock ? "thread-cpu" : "wall",
#ifdef BGCN_WANT_ASSERT
                "true"
#else
                "false"
#endif
        );
        json_string(b.json, gmp_version);
        fputs(", \"openssl\": ", b.json);
        json_string(b.json, ossl);
        fputs(", \"kernel_paths\": ", b.json);
        json_string(b.json, paths);
        fputs(",\n  \"argv\": [", b.json);
        for (int a = 0; a < argc; a++) {
            fputs(a ? ", " : "", b.json);
            json_string(b.json, argv[a]);
        }
        fputc(']', b.json);
        fputs(",\n  \"rows\": [", b.json);
    }

    double t0 = now_ns();
    for (int g = 0; g < NGROUPS; g++)
        if (want[g]) {
            b.group = groups[g].name;
            groups[g].run(&b);
        }
    /* The clock again: a drift means the rows ran at another frequency
     * (another core's load, thermal or power limits). */
    double end_mhz = measure_core_mhz(1);
    printf("\n(%.1f s; core clock at the end %.1f MHz, at the start %.1f)\n",
           (now_ns() - t0) / 1e9, end_mhz, b.core_mhz);

    if (b.json) {
        fprintf(b.json, "\n  ],\n  \"core_mhz_at_end\": %.1f\n}\n", end_mhz);
        if (fclose(b.json) != 0) {
            fprintf(stderr, "bigcalc-bench: %s: write error\n", json_file);
            return 2;
        }
    }
    if (b.mismatches) {
        fprintf(stderr, "bigcalc-bench: %d engine result(s) differ from GMP\n",
                b.mismatches);
        return 1;
    }
    return 0;
}
