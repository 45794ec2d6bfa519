/* test-div.c -- division: reciprocals, divrem_1/mod_1, schoolbook and
 * divide-and-conquer division, tdiv_qr with its quotient-only and
 * remainder-only paths, exact division.
 *
 * Oracles: GMP (mpn_divrem_1, mpn_tdiv_qr, mpz) and an independent slow
 * reference in this file (bit-at-a-time restoring division) for small
 * sizes; for every size the identity N = Q*D + R with R < D is checked as
 * well.  Outputs sit between guard limbs. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

/* ---- slow reference ---------------------------------------------------- */

/* Restoring binary long division, one bit at a time: {qp,nn} = N / D,
 * {rp,dn} = N mod D.  Independent of the engine (plain C arithmetic). */
static void ref_divmod(bgcn_limb_t *qp, bgcn_limb_t *rp, const bgcn_limb_t *np,
                       long nn, const bgcn_limb_t *dp, long dn)
{
    /* r has dn+1 limbs so the shift never overflows. */
    bgcn_limb_t *r = calloc((size_t)dn + 1, sizeof *r);
    memset(qp, 0, (size_t)nn * sizeof *qp);
    for (long bit = nn * 64 - 1; bit >= 0; bit--) {
        for (long j = dn; j > 0; j--)
            r[j] = (r[j] << 1) | (r[j - 1] >> 63);
        r[0] = (r[0] << 1) | ((np[bit / 64] >> (bit % 64)) & 1);
        /* r >= D ? (D has dn limbs, r has dn+1) */
        int ge = r[dn] != 0;
        if (!ge) {
            ge = 1;
            for (long j = dn - 1; j >= 0; j--)
                if (r[j] != dp[j]) {
                    ge = r[j] > dp[j];
                    break;
                }
        }
        if (ge) {
            bgcn_limb_t b = 0;
            for (long j = 0; j < dn; j++) {
                bgcn_limb_t t = r[j] - dp[j] - b;
                b = (r[j] < dp[j]) || (r[j] == dp[j] && b);
                r[j] = t;
            }
            r[dn] -= b;
            qp[bit / 64] |= (bgcn_limb_t)1 << (bit % 64);
        }
    }
    memcpy(rp, r, (size_t)dn * sizeof *rp);
    free(r);
}

/* ---- helpers ------------------------------------------------------------ */

/* Divisor of dn limbs with a nonzero top limb, often adversarial at the top:
 * top limb 1, 2^64-1, 2^63, all ones. */
static void fill_divisor(bgcn_limb_t *dp, long dn)
{
    t_fill(dp, dn);
    switch (t_rand_below(6)) {
    case 0: dp[dn - 1] = 1; break;
    case 1: dp[dn - 1] = BGCN_LIMB_MAX; break;
    case 2: dp[dn - 1] = BGCN_LIMB_HIGHBIT; break;
    case 3: for (long i = 0; i < dn; i++) dp[i] = BGCN_LIMB_MAX; break;
    default: break;
    }
    if (dp[dn - 1] == 0)
        dp[dn - 1] = t_rand() | 1;
}

static void gmp_divmod(bgcn_limb_t *q, bgcn_limb_t *r, const bgcn_limb_t *np,
                       long nn, const bgcn_limb_t *dp, long dn)
{
    mpn_tdiv_qr((mp_limb_t *)q, (mp_limb_t *)r, 0, (const mp_limb_t *)np, nn,
                (const mp_limb_t *)dp, dn);
}

/* Checks bgcn_tdiv_qr in all three modes on one operand pair. */
static void check_tdiv(const bgcn_limb_t *np, long nn, const bgcn_limb_t *dp,
                       long dn, int with_ref)
{
    long qn = nn - dn + 1;
    bgcn_limb_t *wq = malloc((size_t)qn * sizeof *wq);
    bgcn_limb_t *wr = malloc((size_t)dn * sizeof *wr);
    gmp_divmod(wq, wr, np, nn, dp, dn);
    if (with_ref) {
        bgcn_limb_t *rq = malloc((size_t)nn * sizeof *rq);
        bgcn_limb_t *rr = malloc((size_t)dn * sizeof *rr);
        ref_divmod(rq, rr, np, nn, dp, dn);
        cr_assert(t_equal("ref q", rq, wq, qn), "GMP and ref disagree");
        cr_assert(t_equal("ref r", rr, wr, dn), "GMP and ref disagree");
        for (long i = qn; i < nn; i++)
            cr_assert(rq[i] == 0);
        free(rq);
        free(rr);
    }
    for (int mode = 0; mode < 3; mode++) {
        bgcn_limb_t *q = t_alloc_guarded(qn), *r = t_alloc_guarded(dn);
        bgcn_status st = bgcn_tdiv_qr(mode == 2 ? NULL : q, mode == 1 ? NULL : r,
                                      np, nn, dp, dn);
        cr_assert(st == BGCN_OK);
        if (mode != 2 && !t_equal("q", q, wq, qn)) {
            t_dump("N", np, nn);
            t_dump("D", dp, dn);
            cr_assert_fail("tdiv_qr quotient wrong nn=%ld dn=%ld mode=%d", nn, dn,
                     mode);
        }
        if (mode != 1 && !t_equal("r", r, wr, dn)) {
            t_dump("N", np, nn);
            t_dump("D", dp, dn);
            cr_assert_fail("tdiv_qr remainder wrong nn=%ld dn=%ld mode=%d", nn, dn,
                     mode);
        }
        cr_assert(t_check_guards(q, qn) && t_check_guards(r, dn),
                  "guard clobbered nn=%ld dn=%ld mode=%d", nn, dn, mode);
        t_free_guarded(q);
        t_free_guarded(r);
    }
    free(wq);
    free(wr);
}

