/* verify.c -- --verify: every number-layer result re-done with GMP.
 *
 * The only file of src/ that includes gmp.h; the number layer reaches it
 * through the hook of num-impl.h (bgc_num_set_verifier).  At the start of the
 * outermost verified call (snap, via the inline bgc_v_begin of
 * num-impl.h and the hook bgc_verify_enable installs) the operands become mpz_t's: read-only views of the
 * engine's limbs, or, for an operand that is also the destination (a
 * view would not survive the call), a copy into an mpz_t kept between
 * calls (limb by limb, no library call, when it fits).  A literal is kept
 * as its digit values.  At the end (check) GMP computes the same
 * operation and the engine's result is compared limb by limb.
 *
 * Cost per operation matters for many small ones (a pipe of short
 * lines): add, sub, mul and literals take a short path in check
 * without the general switch; literals are converted by mpn_set_str and
 * results printed by mpn_get_str (the work of mpz_set_str/mpz_get_str
 * without their per-call scanning, sizing and allocation), decimal digits
 * eight at a time; a mismatch's reporting is out of line.  Mismatches are
 * kept as text lines until bgc_verify_report prints them.
 *
 * Fault injection (tests only): an armed operation kind has its next
 * result corrupted (one low bit flipped, or a digit changed) right before
 * the comparison, exactly as a faulty kernel would have done. */
#include "factor.h"
#include "nt-factors.h"
#include "num-impl.h"
#include "verify.h"

#include <gmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *const bgc_verify_ops[BGC_V_NOPS + 1] = {
    [BGC_V_ADD] = "add",         [BGC_V_SUB] = "sub",
    [BGC_V_MUL] = "mul",         [BGC_V_SQR] = "sqr",
    [BGC_V_TDIV] = "tdiv",       [BGC_V_FDIV] = "fdiv",
    [BGC_V_MOD] = "mod",         [BGC_V_POW] = "pow",
    [BGC_V_SHL] = "shl",         [BGC_V_SHR] = "shr",
    [BGC_V_AND] = "and",         [BGC_V_OR] = "or",
    [BGC_V_XOR] = "xor",         [BGC_V_NOT] = "not",
    [BGC_V_POPCOUNT] = "popcount", [BGC_V_BIT] = "bit",
    [BGC_V_DIGITS] = "digits",   [BGC_V_SQRT] = "sqrt",
    [BGC_V_ROOT] = "root",       [BGC_V_GCD] = "gcd",
    [BGC_V_LCM] = "lcm",         [BGC_V_INVMOD] = "invmod",
    [BGC_V_POWMOD] = "powmod",   [BGC_V_MULMOD] = "mulmod",
    [BGC_V_JACOBI] = "jacobi",   [BGC_V_ISPRIME] = "isprime",
    [BGC_V_NEXTPRIME] = "nextprime", [BGC_V_PREVPRIME] = "prevprime",
    [BGC_V_FACT] = "fact",       [BGC_V_BINOMIAL] = "binomial",
    [BGC_V_FIB] = "fib",         [BGC_V_LUCAS] = "lucas",
    [BGC_V_FACTMOD] = "factmod", [BGC_V_FIBMOD] = "fibmod",
    [BGC_V_LUCASMOD] = "lucasmod", [BGC_V_SETSTR] = "set_str",
    [BGC_V_GETSTR] = "get_str",  [BGC_V_FACTOR] = "factor",
    [BGC_V_SQRTMOD] = "sqrtmod", [BGC_V_ZNLOG] = "znlog",
    [BGC_V_CHINESE] = "chinese", [BGC_V_EULERPHI] = "eulerphi",
    [BGC_V_SIGMA] = "sigma",     [BGC_V_SUMDIGITS] = "sumdigits",
    [BGC_V_CMP] = "cmp",
    [BGC_V_SGN] = "sgn",         [BGC_V_ABS] = "abs",
    [BGC_V_NEG] = "neg",         [BGC_V_BITLEN] = "bitlen",
    [BGC_V_RANDOM] = "random",   [BGC_V_RANDBITS] = "randbits",
    [BGC_V_RANDPRIME] = "randprime",
    [BGC_V_NOPS] = NULL,
};

/* The snapshot of the outermost call: the operands as pa, pb, pc, each
 * either a read-only view (ra, rb, rc: no allocation, no copy) or, when
 * the operand is also a destination, a copy (va, vb, vc). */
static int ready;
static mpz_t va, vb, vc, ra, rb, rc, want, want2, got;
static mpz_srcptr pa, pb, pc;
static bgc_vop vop;
static long vx, sa, sb, sc;
static char *vstr;
static size_t vstr_cap;
/* random numbers: the seeded stream's state before the draw */
static int vseeded;
static uint64_t vstate[4];

static unsigned long checked, mismatches;
static int armed = -1;

/* Pending report lines. */
#define MAXPENDING 16
static char *pending[MAXPENDING];
static int npending;
static unsigned long dropped;

static void dval_init(void);

static void setup(void)
{
    if (!ready) {
        mpz_init2(va, 256); /* room for the common small operands */
        mpz_init2(vb, 256);
        mpz_init2(vc, 256);
        mpz_inits(want, want2, got, NULL);
        dval_init();
        ready = 1;
    }
}

static const bgc_verifier gmp_verifier;

void bgc_verify_enable(int on)
{
    bgc_num_set_verifier(on ? &gmp_verifier : NULL);
    if (on) {
        setup();
#ifdef BGC_TEST_HOOKS /* configure --enable-test-hooks */
        const char *f = getenv("BIGCALC_FAULT");
        if (f && *f)
            bgc_verify_inject(f);
#endif
    }
}

int bgc_verify_enabled(void)
{
    return bgc_v_on;
}

unsigned long bgc_verify_mismatches(void)
{
    return mismatches;
}

unsigned long bgc_verify_checked(void)
{
    return checked;
}

void bgc_verify_reset(void)
{
    checked = mismatches = dropped = 0;
    for (int i = 0; i < npending; i++)
        free(pending[i]);
    npending = 0;
}

int bgc_verify_inject(const char *op)
{
    armed = -1;
    if (op == NULL)
        return 0;
    for (int i = 0; i < BGC_V_NOPS; i++)
        if (strcmp(op, bgc_verify_ops[i]) == 0) {
            armed = i;
            return 0;
        }
    return -1;
}

const char *bgc_verify_gmp_version(void)
{
    return gmp_version;
}

