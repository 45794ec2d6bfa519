/* main.c -- placeholder entry point until the language lands. */
#include "bgcn.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    bgcn_cpu_select(NULL);
    if (argc > 1 && strcmp(argv[1], "--version") == 0) {
        printf("bigcalc %s (kernels: %s)\n", "0.1.0", bgcn_kern.name);
        return 0;
    }
    fprintf(stderr, "bigcalc: not implemented yet\n");
    return 2;
}
