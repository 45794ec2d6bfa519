/* factor_trial.c -- trial division of a multi-limb number.  Contract in
 * factor.h.
 *
 * Primes come from the segmented iterator and are packed while their
 * product fits a limb; one bgcn_mod_1 pass per product gives the residue
 * modulo every packed prime at once (about four primes per pass below
 * 2^16), so a pass over N costs one division per limb for several
 * primes. */
#include "factor-impl.h"

bgcn_status bgcn_factor_trial(bgcn_limb_t *fp, long *fn,
                              const bgcn_limb_t *np, long nn,
                              uint64_t bound)
{
    BGCN_ASSERT(nn >= 1 && np[nn - 1] != 0 && bound <= ((uint64_t)1 << 32));
    BGCN_ASSERT(!BGCN_OVERLAP_P(fp, nn, np, nn));
    *fn = 0;
    if (bound < 3)
        return BGCN_OK;
    if (!(np[0] & 1)) {
        if (nn > 1 || np[0] > 2) {
            fp[0] = 2;
            *fn = 1;
        }
        return BGCN_OK;
    }
    bgcn_fpit it;
    BGCN_TRY(bgcn_fpit_init(&it, 3, bound - 1));
    uint64_t ps[16];
    int k = 0;
    bgcn_limb_t prod = 1;
    unsigned long passes = 0;
    bgcn_status st = BGCN_OK;
    for (;;) {
        uint64_t p = bgcn_fpit_next(&it);
        if (p && prod <= BGCN_LIMB_MAX / p && k < 16) {
            ps[k++] = p;
            prod *= p;
            continue;
        }
        if (k) {
            bgcn_limb_t r = bgcn_mod_1(np, nn, prod);
            for (int i = 0; i < k; i++)
                if (r % ps[i] == 0 && !(nn == 1 && np[0] == ps[i])) {
                    fp[0] = ps[i];
                    *fn = 1;
                    goto done;
                }
            if ((++passes & 255) == 0 && bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                goto done;
            }
        }
        if (!p)
            break;
        ps[0] = p;
        prod = p;
        k = 1;
    }
done:
    bgcn_fpit_clear(&it);
    return st;
}
