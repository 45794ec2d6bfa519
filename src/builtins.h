/* builtins.h -- the builtin functions (man/bigcalc.1, "Builtin
 * functions"), as one table.
 *
 * The evaluator resolves a call by name here, checks the arity, evaluates
 * the arguments and calls fn.  Every builtin wraps the number layer
 * (num.h); errors come back as bgc_err values and bgc_builtin_message()
 * turns them into the user's message, naming the function.
 *
 * Three kinds of entries (the evaluator uses the first one set of vfn,
 * lfn, fn):
 *   fn   integers in, an integer out (most builtins; one-shots call it);
 *   lfn  integers in, any value out: a builtin returning a list sets lfn
 *        and leaves fn NULL (see value.h for the list-building API; the
 *        evaluator refuses a list argument with "f(): argument K must be
 *        an integer, not a list");
 *   vfn  values in (lists too), any value out: len, sum, sort...  A vfn
 *        checks the kinds itself; BGC_EDOMAIN then means a wrong argument,
 *        reported with the entry's `domain` text.
 */
#ifndef BGC_BUILTINS_H
#define BGC_BUILTINS_H

#include "num.h"
#include "value.h"

#include <stddef.h>

typedef struct bgc_builtin {
    const char *name;
    int min_args, max_args;   /* max_args -1: any number >= min_args */
    /* r may be the same object as args[0]; args may be overwritten. */
    bgc_err (*fn)(bgc_int *r, bgc_int *args, int nargs);
    /* The form used inside a `mod` context (n!, fib, lucas): r = f(n) mod
     * m without building f(n); NULL when the result is just reduced. */
    bgc_err (*modfn)(bgc_int *r, const bgc_int *n, const bgc_int *m);
    const char *usage;        /* "gcd(a, b, ...)" */
    const char *domain;       /* message for BGC_EDOMAIN, or NULL */
    const char *help;         /* one line */
    /* see the top of the file; args of a vfn belong to the caller */
    bgc_err (*lfn)(bgc_val *r, bgc_int *args, int nargs);
    bgc_err (*vfn)(bgc_val *r, bgc_val *args, int nargs);
} bgc_builtin;

extern const bgc_builtin bgc_builtins[];
extern const int bgc_nbuiltins;

/* The builtin called {name,len}, or NULL. */
const bgc_builtin *bgc_builtin_find(const char *name, size_t len);
/* 1 when nargs is acceptable for b. */
int bgc_builtin_arity_ok(const bgc_builtin *b, int nargs);
/* "takes 3 arguments", "takes 1 or 2 arguments", "takes at least 1
 * argument" into buf. */
void bgc_builtin_arity_text(const bgc_builtin *b, char *buf, size_t cap);
/* The message for error e raised by builtin b (b may be NULL). */
void bgc_builtin_message(const bgc_builtin *b, bgc_err e, char *buf,
                         size_t cap);

/* builtins-list.c: the builtins on lists (their vfn). */
bgc_err bgc_bi_len(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_concat(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_range(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_vector(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_sum(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_prod(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_min(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_max(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_gcd(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_lcm(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_sort(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_todigits(bgc_val *r, bgc_val *args, int nargs);
bgc_err bgc_bi_fromdigits(bgc_val *r, bgc_val *args, int nargs);
/* for (p in primes(a, b)) without the list (the VM's OP_PRIMEIT and
 * OP_PRIMENEXT): *slot (released first) becomes the loop's iterator over
 * the primes of [a, b]; next puts the following prime in *out (*got = 1)
 * or says the range is done (*got = 0).  BGC_ENOMEM, BGC_EINTR. */
bgc_err bgc_primes_iter_start(bgc_val *slot, const bgc_int *a, const bgc_int *b);
bgc_err bgc_primes_iter_next(bgc_val *slot, bgc_val *out, int *got);

/* builtins-factor.c: factor(n[, B]) (its lfn), and where its phases go
 * ("ECM curve 40/300 B1=11000"; NULL: nowhere).  The hook is called from
 * the computation, never from a signal handler. */
bgc_err bgc_bi_factor(bgc_val *r, bgc_int *args, int nargs);
/* builtins-nt.c: the number theorist's toolkit */
bgc_err bgc_bi_numdiv(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_eulerphi(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_moebius(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_omega(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_bigomega(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_issquarefree(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_issquare(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_radical(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_core(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_znprimroot(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_primepi(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_nthprime(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_valuation(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_kronecker(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_legendre(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_sqrtmod(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_znorder(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_sigma(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_ispower(bgc_int *r, bgc_int *args, int n);
bgc_err bgc_bi_divisors(bgc_val *r, bgc_int *args, int n);
bgc_err bgc_bi_sqrtmods(bgc_val *r, bgc_int *args, int n);
bgc_err bgc_bi_primes(bgc_val *r, bgc_int *args, int n);
bgc_err bgc_bi_znlog(bgc_val *r, bgc_int *args, int n);
bgc_err bgc_bi_chinese(bgc_val *r, bgc_val *args, int n);
extern void (*bgc_factor_phase_hook)(const char *phase);

#endif /* BGC_BUILTINS_H */
