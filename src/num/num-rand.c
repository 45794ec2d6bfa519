/* num-rand.c -- the number layer's random numbers (random, randbits,
 * randprime, and the bases of the extra Miller-Rabin rounds).
 *
 * Two generators, chosen once per process (man page, --seed):
 *
 *  - By default, a cryptographically secure one: ChaCha20 (RFC 8439's block
 *    function) keyed with 32 bytes from the operating system (getrandom,
 *    else /dev/urandom).  It runs in "fast key erasure" style: each refill
 *    computes four blocks under the current key, takes the first 32 bytes
 *    as the next key and hands out the other 224, so the key that produced
 *    numbers already handed out is gone from memory (a later read of the
 *    process cannot recover them).  randprime(2048) from this stream is
 *    fit for an RSA key.  If the OS gives no entropy at all, random numbers
 *    fail with BGC_ENORAND rather than fall back to something guessable.
 *
 *  - With --seed N (bgc_rand_seed), a reproducible stream that is NOT for
 *    cryptography: xoshiro256** (Blackman and Vigna), its 256-bit state
 *    filled from the 64-bit seed by splitmix64, the same on every run and
 *    machine.
 *
 * random(n) draws bitlen(n) bits and rejects values >= n (fewer than two
 * draws on average), so the result is exactly uniform.  --verify replays
 * that rule on the seeded stream (src/verify/verify.c): a change to it,
 * or to how bits() fills limbs, is a change of every seeded stream's
 * values (man page, --seed). */
#include "num-impl.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

/* ---- ChaCha20 ------------------------------------------------------------- */

static inline uint32_t rotl32(uint32_t x, int k)
{
    return (x << k) | (x >> (32 - k));
}

#define QUARTER(a, b, c, d)                  \
    do {                                     \
        a += b; d ^= a; d = rotl32(d, 16);   \
        c += d; b ^= c; b = rotl32(b, 12);   \
        a += b; d ^= a; d = rotl32(d, 8);    \
        c += d; b ^= c; b = rotl32(b, 7);    \
    } while (0)

void bgc_chacha20_block(uint32_t out[16], const uint32_t in[16])
{
    uint32_t x[16];
    memcpy(x, in, sizeof x);
    for (int i = 0; i < 10; i++) { /* 20 rounds: column then diagonal */
        QUARTER(x[0], x[4], x[8], x[12]);
        QUARTER(x[1], x[5], x[9], x[13]);
        QUARTER(x[2], x[6], x[10], x[14]);
        QUARTER(x[3], x[7], x[11], x[15]);
        QUARTER(x[0], x[5], x[10], x[15]);
        QUARTER(x[1], x[6], x[11], x[12]);
        QUARTER(x[2], x[7], x[8], x[13]);
        QUARTER(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 16; i++)
        out[i] = x[i] + in[i];
}

enum { SECURE_BLOCKS = 4, SECURE_WORDS = SECURE_BLOCKS * 16 };

static struct {
    uint32_t key[8];
    uint64_t out[(SECURE_WORDS - 8) / 2]; /* 28 numbers ready to hand out */
    int avail;                            /* of out[], taken from the end */
    int state;                            /* 0 unkeyed, 1 keyed, -1 no entropy */
} secure;

static int os_entropy(void *buf, size_t n)
{
    unsigned char *p = buf;
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        p += got;
        n -= (size_t)got;
    }
    if (n == 0)
        return 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    while (n > 0) {
        ssize_t got = read(fd, p, n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        p += got;
        n -= (size_t)got;
    }
    close(fd);
    return n == 0 ? 0 : -1;
}

static void secure_refill(void)
{
    static const uint32_t sigma[4] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
    uint32_t in[16], blk[SECURE_WORDS];
    memcpy(in, sigma, sizeof sigma);
    memcpy(in + 4, secure.key, sizeof secure.key);
    in[14] = in[15] = 0; /* nonce: each key is used for these four blocks only */
    for (int b = 0; b < SECURE_BLOCKS; b++) {
        in[12] = (uint32_t)b;
        in[13] = 0;
        bgc_chacha20_block(blk + 16 * b, in);
    }
    memcpy(secure.key, blk, sizeof secure.key);
    memcpy(secure.out, blk + 8, sizeof secure.out);
    secure.avail = (int)(sizeof secure.out / sizeof secure.out[0]);
    memset(blk, 0, sizeof blk);
    memset(in, 0, sizeof in);
}

/* Next secure 64-bit number into *x; BGC_ENORAND without OS entropy. */
static bgc_err secure64(uint64_t *x)
{
    if (secure.state == 0) {
        secure.state = os_entropy(secure.key, sizeof secure.key) == 0 ? 1 : -1;
        secure.avail = 0;
    }
    if (secure.state < 0)
        return BGC_ENORAND;
    if (secure.avail == 0)
        secure_refill();
    *x = secure.out[--secure.avail];
    secure.out[secure.avail] = 0; /* handed out: not kept */
    return BGC_OK;
}

/* ---- the reproducible stream (--seed) -------------------------------------- */

static uint64_t xstate[4];
static int seeded; /* 1: --seed given, use xstate */

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
        xstate[i] = splitmix64(&seed);
    seeded = 1;
}

