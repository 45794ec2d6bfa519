/* num-div.c -- the division flavours over the engine's bgcn_tdiv_qr.
 *
 * Everything starts from the magnitude division |a| = q|b| + r, 0 <= r <
 * |b| (bgc_divmod_abs), then fixes signs:
 *   truncating (C, bc):  q = sgn(a)sgn(b)|q|,  r = sgn(a) r
 *   floor:               as truncating, then if r != 0 and the signs of a
 *                        and b differ: q -= 1, r += b
 *   mathematical mod:    r, or |m| - r when a < 0 and r != 0
 * The quotient and remainder are built apart (on the stack up to 32
 * limbs, else in fresh temporaries) and then moved into place, so any
 * destination may alias any source. */
#include "num-impl.h"

/* Dividends up to this many limbs divide through stack buffers. */
#define SMALL 32

bgc_err bgc_divmod_abs(bgc_int *q, bgc_int *r, const bgc_int *a,
                       const bgc_int *b)
{
    long an = BGC_ABS(a->size), bn = BGC_ABS(b->size);
    BGCN_ASSERT(bn > 0);
    if (an < bn) {
        if (r) {
            BGC_TRY(bgc_abs(r, a));
        }
        if (q)
            q->size = 0;
        return BGC_OK;
    }
    if (an <= SMALL) {
        /* Small operands: quotient and remainder on the stack, no
         * allocation unless a destination must grow. */
        bgcn_limb_t qs[SMALL + 1], rs[SMALL];
        if (bn == 1) {
            rs[0] = bgcn_divrem_1(qs, a->d, an, b->d[0]);
        } else {
            BGC_TRY(bgc_from_status(bgcn_tdiv_qr(q ? qs : NULL, r ? rs : NULL,
                                                 a->d, an, b->d, bn)));
        }
        /* r first: q may be b, whose value is then no longer needed */
        if (r)
            BGC_TRY(bgc_set_limbs(r, rs, bn, 0));
        if (q)
            BGC_TRY(bgc_set_limbs(q, qs, an - bn + 1, 0));
        return BGC_OK;
    }
    bgc_int tq, tr;
    bgc_init(&tq);
    bgc_init(&tr);
    bgc_err e = bgc_room(&tq, an - bn + 1);
    if (e == BGC_OK)
        e = bgc_room(&tr, bn);
    if (e == BGC_OK) {
        if (bn == 1) {
            tr.d[0] = bgcn_divrem_1(tq.d, a->d, an, b->d[0]);
        } else {
            e = bgc_from_status(
                bgcn_tdiv_qr(q ? tq.d : NULL, r ? tr.d : NULL, a->d, an,
                             b->d, bn));
        }
    }
    if (e == BGC_OK) {
        if (q) {
            bgc_norm(&tq, an - bn + 1, 0);
            bgc_swap(q, &tq);
        }
        if (r) {
            bgc_norm(&tr, bn, 0);
            bgc_swap(r, &tr);
        }
    }
    bgc_clear(&tq);
    bgc_clear(&tr);
    return e;
}

static bgc_err tdiv(bgc_int *q, bgc_int *r, const bgc_int *a,
                    const bgc_int *b)
{
    if (b->size == 0)
        return BGC_EDIVZERO;
    int na = a->size < 0, nb = b->size < 0;
    BGC_TRY(bgc_divmod_abs(q, r, a, b));
    if (q && na != nb)
        q->size = -q->size;
    if (r && na)
        r->size = -r->size;
    return BGC_OK;
}

bgc_err bgc_tdiv_qr(bgc_int *q, bgc_int *r, const bgc_int *a,
                    const bgc_int *b)
{
    BGCN_ASSERT(q == NULL || q != r);
    BGC_VERIFIED2(BGC_V_TDIV, q, r, a, b, NULL, (q ? 1 : 0) | (r ? 2 : 0),
                  tdiv(q, r, a, b));
}

bgc_err bgc_tdiv_q(bgc_int *q, const bgc_int *a, const bgc_int *b)
{
    return bgc_tdiv_qr(q, NULL, a, b);
}

bgc_err bgc_tdiv_r(bgc_int *r, const bgc_int *a, const bgc_int *b)
{
    return bgc_tdiv_qr(NULL, r, a, b);
}

static bgc_err fdiv(bgc_int *q, bgc_int *r, const bgc_int *a,
                    const bgc_int *b)
{
    if (b->size == 0)
        return BGC_EDIVZERO;
    int differ = (a->size < 0) != (b->size < 0);
    /* b is needed after the division for the correction; keep a copy
     * when a destination aliases it. */
    bgc_int bc;
    bgc_init(&bc);
    bgc_err e = bgc_set(&bc, b);
    bgc_int tr;
    bgc_init(&tr);
    if (e == BGC_OK)
        e = tdiv(q, &tr, a, b);
    if (e == BGC_OK && differ && tr.size != 0) {
        if (q) {
            bgcn_limb_t one = 1;
            bgc_int m1 = {&one, -1, 1};
            e = bgc_add(q, q, &m1);
        }
        if (e == BGC_OK)
            e = bgc_add(&tr, &tr, &bc);
    }
    if (e == BGC_OK && r)
        bgc_swap(r, &tr);
    bgc_clear(&tr);
    bgc_clear(&bc);
    return e;
}

bgc_err bgc_fdiv_qr(bgc_int *q, bgc_int *r, const bgc_int *a,
                    const bgc_int *b)
{
    BGCN_ASSERT(q == NULL || q != r);
    BGC_VERIFIED2(BGC_V_FDIV, q, r, a, b, NULL, (q ? 1 : 0) | (r ? 2 : 0),
                  fdiv(q, r, a, b));
}

static bgc_err mod(bgc_int *r, const bgc_int *a, const bgc_int *m)
{
    if (m->size == 0)
        return BGC_EMODZERO;
    int na = a->size < 0;
    if (!na && BGC_ABS(a->size) < BGC_ABS(m->size))
        return bgc_set(r, a); /* already reduced: the common case */
    bgc_int mc;
    bgc_init(&mc);
    bgc_err e = BGC_OK;
    if (na) /* m is needed after the division: keep it if r aliases it */
        e = bgc_abs(&mc, m);
    if (e == BGC_OK)
        e = bgc_divmod_abs(NULL, r, a, m);
    if (e == BGC_OK && na && r->size != 0)
        e = bgc_sub(r, &mc, r);
    bgc_clear(&mc);
    return e;
}

bgc_err bgc_mod(bgc_int *r, const bgc_int *a, const bgc_int *m)
{
    BGC_VERIFIED(BGC_V_MOD, r, a, m, NULL, 0, mod(r, a, m));
}
