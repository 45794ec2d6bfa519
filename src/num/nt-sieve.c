/* nt-sieve.c -- primes of an interval: a segmented sieve of Eratosthenes
 * behind an iterator (ntkit.h), so that a loop over the primes of a range
 * of 10^9 numbers never holds more than one window.
 *
 * A window is WIN odd numbers (a byte each, 128 KiB, L2-sized here),
 * crossed off by the odd primes up to min(sqrt(b), 2^26) found once at the
 * start.  When the cap cuts in (b > 2^52) a survivor above the square of
 * the largest sieving prime is confirmed by BPSW (exact below 2^64).
 * Numbers of 2^64 and more are walked with bgcn_nextprime.
 */
#include "ntkit.h"
#include "num-impl.h"

#include <stdlib.h>
#include <string.h>

#define WIN ((long)1 << 17)
#define BASE_CAP ((uint64_t)1 << 26)

/* The odd primes <= lim (lim < 2^32) into it->base. */
static bgc_err fill_base(bgc_prime_iter *it, uint64_t lim)
{
    uint64_t half = lim / 2 + 1; /* index i <-> 2i + 1 */
    unsigned char *s = calloc(half, 1);
    if (s == NULL)
        return BGC_ENOMEM;
    long cnt = 0;
    for (uint64_t i = 1; i < half; i++) {
        if (s[i])
            continue;
        uint64_t p = 2 * i + 1;
        cnt++;
        for (uint64_t j = (p * p) / 2; j < half; j += p)
            s[j] = 1;
    }
    it->base = malloc((size_t)(cnt ? cnt : 1) * sizeof *it->base);
    if (it->base == NULL) {
        free(s);
        return BGC_ENOMEM;
    }
    for (uint64_t i = 1; i < half; i++)
        if (!s[i])
            it->base[it->nbase++] = (uint32_t)(2 * i + 1);
    free(s);
    it->base_lim = lim;
    return BGC_OK;
}

/* Sieve the window of odd numbers starting at the odd it->seg_lo, ending
 * at min(hi, seg_lo + 2 (WIN - 1)). */
static void sieve_window(bgc_prime_iter *it)
{
    uint64_t s = it->seg_lo, end = it->hi;
    if ((end - s) / 2 >= (uint64_t)WIN)
        end = s + 2 * (uint64_t)(WIN - 1);
    if ((end & 1) == 0)
        end--;
    it->seg_len = (long)((end - s) / 2 + 1);
    memset(it->seg, 0, (size_t)it->seg_len);
    for (long i = 0; i < it->nbase; i++) {
        uint64_t p = it->base[i], m = p * p;
        if (m > end)
            break;
        if (m < s) {
            m = s + (p - s % p) % p;
            if ((m & 1) == 0)
                m += p;
        }
        for (uint64_t j = (m - s) / 2; j < (uint64_t)it->seg_len; j += p)
            it->seg[j] = 1;
    }
    if (s == 1)
        it->seg[0] = 1; /* 1 is not prime */
    it->pos = 0;
}

bgc_err bgc_prime_iter_init(bgc_prime_iter *it, const bgc_int *a,
                            const bgc_int *b)
{
    memset(it, 0, sizeof *it);
    bgc_init(&it->cur);
    bgc_init(&it->bhi);
    uint64_t lo = 2, hi;
    if (bgc_cmp_si(b, 2) < 0 || bgc_cmp(a, b) > 0) {
        it->done = 1;
        return BGC_OK;
    }
    int a_big = a->size > 1, b_big = b->size > 1;
    if (b_big) {
        it->big = 1;
        BGC_TRY(bgc_set(&it->bhi, b));
        if (a_big) { /* walk only, from a - 1 */
            BGC_TRY(bgc_add_si(&it->cur, a, -1));
            it->done = 1; /* no sieve part */
            return BGC_OK;
        }
        /* the walk starts at the last 64-bit number */
        BGC_TRY(bgc_set_u64(&it->cur, UINT64_MAX));
        hi = UINT64_MAX;
    } else {
        hi = b->d[0];
    }
    if (bgc_sgn(a) > 0 && a->d[0] > 2)
        lo = a->d[0];
    it->lo = lo;
    it->hi = hi;
    uint64_t lim = bgcn_sqrt_u64(hi);
    if (lim > BASE_CAP)
        lim = BASE_CAP;
    BGC_TRY(fill_base(it, lim));
    it->seg = malloc((size_t)WIN);
    if (it->seg == NULL)
        return BGC_ENOMEM;
    it->seg_lo = lo | 1;
    it->pos = -1; /* 2 first, when in range; window not sieved yet */
    return BGC_OK;
}

void bgc_prime_iter_clear(bgc_prime_iter *it)
{
    free(it->seg);
    free(it->base);
    bgc_clear(&it->cur);
    bgc_clear(&it->bhi);
    memset(it, 0, sizeof *it);
}

