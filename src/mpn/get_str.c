/* get_str.c -- bgcn_get_str: limbs to digits in base 2..36.  Contract in
 * bgcn.h (section "Radix conversion").
 *
 * Powers of two: bit slicing, each digit read straight from the limbs.
 *
 * Other bases, basecase (below bgcn_get_str_dc_threshold limbs): divide
 * a copy of U by the big base B_b = b^m (the largest power of b in a
 * limb) again and again, with one reciprocal of B_b for the whole call
 * (2/1 division steps); each remainder gives m digits, least significant
 * first, extracted by divisions by a compile-time constant base (base
 * 10: eight digits per word, spread8).  O(n^2) limb steps.  When both
 * halves of a node are leaves, their passes run side by side
 * (basecase2).
 *
 * Divide and conquer: with the tower P_i = B_b^(2^i) (radix-impl.h) and
 * U < P_k^2, split U = q P_k + r with bgcn_tdiv_qr; r has exactly
 * m 2^k digits (with leading zeros), q gives the digits in front, and
 * both halves recurse at level k-1.  With subquadratic division this is
 * O(M(n) log n).  The powers are cached between calls (radix.c).  The
 * stripped zero limbs of P_k are handled by dividing only the high part
 * of U: floor(U / (P' 2^(64 s))) = floor(floor(U / 2^(64 s)) / P') and
 * r = (that remainder) 2^(64 s) + (U mod 2^(64 s)).
 *
 * The source is never written: the basecase divides a copy, the recursion
 * writes quotients and remainders into fresh scratch.  Every node polls
 * the interrupt flag, and so does every basecase pass.
 *
 * Two threads: below the top division (whose products split their own
 * transforms) the two halves of a node are independent conversions into
 * disjoint digits, so with more than one thread the first node whose
 * halves both have bgcn_get_str_par_min limbs, the quotient at least a
 * quarter of the remainder, runs them as the two tasks of one run, each
 * half (with its own products) on one thread.  (The top quotient is often
 * small: 10^7 digits are 40000 digits in front of a 9.96 10^6-digit
 * remainder; such a node goes on serially and its remainder splits
 * evenly.)  The powers' lazily computed inverses are filled under a lock
 * (radix.c). */
#include "radix-impl.h"

#include <string.h>

/* The 8 decimal digits of x < 10^8 (leading zeros included) as bytes of
 * one word, the first digit in the low byte (so a little-endian store
 * writes them in order): x split into two 4-digit halves in 32-bit
 * lanes, each into two 2-digit values in 16-bit lanes, each into two
 * digits in bytes, every split a lane-wise division by a multiplication
 * (v / 100 = (v * 5243) >> 19 for v < 10^4, v / 10 = (v * 103) >> 10 for
 * v < 100; no lane overflows into the next).  Checked for every x < 10^8
 * (a throwaway program, 2026-12-02).  About a dozen instructions and one
 * store for eight digits. */
static inline uint64_t spread8(uint64_t x)
{
    uint64_t hi = x / 10000, lo = x - hi * 10000;
    uint64_t w = hi | (lo << 32);
    uint64_t q = ((w * 5243) >> 19) & UINT64_C(0x0000007f0000007f);
    w = q | ((w - q * 100) << 16);
    q = ((w * 103) >> 10) & UINT64_C(0x000f000f000f000f);
    return q | ((w - q * 10) << 8);
}

/* The 19 digits of r < 10^19 at end[-19..-1], the old way: four groups
 * of at most five digits, each by a chain of divisions by the constant
 * 10 (multiplications), the four chains side by side.  The twin of the
 * word-wise digits above (bgcn_get_str_digits10 = 0). */
static void digits19_div(unsigned char *end, bgcn_limb_t r)
{
    bgcn_limb_t hi = r / 10000000000u, lo = r - hi * 10000000000u;
    uint32_t l1 = (uint32_t)(lo / 100000), l0 = (uint32_t)(lo % 100000);
    uint32_t h1 = (uint32_t)(hi / 100000), h0 = (uint32_t)(hi % 100000);
    unsigned char *p = end - 19;
    for (int j = 0; j < 5; j++) {
        p[18 - j] = (unsigned char)(l0 % 10);
        p[13 - j] = (unsigned char)(l1 % 10);
        p[8 - j] = (unsigned char)(h0 % 10);
        l0 /= 10;
        l1 /= 10;
        h0 /= 10;
    }
    for (int j = 0; j < 4; j++) {
        p[3 - j] = (unsigned char)(h1 % 10);
        h1 /= 10;
    }
}

