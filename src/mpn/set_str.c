/* set_str.c -- bgcn_set_str: digits in base 2..36 to limbs.  Contract in
 * bgcn.h (section "Radix conversion").
 *
 * Powers of two: bit slicing, the digits are packed from the last one
 * up.
 *
 * Other bases, basecase: Horner's rule on chunks of m digits (m digits of
 * base b fill a limb: B_b = b^m): U = U B_b + chunk, one mul_1 and one
 * add_1 per chunk, the first chunk taking the len mod m odd digits.
 * O(n^2) limb steps, but with a cheap inner loop, so the threshold is
 * high.  Reading a chunk digit by digit is a chain of 19 multiply-adds
 * that cost more than the mul_1 of a short number (perf, Zen 1, 1000
 * digits: 58% of the time in the chain, 35% in mul_1), so whole decimal
 * chunks are read eight digits per 64-bit word (parse8).
 *
 * Divide and conquer (from bgcn_set_str_dc_threshold limbs): split the
 * digits so that the low part has exactly m 2^k digits for the largest k
 * that leaves a nonempty high part; U = hi P_k + lo with the cached power
 * P_k = b^(m 2^k) (radix-impl.h) and one bgcn_mul, then recurse on both
 * halves.  The stripped zero limbs of P_k are reattached by placing the
 * product 64 s bits up; lo fills the limbs below.  O(M(n) log n). */
#include "radix-impl.h"

#include <string.h>

/* Settable for the tests: 0 reads every base-10 chunk digit by digit
 * (the twin of parse8). */
int bgcn_set_str_swar = 1;

/* The value of the 8 decimal digits (values 0..9) at p, most significant
 * first, by pairing neighbours inside one 64-bit word (little-endian load:
 * the first digit in the low byte): bytes to 2-digit values in 16-bit
 * lanes, then 4-digit values in 32-bit lanes, then the 8-digit value.  No
 * lane overflows: 9 * 10 + 9 < 2^8, 99 * 100 + 99 < 2^16, 9999 * 10^4 +
 * 9999 < 2^32.  Three short multiplications instead of a chain of eight
 * multiply-adds. */
static inline bgcn_limb_t parse8(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    x = (x * 10 + (x >> 8)) & UINT64_C(0x00ff00ff00ff00ff);
    x = (x * 100 + (x >> 16)) & UINT64_C(0x0000ffff0000ffff);
    x = (x * 10000 + (x >> 32)) & UINT64_C(0x00000000ffffffff);
    return x;
}

static bgcn_status basecase(bgcn_limb_t *rp, long *rnp,
                            const unsigned char *s, size_t len,
                            const bgcn_radix_info *ri)
{
    size_t m = (size_t)ri->chars_per_limb;
    bgcn_limb_t b = (bgcn_limb_t)ri->base;
    size_t chunk = len % m ? len % m : m;
    long rn = 0;
    for (size_t pos = 0; pos < len; pos += chunk, chunk = m) {
        BGCN_POLL();
        bgcn_limb_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (ri->base == 10 && chunk == 19 && bgcn_set_str_swar) {
            /* 8 + 8 + 3 digits; the two words independent */
            const unsigned char *c = s + pos;
            for (int j = 0; j < 19; j++)
                BGCN_ASSERT(c[j] < 10);
            v = (parse8(c) * 100000000 + parse8(c + 8)) * 1000 +
                ((bgcn_limb_t)c[16] * 100 + (bgcn_limb_t)c[17] * 10 + c[18]);
        } else
#endif
        if (ri->base == 10) {
            for (size_t j = 0; j < chunk; j++) {
                BGCN_ASSERT(s[pos + j] < 10);
                v = v * 10 + s[pos + j];
            }
        } else {
            for (size_t j = 0; j < chunk; j++) {
                BGCN_ASSERT(s[pos + j] < b);
                v = v * b + s[pos + j];
            }
        }
        if (rn == 0) {
            if (v != 0)
                rp[rn++] = v;
            continue;
        }
        /* The high limb of U * B_b is below B_b, so adding the carry of
         * add_1 cannot overflow it. */
        bgcn_limb_t hi = bgcn_mul_1(rp, rp, rn, ri->big_base);
        hi += bgcn_add_1(rp, rp, rn, v);
        if (hi != 0)
            rp[rn++] = hi;
    }
    *rnp = rn;
    return BGCN_OK;
}

static bgcn_status dc(bgcn_limb_t *rp, long *rnp, const unsigned char *s,
                      size_t len, const bgcn_radix_tower *t, int level,
                      const bgcn_radix_info *ri);

/* Halves of at least this many limbs (both) are converted side by side on
 * two threads; any value >= 1 is correct (tests lower it).  Measured on
 * the Zen 4 VM: see the commit that added it. */
long bgcn_set_str_par_min = 2000;

/* The two halves of a node (0: the high digits, 1: the low) as the two
 * tasks of one run: independent conversions into their own limbs.  With
 * more than one thread the first node whose high part has at least
 * bgcn_set_str_par_min limbs and a quarter of the low part's (which has
 * at least half the digits) converts them side by side, each half with
 * its own products on one thread; a node with a short high part goes on
 * serially and its low part splits evenly. */
typedef struct {
    bgcn_limb_t *rp[2];
    long rn[2];
    const unsigned char *s[2];
    size_t len[2];
    const bgcn_radix_tower *t;
    int level;
    const bgcn_radix_info *ri;
    bgcn_status st[2];
} halves_t;

