/* num-comb.c -- factorial, binomial, Fibonacci and Lucas numbers, and
 * their modular forms, over the engine's bgcn_fac/bin/fib/lucas(_mod).
 *
 * Limits: the size in bits is estimated before anything is allocated, by
 * Stirling's formula for log2(n!) (binomials as a difference of three),
 * and n log2(phi) for Fibonacci/Lucas; the estimates are rounded up by two
 * bits so they never undershoot, and are what the "result too large"
 * message reports.  The allocation itself uses the engine's limb bounds
 * (bgcn_fac_size and friends).
 *
 * Negative indices: F(-n) = (-1)^(n+1) F(n), L(-n) = (-1)^n L(n).
 * n! mod m is 0 as soon as n >= |m| (m divides n!). */
#include "num-impl.h"
#include "nt-factors.h"

/* log2(n!) by Stirling, slightly over (0 for n < 2). */
static double lg2_fact(double n)
{
    if (n < 2)
        return 0;
    /* Stirling with its first correction term (an upper bound), plus a
     * margin for the rounding of the leading term. */
    double lead = n * bgc_lg2(n);
    return lead - n * 1.4426950408889634 +
           0.5 * bgc_lg2(6.283185307179586 * n) +
           1.0 / (12 * n * 0.6931471805599453) + 1e-15 * lead;
}

/* log2(n!) slightly under (Stirling's lower bound n! >= sqrt(2 pi n)
 * (n/e)^n, less the margin): with lg2_fact, brackets the size. */
static double lg2_fact_lo(double n)
{
    if (n < 2)
        return 0;
    double lead = n * bgc_lg2(n);
    return lead - n * 1.4426950408889634 +
           0.5 * bgc_lg2(6.283185307179586 * n) - 1e-15 * lead;
}

/* Run an engine producer into a fresh value of `limbs` limbs. */
typedef bgcn_status (*producer)(bgcn_limb_t *, long *, uint64_t);

static bgc_err produce(bgc_int *r, producer f, uint64_t n, long limbs)
{
    bgc_int t;
    bgc_init(&t);
    long rn = 0;
    bgc_err e = limbs < 0 ? BGC_ENOMEM : bgc_room(&t, limbs);
    if (e == BGC_OK)
        e = bgc_from_status(f(t.d, &rn, n));
    return bgc_take_limbs(r, &t, rn, e, 0);
}

/* ---- factorial, binomial ------------------------------------------------ */

static bgc_err fact(bgc_int *r, const bgc_int *n)
{
    uint64_t k;
    BGC_TRY(bgc_get_count(n, &k));
    int recheck;
    BGC_TRY(bgc_check_size(bgc_bits_below(lg2_fact_lo((double)k)),
                           bgc_bits_from(lg2_fact((double)k)), &recheck));
    BGC_TRY(produce(r, bgcn_fac, k, bgcn_fac_size(k)));
    return recheck ? bgc_check_exact(r) : BGC_OK;
}

bgc_err bgc_fact(bgc_int *r, const bgc_int *n)
{
    BGC_VERIFIED(BGC_V_FACT, r, n, NULL, NULL, 0, fact(r, n));
}

/* C(n, k) = prod_{i=1..k} (n - k + i) / i, each partial product an exact
 * binomial; for n >= 2^64, where the engine's form does not apply. */
static bgc_err bin_big(bgc_int *r, const bgc_int *n, uint64_t k)
{
    bgc_int acc, f, d;
    bgc_init(&acc);
    bgc_init(&f);
    bgc_init(&d);
    bgc_err e = bgc_set_si(&acc, 1);
    if (e == BGC_OK)
        e = bgc_set_u64(&d, k);
    if (e == BGC_OK)
        e = bgc_sub(&f, n, &d); /* n - k */
    for (uint64_t i = 1; i <= k && e == BGC_OK; i++) {
        if (bgcn_interrupt_flag) {
            e = BGC_EINTR;
            break;
        }
        e = bgc_add_si(&f, &f, 1);
        if (e == BGC_OK)
            e = bgc_mul(&acc, &acc, &f);
        if (e == BGC_OK)
            e = bgc_set_u64(&d, i);
        if (e == BGC_OK)
            e = bgc_divmod_abs(&acc, NULL, &acc, &d);
    }
    if (e == BGC_OK)
        bgc_swap(r, &acc);
    bgc_clear(&acc);
    bgc_clear(&f);
    bgc_clear(&d);
    return e;
}

