/* num.h -- bigcalc's signed integers (the bgc_ number layer).
 *
 * A bgc_int is a sign and a magnitude of 64-bit limbs kept by the limb
 * engine (src/mpn/bgcn.h).  The value is negative when size < 0 and
 * |size| is the number of significant limbs (the top one nonzero); zero is
 * size == 0.  Limb storage comes from bgcn_alloc_limbs, so the engine's
 * allocation-failure test hook reaches every allocation made here.
 *
 * Errors are values.  Every operation that can fail returns a bgc_err;
 * nothing prints or exits.  On failure the destination keeps a valid
 * (unspecified) value, so it can still be cleared or reused, and no memory
 * is leaked.
 *
 * Aliasing: any destination may be the same object as any source, as with
 * GMP's mpz functions (bgc_add(&x, &x, &x) is fine).
 *
 * Size limit: before anything is allocated, each operation bounds the size
 * of its result in bits from below and above.  When even the lower bound
 * exceeds bgc_get_max_bits() (--max-bits, default 2^34) it returns
 * BGC_ETOOBIG and records it, readable with bgc_needed_bits() (and
 * bgc_needed_exact() when it is the exact size); when only the upper bound
 * does, the result is computed and refused only if its exact size is over
 * (so a result that fits is never refused).  bgc_format_err() builds the
 * user message ("result too large: needs [at least] N bits, limit is M
 * (--max-bits)").
 *
 * Operations whose "count" argument comes from the user (exponents, shift
 * counts, root degrees, bit indices, factorial and Fibonacci indices, bit
 * counts for random numbers) take it as a bgc_int, so that absurd values
 * are refused with the right error instead of overflowing a C integer.
 *
 * Verification (man/bigcalc.1, VERIFICATION): when bgc_verify_enable(1) is on (verify.h), the
 * result of every operation below is recomputed with GMP and compared.
 */
#ifndef BGC_NUM_H
#define BGC_NUM_H

#include "bgcn.h"

#include <stddef.h>
#include <stdint.h>

typedef struct bgc_int {
    bgcn_limb_t *d; /* limbs, least significant first; NULL when alloc 0 */
    long size;      /* signed: sign of the value, |size| limbs; 0 = zero */
    long alloc;     /* limbs allocated at d */
} bgc_int;

typedef enum bgc_err {
    BGC_OK = 0,
    BGC_ENOMEM,    /* out of memory */
    BGC_EINTR,     /* interrupted (bgcn_interrupt_flag) */
    BGC_EDIVZERO,  /* division by zero */
    BGC_EMODZERO,  /* modulus is zero */
    BGC_ENOTINV,   /* not invertible (gcd(a, m) != 1) */
    BGC_ENEGARG,   /* negative argument where it is not allowed */
    BGC_ENEGEXP,   /* negative exponent (outside a modular context) */
    BGC_ETOOBIG,   /* result too large for --max-bits; see bgc_needed_bits */
    BGC_EDOMAIN,   /* argument out of the function's domain (e.g. iroot k<1,
                      jacobi with even n, prevprime(2), random(0)) */
    BGC_EBASE,     /* base not in 2..36 */
    BGC_EDIGIT,    /* bad digit in a number string */
    BGC_ERANGE,    /* value does not fit the C integer asked for */
    BGC_ENORAND,   /* no secure random source (the OS gave no entropy) */
    BGC_NERR
} bgc_err;

/* Short fixed message for an error ("division by zero", ...). */
const char *bgc_strerror(bgc_err e);
/* The full message into buf (always NUL-terminated, truncated to n):
 * for BGC_ETOOBIG it names the size needed and the limit, e.g.
 * "result too large: needs 1099511627777 bits, limit is 17179869184
 * (--max-bits)"; for the others it is bgc_strerror(e).  Returns buf. */
char *bgc_format_err(char *buf, size_t n, bgc_err e);

/* ---- limits ---------------------------------------------------------- */

#define BGC_DEFAULT_MAX_BITS ((uint64_t)1 << 34)
void bgc_set_max_bits(uint64_t bits); /* bits >= 64; smaller is raised */
uint64_t bgc_get_max_bits(void);
/* The bound recorded by the last BGC_ETOOBIG: UINT64_MAX means "more than
 * 2^64 - 1 bits". */
