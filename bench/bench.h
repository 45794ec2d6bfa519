/* bench.h -- the benchmark harness shared by the bench/rows-*.c groups.
 *
 * A group of rows is one function, bgc_bench_rows_NAME(bgc_bench *), in
 * its own file bench/rows-NAME.c, registered by one line in
 * bench/groups.h.  A group opens a table with bgc_bench_table, times the
 * engine and the references (GMP, and OpenSSL where libcrypto is present)
 * with bgc_bench_measure, and hands each row to bgc_bench_emit, which
 * prints it and, with --json, writes it to the JSON file.
 *
 * Timing: a measured function runs `iters` calls back to back; the harness
 * picks iters so that one sample lasts about a millisecond or two, takes
 * several samples, and keeps the minimum and the median time per call.
 * Cycles come from the core clock measured at start-up by a chain of
 * dependent one-cycle adds (the TSC is not the core clock on every
 * machine, in particular not on the one bigcalc is tuned on). */
#ifndef BGC_BENCH_H
#define BGC_BENCH_H

#include "bgcn.h"

#include <stdint.h>
#include <stdio.h>

/* Time per call in nanoseconds; min_ns == 0 means "not measured".
 * min/med: minimum and median over the samples, of the thread's CPU time
 * (default) or of wall time (--wall); cpu_ns, wall_ns: the smallest
 * of each (wall much above CPU: the CPU was shared while measuring). */
typedef struct bgc_bench_time {
    double min_ns;
    double med_ns;
    double cpu_ns;
    double wall_ns;
} bgc_bench_time;

/* The state of one run.  Groups read the public fields. */
typedef struct bgc_bench {
    int quick;           /* --quick: fewer, shorter samples */
    int cpu_clock;       /* report thread CPU time (default; 0: --wall) */
    double core_mhz;     /* measured core clock (0 if unknown) */
    const char *only_path; /* --path NAME, or NULL for every path */
    /* private to bench.c */
    const char *group;
    unsigned table_flags;
    FILE *json;
    long json_rows;
    int mismatches;
} bgc_bench;

/* One row: an operation at one size, the engine and its references. */
typedef struct bgc_bench_row {
    const char *op;   /* "add_n", "mul", "mont_mul", ... */
    const char *path; /* kernel path timed, or NULL (engine not timed) */
    long size;        /* operand size ... */
    const char *unit; /* ... in "limbs" or "bits" */
    long limbs;       /* per-limb tables: limbs processed per call */
    double bytes;     /* per-limb tables: bytes written per call (MiB/s) */
    bgc_bench_time eng, gmp, ossl;
    const char *note; /* shown at the end of the line, or NULL */
} bgc_bench_row;

/* Table kinds for bgc_bench_table. */
#define BGC_BENCH_PER_LIMB 1u /* ns/limb, MiB/s, cycles/limb columns */
#define BGC_BENCH_OPENSSL 2u  /* an OpenSSL column (when built with it) */

/* Start a table: prints a title and the column heads. */
void bgc_bench_table(bgc_bench *b, const char *title, unsigned flags);
/* Print one row (and write it to the JSON file). */
void bgc_bench_emit(bgc_bench *b, const bgc_bench_row *r);

/* Runs fn(ctx, iters): iters calls of the operation being timed. */
typedef void (*bgc_bench_fn)(void *ctx, long iters);
bgc_bench_time bgc_bench_measure(bgc_bench *b, bgc_bench_fn fn, void *ctx);

/* Kernel paths: installs in bgcn_kern, one after the other, every path
 * this CPU supports (only --path when given) and returns it; returns NULL
 * after the last one and puts the best path back.  Start with *i = 0:
 *     for (int i = 0; (p = bgc_bench_next_path(b, &i)); ) ...          */
const bgcn_kernels *bgc_bench_next_path(bgc_bench *b, int *i);

/* Flag an engine result that differs from the reference (the run then
 * exits 1): benchmarks of wrong code are worthless.  Returns 1 if equal. */
int bgc_bench_same(bgc_bench *b, const char *what, const bgcn_limb_t *x,
                   const bgcn_limb_t *y, long n);

/* Two-thread rows.  bgc_bench_emit_2threads(b, r, fn, ctx, check): the
 * engine row r, already measured on one thread and emitted, again with
 * the engine on two threads: check(b, ctx) first compares the result of
 * one fn call with the reference (1: equal; it reports a mismatch with
 * bgc_bench_same or b->mismatches), then fn is timed; the row shows the
 * wall time of the engine and of r's GMP time (CPU time of the calling
 * thread would miss the other's work), path "2 threads".  Every other
 * row runs the engine on one thread (--no-pin too).  For it the
 * pin to one CPU is widened to that CPU and the next one the process
 * may use; with no second CPU (taskset over one CPU) the row says so and
 * is not timed. */
typedef int (*bgc_bench_check_fn)(bgc_bench *b, void *ctx);
void bgc_bench_emit_2threads(bgc_bench *b, const bgc_bench_row *r,
                             bgc_bench_fn fn, void *ctx,
                             bgc_bench_check_fn check);
/* The size from which the groups add 2-thread rows. */
#define BGC_BENCH_THREADS_FROM 10000

/* Deterministic random limbs (xorshift), and checked allocation of
 * 64-byte-aligned limb arrays (exits on failure: this is a benchmark). */
void bgc_bench_random(bgcn_limb_t *p, long n);
bgcn_limb_t *bgc_bench_alloc(long n);
void bgc_bench_free(bgcn_limb_t *p);

/* The groups, declared from the registration list. */
#define BGC_BENCH_GROUP(name, what) void bgc_bench_rows_##name(bgc_bench *b);
#include "groups.h"
#undef BGC_BENCH_GROUP

#endif
