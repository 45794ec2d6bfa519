/* builtins-factor.c -- factor(n[, B]) (man/bigcalc.1, "Factoring"), on
 * the engine's driver (src/mpn/factor.h).
 *
 * The result is gp's factorisation as a list of [p, e] pairs in
 * increasing order: n < 0 adds [-1, 1] first, factor(0) is [[0, 1]] and
 * factor(1) is [] (gp's [0, 1] and empty matrix).  factor(n, B) is gp's
 * partial factorisation: trial division by the primes below B only; the
 * last entry may then be composite.  The driver's phases go to
 * bgc_factor_phase_hook when the front end installs one (the REPL shows
 * the phase beside its elapsed-time indicator).  With --verify the
 * product of the prime powers is recomputed with GMP and every prime is
 * checked by mpz_probab_prime_p (bgc_verify_factor). */
#include "builtins.h"
#include "factor.h"
#include "num-impl.h"
#include "nt-factors.h"
#include "verify.h"

static void phase(void *arg, const char *msg)
{
    (void)arg;
    if (bgc_factor_phase_hook)
        bgc_factor_phase_hook(msg);
}

/* [p, e] appended to l; p = {pp,pn} */
static bgc_err push_pair(bgc_list *l, const bgcn_limb_t *pp, long pn,
                         int negative, unsigned long e)
{
    bgc_list *pair = bgc_list_new(2);
    if (!pair)
        return BGC_ENOMEM;
    bgc_int p;
    bgc_init(&p);
    bgc_err err = bgc_set_limbs(&p, pp, pn, negative);
    if (err == BGC_OK)
        err = bgc_list_push_int(pair, &p);
    if (err == BGC_OK)
        err = bgc_list_push_si(pair, (int64_t)e);
    bgc_clear(&p);
    if (err != BGC_OK) {
        bgc_list_unref(pair);
        return err;
    }
    return bgc_list_push_list(l, pair);
}

bgc_err bgc_bi_factor(bgc_val *r, bgc_int *args, int nargs)
{
    const bgc_int *n = &args[0];
    uint64_t bound = 0;
    if (nargs == 2) {
        if (bgc_sgn(&args[1]) <= 0 || bgc_get_u64(&args[1], &bound) != BGC_OK)
            return BGC_EDOMAIN;
        if (bound < 2)
            return BGC_EDOMAIN;
    }
    bgc_list *l = bgc_list_new(0);
    if (!l)
        return BGC_ENOMEM;
    bgc_err err = BGC_OK;
    long nn = n->size < 0 ? -n->size : n->size;
    if (nn == 0) {
        bgcn_limb_t zero = 0;
        err = push_pair(l, &zero, 1, 0, 1);
        goto out;
    }
    if (n->size < 0) {
        bgcn_limb_t one = 1;
        if ((err = push_pair(l, &one, 1, 1, 1)) != BGC_OK)
            goto out;
    }
    bgcn_factors fs;
    bgcn_factors_init(&fs);
    bgcn_factor_opts o = {0};
    o.bound = bound;
    o.progress = phase;
    o.seed = BGC_FACTOR_SEED;
    err = bgc_from_status(bgcn_factor(&fs, n->d, nn, &o));
    if (err == BGC_OK && !fs.verified)
        err = BGC_EDOMAIN; /* never: the driver's own check failed */
    if (err == BGC_OK && bgc_verify_enabled())
        bgc_verify_factor(n->d, nn, &fs);
    for (long i = 0; i < fs.count && err == BGC_OK; i++)
        err = push_pair(l, fs.f[i].p, fs.f[i].n, 0, fs.f[i].e);
    bgcn_factors_clear(&fs);
out:
    if (err != BGC_OK) {
        bgc_list_unref(l);
        return err;
    }
    bgc_val_set_list(r, l);
    return BGC_OK;
}
