#!/bin/sh
# replay-corpus.sh [BUILDDIR SRCDIR] -- `make check`'s test of the fuzz targets:
# each target of BUILDDIR/tests/fuzz runs once over every input of its
# seed corpus SRCDIR/tests/fuzz/corpus/NAME/ (the regression inputs of
# crashes found so far are part of it).  A replay program (replay.c) is
# given the directory; a libFuzzer build (--enable-fuzzer) gets -runs=0.
# Prints "replay: N passed, N failed" (one per target) as its last line.
# Without arguments: the top_builddir and top_srcdir make check exports.
build=${1:-$top_builddir} src=${2:-$top_srcdir}
pass=0 fail=0
for t in frontend engine lines; do
    prog=$build/tests/fuzz/fuzz-$t
    corpus=$src/tests/fuzz/corpus/$t
    if [ ! -x "$prog" ] || [ ! -d "$corpus" ]; then
        echo "FAIL: $t: missing $prog or $corpus"
        fail=$((fail + 1))
        continue
    fi
    if "$prog" -help=1 2>&1 | grep -q libFuzzer; then
        "$prog" -runs=0 "$corpus" >"fuzz-$t.replay.log" 2>&1
    else
        "$prog" "$corpus" >"fuzz-$t.replay.log" 2>&1
    fi
    rc=$?
    if [ $rc -eq 0 ]; then
        echo "PASS: $t ($(ls "$corpus" | wc -l) inputs)"
        pass=$((pass + 1))
    else
        echo "FAIL: $t (exit $rc); last lines:"
        tail -n 30 "fuzz-$t.replay.log"
        fail=$((fail + 1))
    fi
    rm -f "fuzz-$t.replay.log"
done
echo "replay: $pass passed, $fail failed"
[ $fail -eq 0 ]
