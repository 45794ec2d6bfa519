/* factor_u64.c -- factorisation of one-limb numbers, and rho on two-limb
 * numbers, with Montgomery arithmetic held in registers.  Contracts in
 * factor.h.
 *
 * Montgomery form here uses R = 2^64 and the positive inverse
 * ninv = n^-1 mod 2^64: for t = a*b < n*2^64, m = t_lo * ninv makes m*n
 * agree with t in the low limb, so t - m*n = (t_hi - hi(m*n)) * 2^64
 * exactly, and t_hi - hi(m*n) lies in (-n, n): one conditional add.
 * This works for every odd n < 2^64 (no carry out of the top).
 *
 * Trial division tests q | n as n * q^-1 mod 2^64 <= (2^64-1)/q (the
 * multiples of q are exactly the values the inverse maps below that
 * bound), so no division instruction is needed; the quotient is the same
 * product.
 *
 * Primality: strong Miller-Rabin to bases 2, 7, 61 below 4759123141 and
 * to the seven bases 2, 325, 9375, 28178, 450775, 9780504, 1795265022
 * above, sets known to have no strong pseudoprime in those ranges.  The
 * tests compare it with the engine's BPSW on every 64-bit input they
 * draw and on lists of pseudoprimes.
 *
 * Rho: Brent's cycle finding, x -> x^2 + c, with 128 differences
 * multiplied before each gcd and backtracking from the last saved point
 * when a batch collapses to n. */
#include "factor.h"

#include "nt-impl.h"

typedef unsigned __int128 u128;

static inline uint64_t inv64(uint64_t n)
{
    uint64_t x = n; /* right mod 2^3 */
    for (int i = 0; i < 5; i++)
        x *= 2 - n * x;
    return x;
}

static inline uint64_t mulredc(uint64_t a, uint64_t b, uint64_t n,
                               uint64_t ninv)
{
    u128 t = (u128)a * b;
    uint64_t m = (uint64_t)t * ninv;
    uint64_t mh = (uint64_t)(((u128)m * n) >> 64);
    uint64_t th = (uint64_t)(t >> 64);
    uint64_t r = th - mh;
    return th < mh ? r + n : r;
}

static inline uint64_t addmod(uint64_t a, uint64_t b, uint64_t n)
{
    uint64_t s = a + b;
    return (s < a || s >= n) ? s - n : s;
}

static inline uint64_t submod(uint64_t a, uint64_t b, uint64_t n)
{
    return a >= b ? a - b : a - b + n;
}

/* ---- trial division table: odd primes below 2^11 ---- */

#define TRIAL_LIM 2048
#define TRIAL_MAX 320
static struct {
    uint64_t inv, lim;
} trial_tab[TRIAL_MAX];
static unsigned trial_p[TRIAL_MAX];
static int trial_cnt; /* 0 until filled (idempotent, same values) */

static void trial_init(void)
{
    if (trial_cnt)
        return;
    int cnt = 0;
    for (unsigned q = 3; q < TRIAL_LIM; q += 2) {
        int pr = 1;
        for (unsigned d = 3; d * d <= q; d += 2)
            if (q % d == 0) {
                pr = 0;
                break;
            }
        if (!pr)
            continue;
        trial_p[cnt] = q;
        trial_tab[cnt].inv = inv64(q);
        trial_tab[cnt].lim = UINT64_MAX / q;
        cnt++;
    }
    trial_cnt = cnt;
}

/* ---- primality ---- */

/* strong probable prime to base a (any value), n odd > 2, Montgomery
 * constants given; one = R mod n, r2 = R^2 mod n */
static int sprp(uint64_t n, uint64_t ninv, uint64_t one, uint64_t r2,
                uint64_t a)
{
    a %= n;
    if (a == 0)
        return 1;
    uint64_t d = n - 1;
    int s = __builtin_ctzll(d);
    d >>= s;
    uint64_t b = mulredc(a, r2, n, ninv); /* a in Montgomery form */
    uint64_t x = b;
    for (int i = 62 - __builtin_clzll(d); i >= 0; i--) {
        x = mulredc(x, x, n, ninv);
        if ((d >> i) & 1)
            x = mulredc(x, b, n, ninv);
    }
    uint64_t mone = n - one;
    if (x == one || x == mone)
        return 1;
    for (int r = 1; r < s; r++) {
        x = mulredc(x, x, n, ninv);
        if (x == mone)
            return 1;
        if (x == one)
            return 0;
    }
    return 0;
}

