/* verify.h -- --verify: recompute the number layer's results with GMP.
 *
 * When enabled, every operation of num.h (add, sub, mul, sqr, divisions,
 * shifts, bitwise, gcd, inverse, roots, powers, modexp, primality, number
 * theory, radix conversion both ways, abs, negation, bitlen) is re-done
 * with GMP from the same operands and compared with the engine's result;
 * comparisons and sign tests are answered by GMP too (check_cmp), and
 * random draws are checked by their contract and, from a seeded stream,
 * replayed (check_random in verify.c).  Only the outermost
 * number-layer call of an operation is checked (an operation built from
 * others is checked once, on its final result), which keeps the cost near
 * GMP's own time for the same work.
 *
 * A mismatch is recorded (operation, operand sizes in limbs, kernel path,
 * first differing limb) and counted; bgc_verify_report() prints the pending
 * records to a stream (the front-end calls it after each statement) and
 * bgc_verify_mismatches() tells whether the run must exit 3.
 *
 * Test-only fault injection: bgc_verify_inject("mul") (or the environment
 * variable BIGCALC_FAULT=mul read by bgc_verify_enable in a build
 * configured with --enable-test-hooks) corrupts the next
 * result of that operation kind -- one low bit of the engine's result is
 * flipped (a comparison's answer reversed; for random draws see
 * check_random in verify.c) before it is compared and returned -- so tests can prove that
 * each kind of operation is checked.  Names are those of bgc_verify_ops.
 *
 * Only src/verify/verify.c includes gmp.h.
 */
#ifndef BGC_VERIFY_H
#define BGC_VERIFY_H

#include <stdint.h>
#include <stdio.h>

void bgc_verify_enable(int on);
int bgc_verify_enabled(void);
/* Mismatches found since start (or the last bgc_verify_reset). */
unsigned long bgc_verify_mismatches(void);
/* Operations checked since start. */
unsigned long bgc_verify_checked(void);
void bgc_verify_reset(void);
/* Prints and forgets the pending mismatch records (one line each:
 * "bigcalc: verify: mismatch in mul (operands of 12, 7 limbs; kernels
 * adx): result limb 3 is 0x..., GMP has 0x..."); returns how many. */
int bgc_verify_report(FILE *fp);
/* Number of records bgc_verify_report would print now (0 in the normal
 * case: the caller can skip flushing its output before reporting). */
int bgc_verify_pending(void);
/* Arm the fault for one operation kind (NULL disarms).  Returns 0, or -1
 * if the name is unknown. */
int bgc_verify_inject(const char *op);
/* factor(): the product of the prime powers in fs equals N = {np,nn}
 * (its magnitude) and every entry marked prime passes
 * mpz_probab_prime_p; mismatches are recorded as for the other kinds.
 * The armed "factor" fault flips the low bit of the last factor. */
struct bgcn_factors;
void bgc_verify_factor(const uint64_t *np, long nn, struct bgcn_factors *fs);
/* The number theorist's toolkit (src/builtins-nt.c) by identities with
 * GMP; e is the engine's status (BGC_OK, or BGC_EDOMAIN for "no
 * solution", checked where GMP can decide it; other statuses are not
 * checked).  sqrtmod: r^2 = a (mod m), 0 <= r <= |m| - r; sqrtmods: every
 * root in [0, |m|), increasing, squaring to a, and 1 + (a|m) of them for
 * an odd prime m; znlog (found): g^r = x (mod m); chinese: x in
 * [0, lcm), x = r_i (mod m_i) for each i; arith ('p' eulerphi, 's'
 * sigma(n, k), k may be NULL): f's product is |n| and each prime passes
 * mpz_probab_prime_p, and GMP's value from f equals r.  The armed fault of
 * the kind ("sqrtmod", "znlog", "chinese", "eulerphi", "sigma") flips the
 * low bit of the result first. */
struct bgc_int;
struct bgc_factors;
void bgc_verify_sqrtmod(int e, struct bgc_int *r, const struct bgc_int *a,
                        const struct bgc_int *m);
void bgc_verify_sqrtmods(struct bgc_int *roots, long cnt,
                         const struct bgc_int *a, const struct bgc_int *m);
void bgc_verify_znlog(struct bgc_int *r, int found, const struct bgc_int *x,
                      const struct bgc_int *g, const struct bgc_int *m);
void bgc_verify_chinese(int e, struct bgc_int *x, const struct bgc_int *rs,
                        const struct bgc_int *ms, long cnt);
void bgc_verify_arith(int which, struct bgc_int *r, const struct bgc_int *n,
                      const struct bgc_int *k, const struct bgc_factors *f);
/* The GMP version used for verification (for --version). */
const char *bgc_verify_gmp_version(void);
/* NULL-terminated list of the operation kind names. */
extern const char *const bgc_verify_ops[];

#endif /* BGC_VERIFY_H */
