/* test-roots.c -- square root, k-th root, perfect powers.
 *
 * Oracles: GMP (mpn_sqrtrem, mpz_rootrem, mpz_perfect_power_p) and an
 * independent check written here with plain schoolbook arithmetic (no
 * engine call): s^k + r == N and N < (s+1)^k.  Operands cover random and
 * adversarial shapes, perfect powers and their neighbours, every size
 * class of the recursion; outputs sit between guard limbs. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

/* ---- slow reference: plain schoolbook, independent of the engine -------- */

/* {rp,an+bn} = {ap,an} * {bp,bn} */
static void ref_mul(bgcn_limb_t *rp, const bgcn_limb_t *ap, long an,
                    const bgcn_limb_t *bp, long bn)
{
    memset(rp, 0, (size_t)(an + bn) * sizeof *rp);
    for (long i = 0; i < an; i++) {
        unsigned __int128 c = 0;
        for (long j = 0; j < bn; j++) {
            c += (unsigned __int128)ap[i] * bp[j] + rp[i + j];
            rp[i + j] = (bgcn_limb_t)c;
            c >>= 64;
        }
        rp[i + bn] = (bgcn_limb_t)c;
    }
}

static int ref_cmp(const bgcn_limb_t *ap, long an, const bgcn_limb_t *bp,
                   long bn)
{
    while (an > 0 && ap[an - 1] == 0) an--;
    while (bn > 0 && bp[bn - 1] == 0) bn--;
    if (an != bn) return an > bn ? 1 : -1;
    for (long i = an - 1; i >= 0; i--)
        if (ap[i] != bp[i]) return ap[i] > bp[i] ? 1 : -1;
    return 0;
}

/* {rp, n} = {ap,n} + {bp,bn} (bn <= n), returns carry */
static bgcn_limb_t ref_add(bgcn_limb_t *rp, const bgcn_limb_t *ap, long n,
                           const bgcn_limb_t *bp, long bn)
{
    unsigned __int128 c = 0;
    for (long i = 0; i < n; i++) {
        c += (unsigned __int128)ap[i] + (i < bn ? bp[i] : 0);
        rp[i] = (bgcn_limb_t)c;
        c >>= 64;
    }
    return (bgcn_limb_t)c;
}

/* s^k as a fresh array of *pn limbs. */
static bgcn_limb_t *ref_pow(const bgcn_limb_t *sp, long sn, unsigned long k,
                            long *pn)
{
    bgcn_limb_t *p = calloc(1, sizeof *p);
    long n = 1;
    p[0] = 1;
    for (unsigned long i = 0; i < k; i++) {
        bgcn_limb_t *t = malloc((size_t)(n + sn) * sizeof *t);
        ref_mul(t, p, n, sp, sn);
        free(p);
        p = t;
        n += sn;
    }
    *pn = n;
    return p;
}

/* Checks s = floor(N^(1/k)) and r = N - s^k independently of GMP. */
static void ref_check_root(const bgcn_limb_t *np, long nn, const bgcn_limb_t *sp,
                           long sn, const bgcn_limb_t *rp, long rn,
                           unsigned long k)
{
    long pn;
    bgcn_limb_t *p = ref_pow(sp, sn, k, &pn);
    long tn = (pn > rn ? pn : rn) + 1;
    bgcn_limb_t *t = calloc((size_t)tn, sizeof *t);
    memcpy(t, p, (size_t)pn * sizeof *t);
    ref_add(t, t, tn, rp, rn);
    cr_assert(ref_cmp(t, tn, np, nn) == 0, "ref: s^k + r != N (k=%lu)", k);
    free(p);
    free(t);
    /* (s+1)^k > N */
    bgcn_limb_t *s1 = calloc((size_t)sn + 1, sizeof *s1), one = 1;
    s1[sn] = ref_add(s1, sp, sn, &one, 1);
    p = ref_pow(s1, sn + 1, k, &pn);
    cr_assert(ref_cmp(p, pn, np, nn) > 0, "ref: (s+1)^k <= N (k=%lu)", k);
    free(p);
    free(s1);
}

/* ---- operands ------------------------------------------------------------ */

/* N of exactly nn limbs (top limb nonzero), often a perfect square or a
 * neighbour of one, or with a tiny top limb. */
