/* test-abi.c -- every assembly entry point keeps the SysV contract: rbx,
 * rbp, r12-r15 preserved and the direction flag clear on return (checked
 * through the trampoline in abi-call.S, over sizes that take every feed-in
 * and loop path); and bgcn_cpu_select refuses unknown names and names of
 * paths this CPU cannot run, leaving the table unchanged; every path has
 * a threshold set of its own. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "asm/x86_64/paths.h"
#include "asmtest.h"
#include "testlib.h"

void bgc_test_abi_call(void *fn, const uint64_t args[6], uint64_t out[2]);

static bgcn_limb_t A[64], B[64], M[64], R[130], T[130];

static void call(const char *name, void *fn, uint64_t a0, uint64_t a1,
                 uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5)
{
    uint64_t args[6] = {a0, a1, a2, a3, a4, a5}, out[2] = {0, 0};
    bgc_test_abi_call(fn, args, out);
    cr_assert(out[1] == 0,
              "%s (n=%lu) broke the ABI: mask %#lx (bits: rbx rbp r12 r13 "
              "r14 r15 DF)",
              name, (unsigned long)a2, (unsigned long)out[1]);
}

#define U(p) ((uint64_t)(uintptr_t)(p))

Test(asm_abi, callee_saved_and_df)
{
    for (int i = 0; i < 64; i++) {
        A[i] = t_rand();
        B[i] = t_rand();
        M[i] = BGCN_LIMB_MAX;
    }
    bgcn_limb_t minv = at_minv(M[0]);
    for (long n = 1; n <= 17; n++) { /* past the straight-line sizes */
        call("add_n_x86_64", bgcn_add_n_x86_64, U(R), U(A), U(B), n, 0, 0);
        call("sub_n_x86_64", bgcn_sub_n_x86_64, U(R), U(A), U(B), n, 0, 0);
        call("mul_1_x86_64", bgcn_mul_1_x86_64, U(R), U(A), n, 7, 0, 0);
        call("addmul_1_x86_64", bgcn_addmul_1_x86_64, U(R), U(A), n, 7, 0, 0);
        call("submul_1_x86_64", bgcn_submul_1_x86_64, U(R), U(A), n, 7, 0, 0);
        call("mul_basecase_x86_64", bgcn_mul_basecase_x86_64, U(R), U(A), n,
             U(B), n, 0);
        call("sqr_basecase_x86_64", bgcn_sqr_basecase_x86_64, U(R), U(A), n,
             0, 0, 0);
        if (bgcn_cpu_supported(&bgcn_path_avx512)) {
            call("add_n_avx512", bgcn_add_n_avx512, U(R), U(A), U(B), n, 0, 0);
            call("sub_n_avx512", bgcn_sub_n_avx512, U(R), U(A), U(B), n, 0, 0);
            call("add_n_avx512", bgcn_add_n_avx512, U(R), U(A), U(B), 5 * n,
                 0, 0);
        }
        if (bgcn_cpu_supported(&bgcn_path_bmi2)) {
            call("mul_1_bmi2", bgcn_mul_1_bmi2, U(R), U(A), n, 7, 0, 0);
            call("addmul_1_bmi2", bgcn_addmul_1_bmi2, U(R), U(A), n, 7, 0, 0);
            call("submul_1_bmi2", bgcn_submul_1_bmi2, U(R), U(A), n, 7, 0, 0);
            call("mul_basecase_bmi2", bgcn_mul_basecase_bmi2, U(R), U(A), n,
                 U(B), n, 0);
            call("sqr_basecase_bmi2", bgcn_sqr_basecase_bmi2, U(R), U(A), n,
                 0, 0, 0);
        }
        if (!bgcn_cpu_supported(&bgcn_path_adx))
            continue;
        call("mul_1_adx", bgcn_mul_1_adx, U(R), U(A), n, 7, 0, 0);
        call("addmul_1_adx", bgcn_addmul_1_adx, U(R), U(A), n, 7, 0, 0);
        call("submul_1_adx", bgcn_submul_1_adx, U(R), U(A), n, 7, 0, 0);
        call("mul_basecase_adx", bgcn_mul_basecase_adx, U(R), U(A), n, U(B),
             n, 0);
        call("sqr_basecase_adx", bgcn_sqr_basecase_adx, U(R), U(A), n, 0, 0,
             0);
        /* a, b < m = B^n - 1: clear the top limbs */
        bgcn_limb_t a[64], b[64];
        memcpy(a, A, sizeof a);
        memcpy(b, B, sizeof b);
        a[n - 1] = b[n - 1] = 0;
        call("mont_mul_n_adx", bgcn_mont_mul_n_adx, U(R), U(a), U(b), U(M), n,
             minv);
        call("mont_sqr_n_adx", bgcn_mont_sqr_n_adx, U(R), U(a), U(M), n, minv,
             0);
        memcpy(T, A, sizeof A);
        memset(T + n, 0, 8 * n);
        call("redc_1_adx", bgcn_redc_1_adx, U(R), U(T), U(M), n, minv, 0);
        memcpy(T, A, sizeof A);
        memset(T + n, 0, 8 * n);
        call("redc_1_almost_adx", bgcn_redc_1_almost_adx, U(R), U(T), U(M), n, minv, 0);
    }
    if (bgcn_cpu_supported(&bgcn_path_avx512)) {
        for (long n = 21; n <= 40; n += 19) {
            bgcn_limb_t a[64], b[64];
            memcpy(a, A, sizeof a);
            memcpy(b, B, sizeof b);
            a[n - 1] = b[n - 1] = 0;
            call("mont_mul_n_ifma", bgcn_mont_mul_n_ifma, U(R), U(a), U(b),
                 U(M), n, minv);
            call("mont_sqr_n_ifma", bgcn_mont_sqr_n_ifma, U(R), U(a), U(M), n,
                 minv, 0);
        }
        call("mul_basecase_ifma", bgcn_mul_basecase_ifma, U(R), U(A), 64,
             U(B), 24, 0);
        call("sqr_basecase_ifma", bgcn_sqr_basecase_ifma, U(R), U(A), 60, 0,
             0, 0);
    }
    if (bgcn_cpu_supported(&bgcn_path_adx)) {
        bgcn_limb_t a[8], b[8];
        memcpy(a, A, sizeof a);
        memcpy(b, B, sizeof b);
        a[7] = b[7] = 0;
        call("mont_mul_4_adx", bgcn_mont_mul_4_adx, U(R), U(a), U(b), U(M), 4,
             minv);
        call("mont_mul_8_adx", bgcn_mont_mul_8_adx, U(R), U(a), U(b), U(M), 8,
             minv);
        call("mont_sqr_4_adx", bgcn_mont_sqr_4_adx, U(R), U(a), U(a), U(M), 4,
             minv);
    }
}

