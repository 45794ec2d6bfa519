/* test-alloc-fail.c -- running out of memory at every allocation site of
 * a representative program, front end included.
 *
 * The program is linked with -Wl,--wrap for malloc, calloc, realloc,
 * strdup, strndup and free, so every allocation bigcalc's own code makes
 * (lexer, parser arena, compiler, VM stacks, variables, functions, the
 * number layer, the engine's limbs, printing) comes through the wrappers
 * below; the C library's own (stdio buffers) do not.  A run with no
 * failure counts the N allocations the program makes; then for each k in
 * 1..N the program runs again in a fresh session with only the k-th
 * allocation failing (then again with the k-th and the next failing, so
 * that a retry with a smaller size does not hide a site), and the test
 * checks that:
 *   - nothing crashes (the sanitizer build runs this test too);
 *   - the first error is "out of memory", at the statement that was
 *     allocating, and any later error is only its consequence (a variable
 *     or function that the failed statement would have defined);
 *   - every result printed is one the failure-free run printed, and the
 *     last statement still runs (its result is printed);
 *   - lists (literals, indexing, nested element assignment, for-in,
 *     sort) fail as cleanly as numbers;
 *   - every block allocated is freed again by the end of the session
 *     (the wrappers count live blocks: a leak on any error path fails
 *     here even without LeakSanitizer).
 * Then the same again as the REPL runs it, with the history file
 * (repl-history.c) open: each statement is added to the history before it
 * runs, the file is loaded at the start and cut at the end, and besides
 * the checks above every statement must be in the file afterwards unless
 * an "out of memory" warning said that an entry was lost.  (readline's
 * own history list allocates inside libreadline, which the wrappers do
 * not see.)
 * BIGCALC_TEST_ALLOC_STRIDE=S tries every S-th k only (default 1);
 * BIGCALC_TEST_ALLOC_ABORT=J aborts (for a backtrace) where the J-th run
 * would fail its allocation. */
#define _GNU_SOURCE 1 /* memmem */
#include "error.h"
#include "eval.h"
#include "num.h"
#include "repl.h"

#include <errno.h>
#include <unistd.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);

static long countdown;  /* > 0: the countdown-th allocation from now fails */
static long burst;      /* and this many after it */
static long nallocs;    /* allocations made while counting */
static long live;       /* blocks allocated and not yet freed */
static int counting;

static long abort_at; /* BIGCALC_TEST_ALLOC_ABORT=k: abort at the k-th (for a debugger) */

static int fail_now(void)
{
    if (!counting)
        return 0;
    nallocs++;
    if (abort_at && countdown == 1 && abort_at-- == 1)
        abort();
    if (countdown > 0 && --countdown == 0) {
        countdown = burst;
        burst = 0;
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t n)
{
    if (fail_now()) {
        errno = ENOMEM; /* as malloc does */
        return NULL;
    }
    void *p = __real_malloc(n);
    if (p)
        live++;
    return p;
}

void *__wrap_calloc(size_t n, size_t m)
{
    if (fail_now()) {
        errno = ENOMEM;
        return NULL;
    }
    void *p = __real_calloc(n, m);
    if (p)
        live++;
    return p;
}

void *__wrap_realloc(void *old, size_t n)
{
    if (fail_now()) {
        errno = ENOMEM;
        return NULL;
    }
    void *p = __real_realloc(old, n);
    if (p && !old)
        live++;
    return p;
}

void __wrap_free(void *p)
{
    if (p)
        live--;
    __real_free(p);
}

char *__wrap_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = __wrap_malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

char *__wrap_strndup(const char *s, size_t m)
{
    size_t n = strnlen(s, m);
    char *p = __wrap_malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = 0;
    }
    return p;
}

