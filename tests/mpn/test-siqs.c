/* test-siqs.c -- the quadratic sieve (bgcn_siqs) on semiprimes of 30..45
 * digits with known factors and on random ones built with GMP, its
 * failure modes (interruption, allocation failure, inputs it must refuse),
 * and the GF(2) null space (bgcn_gf2_nullspace) against a slow dense
 * elimination on random small matrices.  Larger sizes are timed by
 * bench/siqs-vs-gp.sh, not tested here (CI time). */
#include <criterion/criterion.h>
#include <gmp.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "siqs-impl.h"
#include "testlib.h"

static long z_get(bgcn_limb_t *p, long cap, const mpz_t z)
{
    size_t cnt = 0;
    memset(p, 0, sizeof *p * (size_t)cap);
    mpz_export(p, &cnt, -1, sizeof(bgcn_limb_t), 0, 0, z);
    return (long)cnt;
}

/* Runs bgcn_siqs on n and checks that the factor is proper and divides n
 * (or that it fails, when want_fail). */
static void check_factor(const mpz_t n, uint64_t seed)
{
    bgcn_limb_t np[8], fp[8];
    long nn = z_get(np, 8, n), fn = -1;
    bgcn_siqs_opts o = {.seed = seed};
    cr_assert_eq(bgcn_siqs(fp, &fn, np, nn, &o), BGCN_OK);
    cr_assert(fn > 0, "no factor of %s", mpz_get_str(NULL, 10, n));
    mpz_t f;
    mpz_init(f);
    mpz_import(f, (size_t)fn, -1, sizeof(bgcn_limb_t), 0, 0, fp);
    cr_assert(mpz_cmp_ui(f, 1) > 0 && mpz_cmp(f, n) < 0 &&
                  mpz_divisible_p(n, f),
              "bad factor %s of %s", mpz_get_str(NULL, 10, f),
              mpz_get_str(NULL, 10, n));
    mpz_clear(f);
}

static void check_str(const char *s)
{
    mpz_t n;
    mpz_init_set_str(n, s, 10);
    check_factor(n, t_rand());
    mpz_clear(n);
}

/* Balanced semiprimes with published-by-us factors (bench/siqs-vs-gp.sh
 * builds the same kind with gp). */
Test(siqs, known_semiprimes)
{
    t_seed();
    /* 810982967733749 * 901805724929689 */
    check_str("731349083122764100468697374061");
    /* 32 digits: 6646130696664401 * 7779789772826537 */
    check_str("51705499622778214343935476009337");
    /* 40 digits */
    check_str("1367180414946554564107466155768540108541");
}

static void random_prime(mpz_t p, int digits, gmp_randstate_t rs)
{
    mpz_t lo;
    mpz_init(lo);
    mpz_ui_pow_ui(lo, 10, (unsigned long)digits - 1);
    mpz_urandomm(p, rs, lo);
    mpz_add(p, p, lo);
    mpz_nextprime(p, p);
    mpz_clear(lo);
}

Test(siqs, random_semiprimes)
{
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, (unsigned long)t_seed());
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    static const int sizes[] = {30, 31, 33, 34, 36, 38, 40, 42, 45};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int d = sizes[i];
        random_prime(p, d / 2, rs);
        random_prime(q, d - d / 2, rs);
        mpz_mul(n, p, q);
        check_factor(n, t_rand());
    }
    /* unbalanced: a 12-digit and a 21-digit prime */
    random_prime(p, 12, rs);
    random_prime(q, 21, rs);
    mpz_mul(n, p, q);
    check_factor(n, t_rand());
    /* three primes */
    random_prime(p, 11, rs);
    random_prime(q, 11, rs);
    mpz_mul(n, p, q);
    random_prime(q, 12, rs);
    mpz_mul(n, n, q);
    check_factor(n, t_rand());
    mpz_clears(p, q, n, NULL);
    gmp_randclear(rs);
}

/* The roots of each new A: the word-product twin against the
 * multiple-precision one (bgcn_siqs_roots), over the sizes whose
 * parameter rows differ (factor bases of 100 to 130000 primes, s from 2
 * to ~12), random balanced semiprimes and one with small prime factors
 * of kN's factor base excluded by the setup. */
Test(siqs, roots_word_vs_multiprecision)
{
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    uint64_t seed = t_seed();
    gmp_randseed_ui(rs, (unsigned long)seed);
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    static const int sizes[] = {25, 30, 40, 50, 60, 70, 80, 90, 100, 115};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int d = sizes[i];
        random_prime(p, d / 2, rs);
        random_prime(q, d - d / 2, rs);
        mpz_mul(n, p, q);
        bgcn_limb_t np[8];
        long nn = z_get(np, 8, n);
        long bad = bgcn_siqs_roots_selftest(np, nn, t_rand(), d <= 60 ? 6 : 2);
        cr_assert_eq(bad, 0, "%ld roots differ, %d digits, N = %s (seed %llu)",
                     bad, d, mpz_get_str(NULL, 10, n),
                     (unsigned long long)seed);
    }
    mpz_clears(p, q, n, NULL);
    gmp_randclear(rs);
}

