/* cli.c -- bigcalc's command line: run modes and exit statuses (see
 * man/bigcalc.1, DESCRIPTION and EXIT STATUS).
 *
 * bgc_cli_main parses the options (cli-options.c), prepares the
 * evaluator, runs one mode -- a one-shot (cli-oneshot.c, cli-modexp.c),
 * the -e expressions and FILE operands or a pipe (cli-run.c), or the
 * REPL (repl.c) -- and turns what happened into the exit status.
 */
#include "cli-impl.h"
#include "messages.h"

#include "builtins.h"
#include "error.h"
#include "num.h"
#include "suggest.h"
#include "verify.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int looks_like_name(const char *s)
{
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_' ||
              (*s >= '0' && *s <= '9')))
            return 0;
    return 1;
}


/* stdin that is to be read as a program must be readable: a directory
 * or a closed descriptor is a usage error, found before anything runs
 * (as for FILE operands). */
static void check_stdin(void)
{
    struct stat sb;
    if (fstat(0, &sb) != 0)
        bgc_cli_usage_error(bgc_message(BGC_MSG_USE_CANNOT_READ_STANDARD_INPUT), strerror(errno));
    if (S_ISDIR(sb.st_mode))
        bgc_cli_usage_error(bgc_message(BGC_MSG_USE_CANNOT_READ_STANDARD_INPUT), strerror(EISDIR));
}

/* ---- main ------------------------------------------------------------------------ */

/* The evaluator set up from the options; NULL when out of memory. */
static bgc_ctx *start(const bgc_cli_args *a)
{
    bgc_ctx *ctx;
    if (a->have_maxbits)
        bgc_set_max_bits(a->maxbits);
    if (a->have_seed)
        bgc_rand_seed(a->seed);
    if (a->o.verify)
        bgc_verify_enable(1);

    ctx = bgc_ctx_new();
    if (!ctx)
        return NULL;
    bgc_ctx_set_obase(ctx, a->o.obase);
    bgc_ctx_set_strict(ctx, a->o.strict);
    bgc_ctx_set_time(ctx, a->o.timing);
    bgc_cli_install_sigint();
#ifdef BGC_TEST_HOOKS
    {
        /* test hook (configure --enable-test-hooks): make the k-th engine
         * allocation from here on fail, so the tests can check that
         * running out of memory is an error of the statement and never a
         * crash */
        const char *k = getenv("BIGCALC_TEST_FAIL_ALLOC_AFTER");
        if (k && *k)
            bgcn_alloc_fail_after(atol(k));
    }
#endif
    if (!isatty(1))
        setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    return ctx;
}

/* The -e expressions and FILE operands in command-line order (so
 * `bigcalc defs.bgc -e 'f(3)'` runs the file first); with neither, or
 * after them with -i, the REPL at a terminal, else stdin as a program.
 * Returns 1 when the REPL ran. */
static int run_program(bgc_ctx *ctx, const bgc_cli_args *a)
{
    char **operands = a->operands;
    int nops = a->nops, nexprs = a->nexprs;
    if (nops > 0 && nexprs > 0 && access(operands[0], F_OK) != 0 &&
        bgc_builtin_find(operands[0], strlen(operands[0])))
        bgc_cli_usage_error(bgc_message(BGC_MSG_USE_ONESHOT_WITH_E),
                            operands[0]);
    if (nops > 0 && looks_like_name(operands[0]) && access(operands[0], F_OK) != 0) {
        char hint[200];
        if (bgc_suggest(NULL, operands[0], strlen(operands[0]), BGC_SUGGEST_FUNC, hint,
                        sizeof hint))
            bgc_cli_usage_error(bgc_message(BGC_MSG_USE_NEITHER_FILE_NOR_BUILTIN),
                                operands[0], hint);
        bgc_cli_usage_error(bgc_message(BGC_MSG_USE_NEITHER_FILE_NOR_BUILTIN_PLAIN), operands[0]);
    }
    bgc_cli_check_files(operands, nops);
    int reads_stdin = ((nexprs == 0 && nops == 0) || a->interactive) && !isatty(0);
    for (int i = 0; i < nops; i++)
        reads_stdin |= strcmp(operands[i], "-") == 0;
    if (reads_stdin)
        check_stdin();
    int stop = 0;
    for (int k = 0; k < nexprs + nops && !stop; k++) {
        int i = a->order[k];
        if (i >= 0) {
            /* "<arg>" for a single -e; "<arg N>" names the N-th of several */
            char name[32] = "<arg>";
            if (nexprs > 1)
                snprintf(name, sizeof name, "<arg %d>", i + 1);
            stop = bgc_cli_run_text(ctx, name, a->exprs[i], strlen(a->exprs[i])) < 0;
        } else {
            stop = bgc_cli_run_file(ctx, operands[-1 - i]) < 0;
        }
    }
    if ((nexprs == 0 && nops == 0) || (a->interactive && !stop)) {
        if (isatty(0)) {
            bgc_repl_run(ctx, &a->o);
            return 1;
        }
        bgc_cli_run_stream(ctx, stdin, "<stdin>");
    }
    return 0;
}

