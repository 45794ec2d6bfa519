/* prime.c -- BPSW primality test.  Contract in bgcn.h.
 *
 * 1. Trial division by the odd primes below 1024, several at once: one
 *    bgcn_mod_1 by a product of primes that fits a limb, then the
 *    residues of the small factors.  n < 1024^2 is then decided.
 * 2. Strong Miller-Rabin to base 2: n-1 = d*2^s; 2^d comes from
 *    bgcn_powm, whose base-2 path needs modular doublings instead of
 *    multiplications; then up to s-1 squarings looking for -1.
 * 3. Strong Lucas test with Selfridge's parameters: D is the first of
 *    5, -7, 9, -11, 13, ... with (D/n) = -1, P = 1, Q = (1-D)/4.  A
 *    square n never finds such a D, so squares are excluded (bgcn_sqrtrem)
 *    once a few candidates have failed.  n+1 = d*2^s; the ladder keeps
 *    (V_k, V_{k+1}, Q^k) in Montgomery form:
 *        V_2k = V_k^2 - 2Q^k,  V_2k+1 = V_k V_k+1 - P Q^k.
 *    U_d is not computed: D U_d = 2 V_d+1 - P V_d, and D is invertible
 *    mod n, so U_d = 0 exactly when 2 V_d+1 = V_d (P = 1).  n passes when
 *    U_d = 0 or V_(d 2^r) = 0 for some 0 <= r < s.  For D = 5 (Q = -1,
 *    about half of all n) Q^k is +-1 and needs no products: two products
 *    per bit instead of about three and a half.
 * BPSW has no known counterexample, and none below 2^64 (checked
 * exhaustively against Feitsma's list of base-2 pseudoprimes), so for
 * n < 2^64 the answer is exact.  Larger n can add Miller-Rabin rounds to
 * random bases from the caller's generator. */
#include "bgcn.h"

#include "nt-impl.h"

const unsigned short bgcn_small_primes[BGCN_NSMALL_PRIMES] = {
    3,   5,   7,   11,  13,  17,  19,  23,  29,  31,  37,  41,  43,  47,  53,
    59,  61,  67,  71,  73,  79,  83,  89,  97,  101, 103, 107, 109, 113, 127,
    131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199,
    211, 223, 227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283,
    293, 307, 311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 379, 383,
    389, 397, 401, 409, 419, 421, 431, 433, 439, 443, 449, 457, 461, 463, 467,
    479, 487, 491, 499, 503, 509, 521, 523, 541, 547, 557, 563, 569, 571, 577,
    587, 593, 599, 601, 607, 613, 617, 619, 631, 641, 643, 647, 653, 659, 661,
    673, 677, 683, 691, 701, 709, 719, 727, 733, 739, 743, 751, 757, 761, 769,
    773, 787, 797, 809, 811, 821, 823, 827, 829, 839, 853, 857, 859, 863, 877,
    881, 883, 887, 907, 911, 919, 929, 937, 941, 947, 953, 967, 971, 977, 983,
    991, 997, 1009, 1013, 1019, 1021};

long bgcn_odd_primes_below(unsigned *ps, unsigned char *sieve, unsigned lim)
{
    /* sieve[i] stands for 2i+1 */
    unsigned half = lim / 2;
    for (unsigned i = 0; i < half; i++)
        sieve[i] = 1;
    if (half)
        sieve[0] = 0; /* 1 */
    for (unsigned i = 1; (2 * i + 1) * (2 * i + 1) < lim; i++)
        if (sieve[i])
            for (unsigned j = (2 * i + 1) * (2 * i + 1) / 2; j < half;
                 j += 2 * i + 1)
                sieve[j] = 0;
    long cnt = 0;
    for (unsigned i = 1; i < half; i++)
        if (sieve[i])
            ps[cnt++] = 2 * i + 1;
    return cnt;
}

/* 1 if some small prime divides n (n > 1021 assumed by the caller, or
 * n != that prime), 0 otherwise. */
static int trial_divide(const bgcn_limb_t *np, long nn)
{
    int i = 0;
    while (i < BGCN_NSMALL_PRIMES) {
        /* pack primes while the product fits a limb */
        bgcn_limb_t prod = 1;
        int j = i;
        while (j < BGCN_NSMALL_PRIMES &&
               prod <= BGCN_LIMB_MAX / bgcn_small_primes[j])
            prod *= bgcn_small_primes[j++];
        bgcn_limb_t r = bgcn_mod_1(np, nn, prod);
        for (int k = i; k < j; k++)
            if (r % bgcn_small_primes[k] == 0)
                return 1;
        i = j;
    }
    return 0;
}