int bgc_verify_pending(void)
{
    return npending + (dropped != 0);
}

int bgc_verify_report(FILE *fp)
{
    int n = npending;
    for (int i = 0; i < npending; i++) {
        fprintf(fp, "bigcalc: verify: %s\n", pending[i]);
        free(pending[i]);
    }
    if (dropped)
        fprintf(fp, "bigcalc: verify: %lu more mismatches not shown\n",
                dropped);
    npending = 0;
    dropped = 0;
    return n;
}

static void record(const char *fmt, ...)
{
    mismatches++;
    if (npending == MAXPENDING) {
        dropped++;
        return;
    }
    char head[160], body[256], sizes[64];
    int vnops = (sa >= 0) + (sb >= 0) + (sc >= 0);
    if (vop == BGC_V_SETSTR)
        snprintf(sizes, sizeof sizes, "a string of %ld characters", sa);
    else if (vnops == 1)
        snprintf(sizes, sizeof sizes, "operand of %ld limbs", sa);
    else if (vnops == 2)
        snprintf(sizes, sizeof sizes, "operands of %ld, %ld limbs", sa, sb);
    else
        snprintf(sizes, sizeof sizes, "operands of %ld, %ld, %ld limbs", sa,
                 sb, sc);
    snprintf(head, sizeof head, "mismatch in %s (%s; kernels %s)",
             bgc_verify_ops[vop], sizes, bgcn_kern.name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    size_t n = strlen(head) + strlen(body) + 3;
    char *s = malloc(n);
    if (s == NULL) {
        dropped++;
        return;
    }
    snprintf(s, n, "%s: %s", head, body);
    pending[npending++] = s;
}

/* ---- snapshots ----------------------------------------------------------- */

/* GMP reads the first limb of any mpz even when it is zero (mpz_get_ui
 * does), so a view never gets a NULL limb pointer: a zero bgc_int that
 * has never had storage points here instead. */
static const mp_limb_t zero_limb;
static inline const mp_limb_t *limbs(const bgc_int *x)
{
    return x->d ? (const mp_limb_t *)x->d : &zero_limb;
}

/* An absent operand reads as 0. */
static mpz_t zero_z = MPZ_ROINIT_N((mp_limb_t *)&zero_limb, 0);

/* Per operation, so the common small case makes no library call: the
 * view is filled as MPZ_ROINIT_N does (the value is already normalised,
 * which is all mpz_roinit_n would add). */
static inline __attribute__((always_inline)) mpz_srcptr
take(mpz_ptr copy, mpz_ptr view, const bgc_int *x,
                       const bgc_int *r1, const bgc_int *r2, long *sz)
{
    if (x == NULL) {
        *sz = -1; /* absent (record counts the operands given) */
        return zero_z;
    }
    *sz = BGC_ABS(x->size);
    view->_mp_alloc = 0;
    view->_mp_size = (int)x->size;
    view->_mp_d = (mp_limb_t *)limbs(x);
    if (x != r1 && x != r2)
        return view;
    if (*sz <= copy->_mp_alloc) { /* the usual small in-place operand */
        for (long i = 0; i < *sz; i++)
            copy->_mp_d[i] = view->_mp_d[i];
        copy->_mp_size = view->_mp_size;
    } else {
        mpz_set(copy, view);
    }
    return copy;
}

static int snap(bgc_vop op, const bgc_int *r1, const bgc_int *r2,
               const bgc_int *a, const bgc_int *b, const bgc_int *c, long x)
{
    /* no setup() here: bgc_verify_enable did it before bgc_v_on was set */
    vop = op;
    vx = x;
    pa = take(va, ra, a, r1, r2, &sa);
    pb = take(vb, rb, b, r1, r2, &sb);
    pc = take(vc, rc, c, r1, r2, &sc);
    if (__builtin_expect(op >= BGC_V_RANDOM, 0))
        vseeded = op <= BGC_V_RANDPRIME && bgc_rand_state(vstate);
    return 2;
}

/* Digit values for '0'-'9', 'a'-'z', 'A'-'Z' (99 for anything else),
 * written here rather than shared with num-conv.c so that a wrong table
 * there shows up as a mismatch. */
static unsigned char dval[256];

static void dval_init(void)
{
    memset(dval, 99, sizeof dval);
    for (int i = 0; i < 10; i++)
        dval['0' + i] = (unsigned char)i;
    for (int i = 0; i < 26; i++)
        dval['a' + i] = dval['A' + i] = (unsigned char)(10 + i);
}

/* A literal is kept as its digit values (most significant first, leading
 * zeros dropped): GMP's mpn_set_str converts them at the check, without
 * mpz_set_str's per-call scanning of the ASCII text. */
static int vneg, vbad;
static size_t vnd;

static int snap_str(const char *s, size_t len, int base)
{
    vop = BGC_V_SETSTR;
    vx = base;
    sa = (long)len;
    sb = sc = 0;
    if (len + 1 > vstr_cap) { /* grown only: most literals are short */
        free(vstr);
        vstr_cap = len + 1 > 64 ? len + 1 : 64;
        vstr = malloc(vstr_cap);
        if (vstr == NULL) {
            vstr_cap = 0;
            return 1; /* nothing to compare with: keep the depth right */
        }
    }
    size_t i = 0, n = 0;
    vneg = 0;
    if (len > 0 && (s[0] == '+' || s[0] == '-'))
        vneg = s[i++] == '-';
    while (i < len && (s[i] == '0' || s[i] == '_'))
        i++; /* leading zeros dropped: mpn_set_str wants none */
    unsigned char *d = (unsigned char *)vstr, bad = 0;
    if (base <= 10) {
        /* eight decimal (or lower base) digits at a time: all bytes in
         * '0'..'0'+base-1 (each test looks at the top bit of a byte,
         * valid since ASCII bytes are below 0x80) */
        const uint64_t ones = 0x0101010101010101u, tops = ones << 7;
        const uint64_t top = (uint64_t)(0x7f - ('0' + base - 1));
        while (len - i >= 8) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            uint64_t lo = (w - '0' * ones) & ~w & tops;  /* byte < '0' */
            uint64_t hi = ((w & ~tops) + top * ones) | w; /* > top digit */
            if ((lo | (hi & tops)) != 0)
                break; /* '_' or a bad character: byte by byte below */
            w -= '0' * ones;
            memcpy(d + n, &w, 8);
            n += 8;
            i += 8;
        }
    }
    for (; i < len; i++) {
        unsigned char v = dval[(unsigned char)s[i]];
        if (v >= base) { /* '_' (GMP takes no separators) or not a digit */
            if (s[i] == '_')
                continue;
            bad = 1;
        }
        d[n++] = v;
    }
    vbad = bad || base < 2 || base > 36;
    vnd = n;
    return 2;
}

