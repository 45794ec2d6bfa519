/* nt-arith.c -- arithmetic functions read off a factorisation (divisors,
 * numdiv, sigma, eulerphi, moebius, omega, bigomega, issquarefree,
 * radical, core), and the ones that need none (issquare, ispower,
 * valuation).  Every function looks at |n| as gp does; core keeps the
 * sign. */
#include "ntkit.h"
#include "num-impl.h"

#define T(expr)                                                            \
    do {                                                                   \
        if ((e = (expr)) != BGC_OK)                                        \
            goto out;                                                      \
    } while (0)

/* ---- the ones built on bgc_factorize --------------------------------------- */

#define MAX_DIVISORS ((uint64_t)1 << 24)

bgc_err bgc_divisors(bgc_intvec *out, const bgc_int *n)
{
    bgc_factors f;
    bgc_intvec d;
    bgc_int pw;
    bgc_factors_init(&f);
    bgc_intvec_init(&d);
    bgc_init(&pw);
    bgc_err e = bgc_factorize(&f, n);
    uint64_t count = 1;
    if (e != BGC_OK)
        goto out;
    for (long i = 0; i < f.n; i++)
        count = bgc_sat_mul(count, bgc_sat_add(f.e[i], 1));
    if (count > MAX_DIVISORS) {
        e = BGC_ETOOBIG;
        goto out;
    }
    T(bgc_intvec_push_u64(&d, 1));
    for (long i = 0; i < f.n; i++) {
        long base = d.n;
        T(bgc_set_si(&pw, 1));
        for (uint64_t j = 1; j <= f.e[i]; j++) {
            T(bgc_mul(&pw, &pw, &f.p[i]));
            for (long t = 0; t < base; t++) {
                T(bgc_intvec_push(&d, &d.v[t]));
                T(bgc_mul(&d.v[d.n - 1], &d.v[d.n - 1], &pw));
            }
        }
        if (bgcn_interrupt_flag) {
            e = BGC_EINTR;
            goto out;
        }
    }
    bgc_intvec_sort(&d);
    bgc_intvec_clear(out);
    *out = d;
    bgc_intvec_init(&d);
out:
    bgc_factors_clear(&f);
    bgc_intvec_clear(&d);
    bgc_clear(&pw);
    return e;
}

/* The factorisation of n != 0 into f, or BGC_EDOMAIN. */
static bgc_err factors_of(bgc_factors *f, const bgc_int *n)
{
    bgc_factors_init(f);
    return bgc_factorize(f, n);
}

bgc_err bgc_numdiv(bgc_int *r, const bgc_int *n)
{
    bgc_factors f;
    bgc_int t, u;
    bgc_init(&t);
    bgc_init(&u);
    bgc_err e = factors_of(&f, n);
    if (e == BGC_OK)
        e = bgc_set_si(&t, 1);
    for (long i = 0; i < f.n && e == BGC_OK; i++) {
        e = bgc_set_u64(&u, f.e[i]);
        if (e == BGC_OK)
            e = bgc_add_si(&u, &u, 1);
        if (e == BGC_OK)
            e = bgc_mul(&t, &t, &u);
    }
    if (e == BGC_OK)
        bgc_swap(r, &t);
    bgc_factors_clear(&f);
    bgc_clear(&t);
    bgc_clear(&u);
    return e;
}

bgc_err bgc_sigma_f(bgc_int *r, const bgc_factors *f, const bgc_int *k)
{
    bgc_int t, q, s;
    bgc_init(&t);
    bgc_init(&q);
    bgc_init(&s);
    bgc_err e = BGC_OK;
    T(bgc_set_si(&t, 1));
    for (long i = 0; i < f->n; i++) {
        /* 1 + q + ... + q^e with q = p^k, by Horner (e is small for any
         * number that can be factored) */
        if (k != NULL)
            T(bgc_pow(&q, &f->p[i], k));
        else
            T(bgc_set(&q, &f->p[i]));
        T(bgc_set_si(&s, 1));
        for (uint64_t j = 0; j < f->e[i]; j++) {
            T(bgc_mul(&s, &s, &q));
            T(bgc_add_si(&s, &s, 1));
        }
        T(bgc_mul(&t, &t, &s));
    }
    bgc_swap(r, &t);
out:
    bgc_clear(&t);
    bgc_clear(&q);
    bgc_clear(&s);
    return e;
}

