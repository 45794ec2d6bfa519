/* eval.h -- compile statements to a small stack machine and run them.
 *
 * A bgc_ctx holds everything a session keeps between statements: global
 * variables, user functions, obase, `last`, and the run options.  The
 * REPL, pipe/file mode, -e and the one-shots all run source through
 * bgc_run_text(), which parses, compiles and runs one statement at a time
 * (so a later statement still runs after an earlier one failed) and prints
 * each result and each error.
 *
 * Evaluation never recurses in C: expressions are compiled to bytecode by
 * an explicit work stack (statements by a recursion bounded by the
 * parser's nesting limit), and user function calls push frames on a heap
 * stack, bounded by BGC_MAX_CALL_DEPTH ("recursion too deep").
 */
#ifndef BGC_EVAL_H
#define BGC_EVAL_H

#include "num.h"
#include "value.h"

#include <stddef.h>
#include <stdio.h>

#define BGC_MAX_CALL_DEPTH 1000000

typedef struct bgc_ctx bgc_ctx;

bgc_ctx *bgc_ctx_new(void); /* NULL when out of memory */
void bgc_ctx_free(bgc_ctx *ctx);

/* Options. */
void bgc_ctx_set_strict(bgc_ctx *ctx, int on);  /* stop at first failure */
void bgc_ctx_set_time(bgc_ctx *ctx, int on);    /* -t: time to stderr */
int bgc_ctx_get_time(const bgc_ctx *ctx);
int bgc_ctx_set_obase(bgc_ctx *ctx, int base);  /* -1 if not 2..36 */
int bgc_ctx_get_obase(const bgc_ctx *ctx);
void bgc_ctx_set_output(bgc_ctx *ctx, FILE *out); /* default stdout */
/* REPL hook: print each statement's result with fn instead of writing it
 * whole to the output stream (e.g. to abbreviate long results); NULL
 * restores the default.  A status other than BGC_OK (nothing printed, or
 * not all of it) fails the statement with that error at its position. */
typedef bgc_err (*bgc_print_fn)(const bgc_ctx *ctx, const bgc_int *value, void *arg);
void bgc_ctx_set_printer(bgc_ctx *ctx, bgc_print_fn fn, void *arg);

/* After `quit` or `exit(status)` ran: 1, with *status the exit status
 * asked for (-1 for quit: the usual status).  The run stops there (pipe,
 * file, -e); the REPL leaves. */
int bgc_ctx_quitting(const bgc_ctx *ctx, int *status);

/* Counters over the whole session. */
unsigned long bgc_ctx_failures(const bgc_ctx *ctx);
int bgc_ctx_interrupted(const bgc_ctx *ctx);    /* a statement got EINTR */
void bgc_ctx_clear_interrupt(bgc_ctx *ctx);     /* REPL: go on after ^C */
int bgc_ctx_stopped(const bgc_ctx *ctx);        /* strict stop or ^C */

/* One piece of source to run. */
typedef struct bgc_chunk {
    const char *source;  /* name in error lines: file, <stdin>, <arg>, <repl> */
    const char *text;
    size_t len;
    /* position of text[0]: the line in the whole input (64-bit: more than
     * 2^31 lines may come through a pipe) and the column.  Inside a chunk
     * (tokens, nodes, bytecode) lines are ints counted from 1 at text[0]:
     * a chunk is one statement, at most BGC_INPUT_MAX_BYTES long. */
    unsigned long long line;
    int col;
} bgc_chunk;

/* Outcome of bgc_run_text. */
typedef struct bgc_run_result {
    unsigned long failed;  /* statements of this chunk that failed */
    int stop;              /* the run must stop (--strict failure or ^C) */
} bgc_run_result;

/* Parse and run each statement of the chunk in order, printing results to
 * the output stream and errors to stderr.  The chunk holds whole
 * statements (input.h gathers them): its end is the end of the input.
 * Returns res->failed. */
unsigned long bgc_run_text(bgc_ctx *ctx, const bgc_chunk *ch,
                           bgc_run_result *res);

/* Hook for the REPL: run one line (or several) of source named `source`,
 * as a final chunk.  Returns the number of failed statements. */
unsigned long bgc_run_line(bgc_ctx *ctx, const char *source, const char *text,
                           size_t len, unsigned long long line);

/* Evaluate one expression (no printing of the value) into *out.
 * Returns 0, or -1 after printing the error. */
/* -t: a statement's (or one-shot's) wall-clock and CPU time, printed to
 * stderr as "time: W s (cpu C s)" (the CPU time of the whole process, so
 * threads count, as gp's timer does). */
typedef struct bgc_stopwatch {
    double wall, cpu;
} bgc_stopwatch;
void bgc_stopwatch_start(bgc_stopwatch *w);
void bgc_stopwatch_report(const bgc_stopwatch *w);

int bgc_eval_expr(bgc_ctx *ctx, const char *source, const char *text,
                  size_t len, unsigned long long line, int col, bgc_int *out);

/* The text a result prints as (obase, 0x/0o/0b prefix); malloc'ed, NULL
 * when out of memory.  *len gets its length.  bgc_format_val does the
 * same for any value (lists as [1, 2, [3]]). */
char *bgc_format_value(const bgc_ctx *ctx, const bgc_int *v, size_t *len);
char *bgc_format_val(const bgc_ctx *ctx, const bgc_val *v, size_t *len);

/* Listings for the REPL (:vars, :funcs, completion). */
typedef void (*bgc_var_cb)(const char *name, const bgc_val *value, void *arg);
typedef void (*bgc_func_cb)(const char *name, int nparams, void *arg);
void bgc_ctx_each_var(const bgc_ctx *ctx, bgc_var_cb cb, void *arg);
void bgc_ctx_each_func(const bgc_ctx *ctx, bgc_func_cb cb, void *arg);
/* Remove the variable and/or the user function called {name,n}: returns
 * 1 (a variable), 2 (a function), 3 (both) or 0 (neither was set). */
int bgc_ctx_unset(bgc_ctx *ctx, const char *name, size_t n);
/* The definition of user function `name` as it was written (NULL if there
 * is none); *len gets its length. */
const char *bgc_ctx_func_text(const bgc_ctx *ctx, const char *name, size_t *len);

#endif /* BGC_EVAL_H */