static int isprime_odd(uint64_t n)
{
    /* n odd, > 2^11, no factor below 2^11 is not assumed */
    uint64_t ninv = inv64(n);
    uint64_t one = (0 - n) % n;
    uint64_t r2 = (uint64_t)(((u128)one * one) % n);
    if (n < 4759123141ULL)
        return sprp(n, ninv, one, r2, 2) && sprp(n, ninv, one, r2, 7) &&
               sprp(n, ninv, one, r2, 61);
    static const uint64_t bases[7] = {2,      325,     9375,      28178,
                                      450775, 9780504, 1795265022};
    for (int i = 0; i < 7; i++)
        if (!sprp(n, ninv, one, r2, bases[i]))
            return 0;
    return 1;
}

int bgcn_isprime_u64(uint64_t n)
{
    if (n < 2)
        return 0;
    static const unsigned char sp[] = {2,  3,  5,  7,  11, 13, 17, 19,
                                       23, 29, 31, 37, 41, 43, 47};
    for (unsigned i = 0; i < sizeof sp; i++) {
        if (n == sp[i])
            return 1;
        if (n % sp[i] == 0)
            return 0;
    }
    if (n < 53 * 53)
        return 1;
    return isprime_odd(n);
}

/* ---- rho ---- */

uint64_t bgcn_rho_u64(uint64_t n, uint64_t c, uint64_t max_iter)
{
    BGCN_ASSERT((n & 1) && n > 3 && c >= 1 && c < n);
    uint64_t ninv = inv64(n);
    uint64_t one = (0 - n) % n;
    uint64_t y = one + one < one || one + one >= n ? one + one - n
                                                   : one + one; /* 2 */
    uint64_t x = y, ys = y, q = one, g = 1;
    uint64_t r = 1, iter = 0;
    const uint64_t m = 128;
    do {
        x = y;
        for (uint64_t i = 0; i < r; i++)
            y = addmod(mulredc(y, y, n, ninv), c, n);
        iter += r;
        uint64_t k = 0;
        do {
            ys = y;
            uint64_t lim = m < r - k ? m : r - k;
            for (uint64_t i = 0; i < lim; i++) {
                y = addmod(mulredc(y, y, n, ninv), c, n);
                q = mulredc(q, x > y ? x - y : y - x, n, ninv);
            }
            g = bgcn_gcd_11(q, n);
            k += lim;
        } while (k < r && g == 1);
        iter += r;
        r *= 2;
        if (g == 1 && iter > max_iter)
            return 0;
    } while (g == 1);
    if (g == n) {
        /* the batch overshot: redo it one difference at a time */
        uint64_t steps = 0;
        do {
            ys = addmod(mulredc(ys, ys, n, ninv), c, n);
            g = bgcn_gcd_11(x > ys ? x - ys : ys - x, n);
        } while (g == 1 && ++steps <= m);
    }
    return (g == n || g == 1) ? 0 : g;
}

/* ---- SQUFOF ---- */

/* 1 and the root in *s if x is a perfect square */
static int is_square64(uint64_t x, uint64_t *s)
{
    /* squares mod 64 form the set below: rejects 81% at once */
    if (!((0x0202021202030213ULL >> (x & 63)) & 1))
        return 0;
    uint64_t r = bgcn_sqrt_u64(x);
    *s = r;
    return r * r == x;
}

/* One multiplier k; 0 when it gave nothing.  Forward along the
 * continued fraction of sqrt(kn) to a square form Q_i = r^2 at an even
 * index, then from the reduced form (r, ...) to the point where P
 * repeats, where gcd(n, P) is a factor (or trivial). */
static uint64_t squfof_k(uint64_t n, uint64_t k)
{
    int64_t kn = (int64_t)(k * n);
    int64_t p0 = (int64_t)bgcn_sqrt_u64((uint64_t)kn);
    if (p0 * p0 == kn)
        return 0;
    int64_t pprev = p0, p = p0, qprev = 1, q = kn - p0 * p0;
    int64_t lim = 3 * 2 * (int64_t)bgcn_sqrt_u64(2 * (uint64_t)p0) + 64;
    uint64_t r = 0;
    int64_t i;
    for (i = 2; i < lim; i++) {
        int64_t b = (p0 + p) / q;
        p = b * q - p;
        int64_t qo = q;
        q = qprev + b * (pprev - p);
        if (!(i & 1) && is_square64((uint64_t)q, &r))
            break;
        qprev = qo;
        pprev = p;
    }
    if (i >= lim || r == 0)
        return 0;
    int64_t rr = (int64_t)r;
    int64_t b = (p0 - p) / rr;
    pprev = p = b * rr + p;
    qprev = rr;
    q = (kn - pprev * pprev) / qprev;
    if (q == 0)
        return 0;
    for (i = 0; i < lim; i++) {
        b = (p0 + p) / q;
        pprev = p;
        p = b * q - p;
        int64_t qo = q;
        q = qprev + b * (pprev - p);
        qprev = qo;
        if (p == pprev)
            break;
    }
    if (i >= lim)
        return 0;
    uint64_t g = bgcn_gcd_11(n, (uint64_t)p);
    return (g == 1 || g == n) ? 0 : g;
}

