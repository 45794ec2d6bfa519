/* nt-factors.h -- a factorisation as a value: the interface between the
 * factoring driver and the functions that need the prime factors of a
 * number (divisors, sigma, eulerphi, sqrtmod for composite moduli,
 * znorder, znprimroot, znlog...).
 *
 * A bgc_factors is an array of (prime, exponent) pairs in increasing
 * order of the primes, each prime at most once.  bgc_factorize fills it
 * for |n| with the factoring engine's driver (bgcn_factor, src/mpn/
 * factor.h), as factor() does: every prime passed BPSW and the product
 * was checked.
 */
#ifndef BGC_NT_FACTORS_H
#define BGC_NT_FACTORS_H

#include "num.h"

typedef struct bgc_factors {
    bgc_int *p;  /* the primes, increasing, each > 1 */
    uint64_t *e; /* their exponents, each >= 1 */
    long n;      /* number of pairs */
    long cap;    /* room in p and e */
} bgc_factors;

void bgc_factors_init(bgc_factors *f);  /* empty, allocates nothing */
void bgc_factors_clear(bgc_factors *f); /* frees; f is then empty again */
/* Multiplies p^e into f: p must be prime (not checked), e >= 1.  Keeps
 * the order; a prime already present has its exponent raised. */
bgc_err bgc_factors_add(bgc_factors *f, const bgc_int *p, uint64_t e);
bgc_err bgc_factors_add_u64(bgc_factors *f, uint64_t p, uint64_t e);
/* f = the factorisation of |n| (empty for |n| = 1).  n == 0: BGC_EDOMAIN.
 * Polls the interrupt flag (BGC_EINTR); f is then unspecified but can
 * still be cleared. */
bgc_err bgc_factorize(bgc_factors *f, const bgc_int *n);
/* The driver's curve and polynomial choices come from this seed, the
 * same for factor() and bgc_factorize: results and times repeat. */
#define BGC_FACTOR_SEED 0x6a09e667f3bcc908ULL
/* When set, bgc_factorize and factor() pass the driver's phases to it
 * ("ECM curve 40/300 B1=11000"; the REPL shows them beside its
 * elapsed-time line). */
extern void (*bgc_factor_phase_hook)(const char *phase);
/* r = the product of p^e over f (1 for an empty f). */
bgc_err bgc_factors_value(bgc_int *r, const bgc_factors *f);

#endif /* BGC_NT_FACTORS_H */
