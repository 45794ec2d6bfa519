/* nt-modular.c -- Kronecker and Legendre symbols, the Chinese remainder
 * theorem for any moduli, and modular square roots.
 *
 * Square roots modulo a prime p: one exponentiation when p = 3 mod 4
 * (a^((p+1)/4)) or p = 5 mod 8 (Atkin's formula), Tonelli-Shanks
 * otherwise (one exponentiation for a^((q-1)/2), one for c = z^q with the
 * smallest non-residue z, then O(s^2) products for p - 1 = q 2^s).
 * Modulo p^k the root of the unit part is lifted by Newton's iteration
 * (odd p) or bit by bit (p = 2), the part of a divisible by p handled by
 * its valuation.  A composite modulus combines the roots of its prime
 * powers by CRT.
 *
 * A large odd modulus is first tried as if it were prime, without a
 * primality test (gp does the same): the candidate root is checked by
 * squaring, and only when that fails is the modulus factored.
 */
#include "ntkit.h"
#include "num-impl.h"

#include <stdlib.h>

#define T(expr)                                                            \
    do {                                                                   \
        if ((e = (expr)) != BGC_OK)                                        \
            goto out;                                                      \
    } while (0)

/* ---- symbols ----------------------------------------------------------- */

bgc_err bgc_kronecker(bgc_int *r, const bgc_int *a, const bgc_int *n)
{
    bgc_int nn, t;
    bgc_init(&nn);
    bgc_init(&t);
    int s = 1;
    bgc_err e = BGC_OK;
    if (bgc_is_zero(n)) {
        e = bgc_set_si(r, bgc_cmpabs(a, &t) != 0 && BGC_ABS(a->size) == 1 &&
                              a->d[0] == 1);
        goto out;
    }
    if (bgc_sgn(n) < 0 && bgc_sgn(a) < 0)
        s = -s;
    T(bgc_abs(&nn, n));
    if (!bgc_is_odd(&nn)) {
        if (!bgc_is_odd(a)) {
            e = bgc_set_si(r, 0);
            goto out;
        }
        uint64_t v = 0;
        while (nn.d[v / 64] == 0)
            v += 64;
        v += (uint64_t)__builtin_ctzll(nn.d[v / 64]);
        T(bgc_shr_ui(&nn, &nn, v));
        /* (a/2) = 1 for a = +-1 mod 8, -1 for a = +-3 mod 8 */
        uint64_t a8 = bgc_get_low(a) & 7;
        if (bgc_sgn(a) < 0)
            a8 = (8 - a8) & 7;
        if ((v & 1) && (a8 == 3 || a8 == 5))
            s = -s;
    }
    T(bgc_jacobi(&t, a, &nn));
    if (s < 0)
        T(bgc_neg(&t, &t));
    bgc_swap(r, &t);
out:
    bgc_clear(&nn);
    bgc_clear(&t);
    return e;
}

bgc_err bgc_legendre(bgc_int *r, const bgc_int *a, const bgc_int *p)
{
    int pr = 0;
    if (bgc_sgn(p) <= 0 || !bgc_is_odd(p))
        return BGC_EDOMAIN;
    BGC_TRY(bgc_isprime(&pr, p, 0));
    if (!pr)
        return BGC_EDOMAIN;
    return bgc_jacobi(r, a, p);
}

/* ---- Chinese remainders -------------------------------------------------- */