/* What the run ends with: the exit status, after the last flush. */
static int exit_status(bgc_ctx *ctx, int left_repl, int strict)
{
    int status = BGC_EXIT_OK;
    /* Leaving the REPL normally is a success, as in gp and Python, even if
     * a statement failed on the way; --strict keeps the failure. */
    int count_failures = !left_repl || strict;
    if ((count_failures && (bgc_ctx_failures(ctx) > 0 || bgc_error_count() > 0)) ||
        bgc_cli_io_failed)
        status = BGC_EXIT_FAIL;
    int asked;
    if (bgc_ctx_quitting(ctx, &asked) && asked >= 0)
        status = asked; /* exit(status) */
    if (bgc_verify_enabled() && bgc_verify_mismatches() > 0)
        status = BGC_EXIT_VERIFY;
    if (bgcn_interrupt_flag || bgc_ctx_interrupted(ctx)) {
        if (!bgc_ctx_interrupted(ctx))
            bgc_error_plain("%s", bgc_message(BGC_EINTR)); /* while reading, or after the last statement */
        status = BGC_EXIT_INTR;
    }
    if (bgc_cli_finish_output(stdout) < 0 && status == BGC_EXIT_OK)
        status = BGC_EXIT_FAIL;
    return status;
}

int bgc_cli_main(int argc, char **argv)
{
    /* static so that memory is still reachable when a usage error exits
     * from deep inside (no false leak reports) */
    static bgc_cli_args a;
    static bgc_ctx *ctx;
    int status = BGC_EXIT_OK;

    if (bgc_cli_parse_args(argc, argv, &a) < 0) {
        bgc_error_plain("%s", bgc_message(BGC_ENOMEM));
        return BGC_EXIT_FAIL;
    }
    if (a.want_help) {
        bgc_cli_print_help();
        if (bgc_cli_finish_output(stdout) < 0)
            status = BGC_EXIT_FAIL;
        goto done;
    }
    /* kernel path: --cpu, else $BIGCALC_CPU, else the best one */
    {
        const char *cpu = a.o.cpu ? a.o.cpu : getenv("BIGCALC_CPU");
        if (cpu && !*cpu)
            cpu = NULL;
        if (bgcn_cpu_select(cpu) < 0) {
            char list[200];
            if (!a.o.cpu && a.want_version) {
                /* --version still answers, showing the path used instead */
                bgc_error_plain(bgc_message(BGC_MSG_IO_IGNORING_BIGCALC_CPU),
                                cpu, bgc_cli_cpu_list(list, sizeof list));
                bgcn_cpu_select(NULL);
            } else {
                bgc_cli_usage_error(
                    bgc_message(BGC_MSG_USE_UNKNOWN_KERNEL_PATH_LIST),
                    cpu, a.o.cpu ? "" : " in BIGCALC_CPU", bgc_cli_cpu_list(list, sizeof list));
            }
        }
    }
    /* engine threads: --threads, else $BIGCALC_THREADS, else the CPUs
     * this process may run on (the engine's default) */
    {
        const char *t = a.threads ? a.threads : getenv("BIGCALC_THREADS");
        if (t && *t) {
            /* read as every option's number is (0x4, 2^2, 1e0 work too) */
            unsigned long long n;
            if (bgc_cli_read_number(t, &n) != 0 || n < 1 || n > 64 ||
                bgcn_threads_set((int)n) < 0) {
                if (!a.threads && a.want_version)
                    /* --version still answers, as for BIGCALC_CPU */
                    bgc_error_plain(bgc_message(BGC_MSG_IO_IGNORING_BIGCALC_THREADS), t);
                else
                    bgc_cli_usage_error(bgc_message(BGC_MSG_USE_THREAD_COUNT),
                                        a.threads ? "--threads" : "BIGCALC_THREADS", t);
            }
        }
    }
    if (a.want_version) {
        bgc_cli_print_version();
        if (bgc_cli_finish_output(stdout) < 0)
            status = BGC_EXIT_FAIL;
        goto done;
    }
    ctx = start(&a);
    if (!ctx) {
        bgc_error_plain("%s", bgc_message(BGC_ENOMEM));
        return BGC_EXIT_FAIL;
    }
    int left_repl = 0;
    if (a.oneshot)
        bgc_cli_one_shot(ctx, a.oneshot, argc - a.oneshot_at, argv + a.oneshot_at,
                         a.o.strict);
    else
        left_repl = run_program(ctx, &a);
    status = exit_status(ctx, left_repl, a.o.strict);
    bgc_ctx_free(ctx);
done:
    free(a.exprs);
    free(a.operands);
    free(a.order);
    return status;
}
