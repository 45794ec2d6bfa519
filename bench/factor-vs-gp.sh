#!/bin/sh
# factor-vs-gp.sh -- time `bigcalc factor` beside PARI/GP's factor() and
# GNU coreutils factor on the same numbers, in one run, and print the
# ratios (CPU seconds, user + system, one process each).
#
#   bench/factor-vs-gp.sh [-b BUILD_DIR] [DIGITS...]     default: 40 50 60
#
# Rows:
#   semiprime D  p*q, p and q random primes of D/2 digits (gp, fixed seeds
#                setrand(1000 D + i), i = 1..R, R = FACTOR_BENCH_R, default
#                10): the mean CPU seconds per number of factor() inside
#                one process each (bigcalc -t's "cpu" figures, gp's
#                gettime()), so neither side's start-up is counted and a
#                40-digit number (~20 ms) is not below the timer's grain;
#                the first number also goes through `bigcalc factor N`
#   ecm 25/100   a 25-digit prime times a 75-digit prime (gp's time only
#                with GP_ECM=1: it takes minutes)
#   ecm curve    one curve at B1 = 5e4 on that 100-digit number, stages 1
#                and 1 + 2 (B2 = 100 B1, the driver's), mean of 5, beside
#                GMP-ECM's `ecm -c 5 5e4` (its own B2, ~1.3e7) when installed
#   ecm seeds    the ecm 25/100 factorisation with curve seeds 1..5 and the
#                mean (bench/ecm-bench): the time to a factor is luck, the
#                mean says more than the one seed of the row above
#   u64 bulk     10^5 random 64-bit numbers on stdin (fixed seed), against
#                coreutils factor; the two outputs must be identical
# Pin it:   taskset -c 1 bench/factor-vs-gp.sh 40 50 60 70
set -eu
build=_build
if [ "${1:-}" = -b ]; then
    build=$2
    shift 2
fi
[ $# -gt 0 ] || set -- 40 50 60
bc="$build/bigcalc"
[ -x "$bc" ] || { echo "factor-vs-gp.sh: build $bc first (make)" >&2; exit 1; }
command -v gp >/dev/null 2>&1 || { echo "factor-vs-gp.sh: gp not found" >&2; exit 1; }
tmp=${TMPDIR:-/tmp}/factor-bench.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# cpu seconds of a command (stdout to $tmp/out)
cpu() {
    /usr/bin/time -f '%U %S' -o "$tmp/t" "$@" > "$tmp/out"
    awk '{ printf "%.3f", $1 + $2 }' "$tmp/t"
}
gp_time() { # gp's own CPU time for factor(n)
    ms=$(echo "n=$1; gettime(); f=factor(n); print(gettime())" | gp -q -f -s 256000000)
    awk -v m="$ms" 'BEGIN { printf "%.3f", m / 1000 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "-"; else printf "%.2f", a / b }'; }

printf '%-14s %10s %10s %8s\n' task bigcalc other ratio
R=${FACTOR_BENCH_R:-10}
for d in "$@"; do
    echo "for(i=1,$R, setrand(1000*$d+i); h=floor($d/2); p=nextprime(10^(h-1)+random(9*10^(h-1))); q=nextprime(10^($d-h-1)+random(9*10^($d-h-1))); print(p*q))" |
        gp -q -f > "$tmp/nums"
    n=$(head -n 1 "$tmp/nums")
    cpu "$bc" factor "$n" > /dev/null
    [ "$(awk '{ print NF }' "$tmp/out")" = 3 ] || { echo "bigcalc failed on $n" >&2; exit 1; }
    ours=$(sed 's/.*/factor(&)/' "$tmp/nums" | "$bc" -t 2>&1 > "$tmp/out" |
        awk -v r="$R" '/^time:/ { s += $5 } END { printf "%.4f", s / r }')
    [ "$(grep -c '^\[\[' "$tmp/out")" = "$R" ] || { echo "bigcalc failed on a $d-digit number" >&2; exit 1; }
    ms=$(echo "v=[$(paste -s -d, "$tmp/nums")]; gettime(); for(i=1,#v, factor(v[i])); print(gettime())" |
        gp -q -f -s 256000000)
    theirs=$(awk -v m="$ms" -v r="$R" 'BEGIN { printf "%.4f", m / 1000 / r }')
    printf '%-14s %10s %10s %8s\n' "semiprime $d" "$ours" "gp $theirs" "$(ratio "$ours" "$theirs")"
done

n=$(echo "setrand(25); p=nextprime(10^24+random(9*10^24)); q=nextprime(10^74+random(9*10^74)); print(p*q)" | gp -q -f)
ours=$(cpu "$bc" factor "$n")
if [ "${GP_ECM:-0}" = 1 ]; then
    theirs=$(gp_time "$n")
    printf '%-14s %10s %10s %8s\n' "ecm 25/100" "$ours" "gp $theirs" "$(ratio "$ours" "$theirs")"
else
    printf '%-14s %10s %10s %8s\n' "ecm 25/100" "$ours" "(GP_ECM=1)" "-"
fi

eb="$build/bench/ecm-bench"
if [ -x "$eb" ]; then
    set -- $("$eb" curve "$n" 50000 5000000 5)
    s1=$1 s12=$2
    if command -v ecm >/dev/null 2>&1; then
        echo "$n" | ecm -c 5 5e4 > "$tmp/ecm" 2>&1 || true
        theirs=$(awk '/Step 1 took/ { a += $4 } /Step 2 took/ { b += $4; k++ }
            END { if (k) printf "%.4f %.4f", a / k / 1000, (a + b) / k / 1000 }' "$tmp/ecm")
        set -- $theirs
        printf '%-14s %10s %10s %8s\n' "ecm curve s1" "$s1" "gmp-ecm ${1:--}" "$(ratio "$s1" "${1:-0}")"
        printf '%-14s %10s %10s %8s\n' "ecm curve s1+2" "$s12" "gmp-ecm ${2:--}" "$(ratio "$s12" "${2:-0}")"
    else
        printf '%-14s %10s %10s %8s\n' "ecm curve s1" "$s1" "(no ecm)" "-"
        printf '%-14s %10s %10s %8s\n' "ecm curve s1+2" "$s12" "(no ecm)" "-"
    fi
    "$eb" factor "$n" 5 > "$tmp/seeds"
    mean=$(awk '/^mean/ { print $2 }' "$tmp/seeds")
    printf '%-14s %10s %10s %8s   (%s)\n' "ecm seeds 1-5" "$mean" "(mean)" "-" \
        "$(awk '/^seed/ { printf "%s%s", sep, $3; sep = " " }' "$tmp/seeds")"
fi

if command -v factor >/dev/null 2>&1; then
    python3 -c "
import random
random.seed(64)
print('\n'.join(str(random.getrandbits(64)) for _ in range(100000)))" > "$tmp/u64"
    ours=$(cpu "$bc" factor < "$tmp/u64")
    mv "$tmp/out" "$tmp/ours"
    theirs=$(cpu factor < "$tmp/u64")
    cmp -s "$tmp/ours" "$tmp/out" || { echo "bigcalc factor and coreutils factor disagree" >&2; exit 1; }
    printf '%-14s %10s %10s %8s\n' "u64 bulk 1e5" "$ours" "cu $theirs" "$(ratio "$ours" "$theirs")"
fi
