/* cli.c -- options, run modes and exit statuses (SPEC section 1).
 *
 * Options come before operands (getopt with '+'), so that one-shot
 * arguments such as `bigcalc abs -5` are not taken for options.  After
 * the first operand that is not a builtin, options may appear again
 * between file names.
 *
 * Pipe and file mode run statements as soon as they are complete: a line
 * is appended to the pending text until no parenthesis or comment is open
 * and the line does not end in an operator (bgc_scan_feed), then
 * the text runs.  So a script fed through a pipe answers line by line,
 * and later statements run after an error unless --strict.
 */
#include "cli.h"

#include "builtins.h"
#include "error.h"
#include "num.h"
#include "parser.h"
#include "verify.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

/* ---- signals ------------------------------------------------------------------ */

static void on_sigint(int sig)
{
    (void)sig;
    if (bgcn_interrupt_flag)
        _exit(BGC_EXIT_INTR); /* the first ^C was not noticed: stop now */
    bgcn_interrupt_flag = 1;
}

void bgc_cli_install_sigint(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocked read returns EINTR */
    sigaction(SIGINT, &sa, NULL);
}

/* ---- usage ---------------------------------------------------------------------- */

static void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bgc_error_vplain(fmt, ap);
    va_end(ap);
    fputs("Try 'bigcalc --help' for more information.\n", stderr);
    exit(BGC_EXIT_USAGE);
}

static void print_help(void)
{
    fputs(
"Usage: bigcalc [OPTION]...                 REPL at a terminal, else run stdin\n"
"       bigcalc [OPTION]... FILE...         run the files in order ('-' is stdin)\n"
"       bigcalc [OPTION]... -e EXPR...      evaluate each EXPR, print, exit\n"
"       bigcalc [OPTION]... FUNC ARG...     one-shot: call builtin FUNC, each ARG\n"
"                                           an expression; prints the bare result\n"
"       bigcalc modexp                      read \"B E M\" lines from stdin\n"
"\n"
"Options (they come before FUNC and its arguments):\n"
"  -e, --expression EXPR  evaluate EXPR (may be repeated)\n"
"  -V, --verify           recompute every engine operation with GMP; exit 3 on\n"
"                         a mismatch\n"
"  -o, --obase N          output base 2..36 (0x/0o/0b prefixes for 16/8/2)\n"
"      --digits N|full    REPL: abbreviate results longer than N digits\n"
"                         (default 2000)\n"
"      --max-bits N       refuse any result larger than N bits (default 2^34;\n"
"                         N may be written 2^K)\n"
"  -t, --time             print each statement's evaluation time to stderr\n"
"      --cpu NAME         force a kernel path (generic, or an asm path this CPU\n"
"                         supports); the environment variable BIGCALC_CPU too\n"
"      --seed N           take random, randbits, randprime from a reproducible\n"
"                         stream seeded by N (NOT cryptographic); default: a\n"
"                         cryptographic generator (ChaCha20) keyed by the OS\n"
"  -s, --strict           stop at the first failing statement\n"
"  -q, --quiet            no REPL banner\n"
"  -h, --help             show this help and exit\n"
"      --version          show the version, kernel paths and GMP version\n"
"\n"
"Exit status: 0 success; 1 a statement failed; 2 usage error;\n"
"3 --verify found a mismatch; 130 interrupted.\n"
"\n"
"Builtin functions:\n", stdout);
    for (int i = 0; i < bgc_nbuiltins; i++)
        printf("  %-22s %s\n", bgc_builtins[i].usage, bgc_builtins[i].help);
}

static void print_version(void)
{
    printf("bigcalc %s\n", PACKAGE_VERSION);
    printf("kernel path: %s (available:", bgcn_kern.name);
    for (int i = 0; bgcn_kernel_paths[i]; i++)
        if (bgcn_cpu_supported(bgcn_kernel_paths[i]))
            printf(" %s", bgcn_kernel_paths[i]->name);
    printf(")\n");
    printf("verification: GMP %s\n", bgc_verify_gmp_version());
}

static const char *cpu_list(char *buf, size_t cap)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; bgcn_kernel_paths[i]; i++)
        if (bgcn_cpu_supported(bgcn_kernel_paths[i]) && k + 20 < cap)
            k += (size_t)snprintf(buf + k, cap - k, "%s%s", k ? ", " : "",
                                  bgcn_kernel_paths[i]->name);
    return buf;
}

