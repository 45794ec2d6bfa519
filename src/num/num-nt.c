/* num-nt.c -- Jacobi symbol and primes: thin wrappers that reduce signs
 * and special cases to the engine's natural-number functions
 * (bgcn_jacobi, bgcn_isprime, bgcn_nextprime, bgcn_prevprime).
 *
 * Signs: a negative Jacobi numerator is first reduced mod n, which gives
 * the same residue class.  Primality is a property of naturals:
 * negatives, 0 and 1 are not prime.  randprime draws k-bit odd
 * candidates with the top bit set until one passes BPSW (uniform over
 * k-bit primes). */
#include "num-impl.h"

/* {p, n} view of a non-negative value, with one zero limb for 0 (the
 * engine wants n >= 1). */
static const bgcn_limb_t zero_limb = 0;
static inline const bgcn_limb_t *limbs_of(const bgc_int *x, long *n)
{
    if (x->size == 0) {
        *n = 1;
        return &zero_limb;
    }
    *n = BGC_ABS(x->size);
    return x->d;
}

static bgc_err jacobi(bgc_int *r, const bgc_int *a, const bgc_int *n)
{
    if (n->size <= 0 || (n->d[0] & 1) == 0)
        return BGC_EDOMAIN;
    bgc_int t;
    bgc_init(&t);
    bgc_err e = bgc_mod(&t, a, n);
    int j = 0;
    if (e == BGC_OK) {
        long tn;
        const bgcn_limb_t *tp = limbs_of(&t, &tn);
        e = bgc_from_status(bgcn_jacobi(&j, tp, tn, n->d, n->size));
    }
    bgc_clear(&t);
    if (e == BGC_OK)
        e = bgc_set_si(r, j);
    return e;
}

bgc_err bgc_jacobi(bgc_int *r, const bgc_int *a, const bgc_int *n)
{
    BGC_VERIFIED(BGC_V_JACOBI, r, a, n, NULL, 0, jacobi(r, a, n));
}

/* ---- primes ------------------------------------------------------------- */

static bgcn_limb_t rand_limb(void *state)
{
    (void)state;
    return bgc_rand64();
}

static bgc_err isprime(int *res, const bgc_int *n, long rounds)
{
    *res = 0;
    if (n->size <= 0)
        return BGC_OK;
    if (rounds < 0)
        return BGC_EDOMAIN;
    int reps = rounds > 1000000 ? 1000000 : (int)rounds;
    int r = 0;
    BGC_TRY(bgc_from_status(
        bgcn_isprime(&r, n->d, n->size, reps, rand_limb, NULL)));
    *res = r != 0;
    return BGC_OK;
}

bgc_err bgc_isprime(int *res, const bgc_int *n, long rounds)
{
    int tok = bgc_v_begin(BGC_V_ISPRIME, NULL, NULL, n, NULL, NULL, rounds);
    bgc_err e = isprime(res, n, rounds);
    bgc_v_end_int(tok, e, res);
    return e;
}

static bgc_err nextprime(bgc_int *r, const bgc_int *n)
{
    if (n->size <= 0 || (n->size == 1 && n->d[0] < 2))
        return bgc_set_si(r, 2);
    /* the next prime has bitlen(n) or one more bits (Bertrand) */
    int recheck;
    BGC_TRY(bgc_check_size(bgc_bitlen_u(n), bgc_bitlen_u(n) + 1, &recheck));
    long nn = n->size, rn = 0;
    bgc_int t;
    bgc_init(&t);
    bgc_err e = bgc_room(&t, nn + 1);
    if (e == BGC_OK)
        e = bgc_from_status(bgcn_nextprime(t.d, &rn, n->d, nn));
    return bgc_take_limbs(r, &t, rn, e, recheck);
}

bgc_err bgc_nextprime(bgc_int *r, const bgc_int *n)
{
    BGC_VERIFIED(BGC_V_NEXTPRIME, r, n, NULL, NULL, 0, nextprime(r, n));
}

static bgc_err prevprime(bgc_int *r, const bgc_int *n)
{
    if (n->size <= 0 || (n->size == 1 && n->d[0] <= 2))
        return BGC_EDOMAIN; /* no prime below 2 */
    long nn = n->size, rn = 0;
    bgc_int t;
    bgc_init(&t);
    bgc_err e = bgc_room(&t, nn);
    if (e == BGC_OK)
        e = bgc_from_status(bgcn_prevprime(t.d, &rn, n->d, nn));
    return bgc_take_limbs(r, &t, rn, e, 0);
}

bgc_err bgc_prevprime(bgc_int *r, const bgc_int *n)
{
    BGC_VERIFIED(BGC_V_PREVPRIME, r, n, NULL, NULL, 0, prevprime(r, n));
}

static bgc_err randprime(bgc_int *r, const bgc_int *k)
{
    uint64_t kk;
    if (k->size <= 0)
        return BGC_EDOMAIN;
    BGC_TRY(bgc_get_count(k, &kk));
    if (kk < 2)
        return BGC_EDOMAIN;
    BGC_TRY(bgc_check_bits(kk));
    if (kk == 2) {
        uint64_t x;
        BGC_TRY(bgc_rand_u64(&x));
        return bgc_set_si(r, 2 + (long)(x & 1));
    }
    bgc_int t, one, kb;
    bgc_init(&t);
    bgc_init(&one);
    bgc_init(&kb);
    bgc_err e = bgc_set_si(&one, 1);
    if (e == BGC_OK)
        e = bgc_shl_ui(&one, &one, kk - 1); /* top bit */
    if (e == BGC_OK)
        e = bgc_set_u64(&kb, kk - 1);
    int p = 0;
    while (e == BGC_OK && !p) {
        if (bgcn_interrupt_flag) {
            e = BGC_EINTR;
            break;
        }
        e = bgc_randbits(&t, &kb);
        if (e == BGC_OK)
            e = bgc_add(&t, &t, &one);
        if (e == BGC_OK)
            t.d[0] |= 1;
        if (e == BGC_OK)
            e = bgc_isprime(&p, &t, 0);
    }
    if (e == BGC_OK)
        bgc_swap(r, &t);
    bgc_clear(&t);
    bgc_clear(&one);
    bgc_clear(&kb);
    return e;
}

bgc_err bgc_randprime(bgc_int *r, const bgc_int *k)
{
    BGC_VERIFIED(BGC_V_RANDPRIME, r, k, NULL, NULL, 0, randprime(r, k));
}
