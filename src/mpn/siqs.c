/* siqs.c -- the self-initialising quadratic sieve: parameters by size,
 * the Knuth-Schroeppel multiplier, the factor base, and the loop that
 * collects relations until the linear algebra can run.  Contract in
 * siqs.h; the polynomials are in siqs_poly.c, the sieve in siqs_sieve.c,
 * relations and square roots in siqs_rel.c, GF(2) in gf2.c. */
#include "siqs-impl.h"


void *bgcn_siqs_alloc(size_t bytes)
{
    return bgcn_alloc_limbs((bytes + 7) / 8);
}

void bgcn_siqs_free(void *p)
{
    bgcn_free_limbs(p);
}

uint32_t bgcn_siqs_powmod(uint32_t a, uint32_t e, uint32_t p)
{
    uint64_t r = 1 % p, b = a % p;
    while (e) {
        if (e & 1)
            r = r * b % p;
        b = b * b % p;
        e >>= 1;
    }
    return (uint32_t)r;
}

uint32_t bgcn_siqs_invmod(uint32_t a, uint32_t p)
{
    /* 32-bit divisions (a 64-bit one costs twice as long on Zen 1);
     * |s0|, |s1| <= p stay within int64 */
    uint32_t r0 = p, r1 = a;
    int64_t s0 = 0, s1 = 1;
    while (r1) {
        uint32_t q = r0 / r1, t = r0 - q * r1;
        r0 = r1, r1 = t;
        int64_t u = s0 - (int64_t)q * s1;
        s0 = s1, s1 = u;
    }
    BGCN_ASSERT(r0 == 1);
    return (uint32_t)(s0 < 0 ? s0 + p : s0);
}

/* A square root of a quadratic residue a mod the odd prime p
 * (Tonelli-Shanks). */
static uint32_t sqrtmod(uint32_t a, uint32_t p)
{
    if (a == 0)
        return 0;
    if (p % 4 == 3)
        return bgcn_siqs_powmod(a, (p + 1) / 4, p);
    uint32_t q = p - 1;
    int s = 0;
    while (!(q & 1))
        q >>= 1, s++;
    uint32_t z = 2;
    while (bgcn_siqs_powmod(z, (p - 1) / 2, p) != p - 1)
        z++;
    uint32_t m = (uint32_t)s, c = bgcn_siqs_powmod(z, q, p);
    uint32_t t = bgcn_siqs_powmod(a, q, p);
    uint32_t r = bgcn_siqs_powmod(a, (q + 1) / 2, p);
    while (t != 1) {
        uint32_t i = 0, tt = t;
        while (tt != 1)
            tt = siqs_mulmod(tt, tt, p), i++;
        uint32_t b = c;
        for (uint32_t j = 0; j + i + 1 < m; j++)
            b = siqs_mulmod(b, b, p);
        m = i;
        c = siqs_mulmod(b, b, p);
        t = siqs_mulmod(t, c, p);
        r = siqs_mulmod(r, b, p);
    }
    return r;
}

/* Primes below this are not sieved, only trial-divided (the threshold
 * allows for them: SIQS_SLACK_BITS). */
#define SIQS_SMALL_BOUND 30
#define SIQS_SLACK_BITS 12.0
#define SIQS_SLACK_BITS_DLP 10.0 /* 65 and 70 digits, 2026-12-02 */

