/* cli-options.c -- the command line's options (--help has them all),
 * --help and --version.
 *
 * Options come before operands (getopt with '+'), so that one-shot
 * arguments such as `bigcalc abs -5` are not taken for options.  After
 * the first operand that is not a builtin, options may appear again
 * between file names.
 */
#include <config.h>

#include "cli-impl.h"
#include "messages.h"

#include "error.h"
#include "verify.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bgc_cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bgc_error_vplain(fmt, ap);
    va_end(ap);
    fputs("Try 'bigcalc --help' for more information.\n", stderr);
    exit(BGC_EXIT_USAGE);
}

void bgc_cli_print_help(void)
{
    fputs(
"Usage: bigcalc [OPTION]...                 REPL at a terminal, else run stdin\n"
"       bigcalc [OPTION]... FILE...         run the files in order ('-' is stdin)\n"
"       bigcalc [OPTION]... -e EXPR...      evaluate each EXPR, print, exit\n"
"       bigcalc [OPTION]... FUNC ARG...     one-shot: call builtin FUNC, each ARG\n"
"                                           an expression; prints the bare result\n"
"       bigcalc modexp                      read \"B E M\" lines from stdin\n"
"       bigcalc factor [N]...               \"N: p p q\" lines as coreutils factor\n"
"                                           (numbers from stdin when none given)\n"
"\n"
"Options (they come before FUNC and its arguments):\n"
"  -e, --expression EXPR  evaluate EXPR (may be repeated)\n"
"  -V, --verify           recompute every engine operation with GMP; exit 3 on\n"
"                         a mismatch\n"
"  -o, --obase N          output base 2..36 (0x/0o/0b prefixes for 16/8/2, B# for\n"
"                         other bases but 10: 36#z; all read back as literals)\n"
"      --digits N|full    REPL: abbreviate results longer than N digits\n"
"                         (default 2000)\n"
"      --max-bits N       refuse any result larger than N bits (default 2^34)\n"
"  -t, --time             print each statement's evaluation time to stderr\n"
"      --cpu NAME         force a kernel path (generic, or an asm path this CPU\n"
"                         supports); the environment variable BIGCALC_CPU too\n"
"      --threads N        threads for huge products and what builds on them\n"
"                         (1..64; default: the CPUs this process may use);\n"
"                         the environment variable BIGCALC_THREADS too\n"
"      --seed N           take random, randbits, randprime from a reproducible\n"
"                         stream seeded by N (NOT cryptographic); default: a\n"
"                         cryptographic generator (ChaCha20) keyed by the OS\n"
"  -s, --strict           stop at the first failing statement\n"
"  -q, --quiet            no REPL banner\n"
"  -i, --interactive      after the files and -e expressions, start the REPL\n"
"  -h, --help             show this help and exit\n"
"      --version          version, kernel paths, threshold set, GMP version\n"
"\n"
"Language (the man page has it all; in the REPL :help statements, :help lists):\n"
"  x = 2^64; v = [1, 2, [3]]; v[-1]         integers of any size, lists\n"
"  if (c) S else S    while (c) S    for (i = 0; i < n; i++) S    for (x in v) S\n"
"  { S; S }  break  continue  return e  quit  exit(n)  print \"x = \", x, \"\\n\"\n"
"  def f(n) { local t = 1; ...; return t }      def g(x) = x^2 + 1\n"
"  E mod M is the residue of E, computed modularly; b^-1 mod m is the inverse\n"
"\n"
"Numbers in option values may be written as literals of the language: 1_000,\n"
"0x10, 1e6, 2^34.\n"
"\n"
"Exit status: 0 success; 1 a statement failed; 2 usage error;\n"
"3 --verify found a mismatch; 130 interrupted; exit(n) gives n.\n"
"\n"
"Builtin functions:\n", stdout);
    for (int i = 0; i < bgc_nbuiltins; i++)
        printf("  %-22s %s\n", bgc_builtins[i].usage, bgc_builtins[i].help);
}