uint64_t bgc_needed_bits(void);
/* 1 when bgc_needed_bits() is the result's exact size, 0 when it is a
 * lower bound (the result was refused before it was computed). */
int bgc_needed_exact(void);

/* ---- life cycle, assignment ------------------------------------------ */

void bgc_init(bgc_int *x);  /* x = 0, allocates nothing */
void bgc_clear(bgc_int *x); /* frees; x is then 0 again and reusable */
void bgc_swap(bgc_int *a, bgc_int *b);
bgc_err bgc_set(bgc_int *r, const bgc_int *a);
/* Borrowed values (copy on write).  bgc_borrow makes *view read owner's
 * limbs without copying them: view->d = owner->d, alloc 0.  Any function
 * may read a borrowed int; one that writes it allocates limbs of its own
 * first (every write of limbs is preceded by making room, and room on
 * alloc 0 always allocates: the limbs seen so far are copied, the
 * owner's are never written or freed).  bgc_clear forgets a borrowed
 * int without freeing.  The view is valid while owner's limbs live
 * unchanged; *view must hold nothing of its own (it is overwritten). */
void bgc_borrow(bgc_int *view, const bgc_int *owner);
static inline int bgc_is_borrowed(const bgc_int *x)
{
    return x->alloc == 0 && x->d != NULL;
}
bgc_err bgc_set_si(bgc_int *r, long v);
bgc_err bgc_set_ui(bgc_int *r, unsigned long v);
bgc_err bgc_set_u64(bgc_int *r, uint64_t v);
/* r = +-{p,n} (any n >= 0; high zero limbs are stripped). */
bgc_err bgc_set_limbs(bgc_int *r, const bgcn_limb_t *p, long n, int negative);
/* Make room for at least n limbs (keeps the value). */
bgc_err bgc_reserve(bgc_int *r, long n);

/* ---- queries (never fail) -------------------------------------------- */

int bgc_sgn(const bgc_int *a);                    /* -1, 0, 1 */
int bgc_is_zero(const bgc_int *a);
int bgc_is_odd(const bgc_int *a);
int bgc_cmp(const bgc_int *a, const bgc_int *b);   /* -1, 0, 1 */
int bgc_cmpabs(const bgc_int *a, const bgc_int *b);
int bgc_cmp_si(const bgc_int *a, long v);
uint64_t bgc_bitlen_u(const bgc_int *a);           /* bits of |a|; 0 for 0 */
/* *out = a if it fits; otherwise BGC_ERANGE (out untouched). */
bgc_err bgc_get_si(const bgc_int *a, long *out);
bgc_err bgc_get_u64(const bgc_int *a, uint64_t *out); /* a >= 0 */
/* Low 64 bits of |a|. */
uint64_t bgc_get_low(const bgc_int *a);

/* ---- arithmetic ------------------------------------------------------ */

bgc_err bgc_neg(bgc_int *r, const bgc_int *a);
bgc_err bgc_abs(bgc_int *r, const bgc_int *a);
bgc_err bgc_add(bgc_int *r, const bgc_int *a, const bgc_int *b);
bgc_err bgc_sub(bgc_int *r, const bgc_int *a, const bgc_int *b);
bgc_err bgc_add_si(bgc_int *r, const bgc_int *a, long v);
bgc_err bgc_mul(bgc_int *r, const bgc_int *a, const bgc_int *b);
bgc_err bgc_sqr(bgc_int *r, const bgc_int *a);
/* Truncating division (C and bc): q = a / b rounded toward zero, the
 * remainder takes the sign of a.  b == 0: BGC_EDIVZERO.  q or r may be NULL
 * in bgc_tdiv_qr; q and r must be distinct objects. */
bgc_err bgc_tdiv_qr(bgc_int *q, bgc_int *r, const bgc_int *a,
                    const bgc_int *b);
bgc_err bgc_tdiv_q(bgc_int *q, const bgc_int *a, const bgc_int *b);
bgc_err bgc_tdiv_r(bgc_int *r, const bgc_int *a, const bgc_int *b);
/* Floor division (q rounded toward -inf, r has the sign of b). */
bgc_err bgc_fdiv_qr(bgc_int *q, bgc_int *r, const bgc_int *a,
                    const bgc_int *b);