/* Settable for the tests: 0 takes the twin digits19_div. */
int bgcn_get_str_digits10 = 1;

/* Writes the m lowest digits of r, least significant at end[-1]. */
static void limb_digits(unsigned char *end, bgcn_limb_t r, int base, int m)
{
    if (base == 10) {
        BGCN_ASSERT(m == 19);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (bgcn_get_str_digits10) {
            /* r < 10^19: 3 + 8 + 8 digits */
            bgcn_limb_t t = r / UINT64_C(10000000000000000);
            bgcn_limb_t rest = r - t * UINT64_C(10000000000000000);
            bgcn_limb_t mid = rest / 100000000, low = rest - mid * 100000000;
            unsigned char *p = end - 19;
            p[0] = (unsigned char)(t / 100);
            p[1] = (unsigned char)(t / 10 % 10);
            p[2] = (unsigned char)(t % 10);
            uint64_t w = spread8(mid);
            memcpy(p + 3, &w, 8);
            w = spread8(low);
            memcpy(p + 11, &w, 8);
            return;
        }
#endif
        digits19_div(end, r);
    } else {
        /* One case per base, so that every division is by a constant,
         * and r split at P = b^K (K = m/2) into two halves whose digits
         * come out of two independent chains: lo < P < 2^32 gives K
         * digits, hi < b^(m-K) gives the m-K (K or K+1) others. */
#define CONST_BASE_DIGITS(B, K, P)                                         \
    case B: {                                                              \
        bgcn_limb_t hi = r / (P);                                          \
        uint32_t lo = (uint32_t)(r - hi * (P));                            \
        for (int j = 0; j < (K); j++) {                                    \
            end[-1 - j] = (unsigned char)(lo % (B));                       \
            end[-1 - (K)-j] = (unsigned char)(hi % (B));                   \
            lo /= (B);                                                     \
            hi /= (B);                                                     \
        }                                                                  \
        if (m > 2 * (K))                                                   \
            end[-m] = (unsigned char)hi;                                   \
        break;                                                             \
    }
        switch (base) {
            CONST_BASE_DIGITS(3, 20, 3486784401u)
            CONST_BASE_DIGITS(5, 13, 1220703125u)
            CONST_BASE_DIGITS(6, 12, 2176782336u)
            CONST_BASE_DIGITS(7, 11, 1977326743u)
            CONST_BASE_DIGITS(9, 10, 3486784401u)
            CONST_BASE_DIGITS(11, 9, 2357947691u)
            CONST_BASE_DIGITS(12, 8, 429981696u)
            CONST_BASE_DIGITS(13, 8, 815730721u)
            CONST_BASE_DIGITS(14, 8, 1475789056u)
            CONST_BASE_DIGITS(15, 8, 2562890625u)
            CONST_BASE_DIGITS(17, 7, 410338673u)
            CONST_BASE_DIGITS(18, 7, 612220032u)
            CONST_BASE_DIGITS(19, 7, 893871739u)
            CONST_BASE_DIGITS(20, 7, 1280000000u)
            CONST_BASE_DIGITS(21, 7, 1801088541u)
            CONST_BASE_DIGITS(22, 7, 2494357888u)
            CONST_BASE_DIGITS(23, 7, 3404825447u)
            CONST_BASE_DIGITS(24, 6, 191102976u)
            CONST_BASE_DIGITS(25, 6, 244140625u)
            CONST_BASE_DIGITS(26, 6, 308915776u)
            CONST_BASE_DIGITS(27, 6, 387420489u)
            CONST_BASE_DIGITS(28, 6, 481890304u)
            CONST_BASE_DIGITS(29, 6, 594823321u)
            CONST_BASE_DIGITS(30, 6, 729000000u)
            CONST_BASE_DIGITS(31, 6, 887503681u)
            CONST_BASE_DIGITS(33, 6, 1291467969u)
            CONST_BASE_DIGITS(34, 6, 1544804416u)
            CONST_BASE_DIGITS(35, 6, 1838265625u)
            CONST_BASE_DIGITS(36, 6, 2176782336u)
        default:
            for (int j = 0; j < m; j++) {
                *--end = (unsigned char)(r % (bgcn_limb_t)base);
                r /= (bgcn_limb_t)base;
            }
        }
#undef CONST_BASE_DIGITS
    }
}

