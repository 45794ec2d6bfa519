/* repl-history.c -- the REPL's history file (man/bigcalc.1, FILES).
 *
 * $BIGCALC_HISTORY, else $XDG_STATE_HOME/bigcalc/history (the directory
 * is created, mode 0700), else ~/.bigcalc_history.  Each entered
 * statement -- all its lines, when it continued over several -- is one
 * entry, preceded by a "#TIME" line (readline's format, so a statement of
 * several lines stays one entry), and is appended as soon as it is
 * entered, so no way of leaving loses it.
 *
 * The file is ours to write only when it is what we expect:
 *   - it is created with mode 0600, never through a symbolic link
 *     (O_NOFOLLOW); an existing link is followed only when the link
 *     itself belongs to the user (a dotfile manager's link), never to
 *     create a file;
 *   - it must be a regular file owned by the user: a FIFO, a device or a
 *     directory is refused at once (opening never blocks: O_NONBLOCK);
 *   - one descriptor is kept for the session, so the name is resolved
 *     once; every entry goes out in one write(2) under an exclusive
 *     flock(2), so two REPLs appending at once never interleave; the cut
 *     to HIST_MAX entries at the end rewrites the file in place under the
 *     same lock (another REPL's descriptor stays valid).
 * When the file cannot be used the REPL still runs, with its history in
 * memory, after one warning.  An append that fails (disk full, file size
 * limit) is taken back (the file keeps whole entries only), warned about
 * once, and the entries are kept to be written by a later append or at
 * the end; what still cannot be written is counted in a last warning.
 */
#include "repl.h"
#include "messages.h"

#include "error.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <readline/history.h>

#define HIST_MAX 1000
/* The most of an old file that is read back (its last bytes). */
#define HIST_READ_MAX (8u << 20)

static char *hist_path;
static int hist_fd = -1;   /* open for appending, or -1 */
static int warned;         /* a failed append was reported */
static char *unsaved[HIST_MAX];
static int nunsaved;       /* entries not yet on disk, oldest first */

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

/* Open the history file as described at the top; the descriptor, or -1
 * with *why saying why not (*writable: opened for writing). */
