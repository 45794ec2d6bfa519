/* cli-number.c -- reading the numbers that options and ':' commands ask
 * for (--obase, --digits, --max-bits, --seed, --threads, :obase, :digits).
 *
 * They accept the forms the language accepts for a literal, so that what
 * works in an expression works there too: 1_000_000, 0x10, 0b1010, 0o17,
 * 36#z, 1e6, and one power B^K (or B**K) of two such literals (2^34, 10^6).
 * Only values from 0 to 2^64 - 1 are read; anything else is refused, and
 * the caller names the option in its message (man/bigcalc.1, OPTIONS).
 */
#include "cli-impl.h"

#include "lexer.h"

#include <string.h>

/* A literal at *s: [0x|0b|0o] digits with '_' between them, or decimal
 * digits followed by eN.  Advances *s.  0 on success, -1 if unreadable,
 * -2 if it exceeds 2^64 - 1. */
static int literal(const char **s, unsigned long long *out);

/* The value of digit c in bases up to 36, 99 for anything else. */
static unsigned digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return (unsigned)(c - '0');
    if (c >= 'a' && c <= 'z')
        return (unsigned)(c - 'a') + 10;
    if (c >= 'A' && c <= 'Z')
        return (unsigned)(c - 'A') + 10;
    return 99;
}

static int digits(const char **s, unsigned base, unsigned long long *out)
{
    const char *p = *s;
    unsigned long long v = 0;
    int any = 0, big = 0;
    for (;; p++) {
        /* '_' only between two digits of the base, as in the language
         * (1_E2 is no number there: fuzz-lines found the difference) */
        if (*p == '_' && any && digit_value(p[1]) < base)
            continue;
        unsigned d = digit_value(*p);
        if (d >= base)
            break;
        if (v > (~0ULL - d) / base)
            big = 1;
        v = v * base + d;
        any = 1;
    }
    if (!any)
        return -1;
    *s = p;
    *out = v;
    return big ? -2 : 0;
}

/* b^e for 64-bit values; -2 on overflow. */
static int power(unsigned long long b, unsigned long long e, unsigned long long *out)
{
    unsigned long long r = 1;
    if (b <= 1) {
        *out = e == 0 ? 1 : b;
        return 0;
    }
    while (e--) {
        if (r > ~0ULL / b)
            return -2;
        r *= b;
    }
    *out = r;
    return 0;
}

static int literal(const char **s, unsigned long long *out)
{
    const char *p = *s;
    unsigned base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        base = 16;
    else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B'))
        base = 2;
    else if (p[0] == '0' && (p[1] == 'o' || p[1] == 'O'))
        base = 8;
    if (base != 10)
        p += 2;
    size_t skip = 0;
    if (base == 10) {
        base = (unsigned)bgc_literal_base(p, strlen(p), &skip); /* B#digits, 36#z */
        p += skip;
    }
    int rc = digits(&p, base, out);
    if (rc == -1)
        return -1;
    if (base == 10 && skip == 0 && (*p == 'e' || *p == 'E')) {
        unsigned long long e, t;
        p++;
        int rce = digits(&p, 10, &e);
        if (rce == -1)
            return -1;
        if (*out == 0) {
            rc = 0; /* 0eN is 0 however large N is */
        } else if (rc == 0 && rce == 0 && power(10, e, &t) == 0 && t <= ~0ULL / *out) {
            *out *= t;
        } else {
            rc = -2;
        }
    }
    *s = p;
    return rc;
}

int bgc_cli_read_number(const char *s, unsigned long long *out)
{
    unsigned long long b, e;
    while (*s == ' ' || *s == '\t')
        s++;
    int rc = literal(&s, &b);
    if (rc == -1)
        return -1;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '^' || (s[0] == '*' && s[1] == '*')) {
        s += *s == '^' ? 1 : 2;
        while (*s == ' ' || *s == '\t')
            s++;
        int rce = literal(&s, &e);
        if (rce == -1)
            return -1;
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s)
            return -1;
        if (rc == 0 && rce == 0) {
            rc = power(b, e, &b);
        } else if (rc == 0 && b <= 1) {
            rc = 0; /* 0^huge, 1^huge */
        } else if (rce == 0 && e == 0) {
            b = 1; /* huge^0 is 1, as in the language (fuzz-lines found 10e180^0) */
            rc = 0;
        } else {
            rc = -2;
        }
    }
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s)
        return -1;
    if (rc == 0)
        *out = b;
    return rc;
}