/* One step of division by a normalised d with its reciprocal v =
 * bgcn_invert_limb(d) (Moller-Granlund, "Improved division by invariant
 * integers", algorithm 4): <u1,u0> / d with u1 < d; returns the quotient
 * and leaves the remainder in *r. */
static inline bgcn_limb_t div_2by1(bgcn_limb_t *r, bgcn_limb_t u1,
                                   bgcn_limb_t u0, bgcn_limb_t d,
                                   bgcn_limb_t v)
{
    unsigned __int128 p = (unsigned __int128)v * u1;
    bgcn_limb_t q0 = (bgcn_limb_t)p + u0;
    bgcn_limb_t q1 = (bgcn_limb_t)(p >> 64) + u1 + (q0 < u0) + 1;
    bgcn_limb_t rr = u0 - q1 * d;
    /* The first correction is taken about half the time on random
     * digits: a mask, not a branch, so that a mispredicted branch does
     * not flush the other chain of divrem_big2 (scratch measurement,
     * Zen 1, 10^3-limb passes: two chains 8.4 ns per step with the
     * branch, 5.0 with the mask; one chain 8.7 and 6.6). */
    bgcn_limb_t mask = -(bgcn_limb_t)(rr > q0);
    q1 += mask;
    rr += mask & d;
    if (__builtin_expect(rr >= d, 0)) {
        q1++;
        rr -= d;
    }
    *r = rr;
    return q1;
}

/* {up,n} = floor({up,n} / B), returns {up,n} mod B, where B << s = d is
 * normalised and v its reciprocal.  The dividend is shifted by s on the
 * fly (the quotient of U 2^s by B 2^s is that of U by B), so one
 * reciprocal serves every pass of the basecase. */
static bgcn_limb_t divrem_big(bgcn_limb_t *up, long n, bgcn_limb_t d,
                              bgcn_limb_t v, unsigned s)
{
    bgcn_limb_t r;
    if (s == 0) {
        r = 0;
        for (long i = n - 1; i >= 0; i--)
            up[i] = div_2by1(&r, r, up[i], d, v);
        return r;
    }
    r = up[n - 1] >> (64 - s);
    for (long i = n - 1; i > 0; i--)
        up[i] = div_2by1(&r, r, (up[i] << s) | (up[i - 1] >> (64 - s)), d, v);
    up[0] = div_2by1(&r, r, up[0] << s, d, v);
    return r >> s;
}

/* Two numbers divided by B side by side: one pass over both, the longer
 * one's excess top limbs first, then the common length with the two
 * dependent chains of 2/1 steps interleaved (each step waits on its own
 * remainder only, so the two chains overlap).  Same results as two calls
 * of divrem_big; the remainders go to *ra and *rb.  an, bn >= 1. */
static void divrem_big2(bgcn_limb_t *a, long an, bgcn_limb_t *b, long bn,
                        bgcn_limb_t d, bgcn_limb_t v, unsigned s,
                        bgcn_limb_t *ra, bgcn_limb_t *rb)
{
    if (an < bn) {
        divrem_big2(b, bn, a, an, d, v, s, rb, ra);
        return;
    }
    bgcn_limb_t x = 0, y = 0;
    if (s == 0) {
        for (long i = an - 1; i >= bn; i--)
            a[i] = div_2by1(&x, x, a[i], d, v);
        for (long i = bn - 1; i >= 0; i--) {
            a[i] = div_2by1(&x, x, a[i], d, v);
            b[i] = div_2by1(&y, y, b[i], d, v);
        }
        *ra = x;
        *rb = y;
        return;
    }
    /* the shifted limb i of U is (u[i] << s) | (u[i-1] >> (64 - s)) */
    x = a[an - 1] >> (64 - s);
    y = b[bn - 1] >> (64 - s);
    for (long i = an - 1; i >= bn; i--)
        a[i] = div_2by1(&x, x, (a[i] << s) | (a[i - 1] >> (64 - s)), d, v);
    for (long i = bn - 1; i > 0; i--) {
        a[i] = div_2by1(&x, x, (a[i] << s) | (a[i - 1] >> (64 - s)), d, v);
        b[i] = div_2by1(&y, y, (b[i] << s) | (b[i - 1] >> (64 - s)), d, v);
    }
    a[0] = div_2by1(&x, x, a[0] << s, d, v);
    b[0] = div_2by1(&y, y, b[0] << s, d, v);
    *ra = x >> s;
    *rb = y >> s;
}

