/* repl-output.c -- how results look in the REPL (man/bigcalc.1, REPL).
 *
 * Abbreviation, `first...last (N digits)` once a number has more digits
 * than the limit (--digits, :digits; sign and 0x/0o/0b or B# prefix kept,
 * not counted), is reached two ways, one for each kind of output:
 *  - integer results and `:vars` integers come here as numbers
 *    (bgc_repl_print_int, the evaluator's printer hook): the digit count,
 *    the first and the last digits are computed without converting the
 *    whole number, which for 10^8 digits would take minutes;
 *  - text the program writes (`print`, list results) is already digits
 *    when it reaches the evaluator's output stream, a fopencookie()
 *    stream of ours, so the evaluator stays the same in every mode: the
 *    cookie collects a line and abbreviates it when it is one number
 *    (bgc_repl_print_number).  With the limit off (-1) the bytes go
 *    straight through.
 *
 * Elapsed time: a statement that runs for more than a second shows
 * `[1.0 s]`, `[1.1 s]`, ... on stderr.  An interval timer (ITIMER_REAL,
 * SIGALRM) fires after one second and then ten times a second; the handler
 * formats the time by hand and write()s it -- both async-signal-safe.  The
 * text is `\r[12.3 s]\r`: it leaves the cursor at column 0, so an error
 * line that the evaluator prints next (always longer) simply covers it.
 * Results wipe it first, with SIGALRM blocked so the handler cannot draw
 * it again between the wipe and the result.  A long factor() adds its
 * phase: `[12.3 s] ECM curve 40/300 B1=11000` (bgc_factor_phase_hook;
 * the text is copied into the buffer the handler is not reading, then
 * the index flips, so the handler always sees a whole string).
 */
#define _GNU_SOURCE
#include "repl.h"

#include "builtins.h"

#include <errno.h>
#include <stdint.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* ---- elapsed-time indicator ----------------------------------------------------- */

static int prog_enabled;
static volatile sig_atomic_t prog_shown;  /* columns of the text on screen */
static volatile time_t prog_sec;          /* start; written with SIGALRM blocked */
static volatile long prog_nsec;
#define PHASE_MAX 64
static char prog_phase[2][PHASE_MAX];
static volatile sig_atomic_t prog_pi = -1; /* buffer to show, -1: none */

/* bgc_factor_phase_hook: the phase shown after the time */
static void prog_set_phase(const char *s)
{
    int w = prog_pi == 0 ? 1 : 0;
    size_t i = 0;
    for (; s[i] && i < PHASE_MAX - 1; i++)
        prog_phase[w][i] = s[i];
    prog_phase[w][i] = 0;
    prog_pi = w;
}

static void prog_block(sigset_t *old)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGALRM);
    sigprocmask(SIG_BLOCK, &s, old);
}

static void prog_unblock(const sigset_t *old) { sigprocmask(SIG_SETMASK, old, NULL); }

static void on_alarm(int sig)
{
    int saved = errno;
    struct timespec t;
    char buf[48 + PHASE_MAX], dig[24];
    int k = 0, nd = 0;
    (void)sig;
    clock_gettime(CLOCK_MONOTONIC, &t);
    long long tenths = ((long long)t.tv_sec - prog_sec) * 10 +
                       (t.tv_nsec - prog_nsec) / 100000000;
    if (tenths >= 10) {
        long long whole = tenths / 10;
        buf[k++] = '\r';
        buf[k++] = '[';
        do {
            dig[nd++] = (char)('0' + whole % 10);
            whole /= 10;
        } while (whole > 0 && nd < 20);
        while (nd > 0)
            buf[k++] = dig[--nd];
        buf[k++] = '.';
        buf[k++] = (char)('0' + tenths % 10);
        buf[k++] = ' ';
        buf[k++] = 's';
        buf[k++] = ']';
        int pi = prog_pi;
        if (pi >= 0) {
            buf[k++] = ' ';
            for (const char *p = prog_phase[pi]; *p; p++)
                buf[k++] = *p;
            /* cover a longer phase drawn before */
            for (int pad = k; pad < prog_shown + 1 && k < 46 + PHASE_MAX; pad++)
                buf[k++] = ' ';
        }
        buf[k++] = '\r';
        if (write(2, buf, (size_t)k) > 0)
            prog_shown = k - 2;
    }
    errno = saved;
}