/* siqs_mod_pre (the candidates' remainders by a precomputed reciprocal)
 * against bgcn_mod_1: divisors of 2..64 bits (factor-base primes, the
 * limb-sized products of the trial-division groups), random and
 * all-ones limbs, 0..8 limbs, top limb above and below the divisor. */
Test(siqs, mod_pre_vs_mod_1)
{
    t_seed();
    bgcn_limb_t a[8];
    for (int it = 0; it < 20000; it++) {
        int bits = 2 + (int)(t_rand() % 63);
        uint64_t d = t_rand() >> (64 - bits);
        d |= (uint64_t)1 << (bits - 1);
        if (it % 7 == 0)
            d = UINT64_MAX - (t_rand() & 3);
        long n = (long)(t_rand() % 9);
        for (long i = 0; i < n; i++)
            a[i] = it % 5 == 0 ? UINT64_MAX : t_rand();
        if (n && it % 3 == 0)
            a[n - 1] %= d;
        int sh = __builtin_clzll(d);
        uint64_t v = bgcn_invert_limb(d << sh);
        uint64_t want = n ? bgcn_mod_1(a, n, d) : 0;
        uint64_t got = siqs_mod_pre(a, n, d << sh, sh, v);
        cr_assert_eq(got, want, "n %ld d %llu: %llu, want %llu", n,
                     (unsigned long long)d, (unsigned long long)got,
                     (unsigned long long)want);
    }
}

/* The medium-prime block sieve: the branch-free twin against the loop
 * (bgcn_siqs_sieve_med_c) on random odd moduli over the whole medium
 * range (3 .. SIQS_BLOCK/2, the extremes included), roots anywhere in
 * [bstart, bstart + p) (both ends, equal roots), flagged entries, three
 * blocks in a row carrying the positions over. */
Test(siqs, medium_sieve_vs_loop)
{
    t_seed();
    enum { NP = 600 };
    static uint32_t p[NP], medk[NP], n1[2][NP], n2[2][NP];
    static unsigned char logp[NP];
    static unsigned char sv[2][SIQS_BLOCK + 64];
    for (int it = 0; it < 40; it++) {
        uint32_t pmax = it % 2 ? SIQS_BLOCK / 2 : 64 + (uint32_t)t_rand_below(2000);
        for (int i = 0; i < NP; i++) {
            uint32_t q = 3 + (uint32_t)t_rand_below(pmax - 2);
            if (i == 0)
                q = 3;
            if (i == 1)
                q = SIQS_BLOCK / 2 - 1;
            p[i] = q | 1;
            if (p[i] >= SIQS_BLOCK / 2)
                p[i] -= 2;
            medk[i] = SIQS_BLOCK / p[i];
            logp[i] = (unsigned char)(1 + t_rand_below(20));
            uint32_t bstart = 0, r1, r2;
            switch (t_rand_below(5)) {
            case 0: r1 = r2 = 0; break;
            case 1: r1 = 0, r2 = p[i] - 1; break;
            case 2: r1 = r2 = p[i] - 1; break;
            default:
                r1 = (uint32_t)t_rand_below(p[i]);
                r2 = (uint32_t)t_rand_below(p[i]);
            }
            if (t_rand_below(50) == 0)
                r1 = r2 = 3 * SIQS_BLOCK; /* flagged */
            n1[0][i] = n1[1][i] = bstart + r1;
            n2[0][i] = n2[1][i] = bstart + r2;
        }
        for (uint32_t b = 0; b < 3; b++) {
            uint32_t bstart = b * SIQS_BLOCK;
            unsigned char init = (unsigned char)t_rand();
            memset(sv[0], init, sizeof sv[0]);
            memset(sv[1], init, sizeof sv[1]);
            bgcn_siqs_sieve_med_c(sv[0], bstart, p, logp, n1[0], n2[0], 0, NP);
            bgcn_siqs_sieve_med(sv[1], bstart, p, logp, medk, n1[1], n2[1], 0, NP);
            cr_assert(memcmp(sv[0], sv[1], SIQS_BLOCK) == 0,
                      "sieve bytes differ, iteration %d block %u", it, b);
            /* the loop may swap a prime's two positions: compare pairs */
            for (int i = 0; i < NP; i++) {
                uint32_t a0 = n1[0][i] < n2[0][i] ? n1[0][i] : n2[0][i];
                uint32_t b0 = n1[0][i] ^ n2[0][i] ^ a0;
                uint32_t a1 = n1[1][i] < n2[1][i] ? n1[1][i] : n2[1][i];
                uint32_t b1 = n1[1][i] ^ n2[1][i] ^ a1;
                cr_assert(a0 == a1 && b0 == b1,
                          "next positions of p = %u differ, iteration %d "
                          "block %u", p[i], it, b);
            }
        }
    }
}

