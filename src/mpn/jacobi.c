/* jacobi.c -- Jacobi symbol.  Contracts in bgcn.h.
 *
 * (a/n) for odd n by the binary-Euclid rules: strip factors of two from a
 * ((2/n) = -1 exactly when n = 3 or 5 mod 8), swap by quadratic
 * reciprocity (sign flips when a = n = 3 mod 4), reduce n mod a.  The
 * multi-limb version takes one division per swap; each has a short
 * quotient on average, so the whole costs O(size^2).  Once n fits a limb
 * the one-limb loop finishes. */
#include "bgcn.h"

int bgcn_jacobi_11(bgcn_limb_t a, bgcn_limb_t n)
{
    BGCN_ASSERT(n & 1);
    int j = 1;
    a %= n;
    while (a != 0) {
        int tz = __builtin_ctzll(a);
        a >>= tz;
        if ((tz & 1) && ((n & 7) == 3 || (n & 7) == 5))
            j = -j;
        if ((a & 3) == 3 && (n & 3) == 3)
            j = -j;
        bgcn_limb_t t = a;
        a = n % t;
        n = t;
    }
    return n == 1 ? j : 0;
}

bgcn_status bgcn_jacobi(int *result, const bgcn_limb_t *ap, long an,
                        const bgcn_limb_t *np, long nn)
{
    BGCN_ASSERT(an >= 1 && nn >= 1 && (np[0] & 1));
    nn = bgcn_normalized_size(np, nn);
    an = bgcn_normalized_size(ap, an);
    if (nn == 1 && an <= 1) {
        *result = bgcn_jacobi_11(an ? ap[0] : 0, np[0]);
        return BGCN_OK;
    }
    bgcn_limb_t *blk = bgcn_alloc_limbs((size_t)3 * (size_t)nn);
    if (!blk)
        return BGCN_ENOMEM;
    bgcn_limb_t *A = blk, *N = blk + nn, *T = blk + 2 * nn;
    bgcn_status st = BGCN_OK;
    int j = 1;
    bgcn_copyi(N, np, nn);
    /* A = a mod n */
    if (bgcn_cmp2(ap, an, np, nn) >= 0) {
        st = bgcn_tdiv_qr(NULL, A, ap, an, np, nn);
        if (st != BGCN_OK)
            goto done;
        an = bgcn_normalized_size(A, nn);
    } else {
        bgcn_copyi(A, ap, an);
    }
    for (;;) {
        if (an == 0) {
            j = (nn == 1 && N[0] == 1) ? j : 0;
            break;
        }
        if (nn == 1) { /* A < N fits a limb too */
            j *= bgcn_jacobi_11(A[0], N[0]);
            break;
        }
        if (bgcn_interrupt_flag) {
            st = BGCN_EINTR;
            goto done;
        }
        /* strip twos */
        long z = 0;
        while (A[z] == 0)
            z++;
        int s = __builtin_ctzll(A[z]);
        unsigned long tz = (unsigned long)z * 64 + (unsigned long)s;
        if (z) {
            for (long i = 0; i < an - z; i++) /* move down */
                A[i] = A[i + z];
            an -= z;
        }
        if (s) {
            bgcn_rshift(A, A, an, (unsigned)s);
            an -= A[an - 1] == 0;
        }
        if ((tz & 1) && ((N[0] & 7) == 3 || (N[0] & 7) == 5))
            j = -j;
        /* reciprocity, then (N mod A / A) */
        if ((A[0] & 3) == 3 && (N[0] & 3) == 3)
            j = -j;
        if (nn < an || (nn == an && bgcn_cmp(N, A, nn) < 0)) {
            /* cannot happen (A < N), kept for safety */
            bgcn_copyi(T, N, nn);
        } else {
            st = bgcn_tdiv_qr(NULL, T, N, nn, A, an);
            if (st != BGCN_OK)
                goto done;
        }
        bgcn_limb_t *x = N;
        N = A;
        nn = an;
        A = T;
        an = bgcn_normalized_size(T, nn);
        T = x;
    }
    *result = j;
done:
    bgcn_free_limbs(blk);
    return st;
}
