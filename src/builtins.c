/* builtins.c -- the builtin function table.
 *
 * Each entry is a thin wrapper over the number layer: it picks the
 * arguments, calls num.h, and lets the error value travel back.  Results
 * are written to r, which the evaluator passes as &args[0], so wrappers
 * only read args[i] before the call that writes r (num.h allows any
 * aliasing between destination and sources).
 */
#include "builtins.h"
#include "messages.h"

#include <stdio.h>
#include <string.h>

#define A0 (&args[0])
#define A1 (&args[1])
#define A2 (&args[2])

static bgc_err f_abs(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_abs(r, A0);
}
static bgc_err f_sgn(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_set_si(r, bgc_sgn(A0));
}
static bgc_err minmax(bgc_int *r, bgc_int *args, int n, int want)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (bgc_cmp(&args[i], &args[best]) == want)
            best = i;
    return bgc_set(r, &args[best]);
}
static bgc_err f_min(bgc_int *r, bgc_int *args, int n) { return minmax(r, args, n, -1); }
static bgc_err f_max(bgc_int *r, bgc_int *args, int n) { return minmax(r, args, n, 1); }
static bgc_err fold(bgc_int *r, bgc_int *args, int n,
                    bgc_err (*op)(bgc_int *, const bgc_int *, const bgc_int *))
{
    bgc_err e = bgc_abs(A0, A0);
    for (int i = 1; i < n && e == BGC_OK; i++)
        e = op(A0, A0, &args[i]);
    if (e == BGC_OK && r != A0)
        e = bgc_set(r, A0);
    return e;
}
static bgc_err f_gcd(bgc_int *r, bgc_int *args, int n) { return fold(r, args, n, bgc_gcd); }
static bgc_err f_lcm(bgc_int *r, bgc_int *args, int n) { return fold(r, args, n, bgc_lcm); }
static bgc_err f_powmod(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_powmod(r, A0, A1, A2);
}
static bgc_err f_fdiv(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_fdiv_qr(r, NULL, A0, A1);
}
static bgc_err f_powmod_sec(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_powmod_sec(r, A0, A1, A2);
}
static bgc_err f_invmod(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_invmod(r, A0, A1);
}
static bgc_err f_mulmod(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_mulmod(r, A0, A1, A2);
}
static bgc_err f_isqrt(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_isqrt(r, A0);
}
static bgc_err f_iroot(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_iroot(r, A0, A1);
}
static bgc_err f_jacobi(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_jacobi(r, A0, A1);
}
static bgc_err f_isprime(bgc_int *r, bgc_int *args, int n)
{
    long rounds = 0;
    int p;
    bgc_err e;
    if (n > 1) {
        if (bgc_sgn(A1) < 0)
            return BGC_ENEGARG;
        if (bgc_get_si(A1, &rounds) != BGC_OK || rounds > 100000)
            return BGC_EDOMAIN;
    }
    e = bgc_isprime(&p, A0, rounds);
    if (e != BGC_OK)
        return e;
    return bgc_set_si(r, p);
}
static bgc_err f_nextprime(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_nextprime(r, A0);
}
static bgc_err f_prevprime(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_prevprime(r, A0);
}
static bgc_err f_fact(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_fact(r, A0);
}
static bgc_err f_binomial(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_binomial(r, A0, A1);
}
static bgc_err f_fib(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_fib(r, A0);
}
static bgc_err f_lucas(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_lucas(r, A0);
}
static bgc_err f_popcount(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_popcount(r, A0);
}
static bgc_err f_bitlen(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_bitlen(r, A0);
}
/* The optional base of digits() and sumdigits(): 10 when not given. */
static bgc_err base_or_ten(bgc_int *args, int n)
{
    return n < 2 ? bgc_set_si(A1, 10) : BGC_OK;
}
static bgc_err f_digits(bgc_int *r, bgc_int *args, int n)
{
    bgc_err e = base_or_ten(args, n);
    return e == BGC_OK ? bgc_digits(r, A0, A1) : e;
}
static bgc_err f_sumdigits(bgc_int *r, bgc_int *args, int n)
{
    bgc_err e = base_or_ten(args, n);
    return e == BGC_OK ? bgc_sumdigits(r, A0, A1) : e;
}
static bgc_err f_bit(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_bit(r, A0, A1);
}
static bgc_err f_xor(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_xor(r, A0, A1);
}
static bgc_err f_random(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_random(r, A0);
}
static bgc_err f_randbits(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_randbits(r, A0);
}
static bgc_err f_randprime(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    return bgc_randprime(r, A0);
}

