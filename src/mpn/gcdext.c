/* gcdext.c -- extended gcd and modular inverse: bgcn_gcdext,
 * bgcn_invert.  Contracts in bgcn.h.
 *
 * The same Lehmer loop as bgcn_gcd (double-limb steps, division steps when
 * the sizes differ) carries, for each of the two current numbers, its
 * cofactor of U: a = sa*U (mod V), b = sb*U (mod V), starting from
 * (U, 1), (V, 0).  A Lehmer matrix or a quotient q updates the cofactors
 * by the same combination as the numbers.  Cofactors are kept as a sign
 * and a magnitude; when a combination of the numbers comes out negative
 * (only possible if a quotient from the top bits were off) its magnitude
 * is taken and the cofactor's sign flipped, so the invariants hold
 * whatever happens.  From bgcn_gcdext_dc_threshold limbs the pair is reduced
 * by half-gcd matrices (bgcn_hgcd_reduce on the limbs above an/3, so each
 * matrix takes about a third off and the cofactors, which grow to V's
 * size, are updated fewer times), which carry the cofactors along with
 * four products each (two sums of two in the transform domain where the
 * cofactors' signs differ, as they do along a remainder sequence:
 * cof_sums).  Once the pair is below the threshold after such
 * steps, the cofactors are long but the numbers short: gcdext_tail
 * finishes the small pair by its own gcdext and recovers U's cofactor
 * with a few products (its slow twin, bgcn_gcd_slow_twins, carries the
 * long cofactors through the Lehmer steps).  At the end (b = 0) g = a and
 * s = sa, reduced into
 * (-V/(2g), V/(2g)] (the range extended Euclid gives; the reduction makes
 * it certain).  t = (g - sU)/V is not computed (callers that need it get
 * it with one product and one exact division).  Operands of one or two
 * limbs take gcdext_small (no scratch; twin: the general loop). */
#include "gcd-impl.h"

long bgcn_gcdext_dc_threshold = BGCN_GCDEXT_DC_THRESHOLD;

/* A signed cofactor: magnitude {p, n} (normalised, n = 0 for zero). */
struct scof {
    bgcn_limb_t *p;
    long n;
    int neg;
};

/* {rp,n} = -{rp,n} (two's complement), n >= 1. */
static void negate_n(bgcn_limb_t *rp, long n)
{
    long i = 0;
    while (i < n && rp[i] == 0)
        i++;
    if (i == n)
        return;
    rp[i] = -rp[i];
    for (i++; i < n; i++)
        rp[i] = ~rp[i];
}

/* r = u x - v y for signed cofactors x, y and u, v < 2^63; r->p has room
 * for max(x->n, y->n) + 1 limbs and must not overlap x->p or y->p.  Only
 * the limbs below each size are read (no zero padding needed), with the
 * dispatched mul_1 / addmul_1 / submul_1 kernels. */
static void cof_lin(struct scof *r, const struct scof *x, bgcn_limb_t u,
                    const struct scof *y, bgcn_limb_t v)
{
    long xn = u ? x->n : 0, yn = v ? y->n : 0, n;
    bgcn_limb_t *rp = r->p;
    int neg;
    if (xn == 0 && yn == 0) {
        r->n = 0;
        r->neg = 0;
        return;
    }
    if (yn == 0) {
        rp[xn] = bgcn_mul_1(rp, x->p, xn, u);
        n = xn + 1;
        neg = x->neg;
    } else if (xn == 0) {
        rp[yn] = bgcn_mul_1(rp, y->p, yn, v);
        n = yn + 1;
        neg = !y->neg;
    } else if (x->neg != y->neg) {
        /* u x - v y = sign(x) (u|x| + v|y|) */
        const bgcn_limb_t *lp = x->p, *sp = y->p;
        bgcn_limb_t lu = u, sv = v;
        long ln = xn, sn = yn;
        if (xn < yn) {
            lp = y->p, sp = x->p, lu = v, sv = u, ln = yn, sn = xn;
        }
        rp[ln] = bgcn_mul_1(rp, lp, ln, lu);
        bgcn_limb_t c = bgcn_addmul_1(rp, sp, sn, sv);
        bgcn_add_1(rp + sn, rp + sn, ln + 1 - sn, c); /* cannot carry out */
        n = ln + 1;
        neg = x->neg;
    } else if (xn >= yn) {
        /* sign(x) (u|x| - v|y|) */
        rp[xn] = bgcn_mul_1(rp, x->p, xn, u);
        bgcn_limb_t b = bgcn_submul_1(rp, y->p, yn, v);
        b = bgcn_sub_1(rp + yn, rp + yn, xn + 1 - yn, b);
        n = xn + 1;
        neg = x->neg;
        if (b) {
            negate_n(rp, n);
            neg = !neg;
        }
    } else {
        /* computed as -sign(x) (v|y| - u|x|) */
        rp[yn] = bgcn_mul_1(rp, y->p, yn, v);
        bgcn_limb_t b = bgcn_submul_1(rp, x->p, xn, u);
        b = bgcn_sub_1(rp + xn, rp + xn, yn + 1 - xn, b);
        n = yn + 1;
        neg = !x->neg;
        if (b) {
            negate_n(rp, n);
            neg = !neg;
        }
    }
    r->n = bgcn_normalized_size(rp, n);
    r->neg = r->n ? neg : 0;
}