/* want = the literal, by mpn_set_str (room: 6 bits a digit, base <= 36,
 * plus the extra limb mpn_set_str may write). */
static int expected_setstr(void)
{
    if (vbad)
        return 0;
    if (vnd == 0) {
        want->_mp_size = 0;
        return 1;
    }
    size_t need = vnd * 6 / 64 + 2;
    if ((size_t)want->_mp_alloc < need)
        _mpz_realloc(want, (mp_size_t)need);
    mp_size_t rn = mpn_set_str(want->_mp_d, (const unsigned char *)vstr, vnd,
                               (int)vx);
    want->_mp_size = (int)(vneg ? -rn : rn);
    return 1;
}

/* ---- reference results -------------------------------------------------- */

/* f = F(n) mod |m|, l = L(n) mod |m| for n >= 0, by doubling on the pair
 * (F(k), F(k+1)): F(2k) = F(k)(2F(k+1) - F(k)), F(2k+1) = F(k)^2 +
 * F(k+1)^2; then L(n) = 2F(n+1) - F(n).  No division, so any m works. */
static void fiblucas_mod(mpz_t f, mpz_t l, const mpz_t n, const mpz_t m)
{
    mpz_t a, b, t, am;
    mpz_inits(a, b, t, am, NULL);
    mpz_abs(am, m);
    mpz_set_ui(a, 0); /* F(k) */
    mpz_set_ui(b, 1); /* F(k+1) */
    for (long i = (long)mpz_sizeinbase(n, 2) - 1; i >= 0; i--) {
        mpz_mul_2exp(t, b, 1);
        mpz_sub(t, t, a);
        mpz_mul(t, t, a);  /* F(2k) */
        mpz_mul(a, a, a);
        mpz_mul(b, b, b);
        mpz_add(b, b, a);  /* F(2k+1) */
        mpz_mod(a, t, am);
        mpz_mod(b, b, am);
        if (mpz_tstbit(n, (mp_bitcnt_t)i)) {
            mpz_add(t, a, b);
            mpz_swap(a, b);
            mpz_mod(b, t, am);
        }
    }
    mpz_set(f, a);
    mpz_mul_2exp(l, b, 1);
    mpz_sub(l, l, a);
    mpz_mod(l, l, am);
    mpz_clears(a, b, t, am, NULL);
}

/* digits of |a| in base b, exactly. */
static unsigned long exact_digits(const mpz_t a, int b)
{
    if (mpz_sgn(a) == 0)
        return 1;
    size_t s = mpz_sizeinbase(a, b);
    mpz_t p;
    mpz_init(p);
    mpz_ui_pow_ui(p, (unsigned long)b, s - 1);
    if (mpz_cmpabs(p, a) > 0)
        s--;
    mpz_clear(p);
    return s;
}

/* want = the sum of the base-b digits of |a| (b >= 2): the characters of
 * mpz_get_str for b <= 62, else one division per digit. */
static void sumdigits_gmp(mpz_t want, const mpz_t a, const mpz_t b)
{
    mpz_set_ui(want, 0);
    if (mpz_cmp_ui(b, 62) <= 0) {
        int base = (int)mpz_get_ui(b);
        char *s = mpz_get_str(NULL, base, a);
        for (const char *c = s; *c; c++) {
            if (*c == '-')
                continue;
            int d = *c <= '9' ? *c - '0' : *c <= 'Z' ? *c - 'A' + 10 : *c - 'a' + (base > 36 ? 36 : 10);
            mpz_add_ui(want, want, (unsigned long)d);
        }
        free(s);
        return;
    }
    mpz_t n, d;
    mpz_init(d);
    mpz_init_set(n, a);
    mpz_abs(n, n);
    while (mpz_sgn(n) != 0) {
        mpz_tdiv_qr(n, d, n, b);
        mpz_add(want, want, d);
    }
    mpz_clears(n, d, NULL);
}

/* want (and want2) = the expected result.  Returns 0 when the operation
 * cannot be re-done (then nothing is compared). */
