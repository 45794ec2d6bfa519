/* test-radix.c -- bgcn_get_str / bgcn_set_str against GMP (mpz_get_str,
 * mpz_set_str) and against the slow reference (bgc_ref_get_str,
 * bgc_ref_set_str), in every base 2..36.
 *
 * The divide-and-conquer paths are reached both at their default
 * thresholds (sizes up to ~10^5 decimal digits) and with the thresholds
 * lowered to 1..5 limbs, so that every level of the recursion is exercised
 * at small sizes.  Also: round trips, size bounds, the source left intact,
 * guard bytes/limbs around outputs, ENOMEM at every allocation and
 * EINTR. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refmpn.h"
#include "testlib.h"

#define GUARD_BYTES 16
#define CANARY_BYTE 0xa5

static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyz";

/* A digit buffer of n usable bytes with canary bytes on both sides. */
static unsigned char *str_alloc(size_t n)
{
    unsigned char *p = malloc(n + 2 * GUARD_BYTES);
    memset(p, CANARY_BYTE, n + 2 * GUARD_BYTES);
    return p + GUARD_BYTES;
}
static int str_guards_ok(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < GUARD_BYTES; i++)
        if (p[-1 - (long)i] != CANARY_BYTE || p[n + i] != CANARY_BYTE)
            return 0;
    return 1;
}
static void str_free(unsigned char *p)
{
    free(p - GUARD_BYTES);
}

static void to_mpz(mpz_t z, const bgcn_limb_t *ap, long n)
{
    mpz_import(z, (size_t)n, -1, sizeof(bgcn_limb_t), 0, 0, ap);
}

/* get_str of {ap,n} in base against GMP and the reference; then the round
 * trip through set_str. */
static void check_get(const bgcn_limb_t *ap, long n, int base, int with_ref)
{
    bgcn_limb_t *copy = malloc(sizeof *copy * (size_t)(n ? n : 1));
    memcpy(copy, ap, sizeof *copy * (size_t)n);
    if (t_rand_below(4) == 0)
        bgcn_radix_cache_clear(); /* cold and warm power caches */
    size_t cap = bgcn_get_str_size(ap, n, base);
    unsigned char *s = str_alloc(cap);
    size_t len = 0;
    bgcn_status st = bgcn_get_str(s, &len, base, ap, n);
    cr_assert(st == BGCN_OK, "get_str status %d", (int)st);
    cr_assert(str_guards_ok(s, cap), "get_str wrote outside str (n=%ld base %d)", n, base);
    cr_assert(memcmp(copy, ap, sizeof *copy * (size_t)n) == 0, "get_str clobbered its source");
    cr_assert(len >= 1 && len <= cap, "len %zu cap %zu", len, cap);
    mpz_t z;
    mpz_init(z);
    to_mpz(z, ap, n);
    char *g = mpz_get_str(NULL, base, z);
    size_t glen = strlen(g);
    cr_assert(cap <= glen + 2, "size bound %zu too loose for %zu digits", cap, glen);
    int ok = len == glen;
    for (size_t i = 0; ok && i < len; i++)
        ok = s[i] < base && alphabet[s[i]] == g[i];
    if (!ok)
        t_dump("operand", ap, n);
    cr_assert(ok, "get_str base %d n=%ld: %zu digits, GMP %zu (thresholds %ld/%ld)",
              base, n, len, glen, bgcn_get_str_dc_threshold, bgcn_set_str_dc_threshold);
    if (with_ref) {
        unsigned char *r = malloc(bgc_ref_str_size(n, base));
        size_t rlen = bgc_ref_get_str(r, base, ap, n);
        cr_assert(rlen == len && memcmp(r, s, len) == 0, "reference get_str disagrees");
        free(r);
    }
    /* Round trip. */
    long rcap = bgcn_set_str_size(len, base);
    bgcn_limb_t *back = t_alloc_guarded(rcap);
    long rn = -1;
    st = bgcn_set_str(back, &rn, s, len, base);
    cr_assert(st == BGCN_OK);
    cr_assert(t_check_guards(back, rcap), "set_str wrote outside rp");
    long nn = bgcn_normalized_size(ap, n);
    cr_assert(rn == nn && t_equal("round trip", back, ap, nn),
              "round trip base %d n=%ld rn=%ld", base, n, rn);
    t_free_guarded(back);
    free(g);
    mpz_clear(z);
    str_free(s);
    free(copy);
}