/* {rp,n} = a - b mod m for a, b < m */
static void mod_sub(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                    const bgcn_limb_t *bp, const bgcn_limb_t *mp, long n)
{
    if (bgcn_sub_n(rp, ap, bp, n))
        bgcn_add_n(rp, rp, mp, n);
}

/* {rp,n} = a + b mod m for a, b < m */
static void mod_add(bgcn_limb_t *rp, const bgcn_limb_t *ap,
                    const bgcn_limb_t *bp, const bgcn_limb_t *mp, long n)
{
    bgcn_limb_t c = bgcn_add_n(rp, ap, bp, n);
    if (c || bgcn_cmp(rp, mp, n) >= 0)
        bgcn_sub_n(rp, rp, mp, n);
}

static int is_zero(const bgcn_limb_t *p, long n)
{
    return bgcn_normalized_size(p, n) == 0;
}

bgcn_status bgcn_sprp(int *result, bgcn_mont *ctx, const bgcn_limb_t *ap)
{
    long n = ctx->n;
    const bgcn_limb_t *mp = ctx->mp;
    bgcn_status st = BGCN_OK;
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)4 * (size_t)n);
    if (!blk)
        return BGCN_ENOMEM;
    bgcn_limb_t *d = blk, *x = blk + n, *mone = blk + 2 * n, *y = blk + 3 * n;
    /* n - 1 = d * 2^s */
    bgcn_copyi(d, mp, n);
    d[0] &= ~(bgcn_limb_t)1;
    long z = 0;
    while (d[z] == 0)
        z++;
    unsigned long s = (unsigned long)z * 64 + (unsigned long)__builtin_ctzll(d[z]);
    for (long i = 0; i < n - z; i++) /* move down */
        d[i] = d[i + z];
    long dn = n - z;
    if (s % 64)
        bgcn_rshift(d, d, dn, (unsigned)(s % 64));
    if ((st = bgcn_powm(y, ap, n, d, dn, mp, n)) != BGCN_OK)
        goto done;
    /* to Montgomery form; -1 there is m - R mod m */
    if ((st = bgcn_mont_to(ctx, x, y, n)) != BGCN_OK)
        goto done;
    bgcn_zero(y, n);
    mod_sub(mone, y, ctx->one, mp, n);
    *result = 1;
    if (bgcn_cmp(x, ctx->one, n) == 0 || bgcn_cmp(x, mone, n) == 0)
        goto done;
    for (unsigned long r = 1; r < s; r++) {
        if ((st = bgcn_mont_sqr(ctx, x, x)) != BGCN_OK)
            goto done;
        if (bgcn_cmp(x, mone, n) == 0)
            goto done;
        if (bgcn_cmp(x, ctx->one, n) == 0)
            break;
    }
    *result = 0;
done:
    bgcn_free_limbs(blk);
    return st;
}

/* Strong Lucas-Selfridge test of odd n (no small factors, not a square
 * unless the D search finds that out). */
