/* rows-mont.c -- one Montgomery multiplication and one Montgomery
 * squaring, 256 .. 4096-bit moduli.
 *
 * The engine's kernels mont_mul_n (a*b/R mod m, fully reduced) and
 * mont_sqr_n (a*a/R: what a modexp mostly does) on every path, against
 * what GMP's own modexp does per step -- mpn_mul_n (mpn_sqr) followed by
 * REDC (mpn_redc_1) and a subtraction of m on carry -- and OpenSSL's
 * BN_mod_mul_montgomery (with a == b for the square).  The modulus is odd with its top bit set; the
 * operands are below it.  The engine's result is checked against GMP's
 * (fully reduced) before timing. */
#include "bench.h"

#include <gmp.h>
#include <stdlib.h>
#ifdef BGC_HAVE_LIBCRYPTO
#include <openssl/bn.h>
#endif

/* GMP's REDC.  libgmp exports it although gmp.h does not declare it:
 * {rp,n} = {up,2n} / B^n mod m up to one m (returns the carry after which
 * the caller subtracts m); {up,2n} is clobbered; invm = -1/m mod B. */
extern mp_limb_t __gmpn_redc_1(mp_ptr rp, mp_ptr up, mp_srcptr mp,
                               mp_size_t n, mp_limb_t invm);

struct mont {
    bgcn_limb_t *rp, *tp;
    const bgcn_limb_t *ap, *bp, *mp;
    long n;
    bgcn_limb_t minv;
    int sqr; /* the squaring rows: b is a */
#ifdef BGC_HAVE_LIBCRYPTO
    BIGNUM *r, *a, *b;
    BN_MONT_CTX *mctx;
    BN_CTX *bctx;
#endif
};

/* -1/m mod 2^64 for odd m: Newton's iteration x <- x(2 - mx) doubles the
 * number of correct low bits; x = m is right to 3 bits (m*m = 1 mod 8). */
static bgcn_limb_t neg_inverse(bgcn_limb_t m)
{
    bgcn_limb_t x = m;
    for (int i = 0; i < 5; i++)
        x *= 2 - m * x;
    return -x;
}

static void run_engine(void *vc, long iters)
{
    const struct mont *c = vc;
    if (c->sqr)
        for (long i = 0; i < iters; i++)
            bgcn_mont_sqr_n(c->rp, c->ap, c->mp, c->n, c->minv);
    else
        for (long i = 0; i < iters; i++)
            bgcn_mont_mul_n(c->rp, c->ap, c->bp, c->mp, c->n, c->minv);
}

static void gmp_mont_mul(const struct mont *c)
{
    if (c->sqr)
        mpn_sqr(c->tp, c->ap, c->n);
    else
        mpn_mul_n(c->tp, c->ap, c->bp, c->n);
    if (__gmpn_redc_1(c->rp, c->tp, c->mp, c->n, c->minv))
        mpn_sub_n(c->rp, c->rp, c->mp, c->n);
}

static void run_gmp(void *vc, long iters)
{
    const struct mont *c = vc;
    for (long i = 0; i < iters; i++)
        gmp_mont_mul(c);
}

#ifdef BGC_HAVE_LIBCRYPTO
static void run_openssl(void *vc, long iters)
{
    const struct mont *c = vc;
    for (long i = 0; i < iters; i++)
        BN_mod_mul_montgomery(c->r, c->a, c->sqr ? c->a : c->b, c->mctx,
                              c->bctx);
}

static BIGNUM *to_bn(const bgcn_limb_t *p, long n)
{
    unsigned char buf[4096 / 8];
    for (long i = 0; i < n; i++)
        for (int k = 0; k < 8; k++)
            buf[8 * i + k] = (unsigned char)(p[i] >> (8 * k));
    return BN_lebin2bn(buf, (int)(8 * n), NULL);
}
#endif

void bgc_bench_rows_mont(bgc_bench *b)
{
    /* around the IFMA kernels' crossovers (21 and 26 limbs) too */
    static const long bits[] = {256, 512, 1024, 1280, 1344, 1536,
                                1664, 2048, 2560, 3072, 4096};
    const long maxn = 4096 / 64;
    bgcn_limb_t *rp = bgc_bench_alloc(maxn), *r2 = bgc_bench_alloc(maxn);
    bgcn_limb_t *tp = bgc_bench_alloc(2 * maxn), *mp = bgc_bench_alloc(maxn);
    bgcn_limb_t *ap = bgc_bench_alloc(maxn), *bp = bgc_bench_alloc(maxn);

    bgc_bench_table(b,
                    "one Montgomery multiplication a*b/R (and square a*a/R) "
                    "mod m, every path",
                    BGC_BENCH_OPENSSL);
    for (size_t s2 = 0; s2 < 2 * (sizeof bits / sizeof bits[0]); s2++) {
        size_t s = s2 / 2;
        int sqr = (int)(s2 % 2);
        long n = bits[s] / 64;
        bgc_bench_random(mp, n);
        mp[0] |= 1;
        mp[n - 1] |= BGCN_LIMB_HIGHBIT;
        bgc_bench_random(ap, n);
        bgc_bench_random(bp, n);
        ap[n - 1] = mp[n - 1] >> 1; /* a, b < m */
        bp[n - 1] = mp[n - 1] >> 2;
        struct mont c = {.rp = rp, .tp = tp, .ap = ap, .bp = bp, .mp = mp,
                         .n = n, .minv = neg_inverse(mp[0]), .sqr = sqr};

        bgc_bench_row r = {.op = sqr ? "mont_sqr" : "mont_mul", .size = bits[s], .unit = "bits"};
        r.gmp = bgc_bench_measure(b, run_gmp, &c);
        gmp_mont_mul(&c); /* fully reduced reference for the check */
        if (mpn_cmp(rp, mp, n) >= 0)
            mpn_sub_n(rp, rp, mp, n);
        for (long i = 0; i < n; i++)
            r2[i] = rp[i];
#ifdef BGC_HAVE_LIBCRYPTO
        c.bctx = BN_CTX_new();
        c.mctx = BN_MONT_CTX_new();
        c.r = BN_new();
        c.a = to_bn(ap, n);
        c.b = to_bn(bp, n);
        BIGNUM *m = to_bn(mp, n);
        if (!c.bctx || !c.mctx || !c.r || !c.a || !c.b || !m ||
            !BN_MONT_CTX_set(c.mctx, m, c.bctx)) {
            fprintf(stderr, "bigcalc-bench: OpenSSL set-up failed\n");
            exit(2);
        }
        r.ossl = bgc_bench_measure(b, run_openssl, &c);
#endif
        const bgcn_kernels *p;
        for (int i = 0; (p = bgc_bench_next_path(b, &i));) {
            r.path = p->name;
            r.note = NULL;
            run_engine(&c, 1);
            if (!bgc_bench_same(b, sqr ? "mont_sqr_n" : "mont_mul_n", rp,
                                r2, n))
                r.note = "MISMATCH";
            r.eng = bgc_bench_measure(b, run_engine, &c);
            bgc_bench_emit(b, &r);
        }
#ifdef BGC_HAVE_LIBCRYPTO
        BN_free(m);
        BN_free(c.a);
        BN_free(c.b);
        BN_free(c.r);
        BN_MONT_CTX_free(c.mctx);
        BN_CTX_free(c.bctx);
#endif
    }
    bgc_bench_free(rp);
    bgc_bench_free(r2);
    bgc_bench_free(tp);
    bgc_bench_free(mp);
    bgc_bench_free(ap);
    bgc_bench_free(bp);
}