static bgc_err binomial(bgc_int *r, const bgc_int *n, const bgc_int *k)
{
    if (n->size < 0)
        return BGC_ENEGARG;
    if (k->size < 0 || bgc_cmp(k, n) > 0)
        return bgc_set_si(r, 0);
    /* k' = min(k, n - k); without allocating when n fits a limb */
    uint64_t ks = 0;
    if (n->size <= 1) {
        uint64_t nv = bgc_get_low(n), kv = bgc_get_low(k);
        ks = kv < nv - kv ? kv : nv - kv;
    } else {
        bgc_int kk;
        bgc_init(&kk);
        bgc_err e = bgc_sub(&kk, n, k);
        if (e == BGC_OK && bgc_cmp(&kk, k) > 0)
            e = bgc_set(&kk, k);
        if (e == BGC_OK)
            e = bgc_get_count(&kk, &ks);
        bgc_clear(&kk);
        if (e != BGC_OK)
            return e;
    }
    if (ks == 0)
        return bgc_set_si(r, 1);
    if (n->size > 1) {
        /* (n/k)^k <= C(n, k) <= n^k / k! */
        double b = (double)ks * (double)bgc_bitlen_u(n) - lg2_fact((double)ks);
        double lo = (double)ks * ((double)bgc_bitlen_u(n) - 1 - bgc_lg2((double)ks)) -
                    (double)ks * 1e-13;
        int recheck;
        BGC_TRY(bgc_check_size(lo > 0 ? bgc_bits_below(lo) : 1,
                               ks == UINT64_MAX ? UINT64_MAX : bgc_bits_from(b), &recheck));
        BGC_TRY(bin_big(r, n, ks));
        return recheck ? bgc_check_exact(r) : BGC_OK;
    }
    uint64_t nn = n->d[0];
    /* Stirling's difference (plus a margin for its rounding, which grows
     * with n), or n^k / k! when k is small, whichever is tighter. */
    double b = lg2_fact((double)nn) - lg2_fact((double)ks) -
               lg2_fact((double)(nn - ks)) + 1e-15 * lg2_fact((double)nn);
    double b2 = (double)ks * bgc_lg2((double)nn) - lg2_fact((double)ks);
    if (b2 < b)
        b = b2;
    /* below: the same difference with the bounds the other way, or
     * (n/k)^k (its rounding: k times that of the logarithms) */
    double lo = lg2_fact_lo((double)nn) - lg2_fact((double)ks) -
                lg2_fact((double)(nn - ks)) - 1e-15 * lg2_fact((double)nn);
    double lo2 = (double)ks * (bgc_lg2((double)nn) - bgc_lg2((double)ks)) - (double)ks * 1e-13;
    if (lo2 > lo)
        lo = lo2;
    int recheck;
    BGC_TRY(bgc_check_size(lo > 0 ? bgc_bits_below(lo) : 1, bgc_bits_from(b), &recheck));
    long limbs = bgcn_bin_size(nn, ks);
    bgc_int t;
    bgc_init(&t);
    long rn = 0;
    bgc_err e = limbs < 0 ? BGC_ENOMEM : bgc_room(&t, limbs);
    if (e == BGC_OK)
        e = bgc_from_status(bgcn_bin(t.d, &rn, nn, ks));
    return bgc_take_limbs(r, &t, rn, e, recheck);
}

bgc_err bgc_binomial(bgc_int *r, const bgc_int *n, const bgc_int *k)
{
    BGC_VERIFIED(BGC_V_BINOMIAL, r, n, k, NULL, 0, binomial(r, n, k));
}

/* ---- Fibonacci, Lucas ---------------------------------------------------- */

/* Sign of F(n) / L(n) for negative n. */
static int neg_index_flips(const bgc_int *n, int lucas)
{
    if (n->size >= 0)
        return 0;
    int odd = (int)(n->d[0] & 1);
    return lucas ? odd : !odd;
}

