/* nt-factors.c -- the factorisation value (nt-factors.h), filled by the
 * factoring engine's driver (bgcn_factor, src/mpn/factor.h): trial
 * division, perfect powers, rho, p-1, ECM and the quadratic sieve, every
 * prime through BPSW and the product checked.  So eulerphi, sigma,
 * divisors, znorder, znlog, sqrtmod... handle numbers with large prime
 * factors exactly as factor() does (same seed, same phases shown).
 */
#include "nt-factors.h"
#include "num-impl.h"
#include "factor.h"

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

/* ---- the engine's driver ------------------------------------------------- */

void (*bgc_factor_phase_hook)(const char *phase);

static void phase(void *arg, const char *msg)
{
    (void)arg;
    if (bgc_factor_phase_hook)
        bgc_factor_phase_hook(msg);
}

bgc_err bgc_factorize(bgc_factors *f, const bgc_int *n)
{
    f->n = 0;
    if (n->size == 0)
        return BGC_EDOMAIN;
    long nn = BGC_ABS(n->size);
    bgcn_factors fs;
    bgcn_factors_init(&fs);
    bgcn_factor_opts o = {0};
    o.progress = phase;
    o.seed = BGC_FACTOR_SEED;
    bgc_err e = bgc_from_status(bgcn_factor(&fs, n->d, nn, &o));
    /* the driver checked the product; a composite entry cannot occur
     * with every method allowed and no bound */
    if (e == BGC_OK && !fs.verified)
        e = BGC_EDOMAIN;
    for (long i = 0; i < fs.count && e == BGC_OK; i++) {
        if (!fs.f[i].prime) {
            e = BGC_EDOMAIN;
            break;
        }
        bgc_int v = {fs.f[i].p, fs.f[i].n, fs.f[i].n}; /* read-only view */
        e = bgc_factors_add(f, &v, fs.f[i].e);
    }
    bgcn_factors_clear(&fs);
    return e;
}
