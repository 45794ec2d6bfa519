/* factor-impl.h -- internal helpers shared by the factoring files
 * (interface may change): a segmented prime iterator, arithmetic modulo
 * N in Montgomery form with a sticky status, a small random generator,
 * and the stage-1 exponent (products of prime powers <= B1). */
#ifndef BGCN_FACTOR_IMPL_H
#define BGCN_FACTOR_IMPL_H

#include "factor.h"

/* ---- primes in increasing order (src/mpn/factor_primes.c) ---- */

/* Sieves [lo, hi] in windows of 2^17 odd numbers with the odd primes up
 * to sqrt(hi); hi < 2^62. */
typedef struct bgcn_fpit {
    uint64_t next_lo; /* first odd number of the next window */
    uint64_t hi;
    uint32_t *base;   /* odd primes <= sqrt(hi) */
    long nbase;
    unsigned char *win; /* win[i] = 1 when win_lo + 2i is prime */
    uint64_t win_lo;
    long win_len, pos;
    int two; /* 2 still to be reported */
} bgcn_fpit;

/* The primes p with lo <= p <= hi.  Status BGCN_OK / BGCN_ENOMEM. */
bgcn_status bgcn_fpit_init(bgcn_fpit *it, uint64_t lo, uint64_t hi) BGCN_WUR;
/* The next prime, or 0 when the range is exhausted. */
uint64_t bgcn_fpit_next(bgcn_fpit *it);
void bgcn_fpit_clear(bgcn_fpit *it);

/* ---- stage-1 exponent ---- */

/* The product of p^k (largest k with p^k <= B1) over the primes
 * p <= B1, cut into chunks of at most BGCN_FCHUNK limbs each (several
 * ladders with a normalisation between them instead of one huge one).
 * Chunk i is {limbs + off[i], off[i+1] - off[i]}, normalised. */
#define BGCN_FCHUNK 8
typedef struct bgcn_fexp {
    bgcn_limb_t *limbs;
    long *off;
    long nchunks;
} bgcn_fexp;
bgcn_status bgcn_fexp_init(bgcn_fexp *e, uint64_t B1) BGCN_WUR;
void bgcn_fexp_clear(bgcn_fexp *e);

/* ---- arithmetic modulo N ---- */

typedef struct bgcn_fmod {
    bgcn_mont m;       /* N's Montgomery context */
    long n;            /* limbs */
    bgcn_limb_t *r3;   /* R^3 mod N (turns inverses into Montgomery form) */
    bgcn_status st;    /* first non-OK status of a product, sticky */
} bgcn_fmod;

bgcn_status bgcn_fmod_init(bgcn_fmod *c, const bgcn_limb_t *np,
                           long nn) BGCN_WUR;
void bgcn_fmod_clear(bgcn_fmod *c);

static inline void bgcn_fm_mul(bgcn_fmod *c, bgcn_limb_t *r,
                               const bgcn_limb_t *a, const bgcn_limb_t *b)
{
    if (c->n <= BGCN_MONT_KERNEL_MAX) {
        bgcn_mont_mul_n(r, a, b, c->m.mp, c->n, c->m.minv);
    } else {
        bgcn_status s = bgcn_mont_mul(&c->m, r, a, b);
        if (s != BGCN_OK)
            c->st = s;
    }
}

static inline void bgcn_fm_sqr(bgcn_fmod *c, bgcn_limb_t *r,
                               const bgcn_limb_t *a)
{
    if (c->n <= BGCN_MONT_SQR_KERNEL_MAX) {
        bgcn_mont_sqr_n(r, a, c->m.mp, c->n, c->m.minv);
    } else {
        bgcn_status s = bgcn_mont_sqr(&c->m, r, a);
        if (s != BGCN_OK)
            c->st = s;
    }
}