bgc_err bgc_sigma(bgc_int *r, const bgc_int *n, const bgc_int *k)
{
    if (k != NULL && bgc_sgn(k) < 0)
        return BGC_ENEGARG;
    if (k != NULL && bgc_is_zero(k))
        return bgc_numdiv(r, n);
    bgc_factors f;
    bgc_err e = factors_of(&f, n);
    if (e == BGC_OK)
        e = bgc_sigma_f(r, &f, k);
    bgc_factors_clear(&f);
    return e;
}

bgc_err bgc_eulerphi_f(bgc_int *r, const bgc_factors *f)
{
    bgc_int t, u;
    bgc_init(&t);
    bgc_init(&u);
    bgc_err e = BGC_OK;
    T(bgc_set_si(&t, 1));
    for (long i = 0; i < f->n; i++) {
        T(bgc_pow_ui(&u, &f->p[i], (unsigned long)(f->e[i] - 1)));
        T(bgc_mul(&t, &t, &u));
        T(bgc_add_si(&u, &f->p[i], -1));
        T(bgc_mul(&t, &t, &u));
    }
    bgc_swap(r, &t);
out:
    bgc_clear(&t);
    bgc_clear(&u);
    return e;
}

bgc_err bgc_eulerphi(bgc_int *r, const bgc_int *n)
{
    bgc_factors f;
    bgc_err e = factors_of(&f, n);
    if (e == BGC_OK)
        e = bgc_eulerphi_f(r, &f);
    bgc_factors_clear(&f);
    return e;
}

/* Reads a property of the factorisation: what = 'm' moebius, 'o' omega,
 * 'O' bigomega, 's' issquarefree. */
static bgc_err from_factors(bgc_int *r, const bgc_int *n, char what)
{
    bgc_factors f;
    bgc_err e = factors_of(&f, n);
    if (e == BGC_OK) {
        int sqfree = 1;
        uint64_t big = 0;
        for (long i = 0; i < f.n; i++) {
            sqfree &= f.e[i] == 1;
            big = bgc_sat_add(big, f.e[i]);
        }
        switch (what) {
        case 'm':
            e = bgc_set_si(r, sqfree ? (f.n & 1 ? -1 : 1) : 0);
            break;
        case 'o':
            e = bgc_set_si(r, f.n);
            break;
        case 'O':
            e = bgc_set_u64(r, big);
            break;
        default:
            e = bgc_set_si(r, sqfree);
            break;
        }
    }
    bgc_factors_clear(&f);
    return e;
}

bgc_err bgc_moebius(bgc_int *r, const bgc_int *n)
{
    return from_factors(r, n, 'm');
}
bgc_err bgc_omega(bgc_int *r, const bgc_int *n)
{
    return from_factors(r, n, 'o');
}
bgc_err bgc_bigomega(bgc_int *r, const bgc_int *n)
{
    return from_factors(r, n, 'O');
}
bgc_err bgc_issquarefree(bgc_int *r, const bgc_int *n)
{
    if (bgc_is_zero(n))
        return bgc_set_si(r, 0);
    return from_factors(r, n, 's');
}

/* radical (odd_only = 0) or the product of the primes with an odd
 * exponent (odd_only = 1). */
static bgc_err prime_product(bgc_int *r, const bgc_int *n, int odd_only)
{
    bgc_factors f;
    bgc_int t;
    bgc_init(&t);
    bgc_err e = factors_of(&f, n);
    if (e != BGC_OK)
        goto out;
    T(bgc_set_si(&t, 1));
    for (long i = 0; i < f.n; i++)
        if (!odd_only || (f.e[i] & 1))
            T(bgc_mul(&t, &t, &f.p[i]));
    if (odd_only && bgc_sgn(n) < 0)
        T(bgc_neg(&t, &t));
    bgc_swap(r, &t);
out:
    bgc_factors_clear(&f);
    bgc_clear(&t);
    return e;
}

bgc_err bgc_radical(bgc_int *r, const bgc_int *n)
{
    return prime_product(r, n, 0);
}

bgc_err bgc_core(bgc_int *r, const bgc_int *n)
{
    if (bgc_is_zero(n))
        return bgc_set_si(r, 0);
    return prime_product(r, n, 1);
}

/* ---- powers and valuations --------------------------------------------- */

/* *yes = 1 when the natural a is a k-th power (k >= 1); root = the root
 * when root is not NULL. */
static bgc_err kth_power(int *yes, bgc_int *root, const bgc_int *a,
                         uint64_t k)
{
    bgc_int x, y, kk;
    bgc_init(&x);
    bgc_init(&y);
    bgc_init(&kk);
    bgc_err e = bgc_set_u64(&kk, k);
    if (e == BGC_OK)
        e = bgc_iroot(&x, a, &kk);
    if (e == BGC_OK)
        e = bgc_pow_ui(&y, &x, (unsigned long)k);
    if (e == BGC_OK) {
        *yes = bgc_cmp(&y, a) == 0;
        if (root != NULL && *yes)
            bgc_swap(root, &x);
    }
    bgc_clear(&x);
    bgc_clear(&y);
    bgc_clear(&kk);
    return e;
}