static int cmp_norm(const bgcn_limb_t *ap, long an, const bgcn_limb_t *bp,
                    long bn)
{
    if (an != bn)
        return an > bn ? 1 : -1;
    return bgcn_div_cmp(ap, bp, an);
}

/* r = det * (sign(x) mx |x| - sign(y) my |y|) for matrix entries mx, my of
 * mn limbs; t: scratch of 2 cap limbs; r->p has cap limbs (zeroed). */
static bgcn_status cof_comb(struct scof *r, const struct scof *x,
                            const bgcn_limb_t *mx, const struct scof *y,
                            const bgcn_limb_t *my, long mn, int det,
                            bgcn_limb_t *t, long cap)
{
    bgcn_limb_t *P = t, *Q = t + cap;
    long pn = 0, qn = 0;
    bgcn_zero(t, 2 * cap);
    BGCN_ASSERT(mn + x->n <= cap && mn + y->n <= cap);
    const bgcn_mul_job jobs[2] = {{P, mx, mn, x->p, x->n},
                                  {Q, my, mn, y->p, y->n}};
    BGCN_TRY(bgcn_mul_jobs(jobs, 2));
    if (x->n)
        pn = bgcn_normalized_size(P, mn + x->n);
    if (y->n)
        qn = bgcn_normalized_size(Q, mn + y->n);
    long n = pn > qn ? pn : qn;
    int neg;
    if (x->neg != y->neg) {
        /* same direction: magnitudes add */
        BGCN_ASSERT(n + 1 <= cap);
        P[n] = n ? bgcn_add_n(P, P, Q, n) : 0;
        bgcn_copyi(r->p, P, n + 1);
        neg = x->neg;
        n++;
    } else if (cmp_norm(P, pn, Q, qn) >= 0) {
        if (n)
            bgcn_sub_n(P, P, Q, n);
        bgcn_copyi(r->p, P, n);
        neg = x->neg;
    } else {
        bgcn_sub_n(Q, Q, P, n);
        bgcn_copyi(r->p, Q, n);
        neg = !x->neg;
    }
    r->n = bgcn_normalized_size(r->p, n);
    r->neg = r->n ? neg ^ (det < 0) : 0;
    return BGCN_OK;
}

/* Both combinations of cofactors of opposite signs (the rule along a
 * remainder sequence: consecutive cofactors alternate), where each is a
 * sum of products with nonnegative terms: |sc| = m11 |sa| + m01 |sb|
 * with sa's sign, |sd| = m00 |sb| + m10 |sa| with sb's, both times det.
 * bgcn_mul_sums transforms each of the six operands once and each sum
 * back once, where cof_comb's four products take twelve transforms. */
static void cof_sums_sign(struct scof *r, long rn, int neg, int det)
{
    r->n = bgcn_normalized_size(r->p, rn);
    r->neg = r->n ? neg ^ (det < 0) : 0;
}