static bgcn_status strong_lucas(int *result, bgcn_mont *ctx)
{
    long n = ctx->n;
    const bgcn_limb_t *mp = ctx->mp;
    bgcn_status st = BGCN_OK;
    /* Selfridge's D: 5, -7, 9, -11, ... */
    long D = 5;
    for (int tries = 0;; tries++) {
        bgcn_limb_t ad = (bgcn_limb_t)(D < 0 ? -D : D);
        bgcn_limb_t r = bgcn_mod_1(mp, n, ad);
        int j = bgcn_jacobi_11(r, ad);
        /* (D/n) from (n/|D|) by reciprocity: (-1/n) flips for n = 3 mod
         * 4; (|D|/n) = (n/|D|) unless both are 3 mod 4. */
        if (D < 0 && (mp[0] & 3) == 3)
            j = -j;
        if ((ad & 3) == 3 && (mp[0] & 3) == 3)
            j = -j;
        if (j == -1)
            break;
        if (j == 0 && !(n == 1 && mp[0] == ad)) {
            *result = 0; /* |D| shares a factor with n */
            return BGCN_OK;
        }
        if (tries == 20) {
            /* a square never gives -1: check once */
            bgcn_limb_t *sq = bgcn_alloc_limbs((size_t)n / 2 + 1);
            if (!sq)
                return BGCN_ENOMEM;
            long rn;
            st = bgcn_sqrtrem(sq, NULL, &rn, mp, n);
            bgcn_free_limbs(sq);
            if (st != BGCN_OK)
                return st;
            if (rn == 0) {
                *result = 0;
                return BGCN_OK;
            }
        }
        D = D > 0 ? -(D + 2) : -D + 2;
        if (bgcn_interrupt_flag)
            return BGCN_EINTR;
    }
    long Q = (1 - D) / 4;
    /* n + 1 = d * 2^s (n odd, so n + 1 is even) */
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)8 * (size_t)n + 1);
    if (!blk)
        return BGCN_ENOMEM;
    bgcn_limb_t *d = blk, *V = blk + n + 1, *W = V + n, *Qk = W + n,
                *Qm = Qk + n, *t = Qm + n, *u = t + n, *tmp = u + n;
    bgcn_copyi(d, mp, n);
    d[n] = bgcn_add_1(d, d, n, 1);
    long dn = n + 1;
    dn = bgcn_normalized_size(d, dn);
    long z = 0;
    while (d[z] == 0)
        z++;
    unsigned long s = (unsigned long)z * 64 + (unsigned long)__builtin_ctzll(d[z]);
    for (long i = 0; i < dn - z; i++) /* move down */
        d[i] = d[i + z];
    dn -= z;
    if (s % 64) {
        bgcn_rshift(d, d, dn, (unsigned)(s % 64));
        dn = bgcn_normalized_size(d, dn);
    }
    /* Q in Montgomery form (Q may be negative) */
    bgcn_limb_t aq = (bgcn_limb_t)(Q < 0 ? -Q : Q);
    if ((st = bgcn_mont_to(ctx, tmp, &aq, 1)) != BGCN_OK)
        goto done;
    if (Q < 0) {
        bgcn_zero(u, n);
        mod_sub(Qm, u, tmp, mp, n);
    } else {
        bgcn_copyi(Qm, tmp, n);
    }
    /* k = 0: V_0 = 2, V_1 = P = 1, Q^0 = 1 */
    bgcn_copyi(W, ctx->one, n);
    mod_add(V, ctx->one, ctx->one, mp, n);
    bgcn_copyi(Qk, ctx->one, n);
    unsigned long bits = (unsigned long)dn * 64 - (unsigned long)__builtin_clzll(d[dn - 1]);
    for (unsigned long i = bits; i-- > 0;) {
        if (i % 32 == 0 && bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        int bit = (int)((d[i / 64] >> (i % 64)) & 1);
        /* t = V_k V_k+1 - Q^k  (= V_2k+1, P = 1) */
        if ((st = bgcn_mont_mul(ctx, t, V, W)) != BGCN_OK)
            goto done;
        mod_sub(t, t, Qk, mp, n);
        if (bit == 0) {
            /* V = V_k^2 - 2 Q^k; W = t; Q^2k */
            if ((st = bgcn_mont_sqr(ctx, V, V)) != BGCN_OK)
                goto done;
            mod_add(u, Qk, Qk, mp, n);
            mod_sub(V, V, u, mp, n);
            bgcn_copyi(W, t, n);
            if (Q == -1) /* Q^k = +-1: no products needed */
                bgcn_copyi(Qk, ctx->one, n);
            else if ((st = bgcn_mont_sqr(ctx, Qk, Qk)) != BGCN_OK)
                goto done;
        } else {
            /* V = t; W = V_k+1^2 - 2 Q^k+1; Q^2k+1 */
            if ((st = bgcn_mont_sqr(ctx, W, W)) != BGCN_OK)
                goto done;
            if (Q == -1) { /* Q^(k+1) = -Q^k */
                bgcn_zero(u, n);
                mod_sub(u, u, Qk, mp, n);
            } else if ((st = bgcn_mont_mul(ctx, u, Qk, Qm)) != BGCN_OK) {
                goto done;
            }
            mod_add(u, u, u, mp, n);
            mod_sub(W, W, u, mp, n);
            bgcn_copyi(V, t, n);
            if (Q == -1) { /* Q^(2k+1) = -1 */
                bgcn_copyi(Qk, Qm, n);
            } else {
                if ((st = bgcn_mont_sqr(ctx, Qk, Qk)) != BGCN_OK)
                    goto done;
                if ((st = bgcn_mont_mul(ctx, Qk, Qk, Qm)) != BGCN_OK)
                    goto done;
            }
        }
    }
    /* U_d = 0  <=>  2 V_d+1 = V_d */
    *result = 1;
    mod_add(u, W, W, mp, n);
    if (bgcn_cmp(u, V, n) == 0 || is_zero(V, n))
        goto done;
    for (unsigned long r = 1; r < s; r++) {
        if ((st = bgcn_mont_sqr(ctx, V, V)) != BGCN_OK)
            goto done;
        mod_add(u, Qk, Qk, mp, n);
        mod_sub(V, V, u, mp, n);
        if (is_zero(V, n))
            goto done;
        if (Q == -1)
            bgcn_copyi(Qk, ctx->one, n);
        else if ((st = bgcn_mont_sqr(ctx, Qk, Qk)) != BGCN_OK)
            goto done;
    }
    *result = 0;
done:
    bgcn_free_limbs(blk);
    return st;
}

