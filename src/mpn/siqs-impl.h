/* siqs-impl.h -- what the files of the quadratic sieve share: the state of
 * one factorisation and small signed integers on the limb engine.  Not
 * part of the engine's interface (see siqs.h). */
#ifndef BGCN_SIQS_IMPL_H
#define BGCN_SIQS_IMPL_H

#include "siqs.h"

#include <string.h>

#define SIQS_BLOCK_BITS 15
#define SIQS_BLOCK (1u << SIQS_BLOCK_BITS) /* sieve block: L1 data cache */
#define SIQS_L 16      /* limbs of a siqs_z: N < 2^400 and products */
#define SIQS_MAXS 20   /* most primes in an A */
#define SIQS_YL 5      /* limbs kept of |Ax+B| (< 2 sqrt(2kN)) */
/* Primes from here on are sieved through buckets.  With the loop-exit
 * branches of the medium sieve (mispredicted) a quarter block was best
 * (60 digits 1.48 -> 1.07 s); with its branch-free tail, half a block
 * (Zen 1, 60 digits 1.85 -> 1.74 s, min of 4; 50 and 70 digits equal).
 * Overridable for experiments. */
#ifndef SIQS_BUCKET_MIN
#define SIQS_BUCKET_MIN (SIQS_BLOCK / 2)
#endif
#define SIQS_FB_MAX (1L << 17) /* bucket entries hold 17 index bits */

/* ---- small signed integers: |value| = {d,n} normalised, n = 0 for 0 ---- */
typedef struct siqs_z {
    long n;
    int neg;
    bgcn_limb_t d[SIQS_L];
} siqs_z;

static inline void sz_set_limbs(siqs_z *r, const bgcn_limb_t *p, long n)
{
    BGCN_ASSERT(n <= SIQS_L);
    bgcn_copyi(r->d, p, n);
    r->n = bgcn_normalized_size(r->d, n);
    r->neg = 0;
}
static inline void sz_set_ui(siqs_z *r, bgcn_limb_t u)
{
    r->d[0] = u;
    r->n = u != 0;
    r->neg = 0;
}
/* r = a + (neg_b ? -b : b); r may equal a or b. */
static inline void sz_addsub(siqs_z *r, const siqs_z *a, const siqs_z *b,
                             int neg_b)
{
    int bneg = b->neg ^ neg_b;
    const siqs_z *x = a, *y = b;
    int xneg = a->neg, yneg = bneg;
    if (bgcn_cmp2(a->d, a->n, b->d, b->n) < 0) {
        x = b, y = a;
        xneg = bneg, yneg = a->neg;
    }
    long xn = x->n, yn = y->n;
    if (xn == 0) {
        r->n = 0;
        r->neg = 0;
        return;
    }
    if (xneg == yneg) {
        bgcn_limb_t cy = bgcn_add(r->d, x->d, xn, y->d, yn);
        BGCN_ASSERT(xn < SIQS_L || !cy);
        r->d[xn] = cy;
        r->n = xn + (cy != 0);
    } else {
        bgcn_sub(r->d, x->d, xn, y->d, yn);
        r->n = bgcn_normalized_size(r->d, xn);
    }
    r->neg = r->n ? xneg : 0;
}
static inline void sz_add(siqs_z *r, const siqs_z *a, const siqs_z *b)
{
    sz_addsub(r, a, b, 0);
}
static inline void sz_sub(siqs_z *r, const siqs_z *a, const siqs_z *b)
{
    sz_addsub(r, a, b, 1);
}
/* r = a * u; r may equal a. */
static inline void sz_mul_ui(siqs_z *r, const siqs_z *a, bgcn_limb_t u)
{
    if (a->n == 0 || u == 0) {
        r->n = 0;
        r->neg = 0;
        return;
    }
    bgcn_limb_t hi = bgcn_mul_1(r->d, a->d, a->n, u);
    BGCN_ASSERT(a->n < SIQS_L || !hi);
    r->d[a->n] = hi;
    r->n = a->n + (hi != 0);
    r->neg = a->neg;
}
/* r = a * x for a signed word x; r may equal a. */
static inline void sz_mul_si(siqs_z *r, const siqs_z *a, long x)
{
    sz_mul_ui(r, a, (bgcn_limb_t)(x < 0 ? -x : x));
    if (x < 0 && r->n)
        r->neg ^= 1;
}
/* r = a * b; r must not be a or b. */
static inline void sz_mul(siqs_z *r, const siqs_z *a, const siqs_z *b)
{
    if (a->n == 0 || b->n == 0) {
        r->n = 0;
        r->neg = 0;
        return;
    }
    BGCN_ASSERT(a->n + b->n <= SIQS_L);
    if (a->n >= b->n)
        bgcn_mul_basecase(r->d, a->d, a->n, b->d, b->n);
    else
        bgcn_mul_basecase(r->d, b->d, b->n, a->d, a->n);
    r->n = bgcn_normalized_size(r->d, a->n + b->n);
    r->neg = a->neg ^ b->neg;
}
/* |a| mod p, p != 0. */
static inline uint32_t sz_umod(const siqs_z *a, uint32_t p)
{
    return a->n ? (uint32_t)bgcn_mod_1(a->d, a->n, p) : 0;
}
/* a mod p in [0, p) with a's sign. */
static inline uint32_t sz_mod(const siqs_z *a, uint32_t p)
{
    uint32_t r = sz_umod(a, p);
    return (a->neg && r) ? p - r : r;
}
/* r = a / u for u dividing a; r may equal a. */
static inline void sz_divexact_ui(siqs_z *r, const siqs_z *a, bgcn_limb_t u)
{
    if (a->n == 0) {
        r->n = 0;
        r->neg = 0;
        return;
    }
    bgcn_divexact_1(r->d, a->d, a->n, u);
    r->n = bgcn_normalized_size(r->d, a->n);
    r->neg = a->neg;
}

