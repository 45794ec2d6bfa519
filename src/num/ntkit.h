/* ntkit.h -- the number theorist's toolkit over bgc_int: arithmetic
 * functions of a factorisation, modular square roots, CRT, orders,
 * primitive roots, discrete logarithms, symbols, and primes (segmented
 * sieve, prime counting, n-th prime).  Names follow PARI/GP where gp has
 * the function; the man page (man/bigcalc.1) gives each one's edge cases.
 *
 * Conventions as num.h: every function returns a bgc_err, destinations
 * may alias sources, nothing prints.  Functions whose result is a list
 * write a bgc_intvec (a growable array of bgc_int) that the caller owns.
 * "No solution" cases (no square root, inconsistent congruences, no
 * primitive root, no logarithm) are BGC_EDOMAIN unless stated.
 */
#ifndef BGC_NTKIT_H
#define BGC_NTKIT_H

#include "nt-factors.h"
#include "num.h"

/* ---- a list of integers -------------------------------------------------- */

typedef struct bgc_intvec {
    bgc_int *v;
    long n, cap;
} bgc_intvec;

void bgc_intvec_init(bgc_intvec *l);
void bgc_intvec_clear(bgc_intvec *l);
/* Appends a copy of x. */
bgc_err bgc_intvec_push(bgc_intvec *l, const bgc_int *x);
bgc_err bgc_intvec_push_u64(bgc_intvec *l, uint64_t x);
/* Sorts increasingly. */
void bgc_intvec_sort(bgc_intvec *l);

/* ---- arithmetic functions (nt-arith.c) ----------------------------------
 * All of them look at |n|; n == 0 is BGC_EDOMAIN except where noted. */

/* The positive divisors of |n|, increasing.  Refused with BGC_ETOOBIG
 * when there would be more than 2^24 of them. */
bgc_err bgc_divisors(bgc_intvec *out, const bgc_int *n);
bgc_err bgc_numdiv(bgc_int *r, const bgc_int *n);
/* Sum of d^k over the divisors d of |n|; k >= 0 (BGC_ENEGARG). */
bgc_err bgc_sigma(bgc_int *r, const bgc_int *n, const bgc_int *k);
bgc_err bgc_eulerphi(bgc_int *r, const bgc_int *n);
/* The same two read off a factorisation already made (bgc_factorize;
 * --verify checks that factorisation and recomputes from it). */
bgc_err bgc_sigma_f(bgc_int *r, const bgc_factors *f, const bgc_int *k);
bgc_err bgc_eulerphi_f(bgc_int *r, const bgc_factors *f);
bgc_err bgc_moebius(bgc_int *r, const bgc_int *n);
bgc_err bgc_omega(bgc_int *r, const bgc_int *n);    /* distinct primes */
bgc_err bgc_bigomega(bgc_int *r, const bgc_int *n); /* with multiplicity */
/* 1/0; issquarefree(0) = 0. */
bgc_err bgc_issquarefree(bgc_int *r, const bgc_int *n);
/* 1/0: n = x^2 for an integer x (0 and 1 are squares, negatives not). */
bgc_err bgc_issquare(bgc_int *r, const bgc_int *n);
/* k == NULL: the largest k >= 2 with n = x^k, or 0 (gp: ispower(0) =
 * ispower(1) = ispower(-1) = 0).  Otherwise 1/0 for n = x^k with x an
 * integer (k >= 1, else BGC_EDOMAIN; negative n needs odd k). */
bgc_err bgc_ispower(bgc_int *r, const bgc_int *n, const bgc_int *k);
/* Largest v with p^v | n; |p| >= 2 (BGC_EDOMAIN), n != 0 (BGC_EDOMAIN:
 * the valuation of 0 is infinite). */
bgc_err bgc_valuation(bgc_int *r, const bgc_int *n, const bgc_int *p);
/* Product of the distinct primes of |n| (radical(1) = 1). */
bgc_err bgc_radical(bgc_int *r, const bgc_int *n);
/* The squarefree d with n = d * f^2, sign of n kept (core(0) = 0). */
bgc_err bgc_core(bgc_int *r, const bgc_int *n);

/* ---- symbols, CRT, square roots (nt-modular.c) ------------------------- */

/* Kronecker symbol (a/n) for any a, n (gp's kronecker). */
bgc_err bgc_kronecker(bgc_int *r, const bgc_int *a, const bgc_int *n);
/* Legendre symbol (a/p) for an odd prime p (BGC_EDOMAIN otherwise). */
bgc_err bgc_legendre(bgc_int *r, const bgc_int *a, const bgc_int *p);
/* The x in [0, L) with x = r[i] mod m[i] for every i, L = lcm of the
 * |m[i]|; moduli need not be coprime.  cnt >= 0 (cnt == 0 gives 0, L = 1).
 * A zero modulus: BGC_EMODZERO; no common solution: BGC_EDOMAIN.  lcm may
 * be NULL. */