bgc_err bgc_chinese(bgc_int *x, bgc_int *lcm, const bgc_int *r,
                    const bgc_int *m, long cnt)
{
    bgc_int X, L, g, mi, d, q, u, h;
    bgc_init(&X);
    bgc_init(&L);
    bgc_init(&g);
    bgc_init(&mi);
    bgc_init(&d);
    bgc_init(&q);
    bgc_init(&u);
    bgc_init(&h);
    bgc_err e = bgc_set_si(&L, 1);
    for (long i = 0; i < cnt && e == BGC_OK; i++)
        if (bgc_is_zero(&m[i]))
            e = BGC_EMODZERO;
    if (e != BGC_OK)
        goto out;
    /* X mod L solves the first i congruences; add x = r[i] mod m[i]:
     * X + L t = r[i] (mod m[i]) needs g = gcd(L, m[i]) | r[i] - X, then
     * t = (r[i] - X)/g * (L/g)^-1 mod m[i]/g. */
    for (long i = 0; i < cnt; i++) {
        T(bgc_abs(&mi, &m[i]));
        T(bgc_gcd(&g, &L, &mi));
        T(bgc_sub(&d, &r[i], &X));
        T(bgc_tdiv_qr(&d, &u, &d, &g));
        if (!bgc_is_zero(&u)) {
            e = BGC_EDOMAIN;
            goto out;
        }
        T(bgc_tdiv_q(&h, &mi, &g)); /* m[i] / g */
        T(bgc_tdiv_q(&q, &L, &g));  /* L / g */
        T(bgc_invmod(&u, &q, &h));
        T(bgc_mulmod(&u, &u, &d, &h));
        T(bgc_mul(&u, &u, &L));
        T(bgc_add(&X, &X, &u));
        T(bgc_mul(&L, &L, &h));
        T(bgc_mod(&X, &X, &L));
    }
    if (cnt == 0)
        T(bgc_set_si(&X, 0));
    bgc_swap(x, &X);
    if (lcm != NULL)
        bgc_swap(lcm, &L);
out:
    bgc_clear(&X);
    bgc_clear(&L);
    bgc_clear(&g);
    bgc_clear(&mi);
    bgc_clear(&d);
    bgc_clear(&q);
    bgc_clear(&u);
    bgc_clear(&h);
    return e;
}

/* ---- square roots modulo a prime --------------------------------------- */

/* r = a square root of a modulo the odd p (0 < a < p), computed as if p
 * were prime; *ok = 0 when the result does not square to a (a is not a
 * residue, or p is not prime). */
static bgc_err sqrt_prime(bgc_int *r, int *ok, const bgc_int *a,
                          const bgc_int *p)
{
    bgc_int ex, x, t, c, b, z, w;
    bgc_init(&ex);
    bgc_init(&x);
    bgc_init(&t);
    bgc_init(&c);
    bgc_init(&b);
    bgc_init(&z);
    bgc_init(&w);
    bgc_err e = BGC_OK;
    uint64_t low = bgc_get_low(p);
    *ok = 0;
    if ((low & 3) == 3) {
        T(bgc_add_si(&ex, p, 1));
        T(bgc_shr_ui(&ex, &ex, 2));
        T(bgc_powmod(&x, a, &ex, p));
    } else if ((low & 7) == 5) {
        /* Atkin: v = (2a)^((p-5)/8), i = 2a v^2, x = a v (i - 1) */
        T(bgc_shr_ui(&ex, p, 3));
        T(bgc_add(&t, a, a));
        T(bgc_powmod(&w, &t, &ex, p));
        T(bgc_mulmod(&b, &w, &w, p));
        T(bgc_mulmod(&b, &b, &t, p));
        T(bgc_add_si(&b, &b, -1));
        T(bgc_mulmod(&x, a, &w, p));
        T(bgc_mulmod(&x, &x, &b, p));
    } else {
        /* Tonelli-Shanks, p - 1 = q 2^s */
        uint64_t s = 0;
        T(bgc_add_si(&ex, p, -1));
        while (!bgc_is_odd(&ex)) {
            T(bgc_shr_ui(&ex, &ex, 1));
            s++;
        }
        int found = 0;
        for (long zz = 2; zz < 2000 && !found; zz++) {
            T(bgc_set_si(&z, zz));
            T(bgc_jacobi(&t, &z, p));
            found = bgc_cmp_si(&t, -1) == 0;
        }
        if (!found) /* p is a square, or not prime anyway */
            goto out;
        T(bgc_powmod(&c, &z, &ex, p));
        T(bgc_shr_ui(&ex, &ex, 1)); /* (q-1)/2 */
        T(bgc_powmod(&w, a, &ex, p));
        T(bgc_mulmod(&x, a, &w, p)); /* a^((q+1)/2) */
        T(bgc_mulmod(&t, &x, &w, p)); /* a^q */
        uint64_t M = s;
        while (bgc_cmp_si(&t, 1) != 0) {
            uint64_t i = 0;
            T(bgc_set(&b, &t));
            while (bgc_cmp_si(&b, 1) != 0 && i < M) {
                T(bgc_mulmod(&b, &b, &b, p));
                i++;
            }
            if (i >= M)
                goto out; /* not a residue (or p composite) */
            T(bgc_set(&b, &c));
            for (uint64_t j = 0; j + i + 1 < M; j++)
                T(bgc_mulmod(&b, &b, &b, p));
            M = i;
            T(bgc_mulmod(&c, &b, &b, p));
            T(bgc_mulmod(&t, &t, &c, p));
            T(bgc_mulmod(&x, &x, &b, p));
            if (bgcn_interrupt_flag) {
                e = BGC_EINTR;
                goto out;
            }
        }
    }
    T(bgc_mulmod(&t, &x, &x, p));
    if (bgc_cmp(&t, a) == 0) {
        *ok = 1;
        bgc_swap(r, &x);
    }
out:
    bgc_clear(&ex);
    bgc_clear(&x);
    bgc_clear(&t);
    bgc_clear(&c);
    bgc_clear(&b);
    bgc_clear(&z);
    bgc_clear(&w);
    return e;
}