/* ---- word arithmetic modulo factor-base primes ---- */
static inline uint32_t siqs_mulmod(uint32_t a, uint32_t b, uint32_t p)
{
    return (uint32_t)((uint64_t)a * b % p);
}
uint32_t bgcn_siqs_powmod(uint32_t a, uint32_t e, uint32_t p);
/* a^-1 mod p for gcd(a, p) = 1, a < p. */
uint32_t bgcn_siqs_invmod(uint32_t a, uint32_t p);
/* x mod p for x < 2^32 by multiplication; m = UINT64_MAX / p + 1. */
static inline uint32_t siqs_fastmod(uint32_t x, uint64_t m, uint32_t p)
{
    uint64_t low = m * x;
    return (uint32_t)(((unsigned __int128)low * p) >> 64);
}

/* {np,n} mod d (n >= 0, d != 0) from dn = d << sh normalised (sh the
 * leading zeros of d) and v = bgcn_invert_limb(dn): the remainder loop
 * of a 2/1 division by a precomputed reciprocal (N. Moller, T. Granlund,
 * "Improved division by invariant integers", IEEE Trans. Computers 60,
 * 2011), with no reciprocal computed per call as bgcn_mod_1 must (its
 * slow twin in the tests).  The candidates' trial divisions use it. */
