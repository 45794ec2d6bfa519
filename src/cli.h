/* cli.h -- bigcalc's command line (man/bigcalc.1): options, the run
 * modes (REPL, pipe, FILE..., -e, one-shots) and the exit statuses.
 */
#ifndef BGC_CLI_H
#define BGC_CLI_H

#include "eval.h"

/* Exit statuses (man/bigcalc.1, EXIT STATUS). */
#define BGC_EXIT_OK 0
#define BGC_EXIT_FAIL 1
#define BGC_EXIT_USAGE 2
#define BGC_EXIT_VERIFY 3
#define BGC_EXIT_INTR 130

typedef struct bgc_cli_opts {
    int verify;
    int obase;
    long digits;        /* REPL abbreviation; -1 = full */
    int timing;
    int strict;
    int quiet;
    const char *cpu;    /* NULL: best path (or $BIGCALC_CPU) */
} bgc_cli_opts;

/* cli-number.c, for options and the REPL's ':' commands alike: *out = the number written in s (a literal of the language -- 1_000,
 * 0x10, 0b1, 0o7, 1e6 -- or one power of two such, 2^34); 0 on success,
 * -1 if s cannot be read so, -2 if the value exceeds 2^64 - 1. */
int bgc_cli_read_number(const char *s, unsigned long long *out);

/* The whole program: parse argv, run, return the exit status. */
int bgc_cli_main(int argc, char **argv);

/* Run a stream as a program, line by line (statements run as soon as
 * they are complete).  Returns 0, or -1 when the run must stop. */
int bgc_cli_run_stream(bgc_ctx *ctx, FILE *fp, const char *source);
/* The same on a file descriptor (reads it directly; stdout is flushed
 * before each wait for input, so answers appear as questions arrive). */
int bgc_cli_run_fd(bgc_ctx *ctx, int fd, const char *source);
/* Run a whole text (-e) with the same rule for where statements end.
 * Returns 0, or -1 when the run must stop. */
int bgc_cli_run_text(bgc_ctx *ctx, const char *source, const char *text, size_t len);

/* The interactive loop (repl.c). */
void bgc_repl_run(bgc_ctx *ctx, const bgc_cli_opts *opts);

/* Print the kernel path in use and those this CPU supports, then the
 * threshold set in use ("kernel path: adx (available: ...)" and
 * "thresholds: adx zen1"), for --version and the REPL's :cpu. */
void bgc_cli_print_kernel_path(void);

/* SIGINT: sets bgcn_interrupt_flag; a second ^C before the first is
 * handled ends the process with status 130.  SIGTERM, SIGHUP: the process
 * ends by the signal.  Either way what stdout's buffer holds is written
 * out first (cli-signals.c). */
void bgc_cli_install_sigint(void);
/* End the process by signal sig with its default action (the status a
 * shell shows as 128 + sig); async-signal-safe. */
void bgc_cli_die_by(int sig) __attribute__((noreturn));

#endif /* BGC_CLI_H */