Test(asm_cpu, select_narrows_only)
{
    cr_assert(bgcn_cpu_select(NULL) == 0);
    const char *best = bgcn_kern.name;
    /* the default is the first supported path in the list */
    for (int i = 0; bgcn_kernel_paths[i]; i++)
        if (bgcn_cpu_supported(bgcn_kernel_paths[i])) {
            cr_assert_str_eq(best, bgcn_kernel_paths[i]->name);
            break;
        }
    cr_assert(bgcn_cpu_supported(bgcn_kernel_path("generic")));
    cr_assert(bgcn_cpu_supported(bgcn_kernel_path("x86_64")));
    /* every path compiled in has its own threshold set (thresholds.c),
     * else it would silently run with the generic crossovers */
    for (int i = 0; bgcn_kernel_paths[i]; i++)
        cr_assert(bgcn_mul_thresholds_select(bgcn_kernel_paths[i]->name) ==
                      0,
                  "no threshold set for path %s", bgcn_kernel_paths[i]->name);
    cr_assert(bgcn_cpu_select(best) == 0);
    for (int i = 0; bgcn_kernel_paths[i]; i++) {
        const bgcn_kernels *p = bgcn_kernel_paths[i];
        cr_assert(bgcn_cpu_select(best) == 0);
        if (bgcn_cpu_supported(p)) {
            cr_assert(bgcn_cpu_select(p->name) == 0);
            cr_assert_str_eq(bgcn_kern.name, p->name);
        } else {
            cr_assert(bgcn_cpu_select(p->name) == -1, "%s", p->name);
            cr_assert_str_eq(bgcn_kern.name, best, "table changed");
        }
    }
    cr_assert(bgcn_cpu_select(best) == 0);
    const char *bad[] = {"", "ADX", "adx ", "avx1024", "nonsense", "x86-64"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_assert(bgcn_cpu_select(bad[i]) == -1, "accepted '%s'", bad[i]);
        cr_assert_str_eq(bgcn_kern.name, best, "table changed by '%s'",
                         bad[i]);
    }
    /* a path that is not compiled in is refused even if the CPU has it */
    if (!bgcn_kernel_path("avx512"))
        cr_assert(bgcn_cpu_select("avx512") == -1);
}
