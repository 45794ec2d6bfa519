/* fuzz-util.c -- helpers shared by the fuzz targets. */
#include "fuzz.h"

#include "bgcn.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static void on_budget(int sig)
{
    (void)sig;
    bgcn_interrupt_flag = 1;
}

void bgc_fuzz_budget_init(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_budget;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGVTALRM, &sa, NULL);
}

void bgc_fuzz_budget(long ms)
{
    struct itimerval it;
    memset(&it, 0, sizeof it);
    it.it_value.tv_sec = ms / 1000;
    it.it_value.tv_usec = (ms % 1000) * 1000;
    setitimer(ITIMER_VIRTUAL, &it, NULL);
}

void bgc_fuzz_fail(const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg, sizeof msg - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    if ((size_t)n > sizeof msg - 2)
        n = (int)sizeof msg - 2;
    msg[n++] = '\n';
    /* straight to the descriptor: the targets point the stdio stream
     * stderr elsewhere to keep bigcalc's own error lines quiet */
    if (write(2, "fuzz: defect: ", 14) < 0 || write(2, msg, (size_t)n) < 0)
        abort();
    abort();
}
