/* fac.c -- factorial, its modular form, and the product tree shared with
 * the binomial.  Contracts in bgcn.h.
 *
 * n! = 2^(n - popcount(n)) * prod_{k>=0} L(n >> k), where L(x) is the
 * product of the odd numbers <= x (each odd j contributes once per k with
 * j <= n/2^k; the powers of two are counted by Legendre's formula).  Going
 * from the largest k down, L(n >> k) = L(n >> (k+1)) * (odd numbers in
 * (n >> (k+1), n >> k]), so P = L(.) grows by one range product per step
 * and R collects R *= P: about 2 log2(n) big multiplications, plus range
 * products built by binary splitting (balanced operands, so Karatsuba,
 * Toom and the NTT apply).  Small factors are packed several to a limb.
 *
 * n! mod m: one pass over 2..n with factors packed to a limb, each step a
 * one-limb Montgomery step acc = acc*y / 2^64 mod m (O(size of m)); the
 * 2^-64 per step is paid back at the end with 2^(64*steps) mod m from
 * bgcn_powm (base 2: doublings only).  Even m: m = 2^k * o, the odd part
 * as above, n! mod 2^k directly (it is 0 once n - popcount(n) >= k, so n
 * is small otherwise), recombined by CRT. */
#include "bgcn.h"

#include "nt-impl.h"
#include "powm-impl.h"

long bgcn_fac_size(uint64_t n)
{
    if (n < 2)
        return 1;
    /* Stirling: log2 n! <= (n + 1/2) log2 n - n log2 e + log2 sqrt(2 pi)
     * + 1/(12 n ln 2); a margin covers the approximate log2. */
    double x = (double)n;
    double bits = (x + 0.5) * bgcn_log2_approx(x) - x * 1.4426950408889634 +
                  2.0 + x * 1e-8 + 64;
    double limbs = bits / 64 + 2;
    if (limbs > (double)(__LONG_MAX__ / 4))
        return -1;
    return (long)limbs;
}

bgcn_status bgcn_nat_mul_free(bgcn_nat *r, bgcn_nat *a, bgcn_nat *b)
{
    bgcn_status st = BGCN_ENOMEM;
    bgcn_limb_t *p = bgcn_alloc_limbs((size_t)(a->n + b->n));
    if (p) {
        st = a->n >= b->n ? bgcn_mul(p, a->p, a->n, b->p, b->n)
                          : bgcn_mul(p, b->p, b->n, a->p, a->n);
        if (st == BGCN_OK) {
            r->p = p;
            r->n = bgcn_normalized_size(p, a->n + b->n);
        } else {
            bgcn_free_limbs(p);
        }
    }
    bgcn_free_limbs(a->p);
    bgcn_free_limbs(b->p);
    return st;
}

bgcn_status bgcn_prod_limbs(bgcn_nat *r, const bgcn_limb_t *f, long cnt)
{
    BGCN_ASSERT(cnt >= 1);
    if (cnt <= 32) {
        bgcn_limb_t *p = bgcn_alloc_limbs((size_t)cnt + 1);
        if (!p)
            return BGCN_ENOMEM;
        long n = 1;
        p[0] = f[0];
        for (long i = 1; i < cnt; i++) {
            bgcn_limb_t hi = bgcn_mul_1(p, p, n, f[i]);
            if (hi)
                p[n++] = hi;
        }
        r->p = p;
        r->n = n;
        return BGCN_OK;
    }
    BGCN_POLL();
    bgcn_nat a, b;
    long h = cnt / 2;
    BGCN_TRY(bgcn_prod_limbs(&a, f, h));
    bgcn_status st = bgcn_prod_limbs(&b, f + h, cnt - h);
    if (st != BGCN_OK) {
        bgcn_free_limbs(a.p);
        return st;
    }
    return bgcn_nat_mul_free(r, &a, &b);
}

bgcn_status bgcn_prod_progression(bgcn_nat *r, uint64_t first, uint64_t step,
                                  uint64_t cnt)
{
    BGCN_ASSERT(cnt <= 64);
    bgcn_limb_t f[64];
    long fn = 0;
    bgcn_limb_t x = 1;
    /* j may wrap after the last term (first + (cnt-1) step can be
     * 2^64 - 1); the wrapped value is never used. */
    for (uint64_t i = 0, j = first; i < cnt; i++, j += step) {
        BGCN_ASSERT(j != 0);
        if (x > BGCN_LIMB_MAX / j) {
            f[fn++] = x;
            x = 1;
        }
        x *= j;
    }
    f[fn++] = x;
    return bgcn_prod_limbs(r, f, fn);
}