static bgcn_status cof_sums(struct scof *sc, struct scof *sd,
                            const struct scof *sa, const struct scof *sb,
                            long xn, const bgcn_hgcd_matrix *m, long cap)
{
    long mn = m->n, rn = mn + xn + 1;
    BGCN_ASSERT(sa->neg != sb->neg && rn <= cap);
    BGCN_ASSERT(xn == (sa->n > sb->n ? sa->n : sb->n));
    (void)cap;
    const bgcn_operand A[4] = {{m->p[0][0], mn}, {m->p[0][1], mn},
                               {m->p[1][0], mn}, {m->p[1][1], mn}};
    const bgcn_operand B[2] = {{sa->p, sa->n}, {sb->p, sb->n}};
    const bgcn_sum_spec S[2] = {{sc->p, 2, {3, 1}, {0, 1}},  /* m11 sa + m01 sb */
                                {sd->p, 2, {0, 2}, {1, 0}}}; /* m00 sb + m10 sa */
    BGCN_TRY(bgcn_mul_sums(A, 4, B, 2, S, 2));
    cof_sums_sign(sc, rn, sa->neg, m->det);
    cof_sums_sign(sd, rn, sb->neg, m->det);
    return BGCN_OK;
}

/* One bgcn_hgcd_reduce on (a, b) with the cofactors carried along:
 * (sc, sd) = det (m11 sa - m01 sb, m00 sb - m10 sa): by sums of products
 * where the signs differ and the products are transforms (cof_sums),
 * else as differences (cof_comb; also the slow twin). */
static bgcn_status hgcd_cofactors(int *ok, bgcn_limb_t *a, long *an,
                                  bgcn_limb_t *b, long *bn, struct scof *sa,
                                  struct scof *sb, struct scof *sc,
                                  struct scof *sd, bgcn_limb_t *t, long cap)
{
    bgcn_hgcd_matrix m;
    *ok = 0;
    BGCN_TRY(bgcn_hgcd_matrix_init(&m, *an / 2 + 8));
    bgcn_status st = bgcn_hgcd_reduce(ok, a, an, b, bn, *an / 3, &m);
    long xn = sa->n > sb->n ? sa->n : sb->n;
    if (st == BGCN_OK && *ok && sa->neg != sb->neg && !bgcn_gcd_slow_twins &&
        bgcn_mul_sums_ntt_p(m.n, xn)) {
        st = cof_sums(sc, sd, sa, sb, xn, &m, cap);
    } else if (st == BGCN_OK && *ok) {
        st = cof_comb(sc, sa, m.p[1][1], sb, m.p[0][1], m.n, m.det, t, cap);
        if (st == BGCN_OK)
            st = cof_comb(sd, sb, m.p[0][0], sa, m.p[1][0], m.n, m.det, t, cap);
    }
    bgcn_hgcd_matrix_clear(&m);
    return st;
}

/* {rp, xn + yn} = |x| |y| for signed cofactors (either may be zero: then
 * the result is zero and its size 0); returns the normalised size.  The
 * sign is neg(x) xor neg(y). */
static bgcn_status scof_mul(long *rn, bgcn_limb_t *rp, const bgcn_limb_t *xp,
                            long xn, const bgcn_limb_t *yp, long yn)
{
    *rn = 0;
    if (xn == 0 || yn == 0)
        return BGCN_OK;
    BGCN_TRY(bgcn_div_mul(rp, xp, xn, yp, yn));
    *rn = bgcn_normalized_size(rp, xn + yn);
    return BGCN_OK;
}

/* The end of a gcdext that took half-gcd steps: the pair (a, b) (a >= b >
 * 0, below bgcn_gcdext_dc_threshold limbs) has the cofactors sa, sb of U,
 * each of up to V's size.  Carrying them through the Lehmer steps would
 * cost two passes over |sa| + |sb| limbs per step; instead the small pair
 * gets its own gcdext: s2 a = g (mod b), so t2 = (g - s2 a) / b is exact
 * (one product, one exact division, all of the small size), and
 * g = s2 a + t2 b, so s = s2 sa + t2 sb is a cofactor of U (two products
 * of the small size by the cofactor size).  On return {gp,*gn} = g and
 * *sa = s, unreduced: |s2| <= b and |t2| <= a, so s has at most
 * max(|sa|, |sb|) + an + 1 limbs, which cap (n + vn + 2) holds. */