/* set_str of len random digits (some leading zeros) against GMP and the
 * reference. */
static void check_set(size_t len, int base, int with_ref)
{
    unsigned char *s = malloc(len + 1);
    char *a = malloc(len + 2);
    int shape = (int)t_rand_below(4);
    for (size_t i = 0; i < len; i++) {
        unsigned d = (unsigned)t_rand_below((uint64_t)base);
        if (shape == 1)
            d = (unsigned)base - 1; /* all top digits: b^len - 1 */
        else if (shape == 2 && t_rand_below(8))
            d = 0; /* mostly zeros */
        s[i] = (unsigned char)d;
    }
    if (len > 0 && t_rand_below(4) == 0) /* leading zeros */
        memset(s, 0, (size_t)t_rand_below(len) + 1);
    for (size_t i = 0; i < len; i++)
        a[i] = alphabet[s[i]];
    a[len] = 0;
    unsigned char *scopy = malloc(len + 1);
    memcpy(scopy, s, len);
    if (t_rand_below(4) == 0)
        bgcn_radix_cache_clear();
    long cap = bgcn_set_str_size(len, base);
    bgcn_limb_t *r = t_alloc_guarded(cap);
    long rn = -1;
    bgcn_status st = bgcn_set_str(r, &rn, s, len, base);
    cr_assert(st == BGCN_OK);
    cr_assert(t_check_guards(r, cap), "set_str guard, len %zu base %d", len, base);
    cr_assert(memcmp(scopy, s, len) == 0, "set_str clobbered its source");
    mpz_t z;
    mpz_init(z);
    if (len > 0)
        cr_assert(mpz_set_str(z, a, base) == 0);
    size_t gn = 0;
    bgcn_limb_t *g = malloc(sizeof *g * (size_t)cap);
    mpz_export(g, &gn, -1, sizeof *g, 0, 0, z);
    cr_assert(rn >= 0 && rn <= cap && (size_t)rn == gn && t_equal("set_str", r, g, rn),
              "set_str base %d len %zu: %ld limbs, GMP %zu (threshold %ld)", base, len,
              rn, gn, bgcn_set_str_dc_threshold);
    cr_assert(rn == 0 || r[rn - 1] != 0, "set_str result not normalised");
    if (with_ref && len > 0) {
        long rc = bgc_ref_limbs_size(len, base);
        bgcn_limb_t *w = malloc(sizeof *w * (size_t)rc);
        long wn = bgc_ref_set_str(w, s, len, base);
        cr_assert(wn == rn && t_equal("ref set_str", r, w, rn), "reference set_str disagrees");
        free(w);
    }
    free(g);
    mpz_clear(z);
    t_free_guarded(r);
    free(scopy);
    free(a);
    free(s);
}

/* base^k + d (d = -1, 0, 1) into v (room enough), through z; returns
 * its limb count. */
static long power_near(bgcn_limb_t *v, mpz_t z, unsigned long base,
                       unsigned long k, int d)
{
    mpz_ui_pow_ui(z, base, k);
    if (d < 0)
        mpz_sub_ui(z, z, 1);
    else if (d > 0)
        mpz_add_ui(z, z, 1);
    size_t vn = 0;
    mpz_export(v, &vn, -1, 8, 0, 0, z);
    return (long)vn;
}

static void restore_thresholds(void)
{
    bgcn_get_str_dc_threshold = BGCN_GET_STR_DC_THRESHOLD;
    bgcn_set_str_dc_threshold = BGCN_SET_STR_DC_THRESHOLD;
}

Test(radix, small_all_bases)
{
    bgcn_limb_t a[40];
    for (int base = 2; base <= 36; base++) {
        for (long n = 0; n <= 40; n++) {
            t_fill(a, n);
            check_get(a, n, base, 1);
        }
        for (size_t len = 0; len <= 120; len++)
            check_set(len, base, 1);
    }
}

