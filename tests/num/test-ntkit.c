/* test-ntkit.c -- the number theorist's toolkit (src/num/ntkit.h) against
 * brute force on small inputs and GMP on large ones: factorisation,
 * arithmetic functions, Kronecker, CRT, square roots, orders, primitive
 * roots, discrete logarithms, sieve, prime counting, n-th prime.  Edge
 * cases: 0, 1, -1, prime and prime-power moduli, 2^k, non-invertible
 * inputs, no root, no solution. */
#include "numtest.h"
#include "ntkit.h"

#include <string.h>

static void set(bgc_int *x, long v)
{
    cr_assert_eq(bgc_set_si(x, v), BGC_OK);
}
static long get(const bgc_int *x)
{
    long v = 0;
    cr_assert_eq(bgc_get_si(x, &v), BGC_OK);
    return v;
}
static void set_str(bgc_int *x, const char *s)
{
    cr_assert_eq(bgc_set_str(x, s, strlen(s), 10), BGC_OK);
}

static long gcdl(long a, long b)
{
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}
static int isprime_l(long n)
{
    if (n < 2)
        return 0;
    for (long d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}
static long powmod_l(long b, long e, long m)
{
    long r = 1 % m;
    b %= m;
    if (b < 0)
        b += m;
    while (e > 0) {
        if (e & 1)
            r = (long)((__int128)r * b % m);
        b = (long)((__int128)b * b % m);
        e >>= 1;
    }
    return r;
}

/* ---- factorisation ------------------------------------------------------ */

static void check_factors(const bgc_int *n, const bgc_factors *f)
{
    bgc_int v, a;
    bgc_init(&v);
    bgc_init(&a);
    cr_assert_eq(bgc_factors_value(&v, f), BGC_OK);
    cr_assert_eq(bgc_abs(&a, n), BGC_OK);
    cr_assert_eq(bgc_cmp(&v, &a), 0, "product of the factors != |n|");
    for (long i = 0; i < f->n; i++) {
        int pr = 0;
        cr_assert_eq(bgc_isprime(&pr, &f->p[i], 0), BGC_OK);
        cr_assert(pr, "factor %ld is not prime", i);
        cr_assert(f->e[i] >= 1);
        if (i > 0)
            cr_assert_lt(bgc_cmp(&f->p[i - 1], &f->p[i]), 0);
    }
    bgc_clear(&v);
    bgc_clear(&a);
}

Test(ntkit, factorize)
{
    t_seed();
    bgc_factors f;
    bgc_factors_init(&f);
    bgc_int n, p;
    bgc_init(&n);
    bgc_init(&p);
    set(&n, 0);
    cr_assert_eq(bgc_factorize(&f, &n), BGC_EDOMAIN);
    for (long v = -300; v <= 3000; v++) {
        if (v == 0)
            continue;
        set(&n, v);
        cr_assert_eq(bgc_factorize(&f, &n), BGC_OK);
        check_factors(&n, &f);
    }
    const char *known[] = {
        "4294967297",                      /* F5 = 641 * 6700417 */
        "18446744073709551617",            /* F6 = 274177 * 67280421310721 */
        "18446744073709551615",            /* 2^64 - 1 */
        "340282366920938463463374607431768211455", /* 2^128 - 1 */
        "1000000016000000063",             /* 1000000007 * 1000000009 */
        "999999999999999989000000000000000029", /* two 18-digit primes */
        "561", "41041", "825265",          /* Carmichael numbers */
        "1000000014000000049",             /* 1000000007^2 */
        "1000000021000000147000000343",    /* 1000000007^3 */
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        set_str(&n, known[i]);
        cr_assert_eq(bgc_factorize(&f, &n), BGC_OK, "%s", known[i]);
        check_factors(&n, &f);
    }
    /* random products of random primes of mixed sizes */
    for (int i = 0; i < 60; i++) {
        set(&n, 1);
        int k = 1 + (int)t_rand_below(4);
        for (int j = 0; j < k; j++) {
            bgc_int bits;
            bgc_init(&bits);
            set(&bits, 2 + (long)t_rand_below(i < 50 ? 30 : 40));
            cr_assert_eq(bgc_randprime(&p, &bits), BGC_OK);
            cr_assert_eq(bgc_mul(&n, &n, &p), BGC_OK);
            bgc_clear(&bits);
        }
        cr_assert_eq(bgc_factorize(&f, &n), BGC_OK);
        check_factors(&n, &f);
    }
    bgc_factors_clear(&f);
    bgc_clear(&n);
    bgc_clear(&p);
}

/* The factorisation comes from the engine's driver (rho, p-1, ECM, the
 * quadratic sieve): numbers whose prime factors are far beyond rho's
 * reach -- products of up to three random primes of 40-72 bits times a
 * smooth part -- through eulerphi, sigma, numdiv, divisors' count,
 * moebius, znorder and sqrtmod, each checked against GMP from the primes
 * the test chose. */
Test(ntkit, large_prime_factors)
{
    t_seed();
    bgc_int n, r, k, a, big;
    bgc_init(&n);
    bgc_init(&r);
    bgc_init(&k);
    bgc_init(&a);
    bgc_init(&big);
    mpz_t zn, zp, phi, sig, sig2, t, u, w;
    mpz_inits(zn, zp, phi, sig, sig2, t, u, w, NULL);
    for (int i = 0; i < 12; i++) {
        mpz_set_ui(zn, 1);
        mpz_set_ui(phi, 1);
        mpz_set_ui(sig, 1);
        mpz_set_ui(sig2, 1);
        long nd = 1;
        int np = 1 + (int)t_rand_below(i < 8 ? 2 : 3);
        unsigned long small = 1 + t_rand_below(5000);
        /* the smooth part: exact small factor, folded into the
         * references by the same multiplicative formulas */
        mpz_set_ui(t, small);
        for (unsigned long q = 2; q <= small; q++) {
            if (small % q)
                continue;
            int e = 0;
            while (small % q == 0) {
                small /= q;
                e++;
            }
            mpz_ui_pow_ui(u, q, (unsigned long)e);
            mpz_mul(zn, zn, u);
            mpz_divexact_ui(w, u, q);
            mpz_mul_ui(w, w, q - 1);
            mpz_mul(phi, phi, w);
            mpz_ui_pow_ui(w, q, (unsigned long)e + 1);
            mpz_sub_ui(w, w, 1);
            mpz_divexact_ui(w, w, q - 1);
            mpz_mul(sig, sig, w);
            mpz_ui_pow_ui(w, q * q, (unsigned long)e + 1);
            mpz_sub_ui(w, w, 1);
            mpz_divexact_ui(w, w, q * q - 1);
            mpz_mul(sig2, sig2, w);
            nd *= e + 1;
        }
        for (int j = 0; j < np; j++) {
            /* at most about 45 digits in all: the sieve stays cheap */
            int bits = 40 + (int)t_rand_below(np == 3 ? 10 : 33);
            mpz_set_ui(zp, t_rand());
            mpz_mul_2exp(zp, zp, 64);
            mpz_add_ui(zp, zp, t_rand());
            mpz_fdiv_r_2exp(zp, zp, (mp_bitcnt_t)bits);
            mpz_setbit(zp, (mp_bitcnt_t)bits - 1);
            mpz_nextprime(zp, zp);
            int e = np == 1 && t_rand_below(2) == 0 ? 2 : 1;
            mpz_pow_ui(u, zp, (unsigned long)e);
            if (mpz_divisible_p(zn, zp)) /* the same prime twice: skip */
                continue;
            mpz_mul(zn, zn, u);
            mpz_divexact(w, u, zp);
            mpz_sub_ui(t, zp, 1);
            mpz_mul(w, w, t);
            mpz_mul(phi, phi, w);
            mpz_pow_ui(w, zp, (unsigned long)e + 1);
            mpz_sub_ui(w, w, 1);
            mpz_divexact(w, w, t);
            mpz_mul(sig, sig, w);
            mpz_mul(t, zp, zp);
            mpz_pow_ui(w, t, (unsigned long)e + 1);
            mpz_sub_ui(w, w, 1);
            mpz_sub_ui(t, t, 1);
            mpz_divexact(w, w, t);
            mpz_mul(sig2, sig2, w);
            nd *= e + 1;
        }
        nt_from_mpz(&n, zn);
        cr_assert_eq(bgc_eulerphi(&r, &n), BGC_OK);
        cr_assert(nt_eq("eulerphi", &r, phi), "eulerphi(%s)",
                  mpz_get_str(NULL, 10, zn));
        cr_assert_eq(bgc_sigma(&r, &n, NULL), BGC_OK);
        cr_assert(nt_eq("sigma", &r, sig));
        set(&k, 2);
        cr_assert_eq(bgc_sigma(&r, &n, &k), BGC_OK);
        cr_assert(nt_eq("sigma2", &r, sig2));
        cr_assert_eq(bgc_numdiv(&r, &n), BGC_OK);
        cr_assert_eq(get(&r), nd);
        /* znorder(a, n) for a prime to n: a^ord = 1, and ord divides
         * the group's exponent, which divides phi */
        set(&a, 2 + (long)t_rand_below(1000));
        mpz_set_si(t, get(&a));
        mpz_gcd(u, t, zn);
        if (mpz_cmp_ui(u, 1) == 0 && mpz_cmp_ui(zn, 1) > 0) {
            cr_assert_eq(bgc_znorder(&r, &a, &n), BGC_OK);
            nt_to_mpz(w, &r);
            mpz_powm(u, t, w, zn);
            cr_assert(mpz_cmp_ui(u, 1) == 0 || mpz_cmp_ui(zn, 1) == 0,
                      "a^znorder(a, n) != 1");
            cr_assert(mpz_divisible_p(phi, w), "znorder does not divide phi");
        }
        /* sqrtmod(b^2 mod n, n): some root r with r^2 = b^2 */
        mpz_set_ui(t, t_rand());
        mpz_mul(t, t, t);
        mpz_mod(t, t, zn);
        nt_from_mpz(&big, t);
        cr_assert_eq(bgc_sqrtmod(&r, &big, &n), BGC_OK);
        nt_to_mpz(w, &r);
        mpz_mul(w, w, w);
        mpz_mod(w, w, zn);
        cr_assert(mpz_cmp(w, t) == 0, "sqrtmod(b^2, n)^2 != b^2 mod n");
    }
    mpz_clears(zn, zp, phi, sig, sig2, t, u, w, NULL);
    bgc_clear(&n);
    bgc_clear(&r);
    bgc_clear(&k);
    bgc_clear(&a);
    bgc_clear(&big);
}

/* ---- arithmetic functions ------------------------------------------------ */

Test(ntkit, arith_brute)
{
    bgc_int n, r, k;
    bgc_intvec d;
    bgc_init(&n);
    bgc_init(&r);
    bgc_init(&k);
    bgc_intvec_init(&d);
    set(&n, 0);
    cr_assert_eq(bgc_divisors(&d, &n), BGC_EDOMAIN);
    cr_assert_eq(bgc_numdiv(&r, &n), BGC_EDOMAIN);
    cr_assert_eq(bgc_sigma(&r, &n, NULL), BGC_EDOMAIN);
    cr_assert_eq(bgc_eulerphi(&r, &n), BGC_EDOMAIN);
    cr_assert_eq(bgc_moebius(&r, &n), BGC_EDOMAIN);
    cr_assert_eq(bgc_issquarefree(&r, &n), BGC_OK);
    cr_assert_eq(get(&r), 0);
    cr_assert_eq(bgc_core(&r, &n), BGC_OK);
    cr_assert_eq(get(&r), 0);
    set(&k, -1);
    set(&n, 6);
    cr_assert_eq(bgc_sigma(&r, &n, &k), BGC_ENEGARG);
    for (long v = -400; v <= 1200; v++) {
        if (v == 0)
            continue;
        long a = v < 0 ? -v : v;
        long nd = 0, s0 = 0, s1 = 0, s2 = 0, phi = 0, om = 0, bom = 0, sq = 1,
             rad = 1, core = 1;
        for (long t = 1; t <= a; t++)
            if (a % t == 0) {
                nd++;
                s1 += t;
                s2 += t * t;
            }
        s0 = nd;
        for (long t = 1; t <= a; t++)
            phi += gcdl(t, a) == 1;
        long b = a;
        for (long p = 2; p <= b; p++)
            if (b % p == 0) {
                int e = 0;
                while (b % p == 0) {
                    b /= p;
                    e++;
                }
                om++;
                bom += e;
                sq &= e == 1;
                rad *= p;
                if (e & 1)
                    core *= p;
            }
        long mu = sq ? (om & 1 ? -1 : 1) : 0;
        set(&n, v);
        cr_assert_eq(bgc_divisors(&d, &n), BGC_OK);
        cr_assert_eq(d.n, nd);
        for (long i = 0, t = 1; i < d.n; i++, t++) {
            while (a % t != 0)
                t++;
            cr_assert_eq(get(&d.v[i]), t);
        }
        cr_assert_eq(bgc_numdiv(&r, &n), BGC_OK);
        cr_assert_eq(get(&r), nd);
        cr_assert_eq(bgc_sigma(&r, &n, NULL), BGC_OK);
        cr_assert_eq(get(&r), s1, "sigma(%ld)", v);
        set(&k, 0);
        cr_assert_eq(bgc_sigma(&r, &n, &k), BGC_OK);
        cr_assert_eq(get(&r), s0);
        set(&k, 2);
        cr_assert_eq(bgc_sigma(&r, &n, &k), BGC_OK);
        cr_assert_eq(get(&r), s2);
        cr_assert_eq(bgc_eulerphi(&r, &n), BGC_OK);
        cr_assert_eq(get(&r), phi, "eulerphi(%ld)", v);
        cr_assert_eq(bgc_moebius(&r, &n), BGC_OK);
        cr_assert_eq(get(&r), mu);
        cr_assert_eq(bgc_omega(&r, &n), BGC_OK);
        cr_assert_eq(get(&r), om);
        cr_assert_eq(bgc_bigomega(&r, &n), BGC_OK);
        cr_assert_eq(get(&r), bom);
        cr_assert_eq(bgc_issquarefree(&r, &n), BGC_OK);
        cr_assert_eq(get(&r), sq);
        cr_assert_eq(bgc_radical(&r, &n), BGC_OK);
        cr_assert_eq(get(&r), rad);
        cr_assert_eq(bgc_core(&r, &n), BGC_OK);
        cr_assert_eq(get(&r), v < 0 ? -core : core);
    }
    bgc_clear(&n);
    bgc_clear(&r);
    bgc_clear(&k);
    bgc_intvec_clear(&d);
}

Test(ntkit, powers_valuation)
{
    bgc_int n, r, k, p;
    bgc_init(&n);
    bgc_init(&r);
    bgc_init(&k);
    bgc_init(&p);
    for (long v = -1100; v <= 1100; v++) {
        long a = v < 0 ? -v : v;
        /* brute: largest k with v = x^k */
        long best = 0;
        for (long e = 2; e <= 11; e++)
            for (long x = -40; x <= 40; x++) {
                long t = 1;
                int over = 0;
                for (long i = 0; i < e && !over; i++) {
                    t *= x;
                    over = t > 2000 || t < -2000;
                }
                if (!over && t == v && a > 1 && e > best)
                    best = e;
            }
        set(&n, v);
        cr_assert_eq(bgc_ispower(&r, &n, NULL), BGC_OK);
        cr_assert_eq(get(&r), best, "ispower(%ld)", v);
        for (long e = 1; e <= 5; e++) {
            int yes = 0;
            for (long x = -40; x <= 40 && !yes; x++) {
                long t = 1;
                for (long i = 0; i < e; i++)
                    t *= x;
                yes = t == v;
            }
            if (e == 1)
                yes = 1;
            set(&k, e);
            cr_assert_eq(bgc_ispower(&r, &n, &k), BGC_OK);
            cr_assert_eq(get(&r), yes, "ispower(%ld, %ld)", v, e);
        }
        long s = 0;
        while (s * s < v)
            s++;
        cr_assert_eq(bgc_issquare(&r, &n), BGC_OK);
        cr_assert_eq(get(&r), v >= 0 && s * s == v);
        for (long q = 2; q <= 12 && v != 0; q++) {
            long c = 0, t = a;
            while (t % q == 0) {
                t /= q;
                c++;
            }
            set(&p, (q & 1) ? q : -q);
            cr_assert_eq(bgc_valuation(&r, &n, &p), BGC_OK);
            cr_assert_eq(get(&r), c);
        }
    }
    set(&k, 0);
    cr_assert_eq(bgc_ispower(&r, &n, &k), BGC_EDOMAIN);
    set(&n, 0);
    set(&p, 2);
    cr_assert_eq(bgc_valuation(&r, &n, &p), BGC_EDOMAIN);
    set(&n, 12);
    set(&p, 1);
    cr_assert_eq(bgc_valuation(&r, &n, &p), BGC_EDOMAIN);
    set(&p, 0);
    cr_assert_eq(bgc_valuation(&r, &n, &p), BGC_EDOMAIN);
    /* big: 3^1000 * 7 has valuation 1000 at 3; (2^61-1)^6 is a 6th power */
    set(&p, 3);
    cr_assert_eq(bgc_pow_ui(&n, &p, 1000), BGC_OK);
    set(&k, 7);
    cr_assert_eq(bgc_mul(&n, &n, &k), BGC_OK);
    cr_assert_eq(bgc_valuation(&r, &n, &p), BGC_OK);
    cr_assert_eq(get(&r), 1000);
    set_str(&p, "2305843009213693951");
    cr_assert_eq(bgc_pow_ui(&n, &p, 6), BGC_OK);
    cr_assert_eq(bgc_ispower(&r, &n, NULL), BGC_OK);
    cr_assert_eq(get(&r), 6);
    cr_assert_eq(bgc_neg(&n, &n), BGC_OK);
    cr_assert_eq(bgc_ispower(&r, &n, NULL), BGC_OK);
    cr_assert_eq(get(&r), 3);
    bgc_clear(&n);
    bgc_clear(&r);
    bgc_clear(&k);
    bgc_clear(&p);
}

/* ---- symbols and CRT ------------------------------------------------------ */

Test(ntkit, kronecker_legendre)
{
    t_seed();
    bgc_int a, n, r;
    bgc_init(&a);
    bgc_init(&n);
    bgc_init(&r);
    mpz_t ma, mn;
    mpz_inits(ma, mn, NULL);
    for (int i = 0; i < 3000; i++) {
        if (i < 2000) {
            set(&a, (long)t_rand_below(200) - 100);
            set(&n, (long)t_rand_below(200) - 100);
        } else {
            nt_rand(&a, 4);
            nt_rand(&n, 4);
        }
        nt_to_mpz(ma, &a);
        nt_to_mpz(mn, &n);
        cr_assert_eq(bgc_kronecker(&r, &a, &n), BGC_OK);
        cr_assert_eq(get(&r), mpz_kronecker(ma, mn));
    }
    set(&n, 101);
    for (long v = -300; v < 300; v++) {
        set(&a, v);
        long want = v % 101 == 0 ? 0 : powmod_l(v, 50, 101) == 1 ? 1 : -1;
        cr_assert_eq(bgc_legendre(&r, &a, &n), BGC_OK);
        cr_assert_eq(get(&r), want);
    }
    set(&n, 91);
    cr_assert_eq(bgc_legendre(&r, &a, &n), BGC_EDOMAIN);
    set(&n, 2);
    cr_assert_eq(bgc_legendre(&r, &a, &n), BGC_EDOMAIN);
    mpz_clears(ma, mn, NULL);
    bgc_clear(&a);
    bgc_clear(&n);
    bgc_clear(&r);
}

Test(ntkit, chinese)
{
    t_seed();
    bgc_int r[4], m[4], x, l;
    for (int i = 0; i < 4; i++) {
        bgc_init(&r[i]);
        bgc_init(&m[i]);
    }
    bgc_init(&x);
    bgc_init(&l);
    cr_assert_eq(bgc_chinese(&x, &l, r, m, 0), BGC_OK);
    cr_assert_eq(get(&x), 0);
    cr_assert_eq(get(&l), 1);
    for (int it = 0; it < 3000; it++) {
        int cnt = 1 + (int)t_rand_below(3);
        long mv[3], rv[3];
        for (int i = 0; i < cnt; i++) {
            mv[i] = 1 + (long)t_rand_below(30);
            if (t_rand_below(4) == 0)
                mv[i] = -mv[i];
            rv[i] = (long)t_rand_below(100) - 50;
            set(&m[i], mv[i]);
            set(&r[i], rv[i]);
        }
        long L = 1;
        for (int i = 0; i < cnt; i++) {
            long a = mv[i] < 0 ? -mv[i] : mv[i];
            L = L / gcdl(L, a) * a;
        }
        long sol = -1;
        for (long t = 0; t < L && sol < 0; t++) {
            int ok = 1;
            for (int i = 0; i < cnt; i++) {
                long a = mv[i] < 0 ? -mv[i] : mv[i];
                ok &= ((t - rv[i]) % a + a) % a == 0;
            }
            if (ok)
                sol = t;
        }
        bgc_err e = bgc_chinese(&x, &l, r, m, cnt);
        if (sol < 0) {
            cr_assert_eq(e, BGC_EDOMAIN);
        } else {
            cr_assert_eq(e, BGC_OK);
            cr_assert_eq(get(&x), sol);
            cr_assert_eq(get(&l), L);
        }
    }
    set(&m[0], 0);
    cr_assert_eq(bgc_chinese(&x, &l, r, m, 1), BGC_EMODZERO);
    for (int i = 0; i < 4; i++) {
        bgc_clear(&r[i]);
        bgc_clear(&m[i]);
    }
    bgc_clear(&x);
    bgc_clear(&l);
}

/* ---- square roots ---------------------------------------------------------- */

Test(ntkit, sqrtmod_brute)
{
    bgc_int a, m, r;
    bgc_intvec l;
    bgc_init(&a);
    bgc_init(&m);
    bgc_init(&r);
    bgc_intvec_init(&l);
    set(&m, 0);
    cr_assert_eq(bgc_sqrtmod(&r, &a, &m), BGC_EMODZERO);
    cr_assert_eq(bgc_sqrtmods(&l, &a, &m), BGC_EMODZERO);
    for (long mv = 1; mv <= 260; mv++) {
        for (long av = -3; av < mv; av++) {
            long am = ((av % mv) + mv) % mv, cnt = 0, first = -1;
            set(&a, av);
            set(&m, (mv & 1) && mv > 100 ? -mv : mv);
            cr_assert_eq(bgc_sqrtmods(&l, &a, &m), BGC_OK);
            for (long x = 0; x < mv; x++)
                if (x * x % mv == am) {
                    cr_assert_lt(cnt, l.n, "sqrtmods(%ld, %ld)", av, mv);
                    cr_assert_eq(get(&l.v[cnt]), x, "sqrtmods(%ld, %ld)", av, mv);
                    if (first < 0)
                        first = x;
                    cnt++;
                }
            cr_assert_eq(l.n, cnt, "sqrtmods(%ld, %ld)", av, mv);
            bgc_err e = bgc_sqrtmod(&r, &a, &m);
            if (cnt == 0) {
                cr_assert_eq(e, BGC_EDOMAIN, "sqrtmod(%ld, %ld)", av, mv);
            } else {
                cr_assert_eq(e, BGC_OK);
                cr_assert_eq(get(&r), first, "sqrtmod(%ld, %ld)", av, mv);
            }
        }
    }
    /* 2^k and p^k with a divisible by high powers */
    long mods[] = {1024, 4096, 3 * 3 * 3 * 3 * 3 * 3 * 3, 5 * 5 * 5 * 5 * 5, 2048 * 9};
    for (size_t i = 0; i < sizeof mods / sizeof *mods; i++) {
        long mv = mods[i];
        for (long av = 0; av < mv; av += 1 + (av % 7)) {
            long cnt = 0;
            set(&a, av);
            set(&m, mv);
            cr_assert_eq(bgc_sqrtmods(&l, &a, &m), BGC_OK);
            for (long x = 0; x < mv; x++)
                if (x * x % mv == av) {
                    cr_assert_eq(get(&l.v[cnt]), x);
                    cnt++;
                }
            cr_assert_eq(l.n, cnt, "sqrtmods(%ld, %ld)", av, mv);
        }
    }
    bgc_clear(&a);
    bgc_clear(&m);
    bgc_clear(&r);
    bgc_intvec_clear(&l);
}

Test(ntkit, sqrtmod_big)
{
    t_seed();
    bgc_int a, p, r, t, bits, k;
    bgc_init(&a);
    bgc_init(&p);
    bgc_init(&r);
    bgc_init(&t);
    bgc_init(&bits);
    bgc_init(&k);
    /* primes of each class mod 8 and with a large power of 2 in p - 1 */
    const char *ps[] = {
        "170141183460469231731687303715884105727",   /* 2^127 - 1 (3 mod 4) */
        "1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000007", /* 10^999 + 7 */
        "18446744069414584321", /* 2^64 - 2^32 + 1 (2^32 | p - 1) */
        "3618502788666131106986593281521497120414687020801267626233049500247285301313", /* 2^255 + 2^253...? checked below */
    };
    for (size_t i = 0; i < sizeof ps / sizeof *ps; i++) {
        int pr = 0;
        set_str(&p, ps[i]);
        cr_assert_eq(bgc_isprime(&pr, &p, 0), BGC_OK);
        if (!pr)
            continue;
        for (int j = 0; j < 6; j++) {
            cr_assert_eq(bgc_random(&a, &p), BGC_OK);
            cr_assert_eq(bgc_mulmod(&a, &a, &a, &p), BGC_OK); /* a square */
            cr_assert_eq(bgc_sqrtmod(&r, &a, &p), BGC_OK);
            cr_assert_eq(bgc_mulmod(&t, &r, &r, &p), BGC_OK);
            cr_assert_eq(bgc_cmp(&t, &a), 0);
            cr_assert_eq(bgc_sub(&t, &p, &r), BGC_OK);
            cr_assert_leq(bgc_cmp(&r, &t), 0, "not the smaller root");
        }
    }
    /* random primes, with random residues and non-residues */
    for (int i = 0; i < 40; i++) {
        set(&bits, 70 + (long)t_rand_below(200));
        cr_assert_eq(bgc_randprime(&p, &bits), BGC_OK);
        cr_assert_eq(bgc_random(&a, &p), BGC_OK);
        cr_assert_eq(bgc_jacobi(&t, &a, &p), BGC_OK);
        long j = get(&t);
        bgc_err e = bgc_sqrtmod(&r, &a, &p);
        if (j == -1) {
            cr_assert_eq(e, BGC_EDOMAIN);
            continue;
        }
        cr_assert_eq(e, BGC_OK);
        cr_assert_eq(bgc_mulmod(&t, &r, &r, &p), BGC_OK);
        cr_assert_eq(bgc_cmp(&t, &a), 0);
        /* prime power p^3 and 2^5 * p^2: every listed root squares to a */
        bgc_intvec l;
        bgc_intvec_init(&l);
        bgc_int m;
        bgc_init(&m);
        cr_assert_eq(bgc_pow_ui(&m, &p, 3), BGC_OK);
        if (i & 1) {
            cr_assert_eq(bgc_shl_ui(&m, &p, 5), BGC_OK);
            cr_assert_eq(bgc_mul(&m, &m, &p), BGC_OK);
            cr_assert_eq(bgc_mulmod(&a, &a, &a, &m), BGC_OK);
        }
        cr_assert_eq(bgc_sqrtmods(&l, &a, &m), BGC_OK);
        if (i & 1)
            cr_assert_geq(l.n, 1, "a square has a root");
        else
            cr_assert_eq(l.n, 2, "%ld roots of a unit residue mod p^3", l.n);
        for (long u = 0; u < l.n; u++) {
            cr_assert_eq(bgc_mulmod(&t, &l.v[u], &l.v[u], &m), BGC_OK);
            bgc_int am;
            bgc_init(&am);
            cr_assert_eq(bgc_mod(&am, &a, &m), BGC_OK);
            cr_assert_eq(bgc_cmp(&t, &am), 0);
            bgc_clear(&am);
        }
        bgc_intvec_clear(&l);
        bgc_clear(&m);
    }
    /* a composite modulus that is not a prime: p*q, both 3 mod 4 */
    set_str(&p, "1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000007");
    set_str(&t, "1000000007");
    cr_assert_eq(bgc_mul(&p, &p, &t), BGC_OK);
    set(&a, 4);
    cr_assert_eq(bgc_sqrtmod(&r, &a, &p), BGC_OK);
    cr_assert_eq(get(&r), 2);
    bgc_clear(&a);
    bgc_clear(&p);
    bgc_clear(&r);
    bgc_clear(&t);
    bgc_clear(&bits);
    bgc_clear(&k);
}

/* ---- orders, primitive roots, logarithms ---------------------------------- */

Test(ntkit, znorder_primroot_znlog)
{
    bgc_int a, m, r, x;
    bgc_init(&a);
    bgc_init(&m);
    bgc_init(&r);
    bgc_init(&x);
    set(&m, 0);
    cr_assert_eq(bgc_znorder(&r, &a, &m), BGC_EMODZERO);
    cr_assert_eq(bgc_znprimroot(&r, &m), BGC_EMODZERO);
    for (long mv = 1; mv <= 150; mv++) {
        set(&m, mv);
        /* primitive root: cyclic iff 1, 2, 4, p^k, 2 p^k */
        long phi = 0, g0 = -1;
        for (long t = 1; t <= mv; t++)
            phi += gcdl(t, mv) == 1;
        for (long g = mv == 1 ? 0 : 1; g < mv && g0 < 0; g++) {
            if (gcdl(g, mv) != 1)
                continue;
            long o = 1, y = g % mv;
            while (y != 1 % mv) {
                y = y * g % mv;
                o++;
            }
            if (o == phi)
                g0 = g;
        }
        if (mv == 1)
            g0 = 0;
        bgc_err e = bgc_znprimroot(&r, &m);
        if (g0 < 0) {
            cr_assert_eq(e, BGC_EDOMAIN, "znprimroot(%ld)", mv);
        } else {
            cr_assert_eq(e, BGC_OK, "znprimroot(%ld)", mv);
            cr_assert_eq(get(&r), g0, "znprimroot(%ld)", mv);
        }
        for (long av = -2; av < mv; av++) {
            set(&a, av);
            long am = ((av % mv) + mv) % mv;
            e = bgc_znorder(&r, &a, &m);
            if (gcdl(am, mv) != 1) {
                cr_assert_eq(e, BGC_ENOTINV);
            } else {
                long o = 1, y = am % mv;
                while (y != 1 % mv) {
                    y = y * am % mv;
                    o++;
                }
                cr_assert_eq(e, BGC_OK);
                cr_assert_eq(get(&r), o, "znorder(%ld, %ld)", av, mv);
            }
            /* znlog(x, g = a, m) for every x */
            if (gcdl(am, mv) != 1 || mv > 90)
                continue;
            for (long xv = 0; xv < mv; xv++) {
                long want = -1, y = 1 % mv;
                for (long t = 0; t < mv && want < 0; t++) {
                    if (y == xv)
                        want = t;
                    y = y * am % mv;
                }
                int found = 0;
                set(&x, xv);
                cr_assert_eq(bgc_znlog(&r, &found, &x, &a, &m), BGC_OK);
                cr_assert_eq(found, want >= 0, "znlog(%ld, %ld, %ld)", xv, av, mv);
                if (found)
                    cr_assert_eq(get(&r), want, "znlog(%ld, %ld, %ld)", xv, av, mv);
            }
        }
    }
    /* non-invertible base */
    int found = 0;
    set(&m, 12);
    set(&a, 2);
    set(&x, 4);
    cr_assert_eq(bgc_znlog(&r, &found, &x, &a, &m), BGC_ENOTINV);
    /* 60-digit prime with smooth p - 1: p = 2 * 3 * ... + 1 style found by
     * search; here p - 1 = 2^2 * 3 * 5 * ... checked by the identity */
    set_str(&m, "1000000000000000000000000000000000000000000000000000000000057");
    int pr = 0;
    cr_assert_eq(bgc_isprime(&pr, &m, 0), BGC_OK);
    if (pr) {
        cr_assert_eq(bgc_znprimroot(&a, &m), BGC_OK);
        set_str(&x, "123456789123456789");
        cr_assert_eq(bgc_znorder(&r, &a, &m), BGC_OK);
        bgc_int pm1;
        bgc_init(&pm1);
        cr_assert_eq(bgc_add_si(&pm1, &m, -1), BGC_OK);
        cr_assert_eq(bgc_cmp(&r, &pm1), 0);
        bgc_clear(&pm1);
    }
    bgc_clear(&a);
    bgc_clear(&m);
    bgc_clear(&r);
    bgc_clear(&x);
}

Test(ntkit, znlog_smooth)
{
    /* p = 2 * 3^2 * 5 * 7 * ... (a smooth p - 1) found by the test itself:
     * the smallest prime of the form k * 30030^4 + 1 */
    bgc_int p, t, g, x, r, e;
    bgc_init(&p);
    bgc_init(&t);
    bgc_init(&g);
    bgc_init(&x);
    bgc_init(&r);
    bgc_init(&e);
    set(&t, 30030);
    cr_assert_eq(bgc_pow_ui(&t, &t, 4), BGC_OK);
    int pr = 0;
    for (long k = 2; !pr; k++) {
        set(&p, k);
        cr_assert_eq(bgc_mul(&p, &p, &t), BGC_OK);
        cr_assert_eq(bgc_add_si(&p, &p, 1), BGC_OK);
        cr_assert_eq(bgc_isprime(&pr, &p, 0), BGC_OK);
    }
    cr_assert_eq(bgc_znprimroot(&g, &p), BGC_OK);
    t_seed();
    for (int i = 0; i < 20; i++) {
        int found = 0;
        cr_assert_eq(bgc_random(&e, &p), BGC_OK);
        cr_assert_eq(bgc_powmod(&x, &g, &e, &p), BGC_OK);
        cr_assert_eq(bgc_znlog(&r, &found, &x, &g, &p), BGC_OK);
        cr_assert(found);
        cr_assert_eq(bgc_powmod(&t, &g, &r, &p), BGC_OK);
        cr_assert_eq(bgc_cmp(&t, &x), 0);
    }
    bgc_clear(&p);
    bgc_clear(&t);
    bgc_clear(&g);
    bgc_clear(&x);
    bgc_clear(&r);
    bgc_clear(&e);
}

/* ---- primes ----------------------------------------------------------------- */

Test(ntkit, sieve_and_iterator)
{
    t_seed();
    bgc_int a, b, p;
    bgc_intvec l;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&p);
    bgc_intvec_init(&l);
    for (int it = 0; it < 300; it++) {
        long lo = (long)t_rand_below(3000) - 20, hi = lo + (long)t_rand_below(600) - 10;
        set(&a, lo);
        set(&b, hi);
        cr_assert_eq(bgc_primes(&l, &a, &b), BGC_OK);
        long c = 0;
        for (long v = lo; v <= hi; v++)
            if (isprime_l(v)) {
                cr_assert_lt(c, l.n);
                cr_assert_eq(get(&l.v[c]), v);
                c++;
            }
        cr_assert_eq(l.n, c, "primes(%ld, %ld)", lo, hi);
    }
    /* across windows: [10^9 - 10^6, 10^9 + 10^6] against BPSW */
    uint64_t lo = 1000000000ull - 1000000, hi = 1000000000ull + 1000000;
    cr_assert_eq(bgc_set_u64(&a, lo), BGC_OK);
    cr_assert_eq(bgc_set_u64(&b, hi), BGC_OK);
    bgc_prime_iter it;
    cr_assert_eq(bgc_prime_iter_init(&it, &a, &b), BGC_OK);
    bgc_err e;
    uint64_t prev = lo - 1, q;
    long cnt = 0;
    while ((q = bgc_prime_iter_next_u64(&it, &e)) != 0) {
        for (uint64_t v = prev + 1; v < q; v += 1 + (v & 1 ? 1 : 0)) {
            int pr = 1;
            cr_assert_eq(bgc_set_u64(&p, v), BGC_OK);
            cr_assert_eq(bgc_isprime(&pr, &p, 0), BGC_OK);
            cr_assert(!pr, "missed prime %llu", (unsigned long long)v);
        }
        int pr = 0;
        cr_assert_eq(bgc_set_u64(&p, q), BGC_OK);
        cr_assert_eq(bgc_isprime(&pr, &p, 0), BGC_OK);
        cr_assert(pr);
        prev = q;
        cnt++;
    }
    cr_assert_eq(e, BGC_OK);
    cr_assert_eq(cnt, 96112); /* pi(10^9 + 10^6) - pi(10^9 - 10^6 - 1) */
    bgc_prime_iter_clear(&it);
    /* near and above 2^64 */
    set_str(&a, "18446744073709551000");
    set_str(&b, "18446744073709552000");
    cr_assert_eq(bgc_primes(&l, &a, &b), BGC_OK);
    cr_assert_gt(l.n, 0);
    for (long i = 0; i < l.n; i++) {
        int pr = 0;
        cr_assert_eq(bgc_isprime(&pr, &l.v[i], 0), BGC_OK);
        cr_assert(pr);
        if (i > 0) {
            bgc_int n;
            bgc_init(&n);
            cr_assert_eq(bgc_nextprime(&n, &l.v[i - 1]), BGC_OK);
            cr_assert_eq(bgc_cmp(&n, &l.v[i]), 0);
            bgc_clear(&n);
        }
    }
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&p);
    bgc_intvec_clear(&l);
}