static bgcn_status gcdext_tail(bgcn_limb_t *gp, long *gn, struct scof *sa,
                               const struct scof *sb, const bgcn_limb_t *a,
                               long an, const bgcn_limb_t *b, long bn,
                               long cap)
{
    /* s2: bn limbs; t2: an + 1 (|s2| a + g < B^(an+bn)); P: s2 a + g;
     * R, T: the two products for s */
    long pn = an + bn + 1;
    bgcn_limb_t *buf = bgcn_alloc_limbs((size_t)(bn + an + 1 + pn + 2 * cap));
    if (!buf)
        return BGCN_ENOMEM;
    bgcn_limb_t *s2 = buf, *t2 = s2 + bn, *P = t2 + an + 1;
    bgcn_limb_t *R = P + pn, *T = R + cap;
    long s2n, t2n, gn2;
    int s2neg, t2neg;
    bgcn_status st = bgcn_gcdext(gp, &gn2, s2, &s2n, a, an, b, bn);
    if (st != BGCN_OK)
        goto done;
    *gn = gn2;
    s2neg = s2n < 0;
    if (s2neg)
        s2n = -s2n;
    /* t2 = (g - s2 a) / b: numerator -(s2 a - g) for s2 > 0, g + |s2| a
     * for s2 < 0, g for s2 = 0 */
    {
        long nn;
        if (s2n == 0) {
            bgcn_copyi(P, gp, gn2);
            nn = gn2;
            t2neg = 0;
        } else {
            if ((st = scof_mul(&nn, P, s2, s2n, a, an)) != BGCN_OK)
                goto done;
            P[nn] = 0;
            if (s2neg) {
                if (bgcn_add(P, P, nn, gp, gn2))
                    P[nn++] = 1;
                t2neg = 0;
            } else {
                bgcn_sub(P, P, nn, gp, gn2); /* s2 a > g: s2 >= 1, a > g */
                t2neg = 1;
            }
            nn = bgcn_normalized_size(P, nn);
        }
        t2n = 0;
        if (nn >= bn) {
            st = bgcn_divexact(t2, P, nn, b, bn);
            if (st != BGCN_OK)
                goto done;
            t2n = bgcn_normalized_size(t2, nn - bn + 1);
        }
    }
    /* s = s2 sa + t2 sb: two signed products */
    long rn, tn;
    if ((st = scof_mul(&rn, R, s2, s2n, sa->p, sa->n)) != BGCN_OK)
        goto done;
    if ((st = scof_mul(&tn, T, t2, t2n, sb->p, sb->n)) != BGCN_OK)
        goto done;
    int rneg = s2neg ^ sa->neg, tneg = t2neg ^ sb->neg, neg;
    long mx = rn > tn ? rn : tn;
    BGCN_ASSERT(mx + 1 <= cap);
    bgcn_zero(R + rn, mx + 1 - rn);
    bgcn_zero(T + tn, mx + 1 - tn);
    if (rneg == tneg) {
        R[mx] = bgcn_add_n(R, R, T, mx);
        neg = rneg;
        mx++;
    } else if (bgcn_div_cmp(R, T, mx) >= 0) {
        bgcn_sub_n(R, R, T, mx);
        neg = rneg;
    } else {
        bgcn_sub_n(R, T, R, mx);
        neg = tneg;
    }
    mx = bgcn_normalized_size(R, mx);
    BGCN_ASSERT(mx <= cap);
    bgcn_copyi(sa->p, R, mx);
    sa->n = mx;
    sa->neg = mx ? neg : 0;
done:
    bgcn_free_limbs(buf);
    return st;
}

/* gcdext of U, V < 2^128, both nonzero, without scratch: Euclid with
 * the cofactor of U as a magnitude whose sign alternates with the steps
 * (the cofactor of the current x is (-1)^i sx, that of y -(-1)^i sy).
 * Quotients of 1, 2 and 3 (about 68%) by subtractions; one-limb pairs
 * divide in 64 bits.  The magnitudes never exceed V/g, so they fit 128 bits.  The
 * result s is reduced into (-m/2, m/2], m = V/g, as bgcn_gcdext's. */
