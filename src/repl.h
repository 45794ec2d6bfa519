/* repl.h -- pieces of the interactive loop (SPEC sections 2 and 4).
 *
 * The loop itself is bgc_repl_run (declared in cli.h, defined in repl.c);
 * it replaces the weak fallback in cli.c.  The other files:
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
 * (also used by :vars). */
void bgc_repl_print_number(FILE *fp, const char *s, size_t n);

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
