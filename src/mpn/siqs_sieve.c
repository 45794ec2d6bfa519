/* siqs_sieve.c -- sieving one polynomial of the quadratic sieve and
 * checking its candidates.
 *
 * Positions 0 .. 2M-1 stand for x = -M .. M-1, in blocks of SIQS_BLOCK
 * bytes (the L1 data cache).  Each byte starts at init_byte and gets
 * logp(p) added at every root of every sieved prime, so a byte reaching
 * 128 (top bit set) marks a g(x) whose sieved part is within the slack of
 * its size; scaled logarithms keep every sum below 256.
 *   - primes below index small_end are not sieved (small-prime
 *     variation: they cost the most updates and add the least; the
 *     threshold allows for them) but are trial-divided in candidates;
 *   - primes below SIQS_BUCKET_MIN (half a block) keep their next
 *     position per root and are sieved block by block;
 *   - larger primes hit a block at most a few times per root: one pass
 *     per polynomial moves their roots (Gray-code step) and drops each
 *     hit into the bucket of its block as (index << 15 | offset),
 *     siqs_bucket.c; sieving a block then adds the logs of its bucket.
 * A candidate is checked by computing g(x) in multiple precision and
 * dividing out the primes whose roots match its position (the medium
 * primes by a remainder of the position, the large ones by scanning the
 * block's bucket -- or, when the block has many candidates, the entries
 * of the bucket at candidate offsets, sifted once -- both in
 * siqs_scan.c), so no prime is tried blindly
 * except the few unsieved ones, k's and A's (one remainder of g per
 * group of them whose product fits a limb). */
#include "siqs-impl.h"
#include "factor.h"

#define SIQS_MAXF 512 /* factors of one relation, with repetition */
#ifndef SIQS_SHORTLIST_MIN
#define SIQS_SHORTLIST_MIN 12 /* candidates a block from which to sift */
#endif

typedef struct cand_ctx {
    siqs_z B2; /* 2B */
    uint32_t fac[SIQS_MAXF];
    long nf;
} cand_ctx;

/* Divides g by p = c->p[i] as often as it goes (at least once), noting
 * each; the remainders by the prime's precomputed reciprocal. */
static void take(const siqs_ctx *c, cand_ctx *cc, siqs_z *g, uint32_t i)
{
    uint32_t p = c->p[i];
    int sh = __builtin_clzll(p);
    uint64_t dn = (uint64_t)p << sh, v = c->pv[i];
    do {
        sz_divexact_ui(g, g, p);
        if (cc->nf < SIQS_MAXF)
            cc->fac[cc->nf++] = i + 1;
    } while (siqs_mod_pre(g->d, g->n, dn, sh, v) == 0);
}

void bgcn_siqs_set_tdiv(siqs_ctx *c)
{
    long n = 0;
    for (long i = 0; i < c->small_end; i++)
        c->tdiv[n++] = (uint32_t)i;
    for (long j = 0; j < c->nspecial; j++)
        c->tdiv[n++] = c->special[j];
    for (int j = 0; j < c->s; j++)
        c->tdiv[n++] = c->qidx[j];
    int k = 0;
    uint64_t prod = 1;
    for (long j = 0; j < n; j++) {
        uint64_t p = c->p[c->tdiv[j]];
        if (prod > UINT64_MAX / p) {
            BGCN_ASSERT(k < 127);
            c->tgrp_end[k] = (uint32_t)j;
            c->tgrp_prod[k++] = prod;
            prod = 1;
        }
        prod *= p;
    }
    c->tgrp_end[k] = (uint32_t)n;
    c->tgrp_prod[k++] = prod;
    c->ntgrp = k;
    for (long j = 0; j < n; j++) {
        uint32_t p = c->p[c->tdiv[j]];
        c->tdinv[j] = p & 1 ? bgcn_binvert_limb(p) : 0;
        c->tdlim[j] = p & 1 ? UINT64_MAX / p : 0;
    }
    for (int j = 0; j < k; j++) {
        c->tgrp_sh[j] = __builtin_clzll(c->tgrp_prod[j]);
        c->tgrp_v[j] = bgcn_invert_limb(c->tgrp_prod[j] << c->tgrp_sh[j]);
    }
}