uint64_t bgcn_squfof_u64(uint64_t n)
{
    BGCN_ASSERT((n & 1) && n < ((uint64_t)1 << 62));
    static const unsigned mult[] = {1,   3,   5,    7,    11,   15,  21,
                                    33,  35,  55,   77,   105,  165, 231,
                                    385, 1155};
    for (unsigned i = 0; i < sizeof mult / sizeof mult[0]; i++) {
        if (n > UINT64_MAX / 4 / mult[i])
            break;
        uint64_t g = bgcn_gcd_11(n, mult[i]);
        if (g != 1 && g != n)
            return g;
        uint64_t f = squfof_k(n, mult[i]);
        if (f)
            return f;
    }
    return 0;
}

/* ---- the complete factorisation ---- */

/* one factor of the odd composite n > 2^22 */
static uint64_t split(uint64_t n)
{
    uint64_t s;
    if (is_square64(n, &s))
        return s;
    for (uint64_t c = 1; c < 40; c++) {
        uint64_t f = bgcn_rho_u64(n, c, (uint64_t)1 << 22);
        if (f)
            return f;
    }
    if (n < ((uint64_t)1 << 62)) {
        uint64_t f = bgcn_squfof_u64(n);
        if (f)
            return f;
    }
    /* never seen: keep trying other constants without a budget */
    for (uint64_t c = 40;; c++) {
        uint64_t f = bgcn_rho_u64(n, c, UINT64_MAX);
        if (f)
            return f;
    }
}

static int add_factor(uint64_t *p, unsigned char *e, int cnt, uint64_t q,
                      unsigned k)
{
    for (int i = 0; i < cnt; i++)
        if (p[i] == q) {
            e[i] = (unsigned char)(e[i] + k);
            return cnt;
        }
    /* insert in order */
    int i = cnt;
    while (i > 0 && p[i - 1] > q) {
        p[i] = p[i - 1];
        e[i] = e[i - 1];
        i--;
    }
    p[i] = q;
    e[i] = (unsigned char)k;
    return cnt + 1;
}

int bgcn_factor_u64(uint64_t n, uint64_t *p, unsigned char *e)
{
    int cnt = 0;
    if (n < 2)
        return 0;
    if (!(n & 1)) {
        int z = __builtin_ctzll(n);
        p[0] = 2;
        e[0] = (unsigned char)z;
        cnt = 1;
        n >>= z;
    }
    trial_init();
    for (int i = 0; i < trial_cnt; i++) {
        uint64_t q = trial_p[i];
        if (q * q > n)
            break;
        uint64_t t = n * trial_tab[i].inv;
        if (t <= trial_tab[i].lim) {
            unsigned k = 0;
            do {
                n = t;
                k++;
                t = n * trial_tab[i].inv;
            } while (t <= trial_tab[i].lim);
            p[cnt] = q;
            e[cnt] = (unsigned char)k;
            cnt++;
        }
    }
    if (n == 1)
        return cnt;
    if (n < (uint64_t)TRIAL_LIM * TRIAL_LIM || isprime_odd(n))
        return add_factor(p, e, cnt, n, 1);
    /* composite with every prime factor > 2^11: at most five of them */
    uint64_t stack[16];
    unsigned char mult[16];
    int sp = 0;
    stack[sp] = n;
    mult[sp++] = 1;
    while (sp > 0) {
        uint64_t m = stack[--sp];
        unsigned k = mult[sp];
        if (m < (uint64_t)TRIAL_LIM * TRIAL_LIM || isprime_odd(m)) {
            cnt = add_factor(p, e, cnt, m, k);
            continue;
        }
        uint64_t f = split(m), g = m / f;
        if (f == g) {
            stack[sp] = f;
            mult[sp++] = (unsigned char)(2 * k);
        } else {
            stack[sp] = f;
            mult[sp++] = (unsigned char)k;
            stack[sp] = g;
            mult[sp++] = (unsigned char)k;
        }
    }
    return cnt;
}

/* ---- two limbs ---- */

/* Two-limb Montgomery product, R = 2^128, minv = -n^-1 mod 2^64 (CIOS).
 * a, b < n; result < n. */
typedef struct {
    uint64_t lo, hi;
} u2;

