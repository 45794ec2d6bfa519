/* hgcd.c -- half gcd: bgcn_hgcd and the matrix helpers used by the
 * subquadratic bgcn_gcd.  Contracts in bgcn.h.
 *
 * Method (N. Möller, "On Schönhage's algorithm and subquadratic integer
 * gcd computation", Math. Comp. 77 (2008); the classic recursive half-gcd
 * outline): for a >= b of n limbs and s = floor(n/2) + 1, reduce the pair
 * by Euclid steps as long as both numbers stay >= B^s (so the last step
 * taken leaves a remainder below B^s for the next one), and return the 2x2
 * matrix M of the steps, with nonnegative entries and determinant +-1,
 * such that (a_in, b_in)^T = M (a_out, b_out)^T.  Keeping BOTH numbers
 * above B^s bounds the entries of M by B^(n-s) < B^s, which is what makes
 * the matrix of a top part valid for the whole numbers: the low parts
 * change the results by less than the top parts that remain.  The
 * recursion computes the matrix of the top half first, applies its inverse
 * to the full numbers with a few multiplications, does the same once more
 * on what is left, and finishes with single steps.  The cost is
 * O(M(n) log n).  Below BGCN_HGCD_THRESHOLD limbs the steps are the
 * double-limb Lehmer steps of gcd-impl.h.
 *
 * Safety: a matrix from a top part is applied only if both results come
 * out nonnegative (lin_sub's sign); otherwise it is dropped and the
 * Lehmer basecase reduces the pair instead, so the contract holds for
 * every input, and only the speed depends on the stopping rules. */
#include "gcd-impl.h"

/* Thresholds measured with random balanced operands, generic kernels, CPU
 * time, min of 3 (a throwaway timing loop over bgcn_gcd at 300..10^4 limbs
 * and hgcd/gcd_dc thresholds 40..250 / 150..700): the optimum is flat,
 * within 5% for 100..150 and 400..700; Lehmer alone is better below about
 * 500 limbs. */
long bgcn_hgcd_threshold = BGCN_HGCD_THRESHOLD;

/* ---- matrices ------------------------------------------------------------- */

static int cmp_norm(const bgcn_limb_t *ap, long an, const bgcn_limb_t *bp,
                    long bn)
{
    if (an != bn)
        return an > bn ? 1 : -1;
    return bgcn_div_cmp(ap, bp, an);
}


bgcn_status bgcn_hgcd_matrix_init(bgcn_hgcd_matrix *m, long cap)
{
    m->cap = cap;
    m->n = 1;
    m->det = 1;
    m->p[0][0] = bgcn_alloc_limbs((size_t)(4 * cap));
    if (!m->p[0][0])
        return BGCN_ENOMEM;
    m->p[0][1] = m->p[0][0] + cap;
    m->p[1][0] = m->p[0][1] + cap;
    m->p[1][1] = m->p[1][0] + cap;
    bgcn_zero(m->p[0][0], 4 * cap);
    m->p[0][0][0] = m->p[1][1][0] = 1;
    return BGCN_OK;
}

void bgcn_hgcd_matrix_clear(bgcn_hgcd_matrix *m)
{
    bgcn_free_limbs(m->p[0][0]);
    m->p[0][0] = NULL;
}

/* m->n = the size of the largest entry, at most rn. */
static void mat_trim(bgcn_hgcd_matrix *m, long rn)
{
    while (rn > 1 && !(m->p[0][0][rn - 1] | m->p[0][1][rn - 1] |
                       m->p[1][0][rn - 1] | m->p[1][1][rn - 1]))
        rn--;
    m->n = rn;
}

/* M <- M * [[v1, v0], [u1, u0]] (the Lehmer step's matrix), entries < 2^63.
 * tmp: 2 (n + 1) limbs. */