/* ---- roots modulo a prime power ----------------------------------------- */

/* The roots of x^2 = a modulo p^k are base[i] + t p^j, t in [0, p^(k-j)):
 * a few bases and one modulus p^j. */
typedef struct {
    bgc_intvec base;
    bgc_int pj;  /* p^j */
    bgc_int pk;  /* p^k */
    bgc_int per; /* p^(k-j): roots per base */
} root_set;

/* Roots y of y^2 = u mod p^k, u a unit, into out (p prime). */
static bgc_err unit_roots(bgc_intvec *out, const bgc_int *u, const bgc_int *p,
                          uint64_t k)
{
    bgc_int y, m, t, inv, pk, u1;
    bgc_init(&y);
    bgc_init(&m);
    bgc_init(&t);
    bgc_init(&inv);
    bgc_init(&pk);
    bgc_init(&u1);
    bgc_err e = BGC_OK;
    T(bgc_pow_ui(&pk, p, (unsigned long)k));
    T(bgc_mod(&u1, u, &pk));
    if (bgc_cmp_si(p, 2) == 0) {
        uint64_t u8 = bgc_get_low(&u1);
        if (k == 1) {
            T(bgc_intvec_push_u64(out, 1));
        } else if (k == 2) {
            if ((u8 & 3) == 1) {
                T(bgc_intvec_push_u64(out, 1));
                T(bgc_intvec_push_u64(out, 3));
            }
        } else if ((u8 & 7) == 1) {
            /* y = 1 mod 8 lifted bit by bit: if y^2 != u mod 2^(j+1), the
             * root mod 2^(j+1) is y + 2^(j-1) */
            T(bgc_set_si(&y, 1));
            for (uint64_t j = 3; j < k; j++) {
                T(bgc_set_si(&m, 1));
                T(bgc_shl_ui(&m, &m, j + 1));
                T(bgc_mulmod(&t, &y, &y, &m));
                T(bgc_mod(&inv, &u1, &m));
                if (bgc_cmp(&t, &inv) != 0) {
                    T(bgc_set_si(&t, 1));
                    T(bgc_shl_ui(&t, &t, j - 1));
                    T(bgc_add(&y, &y, &t));
                }
                if ((j & 1023) == 0 && bgcn_interrupt_flag) {
                    e = BGC_EINTR;
                    goto out;
                }
            }
            /* y, -y, y + 2^(k-1), -y + 2^(k-1) */
            T(bgc_set_si(&t, 1));
            T(bgc_shl_ui(&t, &t, k - 1));
            T(bgc_intvec_push(out, &y));
            T(bgc_sub(&m, &pk, &y));
            T(bgc_intvec_push(out, &m));
            T(bgc_add(&m, &y, &t));
            T(bgc_mod(&m, &m, &pk));
            T(bgc_intvec_push(out, &m));
            T(bgc_sub(&m, &t, &y));
            T(bgc_mod(&m, &m, &pk));
            T(bgc_intvec_push(out, &m));
        }
        goto out;
    }
    int ok = 0;
    T(bgc_mod(&t, &u1, p));
    T(sqrt_prime(&y, &ok, &t, p));
    if (!ok)
        goto out;
    /* Newton: y <- y - (y^2 - u) / (2y) mod p^prec, doubling prec */
    for (uint64_t prec = 1; prec < k;) {
        prec = 2 * prec >= k ? k : 2 * prec; /* Newton doubles the precision */
        T(bgc_pow_ui(&m, p, (unsigned long)prec));
        T(bgc_mulmod(&t, &y, &y, &m));
        T(bgc_sub(&t, &t, &u1));
        T(bgc_add(&inv, &y, &y));
        T(bgc_invmod(&inv, &inv, &m));
        T(bgc_mulmod(&t, &t, &inv, &m));
        T(bgc_sub(&y, &y, &t));
        T(bgc_mod(&y, &y, &m));
    }
    T(bgc_intvec_push(out, &y));
    T(bgc_sub(&t, &pk, &y));
    T(bgc_intvec_push(out, &t));
out:
    bgc_clear(&y);
    bgc_clear(&m);
    bgc_clear(&t);
    bgc_clear(&inv);
    bgc_clear(&pk);
    bgc_clear(&u1);
    return e;
}