/* ---- reciprocals -------------------------------------------------------- */

Test(div, invert_limb)
{
    mpz_t num, d, v;
    mpz_inits(num, d, v, NULL);
    mpz_setbit(num, 128);
    mpz_sub_ui(num, num, 1);
    for (int i = 0; i < 20000; i++) {
        bgcn_limb_t x;
        if (i < 4) {
            const bgcn_limb_t e[4] = {BGCN_LIMB_HIGHBIT, BGCN_LIMB_MAX,
                                      BGCN_LIMB_HIGHBIT + 1,
                                      BGCN_LIMB_MAX - 1};
            x = e[i];
        } else {
            x = t_rand() | BGCN_LIMB_HIGHBIT;
        }
        mpz_set_ui(d, x);
        mpz_fdiv_q(v, num, d);
        mpz_clrbit(v, 64);
        cr_assert(mpz_sizeinbase(v, 2) <= 64);
        cr_assert_eq(bgcn_invert_limb(x), (bgcn_limb_t)mpz_get_ui(v),
                     "invert_limb(%llx)", (unsigned long long)x);
    }
    mpz_clears(num, d, v, NULL);
}

Test(div, invert_3by2)
{
    mpz_t num, d, v;
    mpz_inits(num, d, v, NULL);
    mpz_setbit(num, 192);
    mpz_sub_ui(num, num, 1);
    for (int i = 0; i < 20000; i++) {
        bgcn_limb_t d2[2];
        t_fill(d2, 2);
        if (i < 9) { /* the corners of both limbs */
            const bgcn_limb_t e[3] = {0, 1, BGCN_LIMB_MAX};
            d2[0] = e[i % 3];
            d2[1] = i / 3 == 0 ? BGCN_LIMB_HIGHBIT
                    : i / 3 == 1 ? BGCN_LIMB_HIGHBIT + 1 : BGCN_LIMB_MAX;
        }
        d2[1] |= BGCN_LIMB_HIGHBIT;
        mpz_import(d, 2, -1, sizeof(bgcn_limb_t), 0, 0, d2);
        mpz_fdiv_q(v, num, d);
        mpz_clrbit(v, 64);
        cr_assert(mpz_sizeinbase(v, 2) <= 64);
        cr_assert_eq(bgcn_invert_3by2(d2[1], d2[0]),
                     (bgcn_limb_t)mpz_get_ui(v), "invert_3by2(%llx,%llx)",
                     (unsigned long long)d2[1], (unsigned long long)d2[0]);
    }
    mpz_clears(num, d, v, NULL);
}

/* ---- single-limb division ----------------------------------------------- */

static bgcn_limb_t pick_d1(void)
{
    switch (t_rand_below(8)) {
    case 0: return 1;
    case 1: return BGCN_LIMB_MAX;
    case 2: return BGCN_LIMB_HIGHBIT;
    case 3: return t_rand_below(1000) + 1;
    case 4: return (t_rand() | BGCN_LIMB_HIGHBIT);
    case 5: return (bgcn_limb_t)1 << t_rand_below(64);
    default: {
        bgcn_limb_t d = t_rand() >> t_rand_below(64);
        return d ? d : 3;
    }
    }
}

Test(div, divrem_1_mod_1)
{
    for (long n = 1; n <= 300; n += (n < 40 ? 1 : 7)) {
        for (int rep = 0; rep < 12; rep++) {
            bgcn_limb_t *a = malloc((size_t)n * sizeof *a);
            bgcn_limb_t *want = malloc((size_t)n * sizeof *want);
            t_fill(a, n);
            bgcn_limb_t d = pick_d1();
            bgcn_limb_t wr = mpn_divrem_1((mp_limb_t *)want, 0,
                                          (const mp_limb_t *)a, n, d);
            bgcn_limb_t *q = t_alloc_guarded(n);
            bgcn_limb_t r = bgcn_divrem_1(q, a, n, d);
            cr_assert_eq(r, wr, "divrem_1 rem n=%ld d=%llx", n,
                         (unsigned long long)d);
            cr_assert(t_equal("q", q, want, n), "divrem_1 q n=%ld", n);
            cr_assert(t_check_guards(q, n));
            cr_assert_eq(bgcn_mod_1(a, n, d), wr, "mod_1 n=%ld", n);
            /* qp == np */
            bgcn_copyi(q, a, n);
            r = bgcn_divrem_1(q, q, n, d);
            cr_assert_eq(r, wr);
            cr_assert(t_equal("q in place", q, want, n));
            cr_assert(t_check_guards(q, n));
            t_free_guarded(q);
            free(a);
            free(want);
        }
    }
}

/* mod_1's fast paths for long inputs: four limbs per step (d < B/6) and
 * four interleaved chains (larger d), and the edge between them. */
Test(div, mod_1_long)
{
    const bgcn_limb_t edge = BGCN_LIMB_MAX / 6;
    for (int rep = 0; rep < 400; rep++) {
        long n = t_rand_size(1, 600);
        bgcn_limb_t *a = malloc(n * sizeof *a);
        t_fill(a, n);
        bgcn_limb_t d;
        switch (rep % 6) {
        case 0: d = edge - 1 - t_rand_below(3); break;
        case 1: d = edge + t_rand_below(3); break;
        case 2: d = 1 + t_rand_below(20); break;
        case 3: d = t_rand() >> (3 + t_rand_below(61)); break;
        case 4: /* large d with clz 0, 1 or 2: the four-chain path */
            d = (t_rand() >> t_rand_below(3)) | ((bgcn_limb_t)1 << 61);
            break;
        default: d = pick_d1(); break;
        }
        if (d == 0)
            d = 5;
        bgcn_limb_t want = mpn_mod_1((const mp_limb_t *)a, n, d);
        cr_assert_eq(bgcn_mod_1(a, n, d), want, "mod_1 n=%ld d=%llx", n,
                     (unsigned long long)d);
        free(a);
    }
}

