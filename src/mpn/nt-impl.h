/* nt-impl.h -- internal helpers of the number-theory files (internal,
 * interface may change). */
#ifndef BGCN_NT_IMPL_H
#define BGCN_NT_IMPL_H

#include "bgcn.h"

/* Odd primes below 1024 (171 of them), for trial division. */
extern const unsigned short bgcn_small_primes[];
#define BGCN_NSMALL_PRIMES 171

/* Fill ps[] with the odd primes below lim (lim <= 2^30), return how many;
 * ps needs room for lim/2 entries.  Eratosthenes over odd numbers with a
 * byte map in the caller's scratch sieve[] (lim/2 bytes). */
long bgcn_odd_primes_below(unsigned *ps, unsigned char *sieve, unsigned lim);

/* Strong probable-prime test of odd n > 3 to base a (Miller-Rabin):
 * ctx is n's Montgomery context, a = {ap, n} with 1 < a < n-1 (plain
 * form).  *result 1 for probable prime, 0 for composite. */
bgcn_status bgcn_sprp(int *result, bgcn_mont *ctx, const bgcn_limb_t *ap)
    BGCN_WUR;

/* log2(x) for x >= 1 to about 1e-9, without libm. */
static inline double bgcn_log2_approx(double x)
{
    int e = 0;
    while (x >= 2.0) {
        x *= 0.5;
        e++;
    }
    /* ln(x) = 2 atanh(z), z = (x-1)/(x+1) <= 1/3 */
    double z = (x - 1) / (x + 1), z2 = z * z, term = z, s = 0;
    for (int k = 1; k < 40; k += 2) {
        s += term / k;
        term *= z2;
    }
    return e + 2 * s * 1.4426950408889634;
}

/* An allocated natural number (limb vector and normalised size) for the
 * product trees of factorial and binomial. */
typedef struct {
    bgcn_limb_t *p;
    long n;
} bgcn_nat;

/* *r = a * b by bgcn_mul into a new allocation; a and b are freed
 * whatever the outcome (the combining step of every product tree).
 * a->n, b->n >= 1, normalised.  Status BGCN_OK / BGCN_ENOMEM /
 * BGCN_EINTR (*r then untouched). */
bgcn_status bgcn_nat_mul_free(bgcn_nat *r, bgcn_nat *a, bgcn_nat *b)
    BGCN_WUR;

/* Product of the limbs f[0..cnt) (each nonzero) by a balanced product
 * tree with bgcn_mul; the result is allocated into *r.  cnt >= 1.
 * Polls BGCN_POLL.  Status BGCN_OK / BGCN_ENOMEM / BGCN_EINTR. */
bgcn_status bgcn_prod_limbs(bgcn_nat *r, const bgcn_limb_t *f, long cnt)
    BGCN_WUR;

/* Product of the cnt terms first, first + step, ..., first + (cnt-1) step
 * (each nonzero and below 2^64), 0 <= cnt <= 64, allocated into *r (1 when
 * cnt is 0): as many terms per limb as fit, then bgcn_prod_limbs.  Serves
 * the ranges of bgcn_bin (step 1) and bgcn_fac's odd parts (step 2).
 * Status as bgcn_prod_limbs. */
bgcn_status bgcn_prod_progression(bgcn_nat *r, uint64_t first, uint64_t step,
                                  uint64_t cnt) BGCN_WUR;

#endif