/* Parameters by decimal digits of N, interpolated between rows:
 * factor-base size, sieve blocks (the interval [-M, M) is nblocks *
 * SIQS_BLOCK bytes), large primes up to lp_mult * the largest
 * factor-base prime, two large primes or one.  Measured on the CPU
 * BENCHMARKS.md names beside the figures; the factor bases at 50-60
 * digits re-measured on Zen 1 (2026-12-02: 60 digits 2.13 -> 1.74 s and
 * 2.59 -> 2.17 s on two numbers with 7000-7500 primes instead of 4500;
 * 55 digits 0.59 -> 0.55 s; 65 digits keeps 9000, 7.5 s against 7.7 s
 * with 12000); above 70 digits extrapolated, not tuned.  90 digits on
 * the Intel Xeon (family 6 model 207) of BENCHMARKS.md, 2026-12-02, the
 * relations found per relation wanted after equal CPU time (siqs-bench -v
 * on the 90-digit N there, load 6-13): 65000 primes 2.13% at 80 s and
 * 3.31% at 120 s, the table's 85391 2.08% and 3.14%, 110000 2.57% at 90 s
 * (85391: 2.33%) and 3.49% at 120 s -- not monotonic, so within the noise
 * of that load (5-10%); the rows stay until quieter samples decide.
 * 40 and 45 digits by instruction counts (callgrind, bench/siqs-bench
 * over 6 semiprimes of each size, 2026-12-02): 40 digits 500 -> 650
 * primes 7% fewer (400: 13% more, 800: 3% fewer, 1000: 12% more), 45
 * digits 900 -> 1200 7% fewer (700: 10% more); at these sizes the sieve
 * and the factor base fit in the caches, so instructions stand for time. */
static const struct siqs_param {
    int digits;
    long fb;
    long nblocks;
    long lp_mult;
    int dlp; /* 2: two large primes */
} params[] = {
    {20, 100, 1, 20, 1},      {30, 200, 1, 30, 1},      {35, 300, 1, 30, 1},
    {40, 650, 1, 40, 1},      {45, 1200, 1, 40, 1},      {50, 2000, 1, 50, 1},
    {55, 4000, 2, 50, 1},     {60, 7000, 2, 60, 1},     {65, 9000, 2, 80, 2},
    {70, 15000, 2, 100, 2},   {75, 25000, 3, 100, 2},   {80, 40000, 3, 120, 2},
    {85, 60000, 4, 120, 2},   {90, 90000, 4, 150, 2},   {95, 120000, 6, 150, 2},
    {120, 130000, 6, 150, 2},
};

static void pick_params(siqs_ctx *c, double digits)
{
    size_t np_ = sizeof params / sizeof params[0], i = 0;
    while (i + 2 < np_ && params[i + 1].digits < digits)
        i++;
    const struct siqs_param *a = &params[i], *b = &params[i + 1];
    double f = (digits - a->digits) / (b->digits - a->digits);
    if (f < 0)
        f = 0;
    if (f > 1)
        f = 1;
    c->F = (long)(a->fb + f * (double)(b->fb - a->fb));
    c->nblocks = f < 0.5 ? a->nblocks : b->nblocks;
    c->lp_max = (uint32_t)(a->lp_mult + f * (double)(b->lp_mult - a->lp_mult));
    c->dlp = (f < 0.5 ? a->dlp : b->dlp) == 2;
    if (c->opts.dlp == 1 || c->opts.dlp == 2)
        c->dlp = c->opts.dlp == 2;
    if (c->opts.fb_size >= 50 && c->opts.fb_size < SIQS_FB_MAX)
        c->F = c->opts.fb_size;
    if (c->opts.nblocks >= 1 && c->opts.nblocks <= 64)
        c->nblocks = c->opts.nblocks;
    if (c->opts.lp_mult >= 1 && c->opts.lp_mult <= 10000)
        c->lp_max = (uint32_t)c->opts.lp_mult;
}

/* Knuth-Schroeppel: the k maximising the expected contribution of the
 * small primes to kN's sieve values, minus half of log k. */