/* *r = product of the odd j with lo < j <= hi (1 if none), allocated. */
static bgcn_status odd_range(bgcn_nat *r, uint64_t lo, uint64_t hi)
{
    uint64_t first = (lo + 1) | 1; /* smallest odd > lo */
    uint64_t cnt = first > hi ? 0 : (hi - first) / 2 + 1;
    if (cnt <= 64)
        return bgcn_prod_progression(r, first, 2, cnt);
    BGCN_POLL();
    uint64_t mid = first + 2 * (cnt / 2) - 1; /* (lo, mid] holds cnt/2 */
    bgcn_nat a, b;
    BGCN_TRY(odd_range(&a, lo, mid));
    bgcn_status st = odd_range(&b, mid, hi);
    if (st != BGCN_OK) {
        bgcn_free_limbs(a.p);
        return st;
    }
    return bgcn_nat_mul_free(r, &a, &b);
}

/* *x = *x * y (both allocated naturals); y is kept. */
static bgcn_status mul_into(bgcn_nat *x, const bgcn_nat *y)
{
    bgcn_limb_t *p = bgcn_alloc_limbs((size_t)(x->n + y->n));
    if (!p)
        return BGCN_ENOMEM;
    bgcn_status st = x->n >= y->n ? bgcn_mul(p, x->p, x->n, y->p, y->n)
                                  : bgcn_mul(p, y->p, y->n, x->p, x->n);
    if (st != BGCN_OK) {
        bgcn_free_limbs(p);
        return st;
    }
    bgcn_free_limbs(x->p);
    x->n = bgcn_normalized_size(p, x->n + y->n);
    x->p = p;
    return BGCN_OK;
}

bgcn_status bgcn_fac(bgcn_limb_t *rp, long *rn, uint64_t n)
{
    if (n <= 20) {
        bgcn_limb_t f = 1;
        for (uint64_t j = 2; j <= n; j++)
            f *= j;
        rp[0] = f;
        *rn = 1;
        return BGCN_OK;
    }
    int top = 63 - __builtin_clzll(n);
    bgcn_nat P = {NULL, 0}, R = {NULL, 0}, Q = {NULL, 0};
    bgcn_status st = BGCN_OK;
    P.p = bgcn_alloc_limbs(1);
    R.p = bgcn_alloc_limbs(1);
    if (!P.p || !R.p) {
        st = BGCN_ENOMEM;
        goto done;
    }
    P.p[0] = R.p[0] = 1;
    P.n = R.n = 1;
    for (int k = top; k >= 0; k--) {
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        uint64_t hi = n >> k, lo = n >> (k + 1);
        if ((st = odd_range(&Q, lo, hi)) != BGCN_OK)
            goto done;
        st = mul_into(&P, &Q);
        bgcn_free_limbs(Q.p);
        Q.p = NULL;
        if (st != BGCN_OK || (st = mul_into(&R, &P)) != BGCN_OK)
            goto done;
    }
    /* times 2^(n - popcount(n)) */
    uint64_t e2 = n - (uint64_t)__builtin_popcountll(n);
    long z = (long)(e2 / 64);
    unsigned sh = (unsigned)(e2 % 64);
    bgcn_zero(rp, z);
    if (sh) {
        rp[z + R.n] = bgcn_lshift(rp + z, R.p, R.n, sh);
        *rn = z + R.n + (rp[z + R.n] != 0);
    } else {
        bgcn_copyi(rp + z, R.p, R.n);
        *rn = z + R.n;
    }
done:
    bgcn_free_limbs(P.p);
    bgcn_free_limbs(R.p);
    bgcn_free_limbs(Q.p);
    return st;
}

