/* ct-powm-sec.c -- run under valgrind memcheck (tests/mpn/ct-powm-sec.sh):
 * bgcn_powm_sec with the exponent marked undefined, so memcheck reports
 * any branch or memory address that depends on it.  The result is then
 * marked defined and compared with GMP.  With the argument "leak" it runs
 * the variable-time bgcn_powm instead, which must be reported: that shows
 * the check can fail.  Exit 0 on success; valgrind's --error-exitcode
 * turns any report into a failure. */
#include <gmp.h>
#include <stdio.h>
#include <string.h>

#include "bgcn.h"

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define HAVE_MEMCHECK 1
#endif
#endif
#ifndef HAVE_MEMCHECK
#define VALGRIND_MAKE_MEM_UNDEFINED(p, n) ((void)(p), (void)(n))
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
#endif

static uint64_t state = 0x9e3779b97f4a7c15u;
static bgcn_limb_t rnd(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* One size on the installed path: 1 when the result is right (memcheck
 * reports the rest). */
static int check(int leak, long mn, long en)
{
    int ok = 1;
    bgcn_limb_t mp[mn], bp[mn], ep[en], rp[mn];
    for (long j = 0; j < mn; j++)
        mp[j] = rnd(), bp[j] = rnd();
    mp[0] |= 1;
    mp[mn - 1] |= 1;
    for (long j = 0; j < en; j++)
        ep[j] = rnd();
    mpz_t b, e, m, w;
    mpz_inits(b, e, m, w, NULL);
    mpz_import(b, (size_t)mn, -1, 8, 0, 0, bp);
    mpz_import(e, (size_t)en, -1, 8, 0, 0, ep);
    mpz_import(m, (size_t)mn, -1, 8, 0, 0, mp);
    mpz_powm(w, b, e, m);
    VALGRIND_MAKE_MEM_UNDEFINED(ep, sizeof ep);
    bgcn_status st = leak ? bgcn_powm(rp, bp, mn, ep, en, mp, mn)
                          : bgcn_powm_sec(rp, bp, mn, ep, en, mp, mn);
    VALGRIND_MAKE_MEM_DEFINED(ep, sizeof ep);
    VALGRIND_MAKE_MEM_DEFINED(rp, sizeof rp);
    VALGRIND_MAKE_MEM_DEFINED(&st, sizeof st);
    bgcn_limb_t want[mn];
    memset(want, 0, sizeof want);
    mpz_export(want, NULL, -1, 8, 0, 0, w);
    if (st != BGCN_OK || memcmp(rp, want, sizeof want) != 0) {
        fprintf(stderr, "ct-powm-sec: wrong result at %ld limbs (%s)\n",
                mn, bgcn_kern.name);
        ok = 0;
    }
    mpz_clears(b, e, m, w, NULL);
    return ok;
}

int main(int argc, char **argv)
{
    int leak = argc > 1 && strcmp(argv[1], "leak") == 0;
    /* sizes: one limb, the 4-limb kernel size, and beyond the kernel
     * bound of powm_sec (schoolbook + REDC path) with a short exponent */
    static const long msizes[] = {1, 4, 9, 33, 258};
    static const long esizes[] = {1, 4, 9, 2, 1};
    int bad = 0;
    /* every kernel path this machine runs (the asm kernels too).  Under
     * valgrind 3.19 the CPU it presents has BMI2 but neither ADX nor
     * AVX-512 (its CPUID hides them, and it cannot execute them), so the
     * adx and avx512 paths -- and with them the avx512 residue form of
     * powm_form.c -- are reported as not checked here; bench/ct-timing
     * measures those. */
    for (int pi = 0; bgcn_kernel_paths[pi]; pi++) {
        if (!bgcn_cpu_supported(bgcn_kernel_paths[pi])) {
            if (!leak)
                printf("ct-powm-sec: path %s NOT CHECKED: this CPU (as "
                       "valgrind presents it) cannot run it; see "
                       "bench/ct-timing\n",
                       bgcn_kernel_paths[pi]->name);
            continue;
        }
        bgcn_kern = *bgcn_kernel_paths[pi];
        if (!leak)
            printf("ct-powm-sec: path %s checked%s\n", bgcn_kern.name,
                   bgcn_kern.residue ? " (with its residue form)" : "");
        for (unsigned i = 0; i < sizeof msizes / sizeof *msizes; i++)
            if (!(leak && i > 1) && !check(leak, msizes[i], esizes[i]))
                bad = 1;
        if (leak || bgcn_kern.residue)
            continue;
        /* the engine's side of a residue form (powm_form.c: the way in
         * and out, the fixed-window loop over form elements) through the
         * portable twin of the ops, on a path valgrind runs */
        bgcn_kern.residue = &bgcn_residue_c;
        printf("ct-powm-sec: path %s checked with the portable residue "
               "form (powm_form.c)\n", bgcn_kern.name);
        for (unsigned i = 0; i < sizeof msizes / sizeof *msizes; i++)
            if (msizes[i] <= bgcn_residue_c.max_n &&
                !check(leak, msizes[i], esizes[i]))
                bad = 1;
    }
    return bad;
}
