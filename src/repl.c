/* repl.c -- the interactive loop (SPEC sections 2 and 4).
 *
 * Reading.  GNU readline's callback interface, driven by our own pselect()
 * loop, so that we handle SIGINT ourselves: at the prompt Ctrl-C sets a
 * flag, pselect returns, and the line (and any unfinished multi-line
 * statement) is thrown away -- readline's own signal handling is off
 * (rl_catch_signals = 0).  SIGINT and SIGWINCH are blocked outside
 * pselect, which unblocks them atomically, so a signal is never missed
 * between the check of the flag and the wait.  For each line the handler
 * is installed and then removed again, so the terminal is back in its
 * normal mode (and no prompt is drawn) while a statement runs.
 *
 * Running.  Lines are gathered while bgc_source_incomplete() says a
 * parenthesis or comment is open or the line ends in an operator (prompt
 * "... "; an empty line ends the statement as it is), then run as one
 * chunk named <repl> whose line numbers count every line read in the
 * session.  Results go through repl-output.c (abbreviation, elapsed-time
 * indicator).  During a statement Ctrl-C raises bgcn_interrupt_flag, which
 * the engine polls; the evaluator reports "interrupted", we clear the flag
 * and the variables stay as they were.  If the computation does not stop,
 * the third Ctrl-C ends the process (the history is already on disk).
 * Ctrl-Z at the prompt takes readline's terminal mode off before the
 * process stops and puts the line being edited back after fg.
 *
 * History.  $BIGCALC_HISTORY, else $XDG_STATE_HOME/bigcalc/history (the
 * directory is created), else ~/.bigcalc_history.  Each entered statement
 * -- all its lines, when it continued over several (a block) -- is one
 * entry, appended to the file at once, so no way of leaving loses it; the
 * file keeps entries of several lines apart by readline's timestamp lines,
 * and is cut to HIST_MAX entries at the end.  The REPL only runs when stdin is a
 * terminal, so the file is only written for a terminal.
 */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include "repl.h"

#include "builtins.h"
#include "cli.h"
#include "error.h"
#include "parser.h"
#include "verify.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

#define PROMPT "> "
#define PROMPT_MORE "... "
#define HIST_MAX 1000

const char *const bgc_repl_commands[] = {
    "help", "vars", "funcs", "obase", "digits", "time", "verify", "cpu", "quit", NULL};

const char *const bgc_repl_help_topics[] = {
    "operators", "mod", "functions", "def", "statements", "lists", "variables", "commands",
    "keys", NULL};

/* ---- signals ------------------------------------------------------------------- */

static volatile sig_atomic_t busy;      /* a statement is running */
static volatile sig_atomic_t presses;   /* ^C presses while it runs */
static volatile sig_atomic_t got_int;   /* ^C at the prompt */
static volatile sig_atomic_t got_winch; /* the terminal was resized */
static volatile sig_atomic_t got_tstp;  /* Ctrl-Z at the prompt */
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

/* 1: a line in *out (malloc'ed); 0: end of input; -1: Ctrl-C at the
 * prompt (the line is discarded). */