/* Wipe the indicator; SIGALRM must be blocked. */
static void prog_wipe(void)
{
    char buf[48 + PHASE_MAX + 4];
    int n = prog_shown;
    if (n <= 0)
        return;
    if (n > 44 + PHASE_MAX)
        n = 44 + PHASE_MAX;
    buf[0] = '\r';
    memset(buf + 1, ' ', (size_t)n);
    buf[n + 1] = '\r';
    if (write(2, buf, (size_t)n + 2) < 0) {
        /* nothing to do: the indicator is cosmetic */
    }
    prog_shown = 0;
}

/* Restart the clock; SIGALRM must be blocked. */
static void prog_reset_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    prog_sec = t.tv_sec;
    prog_nsec = t.tv_nsec;
}

void bgc_repl_progress_init(void)
{
    struct sigaction sa;
    prog_enabled = isatty(2);
    if (!prog_enabled)
        return;
    bgc_factor_phase_hook = prog_set_phase;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART; /* output writes must not fail with EINTR */
    sigaction(SIGALRM, &sa, NULL);
}

void bgc_repl_progress_start(void)
{
    sigset_t old;
    struct itimerval it;
    if (!prog_enabled)
        return;
    prog_block(&old);
    prog_shown = 0;
    prog_pi = -1;
    prog_reset_clock();
    prog_unblock(&old);
    memset(&it, 0, sizeof it);
    it.it_value.tv_sec = 1;
    it.it_interval.tv_usec = 100000;
    setitimer(ITIMER_REAL, &it, NULL);
}

void bgc_repl_progress_stop(void)
{
    sigset_t old;
    struct itimerval it;
    if (!prog_enabled)
        return;
    memset(&it, 0, sizeof it);
    setitimer(ITIMER_REAL, &it, NULL);
    prog_block(&old);
    prog_wipe();
    prog_unblock(&old);
}

/* ---- abbreviated results ---------------------------------------------------------- */

static long digit_limit = 2000;
static int whole_output; /* stdout is no terminal (`bigcalc > log`): never abbreviate */

void bgc_repl_set_digits(long digits) { digit_limit = digits; }
long bgc_repl_get_digits(void) { return digit_limit; }

/* Digits shown on each side of the `...`: enough to recognise a number,
 * few enough to read at a glance. */
#define SIDE_DIGITS 20

/* Digits kept on each side for the current limit. */
static size_t side_digits(void)
{
    size_t side = (size_t)digit_limit / 2;
    if (side > SIDE_DIGITS)
        side = SIDE_DIGITS;
    if (side < 1)
        side = 1;
    return side;
}

/* Whether a number of nd digits is shown abbreviated: it is longer than
 * the limit, and `first...last (N digits)` is shorter than the number
 * itself (with --digits 10, 12345678901 is printed whole). */
static int abbreviated(uint64_t nd)
{
    if (whole_output || digit_limit < 0 || nd <= (uint64_t)digit_limit)
        return 0;
    char count[24];
    int cn = snprintf(count, sizeof count, "%llu", (unsigned long long)nd);
    return nd > 2 * side_digits() + 3 + (uint64_t)cn + 10; /* "..." and " (N digits)" */
}

void bgc_repl_print_number(FILE *fp, const char *s, size_t n)
{
    size_t head = 0, nd;
    if (n > 0 && s[0] == '-')
        head = 1;
    if (n >= head + 2 && s[head] == '0' &&
        (s[head + 1] == 'x' || s[head + 1] == 'o' || s[head + 1] == 'b'))
        head += 2;
    else if (n >= head + 3 && s[head + 1] == '#')
        head += 2; /* 7#... */
    else if (n >= head + 4 && s[head] >= '1' && s[head] <= '3' && s[head + 2] == '#')
        head += 3; /* 36#... */
    nd = n - head;
    if (!abbreviated(nd)) {
        fwrite(s, 1, n, fp);
        return;
    }
    for (size_t i = head; i < n; i++) /* only numbers are abbreviated */
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'z'))) {
            fwrite(s, 1, n, fp);
            return;
        }
    size_t side = side_digits();
    fprintf(fp, "%.*s%.*s...%.*s (%zu digits)", (int)head, s, (int)side, s + head,
            (int)side, s + n - side, nd);
}