static bgc_err fiblucas(bgc_int *r, const bgc_int *n, int lucas)
{
    /* |n|, saturated like bgc_get_count */
    long nn = BGC_ABS(n->size);
    uint64_t k = nn == 0 ? 0 : nn > 1 ? UINT64_MAX : n->d[0];
    /* log2(phi) = 0.6942419136306174; F(k) = (phi^k - psi^k) / sqrt(5) and
     * L(k) = phi^k + psi^k lie within 2^(k log2(phi) -+ 1.5) for k >= 1 */
    double lg = (double)k * 0.6942419136306174;
    int recheck;
    BGC_TRY(bgc_check_size(k == UINT64_MAX ? bgc_bits_below(lg) : bgc_bits_below(lg - 1.5),
                           k == UINT64_MAX ? UINT64_MAX : bgc_bits_from(lg + 1), &recheck));
    int flip = neg_index_flips(n, lucas);
    BGC_TRY(produce(r, lucas ? bgcn_lucas : bgcn_fib, k, bgcn_fib_size(k)));
    if (recheck)
        BGC_TRY(bgc_check_exact(r));
    if (flip)
        r->size = -r->size;
    return BGC_OK;
}

bgc_err bgc_fib(bgc_int *r, const bgc_int *n)
{
    BGC_VERIFIED(BGC_V_FIB, r, n, NULL, NULL, 0, fiblucas(r, n, 0));
}

bgc_err bgc_lucas(bgc_int *r, const bgc_int *n)
{
    BGC_VERIFIED(BGC_V_LUCAS, r, n, NULL, NULL, 0, fiblucas(r, n, 1));
}

/* ---- modular forms ---------------------------------------------------- */

/* n! mod m is about n one-limb steps (bgcn_fac_mod, ~10^8 a second for a
 * small m).  Above FACT_MOD_SHORTCUT steps two shortcuts are tried first:
 *   - m | n! (then the answer is 0): from the factorisation of m, when m
 *     has at most FACT_MOD_FACTOR_BITS bits, by Legendre's formula
 *     v_p(n!) = sum floor(n / p^i) >= e for every p^e || m;
 *   - m prime and n close below it: Wilson, (m-1)! = -1, so with
 *     d = m - 1 - n, n! = (-1)^(d+1) / d! mod m (d steps).
 * Beyond FACT_MOD_MAX_STEPS steps (hours) without a shortcut the call is
 * refused (BGC_EDOMAIN) rather than left to run unbounded
 * (man/bigcalc.1, fact). */
#define FACT_MOD_SHORTCUT (UINT64_C(1) << 24)
#define FACT_MOD_MAX_STEPS (UINT64_C(1) << 40)
#define FACT_MOD_FACTOR_BITS 128

/* *yes = 1 when m | n!, m given by its factorisation f (n >= 0). */
static bgc_err divides_fact(int *yes, const bgc_int *n, const bgc_factors *f)
{
    bgc_int t;
    bgc_err e = BGC_OK;
    bgc_init(&t);
    *yes = 1;
    for (long i = 0; i < f->n && *yes && e == BGC_OK; i++) {
        uint64_t v = 0, q;
        e = bgc_set(&t, n);
        while (e == BGC_OK && v < f->e[i] && bgc_cmpabs(&t, &f->p[i]) >= 0) {
            e = bgc_tdiv_q(&t, &t, &f->p[i]);
            if (e == BGC_OK && bgc_get_u64(&t, &q) == BGC_OK)
                v = v + q < v ? UINT64_MAX : v + q;
            else
                v = UINT64_MAX; /* floor(n / p) alone is beyond any exponent */
        }
        if (v < f->e[i])
            *yes = 0;
    }
    bgc_clear(&t);
    return e;
}

/* {rp,mn} = k! mod m (k < 2^64). */
static bgc_err fact_mod_steps(bgc_int *r, uint64_t k, const bgc_int *m)
{
    long mn = BGC_ABS(m->size);
    bgc_int t;
    bgc_init(&t);
    bgc_err e = bgc_room(&t, mn);
    if (e == BGC_OK)
        e = bgc_from_status(bgcn_fac_mod(t.d, k, m->d, mn));
    if (e == BGC_OK) {
        bgc_norm(&t, mn, 0);
        bgc_swap(r, &t);
    }
    bgc_clear(&t);
    return e;
}

/* The shortcuts above for a huge n (n < |m|): *done = 1 with r set when
 * one applied. */