/* Mathematical residue: r = a mod |m| in [0, |m|).  m == 0: BGC_EMODZERO. */
bgc_err bgc_mod(bgc_int *r, const bgc_int *a, const bgc_int *m);
/* r = a^e, e >= 0 (else BGC_ENEGEXP); 0^0 = 1. */
bgc_err bgc_pow(bgc_int *r, const bgc_int *a, const bgc_int *e);
bgc_err bgc_pow_ui(bgc_int *r, const bgc_int *a, unsigned long e);

/* ---- shifts and bits (infinite two's complement for negatives) -------- */

/* r = a * 2^n; r = floor(a / 2^n).  n < 0: BGC_ENEGARG. */
bgc_err bgc_shl(bgc_int *r, const bgc_int *a, const bgc_int *n);
bgc_err bgc_shr(bgc_int *r, const bgc_int *a, const bgc_int *n);
bgc_err bgc_shl_ui(bgc_int *r, const bgc_int *a, uint64_t n);
bgc_err bgc_shr_ui(bgc_int *r, const bgc_int *a, uint64_t n);
bgc_err bgc_and(bgc_int *r, const bgc_int *a, const bgc_int *b);
bgc_err bgc_or(bgc_int *r, const bgc_int *a, const bgc_int *b);
bgc_err bgc_xor(bgc_int *r, const bgc_int *a, const bgc_int *b);
bgc_err bgc_not(bgc_int *r, const bgc_int *a); /* -a - 1 */
/* Number of one bits; a < 0: BGC_ENEGARG (infinitely many). */
bgc_err bgc_popcount(bgc_int *r, const bgc_int *a);
bgc_err bgc_bitlen(bgc_int *r, const bgc_int *a); /* of |a| */
/* r = bit i of a (two's complement), i >= 0 else BGC_ENEGARG. */
bgc_err bgc_bit(bgc_int *r, const bgc_int *a, const bgc_int *i);
/* r = number of digits of |a| in base 2..36 (digits(0) = 1). */
bgc_err bgc_digits(bgc_int *r, const bgc_int *a, const bgc_int *base);
/* Sum of the digits of |a| in base >= 2 (any size; else BGC_EDOMAIN), as
 * gp's sumdigits. */
bgc_err bgc_sumdigits(bgc_int *r, const bgc_int *a, const bgc_int *base);

/* ---- roots ----------------------------------------------------------- */

/* floor(sqrt(a)); a < 0: BGC_ENEGARG. */
bgc_err bgc_isqrt(bgc_int *r, const bgc_int *a);
/* k-th root truncated toward zero; k < 1: BGC_EDOMAIN; a < 0 with k even:
 * BGC_ENEGARG; a < 0 with k odd: -iroot(-a, k) (as GMP's mpz_root). */
bgc_err bgc_iroot(bgc_int *r, const bgc_int *a, const bgc_int *k);

/* ---- number theory --------------------------------------------------- */

bgc_err bgc_gcd(bgc_int *r, const bgc_int *a, const bgc_int *b); /* >= 0 */
bgc_err bgc_lcm(bgc_int *r, const bgc_int *a, const bgc_int *b); /* >= 0 */
/* r = a^-1 mod |m| in [0, |m|).  m == 0: BGC_EMODZERO; gcd != 1:
 * BGC_ENOTINV.  |m| == 1 gives 0. */
bgc_err bgc_invmod(bgc_int *r, const bgc_int *a, const bgc_int *m);
/* r = b^e mod |m| in [0, |m|); e < 0 inverts b first (BGC_ENOTINV). */
bgc_err bgc_powmod(bgc_int *r, const bgc_int *b, const bgc_int *e,
                   const bgc_int *m);
/* r = b^e mod m in constant time with respect to e (bgcn_powm_sec): m odd
 * and positive, e >= 0, else BGC_EDOMAIN; the time depends only on the
 * sizes of the operands and on b and m. */
bgc_err bgc_powmod_sec(bgc_int *r, const bgc_int *b, const bgc_int *e, const bgc_int *m);
bgc_err bgc_mulmod(bgc_int *r, const bgc_int *a, const bgc_int *b,
                   const bgc_int *m);