static void gcdext_small(bgcn_limb_t *gp, long *gn, bgcn_limb_t *sp, long *sn,
                         bgcn_div_dlimb U, bgcn_div_dlimb V)
{
    bgcn_div_dlimb x = U, y = V, sx = 1, sy = 0;
    int i = 0;
    if (x < y) {
        /* the quotient-0 step first: below, x >= y, so x - y cannot wrap */
        x = V, y = U, sx = 0, sy = 1, i = 1;
    }
    while (y != 0) {
        bgcn_div_dlimb q, r = x - y;
        if (r < y) {
            q = 1;
        } else if (r - y < y) {
            q = 2; /* y <= x/2: no wrap */
            r -= y;
        } else if (r - 2 * y < y) {
            q = 3;
            r -= 2 * y;
        } else if (((x | y) >> 64) == 0) {
            bgcn_limb_t xl = (bgcn_limb_t)x, yl = (bgcn_limb_t)y;
            q = xl / yl;
            r = xl % yl;
        } else {
            q = x / y;
            r = x - q * y;
        }
        bgcn_div_dlimb t = sx + q * sy;
        sx = sy;
        sy = t;
        x = y;
        y = r;
        i ^= 1;
    }
    /* g = x, s = (-1)^i sx; m = V / g */
    bgcn_div_dlimb m = V / x;
    bgcn_div_dlimb r = sx < m ? sx : sx % m;
    int neg = i && r != 0;
    if (r > m - r) {
        r = m - r;
        neg = !neg;
    } else if (r == m - r) {
        neg = 0; /* exactly m/2: the positive representative */
    }
    gp[0] = (bgcn_limb_t)x;
    *gn = 1;
    if (x >> 64) {
        gp[1] = (bgcn_limb_t)(x >> 64);
        *gn = 2;
    }
    long rn = r == 0 ? 0 : (r >> 64) ? 2 : 1;
    sp[0] = (bgcn_limb_t)r;
    if (rn == 2)
        sp[1] = (bgcn_limb_t)(r >> 64);
    *sn = neg ? -rn : rn;
}