int bgc_rand_is_seeded(void)
{
    return seeded;
}

int bgc_rand_state(uint64_t s[4])
{
    if (seeded)
        memcpy(s, xstate, sizeof xstate);
    return seeded;
}

void bgc_rand_set_state(const uint64_t s[4])
{
    memcpy(xstate, s, sizeof xstate);
    seeded = 1;
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t xoshiro(void)
{
    uint64_t r = rotl(xstate[1] * 5, 7) * 9;
    uint64_t t = xstate[1] << 17;
    xstate[2] ^= xstate[0];
    xstate[3] ^= xstate[1];
    xstate[1] ^= xstate[2];
    xstate[0] ^= xstate[3];
    xstate[2] ^= t;
    xstate[3] = rotl(xstate[3], 45);
    return r;
}

/* ---- the layer's interface ------------------------------------------------ */

bgc_err bgc_rand_u64(uint64_t *x)
{
    if (seeded) {
        *x = xoshiro();
        return BGC_OK;
    }
    return secure64(x);
}

uint64_t bgc_rand64(void)
{
    uint64_t x;
    if (bgc_rand_u64(&x) == BGC_OK)
        return x;
    /* No OS entropy: the Miller-Rabin bases that use this need no secrecy,
     * only variety; derive them from the address space and a counter. */
    static uint64_t fallback;
    fallback += (uint64_t)(uintptr_t)&fallback ^ 0x9e3779b97f4a7c15ULL;
    return splitmix64(&fallback);
}

/* r = uniform k-bit value (top bits above k clear). */
static bgc_err bits(bgc_int *r, uint64_t k)
{
    BGC_TRY(bgc_check_bits(k));
    long n = (long)((k + 63) / 64);
    BGC_TRY(bgc_room(r, n));
    for (long i = 0; i < n; i++) {
        uint64_t x;
        bgc_err e = bgc_rand_u64(&x);
        if (e != BGC_OK) {
            r->size = 0;
            return e;
        }
        r->d[i] = x;
    }
    if (k % 64)
        r->d[n - 1] &= ((bgcn_limb_t)1 << (k % 64)) - 1;
    bgc_norm(r, n, 0);
    return BGC_OK;
}

static bgc_err randbits(bgc_int *r, const bgc_int *k)
{
    uint64_t kk;
    BGC_TRY(bgc_get_count(k, &kk));
    return bits(r, kk);
}

bgc_err bgc_randbits(bgc_int *r, const bgc_int *k)
{
    BGC_VERIFIED(BGC_V_RANDBITS, r, k, NULL, NULL, 0, randbits(r, k));
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
    BGC_VERIFIED(BGC_V_RANDOM, r, n, NULL, NULL, 0, bgc_randbelow_i(r, n));
}