/* A factor below the largest factor-base prime is found while the
 * factor base is built; N = 3 m^2 (kN a square for k = 3) still works. */
Test(siqs, small_factor_and_square_multiplier)
{
    t_seed();
    check_str("1000003000000000000000000000000000057"); /* 1000003 * ... */
    mpz_t n, m;
    mpz_init_set_str(m, "1000000000000000003", 10); /* prime */
    mpz_init(n);
    mpz_mul(n, m, m);
    mpz_mul_ui(n, n, 3);
    check_factor(n, 1);
    mpz_clears(n, m, NULL);
}

Test(siqs, refuses)
{
    bgcn_limb_t np[8], fp[8];
    long fn = -1;
    /* a prime: every dependency is trivial */
    mpz_t n;
    mpz_init_set_str(n, "1000000000000000000000000000057", 10);
    cr_assert(mpz_probab_prime_p(n, 30));
    long nn = z_get(np, 8, n);
    cr_assert_eq(bgcn_siqs(fp, &fn, np, nn, NULL), BGCN_OK);
    cr_assert_eq(fn, 0);
    /* too large: 2^400 + 1 */
    memset(np, 0, sizeof np);
    np[0] = 1;
    np[6] = (bgcn_limb_t)1 << 16;
    fn = -1;
    cr_assert_eq(bgcn_siqs(fp, &fn, np, 7, NULL), BGCN_OK);
    cr_assert_eq(fn, 0);
    mpz_clear(n);
}

static void raise_flag(void *arg, int phase, long done, long total)
{
    (void)phase, (void)done, (void)total;
    int *calls = arg;
    if (++*calls == 2)
        bgcn_interrupt_flag = 1;
}

Test(siqs, interrupted)
{
    mpz_t n;
    mpz_init_set_str(n, "20581545191673842372632854746497081967503749846313",
                     10); /* 50 digits */
    bgcn_limb_t np[8], fp[8];
    long nn = z_get(np, 8, n), fn;
    int calls = 0;
    bgcn_siqs_opts o = {.progress = raise_flag, .progress_arg = &calls, .seed = 7};
    bgcn_status st = bgcn_siqs(fp, &fn, np, nn, &o);
    bgcn_interrupt_flag = 0;
    cr_assert_eq(st, BGCN_EINTR);
    cr_assert_eq(calls, 2);
    mpz_clear(n);
}

Test(siqs, allocation_failure)
{
    mpz_t n;
    mpz_init_set_str(n, "731349083122764100468697374061", 10);
    bgcn_limb_t np[8], fp[8];
    long nn = z_get(np, 8, n), fn;
    int ok = 0;
    for (long k = 1; k < 100000 && !ok; k += 1 + k / 16) {
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_siqs(fp, &fn, np, nn, NULL);
        bgcn_alloc_fail_after(0);
        cr_assert(st == BGCN_OK || st == BGCN_ENOMEM, "k=%ld st=%d", k, st);
        if (st == BGCN_OK) {
            cr_assert(fn > 0);
            ok = 1;
        }
    }
    cr_assert(ok, "never succeeded");
    mpz_clear(n);
}

/* ---- GF(2) ---- */

/* Rank of the rows given as bit vectors of `words` words (destroyed). */
static long slow_rank(uint64_t *m, long rows, long words)
{
    long rank = 0;
    for (long col = 0; col < words * 64 && rank < rows; col++) {
        long w = col / 64;
        uint64_t b = (uint64_t)1 << (col % 64);
        long piv = -1;
        for (long i = rank; i < rows; i++)
            if (m[i * words + w] & b) {
                piv = i;
                break;
            }
        if (piv < 0)
            continue;
        for (long k = 0; k < words; k++) {
            uint64_t t = m[piv * words + k];
            m[piv * words + k] = m[rank * words + k];
            m[rank * words + k] = t;
        }
        for (long i = 0; i < rows; i++)
            if (i != rank && (m[i * words + w] & b))
                for (long k = 0; k < words; k++)
                    m[i * words + k] ^= m[rank * words + k];
        rank++;
    }
    return rank;
}

