/* cli-modexp.c -- `bigcalc modexp` with no arguments: "B E M" lines. */
#include "cli-impl.h"

#include "error.h"
#include "linereader.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* `bigcalc modexp` with no arguments: "B E M" per line.  Output keeps one
 * line per input line, so that `paste` lines results up with inputs: a
 * blank or comment line gives an empty line, and so does a bad line, whose
 * numbered error goes to stderr; the next line runs (unless --strict). */
void bgc_cli_modexp_lines(bgc_ctx *ctx, const bgc_builtin *b, int strict)
{
    bgc_linereader lr = BGC_LINEREADER_INIT(0);
    char *line = NULL;
    size_t cap = 0;
    unsigned long long lineno = 0; /* 64-bit: a pipe may bring 2^31 lines */
    bgc_int v[3];
    for (int i = 0; i < 3; i++)
        bgc_init(&v[i]);
    for (;;) {
        const char *raw;
        ssize_t n = bgc_lr_next(&lr, &raw);
        if (n == BGC_LR_TOO_LONG) {
            bgc_error_plain("<stdin>:%llu: line longer than %zu MiB (the limit): input stops here",
                            lineno + 1, BGC_LR_MAX_LINE >> 20);
            bgc_cli_io_failed = 1;
            break;
        }
        if (n <= 0) {
            if (n < 0 && !bgcn_interrupt_flag) {
                bgc_error_plain("read error on <stdin>: %s", strerror(errno));
                bgc_cli_io_failed = 1;
            }
            break;
        }
        if ((size_t)n + 1 > cap) {
            char *nl = realloc(line, (size_t)n + 1);
            if (!nl) {
                bgc_error_plain("out of memory reading <stdin>");
                bgc_cli_io_failed = 1;
                break;
            }
            line = nl;
            cap = (size_t)n + 1;
        }
        memcpy(line, raw, (size_t)n);
        line[n] = 0;
        lineno++;
        const char *f[4];
        size_t fl[4];
        int nf = 0, ok = 1;
        char *p = line;
        for (;;) {
            while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
                p++;
            if (!*p || *p == '#')
                break;
            char *q = p;
            while (*q && *q != ' ' && *q != '\t' && *q != '\r' && *q != '\n')
                q++;
            if (nf < 4) {
                f[nf] = p;
                fl[nf] = (size_t)(q - p);
            }
            nf++;
            p = q;
        }
        if (nf == 0) {
            fputc('\n', stdout);
            continue;
        }
        bgc_stopwatch sw;
        bgc_stopwatch_start(&sw);
        if (nf != 3) {
            bgc_srcpos w = {"<stdin>", lineno, 1, line, (size_t)n, lineno};
            bgc_error_at(&w, "expected 3 values 'B E M', found %d", nf);
            fputc('\n', stdout);
            if (strict)
                break;
            continue;
        }
        for (int i = 0; i < 3 && ok; i++)
            if (bgc_eval_expr(ctx, "<stdin>", f[i], fl[i], lineno,
                              (int)(f[i] - line) + 1, &v[i]) < 0)
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
        if (!ok)
            fputc('\n', stdout);
        if (bgc_ctx_get_time(ctx)) {
            fflush(stdout);
            bgc_stopwatch_report(&sw);
        }
        if (bgcn_interrupt_flag || (!ok && strict))
            break;
    }
    for (int i = 0; i < 3; i++)
        bgc_clear(&v[i]);
    free(line);
    bgc_lr_free(&lr);
}