static bgcn_status choose_k(siqs_ctx *c)
{
    static const uint8_t ks[] = {1,  3,  5,  7,  11, 13, 15, 17, 19, 21, 23,
                                 29, 31, 33, 35, 37, 39, 41, 43, 47, 51, 53,
                                 55, 57, 59, 61, 65, 67, 69, 71, 73};
    static const uint16_t small[] = {
        3,   5,   7,   11,  13,  17,  19,  23,  29,  31,  37,  41,  43,
        47,  53,  59,  61,  67,  71,  73,  79,  83,  89,  97,  101, 103,
        107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173,
        179, 181, 191, 193, 197, 199, 211, 223, 227, 229, 233, 239, 241,
        251, 257, 263, 269, 271, 277, 281, 283, 293, 307, 311, 313, 317};
    uint32_t nmod[sizeof small / sizeof small[0]];
    for (size_t j = 0; j < sizeof small / sizeof small[0]; j++)
        nmod[j] = sz_umod(&c->N, small[j]);
    double best = -1e9;
    uint32_t bestk = 1;
    for (size_t i = 0; i < sizeof ks; i++) {
        uint32_t k = ks[i];
        siqs_z kn;
        sz_mul_ui(&kn, &c->N, k);
        /* kN a square (N = k m^2) would make every g(x) useless */
        bgcn_limb_t sq[SIQS_L];
        long rn;
        BGCN_TRY(bgcn_sqrtrem(sq, NULL, &rn, kn.d, kn.n));
        if (rn == 0)
            continue;
        double score = -0.5 * 0.6931471805599453 * siqs_log2((double)k);
        switch (kn.d[0] & 7) {
        case 1: score += 2 * 0.6931471805599453; break;
        case 5: score += 0.6931471805599453; break;
        default: score += 0.5 * 0.6931471805599453; break;
        }
        for (size_t j = 0; j < sizeof small / sizeof small[0]; j++) {
            uint32_t p = small[j];
            double lp = 0.6931471805599453 * siqs_log2((double)p);
            if (k % p == 0) {
                score += lp / p;
                continue;
            }
            uint32_t r = (uint32_t)((uint64_t)nmod[j] * k % p);
            if (bgcn_siqs_powmod(r, (p - 1) / 2, p) == 1)
                score += 2 * lp / (p - 1);
        }
        if (score > best)
            best = score, bestk = k;
    }
    c->k = bestk;
    sz_mul_ui(&c->kN, &c->N, bestk);
    return BGCN_OK;
}

/* Factor base: 2, the primes dividing k, and the odd p with (kN/p) = 1.
 * Sets *found when a prime divides N (then fp holds it). */
static bgcn_status build_fb(siqs_ctx *c, bgcn_limb_t *fp, int *found)
{
    long F = c->F;
    c->p = bgcn_siqs_alloc(sizeof *c->p * (size_t)F);
    c->sqrtkn = bgcn_siqs_alloc(sizeof *c->sqrtkn * (size_t)F);
    c->logp = bgcn_siqs_alloc((size_t)F);
    c->flag = bgcn_siqs_alloc((size_t)F);
    c->pm = bgcn_siqs_alloc(sizeof *c->pm * (size_t)F);
    c->pinv = bgcn_siqs_alloc(sizeof *c->pinv * (size_t)F);
    c->pv = bgcn_siqs_alloc(sizeof *c->pv * (size_t)F);
    if (!c->p || !c->sqrtkn || !c->logp || !c->flag || !c->pm || !c->pinv ||
        !c->pv)
        return BGCN_ENOMEM;
    memset(c->flag, 0, (size_t)F);
    c->p[0] = 2;
    c->sqrtkn[0] = 1;
    c->flag[0] = SIQS_F_TRIAL;
    long n = 1;
    /* odd primes by a sieve of Eratosthenes, in windows */
    uint32_t lo = 3;
    size_t win = 1u << 16;
    unsigned char *comp = bgcn_siqs_alloc(win);
    if (!comp)
        return BGCN_ENOMEM;
    while (n < F) {
        if (bgcn_interrupt_flag) {
            bgcn_siqs_free(comp);
            return BGCN_EINTR;
        }
        memset(comp, 0, win);
        uint32_t hi = lo + (uint32_t)win; /* [lo, hi) */
        for (uint32_t d = 3; (uint64_t)d * d < hi; d += 2) {
            uint32_t st = (lo + d - 1) / d * d;
            if (st < d * d)
                st = d * d;
            for (uint32_t m = st; m < hi; m += d)
                comp[m - lo] = 1;
        }
        for (uint32_t q = lo | 1; q < hi && n < F; q += 2) {
            if (comp[q - lo])
                continue;
            if (sz_umod(&c->N, q) == 0) {
                fp[0] = q;
                *found = 1;
                bgcn_siqs_free(comp);
                return BGCN_OK;
            }
            uint32_t km = sz_umod(&c->kN, q);
            if (km == 0) {
                c->p[n] = q;
                c->sqrtkn[n] = 0;
                c->flag[n++] = SIQS_F_TRIAL;
            } else if (bgcn_siqs_powmod(km, (q - 1) / 2, q) == 1) {
                c->p[n] = q;
                c->sqrtkn[n++] = sqrtmod(km, q);
            }
        }
        lo = hi;
    }
    bgcn_siqs_free(comp);
    for (long i = 0; i < F; i++) {
        c->pm[i] = UINT64_MAX / c->p[i] + 1;
        c->pinv[i] = 1.0f / (float)c->p[i];
        c->pv[i] = bgcn_invert_limb((uint64_t)c->p[i] << __builtin_clzll(c->p[i]));
    }
    return BGCN_OK;
}