/* Up to BGCN_FM_SMALL limbs, + and - modulo N are inline loops: at ECM's
 * sizes (a 100-digit N is 6 limbs) the calls of add_n, sub_n and cmp
 * through the kernel table cost more than the arithmetic. */
#define BGCN_FM_SMALL 16

/* r = a + b mod N, a, b < N; r may equal a or b */
static inline void bgcn_fm_add(bgcn_fmod *c, bgcn_limb_t *r,
                               const bgcn_limb_t *a, const bgcn_limb_t *b)
{
    long n = c->n;
    if (n <= BGCN_FM_SMALL) {
        const bgcn_limb_t *m = c->m.mp;
        bgcn_limb_t s[BGCN_FM_SMALL], d[BGCN_FM_SMALL], cy = 0, bw = 0;
        for (long j = 0; j < n; j++) {
            unsigned __int128 t = (unsigned __int128)a[j] + b[j] + cy;
            s[j] = (bgcn_limb_t)t;
            cy = (bgcn_limb_t)(t >> 64);
        }
        for (long j = 0; j < n; j++) {
            unsigned __int128 t = (unsigned __int128)s[j] - m[j] - bw;
            d[j] = (bgcn_limb_t)t;
            bw = (bgcn_limb_t)(t >> 64) & 1;
        }
        /* a + b >= N exactly when the sum carried or s - N did not borrow */
        const bgcn_limb_t *src = (cy || !bw) ? d : s;
        for (long j = 0; j < n; j++)
            r[j] = src[j];
        return;
    }
    bgcn_limb_t cy = bgcn_add_n(r, a, b, n);
    if (cy || bgcn_cmp(r, c->m.mp, n) >= 0)
        bgcn_sub_n(r, r, c->m.mp, n);
}

/* r = a - b mod N */
static inline void bgcn_fm_sub(bgcn_fmod *c, bgcn_limb_t *r,
                               const bgcn_limb_t *a, const bgcn_limb_t *b)
{
    long n = c->n;
    if (n <= BGCN_FM_SMALL) {
        const bgcn_limb_t *m = c->m.mp;
        bgcn_limb_t bw = 0, cy = 0;
        for (long j = 0; j < n; j++) {
            unsigned __int128 t = (unsigned __int128)a[j] - b[j] - bw;
            r[j] = (bgcn_limb_t)t;
            bw = (bgcn_limb_t)(t >> 64) & 1;
        }
        bgcn_limb_t mask = (bgcn_limb_t)0 - bw; /* add N back on a borrow */
        for (long j = 0; j < n; j++) {
            unsigned __int128 t = (unsigned __int128)r[j] + (m[j] & mask) + cy;
            r[j] = (bgcn_limb_t)t;
            cy = (bgcn_limb_t)(t >> 64);
        }
        return;
    }
    if (bgcn_sub_n(r, a, b, n))
        bgcn_add_n(r, r, c->m.mp, n);
}

/* For a in Montgomery form: *ok = 1 and {r,n} = 1/a in Montgomery form
 * when a is invertible; otherwise *ok = 0 and {g,*gn} = gcd(a, N) (N
 * itself when a = 0).  r and g need n limbs each.  Status as bgcn_gcd. */
bgcn_status bgcn_fm_inv(bgcn_fmod *c, bgcn_limb_t *r, int *ok,
                        bgcn_limb_t *g, long *gn,
                        const bgcn_limb_t *a) BGCN_WUR;

/* {g,*gn} = gcd(a, N) for any residue a (0 gives N).  Status as
 * bgcn_gcd. */
bgcn_status bgcn_fm_gcd(bgcn_fmod *c, bgcn_limb_t *g, long *gn,
                        const bgcn_limb_t *a) BGCN_WUR;

/* 1 if {g,gn} is a proper factor of N (1 < g < N). */
int bgcn_fm_proper(const bgcn_fmod *c, const bgcn_limb_t *g, long gn);

/* ---- slow twins for the tests ---- */