void bgcn_siqs_sieve_med_c(unsigned char *sv, uint32_t bstart,
                           const uint32_t *pr, const unsigned char *logp,
                           uint32_t *next1, uint32_t *next2, long lo,
                           long hi)
{
    uint32_t bend = bstart + SIQS_BLOCK;
    for (long i = lo; i < hi; i++) {
        uint32_t p = pr[i], n1 = next1[i], n2 = next2[i];
        unsigned char l = logp[i];
        if (n1 > n2) {
            uint32_t t = n1;
            n1 = n2;
            n2 = t;
        }
        /* n1 <= n2 < n1 + p: both roots step together */
        while (n2 < bend) {
            sv[n1 - bstart] += l;
            sv[n2 - bstart] += l;
            n1 += p;
            n2 += p;
        }
        if (n1 < bend) {
            sv[n1 - bstart] += l;
            n1 += p;
        }
        next1[i] = n1;
        next2[i] = n2;
    }
}

/* The loop above ends each prime with one or two exits that depend on
 * where its roots fall (mispredicted about once a prime and block: as
 * much time as the updates at 40 digits).  Here: both roots lie in
 * [bstart, bstart + p), so with K = SIQS_BLOCK/p (p odd, not a divisor
 * of the block) each hits the block K or K+1 times: K updates of both in
 * a loop whose count changes only from prime to prime (predicted), then
 * one conditional step per root, branch-free (a step past the block
 * writes the spare byte sv[SIQS_BLOCK] and does not advance). */
void bgcn_siqs_sieve_med(unsigned char *sv, uint32_t bstart,
                         const uint32_t *pr, const unsigned char *logp,
                         const uint32_t *medk, uint32_t *next1,
                         uint32_t *next2, long lo, long hi)
{
    uint32_t bend = bstart + SIQS_BLOCK;
    for (long i = lo; i < hi; i++) {
        uint32_t p = pr[i], n1 = next1[i], n2 = next2[i];
        unsigned char l = logp[i];
        if (__builtin_expect(n1 >= bend, 0)) /* flagged: never sieved */
            continue;
        uint32_t a = n1 - bstart, b = n2 - bstart;
        for (uint32_t k = medk[i]; k > 0; k--) {
            sv[a] += l;
            sv[b] += l;
            a += p;
            b += p;
        }
        uint32_t ma = a < SIQS_BLOCK, mb = b < SIQS_BLOCK;
        sv[ma ? a : SIQS_BLOCK] += l;
        sv[mb ? b : SIQS_BLOCK] += l;
        next1[i] = a + bstart + (ma ? p : 0);
        next2[i] = b + bstart + (mb ? p : 0);
    }
}