/* {rp,mn} = n! mod m for odd m > 1 (normalised, mn limbs), n < m. */
static bgcn_status fac_mod_odd(bgcn_limb_t *rp, uint64_t n,
                               const bgcn_limb_t *mp, long mn)
{
    bgcn_limb_t minv = bgcn_mont_minv(mp[0]);
    uint64_t steps = 0;
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)4 * (size_t)mn + 4);
    if (!blk)
        return BGCN_ENOMEM;
    bgcn_limb_t *acc = blk, *t = blk + mn + 1, *f = t + mn + 2;
    bgcn_status st = BGCN_OK;
    if (mn == 1) {
        /* one limb: everything in registers */
        bgcn_limb_t m = mp[0], a = 1;
        uint64_t k = 2;
        while (k <= n) {
            bgcn_limb_t y = k++;
            while (k <= n && y <= BGCN_LIMB_MAX / k)
                y *= k++;
            unsigned __int128 p = (unsigned __int128)a * y;
            bgcn_limb_t lo = (bgcn_limb_t)p, q = lo * minv;
            unsigned __int128 s = (unsigned __int128)q * m + lo;
            unsigned __int128 r = (p >> 64) + (s >> 64);
            if (r >= m)
                r -= m;
            a = (bgcn_limb_t)r;
            if ((++steps & 0xfffff) == 0 && bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                goto done;
            }
        }
        acc[0] = a;
    } else {
        bgcn_zero(acc, mn);
        acc[0] = 1;
        uint64_t k = 2;
        while (k <= n) {
            bgcn_limb_t y = k++;
            while (k <= n && y <= BGCN_LIMB_MAX / k)
                y *= k++;
            /* t = acc*y + q*m, q making the low limb vanish; then /2^64 */
            t[mn] = bgcn_mul_1(t, acc, mn, y);
            bgcn_limb_t q = t[0] * minv;
            bgcn_limb_t c = bgcn_addmul_1(t, mp, mn, q);
            bgcn_limb_t top = t[mn] + c;
            bgcn_limb_t ov = top < c;
            t[mn] = top;
            /* value ov*B^mn + t[1..mn] < 2m */
            if (ov || bgcn_cmp(t + 1, mp, mn) >= 0)
                bgcn_sub_n(acc, t + 1, mp, mn);
            else
                bgcn_copyi(acc, t + 1, mn);
            if ((++steps & 0xffff) == 0 && bgcn_interrupt_flag) {
                st = BGCN_EINTR;
                goto done;
            }
        }
    }
    /* undo the 2^(-64 steps): f = 2^(64 steps) mod m */
    {
        bgcn_limb_t two = 2, e[2];
        e[0] = steps << 6;
        e[1] = steps >> 58;
        if ((st = bgcn_powm(f, &two, 1, e, 2, mp, mn)) != BGCN_OK)
            goto done;
        bgcn_limb_t *prod = bgcn_alloc_limbs((size_t)2 * (size_t)mn);
        if (!prod) {
            st = BGCN_ENOMEM;
            goto done;
        }
        st = bgcn_mul(prod, acc, mn, f, mn);
        if (st == BGCN_OK)
            st = bgcn_tdiv_qr(NULL, rp, prod, 2 * mn, mp, mn);
        bgcn_free_limbs(prod);
    }
done:
    bgcn_free_limbs(blk);
    return st;
}

bgcn_status bgcn_fac_mod(bgcn_limb_t *rp, uint64_t n, const bgcn_limb_t *mp,
                         long mn)
{
    BGCN_ASSERT(mn >= 1 && mp[mn - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, mp, mn));
    /* m divides n! when n >= m */
    if (mn == 1 && n >= mp[0]) {
        rp[0] = 0;
        return BGCN_OK;
    }
    if (mp[0] & 1)
        return fac_mod_odd(rp, n, mp, mn);
    bgcn_limb_t *op = bgcn_alloc_limbs((size_t)3 * (size_t)mn + 1);
    if (!op)
        return BGCN_ENOMEM;
    long on;
    unsigned long k = bgcn_split_2k(op, &on, mp, mn);
    long L = (long)((k + 63) / 64);
    bgcn_limb_t *r1 = op + mn, *r2 = r1 + on;
    bgcn_status st = BGCN_OK;
    /* n! mod 2^k */
    bgcn_zero(r2, L);
    if (n - (uint64_t)__builtin_popcountll(n) < k) {
        r2[0] = 1;
        for (uint64_t j = 2; j <= n; j++)
            bgcn_mul_1(r2, r2, L, j);
        if (k % 64)
            r2[L - 1] &= ((bgcn_limb_t)1 << (k % 64)) - 1;
    }
    if (on == 1 && op[0] == 1) {
        /* m = 2^k: L is mn, or mn - 1 when 64 divides k */
        bgcn_copyi(rp, r2, L);
        bgcn_zero(rp + L, mn - L);
    } else {
        int zero1 = on == 1 && n >= op[0];
        if (zero1)
            bgcn_zero(r1, on);
        else
            st = fac_mod_odd(r1, n, op, on);
        if (st == BGCN_OK)
            st = bgcn_crt_2k(rp, mn, r1, op, on, r2, k);
    }
    bgcn_free_limbs(op);
    return st;
}