static void mat_mul_small(bgcn_hgcd_matrix *m, const struct bgcn_lehmer *l,
                          bgcn_limb_t *tmp)
{
    long n = m->n;
    BGCN_ASSERT(n + 1 <= m->cap);
    bgcn_limb_t *t2 = tmp + n + 1;
    for (int r = 0; r < 2; r++) {
        bgcn_limb_t *x = m->p[r][0], *y = m->p[r][1];
        /* new x = x v1 + y u1, new y = x v0 + y u0 */
        bgcn_gcd_lin_add(tmp, x, y, n, l->v1, l->u1);
        bgcn_gcd_lin_add(t2, x, y, n, l->v0, l->u0);
        bgcn_copyi(x, tmp, n + 1);
        bgcn_copyi(y, t2, n + 1);
    }
    if (m->p[0][0][n] | m->p[0][1][n] | m->p[1][0][n] | m->p[1][1][n])
        m->n = n + 1;
    /* det of [[v1, v0], [u1, u0]] is +-1, exact modulo 2^64 */
    if ((int64_t)(l->v1 * l->u0 - l->v0 * l->u1) < 0)
        m->det = -m->det;
}

/* M <- M * [[q, 1], [1, 0]] for a quotient {qp,qn}; tmp: cap limbs. */
static bgcn_status mat_mul_q(bgcn_hgcd_matrix *m, const bgcn_limb_t *qp,
                             long qn, bgcn_limb_t *tmp)
{
    long n = m->n;
    BGCN_ASSERT(n + qn + 1 <= m->cap);
    for (int r = 0; r < 2; r++) {
        bgcn_limb_t *x = m->p[r][0], *y = m->p[r][1];
        /* (x, y) <- (x q + y, x) */
        bgcn_zero(tmp, n + qn + 1);
        BGCN_TRY(bgcn_div_mul(tmp, x, n, qp, qn));
        if (bgcn_add_n(tmp, tmp, y, n))
            bgcn_div_incr(tmp + n, tmp + n, qn + 1);
        bgcn_copyi(y, x, n);
        bgcn_copyi(x, tmp, n + qn + 1);
    }
    m->det = -m->det; /* det [[q, 1], [1, 0]] = -1 */
    mat_trim(m, n + qn + 1);
    return BGCN_OK;
}

/* ---- M <- M * M2 with seven products ------------------------------------
 * Winograd's form of Strassen's 2x2 product: for M = [[a11, a12], [a21,
 * a22]] and M2 = [[b11, b12], [b21, b22]],
 *   s1 = a21 + a22, s2 = s1 - a11, s3 = a11 - a21, s4 = a12 - s2,
 *   t1 = b12 - b11, t2 = b22 - t1, t3 = b22 - b12, t4 = t2 - b21,
 *   p1 = a11 b11, p2 = a12 b21, p3 = s4 b22, p4 = a22 t4, p5 = s1 t1,
 *   p6 = s2 t2, p7 = s3 t3,
 *   u2 = p1 + p6, u3 = u2 + p7, u4 = u2 + p5,
 *   c11 = p1 + p2, c12 = u4 + p3, c21 = u3 - p4, c22 = u3 + p5:
 * seven products and fifteen additions instead of eight products and
 * four, which pays once the entries have STRASSEN_MIN limbs (the sums'
 * signs vary; the results are M M2's nonnegative entries).  The eight
 * products of mat_mul below are its slow twin (bgcn_gcd_slow_twins). */
#define STRASSEN_MIN 30

struct snum {
    bgcn_limb_t *p; /* magnitude, normalised (n = 0 for zero) */
    long n;
    int neg;
};

/* r = x + y (sub = 0) or x - y (sub = 1); r->p has room for
 * max(x->n, y->n) + 1 limbs and may be x->p or y->p. */
static void snum_add(struct snum *r, const struct snum *x,
                     const struct snum *y, int sub)
{
    const struct snum *l = x, *t = y;
    int lneg = x->neg, tneg = y->neg ^ sub;
    if (cmp_norm(x->p, x->n, y->p, y->n) < 0) {
        l = y, t = x;
        lneg = y->neg ^ sub, tneg = x->neg;
    }
    long n = l->n;
    if (n == 0) {
        r->n = 0;
        r->neg = 0;
        return;
    }
    if (lneg == tneg) {
        bgcn_limb_t cy = bgcn_add(r->p, l->p, n, t->p, t->n);
        r->p[n] = cy;
        n += (long)cy;
    } else {
        bgcn_sub(r->p, l->p, n, t->p, t->n);
        n = bgcn_normalized_size(r->p, n);
    }
    r->n = n;
    r->neg = n ? lneg : 0;
}