void bgc_cli_print_kernel_path(void)
{
    printf("kernel path: %s (available:", bgcn_kern.name);
    for (int i = 0; bgcn_kernel_paths[i]; i++)
        if (bgcn_cpu_supported(bgcn_kernel_paths[i]))
            printf(" %s", bgcn_kernel_paths[i]->name);
    printf(")\n");
    printf("thresholds: %s\n", bgcn_mul_thresholds_name());
}

void bgc_cli_print_version(void)
{
    printf("bigcalc %s\n", PACKAGE_VERSION);
    bgc_cli_print_kernel_path();
    printf("verification: GMP %s\n", bgc_verify_gmp_version());
}

const char *bgc_cli_cpu_list(char *buf, size_t cap)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; bgcn_kernel_paths[i]; i++)
        if (bgcn_cpu_supported(bgcn_kernel_paths[i]) && k + 20 < cap)
            k += (size_t)snprintf(buf + k, cap - k, "%s%s", k ? ", " : "",
                                  bgcn_kernel_paths[i]->name);
    return buf;
}

/* The numeric options: what a value is, its range. */
static const struct {
    const char *name, *what;
    unsigned long long lo, hi;
} numeric_opts[] = {
    {"--obase", "a base", 2, 36},
    {"--digits", "a count of digits (or 'full')", 1, 1000000000000ULL},
    {"--max-bits", "a number of bits", 1, ~0ULL},
    {"--seed", "a seed", 0, ~0ULL},
};

int bgc_cli_option_value(const char *name, const char *arg, long long *out, char *msg,
                         size_t cap)
{
    size_t i = 0, n = sizeof numeric_opts / sizeof numeric_opts[0];
    while (i < n && strcmp(numeric_opts[i].name, name) != 0)
        i++;
    if (i == n) {
        snprintf(msg, cap, bgc_message(BGC_MSG_USE_UNKNOWN_OPTION), name);
        return -1;
    }
    if (strcmp(name, "--digits") == 0 && strcmp(arg, "full") == 0) {
        *out = -1;
        return 0;
    }
    unsigned long long v;
    int rc = bgc_cli_read_number(arg, &v);
    if (rc == -1) {
        snprintf(msg, cap, bgc_message(BGC_MSG_USE_INVALID_VALUE), name, arg, arg,
                 numeric_opts[i].what);
        return -1;
    }
    if (rc == -2 || v < numeric_opts[i].lo || v > numeric_opts[i].hi) {
        snprintf(msg, cap, bgc_message(BGC_MSG_USE_VALUE_RANGE), name, arg,
                 numeric_opts[i].lo, numeric_opts[i].hi);
        return -1;
    }
    *out = (long long)v; /* --max-bits and --seed: read back as unsigned */
    return 0;
}

/* The value of option `name`; a usage error (exit 2) when it has none. */
static unsigned long long option_number(const char *name, const char *arg)
{
    long long v;
    /* the message echoes arg twice: room for two of the longest */
    size_t cap = 2 * strlen(arg) + 160;
    char *msg = malloc(cap);
    if (msg == NULL)
        bgc_cli_usage_error(bgc_message(BGC_MSG_USE_OUT_MEMORY_READING), name);
    if (bgc_cli_option_value(name, arg, &v, msg, cap) < 0)
        bgc_cli_usage_error("%s", msg);
    free(msg);
    return (unsigned long long)v;
}

enum { OPT_DIGITS = 256, OPT_MAXBITS, OPT_CPU, OPT_SEED, OPT_VERSION, OPT_THREADS };


static const struct option long_opts[] = {
    {"expression", required_argument, NULL, 'e'},
    {"verify", no_argument, NULL, 'V'},
    {"obase", required_argument, NULL, 'o'},
    {"digits", required_argument, NULL, OPT_DIGITS},
    {"max-bits", required_argument, NULL, OPT_MAXBITS},
    {"time", no_argument, NULL, 't'},
    {"cpu", required_argument, NULL, OPT_CPU},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"seed", required_argument, NULL, OPT_SEED},
    {"strict", no_argument, NULL, 's'},
    {"quiet", no_argument, NULL, 'q'},
    {"interactive", no_argument, NULL, 'i'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0}};