/* One statement a line; every kind of work the front end does. */
static const char program[] =
    "x = 2^300 + 12345\n"
    "def f(n) = n < 2 ? 1 : n * f(n - 1)\n"
    "def g(a, b) = gcd(a, b) + a % b\n"
    "f(30)\n"
    "x * x - x / 7\n"
    "(x << 100) >> 3 | 0xff & ~x ^ 12\n"
    "g(x, 2^64 + 13)\n"
    "powmod(3, x, 2^127 - 1)\n"
    "nextprime(x)\n"
    "fact(150) mod (2^89 - 1)\n"
    "isqrt(10^200) + iroot(3^300, 3)\n"
    "fib(500) + lucas(100)\n"
    "binomial(300, 150)\n"
    "y = (x + 1) * (x - 1); y - x^2\n"
    "v = [1, 2^100, [3, 4]]; v[1] * 2\n"
    "def sm(v) { local t = 0; for (e in v) t = t + e; return t }\n"
    "sm([2^70, 3, 4])\n"
    "sort([5, 2^80, 3])\n"
    "v[2][0] = 2^65\n"
    "1 / 0\n"
    "123456789012345678901234567890 * 98765432109876543210\n"
    "obase = 16\n"
    "2^200 - 1\n"
    "obase = 10\n"
    "digits(7^500) + bitlen(x) + popcount(x)\n"
    "(((((((((1 + 2) * 3) - 4) * 5) + 6) * 7) - 8) * 9) + 10)\n"
    "1e50 + 0x_ff_ff + 0b1010 + 0o777\n"

    "424242\n";

typedef struct run {
    char *out, *err;
    size_t outlen, errlen;
} run;

static int has_line(const char *text, const char *line, size_t n);

/* The REPL's way (with_history): the history file open, each statement
 * added to it before it runs, closed at the end. */
static int with_history;
static char hist_file[64];
static const char hist_old[] = "#1700000000\nold = 1\n#1700000001\nold2 = [1,\n 2]\n";

static void run_statements(bgc_ctx *ctx)
{
    if (!with_history) {
        bgc_chunk ch = {"<test>", program, sizeof program - 1, 1, 1};
        bgc_run_result res;
        bgc_run_text(ctx, &ch, &res);
        return;
    }
    FILE *f = fopen(hist_file, "w");
    if (!f || fputs(hist_old, f) < 0 || fclose(f) != 0) {
        fprintf(stdout, "cannot write %s\n", hist_file);
        exit(1);
    }
    bgc_repl_history_open();
    unsigned long long line = 1;
    for (const char *p = program; *p; line++) {
        const char *e = strchr(p, '\n');
        char stmt[256];
        size_t n = (size_t)(e - p);
        memcpy(stmt, p, n);
        stmt[n] = 0;
        bgc_repl_history_add(stmt);
        bgc_chunk ch = {"<test>", p, n + 1, line, 1};
        bgc_run_result res;
        bgc_run_text(ctx, &ch, &res);
        p = e + 1;
    }
    bgc_repl_history_close();
}

/* Every statement of the program is an entry of the history file. */
static int history_complete(void)
{
    FILE *f = fopen(hist_file, "r");
    if (!f)
        return 0;
    char *text = NULL;
    size_t cap = 0;
    ssize_t n = getdelim(&text, &cap, 0, f);
    fclose(f);
    int ok = n > 0;
    for (const char *p = program; ok && *p;) {
        const char *e = strchr(p, '\n');
        ok = has_line(text, p, (size_t)(e - p));
        p = e + 1;
    }
    __real_free(text); /* getdelim's, made by the C library: not counted */
    return ok;
}

static long run_program(long fail_at, long more, run *r)
{
    FILE *out = open_memstream(&r->out, &r->outlen);
    FILE *err = open_memstream(&r->err, &r->errlen);
    if (!out || !err) {
        fprintf(stderr, "open_memstream failed\n");
        exit(1);
    }
    FILE *saved = stderr;
    countdown = fail_at;
    burst = more ? 1 : 0; /* the next one too: defeats a retry */
    nallocs = 0;
    counting = 1;
    bgc_ctx *ctx = bgc_ctx_new();
    if (ctx) {
        stderr = err;
        bgc_ctx_set_output(ctx, out);
        run_statements(ctx);
        stderr = saved;
        bgc_ctx_free(ctx);
    } else {
        fputs("bigcalc: out of memory\n", err); /* as main() would say */
        fputs("424242\n", out);
    }
    counting = 0;
    bgcn_radix_cache_clear(); /* the engine's one cache: not a leak */
    fclose(out);
    fclose(err);
    return nallocs;
}

/* Is line (len n) one of the lines of text? */
static int has_line(const char *text, const char *line, size_t n)
{
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t m = e ? (size_t)(e - p) : strlen(p);
        if (m == n && memcmp(p, line, n) == 0)
            return 1;
        if (!e)
            break;
        p = e + 1;
    }
    return 0;
}

static int run_all(void);

