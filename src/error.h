/* error.h -- the one place that formats and prints bigcalc's errors.
 *
 * Every error is one line on stderr (man/bigcalc.1, ERRORS):
 *     bigcalc: SOURCE:LINE:COL: MESSAGE
 * and when stderr is a terminal the offending source line follows with a
 * caret under the column.  Usage errors (bad options) have no position:
 *     bigcalc: MESSAGE
 * stdout is flushed first so results and errors keep their order when
 * both go to the same place.
 */
#ifndef BGC_ERROR_H
#define BGC_ERROR_H

#include <stdarg.h>
#include <stddef.h>

/* Where an error happened: the source name, the position, and the text of
 * the chunk that holds the line (for the caret display; may be NULL). */
typedef struct bgc_srcpos {
    const char *source;  /* "FILE", "<stdin>", "<arg>", "<repl>" */
    unsigned long long line; /* 64-bit: input may have more than 2^31 lines */
    int col;
    const char *text;    /* chunk containing the line, or NULL */
    size_t text_len;
    unsigned long long text_line; /* line number of text[0] */
} bgc_srcpos;

/* 1: show the source line and a caret (default: when stderr is a tty). */
void bgc_error_set_caret(int on);
/* Print one positioned error. */
void bgc_error_at(const bgc_srcpos *where, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Print an error without a position ("bigcalc: MESSAGE"). */
void bgc_error_plain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void bgc_error_vplain(const char *fmt, va_list ap)
    __attribute__((format(printf, 1, 0)));
/* Number of positioned errors printed so far. */
unsigned long bgc_error_count(void);

#endif /* BGC_ERROR_H */