Test(radix, zero_and_edges)
{
    bgcn_limb_t a[4] = {0, 0, 0, 0};
    for (int base = 2; base <= 36; base++) {
        unsigned char s[8];
        size_t len = 99;
        cr_assert(bgcn_get_str(s, &len, base, a, 0) == BGCN_OK && len == 1 && s[0] == 0);
        cr_assert(bgcn_get_str(s, &len, base, a, 4) == BGCN_OK && len == 1 && s[0] == 0);
        cr_assert(bgcn_get_str_size(a, 4, base) == 1);
        long rn = 99;
        bgcn_limb_t r[4];
        cr_assert(bgcn_set_str(r, &rn, s, 0, base) == BGCN_OK && rn == 0);
        unsigned char zeros[5] = {0, 0, 0, 0, 0};
        cr_assert(bgcn_set_str(r, &rn, zeros, 5, base) == BGCN_OK && rn == 0);
        /* b^k - 1, b^k and b^k + 1 around every limb boundary. */
        mpz_t z;
        mpz_init(z);
        for (unsigned k = 1; k < 200; k++) {
            for (int d = -1; d <= 1; d++) {
                bgcn_limb_t v[24] = {0};
                long vn = power_near(v, z, (unsigned long)base, k, d);
                check_get(v, vn, base, 0);
            }
        }
        mpz_clear(z);
    }
}

/* Every base through the divide-and-conquer paths with tiny thresholds. */
Test(radix, dc_low_thresholds, .timeout = 120)
{
    bgcn_limb_t *a = malloc(sizeof *a * 200);
    for (long thr = 1; thr <= 5; thr++) {
        bgcn_get_str_dc_threshold = thr;
        bgcn_set_str_dc_threshold = thr;
        for (int base = 2; base <= 36; base++) {
            for (int rep = 0; rep < 6; rep++) {
                long n = t_rand_size(1, rep < 3 ? 24 : 200);
                t_fill(a, n);
                check_get(a, n, base, rep < 2);
                size_t len = (size_t)t_rand_size(1, rep < 3 ? 300 : 3000);
                check_set(len, base, rep < 2);
            }
        }
    }
    restore_thresholds();
    free(a);
}

/* Around the default thresholds and up to 10^5 decimal digits. */
Test(radix, large, .timeout = 120)
{
    restore_thresholds();
    long sizes[] = {BGCN_GET_STR_DC_THRESHOLD - 1, BGCN_GET_STR_DC_THRESHOLD,
                    BGCN_GET_STR_DC_THRESHOLD + 1, 2 * BGCN_GET_STR_DC_THRESHOLD,
                    3 * BGCN_GET_STR_DC_THRESHOLD + 7, BGCN_SET_STR_DC_THRESHOLD,
                    3 * BGCN_SET_STR_DC_THRESHOLD, 1000, 2500, 5200};
    int nsizes = (int)(sizeof sizes / sizeof sizes[0]);
    bgcn_limb_t *a = malloc(sizeof *a * 5200);
    for (int i = 0; i < nsizes; i++) {
        t_fill(a, sizes[i]);
        check_get(a, sizes[i], 10, sizes[i] <= 300);
        int base = 3 + (int)t_rand_below(34);
        t_fill(a, sizes[i]);
        check_get(a, sizes[i], base, 0);
    }
    /* One random size up to 10^5 limbs (about 1.9 million decimal
     * digits), in a random base, against GMP and through the round trip. */
    long big = t_rand_size(10000, 100000);
    bgcn_limb_t *b = malloc(sizeof *b * (size_t)big);
    t_fill(b, big);
    check_get(b, big, 3 + (int)t_rand_below(34), 0);
    free(b);
    size_t lens[] = {19 * BGCN_SET_STR_DC_THRESHOLD - 1, 19 * BGCN_SET_STR_DC_THRESHOLD,
                     19 * BGCN_SET_STR_DC_THRESHOLD + 1, 20000, 54321, 100000};
    for (int i = 0; i < (int)(sizeof lens / sizeof lens[0]); i++) {
        check_set(lens[i], 10, lens[i] < 10000);
        check_set(lens[i] / 2, 3 + (int)t_rand_below(34), 0);
    }
    free(a);
}

/* Powers of the base and their neighbours at the digit counts of the
 * cached powers (m 2^j), where the recursion's "U < P" and q == 0 paths
 * and the padding of remainders are taken; with the thresholds at 2 and
 * at their defaults. */