bgc_err bgc_chinese(bgc_int *x, bgc_int *lcm, const bgc_int *r,
                    const bgc_int *m, long cnt);
/* A square root r of a modulo |m| with 0 <= r <= |m|/2: the smaller of the
 * two roots for a prime (or odd prime power) modulus, the smallest root
 * otherwise.  m == 0: BGC_EMODZERO; no root: BGC_EDOMAIN. */
bgc_err bgc_sqrtmod(bgc_int *r, const bgc_int *a, const bgc_int *m);
/* Every root in [0, |m|), increasing (empty when there is none);
 * BGC_ETOOBIG beyond 2^24 roots. */
bgc_err bgc_sqrtmods(bgc_intvec *out, const bgc_int *a, const bgc_int *m);

/* ---- orders, primitive roots, logarithms (nt-znlog.c) ------------------ */

/* Multiplicative order of a modulo |m|; gcd(a, m) != 1: BGC_ENOTINV;
 * m == 0: BGC_EMODZERO.  Modulo 1 the order is 1. */
bgc_err bgc_znorder(bgc_int *r, const bgc_int *a, const bgc_int *m);
/* The smallest primitive root modulo |m| (m = 1, 2, 4, p^k, 2p^k with p
 * an odd prime); other m: BGC_EDOMAIN. */
bgc_err bgc_znprimroot(bgc_int *r, const bgc_int *m);
/* The smallest e >= 0 with g^e = x mod |m| (Pohlig-Hellman over the
 * order of g, baby-step giant-step per prime).  *found = 0 when there is
 * none (gp returns []).  g must be invertible (BGC_ENOTINV). */
bgc_err bgc_znlog(bgc_int *r, int *found, const bgc_int *x,
                  const bgc_int *g, const bgc_int *m);

/* ---- primes (nt-sieve.c, nt-primepi.c) ---------------------------------- */

/* An iterator over the primes of [a, b] in increasing order, without
 * building the list: a segmented sieve of Eratosthenes below 2^64 (a
 * window of 2^18 numbers at a time, about 64 KiB), nextprime above. */
typedef struct bgc_prime_iter {
    uint64_t lo, hi;        /* remaining range [lo, hi] (below 2^64) */
    uint64_t seg_lo;        /* first number of the current window */
    unsigned char *seg;     /* window bitmap over odd numbers */
    uint32_t *base;         /* sieving primes (odd) */
    long nbase, base_cap;
    uint64_t base_lim;      /* all primes <= base_lim are in base */
    long pos, seg_len;      /* next bit to look at; bits in the window */
    int done, big;          /* big: range above 2^64, walked by nextprime */
    bgc_int cur, bhi;       /* the big walk's last prime and bound */
} bgc_prime_iter;

/* Any a, b (a > b: empty; negatives count as below 2). */
bgc_err bgc_prime_iter_init(bgc_prime_iter *it, const bgc_int *a,
                            const bgc_int *b);
/* *got = 1 and p = the next prime, or *got = 0 at the end.  Polls the
 * interrupt flag once per window (BGC_EINTR). */
bgc_err bgc_prime_iter_next(bgc_prime_iter *it, bgc_int *p, int *got);
/* The same for ranges below 2^64 without a bgc_int: 0 at the end
 * (and on interrupt or memory failure, with *err set). */
uint64_t bgc_prime_iter_next_u64(bgc_prime_iter *it, bgc_err *err);
void bgc_prime_iter_clear(bgc_prime_iter *it);

/* The primes of [a, b] as a list (BGC_ETOOBIG above 2^26 of them). */
bgc_err bgc_primes(bgc_intvec *out, const bgc_int *a, const bgc_int *b);
/* Number of primes <= n (0 for n < 2).  Lagarias-Miller-Odlyzko below
 * 2^62 (BGC_EDOMAIN above). */
bgc_err bgc_primepi(bgc_int *r, const bgc_int *n);
/* The k-th prime, k >= 1 (BGC_EDOMAIN otherwise; up to 2^52). */
bgc_err bgc_nthprime(bgc_int *r, const bgc_int *k);
/* The engine-free cores, for tests and the iterator's users. */
uint64_t bgc_primepi_u64(uint64_t n, bgc_err *err);

#endif /* BGC_NTKIT_H */
