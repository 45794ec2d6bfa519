/* suggest.h -- "did you mean": the hint after an unknown name.
 *
 * Every message that names an unknown function, variable, help topic or
 * one-shot function asks here, so that the hint has one form everywhere:
 * "did you mean 'gcd'?" (the name in single quotes, as every bigcalc
 * message quotes names).  Candidates are the builtins and, given a
 * context, the user's functions and variables; case is ignored (GCD ->
 * gcd), and names that gp, Python, bc, calc or Mathematica users type
 * (factorial, bitlength, hammingweight, sqrtint, precprime, pow, ...)
 * map to bigcalc's (tests/cli/cases/errors.t lists them). */
#ifndef BGC_SUGGEST_H
#define BGC_SUGGEST_H

#include "eval.h"

#include <stddef.h>

/* What bc's ibase is in bigcalc (the compiler refuses the name with it). */
#define BGC_IBASE_HINT                                                          \
    "bigcalc has no ibase: write other bases with a prefix, 0x1f, 0o17, 0b101 " \
    "or B#digits for any base B from 2 to 36 (36#z); obase = N sets the output base"

enum {
    BGC_SUGGEST_FUNC = 1, /* the name was called: f(...) */
    BGC_SUGGEST_VAR = 2,  /* the name was read as a variable */
    BGC_SUGGEST_ANY = 3   /* help topics, one-shot names */
};

/* The hint for the unknown name {name,len} into buf (NUL-ended, at most
 * cap bytes), without parentheses: "did you mean 'gcd'?", or for names
 * bigcalc writes differently a sentence ("bigcalc has no ibase: ...").
 * ctx may be NULL (builtins only).  Returns 0 and buf "" when nothing is
 * close enough. */
int bgc_suggest(const bgc_ctx *ctx, const char *name, size_t len, int want, char *buf,
                size_t cap);

/* When {name,len}, read as a variable, is a function: the message
 * "'gcd' is a builtin function: call it as gcd(a, b, ...)" into buf and
 * 1; else 0. */
int bgc_suggest_function_read(const bgc_ctx *ctx, const char *name, size_t len, char *buf,
                              size_t cap);

#endif /* BGC_SUGGEST_H */