/* One ECM curve (sigma) exactly as bgcn_factor_ecm(..., B1, B2, sigma, 1,
 * ...), but with stage 2 computed from its definition: a ladder for each
 * multiple kD -+ j of the point that the fast stage tests for each prime
 * in (B1, B2] (and for the multiples its normalisations meet).  Same
 * contract and result as bgcn_factor_ecm; for N = p * q with q a prime
 * far above B2 both find p on the same curves.  For tests (slow). */
bgcn_status bgcn_factor_ecm_twin(bgcn_limb_t *fp, long *fn,
                                 const bgcn_limb_t *np, long nn, uint64_t B1,
                                 uint64_t B2, uint64_t sigma) BGCN_WUR;

/* Stage 1 of one ECM curve (sigma, B1) alone: {x, nn} = the x-coordinate
 * of [E]P in Montgomery form (E the stage-1 exponent) by the Lucas chains
 * (ladder = 0) or by the ladder over the exponent's chunks (ladder = 1,
 * the slow twin); the two must agree.  If stage 1 finds a factor, *fn > 0
 * and {fp, *fn} is it (x is then not written).  For tests. */
bgcn_status bgcn_ecm_stage1_x(bgcn_limb_t *x, long *fn, bgcn_limb_t *fp,
                              const bgcn_limb_t *np, long nn, uint64_t B1,
                              uint64_t sigma, int ladder) BGCN_WUR;

/* Stage 1 of the eight curves sigma .. sigma + 7 as bgcn_factor_ecm
 * runs them where the kernel path has IFMA (*batched = 1: all eight in
 * the lanes of factor_ecm_ifma.c; 0: one by one, as bgcn_ecm_stage1_x
 * with ladder = 0): curve l's x into {x + l nn, nn}, or, when its stage 1
 * split N, fn[l] > 0 and the factor in {fp + l nn, fn[l]}.  x, fp: 8 nn
 * limbs; fn: 8.  For tests (the batch against the one-curve chains). */
bgcn_status bgcn_ecm_stage1_x8(bgcn_limb_t *x, long *fn, bgcn_limb_t *fp,
                               int *batched, const bgcn_limb_t *np, long nn,
                               uint64_t B1, uint64_t sigma) BGCN_WUR;

/* ECM stage 2's table of pairs (k, j) for (B1, B2) with baby steps j < jw
 * D / 2 (1 <= jw <= 4; factor_ecm.c, plan_init) against its definition:
 * *primes = the primes q > 11 in (max(B1, D / 2), B2], *uncovered = those
 * that no pair covers (q = kD - j or kD + j), *pairs = the pairs (one
 * product each per curve), *useless = the pairs that cover no such prime.
 * For tests (the 64-bit primality test per pair: keep B2 small). */
bgcn_status bgcn_ecm_plan_check(uint64_t B1, uint64_t B2, int jw,
                                long *primes, long *pairs, long *uncovered,
                                long *useless) BGCN_WUR;

/* r = a + b mod N (sub = 0) or a - b mod N (sub = 1) by ECM's
 * fixed-size sums (factor_ecm.c: unrolled carry chains up to 8 limbs,
 * bgcn_fm_add / bgcn_fm_sub above); a, b < N; r may equal a or b.  They
 * must agree with bgcn_fm_add / bgcn_fm_sub.  For tests. */
void bgcn_ecm_fm_addsub(bgcn_fmod *c, bgcn_limb_t *r, const bgcn_limb_t *a,
                        const bgcn_limb_t *b, int sub);

/* ---- ECM stage 1 on eight curves at once (factor_ecm_ifma.c) ----
 * A Lucas chain is a program over six point slots (0: the point, which
 * the chain multiplies in place; 1..5: scratch): ADD r = p + q given the
 * difference d, DBL r = 2p, COPY r = p.  factor_ecm.c writes it once per
 * prime and runs it on one curve (64-bit Montgomery products) or on the
 * eight lanes below, so both follow the same chain. */
