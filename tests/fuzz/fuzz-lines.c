/* fuzz-lines.c -- fuzz target over the line parsers of the command line,
 * the real ones (src/cli-*.c), not copies:
 *
 *  - each input line as a batch `bigcalc modexp` line
 *    (bgc_cli_modexp_line, cli-modexp.c), its printed result checked
 *    against GMP's mpz_powm of the fields as a reference splitter and the
 *    evaluator read them;
 *  - each line as `bigcalc factor` input (bgc_cli_factor_text,
 *    cli-factor.c), twice: with the direct 64-bit path and without it;
 *    the two outputs must be the same text;
 *  - each line as a numeric option value (bgc_cli_option_value,
 *    cli-options.c, for --obase, --digits, --max-bits, --seed, and
 *    bgc_cli_read_number, cli-number.c, which --threads, BIGCALC_THREADS
 *    and the ':' commands use): a value read must be what the language
 *    makes of the same text (the man page says option values are
 *    literals of the language), and a value refused as too large must be
 *    one the language finds at least 2^64;
 *  - each line as a number string in some base (bgc_set_str) against
 *    GMP's parser where the two accept the same language.
 *
 * Bounds as in fuzz-frontend.c: a small --max-bits, a CPU budget per
 * input (the interrupt flag raised when it runs out: factoring a large
 * number is cut short, and then the two factor outputs are not
 * compared). */
#include "fuzz.h"

#include "cli-impl.h"
#include "error.h"
#include "eval.h"
#include "num.h"
#include "num-impl.h"

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

/* ---- output capture ------------------------------------------------------ */

static char *cap_buf;
static size_t cap_len;
static FILE *cap_fp, *saved_out;

static void capture_begin(void)
{
    cap_buf = NULL;
    cap_len = 0;
    cap_fp = open_memstream(&cap_buf, &cap_len);
    if (!cap_fp)
        bgc_fuzz_fail("open_memstream failed");
    saved_out = stdout;
    stdout = cap_fp;
}

/* the captured text, malloc'ed (the caller frees) */
static char *capture_end(size_t *len)
{
    fclose(cap_fp);
    stdout = saved_out;
    *len = cap_len;
    return cap_buf;
}

/* z = the value of an integer expression, 0 when it has none */
static int eval_mpz(bgc_ctx *ctx, const char *s, size_t n, mpz_t z)
{
    bgc_int v;
    bgc_init(&v);
    int ok = bgc_eval_expr(ctx, "<fuzz>", s, n, 1, 1, &v) == 0;
    if (ok) {
        long sz = v.size < 0 ? -v.size : v.size;
        mpz_import(z, (size_t)sz, -1, sizeof(bgcn_limb_t), 0, 0, v.d);
        if (v.size < 0)
            mpz_neg(z, z);
    }
    bgc_clear(&v);
    return ok;
}

/* ---- modexp lines --------------------------------------------------------- */

/* The reference evaluates the fields again, in a session of its own (ref)
 * that has seen every statement the checked one (ctx) has: a field may
 * have a side effect (M = 'obase=--obase' lowers obase each time it
 * runs), so evaluating it twice in one session would check a different
 * line.  Random draws are replayed from the same stream state. */
static void check_modexp(bgc_ctx *ctx, bgc_ctx *ref, const char *line, size_t n)
{
    static const bgc_builtin *b;
    if (!b)
        b = bgc_builtin_find("modexp", 6);
    uint64_t rs[4];
    int seeded = bgc_rand_state(rs);
    capture_begin();
    int rc = bgc_cli_modexp_line(ctx, b, line, n, 1);
    size_t olen;
    char *out = capture_end(&olen);
    /* one output line per input line, whatever happened */
    if (olen == 0 || out[olen - 1] != '\n' || memchr(out, '\n', olen - 1))
        bgc_fuzz_fail("modexp: not one output line for '%.*s'", (int)(n < 200 ? n : 200), line);
    /* the reference: fields at blanks, '#' a comment */
    const char *f[3];
    size_t fl[3];
    int nf = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n'))
            i++;
        if (i >= n || line[i] == '#')
            break;
        size_t j = i;
        while (j < n && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' && line[j] != '\n')
            j++;
        if (nf < 3) {
            f[nf] = line + i;
            fl[nf] = j - i;
        }
        nf++;
        i = j;
    }
    if ((nf == 0) != (rc == 0) || (nf != 3 && rc > 0))
        bgc_fuzz_fail("modexp: %d fields, the line parser says %d: '%.*s'", nf, rc,
                      (int)(n < 200 ? n : 200), line);
    if (nf == 3 && !bgcn_interrupt_flag) {
        /* Three fields run in order until one fails, also when the line
         * fails later, so that ref keeps the state ctx has. */
        mpz_t v[3], w;
        for (int k = 0; k < 3; k++)
            mpz_init(v[k]);
        mpz_init(w);
        if (seeded)
            bgc_rand_set_state(rs);
        int ok = 1;
        for (int k = 0; k < 3 && ok; k++)
            ok = eval_mpz(ref, f[k], fl[k], v[k]);
        /* a result for a nonnegative exponent and a modulus > 1 */
        if (rc > 0 && !bgcn_interrupt_flag && ok && mpz_sgn(v[1]) >= 0 &&
            mpz_cmp_ui(v[2], 1) > 0) {
            mpz_powm(w, v[0], v[1], v[2]);
            char *t = mpz_get_str(NULL, 10, w);
            /* A field is an expression and may set obase (`obase=2` as M):
             * then the result is printed in that base and is read back. */
            int same = strlen(t) == olen - 1 && memcmp(t, out, olen - 1) == 0;
            if (!same && bgc_ctx_get_obase(ctx) != 10) {
                mpz_t back;
                mpz_init(back);
                same = eval_mpz(ref, out, olen - 1, back) && mpz_cmp(back, w) == 0;
                mpz_clear(back);
            }
            if (!same)
                bgc_fuzz_fail("modexp: '%.*s' printed %.*s, GMP has %s", (int)(n < 200 ? n : 200),
                              line, (int)(olen < 200 ? olen : 200), out, t);
            free(t);
        }
        for (int k = 0; k < 3; k++)
            mpz_clear(v[k]);
        mpz_clear(w);
    }
    free(out);
}