static int expected(void)
{
    switch (vop) {
    case BGC_V_ADD: mpz_add(want, pa, pb); return 1;
    case BGC_V_SUB: mpz_sub(want, pa, pb); return 1;
    case BGC_V_MUL:
    case BGC_V_SQR: mpz_mul(want, pa, pb); return 1;
    case BGC_V_TDIV: mpz_tdiv_qr(want, want2, pa, pb); return 1;
    case BGC_V_FDIV: mpz_fdiv_qr(want, want2, pa, pb); return 1;
    case BGC_V_MOD: mpz_mod(want, pa, pb); return 1;
    case BGC_V_POW:
        if (!mpz_fits_ulong_p(pb)) /* only 0, 1, -1 have such powers */
            mpz_set_si(want, mpz_sgn(pa) == 0 ? 0
                             : mpz_sgn(pa) > 0 || mpz_even_p(pb) ? 1 : -1);
        else
            mpz_pow_ui(want, pa, mpz_get_ui(pb));
        return 1;
    case BGC_V_SHL:
        if (mpz_sgn(pa) == 0)
            mpz_set_ui(want, 0); /* any count: GMP would size the result */
        else
            mpz_mul_2exp(want, pa, (mp_bitcnt_t)vx);
        return 1;
    case BGC_V_SHR:
        if ((size_t)vx >= mpz_sizeinbase(pa, 2))
            mpz_set_si(want, mpz_sgn(pa) < 0 ? -1 : 0);
        else
            mpz_fdiv_q_2exp(want, pa, (mp_bitcnt_t)vx);
        return 1;
    case BGC_V_AND: mpz_and(want, pa, pb); return 1;
    case BGC_V_OR: mpz_ior(want, pa, pb); return 1;
    case BGC_V_XOR: mpz_xor(want, pa, pb); return 1;
    case BGC_V_NOT: mpz_com(want, pa); return 1;
    case BGC_V_POPCOUNT: mpz_set_ui(want, mpz_popcount(pa)); return 1;
    case BGC_V_BIT:
        if (mpz_fits_ulong_p(pb))
            mpz_set_ui(want, (unsigned long)mpz_tstbit(pa, mpz_get_ui(pb)));
        else
            mpz_set_ui(want, mpz_sgn(pa) < 0);
        return 1;
    case BGC_V_DIGITS:
        mpz_set_ui(want, exact_digits(pa, (int)mpz_get_si(pb)));
        return 1;
    case BGC_V_SUMDIGITS: sumdigits_gmp(want, pa, pb); return 1;
    case BGC_V_SQRT: mpz_sqrt(want, pa); return 1;
    case BGC_V_ROOT:
        if (mpz_fits_ulong_p(pb))
            mpz_root(want, pa, mpz_get_ui(pb));
        else
            mpz_set_si(want, mpz_sgn(pa)); /* root degree >= 2^64 */
        return 1;
    case BGC_V_GCD: mpz_gcd(want, pa, pb); return 1;
    case BGC_V_LCM: mpz_lcm(want, pa, pb); return 1;
    case BGC_V_INVMOD:
        if (mpz_cmpabs_ui(pb, 1) == 0) {
            mpz_set_ui(want, 0);
            return 1;
        }
        return mpz_invert(want, pa, pb) ? 1 : -1;
    case BGC_V_POWMOD:
        if (mpz_cmpabs_ui(pc, 1) == 0) {
            mpz_set_ui(want, 0);
            return 1;
        }
        if (mpz_sgn(pb) < 0 && !mpz_invert(want2, pa, pc))
            return -1;
        mpz_powm(want, pa, pb, pc);
        return 1;
    case BGC_V_MULMOD:
        mpz_mul(want, pa, pb);
        mpz_mod(want, want, pc);
        return 1;
    case BGC_V_JACOBI: mpz_set_si(want, mpz_jacobi(pa, pb)); return 1;
    case BGC_V_ISPRIME: /* GMP looks at |n|; negatives are not prime */
        /* GMP 6.2+: reps 24 is BPSW alone, each one over 24 adds a
         * random-base Miller-Rabin round: the engine's own test */
        mpz_set_ui(want, mpz_sgn(pa) > 0 &&
                             mpz_probab_prime_p(pa, 24 + (int)vx) != 0);
        return 1;
    case BGC_V_NEXTPRIME: mpz_nextprime(want, pa); return 1;
    case BGC_V_PREVPRIME: return 2; /* checked by property, see below */
    case BGC_V_FACT: mpz_fac_ui(want, mpz_get_ui(pa)); return 1;
    case BGC_V_BINOMIAL:
        if (mpz_sgn(pb) < 0 || mpz_cmp(pb, pa) > 0) {
            mpz_set_ui(want, 0);
        } else { /* C(n, k) = C(n, n - k): the smaller fits a limb */
            mpz_sub(want2, pa, pb);
            if (mpz_cmp(want2, pb) > 0)
                mpz_set(want2, pb);
            mpz_bin_ui(want, pa, mpz_get_ui(want2));
        }
        return 1;
    case BGC_V_FIB:
    case BGC_V_LUCAS: {
        unsigned long n = mpz_get_ui(pa); /* |n| */
        if (vop == BGC_V_FIB)
            mpz_fib_ui(want, n);
        else
            mpz_lucnum_ui(want, n);
        /* F(-n) = (-1)^(n+1) F(n), L(-n) = (-1)^n L(n) */
        if (mpz_sgn(pa) < 0 && ((n & 1) == (vop == BGC_V_LUCAS)))
            mpz_neg(want, want);
        return 1;
    }
    case BGC_V_FACTMOD: {
        mpz_t am;
        mpz_init(am);
        mpz_abs(am, pb);
        mpz_set_ui(want, 1);
        if (mpz_cmp(pa, am) >= 0) {
            mpz_set_ui(want, 0);
        } else if (!mpz_fits_ulong_p(pa) || mpz_get_ui(pa) >= (1UL << 32)) {
            /* too many steps for this loop: the engine answered by a
             * shortcut (0 when m | n!, Wilson's theorem) or refused;
             * not checked (man/bigcalc.1, VERIFICATION) */
            mpz_clear(am);
            return 0;
        } else if (mpz_size(am) == 1) {
            /* one-limb modulus: plain 128-bit products */
            unsigned long n = mpz_get_ui(pa), m = mpz_get_ui(am), acc = 1;
            for (unsigned long i = 2; i <= n; i++)
                acc = (unsigned long)((unsigned __int128)acc * i % m);
            mpz_set_ui(want, acc);
        } else {
            unsigned long n = mpz_get_ui(pa);
            for (unsigned long i = 2; i <= n; i++) {
                mpz_mul_ui(want, want, i);
                mpz_mod(want, want, am);
            }
        }
        mpz_mod(want, want, am);
        mpz_clear(am);
        return 1;
    }
    case BGC_V_FIBMOD:
    case BGC_V_LUCASMOD: {
        mpz_t an;
        mpz_init(an);
        mpz_abs(an, pa);
        fiblucas_mod(want, want2, an, pb);
        if (vop == BGC_V_LUCASMOD)
            mpz_swap(want, want2);
        if (mpz_sgn(pa) < 0) {
            unsigned long odd = mpz_odd_p(an);
            if (odd == (vop == BGC_V_LUCASMOD))
                mpz_neg(want, want);
        }
        mpz_mod(want, want, pb);
        mpz_clear(an);
        return 1;
    }
    case BGC_V_SETSTR:
        return expected_setstr();
    case BGC_V_ABS: mpz_abs(want, pa); return 1;
    case BGC_V_NEG: mpz_neg(want, pa); return 1;
    case BGC_V_BITLEN:
        mpz_set_ui(want, mpz_sgn(pa) ? mpz_sizeinbase(pa, 2) : 0);
        return 1;
    case BGC_V_CMP:    /* check_cmp */
    case BGC_V_SGN:
    case BGC_V_RANDOM: /* check_random */
    case BGC_V_RANDBITS:
    case BGC_V_RANDPRIME:
    case BGC_V_GETSTR:
    case BGC_V_FACTOR: /* bgc_verify_factor checks it */
    case BGC_V_SQRTMOD: /* these by identities, bgc_verify_sqrtmod ... */
    case BGC_V_ZNLOG:
    case BGC_V_CHINESE:
    case BGC_V_EULERPHI:
    case BGC_V_SIGMA:
    case BGC_V_NOPS:
        return 0;
    }
    return 0;
}

/* ---- comparison ---------------------------------------------------------- */