/* out of line: rare, and keeps the block loop small */
__attribute__((noinline)) static bgcn_status candidate(siqs_ctx *c, cand_ctx *cc, uint32_t pos)
{
    long x = (long)pos - (long)c->M;
    siqs_z g, t;
    sz_mul_si(&t, &c->A, x);
    sz_add(&t, &t, &cc->B2);
    sz_mul_si(&t, &t, x);
    sz_add(&g, &t, &c->C);
    if (g.n == 0)
        return BGCN_OK;
    cc->nf = 0;
    if (g.neg)
        cc->fac[cc->nf++] = 0;
    g.neg = 0;
    for (int j = 0; j < c->s; j++)
        cc->fac[cc->nf++] = c->qidx[j] + 1;
    for (int k = 0, j = 0; k < c->ntgrp; k++) {
        int sh = c->tgrp_sh[k];
        uint64_t r = siqs_mod_pre(g.d, g.n, c->tgrp_prod[k] << sh, sh,
                                  c->tgrp_v[k]);
        for (; j < (int)c->tgrp_end[k]; j++) {
            uint32_t i = c->tdiv[j];
            /* p | r: for odd p, r p^-1 mod 2^64 <= (2^64-1)/p (no
             * division); 2 by its bit */
            uint64_t inv = c->tdinv[j];
            if (inv ? r * inv <= c->tdlim[j] : !(r & 1))
                take(c, cc, &g, i);
        }
    }
    /* the medium primes whose roots match pos, except the flagged ones
     * (roots 0): those of k and of A are tried by division */
    uint32_t *h = c->hits, nh;
#ifdef BGCN_HAVE_SIQS_AVX512
    if (c->vec == SIQS_VEC_AVX512)
        nh = bgcn_siqs_match_roots_avx512(pos, c->p, c->pinv, c->root1,
                                          c->root2, c->small_end, c->med_end, h);
    else if (c->vec == SIQS_VEC_AVX2)
        nh = bgcn_siqs_match_roots_avx2(pos, c->p, c->pinv, c->root1,
                                        c->root2, c->small_end, c->med_end, h);
    else
#endif
        nh = bgcn_siqs_match_roots_c(pos, c->p, c->pinv, c->root1, c->root2,
                                     c->small_end, c->med_end, h);
    for (uint32_t j = 0; j < nh; j++)
        if (!c->flag[h[j]])
            take(c, cc, &g, h[j]);
    const uint32_t *bk = c->cbk;
    uint32_t off = pos & (SIQS_BLOCK - 1), nb = c->ncbk;
#ifdef BGCN_HAVE_SIQS_AVX512
    if (c->vec == SIQS_VEC_AVX512)
        nh = bgcn_siqs_match_bucket_avx512(bk, nb, off, h);
    else if (c->vec == SIQS_VEC_AVX2)
        nh = bgcn_siqs_match_bucket_avx2(bk, nb, off, h);
    else
#endif
        nh = bgcn_siqs_match_bucket_c(bk, nb, off, h);
    for (uint32_t j = 0; j < nh; j++) {
        BGCN_ASSERT(sz_umod(&g, c->p[h[j]]) == 0);
        take(c, cc, &g, h[j]);
    }
    uint32_t lp1 = 1, lp2 = 1;
    if (g.n != 1)
        return BGCN_OK;
    uint64_t q = g.d[0];
    if (q <= c->lp_max) {
        lp2 = (uint32_t)q; /* 1, or a prime: below p_max^2, no fb factor */
    } else {
        /* two large primes: q composite, both below lp_max */
        if (!c->dlp || q > c->dlp_max || q < c->pmax2 || bgcn_isprime_u64(q))
            return BGCN_OK;
        uint64_t f = bgcn_rho_u64(q, 1, 1u << 16);
        if (!f)
            f = bgcn_rho_u64(q, 3, 1u << 16);
        if (!f)
            return BGCN_OK;
        uint64_t h = q / f;
        if (f > h) {
            uint64_t t_ = f;
            f = h;
            h = t_;
        }
        if (h > c->lp_max || f == h)
            return BGCN_OK;
        lp1 = (uint32_t)f;
        lp2 = (uint32_t)h;
    }
    if (cc->nf >= SIQS_MAXF)
        return BGCN_OK;
    siqs_z y;
    sz_mul_si(&t, &c->A, x);
    sz_add(&y, &t, &c->B);
    return bgcn_siqs_rel_add(&c->rels, cc->fac, cc->nf, lp1, lp2, &y);
}

/* The first e in [lo, hi) with bk[e] >= key (hi if none), key = i <<
 * SIQS_BLOCK_BITS for i the first prime of a group: a row holds its
 * groups' entries group after group, so the test is false, then true. */