/* A random sparse matrix, rows skewed towards low columns; `plant` rows
 * are then replaced by sums of two or three earlier rows (known
 * dependencies).  exact: *ndeps must be min(64, nrows - rank) (the dense
 * path); else at least one when the rank is below nrows (block Lanczos
 * may return fewer).  Either way each vector must combine the rows to
 * zero and the vectors must be independent. */
static void check_gf2_x(long nrows, long ncols, int density, long plant,
                        int exact)
{
    long cap = nrows * (density + 2) + 1;
    uint32_t *cols = malloc(sizeof *cols * (size_t)cap);
    long *start = malloc(sizeof *start * (size_t)(nrows + 1));
    long words = (ncols + 63) / 64 + 1;
    uint64_t *dense = calloc((size_t)(nrows * words + 1), 8);
    long k = 0;
    for (long i = 0; i < nrows; i++) {
        start[i] = k;
        long w = (long)t_rand_below((uint64_t)density + 1);
        for (long j = 0; j < w && ncols > 0; j++) {
            /* skew towards low columns, as factor bases are */
            uint32_t c = (uint32_t)t_rand_below((uint64_t)ncols);
            if (t_rand() & 1)
                c = (uint32_t)t_rand_below(c + 1);
            cols[k++] = c;
            dense[i * words + c / 64] ^= (uint64_t)1 << (c % 64);
        }
        if (ncols > 0 && (t_rand() & 7) == 0) { /* a repeated column */
            cols[k] = cols[k - (k > start[i])];
            if (k > start[i]) {
                dense[i * words + cols[k] / 64] ^= (uint64_t)1 << (cols[k] % 64);
                k++;
            }
        }
    }
    start[nrows] = k;
    if (plant > 0 && nrows >= 8) {
        /* rebuild the last `plant` rows as sums of earlier ones */
        long base = nrows - plant < 4 ? 4 : nrows - plant;
        uint32_t *nc = malloc(sizeof *nc * (size_t)(k + plant * 3 * (density + 2) + 1));
        memcpy(nc, cols, sizeof *nc * (size_t)start[base]);
        long kk = start[base];
        for (long i = base; i < nrows; i++) {
            start[i] = kk;
            memset(dense + i * words, 0, sizeof *dense * (size_t)words);
            int parts = 2 + (int)(t_rand() & 1);
            for (int q = 0; q < parts; q++) {
                long a = (long)t_rand_below((uint64_t)base);
                for (long j = start[a]; j < start[a + 1]; j++) {
                    nc[kk++] = cols[j];
                    dense[i * words + cols[j] / 64] ^= (uint64_t)1 << (cols[j] % 64);
                }
            }
        }
        start[nrows] = kk;
        free(cols);
        cols = nc;
    }
    uint64_t *deps = malloc(sizeof *deps * (size_t)(nrows + 1));
    int nd = -1;
    cr_assert_eq(bgcn_gf2_nullspace(deps, &nd, nrows, ncols, cols, start),
                 BGCN_OK);
    uint64_t *copy = malloc(sizeof *copy * (size_t)(nrows * words + 1));
    memcpy(copy, dense, sizeof *copy * (size_t)(nrows * words));
    long rank = slow_rank(copy, nrows, words);
    long want = nrows - rank < 64 ? nrows - rank : 64;
    if (exact)
        cr_assert_eq(nd, want, "rows %ld cols %ld rank %ld: %d deps", nrows,
                     ncols, rank, nd);
    else
        cr_assert(nd <= want && (nd >= 1 || want == 0),
                  "rows %ld cols %ld rank %ld: %d deps", nrows, ncols, rank, nd);
    /* each vector combines to zero; the vectors are independent */
    long dw = (nrows + 63) / 64 + 1;
    uint64_t *dv = calloc((size_t)(64 * dw), 8);
    for (int d = 0; d < nd; d++) {
        uint64_t *acc = calloc((size_t)words, 8);
        for (long i = 0; i < nrows; i++)
            if (deps[i] >> d & 1) {
                for (long w = 0; w < words; w++)
                    acc[w] ^= dense[i * words + w];
                dv[d * dw + i / 64] |= (uint64_t)1 << (i % 64);
            }
        for (long w = 0; w < words; w++)
            cr_assert_eq(acc[w], 0, "dependency %d is not one", d);
        free(acc);
    }
    cr_assert_eq(slow_rank(dv, nd, dw), nd, "dependent vectors");
    free(dv);
    free(copy);
    free(deps);
    free(dense);
    free(start);
    free(cols);
}

static void check_gf2(long nrows, long ncols, int density)
{
    check_gf2_x(nrows, ncols, density, 0, 1);
}

/* Each dense twin in turn: the one-column loop (m4ri_min beyond any
 * size), the four-Russians tables from the first row (0), the default. */
static const long m4ri_mins[] = {LONG_MAX, 0, 64};