/* Write one line of output; the indicator is wiped first (SIGALRM held
 * off meanwhile) and its clock restarts for the next statement. */
static void out_line(const char *head, size_t hn, const char *s, size_t n)
{
    sigset_t old;
    prog_block(&old);
    prog_wipe();
    fwrite(head, 1, hn, stdout);
    fwrite(s, 1, n, stdout);
    fputc('\n', stdout);
    fflush(stdout);
    if (prog_enabled)
        prog_reset_clock();
    prog_unblock(&old);
}

static bgc_err print_whole(const bgc_ctx *ctx, const char *head, const bgc_int *v)
{
    size_t n;
    char *s = bgc_format_value(ctx, v, &n);
    if (!s)
        return bgcn_interrupt_flag ? BGC_EINTR : BGC_ENOMEM;
    out_line(head, strlen(head), s, n);
    free(s);
    return BGC_OK;
}

/* A result longer than the limit without converting all of it: the count
 * N from digits(), the last digits from |v| mod base^k, the first ones
 * from |v| / base^(N-k) -- a power and two divisions instead of the whole
 * radix conversion (which for 10^8 digits takes minutes). */
static bgc_err print_abbrev(const bgc_ctx *ctx, const char *head, const bgc_int *v,
                            int *done)
{
    int base = bgc_ctx_get_obase(ctx);
    char pbuf[4];
    const char *pfx = bgc_base_prefix(base, pbuf);
    bgc_int a, b, t, p, hi, lo;
    uint64_t nd = 0;
    size_t side = side_digits(), hn = 0, ln = 0;
    char *hs = NULL, *ls = NULL;
    bgc_err e;
    *done = 0;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&t);
    bgc_init(&p);
    bgc_init(&hi);
    bgc_init(&lo);
    e = bgc_abs(&a, v);
    if (e == BGC_OK)
        e = bgc_set_si(&b, base);
    if (e == BGC_OK)
        e = bgc_digits(&t, &a, &b);
    if (e == BGC_OK)
        e = bgc_get_u64(&t, &nd);
    if (e != BGC_OK || !abbreviated(nd))
        goto out; /* short enough: the caller prints it whole */
    if (e == BGC_OK)
        e = bgc_pow_ui(&p, &b, (unsigned long)side);
    if (e == BGC_OK)
        e = bgc_tdiv_r(&lo, &a, &p);
    if (e == BGC_OK)
        e = bgc_pow_ui(&p, &b, (unsigned long)(nd - side));
    if (e == BGC_OK)
        e = bgc_tdiv_q(&hi, &a, &p);
    if (e == BGC_OK)
        e = bgc_get_str(&hs, &hn, &hi, base);
    if (e == BGC_OK)
        e = bgc_get_str(&ls, &ln, &lo, base);
    if (e == BGC_OK) {
        char buf[200], *q = buf;
        if (bgc_sgn(v) < 0)
            *q++ = '-';
        q += sprintf(q, "%s%s...", pfx, hs);
        for (size_t i = ln; i < side; i++) /* the low part keeps its zeros */
            *q++ = '0';
        q += sprintf(q, "%s (%llu digits)", ls, (unsigned long long)nd);
        out_line(head, strlen(head), buf, (size_t)(q - buf));
        *done = 1;
    }
out:
    free(hs);
    free(ls);
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&t);
    bgc_clear(&p);
    bgc_clear(&hi);
    bgc_clear(&lo);
    return e;
}

/* At least the number of base-b digits of a `bits`-bit number: floor of
 * log2(b) under-estimates log2(b), so the quotient over-estimates. */
static uint64_t digits_bound(uint64_t bits, int base)
{
    uint64_t l2 = 0;
    for (int x = base; x > 1; x /= 2)
        l2++;
    return bits / l2 + 1;
}

