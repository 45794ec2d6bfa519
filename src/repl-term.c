/* repl-term.c -- the REPL's terminal: signals, terminal modes, and
 * reading one edited line.
 *
 * GNU readline's callback interface, driven by our own pselect() loop, so
 * that we handle SIGINT ourselves: at the prompt Ctrl-C sets a flag,
 * pselect returns, and the line (and any unfinished multi-line statement)
 * is thrown away -- readline's own signal handling is off
 * (rl_catch_signals = 0).  SIGINT and SIGWINCH are blocked outside
 * pselect, which unblocks them atomically, so a signal is never missed
 * between the check of the flag and the wait.  For each line the handler
 * is installed and then removed again, so the terminal is back in its
 * normal mode (and no prompt is drawn) while a statement runs.
 *
 * During a statement (bgc_repl_busy_begin .. _end) Ctrl-C raises
 * bgcn_interrupt_flag, which the engine polls; if the computation does
 * not stop, the third Ctrl-C ends the process (the history is already on
 * disk).  Ctrl-Z at the prompt takes readline's terminal mode off before
 * the process stops and puts the line being edited back after fg.
 */
#include "repl.h"

#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <termios.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

/* ---- signals ------------------------------------------------------------------- */

static volatile sig_atomic_t busy;      /* a statement is running */
static volatile sig_atomic_t presses;   /* ^C presses while it runs */
static volatile sig_atomic_t got_int;   /* ^C at the prompt */
static volatile sig_atomic_t got_winch; /* the terminal was resized */
static volatile sig_atomic_t got_tstp;  /* Ctrl-Z at the prompt */
static volatile sig_atomic_t got_term;  /* SIGTERM or SIGHUP: leave the REPL */
static volatile sig_atomic_t terms;     /* ... how many while a statement runs */
static struct termios tty_saved;
static int tty_ok;

static void on_int(int sig)
{
    (void)sig;
    if (!busy) {
        got_int = 1;
        return;
    }
    bgcn_interrupt_flag = 1;
    if (++presses >= 3) {
        static const char m[] =
            "\nbigcalc: the computation does not answer Ctrl-C; quitting\n";
        if (tty_ok)
            tcsetattr(0, TCSANOW, &tty_saved);
        if (write(2, m, sizeof m - 1) < 0) {
            /* leaving anyway */
        }
        _exit(BGC_EXIT_INTR);
    }
}

/* SIGTERM, SIGHUP: leave the loop the normal way (history saved, terminal
 * restored), then die by the signal (bgc_repl_run).  A running statement
 * is interrupted first; if it does not stop, a second signal ends the
 * process at once (the history is already on disk, entry by entry). */
static void on_term(int sig)
{
    got_term = sig;
    if (!busy)
        return;
    bgcn_interrupt_flag = 1;
    if (++terms >= 2) {
        if (tty_ok)
            tcsetattr(0, TCSANOW, &tty_saved);
        bgc_cli_die_by(sig);
    }
}

int bgc_repl_term_signal(void)
{
    return got_term;
}

static void on_winch(int sig)
{
    (void)sig;
    got_winch = 1;
}

/* Stop the process for real (default action), continue here after fg. */
static void stop_now(void)
{
    struct sigaction dfl, mine;
    sigset_t s;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &mine);
    sigemptyset(&s);
    sigaddset(&s, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    raise(SIGTSTP);
    sigaction(SIGTSTP, &mine, NULL);
}

static void tty_quiet_ctrl(int on);

/* Ctrl-Z: during a statement stop at once (the terminal is in its normal
 * mode); at the prompt let the loop take readline's terminal mode off
 * first and put it back after fg. */
static void on_tstp(int sig)
{
    (void)sig;
    if (busy) {
        stop_now();
        tty_quiet_ctrl(1); /* the shell may have put its own settings back */
    } else
        got_tstp = 1;
}

/* While a statement runs the terminal is in its normal mode; Ctrl-C is
 * not echoed as "^C" (the "interrupted" line says it) so that the line
 * starts clean. */
