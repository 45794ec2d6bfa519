/* testlib.c -- see testlib.h.  The generator is xoshiro256** seeded
 * through splitmix64. */
#include "testlib.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Every test program runs on the kernel path named by BIGCALC_CPU (as
 * bigcalc itself does), else on the best path this CPU supports, so the
 * whole suite can be repeated per path.  Criterion forks its workers after
 * this constructor, so they inherit the choice. */
const int bgc_test_kernels_anchor = 1; /* see testlib.h */

__attribute__((constructor)) static void t_select_kernels(void)
{
    const char *cpu = getenv("BIGCALC_CPU");
    if (bgcn_cpu_select(cpu && *cpu ? cpu : NULL) != 0) {
        fprintf(stderr, "BIGCALC_CPU=%s: no such kernel path on this CPU; "
                        "skipping\n", cpu);
        exit(77); /* automake's "skipped" */
    }
}

static uint64_t state[4];
static int seeded;
static uint64_t the_seed;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint64_t t_seed(void)
{
    if (!seeded) {
        const char *env = getenv("BIGCALC_TEST_SEED");
        if (env && *env) {
            the_seed = strtoull(env, NULL, 0);
        } else {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            the_seed = (uint64_t)ts.tv_sec * 1000000007u + (uint64_t)ts.tv_nsec;
        }
        uint64_t x = the_seed;
        for (int i = 0; i < 4; i++)
            state[i] = splitmix64(&x);
        seeded = 1;
        fprintf(stderr, "BIGCALC_TEST_SEED=%" PRIu64 " (set it to replay)\n",
                the_seed);
    }
    return the_seed;
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t t_rand(void)
{
    if (!seeded)
        t_seed();
    uint64_t r = rotl(state[1] * 5, 7) * 9, t = state[1] << 17;
    state[2] ^= state[0];
    state[3] ^= state[1];
    state[1] ^= state[2];
    state[0] ^= state[3];
    state[2] ^= t;
    state[3] = rotl(state[3], 45);
    return r;
}

uint64_t t_rand_below(uint64_t n)
{
    /* Rejection keeps it exactly uniform. */
    uint64_t lim = UINT64_MAX - UINT64_MAX % n;
    uint64_t r;
    do
        r = t_rand();
    while (r >= lim);
    return r % n;
}

long t_rand_size(long lo, long hi)
{
    return lo + (long)t_rand_below((uint64_t)(hi - lo + 1));
}

static void fill_runs(bgcn_limb_t *p, long n)
{
    /* Alternate runs of ones and zeros with random lengths up to a few
     * limbs, starting with a random bit. */
    long total = n * 64, pos = 0;
    int bit = (int)(t_rand() & 1);
    for (long i = 0; i < n; i++)
        p[i] = 0;
    while (pos < total) {
        long len = 1 + (long)t_rand_below((t_rand() & 1) ? 256 : 16);
        if (bit)
            for (long b = pos; b < pos + len && b < total; b++)
                p[b / 64] |= (bgcn_limb_t)1 << (b % 64);
        pos += len;
        bit ^= 1;
    }
}

void t_fill_shape(bgcn_limb_t *p, long n, enum t_shape s)
{
    for (long i = 0; i < n; i++) {
        switch (s) {
        case T_UNIFORM: p[i] = t_rand(); break;
        case T_ALL_ONES: p[i] = ~(bgcn_limb_t)0; break;
        default: p[i] = 0; break;
        }
    }
    if (n == 0)
        return;
    if (s == T_RUNS)
        fill_runs(p, n);
    else if (s == T_HIGH_BIT)
        p[n - 1] = BGCN_LIMB_HIGHBIT;
    else if (s == T_ONE)
        p[0] = 1;
}

void t_fill(bgcn_limb_t *p, long n)
{
    enum t_shape s = (t_rand() & 1) ? T_UNIFORM
                                    : (enum t_shape)t_rand_below(T_NSHAPES);
    t_fill_shape(p, n, s);
}

void t_fill_normalized(bgcn_limb_t *p, long n)
{
    t_fill(p, n);
    if (n > 0 && p[n - 1] == 0)
        p[n - 1] = 1 + t_rand_below(UINT64_MAX);
}

#define CANARY 0xdeadbeefcafef00dULL

bgcn_limb_t *t_alloc_guarded(long n)
{
    bgcn_limb_t *base = malloc(sizeof(bgcn_limb_t) * (size_t)(n + 2 * T_GUARD));
    if (!base)
        abort();
    for (long i = 0; i < T_GUARD; i++)
        base[i] = base[T_GUARD + n + i] = CANARY ^ (bgcn_limb_t)i;
    return base + T_GUARD;
}

int t_check_guards(const bgcn_limb_t *p, long n)
{
    for (long i = 0; i < T_GUARD; i++)
        if (p[-T_GUARD + i] != (CANARY ^ (bgcn_limb_t)i) ||
            p[n + i] != (CANARY ^ (bgcn_limb_t)i))
            return 0;
    return 1;
}

void t_free_guarded(bgcn_limb_t *p)
{
    if (p)
        free(p - T_GUARD);
}

void t_dump(const char *name, const bgcn_limb_t *p, long n)
{
    fprintf(stderr, "%s (%ld limbs):", name, n);
    for (long i = n - 1; i >= 0; i--)
        fprintf(stderr, " %016" PRIx64, p[i]);
    fputc('\n', stderr);
}

int t_equal(const char *what, const bgcn_limb_t *got, const bgcn_limb_t *want,
            long n)
{
    for (long i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            fprintf(stderr, "%s: first difference at limb %ld (seed %" PRIu64 ")\n",
                    what, i, t_seed());
            t_dump("got", got, n);
            t_dump("want", want, n);
            return 0;
        }
    }
    return 1;
}
