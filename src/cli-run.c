/* cli-run.c -- running -e text, a stream, a file descriptor or a FILE
 * operand as a program.
 *
 * Statements run as soon as they are complete: the lines go to the input
 * module (input.h, the same rule as the REPL), which hands each complete
 * statement to bgc_run_text.  So a script fed through a pipe answers line
 * by line, and later statements run after an error unless --strict.
 */
#include "cli-impl.h"
#include "messages.h"

#include "error.h"
#include "input.h"
#include "linereader.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int bgc_cli_io_failed;

/* The callback of the input module: run one gathered chunk. */
static int run_chunk(void *arg, const bgc_chunk *ch)
{
    bgc_run_result res;
    bgc_run_text(arg, ch, &res);
    return res.stop;
}

int bgc_cli_run_text(bgc_ctx *ctx, const char *source, const char *text, size_t len)
{
    bgc_input in;
    bgc_input_init(&in, source, run_chunk, ctx);
    int stop = bgc_input_text(&in, text, len);
    bgc_input_free(&in);
    return stop ? -1 : 0;
}

int bgc_cli_run_fd(bgc_ctx *ctx, int fd, const char *source)
{
    bgc_linereader lr = BGC_LINEREADER_INIT(fd);
    bgc_input in;
    int rc = 0;
    bgc_input_init(&in, source, run_chunk, ctx);
    for (;;) {
        const char *line;
        ssize_t n = bgc_lr_next(&lr, &line);
        if (n == BGC_LR_TOO_LONG) {
            bgc_error_plain(bgc_message(BGC_MSG_IO_LINE_TOO_LONG),
                            source, in.lines + 1, BGC_INPUT_MAX_BYTES >> 20);
            bgc_cli_io_failed = 1;
            rc = -1;
            break;
        }
        if (n < 0) {
            if (!bgcn_interrupt_flag) {
                bgc_error_plain(bgc_message(BGC_MSG_IO_READ_ERROR), source, strerror(errno));
                bgc_cli_io_failed = 1;
            }
            rc = -1;
            break;
        }
        if (n == 0) {
            if (bgc_input_end(&in))
                rc = -1;
            break;
        }
        if (bgc_input_line(&in, line, (size_t)n)) {
            rc = -1;
            break;
        }
    }
    if (in.overflow)
        bgc_cli_io_failed = 1; /* a limit stopped the input */
    bgc_input_free(&in);
    bgc_lr_free(&lr);
    return rc;
}

int bgc_cli_run_stream(bgc_ctx *ctx, FILE *fp, const char *source)
{
    return bgc_cli_run_fd(ctx, fileno(fp), source);
}

/* Open a FILE operand; a directory counts as unreadable (EISDIR). */
static FILE *open_file(const char *path)
{
    FILE *fp = fopen(path, "r");
    if (fp) {
        struct stat sb;
        if (fstat(fileno(fp), &sb) == 0 && S_ISDIR(sb.st_mode)) {
            fclose(fp);
            fp = NULL;
            errno = EISDIR;
        }
    }
    return fp;
}

/* A FILE that cannot be opened is a usage error, found before anything
 * runs (so no file runs half of a job, and a --verify report is never
 * cut short by it). */
void bgc_cli_check_files(char **paths, int n)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(paths[i], "-") == 0)
            continue;
        FILE *fp = open_file(paths[i]);
        if (!fp) {
            if (errno == ENOENT && strpbrk(paths[i], "+*%^()!&|<>=~,[]") &&
                !strchr(paths[i], '/'))
                /* `bigcalc 2^100`: an expression, not a file name */
                bgc_error_plain(bgc_message(BGC_MSG_IO_CANNOT_OPEN_HINT_E),
                                paths[i], paths[i]);
            else
                bgc_error_plain(bgc_message(BGC_MSG_IO_CANNOT_OPEN), paths[i], strerror(errno));
            exit(BGC_EXIT_USAGE);
        }
        /* a file that opens but cannot be read (EIO, /proc/self/mem) is
         * a usage error too; only a regular file is probed (reading a
         * FIFO would take its data) */
        struct stat sb;
        char c;
        if (fstat(fileno(fp), &sb) == 0 && S_ISREG(sb.st_mode) && read(fileno(fp), &c, 1) < 0) {
            bgc_error_plain(bgc_message(BGC_MSG_IO_CANNOT_READ), paths[i], strerror(errno));
            exit(BGC_EXIT_USAGE);
        }
        fclose(fp);
    }
}

int bgc_cli_run_file(bgc_ctx *ctx, const char *path)
{
    FILE *fp;
    int rc;
    if (strcmp(path, "-") == 0)
        return bgc_cli_run_stream(ctx, stdin, "<stdin>");
    fp = open_file(path);
    if (!fp) { /* it went away since bgc_cli_check_files */
        bgc_error_plain(bgc_message(BGC_MSG_IO_CANNOT_OPEN), path, strerror(errno));
        bgc_cli_io_failed = 1;
        return -1;
    }
    rc = bgc_cli_run_stream(ctx, fp, path);
    fclose(fp);
    return rc;
}