/* One basecase conversion in progress: the quotient so far {u,un} (a copy
 * of the number, divided by B_b again and again) and the digits written
 * so far, least significant first, backwards from end down to p.
 * want > 0: exactly want digits at out[0..want) (U < base^want); want ==
 * 0: the minimal digits, written into the scratch and copied to out at
 * the end. */
typedef struct bc_job {
    bgcn_limb_t local[64]; /* small numbers: scratch on the stack */
    bgcn_limb_t *u;
    long un;
    unsigned char *out, *end, *p;
    size_t want;
} bc_job;

static bgcn_status bc_begin(bc_job *j, unsigned char *out, size_t want,
                            const bgcn_limb_t *up, long un,
                            const bgcn_radix_info *ri)
{
    un = bgcn_normalized_size(up, un);
    int m = ri->chars_per_limb;
    size_t cap = want ? 0 : bgcn_get_str_size(up, un, ri->base) + (size_t)m;
    size_t nbytes_limbs = (cap + 7) / 8;
    j->u = j->local;
    if ((size_t)un + nbytes_limbs > sizeof j->local / sizeof j->local[0]) {
        j->u = bgcn_alloc_limbs((size_t)un + nbytes_limbs);
        if (!j->u)
            return BGCN_ENOMEM;
    }
    j->un = un;
    j->out = out;
    j->want = want;
    j->end = want ? out + want : (unsigned char *)(j->u + un) + cap;
    j->p = j->end;
    bgcn_copyi(j->u, up, un);
    return BGCN_OK;
}

/* After a division by B with remainder r: the quotient may have lost its
 * top limb (B_b > 2^58 loses at most one), and r gives the next m digits,
 * all of them unless this was the last (top) chunk. */
static void bc_emit(bc_job *j, bgcn_limb_t r, const bgcn_radix_info *ri)
{
    int m = ri->chars_per_limb;
    j->un -= j->u[j->un - 1] == 0;
    if (j->un > 0) {
        limb_digits(j->p, r, ri->base, m);
        j->p -= m;
    } else {
        /* The top chunk: all m digits into a side buffer, then only the
         * significant ones. */
        unsigned char top[64];
        limb_digits(top + m, r, ri->base, m);
        int z = 0;
        while (z < m && top[z] == 0)
            z++;
        j->p -= m - z;
        memcpy(j->p, top + z, (size_t)(m - z));
    }
}

/* Pads (want > 0) or copies the digits out (want == 0, count in *count),
 * and frees the scratch; with st != BGCN_OK only frees. */
static bgcn_status bc_end(bc_job *j, size_t *count, bgcn_status st)
{
    if (st == BGCN_OK) {
        if (j->want) {
            BGCN_ASSERT(j->p >= j->out);
            memset(j->out, 0, (size_t)(j->p - j->out));
        } else {
            if (j->p == j->end)
                *--j->p = 0;
            *count = (size_t)(j->end - j->p);
            memcpy(j->out, j->p, *count);
        }
    }
    if (j->u != j->local)
        bgcn_free_limbs(j->u);
    return st;
}

/* The rest of one job's passes. */
static bgcn_status bc_run(bc_job *j, bgcn_limb_t d, bgcn_limb_t v,
                          unsigned sh, const bgcn_radix_info *ri)
{
    while (j->un > 0) {
        if (bgcn_interrupt_flag)
            return BGCN_EINTR;
        bc_emit(j, divrem_big(j->u, j->un, d, v, sh), ri);
    }
    return BGCN_OK;
}