Test(gf2, random_matrices)
{
    t_seed();
    long keep = bgcn_gf2_m4ri_min, keepm = bgcn_gf2_merge_min;
    /* each dense twin, with the merges (merge_min 0) and without */
    for (int tw = 0; tw < 6; tw++) {
        bgcn_gf2_m4ri_min = m4ri_mins[tw % 3];
        bgcn_gf2_merge_min = tw < 3 ? 0 : LONG_MAX;
        for (int it = 0; it < 300; it++) {
            long r = (long)t_rand_below(150), c = (long)t_rand_below(140);
            int dens = 1 + (int)t_rand_below(it % 3 == 0 ? 4 : 20);
            check_gf2(r, c, dens);
        }
        check_gf2(0, 5, 3);
        check_gf2(5, 0, 3);
        check_gf2(200, 100, 2); /* more than 64 dependencies */
        check_gf2(300, 290, 40); /* dense enough to reach dense_solve */
    }
    bgcn_gf2_m4ri_min = keep;
    bgcn_gf2_merge_min = keepm;
}

/* Block Lanczos (lanczos_min 0) against the dense path it falls back to
 * (LONG_MAX), with and without the merges of that path, on sparse matrices
 * of a few thousand rows with planted dependencies, a few with fewer rows
 * than columns and more dependencies than 64. */
Test(gf2, lanczos_vs_dense)
{
    t_seed();
    long keepl = bgcn_gf2_lanczos_min, keepm = bgcn_gf2_merge_min;
    for (int tw = 0; tw < 4; tw++) {
        bgcn_gf2_lanczos_min = tw & 1 ? LONG_MAX : 0;
        bgcn_gf2_merge_min = tw & 2 ? LONG_MAX : 0;
        for (int it = 0; it < 3; it++) {
            long c = 1000 + (long)t_rand_below(1500);
            long r = c + (long)t_rand_below(it == 2 ? 300 : 40) - (it == 1 ? 60 : 0);
            check_gf2_x(r, c, 8 + (int)t_rand_below(16), 1 + (long)t_rand_below(20), 0);
        }
        check_gf2_x(200, 150, 10, 5, 0); /* small: Lanczos declines, dense */
        check_gf2_x(1500, 1400, 12, 0, 0);
    }
    bgcn_gf2_lanczos_min = keepl;
    bgcn_gf2_merge_min = keepm;
}

Test(gf2, larger_sparse)
{
    t_seed();
    long keep = bgcn_gf2_m4ri_min, keepm = bgcn_gf2_merge_min;
    for (int tw = 0; tw < 3; tw++) {
        bgcn_gf2_m4ri_min = m4ri_mins[tw % 2];
        bgcn_gf2_merge_min = tw < 2 ? 0 : LONG_MAX; /* merges, then none */
        for (int it = 0; it < 3; it++)
            check_gf2(700 + (long)t_rand_below(200), 700, 12);
    }
    bgcn_gf2_m4ri_min = keep;
    bgcn_gf2_merge_min = keepm;
}

static int u32_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* ---- the bucket fill: the vector twins against the portable one ---- */
#ifdef BGCN_HAVE_SIQS_AVX512

/* some path this CPU runs guarantees the capability (bgcn.h) */
static int have_cap(unsigned cap)
{
    for (const bgcn_kernels *const *k = bgcn_kernel_paths; *k; k++)
        if (((*k)->caps & cap) && bgcn_cpu_supported(*k))
            return 1;
    return 0;
}
static int have_avx2(void)
{
    return have_cap(BGCN_CAP_AVX2);
}

typedef void fill_fn(uint32_t *, uint32_t *, long, uint32_t, const uint32_t *,
                     uint32_t *, uint32_t *, const uint32_t *, int, long, long);

/* One random case: n primes-like moduli p >= SIQS_BUCKET_MIN, increasing
 * order (below, around and above the interval), roots below p, deltas,
 * both directions and no step; same roots after, same bucket contents. */