static void tty_quiet_ctrl(int on)
{
    struct termios t;
    if (!tty_ok)
        return;
    if (on) {
        t = tty_saved;
        t.c_lflag &= ~(tcflag_t)ECHOCTL;
        tcsetattr(0, TCSANOW, &t);
    } else {
        tcsetattr(0, TCSANOW, &tty_saved);
    }
}

void bgc_repl_busy_begin(void)
{
    presses = 0;
    terms = 0;
    tty_quiet_ctrl(1);
    busy = 1;
    if (got_term)
        bgcn_interrupt_flag = 1; /* it came just before: do not start */
}

void bgc_repl_busy_end(void)
{
    busy = 0;
    tty_quiet_ctrl(0);
}

static struct sigaction old_int, old_winch, old_tstp, old_term, old_hup;

void bgc_repl_term_open(void)
{
    struct sigaction sa;
    tty_ok = tcgetattr(0, &tty_saved) == 0;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_int;
    sigaction(SIGINT, &sa, &old_int);
    sa.sa_handler = on_term;
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
    sa.sa_handler = on_winch;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGWINCH, &sa, &old_winch);
    sa.sa_handler = on_tstp;
    sigaction(SIGTSTP, &sa, &old_tstp);
}

void bgc_repl_term_close(void)
{
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGWINCH, &old_winch, NULL);
    sigaction(SIGTSTP, &old_tstp, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
}

/* ---- reading a line ------------------------------------------------------------- */

static char *got_line;
static int got_eof, line_ready;

static void on_line(char *line)
{
    if (line)
        got_line = line;
    else
        got_eof = 1;
    line_ready = 1;
    rl_callback_handler_remove();
}

/* see repl.h */
int bgc_repl_read_line(const char *prompt, char **out)
{
    int fd = fileno(rl_instream);
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGWINCH);
    sigaddset(&block, SIGTSTP);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    line_ready = 0;
    got_line = NULL;
    got_eof = 0;
    got_int = 0;
    using_history();
    rl_callback_handler_install(prompt, on_line);
    while (!line_ready) {
        int r = 0;
        sigprocmask(SIG_BLOCK, &block, &old);
        if (!got_int && !got_winch && !got_tstp && !got_term) {
            fd_set fds;
            FD_ZERO(&fds);
            FD_SET(fd, &fds);
            r = pselect(fd + 1, &fds, NULL, NULL, NULL, &old);
        }
        int err = errno;
        sigprocmask(SIG_SETMASK, &old, NULL);
        if (got_term) {
            rl_callback_handler_remove(); /* the terminal's own mode back */
            fputc('\n', rl_outstream);
            fflush(rl_outstream);
            return 0;
        }
        if (got_winch) {
            got_winch = 0;
            rl_resize_terminal();
        }
        if (got_tstp) {
            /* keep the line being edited across the stop */
            char *text = rl_copy_text(0, rl_end);
            int point = rl_point;
            got_tstp = 0;
            rl_callback_handler_remove(); /* the terminal's own mode back */
            fputc('\n', rl_outstream);
            fflush(rl_outstream);
            stop_now();
            rl_callback_handler_install(prompt, on_line);
            if (text) {
                rl_insert_text(text);
                rl_point = point;
                rl_redisplay();
                free(text);
            }
            continue;
        }
        if (got_int) {
            got_int = 0;
            /* show the abandoned line whole, mark it, start afresh */
            rl_point = rl_end;
            rl_redisplay();
            fputs("^C\n", rl_outstream);
            fflush(rl_outstream);
            rl_free_line_state();
            rl_callback_sigcleanup();
            rl_replace_line("", 0);
            rl_callback_handler_remove();
            return -1;
        }
        if (r > 0)
            rl_callback_read_char();
        else if (r < 0 && err != EINTR) {
            rl_callback_handler_remove();
            return 0;
        }
    }
    if (got_eof) {
        fputc('\n', rl_outstream); /* the shell prompt starts on a new line */
        fflush(rl_outstream);
        return 0;
    }
    *out = got_line;
    return 1;
}