/* rs = the roots of x^2 = a modulo p^k (rs->base empty: none). */
static bgc_err prime_power_roots(root_set *rs, const bgc_int *a,
                                 const bgc_int *p, uint64_t k)
{
    bgc_int am, u, q, rem, h;
    bgc_init(&am);
    bgc_init(&u);
    bgc_init(&q);
    bgc_init(&rem);
    bgc_init(&h);
    bgc_err e = BGC_OK;
    T(bgc_pow_ui(&rs->pk, p, (unsigned long)k));
    T(bgc_mod(&am, a, &rs->pk));
    uint64_t j;
    if (bgc_is_zero(&am)) {
        j = (k + 1) / 2;
        T(bgc_intvec_push_u64(&rs->base, 0));
    } else {
        uint64_t v = 0;
        T(bgc_set(&u, &am));
        for (;;) {
            T(bgc_tdiv_qr(&q, &rem, &u, p));
            if (!bgc_is_zero(&rem))
                break;
            bgc_swap(&u, &q);
            v++;
        }
        if (v & 1)
            goto out;
        T(unit_roots(&rs->base, &u, p, k - v));
        T(bgc_pow_ui(&h, p, (unsigned long)(v / 2)));
        for (long i = 0; i < rs->base.n; i++)
            T(bgc_mul(&rs->base.v[i], &rs->base.v[i], &h));
        j = k - v / 2;
    }
    T(bgc_pow_ui(&rs->pj, p, (unsigned long)j));
    T(bgc_pow_ui(&rs->per, p, (unsigned long)(k - j)));
out:
    bgc_clear(&am);
    bgc_clear(&u);
    bgc_clear(&q);
    bgc_clear(&rem);
    bgc_clear(&h);
    return e;
}

#define MAX_ROOTS ((uint64_t)1 << 20)

/* All roots modulo |m| (m != 0), increasing, into out; *many = 1 (and
 * out holds just a root, the CRT of the smallest bases) when there are
 * more than MAX_ROOTS. */
static bgc_err all_roots(bgc_intvec *out, int *many, const bgc_int *a,
                         const bgc_int *m)
{
    bgc_factors f;
    root_set *rs = NULL;
    bgc_intvec full;
    bgc_int c, t, mm, x;
    long *idx = NULL;
    bgc_factors_init(&f);
    bgc_intvec_init(&full);
    bgc_init(&c);
    bgc_init(&t);
    bgc_init(&mm);
    bgc_init(&x);
    *many = 0;
    out->n = 0;
    bgc_err e = bgc_factorize(&f, m);
    if (e != BGC_OK)
        goto out;
    T(bgc_abs(&mm, m));
    if (f.n == 0) { /* modulo 1 */
        T(bgc_intvec_push_u64(out, 0));
        goto out;
    }
    rs = calloc((size_t)f.n, sizeof *rs);
    idx = calloc((size_t)f.n, sizeof *idx);
    if (rs == NULL || idx == NULL) {
        e = BGC_ENOMEM;
        goto out;
    }
    for (long i = 0; i < f.n; i++) {
        bgc_intvec_init(&rs[i].base);
        bgc_init(&rs[i].pj);
        bgc_init(&rs[i].pk);
        bgc_init(&rs[i].per);
    }
    uint64_t count = 1;
    for (long i = 0; i < f.n; i++) {
        T(prime_power_roots(&rs[i], a, &f.p[i], f.e[i]));
        if (rs[i].base.n == 0)
            goto out; /* no root */
        uint64_t per = rs[i].per.size > 1 ? UINT64_MAX : bgc_get_low(&rs[i].per);
        count = bgc_sat_mul(count, bgc_sat_mul((uint64_t)rs[i].base.n, per));
    }
    *many = count > MAX_ROOTS;
    /* expand each set to its full list of roots modulo p^k (unless many:
     * then keep the smallest base only) */
    for (long i = 0; i < f.n; i++) {
        if (*many) {
            bgc_intvec_sort(&rs[i].base);
            rs[i].base.n = 1;
            continue;
        }
        uint64_t per = bgc_get_low(&rs[i].per);
        full.n = 0;
        for (long b = 0; b < rs[i].base.n; b++)
            for (uint64_t s = 0; s < per; s++) {
                T(bgc_set_u64(&t, s));
                T(bgc_mul(&t, &t, &rs[i].pj));
                T(bgc_add(&t, &t, &rs[i].base.v[b]));
                T(bgc_intvec_push(&full, &t));
            }
        bgc_intvec tmp = rs[i].base;
        rs[i].base = full;
        full = tmp;
    }
    /* CRT weights: x = sum r_i c_i mod m, c_i = (m/p^k)((m/p^k)^-1 mod p^k)
     * stored in rs[i].pj (no longer needed) */
    for (long i = 0; i < f.n; i++) {
        T(bgc_tdiv_q(&c, &mm, &rs[i].pk));
        T(bgc_invmod(&t, &c, &rs[i].pk));
        T(bgc_mul(&rs[i].pj, &c, &t));
    }
    for (;;) {
        T(bgc_set_si(&x, 0));
        for (long i = 0; i < f.n; i++) {
            T(bgc_mul(&t, &rs[i].base.v[idx[i]], &rs[i].pj));
            T(bgc_add(&x, &x, &t));
        }
        T(bgc_mod(&x, &x, &mm));
        T(bgc_intvec_push(out, &x));
        long i = 0;
        while (i < f.n && ++idx[i] == rs[i].base.n)
            idx[i++] = 0;
        if (i == f.n)
            break;
        if ((out->n & 4095) == 0 && bgcn_interrupt_flag) {
            e = BGC_EINTR;
            goto out;
        }
    }
    bgc_intvec_sort(out);
out:
    if (rs != NULL) {
        for (long i = 0; i < f.n; i++) {
            bgc_intvec_clear(&rs[i].base);
            bgc_clear(&rs[i].pj);
            bgc_clear(&rs[i].pk);
            bgc_clear(&rs[i].per);
        }
        free(rs);
    }
    free(idx);
    bgc_factors_clear(&f);
    bgc_intvec_clear(&full);
    bgc_clear(&c);
    bgc_clear(&t);
    bgc_clear(&mm);
    bgc_clear(&x);
    return e;
}

