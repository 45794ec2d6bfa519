# file-map.sh -- fail when a source, test, bench or tune file is not named
# in the file map of HACKING.md (its "## File map" section), so the map
# stays true.  A file is named as `NAME` where NAME is its base name for
# src/..., DIR/BASE for tests/DIR/BASE (BASE for tests/BASE), and the
# whole path for bench/ and tune/.  Test data (tests/cli/cases,
# tests/fuzz/corpus) and local.mk files are not listed.
#
# Run by `make check` with top_srcdir (the source tree) in the
# environment (tests/local.mk).  Exit: 0 pass, 1 a file is missing from
# the map, 99 hard error.
set -u
SRCDIR=${top_srcdir:-.}

hacking="$SRCDIR/HACKING.md"
[ -r "$hacking" ] || {
    echo "file-map.sh: cannot read $hacking" >&2
    exit 99
}
map=$(sed -n '/^## File map/,/^## [^F]/p' "$hacking")
[ -n "$map" ] || {
    echo "file-map.sh: no '## File map' section in $hacking" >&2
    exit 99
}

missing=0 checked=0
files=$(cd "$SRCDIR" && find src tests bench tune -type f \
    ! -path 'tests/cli/cases/*' ! -path 'tests/fuzz/corpus/*' ! -name local.mk \
    ! -name '*.o' ! -name '*.a' 2>/dev/null | sort)
for f in $files; do
    case $f in
    *.c | *.h | *.S | *.sh) ;;
    *) # scripts only (a build in the source tree leaves binaries here)
        head -c 2 "$SRCDIR/$f" 2>/dev/null | grep -q '^#!' || continue ;;
    esac
    case $f in
    src/*) name=${f##*/} ;;
    tests/*/*) name=${f#tests/} ;;
    tests/*) name=${f#tests/} ;;
    *) name=$f ;;
    esac
    checked=$((checked + 1))
    case $map in
    *"\`$name\`"*) ;;
    *)
        echo "not in HACKING.md's file map: $f (add a line naming \`$name\` and its role)"
        missing=$((missing + 1))
        ;;
    esac
done
if [ "$checked" -lt 50 ]; then
    echo "file-map.sh: only $checked files found under $SRCDIR" >&2
    exit 99
fi
echo "$((checked - missing)) passed, $missing failed"
[ "$missing" -eq 0 ]
