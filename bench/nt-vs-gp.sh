#!/bin/sh
# nt-vs-gp.sh -- znlog modulo a 61-digit prime with smooth p-1 and
# sqrtmod modulo a 1000-digit prime, bigcalc beside PARI/GP on the same
# numbers in one run (issue 11's table), milliseconds of CPU per call.
#
#   bench/nt-vs-gp.sh [-b BUILD_DIR]        pin it: taskset -c 1 bench/...
#
# bigcalc's time per call is (CPU of R calls - CPU of one call) / (R - 1),
# its start-up and set-up cancelled; gp's is its own gettime() over R calls.
set -eu
build=_build
if [ "${1:-}" = -b ]; then
    build=$2
    shift 2
fi
bc="$build/bigcalc"
[ -x "$bc" ] || { echo "nt-vs-gp.sh: build $bc first (make)" >&2; exit 1; }
command -v gp >/dev/null 2>&1 || { echo "nt-vs-gp.sh: gp not found" >&2; exit 1; }
tmp=${TMPDIR:-/tmp}/nt-bench.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
# p = k * (product of the first 36 primes) + 1, the smallest such prime
p=$(echo 'P=prod(i=1,36,prime(i)); k=1; while(!isprime(k*P+1), k++); print(k*P+1)' | gp -q -f)
q=$(echo 'print(nextprime(10^999+12345))' | gp -q -f)
cpu() { # CPU seconds of bigcalc running file $1
    /usr/bin/time -f '%U %S' -o "$tmp/t" "$bc" "$1" > /dev/null
    awk '{ printf "%.3f", $1 + $2 }' "$tmp/t"
}
row() { # name reps setup call gp-setup gp-call
    name=$1 reps=$2
    printf '%s\nfor (i = 1; i <= %s; i++) r = %s\n' "$3" "$reps" "$4" > "$tmp/many.bc"
    printf '%s\nr = %s\n' "$3" "$4" > "$tmp/one.bc"
    many=$(cpu "$tmp/many.bc")
    one=$(cpu "$tmp/one.bc")
    ours=$(awk -v a="$many" -v b="$one" -v r="$reps" 'BEGIN { printf "%.3f", (a - b) * 1000 / (r - 1) }')
    theirs=$(printf '%s\ngettime(); for(i=1,%s, r=%s); print(gettime()/%s.0)\n' "$5" "$reps" "$6" "$reps" | gp -q -f -s 256000000)
    theirs=$(awk -v m="$theirs" 'BEGIN { printf "%.3f", m }')
    ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { if (b <= 0) print "-"; else printf "%.2f", a / b }')
    printf '%-22s %10s %10s %8s\n' "$name" "$ours" "$theirs" "$ratio"
}
printf '%-22s %10s %10s %8s\n' task 'bigcalc ms' 'gp ms' ratio
row "znlog 61-digit p" 200 \
    "p = $p; g = znprimroot(p); x = powmod(g, p / 3 + 12345, p)" "znlog(x, g, p)" \
    "p = $p; g = Mod(znprimroot(p), p); x = g^(p\\3 + 12345);" "znlog(x, g)"
row "sqrtmod 1000-digit p" 100 \
    "q = $q; a = powmod(3^2000 + 17, 2, q)" "sqrtmod(a, q)" \
    "q = $q; a = Mod(3^2000 + 17, q)^2;" "sqrt(a)"