/* Which vector twins the kernel path in use allows, by its capability
 * bits (bgcn.h: the path is installed only where they hold, so a path
 * narrowed by BIGCALC_CPU narrows this too). */
static int vec_twins(void)
{
#ifdef BGCN_HAVE_SIQS_AVX512
    if (bgcn_kern.caps & BGCN_CAP_AVX512BW)
        return SIQS_VEC_AVX512;
    if (bgcn_kern.caps & BGCN_CAP_AVX2)
        return SIQS_VEC_AVX2;
#endif
    return SIQS_VEC_C;
}

static bgcn_status setup(siqs_ctx *c)
{
    long F = c->F;
    double kbits = siqs_log2((double)c->kN.d[c->kN.n - 1]) + 64.0 * (double)(c->kN.n - 1);
    c->M = (uint32_t)(c->nblocks * SIQS_BLOCK / 2);
    c->small_end = 1;
    uint32_t sb = c->opts.small_bound >= 3 && c->opts.small_bound <= 1000
                      ? (uint32_t)c->opts.small_bound : SIQS_SMALL_BOUND;
    while (c->small_end < F && c->p[c->small_end] < sb)
        c->small_end++;
    c->med_end = c->small_end;
    while (c->med_end < F && c->p[c->med_end] < SIQS_BUCKET_MIN)
        c->med_end++;
    c->hits = bgcn_siqs_alloc(sizeof *c->hits * (size_t)(2 * F + 64));
    c->cands = bgcn_siqs_alloc(sizeof *c->cands * SIQS_BLOCK);
    c->special = bgcn_siqs_alloc(sizeof *c->special * (size_t)(F + SIQS_MAXS));
    c->tdiv = bgcn_siqs_alloc(sizeof *c->tdiv * (size_t)(F + SIQS_MAXS));
    c->tdinv = bgcn_siqs_alloc(sizeof *c->tdinv * (size_t)(F + SIQS_MAXS));
    c->tdlim = bgcn_siqs_alloc(sizeof *c->tdlim * (size_t)(F + SIQS_MAXS));
    if (!c->hits || !c->cands || !c->special || !c->tdiv || !c->tdinv ||
        !c->tdlim)
        return BGCN_ENOMEM;
    for (long i = c->small_end; i < c->med_end; i++)
        if (c->flag[i] & SIQS_F_TRIAL)
            c->special[c->nspecial++] = (uint32_t)i;
    uint64_t lp = (uint64_t)c->lp_max * c->p[F - 1];
    c->lp_max = lp >= UINT32_MAX ? UINT32_MAX - 1 : (uint32_t)lp;
    c->pmax2 = (uint64_t)c->p[F - 1] * c->p[F - 1];
    /* two large primes: cofactors up to lp_max^e, e < 2 (the products
     * near lp_max^2 rarely split into two primes below lp_max; 1.75
     * measured at 65 and 70 digits) */
    double e = c->opts.dlp_exp >= 1 && c->opts.dlp_exp <= 2 ? c->opts.dlp_exp
                                                            : 1.75;
    double cbits = siqs_log2((double)c->lp_max);
    if (c->dlp) {
        cbits *= e;
        c->dlp_max = cbits >= 63 ? UINT64_MAX : (uint64_t)1 << (int)cbits;
    }
    /* |g(x)| <= M sqrt(kN/2); keep T bits of it sieved (the rest is a
     * large prime or the unsieved small primes) */
    double gbits = siqs_log2((double)c->M) + 0.5 * kbits - 0.5;
    double slack = c->opts.slack_bits > 0 && c->opts.slack_bits < 60
                       ? c->opts.slack_bits
                   : c->dlp ? SIQS_SLACK_BITS_DLP : SIQS_SLACK_BITS;
    double T = gbits - cbits - slack;
    if (T < 10)
        T = 10;
    c->log_scale = 110.0 / T;
    c->init_byte = (unsigned char)(128 - 110);
    for (long i = 0; i < F; i++) {
        long l = siqs_round(siqs_log2((double)c->p[i]) * c->log_scale);
        c->logp[i] = (unsigned char)(l < 1 ? 1 : l);
    }
    /* the bucketed primes: one log per aligned group of 16 (the vector
     * fills emit a group's entries mixed, groups in order), and the runs
     * of equal logs, which the sieve adds without looking each up */
    c->nlseg = 0;
    for (long i = c->med_end; i < F; i++) {
        c->logp[i] = c->logp[c->med_end + ((i - c->med_end) & ~15L)];
        if (c->nlseg == 0 || c->logp[i] != c->lseg_log[c->nlseg - 1]) {
            BGCN_ASSERT(c->nlseg < 256);
            c->lseg_start[c->nlseg] = (uint32_t)i;
            c->lseg_log[c->nlseg++] = c->logp[i];
        }
    }
    /* A: s primes near 2^(abits/s), from a window in the medium range */
    c->abits = 0.5 * (kbits + 1) - siqs_log2((double)c->M);
    double qpref = c->p[(c->small_end + c->med_end) / 2];
    if (qpref > 2000)
        qpref = 2000;
    int s = (int)siqs_round(c->abits / siqs_log2(qpref));
    if (s < 2)
        s = 2;
    if (s > SIQS_MAXS)
        s = SIQS_MAXS;
    c->s = 0;
    double avg = c->abits / s;
    long lo = c->small_end, hi = c->med_end;
    while (lo < hi - 1 && siqs_log2((double)c->p[lo]) < avg - 1)
        lo++;
    while (hi > lo + 1 && siqs_log2((double)c->p[hi - 1]) > avg + 1)
        hi--;
    while (hi - lo < 4 * s && (lo > c->small_end || hi < c->med_end)) {
        if (lo > c->small_end)
            lo--;
        if (hi < c->med_end)
            hi++;
    }
    c->qlo = lo;
    c->qhi = hi;
    if (hi - lo < s + 2)
        return BGCN_OK; /* factor base too small: caller fails */
    c->s = s;
    c->root1 = bgcn_siqs_alloc(sizeof *c->root1 * (size_t)F);
    c->root2 = bgcn_siqs_alloc(sizeof *c->root2 * (size_t)F);
    c->delta = bgcn_siqs_alloc(sizeof *c->delta * (size_t)F * (size_t)(s - 1));
    c->next1 = bgcn_siqs_alloc(sizeof *c->next1 * (size_t)F);
    c->next2 = bgcn_siqs_alloc(sizeof *c->next2 * (size_t)F);
    c->medk = bgcn_siqs_alloc(sizeof *c->medk * (size_t)F);
    if (c->medk)
        for (long i = 0; i < F; i++)
            c->medk[i] = i >= c->small_end && i < c->med_end
                             ? SIQS_BLOCK / c->p[i] : 0;
    c->sieve = bgcn_siqs_alloc(SIQS_BLOCK + 64);
    /* a large prime hits a block at most once per root */
    /* a prime p hits a block at most BLOCK/p + 1 times per root */
    c->bucket_cap = SIQS_BUCKET_SLACK;
    for (long i = c->med_end; i < F; i++)
        c->bucket_cap += 2 * (SIQS_BLOCK / c->p[i] + 1);
    c->bucket = bgcn_siqs_alloc(sizeof *c->bucket * (size_t)c->bucket_cap *
                                (size_t)c->nblocks);
    c->bucket_n = bgcn_siqs_alloc(sizeof *c->bucket_n * (size_t)c->nblocks);
    c->bkhit = bgcn_siqs_alloc(sizeof *c->bkhit * (size_t)c->bucket_cap);
    c->vec = vec_twins();
    if (!c->root1 || !c->root2 || !c->delta || !c->next1 || !c->next2 ||
        !c->sieve || !c->bucket || !c->bucket_n || !c->bkhit || !c->medk)
        return BGCN_ENOMEM;
    return BGCN_OK;
}

