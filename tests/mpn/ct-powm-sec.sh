#!/bin/sh
# Constant-time check of bgcn_powm_sec under valgrind memcheck (see
# ct-powm-sec.c).  make check sets VALGRIND, empty when configure found
# none or the build is instrumented (ASan binaries do not run under it).
if [ -z "${VALGRIND:-}" ]; then
    echo "SKIP: ct-powm-sec needs valgrind (not found, or a sanitizer build)"
    exit 77
fi
prog=tests/mpn/ct-powm-sec
vg="$VALGRIND -q --error-exitcode=99 --track-origins=yes"
# 1. the constant-time function must produce no report and the right result
$vg $prog || exit 1
# 2. control: the variable-time powm must be reported (exit 99)
$vg --log-file=/dev/null $prog leak
if [ $? -ne 99 ]; then
    echo "ct-powm-sec: memcheck did not flag the variable-time powm" >&2
    exit 1
fi
exit 0
