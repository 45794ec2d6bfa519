/* repl-history.c -- the REPL's history file.
 *
 * $BIGCALC_HISTORY, else $XDG_STATE_HOME/bigcalc/history (the directory
 * is created), else ~/.bigcalc_history.  Each entered statement -- all
 * its lines, when it continued over several (a block) -- is one entry,
 * appended to the file at once, so no way of leaving loses it; the file
 * keeps entries of several lines apart by readline's timestamp lines, and
 * is cut to HIST_MAX entries at the end.  The REPL only runs when stdin is a
 * terminal, so the file is only written for a terminal.
 */
#include "repl.h"

#include "error.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>

#define HIST_MAX 1000

static char *hist_path;
static int hist_ok;

static char *path_join(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la + lb + 2);
    if (!s)
        return NULL;
    memcpy(s, a, la);
    s[la] = '/';
    memcpy(s + la + 1, b, lb + 1);
    return s;
}

/* mkdir -p, mode 0700 (XDG: create a missing state directory). */
static void make_dirs(char *path)
{
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(path, 0700); /* EEXIST is fine; other errors show later */
            *p = '/';
        }
    mkdir(path, 0700);
}

static char *history_file(void)
{
    const char *h = getenv("BIGCALC_HISTORY");
    if (h && *h)
        return strdup(h);
    h = getenv("XDG_STATE_HOME");
    if (h && *h) {
        char *dir = path_join(h, "bigcalc"), *f;
        if (!dir)
            return NULL;
        make_dirs(dir);
        f = path_join(dir, "history");
        free(dir);
        return f;
    }
    h = getenv("HOME");
    if (!h || !*h) {
        struct passwd *pw = getpwuid(getuid());
        h = pw ? pw->pw_dir : NULL;
    }
    return h ? path_join(h, ".bigcalc_history") : NULL;
}

void bgc_repl_history_open(void)
{
    int fd;
    hist_path = history_file();
    stifle_history(HIST_MAX);
    /* "#time" lines in the file keep a statement of several lines one
     * entry (readline joins the lines between them when it reads a file
     * that has them; add_history stamps entries with this character) */
    history_comment_char = '#';
    history_write_timestamps = 1;
    if (!hist_path)
        return;
    read_history(hist_path); /* missing at the first run */
    /* append_history() does not create the file: make sure it exists */
    fd = open(hist_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) {
        bgc_error_plain("history will not be saved: %s: %s", hist_path, strerror(errno));
        return;
    }
    close(fd);
    hist_ok = 1;
}

void bgc_repl_history_add(const char *line)
{
    const char *p = line;
    HIST_ENTRY *prev;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p)
        return;
    prev = history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
    if (prev && strcmp(prev->line, line) == 0)
        return; /* the same line again: once is enough */
    add_history(line);
    if (hist_ok && append_history(1, hist_path) != 0)
        hist_ok = 0;
}

void bgc_repl_history_close(void)
{
    if (hist_ok)
        history_truncate_file(hist_path, HIST_MAX);
    clear_history();
    free(hist_path);
    hist_path = NULL;
}
