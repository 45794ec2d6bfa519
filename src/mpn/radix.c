/* radix.c -- what both directions of radix conversion share: the per-base
 * constants, the size bounds, and the tower of cached powers of the base
 * (see radix-impl.h).  Contracts in bgcn.h. */
#include "radix-impl.h"

#include <pthread.h>

/* Thresholds, measured on an AMD EPYC Zen 4 (shared and loaded, so
 * the curves are flat rather than sharp) with a throwaway program timing
 * decimal conversion of random numbers of 60, 150, 400, 1000 and 3000
 * limbs for each candidate threshold (best of 5 runs):
 *   get_str: 10..15 limbs best at every size (2: +50%, 30: +8%, 80: +50%);
 *   set_str: 80..300 limbs best (40: +3%, 1000: +20% at 1000 limbs).
 * GMP's own tuning on Zen finds 12 and 195..898.
 * set_str re-measured after its basecase began reading eight digits per
 * word (set_str.c), on AMD EPYC Zen 1 (family 23 model 1), adx path,
 * 2026-12-02 14:16 UTC, taskset -c 1, load 11, same-process alternation
 * of thresholds (min of 20 rounds): 10^4 digits 40: 81.3 us, 60: 80.4,
 * 80: 79.5, 100: 79.1, 120: 78.7, 150: 82.9 (GMP 80.2); 3000 digits
 * 100 best (11.55 us; 150: 12.25, 200: 12.74); 10^5 digits flat within
 * noise (3.04-3.18 ms for 40..150).  100 taken for every CPU: the old
 * value belonged to the old basecase; other CPUs not measured. */
long bgcn_get_str_dc_threshold = BGCN_GET_STR_DC_THRESHOLD;
long bgcn_set_str_dc_threshold = BGCN_SET_STR_DC_THRESHOLD;

/* ceil(2^32 * log(2) / log(b)) for b = 2..36: digits per bit, rounded up
 * so that bounds computed from it never fall short. */
static const uint32_t digits_per_bit[35] = {
    0, /* b = 2 handled exactly (2^32 does not fit) */
    2709822658u, 2147483648u, 1849741733u, 1661520156u, 1529898220u,
    1431655766u, 1354911329u, 1292913987u, 1241523976u, 1198050830u,
    1160664036u, 1128071164u, 1099331346u, 1073741824u, 1050766078u,
    1029986702u, 1011073585u, 993761859u,  977836273u,  963119892u,
    949465784u,  936750802u,  924870867u,  913737343u,  903274220u,
    893415895u,  884105414u,  875293063u,  866935226u,  858993460u,
    851433730u,  844225783u,  837342624u,  830760078u,
};

/* ceil(2^32 * log2(b)) for b = 2..36: bits per digit, rounded up. */
static const uint64_t bits_per_digit[35] = {
    4294967296u,  6807362106u,  8589934592u,  9972605232u,  11102329402u,
    12057497579u, 12884901888u, 13614724212u, 14267572528u, 14858145665u,
    15397296698u, 15893267571u, 16352464875u, 16779967338u, 17179869185u,
    17555519227u, 17909691508u, 18244709747u, 18562539824u, 18864859685u,
    19153112961u, 19428550663u, 19692263994u, 19945210463u, 20188234867u,
    20422086318u, 20647432171u, 20864869499u, 21074934634u, 21278111132u,
    21474836480u, 21665507771u, 21850486523u, 22030102810u, 22204658804u,
};

/* m and b^m for b = 2..36: the most digits of base b that fit one limb
 * (b^m <= 2^64 - 1 < b^(m+1)) and the big base itself. */