int bgc_cli_parse_args(int argc, char **argv, bgc_cli_args *a)
{
    int all_operands = 0;
    memset(a, 0, sizeof *a);
    a->o = (bgc_cli_opts){0, 10, 2000, 0, 0, 0, NULL};
    a->exprs = calloc((size_t)argc + 1, sizeof *a->exprs);
    a->operands = calloc((size_t)argc + 1, sizeof *a->operands);
    a->order = calloc((size_t)argc + 1, sizeof *a->order);
    if (!a->exprs || !a->operands || !a->order)
        return -1;
    opterr = 0;
    while (optind < argc) {
        int c = all_operands ? -1
                             : getopt_long(argc, argv, "+:e:Vo:tsqhi", long_opts, NULL);
        if (c == -1) {
            if (optind >= argc)
                break;
            if (!all_operands && strcmp(argv[optind - 1], "--") == 0 && optind > 1 &&
                a->nops == 0)
                all_operands = 1;
            if (a->nops == 0) {
                const char *s = argv[optind];
                const bgc_builtin *b = bgc_builtin_find(s, strlen(s));
                if (b && a->nexprs == 0) {
                    a->oneshot = b;
                    a->oneshot_at = optind + 1;
                    break;
                }
            }
            a->order[a->nexprs + a->nops] = -1 - a->nops;
            a->operands[a->nops++] = argv[optind++];
            continue;
        }
        switch (c) {
        case 'e':
            a->order[a->nexprs + a->nops] = a->nexprs;
            a->exprs[a->nexprs++] = optarg;
            break;
        case 'i':
            a->interactive = 1;
            break;
        case 'V':
            a->o.verify = 1;
            break;
        case 'o':
            a->o.obase = (int)option_number("--obase", optarg);
            break;
        case OPT_DIGITS:
            a->o.digits = (long)(long long)option_number("--digits", optarg); /* full: -1 */
            break;
        case OPT_MAXBITS:
            a->maxbits = option_number("--max-bits", optarg);
            a->have_maxbits = 1;
            break;
        case 't':
            a->o.timing = 1;
            break;
        case OPT_CPU:
            a->o.cpu = optarg;
            break;
        case OPT_THREADS:
            a->threads = optarg;
            break;
        case OPT_SEED:
            a->seed = option_number("--seed", optarg);
            a->have_seed = 1;
            break;
        case 's':
            a->o.strict = 1;
            break;
        case 'q':
            a->o.quiet = 1;
            break;
        case 'h':
            a->want_help = 1;
            return 0;
        case OPT_VERSION:
            a->want_version = 1;
            break;
        case ':':
            bgc_cli_usage_error(bgc_message(BGC_MSG_USE_OPTION_NEEDS_VALUE), argv[optind - 1]);
        default: {
            const char *arg = argv[optind - 1];
            if (strncmp(arg, "--", 2) == 0) {
                /* getopt sets optopt for `--verify=1` (a value given to
                 * an option without one), not for an unknown name */
                const char *eq = strchr(arg, '=');
                if (eq && optopt)
                    bgc_cli_usage_error(bgc_message(BGC_MSG_USE_OPTION_TAKES_NO_VALUE),
                                        (int)(eq - arg), arg);
                bgc_cli_usage_error(bgc_message(BGC_MSG_USE_UNKNOWN_OPTION), arg);
            }
            if (optopt && optopt < 256)
                bgc_cli_usage_error(bgc_message(BGC_MSG_USE_UNKNOWN_SHORT_OPTION), optopt);
            bgc_cli_usage_error(bgc_message(BGC_MSG_USE_UNKNOWN_OPTION), arg);
        }
        }
    }
    return 0;
}
