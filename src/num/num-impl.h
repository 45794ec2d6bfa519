/* num-impl.h -- internals shared by the number layer's files (src/num/)
 * and the verifier (src/verify/verify.c).  Not for the front-end. */
#ifndef BGC_NUM_IMPL_H
#define BGC_NUM_IMPL_H

#include "num.h"

#define BGC_ABS(x) ((x) < 0 ? -(x) : (x))
#define BGC_MAX(a, b) ((a) > (b) ? (a) : (b))
#define BGC_MIN(a, b) ((a) < (b) ? (a) : (b))

/* Engine status -> layer error. */
static inline bgc_err bgc_from_status(bgcn_status st)
{
    return st == BGCN_OK ? BGC_OK
           : st == BGCN_EINTR ? BGC_EINTR
                              : BGC_ENOMEM;
}
#define BGC_TRY(expr)                                                      \
    do {                                                                   \
        bgc_err bgc_try_e_ = (expr);                                       \
        if (bgc_try_e_ != BGC_OK)                                          \
            return bgc_try_e_;                                             \
    } while (0)

/* Grow x to hold at least n limbs, keeping its value.  Refuses sizes over
 * the --max-bits limit (plus slack) as BGC_ETOOBIG. */
bgc_err bgc_grow(bgc_int *x, long n);
static inline bgc_err bgc_room(bgc_int *x, long n)
{
    return n <= x->alloc ? BGC_OK : bgc_grow(x, n);
}
/* Returns BGC_ETOOBIG (recording bits) when bits > the limit, else OK.
 * bits is the result's exact size (the message names it as such). */
bgc_err bgc_check_bits(uint64_t bits);
/* The result will have between lo and hi bits (lo <= hi).  BGC_ETOOBIG
 * when even lo is over the limit (the message names lo, "at least" unless
 * lo == hi); otherwise BGC_OK, with *recheck = 1 when hi is over the
 * limit: the caller computes the result, then calls bgc_check_exact on
 * it, so that a result that fits is never refused for its bound. */
bgc_err bgc_check_size(uint64_t lo, uint64_t hi, int *recheck);
/* BGC_ETOOBIG (naming its exact size) when x is over the limit. */
bgc_err bgc_check_exact(const bgc_int *x);
/* The end of an entry point that had the engine write rn limbs into the
 * fresh t, e being its status: when e is BGC_OK, t (normalised,
 * non-negative) becomes r and, with recheck, its exact size is checked
 * (bgc_check_exact).  t is cleared in every case.  Returns the status. */
bgc_err bgc_take_limbs(bgc_int *r, bgc_int *t, long rn, bgc_err e, int recheck);
/* A lower bound of the bits of a value v >= 1 from an estimate b of
 * log2 v (relative error below 1e-12): the twin of bgc_bits_of_log2. */
uint64_t bgc_bits_below(double b);
/* Size estimates: log2(x) for x >= 1 (double precision, no libm), and a
 * bit count from an estimate b of log2 of a value: floor(b) + 2, so that
 * it never undershoots (UINT64_MAX when b is beyond 64-bit counts). */
double bgc_lg2(double x);
uint64_t bgc_bits_from(double b);
/* The bits of a value v >= 2 from b >= log2(v) computed in doubles (the
 * relative margin covers their rounding): floor(log2 v) + 1, or one more
 * when log2 v is within the margin below an integer. */
static inline uint64_t bgc_bits_of_log2(double b)
{
    b *= 1 + 1e-12;
    return b >= 1.8e19 ? UINT64_MAX : (uint64_t)b + 1;
}
/* Saturating helpers for size bounds. */
static inline uint64_t bgc_sat_add(uint64_t a, uint64_t b)
{
    return a + b < a ? UINT64_MAX : a + b;
}
static inline uint64_t bgc_sat_mul(uint64_t a, uint64_t b)
{
    if (a != 0 && b > UINT64_MAX / a)
        return UINT64_MAX;
    return a * b;
}
/* Strip high zero limbs of x (|size| limbs written) and set its sign. */
static inline void bgc_norm(bgc_int *x, long n, int negative)
{
    while (n > 0 && x->d[n - 1] == 0)
        n--;
    x->size = negative ? -n : n;
}
/* Bits of a limb value (0 for 0). */
static inline unsigned bgc_limb_bits(bgcn_limb_t v)
{
    return v ? 64u - (unsigned)__builtin_clzll(v) : 0;
}
/* A user "count" argument (exponent, shift, index): *out = n, saturated
 * to UINT64_MAX when n >= 2^64 (callers bound sizes with saturating
 * arithmetic); n < 0: BGC_ENEGARG. */
