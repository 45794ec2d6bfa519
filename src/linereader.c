/* linereader.c -- lines from a file descriptor (see linereader.h). */
#include "linereader.h"

#include "bgcn.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

ssize_t bgc_lr_next(bgc_linereader *lr, const char **line)
{
    size_t scanned = 0;
    for (;;) {
        /* no pointer arithmetic on a NULL buffer (nothing read yet) */
        char *nl = lr->end > lr->beg + scanned
                       ? memchr(lr->buf + lr->beg + scanned, '\n', lr->end - lr->beg - scanned)
                       : NULL;
        if (nl || (lr->eof && lr->end > lr->beg)) {
            size_t n = nl ? (size_t)(nl + 1 - (lr->buf + lr->beg)) : lr->end - lr->beg;
            if (n > BGC_LR_MAX_LINE)
                return BGC_LR_TOO_LONG; /* however much of it one read brought */
            *line = lr->buf + lr->beg;
            lr->beg += n;
            return (ssize_t)n;
        }
        if (lr->eof)
            return 0;
        scanned = lr->end - lr->beg;
        if (lr->beg > 0) {
            memmove(lr->buf, lr->buf + lr->beg, lr->end - lr->beg);
            lr->end -= lr->beg;
            lr->beg = 0;
        }
        if (lr->end - lr->beg > BGC_LR_MAX_LINE)
            return BGC_LR_TOO_LONG;
        if (lr->end == lr->cap) {
            size_t nc = lr->cap ? lr->cap * 2 : 65536;
            char *nb = realloc(lr->buf, nc);
            if (!nb) {
                errno = ENOMEM;
                return -1;
            }
            lr->buf = nb;
            lr->cap = nc;
        }
        fflush(stdout); /* answers first, then wait for more questions */
        ssize_t r = read(lr->fd, lr->buf + lr->end, lr->cap - lr->end);
        if (r < 0) {
            if (errno == EINTR && !bgcn_interrupt_flag)
                continue;
            return -1;
        }
        if (r == 0)
            lr->eof = 1;
        else
            lr->end += (size_t)r;
    }
}