Test(radix, powers_of_base, .timeout = 120)
{
    mpz_t z;
    mpz_init(z);
    bgcn_limb_t *v = malloc(sizeof *v * 8000);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0) {
            bgcn_get_str_dc_threshold = 2;
            bgcn_set_str_dc_threshold = 2;
        } else {
            restore_thresholds();
        }
        int bases[3] = {10, 3, 36};
        for (int bi = 0; bi < 3; bi++) {
            int base = bases[bi];
            int m = 0;
            for (unsigned long p = 1; p <= ~0UL / (unsigned long)base; p *= (unsigned long)base)
                m++;
            for (int j = 0; (long)m << j < (pass ? 80000 : 6000); j++) {
                unsigned long k = (unsigned long)m << j;
                for (int dk = -1; dk <= 1; dk++) {
                    for (int d = -1; d <= 1; d++) {
                        long vn = power_near(v, z, (unsigned long)base,
                                             k + (unsigned long)dk, d);
                        check_get(v, vn, base, 0);
                    }
                }
            }
        }
    }
    restore_thresholds();
    free(v);
    mpz_clear(z);
}

/* The fast paths of get_str against their twins, each switched on and
 * off alone and all together (bgcn_get_str_pair: the two leaves of a node
 * side by side; bgcn_get_str_digits10: base-10 digits eight per word;
 * bgcn_get_str_prenorm: the small powers divided with the
 * normalised power from the cache), at thresholds that put leaves of
 * every size under nodes, against GMP: random numbers in several bases,
 * and decimal numbers made of runs of nines and zeros (every group of
 * 2, 4 and 8 digits at 0, 99.., 10^k and 10^k - 1, the values where a
 * lane-wise split would go wrong first), 10^k - 1, 10^k, 10^k + 1 and
 * nines times a power of ten. */
static void set_twins(int c)
{
    bgcn_get_str_pair = c & 1;
    bgcn_get_str_digits10 = (c >> 1) & 1;
    bgcn_get_str_prenorm = (c >> 2) & 1;
}

/* Every timeout in this file is the same 120 s: Criterion 2.4's runner
 * leaks its timer entry (LeakSanitizer fails the program) when a test
 * with a later deadline ends while one with an earlier deadline runs. */
Test(radix, get_str_twins, .timeout = 120)
{
    static const int cfgs[] = {0, 1, 2, 4, 7};
    static const long thrs[] = {1, 2, 3, 5, BGCN_GET_STR_DC_THRESHOLD, 40};
    bgcn_limb_t *a = malloc(sizeof *a * 700);
    char *dec = malloc(12000);
    mpz_t z;
    mpz_init(z);
    for (int ci = 0; ci < 5; ci++) {
        set_twins(cfgs[ci]);
        for (int ti = 0; ti < 6; ti++) {
            bgcn_get_str_dc_threshold = thrs[ti];
            bgcn_radix_cache_clear();
            for (int rep = 0; rep < 12; rep++) {
                long n = t_rand_size(1, rep < 6 ? 60 : 700);
                t_fill(a, n);
                static const int bases[] = {10, 10, 3, 7, 36, 12};
                check_get(a, n, bases[rep % 6], 0);
            }
            /* runs of nines and zeros */
            for (int rep = 0; rep < 8; rep++) {
                size_t len = (size_t)t_rand_size(1, rep < 4 ? 400 : 11000);
                for (size_t i = 0; i < len;) {
                    size_t run = 1 + t_rand_below(rep & 1 ? 30 : 6);
                    char c = "09"[t_rand_below(2)];
                    if (t_rand_below(8) == 0)
                        c = (char)('1' + t_rand_below(8));
                    for (; run > 0 && i < len; run--, i++)
                        dec[i] = c;
                }
                dec[0] = '1';
                dec[len] = 0;
                mpz_set_str(z, dec, 10);
                size_t vn = 0;
                mpz_export(a, &vn, -1, 8, 0, 0, z);
                check_get(a, (long)vn, 10, 0);
            }
            for (unsigned long k = 1; k < 420; k += 1 + (ti > 3) * 6) {
                for (int d = -1; d <= 1; d++) {
                    mpz_ui_pow_ui(z, 10, k);
                    if (d < 0)
                        mpz_sub_ui(z, z, 1);
                    else if (d > 0)
                        mpz_add_ui(z, z, 1);
                    size_t vn = 0;
                    mpz_export(a, &vn, -1, 8, 0, 0, z);
                    check_get(a, (long)vn, 10, 0);
                }
                /* (10^k - 1) 10^j: nines, then j zeros */
                mpz_ui_pow_ui(z, 10, k);
                mpz_sub_ui(z, z, 1);
                mpz_t p;
                mpz_init(p);
                mpz_ui_pow_ui(p, 10, t_rand_below(200));
                mpz_mul(z, z, p);
                mpz_clear(p);
                size_t vn = 0;
                mpz_export(a, &vn, -1, 8, 0, 0, z);
                check_get(a, (long)vn, 10, 0);
            }
        }
    }
    set_twins(7);
    restore_thresholds();
    bgcn_radix_cache_clear();
    mpz_clear(z);
    free(dec);
    free(a);
}