/* ---- schoolbook and tdiv_qr --------------------------------------------- */

Test(div, tdiv_qr_small_vs_ref)
{
    for (long dn = 1; dn <= 6; dn++)
        for (long nn = dn; nn <= dn + 6; nn++)
            for (int rep = 0; rep < 20; rep++) {
                bgcn_limb_t n[12], d[6];
                t_fill(n, nn);
                fill_divisor(d, dn);
                check_tdiv(n, nn, d, dn, 1);
            }
}

Test(div, tdiv_qr_sizes)
{
    for (long dn = 1; dn <= 120; dn += (dn < 20 ? 1 : 9)) {
        for (int rep = 0; rep < 6; rep++) {
            long nn = dn + t_rand_size(0, 2 * dn + 3);
            bgcn_limb_t *n = malloc((size_t)nn * sizeof *n);
            bgcn_limb_t *d = malloc((size_t)dn * sizeof *d);
            t_fill(n, nn);
            fill_divisor(d, dn);
            check_tdiv(n, nn, d, dn, dn <= 4 && nn <= 12);
            free(n);
            free(d);
        }
    }
}

/* Operands aimed at the rare branches of the schoolbook loop. */
Test(div, sbpi1_rare_paths)
{
    for (int rep = 0; rep < 400; rep++) {
        long dn = t_rand_size(2, 12), nn = dn + t_rand_size(1, 8);
        bgcn_limb_t n[24], d[12];
        t_fill(d, dn);
        d[dn - 1] |= BGCN_LIMB_HIGHBIT;
        t_fill(n, nn);
        if (rep & 1) {
            /* Top two limbs of N equal those of D and the rest of N's top
             * window is smaller: the first quotient limb is B-1 via the
             * <n1,n0> = <d1,d0> branch. */
            for (long i = 0; i < dn - 2; i++)
                d[i] = BGCN_LIMB_MAX;
            n[nn - 1] = d[dn - 1];
            n[nn - 2] = d[dn - 2];
            for (long i = nn - 3; i >= nn - dn; i--)
                n[i] = 0;
        } else {
            /* N's top three limbs are an exact multiple q*<d1,d0> and the
             * rest is 0 while D's low limbs are all ones: the 3/2 estimate
             * q is one too large and the add-back runs. */
            mpz_t top, Q;
            mpz_inits(top, Q, NULL);
            mpz_import(top, 2, -1, sizeof(bgcn_limb_t), 0, 0, d + dn - 2);
            mpz_mul_ui(top, top, t_rand() | 1);
            for (long i = 0; i < dn - 2; i++)
                d[i] = BGCN_LIMB_MAX;
            memset(n, 0, sizeof n);
            size_t cnt;
            cr_assert(mpz_sizeinbase(top, 2) <= 192);
            mpz_export(n + nn - 3, &cnt, -1, sizeof(bgcn_limb_t), 0, 0, top);
            mpz_clears(top, Q, NULL);
        }
        check_tdiv(n, nn, d, dn, dn <= 4);
        /* The schoolbook core directly on a copy. */
        bgcn_limb_t w[24], q[24], wq[24], wr[12];
        memcpy(w, n, sizeof n);
        bgcn_limb_t qh = bgcn_sbpi1_div_qr(
            q, w, nn, d, dn, bgcn_invert_3by2(d[dn - 1], d[dn - 2]));
        gmp_divmod(wq, wr, n, nn, d, dn);
        cr_assert_eq(qh, wq[nn - dn]);
        cr_assert(t_equal("sb q", q, wq, nn - dn));
        cr_assert(t_equal("sb r", w, wr, dn));
    }
}

/* bgcn_sbpi1c_div_qr (addmul_1 rows on the divisor's complement) against
 * its slow twin bgcn_sbpi1_div_qr and GMP, at sizes around the schoolbook
 * / divide-and-conquer threshold, with divisors whose low limbs are all
 * zero (complement all ones: the increment by q carries through the whole
 * row), all ones (complement zero), a top part B^k (the 3/2 estimate is
 * off the most) and random; dividends all ones, zero, random, and equal to
 * a multiple of D's top two limbs (add-back). */