/* The size and sign of r = x y, its magnitude already in r->p (a job of
 * bgcn_mul_jobs; nothing there when x or y is zero). */
static void snum_product(struct snum *r, const struct snum *x,
                         const struct snum *y)
{
    if (x->n == 0 || y->n == 0) {
        r->n = 0;
        r->neg = 0;
        return;
    }
    r->n = bgcn_normalized_size(r->p, x->n + y->n);
    r->neg = x->neg ^ y->neg;
}

static bgcn_status mat_mul_strassen(bgcn_hgcd_matrix *m,
                                    const bgcn_hgcd_matrix *m2)
{
    long n1 = m->n, n2 = m2->n, rn = n1 + n2 + 1, k = n1 + n2 + 4;
    BGCN_ASSERT(rn <= m->cap);
    bgcn_limb_t *w = bgcn_alloc_limbs((size_t)(4 * (n1 + 2) + 4 * (n2 + 2) + 7 * k));
    if (!w)
        return BGCN_ENOMEM;
    struct snum a[2][2], b[2][2], S[5], T[5], P[8];
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 2; c++) {
            a[r][c] = (struct snum){m->p[r][c], bgcn_normalized_size(m->p[r][c], n1), 0};
            b[r][c] = (struct snum){m2->p[r][c], bgcn_normalized_size(m2->p[r][c], n2), 0};
        }
    bgcn_limb_t *q = w;
    for (int i = 1; i <= 4; i++, q += n1 + 2)
        S[i].p = q;
    for (int i = 1; i <= 4; i++, q += n2 + 2)
        T[i].p = q;
    for (int i = 1; i <= 7; i++, q += k)
        P[i].p = q;
    snum_add(&S[1], &a[1][0], &a[1][1], 0);
    snum_add(&S[2], &S[1], &a[0][0], 1);
    snum_add(&S[3], &a[0][0], &a[1][0], 1);
    snum_add(&S[4], &a[0][1], &S[2], 1);
    snum_add(&T[1], &b[0][1], &b[0][0], 1);
    snum_add(&T[2], &b[1][1], &T[1], 1);
    snum_add(&T[3], &b[1][1], &b[0][1], 1);
    snum_add(&T[4], &T[2], &b[1][0], 1);
    const struct snum *f[8][2] = {{NULL, NULL},     {&a[0][0], &b[0][0]},
                                  {&a[0][1], &b[1][0]}, {&S[4], &b[1][1]},
                                  {&a[1][1], &T[4]},  {&S[1], &T[1]},
                                  {&S[2], &T[2]},     {&S[3], &T[3]}};
    bgcn_mul_job jobs[7];
    for (int i = 1; i <= 7; i++)
        jobs[i - 1] = (bgcn_mul_job){P[i].p, f[i][0]->p, f[i][0]->n,
                                     f[i][1]->p, f[i][1]->n};
    bgcn_status st = bgcn_mul_jobs(jobs, 7);
    if (st != BGCN_OK)
        goto done;
    for (int i = 1; i <= 7; i++)
        snum_product(&P[i], f[i][0], f[i][1]);
    snum_add(&P[2], &P[1], &P[2], 0); /* c11 */
    snum_add(&P[6], &P[1], &P[6], 0); /* u2 */
    snum_add(&P[7], &P[6], &P[7], 0); /* u3 */
    snum_add(&P[6], &P[6], &P[5], 0); /* u4 */
    snum_add(&P[3], &P[6], &P[3], 0); /* c12 */
    snum_add(&P[4], &P[7], &P[4], 1); /* c21 */
    snum_add(&P[5], &P[7], &P[5], 0); /* c22 */
    {
        const struct snum *cres[2][2] = {{&P[2], &P[3]}, {&P[4], &P[5]}};
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 2; c++) {
                const struct snum *x = cres[r][c];
                BGCN_ASSERT(!x->neg && x->n <= rn);
                bgcn_copyi(m->p[r][c], x->p, x->n);
                bgcn_zero(m->p[r][c] + x->n, rn - x->n);
            }
    }
    mat_trim(m, rn);
    m->det *= m2->det;