/* Digits of {up,un} (un >= 0).  want > 0: exactly want digits, zero
 * padded, at out[0..want); U < base^want is required.  want == 0: the
 * minimal digits (one 0 for zero) at out, count in *count. */
static bgcn_status basecase(unsigned char *out, size_t want, size_t *count,
                            const bgcn_limb_t *up, long un,
                            const bgcn_radix_info *ri)
{
    bc_job j;
    BGCN_TRY(bc_begin(&j, out, want, up, un, ri));
    unsigned sh = ri->bb_shift;
    bgcn_limb_t d = ri->bb_norm, v = ri->bb_inv;
    return bc_end(&j, count, bc_run(&j, d, v, sh, ri));
}

/* Settable for the tests: 0 converts the two halves of a node one after
 * the other (basecase twice), the twin of the paired basecase. */
int bgcn_get_str_pair = 1;

/* The two halves of one node, both basecase leaves: the high part {q,qn}
 * (want digits, or the minimal ones when want == 0, count in *count) at
 * out, then the low part {r,rn} (exactly lo digits) after it, converted
 * side by side (divrem_big2).  The low part's position depends on the
 * high part's digit count when want == 0, so its digits go to a side
 * buffer then (at most 2 lo bytes of scratch from the heap when large). */
static bgcn_status basecase2(unsigned char *out, size_t want, size_t *count,
                             const bgcn_limb_t *q, long qn,
                             const bgcn_limb_t *r, long rn, size_t lo,
                             const bgcn_radix_info *ri)
{
    if (!bgcn_get_str_pair) {
        size_t hc = want;
        BGCN_TRY(basecase(out, want, &hc, q, qn, ri));
        if (want == 0)
            *count = hc + lo;
        return basecase(out + hc, lo, NULL, r, rn, ri);
    }
    unsigned char side[1024];
    unsigned char *rout = want ? out + want : side;
    if (!want && lo > sizeof side) {
        rout = (unsigned char *)bgcn_alloc_limbs((lo + 7) / 8);
        if (!rout)
            return BGCN_ENOMEM;
    }
    bc_job a, b;
    bgcn_status st = bc_begin(&a, out, want, q, qn, ri);
    if (st == BGCN_OK) {
        st = bc_begin(&b, rout, lo, r, rn, ri);
        if (st != BGCN_OK)
            bc_end(&a, NULL, st);
    }
    if (st != BGCN_OK)
        goto done;
    unsigned sh = ri->bb_shift;
    bgcn_limb_t d = ri->bb_norm, v = ri->bb_inv;
    while (a.un > 0 && b.un > 0) {
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            break;
        }
        bgcn_limb_t ra, rb;
        divrem_big2(a.u, a.un, b.u, b.un, d, v, sh, &ra, &rb);
        bc_emit(&a, ra, ri);
        bc_emit(&b, rb, ri);
    }
    if (st == BGCN_OK)
        st = bc_run(&a, d, v, sh, ri);
    if (st == BGCN_OK)
        st = bc_run(&b, d, v, sh, ri);
    size_t hc = want;
    st = bc_end(&a, &hc, st);
    st = bc_end(&b, NULL, st);
    if (st == BGCN_OK && !want) {
        memcpy(out + hc, rout, lo);
        *count = hc + lo;
    }
done:
    if (!want && rout != side)
        bgcn_free_limbs((bgcn_limb_t *)rout);
    return st;
}

/* Settable for the tests: 0 divides by the small powers through
 * bgcn_tdiv_qr (the twin of div_prenorm). */
int bgcn_get_str_prenorm = 1;

/* As bgcn_tdiv_qr(qp, rp, up, un, P->p, P->n) for P->n >= 2, with the
 * normalised power, its complement and its 3/2 reciprocal kept with the
 * power (bgcn_radix_pow_prenorm): every division by one power but the
 * first saves the shift and complement of the divisor that
 * bgcn_tdiv_qr does per call.  Only the dividend is shifted (one limb
 * longer, so the quotient has no high limb). */