/* Decimal unsigned option value (digits only, '_' allowed). */
static int parse_u64(const char *s, unsigned long long *out)
{
    unsigned long long v = 0;
    int any = 0;
    for (; *s; s++) {
        if (*s == '_')
            continue;
        if (*s < '0' || *s > '9')
            return -1;
        if (v > (~0ULL - 9) / 10)
            return -1;
        v = v * 10 + (unsigned)(*s - '0');
        any = 1;
    }
    if (!any)
        return -1;
    *out = v;
    return 0;
}

/* ---- running sources ------------------------------------------------------------ */

static int io_failed; /* a read error: the run fails (status 1) */

/* A line reader on a file descriptor.  stdio's getline would hide whether
 * more input is already buffered; reading the descriptor ourselves lets
 * us flush the answers so far exactly when we are about to wait for more
 * input, so bigcalc works as a coprocess (one question, one answer) and
 * still writes big blocks when fed a whole file. */
typedef struct linereader {
    int fd;
    char *buf;
    size_t beg, end, cap;
    int eof;
} linereader;

/* The next line (with its newline, if any) at *line; returns its length,
 * 0 at the end of input, -1 on a read error or an interrupt (errno). */
static ssize_t lr_next(linereader *lr, const char **line)
{
    size_t scanned = 0;
    for (;;) {
        char *from = lr->buf + lr->beg + scanned;
        char *nl = lr->end > lr->beg + scanned
                       ? memchr(from, '\n', lr->end - lr->beg - scanned) : NULL;
        if (nl || (lr->eof && lr->end > lr->beg)) {
            size_t n = nl ? (size_t)(nl + 1 - (lr->buf + lr->beg)) : lr->end - lr->beg;
            *line = lr->buf + lr->beg;
            lr->beg += n;
            return (ssize_t)n;
        }
        if (lr->eof)
            return 0;
        scanned = lr->end - lr->beg;
        if (lr->beg > 0) {
            memmove(lr->buf, lr->buf + lr->beg, lr->end - lr->beg);
            lr->end -= lr->beg;
            lr->beg = 0;
        }
        if (lr->end == lr->cap) {
            size_t nc = lr->cap ? lr->cap * 2 : 65536;
            char *nb = realloc(lr->buf, nc);
            if (!nb) {
                errno = ENOMEM;
                return -1;
            }
            lr->buf = nb;
            lr->cap = nc;
        }
        fflush(stdout); /* answers first, then wait for more questions */
        ssize_t r = read(lr->fd, lr->buf + lr->end, lr->cap - lr->end);
        if (r < 0) {
            if (errno == EINTR && !bgcn_interrupt_flag)
                continue;
            return -1;
        }
        if (r == 0)
            lr->eof = 1;
        else
            lr->end += (size_t)r;
    }
}

int bgc_cli_run_fd(bgc_ctx *ctx, int fd, const char *source)
{
    linereader lr = {fd, NULL, 0, 0, 0, 0};
    char *buf = NULL;
    size_t blen = 0, bcap = 0;
    int lineno = 0, bline = 1, bcol = 1, rc = 0;
    bgc_scan_state scan;
    bgc_scan_init(&scan);
    for (;;) {
        const char *line;
        ssize_t n = lr_next(&lr, &line);
        if (n < 0) {
            if (!bgcn_interrupt_flag) {
                bgc_error_plain("read error on %s: %s", source, strerror(errno));
                io_failed = 1;
            }
            rc = -1;
            break;
        }
        int eof = n == 0;
        if (!eof) {
            lineno++;
            if (blen + (size_t)n + 1 > bcap) {
                size_t nc = bcap ? bcap * 2 : 256;
                while (nc < blen + (size_t)n + 1)
                    nc *= 2;
                char *nb = realloc(buf, nc);
                if (!nb) {
                    bgc_error_plain("out of memory reading %s", source);
                    io_failed = 1;
                    rc = -1;
                    break;
                }
                buf = nb;
                bcap = nc;
            }
            if (blen == 0) {
                bline = lineno;
                bcol = 1;
            }
            if (blen == 0)
                bgc_scan_init(&scan);
            memcpy(buf + blen, line, (size_t)n);
            blen += (size_t)n;
            if (bgc_scan_feed(&scan, line, (size_t)n))
                continue;
        }
        if (blen > 0) {
            bgc_chunk ch = {source, buf, blen, bline, bcol, eof};
            bgc_run_result res;
            bgc_run_text(ctx, &ch, &res);
            if (res.stop) {
                rc = -1;
                break;
            }
            if (res.incomplete) {
                /* the parser wants more (e.g. "x ? 1" then ": 2" on the
                 * next line): keep the unfinished statement, rescan it */
                memmove(buf, buf + res.consumed, blen - res.consumed);
                blen -= res.consumed;
                bline = res.line;
                bcol = res.col;
                bgc_scan_init(&scan);
                bgc_scan_feed(&scan, buf, blen);
            } else {
                blen = 0;
            }
        }
        if (eof)
            break;
    }
    free(lr.buf);
    free(buf);
    return rc;
}