const bgc_builtin bgc_builtins[] = {
    {"abs", 1, 1, f_abs, NULL, "abs(n)", NULL, "absolute value", NULL, NULL},
    {"sgn", 1, 1, f_sgn, NULL, "sgn(n)", NULL, "sign: -1, 0 or 1", NULL, NULL},
    {"min", 1, -1, f_min, NULL, "min(a, b, ...)", "the arguments must be integers, or one "
     "non-empty list of integers", "smallest argument (or element of one list)", NULL, bgc_bi_min},
    {"max", 1, -1, f_max, NULL, "max(a, b, ...)", "the arguments must be integers, or one "
     "non-empty list of integers", "largest argument (or element of one list)", NULL, bgc_bi_max},
    {"gcd", 1, -1, f_gcd, NULL, "gcd(a, b, ...)", "the arguments must be integers, or one "
     "list of integers", "greatest common divisor (>= 0), of integers or of one list", NULL,
     bgc_bi_gcd},
    {"lcm", 1, -1, f_lcm, NULL, "lcm(a, b, ...)", "the arguments must be integers, or one "
     "list of integers", "least common multiple (>= 0), of integers or of one list", NULL,
     bgc_bi_lcm},
    {"powmod", 3, 3, f_powmod, NULL, "powmod(b, e, m)", NULL,
     "b^e mod m in [0, |m|); a negative e inverts b", NULL, NULL},
    {"modexp", 3, 3, f_powmod, NULL, "modexp(b, e, m)", NULL, "same as powmod", NULL, NULL},
    {"fdiv", 2, 2, f_fdiv, NULL, "fdiv(a, b)", NULL,
     "floor(a / b), rounded toward minus infinity (a / b truncates)", NULL, NULL},
    {"powmod_sec", 3, 3, f_powmod_sec, NULL, "powmod_sec(b, e, m)",
     "the modulus must be odd and positive, the exponent >= 0",
     "b^e mod m, time independent of the value of e (m odd)", NULL, NULL},
    {"invmod", 2, 2, f_invmod, NULL, "invmod(a, m)", NULL, "inverse of a mod m", NULL, NULL},
    {"mulmod", 3, 3, f_mulmod, NULL, "mulmod(a, b, m)", NULL, "a*b mod m", NULL, NULL},
    {"isqrt", 1, 1, f_isqrt, NULL, "isqrt(n)", NULL, "floor of the square root", NULL, NULL},
    {"sqrt", 1, 1, f_isqrt, NULL, "sqrt(n)", NULL, "same as isqrt", NULL, NULL},
    {"iroot", 2, 2, f_iroot, NULL, "iroot(n, k)",
     "k must be at least 1", "k-th root, truncated", NULL, NULL},
    {"jacobi", 2, 2, f_jacobi, NULL, "jacobi(a, n)",
     "n must be odd and positive", "Jacobi symbol (a/n)", NULL, NULL},
    {"isprime", 1, 2, f_isprime, NULL, "isprime(n[, rounds])",
     "rounds must be at most 100000",
     "1 if n is (probably) prime: BPSW plus extra Miller-Rabin rounds", NULL, NULL},
    {"nextprime", 1, 1, f_nextprime, NULL, "nextprime(n)", NULL, "smallest prime > n", NULL, NULL},
    {"prevprime", 1, 1, f_prevprime, NULL, "prevprime(n)",
     "there is no prime below n (n must be greater than 2)", "largest prime < n", NULL, NULL},
    {"fact", 1, 1, f_fact, bgc_fact_mod, "fact(n)", BGC_FACT_MOD_LIMIT_MSG,
     "n! (same as the postfix !)", NULL, NULL},
    {"binomial", 2, 2, f_binomial, NULL, "binomial(n, k)", NULL,
     "binomial coefficient (0 when k < 0 or k > n)", NULL, NULL},
    {"fib", 1, 1, f_fib, bgc_fib_mod, "fib(n)", NULL, "n-th Fibonacci number", NULL, NULL},
    {"lucas", 1, 1, f_lucas, bgc_lucas_mod, "lucas(n)", NULL, "n-th Lucas number", NULL, NULL},
    {"popcount", 1, 1, f_popcount, NULL, "popcount(n)", NULL, "number of one bits", NULL, NULL},
    {"bitlen", 1, 1, f_bitlen, NULL, "bitlen(n)", NULL, "bit length of |n|", NULL, NULL},
    {"digits", 1, 2, f_digits, NULL, "digits(n[, base])", NULL,
     "number of digits of |n| (base 10 by default)", NULL, NULL},
    {"sumdigits", 1, 2, f_sumdigits, NULL, "sumdigits(n[, base])", "base must be at least 2",
     "sum of the digits of |n| (base 10 by default; any base >= 2)", NULL, NULL},
    {"bit", 2, 2, f_bit, NULL, "bit(n, i)", NULL, "bit i of n (two's complement)", NULL, NULL},
    {"xor", 2, 2, f_xor, NULL, "xor(a, b)", NULL, "bitwise exclusive or", NULL, NULL},
    {"random", 1, 1, f_random, NULL, "random(n)", "n must be positive",
     "uniform random integer in [0, n)", NULL, NULL},
    {"randbits", 1, 1, f_randbits, NULL, "randbits(k)", NULL,
     "uniform random integer of at most k bits, in [0, 2^k)", NULL, NULL},
    {"randprime", 1, 1, f_randprime, NULL, "randprime(k)", "k must be at least 2",
     "random prime of exactly k bits", NULL, NULL},
    /* factoring (factor) */
    {"factor", 1, 2, NULL, NULL, "factor(n[, B])", "B must be an integer of at least 2",
     "list of [prime, exponent] pairs of n (with B: trial division by primes < B only, "
     "as gp)", bgc_bi_factor, NULL},
    /* number theory (src/num/ntkit.h, src/builtins-nt.c); names as gp */
    {"divisors", 1, 1, NULL, NULL, "divisors(n)", "n must not be 0",
     "list of the positive divisors of |n|, increasing", bgc_bi_divisors, NULL},
    {"numdiv", 1, 1, bgc_bi_numdiv, NULL, "numdiv(n)", "n must not be 0",
     "number of positive divisors of |n|", NULL, NULL},
    {"sigma", 1, 2, bgc_bi_sigma, NULL, "sigma(n[, k])", "n must not be 0",
     "sum of the k-th powers of the divisors of |n| (k = 1 by default)", NULL, NULL},
    {"eulerphi", 1, 1, bgc_bi_eulerphi, NULL, "eulerphi(n)", "n must not be 0",
     "Euler's totient of |n|", NULL, NULL},
    {"moebius", 1, 1, bgc_bi_moebius, NULL, "moebius(n)", "n must not be 0",
     "Moebius function: 0 if a square divides n, else (-1)^omega(n)", NULL, NULL},
    {"omega", 1, 1, bgc_bi_omega, NULL, "omega(n)", "n must not be 0",
     "number of distinct prime factors of n", NULL, NULL},
    {"bigomega", 1, 1, bgc_bi_bigomega, NULL, "bigomega(n)", "n must not be 0",
     "number of prime factors of n, with multiplicity", NULL, NULL},
    {"issquarefree", 1, 1, bgc_bi_issquarefree, NULL, "issquarefree(n)", NULL,
     "1 if no square > 1 divides n, else 0", NULL, NULL},
    {"issquare", 1, 1, bgc_bi_issquare, NULL, "issquare(n)", NULL,
     "1 if n is a perfect square, else 0", NULL, NULL},
    {"ispower", 1, 2, bgc_bi_ispower, NULL, "ispower(n[, k])", NULL,
     "with k: 1 if n is a k-th power; without: the largest k with n a k-th power (0 if none)",
     NULL, NULL},
    {"valuation", 2, 2, bgc_bi_valuation, NULL, "valuation(n, p)", "p must be at least 2",
     "exponent of p in n", NULL, NULL},
    {"radical", 1, 1, bgc_bi_radical, NULL, "radical(n)", "n must not be 0",
     "product of the distinct primes dividing n", NULL, NULL},
    {"core", 1, 1, bgc_bi_core, NULL, "core(n)", "n must not be 0",
     "squarefree part of n", NULL, NULL},
    {"kronecker", 2, 2, bgc_bi_kronecker, NULL, "kronecker(a, n)", NULL,
     "Kronecker symbol (a/n)", NULL, NULL},
    {"legendre", 2, 2, bgc_bi_legendre, NULL, "legendre(a, p)", "p must be an odd prime",
     "Legendre symbol (a/p)", NULL, NULL},
    {"chinese", 2, 2, NULL, NULL, "chinese(residues, moduli)",
     "the congruences have no common solution",
     "x with x = r[i] mod m[i] for every i, in [0, lcm(m)) (lists; moduli need not be coprime)",
     NULL, bgc_bi_chinese},
    {"crt", 2, 2, NULL, NULL, "crt(residues, moduli)", "the congruences have no common solution",
     "the same as chinese", NULL, bgc_bi_chinese},
    {"sqrtmod", 2, 2, bgc_bi_sqrtmod, NULL, "sqrtmod(a, m)", "a has no square root modulo m",
     "a square root of a modulo m (prime, prime-power or composite m)", NULL, NULL},
    {"sqrtmods", 2, 2, NULL, NULL, "sqrtmods(a, m)", NULL,
     "list of every square root of a modulo m, increasing", bgc_bi_sqrtmods, NULL},
    {"znorder", 2, 2, bgc_bi_znorder, NULL, "znorder(a, m)", "a must be invertible modulo m",
     "multiplicative order of a modulo m", NULL, NULL},
    {"znprimroot", 1, 1, bgc_bi_znprimroot, NULL, "znprimroot(m)",
     "m has no primitive root", "smallest primitive root modulo m", NULL, NULL},
    {"znlog", 3, 3, NULL, NULL, "znlog(x, g, m)", NULL,
     "smallest e >= 0 with g^e = x mod m ([] when there is none, as gp)", bgc_bi_znlog, NULL},
    {"primes", 2, 2, NULL, NULL, "primes(a, b)",
     "the list would hold more than 2^26 primes (step with nextprime instead)",
     "list of the primes in [a, b]",
     bgc_bi_primes, NULL},
    {"primepi", 1, 1, bgc_bi_primepi, NULL, "primepi(n)", NULL,
     "number of primes <= n", NULL, NULL},
    {"nthprime", 1, 1, bgc_bi_nthprime, NULL, "nthprime(k)", "k must be at least 1",
     "the k-th prime (nthprime(1) = 2)", NULL, NULL},
    {"prime", 1, 1, bgc_bi_nthprime, NULL, "prime(k)", "k must be at least 1",
     "the same as nthprime (gp's name)", NULL, NULL},
    /* lists (lang): push and pop are compiled specially (they write to a
     * variable) but listed here for help, arity and completion */
    {"len", 1, 1, NULL, NULL, "len(v)", "the argument must be a list",
     "number of elements of list v", NULL, bgc_bi_len},
    {"push", 2, 2, NULL, NULL, "push(v, x)", NULL, "append x to the list variable v", NULL, NULL},
    {"pop", 1, 1, NULL, NULL, "pop(v)", NULL, "remove and give the last element of list v",
     NULL, NULL},
    {"concat", 1, -1, NULL, NULL, "concat(a, b, ...)", "the arguments must be lists",
     "the lists one after the other", NULL, bgc_bi_concat},
    {"range", 1, 3, NULL, NULL, "range(a, b[, step])", "the arguments must be integers, step "
     "not 0, the list at most 2^36 elements", "[a, a+step, ...] up to b (excluded); range(n) "
     "is [0, ..., n-1]", NULL, bgc_bi_range},
    {"vector", 1, 2, NULL, NULL, "vector(n[, x])", "n must be an integer from 0 to 2^36",
     "the list of n copies of x (0 by default)", NULL, bgc_bi_vector},
    {"sum", 1, -1, NULL, NULL, "sum(v)", "the arguments must be integers, or one list of "
     "integers", "sum of the elements of list v (or of the arguments)", NULL, bgc_bi_sum},
    {"prod", 1, -1, NULL, NULL, "prod(v)", "the arguments must be integers, or one list of "
     "integers", "product of the elements of list v (or of the arguments)", NULL, bgc_bi_prod},
    {"sort", 1, 1, NULL, NULL, "sort(v)", "the argument must be a list of integers",
     "the elements of list v in increasing order", NULL, bgc_bi_sort},
    {"todigits", 1, 2, NULL, NULL, "todigits(n[, base])", "n must be an integer, base at "
     "least 2", "list of the digits of |n|, most significant first", NULL, bgc_bi_todigits},
    {"fromdigits", 1, 2, NULL, NULL, "fromdigits(v[, base])", "v must be a list of integers, "
     "base an integer", "the integer with digits v (most significant first)", NULL,
     bgc_bi_fromdigits},
};
const int bgc_nbuiltins = (int)(sizeof bgc_builtins / sizeof bgc_builtins[0]);

