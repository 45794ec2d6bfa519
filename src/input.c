/* input.c -- gathering statements, the same way in every mode (see
 * input.h for the rule). */
#include "input.h"
#include "messages.h"

#include "error.h"
#include "lexer.h"

#include <stdlib.h>
#include <string.h>

void bgc_input_init(bgc_input *in, const char *source, bgc_input_run_fn run, void *arg)
{
    memset(in, 0, sizeof *in);
    in->source = source;
    in->run = run;
    in->arg = arg;
    bgc_scan_init(&in->scan);
}

void bgc_input_free(bgc_input *in)
{
    free(in->buf);
    in->buf = NULL;
    in->len = in->cap = 0;
}

int bgc_input_pending(const bgc_input *in)
{
    return in->len == 0 ? BGC_INPUT_NONE : in->held ? BGC_INPUT_HELD : BGC_INPUT_OPEN;
}

void bgc_input_discard(bgc_input *in)
{
    in->len = 0;
    in->held = 0;
}

unsigned long long bgc_input_skip_line(bgc_input *in)
{
    return ++in->lines;
}

/* Run the gathered statement (as one final chunk) and start afresh. */
static int run_pending(bgc_input *in)
{
    if (in->len == 0)
        return in->stopped;
    bgc_chunk ch = {in->source, in->buf, in->len, in->first, 1};
    int stop = in->run(in->arg, &ch);
    in->len = 0;
    in->held = 0;
    if (stop)
        in->stopped = 1;
    return in->stopped;
}

int bgc_input_flush(bgc_input *in)
{
    return in->held ? run_pending(in) : in->stopped;
}

static int append(bgc_input *in, const char *s, size_t n)
{
    if (n > BGC_INPUT_MAX_BYTES - in->len) {
        bgc_error_plain(bgc_message(BGC_MSG_IO_STATEMENT_TOO_LONG),
                        in->source, in->first, BGC_INPUT_MAX_BYTES >> 20);
        in->len = 0;
        in->held = 0;
        in->stopped = in->overflow = 1;
        return -1;
    }
    if (in->len + n + 1 > in->cap) {
        size_t nc = in->cap ? in->cap : 256;
        while (nc < in->len + n + 1)
            nc *= 2;
        char *nb = realloc(in->buf, nc);
        if (!nb) {
            bgc_error_plain(bgc_message(BGC_MSG_IO_STATEMENT_NO_MEMORY),
                            in->source, in->first);
            in->len = 0;
            in->held = 0;
            in->stopped = in->overflow = 1;
            return -1;
        }
        in->buf = nb;
        in->cap = nc;
    }
    memcpy(in->buf + in->len, s, n);
    in->len += n;
    in->buf[in->len] = 0;
    return 0;
}

static int is_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n')
            return 0;
    return 1;
}

/* Does the line start with the keyword else (after blanks and comments)? */
static int starts_with_else(const char *s, size_t n)
{
    bgc_lexer lx;
    bgc_lex_init(&lx, s, n, 1, 1);
    bgc_token t = bgc_lex_next(&lx);
    return t.type == BGC_T_ELSE;
}

int bgc_input_line(bgc_input *in, const char *line, size_t n)
{
    int blank = is_blank(line, n);
    if (in->stopped)
        return 1;
    if (in->held && (blank || !starts_with_else(line, n))) {
        /* no else follows: the if is a statement of its own */
        if (run_pending(in))
            return 1;
    }
    in->lines++;
    if (in->len == 0) {
        if (blank)
            return 0;
        in->first = in->lines;
        bgc_scan_init(&in->scan);
    } else if (blank && !in->held && in->scan.depth == 0 && !in->scan.in_comment) {
        /* an empty line ends the statement as it is */
        return run_pending(in);
    }
    in->held = 0;
    /* lines given without their newline (readline) are joined by one */
    if (in->len > 0 && in->buf[in->len - 1] != '\n' && append(in, "\n", 1) < 0)
        return 1;
    if (append(in, line, n) < 0)
        return 1;
    switch (bgc_scan_feed(&in->scan, line, n)) {
    case BGC_SCAN_OPEN:
        return 0;
    case BGC_SCAN_ELSE_MAY_FOLLOW:
        in->held = 1;
        return 0;
    default:
        return run_pending(in);
    }
}

int bgc_input_text(bgc_input *in, const char *text, size_t len)
{
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl + 1 - p) : (size_t)(end - p);
        if (bgc_input_line(in, p, n))
            return 1;
        p += n;
    }
    return bgc_input_end(in);
}

int bgc_input_end(bgc_input *in)
{
    if (in->stopped)
        return 1;
    return run_pending(in);
}
