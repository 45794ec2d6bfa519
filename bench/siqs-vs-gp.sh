#!/bin/sh
# siqs-vs-gp.sh -- time bigcalc's quadratic sieve (bench/siqs-bench, the
# engine's bgcn_siqs) beside PARI/GP's factor() on the same balanced
# semiprimes, in one run, and print the ratios (CPU seconds, one core).
#
#   bench/siqs-vs-gp.sh [-b BUILD_DIR] [DIGITS...]     default: 40 50 60
#
# The semiprimes are p*q with p, q random primes of DIGITS/2 digits drawn
# by gp from a fixed seed, so every run times the same numbers.  Pin it:
#   taskset -c 1 bench/siqs-vs-gp.sh 40 50 60 70
set -eu
build=_build
if [ "${1:-}" = -b ]; then
    build=$2
    shift 2
fi
[ $# -gt 0 ] || set -- 40 50 60
drv="$build/bench/siqs-bench"
[ -x "$drv" ] || { echo "siqs-vs-gp.sh: build $drv first (make)" >&2; exit 1; }
command -v gp >/dev/null 2>&1 || { echo "siqs-vs-gp.sh: gp not found" >&2; exit 1; }
printf '%-7s %10s %10s %8s\n' digits bigcalc gp ratio
for d in "$@"; do
    n=$(echo "setrand($d); h=floor($d/2); p=nextprime(10^(h-1)+random(9*10^(h-1))); q=nextprime(10^($d-h-1)+random(9*10^($d-h-1))); print(p*q)" | gp -q -f)
    ours=$("$drv" "$n" | awk '{ if ($2 == "FAILED") print "FAILED"; else print $3 }')
    ms=$(echo "n=$n; gettime(); f=factor(n); print(gettime())" | gp -q -f -s 256000000)
    theirs=$(awk -v m="$ms" 'BEGIN { printf "%.3f", m / 1000 }')
    ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { if (a == "FAILED" || b <= 0) print "-"; else printf "%.2f", a / b }')
    printf '%-7s %10s %10s %8s\n' "$d" "$ours" "$theirs" "$ratio"
done