static void check_fill(fill_fn *fill, long n, uint32_t nblocks, uint32_t pmax)
{
    long lo = (long)t_rand_below(3), hi = lo + n;
    long cap = 2 * n * (SIQS_BLOCK / SIQS_BUCKET_MIN + 1) + SIQS_BUCKET_SLACK;
    uint32_t *p = malloc(sizeof *p * (size_t)(hi + 1));
    uint32_t *d = malloc(sizeof *d * (size_t)(hi + 1));
    uint32_t *r[2][2], *bk[2], *bn[2];
    for (int t = 0; t < 2; t++) {
        r[t][0] = malloc(sizeof(uint32_t) * (size_t)(hi + 1));
        r[t][1] = malloc(sizeof(uint32_t) * (size_t)(hi + 1));
        bk[t] = malloc(sizeof(uint32_t) * (size_t)cap * nblocks);
        bn[t] = calloc(nblocks, sizeof(uint32_t));
    }
    for (long i = 0; i < hi; i++)
        p[i] = SIQS_BUCKET_MIN + (uint32_t)t_rand_below(pmax - SIQS_BUCKET_MIN + 1);
    qsort(p, (size_t)hi, sizeof *p, u32_cmp);
    for (long i = 0; i < hi; i++) {
        /* edge roots 0 and p - 1 now and then */
        uint64_t k = t_rand_below(8);
        r[0][0][i] = k == 0 ? 0 : k == 1 ? p[i] - 1 : (uint32_t)t_rand_below(p[i]);
        r[0][1][i] = (uint32_t)t_rand_below(p[i]);
        d[i] = k == 2 ? 0 : k == 3 ? p[i] - 1 : (uint32_t)t_rand_below(p[i]);
        r[1][0][i] = r[0][0][i];
        r[1][1][i] = r[0][1][i];
    }
    int sub = (int)(t_rand() & 1);
    const uint32_t *dd = (t_rand() & 3) ? d : NULL;
    bgcn_siqs_fill_c(bk[0], bn[0], cap, nblocks, p, r[0][0], r[0][1], dd, sub,
                     lo, hi);
    fill(bk[1], bn[1], cap, nblocks, p, r[1][0], r[1][1], dd, sub, lo, hi);
    for (long i = lo; i < hi; i++)
        for (int j = 0; j < 2; j++) {
            cr_assert_eq(r[0][j][i], r[1][j][i], "root %d of %ld", j, i);
            cr_assert(r[0][j][i] < p[i]);
        }
    for (uint32_t b = 0; b < nblocks; b++) {
        cr_assert_eq(bn[0][b], bn[1][b], "bucket %u of %u: n=%ld", b, nblocks, n);
        uint32_t *x = bk[0] + (size_t)b * cap, *y = bk[1] + (size_t)b * cap;
        qsort(x, bn[0][b], sizeof *x, u32_cmp);
        qsort(y, bn[1][b], sizeof *y, u32_cmp);
        cr_assert(memcmp(x, y, sizeof *x * bn[0][b]) == 0, "bucket %u", b);
    }
    for (int t = 0; t < 2; t++) {
        free(r[t][0]);
        free(r[t][1]);
        free(bk[t]);
        free(bn[t]);
    }
    free(p);
    free(d);
}

static void fill_vs_portable(fill_fn *fill)
{
    t_seed();
    for (int it = 0; it < 400; it++) {
        uint32_t nb = 1 + (uint32_t)t_rand_below(12);
        uint32_t interval = nb * SIQS_BLOCK;
        /* below the interval (several hits), around it, far above it */
        uint32_t pmax = it % 3 == 0 ? interval : it % 3 == 1 ? 2 * interval
                                                              : 40 * interval;
        check_fill(fill, (long)t_rand_below(100), nb, pmax);
    }
}

Test(siqs, bucket_fill_avx512_vs_portable)
{
    if (!have_cap(BGCN_CAP_AVX512BW))
        cr_skip_test("no AVX-512 here");
    fill_vs_portable(bgcn_siqs_fill_avx512);
}

Test(siqs, bucket_fill_avx2_vs_portable)
{
    if (!have_avx2())
        cr_skip_test("no AVX2 here");
    fill_vs_portable(bgcn_siqs_fill_avx2);
}
#endif

/* ---- cycles of the large-prime graph against brute force ---- */

/* Components of the graph by repeated relaxation (slow and obvious). */
static long slow_components(long nv, long ne, const uint32_t *u,
                            const uint32_t *v)
{
    long *lab = malloc(sizeof *lab * (size_t)(nv + 1));
    for (long i = 0; i < nv; i++)
        lab[i] = i;
    for (int changed = 1; changed;) {
        changed = 0;
        for (long e = 0; e < ne; e++) {
            long m = lab[u[e]] < lab[v[e]] ? lab[u[e]] : lab[v[e]];
            if (lab[u[e]] != m || lab[v[e]] != m)
                lab[u[e]] = lab[v[e]] = m, changed = 1;
        }
    }
    long k = 0;
    for (long i = 0; i < nv; i++)
        k += lab[i] == i;
    free(lab);
    return k;
}