Test(div, sbpi1c_vs_twin)
{
    long thr = bgcn_div_dc_threshold;
    for (int rep = 0; rep < 600; rep++) {
        long dn = rep < 300 ? t_rand_size(2, 12) : t_rand_size(2, thr + 8);
        long nn = dn + t_rand_size(0, rep & 3 ? 2 * dn : 3);
        bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
        bgcn_limb_t *dc = malloc(dn * sizeof *dc);
        bgcn_limb_t *w1 = malloc(nn * sizeof *w1), *w2 = malloc(nn * sizeof *w2);
        bgcn_limb_t *q1 = t_alloc_guarded(nn - dn + 1);
        bgcn_limb_t *q2 = t_alloc_guarded(nn - dn + 1);
        bgcn_limb_t *wq = malloc((nn - dn + 1) * sizeof *wq), *wr = malloc(dn * sizeof *wr);
        t_fill(d, dn);
        switch (rep % 5) {
        case 0: for (long i = 0; i < dn - 1; i++) d[i] = 0; break;
        case 1: for (long i = 0; i < dn; i++) d[i] = BGCN_LIMB_MAX; break;
        case 2: for (long i = 0; i < dn - 1; i++) d[i] = 0;
                d[dn - 1] = BGCN_LIMB_HIGHBIT; break;
        default: break;
        }
        d[dn - 1] |= BGCN_LIMB_HIGHBIT;
        t_fill(n, nn);
        if (rep % 7 == 3)
            for (long i = 0; i < nn; i++)
                n[i] = BGCN_LIMB_MAX;
        for (long i = 0; i < dn; i++)
            dc[i] = ~d[i];
        memcpy(w1, n, nn * sizeof *n);
        memcpy(w2, n, nn * sizeof *n);
        bgcn_limb_t dinv = bgcn_invert_3by2(d[dn - 1], d[dn - 2]);
        bgcn_limb_t h1 = bgcn_sbpi1c_div_qr(q1, w1, nn, d, dc, dn, dinv);
        bgcn_limb_t h2 = bgcn_sbpi1_div_qr(q2, w2, nn, d, dn, dinv);
        gmp_divmod(wq, wr, n, nn, d, dn);
        cr_assert_eq(h1, wq[nn - dn], "qh nn=%ld dn=%ld", nn, dn);
        cr_assert_eq(h2, h1, "twin qh nn=%ld dn=%ld", nn, dn);
        cr_assert(t_equal("sbc q", q1, wq, nn - dn), "nn=%ld dn=%ld", nn, dn);
        cr_assert(t_equal("sbc r", w1, wr, dn), "nn=%ld dn=%ld", nn, dn);
        cr_assert(t_equal("twin q", q2, q1, nn - dn), "nn=%ld dn=%ld", nn, dn);
        cr_assert(t_equal("twin r", w2, w1, dn), "nn=%ld dn=%ld", nn, dn);
        cr_assert(t_check_guards(q1, nn - dn + 1) && t_check_guards(q2, nn - dn + 1));
        free(n); free(d); free(dc); free(w1); free(w2); free(wq); free(wr);
        t_free_guarded(q1);
        t_free_guarded(q2);
    }
}

/* ---- divide and conquer ------------------------------------------------- */

/* The D&C recursion with a tiny threshold, so that every branch (short
 * quotient, unbalanced blocks, corrections) runs at small sizes and is
 * checked against the bitwise reference too. */
Test(div, dc_small_threshold)
{
    long saved = bgcn_div_dc_threshold;
    for (long thr = 4; thr <= 9; thr++) {
        bgcn_div_dc_threshold = thr;
        for (long dn = 2; dn <= 40; dn++)
            for (int rep = 0; rep < 3; rep++) {
                long nn = dn + t_rand_size(0, 3 * dn + 5);
                bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
                t_fill(n, nn);
                fill_divisor(d, dn);
                check_tdiv(n, nn, d, dn, dn <= 8 && nn <= 20);
                free(n);
                free(d);
            }
    }
    bgcn_div_dc_threshold = saved;
}

/* bgcn_dcpi1_div_qr called directly on normalised divisors, sizes from
 * below the threshold to 3x above it, against GMP. */
Test(div, dcpi1_direct)
{
    long thr = bgcn_div_dc_threshold;
    for (long dn = 2; dn <= 3 * thr + 3; dn += (dn < thr - 3 ? 7 : 1)) {
        long nn = dn + t_rand_size(0, 3 * dn);
        bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
        bgcn_limb_t *w = malloc(nn * sizeof *w), *q = t_alloc_guarded(nn - dn + 1);
        bgcn_limb_t *wq = malloc((nn - dn + 1) * sizeof *wq), *wr = malloc(dn * sizeof *wr);
        t_fill(n, nn);
        fill_divisor(d, dn);
        d[dn - 1] |= BGCN_LIMB_HIGHBIT;
        memcpy(w, n, nn * sizeof *n);
        bgcn_limb_t qh = 7;
        cr_assert(bgcn_dcpi1_div_qr(&qh, q, w, nn, d, dn,
                                    bgcn_invert_3by2(d[dn - 1], d[dn - 2])) == BGCN_OK);
        gmp_divmod(wq, wr, n, nn, d, dn);
        cr_assert_eq(qh, wq[nn - dn], "qh nn=%ld dn=%ld", nn, dn);
        cr_assert(t_equal("dc q", q, wq, nn - dn), "dc q nn=%ld dn=%ld", nn, dn);
        cr_assert(t_equal("dc r", w, wr, dn), "dc r nn=%ld dn=%ld", nn, dn);
        cr_assert(t_check_guards(q, nn - dn + 1));
        free(n); free(d); free(w); free(wq); free(wr);
        t_free_guarded(q);
    }
}

/* Both sides of the tdiv_qr dispatch threshold, 1x..3x. */
Test(div, tdiv_qr_threshold_span)
{
    long thr = bgcn_div_dc_threshold;
    for (long dn = thr - 3; dn <= 3 * thr; dn += 1 + dn / 16) {
        for (int rep = 0; rep < 2; rep++) {
            long nn = dn + (rep ? dn + t_rand_size(-3, 3) : t_rand_size(0, 4 * dn));
            if (nn < dn)
                nn = dn;
            bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
            t_fill(n, nn);
            fill_divisor(d, dn);
            check_tdiv(n, nn, d, dn, 0);
            free(n);
            free(d);
        }
    }
}

Test(div, tdiv_qr_large)
{
    for (int rep = 0; rep < 6; rep++) {
        long dn = t_rand_size(100, 2500), nn = dn + t_rand_size(0, 2500);
        bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
        t_fill(n, nn);
        fill_divisor(d, dn);
        check_tdiv(n, nn, d, dn, 0);
        free(n);
        free(d);
    }
}

/* ---- exact division ----------------------------------------------------- */

Test(div, binvert_limb)
{
    for (int i = 0; i < 10000; i++) {
        bgcn_limb_t d = t_rand() | 1;
        if (i == 0) d = 1;
        if (i == 1) d = BGCN_LIMB_MAX;
        cr_assert_eq(d * bgcn_binvert_limb(d), 1);
    }
}

