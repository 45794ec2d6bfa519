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
        sz_mul_ui(&c->Bj[j], &aq, g);
        sz_add(&c->B, &c->B, &c->Bj[j]);
    }
    set_c(c);
    long F = c->F;
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
