/* repl.c -- the interactive loop (see man/bigcalc.1, REPL).
 *
 * Lines come from repl-term.c (readline under our own signal handling)
 * and go to the history file (repl-history.c).  A line starting with ':'
 * is a command (repl-commands.c).  Other lines are gathered while
 * bgc_source_incomplete() says a parenthesis or comment is open or the
 * line ends in an operator (prompt "... "; an empty line ends the
 * statement as it is), then run as one chunk named <repl> whose line
 * numbers count every line read in the session.  Results go through
 * repl-output.c (abbreviation, elapsed-time indicator).  After a Ctrl-C
 * the evaluator reports "interrupted", we clear the flag and the
 * variables stay as they were.
 */
#include <config.h>

#include "repl.h"

#include "cli.h"
#include "continuation.h"
#include "error.h"

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
    int lineno;          /* lines read in the session */
    char *pend;          /* unfinished statement */
    size_t plen, pcap;
    int pline;           /* its first line */
    int quit;
} repl;


static int pend_add(repl *r, const char *s, size_t n)
{
    if (r->plen + n + 2 > r->pcap) {
        size_t nc = r->pcap ? r->pcap : 256;
        while (nc < r->plen + n + 2)
            nc *= 2;
        char *nb = realloc(r->pend, nc);
        if (!nb)
            return -1;
        r->pend = nb;
        r->pcap = nc;
    }
    memcpy(r->pend + r->plen, s, n);
    r->plen += n;
    r->pend[r->plen++] = '\n';
    r->pend[r->plen] = 0;
    return 0;
}

static void run_pending(repl *r)
{
    bgc_chunk ch = {"<repl>", r->pend, r->plen, r->pline, 1, 1};
    bgc_run_result res;
    /* the whole statement is one history entry (Up recalls all its lines) */
    if (r->plen > 0 && r->pend[r->plen - 1] == '\n') {
        r->pend[r->plen - 1] = 0;
        bgc_repl_history_add(r->pend);
        r->pend[r->plen - 1] = '\n';
    }
    bgc_repl_busy_begin();
    bgc_repl_progress_start();
    bgc_run_text(r->ctx, &ch, &res);
    bgc_repl_output_flush();
    bgc_repl_progress_stop();
    bgc_repl_busy_end();
    /* ^C: the evaluator has said "interrupted"; go on with the session */
    bgc_ctx_clear_interrupt(r->ctx);
    fflush(stdout);
    r->plen = 0;
    if (bgc_ctx_quitting(r->ctx, NULL))
        r->quit = 1; /* quit or exit() leaves the REPL */
}

/* One physical line of input. */
static void handle_line(repl *r, const char *line, size_t n)
{
    const char *p = line;
    int blank;
    r->lineno++;
    while (p < line + n && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    blank = p == line + n;
    if (r->plen == 0) {
        if (blank)
            return;
        if (*p == ':') {
            char *cmd = strndup(line, n);
            if (cmd) {
                bgc_repl_history_add(cmd);
                if (bgc_repl_command(r->ctx, r->lineno, cmd))
                    r->quit = 1;
                free(cmd);
            }
            fflush(stdout);
            return;
        }
        r->pline = r->lineno;
    }
    if (!blank && pend_add(r, line, n) < 0) {
        bgc_error_plain("out of memory");
        r->plen = 0;
        return;
    }
    if (!blank && bgc_source_incomplete(r->pend, r->plen))
        return;
    run_pending(r);
}

void bgc_repl_run(bgc_ctx *ctx, const bgc_cli_opts *opts)
{
    repl r;
    FILE *out;
    memset(&r, 0, sizeof r);
    r.ctx = ctx;

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
        int rc = bgc_repl_read_line(r.plen ? PROMPT_MORE : PROMPT, &line);
        if (rc < 0) {
            r.plen = 0; /* Ctrl-C: forget the unfinished statement too */
            continue;
        }
        if (rc == 0)
            break;
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
    free(r.pend);
    bgc_ctx_clear_interrupt(ctx);
    if (bgc_repl_term_signal()) {
        /* SIGTERM, SIGHUP: the history is saved; end as the signal says */
        fflush(stdout);
        bgc_cli_die_by(bgc_repl_term_signal());
    }
}
