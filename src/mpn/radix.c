/* radix.c -- what both directions of radix conversion share: the per-base
 * constants, the size bounds, and the tower of cached powers of the base
 * (see radix-impl.h).  Contracts in bgcn.h. */
#include "radix-impl.h"

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

void bgcn_radix_info_init(bgcn_radix_info *ri, int base)
{
    BGCN_ASSERT(base >= 2 && base <= 36);
    ri->base = base;
    ri->log2base = 0;
    if ((base & (base - 1)) == 0)
        while ((1 << ri->log2base) < base)
            ri->log2base++;
    int m = 0;
    bgcn_limb_t big = 1;
    while (big <= BGCN_LIMB_MAX / (bgcn_limb_t)base) {
        big *= (bgcn_limb_t)base;
        m++;
    }
    ri->chars_per_limb = m;
    ri->big_base = big;
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

void bgcn_radix_tower_init(bgcn_radix_tower *t)
{
    t->levels = 0;
}

void bgcn_radix_tower_free(bgcn_radix_tower *t)
{
    for (int i = 0; i < t->levels; i++)
        bgcn_free_limbs(t->pw[i].p);
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
    np->n = n2 - z;
    np->shift = 2 * op->shift + z;
    np->digits = 2 * op->digits;
    t->levels++;
    return BGCN_OK;
}