/* r = (a + b) mod |m|, or (a - b) mod |m| when subtract, in [0, |m|);
 * m == 0: BGC_EMODZERO.  No intermediate is larger than |m|, so neither
 * this nor bgc_mulmod refuses a residue that fits --max-bits. */
bgc_err bgc_addmod(bgc_int *r, const bgc_int *a, const bgc_int *b,
                   const bgc_int *m, int subtract);
/* Jacobi symbol (a/n) in {-1,0,1}; n must be odd and > 0 (BGC_EDOMAIN). */
bgc_err bgc_jacobi(bgc_int *r, const bgc_int *a, const bgc_int *n);
/* *isprime = 1/0: BPSW, plus `rounds` random-base Miller-Rabin rounds
 * (exact below 2^64).  Negative numbers, 0 and 1 are not prime. */
bgc_err bgc_isprime(int *isprime, const bgc_int *n, long rounds);
/* Smallest prime > n;  largest prime < n (n <= 2: BGC_EDOMAIN). */
bgc_err bgc_nextprime(bgc_int *r, const bgc_int *n);
bgc_err bgc_prevprime(bgc_int *r, const bgc_int *n);
/* n! (n >= 0 else BGC_ENEGARG); binomial(n, k) (0 for k < 0 or k > n,
 * n >= 0 else BGC_ENEGARG). */
bgc_err bgc_fact(bgc_int *r, const bgc_int *n);
bgc_err bgc_binomial(bgc_int *r, const bgc_int *n, const bgc_int *k);
/* Fibonacci and Lucas numbers; negative n by F(-n) = (-1)^(n+1) F(n),
 * L(-n) = (-1)^n L(n). */
bgc_err bgc_fib(bgc_int *r, const bgc_int *n);
bgc_err bgc_lucas(bgc_int *r, const bgc_int *n);
/* Modular forms for the `mod` context: results in [0, |m|), never
 * building the full number; m == 0: BGC_EMODZERO. */
bgc_err bgc_fact_mod(bgc_int *r, const bgc_int *n, const bgc_int *m);
/* bgc_fact_mod's BGC_EDOMAIN: n is too large to step through and no
 * shortcut applies (src/num/num-comb.c); its message is
 * BGC_MSG_FACT_MOD_LIMIT (messages.h). */
bgc_err bgc_fib_mod(bgc_int *r, const bgc_int *n, const bgc_int *m);
bgc_err bgc_lucas_mod(bgc_int *r, const bgc_int *n, const bgc_int *m);

/* ---- random numbers (num-rand.c) ---------------------------------------- */

/* By default random numbers come from a cryptographically secure generator
 * (ChaCha20 keyed by the OS); after bgc_rand_seed (--seed) from a
 * reproducible, non-cryptographic stream for the rest of the process.
 * Without OS entropy the secure generator fails with BGC_ENORAND. */
void bgc_rand_seed(uint64_t seed);
int bgc_rand_is_seeded(void); /* 1 after bgc_rand_seed */
/* Uniform in [0, n); n <= 0: BGC_EDOMAIN. */
bgc_err bgc_random(bgc_int *r, const bgc_int *n);
/* Uniform in [0, 2^k) (at most k bits); k < 0: BGC_ENEGARG. */
bgc_err bgc_randbits(bgc_int *r, const bgc_int *k);
/* A random prime of exactly k bits; k < 2: BGC_EDOMAIN. */
bgc_err bgc_randprime(bgc_int *r, const bgc_int *k);

/* ---- conversion ------------------------------------------------------ */

/* Parses {s,len}: an optional '-' or '+', then digits of `base` (2..36,
 * either case), '_' separators allowed between digits.  No prefix: the
 * lexer strips 0x/0b/0o and picks the base.  Empty or bad digit:
 * BGC_EDIGIT; bad base: BGC_EBASE. */
bgc_err bgc_set_str(bgc_int *r, const char *s, size_t len, int base);
/* *out = a in base 2..36 (lower-case letters, '-' for negatives, no
 * prefix), NUL-terminated, allocated with malloc (caller frees with
 * free()); *outlen (if not NULL) = its length. */
bgc_err bgc_get_str(char **out, size_t *outlen, const bgc_int *a, int base);

#endif /* BGC_NUM_H */