static const struct {
    int m;
    bgcn_limb_t big;
} big_bases[35] = {
    {63, 0x8000000000000000u}, /* 2^63 */
    {40, 0xa8b8b452291fe821u}, /* 3^40 */
    {31, 0x4000000000000000u}, /* 4^31 */
    {27, 0x6765c793fa10079du}, /* 5^27 */
    {24, 0x41c21cb8e1000000u}, /* 6^24 */
    {22, 0x3642798750226111u}, /* 7^22 */
    {21, 0x8000000000000000u}, /* 8^21 */
    {20, 0xa8b8b452291fe821u}, /* 9^20 */
    {19, 0x8ac7230489e80000u}, /* 10^19 */
    {18, 0x4d28cb56c33fa539u}, /* 11^18 */
    {17, 0x1eca170c00000000u}, /* 12^17 */
    {17, 0x780c7372621bd74du}, /* 13^17 */
    {16, 0x1e39a5057d810000u}, /* 14^16 */
    {16, 0x5b27ac993df97701u}, /* 15^16 */
    {15, 0x1000000000000000u}, /* 16^15 */
    {15, 0x27b95e997e21d9f1u}, /* 17^15 */
    {15, 0x5da0e1e53c5c8000u}, /* 18^15 */
    {15, 0xd2ae3299c1c4aedbu}, /* 19^15 */
    {14, 0x16bcc41e90000000u}, /* 20^14 */
    {14, 0x2d04b7fdd9c0ef49u}, /* 21^14 */
    {14, 0x5658597bcaa24000u}, /* 22^14 */
    {14, 0xa0e2073737609371u}, /* 23^14 */
    {13, 0x0c29e98000000000u}, /* 24^13 */
    {13, 0x14adf4b7320334b9u}, /* 25^13 */
    {13, 0x226ed36478bfa000u}, /* 26^13 */
    {13, 0x383d9170b85ff80bu}, /* 27^13 */
    {13, 0x5a3c23e39c000000u}, /* 28^13 */
    {13, 0x8e65137388122bcdu}, /* 29^13 */
    {13, 0xdd41bb36d259e000u}, /* 30^13 */
    {12, 0x0aee5720ee830681u}, /* 31^12 */
    {12, 0x1000000000000000u}, /* 32^12 */
    {12, 0x172588ad4f5f0981u}, /* 33^12 */
    {12, 0x211e44f7d02c1000u}, /* 34^12 */
    {12, 0x2ee56725f06e5c71u}, /* 35^12 */
    {12, 0x41c21cb8e1000000u}, /* 36^12 */
};

void bgcn_radix_info_init(bgcn_radix_info *ri, int base)
{
    BGCN_ASSERT(base >= 2 && base <= 36);
    ri->base = base;
    ri->log2base = 0;
    if ((base & (base - 1)) == 0)
        while ((1 << ri->log2base) < base)
            ri->log2base++;
    ri->chars_per_limb = big_bases[base - 2].m;
    ri->big_base = big_bases[base - 2].big;
    ri->bb_shift = 0;
    ri->bb_norm = ri->bb_inv = 0;
}

uint64_t bgcn_radix_bit_length(const bgcn_limb_t *ap, long n)
{
    n = bgcn_normalized_size(ap, n);
    if (n == 0)
        return 0;
    return (uint64_t)(n - 1) * 64 + (uint64_t)(64 - __builtin_clzll(ap[n - 1]));
}

size_t bgcn_get_str_size(const bgcn_limb_t *ap, long n, int base)
{
    BGCN_ASSERT(n >= 0 && base >= 2 && base <= 36);
    uint64_t bits = bgcn_radix_bit_length(ap, n);
    if (bits == 0)
        return 1;
    if (base == 2)
        return (size_t)bits;
    /* floor(bits * log_b 2) + 1 is the exact maximum for bits-bit
     * numbers; the rounded-up constant can only make this larger. */
    unsigned __int128 t = (unsigned __int128)bits * digits_per_bit[base - 2];
    return (size_t)(t >> 32) + 1;
}

long bgcn_set_str_size(size_t len, int base)
{
    BGCN_ASSERT(base >= 2 && base <= 36);
    unsigned __int128 t = (unsigned __int128)len * bits_per_digit[base - 2];
    uint64_t bits = (uint64_t)(t >> 32) + 1;
    return (long)(bits / 64 + 2);
}

static bgcn_radix_tower cache[37]; /* by base; levels = 0 initially */

bgcn_radix_tower *bgcn_radix_tower_cached(int base)
{
    BGCN_ASSERT(base >= 2 && base <= 36);
    return &cache[base];
}

void bgcn_radix_tower_trim(bgcn_radix_tower *t)
{
    while (t->levels > 0 && t->pw[t->levels - 1].n > BGCN_RADIX_CACHE_LIMBS) {
        t->levels--;
        bgcn_free_limbs(t->pw[t->levels].p);
        bgcn_free_limbs(t->pw[t->levels].norm);
        bgcn_free_limbs(t->pw[t->levels].snorm);
    }
}

void bgcn_radix_cache_clear(void)
{
    for (int b = 0; b <= 36; b++)
        bgcn_radix_tower_free(&cache[b]);
}

void bgcn_radix_tower_init(bgcn_radix_tower *t)
{
    t->levels = 0;
}

void bgcn_radix_tower_free(bgcn_radix_tower *t)
{
    for (int i = 0; i < t->levels; i++) {
        bgcn_free_limbs(t->pw[i].p);
        bgcn_free_limbs(t->pw[i].norm);
        bgcn_free_limbs(t->pw[i].snorm);
    }
    t->levels = 0;
}

