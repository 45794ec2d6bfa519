/* nt-factors.c -- the factorisation value (nt-factors.h) and the fallback
 * factoriser used until the factoring engine's driver takes over.
 *
 * The fallback: trial division by 2 and the odd numbers below 2^10, then
 * every cofactor is either prime (BPSW), a perfect power, or split by
 * Pollard-Brent rho -- with 128-bit products below 2^64, with bgc_int
 * arithmetic above (slow, but only the tests and small inputs meet it
 * before the driver lands).  Each split cofactor goes back on a small
 * work stack with its multiplicity.
 */
#include "nt-factors.h"
#include "num-impl.h"
#include "ntkit.h" /* bgc_ispower */

#include <stdlib.h>

void bgc_factors_init(bgc_factors *f)
{
    f->p = NULL;
    f->e = NULL;
    f->n = f->cap = 0;
}

void bgc_factors_clear(bgc_factors *f)
{
    for (long i = 0; i < f->cap; i++)
        bgc_clear(&f->p[i]);
    free(f->p);
    free(f->e);
    bgc_factors_init(f);
}

static bgc_err grow(bgc_factors *f)
{
    long nc = f->cap ? 2 * f->cap : 8;
    bgc_int *np = realloc(f->p, (size_t)nc * sizeof *np);
    if (np == NULL)
        return BGC_ENOMEM;
    f->p = np;
    uint64_t *ne = realloc(f->e, (size_t)nc * sizeof *ne);
    if (ne == NULL)
        return BGC_ENOMEM;
    f->e = ne;
    for (long i = f->cap; i < nc; i++)
        bgc_init(&f->p[i]);
    f->cap = nc;
    return BGC_OK;
}