enum { BGCN_CHOP_ADD, BGCN_CHOP_DBL, BGCN_CHOP_COPY };
typedef struct {
    unsigned char t, r, p, q, d;
} bgcn_chop;

/* Eight curves modulo the same N in AVX-512 IFMA lanes: a number is K
 * digits of 52 bits, digit j of lane l at [8 j + l] of a uint64_t array
 * of 8 K (a point: X then Z, 16 K), in Montgomery form with R52 =
 * 2^(52 K), 2^(52 K) >= 16 N.  Products leave values below 2N, sums and
 * differences below 4N, and any two values below 4N may be multiplied
 * (factor_ecm_ifma.c), so no operation reduces fully.  K = 0: not
 * available (no BGCN_CAP_IFMA in the kernel path, N above 8 limbs, or a
 * build without the vector code). */
#define BGCN_ECM8_KMAX 10
typedef struct bgcn_ecm8 {
    int K;
    long n;                               /* limbs of N */
    uint64_t k0;                          /* -N^-1 mod 2^52 */
    uint64_t nd[BGCN_ECM8_KMAX];          /* digits of N */
    uint64_t n2d[BGCN_ECM8_KMAX];         /* digits of 2N */
    bgcn_limb_t f[8];                     /* R52 mod N (plain, n limbs) */
    uint64_t a24[8 * BGCN_ECM8_KMAX];     /* each lane's (A + 2) / 4 */
} bgcn_ecm8;

/* Sets up c for {np, nn} (odd, nn >= 1); c->K = 0 when not available.
 * BGCN_OK or BGCN_ENOMEM. */
bgcn_status bgcn_ecm8_init(bgcn_ecm8 *c, const bgcn_limb_t *np,
                           long nn) BGCN_WUR;
/* Lane `lane` of the number a = the plain integer {x, xn}, which must be
 * below 2^(52 K) (no conversion: to enter Montgomery form, multiply by
 * R52 first, e.g. bgcn_fm_mul with c->f). */
void bgcn_ecm8_set(const bgcn_ecm8 *c, uint64_t *a, int lane,
                   const bgcn_limb_t *x, long xn);
/* {x, n + 1} = the plain integer in lane `lane` of a (canonical digits
 * below 2^52 each, as every operation leaves them). */
void bgcn_ecm8_get(const bgcn_ecm8 *c, bgcn_limb_t *x, const uint64_t *a,
                   int lane);
/* Runs the chain {o, cnt} on the eight lanes; slot[i] are points (16 K
 * words each), doublings use c->a24.  Slots must not overlap. */
void bgcn_ecm8_chain(const bgcn_ecm8 *c, uint64_t *const *slot,
                     const bgcn_chop *o, int cnt);
/* One operation on eight lanes (for tests): op 0 r = a b / R52 (a, b <
 * 4N: r < 2N), 1 r = a + b (a, b < 2N: r < 4N), 2 r = a - b + 2N (a, b <
 * 2N: r < 4N); r may equal a or b. */
void bgcn_ecm8_op(const bgcn_ecm8 *c, uint64_t *r, const uint64_t *a,
                  const uint64_t *b, int op);
/* Stage 2's pair products on eight lanes: with acc0 = {acc, 8K} and acc1
 * = {acc + 8K, 8K} (values below 2N), multiplies in x_t - bx[i] for each
 * t < cnt (x_t at xk + 8K t) and each bit i set in {mask + t mw, mw}
 * (mw <= 16; bx[i] at bx + 8K i), bits alternately into acc0 and acc1. */
void bgcn_ecm8_pairs(const bgcn_ecm8 *c, uint64_t *acc, const uint64_t *xk,
                     int cnt, const uint64_t *bx, const uint64_t *mask,
                     int mw);

/* ---- random numbers (splitmix64) ---- */

static inline uint64_t bgcn_frand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#endif
