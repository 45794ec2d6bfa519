/* rows-modexp.c -- modular exponentiation b^e mod m, full-size exponent.
 *
 * Odd moduli of 256 .. 4096 bits with the top bit set, a random base below
 * m and a random exponent of the same length.  References: GMP's mpz_powm
 * (and mpz_powm_sec, constant time), OpenSSL's BN_mod_exp_mont (and
 * BN_mod_exp_mont_consttime) when libcrypto is present.
 *
 * The engine: bgcn_powm (sliding window) and bgcn_powm_sec (fixed window,
 * constant time), on every kernel path, each result checked against
 * GMP's before it is timed. */
#include "bench.h"

#include <gmp.h>
#include <stdlib.h>
#ifdef BGC_HAVE_LIBCRYPTO
#include <openssl/bn.h>
#endif

struct pctx {
    int sec;
    mpz_t r, base, e, m;
    bgcn_limb_t *rp, *bp, *ep, *mp; /* the same operands as limbs */
    long n;
#ifdef BGC_HAVE_LIBCRYPTO
    BIGNUM *br, *bb, *be, *bm;
    BN_MONT_CTX *mont;
    BN_CTX *bctx;
#endif
};

static void run_gmp(void *vc, long iters)
{
    struct pctx *c = vc;
    for (long i = 0; i < iters; i++)
        if (c->sec)
            mpz_powm_sec(c->r, c->base, c->e, c->m);
        else
            mpz_powm(c->r, c->base, c->e, c->m);
}

#ifdef BGC_HAVE_LIBCRYPTO
static void run_openssl(void *vc, long iters)
{
    struct pctx *c = vc;
    for (long i = 0; i < iters; i++)
        if (c->sec)
            BN_mod_exp_mont_consttime(c->br, c->bb, c->be, c->bm, c->bctx,
                                      c->mont);
        else
            BN_mod_exp_mont(c->br, c->bb, c->be, c->bm, c->bctx, c->mont);
}

static BIGNUM *to_bn(const mpz_t z)
{
    unsigned char buf[4096 / 8];
    size_t len = 0;
    mpz_export(buf, &len, -1, 1, 0, 0, z); /* little-endian bytes */
    return BN_lebin2bn(buf, (int)len, NULL);
}
#endif

static void run_engine(void *vc, long iters)
{
    struct pctx *c = vc;
    for (long i = 0; i < iters; i++) {
        bgcn_status st =
            c->sec ? bgcn_powm_sec(c->rp, c->bp, c->n, c->ep, c->n, c->mp, c->n)
                   : bgcn_powm(c->rp, c->bp, c->n, c->ep, c->n, c->mp, c->n);
        if (st != BGCN_OK) {
            fprintf(stderr, "bigcalc-bench: bgcn_powm%s failed (status %d)\n",
                    c->sec ? "_sec" : "", (int)st);
            exit(2);
        }
    }
}

static void from_limbs(mpz_t z, const bgcn_limb_t *p, long n)
{
    mpz_import(z, (size_t)n, -1, sizeof p[0], 0, 0, p);
}

void bgc_bench_rows_modexp(bgc_bench *b)
{
    /* 8 .. 40 limbs closely: the avx512 path's residue form starts at
     * BGCN_AVX512_POWM_FORM_MIN limbs (thresholds.h) */
    static const long bits[] = {256, 512, 640, 704, 768, 960, 1024,
                                1280, 1536, 2048, 2560, 3072, 4096};
    enum { MAXN = 4096 / 64 };
    bgcn_limb_t rp[MAXN], bp[MAXN], ep[MAXN], mp[MAXN], want[MAXN];

    bgc_bench_table(b, "b^e mod m, odd m, exponent as long as m, every path",
                    BGC_BENCH_OPENSSL);
    for (int sec = 0; sec <= 1; sec++)
        for (size_t s = 0; s < sizeof bits / sizeof bits[0]; s++) {
            long n = bits[s] / 64;
            struct pctx c = {.sec = sec, .rp = rp, .bp = bp, .ep = ep,
                             .mp = mp, .n = n};
            mpz_inits(c.r, c.base, c.e, c.m, NULL);
            bgc_bench_random(mp, n);
            mp[0] |= 1;
            mp[n - 1] |= BGCN_LIMB_HIGHBIT;
            from_limbs(c.m, mp, n);
            bgc_bench_random(bp, n);
            bp[n - 1] >>= 1;
            from_limbs(c.base, bp, n);
            bgc_bench_random(ep, n);
            ep[n - 1] |= BGCN_LIMB_HIGHBIT;
            from_limbs(c.e, ep, n);

            bgc_bench_row r = {.op = sec ? "powm_sec" : "powm",
                               .size = bits[s], .unit = "bits"};
            r.gmp = bgc_bench_measure(b, run_gmp, &c);
            for (long i = 0; i < n; i++)
                want[i] = 0;
            mpz_export(want, NULL, -1, sizeof want[0], 0, 0, c.r);
#ifdef BGC_HAVE_LIBCRYPTO
            c.bctx = BN_CTX_new();
            c.mont = BN_MONT_CTX_new();
            c.br = BN_new();
            c.bb = to_bn(c.base);
            c.be = to_bn(c.e);
            c.bm = to_bn(c.m);
            if (!c.bctx || !c.mont || !c.br || !c.bb || !c.be || !c.bm ||
                !BN_MONT_CTX_set(c.mont, c.bm, c.bctx)) {
                fprintf(stderr, "bigcalc-bench: OpenSSL set-up failed\n");
                exit(2);
            }
            r.ossl = bgc_bench_measure(b, run_openssl, &c);
            BN_free(c.br);
            BN_free(c.bb);
            BN_free(c.be);
            BN_free(c.bm);
            BN_MONT_CTX_free(c.mont);
            BN_CTX_free(c.bctx);
#endif
            const bgcn_kernels *p;
            for (int i = 0; (p = bgc_bench_next_path(b, &i));) {
                r.path = p->name;
                r.note = NULL;
                run_engine(&c, 1);
                if (!bgc_bench_same(b, r.op, rp, want, n))
                    r.note = "MISMATCH";
                r.eng = bgc_bench_measure(b, run_engine, &c);
                bgc_bench_emit(b, &r);
            }
            mpz_clears(c.r, c.base, c.e, c.m, NULL);
        }
}