const bgc_builtin *bgc_builtin_find(const char *name, size_t len)
{
    for (int i = 0; i < bgc_nbuiltins; i++)
        if (strlen(bgc_builtins[i].name) == len &&
            memcmp(bgc_builtins[i].name, name, len) == 0)
            return &bgc_builtins[i];
    return NULL;
}

int bgc_builtin_arity_ok(const bgc_builtin *b, int nargs)
{
    return nargs >= b->min_args && (b->max_args < 0 || nargs <= b->max_args);
}

void bgc_builtin_arity_text(const bgc_builtin *b, char *buf, size_t cap)
{
    const char *s = b->min_args == 1 ? "" : "s";
    if (b->max_args < 0)
        snprintf(buf, cap, bgc_message(BGC_MSG_TAKES_AT_LEAST), b->min_args, s);
    else if (b->max_args == b->min_args)
        snprintf(buf, cap, bgc_message(BGC_MSG_TAKES_EXACTLY), b->min_args, s);
    else
        snprintf(buf, cap, bgc_message(BGC_MSG_TAKES_RANGE), b->min_args, b->max_args);
}

void bgc_builtin_message(const bgc_builtin *b, bgc_err e, char *buf, size_t cap)
{
    const char *name = b ? b->name : "?";
    switch (e) {
    case BGC_ENEGARG:
        snprintf(buf, cap, bgc_message(BGC_MSG_BUILTIN_NEGARG), name);
        return;
    case BGC_EDOMAIN:
        snprintf(buf, cap, bgc_message(BGC_MSG_BUILTIN_DOMAIN), name,
                 b && b->domain ? b->domain : bgc_strerror(BGC_EDOMAIN));
        return;
    case BGC_ERANGE:
        snprintf(buf, cap, bgc_message(BGC_MSG_BUILTIN_RANGE), name);
        return;
    case BGC_EBASE:
        snprintf(buf, cap, bgc_message(BGC_MSG_BUILTIN_BASE), name);
        return;
    case BGC_ENOTINV:
        snprintf(buf, cap, bgc_message(BGC_MSG_BUILTIN_NOTINV), name);
        return;
    case BGC_EMODZERO:
        snprintf(buf, cap, bgc_message(BGC_MSG_BUILTIN_MODZERO), name);
        return;
    default:
        bgc_format_err(buf, cap, e);
        return;
    }
}