/* set_str's base-10 basecase reading eight digits per word against its
 * twin reading one digit at a time (bgcn_set_str_swar), both against GMP:
 * every length up to 120 (the partial first chunk of each size, whole
 * chunks of 19 = 8 + 8 + 3 digits), random lengths up to 6000 at
 * thresholds from 1 to past the default, random digits, all nines, mostly
 * zeros and leading zeros (check_set's shapes). */
Test(radix, set_str_twins, .timeout = 120)
{
    static const long thrs[] = {1, 3, BGCN_SET_STR_DC_THRESHOLD, 400};
    for (int swar = 0; swar <= 1; swar++) {
        bgcn_set_str_swar = swar;
        for (int ti = 0; ti < 4; ti++) {
            bgcn_set_str_dc_threshold = thrs[ti];
            for (size_t len = 1; len <= 120; len++)
                for (int rep = 0; rep < 3; rep++)
                    check_set(len, 10, len < 40);
            for (int rep = 0; rep < 16; rep++)
                check_set((size_t)t_rand_size(1, 6000), 10, 0);
        }
    }
    bgcn_set_str_swar = 1;
    restore_thresholds();
}

/* get_str and set_str of 400 limbs (tiny thresholds: every level of the
 * recursion) with allocation k failing, for every k until each succeeds:
 * ENOMEM until then, and then the right value. */
static void enomem_every_allocation(void)
{
    bgcn_limb_t *a = malloc(sizeof *a * 400);
    t_fill_normalized(a, 400);
    bgcn_get_str_dc_threshold = 3;
    bgcn_set_str_dc_threshold = 3;
    size_t cap = bgcn_get_str_size(a, 400, 10);
    unsigned char *s = malloc(cap);
    size_t len = 0;
    int saw_ok = 0;
    for (long k = 1; k < 100000 && !saw_ok; k++) {
        bgcn_radix_cache_clear(); /* so the powers are allocated too */
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_get_str(s, &len, 10, a, 400);
        bgcn_alloc_fail_after(0);
        cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
        saw_ok = st == BGCN_OK;
    }
    cr_assert(saw_ok);
    long rcap = bgcn_set_str_size(len, 10);
    bgcn_limb_t *r = malloc(sizeof *r * (size_t)rcap);
    long rn;
    saw_ok = 0;
    for (long k = 1; k < 100000 && !saw_ok; k++) {
        bgcn_radix_cache_clear();
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_set_str(r, &rn, s, len, 10);
        bgcn_alloc_fail_after(0);
        cr_assert(st == BGCN_OK || st == BGCN_ENOMEM);
        saw_ok = st == BGCN_OK;
    }
    cr_assert(saw_ok && rn == 400 && t_equal("after ENOMEM", r, a, 400));
    restore_thresholds();
    free(r);
    free(s);
    free(a);
}

Test(radix, enomem_every_allocation)
{
    enomem_every_allocation();
}

/* The two halves of a node side by side (bgcn_get_str_par_min and
 * bgcn_set_str_par_min lowered) on 1..4 threads, with tiny and default
 * divide-and-conquer thresholds, every kind of node (balanced, a short
 * quotient or high part, a power of the base and its neighbours, fixed
 * width halves with leading zeros): against GMP; then allocation failures
 * and a raised flag on two threads. */