bgcn_status bgcn_radix_tower_extend(bgcn_radix_tower *t,
                                    const bgcn_radix_info *ri)
{
    BGCN_ASSERT(ri->log2base == 0);
    if (t->levels >= BGCN_RADIX_MAX_LEVELS)
        return BGCN_ENOMEM; /* 2^62 digits: cannot be represented anyway */
    bgcn_radix_pow *np = &t->pw[t->levels];
    if (t->levels == 0) {
        np->p = bgcn_alloc_limbs(1);
        if (!np->p)
            return BGCN_ENOMEM;
        np->p[0] = ri->big_base;
        np->norm = np->inv = np->snorm = NULL;
        np->n = 1;
        np->shift = 0;
        np->digits = (size_t)ri->chars_per_limb;
        t->levels = 1;
        return BGCN_OK;
    }
    BGCN_POLL();
    const bgcn_radix_pow *op = &t->pw[t->levels - 1];
    long n2 = 2 * op->n;
    bgcn_limb_t *sq = bgcn_alloc_limbs((size_t)n2);
    if (!sq)
        return BGCN_ENOMEM;
    bgcn_status st = bgcn_sqr(sq, op->p, op->n);
    if (st != BGCN_OK) {
        bgcn_free_limbs(sq);
        return st;
    }
    n2 = bgcn_normalized_size(sq, n2);
    /* Strip the new zero low limbs (squaring doubles the power of two). */
    long z = 0;
    while (sq[z] == 0)
        z++;
    for (long i = 0; z > 0 && i < n2 - z; i++) /* move down in place */
        sq[i] = sq[i + z];
    np->p = sq;
    np->norm = np->inv = np->snorm = NULL;
    np->n = n2 - z;
    np->shift = 2 * op->shift + z;
    np->digits = 2 * op->digits;
    t->levels++;
    return BGCN_OK;
}

/* 2n limbs allocated, the low n holding P's power shifted left by *c,
 * its leading zeros (the normalised divisor); NULL when out of memory. */
static bgcn_limb_t *normalised_alloc(const bgcn_radix_pow *P, int *c)
{
    long n = P->n;
    bgcn_limb_t *w = bgcn_alloc_limbs((size_t)(2 * n));
    if (!w)
        return NULL;
    *c = __builtin_clzll(P->p[n - 1]);
    if (*c)
        bgcn_lshift(w, P->p, n, (unsigned)*c);
    else
        bgcn_copyi(w, P->p, n);
    return w;
}

/* The two halves of a conversion may run on two threads (get_str.c) and
 * reach the same power's lazily computed fields at once: they are filled
 * under this lock (held for the computation: the other thread would need
 * the result anyway). */
static pthread_mutex_t pow_lock = PTHREAD_MUTEX_INITIALIZER;

static bgcn_status prenorm_locked(bgcn_radix_pow *P)
{
    if (P->snorm)
        return BGCN_OK;
    long n = P->n;
    int c;
    bgcn_limb_t *w = normalised_alloc(P, &c);
    if (!w)
        return BGCN_ENOMEM;
    for (long i = 0; i < n; i++)
        w[n + i] = ~w[i];
    P->cnt = c;
    P->dinv = bgcn_invert_3by2(w[n - 1], w[n - 2]);
    P->snorm = w;
    return BGCN_OK;
}

bgcn_status bgcn_radix_pow_prenorm(bgcn_radix_pow *P)
{
    BGCN_ASSERT(P->n >= 2);
    pthread_mutex_lock(&pow_lock);
    bgcn_status st = prenorm_locked(P);
    pthread_mutex_unlock(&pow_lock);
    return st;
}

static bgcn_status preinv_locked(bgcn_radix_pow *P)
{
    if (P->norm)
        return BGCN_OK;
    long n = P->n;
    int c;
    bgcn_limb_t *w = normalised_alloc(P, &c);
    if (!w)
        return BGCN_ENOMEM;
    bgcn_status st = bgcn_mu_div_inverse(w + n, w, n, n);
    if (st != BGCN_OK) {
        bgcn_free_limbs(w);
        return st;
    }
    P->cnt = c;
    P->inv = w + n;
    P->norm = w;
    return BGCN_OK;
}

bgcn_status bgcn_radix_pow_preinv(bgcn_radix_pow *P)
{
    pthread_mutex_lock(&pow_lock);
    bgcn_status st = preinv_locked(P);
    pthread_mutex_unlock(&pow_lock);
    return st;
}