int bgc_cli_run_stream(bgc_ctx *ctx, FILE *fp, const char *source)
{
    return bgc_cli_run_fd(ctx, fileno(fp), source);
}

/* The weak fallback until the REPL lands: run stdin as a program. */
__attribute__((weak)) void bgc_repl_run(bgc_ctx *ctx, const bgc_cli_opts *opts)
{
    (void)opts;
    bgc_cli_run_stream(ctx, stdin, "<stdin>");
}

/* Open a FILE operand; a directory counts as unreadable (EISDIR). */
static FILE *open_file(const char *path)
{
    FILE *fp = fopen(path, "r");
    if (fp) {
        struct stat sb;
        if (fstat(fileno(fp), &sb) == 0 && S_ISDIR(sb.st_mode)) {
            fclose(fp);
            fp = NULL;
            errno = EISDIR;
        }
    }
    return fp;
}

/* A FILE that cannot be opened is a usage error, found before anything
 * runs (so no file runs half of a job, and a --verify report is never
 * cut short by it). */
static void check_files(char **paths, int n)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(paths[i], "-") == 0)
            continue;
        FILE *fp = open_file(paths[i]);
        if (!fp) {
            bgc_error_plain("cannot open '%s': %s", paths[i], strerror(errno));
            exit(BGC_EXIT_USAGE);
        }
        fclose(fp);
    }
}

static int run_file(bgc_ctx *ctx, const char *path)
{
    FILE *fp;
    int rc;
    if (strcmp(path, "-") == 0)
        return bgc_cli_run_stream(ctx, stdin, "<stdin>");
    fp = open_file(path);
    if (!fp) { /* it went away since check_files */
        bgc_error_plain("cannot open '%s': %s", path, strerror(errno));
        io_failed = 1;
        return -1;
    }
    rc = bgc_cli_run_stream(ctx, fp, path);
    fclose(fp);
    return rc;
}

/* ---- one-shots ---------------------------------------------------------------- */

static void print_value(bgc_ctx *ctx, const bgc_int *v)
{
    size_t n;
    char *s = bgc_format_value(ctx, v, &n);
    if (!s) {
        bgc_error_plain("out of memory");
        return;
    }
    fwrite(s, 1, n, stdout);
    fputc('\n', stdout);
    free(s);
}

/* Print the --verify mismatches of the last operation, if any. */
static void report_verify(void)
{
    if (bgc_verify_enabled() && bgc_verify_pending()) {
        fflush(stdout);
        bgc_verify_report(stderr);
    }
}

/* Report a builtin's failure at a position. */
static void call_error(const char *source, int line, int col, const bgc_builtin *b,
                       bgc_err e)
{
    char msg[300];
    bgc_srcpos w = {source, line, col, NULL, 0, 1};
    bgc_builtin_message(b, e, msg, sizeof msg);
    bgc_error_at(&w, "%s", msg);
}

/* `bigcalc modexp` with no arguments: "B E M" per line; a bad line gets a
 * numbered error and the next line runs (unless --strict). */