Test(ntkit, primepi_nthprime)
{
    /* against a plain sieve up to 2^22 at random points, known values
     * above */
    const uint64_t N = (uint64_t)1 << 22;
    unsigned char *s = calloc(N + 1, 1);
    uint32_t *pi = malloc((N + 1) * sizeof *pi);
    cr_assert(s && pi);
    for (uint64_t i = 2; i * i <= N; i++)
        if (!s[i])
            for (uint64_t j = i * i; j <= N; j += i)
                s[j] = 1;
    uint32_t c = 0;
    for (uint64_t i = 0; i <= N; i++) {
        if (i >= 2 && !s[i])
            c++;
        pi[i] = c;
    }
    t_seed();
    bgc_err e;
    for (int i = 0; i < 200; i++) {
        uint64_t x = i < 100 ? t_rand_below(N + 1) : ((uint64_t)1 << 20) + t_rand_below(N - ((uint64_t)1 << 20));
        cr_assert_eq(bgc_primepi_u64(x, &e), pi[x], "primepi(%llu)", (unsigned long long)x);
    }
    struct {
        uint64_t x, pi;
    } known[] = {
        {1000000000ull, 50847534ull},         {4294967296ull, 203280221ull},
        {10000000000ull, 455052511ull},       {100000000000ull, 4118054813ull},
        {1000000000000ull, 37607912018ull},   {1234567890123ull, 46063874307ull},
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        cr_assert_eq(bgc_primepi_u64(known[i].x, &e), known[i].pi);
        cr_assert_eq(e, BGC_OK);
    }
    /* nthprime: the sieve, and known values */
    bgc_int k, r;
    bgc_init(&k);
    bgc_init(&r);
    for (uint64_t n = 1, i = 0; n <= N && i < 300000; n++)
        if (!s[n] && n >= 2) {
            i++;
            if (i < 20 || i % 997 == 0) {
                set(&k, (long)i);
                cr_assert_eq(bgc_nthprime(&r, &k), BGC_OK);
                cr_assert_eq(get(&r), (long)n, "nthprime(%llu)", (unsigned long long)i);
            }
        }
    set(&k, 1000000);
    cr_assert_eq(bgc_nthprime(&r, &k), BGC_OK);
    cr_assert_eq(get(&r), 15485863);
    set(&k, 1000000000);
    cr_assert_eq(bgc_nthprime(&r, &k), BGC_OK);
    cr_assert_eq(get(&r), 22801763489l);
    set(&k, 0);
    cr_assert_eq(bgc_nthprime(&r, &k), BGC_EDOMAIN);
    set(&k, -5);
    cr_assert_eq(bgc_primepi(&r, &k), BGC_OK);
    cr_assert_eq(get(&r), 0);
    bgc_clear(&k);
    bgc_clear(&r);
    free(s);
    free(pi);
}