done:
    bgcn_free_limbs(w);
    return st;
}

/* M <- M * M2 as four sums of two products in the transform domain
 * (bgcn_mul_sums: 8 forward and 4 inverse transforms where Strassen's
 * seven products take 21). */
static bgcn_status mat_mul_sums(bgcn_hgcd_matrix *m, const bgcn_hgcd_matrix *m2)
{
    long n1 = m->n, n2 = m2->n, rn = n1 + n2 + 1;
    BGCN_ASSERT(rn <= m->cap);
    bgcn_limb_t *w = bgcn_alloc_limbs((size_t)(4 * rn));
    if (!w)
        return BGCN_ENOMEM;
    bgcn_operand A[4], B[4];
    bgcn_sum_spec S[4];
    for (int i = 0; i < 4; i++) {
        A[i] = (bgcn_operand){m->p[i / 2][i % 2], n1};
        B[i] = (bgcn_operand){m2->p[i / 2][i % 2], n2};
    }
    /* c_rc = m_r0 m2_0c + m_r1 m2_1c */
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 2; c++)
            S[2 * r + c] = (bgcn_sum_spec){w + (2 * r + c) * rn, 2,
                                           {2 * r, 2 * r + 1}, {c, 2 + c}};
    bgcn_status st = bgcn_mul_sums(A, 4, B, 4, S, 4);
    if (st == BGCN_OK) {
        for (int i = 0; i < 4; i++)
            bgcn_copyi(m->p[i / 2][i % 2], w + i * rn, rn);
        mat_trim(m, rn);
        m->det *= m2->det;
    }
    bgcn_free_limbs(w);
    return st;
}

/* M <- M * M2.  Both have nonnegative entries; sizes add. */
static bgcn_status mat_mul(bgcn_hgcd_matrix *m, const bgcn_hgcd_matrix *m2)
{
    if (!bgcn_gcd_slow_twins && bgcn_mul_sums_ntt_p(m->n, m2->n))
        return mat_mul_sums(m, m2);
    if (m->n >= STRASSEN_MIN && m2->n >= STRASSEN_MIN && !bgcn_gcd_slow_twins)
        return mat_mul_strassen(m, m2);
    long n1 = m->n, n2 = m2->n, rn = n1 + n2 + 1;
    BGCN_ASSERT(rn <= m->cap);
    bgcn_limb_t *t = bgcn_alloc_limbs((size_t)(3 * rn));
    if (!t)
        return BGCN_ENOMEM;
    bgcn_limb_t *u = t + rn, *w = u + rn;
    bgcn_status st = BGCN_OK;
    for (int r = 0; r < 2; r++) {
        for (int c = 0; c < 2; c++) {
            /* w_c = m[r][0] m2[0][c] + m[r][1] m2[1][c] */
            bgcn_limb_t *dst = c == 0 ? w : u;
            bgcn_zero(dst, rn);
            bgcn_zero(t, rn);
            st = bgcn_div_mul(dst, m->p[r][0], n1, m2->p[0][c], n2);
            if (st != BGCN_OK)
                goto done;
            st = bgcn_div_mul(t, m->p[r][1], n1, m2->p[1][c], n2);
            if (st != BGCN_OK)
                goto done;
            dst[rn - 1] = bgcn_add_n(dst, dst, t, rn - 1);
        }
        bgcn_copyi(m->p[r][0], w, rn);
        bgcn_copyi(m->p[r][1], u, rn);
    }
    mat_trim(m, rn);
    m->det *= m2->det;
done:
    bgcn_free_limbs(t);
    return st;
}

/* ---- the reduction ------------------------------------------------------- */

/* One exact Euclid step (a, b) <- (b, a mod b) with M updated; a, b are
 * n-limb buffers, c a spare n-limb buffer; returns the rotated pointers. */
