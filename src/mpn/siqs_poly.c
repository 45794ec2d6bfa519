/* siqs_poly.c -- polynomials of the self-initialising quadratic sieve.
 *
 * For A = q_1 ... q_s (factor-base primes) and B with B^2 = kN (mod A),
 * (Ax + B)^2 - kN = A g(x) with g(x) = A x^2 + 2 B x + C, C = (B^2-kN)/A.
 * B = B_1 + ... + B_s with B_j = (A/q_j) * gamma_j, gamma_j = t_j (A/q_j)^-1
 * mod q_j (t_j^2 = kN mod q_j), so each B_j is 0 mod the other q's and any
 * sign pattern +-B_1 +-B_2 ... works: with B_1's sign fixed that is
 * 2^(s-1) polynomials per A (fixing it also keeps B and -B, which give
 * the same relations, from both appearing).  Visiting the sign patterns in
 * Gray-code order changes one B_j per step, so every root moves by a
 * precomputed 2 B_j / A mod p: the self-initialisation. */
#include "siqs-impl.h"

#include <stdlib.h>

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Index in [lo, hi) of the prime nearest to 2^bits. */
static long nearest_prime(const siqs_ctx *c, double bits, long lo, long hi)
{
    long a = lo, b = hi - 1;
    while (a < b) {
        long m = (a + b) / 2;
        if (siqs_log2((double)c->p[m]) < bits)
            a = m + 1;
        else
            b = m;
    }
    if (a > lo && bits - siqs_log2((double)c->p[a - 1]) <
                      siqs_log2((double)c->p[a]) - bits)
        a--;
    return a;
}

static int chosen(const uint32_t *q, int n, uint32_t i)
{
    for (int j = 0; j < n; j++)
        if (q[j] == i)
            return 1;
    return 0;
}

static int u32_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Picks the primes of a new A, never the same set twice. */
static bgcn_status pick_a(siqs_ctx *c)
{
    int s = c->s;
    long span = c->qhi - c->qlo;
    for (int attempt = 0;; attempt++) {
        double bits = 0;
        int n = 0;
        while (n < s - 1) {
            uint32_t i = (uint32_t)(c->qlo + (long)(rng_next(&c->rng) %
                                                    (uint64_t)span));
            if ((c->flag[i] & SIQS_F_TRIAL) || chosen(c->qidx, n, i))
                continue;
            c->qidx[n++] = i;
            bits += siqs_log2((double)c->p[i]);
        }
        long last = nearest_prime(c, c->abits - bits, c->small_end,
                                  c->med_end);
        while (last < c->med_end - 1 &&
               ((c->flag[last] & SIQS_F_TRIAL) ||
                chosen(c->qidx, n, (uint32_t)last)))
            last++;
        if ((c->flag[last] & SIQS_F_TRIAL) ||
            chosen(c->qidx, n, (uint32_t)last))
            continue;
        c->qidx[n++] = (uint32_t)last;
        qsort(c->qidx, (size_t)s, sizeof c->qidx[0], u32_cmp);
        uint64_t h = 0x12345;
        for (int j = 0; j < s; j++)
            h = (h ^ c->qidx[j]) * 0x100000001b3ull + (h >> 29);
        long k;
        for (k = 0; k < c->naseen; k++)
            if (c->aseen[k] == h)
                break;
        if (k < c->naseen && attempt < 100000)
            continue;
        if (c->naseen == c->capaseen) {
            long cap = c->capaseen * 2 + 64;
            uint64_t *na = bgcn_siqs_alloc(sizeof *na * (size_t)cap);
            if (!na)
                return BGCN_ENOMEM;
            if (c->naseen)
                memcpy(na, c->aseen, sizeof *na * (size_t)c->naseen);
            bgcn_siqs_free(c->aseen);
            c->aseen = na;
            c->capaseen = cap;
        }
        c->aseen[c->naseen++] = h;
        return BGCN_OK;
    }
}

static void set_c(siqs_ctx *c)
{
    siqs_z t;
    sz_mul(&t, &c->B, &c->B);
    sz_sub(&t, &t, &c->kN);
    for (int j = 0; j < c->s; j++) {
        BGCN_ASSERT(sz_umod(&t, c->p[c->qidx[j]]) == 0);
        sz_divexact_ui(&t, &t, c->p[c->qidx[j]]);
    }
    c->C = t;
}

/* The slow twin of roots_w: each residue of A, B and B_j by a
 * multiple-precision remainder (one bgcn_mod_1, with its limb inverse,
 * per number and prime). */
