/* factor.h -- integer factorisation in the limb engine: trial division,
 * perfect powers, Pollard-Brent rho, Pollard p-1, ECM, the one- and
 * two-limb fast paths and the driver that chooses among them.
 *
 * Conventions are those of bgcn.h (limb vectors, statuses, the engine
 * never prints).  Long loops poll bgcn_interrupt_flag often enough that
 * an interrupt is seen within a few milliseconds on numbers of up to a
 * few hundred digits; they then return BGCN_EINTR with nothing leaked.
 * Progress is reported through a callback the caller supplies: the
 * driver calls it with a short phase text ("ECM curve 40/300 B1=11000")
 * at the start of each phase and each curve; the caller decides whether
 * and when to show it.
 *
 * Every factor the driver reports as prime has passed BPSW
 * (bgcn_isprime), and the driver checks that the product of the
 * reported prime powers equals n before it returns. */
#ifndef BGCN_FACTOR_H
#define BGCN_FACTOR_H

#include "bgcn.h"

/* ===================================================================== */
/* == One-limb and two-limb fast paths (src/mpn/factor_u64.c)          == */
/* ===================================================================== */

/* 1 if n is prime, 0 if not (exact for every n < 2^64): trial division
 * by a few small primes, then strong Miller-Rabin in Montgomery form to
 * the seven bases known to decide all 64-bit numbers. */
int bgcn_isprime_u64(uint64_t n);

/* The complete factorisation of n >= 1: the distinct primes in
 * increasing order in p[], their exponents in e[]; returns their number
 * (0 for n = 1).  p and e need room for 15 entries (no 64-bit number has
 * more distinct prime factors).  Trial division by the primes below
 * 2^11 with multiply-by-inverse tests, then Pollard-Brent rho with
 * Montgomery arithmetic in registers (SQUFOF as the fallback). */
int bgcn_factor_u64(uint64_t n, uint64_t *p, unsigned char *e);

/* One nontrivial factor of the odd composite n (n > 3, not a prime):
 * Pollard-Brent rho with f(x) = x^2 + c in Montgomery form, at most
 * max_iter iterations; returns 0 when none was found (a cycle without a
 * factor, or the budget spent).  c in [1, n-3]. */
uint64_t bgcn_rho_u64(uint64_t n, uint64_t c, uint64_t max_iter);

/* One nontrivial factor of odd n (not a prime, not a perfect square,
 * n < 2^62) by Shanks' square forms factorisation with the multipliers
 * 1, 3, 5, 7, 11 and their products; 0 when none was found. */
uint64_t bgcn_squfof_u64(uint64_t n);

/* One nontrivial factor of the odd composite n = <n1,n0> (two limbs,
 * n1 != 0, not a prime) by Pollard-Brent rho on two-limb Montgomery
 * arithmetic in registers: {fp,2} receives it (high limb 0 when it fits
 * one); returns 1 when found, 0 when max_iter iterations found none.
 * Polls the interrupt flag: BGCN_EINTR in *st (0 returned). */
int bgcn_rho_u128(bgcn_limb_t *fp, bgcn_limb_t n1, bgcn_limb_t n0,
                  uint64_t c, uint64_t max_iter, bgcn_status *st);

/* ===================================================================== */
/* == Methods for numbers of any size (src/mpn/factor_*.c)             == */
/* ===================================================================== */

/* Each finds one factor f of N = {np,nn} (nn >= 1, np[nn-1] != 0, N odd
 * and composite, N > 2^64 not required) with 1 < f < N, written to
 * {fp,*fn} (fp has room for nn limbs, *fn normalised), or sets *fn = 0
 * when it found none.  fp must not overlap np.  The factor need not be
 * prime.  Status BGCN_OK / BGCN_ENOMEM / BGCN_EINTR. */

/* Trial division: the smallest prime factor of N below bound (bound <=
 * 2^32), in *fn = 1 limb; *fn = 0 when N has none (N itself prime and
 * below bound counts as none). */
bgcn_status bgcn_factor_trial(bgcn_limb_t *fp, long *fn,
                              const bgcn_limb_t *np, long nn,
                              uint64_t bound) BGCN_WUR;

/* Fermat's method: N = a^2 - b^2 for a = ceil(sqrt(N)) + i, i < iters;
 * finds N = p q when q - p is below about 2 sqrt(2 iters) N^(1/4) (and
 * the root of a square N). */
bgcn_status bgcn_factor_fermat(bgcn_limb_t *fp, long *fn,
                               const bgcn_limb_t *np, long nn,
                               unsigned long iters) BGCN_WUR;

/* Pollard-Brent rho, f(x) = x^2 + c (c >= 1), at most max_iter
 * iterations, products of 128 differences per gcd. */
bgcn_status bgcn_factor_rho(bgcn_limb_t *fp, long *fn, const bgcn_limb_t *np,
                            long nn, uint64_t c,
                            uint64_t max_iter) BGCN_WUR;