Test(div, divexact_1)
{
    for (long n = 1; n <= 200; n += (n < 30 ? 1 : 11))
        for (int rep = 0; rep < 10; rep++) {
            bgcn_limb_t d = pick_d1();
            /* N = Q * d in n limbs: Q of n limbs, keep the low n limbs of
             * the product only when it fits, so draw Q below B^n / d. */
            bgcn_limb_t *qq = malloc(n * sizeof *qq), *nb = malloc((n + 1) * sizeof *nb);
            t_fill(qq, n);
            nb[n] = bgcn_mul_1(nb, qq, n, d);
            long nn = n + (nb[n] != 0);
            bgcn_limb_t *q = t_alloc_guarded(nn), *want = malloc(nn * sizeof *want);
            mpn_divexact_1((mp_limb_t *)want, (const mp_limb_t *)nb, nn, d);
            bgcn_divexact_1(q, nb, nn, d);
            cr_assert(t_equal("divexact_1", q, want, nn), "n=%ld d=%llx", nn,
                      (unsigned long long)d);
            cr_assert(t_check_guards(q, nn));
            bgcn_copyi(q, nb, nn);
            bgcn_divexact_1(q, q, nn, d);
            cr_assert(t_equal("divexact_1 in place", q, want, nn));
            t_free_guarded(q);
            free(want); free(qq); free(nb);
        }
}

/* N = Q * D with D carrying trailing zero limbs and bits; sizes on both
 * sides of BGCN_DIVEXACT_DC_THRESHOLD. */
static void check_divexact(long qn0, long dn)
{
    bgcn_limb_t *d = malloc(dn * sizeof *d), *q0 = malloc(qn0 * sizeof *q0);
    fill_divisor(d, dn);
    t_fill(q0, qn0);
    switch (t_rand_below(4)) {
    case 0: /* trailing zero limbs */
        for (long i = 0; i < dn - 1 && i < 3; i++) d[i] = 0;
        break;
    case 1: d[0] &= ~(bgcn_limb_t)0 << t_rand_below(64); break;
    default: break;
    }
    if (bgcn_normalized_size(d, dn) == 0)
        d[dn - 1] = 1;
    mpz_t Q, D, N, W;
    mpz_inits(Q, D, N, W, NULL);
    mpz_import(Q, qn0, -1, 8, 0, 0, q0);
    mpz_import(D, dn, -1, 8, 0, 0, d);
    mpz_mul(N, Q, D);
    long nn = (long)mpz_size(N);
    if (nn < dn) nn = dn;
    bgcn_limb_t *n = calloc(nn, sizeof *n);
    mpz_export(n, NULL, -1, 8, 0, 0, N);
    long qn = nn - dn + 1;
    bgcn_limb_t *q = t_alloc_guarded(qn), *want = calloc(qn, sizeof *want);
    mpz_divexact(W, N, D);
    mpz_export(want, NULL, -1, 8, 0, 0, W);
    cr_assert(bgcn_divexact(q, n, nn, d, dn) == BGCN_OK);
    if (!t_equal("divexact", q, want, qn)) {
        t_dump("N", n, nn);
        t_dump("D", d, dn);
        cr_assert_fail("divexact nn=%ld dn=%ld", nn, dn);
    }
    cr_assert(t_check_guards(q, qn));
    t_free_guarded(q);
    mpz_clears(Q, D, N, W, NULL);
    free(d); free(q0); free(n); free(want);
}

Test(div, divexact)
{
    for (long dn = 1; dn <= 12; dn++)
        for (long qn = 1; qn <= 12; qn++)
            check_divexact(qn, dn);
    long thr = BGCN_DIVEXACT_DC_THRESHOLD;
    for (int rep = 0; rep < 40; rep++)
        check_divexact(t_rand_size(1, 3 * thr), t_rand_size(1, 3 * thr));
    for (long k = thr - 2; k <= thr + 2; k++) {
        check_divexact(k, k);
        check_divexact(k + 1, k);
        check_divexact(k, k + 1);
    }
}

/* One random size up to 10^5 limbs per run (balanced or not). */
Test(div, tdiv_qr_huge)
{
    long dn = t_rand_size(1000, 50000), nn = dn + t_rand_size(0, 50000);
    bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
    t_fill(n, nn);
    fill_divisor(d, dn);
    long qn = nn - dn + 1;
    bgcn_limb_t *q = t_alloc_guarded(qn), *r = t_alloc_guarded(dn);
    bgcn_limb_t *wq = malloc(qn * sizeof *wq), *wr = malloc(dn * sizeof *wr);
    gmp_divmod(wq, wr, n, nn, d, dn);
    cr_assert(bgcn_tdiv_qr(q, r, n, nn, d, dn) == BGCN_OK);
    cr_assert(t_equal("q", q, wq, qn) && t_equal("r", r, wr, dn),
              "tdiv_qr nn=%ld dn=%ld", nn, dn);
    cr_assert(t_check_guards(q, qn) && t_check_guards(r, dn));
    t_free_guarded(q);
    t_free_guarded(r);
    free(n); free(d); free(wq); free(wr);
}

/* bgcn_tdiv_qr with the k-th allocation failing, for each k until the
 * call gets through: every failure must be reported (and ASan checks
 * nothing leaks); then the result must be GMP's. */