static bgcn_status euclid_step(int *taken, bgcn_limb_t **ap, long *an,
                               bgcn_limb_t **bp, long *bn, bgcn_limb_t **cp,
                               long n, long s, bgcn_hgcd_matrix *m,
                               bgcn_limb_t *qp, bgcn_limb_t *tmp)
{
    bgcn_limb_t *a = *ap, *b = *bp, *c = *cp;
    long qn = *an - *bn + 1;
    *taken = 0;
    bgcn_zero(c, n);
    bgcn_zero(qp, qn);
    BGCN_TRY(bgcn_tdiv_qr(qp, c, a, *an, b, *bn));
    if (bgcn_normalized_size(c, *bn) <= s) {
        bgcn_zero(c, n);
        return BGCN_OK; /* the remainder would drop below B^s: stop */
    }
    *taken = 1;
    qn = bgcn_normalized_size(qp, qn);
    if (qn)
        BGCN_TRY(mat_mul_q(m, qp, qn, tmp));
    bgcn_zero(a, n);
    *ap = b;
    *an = *bn;
    *bp = c;
    *bn = bgcn_normalized_size(c, *bn);
    *cp = a;
    return BGCN_OK;
}

/* Lehmer matrices are gathered in a small matrix (entries up to
 * BASE_BATCH limbs) and multiplied into M by products (mat_mul) instead
 * of one two-pass update of M's rows per step: M has about n/2 limbs at
 * the end of a recursive bgcn_hgcd, and 8 basecase products of n/2 by k
 * limbs cost less than k steps of 8 passes over n/2 limbs. */
#define BASE_BATCH 24

static int is_identity(const bgcn_hgcd_matrix *m)
{
    return m->n == 1 && m->p[0][0][0] == 1 && m->p[0][1][0] == 0 &&
           m->p[1][0][0] == 0 && m->p[1][1][0] == 1;
}

/* m <- m * ms, ms <- identity (nothing when ms is the identity; a copy
 * when m is). */
static bgcn_status flush_small(bgcn_hgcd_matrix *m, bgcn_hgcd_matrix *ms)
{
    if (is_identity(ms))
        return BGCN_OK;
    if (is_identity(m)) {
        BGCN_ASSERT(ms->n <= m->cap);
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 2; c++)
                bgcn_copyi(m->p[r][c], ms->p[r][c], ms->n);
        m->n = ms->n;
        m->det = ms->det;
    } else {
        BGCN_TRY(mat_mul(m, ms));
    }
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 2; c++)
            bgcn_zero(ms->p[r][c], ms->n + 1);
    ms->p[0][0][0] = ms->p[1][1][0] = 1;
    ms->n = 1;
    ms->det = 1;
    return BGCN_OK;
}

/* Reduce with Lehmer and single steps while both stay >= B^s.  a, b, c: n-limb
 * buffers (contents moved between them; the final pair is copied back
 * into the caller's a and b). */