/* Pollard p-1 from the base 3: stage 1 raises it to every prime power
 * <= B1, stage 2 (B2 > B1, or B2 <= B1 for none) covers one more prime
 * in (B1, B2] by the standard continuation (prime gaps as precomputed
 * powers, all differences multiplied into one gcd). */
bgcn_status bgcn_factor_pm1(bgcn_limb_t *fp, long *fn, const bgcn_limb_t *np,
                            long nn, uint64_t B1, uint64_t B2) BGCN_WUR;

/* Phase reports for the caller: phase is a short text valid during the
 * call only.  The engine never prints it. */
typedef void (*bgcn_factor_progress_fn)(void *arg, const char *phase);

/* Lenstra's ECM on Montgomery curves By^2 = x^3 + Ax^2 + x with Suyama's
 * parametrisation (group order divisible by 12) from sigma.  Stage 1:
 * x-only Lucas chains (PRAC) for the prime powers <= B1;
 * stage 2: baby-step giant-step continuation over the primes in
 * (B1, B2] with D = 2310 (one product per prime pair kD +- j).  Tries
 * curves sigma = sigma0, sigma0 + 1, ... (sigma0 >= 6) up to ncurves of
 * them; progress (may be NULL) hears of each curve as
 * "ECM curve i/ncurves B1=...".  *curves_done (may be NULL) gets the
 * number of curves run. */
bgcn_status bgcn_factor_ecm(bgcn_limb_t *fp, long *fn, const bgcn_limb_t *np,
                            long nn, uint64_t B1, uint64_t B2,
                            uint64_t sigma0, long ncurves,
                            bgcn_factor_progress_fn progress, void *arg,
                            long *curves_done) BGCN_WUR;

/* The driver hands composite cofactors of bgcn_factor_siqs_min_digits
 * .. bgcn_factor_siqs_max_digits digits to the quadratic sieve
 * (bgcn_siqs, src/mpn/siqs.h) after rho, a short p-1 and ECM up to
 * factors of about 0.3 times their digits.  Variables so that tests
 * can move them. */
extern int bgcn_factor_siqs_min_digits, bgcn_factor_siqs_max_digits;

/* ===================================================================== */
/* == The driver (src/mpn/factor.c)                                    == */
/* ===================================================================== */

/* One entry of a factorisation: the natural number {p,n} (normalised,
 * allocated with bgcn_alloc_limbs), its exponent, and whether it is a
 * prime (1: passed BPSW) or a composite the methods did not split (0:
 * only with a bound or a restricted method set, see bgcn_factor_opts). */
typedef struct bgcn_factor_entry {
    bgcn_limb_t *p;
    long n;
    unsigned long e;
    int prime;
} bgcn_factor_entry;

/* A factorisation: count entries in increasing order of p, distinct. */
typedef struct bgcn_factors {
    long count, cap;
    bgcn_factor_entry *f;
    int verified; /* 1 once the product of the entries was checked = N */
} bgcn_factors;

void bgcn_factors_init(bgcn_factors *fs);
/* Frees every entry and the array; fs is then empty (re-usable). */
void bgcn_factors_clear(bgcn_factors *fs);

/* Methods the driver may use (a bit set; 0 means all of them). */
enum {
    BGCN_FM_TRIAL = 1,
    BGCN_FM_POWER = 2,
    BGCN_FM_RHO = 4,
    BGCN_FM_PM1 = 8,
    BGCN_FM_ECM = 16,
    BGCN_FM_SIQS = 32,
    BGCN_FM_FERMAT = 64,
    BGCN_FM_ALL = 127
};

typedef struct bgcn_factor_opts {
    /* 0: the complete factorisation.  B >= 2: as gp's factor(n, B): trial
     * division by the primes < B only; a cofactor left over is tested for
     * primality (BPSW) and perfect powers and otherwise reported as a
     * composite entry (prime = 0). */
    uint64_t bound;
    /* 0 or BGCN_FM_ALL: choose by size.  Otherwise only the methods in
     * the set are used (trial division by 2 and primality tests always
     * run), and a cofactor they cannot split is reported as a composite
     * entry. */
    unsigned methods;
    bgcn_factor_progress_fn progress; /* may be NULL */
    void *progress_arg;
    uint64_t seed; /* curve choice; any value */
} bgcn_factor_opts;

/* Factor N = {np,nn}, nn >= 1, N >= 1 (high zero limbs allowed; N = 0 is
 * not allowed), into *out, which must be initialised and empty.  opts
 * may be NULL (complete factorisation, no progress).  Methods by size:
 * n < 2^64 bgcn_factor_u64; otherwise trial division to 2^16, perfect
 * powers, a few Fermat steps, rho, p-1, then ECM with rising B1 (and
 * the quadratic sieve for cofactors of its size range).  Every prime entry passed BPSW and the
 * product of all entries is checked against N: out->verified = 1 when
 * it matched (0 would be an engine bug; the caller reports it).  Status BGCN_OK / BGCN_ENOMEM / BGCN_EINTR (*out then cleared). */
bgcn_status bgcn_factor(bgcn_factors *out, const bgcn_limb_t *np, long nn,
                        const bgcn_factor_opts *opts) BGCN_WUR;

#endif