static void check_tdiv_enomem(const bgcn_limb_t *n, long nn,
                              const bgcn_limb_t *d, long dn)
{
    bgcn_limb_t *q = malloc((nn - dn + 1) * sizeof *q), *r = malloc(dn * sizeof *r);
    bgcn_limb_t *wq = malloc((nn - dn + 1) * sizeof *wq), *wr = malloc(dn * sizeof *wr);
    gmp_divmod(wq, wr, n, nn, d, dn);
    for (long k = 1;; k++) {
        bgcn_alloc_fail_after(k);
        bgcn_status st = bgcn_tdiv_qr(q, r, n, nn, d, dn);
        bgcn_alloc_fail_after(0);
        if (st == BGCN_OK)
            break;
        cr_assert(st == BGCN_ENOMEM);
        cr_assert(k < 10000);
    }
    cr_assert(t_equal("q", q, wq, nn - dn + 1) && t_equal("r", r, wr, dn));
    free(wq);
    free(wr);
    free(q);
    free(r);
}

Test(div, tdiv_qr_enomem)
{
    long nn = 600, dn = 300;
    bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
    t_fill(n, nn);
    fill_divisor(d, dn);
    check_tdiv_enomem(n, nn, d, dn);
    free(n);
    free(d);
}

Test(div, eintr)
{
    long nn = 4000, dn = 2000;
    bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
    bgcn_limb_t *q = malloc((nn - dn + 1) * sizeof *q), *r = malloc(dn * sizeof *r);
    t_fill(n, nn);
    fill_divisor(d, dn);
    d[dn - 1] |= 1;
    bgcn_interrupt_flag = 1;
    bgcn_status st = bgcn_tdiv_qr(q, r, n, nn, d, dn);
    bgcn_interrupt_flag = 0;
    cr_assert(st == BGCN_EINTR);
    free(n); free(d); free(q); free(r);
}

/* ---- Newton reciprocal and mu division (div_newton.c) -------------------- */

/* Normalised divisors in adversarial shapes: random, top limb just above
 * B/2, B/2 exactly with zeros below (X = 2B^n - 1), all ones, sparse,
 * 2^k - 1 patterns, alternating all-ones / zero limbs. */
static void fill_norm_divisor(bgcn_limb_t *dp, long dn)
{
    t_fill(dp, dn);
    switch (t_rand_below(7)) {
    case 0: dp[dn - 1] = BGCN_LIMB_HIGHBIT + t_rand_below(3); break;
    case 1:
        for (long i = 0; i < dn; i++) dp[i] = 0;
        dp[dn - 1] = BGCN_LIMB_HIGHBIT;
        break;
    case 2: for (long i = 0; i < dn; i++) dp[i] = BGCN_LIMB_MAX; break;
    case 3:
        for (long i = 0; i < dn; i++) dp[i] = t_rand_below(8) ? 0 : t_rand();
        break;
    case 4:
        for (long i = 0; i < dn; i++) dp[i] = (i & 1) ? BGCN_LIMB_MAX : 0;
        break;
    case 5: dp[0] |= 1; dp[dn - 1] = BGCN_LIMB_MAX; break;
    default: break;
    }
    dp[dn - 1] |= BGCN_LIMB_HIGHBIT;
}

/* 0 <= floor((B^2n - 1)/D) - (B^n + I) <= maxerr. */
static void check_inverse(const bgcn_limb_t *dp, long n, const bgcn_limb_t *ip,
                          unsigned long maxerr)
{
    mpz_t N, D, X, I;
    mpz_inits(N, D, X, I, NULL);
    mpz_ui_pow_ui(N, 2, 128 * (unsigned long)n);
    mpz_sub_ui(N, N, 1);
    mpz_import(D, (size_t)n, -1, sizeof(bgcn_limb_t), 0, 0, dp);
    mpz_fdiv_q(X, N, D);
    mpz_import(I, (size_t)n, -1, sizeof(bgcn_limb_t), 0, 0, ip);
    mpz_setbit(I, 64 * (unsigned long)n);
    mpz_sub(X, X, I);
    if (mpz_sgn(X) < 0 || mpz_cmp_ui(X, maxerr) > 0) {
        t_dump("D", dp, n);
        cr_assert_fail("invertappr n=%ld: error %s (allowed 0..%lu)", n,
                       mpz_get_str(NULL, 10, X), maxerr);
    }
    mpz_clears(N, D, X, I, NULL);
}

Test(div, invertappr)
{
    long saved = bgcn_inv_newton_threshold;
    static const long thr[] = {4, 5, 9, 150};
    for (size_t t = 0; t < sizeof thr / sizeof thr[0]; t++) {
        bgcn_inv_newton_threshold = thr[t];
        for (long n = 1; n <= 200; n += (n < 40 ? 1 : 1 + n / 8)) {
            for (int rep = 0; rep < 3; rep++) {
                bgcn_limb_t *d = malloc(n * sizeof *d), *i = t_alloc_guarded(n);
                fill_norm_divisor(d, n);
                cr_assert(bgcn_invertappr(i, d, n) == BGCN_OK);
                check_inverse(d, n, i, n < bgcn_inv_newton_threshold || n < 4 ? 0 : 8);
                cr_assert(t_check_guards(i, n));
                free(d);
                t_free_guarded(i);
            }
        }
    }
    bgcn_inv_newton_threshold = saved;
}

/* tdiv_qr through the mu division with both thresholds forced small, on
 * balanced and unbalanced shapes and the adversarial divisors above. */
