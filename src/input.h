/* input.h -- where a statement ends: one rule for every mode.
 *
 * The REPL, the pipe, FILE operands and -e all hand their text to a
 * bgc_input line by line.  It gathers the lines of one statement and
 * hands the complete text to a callback that runs it; so the same text
 * means the same thing everywhere (tests/repl/modes.py checks it).
 * The rule (man/bigcalc.1, LANGUAGE):
 *   - a statement goes on on the next line while continuation.c says it
 *     cannot end there (open parenthesis, bracket, brace or comment, a
 *     line ending in an operator or ',', a '?' waiting for its ':', the
 *     header of if/while/for/def or an else waiting for its statement);
 *   - after an if whose statement ends at the end of a line, the next
 *     line is looked at first: when it starts with `else` it continues
 *     the if, otherwise the if runs before that line is read;
 *   - an empty line (blanks only) ends the statement, except inside a
 *     parenthesis, bracket, brace or comment, where it is only a blank.
 * The parser is always given whole statements (chunks are final), so no
 * text is parsed twice and gathering is linear in the input.
 *
 * Limits: a statement holds at most BGC_INPUT_MAX_BYTES bytes; a longer
 * one ends the input with an error (a line that long is no program).
 */
#ifndef BGC_INPUT_H
#define BGC_INPUT_H

#include "continuation.h"
#include "eval.h"

#include <stddef.h>

#define BGC_INPUT_MAX_BYTES ((size_t)64 << 20) /* 64 MiB */

/* Run one gathered chunk; return nonzero to stop the input (--strict
 * failure, ^C, quit). */
typedef int (*bgc_input_run_fn)(void *arg, const bgc_chunk *ch);

typedef struct bgc_input {
    const char *source;      /* name in error lines */
    bgc_input_run_fn run;
    void *arg;
    char *buf;               /* the statement gathered so far */
    size_t len, cap;
    unsigned long long lines; /* lines given so far */
    unsigned long long first; /* line number of buf[0] */
    bgc_scan_state scan;
    int held;                /* buf is a complete if that an else may continue */
    int stopped;             /* run asked to stop, or a limit was hit */
    int overflow;            /* a statement outgrew BGC_INPUT_MAX_BYTES or
                                memory (error printed) */
} bgc_input;

void bgc_input_init(bgc_input *in, const char *source, bgc_input_run_fn run, void *arg);
void bgc_input_free(bgc_input *in);

/* Give the next line ({line,n}, with or without its '\n'); runs what it
 * completes.  Returns nonzero once the input must stop (the callback
 * said so, or the statement grew past BGC_INPUT_MAX_BYTES: error
 * printed). */
int bgc_input_line(bgc_input *in, const char *line, size_t n);
/* Count a line that was read but belongs to no statement (a REPL command)
 * and return its number. */
unsigned long long bgc_input_skip_line(bgc_input *in);
/* Give a whole text (-e): its lines, then the end of input. */
int bgc_input_text(bgc_input *in, const char *text, size_t len);
/* End of input: run what is pending (the parser reports a statement that
 * is not finished).  Returns nonzero when the run asked to stop. */
int bgc_input_end(bgc_input *in);
/* Run a held if now (nothing else is pending): before a REPL command. */
int bgc_input_flush(bgc_input *in);

/* What is pending: BGC_INPUT_NONE, BGC_INPUT_HELD (a complete if that an
 * else may still continue) or BGC_INPUT_OPEN (an unfinished statement). */
enum { BGC_INPUT_NONE, BGC_INPUT_HELD, BGC_INPUT_OPEN };
int bgc_input_pending(const bgc_input *in);
/* Forget what is pending (REPL: Ctrl-C, Ctrl-D). */
void bgc_input_discard(bgc_input *in);

#endif /* BGC_INPUT_H */
