/* fuzz-lines.c -- fuzz target over the line parsers: the input is a
 * batch of `bigcalc modexp` lines ("B E M", each field an expression),
 * each line split into fields, each field evaluated as an expression and
 * the modular power taken, as the one-shot does; and every line read as a
 * number string in each base by the number layer's parser, checked
 * against GMP where the two accept the same language.
 * Bounds as in fuzz-frontend.c: small --max-bits, a CPU budget. */
#include "fuzz.h"

#include "error.h"
#include "eval.h"
#include "num.h"

#include <stdio.h>

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_MAX_BITS 8192
#define FUZZ_CPU_MS 250

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    bgc_fuzz_budget_init();
    devnull = fopen("/dev/null", "w");
    if (!devnull)
        bgc_fuzz_fail("cannot open /dev/null");
    bgc_set_max_bits(FUZZ_MAX_BITS);
    bgc_rand_seed(1);
    return 0;
}

/* The number layer's string parser against GMP: bigcalc accepts an
 * optional sign, then digits with single '_' between digits. */
static void check_set_str(const char *s, size_t n, int base)
{
    bgc_int x;
    bgc_init(&x);
    bgc_err e = bgc_set_str(&x, s, n, base);
    /* GMP's view: strip the '_' bigcalc allows, refuse what it refuses */
    char *t = malloc(n + 1);
    size_t k = 0;
    int ok = n > 0;
    for (size_t i = 0; i < n && ok; i++) {
        char c = s[i];
        if (c == '_') {
            ok = i > 0 && i + 1 < n && s[i - 1] != '_' && s[i - 1] != '-' &&
                 s[i - 1] != '+' && s[i + 1] != '_';
            continue;
        }
        if ((c == '-' || c == '+') && i == 0) {
            if (c == '-')
                t[k++] = c;
            continue;
        }
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'z' ? c - 'a' + 10
                : c >= 'A' && c <= 'Z' ? c - 'A' + 10
                                       : 99;
        ok = d < base;
        t[k++] = c;
    }
    t[k] = 0;
    if (ok && (k == 0 || (k == 1 && t[0] == '-')))
        ok = 0;
    if (e == BGC_ETOOBIG || e == BGC_ENOMEM || e == BGC_EINTR) {
        /* a limit: fine */
    } else if (ok != (e == BGC_OK)) {
        /* the two grammars may differ only on '_' placement */
        if (!memchr(s, '_', n))
            bgc_fuzz_fail("set_str base %d: bigcalc %s, GMP grammar %s: '%.*s'", base,
                          e == BGC_OK ? "accepts" : "refuses", ok ? "accepts" : "refuses",
                          (int)(n < 200 ? n : 200), s);
    } else if (ok) {
        mpz_t z, g;
        mpz_init(z);
        mpz_init(g);
        if (mpz_set_str(z, t, base) != 0)
            bgc_fuzz_fail("GMP refuses '%s' in base %d", t, base);
        long sz = x.size < 0 ? -x.size : x.size;
        mpz_import(g, (size_t)sz, -1, sizeof(bgcn_limb_t), 0, 0, x.d);
        if (x.size < 0)
            mpz_neg(g, g);
        if (mpz_cmp(z, g) != 0)
            bgc_fuzz_fail("set_str base %d: wrong value for '%.*s'", base,
                          (int)(n < 200 ? n : 200), s);
        mpz_clear(z);
        mpz_clear(g);
    }
    free(t);
    bgc_clear(&x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!devnull)
        LLVMFuzzerInitialize(NULL, NULL);
    FILE *saved = stderr;
    stderr = devnull;
    bgc_ctx *ctx = bgc_ctx_new();
    if (!ctx) {
        stderr = saved;
        return 0;
    }
    bgc_ctx_set_output(ctx, devnull);
    const char *s = (const char *)data;
    size_t pos = 0;
    bgcn_interrupt_flag = 0;
    bgc_fuzz_budget(FUZZ_CPU_MS);
    while (pos < size && !bgcn_interrupt_flag) {
        const char *nl = memchr(s + pos, '\n', size - pos);
        size_t end = nl ? (size_t)(nl - s) : size;
        const char *line = s + pos;
        size_t n = end - pos;
        /* fields separated by blanks; '#' starts a comment */
        const char *f[4];
        size_t fl[4];
        int nf = 0;
        size_t i = 0;
        for (;;) {
            while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
                i++;
            if (i >= n || line[i] == '#')
                break;
            size_t j = i;
            while (j < n && line[j] != ' ' && line[j] != '\t' && line[j] != '\r')
                j++;
            if (nf < 4) {
                f[nf] = line + i;
                fl[nf] = j - i;
            }
            nf++;
            i = j;
        }
        if (nf == 3) {
            bgc_int v[3], r;
            int ok = 1;
            bgc_init(&r);
            for (int k = 0; k < 3; k++)
                bgc_init(&v[k]);
            for (int k = 0; k < 3 && ok; k++)
                ok = bgc_eval_expr(ctx, "<stdin>", f[k], fl[k], 1, 1, &v[k]) == 0;
            if (ok)
                (void)bgc_powmod(&r, &v[0], &v[1], &v[2]);
            for (int k = 0; k < 3; k++)
                bgc_clear(&v[k]);
            bgc_clear(&r);
        }
        if (n <= 4096)
            check_set_str(line, n, 2 + (int)(n % 35));
        pos = end + 1;
    }
    bgc_fuzz_budget(0);
    bgcn_interrupt_flag = 0;
    bgc_ctx_free(ctx);
    stderr = saved;
    return 0;
}
