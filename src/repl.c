/* repl.c -- the interactive loop (see man/bigcalc.1, REPL).
 *
 * Lines come from repl-term.c (readline under our own signal handling)
 * and go to the history file (repl-history.c).  A line starting with ':'
 * is a command (repl-commands.c).  Other lines go to the input module
 * (input.h, the same rule as a pipe or a file), which gathers a statement
 * while it goes on (prompt "... ") and runs it as one chunk named <repl>
 * whose line numbers count every line read in the session.  Results go through
 * repl-output.c (abbreviation, elapsed-time indicator).  After a Ctrl-C
 * the evaluator reports "interrupted", we clear the flag and the
 * variables stay as they were.
 */
#include <config.h>

#include "repl.h"
#include "messages.h"

#include "cli.h"
#include "error.h"
#include "input.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <readline/readline.h>

#define PROMPT "> "
#define PROMPT_MORE "... "

/* ---- running statements ------------------------------------------------------------- */

typedef struct repl {
    bgc_ctx *ctx;
    bgc_input in;        /* the statement being gathered (input.h) */
    int quit;
} repl;

/* The callback of the input module: run one gathered statement. */
static int run_chunk(void *arg, const bgc_chunk *ch)
{
    repl *r = arg;
    bgc_run_result res;
    /* the whole statement is one history entry (Up recalls all its lines) */
    size_t n = ch->len;
    while (n > 0 && ch->text[n - 1] == '\n')
        n--;
    char *entry = strndup(ch->text, n);
    if (entry) {
        bgc_repl_history_add(entry);
        free(entry);
    }
    bgc_repl_busy_begin();
    bgc_repl_progress_start();
    bgc_run_text(r->ctx, ch, &res);
    bgc_repl_output_flush();
    bgc_repl_progress_stop();
    bgc_repl_busy_end();
    /* ^C: the evaluator has said "interrupted"; go on with the session */
    bgc_ctx_clear_interrupt(r->ctx);
    fflush(stdout);
    if (bgc_ctx_quitting(r->ctx, NULL))
        r->quit = 1; /* quit or exit() leaves the REPL */
    return r->quit;
}

/* One physical line of input. */
static void handle_line(repl *r, const char *line, size_t n)
{
    const char *p = line;
    while (p < line + n && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    if (bgc_input_pending(&r->in) != BGC_INPUT_OPEN && p < line + n && *p == ':') {
        /* a command; an if waiting for a possible else runs first */
        if (bgc_input_flush(&r->in) || r->quit)
            return;
        unsigned long long ln = bgc_input_skip_line(&r->in);
        char *cmd = strndup(line, n);
        if (cmd) {
            bgc_repl_history_add(cmd);
            if (bgc_repl_command(r->ctx, ln > INT_MAX ? INT_MAX : (int)ln, cmd))
                r->quit = 1;
            free(cmd);
        }
        fflush(stdout);
        return;
    }
    if (bgc_input_line(&r->in, line, n) && !r->quit) {
        /* a limit stopped the statement (error printed): go on */
        r->in.stopped = r->in.overflow = 0;
    }
}

void bgc_repl_run(bgc_ctx *ctx, const bgc_cli_opts *opts)
{
    repl r;
    FILE *out;
    memset(&r, 0, sizeof r);
    r.ctx = ctx;
    bgc_input_init(&r.in, "<repl>", run_chunk, &r);

    bgc_repl_set_digits(opts->digits);
    out = bgc_repl_output_open();
    if (out)
        bgc_ctx_set_output(ctx, out);
    bgc_repl_output_install(ctx);

    rl_readline_name = "bigcalc";
    rl_instream = stdin;
    rl_outstream = isatty(1) ? stdout : stderr;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    bgc_repl_complete_init(ctx);
    bgc_repl_progress_init();
    bgc_repl_history_open();
    bgc_repl_term_open();

    if (!opts->quiet) {
        fprintf(rl_outstream,
                "bigcalc %s, kernel path %s -- :help for help, Ctrl-D or :quit to leave\n",
                PACKAGE_VERSION, bgcn_kern.name);
        fflush(rl_outstream);
    }

    while (!r.quit && !bgc_repl_term_signal()) {
        char *line = NULL;
        int rc = bgc_repl_read_line(bgc_input_pending(&r.in) ? PROMPT_MORE : PROMPT, &line);
        if (rc < 0) {
            bgc_input_discard(&r.in); /* Ctrl-C: forget the unfinished statement too */
            continue;
        }
        if (rc == 0) {
            /* Ctrl-D: an if still waiting for a possible else runs; an
             * unfinished statement cannot, and the user is told so */
            if (bgc_input_pending(&r.in) == BGC_INPUT_OPEN) {
                bgc_input_discard(&r.in);
                bgc_error_plain("%s", bgc_message(BGC_MSG_IO_EOF_IN_STATEMENT));
            } else {
                bgc_input_end(&r.in);
            }
            break;
        }
        /* a paste may bring several lines at once */
        for (char *s = line; s && !r.quit && !bgc_repl_term_signal();) {
            char *nl = strchr(s, '\n');
            size_t n = nl ? (size_t)(nl - s) : strlen(s);
            handle_line(&r, s, n);
            s = nl ? nl + 1 : NULL;
        }
        free(line);
    }

    bgc_repl_term_close();
    bgc_repl_history_close();
    bgc_repl_complete_done();
    bgc_ctx_set_printer(ctx, NULL, NULL);
    if (out) {
        bgc_ctx_set_output(ctx, stdout);
        fclose(out);
    }
    bgc_input_free(&r.in);
    bgc_ctx_clear_interrupt(ctx);
    if (bgc_repl_term_signal()) {
        /* SIGTERM, SIGHUP: the history is saved; end as the signal says */
        fflush(stdout);
        bgc_cli_die_by(bgc_repl_term_signal());
    }
}
