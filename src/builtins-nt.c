/* builtins-nt.c -- the builtins of the number theorist's toolkit
 * (src/num/ntkit.h): arithmetic functions, symbols, CRT, modular square
 * roots, orders and logarithms, primes.  Thin wrappers, as builtins.c;
 * the list results are built with value.h's list API.  Under --verify
 * sqrtmod, sqrtmods, znlog, chinese, eulerphi and sigma hand their
 * results to src/verify's identity checks (verify.h). */
#include "builtins.h"
#include "ntkit.h"
#include "verify.h"

#include <stdlib.h>

/* r = the list of the elements of v (consumes nothing). */
static bgc_err list_of(bgc_val *r, const bgc_intvec *v)
{
    bgc_list *l = bgc_list_new(v->n);
    if (l == NULL)
        return BGC_ENOMEM;
    for (long i = 0; i < v->n; i++) {
        bgc_err e = bgc_list_push_int(l, &v->v[i]);
        if (e != BGC_OK) {
            bgc_list_unref(l);
            return e;
        }
    }
    bgc_val_set_list(r, l);
    return BGC_OK;
}

#define UNARY(name, call)                                                  \
    bgc_err bgc_bi_##name(bgc_int *r, bgc_int *args, int n)               \
    {                                                                      \
        (void)n;                                                           \
        return call(r, &args[0]);                                          \
    }
#define BINARY(name, call)                                                 \
    bgc_err bgc_bi_##name(bgc_int *r, bgc_int *args, int n)               \
    {                                                                      \
        (void)n;                                                           \
        return call(r, &args[0], &args[1]);                                \
    }

UNARY(numdiv, bgc_numdiv)
UNARY(moebius, bgc_moebius)
UNARY(omega, bgc_omega)
UNARY(bigomega, bgc_bigomega)
UNARY(issquarefree, bgc_issquarefree)
UNARY(issquare, bgc_issquare)
UNARY(radical, bgc_radical)
UNARY(core, bgc_core)
UNARY(znprimroot, bgc_znprimroot)
UNARY(primepi, bgc_primepi)
UNARY(nthprime, bgc_nthprime)
BINARY(valuation, bgc_valuation)
BINARY(kronecker, bgc_kronecker)
BINARY(legendre, bgc_legendre)
BINARY(znorder, bgc_znorder)

/* eulerphi(n), sigma(n[, k]): under --verify the factorisation is made
 * here, so that the check sees the one the result was read off. */
static bgc_err arith_verified(bgc_int *r, const bgc_int *n, const bgc_int *k,
                              int which)
{
    bgc_factors f;
    bgc_int t; /* r is &args[0]: n must survive until the check */
    bgc_factors_init(&f);
    bgc_init(&t);
    bgc_err e = bgc_factorize(&f, n);
    if (e == BGC_OK)
        e = which == 's' ? bgc_sigma_f(&t, &f, k) : bgc_eulerphi_f(&t, &f);
    if (e == BGC_OK) {
        bgc_verify_arith(which, &t, n, k, &f);
        bgc_swap(r, &t);
    }
    bgc_factors_clear(&f);
    bgc_clear(&t);
    return e;
}

bgc_err bgc_bi_eulerphi(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    if (bgc_verify_enabled() && !bgc_is_zero(&args[0]))
        return arith_verified(r, &args[0], NULL, 'p');
    return bgc_eulerphi(r, &args[0]);
}

bgc_err bgc_bi_sigma(bgc_int *r, bgc_int *args, int n)
{
    const bgc_int *k = n > 1 ? &args[1] : NULL;
    if (bgc_verify_enabled() && !bgc_is_zero(&args[0]) &&
        (k == NULL || bgc_sgn(k) > 0))
        return arith_verified(r, &args[0], k, 's');
    return bgc_sigma(r, &args[0], k);
}

bgc_err bgc_bi_sqrtmod(bgc_int *r, bgc_int *args, int n)
{
    (void)n;
    if (!bgc_verify_enabled())
        return bgc_sqrtmod(r, &args[0], &args[1]);
    bgc_int t; /* r is &args[0]: a must survive until the check */
    bgc_init(&t);
    bgc_err e = bgc_sqrtmod(&t, &args[0], &args[1]);
    bgc_verify_sqrtmod(e, &t, &args[0], &args[1]);
    if (e == BGC_OK)
        bgc_swap(r, &t);
    bgc_clear(&t);
    return e;
}

bgc_err bgc_bi_ispower(bgc_int *r, bgc_int *args, int n)
{
    return bgc_ispower(r, &args[0], n > 1 ? &args[1] : NULL);
}

