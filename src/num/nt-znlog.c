/* nt-znlog.c -- multiplicative orders, primitive roots and discrete
 * logarithms modulo any m.
 *
 * All three start from the factorisation of the Carmichael function
 * lambda(m) (the exponent of the group (Z/mZ)*), built from the factors
 * of m and of each p - 1.  The order of a divides lambda(m): divide out
 * each prime q while a^(o/q) = 1.  A discrete logarithm is solved by
 * Pohlig-Hellman over the order n of g: for each q^f || n, the digits of
 * e mod q^f one at a time in the subgroup of order q, each by baby-step
 * giant-step (a hash table of up to 2^22 baby steps), then CRT.  The
 * answer is checked by g^e = x before it is returned.
 */
#include "ntkit.h"
#include "num-impl.h"

#include <stdlib.h>

#define T(expr)                                                            \
    do {                                                                   \
        if ((e = (expr)) != BGC_OK)                                        \
            goto out;                                                      \
    } while (0)

/* f = lcm(f, p^k) in factored form: raise the exponent of p to k. */
static bgc_err fac_max(bgc_factors *f, const bgc_int *p, uint64_t k)
{
    for (long i = 0; i < f->n; i++)
        if (bgc_cmp(&f->p[i], p) == 0) {
            if (f->e[i] < k)
                f->e[i] = k;
            return BGC_OK;
        }
    return bgc_factors_add(f, p, k);
}

/* lam = the factorisation of lambda(m) for |m| >= 1 given as mf. */
static bgc_err carmichael(bgc_factors *lam, const bgc_factors *mf)
{
    bgc_factors pf;
    bgc_int t;
    bgc_factors_init(&pf);
    bgc_init(&t);
    bgc_err e = BGC_OK;
    lam->n = 0;
    for (long i = 0; i < mf->n; i++) {
        const bgc_int *p = &mf->p[i];
        uint64_t k = mf->e[i];
        if (bgc_cmp_si(p, 2) == 0) {
            if (k >= 2)
                T(fac_max(lam, p, k >= 3 ? k - 2 : 1));
            continue;
        }
        if (k >= 2)
            T(fac_max(lam, p, k - 1));
        T(bgc_add_si(&t, p, -1));
        T(bgc_factorize(&pf, &t));
        for (long j = 0; j < pf.n; j++)
            T(fac_max(lam, &pf.p[j], pf.e[j]));
    }
out:
    bgc_factors_clear(&pf);
    bgc_clear(&t);
    return e;
}

/* o = the order of the unit a modulo m, with its factorisation into of
 * (of may be NULL), given lambda's factorisation lam. */
static bgc_err order(bgc_int *o, bgc_factors *of, const bgc_int *a,
                     const bgc_int *m, const bgc_factors *lam)
{
    bgc_int t, q, y;
    bgc_init(&t);
    bgc_init(&q);
    bgc_init(&y);
    bgc_err e = bgc_factors_value(o, lam);
    if (of != NULL)
        of->n = 0;
    for (long i = 0; i < lam->n && e == BGC_OK; i++) {
        uint64_t k = lam->e[i];
        while (k > 0) {
            T(bgc_tdiv_q(&q, o, &lam->p[i]));
            T(bgc_powmod(&y, a, &q, m));
            if (bgc_cmp_si(&y, 1) != 0)
                break;
            bgc_swap(o, &q);
            k--;
        }
        if (of != NULL && k > 0)
            T(bgc_factors_add(of, &lam->p[i], k));
    }
out:
    bgc_clear(&t);
    bgc_clear(&q);
    bgc_clear(&y);
    return e;
}