static inline uint64_t siqs_rem21(uint64_t u1, uint64_t u0, uint64_t d,
                                  uint64_t v)
{
    /* u1 < d; the quotient estimate q1 is exact or one too large */
    unsigned __int128 q = (unsigned __int128)v * u1 +
                          (((unsigned __int128)u1 << 64) | u0);
    uint64_t q1 = (uint64_t)(q >> 64) + 1, q0 = (uint64_t)q;
    uint64_t r = u0 - q1 * d;
    if (r > q0)
        r += d;
    if (__builtin_expect(r >= d, 0))
        r -= d;
    return r;
}
static inline uint64_t siqs_mod_pre(const bgcn_limb_t *np, long n,
                                    uint64_t dn, int sh, uint64_t v)
{
    if (n <= 0)
        return 0;
    long i = n - 1;
    uint64_t r;
    if (sh == 0) {
        r = 0;
        if (np[i] < dn)
            r = np[i--];
        for (; i >= 0; i--)
            r = siqs_rem21(r, np[i], dn, v);
        return r;
    }
    uint64_t hi = np[i];
    r = hi >> (64 - sh);
    for (; i > 0; i--) {
        uint64_t lo = np[i - 1];
        r = siqs_rem21(r, (hi << sh) | (lo >> (64 - sh)), dn, v);
        hi = lo;
    }
    r = siqs_rem21(r, hi << sh, dn, v);
    return r >> sh;
}

/* log2(x) for x > 0 to about 1e-6, without libm (the engine links none):
 * the exponent, then 2 atanh((m-1)/(m+1)) for the mantissa m in [1,2). */
static inline double siqs_log2(double x)
{
    union {
        double d;
        uint64_t u;
    } v = {x};
    int e = (int)((v.u >> 52) & 0x7ff) - 1023;
    v.u = (v.u & ~(0x7ffull << 52)) | (1023ull << 52);
    double t = (v.d - 1) / (v.d + 1), t2 = t * t;
    double ln = 2 * t * (1 + t2 * (1.0 / 3 + t2 * (1.0 / 5 + t2 * (1.0 / 7 + t2 * (1.0 / 9)))));
    return e + ln * 1.4426950408889634;
}
static inline long siqs_round(double x)
{
    return (long)(x < 0 ? x - 0.5 : x + 0.5);
}

/* ---- relations ---- */
typedef struct siqs_rel {
    uint32_t foff;  /* first factor in the pool */
    uint32_t nf;    /* factor-base indices, with repetition */
    uint32_t lp[2]; /* large primes, 1 for none: lp[0] <= lp[1] */
    uint32_t u, v;  /* their vertices in the large-prime graph (0: the 1) */
    uint32_t yoff;  /* |Ax+B| in the limb pool: SIQS_YL limbs */
} siqs_rel;

typedef struct siqs_rels {
    siqs_rel *r;
    long n, cap;
    uint32_t *fac; /* column = index + 1; 0 = the sign -1 */
    long nfac, capfac;
    bgcn_limb_t *y;
    long ny, capy;
    long full, partial, pp; /* pp: partials with two large primes */
    long cycles;      /* independent cycles of the large-prime graph */
    uint32_t *lpkey;  /* open addressing: large prime -> vertex */
    uint32_t *lpval;
    long lphcap;
    uint32_t *uf;     /* union-find parents of the vertices */
    long nv, capv;    /* vertices, the 1 included */
} siqs_rels;

/* siqs_cycle.c: a cycle basis of the graph of nv vertices and ne edges
 * (eu[e], ev[e] < nv): *ncyc = ne - nv + components cycles, cycle k the
 * edge indices (*list)[(*start)[k] .. (*start)[k+1]), whose edges give
 * every vertex an even degree.  *list and *start are allocated with
 * bgcn_siqs_alloc (the caller frees them; NULL unless BGCN_OK).
 * BGCN_OK, BGCN_ENOMEM or BGCN_EINTR. */
bgcn_status bgcn_siqs_cycles(long nv, long ne, const uint32_t *eu,
                             const uint32_t *ev, uint32_t **list,
                             long **start, long *ncyc) BGCN_WUR;