static void modexp_lines(bgc_ctx *ctx, const bgc_builtin *b, int strict)
{
    linereader lr = {0, NULL, 0, 0, 0, 0};
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0;
    bgc_int v[3];
    for (int i = 0; i < 3; i++)
        bgc_init(&v[i]);
    for (;;) {
        const char *raw;
        ssize_t n = lr_next(&lr, &raw);
        if (n <= 0) {
            if (n < 0 && !bgcn_interrupt_flag) {
                bgc_error_plain("read error on <stdin>: %s", strerror(errno));
                io_failed = 1;
            }
            break;
        }
        if ((size_t)n + 1 > cap) {
            char *nl = realloc(line, (size_t)n + 1);
            if (!nl) {
                bgc_error_plain("out of memory reading <stdin>");
                io_failed = 1;
                break;
            }
            line = nl;
            cap = (size_t)n + 1;
        }
        memcpy(line, raw, (size_t)n);
        line[n] = 0;
        lineno++;
        const char *f[4];
        size_t fl[4];
        int nf = 0, ok = 1;
        char *p = line;
        for (;;) {
            while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
                p++;
            if (!*p || *p == '#')
                break;
            char *q = p;
            while (*q && *q != ' ' && *q != '\t' && *q != '\r' && *q != '\n')
                q++;
            if (nf < 4) {
                f[nf] = p;
                fl[nf] = (size_t)(q - p);
            }
            nf++;
            p = q;
        }
        if (nf == 0)
            continue;
        if (nf != 3) {
            bgc_srcpos w = {"<stdin>", lineno, 1, line, (size_t)n, lineno};
            bgc_error_at(&w, "expected 3 values 'B E M', found %d", nf);
            if (strict)
                break;
            continue;
        }
        for (int i = 0; i < 3 && ok; i++)
            if (bgc_eval_expr(ctx, "<stdin>", f[i], fl[i], lineno,
                              (int)(f[i] - line) + 1, &v[i]) < 0)
                ok = 0;
        if (ok) {
            bgc_err e = b->fn(&v[0], v, 3);
            report_verify();
            if (e == BGC_OK)
                print_value(ctx, &v[0]);
            else {
                call_error("<stdin>", lineno, 1, b, e);
                ok = 0;
            }
        }
        if (bgcn_interrupt_flag || (!ok && strict))
            break;
    }
    for (int i = 0; i < 3; i++)
        bgc_clear(&v[i]);
    free(line);
    free(lr.buf);
}

/* Call builtin b on the values of the argument expressions and print the
 * bare result; exits 1 (130 when interrupted) on failure. */
static void one_shot(bgc_ctx *ctx, const bgc_builtin *b, int nargs, char **args,
                     int strict)
{
    char t[64];
    if (nargs == 0 && b->fn == bgc_builtin_find("powmod", 6)->fn) {
        modexp_lines(ctx, b, strict);
        return;
    }
    if (!bgc_builtin_arity_ok(b, nargs)) {
        bgc_builtin_arity_text(b, t, sizeof t);
        usage_error("%s %s, got %d\nusage: bigcalc %s ARG...   (as in %s)",
                    b->name, t, nargs, b->name, b->usage);
    }
    if (!b->fn) {
        /* a builtin on values (lists): run the call as an expression */
        size_t n = strlen(b->name) + 3;
        for (int i = 0; i < nargs; i++)
            n += strlen(args[i]) + 4;
        char *text = malloc(n);
        if (!text) {
            bgc_error_plain("out of memory");
            exit(BGC_EXIT_FAIL);
        }
        size_t k = (size_t)sprintf(text, "%s(", b->name);
        for (int i = 0; i < nargs; i++)
            k += (size_t)sprintf(text + k, "%s(%s)", i ? ", " : "", args[i]);
        strcpy(text + k, ")");
        unsigned long failed = bgc_run_line(ctx, "<arg>", text, strlen(text), 1);
        free(text);
        if (failed)
            exit(bgcn_interrupt_flag ? BGC_EXIT_INTR : BGC_EXIT_FAIL);
        return;
    }
    bgc_int *v = calloc((size_t)nargs + 2, sizeof *v);
    if (!v) {
        bgc_error_plain("out of memory");
        exit(BGC_EXIT_FAIL);
    }
    for (int i = 0; i < nargs + 2; i++)
        bgc_init(&v[i]);
    int ok = 1;
    for (int i = 0; i < nargs && ok; i++)
        if (bgc_eval_expr(ctx, "<arg>", args[i], strlen(args[i]), 1, 1, &v[i]) < 0)
            ok = 0;
    if (ok) {
        bgc_err e = b->fn(&v[0], v, nargs);
        report_verify();
        if (e != BGC_OK) {
            call_error("<arg>", 1, 1, b, e);
            ok = 0;
        } else {
            print_value(ctx, &v[0]);
        }
    }
    for (int i = 0; i < nargs + 2; i++)
        bgc_clear(&v[i]);
    free(v);
    if (!ok)
        exit(bgcn_interrupt_flag ? BGC_EXIT_INTR : BGC_EXIT_FAIL);
}