static void half_task(void *vh, int i)
{
    halves_t *h = vh;
    h->st[i] = dc(h->rp[i], &h->rn[i], h->s[i], h->len[i], h->t, h->level,
                  h->ri);
}

/* Writes U = value of {s,len} to rp, which has room for
 * bgcn_set_str_size(len, base) limbs; *rnp = normalised size.  Level: the
 * highest tower level that may be used. */
static bgcn_status dc(bgcn_limb_t *rp, long *rnp, const unsigned char *s,
                      size_t len, const bgcn_radix_tower *t, int level,
                      const bgcn_radix_info *ri)
{
    BGCN_POLL();
    while (level >= 0 && t->pw[level].digits >= len)
        level--;
    if (level < 0 ||
        len / (size_t)ri->chars_per_limb < (size_t)bgcn_set_str_dc_threshold)
        return basecase(rp, rnp, s, len, ri);
    const bgcn_radix_pow *P = &t->pw[level];
    size_t lo_len = P->digits, hi_len = len - lo_len;
    long hcap = bgcn_set_str_size(hi_len, ri->base);
    long lcap = bgcn_set_str_size(lo_len, ri->base);
    long pcap = hcap + P->n + P->shift;
    bgcn_limb_t *hi = bgcn_alloc_limbs((size_t)(hcap + lcap + pcap));
    if (!hi)
        return BGCN_ENOMEM;
    bgcn_limb_t *lo = hi + hcap, *prod = lo + lcap;
    long hn, ln;
    bgcn_status st;
    if (hcap >= bgcn_set_str_par_min && 4 * hcap >= lcap &&
        bgcn_threads_usable() > 1) {
        halves_t h = {.rp = {hi, lo}, .s = {s, s + hi_len},
                      .len = {hi_len, lo_len}, .t = t, .level = level - 1,
                      .ri = ri};
        bgcn_par_run(2, half_task, &h);
        st = h.st[0] != BGCN_OK ? h.st[0] : h.st[1];
        hn = h.rn[0];
        ln = h.rn[1];
    } else {
        st = dc(hi, &hn, s, hi_len, t, level - 1, ri);
        if (st == BGCN_OK)
            st = dc(lo, &ln, s + hi_len, lo_len, t, level - 1, ri);
    }
    if (st != BGCN_OK)
        goto done;
    if (hn == 0) {
        bgcn_copyi(rp, lo, ln);
        *rnp = ln;
        goto done;
    }
    long sh = P->shift, pn = hn + P->n;
    /* Limbs below the shift come from lo alone (lo < P, so ln <= n + s). */
    if (ln >= sh) {
        bgcn_copyi(prod, lo, sh);
    } else {
        bgcn_copyi(prod, lo, ln);
        bgcn_zero(prod + ln, sh - ln);
    }
    if (hn >= P->n)
        st = bgcn_mul(prod + sh, hi, hn, P->p, P->n);
    else
        st = bgcn_mul(prod + sh, P->p, P->n, hi, hn);
    if (st != BGCN_OK)
        goto done;
    if (ln > sh) {
        bgcn_limb_t cy = bgcn_add(prod + sh, prod + sh, pn, lo + sh, ln - sh);
        BGCN_ASSERT(cy == 0);
        (void)cy;
    }
    long rn = bgcn_normalized_size(prod, pn + sh);
    BGCN_ASSERT(rn <= bgcn_set_str_size(len, ri->base));
    bgcn_copyi(rp, prod, rn);
    *rnp = rn;
done:
    bgcn_free_limbs(hi);
    return st;
}

static void pow2(bgcn_limb_t *rp, long *rnp, const unsigned char *s,
                 size_t len, int k)
{
    long rn = 0;
    bgcn_limb_t acc = 0;
    int bit = 0;
    for (size_t i = len; i-- > 0;) {
        bgcn_limb_t d = s[i];
        BGCN_ASSERT(d < ((bgcn_limb_t)1 << k));
        acc |= d << bit;
        bit += k;
        if (bit >= 64) {
            rp[rn++] = acc;
            bit -= 64;
            acc = bit ? d >> (k - bit) : 0;
        }
    }
    if (bit > 0)
        rp[rn++] = acc;
    *rnp = bgcn_normalized_size(rp, rn);
}

bgcn_status bgcn_set_str(bgcn_limb_t *rp, long *rnp, const unsigned char *str,
                         size_t len, int base)
{
    BGCN_ASSERT(base >= 2 && base <= 36);
    while (len > 0 && str[0] == 0) { /* leading zeros */
        str++;
        len--;
    }
    if (len == 0) {
        *rnp = 0;
        return BGCN_OK;
    }
    bgcn_radix_info ri;
    bgcn_radix_info_init(&ri, base);
    if (ri.log2base) {
        pow2(rp, rnp, str, len, ri.log2base);
        return BGCN_OK;
    }
    size_t m = (size_t)ri.chars_per_limb;
    if (len <= m || len / m < (size_t)bgcn_set_str_dc_threshold)
        return basecase(rp, rnp, str, len, &ri);
    /* The largest P_k with fewer digits than len (the cached tower is
     * extended as needed). */
    bgcn_radix_tower *t = bgcn_radix_tower_cached(base);
    bgcn_status st = BGCN_OK;
    int level = 0;
    for (;;) {
        if (level >= t->levels) {
            st = bgcn_radix_tower_extend(t, &ri);
            if (st != BGCN_OK)
                goto done;
        }
        if (2 * t->pw[level].digits >= len)
            break;
        level++;
    }
    st = dc(rp, rnp, str, len, t, level, &ri);
done:
    bgcn_radix_tower_trim(t);
    return st;
}
