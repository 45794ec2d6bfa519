/* suggest.c -- "did you mean" (see suggest.h).
 *
 * First the table of other calculators' names (exact, any case), then the
 * closest candidate by edit distance on lowercased names: builtins, the
 * user's functions and (for a variable read) the user's variables.  How
 * far a guess may be grows with the name: a two-letter name must match
 * up to case, so that `y` does not suggest `x`. */
#include "suggest.h"

#include "builtins.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Names from gp, Python, bc, calc and Mathematica, with bigcalc's name,
 * or (to NULL) the sentence to show instead. */
static const struct alias {
    const char *from, *to, *text;
} aliases[] = {
    {"factorial", "fact", NULL},
    {"bitlength", "bitlen", NULL},
    {"bit_length", "bitlen", NULL},
    {"nbits", "bitlen", NULL},
    {"numbits", "bitlen", NULL},
    {"hammingweight", "popcount", NULL},
    {"bit_count", "popcount", NULL},
    {"popcnt", "popcount", NULL},
    {"sqrtint", "isqrt", NULL},
    {"sqrtnint", "iroot", NULL},
    {"nthroot", "iroot", NULL},
    {"root", "iroot", NULL},
    {"cbrt", NULL, "the cube root is iroot(n, 3)"},
    {"precprime", "prevprime", NULL},
    {"prevcand", "prevprime", NULL},
    {"nextcand", "nextprime", NULL},
    {"ispseudoprime", "isprime", NULL},
    {"isprobableprime", "isprime", NULL},
    {"ptest", "isprime", NULL},
    {"primeq", "isprime", NULL},
    {"fibonacci", "fib", NULL},
    {"comb", "binomial", NULL},
    {"choose", "binomial", NULL},
    {"ncr", "binomial", NULL},
    {"pow", NULL, "b^e is the power; pow(b, e, m) is powmod(b, e, m)"},
    {"pmod", "powmod", NULL},
    {"modpow", "powmod", NULL},
    {"expmod", "powmod", NULL},
    {"powermod", "powmod", NULL},
    {"minv", "invmod", NULL},
    {"modinv", "invmod", NULL},
    {"modinverse", "invmod", NULL},
    {"inverse_mod", "invmod", NULL},
    {"sign", "sgn", NULL},
    {"signum", "sgn", NULL},
    {"sumdiv", "sigma", NULL},
    {"divisorsigma", "sigma", NULL},
    {"phi", "eulerphi", NULL},
    {"totient", "eulerphi", NULL},
    {"mu", "moebius", NULL},
    {"mobius", "moebius", NULL},
    {"factorint", "factor", NULL},
    {"factorinteger", "factor", NULL},
    {"numdivisors", "numdiv", NULL},
    {"ndigits", "digits", NULL},
    {"numdigits", "digits", NULL},
    {"length", NULL, "bc's length(n) is digits(n); a list's length is len(v)"},
    {"sorted", "sort", NULL},
    {"bitxor", "xor", NULL},
    {"bitand", NULL, "bitwise and is the operator a & b"},
    {"bitor", NULL, "bitwise or is the operator a | b"},
    {"bitneg", NULL, "bitwise not is the operator ~a"},
    {"shift", NULL, "shifts are the operators a << n and a >> n"},
    {"divmod", NULL, "a / b and a % b give the quotient and the remainder"},
    {"mod", NULL, "the residue is the operator a mod m"},
    {"randint", NULL, "random(n) is uniform in [0, n): a + random(b - a + 1)"},
    {"randrange", "random", NULL},
    {"randbelow", "random", NULL},
    {"getrandbits", "randbits", NULL},
    {"ibase", NULL, BGC_IBASE_HINT},
    {"scale", NULL, "bigcalc computes with integers only: there is no scale"},
};

/* Edit distance of the lowercased names, a swap of two neighbours
 * counting as one edit (gdc -> gcd); small strings only. */
static int edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    int d[40][40];
    if (la > 38 || lb > 38)
        return 99;
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            int best = d[i - 1][j - 1] + (ca != cb);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

typedef struct search {
    const char *name;
    size_t len;
    const char *best;
    int bd;       /* distance of best; only closer ones replace it */
} search;

static void consider(search *s, const char *cand)
{
    size_t n = strlen(cand);
    if (n == s->len && memcmp(cand, s->name, n) == 0)
        return; /* the name itself (a variable read as a function...) */
    int d = edit_distance(s->name, s->len, cand, n);
    if (d < s->bd) {
        s->bd = d;
        s->best = cand;
    }
}

static void consider_func(const char *name, int nparams, void *arg)
{
    (void)nparams;
    consider(arg, name);
}

static void consider_var(const char *name, const bgc_val *v, void *arg)
{
    (void)v;
    consider(arg, name);
}

int bgc_suggest(const bgc_ctx *ctx, const char *name, size_t len, int want, char *buf,
                size_t cap)
{
    buf[0] = 0;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
        const struct alias *a = &aliases[i];
        if (strlen(a->from) != len || strncasecmp(a->from, name, len) != 0)
            continue;
        if (a->to && !(len == strlen(a->to) && memcmp(a->to, name, len) == 0)) {
            snprintf(buf, cap, "did you mean '%s'?", a->to);
            return 1;
        }
        if (a->text) {
            snprintf(buf, cap, "%s", a->text);
            return 1;
        }
    }
    /* allowed distance: case only for 1-2 letters, 1 up to 4, then 2 */
    search s = {name, len, NULL, len <= 2 ? 1 : len <= 4 ? 2 : 3};
    if (want & BGC_SUGGEST_FUNC) {
        for (int i = 0; i < bgc_nbuiltins; i++)
            consider(&s, bgc_builtins[i].name);
        if (ctx)
            bgc_ctx_each_func(ctx, consider_func, &s);
    }
    if ((want & BGC_SUGGEST_VAR) && ctx)
        bgc_ctx_each_var(ctx, consider_var, &s);
    if (!s.best)
        return 0;
    snprintf(buf, cap, "did you mean '%s'?", s.best);
    return 1;
}

typedef struct find_user {
    const char *name;
    size_t len;
    int nparams;
} find_user;

static void match_user(const char *name, int nparams, void *arg)
{
    find_user *f = arg;
    if (strlen(name) == f->len && memcmp(name, f->name, f->len) == 0)
        f->nparams = nparams;
}

int bgc_suggest_function_read(const bgc_ctx *ctx, const char *name, size_t len, char *buf,
                              size_t cap)
{
    const bgc_builtin *b = bgc_builtin_find(name, len);
    if (b) {
        snprintf(buf, cap, "'%s' is a builtin function: call it as %s", b->name, b->usage);
        return 1;
    }
    find_user f = {name, len, -1};
    if (ctx)
        bgc_ctx_each_func(ctx, match_user, &f);
    if (f.nparams < 0)
        return 0;
    snprintf(buf, cap, "'%.*s' is a function of %d argument%s: call it as %.*s(%s)", (int)len,
             name, f.nparams, f.nparams == 1 ? "" : "s", (int)len, name,
             f.nparams == 0 ? "" : "...");
    return 1;
}
