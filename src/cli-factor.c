/* cli-factor.c -- `bigcalc factor [N...]`: GNU coreutils factor's format,
 * "N: p p q" per number, one line each, the numbers from the arguments
 * (each an expression) or, with none, whitespace-separated from stdin.
 *
 * Bulk input is the point of this mode (coreutils is the yardstick for
 * 10^5 random 64-bit numbers): a token of decimal digits that fits 64
 * bits is read, factored (bgcn_factor_u64) and written without going
 * through the evaluator or the number layer, into a large output buffer.
 * Anything else (bigger numbers, expressions, output bases other than
 * 10, --verify) takes the general path: evaluated as an expression,
 * factored by the driver (bgcn_factor) and printed in the output base.
 * 0 and 1 print "0:" and "1:" as coreutils; a negative n prints -1 first.
 * A token that is not a valid expression is reported and the run goes on;
 * the exit status is then 1 (130 when interrupted). */
#include "cli-impl.h"

#include "error.h"
#include "factor.h"
#include "num-impl.h"
#include "verify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char outbuf[1 << 16];

/* decimal digits of v at the end of buf (24 bytes), returns the start */
static char *u64_text(char *end, uint64_t v)
{
    *--end = 0;
    do {
        *--end = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return end;
}

/* "n: p p q" for n < 2^64 */
static void print_u64(uint64_t n)
{
    char num[24];
    uint64_t p[15];
    unsigned char e[15];
    fputs(u64_text(num + 24, n), stdout);
    fputc(':', stdout);
    int c = bgcn_factor_u64(n, p, e);
    for (int i = 0; i < c; i++) {
        char *t = u64_text(num + 24, p[i]);
        for (int k = 0; k < e[i]; k++) {
            fputc(' ', stdout);
            fputs(t, stdout);
        }
    }
    fputc('\n', stdout);
}

/* 1 when {s,len} is a decimal number below 2^64, in *v */
static int parse_u64(const char *s, size_t len, uint64_t *v)
{
    if (len == 0 || len > 20)
        return 0;
    uint64_t x = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (d > 9)
            return 0;
        if (x > (UINT64_MAX - d) / 10)
            return 0;
        x = x * 10 + d;
    }
    *v = x;
    return 1;
}

static void print_int(bgc_ctx *ctx, const bgc_int *v)
{
    size_t n;
    char *s = bgc_format_value(ctx, v, &n);
    if (s) {
        fwrite(s, 1, n, stdout);
        free(s);
    }
}

/* the general path; returns 0 or -1 after reporting */
static int factor_expr(bgc_ctx *ctx, const char *text, size_t len)
{
    const bgc_builtin *b = bgc_builtin_find("factor", 6);
    bgc_int v, p;
    bgc_init(&v);
    bgc_init(&p);
    int rc = 0;
    if (bgc_eval_expr(ctx, "<arg>", text, len, 1, 1, &v) < 0) {
        bgc_clear(&v);
        return -1;
    }
    print_int(ctx, &v);
    fputc(':', stdout);
    long nn = v.size < 0 ? -v.size : v.size;
    if (v.size < 0)
        fputs(" -1", stdout);
    if (nn == 0 || (nn == 1 && v.d[0] == 1)) {
        fputc('\n', stdout);
        goto done;
    }
    bgcn_factors fs;
    bgcn_factors_init(&fs);
    bgcn_factor_opts o = {0};
    o.seed = 0x6a09e667f3bcc908ULL;
    bgc_err e = bgc_from_status(bgcn_factor(&fs, v.d, nn, &o));
    if (e == BGC_OK && !fs.verified)
        e = BGC_EDOMAIN;
    if (e == BGC_OK && bgc_verify_enabled())
        bgc_verify_factor(v.d, nn, &fs);
    for (long i = 0; i < fs.count && e == BGC_OK; i++) {
        if ((e = bgc_set_limbs(&p, fs.f[i].p, fs.f[i].n, 0)) != BGC_OK)
            break;
        for (unsigned long k = 0; k < fs.f[i].e; k++) {
            fputc(' ', stdout);
            print_int(ctx, &p);
        }
    }
    bgcn_factors_clear(&fs);
    fputc('\n', stdout);
    bgc_cli_report_verify();
    if (e != BGC_OK) {
        bgc_cli_call_error("<arg>", 1, 1, b, e);
        rc = -1;
    }
done:
    bgc_clear(&v);
    bgc_clear(&p);
    return rc;
}

/* one token: fast path when possible */
static int factor_token(bgc_ctx *ctx, const char *s, size_t len, int fast)
{
    uint64_t v;
    /* obase may change on the way (a token `obase = 16` is an expression
     * too): the direct path prints decimal only */
    if (fast && bgc_ctx_get_obase(ctx) == 10 && parse_u64(s, len, &v)) {
        print_u64(v);
        return 0;
    }
    return factor_expr(ctx, s, len);
}

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int bgc_cli_factor_text(bgc_ctx *ctx, const char *text, size_t n, int fast)
{
    int failed = 0;
    size_t i = 0;
    while (i < n && !bgcn_interrupt_flag) {
        while (i < n && blank(text[i]))
            i++;
        size_t j = i;
        while (j < n && !blank(text[j]))
            j++;
        if (j > i)
            failed |= factor_token(ctx, text + i, j - i, fast) < 0;
        i = j;
    }
    return failed ? -1 : 0;
}

void bgc_cli_factor(bgc_ctx *ctx, int nargs, char **args)
{
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    int fast = !bgc_verify_enabled() && bgc_ctx_get_obase(ctx) == 10;
    int failed = 0;
    if (nargs > 0) {
        for (int i = 0; i < nargs && !bgcn_interrupt_flag; i++)
            failed |= factor_token(ctx, args[i], strlen(args[i]), fast) < 0;
    } else {
        char *line = NULL;
        size_t cap = 0;
        ssize_t got;
        while (!bgcn_interrupt_flag && (got = getline(&line, &cap, stdin)) >= 0)
            failed |= bgc_cli_factor_text(ctx, line, (size_t)got, fast) < 0;
        free(line);
    }
    if (bgc_cli_finish_output(stdout) < 0)
        exit(BGC_EXIT_FAIL);
    if (bgcn_interrupt_flag)
        exit(BGC_EXIT_INTR);
    if (failed)
        exit(BGC_EXIT_FAIL);
}