Test(radix, threads, .timeout = 120)
{
    enum { MAXN = 3000 };
    bgcn_limb_t *a = malloc(sizeof *a * MAXN);
    mpz_t z;
    mpz_init(z);
    for (int T = 1; T <= 4; T++) {
        bgcn_threads_set(T);
        for (int rep = 0; rep < 24; rep++) {
            bgcn_get_str_par_min = t_rand_size(1, 40);
            bgcn_set_str_par_min = t_rand_size(1, 40);
            if (rep % 2) {
                bgcn_get_str_dc_threshold = t_rand_size(2, 5);
                bgcn_set_str_dc_threshold = t_rand_size(2, 5);
            } else {
                restore_thresholds();
            }
            int base = rep % 3 ? 10 : 2 + (int)t_rand_below(35);
            long n = t_rand_size(1, rep % 2 ? 300 : MAXN);
            if (rep % 4 == 3) { /* base^k + {-1, 0, 1}: zero halves */
                n = power_near(a, z, (unsigned long)(base == 2 ? 3 : base),
                               (unsigned long)(19 * t_rand_size(1, 64)),
                               (int)t_rand_below(3) - 1);
            } else {
                t_fill(a, n);
            }
            check_get(a, n, base, 0);
            check_set((size_t)t_rand_size(1, rep % 2 ? 6000 : 60000), base,
                      0);
        }
    }
    restore_thresholds();
    bgcn_threads_set(2);
    bgcn_get_str_par_min = 1;
    bgcn_set_str_par_min = 1;
    enomem_every_allocation();
    bgcn_interrupt_flag = 1;
    t_fill_normalized(a, MAXN);
    unsigned char *s = malloc(bgcn_get_str_size(a, MAXN, 10));
    size_t len;
    cr_assert(bgcn_get_str(s, &len, 10, a, MAXN) == BGCN_EINTR);
    bgcn_interrupt_flag = 0;
    free(s);
    mpz_clear(z);
    free(a);
}

Test(radix, eintr)
{
    bgcn_limb_t *a = malloc(sizeof *a * 2000);
    t_fill_normalized(a, 2000);
    size_t cap = bgcn_get_str_size(a, 2000, 10);
    unsigned char *s = malloc(cap);
    size_t len;
    bgcn_interrupt_flag = 1;
    cr_assert(bgcn_get_str(s, &len, 10, a, 2000) == BGCN_EINTR);
    bgcn_radix_cache_clear();
    cr_assert(bgcn_get_str(s, &len, 10, a, 2000) == BGCN_EINTR);
    bgcn_interrupt_flag = 0;
    cr_assert(bgcn_get_str(s, &len, 10, a, 2000) == BGCN_OK);
    long rcap = bgcn_set_str_size(len, 10), rn;
    bgcn_limb_t *r = malloc(sizeof *r * (size_t)rcap);
    bgcn_interrupt_flag = 1;
    cr_assert(bgcn_set_str(r, &rn, s, len, 10) == BGCN_EINTR);
    bgcn_radix_cache_clear();
    cr_assert(bgcn_set_str(r, &rn, s, len, 10) == BGCN_EINTR);
    bgcn_interrupt_flag = 0;
    cr_assert(bgcn_set_str(r, &rn, s, len, 10) == BGCN_OK && rn == 2000);
    free(r);
    free(s);
    free(a);
}

Test(refmpn, radix_small)
{
    /* The reference against GMP on its own, so it can be trusted. */
    for (int base = 2; base <= 36; base++)
        for (long n = 0; n <= 6; n++) {
            bgcn_limb_t a[6];
            t_fill(a, n);
            unsigned char *r = malloc(bgc_ref_str_size(n, base));
            size_t len = bgc_ref_get_str(r, base, a, n);
            mpz_t z;
            mpz_init(z);
            to_mpz(z, a, n);
            char *g = mpz_get_str(NULL, base, z);
            cr_assert(strlen(g) == len);
            for (size_t i = 0; i < len; i++)
                cr_assert(alphabet[r[i]] == g[i]);
            free(g);
            mpz_clear(z);
            free(r);
        }
}

/* get_str's division by cached powers with their cached inverses (the
 * mu division with a precomputed inverse), forced at small sizes: every
 * base, numbers of 1..300 limbs, the tower cleared between thresholds so
 * that inverses are computed under each setting; powers of the base
 * minus one (all quotient digits b-1) included. */