static void check_cycles(long nv, long ne)
{
    uint32_t *u = malloc(sizeof *u * (size_t)(ne + 1));
    uint32_t *v = malloc(sizeof *v * (size_t)(ne + 1));
    for (long e = 0; e < ne; e++) {
        u[e] = (uint32_t)t_rand_below((uint64_t)nv);
        do /* no loops: a relation's two large primes differ */
            v[e] = (uint32_t)t_rand_below((uint64_t)nv);
        while (v[e] == u[e]);
        if (t_rand() & 1) /* many edges at vertex 0, the prime 1 */
            u[e] = 0;
        if (u[e] == v[e])
            v[e] = (v[e] + 1) % (uint32_t)nv;
    }
    uint32_t *list;
    long *start, ncyc;
    cr_assert_eq(bgcn_siqs_cycles(nv, ne, u, v, &list, &start, &ncyc), BGCN_OK);
    long want = ne - nv + slow_components(nv, ne, u, v);
    cr_assert_eq(ncyc, want, "nv %ld ne %ld: %ld cycles, want %ld", nv, ne,
                 ncyc, want);
    /* each cycle: distinct edges, every vertex of even degree; the
     * cycles independent (edge-incidence vectors of full rank) */
    long words = (ne + 63) / 64 + 1;
    uint64_t *m = calloc((size_t)(ncyc * words + 1), 8);
    int *deg = calloc((size_t)nv, sizeof *deg);
    for (long k = 0; k < ncyc; k++) {
        cr_assert(start[k + 1] > start[k]);
        for (long j = start[k]; j < start[k + 1]; j++) {
            uint32_t e = list[j];
            cr_assert(e < (uint32_t)ne);
            cr_assert(!(m[k * words + e / 64] >> (e % 64) & 1), "edge twice");
            m[k * words + e / 64] |= (uint64_t)1 << (e % 64);
            deg[u[e]]++;
            deg[v[e]]++;
        }
        for (long i = 0; i < nv; i++) {
            cr_assert(deg[i] % 2 == 0, "cycle %ld: vertex %ld odd", k, i);
            deg[i] = 0;
        }
    }
    cr_assert_eq(slow_rank(m, ncyc, words), ncyc, "dependent cycles");
    free(deg);
    free(m);
    bgcn_siqs_free(list);
    bgcn_siqs_free(start);
    free(u);
    free(v);
}

Test(siqs, cycles_vs_brute_force)
{
    t_seed();
    check_cycles(1, 0);
    check_cycles(2, 1);
    check_cycles(2, 3); /* parallel edges: two 2-cycles */
    for (int it = 0; it < 300; it++) {
        long nv = 2 + (long)t_rand_below(60);
        long ne = (long)t_rand_below((uint64_t)(2 * nv + 1));
        check_cycles(nv, ne);
    }
}

/* ---- the scans: AVX-512 twins and portable ones vs brute force ---- */

