/* repl-commands.c -- the REPL's ':' commands (:help is in repl-help.c).
 *
 * A line whose first character (after blanks) is ':' never reaches the
 * parser: it is a command, one word and at most one argument.  A word
 * more is an error and the command does nothing (man page, REPL). */
#include "repl.h"
#include "messages.h"

#include "builtins.h"
#include "cli.h"
#include "error.h"
#include "verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const bgc_repl_commands[] = {
    "help", "vars", "funcs", "unset", "obase", "digits", "time", "verify", "cpu", "quit",
    NULL};


void bgc_repl_cmd_error(int lineno, const char *line, int col, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    bgc_srcpos w = {"<repl>", lineno, col, line, strlen(line), lineno};
    bgc_error_at(&w, "%s", msg);
}

static void show_var(const char *name, const bgc_val *v, void *arg)
{
    bgc_ctx *ctx = arg;
    if (bgc_val_is_int(v)) { /* a huge integer is never converted whole */
        size_t hn = strlen(name) + 4;
        char *head = malloc(hn);
        bgc_intview tv;
        bgc_err e = BGC_ENOMEM;
        if (head) {
            snprintf(head, hn, "%s = ", name);
            e = bgc_repl_print_int(ctx, head, bgc_val_view(v, &tv));
            free(head);
        }
        if (e != BGC_OK)
            printf("%s = (%s)\n", name, e == BGC_EINTR ? "interrupted" : "out of memory");
        return;
    }
    size_t n;
    char *s = bgc_format_val(ctx, v, &n);
    printf("%s = ", name);
    if (s)
        bgc_repl_print_number(stdout, s, n);
    else
        fputs("(out of memory)", stdout);
    putchar('\n');
    free(s);
}

static void count_item(const char *name, int nparams, void *arg)
{
    (void)name;
    (void)nparams;
    ++*(int *)arg;
}

static void count_var(const char *name, const bgc_val *v, void *arg)
{
    (void)name;
    (void)v;
    ++*(int *)arg;
}

/* :funcs shows each definition as it was written. */
static void show_func(const char *name, int nparams, void *arg)
{
    size_t n;
    const char *t = bgc_ctx_func_text(arg, name, &n);
    if (t)
        printf("%.*s\n", (int)n, t);
    else
        printf("%s  (%d parameter%s)\n", name, nparams, nparams == 1 ? "" : "s");
}

/* Value of an on/off argument: 1, 0, or -1.  One syntax for every
 * switch: on|off, 1|0, yes|no, true|false, in any case. */
static int on_off(const char *a, size_t n)
{
    static const char *const on[] = {"on", "1", "yes", "true"};
    static const char *const off[] = {"off", "0", "no", "false"};
    for (int i = 0; i < 4; i++) {
        if (strlen(on[i]) == n && strncasecmp(a, on[i], n) == 0)
            return 1;
        if (strlen(off[i]) == n && strncasecmp(a, off[i], n) == 0)
            return 0;
    }
    return -1;
}

/* A count as options take it (bgc_cli_read_number: 1000, 1e6, 2^20,
 * 0x10); -1 if unreadable or above 10^12. */
static long parse_count(const char *a, size_t n)
{
    char buf[64];
    unsigned long long v;
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, a, n);
    buf[n] = 0;
    if (bgc_cli_read_number(buf, &v) != 0 || v > 1000000000000ULL)
        return -1;
    return (long)v;
}

