/* cli-run.c -- running a stream, a file descriptor or a FILE operand as
 * a program.
 *
 * Pipe and file mode run statements as soon as they are complete: a line
 * is appended to the pending text until no parenthesis or comment is open
 * and the line does not end in an operator (bgc_scan_feed), then
 * the text runs.  So a script fed through a pipe answers line by line,
 * and later statements run after an error unless --strict.
 */
#include "cli-impl.h"

#include "continuation.h"
#include "error.h"
#include "linereader.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int bgc_cli_io_failed;

int bgc_cli_run_fd(bgc_ctx *ctx, int fd, const char *source)
{
    bgc_linereader lr = BGC_LINEREADER_INIT(fd);
    char *buf = NULL;
    size_t blen = 0, bcap = 0;
    int lineno = 0, bline = 1, bcol = 1, rc = 0;
    bgc_scan_state scan;
    bgc_scan_init(&scan);
    for (;;) {
        const char *line;
        ssize_t n = bgc_lr_next(&lr, &line);
        if (n < 0) {
            if (!bgcn_interrupt_flag) {
                bgc_error_plain("read error on %s: %s", source, strerror(errno));
                bgc_cli_io_failed = 1;
            }
            rc = -1;
            break;
        }
        int eof = n == 0;
        if (!eof) {
            lineno++;
            if (blen + (size_t)n + 1 > bcap) {
                size_t nc = bcap ? bcap * 2 : 256;
                while (nc < blen + (size_t)n + 1)
                    nc *= 2;
                char *nb = realloc(buf, nc);
                if (!nb) {
                    bgc_error_plain("out of memory reading %s", source);
                    bgc_cli_io_failed = 1;
                    rc = -1;
                    break;
                }
                buf = nb;
                bcap = nc;
            }
            if (blen == 0) {
                bline = lineno;
                bcol = 1;
            }
            if (blen == 0)
                bgc_scan_init(&scan);
            memcpy(buf + blen, line, (size_t)n);
            blen += (size_t)n;
            if (bgc_scan_feed(&scan, line, (size_t)n))
                continue;
        }
        if (blen > 0) {
            bgc_chunk ch = {source, buf, blen, bline, bcol, eof};
            bgc_run_result res;
            bgc_run_text(ctx, &ch, &res);
            if (res.stop) {
                rc = -1;
                break;
            }
            if (res.incomplete) {
                /* the parser wants more (e.g. "x ? 1" then ": 2" on the
                 * next line): keep the unfinished statement, rescan it */
                memmove(buf, buf + res.consumed, blen - res.consumed);
                blen -= res.consumed;
                bline = res.line;
                bcol = res.col;
                bgc_scan_init(&scan);
                bgc_scan_feed(&scan, buf, blen);
            } else {
                blen = 0;
            }
        }
        if (eof)
            break;
    }
    bgc_lr_free(&lr);
    free(buf);
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
                bgc_error_plain("cannot open '%s' (to evaluate an expression, use -e '%s')",
                                paths[i], paths[i]);
            else
                bgc_error_plain("cannot open '%s': %s", paths[i], strerror(errno));
            exit(BGC_EXIT_USAGE);
        }
        /* a file that opens but cannot be read (EIO, /proc/self/mem) is
         * a usage error too; only a regular file is probed (reading a
         * FIFO would take its data) */
        struct stat sb;
        char c;
        if (fstat(fileno(fp), &sb) == 0 && S_ISREG(sb.st_mode) && read(fileno(fp), &c, 1) < 0) {
            bgc_error_plain("cannot read '%s': %s", paths[i], strerror(errno));
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
        bgc_error_plain("cannot open '%s': %s", path, strerror(errno));
        bgc_cli_io_failed = 1;
        return -1;
    }
    rc = bgc_cli_run_stream(ctx, fp, path);
    fclose(fp);
    return rc;
}