static bgcn_status div_prenorm(bgcn_limb_t *qp, bgcn_limb_t *rp,
                               const bgcn_limb_t *up, long un,
                               bgcn_radix_pow *P)
{
    long n = P->n, wn = un + 1;
    BGCN_ASSERT(n >= 2 && un >= n);
    BGCN_TRY(bgcn_radix_pow_prenorm(P));
    bgcn_limb_t local[256];
    bgcn_limb_t *w = local;
    if (wn > (long)(sizeof local / sizeof local[0])) {
        w = bgcn_alloc_limbs((size_t)wn);
        if (!w)
            return BGCN_ENOMEM;
    }
    if (P->cnt)
        w[un] = bgcn_lshift(w, up, un, (unsigned)P->cnt);
    else {
        bgcn_copyi(w, up, un);
        w[un] = 0;
    }
    const bgcn_limb_t *d = P->snorm, *dc = P->snorm + n;
    bgcn_status st = BGCN_OK;
    bgcn_limb_t qh;
    if (n < bgcn_div_dc_threshold || wn - n < bgcn_div_dc_threshold)
        qh = bgcn_sbpi1c_div_qr(qp, w, wn, d, dc, n, P->dinv);
    else
        st = bgcn_dcpi1_div_qr(&qh, qp, w, wn, d, n, P->dinv);
    if (st == BGCN_OK) {
        /* the top limb of the shifted U is below the power's */
        BGCN_ASSERT(qh == 0);
        (void)qh;
        if (P->cnt)
            bgcn_rshift(rp, w, n, (unsigned)P->cnt);
        else
            bgcn_copyi(rp, w, n);
    }
    if (w != local)
        bgcn_free_limbs(w);
    return st;
}

/* {qp,un-n+1} = floor(U / P), {rp,n} = U mod P for U = {up,un}, P =
 * {P->p, P->n}, un >= n.  Large powers are divided by Barrett's method
 * with an inverse computed once per power and kept with it in the cache
 * (every level divides many numbers by the same power), which saves the
 * inverse that bgcn_tdiv_qr would compute per call; small ones go to
 * bgcn_tdiv_qr.  So does the top level's single division (once) unless
 * its inverse is cached already: a full inverse of n limbs costs about
 * two products of n limbs and saves one, which pays from the second
 * division by the same power on, while bgcn_tdiv_qr's blocks take an
 * inverse of n/2 limbs.  Measured (AMD EPYC, adx path, 2026-12-02 00:55
 * UTC, load average 12, process CPU time of one conversion in a fresh
 * process, two runs each): 3.0 * 10^6 digits 0.39, 0.44 s -> 0.35,
 * 0.42 s; 10^7 digits 1.95, 1.88 s -> 1.73, 1.68 s. */
static bgcn_status div_power(bgcn_limb_t *qp, bgcn_limb_t *rp,
                             const bgcn_limb_t *up, long un,
                             bgcn_radix_pow *P, int once)
{
    long n = P->n;
    if (n < bgcn_mu_div_threshold || un - n < bgcn_mu_div_threshold / 2 ||
        (once && !P->inv)) {
        if (n < 2 || once || !bgcn_get_str_prenorm)
            return bgcn_tdiv_qr(qp, rp, up, un, P->p, n);
        return div_prenorm(qp, rp, up, un, P);
    }
    BGCN_TRY(bgcn_radix_pow_preinv(P));
    bgcn_limb_t *w = bgcn_alloc_limbs((size_t)(un + 1));
    if (!w)
        return BGCN_ENOMEM;
    if (P->cnt)
        w[un] = bgcn_lshift(w, up, un, (unsigned)P->cnt);
    else {
        bgcn_copyi(w, up, un);
        w[un] = 0;
    }
    bgcn_limb_t qh;
    bgcn_status st = bgcn_mu_div_qr_preinv(&qh, qp, w, un + 1, P->norm, n,
                                           P->inv, n);
    if (st == BGCN_OK) {
        /* the top limb of the shifted U is below P's: no high limb */
        BGCN_ASSERT(qh == 0);
        if (P->cnt)
            bgcn_rshift(rp, w, n, (unsigned)P->cnt);
        else
            bgcn_copyi(rp, w, n);
    }
    bgcn_free_limbs(w);
    return st;
}

static bgcn_status dc(unsigned char *out, size_t want, size_t *count,
                      const bgcn_limb_t *up, long un, bgcn_radix_tower *t,
                      int level, const bgcn_radix_info *ri, int top);