Test(siqs, scans_vs_brute_force)
{
    t_seed();
    int vec = 0, vec2 = 0;
#ifdef BGCN_HAVE_SIQS_AVX512
    vec = have_cap(BGCN_CAP_AVX512BW);
    vec2 = have_avx2();
#endif
    (void)vec2;
    enum { LEN = 4096, NP = 300 };
    static unsigned char sv[LEN];
    static uint32_t out[2][LEN + 64], want[LEN + 64];
    for (int it = 0; it < 200; it++) {
        /* bytes near the threshold, runs of hits, none, all */
        int kind = it % 4;
        for (int i = 0; i < LEN; i++)
            sv[i] = kind == 0 ? 0x7f : kind == 1 ? 0xff
                    : (unsigned char)t_rand_below(kind == 2 ? 256 : 130);
        uint32_t len = 64 * (1 + (uint32_t)t_rand_below(LEN / 64));
        uint32_t nw = 0;
        for (uint32_t i = 0; i < len; i++)
            if (sv[i] & 0x80)
                want[nw++] = i;
        uint32_t n0 = bgcn_siqs_scan_c(sv, len, out[0]);
        cr_assert_eq(n0, nw);
        cr_assert(memcmp(out[0], want, sizeof *want * nw) == 0);
#ifdef BGCN_HAVE_SIQS_AVX512
        if (vec) {
            uint32_t n1 = bgcn_siqs_scan_avx512(sv, len, out[1]);
            cr_assert_eq(n1, nw);
            cr_assert(memcmp(out[1], want, sizeof *want * nw) == 0);
        }
        if (vec2) {
            uint32_t n1 = bgcn_siqs_scan_avx2(sv, len, out[1]);
            cr_assert_eq(n1, nw);
            cr_assert(memcmp(out[1], want, sizeof *want * nw) == 0);
        }
#endif
    }
    static uint32_t p[NP], r1[NP], r2[NP], bk[LEN];
    static float inv[NP];
    for (int it = 0; it < 300; it++) {
        /* moduli from 3 to below 2^16, increasing as a factor base */
        for (int i = 0; i < NP; i++)
            p[i] = 3 + (uint32_t)t_rand_below(it % 2 ? 200 : 65533);
        qsort(p, NP, sizeof *p, u32_cmp);
        uint32_t pos = it % 5 == 0 ? (1u << 22) - 1 - (uint32_t)t_rand_below(3)
                                   : (uint32_t)t_rand_below(1u << 22);
        for (int i = 0; i < NP; i++) {
            inv[i] = 1.0f / (float)p[i];
            /* about a third of the roots match */
            uint64_t k = t_rand_below(3);
            r1[i] = k == 0 ? pos % p[i] : (uint32_t)t_rand_below(p[i]);
            r2[i] = k == 1 ? pos % p[i] : (uint32_t)t_rand_below(p[i]);
        }
        long lo = (long)t_rand_below(20), hi = lo + (long)t_rand_below(NP - 19);
        uint32_t nw = 0;
        for (long i = lo; i < hi; i++)
            if (pos % p[i] == r1[i] || pos % p[i] == r2[i])
                want[nw++] = (uint32_t)i;
        uint32_t n0 = bgcn_siqs_match_roots_c(pos, p, inv, r1, r2, lo, hi, out[0]);
        cr_assert_eq(n0, nw, "pos %u", pos);
        cr_assert(memcmp(out[0], want, sizeof *want * nw) == 0);
#ifdef BGCN_HAVE_SIQS_AVX512
        if (vec) {
            uint32_t n1 = bgcn_siqs_match_roots_avx512(pos, p, inv, r1, r2, lo,
                                                       hi, out[1]);
            cr_assert_eq(n1, nw, "pos %u", pos);
            cr_assert(memcmp(out[1], want, sizeof *want * nw) == 0);
        }
        if (vec2) {
            uint32_t n1 = bgcn_siqs_match_roots_avx2(pos, p, inv, r1, r2, lo,
                                                     hi, out[1]);
            cr_assert_eq(n1, nw, "pos %u", pos);
            cr_assert(memcmp(out[1], want, sizeof *want * nw) == 0);
        }
#endif
        /* bucket entries: offsets from a few values, so many match */
        uint32_t nb = (uint32_t)t_rand_below(LEN), off = (uint32_t)t_rand_below(4);
        for (uint32_t e = 0; e < nb; e++)
            bk[e] = (uint32_t)t_rand_below(1u << 17) << SIQS_BLOCK_BITS |
                    (t_rand() & 1 ? (uint32_t)t_rand_below(4)
                                  : (uint32_t)t_rand_below(SIQS_BLOCK));
        nw = 0;
        for (uint32_t e = 0; e < nb; e++)
            if ((bk[e] & (SIQS_BLOCK - 1)) == off)
                want[nw++] = bk[e] >> SIQS_BLOCK_BITS;
        n0 = bgcn_siqs_match_bucket_c(bk, nb, off, out[0]);
        cr_assert_eq(n0, nw);
        cr_assert(memcmp(out[0], want, sizeof *want * nw) == 0);
#ifdef BGCN_HAVE_SIQS_AVX512
        if (vec) {
            uint32_t n1 = bgcn_siqs_match_bucket_avx512(bk, nb, off, out[1]);
            cr_assert_eq(n1, nw);
            cr_assert(memcmp(out[1], want, sizeof *want * nw) == 0);
        }
        if (vec2) {
            uint32_t n1 = bgcn_siqs_match_bucket_avx2(bk, nb, off, out[1]);
            cr_assert_eq(n1, nw);
            cr_assert(memcmp(out[1], want, sizeof *want * nw) == 0);
        }
#endif
    }
}

/* Two large primes forced at 40-45 digits (on by size only above 60). */
Test(siqs, double_large_primes)
{
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, (unsigned long)t_seed());
    mpz_t p, q, n;
    mpz_inits(p, q, n, NULL);
    for (int d = 36; d <= 46; d += 5) {
        random_prime(p, d / 2, rs);
        random_prime(q, d - d / 2, rs);
        mpz_mul(n, p, q);
        bgcn_limb_t np[8], fp[8];
        long nn = z_get(np, 8, n), fn = -1;
        bgcn_siqs_opts o = {.seed = t_rand(), .dlp = 2};
        cr_assert_eq(bgcn_siqs(fp, &fn, np, nn, &o), BGCN_OK);
        cr_assert(fn > 0, "no factor of %s", mpz_get_str(NULL, 10, n));
        mpz_t f;
        mpz_init(f);
        mpz_import(f, (size_t)fn, -1, sizeof(bgcn_limb_t), 0, 0, fp);
        cr_assert(mpz_cmp_ui(f, 1) > 0 && mpz_cmp(f, n) < 0 &&
                  mpz_divisible_p(n, f));
        mpz_clear(f);
    }
    mpz_clears(p, q, n, NULL);
    gmp_randclear(rs);
}
