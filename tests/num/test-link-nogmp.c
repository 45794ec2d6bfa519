/* test-link-nogmp.c -- the number layer links and runs without GMP.
 *
 * Built with LDADD = libbgc.a libbgcn.a only (tests/local.mk): no -lgmp,
 * no libbgcverify.a, no test library.  If anything in src/num or src/mpn
 * called GMP, this program would not link; --verify reaches GMP only
 * through the hook that src/verify installs (HACKING.md, Layers).  It
 * also runs a few operations, so the hook's absence is exercised: with
 * no verifier installed every entry point must still work. */
#include "num.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check(const char *what, const bgc_int *x, const char *want)
{
    char *s = NULL;
    size_t n = 0;
    if (bgc_get_str(&s, &n, x, 10) != BGC_OK) {
        printf("FAIL: %s: get_str failed\n", what);
        return 1;
    }
    int bad = n != strlen(want) || memcmp(s, want, n) != 0;
    printf("%s: %s: %.*s\n", bad ? "FAIL" : "ok", what, (int)n, s);
    free(s);
    return bad;
}

int main(void)
{
    bgc_int a, b, r;
    int fails = 0;
    bgc_init(&a);
    bgc_init(&b);
    bgc_init(&r);
    const char *x = "123456789012345678901234567890";
    if (bgc_set_str(&a, x, strlen(x), 10) != BGC_OK || bgc_set_str(&b, "-987654321", 10, 10) != BGC_OK) {
        printf("FAIL: set_str\n");
        return 1;
    }
    fails += bgc_mul(&r, &a, &b) != BGC_OK ||
             check("mul", &r, "-121932631124828532112482853211126352690");
    fails += bgc_add(&r, &a, &b) != BGC_OK || check("add", &r, "123456789012345678900246913569");
    fails += bgc_pow_ui(&r, &a, 3) != BGC_OK ||
             check("pow", &r,
                   "18816763723536577725467160405896417262574772298494094262076937977"
                   "22198701224860897069000");
    bgc_clear(&a);
    bgc_clear(&b);
    bgc_clear(&r);
    printf("%d passed, %d failed\n", 3 - fails, fails);
    return fails != 0;
}
