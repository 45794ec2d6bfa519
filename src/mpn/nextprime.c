/* nextprime.c -- next and previous prime.  Contracts in bgcn.h.
 *
 * Candidates are the odd numbers c, c+2, c+4, ... (or downwards).  A
 * window of W of them is sieved by the odd primes below a bound that
 * grows with the size of n: with the residue r = c mod p known, the
 * candidates divisible by p are every p-th index from the one solving
 * c + 2i = 0 (mod p), i.e. i = (p - r) * (p+1)/2 mod p (upwards) or
 * i = r * (p+1)/2 mod p (downwards).  Survivors get the full BPSW test in
 * order.  The residues come from one bgcn_mod_1 per limb-sized product
 * of primes and move to the next window by adding 2W.  A candidate equal
 * to a sieving prime (small n) is not struck out. */
#include "bgcn.h"

#include "nt-impl.h"

#include <stdlib.h>

static bgcn_status search(bgcn_limb_t *rp, long *rn, const bgcn_limb_t *np,
                          long nn, int up)
{
    unsigned long bits = (unsigned long)nn * 64 - (unsigned long)__builtin_clzll(np[nn - 1]);
    unsigned plim = bits * 24 < 1024 ? 1024 : bits * 24 > 65536 ? 65536 : (unsigned)(bits * 24);
    long W = bits < 1024 ? 1024 : (long)bits;
    long cn = nn + 1;
    bgcn_status st = BGCN_OK;
    unsigned *ps = malloc(sizeof *ps * (plim / 2));
    unsigned *res = malloc(sizeof *res * (plim / 2));
    unsigned char *sieve = malloc((size_t)(plim / 2 > (unsigned)W ? plim / 2 : (unsigned)W));
    bgcn_limb_t *c = bgcn_alloc_limbs((size_t)2 * (size_t)cn);
    if (!ps || !res || !sieve || !c) {
        st = BGCN_ENOMEM;
        goto done;
    }
    bgcn_limb_t *v = c + cn;
    long np_cnt = bgcn_odd_primes_below(ps, sieve, plim);
    /* first candidate: n+1 or n-1, made odd */
    bgcn_copyi(c, np, nn);
    c[nn] = 0;
    if (up) {
        bgcn_add_1(c, c, cn, 1);
        if (!(c[0] & 1))
            bgcn_add_1(c, c, cn, 1);
    } else {
        bgcn_sub_1(c, c, cn, 1);
        if (!(c[0] & 1))
            bgcn_sub_1(c, c, cn, 1);
    }
    /* residues of c */
    for (long i = 0; i < np_cnt;) {
        bgcn_limb_t prod = 1;
        long j = i;
        while (j < np_cnt && prod <= BGCN_LIMB_MAX / ps[j])
            prod *= ps[j++];
        bgcn_limb_t r = bgcn_mod_1(c, cn, prod);
        for (long k = i; k < j; k++)
            res[k] = (unsigned)(r % ps[k]);
        i = j;
    }
    int small = bgcn_normalized_size(c, cn) <= 1; /* c may equal a prime p */
    for (;;) {
        for (long i = 0; i < W; i++)
            sieve[i] = 1;
        for (long k = 0; k < np_cnt; k++) {
            unsigned long p = ps[k], inv2 = (p + 1) / 2;
            unsigned long r = res[k];
            unsigned long i0 = up ? ((p - r) % p) * inv2 % p : r * inv2 % p;
            if (small) {
                /* do not strike the prime itself */
                bgcn_limb_t val = up ? c[0] + 2 * i0 : c[0] - 2 * i0;
                if (val == p)
                    i0 += p;
            }
            for (unsigned long i = i0; i < (unsigned long)W; i += p)
                sieve[i] = 0;
        }
        for (long i = 0; i < W; i++) {
            if (!sieve[i])
                continue;
            if (bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                goto done;
            }
            if (!up && small && c[0] < 3 + (bgcn_limb_t)(2 * i)) {
                /* below 3 (c is odd and >= 3): the answer is 2 */
                bgcn_zero(rp, nn);
                rp[0] = 2;
                *rn = 1;
                goto done;
            }
            if (up)
                bgcn_add_1(v, c, cn, (bgcn_limb_t)(2 * i));
            else
                bgcn_sub_1(v, c, cn, (bgcn_limb_t)(2 * i));
            int pr;
            if ((st = bgcn_isprime(&pr, v, cn, 0, NULL, NULL)) != BGCN_OK)
                goto done;
            if (pr) {
                long vn = bgcn_normalized_size(v, cn);
                bgcn_copyi(rp, v, vn);
                *rn = vn;
                goto done;
            }
        }
        /* next window */
        if (up)
            bgcn_add_1(c, c, cn, (bgcn_limb_t)(2 * W));
        else if (small && c[0] < (bgcn_limb_t)(2 * W) + 3) {
            /* the window went below 3 without a prime: 2 */
            bgcn_zero(rp, nn);
            rp[0] = 2;
            *rn = 1;
            goto done;
        } else
            bgcn_sub_1(c, c, cn, (bgcn_limb_t)(2 * W));
        small = bgcn_normalized_size(c, cn) <= 1;
        for (long k = 0; k < np_cnt; k++) {
            unsigned long p = ps[k], step = (unsigned long)(2 * W) % p;
            res[k] = (unsigned)(up ? (res[k] + step) % p : (res[k] + p - step) % p);
        }
    }
done:
    free(ps);
    free(res);
    free(sieve);
    bgcn_free_limbs(c);
    return st;
}

bgcn_status bgcn_nextprime(bgcn_limb_t *rp, long *rn, const bgcn_limb_t *np,
                           long nn)
{
    BGCN_ASSERT(nn >= 1 && !BGCN_OVERLAP_P(rp, nn + 1, np, nn));
    nn = bgcn_normalized_size(np, nn);
    if (nn == 0 || (nn == 1 && np[0] < 2)) {
        rp[0] = 2;
        *rn = 1;
        return BGCN_OK;
    }
    if (nn == 1 && np[0] == 2) {
        rp[0] = 3;
        *rn = 1;
        return BGCN_OK;
    }
    return search(rp, rn, np, nn, 1);
}

bgcn_status bgcn_prevprime(bgcn_limb_t *rp, long *rn, const bgcn_limb_t *np,
                           long nn)
{
    BGCN_ASSERT(nn >= 1 && !BGCN_OVERLAP_P(rp, nn, np, nn));
    nn = bgcn_normalized_size(np, nn);
    BGCN_ASSERT(nn >= 1 && (nn > 1 || np[0] >= 3));
    if (nn == 1 && np[0] <= 3) {
        rp[0] = 2;
        *rn = 1;
        return BGCN_OK;
    }
    return search(rp, rn, np, nn, 0);
}
