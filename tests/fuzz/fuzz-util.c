/* fuzz-util.c -- helpers shared by the fuzz targets. */
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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
