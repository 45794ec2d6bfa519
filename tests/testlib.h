/* testlib.h -- shared helpers for the engine's Criterion tests.
 *
 * Randomness: one seeded generator per test process.  The seed is printed
 * once ("BIGCALC_TEST_SEED=... (set it to replay)") and taken from the
 * environment variable BIGCALC_TEST_SEED when set, so any failure can be
 * replayed exactly.
 *
 * Operands: t_fill() writes random limbs in one of several shapes chosen
 * at random -- uniform, all-ones, zero, long runs of ones and zeros (as
 * GMP's mpn_random2: they stress carry and borrow chains), a single high
 * or low bit.  Guard limbs: t_alloc_guarded() returns space with canary
 * limbs on both sides that t_check_guards() verifies. */
#ifndef BGC_TESTLIB_H
#define BGC_TESTLIB_H

#include "bgcn.h"

#include <stdint.h>

enum t_shape {
    T_UNIFORM,
    T_ALL_ONES,
    T_ZERO,
    T_RUNS,      /* long runs of 1 bits and 0 bits */
    T_HIGH_BIT,  /* only the top bit of the top limb */
    T_ONE,       /* value 1 */
    T_NSHAPES
};

/* Seed from BIGCALC_TEST_SEED or the clock; prints it once per process. */
uint64_t t_seed(void);
uint64_t t_rand(void);              /* uniform 64 bits */
uint64_t t_rand_below(uint64_t n);  /* uniform in [0, n), n >= 1 */
long t_rand_size(long lo, long hi); /* uniform in [lo, hi] */

void t_fill_shape(bgcn_limb_t *p, long n, enum t_shape s);
/* Random shape: half the time uniform, otherwise an adversarial one. */
void t_fill(bgcn_limb_t *p, long n);
/* Like t_fill but the top limb is nonzero. */
void t_fill_normalized(bgcn_limb_t *p, long n);

/* n usable limbs with T_GUARD canary limbs on each side. */
#define T_GUARD 4
bgcn_limb_t *t_alloc_guarded(long n);
/* Returns 1 if both canaries are intact. */
int t_check_guards(const bgcn_limb_t *p, long n);
void t_free_guarded(bgcn_limb_t *p);

/* Print a limb vector to stderr as hex, most significant limb first. */
void t_dump(const char *name, const bgcn_limb_t *p, long n);
/* 1 if equal; otherwise dumps both (with the first differing index). */
int t_equal(const char *what, const bgcn_limb_t *got,
            const bgcn_limb_t *want, long n);

/* Each file including this header refers to testlib.o, so the linker takes
 * it (and its BIGCALC_CPU constructor) out of libbgctest.a even for a
 * program that calls nothing else in it: tests/num/test-comb did not, and
 * ran on the default kernel path whatever BIGCALC_CPU said. */
extern const int bgc_test_kernels_anchor;
static const int *const t_kernels_anchor_ref __attribute__((used, unused)) =
    &bgc_test_kernels_anchor;

#endif