static bgcn_status hgcd_base(bgcn_limb_t *a0, long *an0, bgcn_limb_t *b0,
                             long *bn0, long n, long s, bgcn_hgcd_matrix *m)
{
    long tcap = m->cap > BASE_BATCH + 8 ? m->cap : BASE_BATCH + 8;
    bgcn_limb_t *buf = bgcn_alloc_limbs((size_t)(3 * (n + 1) + 2 * tcap));
    if (!buf)
        return BGCN_ENOMEM;
    bgcn_hgcd_matrix ms;
    if (bgcn_hgcd_matrix_init(&ms, BASE_BATCH + 8) != BGCN_OK) {
        bgcn_free_limbs(buf);
        return BGCN_ENOMEM;
    }
    bgcn_limb_t *c = buf, *d = c + n + 1, *qp = d + n + 1, *tmp = qp + n + 1;
    bgcn_limb_t *a = a0, *b = b0;
    long an = *an0, bn = *bn0;
    bgcn_status st = BGCN_OK;
    bgcn_zero(buf, 3 * (n + 1));
    unsigned long iter = 0;
    while (bn > s) {
        if ((++iter & 63) == 0 && bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        struct bgcn_lehmer l;
        int steps = 0;
        if (an - bn <= 1) {
            bgcn_div_dlimb A, B;
            if (an > s + 2) {
                bgcn_gcd_top2(&A, &B, a, b, an);
            } else {
                /* Near the stop: the 128 bits at limb w (w + 2 >= an, so
                 * they are the whole top), not at a's leading bit.  The
                 * step keeps remainders >= 2^65 there, so the pair stays
                 * above B^(w+1) >= B^s and the matrix is not refused for
                 * overshooting the stop; single division steps are then
                 * left only for the last bits. */
                long w = an == s + 2 ? s : s - 1;
                A = ((bgcn_div_dlimb)a[w + 1] << 64) | a[w];
                B = ((bgcn_div_dlimb)b[w + 1] << 64) | b[w];
            }
            steps = bgcn_lehmer_step(&l, A, B);
        }
        if (steps) {
            /* (c, d) = (a', b'); accept unless a' would drop below B^s */
            int nc, nd;
            if (!l.neg) {
                nc = bgcn_gcd_lin_sub(c, a, b, an, l.u0, l.v0);
                nd = bgcn_gcd_lin_sub(d, b, a, an, l.v1, l.u1);
            } else {
                nc = bgcn_gcd_lin_sub(c, b, a, an, l.v0, l.u0);
                nd = bgcn_gcd_lin_sub(d, a, b, an, l.u1, l.v1);
            }
            long cn = bgcn_normalized_size(c, an + 1);
            long dn = bgcn_normalized_size(d, an + 1);
            if (!nc && !nd && cmp_norm(c, cn, d, dn) > 0 && dn > s) {
                /* into the batch while M * batch fits M's room (mat_mul
                 * writes m->n + ms.n + 1 limbs; the step adds one) */
                if (m->n + ms.n + 3 <= m->cap) {
                    mat_mul_small(&ms, &l, tmp);
                    if (ms.n >= BASE_BATCH &&
                        (st = flush_small(m, &ms)) != BGCN_OK)
                        goto done;
                } else {
                    if ((st = flush_small(m, &ms)) != BGCN_OK)
                        goto done;
                    mat_mul_small(m, &l, tmp);
                }
                /* the limbs of a and b above an are rewritten by the next
                 * lin_sub pair or cleared at the end */
                bgcn_limb_t *t1 = a, *t2 = b;
                a = c, an = cn, b = d, bn = dn;
                c = t1, d = t2;
                continue;
            }
            bgcn_zero(c, an + 1);
            bgcn_zero(d, an + 1);
        }
        int taken;
        if ((st = flush_small(m, &ms)) != BGCN_OK)
            goto done;
        st = euclid_step(&taken, &a, &an, &b, &bn, &c, n + 1, s, m, qp, tmp);
        if (st != BGCN_OK)
            goto done;
        if (!taken)
            break;
    }
    if ((st = flush_small(m, &ms)) != BGCN_OK)
        goto done;
    /* zero above the sizes, as the pair came in */
    bgcn_zero(a + an, n + 1 - an);
    bgcn_zero(b + bn, n + 1 - bn);
    if (a != a0 || b != b0) {
        /* hand the pair back in the caller's buffers */
        bgcn_limb_t *ta = bgcn_alloc_limbs((size_t)(2 * (n + 1)));
        if (!ta) {
            st = BGCN_ENOMEM;
            goto done;
        }
        bgcn_copyi(ta, a, n);
        bgcn_copyi(ta + n + 1, b, n);
        bgcn_copyi(a0, ta, n);
        bgcn_copyi(b0, ta + n + 1, n);
        bgcn_free_limbs(ta);
    }
    *an0 = an;
    *bn0 = bn;
done:
    bgcn_hgcd_matrix_clear(&ms);
    bgcn_free_limbs(buf);
    return st;
}

/* r = t B^p + sign * (x - y) for t = {tp,tn}, x, y of xn limbs; r has
 * room for rn limbs (rn > p + tn).  Returns 0 if r would be negative or
 * not fit. */
static int adjust(bgcn_limb_t *r, long rn, const bgcn_limb_t *tp, long tn,
                  long p, bgcn_limb_t *x, bgcn_limb_t *y, long xn, int sign)
{
    /* d = |x - y| with its sign */
    int neg = 0;
    if (bgcn_div_cmp(x, y, xn) >= 0) {
        bgcn_sub_n(x, x, y, xn);
    } else {
        bgcn_sub_n(x, y, x, xn);
        neg = 1;
    }
    if (sign < 0)
        neg = !neg;
    long dn = bgcn_normalized_size(x, xn);
    if (dn > rn)
        return 0;
    bgcn_zero(r, rn);
    bgcn_copyi(r + p, tp, tn);
    if (dn == 0)
        return 1;
    if (!neg) {
        if (bgcn_add_n(r, r, x, dn) && bgcn_div_incr(r + dn, r + dn, rn - dn))
            return 0;
    } else {
        if (bgcn_sub_n(r, r, x, dn) && bgcn_div_decr(r + dn, r + dn, rn - dn))
            return 0;
    }
    return 1;
}

bgcn_status bgcn_hgcd_reduce(int *progress, bgcn_limb_t *a, long *an,
                             bgcn_limb_t *b, long *bn, long p,
                             bgcn_hgcd_matrix *m)
{
    *progress = 0;
    long n = *an, k = n - p;
    if (*bn <= p || k < 2)
        return BGCN_OK;
    bgcn_limb_t *t = bgcn_alloc_limbs((size_t)(2 * (k + 1)));
    if (!t)
        return BGCN_ENOMEM;
    bgcn_limb_t *ta = t, *tb = t + k + 1, *w = NULL;
    bgcn_zero(t, 2 * (k + 1));
    bgcn_copyi(ta, a + p, k);
    bgcn_copyi(tb, b + p, *bn - p);
    long tan = k, tbn = bgcn_normalized_size(tb, *bn - p);
    bgcn_hgcd_matrix m1;
    bgcn_status st = bgcn_hgcd_matrix_init(&m1, k / 2 + 8);
    if (st != BGCN_OK) {
        bgcn_free_limbs(t);
        return st;
    }
    st = bgcn_hgcd(ta, &tan, tb, &tbn, k, &m1);
    if (st != BGCN_OK || (m1.n == 1 && !m1.p[0][1][0] && !m1.p[1][0][0]))
        goto done;

    /* whole pair = reduced top parts B^p + M1^-1 (low parts):
     * a' = ta' B^p + det (m11 al - m01 bl), b' = tb' B^p + det (m00 bl - m10 al) */
    long mn = m1.n, xn = mn + p + 1;
    long al = bgcn_normalized_size(a, p), bl = bgcn_normalized_size(b, p);
    int sums = !bgcn_gcd_slow_twins && bgcn_mul_sums_ntt_p(mn, p);
    w = bgcn_alloc_limbs((size_t)(4 * xn + 2 * (n + 1) + (sums ? 2 * p : 0)));
    if (!w) {
        st = BGCN_ENOMEM;
        goto done;
    }
    bgcn_limb_t *x = w, *y = x + xn, *z = y + xn, *v = z + xn;
    bgcn_limb_t *ra = v + xn, *rb = ra + n + 1;
    if (sums) {
        /* The differences as sums with nonnegative terms, in the
         * transform domain: with ~u = B^p - 1 - u (the complement of
         * p limbs), m11 al + m01 ~bl = (m11 al - m01 bl) + m01 (B^p - 1),
         * so x - y below is m11 al - m01 bl with x = that sum + m01 and
         * y = m01 B^p; likewise z - v = m00 bl - m10 al. */
        bgcn_limb_t *ca = rb + n + 1, *cb = ca + p;
        for (long i = 0; i < p; i++) {
            ca[i] = ~a[i];
            cb[i] = ~b[i];
        }
        const bgcn_operand A[4] = {{m1.p[0][0], mn}, {m1.p[0][1], mn},
                                   {m1.p[1][0], mn}, {m1.p[1][1], mn}};
        const bgcn_operand B[4] = {{a, al}, {b, bl}, {ca, p}, {cb, p}};
        const bgcn_sum_spec S[2] = {{x, 2, {3, 1}, {0, 3}},  /* m11 al + m01 ~bl */
                                    {z, 2, {0, 2}, {1, 2}}}; /* m00 bl + m10 ~al */
        if ((st = bgcn_mul_sums(A, 4, B, 4, S, 2)) != BGCN_OK)
            goto done;
        /* x += m01, y = m01 B^p; z += m10, v = m10 B^p */
        bgcn_limb_t *sum[2] = {x, z}, *shifted[2] = {y, v};
        const bgcn_limb_t *e[2] = {m1.p[0][1], m1.p[1][0]};
        for (int k = 0; k < 2; k++) {
            bgcn_limb_t cy = bgcn_add(sum[k], sum[k], xn, e[k], mn);
            BGCN_ASSERT(cy == 0); /* below m11 al + m01 B^p < 2 B^(mn + p) */
            (void)cy;
            bgcn_zero(shifted[k], xn);
            bgcn_copyi(shifted[k] + p, e[k], mn);
        }
    } else {
        bgcn_zero(w, 4 * xn);
        const bgcn_mul_job jobs[4] = {{x, m1.p[1][1], mn, a, al},
                                      {v, m1.p[1][0], mn, a, al},
                                      {y, m1.p[0][1], mn, b, bl},
                                      {z, m1.p[0][0], mn, b, bl}};
        if ((st = bgcn_mul_jobs(jobs, 4)) != BGCN_OK)
            goto done;
    }
    if (!adjust(ra, n + 1, ta, tan, p, x, y, xn, m1.det) ||
        !adjust(rb, n + 1, tb, tbn, p, z, v, xn, m1.det))
        goto done; /* not valid for the whole numbers: leave them */
    long ran = bgcn_normalized_size(ra, n + 1), rbn = bgcn_normalized_size(rb, n + 1);
    if (ran > n || rbn > n || ran == 0)
        goto done;
    if (cmp_norm(ra, ran, rb, rbn) < 0) {
        /* out of order: swap the results and the columns of M1 */
        bgcn_limb_t *tt = ra;
        long ttn = ran;
        ra = rb, ran = rbn, rb = tt, rbn = ttn;
        for (int r = 0; r < 2; r++)
            for (long i = 0; i < m1.n; i++) {
                bgcn_limb_t tl = m1.p[r][0][i];
                m1.p[r][0][i] = m1.p[r][1][i];
                m1.p[r][1][i] = tl;
            }
        m1.det = -m1.det;
    }
    if (m) {
        st = mat_mul(m, &m1);
        if (st != BGCN_OK)
            goto done;
    }
    bgcn_zero(a, n + 1);
    bgcn_zero(b, n + 1);
    bgcn_copyi(a, ra, ran);
    bgcn_copyi(b, rb, rbn);
    *an = ran;
    *bn = rbn;
    *progress = 1;
done:
    bgcn_free_limbs(w);
    bgcn_hgcd_matrix_clear(&m1);
    bgcn_free_limbs(t);
    return st;
}

bgcn_status bgcn_hgcd(bgcn_limb_t *ap, long *an, bgcn_limb_t *bp, long *bn,
                      long n, bgcn_hgcd_matrix *m)
{
    BGCN_ASSERT(n >= 2 && *an == n && ap[n - 1] != 0 && *bn <= n);
    long s = n / 2 + 1;
    if (*bn <= s)
        return BGCN_OK;
    BGCN_POLL();
    if (n >= bgcn_hgcd_threshold) {
        /* first the top half, then (at most a few times) the top of what
         * is left, split so that its reduction lands near s */
        int progress;
        BGCN_TRY(bgcn_hgcd_reduce(&progress, ap, an, bp, bn, n / 2, m));
        for (int round = 0; progress > 0 && *bn > s && round < 3; round++) {
            /* the top part's outputs stay >= B^(p + (an-p)/2 + 1) >= B^s */
            long p = 2 * s - *an + 1;
            if (*an - p < bgcn_hgcd_threshold / 2 || p < 1)
                break;
            BGCN_TRY(bgcn_hgcd_reduce(&progress, ap, an, bp, bn, p, m));
        }
    }
    return hgcd_base(ap, an, bp, bn, n, s, m);
}
