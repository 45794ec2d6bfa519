/* num-hook.c -- the state of the verification hook (see num-impl.h).
 *
 * The verified entry points test bgc_v_on inline and call the installed
 * verifier only when it is set, so a program that never installs one
 * (the number layer's own tests, a build without --verify) pays one
 * predictable branch per operation and does not link GMP. */
#include "num-impl.h"

#include <stddef.h>

const bgc_verifier *bgc_v_hook;
int bgc_v_on;
int bgc_v_depth;

void bgc_num_set_verifier(const bgc_verifier *v)
{
    bgc_v_hook = v;
    bgc_v_on = v != NULL;
    bgc_v_depth = 0;
}