bgc_err bgc_znorder(bgc_int *r, const bgc_int *a, const bgc_int *m)
{
    if (bgc_is_zero(m))
        return BGC_EMODZERO;
    bgc_factors mf, lam;
    bgc_int mm, am, g;
    bgc_factors_init(&mf);
    bgc_factors_init(&lam);
    bgc_init(&mm);
    bgc_init(&am);
    bgc_init(&g);
    bgc_err e = BGC_OK;
    T(bgc_abs(&mm, m));
    T(bgc_mod(&am, a, &mm));
    T(bgc_gcd(&g, &am, &mm));
    if (bgc_cmp_si(&g, 1) != 0) {
        e = BGC_ENOTINV;
        goto out;
    }
    T(bgc_factorize(&mf, &mm));
    T(carmichael(&lam, &mf));
    T(order(&g, NULL, &am, &mm, &lam));
    bgc_swap(r, &g);
out:
    bgc_factors_clear(&mf);
    bgc_factors_clear(&lam);
    bgc_clear(&mm);
    bgc_clear(&am);
    bgc_clear(&g);
    return e;
}

bgc_err bgc_znprimroot(bgc_int *r, const bgc_int *m)
{
    bgc_factors mf, lam;
    bgc_int mm, g, q, y, phi;
    bgc_factors_init(&mf);
    bgc_factors_init(&lam);
    bgc_init(&mm);
    bgc_init(&g);
    bgc_init(&q);
    bgc_init(&y);
    bgc_init(&phi);
    bgc_err e = BGC_OK;
    if (bgc_is_zero(m)) {
        e = BGC_EMODZERO;
        goto out;
    }
    T(bgc_abs(&mm, m));
    if (bgc_cmp_si(&mm, 4) <= 0) { /* 1 -> 0, 2 -> 1, 3 -> 2, 4 -> 3 */
        e = bgc_set_si(r, (long)bgc_get_low(&mm) - 1);
        goto out;
    }
    T(bgc_factorize(&mf, &mm));
    /* cyclic only for p^k and 2 p^k, p odd */
    int two = bgc_cmp_si(&mf.p[0], 2) == 0;
    if (mf.n > 1 + two || (two && (mf.e[0] != 1 || mf.n == 1))) {
        e = BGC_EDOMAIN;
        goto out;
    }
    T(carmichael(&lam, &mf)); /* = phi(m) here */
    T(bgc_factors_value(&phi, &lam));
    for (long c = 2;; c++) {
        if (bgcn_interrupt_flag) {
            e = BGC_EINTR;
            goto out;
        }
        T(bgc_set_si(&g, c));
        T(bgc_gcd(&y, &g, &mm));
        if (bgc_cmp_si(&y, 1) != 0)
            continue;
        int prim = 1;
        for (long i = 0; i < lam.n && prim; i++) {
            T(bgc_tdiv_q(&q, &phi, &lam.p[i]));
            T(bgc_powmod(&y, &g, &q, &mm));
            prim = bgc_cmp_si(&y, 1) != 0;
        }
        if (prim)
            break;
    }
    bgc_swap(r, &g);
out:
    bgc_factors_clear(&mf);
    bgc_factors_clear(&lam);
    bgc_clear(&mm);
    bgc_clear(&g);
    bgc_clear(&q);
    bgc_clear(&y);
    bgc_clear(&phi);
    return e;
}

/* ---- baby-step giant-step in a subgroup of prime order q ---------------- */

typedef struct {
    uint64_t key; /* low limb of the residue */
    uint64_t j;   /* exponent + 1 (0: empty slot) */
} slot;

/* *d = the d in [0, q) with gam^d = h (mod m), gam of order q; *found = 0
 * when h is not in the subgroup. */