int main(void)
{
    bgc_set_max_bits(1 << 20);
    snprintf(hist_file, sizeof hist_file, "/tmp/bigcalc-alloc-fail-%ld.hist", (long)getpid());
    setenv("BIGCALC_HISTORY", hist_file, 1);
    int rc = run_all();
    with_history = 1;
    printf("with the history file:\n");
    rc |= run_all();
    unlink(hist_file);
    return rc;
}

static int run_all(void)
{
    run base = {0};
    long before = live;
    long n = run_program(0, 0, &base);
    if (base.errlen == 0 || !strstr(base.err, "division by zero") ||
        !strstr(base.out, "\n424242\n")) {
        fprintf(stderr, "the failure-free run is not as expected:\n%s%s", base.out, base.err);
        return 1;
    }
    if (live != before) {
        fprintf(stderr, "the failure-free run leaks %ld blocks\n", live - before);
        return 1;
    }
    if (getenv("BIGCALC_TEST_ALLOC_ABORT"))
        abort_at = atol(getenv("BIGCALC_TEST_ALLOC_ABORT"));
    long stride = 1;
    const char *s = getenv("BIGCALC_TEST_ALLOC_STRIDE");
    if (s && atol(s) > 0)
        stride = atol(s);
    long failures = 0, silent = 0, tried = 0;
    for (long j = 0; j < 2 * n; j += stride) {
        long k = j % n + 1, pair = j >= n;
        run r = {0};
        tried++;
        long before_k = live;
        run_program(k, pair, &r);
        const char *why = NULL;
        /* errors: the baseline's division by zero, one "out of memory",
         * and consequences of the failed statement only */
        int oom = 0;
        for (char *p = r.err; p && *p;) {
            char *e = strchr(p, '\n');
            size_t m = e ? (size_t)(e - p) : strlen(p);
            if (memmem(p, m, "out of memory", 13))
                oom++;
            else if (!memmem(p, m, "division by zero", 16) &&
                     !memmem(p, m, "unknown variable", 16) &&
                     !memmem(p, m, "unknown function", 16))
                why = "an error other than out of memory";
            p = e ? e + 1 : NULL;
        }
        if (oom > 1 + pair) /* a pair may span two statements */
            why = "more out-of-memory errors than failed allocations";
        if (oom == 0)
            silent++; /* the failure was absorbed (e.g. a retry) */
        /* a failed obase assignment changes how the later results print */
        int setting = 0;
        for (int line = 1, i = 0; program[i]; line++) {
            char at[32];
            snprintf(at, sizeof at, "<test>:%d:", line);
            if (strncmp(program + i, "obase", 5) == 0 && strstr(r.err, at))
                setting = 1;
            i += (int)(strchr(program + i, '\n') - (program + i)) + 1;
        }
        for (char *p = r.out; p && *p && !why && !setting;) {
            char *e = strchr(p, '\n');
            size_t m = e ? (size_t)(e - p) : strlen(p);
            if (!has_line(base.out, p, m))
                why = "a result the failure-free run did not print";
            p = e ? e + 1 : NULL;
        }
        size_t ol = r.outlen;
        int last_ran = (ol >= 7 && strcmp(r.out + ol - 7, "424242\n") == 0) ||
                       (setting && ol >= 8 && strcmp(r.out + ol - 8, "0x67932\n") == 0);
        /* the allocation may be the last statement's own */
        char last_oom[48];
        int nlines = 0;
        for (const char *q = program; *q; q++)
            nlines += *q == '\n';
        snprintf(last_oom, sizeof last_oom, ":%d:1: out of memory", nlines);
        if (!why && !last_ran && !strstr(r.err, last_oom))
            why = "the last statement did not run";
        if (!why && live != before_k)
            why = "blocks leaked";
        if (!why && with_history && !history_complete() && !strstr(r.err, "out of memory"))
            why = "a statement is missing from the history file, with no warning";
        if (why) {
            failures++;
            fprintf(stderr, "allocation %ld%s of %ld failing: %s (%ld blocks live)\n--- stdout\n%s--- stderr\n%s",
                    k, pair ? " and the next" : "", n, why, live - before_k, r.out, r.err);
        }
        __real_free(r.out); /* open_memstream's: not counted */
        __real_free(r.err);
        if (failures > 5)
            break;
    }
    __real_free(base.out);
    __real_free(base.err);
    printf("%ld allocations; %ld runs with one (or two in a row) failing: %ld failed, %ld absorbed the failure\n", n,
           tried, failures, silent);
    printf("alloc-fail: %ld runs, %ld failed\n", tried, failures);
    return failures ? 1 : 0;
}