static void ctx_clear(siqs_ctx *c)
{
    bgcn_siqs_free(c->p);
    bgcn_siqs_free(c->sqrtkn);
    bgcn_siqs_free(c->logp);
    bgcn_siqs_free(c->flag);
    bgcn_siqs_free(c->pm);
    bgcn_siqs_free(c->pinv);
    bgcn_siqs_free(c->pv);
    bgcn_siqs_free(c->hits);
    bgcn_siqs_free(c->cands);
    bgcn_siqs_free(c->special);
    bgcn_siqs_free(c->tdiv);
    bgcn_siqs_free(c->tdinv);
    bgcn_siqs_free(c->tdlim);
    bgcn_siqs_free(c->aseen);
    bgcn_siqs_free(c->root1);
    bgcn_siqs_free(c->root2);
    bgcn_siqs_free(c->delta);
    bgcn_siqs_free(c->next1);
    bgcn_siqs_free(c->next2);
    bgcn_siqs_free(c->medk);
    bgcn_siqs_free(c->sieve);
    bgcn_siqs_free(c->bucket);
    bgcn_siqs_free(c->bucket_n);
    bgcn_siqs_free(c->bkhit);
    bgcn_siqs_rels_clear(&c->rels);
}

static long have(const siqs_ctx *c)
{
    return c->rels.full + c->rels.cycles;
}