bgc_err bgc_get_count(const bgc_int *n, uint64_t *out);

/* Magnitude division helper used by several files: q = |a| / |b|,
 * r = |a| mod |b| (non-negative results; q or r may be NULL; b != 0; q, r
 * distinct from each other; may alias a or b). */
bgc_err bgc_divmod_abs(bgc_int *q, bgc_int *r, const bgc_int *a,
                       const bgc_int *b);

/* num-rand.c: the next number of the process's stream (secure unless
 * seeded); bgc_rand_u64 fails with BGC_ENORAND without OS entropy, while
 * bgc_rand64 (for Miller-Rabin bases, which need no secrecy) never fails. */
bgc_err bgc_rand_u64(uint64_t *x);
uint64_t bgc_rand64(void);
/* The state of the seeded stream (--seed) into s: 1, or 0 when the
 * stream is not seeded (s untouched).  For the verifier's replay. */
int bgc_rand_state(uint64_t s[4]);
/* Puts the seeded stream back to a state bgc_rand_state gave: a fuzz
 * target's reference evaluation replays the draws of the path it checks. */
void bgc_rand_set_state(const uint64_t s[4]);
/* The ChaCha20 block function of RFC 8439: out = 20 rounds of in, plus in. */
void bgc_chacha20_block(uint32_t out[16], const uint32_t in[16]);

/* ---- the verification hook ---------------------------------------------
 *
 * The number layer knows nothing of GMP: a verifier (src/verify/verify.c,
 * the only one) installs its functions with bgc_num_set_verifier, and the
 * verified entry points call them through bgc_v_hook.  With no verifier
 * installed bgc_v_on is 0 and every entry point runs unchecked, so the
 * number layer links without GMP (num-hook.c holds the hook's state). */

typedef enum bgc_vop {
    BGC_V_ADD, BGC_V_SUB, BGC_V_MUL, BGC_V_SQR, BGC_V_TDIV, BGC_V_FDIV,
    BGC_V_MOD, BGC_V_POW, BGC_V_SHL, BGC_V_SHR, BGC_V_AND, BGC_V_OR,
    BGC_V_XOR, BGC_V_NOT, BGC_V_POPCOUNT, BGC_V_BIT, BGC_V_DIGITS,
    BGC_V_SQRT, BGC_V_ROOT, BGC_V_GCD, BGC_V_LCM, BGC_V_INVMOD,
    BGC_V_POWMOD, BGC_V_MULMOD, BGC_V_JACOBI, BGC_V_ISPRIME,
    BGC_V_NEXTPRIME, BGC_V_PREVPRIME, BGC_V_FACT, BGC_V_BINOMIAL,
    BGC_V_FIB, BGC_V_LUCAS, BGC_V_FACTMOD, BGC_V_FIBMOD, BGC_V_LUCASMOD,
    BGC_V_SETSTR, BGC_V_GETSTR,
    BGC_V_FACTOR, /* factor (builtins-factor.c, bgc_verify_factor) */
    /* the toolkit's identities (builtins-nt.c, bgc_verify_sqrtmod ...) */
    BGC_V_SQRTMOD, BGC_V_ZNLOG, BGC_V_CHINESE, BGC_V_EULERPHI, BGC_V_SIGMA,
    BGC_V_SUMDIGITS,
    /* queries, checked by the verifier's check_cmp (bgc_v_cmp below):
     * cmp, cmpabs, cmp_si; sgn and is_zero */
    BGC_V_CMP, BGC_V_SGN,
    BGC_V_ABS, BGC_V_NEG, BGC_V_BITLEN,
    /* random numbers: the range (and for randprime primality and size);
     * from a seeded stream also the value, replayed (verify.c) */
    BGC_V_RANDOM, BGC_V_RANDBITS, BGC_V_RANDPRIME,
    BGC_V_NOPS
} bgc_vop;