Test(div, mu_small_thresholds)
{
    long s1 = bgcn_inv_newton_threshold, s2 = bgcn_mu_div_threshold;
    long s3 = bgcn_div_dc_threshold;
    static const long mu[] = {1, 2, 3, 7, 20};
    for (size_t t = 0; t < sizeof mu / sizeof mu[0]; t++) {
        bgcn_mu_div_threshold = mu[t];
        bgcn_inv_newton_threshold = 4 + (long)t;
        bgcn_div_dc_threshold = t & 1 ? 4 : s3;
        for (long dn = 1; dn <= 90; dn += 1 + dn / 10) {
            for (int rep = 0; rep < 3; rep++) {
                long nn = dn + (rep == 0 ? dn : rep == 1 ? t_rand_size(0, dn / 2 + 1)
                                                         : t_rand_size(dn, 5 * dn + 9));
                bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
                t_fill_shape(n, nn, (enum t_shape)t_rand_below(T_NSHAPES));
                if (t_rand_below(2))
                    fill_norm_divisor(d, dn);
                else
                    fill_divisor(d, dn);
                check_tdiv(n, nn, d, dn, dn <= 6 && nn <= 16);
                free(n);
                free(d);
            }
        }
    }
    bgcn_inv_newton_threshold = s1;
    bgcn_mu_div_threshold = s2;
    bgcn_div_dc_threshold = s3;
}

/* bgcn_mu_div_qr_preinv with every inverse size 1..dn (the block loop's
 * first, short block and the top-limbs-of-I estimate), against GMP. */
Test(div, mu_preinv_any_size)
{
    for (long dn = 1; dn <= 24; dn++) {
        long nn = dn + t_rand_size(0, 3 * dn + 3);
        bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
        bgcn_limb_t *w = malloc(nn * sizeof *w), *ip = malloc(dn * sizeof *ip);
        bgcn_limb_t *q = t_alloc_guarded(nn - dn + 1);
        bgcn_limb_t *wq = malloc((nn - dn + 1) * sizeof *wq), *wr = malloc(dn * sizeof *wr);
        t_fill(n, nn);
        fill_norm_divisor(d, dn);
        gmp_divmod(wq, wr, n, nn, d, dn);
        for (long in = 1; in <= dn; in++) {
            memcpy(w, n, nn * sizeof *n);
            cr_assert(bgcn_mu_div_inverse(ip, d, dn, in) == BGCN_OK);
            bgcn_limb_t qh = 7;
            cr_assert(bgcn_mu_div_qr_preinv(&qh, q, w, nn, d, dn, ip, in) == BGCN_OK);
            cr_assert_eq(qh, wq[nn - dn], "qh nn=%ld dn=%ld in=%ld", nn, dn, in);
            cr_assert(t_equal("mu q", q, wq, nn - dn), "mu q nn=%ld dn=%ld in=%ld", nn, dn, in);
            cr_assert(t_equal("mu r", w, wr, dn), "mu r nn=%ld dn=%ld in=%ld", nn, dn, in);
            cr_assert(t_check_guards(q, nn - dn + 1));
        }
        free(n); free(d); free(w); free(ip); free(wq); free(wr);
        t_free_guarded(q);
    }
}

/* Around the default thresholds: mu at and above, divide and conquer
 * below, quotient-only and remainder-only included (check_tdiv). */
Test(div, mu_default_threshold_span)
{
    long thr = bgcn_mu_div_threshold;
    for (long dn = thr - 2; dn <= thr + 2; dn += 2) {
        long nn = 2 * dn + t_rand_size(-2, 2);
        bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
        t_fill(n, nn);
        fill_divisor(d, dn);
        check_tdiv(n, nn, d, dn, 0);
        free(n);
        free(d);
    }
}

Test(div, mu_enomem_eintr)
{
    long s1 = bgcn_inv_newton_threshold, s2 = bgcn_mu_div_threshold;
    bgcn_inv_newton_threshold = 8;
    bgcn_mu_div_threshold = 10;
    long nn = 260, dn = 120;
    bgcn_limb_t *n = malloc(nn * sizeof *n), *d = malloc(dn * sizeof *d);
    bgcn_limb_t *q = malloc((nn - dn + 1) * sizeof *q), *r = malloc(dn * sizeof *r);
    t_fill(n, nn);
    fill_norm_divisor(d, dn);
    bgcn_limb_t *ip = malloc(dn * sizeof *ip);
    long sw = bgcn_mulmod_bnm1_ntt_threshold;
    /* second round: through the wrap-around products (on the paths
     * that have them) */
    for (int wrap = 0; wrap < 2; wrap++) {
        bgcn_mulmod_bnm1_ntt_threshold = wrap ? 8 : sw;
        check_tdiv_enomem(n, nn, d, dn);
        bgcn_interrupt_flag = 1;
        cr_assert(bgcn_tdiv_qr(q, r, n, nn, d, dn) == BGCN_EINTR);
        cr_assert(bgcn_invertappr(ip, d, dn) == BGCN_EINTR);
        bgcn_interrupt_flag = 0;
    }
    bgcn_mulmod_bnm1_ntt_threshold = sw;
    bgcn_inv_newton_threshold = s1;
    bgcn_mu_div_threshold = s2;
    free(ip); free(n); free(d); free(q); free(r);
}

/* The Newton residues and the block remainders through the wrap-around
 * product mod B^m - 1 (div_newton.c: residue_wrapped, sub_qd_wrapped;
 * taken on the floating-point NTT's paths from
 * bgcn_mulmod_bnm1_ntt_threshold, here lowered to 8) against their
 * full-product twins (the default threshold, above these sizes): the same
 * inverse limb for limb, the same quotient and remainder, and GMP's,
 * on adversarial divisors and dividends.  On paths without that NTT
 * both runs take the full products. */