bgc_err bgc_factors_add(bgc_factors *f, const bgc_int *p, uint64_t e)
{
    long lo = 0, hi = f->n;
    while (lo < hi) { /* first index with p[i] >= p */
        long mid = (lo + hi) / 2;
        if (bgc_cmp(&f->p[mid], p) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < f->n && bgc_cmp(&f->p[lo], p) == 0) {
        f->e[lo] = bgc_sat_add(f->e[lo], e);
        return BGC_OK;
    }
    if (f->n == f->cap)
        BGC_TRY(grow(f));
    /* rotate the spare entry at n down to lo (keeps its allocation) */
    bgc_int spare = f->p[f->n];
    for (long i = f->n; i > lo; i--) {
        f->p[i] = f->p[i - 1];
        f->e[i] = f->e[i - 1];
    }
    f->p[lo] = spare;
    f->e[lo] = e;
    f->n++;
    bgc_err err = bgc_set(&f->p[lo], p);
    if (err != BGC_OK) { /* undo */
        spare = f->p[lo];
        for (long i = lo; i < f->n - 1; i++) {
            f->p[i] = f->p[i + 1];
            f->e[i] = f->e[i + 1];
        }
        f->n--;
        f->p[f->n] = spare;
    }
    return err;
}

bgc_err bgc_factors_add_u64(bgc_factors *f, uint64_t p, uint64_t e)
{
    bgcn_limb_t l = p;
    bgc_int v = {&l, 1, 1}; /* read-only view */
    return bgc_factors_add(f, &v, e);
}

bgc_err bgc_factors_value(bgc_int *r, const bgc_factors *f)
{
    bgc_int t, pw;
    bgc_init(&t);
    bgc_init(&pw);
    bgc_err e = bgc_set_si(&t, 1);
    for (long i = 0; i < f->n && e == BGC_OK; i++) {
        e = bgc_pow_ui(&pw, &f->p[i], (unsigned long)f->e[i]);
        if (e == BGC_OK)
            e = bgc_mul(&t, &t, &pw);
    }
    if (e == BGC_OK)
        bgc_swap(r, &t);
    bgc_clear(&t);
    bgc_clear(&pw);
    return e;
}

/* ---- one limb ------------------------------------------------------------ */

static inline uint64_t mulmod64(uint64_t a, uint64_t b, uint64_t n)
{
    return (uint64_t)((unsigned __int128)a * b % n);
}

static int isprime64(uint64_t n)
{
    int r = 0;
    bgcn_limb_t l = n;
    if (n < 2)
        return 0;
    /* one limb: BPSW is exact and allocates nothing but the Montgomery
     * context; treat a failed allocation as "composite" -> rho will then
     * fail to split and we report ENOMEM below. */
    if (bgcn_isprime(&r, &l, 1, 0, NULL, NULL) != BGCN_OK)
        return -1;
    return r != 0;
}

/* A nontrivial factor of the odd composite n (Pollard-Brent), or 0 when
 * interrupted. */
static uint64_t rho64(uint64_t n)
{
    for (uint64_t c = 1;; c++) {
        uint64_t y = 2, x = 2, ys = 2, q = 1, g = 1, r = 1;
        const uint64_t m = 128;
        do {
            x = y;
            for (uint64_t i = 0; i < r; i++)
                y = (mulmod64(y, y, n) + c) % n;
            uint64_t k = 0;
            do {
                if (bgcn_interrupt_flag)
                    return 0;
                ys = y;
                for (uint64_t i = 0; i < m && i < r - k; i++) {
                    y = (mulmod64(y, y, n) + c) % n;
                    q = mulmod64(q, x > y ? x - y : y - x, n);
                }
                g = bgcn_gcd_11(q, n);
                k += m;
            } while (k < r && g == 1);
            r *= 2;
        } while (g == 1);
        if (g == n) {
            do {
                ys = (mulmod64(ys, ys, n) + c) % n;
                g = bgcn_gcd_11(x > ys ? x - ys : ys - x, n);
            } while (g == 1);
        }
        if (g != n)
            return g;
    }
}

static bgc_err factor64(bgc_factors *f, uint64_t n, uint64_t mult)
{
    uint64_t stack[128], smul[128];
    int sp = 0;
    stack[sp] = n;
    smul[sp++] = mult;
    while (sp > 0) {
        uint64_t v = stack[--sp], e = smul[sp];
        if (v == 1)
            continue;
        int pr = isprime64(v);
        if (pr < 0)
            return BGC_ENOMEM;
        if (pr) {
            BGC_TRY(bgc_factors_add_u64(f, v, e));
            continue;
        }
        uint64_t d = rho64(v);
        if (d == 0)
            return BGC_EINTR;
        /* v = d * (v/d); a shared factor just appears twice on the stack,
         * bgc_factors_add merges them */
        stack[sp] = d;
        smul[sp++] = e;
        stack[sp] = v / d;
        smul[sp++] = e;
    }
    return BGC_OK;
}

/* ---- many limbs ---------------------------------------------------------- */

/* d = a nontrivial factor of the odd composite n (not a square), by
 * Pollard-Brent rho over bgc_int. */
static bgc_err rho_big(bgc_int *d, const bgc_int *n)
{
    bgc_int x, y, ys, q, t, c;
    bgc_init(&x);
    bgc_init(&y);
    bgc_init(&ys);
    bgc_init(&q);
    bgc_init(&t);
    bgc_init(&c);
    bgc_err e = BGC_OK;
#define T(expr)                                                            \
    do {                                                                   \
        if ((e = (expr)) != BGC_OK)                                        \
            goto out;                                                      \
    } while (0)
#define STEP(v)                                                            \
    do {                                                                   \
        T(bgc_mulmod(&v, &v, &v, n));                                      \
        T(bgc_add(&v, &v, &c));                                            \
    } while (0)
    for (long cc = 1;; cc++) {
        T(bgc_set_si(&c, cc));
        T(bgc_set_si(&y, 2));
        T(bgc_set_si(&q, 1));
        T(bgc_set_si(d, 1));
        uint64_t r = 1, m = 64;
        do {
            T(bgc_set(&x, &y));
            for (uint64_t i = 0; i < r; i++)
                STEP(y);
            uint64_t k = 0;
            do {
                if (bgcn_interrupt_flag) {
                    e = BGC_EINTR;
                    goto out;
                }
                T(bgc_set(&ys, &y));
                for (uint64_t i = 0; i < m && i < r - k; i++) {
                    STEP(y);
                    T(bgc_sub(&t, &x, &y));
                    T(bgc_mulmod(&q, &q, &t, n));
                }
                T(bgc_gcd(d, &q, n));
                k += m;
            } while (k < r && bgc_cmp_si(d, 1) == 0);
            r *= 2;
        } while (bgc_cmp_si(d, 1) == 0);
        if (bgc_cmp(d, n) == 0) {
            do {
                if (bgcn_interrupt_flag) {
                    e = BGC_EINTR;
                    goto out;
                }
                STEP(ys);
                T(bgc_sub(&t, &x, &ys));
                T(bgc_gcd(d, &t, n));
            } while (bgc_cmp_si(d, 1) == 0);
        }
        if (bgc_cmp(d, n) != 0)
            break;
    }
out:
#undef STEP
    bgc_clear(&x);
    bgc_clear(&y);
    bgc_clear(&ys);
    bgc_clear(&q);
    bgc_clear(&t);
    bgc_clear(&c);
    return e;
}

/* Adds v^mult (v > 1) by splitting v recursively. */
static bgc_err factor_big(bgc_factors *f, const bgc_int *v, uint64_t mult)
{
    if (v->size == 1)
        return factor64(f, v->d[0], mult);
    int pr = 0;
    BGC_TRY(bgc_isprime(&pr, v, 0));
    if (pr)
        return bgc_factors_add(f, v, mult);
    bgc_int a, b;
    bgc_init(&a);
    bgc_init(&b);
    /* a perfect power x^k: factor x (rho would look for p in p^k with
     * steps of the size of p) */
    bgc_err e = bgc_ispower(&b, v, NULL);
    if (e == BGC_OK && !bgc_is_zero(&b)) {
        uint64_t k = bgc_get_low(&b);
        e = bgc_iroot(&a, v, &b);
        if (e == BGC_OK)
            e = factor_big(f, &a, bgc_sat_mul(mult, k));
        goto done;
    }
    if (e == BGC_OK)
        e = rho_big(&a, v);
    if (e == BGC_OK)
        e = bgc_tdiv_q(&b, v, &a);
    if (e == BGC_OK)
        e = factor_big(f, &a, mult);
    if (e == BGC_OK)
        e = factor_big(f, &b, mult);
done:
    bgc_clear(&a);
    bgc_clear(&b);
    return e;
}

bgc_err bgc_factorize(bgc_factors *f, const bgc_int *n)
{
    f->n = 0;
    if (n->size == 0)
        return BGC_EDOMAIN;
    bgc_int c;
    bgc_init(&c);
    bgc_err e = bgc_abs(&c, n);
    if (e != BGC_OK)
        goto out;
    /* powers of two */
    {
        uint64_t z = 0;
        long i = 0;
        while (c.d[i] == 0) {
            z += 64;
            i++;
        }
        z += (uint64_t)__builtin_ctzll(c.d[i]);
        if (z > 0) {
            T(bgc_factors_add_u64(f, 2, z));
            T(bgc_shr_ui(&c, &c, z));
        }
    }
    for (bgcn_limb_t d = 3; d < 1024 && bgc_cmp_si(&c, 1) > 0; d += 2) {
        long cn = c.size;
        if (cn == 1 && d * d > c.d[0])
            break;
        if (bgcn_mod_1(c.d, cn, d) != 0)
            continue;
        uint64_t k = 0;
        do {
            bgcn_divexact_1(c.d, c.d, cn, d);
            bgc_norm(&c, cn, 0);
            cn = c.size;
            k++;
        } while (bgcn_mod_1(c.d, cn, d) == 0);
        T(bgc_factors_add_u64(f, d, k));
    }
    if (bgc_cmp_si(&c, 1) > 0)
        e = factor_big(f, &c, 1);
out:
#undef T
    bgc_clear(&c);
    return e;
}
