/* main.c -- bigcalc's entry point; the command line starts in cli.c. */
#include "cli.h"

int main(int argc, char **argv)
{
    return bgc_cli_main(argc, argv);
}