/* Sieves polynomials until `want` relations (fulls plus cycles). */
static bgcn_status collect(siqs_ctx *c, long want)
{
    while (have(c) < want) {
        BGCN_TRY(bgcn_siqs_new_a(c));
        bgcn_siqs_set_tdiv(c);
        long npoly = 1L << (c->s - 1);
        for (long i = 0; i < npoly && have(c) < want; i++) {
            int sub = 0;
            long row = -1;
            if (i > 0)
                bgcn_siqs_next_b(c, i, &sub, &row);
            BGCN_TRY(bgcn_siqs_sieve_poly(c, sub, row));
            if ((++c->npoly & 15) == 0 && c->opts_progress)
                c->opts_progress(c->opts_arg, BGCN_SIQS_SIEVING, have(c),
                                 want);
        }
    }
    return BGCN_OK;
}

static bgcn_status run(siqs_ctx *c, bgcn_limb_t *fp, long *fn)
{
    *fn = 0;
    double digits = (siqs_log2((double)c->N.d[c->N.n - 1]) +
                     64.0 * (double)(c->N.n - 1)) * 0.30103;
    pick_params(c, digits);
    BGCN_TRY(choose_k(c));
    int found = 0;
    BGCN_TRY(build_fb(c, fp, &found));
    if (found) {
        *fn = 1;
        return BGCN_OK;
    }
    BGCN_TRY(setup(c));
    if (c->s == 0)
        return BGCN_OK;
    long want = c->F + 80;
    for (int attempt = 0; attempt < 4 && *fn == 0; attempt++) {
        BGCN_TRY(collect(c, want));
        BGCN_TRY(bgcn_siqs_finish(c, fp, fn));
        want += want / 20 + 20;
    }
    return BGCN_OK;
}

