/* linereader.h -- lines from a file descriptor, for the pipe, file and
 * modexp modes.
 *
 * stdio's getline would hide whether
 * more input is already buffered; reading the descriptor ourselves lets
 * us flush the answers so far exactly when we are about to wait for more
 * input, so bigcalc works as a coprocess (one question, one answer) and
 * still writes big blocks when fed a whole file.
 */
#ifndef BGC_LINEREADER_H
#define BGC_LINEREADER_H

#include <stddef.h>
#include <stdlib.h>
#include <sys/types.h>

typedef struct bgc_linereader {
    int fd;
    char *buf;
    size_t beg, end, cap;
    int eof;
} bgc_linereader;

#define BGC_LINEREADER_INIT(fd) {(fd), NULL, 0, 0, 0, 0}

/* The longest line returned; a longer one is BGC_LR_TOO_LONG, so input
 * without newlines (/dev/zero) cannot grow the buffer without bound. */
#define BGC_LR_MAX_LINE ((size_t)64 << 20)
#define BGC_LR_TOO_LONG (-2)

/* The next line (with its newline, if any) at *line, valid until the next
 * call; returns its length, 0 at the end of input, -1 on a read error or
 * an interrupt (errno), BGC_LR_TOO_LONG for a line longer than
 * BGC_LR_MAX_LINE (the reader stays there: stop reading).  stdout is
 * flushed before each read. */
ssize_t bgc_lr_next(bgc_linereader *lr, const char **line);
/* Free the buffer (lr can be reused from BGC_LINEREADER_INIT). */
static inline void bgc_lr_free(bgc_linereader *lr)
{
    free(lr->buf);
    lr->buf = NULL;
}

#endif /* BGC_LINEREADER_H */