/* Halves of at least this many limbs (both) are converted side by side on
 * two threads; any value >= 1 is correct (tests lower it).  Measured on
 * the Zen 4 VM: see the commit that added it. */
long bgcn_get_str_par_min = 2000;

/* The two halves of a node (0: the quotient, 1: the remainder) as the two
 * tasks of one run. */
typedef struct {
    unsigned char *out[2];
    size_t want[2], count[2];
    const bgcn_limb_t *up[2];
    long un[2];
    bgcn_radix_tower *t;
    int level;
    const bgcn_radix_info *ri;
    bgcn_status st[2];
} halves_t;

static void half_task(void *vh, int i)
{
    halves_t *h = vh;
    h->st[i] = dc(h->out[i], h->want[i], h->want[i] ? NULL : &h->count[i],
                  h->up[i], h->un[i], h->t, h->level, h->ri, 0);
}

/* Both halves of a node side by side: q (qn limbs, in front) and r (rn
 * limbs, exactly lo_digits digits).  With want == 0 the quotient's digit
 * count is known only at its end, so the remainder's digits go to a
 * buffer of their own first. */
static bgcn_status halves_par(unsigned char *out, size_t want, size_t *count,
                              const bgcn_limb_t *q, long qn,
                              const bgcn_limb_t *r, long rn, size_t lo_digits,
                              bgcn_radix_tower *t, int level,
                              const bgcn_radix_info *ri)
{
    halves_t h = {.up = {q, r}, .un = {qn, rn}, .t = t, .level = level,
                  .ri = ri};
    bgcn_limb_t *buf = NULL;
    h.out[0] = out;
    h.want[0] = want ? want - lo_digits : 0;
    h.want[1] = lo_digits;
    if (want) {
        h.out[1] = out + (want - lo_digits);
    } else {
        buf = bgcn_alloc_limbs((lo_digits + 7) / 8);
        if (!buf)
            return BGCN_ENOMEM;
        h.out[1] = (unsigned char *)buf;
    }
    bgcn_par_run(2, half_task, &h);
    bgcn_status st = h.st[0] != BGCN_OK ? h.st[0] : h.st[1];
    if (st == BGCN_OK && !want) {
        memcpy(out + h.count[0], buf, lo_digits);
        *count = h.count[0] + lo_digits;
    }
    bgcn_free_limbs(buf);
    return st;
}

/* As basecase, for U < P_level^2 (any U when level < 0 is reached
 * through small sizes).  top: this node is the only one of its level
 * (its power divides once in this call). */
static bgcn_status dc(unsigned char *out, size_t want, size_t *count,
                      const bgcn_limb_t *up, long un, bgcn_radix_tower *t,
                      int level, const bgcn_radix_info *ri, int top)
{
    BGCN_POLL();
    un = bgcn_normalized_size(up, un);
    if (level < 0 || un < bgcn_get_str_dc_threshold)
        return basecase(out, want, count, up, un, ri);
    bgcn_radix_pow *P = &t->pw[level];
    size_t lo_digits = P->digits;
    if (un < P->n + P->shift) {
        /* U < P: the high part is zero. */
        if (want == 0)
            return dc(out, 0, count, up, un, t, level - 1, ri, top);
        BGCN_ASSERT(want >= lo_digits);
        memset(out, 0, want - lo_digits);
        return dc(out + (want - lo_digits), lo_digits, NULL, up, un, t,
                  level - 1, ri, top);
    }
    long s = P->shift, qn = un - s - P->n + 1, rn = P->n + s;
    bgcn_limb_t *q = bgcn_alloc_limbs((size_t)(qn + rn));
    if (!q)
        return BGCN_ENOMEM;
    bgcn_limb_t *r = q + qn;
    bgcn_copyi(r, up, s);
    bgcn_status st = div_power(q, r + s, up + s, un - s, P, top);
    if (st != BGCN_OK)
        goto done;
    qn = bgcn_normalized_size(q, qn);
    /* both halves leaves (and the high one not empty): side by side */
    if (qn > 0 &&
        (level == 0 || (qn < bgcn_get_str_dc_threshold &&
                        bgcn_normalized_size(r, rn) <
                            bgcn_get_str_dc_threshold))) {
        BGCN_ASSERT(want == 0 || want > lo_digits);
        st = basecase2(out, want ? want - lo_digits : 0, count, q, qn, r, rn,
                       lo_digits, ri);
        goto done;
    }
    if (qn >= bgcn_get_str_par_min && rn >= bgcn_get_str_par_min &&
        4 * qn >= rn && bgcn_threads_usable() > 1) {
        st = halves_par(out, want, count, q, qn, r, rn, lo_digits, t,
                        level - 1, ri);
        goto done;
    }
    if (want == 0) {
        if (qn == 0) { /* U < P after all: no leading zeros wanted */
            st = dc(out, 0, count, r, rn, t, level - 1, ri, 0);
            goto done;
        }
        size_t hc;
        st = dc(out, 0, &hc, q, qn, t, level - 1, ri, 0);
        if (st != BGCN_OK)
            goto done;
        st = dc(out + hc, lo_digits, NULL, r, rn, t, level - 1, ri, 0);
        *count = hc + lo_digits;
    } else {
        BGCN_ASSERT(want > lo_digits);
        size_t hw = want - lo_digits;
        st = dc(out, hw, NULL, q, qn, t, level - 1, ri, 0);
        if (st != BGCN_OK)
            goto done;
        st = dc(out + hw, lo_digits, NULL, r, rn, t, level - 1, ri, 0);
    }
done:
    bgcn_free_limbs(q);
    return st;
}