/* ---- factor input ----------------------------------------------------------- */

/* Each path in a session of its own: a token is an expression, and one
 * with a side effect (--obase, x = 5) must meet the same state in both,
 * and one that draws random numbers the same stream. */
static void check_factor(const char *line, size_t n)
{
    char *out[2];
    size_t len[2];
    int rc[2], intr = 0;
    uint64_t rs[4];
    int seeded = bgc_rand_state(rs);
    for (int fast = 0; fast < 2; fast++) {
        if (seeded)
            bgc_rand_set_state(rs); /* random(n) as a token draws the same */
        bgc_ctx *ctx = bgc_ctx_new();
        if (!ctx)
            bgc_fuzz_fail("out of memory");
        bgc_ctx_set_output(ctx, devnull);
        capture_begin();
        rc[fast] = bgc_cli_factor_text(ctx, line, n, fast);
        out[fast] = capture_end(&len[fast]);
        intr |= bgcn_interrupt_flag;
        bgc_ctx_free(ctx);
    }
    if (!intr && (rc[0] != rc[1] || len[0] != len[1] || memcmp(out[0], out[1], len[0]) != 0))
        bgc_fuzz_fail("factor: the direct path and the general one differ on '%.*s': "
                      "'%.*s' vs '%.*s'",
                      (int)(n < 200 ? n : 200), line, (int)(len[1] < 300 ? len[1] : 300), out[1],
                      (int)(len[0] < 300 ? len[0] : 300), out[0]);
    free(out[0]);
    free(out[1]);
}

/* ---- option values ---------------------------------------------------------- */

static void check_option_value(bgc_ctx *ctx, const char *line, size_t n)
{
    /* an option value is one argv string: up to the first NUL */
    char *arg = malloc(n + 1);
    memcpy(arg, line, n);
    arg[n] = 0;
    size_t an = strlen(arg);
    static const char *const names[] = {"--obase", "--digits", "--max-bits", "--seed"};
    char msg[256];
    long long v;
    for (int k = 0; k < 4; k++)
        if (bgc_cli_option_value(names[k], arg, &v, msg, sizeof msg) < 0 && msg[0] == 0)
            bgc_fuzz_fail("option %s: refused '%s' with no message", names[k], arg);
    unsigned long long u;
    int rc = bgc_cli_read_number(arg, &u);
    if (rc == 0 || rc == -2) {
        mpz_t z;
        mpz_init(z);
        int ok = eval_mpz(ctx, arg, an, z);
        if (bgcn_interrupt_flag) {
            /* cut short: nothing to compare */
        } else if (rc == 0) {
            mpz_t w;
            mpz_init(w);
            mpz_import(w, 1, -1, sizeof u, 0, 0, &u);
            if (!ok || mpz_cmp(z, w) != 0)
                bgc_fuzz_fail("option value '%s' reads as %llu, the language %s", arg, u,
                              ok ? "differs" : "refuses it");
            mpz_clear(w);
        } else if (ok && mpz_sizeinbase(z, 2) <= 64 && mpz_sgn(z) >= 0) {
            bgc_fuzz_fail("option value '%s' refused as too large, the language has a 64-bit value",
                          arg);
        }
        mpz_clear(z);
    }
    free(arg);
}

/* ---- number strings ------------------------------------------------------------ */

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
    bgc_ctx *ctx = bgc_ctx_new(), *ref = bgc_ctx_new();
    if (!ctx || !ref) {
        bgc_ctx_free(ctx);
        bgc_ctx_free(ref);
        stderr = saved;
        return 0;
    }
    bgc_ctx_set_output(ctx, devnull);
    bgc_ctx_set_output(ref, devnull);
    const char *s = (const char *)data;
    size_t pos = 0;
    bgcn_interrupt_flag = 0;
    bgc_fuzz_budget(FUZZ_CPU_MS);
    while (pos < size && !bgcn_interrupt_flag) {
        const char *nl = memchr(s + pos, '\n', size - pos);
        size_t end = nl ? (size_t)(nl - s) + 1 : size; /* with its newline */
        const char *line = s + pos;
        size_t n = end - pos;
        check_modexp(ctx, ref, line, n);
        check_factor(line, n);
        size_t body = n - (nl != NULL);
        if (body <= 4096) {
            check_option_value(ctx, line, body);
            check_set_str(line, body, 2 + (int)(body % 35));
        }
        pos = end;
    }
    bgc_fuzz_budget(0);
    bgcn_interrupt_flag = 0;
    bgc_ctx_free(ctx);
    bgc_ctx_free(ref);
    stderr = saved;
    return 0;
}