bgcn_status bgcn_siqs(bgcn_limb_t *fp, long *fn, const bgcn_limb_t *np,
                      long nn, const bgcn_siqs_opts *opts)
{
    BGCN_ASSERT(nn >= 2 && np[nn - 1] != 0 && (np[0] & 1));
    BGCN_ASSERT(!BGCN_OVERLAP_P(fp, nn, np, nn));
    *fn = 0;
    if (nn < 2 || nn > 7 || np[nn - 1] == 0 || !(np[0] & 1) ||
        (nn == 7 && np[6] >> 16))
        return BGCN_OK;
    siqs_ctx *c = bgcn_siqs_alloc(sizeof *c);
    if (!c)
        return BGCN_ENOMEM;
    memset(c, 0, sizeof *c);
    c->np = np;
    c->nn = nn;
    sz_set_limbs(&c->N, np, nn);
    if (opts)
        c->opts = *opts;
    c->rng = c->opts.seed;
    c->opts_progress = opts ? opts->progress : NULL;
    c->opts_arg = opts ? opts->progress_arg : NULL;
    bgcn_status st = run(c, fp, fn);
    if (st == BGCN_OK && *fn > 0) {
        /* the factor must divide N and be proper */
        bgcn_limb_t r[SIQS_L], q[SIQS_L];
        long f = bgcn_normalized_size(fp, *fn);
        if (f == 0 || (f == 1 && fp[0] == 1) || f > nn ||
            (f == nn && bgcn_cmp(fp, np, nn) >= 0)) {
            *fn = 0;
        } else {
            st = bgcn_tdiv_qr(q, r, np, nn, fp, f);
            if (st == BGCN_OK && bgcn_normalized_size(r, f) != 0)
                *fn = 0;
            else
                *fn = f;
        }
    }
    ctx_clear(c);
    bgcn_siqs_free(c);
    return st;
}

long bgcn_siqs_roots_selftest(const bgcn_limb_t *np, long nn, uint64_t seed,
                              int na)
{
    if (nn < 2 || nn > 7 || np[nn - 1] == 0 || !(np[0] & 1))
        return -1;
    siqs_ctx *c = bgcn_siqs_alloc(sizeof *c);
    if (!c)
        return -1;
    memset(c, 0, sizeof *c);
    c->np = np;
    c->nn = nn;
    sz_set_limbs(&c->N, np, nn);
    c->rng = seed;
    long bad = -1;
    int found = 0;
    double digits = (siqs_log2((double)c->N.d[c->N.n - 1]) +
                     64.0 * (double)(c->N.n - 1)) * 0.30103;
    pick_params(c, digits);
    size_t F = 0;
    uint32_t *save = NULL;
    bgcn_limb_t fbuf[SIQS_L];
    if (choose_k(c) != BGCN_OK || build_fb(c, fbuf, &found) != BGCN_OK ||
        found || setup(c) != BGCN_OK || c->s == 0)
        goto done;
    F = (size_t)c->F;
    save = bgcn_siqs_alloc(sizeof *save * F * (size_t)(c->s + 1));
    if (!save)
        goto done;
    bad = 0;
    for (int a = 0; a < na; a++) {
        if (bgcn_siqs_new_a(c) != BGCN_OK) {
            bad = -1;
            break;
        }
        /* new_a ran the fast twin; keep its output, then the slow one */
        memcpy(save, c->root1, sizeof *save * F);
        memcpy(save + F, c->root2, sizeof *save * F);
        memcpy(save + 2 * F, c->delta, sizeof *save * F * (size_t)(c->s - 1));
        bgcn_siqs_roots(c, 1);
        for (size_t i = 1; i < F; i++) {
            int d = save[i] != c->root1[i] || save[F + i] != c->root2[i];
            for (int j = 0; j + 1 < c->s; j++)
                d |= save[(2 + (size_t)j) * F + i] != c->delta[(size_t)j * F + i];
            bad += d;
        }
    }
done:
    bgcn_siqs_free(save);
    ctx_clear(c);
    bgcn_siqs_free(c);
    return bad;
}