Test(div, newton_wrapped_vs_full)
{
    long s1 = bgcn_inv_newton_threshold, s2 = bgcn_mu_div_threshold;
    long sw = bgcn_mulmod_bnm1_ntt_threshold;
    bgcn_inv_newton_threshold = 6;
    bgcn_mu_div_threshold = 4;
    for (long n = 8; n <= 700; n += 1 + n / 6) {
        bgcn_limb_t *d = malloc(n * sizeof *d), *i1 = t_alloc_guarded(n);
        bgcn_limb_t *i2 = malloc(n * sizeof *i2);
        fill_norm_divisor(d, n);
        bgcn_mulmod_bnm1_ntt_threshold = 8;
        cr_assert(bgcn_invertappr(i1, d, n) == BGCN_OK);
        bgcn_mulmod_bnm1_ntt_threshold = sw;
        cr_assert(bgcn_invertappr(i2, d, n) == BGCN_OK);
        cr_assert(t_equal("invertappr wrapped vs full", i1, i2, n), "n=%ld", n);
        check_inverse(d, n, i1, 8);
        cr_assert(t_check_guards(i1, n));

        long dn = n, nn = dn + (n % 3 ? dn : t_rand_size(dn / 2, 3 * dn));
        bgcn_limb_t *x = malloc(nn * sizeof *x);
        t_fill_shape(x, nn, (enum t_shape)t_rand_below(T_NSHAPES));
        if (t_rand_below(2))
            fill_divisor(d, dn);
        bgcn_mulmod_bnm1_ntt_threshold = 8;
        check_tdiv(x, nn, d, dn, 0);
        bgcn_mulmod_bnm1_ntt_threshold = sw;
        check_tdiv(x, nn, d, dn, 0);
        free(x);
        free(d);
        t_free_guarded(i1);
        free(i2);
    }
    bgcn_inv_newton_threshold = s1;
    bgcn_mu_div_threshold = s2;
}

/* Divisors just above a power of two (B^(n-1) 2^63 + a few units),
 * powers of two +- 1 in the top limb with zeros or ones below, and the
 * rest of fill_norm_divisor. */
static void fill_edge_divisor(bgcn_limb_t *dp, long dn)
{
    switch (t_rand_below(4)) {
    case 0:
        memset(dp, 0, dn * sizeof *dp);
        dp[dn - 1] = BGCN_LIMB_HIGHBIT;
        dp[0] = t_rand_below(4);
        break;
    case 1:
        memset(dp, 0, dn * sizeof *dp);
        dp[dn - 1] = BGCN_LIMB_HIGHBIT | 1;
        break;
    case 2:
        memset(dp, 0xff, dn * sizeof *dp);
        dp[0] = BGCN_LIMB_MAX - 1; /* B^n - 2 */
        break;
    default:
        fill_norm_divisor(dp, dn);
    }
}

/* Newton's inverse and the mu blocks through the prepared operands
 * (bgcn_mulpre: the divisor, the inverse and each level's x_h
 * transformed once) against the plain products (bgcn_mulpre_slow, the
 * twin) and GMP: the thresholds of the Newton iteration, the mu
 * division, the wrap-around product and the NTT lowered so that sizes
 * from 8 limbs reach them, around transform lengths, balanced,
 * short and unbalanced quotients, divisors just above powers of two and
 * all-ones dividends.  Same inverse limb for limb both ways. */
Test(div, newton_prepared_vs_twin)
{
    long s1 = bgcn_inv_newton_threshold, s2 = bgcn_mu_div_threshold;
    long sw = bgcn_mulmod_bnm1_ntt_threshold, sm = bgcn_mul_ntt_threshold;
    long sk[BGCN_NTT_KTAB];
    memcpy(sk, bgcn_mul_ntt_min_k, sizeof sk);
    bgcn_inv_newton_threshold = 6;
    bgcn_mu_div_threshold = 4;
    bgcn_mulmod_bnm1_ntt_threshold = 8;
    bgcn_mul_ntt_threshold = 32;
    memset(bgcn_mul_ntt_min_k, 0, sizeof sk);
    for (long n = 8; n <= 2100; n += 1 + n / 5 + (long)t_rand_below(4)) {
        bgcn_limb_t *d = malloc(n * sizeof *d), *i1 = t_alloc_guarded(n);
        bgcn_limb_t *i2 = malloc(n * sizeof *i2);
        fill_edge_divisor(d, n);
        bgcn_mulpre_slow = 0;
        cr_assert(bgcn_invertappr(i1, d, n) == BGCN_OK);
        bgcn_mulpre_slow = 1;
        cr_assert(bgcn_invertappr(i2, d, n) == BGCN_OK);
        bgcn_mulpre_slow = 0;
        cr_assert(t_equal("invertappr prepared vs twin", i1, i2, n), "n=%ld", n);
        check_inverse(d, n, i1, 8);
        cr_assert(t_check_guards(i1, n));
        for (int shape = 0; shape < 3; shape++) {
            long dn = n;
            long nn = shape == 0   ? 2 * dn
                      : shape == 1 ? dn + t_rand_size(1, dn / 2 + 1)
                                   : dn + t_rand_size(dn, 4 * dn);
            bgcn_limb_t *x = malloc(nn * sizeof *x);
            if (t_rand_below(4) == 0)
                memset(x, 0xff, nn * sizeof *x);
            else
                t_fill_shape(x, nn, (enum t_shape)t_rand_below(T_NSHAPES));
            if (shape == 2 && t_rand_below(2))
                fill_divisor(d, dn); /* not normalised: tdiv_qr shifts */
            for (int slow = 0; slow < 2; slow++) {
                bgcn_mulpre_slow = slow;
                check_tdiv(x, nn, d, dn, 0);
            }
            bgcn_mulpre_slow = 0;
            free(x);
        }
        free(d);
        t_free_guarded(i1);
        free(i2);
    }
    memcpy(bgcn_mul_ntt_min_k, sk, sizeof sk);
    bgcn_mul_ntt_threshold = sm;
    bgcn_mulmod_bnm1_ntt_threshold = sw;
    bgcn_inv_newton_threshold = s1;
    bgcn_mu_div_threshold = s2;
}
