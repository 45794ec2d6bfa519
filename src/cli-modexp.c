/* cli-modexp.c -- `bigcalc modexp` with no arguments: "B E M" lines. */
#include "cli-impl.h"
#include "messages.h"

#include "error.h"
#include "linereader.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One line of `bigcalc modexp` (see cli-impl.h). */
int bgc_cli_modexp_line(bgc_ctx *ctx, const bgc_builtin *b, const char *line, size_t n,
                        unsigned long long lineno)
{
    const char *f[4];
    size_t fl[4];
    int nf = 0, ok = 1;
    size_t i = 0;
    for (;;) {
        while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n'))
            i++;
        if (i >= n || line[i] == '#')
            break;
        size_t j = i;
        while (j < n && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' && line[j] != '\n')
            j++;
        if (nf < 4) {
            f[nf] = line + i;
            fl[nf] = j - i;
        }
        nf++;
        i = j;
    }
    if (nf == 0) {
        fputc('\n', stdout);
        return 0;
    }
    bgc_stopwatch sw;
    bgc_stopwatch_start(&sw);
    if (nf != 3) {
        bgc_srcpos w = {"<stdin>", lineno, 1, line, n, lineno};
        bgc_error_at(&w, bgc_message(BGC_MSG_IO_MODEXP_FIELDS), nf);
        fputc('\n', stdout);
        return -1;
    }
    bgc_int v[3];
    for (int k = 0; k < 3; k++)
        bgc_init(&v[k]);
    for (int k = 0; k < 3 && ok; k++)
        if (bgc_eval_expr(ctx, "<stdin>", f[k], fl[k], lineno, (int)(f[k] - line) + 1,
                          &v[k]) < 0)
            ok = 0;
    if (ok) {
        bgc_err e = b->fn(&v[0], v, 3);
        bgc_cli_report_verify();
        if (e == BGC_OK)
            bgc_cli_print_value(ctx, &v[0]);
        else {
            bgc_cli_call_error("<stdin>", lineno, 1, b, e);
            ok = 0;
        }
    }
    for (int k = 0; k < 3; k++)
        bgc_clear(&v[k]);
    if (!ok)
        fputc('\n', stdout);
    if (bgc_ctx_get_time(ctx)) {
        fflush(stdout);
        bgc_stopwatch_report(&sw);
    }
    return ok ? 1 : -1;
}

/* `bigcalc modexp` with no arguments: "B E M" per line.  Output keeps one
 * line per input line, so that `paste` lines results up with inputs: a
 * blank or comment line gives an empty line, and so does a bad line, whose
 * numbered error goes to stderr; the next line runs (unless --strict). */
void bgc_cli_modexp_lines(bgc_ctx *ctx, const bgc_builtin *b, int strict)
{
    bgc_linereader lr = BGC_LINEREADER_INIT(0);
    unsigned long long lineno = 0; /* 64-bit: a pipe may bring 2^31 lines */
    for (;;) {
        const char *raw;
        ssize_t n = bgc_lr_next(&lr, &raw);
        if (n == BGC_LR_TOO_LONG) {
            bgc_error_plain(bgc_message(BGC_MSG_IO_STDIN_LINE_TOO_LONG),
                            lineno + 1, BGC_LR_MAX_LINE >> 20);
            bgc_cli_io_failed = 1;
            break;
        }
        if (n <= 0) {
            if (n < 0 && !bgcn_interrupt_flag) {
                bgc_error_plain(bgc_message(BGC_MSG_IO_READ_ERROR_STDIN), strerror(errno));
                bgc_cli_io_failed = 1;
            }
            break;
        }
        lineno++;
        int rc = bgc_cli_modexp_line(ctx, b, raw, (size_t)n, lineno);
        if (bgcn_interrupt_flag || (rc < 0 && strict))
            break;
    }
    bgc_lr_free(&lr);
}
