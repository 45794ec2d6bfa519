/* error.c -- print errors in the format of man/bigcalc.1, ERRORS. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int caret_mode = -1; /* -1: decide from isatty(2) on first use */
static unsigned long n_errors;

void bgc_error_set_caret(int on) { caret_mode = on; }
unsigned long bgc_error_count(void) { return n_errors; }

/* Errors echo what the user gave (source lines, names, option values,
 * file names) to what may be a terminal, so nothing that a terminal
 * takes for a control reaches it: C0 controls but tab and newline (some
 * messages have a second line), DEL, the C1
 * controls U+0080..U+009F (UTF-8 encoded, e.g. CSI, or raw bytes) and
 * bytes that are not UTF-8 are each written as one '?'.  A unit is one
 * UTF-8 character or one such byte; returns its length, *shown = 0 when
 * it is written as '?'. */
static size_t unit_len(const unsigned char *p, const unsigned char *end, int *shown)
{
    unsigned c = p[0];
    size_t n = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                          : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    *shown = 0;
    if (n == 1) {
        *shown = (c >= 0x20 || c == '\t' || c == '\n') && c != 0x7f;
        return 1;
    }
    if (n == 0 || (size_t)(end - p) < n)
        return 1;
    unsigned cp = c & (0x7F >> n);
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 1;
        cp = cp << 6 | (p[i] & 0x3F);
    }
    /* overlong forms, surrogates, beyond U+10FFFF, and the C1 controls */
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF) || (cp >= 0x80 && cp <= 0x9F))
        return 1;
    *shown = 1;
    return n;
}

static void put_safe(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        int shown;
        size_t n = unit_len(p, end, &shown);
        if (shown)
            fwrite(p, 1, n, stderr);
        else
            fputc('?', stderr);
        p += n;
    }
}

/* vfprintf to stderr through put_safe. */
static void vprint_safe(const char *fmt, va_list ap)
{
    char sbuf[512];
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(sbuf, sizeof sbuf, fmt, aq);
    va_end(aq);
    if (n < 0)
        return;
    if ((size_t)n < sizeof sbuf) {
        put_safe(sbuf, (size_t)n);
        return;
    }
    char *buf = malloc((size_t)n + 1);
    if (!buf) { /* out of memory while reporting: the part that fits */
        put_safe(sbuf, sizeof sbuf - 1);
        return;
    }
    vsnprintf(buf, (size_t)n + 1, fmt, ap);
    put_safe(buf, (size_t)n);
    free(buf);
}

static void print_safe(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void print_safe(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprint_safe(fmt, ap);
    va_end(ap);
}

/* Print the line `line` of the chunk and a caret under column col.  Tabs
 * before the column are copied so the caret lines up. */
static void show_caret(const bgc_srcpos *w)
{
    const char *s = w->text, *end = w->text + w->text_len, *ls;
    unsigned long long line = w->text_line;
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
    put_safe(ls, (size_t)(s - ls));
    fputs("\n    ", stderr);
    /* walk to the column: one column per unit (UTF-8 character or '?') */
    int col = 1;
    const unsigned char *q = (const unsigned char *)ls, *qe = (const unsigned char *)s;
    while (q < qe && col < w->col) {
        int shown;
        fputc(*q == '\t' ? '\t' : ' ', stderr);
        q += unit_len(q, qe, &shown);
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
    print_safe("bigcalc: %s:%llu:%d: ", w->source, w->line, w->col);
    va_start(ap, fmt);
    vprint_safe(fmt, ap);
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
    vprint_safe(fmt, ap);
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