/* Powers of two: digit j (from the least significant) is bits
 * [j k, j k + k) of U. */
static bgcn_status pow2(unsigned char *str, size_t *lenp,
                        const bgcn_limb_t *ap, long n, int k)
{
    uint64_t bits = bgcn_radix_bit_length(ap, n);
    size_t nd = (size_t)((bits + (uint64_t)k - 1) / (uint64_t)k);
    bgcn_limb_t mask = ((bgcn_limb_t)1 << k) - 1;
    for (size_t j = 0; j < nd; j++) {
        if ((j & 0xfffff) == 0xfffff)
            BGCN_POLL();
        uint64_t pos = (uint64_t)j * (uint64_t)k;
        long limb = (long)(pos / 64);
        unsigned off = (unsigned)(pos % 64);
        bgcn_limb_t d = ap[limb] >> off;
        if (off + (unsigned)k > 64 && limb + 1 < n)
            d |= ap[limb + 1] << (64 - off);
        str[nd - 1 - j] = (unsigned char)(d & mask);
    }
    *lenp = nd;
    return BGCN_OK;
}

bgcn_status bgcn_get_str(unsigned char *str, size_t *lenp, int base,
                         const bgcn_limb_t *ap, long n)
{
    BGCN_ASSERT(base >= 2 && base <= 36 && n >= 0);
    bgcn_radix_info ri;
    bgcn_radix_info_init(&ri, base);
    n = bgcn_normalized_size(ap, n);
    if (n == 0) {
        str[0] = 0;
        *lenp = 1;
        return BGCN_OK;
    }
    if (ri.log2base)
        return pow2(str, lenp, ap, n, ri.log2base);
    /* one reciprocal of the big base for every basecase of this call */
    ri.bb_shift = (unsigned)__builtin_clzll(ri.big_base);
    ri.bb_norm = ri.big_base << ri.bb_shift;
    ri.bb_inv = bgcn_invert_limb(ri.bb_norm);
    if (n < bgcn_get_str_dc_threshold)
        return basecase(str, 0, lenp, ap, n, &ri);
    /* The first P_k with P_k^2 > U: P_k has n_k + s_k limbs and a nonzero
     * top one, so P_k^2 >= 2^(64 (2 (n_k + s_k) - 2)).  Powers come from
     * the cache and are added to it as needed. */
    bgcn_radix_tower *t = bgcn_radix_tower_cached(base);
    bgcn_status st = BGCN_OK;
    int level = 0;
    for (;;) {
        if (level >= t->levels) {
            st = bgcn_radix_tower_extend(t, &ri);
            if (st != BGCN_OK)
                goto done;
        }
        if (2 * (t->pw[level].n + t->pw[level].shift) - 2 >= n)
            break;
        level++;
    }
    st = dc(str, 0, lenp, ap, n, t, level, &ri, 1);
done:
    bgcn_radix_tower_trim(t);
    return st;
}
