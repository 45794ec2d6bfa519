/* cli-signals.c -- how a run ends on a signal or on an output error (see
 * man/bigcalc.1, SIGNALS AND OUTPUT ERRORS).
 *
 * Outside the REPL stdout is block-buffered (many small answers cost one
 * write), so results already computed may still sit in the stdio buffer
 * when the process is told to stop.  Whatever ends the run -- SIGTERM,
 * SIGHUP, a second Ctrl-C before the first was noticed -- first writes
 * that buffer out with write(2), then ends the conventional way: death by
 * the signal (the shell shows 143, 129), status 130 for Ctrl-C.  The REPL
 * has its own handlers (repl-term.c): it leaves its loop and saves the
 * history first.
 *
 * A write error on stdout is reported once, at the end, with status 1;
 * bgc_run_text stops running statements as soon as stdout has failed
 * (their output could only be lost).  EPIPE -- the reader went away, as
 * in `bigcalc -e '10^10^7' | head -c 10` -- is not an error to report:
 * the process ends by SIGPIPE even when it inherited SIGPIPE ignored.
 */
#include "cli-impl.h"
#include "messages.h"

#include "error.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Write out what stdout's buffer holds, with write(2) only (called from
 * signal handlers).  glibc keeps the pending bytes between _IO_write_base
 * and _IO_write_ptr; elsewhere nothing is salvaged. */
void bgc_cli_salvage_output(void)
{
#ifdef __GLIBC__
    const char *p = stdout->_IO_write_base, *e = stdout->_IO_write_ptr;
    if (!p || e <= p)
        return;
    /* the buffer is ours now: exit() must not write it a second time */
    stdout->_IO_write_ptr = stdout->_IO_write_base;
    while (p < e) {
        ssize_t r = write(1, p, (size_t)(e - p));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        p += r;
    }
#endif
}

void bgc_cli_die_by(int sig)
{
    struct sigaction sa;
    sigset_t s;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
    sigemptyset(&s);
    sigaddset(&s, sig);
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    raise(sig);
    _exit(128 + sig); /* not reached for the signals we use */
}

static void on_sigint(int sig)
{
    (void)sig;
    if (bgcn_interrupt_flag) {
        /* the first ^C was not noticed yet: stop now, keeping the
         * answers already printed */
        static const char m[] = "bigcalc: interrupted\n";
        bgc_cli_salvage_output();
        if (write(2, m, sizeof m - 1) < 0) {
            /* leaving anyway */
        }
        _exit(BGC_EXIT_INTR);
    }
    bgcn_interrupt_flag = 1;
}

static void on_term(int sig)
{
    bgc_cli_salvage_output();
    bgc_cli_die_by(sig);
}

void bgc_cli_install_sigint(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocked read returns EINTR */
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = on_term;
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGHUP);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

/* see cli-impl.h */
int bgc_cli_finish_output(FILE *fp)
{
    static int reported;
    errno = 0;
    if (fflush(fp) == 0 && !ferror(fp))
        return 0;
    int e = errno ? errno : EIO;
    if (e == EPIPE)
        bgc_cli_die_by(SIGPIPE); /* the reader has gone: end quietly */
    if (!reported) {
        reported = 1;
        /* stderr may be the same full device: nothing more to do then */
        bgc_error_plain(bgc_message(BGC_MSG_IO_WRITE_ERROR_STDOUT), strerror(e));
    }
    return -1;
}