/* ---- one factorisation ---- */
typedef struct siqs_ctx {
    const bgcn_limb_t *np;
    long nn;
    siqs_z N, kN;
    uint32_t k;
    uint64_t rng;

    /* parameters */
    long F;            /* factor-base size */
    long nblocks;      /* interval [-M, M) in blocks */
    uint32_t M;
    uint32_t lp_max;
    int dlp;           /* two large primes allowed */
    uint64_t dlp_max;  /* cofactors split when below this */
    uint64_t pmax2;    /* the largest factor-base prime squared */
    long small_end;    /* indices below: trial division only */
    long med_end;      /* indices from here: bucket sieve */
    unsigned char init_byte;
    double log_scale;

    /* factor base */
    uint32_t *p, *sqrtkn;
    unsigned char *logp;
    unsigned char *flag;  /* SIQS_F_TRIAL, SIQS_F_AQ */
    uint64_t *pm;         /* fastmod multipliers */
    uint64_t *pv;         /* siqs_mod_pre reciprocals of p << clz(p) */
    float *pinv;          /* 1 / p */
    uint32_t *hits;       /* scratch of the candidate searches: F entries */
    uint32_t *cands;      /* candidate positions of a block */
    uint32_t *special;    /* medium primes with a flag (k's, A's) */
    long nspecial;
    /* primes a candidate is divided by (the unsieved small ones, k's, A's)
     * in groups whose product fits a limb: one remainder per group */
    uint32_t *tdiv;       /* indices, group after group */
    uint64_t *tdinv;      /* p^-1 mod 2^64 of each (0 for p = 2) */
    uint64_t *tdlim;      /* (2^64 - 1) / p */
    uint32_t tgrp_end[128]; /* each group holds two primes or more */
    uint64_t tgrp_prod[128];
    uint64_t tgrp_v[128];   /* their siqs_mod_pre reciprocals */
    int tgrp_sh[128];
    int ntgrp;

    /* current A and B */
    int s;
    long qlo, qhi;        /* window of indices A's primes come from */
    double abits;         /* log2 of the ideal A, sqrt(2kN)/M */
    uint32_t qidx[SIQS_MAXS];
    siqs_z A, B, C, Bj[SIQS_MAXS];
    uint32_t gam[SIQS_MAXS]; /* B_j = (A/q_j) gam[j] */
    uint64_t *aseen;      /* hashes of the A already used */
    long naseen, capaseen;
    uint32_t *root1, *root2;
    uint32_t *delta;      /* (s-1) rows of F: 2 Bj / A mod p */
    long npoly;           /* polynomials sieved */

    /* sieve */
    unsigned char *sieve;
    uint32_t *next1, *next2;
    uint32_t *medk;       /* SIQS_BLOCK / p of the medium primes */
    uint32_t *bucket;     /* nblocks rows of bucket_cap entries */
    uint32_t *bucket_n;
    long bucket_cap;
    /* runs of bucketed primes of one log: lseg_start[k] <= i <
     * lseg_start[k+1] (or F) have logp[i] = lseg_log[k] */
    uint32_t lseg_start[256];
    unsigned char lseg_log[256];
    int nlseg;
    uint32_t *bkhit;      /* a block's bucket entries at candidates */
    const uint32_t *cbk;  /* the entries candidates of a block scan */
    uint32_t ncbk;
    int vec;              /* SIQS_VEC_*: which twins of the scans run */

    siqs_rels rels;
    bgcn_siqs_opts opts;
    bgcn_siqs_progress_fn opts_progress;
    void *opts_arg;
} siqs_ctx;

/* The vector twins in use (siqs.c picks them once per factorisation). */
#define SIQS_VEC_C 0
#define SIQS_VEC_AVX2 1
#define SIQS_VEC_AVX512 2

#define SIQS_F_TRIAL 1 /* 2 and primes dividing k: never sieved */
#define SIQS_F_AQ 2    /* a prime of the current A */

void *bgcn_siqs_alloc(size_t bytes);
void bgcn_siqs_free(void *p);

/* siqs_poly.c: choose a new A and set B, C and the roots of every prime
 * for its first polynomial (ENOMEM only). */
bgcn_status bgcn_siqs_new_a(siqs_ctx *c) BGCN_WUR;
/* The roots and Gray-code steps of every prime for the first polynomial
 * of the current A (from A, B, the B_j and gam), as bgcn_siqs_new_a sets
 * them: slow = 0 by word products modulo each prime, slow = 1 by
 * multiple-precision remainders (the twin tests compare).  Same arrays
 * either way. */
