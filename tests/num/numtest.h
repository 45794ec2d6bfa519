/* numtest.h -- helpers for the number layer's tests: random signed
 * operands in every shape, conversion to GMP, comparison. */
#ifndef BGC_NUMTEST_H
#define BGC_NUMTEST_H

#include <criterion/criterion.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>

#include "num.h"
#include "testlib.h"

/* x = random signed value of 0..maxn limbs: zero, +-1, all-ones
 * magnitudes, runs, single bits or uniform limbs. */
static inline void nt_rand(bgc_int *x, long maxn)
{
    long n = t_rand_size(0, maxn);
    int neg = (int)(t_rand() & 1);
    switch (t_rand_below(8)) {
    case 0:
        cr_assert_eq(bgc_set_si(x, 0), BGC_OK);
        return;
    case 1:
        cr_assert_eq(bgc_set_si(x, neg ? -1 : 1), BGC_OK);
        return;
    case 2:
        cr_assert_eq(bgc_set_si(x, (long)(t_rand() % 1000) - 500), BGC_OK);
        return;
    default:
        break;
    }
    if (n == 0)
        n = 1;
    bgcn_limb_t *p = malloc((size_t)n * sizeof *p);
    t_fill(p, n);
    cr_assert_eq(bgc_set_limbs(x, p, n, neg), BGC_OK);
    free(p);
}

/* A read-only GMP view of x (valid while x is unchanged). */
static inline void nt_view(mpz_t v, const bgc_int *x)
{
    mpz_roinit_n(v, (const mp_limb_t *)x->d, x->size);
}

static inline void nt_to_mpz(mpz_t out, const bgc_int *x)
{
    mpz_t v;
    nt_view(v, x);
    mpz_set(out, v);
}

static inline void nt_from_mpz(bgc_int *x, const mpz_t v)
{
    cr_assert_eq(bgc_set_limbs(x, (const bgcn_limb_t *)mpz_limbs_read(v),
                               (long)mpz_size(v), mpz_sgn(v) < 0),
                 BGC_OK);
}

/* Well-formed (top limb nonzero, fits alloc) and equal to want. */
static inline int nt_eq(const char *what, const bgc_int *x, const mpz_t want)
{
    long n = x->size < 0 ? -x->size : x->size;
    if (n > x->alloc || (n > 0 && x->d[n - 1] == 0)) {
        fprintf(stderr, "%s: malformed (size %ld alloc %ld)\n", what,
                x->size, x->alloc);
        return 0;
    }
    mpz_t v;
    nt_view(v, x);
    if (mpz_cmp(v, want) != 0) {
        gmp_fprintf(stderr, "%s: got %#Zx\n want %#Zx\n", what, v, want);
        return 0;
    }
    return 1;
}

#endif