static bgc_err fact_mod_shortcut(bgc_int *r, const bgc_int *n, const bgc_int *m, int *done)
{
    bgc_int am, d;
    bgc_factors f;
    int prime = 0, yes = 0;
    uint64_t dk;
    bgc_init(&am);
    bgc_init(&d);
    bgc_factors_init(&f);
    *done = 0;
    bgc_err e = bgc_abs(&am, m);
    if (e == BGC_OK)
        e = bgc_isprime(&prime, &am, 0);
    if (e == BGC_OK && !prime && bgc_bitlen_u(&am) <= FACT_MOD_FACTOR_BITS) {
        e = bgc_factorize(&f, &am);
        if (e == BGC_OK)
            e = divides_fact(&yes, n, &f);
        if (e == BGC_OK && yes) {
            e = bgc_set_si(r, 0);
            *done = 1;
        }
    }
    if (e == BGC_OK && prime) {
        e = bgc_sub(&d, &am, n); /* d = m - 1 - n >= 0 */
        if (e == BGC_OK)
            e = bgc_add_si(&d, &d, -1);
        if (e == BGC_OK && bgc_cmp(&d, n) < 0 && bgc_get_u64(&d, &dk) == BGC_OK &&
            dk < FACT_MOD_MAX_STEPS) {
            e = fact_mod_steps(&d, dk, &am);
            if (e == BGC_OK)
                e = bgc_invmod(&d, &d, &am); /* d! is prime to m */
            if (e == BGC_OK && dk % 2 == 0 && !bgc_is_zero(&d))
                e = bgc_sub(&d, &am, &d); /* (-1)^(dk+1) */
            if (e == BGC_OK) {
                bgc_swap(r, &d);
                *done = 1;
            }
        }
    }
    bgc_factors_clear(&f);
    bgc_clear(&am);
    bgc_clear(&d);
    return e;
}

static bgc_err fact_mod(bgc_int *r, const bgc_int *n, const bgc_int *m)
{
    if (m->size == 0)
        return BGC_EMODZERO;
    if (n->size < 0)
        return BGC_ENEGARG;
    long mn = BGC_ABS(m->size);
    if (bgc_cmpabs(n, m) >= 0)
        return bgc_set_si(r, 0);
    if (mn == 1 && m->d[0] == 1)
        return bgc_set_si(r, 0);
    uint64_t k;
    BGC_TRY(bgc_get_count(n, &k));
    if (k >= FACT_MOD_SHORTCUT) {
        int done;
        BGC_TRY(fact_mod_shortcut(r, n, m, &done));
        if (done)
            return BGC_OK;
        if (k >= FACT_MOD_MAX_STEPS)
            return BGC_EDOMAIN; /* no shortcut, far too many steps */
    }
    return fact_mod_steps(r, k, m);
}

bgc_err bgc_fact_mod(bgc_int *r, const bgc_int *n, const bgc_int *m)
{
    BGC_VERIFIED(BGC_V_FACTMOD, r, n, m, NULL, 0, fact_mod(r, n, m));
}

static bgc_err fiblucas_mod(bgc_int *r, const bgc_int *n, const bgc_int *m,
                            int lucas)
{
    if (m->size == 0)
        return BGC_EMODZERO;
    long mn = BGC_ABS(m->size);
    static const bgcn_limb_t zero = 0;
    const bgcn_limb_t *np = n->size ? n->d : &zero;
    long nn = n->size ? BGC_ABS(n->size) : 1;
    int flip = neg_index_flips(n, lucas);
    bgc_int t, mm;
    bgc_init(&t);
    bgc_init(&mm);
    bgc_err e = bgc_room(&t, mn);
    if (e == BGC_OK) {
        e = bgc_from_status(lucas ? bgcn_lucas_mod(t.d, np, nn, m->d, mn)
                                  : bgcn_fib_mod(t.d, np, nn, m->d, mn));
    }
    if (e == BGC_OK) {
        bgc_norm(&t, mn, 0);
        if (flip && t.size != 0) {
            e = bgc_abs(&mm, m);
            if (e == BGC_OK)
                e = bgc_sub(&t, &mm, &t);
        }
    }
    if (e == BGC_OK)
        bgc_swap(r, &t);
    bgc_clear(&t);
    bgc_clear(&mm);
    return e;
}

bgc_err bgc_fib_mod(bgc_int *r, const bgc_int *n, const bgc_int *m)
{
    BGC_VERIFIED(BGC_V_FIBMOD, r, n, m, NULL, 0, fiblucas_mod(r, n, m, 0));
}

bgc_err bgc_lucas_mod(bgc_int *r, const bgc_int *n, const bgc_int *m)
{
    BGC_VERIFIED(BGC_V_LUCASMOD, r, n, m, NULL, 0, fiblucas_mod(r, n, m, 1));
}