uint64_t bgc_prime_iter_next_u64(bgc_prime_iter *it, bgc_err *err)
{
    *err = BGC_OK;
    if (it->done)
        return 0;
    if (it->pos < 0) {
        it->pos = 0;
        if (it->seg_lo > it->hi) {
            it->done = 1;
            return it->lo == 2 ? 2 : 0;
        }
        sieve_window(it);
        if (it->lo == 2)
            return 2;
    }
    for (;;) {
        while (it->pos < it->seg_len) {
            long i = it->pos++;
            if (it->seg[i])
                continue;
            uint64_t n = it->seg_lo + 2 * (uint64_t)i;
            if (it->base_lim < bgcn_sqrt_u64(it->hi) &&
                n / it->base_lim > it->base_lim) {
                int r = 0;
                bgcn_limb_t l = n;
                if (bgcn_isprime(&r, &l, 1, 0, NULL, NULL) != BGCN_OK) {
                    *err = BGC_ENOMEM;
                    return 0;
                }
                if (!r)
                    continue;
            }
            return n;
        }
        uint64_t last = it->seg_lo + 2 * (uint64_t)(it->seg_len - 1);
        if (last >= it->hi - 1) { /* hi or hi - 1 was the last odd */
            it->done = 1;
            return 0;
        }
        if (bgcn_interrupt_flag) {
            *err = BGC_EINTR;
            return 0;
        }
        it->seg_lo = last + 2;
        sieve_window(it);
    }
}

bgc_err bgc_prime_iter_next(bgc_prime_iter *it, bgc_int *p, int *got)
{
    bgc_err e;
    *got = 0;
    if (!it->done) {
        uint64_t v = bgc_prime_iter_next_u64(it, &e);
        if (e != BGC_OK)
            return e;
        if (v != 0) {
            *got = 1;
            return bgc_set_u64(p, v);
        }
    }
    if (!it->big)
        return BGC_OK;
    BGC_TRY(bgc_nextprime(&it->cur, &it->cur));
    if (bgc_cmp(&it->cur, &it->bhi) > 0) {
        it->big = 0;
        return BGC_OK;
    }
    *got = 1;
    return bgc_set(p, &it->cur);
}

#define MAX_LIST ((long)1 << 26)

bgc_err bgc_primes(bgc_intvec *out, const bgc_int *a, const bgc_int *b)
{
    bgc_prime_iter it;
    bgc_intvec l;
    bgc_int p;
    bgc_intvec_init(&l);
    bgc_init(&p);
    /* Refuse a list that would be too long before building any of it
     * (primes(1, 2*10^9) spent 20 s on 2^26 elements before failing):
     * the exact count from primepi up to 10^12 (milliseconds); above,
     * when the range holds surely more than 2^26 primes: length over
     * 2^27 ln b (the count is about length / ln b).  The loop's own
     * check stops what this lets through. */
    uint64_t lo = 0, hi = 0;
    if (bgc_cmp(a, b) <= 0 && bgc_sgn(b) > 0) {
        if (bgc_get_u64(b, &hi) == BGC_OK && hi <= 1000000000000ULL) {
            if (bgc_sgn(a) > 0 && bgc_get_u64(a, &lo) != BGC_OK)
                lo = 0;
            bgc_err pe = BGC_OK;
            uint64_t cnt = bgc_primepi_u64(hi, &pe);
            if (pe == BGC_OK && lo > 1)
                cnt -= bgc_primepi_u64(lo - 1, &pe);
            if (pe != BGC_OK)
                return pe;
            if (cnt > (uint64_t)MAX_LIST)
                return BGC_EDOMAIN;
        } else {
            bgc_int len;
            bgc_init(&len);
            bgc_err le = bgc_sgn(a) > 0 ? bgc_sub(&len, b, a) : bgc_set(&len, b);
            /* ln b < 0.7 bits(b) */
            uint64_t per = (uint64_t)MAX_LIST * 2 *
                           (uint64_t)(0.7 * (double)bgc_bitlen_u(b) + 1);
            int toolong = le == BGC_OK && (bgc_bitlen_u(&len) > 63 ||
                                           bgc_get_low(&len) > per);
            bgc_clear(&len);
            if (le != BGC_OK)
                return le;
            if (toolong)
                return BGC_EDOMAIN;
        }
    }
    bgc_err e = bgc_prime_iter_init(&it, a, b);
    int got = 1;
    while (e == BGC_OK) {
        e = bgc_prime_iter_next(&it, &p, &got);
        if (e != BGC_OK || !got)
            break;
        if (l.n >= MAX_LIST) {
            e = BGC_EDOMAIN;
            break;
        }
        e = bgc_intvec_push(&l, &p);
    }
    if (e == BGC_OK) {
        bgc_intvec_clear(out);
        *out = l;
        bgc_intvec_init(&l);
    }
    bgc_prime_iter_clear(&it);
    bgc_intvec_clear(&l);
    bgc_clear(&p);
    return e;
}