static inline u2 mulredc2(u2 a, u2 b, u2 n, uint64_t minv)
{
    /* row 0: t = a * b0 */
    u128 x = (u128)a.lo * b.lo;
    uint64_t t0 = (uint64_t)x;
    x = (u128)a.hi * b.lo + (x >> 64);
    uint64_t t1 = (uint64_t)x, t2 = (uint64_t)(x >> 64);
    /* reduce limb 0 */
    uint64_t m = t0 * minv;
    x = (u128)m * n.lo + t0;
    x = (u128)m * n.hi + t1 + (x >> 64);
    t0 = (uint64_t)x;
    x = (u128)t2 + (x >> 64);
    t1 = (uint64_t)x;
    t2 = (uint64_t)(x >> 64);
    /* row 1: t += a * b1 */
    x = (u128)a.lo * b.hi + t0;
    t0 = (uint64_t)x;
    x = (u128)a.hi * b.hi + t1 + (x >> 64);
    t1 = (uint64_t)x;
    t2 += (uint64_t)(x >> 64);
    /* reduce limb 0 again */
    m = t0 * minv;
    x = (u128)m * n.lo + t0;
    x = (u128)m * n.hi + t1 + (x >> 64);
    t0 = (uint64_t)x;
    x = (u128)t2 + (x >> 64);
    t1 = (uint64_t)x;
    t2 = (uint64_t)(x >> 64);
    /* t < 2n: subtract n once if t >= n */
    u128 tv = ((u128)t1 << 64) | t0, nv = ((u128)n.hi << 64) | n.lo;
    if (t2 || tv >= nv)
        tv -= nv;
    u2 r = {(uint64_t)tv, (uint64_t)(tv >> 64)};
    return r;
}

static inline u128 v128(u2 a)
{
    return ((u128)a.hi << 64) | a.lo;
}

static inline u2 mk2(u128 v)
{
    u2 r = {(uint64_t)v, (uint64_t)(v >> 64)};
    return r;
}

int bgcn_rho_u128(bgcn_limb_t *fp, bgcn_limb_t n1, bgcn_limb_t n0,
                  uint64_t c, uint64_t max_iter, bgcn_status *st)
{
    BGCN_ASSERT(n1 != 0 && (n0 & 1));
    *st = BGCN_OK;
    u2 n = {n0, n1};
    u128 nv = v128(n);
    uint64_t minv = 0 - inv64(n0);
    /* R mod n = 2^128 mod n = (2^128 - n) mod n */
    u2 one = mk2((0 - nv) % nv);
    u128 cv = (u128)c % nv;
    u2 y = mk2(2), x = y, ys = y, q = one;
    u128 g = 1;
    uint64_t r = 1, iter = 0;
    const uint64_t m = 128;
#define STEP(v)                                                            \
    do {                                                                   \
        u128 s_ = v128(mulredc2(v, v, n, minv)) + cv;                      \
        if (s_ < cv || s_ >= nv)                                           \
            s_ -= nv;                                                      \
        v = mk2(s_);                                                       \
    } while (0)
    bgcn_limb_t gg[2];
    do {
        x = y;
        for (uint64_t i = 0; i < r; i++)
            STEP(y);
        iter += r;
        uint64_t k = 0;
        do {
            ys = y;
            uint64_t lim = m < r - k ? m : r - k;
            for (uint64_t i = 0; i < lim; i++) {
                STEP(y);
                u128 xv = v128(x), yv = v128(y);
                q = mulredc2(q, mk2(xv > yv ? xv - yv : yv - xv), n, minv);
            }
            bgcn_gcd_22(gg, q.hi, q.lo, n1, n0);
            g = ((u128)gg[1] << 64) | gg[0];
            k += lim;
        } while (k < r && g == 1);
        iter += r;
        r *= 2;
        if (bgcn_interrupt_flag) {
            *st = BGCN_EINTR;
            return 0;
        }
        if (g == 1 && iter > max_iter)
            return 0;
    } while (g == 1);
    if (g == nv) {
        uint64_t steps = 0;
        do {
            STEP(ys);
            u128 xv = v128(x), yv = v128(ys);
            u128 d = xv > yv ? xv - yv : yv - xv;
            bgcn_gcd_22(gg, (uint64_t)(d >> 64), (uint64_t)d, n1, n0);
            g = ((u128)gg[1] << 64) | gg[0];
        } while (g == 1 && ++steps <= m);
    }
#undef STEP
    if (g == nv || g == 1)
        return 0;
    fp[0] = (uint64_t)g;
    fp[1] = (uint64_t)(g >> 64);
    return 1;
}