bgcn_status bgcn_gcdext(bgcn_limb_t *gp, long *gn, bgcn_limb_t *sp, long *sn,
                        const bgcn_limb_t *up, long un,
                        const bgcn_limb_t *vp, long vn)
{
    BGCN_ASSERT(un >= 1 && vn >= 1 && up[un - 1] != 0 && vp[vn - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(gp, un < vn ? un : vn, up, un));
    BGCN_ASSERT(!BGCN_OVERLAP_P(gp, un < vn ? un : vn, vp, vn));
    BGCN_ASSERT(!BGCN_OVERLAP_P(sp, vn, up, un));
    BGCN_ASSERT(!BGCN_OVERLAP_P(sp, vn, vp, vn));
    BGCN_ASSERT(!BGCN_OVERLAP_P(sp, vn, gp, un < vn ? un : vn));

    if (un <= 2 && vn <= 2 && !bgcn_gcd_slow_twins) {
        bgcn_div_dlimb U = up[0], V = vp[0];
        if (un > 1)
            U |= (bgcn_div_dlimb)up[1] << 64;
        if (vn > 1)
            V |= (bgcn_div_dlimb)vp[1] << 64;
        gcdext_small(gp, gn, sp, sn, U, V);
        return BGCN_OK;
    }

    long n = (un > vn ? un : vn) + 1;
    /* cofactors stay below V in magnitude along an exact remainder
     * sequence; cap leaves room for the products of one step on top. */
    long cap = n + vn + 2;
    /* numbers: a, b, c, d (n each); cofactors: 4 x cap; quotient: n;
     * product: 2 cap (two products in the half-gcd path). */
    size_t total = (size_t)(4 * n + 4 * cap + n + 2 * cap + n);
    bgcn_limb_t *buf = bgcn_alloc_limbs(total);
    if (!buf)
        return BGCN_ENOMEM;
    bgcn_zero(buf, (long)total);
    bgcn_limb_t *a = buf, *b = a + n, *c = b + n, *d = c + n;
    struct scof sa = {d + n, 0, 0}, sb = {sa.p + cap, 0, 0},
                sc = {sb.p + cap, 0, 0}, sd = {sc.p + cap, 0, 0};
    bgcn_limb_t *qp = sd.p + cap, *pp = qp + n;
    long an = un, bn = vn;
    bgcn_copyi(a, up, un);
    bgcn_copyi(b, vp, vn);
    sa.p[0] = 1;
    sa.n = 1;
    if (cmp_norm(a, an, b, bn) < 0) {
        bgcn_limb_t *t = a; a = b; b = t;
        long tn = an; an = bn; bn = tn;
        struct scof ts = sa; sa = sb; sb = ts;
    }

    bgcn_status st = BGCN_OK;
    unsigned long iter = 0;
    /* a >= b normalised; limbs above the sizes are garbage (cleared where
     * a step reads them: b[bn] for the Lehmer step, both tops for the
     * half-gcd). */
    int dc = 0; /* 1 once a half-gcd step was taken */
    while (bn > 0) {
        if ((++iter & 63) == 0 && bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        if (dc && bn < bgcn_gcdext_dc_threshold && !bgcn_gcd_slow_twins) {
            /* the rest by a gcdext of the small pair (gcdext_tail) */
            long g2n;
            st = gcdext_tail(gp, &g2n, &sa, &sb, a, an, b, bn, cap);
            if (st != BGCN_OK)
                goto done;
            bgcn_copyi(a, gp, g2n);
            an = g2n;
            bn = 0;
            break;
        }
        struct bgcn_lehmer m;
        int steps = 0;
        if (an <= 2) {
            /* exact 128-bit Euclid to the end, cofactors in batches */
            bgcn_div_dlimb X = a[0], Y = b[0];
            if (an > 1)
                X |= (bgcn_div_dlimb)a[1] << 64;
            if (bn > 1)
                Y |= (bgcn_div_dlimb)b[1] << 64;
            steps = bgcn_lehmer_tail(&m, &X, &Y);
            if (steps) {
                a[0] = (bgcn_limb_t)X;
                a[1] = (bgcn_limb_t)(X >> 64);
                b[0] = (bgcn_limb_t)Y;
                b[1] = (bgcn_limb_t)(Y >> 64);
                an = a[1] ? 2 : 1;
                bn = b[1] ? 2 : b[0] != 0;
                if (!m.neg) {
                    cof_lin(&sc, &sa, m.u0, &sb, m.v0);
                    cof_lin(&sd, &sb, m.v1, &sa, m.u1);
                } else {
                    cof_lin(&sc, &sb, m.v0, &sa, m.u0);
                    cof_lin(&sd, &sa, m.u1, &sb, m.v1);
                }
                struct scof o1 = sa, o2 = sb;
                sa = sc, sb = sd;
                sc = o1, sd = o2;
                continue;
            }
        }
        if (bn >= bgcn_gcdext_dc_threshold && an - bn <= 1) {
            /* half-gcd reduction; the cofactors follow the matrix */
            int ok;
            bgcn_zero(a + an, 1);
            bgcn_zero(b + bn, an + 1 - bn);
            st = hgcd_cofactors(&ok, a, &an, b, &bn, &sa, &sb, &sc, &sd,
                                pp, cap);
            if (st != BGCN_OK)
                goto done;
            if (ok) {
                dc = 1;
                struct scof o1 = sa, o2 = sb;
                sa = sc, sb = sd;
                sc = o1, sd = o2;
                continue;
            }
        }
        if (an > 2 && an - bn <= 1) {
            bgcn_div_dlimb A, B;
            if (bn < an)
                b[bn] = 0;
            bgcn_gcd_top2(&A, &B, a, b, an);
            steps = bgcn_lehmer_step(&m, A, B);
        }
        if (steps == 0) {
            /* (a, b) <- (b, a - q b); (sa, sb) <- (sb, sa - q sb) */
            long qn = an - bn + 1;
            st = bgcn_tdiv_qr(qp, c, a, an, b, bn);
            if (st != BGCN_OK)
                goto done;
            qn = bgcn_normalized_size(qp, qn);
            /* sc = sa - q*sb */
            if (sb.n == 0 || qn == 0) {
                bgcn_copyi(sc.p, sa.p, sa.n);
                sc.n = sa.n;
                sc.neg = sa.neg;
            } else {
                long pn = qn + sb.n;
                BGCN_ASSERT(pn <= cap);
                st = qn >= sb.n ? bgcn_mul(pp, qp, qn, sb.p, sb.n)
                                : bgcn_mul(pp, sb.p, sb.n, qp, qn);
                if (st != BGCN_OK)
                    goto done;
                pn = bgcn_normalized_size(pp, pn);
                long mx = pn > sa.n ? pn : sa.n;
                BGCN_ASSERT(mx + 1 <= cap);
                if (sa.neg != sb.neg) {
                    /* sa - q sb = sign(sa) (|sa| + q|sb|) */
                    bgcn_limb_t cy = 0;
                    if (pn >= sa.n) {
                        bgcn_copyi(sc.p, pp, pn);
                        if (sa.n)
                            cy = bgcn_add_n(sc.p, sc.p, sa.p, sa.n);
                        if (cy)
                            cy = bgcn_div_incr(sc.p + sa.n, sc.p + sa.n, pn - sa.n);
                    } else {
                        bgcn_copyi(sc.p, sa.p, sa.n);
                        cy = bgcn_add_n(sc.p, sc.p, pp, pn);
                        if (cy)
                            cy = bgcn_div_incr(sc.p + pn, sc.p + pn, sa.n - pn);
                    }
                    sc.p[mx] = cy;
                    sc.neg = sa.neg;
                } else {
                    /* sign(sa) (|sa| - q|sb|) */
                    int big = cmp_norm(sa.p, sa.n, pp, pn);
                    const bgcn_limb_t *x = big >= 0 ? sa.p : pp, *y = big >= 0 ? pp : sa.p;
                    long xn = big >= 0 ? sa.n : pn, yn = big >= 0 ? pn : sa.n;
                    bgcn_copyi(sc.p, x, xn);
                    if (yn && bgcn_sub_n(sc.p, sc.p, y, yn))
                        bgcn_div_decr(sc.p + yn, sc.p + yn, xn - yn);
                    sc.p[mx] = 0;
                    sc.neg = big >= 0 ? sa.neg : !sa.neg;
                }
                sc.n = bgcn_normalized_size(sc.p, mx + 1);
                if (sc.n == 0)
                    sc.neg = 0;
            }
            /* rotate: (a,b,c) <- (b,c,a) and the cofactors alike */
            bgcn_limb_t *t = a;
            a = b, an = bn;
            b = c, bn = bgcn_normalized_size(c, bn);
            c = t;
            struct scof ts = sa;
            sa = sb;
            sb = sc;
            sc = ts;
            continue;
        }
        /* Lehmer matrix on the numbers and the cofactors alike */
        int nc, nd;
        if (!m.neg) {
            nc = bgcn_gcd_lin_sub(c, a, b, an, m.u0, m.v0);
            nd = bgcn_gcd_lin_sub(d, b, a, an, m.v1, m.u1);
            cof_lin(&sc, &sa, m.u0, &sb, m.v0);
            cof_lin(&sd, &sb, m.v1, &sa, m.u1);
        } else {
            nc = bgcn_gcd_lin_sub(c, b, a, an, m.v0, m.u0);
            nd = bgcn_gcd_lin_sub(d, a, b, an, m.u1, m.v1);
            cof_lin(&sc, &sb, m.v0, &sa, m.u0);
            cof_lin(&sd, &sa, m.u1, &sb, m.v1);
        }
        if (nc && sc.n)
            sc.neg ^= 1;
        if (nd && sd.n)
            sd.neg ^= 1;
        long cn = bgcn_normalized_size(c, an + 1);
        long dn = bgcn_normalized_size(d, an + 1);
        bgcn_limb_t *t1 = a, *t2 = b;
        struct scof o1 = sa, o2 = sb;
        if (cmp_norm(c, cn, d, dn) >= 0) {
            a = c, an = cn, b = d, bn = dn;
            sa = sc, sb = sd;
        } else {
            a = d, an = dn, b = c, bn = cn;
            sa = sd, sb = sc;
        }
        c = t1, d = t2;
        sc = o1, sd = o2;
    }

    /* g = a; s = sa reduced into (-m/2, m/2], m = V/g. */
    bgcn_copyi(gp, a, an);
    *gn = an;
    {
        /* m = V / g: at most vn limbs (V itself when g = 1) */
        const bgcn_limb_t *mq = vp;
        long mn = vn;
        if (an != 1 || a[0] != 1) {
            st = bgcn_divexact(c, vp, vn, a, an);
            if (st != BGCN_OK)
                goto done;
            mq = c;
            mn = bgcn_normalized_size(c, vn - an + 1);
        }
        bgcn_limb_t *r = d;
        long rn;
        if (sa.n >= mn) {
            st = bgcn_tdiv_qr(qp, r, sa.p, sa.n, mq, mn);
            if (st != BGCN_OK)
                goto done;
            rn = bgcn_normalized_size(r, mn);
        } else {
            bgcn_copyi(r, sa.p, sa.n);
            rn = sa.n;
        }
        int neg = sa.neg;
        /* if 2r > m use r - m (flips the sign): compare r with m - r */
        if (rn > 0) {
            bgcn_limb_t *mr = b; /* m - r */
            bgcn_copyi(mr, mq, mn);
            if (bgcn_sub_n(mr, mr, r, rn))
                bgcn_div_decr(mr + rn, mr + rn, mn - rn);
            long mrn = bgcn_normalized_size(mr, mn);
            if (cmp_norm(r, rn, mr, mrn) > 0) {
                bgcn_copyi(r, mr, mrn);
                rn = mrn;
                neg = !neg;
            } else if (cmp_norm(r, rn, mr, mrn) == 0 && neg) {
                /* exactly m/2: keep the positive representative */
                neg = 0;
            }
        }
        bgcn_copyi(sp, r, rn);
        *sn = neg ? -rn : rn;
    }
done:
    bgcn_free_limbs(buf);
    return st;
}

bgcn_status bgcn_invert(bgcn_limb_t *rp, int *ok, const bgcn_limb_t *ap,
                        long an, const bgcn_limb_t *mp, long mn)
{
    BGCN_ASSERT(an >= 0 && mn >= 1 && mp[mn - 1] != 0);
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, ap, an));
    BGCN_ASSERT(!BGCN_OVERLAP_P(rp, mn, mp, mn));
    *ok = 0;
    if (mn == 1 && mp[0] == 1) {
        /* everything is congruent to 0 and 0 * 0 = 0 = 1 mod 1 */
        rp[0] = 0;
        *ok = 1;
        return BGCN_OK;
    }
    bgcn_limb_t *buf = bgcn_alloc_limbs((size_t)(4 * mn + 2));
    if (!buf)
        return BGCN_ENOMEM;
    bgcn_limb_t *a = buf, *g = a + mn, *s = g + mn, *q = s + mn + 1;
    bgcn_status st = BGCN_OK;
    an = bgcn_normalized_size(ap, an);
    long n;
    if (an >= mn) {
        st = bgcn_tdiv_qr(NULL, a, ap, an, mp, mn);
        if (st != BGCN_OK)
            goto done;
        n = bgcn_normalized_size(a, mn);
    } else {
        bgcn_copyi(a, ap, an);
        n = an;
    }
    (void)q;
    if (n == 0)
        goto done; /* 0 has no inverse modulo m > 1 */
    long gn, sn;
    st = bgcn_gcdext(g, &gn, s, &sn, a, n, mp, mn);
    if (st != BGCN_OK)
        goto done;
    if (gn != 1 || g[0] != 1)
        goto done;
    bgcn_zero(rp, mn);
    if (sn >= 0) {
        bgcn_copyi(rp, s, sn);
    } else {
        /* m - |s| */
        bgcn_copyi(rp, mp, mn);
        if (bgcn_sub_n(rp, rp, s, -sn))
            bgcn_div_decr(rp - sn, rp - sn, mn + sn);
    }
    *ok = 1;
done:
    bgcn_free_limbs(buf);
    return st;
}
