/* error.c -- print errors in the format of man/bigcalc.1, ERRORS. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

static int caret_mode = -1; /* -1: decide from isatty(2) on first use */
static unsigned long n_errors;

void bgc_error_set_caret(int on) { caret_mode = on; }
unsigned long bgc_error_count(void) { return n_errors; }

/* Print the line `line` of the chunk and a caret under column col.  Tabs
 * before the column are copied so the caret lines up. */
static void show_caret(const bgc_srcpos *w)
{
    const char *s = w->text, *end = w->text + w->text_len, *ls;
    int line = w->text_line;
    while (s < end && line < w->line) {
        if (*s++ == '\n')
            line++;
    }
    if (line != w->line)
        return;
    ls = s;
    while (s < end && *s != '\n')
        s++;
    /* control bytes (a NUL, an escape sequence) are shown as '?' */
    fputs("    ", stderr);
    for (const char *q = ls; q < s; q++) {
        unsigned char ch = (unsigned char)*q;
        fputc((ch < 0x20 && ch != '\t') || ch == 0x7f ? '?' : ch, stderr);
    }
    fputs("\n    ", stderr);
    /* walk to the column: one column per UTF-8 character */
    int col = 1;
    for (const char *q = ls; q < s && col < w->col; q++) {
        unsigned char ch = (unsigned char)*q;
        if ((ch & 0xC0) == 0x80)
            continue;
        fputc(ch == '\t' ? '\t' : ' ', stderr);
        col++;
    }
    for (; col < w->col; col++)
        fputc(' ', stderr);
    fputs("^\n", stderr);
}

void bgc_error_at(const bgc_srcpos *w, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    if (caret_mode < 0)
        caret_mode = isatty(2);
    fprintf(stderr, "bigcalc: %s:%d:%d: ", w->source, w->line, w->col);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (caret_mode && w->text)
        show_caret(w);
    fflush(stderr);
    n_errors++;
}

void bgc_error_vplain(const char *fmt, va_list ap)
{
    fflush(stdout);
    fputs("bigcalc: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    fflush(stderr);
}

void bgc_error_plain(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bgc_error_vplain(fmt, ap);
    va_end(ap);
}
