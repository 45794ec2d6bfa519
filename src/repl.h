/* repl.h -- pieces of the interactive loop (man/bigcalc.1, REPL).
 *
 * The loop itself is bgc_repl_run (declared in cli.h, defined in repl.c);
 * the other files:
 *   repl-term.c      signals, terminal modes, reading one edited line;
 *   repl-history.c   the history file;
 *   repl-commands.c  the `:` commands;
 *   repl-help.c      the text of :help;
 *   repl-output.c    the result stream: abbreviation of long results
 *                    (--digits, :digits) and the elapsed-time indicator on
 *                    stderr while a statement runs;
 *   repl-complete.c  Tab completion of builtins, user functions,
 *                    variables, keywords and `:` commands.
 */
#ifndef BGC_REPL_H
#define BGC_REPL_H

#include "eval.h"

#include <stdio.h>

/* ---- repl-term.c -------------------------------------------------------------- */

/* Take over SIGINT, SIGWINCH and SIGTSTP (and note the terminal's mode);
 * close puts the previous handlers back. */
void bgc_repl_term_open(void);
void bgc_repl_term_close(void);
/* Around a running statement: Ctrl-C interrupts it (the third one ends
 * the process), the terminal is in its normal mode. */
void bgc_repl_busy_begin(void);
void bgc_repl_busy_end(void);
/* The SIGTERM or SIGHUP received (the REPL must end), else 0. */
int bgc_repl_term_signal(void);
/* 1: a line in *out (malloc'ed); 0: end of input (or SIGTERM/SIGHUP); -1: Ctrl-C at the
 * prompt (the line is discarded). */
int bgc_repl_read_line(const char *prompt, char **out);

/* ---- repl-history.c ----------------------------------------------------------- */

void bgc_repl_history_open(void);
/* Remember a line entered (blank lines and repeats are not kept). */
void bgc_repl_history_add(const char *line);
void bgc_repl_history_close(void);

/* ---- repl-commands.c, repl-help.c --------------------------------------------- */

/* Run the ':' command of line (line number lineno of the session, for
 * error positions); returns 1 when it asks to quit. */
int bgc_repl_command(bgc_ctx *ctx, int lineno, const char *line);
/* :help with the topic {topic,n} (n == 0: the overview) at column col. */
void bgc_repl_help(bgc_ctx *ctx, int lineno, const char *line, const char *topic, size_t n,
                   int col);
/* An error of a command, at column col of line. */
void bgc_repl_cmd_error(int lineno, const char *line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* ---- repl-output.c ------------------------------------------------------------ */

/* A stream for bgc_ctx_set_output: every line written to it (one result)
 * goes to stdout, abbreviated to `1234...5678 (N digits)` when it has more
 * than the current digit limit.  NULL when out of memory. */
FILE *bgc_repl_output_open(void);
/* Write out what a statement printed after its last newline (print). */
void bgc_repl_output_flush(void);
/* Make ctx print its results through the REPL's printer: a long result
 * is abbreviated without converting all of its digits. */
void bgc_repl_output_install(bgc_ctx *ctx);
/* Digit limit: >= 1, or -1 for whole results. */
void bgc_repl_set_digits(long digits);
long bgc_repl_get_digits(void);
/* Write the text of one result, abbreviated as the stream does, to fp
 * (:vars uses it for lists). */
void bgc_repl_print_number(FILE *fp, const char *s, size_t n);
/* Write head, then v abbreviated without converting all of its digits,
 * then a newline, to stdout: the printer of results and of :vars. */
bgc_err bgc_repl_print_int(const bgc_ctx *ctx, const char *head, const bgc_int *v);

/* Elapsed-time indicator: after start, once a second has passed, stderr
 * shows `[1.2 s]` (updated a few times a second) until stop, which wipes
 * it.  A result written to the output stream also wipes it and restarts
 * the clock (the next statement of the line gets its own second).  Does
 * nothing when stderr is not a terminal. */
void bgc_repl_progress_init(void);
void bgc_repl_progress_start(void);
void bgc_repl_progress_stop(void);

/* ---- repl-complete.c ---------------------------------------------------------- */

/* Install the completion function; names of user functions and
 * variables are looked up in ctx at the time of each Tab. */
void bgc_repl_complete_init(bgc_ctx *ctx);
void bgc_repl_complete_done(void);

/* The `:` commands, for completion and :help (NULL-terminated). */
extern const char *const bgc_repl_commands[];
/* Topics of :help other than builtin and user function names. */
extern const char *const bgc_repl_help_topics[];

#endif /* BGC_REPL_H */