bgc_err bgc_issquare(bgc_int *r, const bgc_int *n)
{
    if (bgc_sgn(n) < 0)
        return bgc_set_si(r, 0);
    int yes = 0;
    BGC_TRY(kth_power(&yes, NULL, n, 2));
    return bgc_set_si(r, yes);
}

static int is_small_prime(uint64_t q)
{
    for (uint64_t d = 2; d * d <= q; d++)
        if (q % d == 0)
            return 0;
    return q >= 2;
}

bgc_err bgc_ispower(bgc_int *r, const bgc_int *n, const bgc_int *k)
{
    bgc_int a;
    bgc_init(&a);
    bgc_err e = bgc_abs(&a, n);
    int neg = bgc_sgn(n) < 0, yes = 0;
    if (e != BGC_OK)
        goto out;
    if (k != NULL) {
        uint64_t kk;
        if (bgc_sgn(k) <= 0) {
            e = BGC_EDOMAIN;
            goto out;
        }
        T(bgc_get_count(k, &kk));
        if (kk == 1 || bgc_cmp_si(&a, 1) <= 0)
            yes = !(neg && kk % 2 == 0 && bgc_cmp_si(&a, 1) == 0);
        else if (neg && kk % 2 == 0)
            yes = 0;
        else if (kk >= bgc_bitlen_u(&a))
            yes = 0; /* a >= 2 has no k-th root for k >= its bit length */
        else
            T(kth_power(&yes, NULL, &a, kk));
        e = bgc_set_si(r, yes);
        goto out;
    }
    /* the largest k: peel prime exponents q while a is a q-th power */
    uint64_t best = 1;
    if (bgc_cmp_si(&a, 1) > 0) {
        int pp = 0;
        T(bgc_from_status(bgcn_perfect_power_p(&pp, a.d, a.size)));
        for (uint64_t q = 2; pp && q < bgc_bitlen_u(&a); q++) {
            if (!is_small_prime(q))
                continue;
            if (bgcn_interrupt_flag) {
                e = BGC_EINTR;
                goto out;
            }
            T(kth_power(&yes, &a, &a, q));
            if (yes) {
                best *= q;
                q--; /* try q again on the root */
            }
        }
    }
    if (neg)
        while (best % 2 == 0)
            best /= 2;
    e = bgc_set_u64(r, best >= 2 ? best : 0);
out:
    bgc_clear(&a);
    return e;
}

bgc_err bgc_valuation(bgc_int *r, const bgc_int *n, const bgc_int *p)
{
    bgc_int a, pw[64], q, rem;
    bgc_init(&a);
    bgc_init(&q);
    bgc_init(&rem);
    for (int i = 0; i < 64; i++)
        bgc_init(&pw[i]);
    bgc_err e = BGC_OK;
    uint64_t v = 0;
    int k = 0;
    if (bgc_is_zero(n) || bgc_cmpabs(p, &pw[0]) == 0) {
        e = BGC_EDOMAIN;
        goto out;
    }
    T(bgc_abs(&pw[0], p));
    if (bgc_cmp_si(&pw[0], 1) == 0) {
        e = BGC_EDOMAIN;
        goto out;
    }
    T(bgc_abs(&a, n));
    /* divide by p, p^2, p^4, ... while they divide, then back down: the
     * valuation in binary with O(log v) divisions */
    for (;;) {
        T(bgc_tdiv_qr(&q, &rem, &a, &pw[k]));
        if (!bgc_is_zero(&rem))
            break;
        bgc_swap(&a, &q);
        v += (uint64_t)1 << k;
        if (k == 62 || bgc_cmpabs(&pw[k], &a) > 0)
            { k++; break; }
        T(bgc_sqr(&pw[k + 1], &pw[k]));
        k++;
    }
    for (int j = k - 1; j >= 0; j--) {
        T(bgc_tdiv_qr(&q, &rem, &a, &pw[j]));
        if (bgc_is_zero(&rem)) {
            bgc_swap(&a, &q);
            v += (uint64_t)1 << j;
        }
    }
    e = bgc_set_u64(r, v);
out:
    bgc_clear(&a);
    bgc_clear(&q);
    bgc_clear(&rem);
    for (int i = 0; i < 64; i++)
        bgc_clear(&pw[i]);
    return e;
}