static void corrupt(bgc_int *r)
{
    if (r->size == 0) {
        if (bgc_room(r, 1) != BGC_OK)
            return;
        r->d[0] = 1;
        r->size = 1;
    } else if (BGC_ABS(r->size) == 1 && r->d[0] == 1) {
        r->d[0] = 3;
    } else {
        r->d[0] ^= 1;
    }
}

static int fault_now(void)
{
    if (armed == (int)vop) {
        armed = -1;
        return 1;
    }
    return 0;
}

/* After a mismatch the engine's wrong value is replaced by GMP's, so
 * that what is printed and used from then on is right; the report says
 * so (man/bigcalc.1, VERIFICATION). */
static void use_gmp(bgc_int *r, const mpz_t w)
{
    if (bgc_set_limbs(r, w->_mp_d, (long)mpz_size(w), mpz_sgn(w) < 0) != BGC_OK)
        record("(out of memory: the engine's value stays)");
}

/* The mismatch path of compare, out of line so that the common equal
 * case pays for no register saves. */
static void __attribute__((noinline, cold))
differ(const char *what, bgc_int *r, const mpz_t w)
{
    mpz_roinit_n(got, limbs(r), r->size);
    if (mpz_cmp(got, w) == 0)
        return;
    long gn = BGC_ABS(r->size), wn = (long)mpz_size(w);
    if (mpz_sgn(got) != mpz_sgn(w) && mpz_cmpabs(got, w) == 0) {
        record("%s has the wrong sign; GMP's value is used", what);
        use_gmp(r, w);
        return;
    }
    long nmax = BGC_MAX(gn, wn);
    for (long i = 0; i < nmax; i++) {
        unsigned long g = i < gn ? r->d[i] : 0;
        unsigned long x = mpz_getlimbn(w, i);
        if (g != x) {
            record("%s limb %ld is 0x%016lx, GMP has 0x%016lx; GMP's value is used", what, i,
                   g, x);
            use_gmp(r, w);
            return;
        }
    }
    record("%s sign differs; GMP's value is used", what);
    use_gmp(r, w);
}

static inline void compare(const char *what, bgc_int *r, const mpz_t w)
{
    /* The common, equal case by memcmp (inline for one or two limbs):
     * several times faster than mpz_cmp's limb loop, so the check stays
     * cheap next to GMP's work. */
    long n = BGC_ABS(r->size);
    if (r->size == w->_mp_size) {
        const mp_limb_t *wd = w->_mp_d;
        int same = n == 0 ? 1
                 : n == 1 ? r->d[0] == wd[0]
                 : n == 2 ? r->d[0] == wd[0] && r->d[1] == wd[1]
                          : memcmp(r->d, wd, (size_t)n * 8) == 0;
        if (same)
            return;
    }
    differ(what, r, w);
}

/* ---- random numbers -------------------------------------------------------
 *
 * A drawn value cannot be recomputed from the operands, but its contract
 * can be checked: random(n) in [0, n), randbits(k) below 2^k, randprime(k)
 * a prime of exactly k bits (GMP's BPSW).  From the seeded stream (--seed)
 * the value itself is known: the draw is replayed here from the stream's
 * state before it, with this file's own xoshiro256** and the rule of
 * num-rand.c (bitlen(n) bits a try, the top limb masked, tries >= n
 * rejected), and after it the stream must be where the replay left it --
 * so a seeded run's values are the documented function of the seed.
 * (randprime's candidates and Miller-Rabin bases share the stream; it is
 * checked by its contract only.)  The armed fault flips the low bit of a
 * seeded draw (only the replay can see that) and moves an unseeded one
 * out of its range (by n, 2^k, 2^k). */

static uint64_t replay_next(uint64_t x[4])
{
    uint64_t r = ((x[1] * 5) << 7 | (x[1] * 5) >> 57) * 9;
    uint64_t t = x[1] << 17;
    x[2] ^= x[0];
    x[3] ^= x[1];
    x[1] ^= x[2];
    x[0] ^= x[3];
    x[2] ^= t;
    x[3] = x[3] << 45 | x[3] >> 19;
    return r;
}

/* want = k random bits from the stream x */
static void replay_bits(uint64_t x[4], unsigned long k)
{
    mp_size_t n = (mp_size_t)((k + 63) / 64);
    if (want->_mp_alloc < n)
        _mpz_realloc(want, n);
    for (mp_size_t i = 0; i < n; i++)
        want->_mp_d[i] = replay_next(x);
    if (k % 64)
        want->_mp_d[n - 1] &= ((mp_limb_t)1 << (k % 64)) - 1;
    while (n > 0 && want->_mp_d[n - 1] == 0)
        n--;
    want->_mp_size = (int)n;
}

static void __attribute__((noinline)) check_random(bgc_int *r)
{
    /* the bound: n of random, k of randbits and randprime (it fit, or
     * the draw would have failed) */
    unsigned long k = vop == BGC_V_RANDOM ? mpz_sizeinbase(pa, 2) : mpz_get_ui(pa);
    if (fault_now()) {
        if (vseeded && vop != BGC_V_RANDPRIME) {
            corrupt(r);
        } else {
            mpz_t t;
            mpz_init(t);
            if (vop == BGC_V_RANDOM)
                mpz_set(t, pa);
            else
                mpz_setbit(t, k);
            mpz_roinit_n(got, limbs(r), r->size);
            mpz_add(t, t, got);
            if (bgc_set_limbs(r, t->_mp_d, (long)mpz_size(t), 0) != BGC_OK)
                corrupt(r);
            mpz_clear(t);
        }
    }
    if (vseeded && vop != BGC_V_RANDPRIME) {
        uint64_t x[4], now[4];
        memcpy(x, vstate, sizeof x);
        if (vop == BGC_V_RANDOM) {
            do
                replay_bits(x, k);
            while (mpz_cmp(want, pa) >= 0);
        } else {
            replay_bits(x, k);
        }
        compare("result", r, want);
        if (bgc_rand_state(now) && memcmp(now, x, sizeof x) != 0)
            record("the seeded stream is not where the replay of the draw left it");
        return;
    }
    /* nothing to replace a wrong draw with (drawing again would hide the
     * fault): it stays, and the report says so */
    static const char stays[] = "; no value to use instead, the engine's stays";
    mpz_roinit_n(got, limbs(r), r->size);
    size_t bits = mpz_sgn(got) ? mpz_sizeinbase(got, 2) : 0;
    if (vop == BGC_V_RANDOM && (mpz_sgn(got) < 0 || mpz_cmp(got, pa) >= 0))
        record("the result (of %zu bits) is not in [0, n)%s", bits, stays);
    else if (vop == BGC_V_RANDBITS && (mpz_sgn(got) < 0 || bits > k))
        record("the result has %zu bits, more than %lu%s", bits, k, stays);
    else if (vop == BGC_V_RANDPRIME && (mpz_sgn(got) <= 0 || bits != k))
        record("the result has %zu bits, not %lu%s", bits, k, stays);
    else if (vop == BGC_V_RANDPRIME && !mpz_probab_prime_p(got, 24))
        record("the result (of %zu bits) is not prime for GMP%s", bits, stays);
}