bgcn_status bgcn_isprime(int *result, const bgcn_limb_t *np, long nn,
                         int reps, bgcn_rand_fn rnd, void *rnd_state)
{
    BGCN_ASSERT(nn >= 1);
    nn = bgcn_normalized_size(np, nn);
    *result = 0;
    if (nn == 0)
        return BGCN_OK;
    if (nn == 1 && np[0] < 1024) {
        bgcn_limb_t v = np[0];
        if (v < 2)
            return BGCN_OK;
        if (v == 2) {
            *result = 2;
            return BGCN_OK;
        }
        if (!(v & 1))
            return BGCN_OK;
        for (int i = 0; i < BGCN_NSMALL_PRIMES && bgcn_small_primes[i] * bgcn_small_primes[i] <= v; i++)
            if (v % bgcn_small_primes[i] == 0)
                return BGCN_OK;
        *result = 2;
        return BGCN_OK;
    }
    if (!(np[0] & 1) || trial_divide(np, nn))
        return BGCN_OK;
    if (nn == 1 && np[0] < 1024 * 1024) {
        *result = 2;
        return BGCN_OK;
    }
    BGCN_ASSERT(reps <= 0 || rnd != NULL);
    bgcn_mont ctx;
    BGCN_TRY(bgcn_mont_init(&ctx, np, nn));
    bgcn_status st;
    int r = 0;
    bgcn_limb_t *a = bgcn_alloc_limbs((size_t)nn + 1);
    if (!a) {
        st = BGCN_ENOMEM;
        goto done;
    }
    bgcn_zero(a, nn);
    a[0] = 2;
    if ((st = bgcn_sprp(&r, &ctx, a)) != BGCN_OK || !r)
        goto done;
    if ((st = strong_lucas(&r, &ctx)) != BGCN_OK || !r)
        goto done;
    if (nn > 1 && reps > 0) {
        /* bases (random mod (n-3)) + 2 in [2, n-2]; the bias of reducing
         * nn+1 random limbs is below 2^-64 */
        bgcn_limb_t *rv = bgcn_alloc_limbs((size_t)2 * (size_t)nn + 1);
        if (!rv) {
            st = BGCN_ENOMEM;
            goto done;
        }
        bgcn_limb_t *nm3 = rv + nn + 1;
        bgcn_sub_1(nm3, np, nn, 3);
        long mn3 = bgcn_normalized_size(nm3, nn);
        for (int i = 0; i < reps && r && st == BGCN_OK; i++) {
            if (bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                break;
            }
            for (long j = 0; j <= nn; j++)
                rv[j] = rnd(rnd_state);
            st = bgcn_tdiv_qr(NULL, a, rv, nn + 1, nm3, mn3);
            if (st != BGCN_OK)
                break;
            bgcn_zero(a + mn3, nn - mn3);
            bgcn_add_1(a, a, nn, 2);
            st = bgcn_sprp(&r, &ctx, a);
        }
        bgcn_free_limbs(rv);
        if (st != BGCN_OK)
            goto done;
    }
    *result = r ? (nn == 1 ? 2 : 1) : 0;
done:
    bgcn_free_limbs(a);
    bgcn_mont_clear(&ctx);
    return st;
}