static void roots_mp(siqs_ctx *c)
{
    long F = c->F;
    int s = c->s;
    for (long i = 1; i < F; i++) {
        uint32_t p = c->p[i];
        if (c->flag[i]) {
            c->root1[i] = c->root2[i] = 0;
            for (int j = 1; j < s; j++)
                c->delta[(size_t)(j - 1) * F + i] = 0;
            continue;
        }
        uint32_t ai = bgcn_siqs_invmod(sz_umod(&c->A, p), p);
        uint32_t bm = sz_mod(&c->B, p), t = c->sqrtkn[i], mm = c->M % p;
        uint32_t r1 = siqs_mulmod(ai, (uint32_t)(((uint64_t)t + p - bm) % p), p);
        uint32_t r2 = siqs_mulmod(ai, (uint32_t)(((uint64_t)2 * p - t - bm) % p), p);
        c->root1[i] = (uint32_t)(((uint64_t)r1 + mm) % p);
        c->root2[i] = (uint32_t)(((uint64_t)r2 + mm) % p);
        for (int j = 1; j < s; j++)
            c->delta[(size_t)(j - 1) * F + i] =
                siqs_mulmod((uint32_t)((2 * (uint64_t)sz_umod(&c->Bj[j], p)) % p),
                            ai, p);
    }
}

/* Residues in doubles, kept in the symmetric range |r| <= p/2 (plus a
 * hair), for p < 2^26: a product of two of them (or of one and a value
 * below 2^26) is below 2^52, exact; the quotient rounded to nearest by
 * the 1.5 * 2^52 trick (round-to-nearest mode, |x| < 2^51) leaves
 * |x - q p| <= p/2 + p 2^-26, exact.  No compare, no branch: the
 * fix-ups of a [0, p) form, as branches, were mispredicted half the
 * time. */
static inline double redc_d(double x, double p, double dinv)
{
    const double big = 6755399441055744.0; /* 1.5 * 2^52 */
    double t = x * dinv + big; /* kept: the build has no -ffast-math */
    return x - (t - big) * p;
}

/* r in (-p, p) (an exact integer) to [0, p). */
static inline uint32_t norm_d(double r, uint32_t p)
{
    int64_t v = (int64_t)r;
    v += (v >> 63) & (int64_t)p;
    return (uint32_t)v;
}

#define ROOTS_CHUNK 64 /* primes a pass of roots_w works on */

/* The residues from words only, a chunk of primes at a time with the
 * loop over the primes innermost (each product independent of the
 * next: throughput, not the latency of a chain, is what counts).  With
 * qm_j = q_j mod p: A mod p = prod qm_j (prefix products), one inverse
 * ai = A^-1 mod p, the inverses of the qm_j from it by the prefix
 * products (Montgomery's trick), then delta_j = 2 B_j / A = 2 gam_j /
 * q_j mod p, B/A = sum gam_j / q_j, and the roots (t - B)/A + M, (-t -
 * B)/A + M.  About 4s products and one inverse a prime, instead of s+1
 * multiple-precision remainders (each with its limb inverse): those
 * were ~10% of a 40-60-digit run on Zen 1. */
static void roots_w(siqs_ctx *c)
{
    long F = c->F;
    int s = c->s;
    double q[SIQS_MAXS], g2[SIQS_MAXS];
    for (int j = 0; j < s; j++)
        q[j] = (double)c->p[c->qidx[j]], g2[j] = 2.0 * (double)c->gam[j];
    double P[ROOTS_CHUNK], DI[ROOTS_CHUNK], AI[ROOTS_CHUNK], SB[ROOTS_CHUNK];
    double inv[ROOTS_CHUNK];
    double qm[SIQS_MAXS][ROOTS_CHUNK], pre[SIQS_MAXS + 1][ROOTS_CHUNK];
    BGCN_ASSERT(F < 1 || c->p[F - 1] < (1u << 26));
    for (long i0 = 1; i0 < F; i0 += ROOTS_CHUNK) {
        int n = F - i0 < ROOTS_CHUNK ? (int)(F - i0) : ROOTS_CHUNK;
        const uint32_t *pp = c->p + i0;
        for (int k = 0; k < n; k++) {
            P[k] = (double)pp[k];
            DI[k] = 1.0 / P[k];
            pre[0][k] = 1.0;
            SB[k] = 0.0;
        }
        for (int j = 0; j < s; j++)
            for (int k = 0; k < n; k++) {
                double r = redc_d(q[j], P[k], DI[k]); /* q_j < 2^32 */
                qm[j][k] = r;
                pre[j + 1][k] = redc_d(pre[j][k] * r, P[k], DI[k]);
            }
        for (int k = 0; k < n; k++) {
            /* flagged primes (A's, k's): A mod p may be 0; not used */
            uint32_t am = norm_d(pre[s][k], pp[k]);
            AI[k] = c->flag[i0 + k] ? 0.0 : (double)bgcn_siqs_invmod(am, pp[k]);
            inv[k] = AI[k]; /* (qm_0 ... qm_j)^-1, j = s-1 first */
        }
        for (int j = s - 1; j >= 0; j--) {
            uint32_t *dl = j > 0 ? c->delta + (size_t)(j - 1) * F + i0 : NULL;
            for (int k = 0; k < n; k++) {
                double iq = redc_d(inv[k] * pre[j][k], P[k], DI[k]);
                inv[k] = redc_d(inv[k] * qm[j][k], P[k], DI[k]);
                /* 2 gam_j mod p (gam_j < q_j / 2 < 2^31), times 1/q_j */
                double gm = redc_d(g2[j], P[k], DI[k]);
                double dj = redc_d(gm * iq, P[k], DI[k]);
                SB[k] += dj;
                if (dl)
                    dl[k] = norm_d(dj, pp[k]);
            }
        }
        for (int k = 0; k < n; k++) {
            long i = i0 + k;
            uint32_t p = pp[k];
            if (c->flag[i]) {
                c->root1[i] = c->root2[i] = 0;
                for (int j = 1; j < s; j++)
                    c->delta[(size_t)(j - 1) * F + i] = 0;
                continue;
            }
            /* SB = 2B/A mod p (|SB| <= s p / 2 before this); halve it */
            uint32_t sb = norm_d(redc_d(SB[k], P[k], DI[k]), p);
            uint32_t ba = (sb & 1) ? (uint32_t)(((uint64_t)sb + p) >> 1) : sb >> 1;
            uint32_t ta = norm_d(redc_d((double)c->sqrtkn[i] * AI[k], P[k], DI[k]), p);
            uint32_t mm = siqs_fastmod(c->M, c->pm[i], p);
            uint32_t nta = ta ? p - ta : 0;
            uint32_t r1 = ta >= ba ? ta - ba : ta + p - ba;    /* (t - B)/A */
            uint32_t r2 = nta >= ba ? nta - ba : nta + p - ba; /* (-t - B)/A */
            r1 += mm;
            r2 += mm;
            c->root1[i] = r1 - (r1 >= p ? p : 0);
            c->root2[i] = r2 - (r2 >= p ? p : 0);
        }
    }
}