static bgc_err bsgs(uint64_t *d, int *found, const bgc_int *gam,
                    const bgc_int *h, uint64_t q, const bgc_int *m)
{
    bgc_int y, step, t;
    bgc_init(&y);
    bgc_init(&step);
    bgc_init(&t);
    slot *tab = NULL;
    bgc_err e = BGC_OK;
    *found = 0;
    uint64_t s = 1;
    while (s * s < q && s < ((uint64_t)1 << 22))
        s++;
    uint64_t size = 1;
    while (size < 2 * s)
        size *= 2;
    if (q <= 32) { /* small: walk */
        T(bgc_set_si(&y, 1));
        for (uint64_t i = 0; i < q; i++) {
            if (bgc_cmp(&y, h) == 0) {
                *d = i;
                *found = 1;
                goto out;
            }
            T(bgc_mulmod(&y, &y, gam, m));
        }
        goto out;
    }
    tab = calloc(size, sizeof *tab);
    if (tab == NULL) {
        e = BGC_ENOMEM;
        goto out;
    }
    /* baby steps gam^j, j < s */
    T(bgc_set_si(&y, 1));
    for (uint64_t j = 0; j < s; j++) {
        uint64_t k = bgc_get_low(&y), pos = (k * 0x9E3779B97F4A7C15ull) & (size - 1);
        while (tab[pos].j != 0)
            pos = (pos + 1) & (size - 1);
        tab[pos].key = k;
        tab[pos].j = j + 1;
        T(bgc_mulmod(&y, &y, gam, m));
        if ((j & 65535) == 0 && bgcn_interrupt_flag) {
            e = BGC_EINTR;
            goto out;
        }
    }
    /* giant steps h * gam^(-s i) */
    T(bgc_invmod(&step, &y, m)); /* y = gam^s */
    T(bgc_mod(&y, h, m));
    for (uint64_t i = 0; i * s < q; i++) {
        uint64_t k = bgc_get_low(&y), pos = (k * 0x9E3779B97F4A7C15ull) & (size - 1);
        for (; tab[pos].j != 0; pos = (pos + 1) & (size - 1)) {
            if (tab[pos].key != k)
                continue;
            uint64_t cand = i * s + tab[pos].j - 1;
            T(bgc_set_u64(&t, cand));
            T(bgc_powmod(&t, gam, &t, m));
            if (bgc_cmp(&t, h) == 0) {
                *d = cand % q;
                *found = 1;
                goto out;
            }
        }
        T(bgc_mulmod(&y, &y, &step, m));
        if ((i & 65535) == 0 && bgcn_interrupt_flag) {
            e = BGC_EINTR;
            goto out;
        }
    }
out:
    free(tab);
    bgc_clear(&y);
    bgc_clear(&step);
    bgc_clear(&t);
    return e;
}

/* x = g^res mod m with res mod q^f for the prime power q^f || n = ord(g). */
static bgc_err log_prime_power(bgc_int *res, int *found, const bgc_int *x,
                               const bgc_int *g, const bgc_int *n,
                               const bgc_int *q, uint64_t f,
                               const bgc_int *m)
{
    bgc_int qf, ex, gq, xq, gam, h, ginv, t, qk;
    bgc_init(&qf);
    bgc_init(&ex);
    bgc_init(&gq);
    bgc_init(&xq);
    bgc_init(&gam);
    bgc_init(&h);
    bgc_init(&ginv);
    bgc_init(&t);
    bgc_init(&qk);
    bgc_err e = BGC_OK;
    *found = 0;
    if (q->size > 1) { /* a prime factor of the order above 2^64 */
        e = BGC_EDOMAIN;
        goto out;
    }
    uint64_t qq = q->d[0];
    T(bgc_pow_ui(&qf, q, (unsigned long)f));
    T(bgc_tdiv_q(&ex, n, &qf));
    T(bgc_powmod(&gq, g, &ex, m)); /* order q^f */
    T(bgc_powmod(&xq, x, &ex, m));
    T(bgc_pow_ui(&t, q, (unsigned long)(f - 1)));
    T(bgc_powmod(&gam, &gq, &t, m)); /* order q */
    T(bgc_invmod(&ginv, &gq, m));
    T(bgc_set_si(res, 0));
    T(bgc_set_si(&qk, 1));
    for (uint64_t k = 0; k < f; k++) {
        /* h = (gq^-res xq)^(q^(f-1-k)) has order dividing q */
        T(bgc_powmod(&h, &ginv, res, m));
        T(bgc_mulmod(&h, &h, &xq, m));
        T(bgc_pow_ui(&t, q, (unsigned long)(f - 1 - k)));
        T(bgc_powmod(&h, &h, &t, m));
        uint64_t d = 0;
        int ok = 0;
        T(bsgs(&d, &ok, &gam, &h, qq, m));
        if (!ok)
            goto out;
        T(bgc_set_u64(&t, d));
        T(bgc_mul(&t, &t, &qk));
        T(bgc_add(res, res, &t));
        T(bgc_mul(&qk, &qk, q));
    }
    *found = 1;
out:
    bgc_clear(&qf);
    bgc_clear(&ex);
    bgc_clear(&gq);
    bgc_clear(&xq);
    bgc_clear(&gam);
    bgc_clear(&h);
    bgc_clear(&ginv);
    bgc_clear(&t);
    bgc_clear(&qk);
    return e;
}

