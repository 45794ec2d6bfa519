/* builtins-pending.c -- stand-ins for number-layer functions that have not
 * landed yet, so that bigcalc links and says "not implemented" instead of
 * failing to build.
 *
 * Every definition here is weak and the file is built into its own
 * library, linked after libbgc.a: the linker only takes this member for
 * symbols libbgc.a did not define, and a strong definition always wins
 * over these.  When the number layer is complete this file is dead code
 * and can be deleted.  BGC_NERR is the "not implemented" value (the
 * front-end's messages know it).
 */
#include "num.h"

#define PENDING1(name)                                                     \
    __attribute__((weak)) bgc_err name(bgc_int *r, const bgc_int *a)       \
    {                                                                      \
        (void)r, (void)a;                                                  \
        return BGC_NERR;                                                   \
    }
#define PENDING2(name)                                                     \
    __attribute__((weak)) bgc_err name(bgc_int *r, const bgc_int *a,       \
                                       const bgc_int *b)                   \
    {                                                                      \
        (void)r, (void)a, (void)b;                                         \
        return BGC_NERR;                                                   \
    }
#define PENDING3(name)                                                     \
    __attribute__((weak)) bgc_err name(bgc_int *r, const bgc_int *a,       \
                                       const bgc_int *b, const bgc_int *c) \
    {                                                                      \
        (void)r, (void)a, (void)b, (void)c;                                \
        return BGC_NERR;                                                   \
    }

PENDING1(bgc_isqrt)
PENDING2(bgc_iroot)
PENDING2(bgc_gcd)
PENDING2(bgc_lcm)
PENDING2(bgc_invmod)
PENDING3(bgc_powmod)
PENDING3(bgc_mulmod)
PENDING2(bgc_jacobi)
PENDING1(bgc_nextprime)
PENDING1(bgc_prevprime)
PENDING1(bgc_fact)
PENDING2(bgc_binomial)
PENDING1(bgc_fib)
PENDING1(bgc_lucas)
PENDING2(bgc_fact_mod)
PENDING2(bgc_fib_mod)
PENDING2(bgc_lucas_mod)
PENDING1(bgc_random)
PENDING1(bgc_randbits)
PENDING1(bgc_randprime)

__attribute__((weak)) bgc_err bgc_isprime(int *isprime, const bgc_int *n, long rounds)
{
    (void)isprime, (void)n, (void)rounds;
    return BGC_NERR;
}
__attribute__((weak)) void bgc_rand_seed(uint64_t seed) { (void)seed; }
__attribute__((weak)) void bgc_rand_seed_os(void) {}