typedef struct bgc_verifier {
    /* Take the operands of the outermost verified call: an operand that
     * is also a destination (r1, r2) is copied, the others are kept as
     * read-only views (they cannot change during the call).  x is an
     * extra small integer operand (base, rounds, shift count).  Returns
     * the token to pass to bgc_v_end (0: nothing to do). */
    int (*snap)(bgc_vop op, const bgc_int *r1, const bgc_int *r2,
                const bgc_int *a, const bgc_int *b, const bgc_int *c, long x);
    /* The same for a literal being converted (set_str). */
    int (*snap_str)(const char *s, size_t len, int base);
    /* Compare (and, under fault injection, first corrupt) the results.
     * r2 is the second result of a two-result operation (remainder) or
     * NULL; the _int and _str forms check a small integer or a string. */
    void (*check)(int tok, bgc_err e, bgc_int *r1, bgc_int *r2);
    void (*check_int)(int tok, bgc_err e, int *res);
    void (*check_str)(int tok, bgc_err e, char *s);
    /* A comparison the engine answered c (-1, 0, 1): kind 'c' is
     * cmp(a, b), 'a' cmpabs(a, b), 's' sgn(a), 'z' is_zero(a) (b NULL).
     * Returns the answer to use: GMP's, which differs from c only after a
     * mismatch (recorded).  No snapshot: the operands are only read. */
    int (*check_cmp)(int kind, int c, const bgc_int *a, const bgc_int *b);
} bgc_verifier;

/* Install v (NULL: none, verification off); resets the nesting. */
void bgc_num_set_verifier(const bgc_verifier *v);

extern const bgc_verifier *bgc_v_hook; /* the installed verifier */
extern int bgc_v_on;    /* verification enabled (a verifier installed) */
extern int bgc_v_depth; /* nesting of verified calls */

/* The comparison entry points end with this: checked when verification is
 * on and the call is not inside a verified operation (whose result is
 * checked instead).  One predictable branch when off. */
static inline int bgc_v_cmp(int kind, int c, const bgc_int *a, const bgc_int *b)
{
    if (__builtin_expect(bgc_v_on, 0) && bgc_v_depth == 0)
        return bgc_v_hook->check_cmp(kind, c, a, b);
    return c;
}

static inline int bgc_v_snap_str(const char *s, size_t len, int base)
{
    return bgc_v_hook->snap_str(s, len, base);
}
static inline int bgc_v_begin(bgc_vop op, const bgc_int *r1,
                              const bgc_int *r2, const bgc_int *a,
                              const bgc_int *b, const bgc_int *c, long x)
{
    if (!bgc_v_on)
        return 0;
    if (bgc_v_depth++ > 0)
        return 1;
    return bgc_v_hook->snap(op, r1, r2, a, b, c, x);
}
/* The whole body of a verified entry point with the results r1 and r2
 * (or NULL): snapshot the operands, evaluate `call` (the computation,
 * giving its status), compare, and return the status.  BGC_VERIFIED is
 * the one-result form. */
#define BGC_VERIFIED2(op, r1, r2, a, b, c, x, call)                       \
    do {                                                                  \
        int tok_ = bgc_v_begin(op, r1, r2, a, b, c, x);                   \
        bgc_err e_ = (call);                                              \
        bgc_v_end(tok_, e_, r1, r2);                                      \
        return e_;                                                        \
    } while (0)
#define BGC_VERIFIED(op, r, a, b, c, x, call)                             \
    BGC_VERIFIED2(op, r, NULL, a, b, c, x, call)
static inline void bgc_v_end(int tok, bgc_err e, bgc_int *r1, bgc_int *r2)
{
    if (tok == 0)
        return;
    bgc_v_depth--;
    if (tok > 1)
        bgc_v_hook->check(tok, e, r1, r2);
}
static inline void bgc_v_end_int(int tok, bgc_err e, int *res)
{
    if (tok == 0)
        return;
    bgc_v_depth--;
    if (tok > 1)
        bgc_v_hook->check_int(tok, e, res);
}
static inline void bgc_v_end_str(int tok, bgc_err e, char *s)
{
    if (tok == 0)
        return;
    bgc_v_depth--;
    if (tok > 1)
        bgc_v_hook->check_str(tok, e, s);
}

#endif /* BGC_NUM_IMPL_H */
