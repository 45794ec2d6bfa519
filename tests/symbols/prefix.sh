# prefix.sh -- fail when a global symbol of the engine or the CLI lacks the
# project prefix (HACKING.md, Naming): bgcn_ in the engine, bgc_ above it, and
# main.  GMP and OpenSSL are linked into the same binaries, so a stray
# global such as `add_n` or `mont_mul` could silently bind to theirs.
#
# Run by `make check` with BGC_OBJECTS (the bigcalc objects) and BGC_LIBS
# (libbgcn.a and the other libraries of the tree that bigcalc links) in
# the environment (tests/local.mk), from the top of the build tree.
# Exit: 0 pass, 1 a badly named symbol, 99 hard error.
set -u
NM=${NM:-nm}

# Reads `nm -A -P` lines ("FILE: NAME TYPE VALUE SIZE") and prints those
# whose NAME lacks the prefix.  ASan builds add a global __odr_asan.NAME
# beside each global variable NAME: judged by the NAME it guards.
bad_names() {
    awk '{
        name = $2
        sub(/^__odr_asan\./, "", name)
        if (name !~ /^bgcn?_/ && name != "main")
            print
    }'
}

# The filter must be able to fail: check it on names it has to reject.
selftest=$(printf '%s\n' \
    'a.o: bgcn_add_n T 0 1' 'a.o: bgc_eval T 0 1' 'a.o: main T 0 1' \
    'a.o: __odr_asan.bgc_x B 0 1' 'a.o: add_n T 0 1' 'a.o: bgcx_y D 0 1' \
    'a.o: __odr_asan.table B 0 1' 'a.o: mpn_add_n T 0 1' | bad_names |
    awk '{print $2}' | tr '\n' ' ')
if [ "$selftest" != "add_n bgcx_y __odr_asan.table mpn_add_n " ]; then
    echo "prefix.sh: the name filter is broken (got: $selftest)" >&2
    exit 99
fi

files="${BGC_LIBS:-} ${BGC_OBJECTS:-}"
nfiles=0
for f in $files; do
    if [ ! -f "$f" ]; then
        echo "prefix.sh: $f: not built" >&2
        exit 99
    fi
    nfiles=$((nfiles + 1))
done
if [ "$nfiles" -eq 0 ]; then
    echo "prefix.sh: no objects to check (BGC_LIBS and BGC_OBJECTS unset)" >&2
    exit 99
fi

# shellcheck disable=SC2086
if ! syms=$($NM -A -P --defined-only -g $files); then
    echo "prefix.sh: $NM failed" >&2
    exit 99
fi
total=$(printf '%s\n' "$syms" | grep -c .)
bad=$(printf '%s\n' "$syms" | grep . | bad_names)
if [ -n "$bad" ]; then
    echo "Global symbols without the bgcn_/bgc_ prefix (make them static or rename them):"
    printf '%s\n' "$bad"
    echo "symbols: $(printf '%s\n' "$bad" | grep -c .) of $total global symbols in $nfiles files lack the prefix"
    exit 1
fi
echo "symbols: all $total global symbols in $nfiles files have the bgcn_/bgc_ prefix"
exit 0