bgc_err bgc_repl_print_int(const bgc_ctx *ctx, const char *head, const bgc_int *v)
{
    int done = 0;
    bgc_int t;
    uint64_t bits = 0;
    bgc_err e;
    if (digit_limit < 0 || whole_output)
        return print_whole(ctx, head, v);
    bgc_init(&t);
    e = bgc_bitlen(&t, v);
    if (e == BGC_OK)
        e = bgc_get_u64(&t, &bits);
    bgc_clear(&t);
    if (e != BGC_OK)
        return e;
    if (digits_bound(bits, bgc_ctx_get_obase(ctx)) <= (uint64_t)digit_limit)
        return print_whole(ctx, head, v); /* surely short: no need to count */
    e = print_abbrev(ctx, head, v, &done);
    if (e != BGC_OK || done)
        return e;
    return print_whole(ctx, head, v);
}

static bgc_err repl_print(const bgc_ctx *ctx, const bgc_int *v, void *arg)
{
    (void)arg;
    return bgc_repl_print_int(ctx, "", v);
}

void bgc_repl_output_install(bgc_ctx *ctx)
{
    whole_output = !isatty(1);
    bgc_ctx_set_printer(ctx, repl_print, NULL);
}

/* The cookie: the current unfinished line. */
typedef struct outcookie {
    char *buf;
    size_t len, cap;
} outcookie;

static outcookie *open_cookie; /* the REPL's one output stream */

static void emit_line(outcookie *oc)
{
    bgc_repl_print_number(stdout, oc->buf, oc->len);
    fputc('\n', stdout);
    fflush(stdout);
    oc->len = 0;
    if (oc->cap > (1u << 20)) { /* do not keep a huge result's buffer */
        free(oc->buf);
        oc->buf = NULL;
        oc->cap = 0;
    }
}

static ssize_t out_write(void *cookie, const char *data, size_t n)
{
    outcookie *oc = cookie;
    sigset_t old;
    prog_block(&old);
    prog_wipe();
    if (digit_limit < 0 && oc->len == 0) {
        /* whole results: straight through */
        fwrite(data, 1, n, stdout);
        fflush(stdout);
    } else {
        size_t i = 0;
        while (i < n) {
            const char *nl = memchr(data + i, '\n', n - i);
            size_t take = nl ? (size_t)(nl - (data + i)) : n - i;
            if (oc->len + take + 1 > oc->cap) {
                size_t nc = oc->cap ? oc->cap : 256;
                while (nc < oc->len + take + 1)
                    nc *= 2;
                char *nb = realloc(oc->buf, nc);
                if (!nb) { /* no room to abbreviate: print what we have whole */
                    fwrite(oc->buf, 1, oc->len, stdout);
                    fwrite(data + i, 1, n - i, stdout);
                    fflush(stdout);
                    oc->len = 0;
                    break;
                }
                oc->buf = nb;
                oc->cap = nc;
            }
            memcpy(oc->buf + oc->len, data + i, take);
            oc->len += take;
            i += take;
            if (nl) {
                emit_line(oc);
                i++;
            }
        }
    }
    if (prog_enabled)
        prog_reset_clock();
    prog_unblock(&old);
    return (ssize_t)n;
}

static int out_close(void *cookie)
{
    outcookie *oc = cookie;
    if (oc->len > 0)
        emit_line(oc);
    free(oc->buf);
    free(oc);
    open_cookie = NULL;
    return 0;
}

/* After a statement: text it wrote without a final newline (print "x")
 * goes out as it is. */
void bgc_repl_output_flush(void)
{
    outcookie *oc = open_cookie;
    sigset_t old;
    if (!oc || oc->len == 0)
        return;
    prog_block(&old);
    prog_wipe();
    bgc_repl_print_number(stdout, oc->buf, oc->len);
    fflush(stdout);
    oc->len = 0;
    prog_unblock(&old);
}

FILE *bgc_repl_output_open(void)
{
    outcookie *oc = calloc(1, sizeof *oc);
    cookie_io_functions_t io = {NULL, out_write, NULL, out_close};
    FILE *fp;
    if (!oc)
        return NULL;
    fp = fopencookie(oc, "w", io);
    if (!fp) {
        free(oc);
        return NULL;
    }
    setvbuf(fp, NULL, _IONBF, 0); /* every write reaches the cookie at once */
    open_cookie = oc;
    return fp;
}