Test(radix, preinv_division_low_thresholds, .timeout = 120)
{
    long s1 = bgcn_mu_div_threshold, s2 = bgcn_inv_newton_threshold;
    long s3 = bgcn_mulmod_bnm1_ntt_threshold;
    bgcn_limb_t *a = malloc(sizeof *a * 320);
    static const long mu[] = {2, 3, 8, 3};
    for (size_t t = 0; t < sizeof mu / sizeof mu[0]; t++) {
        bgcn_radix_cache_clear();
        /* the last round: the block remainders and the Newton residues
         * through the wrap-around products (on the paths that have
         * them), the top level's single division through bgcn_tdiv_qr */
        bgcn_mulmod_bnm1_ntt_threshold = t == 3 ? 8 : s3;
        bgcn_mu_div_threshold = mu[t];
        bgcn_inv_newton_threshold = 4 + (long)t;
        bgcn_get_str_dc_threshold = 2;
        for (int base = 3; base <= 36; base += (base < 12 ? 1 : 5)) {
            if ((base & (base - 1)) == 0)
                continue;
            for (int rep = 0; rep < 4; rep++) {
                long n = t_rand_size(1, rep < 2 ? 40 : 300);
                t_fill(a, n);
                check_get(a, n, base, 0);
            }
            mpz_t z;
            mpz_init(z);
            mpz_ui_pow_ui(z, (unsigned long)base, 2000);
            mpz_sub_ui(z, z, 1);
            size_t vn = 0;
            mpz_export(a, &vn, -1, 8, 0, 0, z);
            check_get(a, (long)vn, base, 0);
            mpz_clear(z);
        }
    }
    bgcn_mu_div_threshold = s1;
    bgcn_inv_newton_threshold = s2;
    bgcn_mulmod_bnm1_ntt_threshold = s3;
    restore_thresholds();
    bgcn_radix_cache_clear();
    free(a);
}

/* ---- bgcn_sumdigits_1 ----------------------------------------------------- */

/* The digit sum of {a,n} in base b by GMP, one division per digit. */
static uint64_t gmp_sumdigits(const bgcn_limb_t *a, long n, uint64_t b)
{
    mpz_t z;
    mpz_init(z);
    mpz_import(z, (size_t)n, -1, sizeof *a, 0, 0, a);
    uint64_t s = 0;
    while (mpz_sgn(z) != 0)
        s += mpz_tdiv_q_ui(z, z, (unsigned long)b);
    mpz_clear(z);
    return s;
}

/* Every base 2..36, bases around 2^16 and 2^32 (the largest allowed) and
 * random ones, n = 0..40 limbs of random and adversarial data (t_fill:
 * all ones, single bits, high zero limbs ...); {a,n} must stay intact and
 * the scratch must not be written past its n limbs. */
Test(radix, sumdigits_basecase)
{
    static const uint64_t bases[] = {37, 100, 1000, 65535, 65536, 65537,
                                     1000000007, 4294967295u, 4294967296u};
    const int nb = 35 + (int)(sizeof bases / sizeof *bases) + 4;
    bgcn_limb_t a[40], copy[40];
    bgcn_limb_t *tp = t_alloc_guarded(40);
    for (long n = 0; n <= 40; n++) {
        for (int k = 0; k < nb; k++) {
            uint64_t b = k < 35 ? (uint64_t)k + 2
                         : k < nb - 4 ? bases[k - 35]
                                      : 2 + t_rand_below((UINT64_C(1) << 32) - 1);
            t_fill(a, n);
            if (n > 0)
                memcpy(copy, a, sizeof *a * (size_t)n);
            uint64_t s = 12345, want = gmp_sumdigits(a, n, b);
            cr_assert_eq(bgcn_sumdigits_1(&s, a, n, b, tp), BGCN_OK);
            cr_assert_eq(s, want, "n=%ld b=%llu: %llu, GMP %llu", n, (unsigned long long)b,
                         (unsigned long long)s, (unsigned long long)want);
            cr_assert(n == 0 || memcmp(a, copy, sizeof *a * (size_t)n) == 0, "input changed");
            cr_assert(t_check_guards(tp, 40), "scratch written out of bounds");
        }
    }
    /* EINTR: the division loop polls the flag */
    uint64_t s;
    t_fill_normalized(a, 8);
    bgcn_interrupt_flag = 1;
    cr_assert_eq(bgcn_sumdigits_1(&s, a, 8, 10, tp), BGCN_EINTR);
    bgcn_interrupt_flag = 0;
    cr_assert_eq(bgcn_sumdigits_1(&s, a, 8, 10, tp), BGCN_OK);
    cr_assert_eq(s, gmp_sumdigits(a, 8, 10));
    t_free_guarded(tp);
}
