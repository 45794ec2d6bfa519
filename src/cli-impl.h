/* cli-impl.h -- what the files of the command line (src/cli*.c) share;
 * not for the rest of the program (that is cli.h). */
#ifndef BGC_CLI_IMPL_H
#define BGC_CLI_IMPL_H

#include "builtins.h"
#include "cli.h"

#include <stddef.h>
#include <stdio.h>

/* ---- cli-options.c ------------------------------------------------------------- */

/* The command line, parsed. */
typedef struct bgc_cli_args {
    bgc_cli_opts o;
    const char **exprs;         /* the -e expressions */
    int nexprs;
    char **operands;            /* FILE operands */
    int nops;
    int *order;                 /* -e and FILE in command-line order: i >= 0 is
                                   exprs[i], i < 0 is operands[-1 - i] */
    int interactive;            /* -i: the REPL after them */
    const bgc_builtin *oneshot; /* FUNC of a one-shot, its ARGs at argv[oneshot_at] */
    int oneshot_at;
    unsigned long long seed, maxbits;
    int have_seed, have_maxbits;
    const char *threads;        /* --threads N, validated in cli.c */
    int want_help, want_version;
} bgc_cli_args;

/* Parse argv into *a (a usage error exits with status 2); -1 when out of
 * memory.  a->exprs and a->operands are malloc'ed. */
int bgc_cli_parse_args(int argc, char **argv, bgc_cli_args *a);
/* Print "bigcalc: MESSAGE" and the --help hint, exit with status 2. */
void bgc_cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void bgc_cli_print_help(void);
void bgc_cli_print_version(void);
/* The kernel paths this CPU supports, comma-separated, in buf. */
const char *bgc_cli_cpu_list(char *buf, size_t cap);

/* ---- cli-run.c ------------------------------------------------------------------ */

/* Set when reading input failed: the run fails (status 1). */
extern int bgc_cli_io_failed;
/* A FILE operand that cannot be opened is a usage error, found before
 * anything runs; exits with status 2. */
void bgc_cli_check_files(char **paths, int n);
/* Run a FILE operand ("-" is stdin); -1 when the run must stop. */
int bgc_cli_run_file(bgc_ctx *ctx, const char *path);

/* ---- cli-signals.c --------------------------------------------------------------- */

/* Write what stdout's buffer holds with write(2) (async-signal-safe; the
 * buffer is emptied). */
void bgc_cli_salvage_output(void);
/* Flush fp (stdout); 0 when all of it was written.  On EPIPE the process
 * ends by SIGPIPE, quietly; another error is reported once ("write error
 * on standard output: ...") and gives -1. */
int bgc_cli_finish_output(FILE *fp);

/* ---- cli-oneshot.c, cli-modexp.c ------------------------------------------------ */

/* Call builtin b on the values of the argument expressions and print the
 * bare result; exits 1 (130 when interrupted) on failure.  `modexp` with
 * no arguments reads "B E M" lines instead (bgc_cli_modexp_lines). */
void bgc_cli_one_shot(bgc_ctx *ctx, const bgc_builtin *b, int nargs, char **args,
                      int strict);
void bgc_cli_modexp_lines(bgc_ctx *ctx, const bgc_builtin *b, int strict);
/* One of those lines, {line, n} (its newline may be there; no NUL
 * needed), number lineno in the messages: "B E M" split at blanks ('#'
 * starts a comment), each field an expression, b called on the three
 * values and the result printed; a blank line prints an empty line, a bad
 * one reports and prints an empty line.  Returns 1 (a result), 0 (blank),
 * -1 (bad).  tests/fuzz/fuzz-lines drives it. */
int bgc_cli_modexp_line(bgc_ctx *ctx, const bgc_builtin *b, const char *line, size_t n,
                        unsigned long long lineno);
/* The value in the output base and a newline on stdout. */
void bgc_cli_print_value(bgc_ctx *ctx, const bgc_int *v);
/* Print the --verify mismatches of the last operation, if any. */
void bgc_cli_report_verify(void);
/* Report a builtin's failure e at a position. */
void bgc_cli_call_error(const char *source, unsigned long long line, int col, const bgc_builtin *b,
                        bgc_err e);

/* ---- cli-factor.c ---------------------------------------------------------------- */

/* `bigcalc factor [N...]`: "N: p p q" lines as GNU coreutils factor, the
 * numbers from args (expressions) or, with none, from stdin.  Exits 1
 * (130 when interrupted) after the last number when one failed. */
void bgc_cli_factor(bgc_ctx *ctx, int nargs, char **args);
/* The numbers of {text, n} (blank-separated tokens, as stdin gives them)
 * factored and printed, one line each; fast: a decimal token below 2^64
 * takes the direct path (the caller decides: obase 10, no --verify).
 * Returns -1 when one failed (reported), else 0; stops at an interrupt.
 * tests/fuzz/fuzz-lines drives it. */
int bgc_cli_factor_text(bgc_ctx *ctx, const char *text, size_t n, int fast);

/* ---- cli-options.c: option values -------------------------------------------------- */

/* The value of the numeric option `name` (--obase, --digits, --max-bits,
 * --seed, --threads) as the command line reads it (bgc_cli_read_number and
 * the option's range; --digits also takes "full", as -1): 0 with *out
 * set, or -1 with the usage message (without "bigcalc: ") in msg.  An
 * unknown name is -1 too.  tests/fuzz/fuzz-lines drives it. */
int bgc_cli_option_value(const char *name, const char *arg, long long *out, char *msg,
                         size_t cap);

#endif /* BGC_CLI_IMPL_H */