int bgc_repl_command(bgc_ctx *ctx, int lineno, const char *line)
{
    int quit = 0;
    const char *p = line, *name, *arg, *end;
    size_t nl, al;
    int acol;
    while (*p == ' ' || *p == '\t')
        p++;
    p++; /* the ':' */
    name = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    nl = (size_t)(p - name);
    while (*p == ' ' || *p == '\t')
        p++;
    arg = p;
    acol = (int)(arg - line) + 1;
    end = p + strlen(p);
    while (end > arg && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    al = (size_t)(end - arg);
    const char *extra = memchr(arg, ' ', al);
    if (!extra)
        extra = memchr(arg, '\t', al);

#define IS(s) (nl == strlen(s) && strncmp(name, s, nl) == 0)
    int known = 0;
    for (int i = 0; bgc_repl_commands[i]; i++)
        known |= IS(bgc_repl_commands[i]);
    known |= IS("q") || IS("exit") || IS("h") || IS("?");
    /* A command runs only when its words are right: ':quit now' or
     * ':time on off' do nothing but say what is wrong. */
    int noarg = IS("quit") || IS("q") || IS("exit") || IS("vars") || IS("funcs");
    if (known && noarg && al > 0) {
        bgc_repl_cmd_error(lineno, line, acol, bgc_message(BGC_MSG_USE_TAKES_NO_ARGUMENT),
                           (int)nl, name);
        return 0;
    }
    if (known && extra) {
        bgc_repl_cmd_error(lineno, line, (int)(extra - line) + 2,
                           bgc_message(BGC_MSG_USE_UNEXPECTED_TEXT_AFTER_ARGUMENT),
                           (int)nl, name);
        return 0;
    }
    if (IS("quit") || IS("q") || IS("exit")) {
        quit = 1;
    } else if (IS("help") || IS("h") || IS("?")) {
        bgc_repl_help(ctx, lineno, line, arg, al, acol);
    } else if (IS("vars")) {
        int n = 0;
        bgc_ctx_each_var(ctx, count_var, &n);
        if (n == 0)
            puts("no variables yet (x = 5 makes one)");
        bgc_ctx_each_var(ctx, show_var, ctx);
    } else if (IS("funcs")) {
        int n = 0;
        bgc_ctx_each_func(ctx, count_item, &n);
        if (n == 0)
            puts("no functions yet (def f(x) = x^2 + 1 makes one; :help functions "
                 "lists the builtins)");
        bgc_ctx_each_func(ctx, show_func, ctx);
    } else if (IS("unset")) {
        int what = al == 0 ? -1 : bgc_builtin_find(arg, al) ? -2 : bgc_ctx_unset(ctx, arg, al);
        if (what == -2)
            bgc_repl_cmd_error(lineno, line, acol, bgc_message(BGC_MSG_USE_CANNOT_UNSET_BUILTIN_FUNCTION),
                               (int)(al < 60 ? al : 60), arg);
        else if (what < 0)
            bgc_repl_cmd_error(lineno, line, acol, "%s", bgc_message(BGC_MSG_USE_UNSET_NEEDS_NAME));
        else if (what == 0)
            bgc_repl_cmd_error(lineno, line, acol, bgc_message(BGC_MSG_USE_NO_VARIABLE_FUNCTION),
                               (int)(al < 60 ? al : 60), arg);
    } else if (IS("obase")) {
        long v = parse_count(arg, al);
        if (al == 0)
            printf("obase %d\n", bgc_ctx_get_obase(ctx));
        else if (v < 2 || v > 36 || bgc_ctx_set_obase(ctx, (int)v) < 0)
            bgc_repl_cmd_error(lineno, line, acol, "%s", bgc_message(BGC_MSG_OBASE_RANGE));
    } else if (IS("digits")) {
        long v = parse_count(arg, al);
        if (al == 0) {
            long d = bgc_repl_get_digits();
            if (d < 0)
                puts("digits full (results are printed whole)");
            else
                printf("digits %ld (longer results are abbreviated)\n", d);
        } else if (al == 4 && strncmp(arg, "full", 4) == 0) {
            bgc_repl_set_digits(-1);
        } else if (v >= 1) {
            bgc_repl_set_digits(v);
        } else {
            bgc_repl_cmd_error(lineno, line, acol, "%s", bgc_message(BGC_MSG_USE_DIGITS_VALUE));
        }
    } else if (IS("time")) {
        int v = on_off(arg, al);
        if (al == 0)
            printf("time %s\n", bgc_ctx_get_time(ctx) ? "on" : "off");
        else if (v < 0)
            bgc_repl_cmd_error(lineno, line, acol, "%s", bgc_message(BGC_MSG_USE_ON_OFF));
        else
            bgc_ctx_set_time(ctx, v);
    } else if (IS("verify")) {
        int v = on_off(arg, al);
        if (al == 0)
            printf("verify %s (%lu operations checked, %lu mismatches)\n",
                   bgc_verify_enabled() ? "on" : "off", bgc_verify_checked(),
                   bgc_verify_mismatches());
        else if (v < 0)
            bgc_repl_cmd_error(lineno, line, acol, "%s", bgc_message(BGC_MSG_USE_ON_OFF));
        else
            bgc_verify_enable(v);
    } else if (IS("cpu")) {
        if (al > 0) {
            char nm[64];
            snprintf(nm, sizeof nm, "%.*s", (int)al, arg);
            if (bgcn_cpu_select(nm) < 0) {
                bgc_repl_cmd_error(lineno, line, acol, bgc_message(BGC_MSG_USE_UNKNOWN_KERNEL_PATH),
                                   nm);
                return 0;
            }
        }
        bgc_cli_print_kernel_path();
    } else {
        char cmd[40];
        snprintf(cmd, sizeof cmd, "%.*s", (int)(nl < 30 ? nl : 30), name);
        bgc_repl_cmd_error(lineno, line, (int)(name - line),
                           bgc_message(BGC_MSG_USE_UNKNOWN_COMMAND_TRY_HELP), cmd);
        return 0;
    }
#undef IS
    return quit;
}
