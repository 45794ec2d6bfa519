/* cli-oneshot.c -- `bigcalc FUNC ARG...`: one builtin call, its bare
 * result printed. */
#include "cli-impl.h"
#include "messages.h"

#include "error.h"
#include "verify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bgc_cli_print_value(bgc_ctx *ctx, const bgc_int *v)
{
    size_t n;
    char *s = bgc_format_value(ctx, v, &n);
    if (!s) {
        bgc_error_plain("%s", bgc_message(BGC_ENOMEM));
        return;
    }
    fwrite(s, 1, n, stdout);
    fputc('\n', stdout);
    free(s);
}

/* Print the --verify mismatches of the last operation, if any. */
void bgc_cli_report_verify(void)
{
    if (bgc_verify_enabled() && bgc_verify_pending()) {
        fflush(stdout);
        bgc_verify_report(stderr);
    }
}

/* Report a builtin's failure at a position. */
void bgc_cli_call_error(const char *source, unsigned long long line, int col, const bgc_builtin *b,
                        bgc_err e)
{
    char msg[300];
    bgc_srcpos w = {source, line, col, NULL, 0, 1};
    bgc_builtin_message(b, e, msg, sizeof msg);
    bgc_error_at(&w, "%s", msg);
}

/* Call builtin b on the values of the argument expressions and print the
 * bare result; exits 1 (130 when interrupted) on failure. */
void bgc_cli_one_shot(bgc_ctx *ctx, const bgc_builtin *b, int nargs, char **args,
                      int strict)
{
    char t[64];
    if (nargs > 0 && strcmp(args[0], "--") == 0) { /* `bigcalc abs -- -5` */
        args++;
        nargs--;
    }
    if (nargs == 0 && b->fn == bgc_builtin_find("powmod", 6)->fn) {
        bgc_cli_modexp_lines(ctx, b, strict);
        return;
    }
    if (b->lfn == bgc_bi_factor) {
        bgc_cli_factor(ctx, nargs, args); /* coreutils' format */
        return;
    }
    if (!bgc_builtin_arity_ok(b, nargs)) {
        bgc_builtin_arity_text(b, t, sizeof t);
        bgc_cli_usage_error(bgc_message(BGC_MSG_USE_ONESHOT_ARITY),
                    b->name, t, nargs, b->name, b->usage);
    }
    if (!b->fn) {
        /* a builtin on values (lists): run the call as an expression */
        size_t n = strlen(b->name) + 3;
        for (int i = 0; i < nargs; i++)
            n += strlen(args[i]) + 4;
        char *text = malloc(n);
        if (!text) {
            bgc_error_plain("%s", bgc_message(BGC_ENOMEM));
            exit(BGC_EXIT_FAIL);
        }
        size_t k = (size_t)sprintf(text, "%s(", b->name);
        for (int i = 0; i < nargs; i++)
            k += (size_t)sprintf(text + k, "%s(%s)", i ? ", " : "", args[i]);
        strcpy(text + k, ")");
        unsigned long failed = bgc_run_line(ctx, "<arg>", text, strlen(text), 1);
        free(text);
        if (failed)
            exit(bgcn_interrupt_flag ? BGC_EXIT_INTR : BGC_EXIT_FAIL);
        return;
    }
    bgc_int *v = calloc((size_t)nargs + 2, sizeof *v);
    if (!v) {
        bgc_error_plain("%s", bgc_message(BGC_ENOMEM));
        exit(BGC_EXIT_FAIL);
    }
    for (int i = 0; i < nargs + 2; i++)
        bgc_init(&v[i]);
    int ok = 1;
    bgc_stopwatch sw;
    bgc_stopwatch_start(&sw);
    for (int i = 0; i < nargs && ok; i++)
        if (bgc_eval_expr(ctx, "<arg>", args[i], strlen(args[i]), 1, 1, &v[i]) < 0)
            ok = 0;
    if (ok) {
        bgc_err e = b->fn(&v[0], v, nargs);
        bgc_cli_report_verify();
        if (e != BGC_OK) {
            bgc_cli_call_error("<arg>", 1, 1, b, e);
            ok = 0;
        } else {
            bgc_cli_print_value(ctx, &v[0]);
        }
    }
    if (bgc_ctx_get_time(ctx)) {
        fflush(stdout);
        bgc_stopwatch_report(&sw);
    }
    for (int i = 0; i < nargs + 2; i++)
        bgc_clear(&v[i]);
    free(v);
    if (!ok)
        exit(bgcn_interrupt_flag ? BGC_EXIT_INTR : BGC_EXIT_FAIL);
}
