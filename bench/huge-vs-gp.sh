#!/bin/sh
# huge-vs-gp.sh -- bigcalc beside PARI/GP (gp, which multiplies with GMP)
# on the huge tasks of issue 12, in one run, with the ratios.
#
#   bench/huge-vs-gp.sh [-b BUILD_DIR] [-t THREADS] [-q] [-l]
#
# Rows (both programs compute the same thing; the results are compared
# before any figure is printed, a mismatch stops the script):
#   print 2^10^7     the 3.0 million digits of 2^(10^7), written out
#   print 10^6!      the 5.6 million digits of (10^6)!, computed and written
#   print fib(10^7)  the 2.1 million digits of F(10^7), computed and written
#   gcd 10^6 dig     gcd(3^2095903, 7^1183271), two 10^6-digit numbers
#   div 10^7 dig     3^20959032 \ 7^5916356, 10^7 by 5*10^6 digits
#   isqrt 10^7 dig   isqrt(3^20959032), a 10^7-digit number
# and with -l the ten-times-larger rows (minutes each, several GB):
#   print 2^10^8     the 30.1 million digits of 2^(10^8)
#   print 10^7!      the 65.7 million digits of (10^7)!
#   print fib(10^8)  the 20.9 million digits of F(10^8)
#   gcd 10^7 dig     gcd(3^20959032, 7^11832712), two 10^7-digit numbers
# The print rows time the whole process (CPU seconds, user + system, and
# wall seconds), startup included; the other rows time the one statement
# (bigcalc's --time figure, gp's gettime()/getwalltime()), not the
# construction of the operands.  bigcalc runs with --threads THREADS
# (default 1); with -t 2 the wall column is the one to read.  -q: the
# three statement rows only.  CPU time includes waiting for a shared core
# to no extent, wall time does: state the load (uptime) beside figures.
# Pin it:   taskset -c 1 bench/huge-vs-gp.sh         (one thread)
#           taskset -c 0,1 bench/huge-vs-gp.sh -t 2  (both cores)
set -eu
build=_build
threads=1
quick=0
large=0
while [ $# -gt 0 ]; do
    case $1 in
    -b) build=$2; shift 2 ;;
    -t) threads=$2; shift 2 ;;
    -q) quick=1; shift ;;
    -l) large=1; shift ;;
    *) echo "usage: huge-vs-gp.sh [-b BUILD_DIR] [-t THREADS] [-q] [-l]" >&2; exit 2 ;;
    esac
done
bc="$build/bigcalc"
[ -x "$bc" ] || { echo "huge-vs-gp.sh: build $bc first (make)" >&2; exit 1; }
command -v gp >/dev/null 2>&1 || { echo "huge-vs-gp.sh: gp not found" >&2; exit 1; }
tmp=${TMPDIR:-/tmp}/huge-bench.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
GP="gp -q -f -s 4000000000"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "-"; else printf "%.2f", a / b }'; }
# digits only (gp and bigcalc may break lines differently)
digest() { tr -cd '0-9' < "$1" | md5sum | cut -d' ' -f1; }

# whole process: "cpu wall" of a command, stdout to $2
proc() {
    out=$1
    shift
    /usr/bin/time -f '%U %S %e' -o "$tmp/t" "$@" > "$out"
    awk '{ printf "%.3f %.3f", $1 + $2, $3 }' "$tmp/t"
}

printf '%-16s %9s %9s %6s   %9s %9s %6s   (bigcalc --threads %s)\n' \
    task 'bc cpu' 'gp cpu' ratio 'bc wall' 'gp wall' ratio "$threads"
row() { # name, bc "cpu wall", gp "cpu wall"
    set -- "$1" $2 $3
    printf '%-16s %9s %9s %6s   %9s %9s %6s\n' "$1" "$2" "$4" \
        "$(ratio "$2" "$4")" "$3" "$5" "$(ratio "$3" "$5")"
}

print_row() { # name, bigcalc expression, gp expression
    ours=$(proc "$tmp/ours" "$bc" --threads "$threads" -e "$2")
    theirs=$(printf 'print(%s)\n' "$3" | proc "$tmp/theirs" $GP)
    [ "$(digest "$tmp/ours")" = "$(digest "$tmp/theirs")" ] ||
        { echo "huge-vs-gp.sh: bigcalc and gp disagree on $1" >&2; exit 1; }
    row "$1" "$ours" "$theirs"
}

# statement rows: setup statements, then the timed one; both print the
# result mod a prime so that the answers can be compared
stmt_row() { # name, setup (both languages), bigcalc op, gp op
    "$bc" --threads "$threads" -t -e "$2" -e "r=$3" -e 'r % 1000000007' \
        > "$tmp/ours" 2> "$tmp/ourt"
    # the next-to-last statement's time: "time: W s (cpu C s)"
    ours=$(awk '/^time:/ { p = q; q = $0 } END { $0 = p; gsub(/[()]/, ""); printf "%.3f %.3f", $5, $2 }' "$tmp/ourt")
    # (printf, not echo: dash's echo would take gp's a\b for an escape)
    printf '%s\n' "$2; t0 = getwalltime(); gettime(); r=$4; c = gettime(); w = getwalltime() - t0; print(r % 1000000007); printf(\"%.3f %.3f\\n\", c / 1000., w / 1000.)" |
        $GP > "$tmp/theirs"
    theirs=$(sed -n 2p "$tmp/theirs")
    [ "$(tail -n 1 "$tmp/ours")" = "$(sed -n 1p "$tmp/theirs")" ] ||
        { echo "huge-vs-gp.sh: bigcalc and gp disagree on $1" >&2; exit 1; }
    row "$1" "$ours" "$theirs"
}

if [ "$quick" = 0 ]; then
    print_row 'print 2^10^7' '2^(10^7)' '2^(10^7)'
    print_row 'print 10^6!' '(10^6)!' '(10^6)!'
    print_row 'print fib(10^7)' 'fib(10^7)' 'fibonacci(10^7)'
fi
stmt_row 'gcd 10^6 dig' 'a=3^2095903; b=7^1183271' 'gcd(a,b)' 'gcd(a,b)'
stmt_row 'div 10^7 dig' 'a=3^20959032; b=7^5916356' 'a/b' 'a\b'
stmt_row 'isqrt 10^7 dig' 'a=3^20959032' 'isqrt(a)' 'sqrtint(a)'
if [ "$large" = 1 ]; then
    if [ "$quick" = 0 ]; then
        print_row 'print 2^10^8' '2^(10^8)' '2^(10^8)'
        print_row 'print 10^7!' '(10^7)!' '(10^7)!'
        print_row 'print fib(10^8)' 'fib(10^8)' 'fibonacci(10^8)'
    fi
    stmt_row 'gcd 10^7 dig' 'a=3^20959032; b=7^11832712' 'gcd(a,b)' 'gcd(a,b)'
fi