bgc_err bgc_sqrtmods(bgc_intvec *out, const bgc_int *a, const bgc_int *m)
{
    if (bgc_is_zero(m))
        return BGC_EMODZERO;
    bgc_intvec l;
    bgc_intvec_init(&l);
    int many = 0;
    bgc_err e = all_roots(&l, &many, a, m);
    if (e == BGC_OK && many)
        e = BGC_ETOOBIG;
    if (e == BGC_OK) {
        bgc_intvec_clear(out);
        *out = l;
        bgc_intvec_init(&l);
    }
    bgc_intvec_clear(&l);
    return e;
}

bgc_err bgc_sqrtmod(bgc_int *r, const bgc_int *a, const bgc_int *m)
{
    if (bgc_is_zero(m))
        return BGC_EMODZERO;
    bgc_int mm, am, x;
    bgc_intvec l;
    bgc_init(&mm);
    bgc_init(&am);
    bgc_init(&x);
    bgc_intvec_init(&l);
    bgc_err e = BGC_OK;
    T(bgc_abs(&mm, m));
    T(bgc_mod(&am, a, &mm));
    if (mm.size > 1 && bgc_is_odd(&mm) && !bgc_is_zero(&am)) {
        /* large odd modulus: the prime algorithm first, checked */
        int ok = 0;
        T(bgc_jacobi(&x, &am, &mm));
        if (bgc_cmp_si(&x, -1) == 0) {
            e = BGC_EDOMAIN;
            goto out;
        }
        T(sqrt_prime(&x, &ok, &am, &mm));
        if (ok) {
            T(bgc_sub(&am, &mm, &x));
            if (bgc_cmp(&am, &x) < 0)
                bgc_swap(&am, &x);
            bgc_swap(r, &x);
            goto out;
        }
    }
    int many = 0;
    T(all_roots(&l, &many, &am, &mm));
    if (l.n == 0) {
        e = BGC_EDOMAIN;
        goto out;
    }
    e = bgc_set(r, &l.v[0]);
    if (e == BGC_OK && many) { /* a root, not the smallest: fold to <= m/2 */
        T(bgc_sub(&am, &mm, r));
        if (bgc_cmp(&am, r) < 0)
            bgc_swap(&am, r);
    }
out:
    bgc_clear(&mm);
    bgc_clear(&am);
    bgc_clear(&x);
    bgc_intvec_clear(&l);
    return e;
}