void bgcn_siqs_roots(siqs_ctx *c, int slow)
{
    if (slow)
        roots_mp(c);
    else
        roots_w(c);
}

bgcn_status bgcn_siqs_new_a(siqs_ctx *c)
{
    for (int j = 0; j < c->s; j++)
        c->flag[c->qidx[j]] &= (unsigned char)~SIQS_F_AQ;
    BGCN_TRY(pick_a(c));
    int s = c->s;
    sz_set_ui(&c->A, 1);
    for (int j = 0; j < s; j++) {
        sz_mul_ui(&c->A, &c->A, c->p[c->qidx[j]]);
        c->flag[c->qidx[j]] |= SIQS_F_AQ;
    }
    sz_set_ui(&c->B, 0);
    for (int j = 0; j < s; j++) {
        uint32_t q = c->p[c->qidx[j]];
        siqs_z aq;
        sz_divexact_ui(&aq, &c->A, q);
        uint32_t g = siqs_mulmod(c->sqrtkn[c->qidx[j]],
                                 bgcn_siqs_invmod(sz_umod(&aq, q), q), q);
        if (g > q / 2)
            g = q - g;
        c->gam[j] = g;
        sz_mul_ui(&c->Bj[j], &aq, g);
        sz_add(&c->B, &c->B, &c->Bj[j]);
    }
    set_c(c);
    bgcn_siqs_roots(c, 0);
    return BGCN_OK;
}

void bgcn_siqs_next_b(siqs_ctx *c, long i, int *sub, long *row)
{
    int v = __builtin_ctzl((unsigned long)i);
    int j = v + 1;
    BGCN_ASSERT(j < c->s);
    /* bit v of the Gray code i ^ (i >> 1) is 1 ^ bit v+1 of i; a set bit
     * means B_j counts negatively */
    int s_ = !((i >> (v + 1)) & 1);
    siqs_z two;
    sz_mul_ui(&two, &c->Bj[j], 2);
    sz_addsub(&c->B, &c->B, &two, s_);
    set_c(c);
    /* root = (t - B)/A + M: B down by 2Bj moves the roots up by delta */
    const uint32_t *d = c->delta + (size_t)(j - 1) * c->F;
    long e = c->med_end;
    for (long k = 1; k < e; k++) {
        uint32_t p = c->p[k], dk = d[k];
        uint32_t r1 = c->root1[k], r2 = c->root2[k];
        if (s_) {
            r1 += dk;
            r1 -= r1 >= p ? p : 0;
            r2 += dk;
            r2 -= r2 >= p ? p : 0;
        } else {
            r1 = r1 >= dk ? r1 - dk : r1 + p - dk;
            r2 = r2 >= dk ? r2 - dk : r2 + p - dk;
        }
        c->root1[k] = r1;
        c->root2[k] = r2;
    }
    *sub = s_;
    *row = j - 1;
}
