/* num-rand.c -- the number layer's random numbers (random, randbits).
 *
 * One generator for the process, xoshiro256** (Blackman and Vigna), its
 * 256-bit state filled from the 64-bit seed by splitmix64, so that a given
 * --seed gives the same numbers on every run and machine.  Without a seed
 * the first use takes one from the OS (getrandom, else the clock).  Not
 * for cryptography.
 *
 * random(n) draws bitlen(n) bits and rejects values >= n (fewer than two
 * draws on average), so the result is exactly uniform. */
#include "num-impl.h"

#include <sys/random.h>
#include <time.h>
#include <unistd.h>

static uint64_t state[4];
static int seeded;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void bgc_rand_seed(uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        state[i] = splitmix64(&seed);
    seeded = 1;
}

void bgc_rand_seed_os(void)
{
    uint64_t s;
    if (getrandom(&s, sizeof s, 0) != (ssize_t)sizeof s) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        s = (uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec ^
            ((uint64_t)getpid() << 32);
    }
    bgc_rand_seed(s);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t bgc_rand64(void)
{
    if (!seeded)
        bgc_rand_seed_os();
    uint64_t r = rotl(state[1] * 5, 7) * 9;
    uint64_t t = state[1] << 17;
    state[2] ^= state[0];
    state[3] ^= state[1];
    state[1] ^= state[2];
    state[0] ^= state[3];
    state[2] ^= t;
    state[3] = rotl(state[3], 45);
    return r;
}

/* r = uniform k-bit value (top bits above k clear). */
static bgc_err bits(bgc_int *r, uint64_t k)
{
    BGC_TRY(bgc_check_bits(k));
    long n = (long)((k + 63) / 64);
    BGC_TRY(bgc_room(r, n));
    for (long i = 0; i < n; i++)
        r->d[i] = bgc_rand64();
    if (k % 64)
        r->d[n - 1] &= ((bgcn_limb_t)1 << (k % 64)) - 1;
    bgc_norm(r, n, 0);
    return BGC_OK;
}

bgc_err bgc_randbits(bgc_int *r, const bgc_int *k)
{
    uint64_t kk;
    BGC_TRY(bgc_get_count(k, &kk));
    return bits(r, kk);
}

bgc_err bgc_randbelow_i(bgc_int *r, const bgc_int *n)
{
    if (n->size <= 0)
        return BGC_EDOMAIN;
    uint64_t k = bgc_bitlen_u(n);
    bgc_int t;
    bgc_init(&t);
    bgc_err e;
    do {
        if (bgcn_interrupt_flag) {
            e = BGC_EINTR;
            break;
        }
        e = bits(&t, k);
    } while (e == BGC_OK && bgc_cmp(&t, n) >= 0);
    if (e == BGC_OK)
        bgc_swap(r, &t);
    bgc_clear(&t);
    return e;
}

bgc_err bgc_random(bgc_int *r, const bgc_int *n)
{
    return bgc_randbelow_i(r, n);
}