void bgcn_siqs_roots(siqs_ctx *c, int slow);
/* siqs.c, for tests: sets the factorisation of N up as bgcn_siqs does
 * (N as bgcn_siqs takes it), draws na values of A with the seed and
 * computes the roots by both twins of bgcn_siqs_roots; returns the
 * number of (A, prime) pairs where root1, root2 or a step differ, or -1
 * when the setup fails (ENOMEM, a factor-base prime dividing N). */
long bgcn_siqs_roots_selftest(const bgcn_limb_t *np, long nn, uint64_t seed,
                              int na);
/* Switch to polynomial i (1 <= i < 2^(s-1)) of the current A by Gray
 * code: B, C and the roots of the primes below med_end; the bucket fill
 * updates the others itself, with the sign and row returned here. */
void bgcn_siqs_next_b(siqs_ctx *c, long i, int *sub, long *row);

/* siqs_bucket.c: the bucket fill of the primes lo <= i < hi (each
 * p[i] >= 2, below 2^30; roots r1[i], r2[i] in [0, p[i])).  With d non-NULL
 * each root first steps to r + d[i] (sub) or r - d[i], mod p[i], and is
 * stored back.  Then every position pos < nblocks * SIQS_BLOCK of either
 * root's progression is appended to bucket b = pos >> SIQS_BLOCK_BITS
 * (row b of bk, cap entries a row, count bn[b]) as i << SIQS_BLOCK_BITS
 * | (pos & (SIQS_BLOCK - 1)).  Each row needs SIQS_BUCKET_SLACK spare
 * entries beyond its largest count (the vector twin stores whole
 * vectors).  The twins leave the same entries, in another order inside
 * a bucket; the AVX-512F one only where the CPU has it. */
#define SIQS_BUCKET_SLACK 16
void bgcn_siqs_fill_c(uint32_t *bk, uint32_t *bn, long cap,
                      uint32_t nblocks, const uint32_t *p, uint32_t *r1,
                      uint32_t *r2, const uint32_t *d, int sub, long lo,
                      long hi);
#if defined(__x86_64__) && defined(__GNUC__)
#define BGCN_HAVE_SIQS_AVX512 1
#define BGCN_HAVE_SIQS_AVX2 1
void bgcn_siqs_fill_avx512(uint32_t *bk, uint32_t *bn, long cap,
                           uint32_t nblocks, const uint32_t *p,
                           uint32_t *r1, uint32_t *r2, const uint32_t *d,
                           int sub, long lo, long hi);
/* AVX2 twin: the same entries in the same order as the portable one */
void bgcn_siqs_fill_avx2(uint32_t *bk, uint32_t *bn, long cap,
                         uint32_t nblocks, const uint32_t *p, uint32_t *r1,
                         uint32_t *r2, const uint32_t *d, int sub, long lo,
                         long hi);
#endif

/* siqs_scan.c, each with an AVX-512 twin (_avx512: AVX-512F/BW, where
 * BGCN_HAVE_SIQS_AVX512 and the CPU has it) returning the same list:
 * scan: the positions m < len (len a multiple of 64) with sv[m] & 0x80,
 * increasing, into out (room for len);
 * match_roots: the i in [lo, hi) with pos mod p[i] equal to r1[i] or
 * r2[i], increasing (pos < 2^22, 3 <= p[i] < 2^16, inv[i] = 1/p[i] as a
 * float; room for hi - lo);
 * match_bucket: bk[e] >> SIQS_BLOCK_BITS for the e < nb whose low
 * SIQS_BLOCK_BITS are off, in order (room for nb).  Return the count. */
uint32_t bgcn_siqs_scan_c(const unsigned char *sv, uint32_t len,
                          uint32_t *out);
uint32_t bgcn_siqs_match_roots_c(uint32_t pos, const uint32_t *p,
                                 const float *inv, const uint32_t *r1,
                                 const uint32_t *r2, long lo, long hi,
                                 uint32_t *out);