static int read_line(const char *prompt, char **out)
{
    int fd = fileno(rl_instream);
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGWINCH);
    sigaddset(&block, SIGTSTP);
    line_ready = 0;
    got_line = NULL;
    got_eof = 0;
    got_int = 0;
    using_history();
    rl_callback_handler_install(prompt, on_line);
    while (!line_ready) {
        int r = 0;
        sigprocmask(SIG_BLOCK, &block, &old);
        if (!got_int && !got_winch && !got_tstp) {
            fd_set fds;
            FD_ZERO(&fds);
            FD_SET(fd, &fds);
            r = pselect(fd + 1, &fds, NULL, NULL, NULL, &old);
        }
        int err = errno;
        sigprocmask(SIG_SETMASK, &old, NULL);
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

/* ---- history -------------------------------------------------------------------- */

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

static void history_open(void)
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

static void history_add(const char *line)
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

static void history_close(void)
{
    if (hist_ok)
        history_truncate_file(hist_path, HIST_MAX);
    clear_history();
    free(hist_path);
    hist_path = NULL;
}

/* ---- the : commands -------------------------------------------------------------- */

typedef struct repl {
    bgc_ctx *ctx;
    int lineno;          /* lines read in the session */
    char *pend;          /* unfinished statement */
    size_t plen, pcap;
    int pline;           /* its first line */
    int quit;
} repl;

static void cmd_error(const repl *r, const char *line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void cmd_error(const repl *r, const char *line, int col, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    bgc_srcpos w = {"<repl>", r->lineno, col, line, strlen(line), r->lineno};
    bgc_error_at(&w, "%s", msg);
}

static void show_var(const char *name, const bgc_val *v, void *arg)
{
    repl *r = arg;
    size_t n;
    char *s = bgc_format_val(r->ctx, v, &n);
    printf("%s = ", name);
    if (s)
        bgc_repl_print_number(stdout, s, n);
    else
        fputs("(out of memory)", stdout);
    putchar('\n');
    free(s);
}

static void count_item(const char *name, int nparams, void *arg)
{
    (void)name;
    (void)nparams;
    ++*(int *)arg;
}

static void count_var(const char *name, const bgc_val *v, void *arg)
{
    (void)name;
    (void)v;
    ++*(int *)arg;
}

/* :funcs shows each definition as it was written. */
static void show_func(const char *name, int nparams, void *arg)
{
    size_t n;
    const char *t = bgc_ctx_func_text(arg, name, &n);
    if (t)
        printf("%.*s\n", (int)n, t);
    else
        printf("%s  (%d parameter%s)\n", name, nparams, nparams == 1 ? "" : "s");
}

typedef struct find_func {
    const char *name;
    int nparams;
} find_func;

static void match_func(const char *name, int nparams, void *arg)
{
    find_func *f = arg;
    if (strcmp(name, f->name) == 0)
        f->nparams = nparams;
}

static void help_overview(void)
{
    fputs(
"Type a statement and Enter; its value is printed.  For example:\n"
"  2^127 - 1        100!        powmod(3, 2^127, 2^127 - 1)\n"
"  x = 2^64         (y = x + 1)       def f(n) = n < 2 ? 1 : n * f(n - 1)\n"
"Statements are separated by newlines or ';'.  While a parenthesis is open or\n"
"a line ends in an operator, input goes on at the '... ' prompt (an empty\n"
"line ends it).  'last' (or '_') is the last value printed.\n"
"Commands: :help [topic]  :vars  :funcs  :obase N  :digits N|full\n"
"          :time on|off  :verify on|off  :cpu [NAME]  :quit\n"
"Keys: Tab completes names, Up/Down walk the history, Ctrl-C stops a\n"
"computation (at the prompt: clears the line), Ctrl-D quits.\n"
"Topics: operators mod functions def statements lists variables commands\n"
"keys, or the name of a function (:help powmod).\n", stdout);
}

static void help_topic(repl *r, const char *line, const char *t, size_t n, int col)
{
    char topic[64];
    if (n >= sizeof topic)
        n = sizeof topic - 1;
    memcpy(topic, t, n);
    topic[n] = 0;
    if (n > 0 && topic[0] == ':')
        memmove(topic, topic + 1, n--);
    if (strcmp(topic, "operators") == 0) {
        fputs(
"Operators, tightest first:\n"
"  n!  v[i]  x++  x--      factorial, list element, increment after use\n"
"  ^  **                   power, right-assoc; -2^2 is -4; 0^0 is 1\n"
"  -x  +x  ~x  !x  ++x     negate, plus, ~x = -x-1, logical not, increment\n"
"  *  /  %                 '/' truncates toward zero, '%' has the dividend's sign\n"
"  +  -\n"
"  mod                     residue in [0, |m|), and modular context (:help mod)\n"
"  <<  >>                  shifts; a >> n is floor(a / 2^n)\n"
"  &                       bitwise and (two's complement, any size)\n"
"  |                       bitwise or (xor(a, b) is a function)\n"
"  ==  !=  <  <=  >  >=    1 or 0 (== and != compare lists too)\n"
"  &&                      short-circuit and\n"
"  ||                      short-circuit or\n"
"  c ? a : b               only the chosen branch runs\n"
"  =  +=  -=  *=  /=  %=  ^=  <<=  >>=  &=  |=   assignment, right-assoc\n"
"Literals: 123  0x1F  0b1011  0o777  1_000_000  1e6\n", stdout);
    } else if (strcmp(topic, "mod") == 0) {
        fputs(
"E mod M is always the residue of the integer E: the context is a way of\n"
"computing, never a change of value.  M is evaluated first (a plain integer,\n"
"not 0); then E with intermediate results reduced mod M.  Inside it:\n"
"  + - * reduce;\n"
"  a / b and a % b divide the plain integers, then reduce:\n"
"      (10/4) mod 7 is 2, n*(n+1)/2 mod 1000 works for every n;\n"
"  a ^ e uses modular exponentiation (e is a plain integer), so\n"
"      2^(2^64) mod 1000003 is immediate; a negative e is the inverse:\n"
"      a * b^-1 mod m (error if gcd(b, m) != 1), or invmod(b, m);\n"
"  n! and fib(n) are computed modularly: (10^7)! mod 1000000007;\n"
"  other functions get plain arguments and their result is reduced.\n"
"The result is in [0, |M|).  powmod(b, e, m) (alias modexp) is a ^ e mod m.\n",
              stdout);
    } else if (strcmp(topic, "functions") == 0) {
        for (int i = 0; i < bgc_nbuiltins; i++)
            printf("  %-22s %s\n", bgc_builtins[i].usage, bgc_builtins[i].help);
    } else if (strcmp(topic, "def") == 0) {
        fputs(
"def NAME(PARAMS) = EXPR defines (or redefines) a function, and\n"
"  def f(n) {\n"
"      local r = 1, i            # also: auto\n"
"      for (i = 2; i <= n; i++) r *= i\n"
"      return r\n"
"  }\n"
"one with a body.  Parameters, locals and loop variables are local, other\n"
"names are the global variables.  Without 'return e' a function gives no\n"
"value.  Recursion works (also through ?:, && and ||); past 10^6 calls deep\n"
"it is an error, never a crash.  :funcs lists the definitions.\n", stdout);
    } else if (strcmp(topic, "statements") == 0) {
        fputs(
"  { s1; s2 }                 a block (newlines or ';' between statements)\n"
"  if (c) S  [else S]\n"
"  while (c) S\n"
"  for (init; cond; step) S   any part may be empty\n"
"  for (x in LIST) S\n"
"  break  continue  return [e]  quit  exit(status)\n"
"  print \"p = \", p, \"\\n\"      strings (\\n \\t \\\\ \\\") only in print; no newline\n"
"                             unless written\n"
"An expression statement prints its value, also inside loops; assignments\n"
"and x++ do not.  Ctrl-C stops any loop, keeping the variables.\n", stdout);
    } else if (strcmp(topic, "lists") == 0) {
        fputs(
"  [1, 2, [3, 4]]   a list; []  the empty list\n"
"  v[0]  v[-1]      first and last element; v[i] = x replaces one\n"
"  len(v)  push(v, x)  pop(v)  concat(a, b)  range(a, b[, step])  sort(v)\n"
"  sum(v)  prod(v)  min(v)  max(v)  gcd(v)  lcm(v)  todigits(n)  fromdigits(v)\n"
"Lists are values: after w = v, changing w leaves v as it was (the copy is\n"
"made only when one of them is written, so passing a long list is free).\n",
              stdout);
    } else if (strcmp(topic, "variables") == 0) {
        fputs(
"NAME = EXPR assigns (prints nothing; (NAME = EXPR) prints the value).\n"
"Names: letters, digits, '_', not starting with a digit.  Reading an unset\n"
"variable is an error.  'last' (or '_') is the last value printed; obase = 16\n"
"sets the output base.  :vars lists the variables.\n", stdout);
    } else if (strcmp(topic, "commands") == 0) {
        fputs(
"  :help [topic]     this help; topics: operators mod functions def statements\n"
"                    lists variables commands keys, or a function name\n"
"  :vars             the variables and their values\n"
"  :funcs            the user functions, as defined\n"
"  :obase [N]        output base 2..36 (no N: show it)\n"
"  :digits [N|full]  abbreviate results longer than N digits (full: never)\n"
"  :time [on|off]    print each statement's time to stderr\n"
"  :verify [on|off]  recompute every engine operation with GMP\n"
"  :cpu [NAME]       the kernel path in use and those available; NAME selects\n"
"  :quit             leave (Ctrl-D too)\n", stdout);
    } else if (strcmp(topic, "keys") == 0) {
        fputs(
"  Tab               complete a function, variable or command name\n"
"  Up, Down          walk the history (kept across runs)\n"
"  Left, Right, ...  edit the line (GNU readline, emacs keys by default)\n"
"  Ctrl-C            stop the running computation; at the prompt: clear the line\n"
"  Ctrl-D            quit (on an empty line)\n"
"  Ctrl-Z            suspend (fg brings the line back)\n"
"A computation that does not stop at Ctrl-C ends bigcalc at the third Ctrl-C.\n", stdout);
    } else {
        const bgc_builtin *b = bgc_builtin_find(topic, strlen(topic));
        find_func f = {topic, -1};
        bgc_ctx_each_func(r->ctx, match_func, &f);
        if (b) {
            char ar[64];
            bgc_builtin_arity_text(b, ar, sizeof ar);
            printf("%s: %s (%s)\n", b->usage, b->help, ar);
        } else if (f.nparams >= 0) {
            printf("%s: your function, %d parameter%s\n", topic, f.nparams,
                   f.nparams == 1 ? "" : "s");
        } else {
            const char *sug = bgc_builtin_suggest(topic, strlen(topic));
            if (sug)
                cmd_error(r, line, col, "no help on '%s' (did you mean '%s'?)", topic, sug);
            else
                cmd_error(r, line, col, "no help on '%s' (try :help)", topic);
        }
    }
}

/* Value of an on/off argument: 1, 0, or -1. */
static int on_off(const char *a, size_t n)
{
    if ((n == 2 && strncmp(a, "on", 2) == 0) || (n == 1 && a[0] == '1'))
        return 1;
    if ((n == 3 && strncmp(a, "off", 3) == 0) || (n == 1 && a[0] == '0'))
        return 0;
    return -1;
}

static long parse_count(const char *a, size_t n)
{
    long v = 0;
    if (n == 0 || n > 12)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (a[i] < '0' || a[i] > '9')
            return -1;
        v = v * 10 + (a[i] - '0');
    }
    return v;
}

static void show_cpu(void)
{
    printf("kernel path: %s (available:", bgcn_kern.name);
    for (int i = 0; bgcn_kernel_paths[i]; i++)
        if (bgcn_cpu_supported(bgcn_kernel_paths[i]))
            printf(" %s", bgcn_kernel_paths[i]->name);
    printf(")\n");
}

static void command(repl *r, const char *line)
{
    const char *p = line, *name, *arg, *end;
    size_t nl, al;
    int acol;
    while (*p == ' ' || *p == '\t')
        p++;
    p++; /* the ':' */
    name = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    nl = (size_t)(p - name);
    while (*p == ' ' || *p == '\t')
        p++;
    arg = p;
    acol = (int)(arg - line) + 1;
    end = p + strlen(p);
    while (end > arg && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    al = (size_t)(end - arg);
    const char *extra = memchr(arg, ' ', al);
    if (!extra)
        extra = memchr(arg, '\t', al);

#define IS(s) (nl == strlen(s) && strncmp(name, s, nl) == 0)
    if (IS("quit") || IS("q") || IS("exit")) {
        r->quit = 1;
    } else if (IS("help") || IS("h") || IS("?")) {
        if (al == 0)
            help_overview();
        else
            help_topic(r, line, arg, al, acol);
    } else if (IS("vars")) {
        int n = 0;
        bgc_ctx_each_var(r->ctx, count_var, &n);
        if (n == 0)
            puts("no variables yet (x = 5 makes one)");
        bgc_ctx_each_var(r->ctx, show_var, r);
    } else if (IS("funcs")) {
        int n = 0;
        bgc_ctx_each_func(r->ctx, count_item, &n);
        if (n == 0)
            puts("no functions yet (def f(x) = x^2 + 1 makes one; :help functions "
                 "lists the builtins)");
        bgc_ctx_each_func(r->ctx, show_func, r->ctx);
    } else if (IS("obase")) {
        long v = parse_count(arg, al);
        if (al == 0)
            printf("obase %d\n", bgc_ctx_get_obase(r->ctx));
        else if (v < 2 || v > 36 || bgc_ctx_set_obase(r->ctx, (int)v) < 0)
            cmd_error(r, line, acol, "obase must be between 2 and 36");
    } else if (IS("digits")) {
        long v = parse_count(arg, al);
        if (al == 0) {
            long d = bgc_repl_get_digits();
            if (d < 0)
                puts("digits full (results are printed whole)");
            else
                printf("digits %ld (longer results are abbreviated)\n", d);
        } else if (al == 4 && strncmp(arg, "full", 4) == 0) {
            bgc_repl_set_digits(-1);
        } else if (v >= 1) {
            bgc_repl_set_digits(v);
        } else {
            cmd_error(r, line, acol, "expected a positive number of digits or 'full'");
        }
    } else if (IS("time")) {
        int v = on_off(arg, al);
        if (al == 0)
            printf("time %s\n", bgc_ctx_get_time(r->ctx) ? "on" : "off");
        else if (v < 0)
            cmd_error(r, line, acol, "expected 'on' or 'off'");
        else
            bgc_ctx_set_time(r->ctx, v);
    } else if (IS("verify")) {
        int v = on_off(arg, al);
        if (al == 0)
            printf("verify %s (%lu operations checked, %lu mismatches)\n",
                   bgc_verify_enabled() ? "on" : "off", bgc_verify_checked(),
                   bgc_verify_mismatches());
        else if (v < 0)
            cmd_error(r, line, acol, "expected 'on' or 'off'");
        else
            bgc_verify_enable(v);
    } else if (IS("cpu")) {
        if (al > 0) {
            char nm[64];
            snprintf(nm, sizeof nm, "%.*s", (int)al, arg);
            if (bgcn_cpu_select(nm) < 0) {
                cmd_error(r, line, acol, "unknown or unsupported kernel path '%s'", nm);
                return;
            }
        }
        show_cpu();
    } else {
        char cmd[40];
        snprintf(cmd, sizeof cmd, "%.*s", (int)(nl < 30 ? nl : 30), name);
        cmd_error(r, line, (int)(name - line), "unknown command ':%s' (try :help)", cmd);
        return;
    }
    if (extra && !r->quit && !(IS("help") || IS("h") || IS("?")))
        cmd_error(r, line, (int)(extra - line) + 2, "unexpected text after the argument");
#undef IS
}

/* ---- running statements ------------------------------------------------------------- */

static int pend_add(repl *r, const char *s, size_t n)
{
    if (r->plen + n + 2 > r->pcap) {
        size_t nc = r->pcap ? r->pcap : 256;
        while (nc < r->plen + n + 2)
            nc *= 2;
        char *nb = realloc(r->pend, nc);
        if (!nb)
            return -1;
        r->pend = nb;
        r->pcap = nc;
    }
    memcpy(r->pend + r->plen, s, n);
    r->plen += n;
    r->pend[r->plen++] = '\n';
    r->pend[r->plen] = 0;
    return 0;
}

static void run_pending(repl *r)
{
    bgc_chunk ch = {"<repl>", r->pend, r->plen, r->pline, 1, 1};
    bgc_run_result res;
    /* the whole statement is one history entry (Up recalls all its lines) */
    if (r->plen > 0 && r->pend[r->plen - 1] == '\n') {
        r->pend[r->plen - 1] = 0;
        history_add(r->pend);
        r->pend[r->plen - 1] = '\n';
    }
    presses = 0;
    tty_quiet_ctrl(1);
    busy = 1;
    bgc_repl_progress_start();
    bgc_run_text(r->ctx, &ch, &res);
    bgc_repl_output_flush();
    bgc_repl_progress_stop();
    busy = 0;
    tty_quiet_ctrl(0);
    /* ^C: the evaluator has said "interrupted"; go on with the session */
    bgc_ctx_clear_interrupt(r->ctx);
    fflush(stdout);
    r->plen = 0;
    if (bgc_ctx_quitting(r->ctx, NULL))
        r->quit = 1; /* quit or exit() leaves the REPL */
}

/* One physical line of input. */
static void handle_line(repl *r, const char *line, size_t n)
{
    const char *p = line;
    int blank;
    r->lineno++;
    while (p < line + n && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    blank = p == line + n;
    if (r->plen == 0) {
        if (blank)
            return;
        if (*p == ':') {
            char *cmd = strndup(line, n);
            if (cmd) {
                history_add(cmd);
                command(r, cmd);
                free(cmd);
            }
            fflush(stdout);
            return;
        }
        r->pline = r->lineno;
    }
    if (!blank && pend_add(r, line, n) < 0) {
        bgc_error_plain("out of memory");
        r->plen = 0;
        return;
    }
    if (!blank && bgc_source_incomplete(r->pend, r->plen))
        return;
    run_pending(r);
}

void bgc_repl_run(bgc_ctx *ctx, const bgc_cli_opts *opts)
{
    repl r;
    FILE *out;
    struct sigaction sa, old_int, old_winch, old_tstp;
    memset(&r, 0, sizeof r);
    r.ctx = ctx;

    tty_ok = tcgetattr(0, &tty_saved) == 0;
    bgc_repl_set_digits(opts->digits);
    out = bgc_repl_output_open();
    if (out)
        bgc_ctx_set_output(ctx, out);
    bgc_repl_output_install(ctx);

    rl_readline_name = "bigcalc";
    rl_instream = stdin;
    rl_outstream = isatty(1) ? stdout : stderr;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    bgc_repl_complete_init(ctx);
    bgc_repl_progress_init();
    history_open();

    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_int;
    sigaction(SIGINT, &sa, &old_int);
    sa.sa_handler = on_winch;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGWINCH, &sa, &old_winch);
    sa.sa_handler = on_tstp;
    sigaction(SIGTSTP, &sa, &old_tstp);

    if (!opts->quiet) {
        fprintf(rl_outstream,
                "bigcalc %s, kernel path %s -- :help for help, Ctrl-D or :quit to leave\n",
                PACKAGE_VERSION, bgcn_kern.name);
        fflush(rl_outstream);
    }

    while (!r.quit) {
        char *line = NULL;
        int rc = read_line(r.plen ? PROMPT_MORE : PROMPT, &line);
        if (rc < 0) {
            r.plen = 0; /* Ctrl-C: forget the unfinished statement too */
            continue;
        }
        if (rc == 0)
            break;
        /* a paste may bring several lines at once */
        for (char *s = line; s && !r.quit;) {
            char *nl = strchr(s, '\n');
            size_t n = nl ? (size_t)(nl - s) : strlen(s);
            handle_line(&r, s, n);
            s = nl ? nl + 1 : NULL;
        }
        free(line);
    }

    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGWINCH, &old_winch, NULL);
    sigaction(SIGTSTP, &old_tstp, NULL);
    history_close();
    bgc_repl_complete_done();
    bgc_ctx_set_printer(ctx, NULL, NULL);
    if (out) {
        bgc_ctx_set_output(ctx, stdout);
        fclose(out);
    }
    free(r.pend);
    bgc_ctx_clear_interrupt(ctx);
}