static uint32_t first_at(const uint32_t *bk, uint32_t lo, uint32_t hi,
                         uint32_t key)
{
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (bk[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void fill_buckets(siqs_ctx *c, int sub, long row)
{
    const uint32_t *d = row >= 0 ? c->delta + (size_t)row * c->F : NULL;
    memset(c->bucket_n, 0, sizeof *c->bucket_n * (size_t)c->nblocks);
#ifdef BGCN_HAVE_SIQS_AVX512
    if (c->vec == SIQS_VEC_AVX512) {
        bgcn_siqs_fill_avx512(c->bucket, c->bucket_n, c->bucket_cap,
                              (uint32_t)c->nblocks, c->p, c->root1,
                              c->root2, d, sub, c->med_end, c->F);
        return;
    }
    if (c->vec == SIQS_VEC_AVX2) {
        bgcn_siqs_fill_avx2(c->bucket, c->bucket_n, c->bucket_cap,
                            (uint32_t)c->nblocks, c->p, c->root1, c->root2,
                            d, sub, c->med_end, c->F);
        return;
    }
#endif
    bgcn_siqs_fill_c(c->bucket, c->bucket_n, c->bucket_cap,
                     (uint32_t)c->nblocks, c->p, c->root1, c->root2, d, sub,
                     c->med_end, c->F);
}

bgcn_status bgcn_siqs_sieve_poly(siqs_ctx *c, int sub, long row)
{
    cand_ctx cc;
    sz_mul_ui(&cc.B2, &c->B, 2);
    fill_buckets(c, sub, row);
    uint32_t interval = (uint32_t)c->nblocks * SIQS_BLOCK;
    long lo = c->small_end, hi = c->med_end;
    for (long i = lo; i < hi; i++) {
        if (c->flag[i]) {
            c->next1[i] = c->next2[i] = interval;
        } else {
            c->next1[i] = c->root1[i];
            c->next2[i] = c->root2[i];
        }
    }
    unsigned char *sv = c->sieve;
    for (long b = 0; b < c->nblocks; b++) {
        BGCN_POLL();
        memset(sv, c->init_byte, SIQS_BLOCK);
        uint32_t bstart = (uint32_t)b * SIQS_BLOCK;
        bgcn_siqs_sieve_med(sv, bstart, c->p, c->logp, c->medk, c->next1,
                            c->next2, lo, hi);
        const uint32_t *bk = c->bucket + (size_t)b * (size_t)c->bucket_cap;
        uint32_t nbk = c->bucket_n[b];
        /* entries come in runs of one log (bgcn_siqs_fill keeps groups
         * of 16 primes in order; siqs.c gives each group one log) */
        for (int k = 0, e = 0; k < c->nlseg; k++) {
            uint32_t end = nbk;
            if (k + 1 < c->nlseg)
                end = first_at(bk, (uint32_t)e, nbk,
                               c->lseg_start[k + 1] << SIQS_BLOCK_BITS);
            unsigned char l = c->lseg_log[k];
            for (; (uint32_t)e < end; e++)
                sv[bk[e] & (SIQS_BLOCK - 1)] += l;
        }
        uint32_t nc;
#ifdef BGCN_HAVE_SIQS_AVX512
        if (c->vec == SIQS_VEC_AVX512)
            nc = bgcn_siqs_scan_avx512(sv, SIQS_BLOCK, c->cands);
        else if (c->vec == SIQS_VEC_AVX2)
            nc = bgcn_siqs_scan_avx2(sv, SIQS_BLOCK, c->cands);
        else
#endif
            nc = bgcn_siqs_scan_c(sv, SIQS_BLOCK, c->cands);
        if (nc == 0)
            continue;
        /* With many candidates (two large primes admit tens a block),
         * one pass keeps the bucket entries at candidate offsets, in
         * order, and each candidate scans those; with few, scanning the
         * whole bucket per candidate (16 entries a step) costs less than
         * that pass (one entry a step, about 12 scans' worth, Zen 1). */
        if (nc > SIQS_SHORTLIST_MIN) {
            uint32_t nh = 0;
            for (uint32_t e = 0; e < nbk; e++) {
                c->bkhit[nh] = bk[e];
                nh += sv[bk[e] & (SIQS_BLOCK - 1)] >> 7;
            }
            c->cbk = c->bkhit;
            c->ncbk = nh;
        } else {
            c->cbk = bk;
            c->ncbk = nbk;
        }
        for (uint32_t j = 0; j < nc; j++)
            BGCN_TRY(candidate(c, &cc, bstart + c->cands[j]));
    }
    return BGCN_OK;
}
