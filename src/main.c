/* main.c -- bigcalc's entry point; everything is in cli.c. */
#include "cli.h"

int main(int argc, char **argv)
{
    return bgc_cli_main(argc, argv);
}
