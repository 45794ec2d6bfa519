#!/bin/sh
# Constant-time check of bgcn_powm_sec under valgrind memcheck (see
# ct-powm-sec.c).  Only built and run when configure found valgrind.
prog=tests/mpn/ct-powm-sec
vg="${VALGRIND:-valgrind} -q --error-exitcode=99 --track-origins=yes"
# 1. the constant-time function must produce no report and the right result
$vg $prog || exit 1
# 2. control: the variable-time powm must be reported (exit 99)
$vg --log-file=/dev/null $prog leak
if [ $? -ne 99 ]; then
    echo "ct-powm-sec: memcheck did not flag the variable-time powm" >&2
    exit 1
fi
exit 0