bgc_err bgc_znlog(bgc_int *r, int *found, const bgc_int *x, const bgc_int *g,
                  const bgc_int *m)
{
    bgc_factors mf, lam, of;
    bgc_int mm, xm, gm, n, t, *res = NULL, *mods = NULL;
    bgc_factors_init(&mf);
    bgc_factors_init(&lam);
    bgc_factors_init(&of);
    bgc_init(&mm);
    bgc_init(&xm);
    bgc_init(&gm);
    bgc_init(&n);
    bgc_init(&t);
    bgc_err e = BGC_OK;
    long cnt = 0;
    *found = 0;
    if (bgc_is_zero(m)) {
        e = BGC_EMODZERO;
        goto out;
    }
    T(bgc_abs(&mm, m));
    T(bgc_mod(&xm, x, &mm));
    T(bgc_mod(&gm, g, &mm));
    if (bgc_cmp_si(&mm, 1) == 0) {
        *found = 1;
        e = bgc_set_si(r, 0);
        goto out;
    }
    T(bgc_gcd(&t, &gm, &mm));
    if (bgc_cmp_si(&t, 1) != 0) {
        e = BGC_ENOTINV;
        goto out;
    }
    T(bgc_gcd(&t, &xm, &mm));
    if (bgc_cmp_si(&t, 1) != 0)
        goto out; /* not a unit: no power of g */
    T(bgc_factorize(&mf, &mm));
    T(carmichael(&lam, &mf));
    T(order(&n, &of, &gm, &mm, &lam));
    res = calloc((size_t)of.n + 1, sizeof *res);
    mods = calloc((size_t)of.n + 1, sizeof *mods);
    if (res == NULL || mods == NULL) {
        e = BGC_ENOMEM;
        goto out;
    }
    for (long i = 0; i < of.n; i++) {
        bgc_init(&res[i]);
        bgc_init(&mods[i]);
        cnt++;
        int ok = 0;
        T(log_prime_power(&res[i], &ok, &xm, &gm, &n, &of.p[i], of.e[i], &mm));
        if (!ok)
            goto out;
        T(bgc_pow_ui(&mods[i], &of.p[i], (unsigned long)of.e[i]));
    }
    T(bgc_chinese(&t, NULL, res, mods, of.n));
    /* the check: g^t = x */
    T(bgc_powmod(&n, &gm, &t, &mm));
    if (bgc_cmp(&n, &xm) == 0) {
        *found = 1;
        bgc_swap(r, &t);
    }
out:
    for (long i = 0; i < cnt; i++) {
        bgc_clear(&res[i]);
        bgc_clear(&mods[i]);
    }
    free(res);
    free(mods);
    bgc_factors_clear(&mf);
    bgc_factors_clear(&lam);
    bgc_factors_clear(&of);
    bgc_clear(&mm);
    bgc_clear(&xm);
    bgc_clear(&gm);
    bgc_clear(&n);
    bgc_clear(&t);
    return e;
}