static int open_history(const char *path, const char **why, int *writable)
{
    const int common = O_NONBLOCK | O_CLOEXEC | O_NOCTTY;
    struct stat sb;
    int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | common, 0600);
    *writable = 1;
    if (fd < 0 && errno == ELOOP) {
        struct stat ls;
        if (lstat(path, &ls) == 0 && S_ISLNK(ls.st_mode) && ls.st_uid != geteuid()) {
            *why = "a symbolic link that belongs to another user";
            return -1;
        }
        fd = open(path, O_RDWR | O_APPEND | common); /* never creates */
    }
    if (fd < 0 && (errno == EACCES || errno == EROFS || errno == EPERM)) {
        int e = errno;
        fd = open(path, O_RDONLY | common); /* read it at least */
        *writable = 0;
        if (fd < 0)
            errno = e;
    }
    if (fd < 0) {
        *why = strerror(errno);
        return -1;
    }
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        *why = "not a regular file";
        close(fd);
        return -1;
    }
    if (sb.st_uid != geteuid()) {
        *why = "the file belongs to another user";
        close(fd);
        return -1;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

/* The whole file (at most its last HIST_READ_MAX bytes, from offset
 * *from), malloc'ed, in *out; its length, or -1. */
static long read_all(int fd, char **out, off_t *from_out)
{
    struct stat sb;
    if (fstat(fd, &sb) != 0)
        return -1;
    off_t from = sb.st_size > (off_t)HIST_READ_MAX ? sb.st_size - (off_t)HIST_READ_MAX : 0;
    size_t cap = (size_t)(sb.st_size - from) + 1, len = 0;
    char *buf = malloc(cap);
    if (!buf)
        return -1;
    for (;;) {
        ssize_t r = pread(fd, buf + len, cap - 1 - len, from + (off_t)len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        len += (size_t)r;
        if (len == cap - 1)
            break;
    }
    buf[len] = 0;
    *out = buf;
    *from_out = from;
    return (long)len;
}

static int is_stamp(const char *s, size_t n)
{
    if (n < 2 || s[0] != '#')
        return 0;
    for (size_t i = 1; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

/* Call f(entry, its length, the offset of its first line, arg) for each
 * entry of the text: the lines after a "#TIME" line up to the next one
 * form one entry; lines before any such line are one entry each. */
static void each_entry(const char *t, size_t len,
                       void (*f)(const char *, size_t, size_t, void *), void *arg)
{
    size_t i = 0, tb = 0, te = 0, at = 0;
    int have = 0; /* a stamped entry is open: text [tb, te), stamp at `at` */
    while (i < len) {
        const char *nl = memchr(t + i, '\n', len - i);
        size_t e = nl ? (size_t)(nl - t) : len, next = nl ? e + 1 : len;
        if (is_stamp(t + i, e - i)) {
            if (have)
                f(t + tb, te - tb, at, arg);
            have = 1;
            at = i;
            tb = te = next;
        } else if (have) {
            te = e;
        } else {
            f(t + i, e - i, i, arg);
        }
        i = next;
    }
    if (have)
        f(t + tb, te - tb, at, arg);
}

static void load_entry(const char *s, size_t n, size_t at, void *arg)
{
    (void)at;
    int *lost = arg;
    char *e = strndup(s, n);
    if (e) {
        if (*e)
            add_history(e);
        free(e);
    } else {
        ++*lost;
    }
}

static void warn_unusable(const char *why)
{
    bgc_error_plain(bgc_message(BGC_MSG_IO_HISTORY_NOT_SAVED_WHY), hist_path, why);
}

/* errno's text, "out of memory" for ENOMEM (the wording of every other
 * allocation failure the user sees) */
static const char *why_errno(int e)
{
    return e == ENOMEM ? "out of memory" : strerror(e);
}

void bgc_repl_history_open(void)
{
    const char *why = NULL;
    int writable;
    char *text;
    errno = 0;
    hist_path = history_file();
    stifle_history(HIST_MAX);
    if (!hist_path) {
        if (errno == ENOMEM) /* else there is no home to keep it in */
            bgc_error_plain("%s", bgc_message(BGC_MSG_IO_HISTORY_NOT_SAVED_NOMEM));
        return;
    }
    int fd = open_history(hist_path, &why, &writable);
    if (fd < 0) {
        warn_unusable(why);
        return;
    }
    off_t from;
    flock(fd, LOCK_SH);
    long n = read_all(fd, &text, &from);
    int lost = 0;
    flock(fd, LOCK_UN);
    if (n >= 0) {
        each_entry(text, (size_t)n, load_entry, &lost);
        free(text);
    } else {
        lost = -1;
    }
    /* the file keeps them: only this session's recall lacks them */
    if (lost)
        bgc_error_plain(bgc_message(BGC_MSG_IO_HISTORY_NOT_RECALLED),
                        hist_path, lost < 0 ? "its" : "some");
    if (!writable) {
        warn_unusable(strerror(EACCES));
        close(fd);
        return;
    }
    /* an append beyond a file size limit must fail with EFBIG, not kill
     * the session */
    signal(SIGXFSZ, SIG_IGN);
    hist_fd = fd;
}

/* Append entry e as one write under the lock; 0, or -1 with the file as
 * it was (a partial entry is cut off again). */
static int append_entry(const char *e)
{
    size_t n = strlen(e);
    char stamp[32];
    int k = snprintf(stamp, sizeof stamp, "#%lld\n", (long long)time(NULL));
    char *buf = malloc((size_t)k + n + 1);
    struct stat sb;
    int rc = -1, err = ENOMEM;
    if (!buf)
        goto out;
    memcpy(buf, stamp, (size_t)k);
    memcpy(buf + k, e, n);
    buf[(size_t)k + n] = '\n';
    flock(hist_fd, LOCK_EX);
    if (fstat(hist_fd, &sb) != 0) {
        err = errno;
    } else {
        size_t len = (size_t)k + n + 1, done = 0;
        while (done < len) {
            ssize_t w = write(hist_fd, buf + done, len - done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0) {
                err = w < 0 ? errno : ENOSPC;
                break;
            }
            done += (size_t)w;
        }
        if (done == len)
            rc = 0;
        else if (done > 0 && ftruncate(hist_fd, sb.st_size) != 0) {
            /* cannot take it back: the next entry's stamp still starts
             * a new entry */
        }
    }
    flock(hist_fd, LOCK_UN);
    free(buf);
out:
    errno = err;
    return rc;
}

/* Write the entries kept back by failed appends; 0 when none is left. */
static int write_unsaved(void)
{
    int k = 0;
    while (k < nunsaved && append_entry(unsaved[k]) == 0)
        free(unsaved[k++]);
    int err = errno;
    memmove(unsaved, unsaved + k, (size_t)(nunsaved - k) * sizeof *unsaved);
    nunsaved -= k;
    errno = err;
    return nunsaved ? -1 : 0;
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
    if (hist_fd < 0)
        return;
    char *copy = strdup(line);
    if (!copy) {
        /* no copy to keep back: write it now (after the older ones) or
         * say that it is lost */
        if ((write_unsaved() != 0 || append_entry(line) != 0) && !warned) {
            warned = 1;
            bgc_error_plain(bgc_message(BGC_MSG_IO_HISTORY_APPEND_LOST),
                            hist_path, why_errno(errno));
        }
        return;
    }
    if (nunsaved == HIST_MAX) { /* only the newest HIST_MAX can matter */
        free(unsaved[0]);
        memmove(unsaved, unsaved + 1, (HIST_MAX - 1) * sizeof *unsaved);
        nunsaved--;
    }
    unsaved[nunsaved++] = copy;
    if (write_unsaved() != 0 && !warned) {
        warned = 1;
        bgc_error_plain(bgc_message(BGC_MSG_IO_HISTORY_APPEND_KEPT),
                        hist_path, why_errno(errno));
    }
}

typedef struct cut {
    size_t count, want, at;
} cut;

static void count_entry(const char *s, size_t n, size_t at, void *arg)
{
    cut *c = arg;
    (void)s;
    (void)n;
    if (c->count++ == c->want)
        c->at = at;
}

/* Cut the file to its last HIST_MAX entries (of its last HIST_READ_MAX
 * bytes), in place, under the lock. */
static void truncate_file(void)
{
    char *text;
    off_t from;
    struct stat sb;
    cut c = {0, 0, 0};
    flock(hist_fd, LOCK_EX);
    long n = read_all(hist_fd, &text, &from);
    if (n < 0) {
        flock(hist_fd, LOCK_UN);
        return;
    }
    each_entry(text, (size_t)n, count_entry, &c);
    c.want = c.count > HIST_MAX ? c.count - HIST_MAX : 0;
    c.count = 0;
    each_entry(text, (size_t)n, count_entry, &c);
    if ((c.want > 0 || from > 0) && fstat(hist_fd, &sb) == 0 &&
        sb.st_size == from + (off_t)n) {
        size_t keep = (size_t)n - c.at, done = 0;
        int fl = fcntl(hist_fd, F_GETFL);
        fcntl(hist_fd, F_SETFL, fl & ~O_APPEND); /* so that pwrite goes to 0 */
        while (done < keep) {
            ssize_t w = pwrite(hist_fd, text + c.at + done, keep - done, (off_t)done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                break;
            done += (size_t)w;
        }
        if (done == keep && ftruncate(hist_fd, (off_t)keep) != 0) {
            /* the file stays longer: still whole entries */
        }
        fcntl(hist_fd, F_SETFL, fl);
    }
    free(text);
    flock(hist_fd, LOCK_UN);
}

void bgc_repl_history_close(void)
{
    if (hist_fd >= 0) {
        if (write_unsaved() != 0)
            bgc_error_plain(bgc_message(BGC_MSG_IO_HISTORY_UNSAVED), nunsaved,
                            nunsaved == 1 ? "y entry was" : "y entries were", hist_path,
                            why_errno(errno));
        truncate_file();
        close(hist_fd);
        hist_fd = -1;
    }
    for (int i = 0; i < nunsaved; i++)
        free(unsaved[i]);
    nunsaved = 0;
    warned = 0;
    clear_history();
    free(hist_path);
    hist_path = NULL;
}