/* ---- comparisons ------------------------------------------------------------
 *
 * The cheapest check: no snapshot (the operands are only read during the
 * call), views built here, one mpz_cmp; the mismatch path is out of
 * line. */

static int __attribute__((noinline, cold))
cmp_differs(int kind, int c, int w, const bgc_int *a, const bgc_int *b)
{
    vop = kind == 'c' || kind == 'a' ? BGC_V_CMP : BGC_V_SGN;
    sa = BGC_ABS(a->size);
    sb = b ? BGC_ABS(b->size) : -1;
    sc = -1;
    static const char *const what[] = {"cmp", "cmpabs", "sgn", "is_zero"};
    int i = kind == 'c' ? 0 : kind == 'a' ? 1 : kind == 's' ? 2 : 3;
    record("%s is %d, GMP has %d; GMP's value is used", what[i], c, w);
    return w;
}

static int check_cmp(int kind, int c, const bgc_int *a, const bgc_int *b)
{
    checked++;
    int op = kind == 'c' || kind == 'a' ? BGC_V_CMP : BGC_V_SGN;
    if (__builtin_expect(armed == op, 0)) { /* a wrong answer, as a fault */
        armed = -1;
        c = kind == 'z' ? !c : c == 0 ? 1 : -c;
    }
    mpz_t za = MPZ_ROINIT_N((mp_limb_t *)limbs(a), (mp_size_t)a->size);
    int w;
    if (kind == 'c' || kind == 'a') {
        mpz_t zb = MPZ_ROINIT_N((mp_limb_t *)limbs(b), (mp_size_t)b->size);
        w = kind == 'c' ? mpz_cmp(za, zb) : mpz_cmpabs(za, zb);
        w = (w > 0) - (w < 0);
    } else {
        w = kind == 's' ? mpz_sgn(za) : mpz_sgn(za) == 0;
    }
    return __builtin_expect(w == c, 1) ? c : cmp_differs(kind, c, w, a, b);
}

static void check(int tok, bgc_err e, bgc_int *r1, bgc_int *r2)
{
    (void)tok;
    checked++;
    /* The frequent one-result operations, without the general switch:
     * GMP's result, the armed fault, the comparison. */
    if (e == BGC_OK && r1 != NULL && r2 == NULL &&
        (vop <= BGC_V_SQR || vop == BGC_V_SETSTR)) {
        /* tests rather than a jump table: the kinds alternate from one
         * call to the next, which an indirect jump predicts badly */
        if (vop == BGC_V_SETSTR) {
            if (!expected_setstr())
                return;
        } else if (vop == BGC_V_ADD) {
            mpz_add(want, pa, pb);
        } else if (vop == BGC_V_SUB) {
            mpz_sub(want, pa, pb);
        } else {
            mpz_mul(want, pa, pb);
        }
        if (__builtin_expect(armed == (int)vop, 0))
            fault_now(), corrupt(r1);
        compare("result", r1, want);
        return;
    }
    /* Only "not invertible" is a claim about the numbers that GMP can
     * contradict; the other errors are limits and operand checks, whose
     * operands GMP must not even see (division by zero, huge sizes). */
    if (e == BGC_ENOTINV) {
        if (expected() == 1)
            record("engine says not invertible, GMP finds an inverse");
        return;
    }
    if (e != BGC_OK)
        return;
    if (vop >= BGC_V_RANDOM && vop <= BGC_V_RANDPRIME) {
        check_random(r1);
        return;
    }
    int ok = expected();
    if (ok == -1) {
        record("engine found an inverse, GMP says not invertible");
        return;
    }
    if (fault_now()) {
        if (r1)
            corrupt(r1);
        else if (r2)
            corrupt(r2);
    }
    if (ok == 0)
        return;
    if (vop == BGC_V_PREVPRIME) {
        /* r1 < n, r1 prime, and no prime in between. */
        mpz_roinit_n(got, limbs(r1), r1->size);
        mpz_t nx;
        mpz_init(nx);
        mpz_nextprime(nx, got);
        if (mpz_cmp(got, pa) >= 0 || mpz_probab_prime_p(got, 24) == 0 ||
            mpz_cmp(nx, pa) < 0)
            record("result limb 0 is 0x%016lx, not the previous prime",
                   (unsigned long)(r1->size ? r1->d[0] : 0));
        mpz_clear(nx);
        return;
    }
    if (r1)
        compare(vop == BGC_V_TDIV || vop == BGC_V_FDIV ? "quotient"
                                                        : "result",
                r1, want);
    if (r2)
        compare("remainder", r2, want2);
}

static void check_int(int tok, bgc_err e, int *res)
{
    (void)tok;
    checked++;
    if (e != BGC_OK || expected() != 1)
        return;
    if (fault_now())
        *res = !*res;
    if ((long)*res != mpz_get_si(want)) {
        record("result is %d, GMP has %ld; GMP's value is used", *res, mpz_get_si(want));
        *res = (int)mpz_get_si(want);
    }
}