uint32_t bgcn_siqs_match_bucket_c(const uint32_t *bk, uint32_t nb,
                                  uint32_t off, uint32_t *out);
#ifdef BGCN_HAVE_SIQS_AVX2 /* AVX2 twins: the same lists */
uint32_t bgcn_siqs_scan_avx2(const unsigned char *sv, uint32_t len,
                             uint32_t *out);
uint32_t bgcn_siqs_match_roots_avx2(uint32_t pos, const uint32_t *p,
                                    const float *inv, const uint32_t *r1,
                                    const uint32_t *r2, long lo, long hi,
                                    uint32_t *out);
uint32_t bgcn_siqs_match_bucket_avx2(const uint32_t *bk, uint32_t nb,
                                     uint32_t off, uint32_t *out);
#endif
#ifdef BGCN_HAVE_SIQS_AVX512
uint32_t bgcn_siqs_scan_avx512(const unsigned char *sv, uint32_t len,
                               uint32_t *out);
uint32_t bgcn_siqs_match_roots_avx512(uint32_t pos, const uint32_t *p,
                                      const float *inv, const uint32_t *r1,
                                      const uint32_t *r2, long lo, long hi,
                                      uint32_t *out);
uint32_t bgcn_siqs_match_bucket_avx512(const uint32_t *bk, uint32_t nb,
                                       uint32_t off, uint32_t *out);
#endif

/* siqs_sieve.c: the medium primes lo <= i < hi (3 <= p[i] < SIQS_BLOCK/2,
 * odd) add logp[i] to the bytes of block sv (positions bstart ..
 * bstart + SIQS_BLOCK - 1) at each position of both root progressions,
 * whose next positions next1[i], next2[i] are on entry both within
 * [bstart, bstart + p), or both >= bstart + SIQS_BLOCK (a flagged
 * prime: left alone).  On return they hold the first positions past the
 * block (the slow twin may swap a prime's two).  The fast twin needs
 * medk[i] = SIQS_BLOCK / p[i] and writes the spare byte sv[SIQS_BLOCK]
 * (garbage); otherwise both leave the same bytes and positions. */
void bgcn_siqs_sieve_med_c(unsigned char *sv, uint32_t bstart,
                           const uint32_t *p, const unsigned char *logp,
                           uint32_t *next1, uint32_t *next2, long lo,
                           long hi);
void bgcn_siqs_sieve_med(unsigned char *sv, uint32_t bstart,
                         const uint32_t *p, const unsigned char *logp,
                         const uint32_t *medk, uint32_t *next1,
                         uint32_t *next2, long lo, long hi);
/* siqs_sieve.c: group the primes tried by division for the current A
 * (after bgcn_siqs_new_a). */
void bgcn_siqs_set_tdiv(siqs_ctx *c);
/* siqs_sieve.c: sieve the current polynomial over the whole interval and
 * store its relations.  sub/row as from bgcn_siqs_next_b (row < 0 for
 * the first polynomial of an A: roots already set). */
bgcn_status bgcn_siqs_sieve_poly(siqs_ctx *c, int sub, long row) BGCN_WUR;

/* siqs_rel.c */
/* Stores a relation with large primes lp1 <= lp2 (1 for none; lp1 < lp2
 * unless both are 1) and counts the cycle it closes, if any. */
bgcn_status bgcn_siqs_rel_add(siqs_rels *rs, const uint32_t *fac, long nf,
                              uint32_t lp1, uint32_t lp2,
                              const siqs_z *y) BGCN_WUR;
void bgcn_siqs_rels_clear(siqs_rels *rs);
/* Matrix, null space, square roots: on success *fn > 0 if a factor was
 * found (in fp, nn limbs of room). */
bgcn_status bgcn_siqs_finish(siqs_ctx *c, bgcn_limb_t *fp,
                             long *fn) BGCN_WUR;

#endif /* BGCN_SIQS_IMPL_H */