static int looks_like_name(const char *s)
{
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_' ||
              (*s >= '0' && *s <= '9')))
            return 0;
    return 1;
}

/* ---- main ------------------------------------------------------------------------ */

enum { OPT_DIGITS = 256, OPT_MAXBITS, OPT_CPU, OPT_SEED, OPT_VERSION };

static const struct option long_opts[] = {
    {"expression", required_argument, NULL, 'e'},
    {"verify", no_argument, NULL, 'V'},
    {"obase", required_argument, NULL, 'o'},
    {"digits", required_argument, NULL, OPT_DIGITS},
    {"max-bits", required_argument, NULL, OPT_MAXBITS},
    {"time", no_argument, NULL, 't'},
    {"cpu", required_argument, NULL, OPT_CPU},
    {"seed", required_argument, NULL, OPT_SEED},
    {"strict", no_argument, NULL, 's'},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0}};

int bgc_cli_main(int argc, char **argv)
{
    bgc_cli_opts o = {0, 10, 2000, 0, 0, 0, NULL};
    /* file-scope so that memory is still reachable when a usage error
     * exits from deep inside (no false leak reports) */
    static const char **exprs;
    static char **operands;
    static bgc_ctx *ctx;
    exprs = calloc((size_t)argc + 1, sizeof *exprs);
    operands = calloc((size_t)argc + 1, sizeof *operands);
    int nexprs = 0, nops = 0, all_operands = 0, want_version = 0;
    unsigned long long seed = 0, maxbits = 0;
    int have_seed = 0, have_maxbits = 0;
    const bgc_builtin *oneshot = NULL;
    int oneshot_at = 0;

    if (!exprs || !operands) {
        bgc_error_plain("out of memory");
        return BGC_EXIT_FAIL;
    }
    opterr = 0;
    while (optind < argc) {
        int c = all_operands ? -1
                             : getopt_long(argc, argv, "+:e:Vo:tsqh", long_opts, NULL);
        if (c == -1) {
            if (optind >= argc)
                break;
            if (!all_operands && strcmp(argv[optind - 1], "--") == 0 && optind > 1 &&
                nops == 0)
                all_operands = 1;
            if (nops == 0) {
                const char *a = argv[optind];
                const bgc_builtin *b = bgc_builtin_find(a, strlen(a));
                if (b && nexprs == 0) {
                    oneshot = b;
                    oneshot_at = optind + 1;
                    break;
                }
            }
            operands[nops++] = argv[optind++];
            continue;
        }
        unsigned long long v;
        switch (c) {
        case 'e':
            exprs[nexprs++] = optarg;
            break;
        case 'V':
            o.verify = 1;
            break;
        case 'o':
            if (parse_u64(optarg, &v) < 0 || v < 2 || v > 36)
                usage_error("invalid --obase '%s': expected a base from 2 to 36", optarg);
            o.obase = (int)v;
            break;
        case OPT_DIGITS:
            if (strcmp(optarg, "full") == 0)
                o.digits = -1;
            else if (parse_u64(optarg, &v) < 0 || v < 1 || v > 1000000000000ULL)
                usage_error("invalid --digits '%s': expected a positive count or 'full'",
                            optarg);
            else
                o.digits = (long)v;
            break;
        case OPT_MAXBITS:
            /* N, or 2^K as the help writes the default */
            if (strncmp(optarg, "2^", 2) == 0 && parse_u64(optarg + 2, &v) == 0 &&
                v < 64)
                v = 1ULL << v;
            else if (parse_u64(optarg, &v) < 0)
                v = 0;
            if (v < 1)
                usage_error("invalid --max-bits '%s': expected a positive number of bits"
                            " (N or 2^K)", optarg);
            maxbits = v;
            have_maxbits = 1;
            break;
        case 't':
            o.timing = 1;
            break;
        case OPT_CPU:
            o.cpu = optarg;
            break;
        case OPT_SEED:
            if (parse_u64(optarg, &v) < 0)
                usage_error("invalid --seed '%s': expected a non-negative integer", optarg);
            seed = v;
            have_seed = 1;
            break;
        case 's':
            o.strict = 1;
            break;
        case 'q':
            o.quiet = 1;
            break;
        case 'h':
            print_help();
            free(exprs);
            free(operands);
            return BGC_EXIT_OK;
        case OPT_VERSION:
            want_version = 1;
            break;
        case ':':
            usage_error("option '%s' needs a value", argv[optind - 1]);
        default:
            if (optopt && optopt < 256)
                usage_error("unknown option '-%c'", optopt);
            usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }

    /* kernel path: --cpu, else $BIGCALC_CPU, else the best one */
    {
        const char *cpu = o.cpu ? o.cpu : getenv("BIGCALC_CPU");
        if (cpu && !*cpu)
            cpu = NULL;
        if (bgcn_cpu_select(cpu) < 0) {
            char list[200];
            usage_error("unknown or unsupported kernel path '%s'%s (this machine supports: %s)",
                        cpu, o.cpu ? "" : " in BIGCALC_CPU", cpu_list(list, sizeof list));
        }
    }
    if (want_version) {
        print_version();
        free(exprs);
        free(operands);
        return BGC_EXIT_OK;
    }
    if (have_maxbits)
        bgc_set_max_bits(maxbits);
    if (have_seed)
        bgc_rand_seed(seed);
    if (o.verify)
        bgc_verify_enable(1);

    ctx = bgc_ctx_new();
    if (!ctx) {
        bgc_error_plain("out of memory");
        return BGC_EXIT_FAIL;
    }
    bgc_ctx_set_obase(ctx, o.obase);
    bgc_ctx_set_strict(ctx, o.strict);
    bgc_ctx_set_time(ctx, o.timing);
    bgc_cli_install_sigint();
    {
        /* test-only: make the k-th engine allocation from here on fail, so
         * the tests can check that running out of memory is an error of
         * the statement and never a crash */
        const char *k = getenv("BIGCALC_TEST_FAIL_ALLOC_AFTER");
        if (k && *k)
            bgcn_alloc_fail_after(atol(k));
    }
    if (!isatty(1))
        setvbuf(stdout, NULL, _IOFBF, 1 << 16);

    if (oneshot) {
        one_shot(ctx, oneshot, argc - oneshot_at, argv + oneshot_at, o.strict);
    } else {
        if (nops > 0 && nexprs > 0 && access(operands[0], F_OK) != 0 &&
            bgc_builtin_find(operands[0], strlen(operands[0])))
            usage_error("'%s' is a builtin function: a one-shot cannot be combined with -e",
                        operands[0]);
        if (nops > 0 && looks_like_name(operands[0]) && access(operands[0], F_OK) != 0) {
            const char *sug = bgc_builtin_suggest(operands[0], strlen(operands[0]));
            if (sug)
                usage_error("'%s' is neither a file nor a builtin function (did you mean '%s'?)",
                            operands[0], sug);
            usage_error("'%s' is neither a file nor a builtin function", operands[0]);
        }
        check_files(operands, nops);
        int stop = 0;
        for (int i = 0; i < nexprs && !stop; i++) {
            bgc_chunk ch = {"<arg>", exprs[i], strlen(exprs[i]), 1, 1, 1};
            bgc_run_result res;
            bgc_run_text(ctx, &ch, &res);
            stop = res.stop;
        }
        for (int i = 0; i < nops && !stop; i++)
            stop = run_file(ctx, operands[i]) < 0;
        if (nexprs == 0 && nops == 0) {
            if (isatty(0))
                bgc_repl_run(ctx, &o);
            else
                bgc_cli_run_stream(ctx, stdin, "<stdin>");
        }
    }

    int status = BGC_EXIT_OK;
    if (bgc_ctx_failures(ctx) > 0 || bgc_error_count() > 0 || io_failed)
        status = BGC_EXIT_FAIL;
    int asked;
    if (bgc_ctx_quitting(ctx, &asked) && asked >= 0)
        status = asked; /* exit(status) */
    if (bgc_verify_enabled() && bgc_verify_mismatches() > 0)
        status = BGC_EXIT_VERIFY;
    if (bgcn_interrupt_flag || bgc_ctx_interrupted(ctx)) {
        if (!bgc_ctx_interrupted(ctx))
            bgc_error_plain("interrupted"); /* while reading, or after the last statement */
        status = BGC_EXIT_INTR;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        bgc_error_plain("write error: %s", strerror(errno));
        if (status == BGC_EXIT_OK)
            status = BGC_EXIT_FAIL;
    }
    bgc_ctx_free(ctx);
    free(exprs);
    free(operands);
    return status;
}