static void check_str(int tok, bgc_err e, char *s)
{
    (void)tok;
    checked++;
    if (e != BGC_OK || s == NULL)
        return;
    if (fault_now()) {
        size_t n = strlen(s);
        char *c = &s[n - 1];
        *c = *c == '0' ? '1' : '0';
    }
    /* GMP's digits by mpn_get_str (it clobbers its input: |a| is copied
     * first) into buffers kept between calls; no mpz_sizeinbase, no
     * allocation per call. */
    static char *wbuf;
    static size_t wcap;
    static mp_limb_t *lbuf;
    static size_t lcap;
    size_t n = mpz_size(pa);
    int base = (int)vx, lg = 0;
    while ((2 << lg) <= base)
        lg++; /* floor(log2 base) >= 1 */
    size_t need = n * 64 / (size_t)lg + 4; /* digits, sign, NUL, spare */
    if (need > wcap || n + 1 > lcap) {
        free(wbuf);
        free(lbuf);
        wcap = need > 64 ? need : 64;
        lcap = n + 1 > 8 ? n + 1 : 8;
        wbuf = malloc(wcap);
        lbuf = malloc(lcap * sizeof *lbuf);
        if (wbuf == NULL || lbuf == NULL) {
            free(wbuf);
            free(lbuf);
            wbuf = NULL;
            lbuf = NULL;
            wcap = lcap = 0;
            return;
        }
    }
    static const char chars[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    /* the digits go to wbuf + 1, leaving room for the sign */
    unsigned char *p = (unsigned char *)wbuf + 1;
    size_t len = 1;
    if (n == 0) {
        p[0] = 0; /* the digit value of "0" */
    } else {
        for (size_t k = 0; k < n; k++)
            lbuf[k] = pa->_mp_d[k];
        len = mpn_get_str(p, base, lbuf, (mp_size_t)n);
        while (len > 1 && p[0] == 0) /* mpn_get_str may give leading 0s */
            p++, len--;
    }
    /* digits to characters (eight at a time below base 11), then one
     * strcmp */
    size_t i = 0;
    if (base <= 10)
        for (; i + 8 <= len; i += 8) {
            uint64_t v;
            memcpy(&v, p + i, 8);
            v += 0x3030303030303030u;
            memcpy(p + i, &v, 8);
        }
    for (; i < len; i++)
        p[i] = (unsigned char)chars[p[i]];
    p[len] = '\0';
    if (mpz_sgn(pa) < 0)
        *--p = '-';
    const char *w = (const char *)p;
    if (strcmp(w, s) == 0)
        return;
    i = 0;
    while (w[i] && w[i] == s[i])
        i++;
    int fix = strlen(w) <= strlen(s);
    record("digit %zu is '%c', GMP has '%c'; %s digits are printed", i, s[i] ? s[i] : ' ',
           w[i] ? w[i] : ' ', fix ? "GMP's" : "the engine's");
    if (fix)
        strcpy(s, w);
}

/* ---- factor: product and primality ------------------------------------------ */

void bgc_verify_factor(const bgcn_limb_t *np, long nn, bgcn_factors *fs)
{
    setup();
    checked++;
    vop = BGC_V_FACTOR;
    sa = nn;
    sb = sc = -1;
    if (armed == (int)BGC_V_FACTOR && fs->count > 0) {
        armed = -1;
        fs->f[fs->count - 1].p[0] ^= 1; /* corrupt the engine's result */
    }
    mpz_t prod, f;
    mpz_init_set_ui(prod, 1);
    mpz_init(f);
    for (long i = 0; i < fs->count; i++) {
        mpz_import(f, (size_t)fs->f[i].n, -1, sizeof(bgcn_limb_t), 0, 0,
                   fs->f[i].p);
        if (fs->f[i].prime && !mpz_probab_prime_p(f, 25))
            record("factor %ld (of %zu digits) is not prime for GMP", i + 1,
                   mpz_sizeinbase(f, 10));
        mpz_pow_ui(f, f, fs->f[i].e);
        mpz_mul(prod, prod, f);
    }
    mpz_import(f, (size_t)nn, -1, sizeof(bgcn_limb_t), 0, 0, np);
    if (mpz_cmp(prod, f) != 0)
        record("the product of the factors is not n");
    mpz_clears(prod, f, NULL);
}

/* ---- the number theorist's toolkit: identities ------------------------------
 *
 * These results cannot be recomputed by GMP directly (it has no znlog, no
 * sqrtmod for composite moduli, no eulerphi), so each is checked by an
 * identity that an independent computation confirms: r^2 = a (mod m),
 * g^x = h (mod m), the CRT solution against every congruence, phi and
 * sigma recomputed by GMP from a factorisation that GMP checked first.
 * Claims of "no solution" are checked where GMP can decide them (a
 * non-residue modulo an odd prime, two congruences in conflict). */

static void nt_begin(bgc_vop op, const bgc_int *a, const bgc_int *b,
                     const bgc_int *c)
{
    setup();
    checked++;
    vop = op;
    sa = a ? BGC_ABS(a->size) : -1;
    sb = b ? BGC_ABS(b->size) : -1;
    sc = c ? BGC_ABS(c->size) : -1;
}

/* the armed fault for this kind flips the low bit of r */
static void nt_fault(bgc_int *r)
{
    if (r && fault_now())
        corrupt(r);
}

static void zview(mpz_t z, const bgc_int *x)
{
    mpz_roinit_n(z, limbs(x), x->size);
}

void bgc_verify_sqrtmod(int e, bgc_int *r, const bgc_int *a, const bgc_int *m)
{
    if (e != BGC_OK && e != BGC_EDOMAIN)
        return;
    nt_begin(BGC_V_SQRTMOD, a, m, NULL);
    mpz_t za, zm, zr, t;
    zview(za, a);
    zview(zm, m);
    mpz_init(t);
    mpz_init(zr);
    mpz_abs(zr, zm);
    if (e == BGC_EDOMAIN) {
        /* "no root": GMP agrees for an odd prime modulus */
        if (mpz_odd_p(zr) && mpz_cmp_ui(zr, 2) > 0 &&
            mpz_probab_prime_p(zr, 25) && mpz_jacobi(za, zr) != -1)
            record("engine says no square root, but a is a residue modulo "
                   "the prime m");
        mpz_clears(t, zr, NULL);
        return;
    }
    nt_fault(r);
    mpz_t got_r;
    zview(got_r, r);
    mpz_sub(t, zr, got_r);
    if (mpz_sgn(got_r) < 0 || mpz_cmp(got_r, t) > 0)
        record("the root is not in [0, m/2]");
    mpz_mul(t, got_r, got_r);
    mpz_sub(t, t, za);
    if (!mpz_divisible_p(t, zr))
        record("r^2 - a is not a multiple of m");
    mpz_clears(t, zr, NULL);
}

void bgc_verify_sqrtmods(bgc_int *roots, long cnt, const bgc_int *a,
                         const bgc_int *m)
{
    nt_begin(BGC_V_SQRTMOD, a, m, NULL);
    if (cnt > 0)
        nt_fault(&roots[0]);
    mpz_t za, zm, zr, t, prev;
    zview(za, a);
    zview(zm, m);
    mpz_inits(zr, t, prev, NULL);
    mpz_abs(zr, zm);
    for (long i = 0; i < cnt; i++) {
        mpz_t x;
        zview(x, &roots[i]);
        if (mpz_sgn(x) < 0 || mpz_cmp(x, zr) >= 0 ||
            (i > 0 && mpz_cmp(x, prev) <= 0)) {
            record("root %ld is out of order or not in [0, m)", i + 1);
            break;
        }
        mpz_mul(t, x, x);
        mpz_sub(t, t, za);
        if (!mpz_divisible_p(t, zr)) {
            record("root %ld: r^2 - a is not a multiple of m", i + 1);
            break;
        }
        mpz_set(prev, x);
    }
    /* an odd prime modulus has exactly 1 + (a|m) roots */
    if (mpz_odd_p(zr) && mpz_cmp_ui(zr, 2) > 0 &&
        mpz_probab_prime_p(zr, 25) && cnt != 1 + mpz_jacobi(za, zr))
        record("%ld roots modulo a prime, GMP expects %d", cnt,
               1 + mpz_jacobi(za, zr));
    mpz_clears(zr, t, prev, NULL);
}

void bgc_verify_znlog(bgc_int *r, int found, const bgc_int *x,
                      const bgc_int *g, const bgc_int *m)
{
    if (!found)
        return;
    nt_begin(BGC_V_ZNLOG, x, g, m);
    nt_fault(r);
    mpz_t zx, zg, zm, zr, t, u;
    zview(zx, x);
    zview(zg, g);
    zview(zm, m);
    zview(zr, r);
    mpz_inits(t, u, NULL);
    mpz_abs(u, zm);
    if (mpz_sgn(zr) < 0) {
        record("the logarithm is negative");
    } else if (mpz_cmp_ui(u, 1) > 0) {
        mpz_powm(t, zg, zr, u);
        mpz_mod(u, zx, u);
        if (mpz_cmp(t, u) != 0)
            record("g^e differs from x modulo m");
    }
    mpz_clears(t, u, NULL);
}

void bgc_verify_chinese(int e, bgc_int *x, const bgc_int *rs,
                        const bgc_int *ms, long cnt)
{
    if (e != BGC_OK && e != BGC_EDOMAIN)
        return;
    nt_begin(BGC_V_CHINESE, cnt ? &rs[0] : NULL, cnt ? &ms[0] : NULL,
             NULL);
    mpz_t l, t, u, zr, zm;
    mpz_inits(l, t, u, NULL);
    mpz_set_ui(l, 1);
    for (long i = 0; i < cnt; i++) {
        zview(zm, &ms[i]);
        if (mpz_sgn(zm) == 0) { /* an error the engine reported anyway */
            mpz_clears(l, t, u, NULL);
            return;
        }
        mpz_lcm(l, l, zm);
    }
    if (e == BGC_EDOMAIN) {
        /* "no solution": some pair must conflict modulo their gcd */
        int conflict = 0;
        for (long i = 0; i < cnt && !conflict; i++)
            for (long j = i + 1; j < cnt && !conflict; j++) {
                mpz_t ri, rj, mi, mj;
                zview(ri, &rs[i]);
                zview(rj, &rs[j]);
                zview(mi, &ms[i]);
                zview(mj, &ms[j]);
                mpz_gcd(t, mi, mj);
                mpz_sub(u, ri, rj);
                conflict = !mpz_divisible_p(u, t);
            }
        if (!conflict)
            record("engine says no common solution, GMP finds the "
                   "congruences compatible");
        mpz_clears(l, t, u, NULL);
        return;
    }
    nt_fault(x);
    mpz_t zx;
    zview(zx, x);
    if (mpz_sgn(zx) < 0 || mpz_cmp(zx, l) >= 0)
        record("the solution is not in [0, lcm of the moduli)");
    for (long i = 0; i < cnt; i++) {
        zview(zr, &rs[i]);
        zview(zm, &ms[i]);
        mpz_sub(t, zx, zr);
        if (!mpz_divisible_p(t, zm)) {
            record("the solution fails congruence %ld", i + 1);
            break;
        }
    }
    mpz_clears(l, t, u, NULL);
}

void bgc_verify_arith(int which, bgc_int *r, const bgc_int *n,
                      const bgc_int *k, const bgc_factors *f)
{
    nt_begin(which == 's' ? BGC_V_SIGMA : BGC_V_EULERPHI, n, k, NULL);
    nt_fault(r);
    mpz_t prod, p, pw, acc, s, q, zn;
    mpz_inits(prod, p, pw, acc, s, q, NULL);
    mpz_set_ui(prod, 1);
    mpz_set_ui(acc, 1);
    unsigned long kk = 1;
    if (k != NULL) {
        mpz_t zk;
        zview(zk, k);
        kk = mpz_get_ui(zk); /* sigma's k: small, the result had room */
    }
    int bad = 0;
    for (long i = 0; i < f->n; i++) {
        zview(p, &f->p[i]);
        if (!mpz_probab_prime_p(p, 25)) {
            record("factor %ld of n (of %zu digits) is not prime for GMP",
                   i + 1, mpz_sizeinbase(p, 10));
            bad = 1;
        }
        mpz_pow_ui(pw, p, f->e[i]);
        mpz_mul(prod, prod, pw);
        if (which == 's') {
            /* 1 + q + ... + q^e, q = p^k, as (q^(e+1) - 1) / (q - 1) */
            mpz_pow_ui(q, p, kk);
            mpz_pow_ui(s, q, f->e[i] + 1);
            mpz_sub_ui(s, s, 1);
            mpz_sub_ui(q, q, 1);
            mpz_divexact(s, s, q);
            mpz_mul(acc, acc, s);
        } else {
            mpz_divexact(pw, pw, p);
            mpz_mul(acc, acc, pw);
            mpz_sub_ui(s, p, 1);
            mpz_mul(acc, acc, s);
        }
    }
    zview(zn, n);
    if (mpz_cmpabs(prod, zn) != 0) {
        record("the factorisation's product is not |n|");
        bad = 1;
    }
    if (!bad) {
        mpz_t zr;
        zview(zr, r);
        if (mpz_cmp(zr, acc) != 0)
            record("%s differs from GMP's value from the factorisation",
                   which == 's' ? "sigma" : "eulerphi");
    }
    mpz_clears(prod, p, pw, acc, s, q, NULL);
}

static const bgc_verifier gmp_verifier = {snap, snap_str, check, check_int, check_str,
                                          check_cmp};