static void fill_radicand(bgcn_limb_t *np, long nn)
{
    t_fill_normalized(np, nn);
    unsigned kind = (unsigned)t_rand_below(8);
    if (kind == 0 && nn >= 2) {
        /* perfect square (or +-1) of a (nn/2)-limb root */
        long hn = nn / 2;
        bgcn_limb_t *h = malloc(hn * sizeof *h), *sq = malloc(2 * hn * sizeof *sq);
        t_fill_normalized(h, hn);
        ref_mul(sq, h, hn, h, hn);
        memset(np, 0, nn * sizeof *np);
        memcpy(np, sq, 2 * hn * sizeof *np);
        if (t_rand_below(2)) {
            bgcn_limb_t one = 1;
            ref_add(np, np, nn, &one, 1);
        } else if (t_rand_below(2)) {
            for (long i = 0; i < nn; i++) /* -1 */
                if (np[i]-- != 0) break;
        }
        free(h);
        free(sq);
        if (np[nn - 1] == 0)
            np[nn - 1] = 1;
    } else if (kind == 1) {
        np[nn - 1] = 1 + t_rand_below(3); /* tiny top limb */
    } else if (kind == 2) {
        np[nn - 1] = BGCN_LIMB_MAX;
    } else if (kind == 3) {
        np[nn - 1] |= (bgcn_limb_t)3 << 62;
    }
}

/* ---- square root ----------------------------------------------------------- */

static void check_sqrtrem(const bgcn_limb_t *np, long nn, int ref)
{
    long sn = (nn + 1) / 2;
    bgcn_limb_t *ws = malloc(sn * sizeof *ws), *wr = calloc(nn, sizeof *wr);
    long wrn = mpn_sqrtrem((mp_limb_t *)ws, (mp_limb_t *)wr,
                           (const mp_limb_t *)np, nn);
    for (int mode = 0; mode < 3; mode++) {
        bgcn_limb_t *s = t_alloc_guarded(sn), *r = t_alloc_guarded(nn);
        long rn = -1;
        bgcn_status st = bgcn_sqrtrem(s, mode == 0 ? r : NULL,
                                      mode == 2 ? NULL : &rn, np, nn);
        cr_assert(st == BGCN_OK);
        if (!t_equal("sqrt", s, ws, sn)) {
            t_dump("N", np, nn);
            cr_assert_fail("sqrtrem root nn=%ld mode=%d", nn, mode);
        }
        if (mode != 2)
            cr_assert_eq(rn, wrn, "sqrtrem rn nn=%ld", nn);
        if (mode == 0) {
            cr_assert(t_equal("rem", r, wr, rn), "sqrtrem rem nn=%ld", nn);
            if (ref)
                ref_check_root(np, nn, s, sn, r, rn, 2);
        }
        cr_assert(t_check_guards(s, sn) && t_check_guards(r, nn));
        t_free_guarded(s);
        t_free_guarded(r);
    }
    free(ws);
    free(wr);
}

Test(roots, sqrtrem_small)
{
    for (long nn = 1; nn <= 40; nn++)
        for (int rep = 0; rep < 40; rep++) {
            bgcn_limb_t n[40];
            fill_radicand(n, nn);
            check_sqrtrem(n, nn, nn <= 16);
        }
}

Test(roots, sqrtrem_corners)
{
    /* 1, 2, 3, 4, B-1, B, B^2-1, all-ones, 2^(64k) and neighbours */
    for (long nn = 1; nn <= 9; nn++) {
        bgcn_limb_t n[9];
        for (int c = 0; c < 6; c++) {
            memset(n, 0, sizeof n);
            switch (c) {
            case 0: n[nn - 1] = 1; break;
            case 1: n[nn - 1] = 4; break;
            case 2: for (long i = 0; i < nn; i++) n[i] = BGCN_LIMB_MAX; break;
            case 3: n[nn - 1] = 1; n[0] |= 1; break;
            case 4: n[nn - 1] = BGCN_LIMB_HIGHBIT; break;
            case 5: n[nn - 1] = (bgcn_limb_t)1 << 62; break;
            }
            check_sqrtrem(n, nn, 1);
        }
    }
    for (bgcn_limb_t x = 1; x < 2000; x++)
        check_sqrtrem(&x, 1, 0);
}

Test(roots, sqrtrem_sizes)
{
    for (long nn = 41; nn <= 700; nn += t_rand_size(1, 23)) {
        bgcn_limb_t *n = malloc(nn * sizeof *n);
        fill_radicand(n, nn);
        check_sqrtrem(n, nn, nn <= 100);
        free(n);
    }
    for (int rep = 0; rep < 3; rep++) {
        long nn = t_rand_size(1000, 6000);
        bgcn_limb_t *n = malloc(nn * sizeof *n);
        fill_radicand(n, nn);
        check_sqrtrem(n, nn, 0);
        free(n);
    }
}

Test(roots, sqrtrem_enomem)
{
    long nn = 301;
    bgcn_limb_t *n = malloc(nn * sizeof *n), s[151], r[301];
    fill_radicand(n, nn);
    for (long k = 1;; k++) {
        long rn;
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_sqrtrem(s, r, &rn, n, nn);
        bgcn_alloc_fail_after(0);
        if (st == BGCN_OK)
            break;
        cr_assert(st == BGCN_ENOMEM);
        cr_assert(k < 10000);
    }
    check_sqrtrem(n, nn, 0);
    free(n);
}