bgc_err bgc_bi_divisors(bgc_val *r, bgc_int *args, int n)
{
    (void)n;
    bgc_intvec v;
    bgc_intvec_init(&v);
    bgc_err e = bgc_divisors(&v, &args[0]);
    if (e == BGC_OK)
        e = list_of(r, &v);
    bgc_intvec_clear(&v);
    return e;
}

bgc_err bgc_bi_sqrtmods(bgc_val *r, bgc_int *args, int n)
{
    (void)n;
    bgc_intvec v;
    bgc_intvec_init(&v);
    bgc_err e = bgc_sqrtmods(&v, &args[0], &args[1]);
    if (e == BGC_ETOOBIG)
        e = BGC_EDOMAIN;
    if (e == BGC_OK && bgc_verify_enabled())
        bgc_verify_sqrtmods(v.v, v.n, &args[0], &args[1]);
    if (e == BGC_OK)
        e = list_of(r, &v);
    bgc_intvec_clear(&v);
    return e;
}

/* primes(a, b): the primes of [a, b]; primes(n): the first n primes (gp). */
bgc_err bgc_bi_primes(bgc_val *r, bgc_int *args, int n)
{
    bgc_intvec v;
    bgc_intvec_init(&v);
    bgc_err e = BGC_OK;
    if (n == 1) {
        /* the n-th prime bounds the range */
        if (bgc_sgn(&args[0]) <= 0) {
            bgc_list *l = bgc_list_new(0);
            if (l == NULL)
                return BGC_ENOMEM;
            bgc_val_set_list(r, l);
            return BGC_OK;
        }
        if (bgc_cmp_si(&args[0], (long)1 << 26) > 0)
            return BGC_EDOMAIN;
        e = bgc_nthprime(&args[1], &args[0]);
        if (e == BGC_OK)
            e = bgc_set_si(&args[0], 2);
    }
    if (e == BGC_OK)
        e = bgc_primes(&v, &args[0], &args[1]);
    if (e == BGC_OK)
        e = list_of(r, &v);
    bgc_intvec_clear(&v);
    return e;
}

/* znlog(x, g, m): the smallest e >= 0 with g^e = x mod m, or [] (gp). */
bgc_err bgc_bi_znlog(bgc_val *r, bgc_int *args, int n)
{
    (void)n;
    bgc_int e0;
    bgc_init(&e0);
    int found = 0;
    bgc_err e = bgc_znlog(&e0, &found, &args[0], &args[1], &args[2]);
    if (e == BGC_OK && bgc_verify_enabled())
        bgc_verify_znlog(&e0, found, &args[0], &args[1], &args[2]);
    if (e == BGC_OK) {
        if (found) {
            e = bgc_val_take_int(r, &e0);
        } else {
            bgc_list *l = bgc_list_new(0);
            if (l == NULL)
                e = BGC_ENOMEM;
            else
                bgc_val_set_list(r, l);
        }
    }
    bgc_clear(&e0);
    return e;
}

/* chinese(residues, moduli): two lists of integers of the same length. */
bgc_err bgc_bi_chinese(bgc_val *r, bgc_val *args, int n)
{
    (void)n;
    if (args[0].kind != BGC_VK_LIST || args[1].kind != BGC_VK_LIST)
        return BGC_EDOMAIN;
    bgc_list *a = args[0].u.l, *b = args[1].u.l;
    if (a->len != b->len)
        return BGC_EDOMAIN;
    long cnt = a->len;
    bgc_int *rs = calloc((size_t)cnt + 1, sizeof *rs);
    bgc_int *ms = calloc((size_t)cnt + 1, sizeof *ms);
    bgc_err e = rs && ms ? BGC_OK : BGC_ENOMEM;
    long done = 0;
    for (long i = 0; i < cnt && e == BGC_OK; i++) {
        bgc_init(&rs[i]);
        bgc_init(&ms[i]);
        done++;
        if (!bgc_val_is_int(&a->v[i]) || !bgc_val_is_int(&b->v[i])) {
            e = BGC_EDOMAIN;
            break;
        }
        e = bgc_val_get_int(&a->v[i], &rs[i]);
        if (e == BGC_OK)
            e = bgc_val_get_int(&b->v[i], &ms[i]);
    }
    bgc_int x;
    bgc_init(&x);
    if (e == BGC_OK) {
        e = bgc_chinese(&x, NULL, rs, ms, cnt);
        if (bgc_verify_enabled())
            bgc_verify_chinese(e, &x, rs, ms, cnt);
    }
    if (e == BGC_EDOMAIN)
        e = BGC_EDOMAIN; /* no common solution: the same message */
    if (e == BGC_OK)
        e = bgc_val_take_int(r, &x);
    bgc_clear(&x);
    for (long i = 0; i < done; i++) {
        bgc_clear(&rs[i]);
        bgc_clear(&ms[i]);
    }
    free(rs);
    free(ms);
    return e;
}
