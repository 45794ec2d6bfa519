/* fuzz-frontend.c -- fuzz target over the whole front end: the input is
 * bigcalc source, run as a program (lexer, parser, compiler, VM, the
 * builtins, the number layer, printing and error reporting with the
 * caret display) in a fresh session each time.
 *
 * Bounds, so that a target never runs away: results are limited to
 * FUZZ_MAX_BITS (--max-bits), and each input gets FUZZ_CPU_MS of CPU time,
 * after which the interrupt flag is raised as Ctrl-C would raise it; any
 * work that does not poll it within libFuzzer's -timeout is a defect (the
 * man page promises that Ctrl-C stops long work).
 *
 * What counts as a defect: a crash or sanitizer report, a leak, a hang,
 * and an error line that would write a terminal control character other
 * than tab (escape injection through the caret display). */
#include "fuzz.h"

#include "error.h"
#include "eval.h"
#include "num.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_MAX_BITS 65536
#define FUZZ_CPU_MS 250

static FILE *out;     /* results: discarded */
static char *errbuf;  /* this input's error lines */
static size_t errlen;
static FILE *errfp;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    bgc_fuzz_budget_init();
    out = fopen("/dev/null", "w");
    if (!out)
        bgc_fuzz_fail("cannot open /dev/null");
    bgc_set_max_bits(FUZZ_MAX_BITS);
    bgc_rand_seed(1);
    bgc_error_set_caret(1); /* as at a terminal: the caret line is fuzzed too */
    return 0;
}

/* Error lines must not carry control characters to the terminal: C0
 * controls other than tab and newline, DEL, and C1 controls either raw
 * (0x80-0x9f outside UTF-8) or UTF-8 encoded (U+0080-U+009F). */
static void check_errors(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        int bad = (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f ||
                  (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
                   (unsigned char)s[i + 1] <= 0x9f);
        if (!bad && c >= 0x80 && c <= 0x9f) {
            /* raw C1 byte, unless it continues a UTF-8 sequence */
            size_t j = i;
            while (j > 0 && ((unsigned char)s[j - 1] & 0xc0) == 0x80 && i - j < 3)
                j--;
            bad = j == 0 || (unsigned char)s[j - 1] < 0xc2 || (unsigned char)s[j - 1] > 0xf4;
        }
        if (bad)
            bgc_fuzz_fail("error output carries control byte 0x%02x at offset %zu: %.*s", c, i,
                          (int)(n < 400 ? n : 400), s);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!out)
        LLVMFuzzerInitialize(NULL, NULL);
    /* bigcalc's errors go to the stdio stream stderr: collect them (the
     * sanitizers and bgc_fuzz_fail write to descriptor 2 directly) */
    FILE *saved = stderr;
    errfp = open_memstream(&errbuf, &errlen);
    if (!errfp)
        return 0;
    stderr = errfp;

    bgc_ctx *ctx = bgc_ctx_new();
    if (ctx) {
        bgc_ctx_set_output(ctx, out);
        bgc_chunk ch = {"<fuzz>", (const char *)data, size, 1, 1};
        bgc_run_result res;
        bgcn_interrupt_flag = 0;
        bgc_fuzz_budget(FUZZ_CPU_MS);
        bgc_run_text(ctx, &ch, &res);
        bgc_fuzz_budget(0);
        bgcn_interrupt_flag = 0;
        bgc_ctx_free(ctx);
    }
    stderr = saved;
    fclose(errfp);
    check_errors(errbuf, errlen);
    free(errbuf);
    errbuf = NULL;
    errlen = 0;
    return 0;
}
