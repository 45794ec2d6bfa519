# coverage.sh -- fail when `bigcalc --help` lists an option or a builtin
# function that man/bigcalc.1 does not document.
#
# Run by `make check` with BIGCALC (the built binary) and top_srcdir in
# the environment (tests/local.mk); MANPAGE overrides the page.  Exit: 0
# pass, 1 something undocumented, 99 hard error.
set -u
MANPAGE=${MANPAGE:-${top_srcdir:-.}/man/bigcalc.1}

help=$("$BIGCALC" --help) || {
    echo "coverage.sh: $BIGCALC --help failed" >&2
    exit 99
}
[ -r "$MANPAGE" ] || {
    echo "coverage.sh: cannot read $MANPAGE" >&2
    exit 99
}
# The page as plain words: font changes dropped, \- as -.
page=$(sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' "$MANPAGE")

# Options: every --long and -x word of the help text's option lines.
options=$(printf '%s\n' "$help" | grep -E '^ +-' |
    grep -oE '(^|[ ,])--?[A-Za-z][A-Za-z-]*' | tr -d ' ,' | sort -u)
# Builtins: the lines below "Builtin functions:", "  name(args)  text".
builtins=$(printf '%s\n' "$help" | sed -n '/^Builtin functions:/,$p' |
    sed -n 's/^ \{1,\}\([a-z_][a-z0-9_]*\)(.*/\1/p' | sort -u)

nopt=$(printf '%s\n' "$options" | grep -c .)
nfun=$(printf '%s\n' "$builtins" | grep -c .)
if [ "$nopt" -lt 5 ] || [ "$nfun" -lt 5 ]; then
    echo "coverage.sh: found only $nopt options and $nfun builtins in --help" >&2
    exit 99
fi

missing=0
for o in $options; do
    if ! printf '%s\n' "$page" | grep -qE -- "(^|[^A-Za-z-])$o([^A-Za-z-]|\$)"; then
        echo "option $o is in --help but not in the man page"
        missing=$((missing + 1))
    fi
done
for f in $builtins; do
    if ! printf '%s\n' "$page" | grep -qE "(^|[^A-Za-z0-9_])$f ?\\("; then
        echo "builtin $f is in --help but not in the man page"
        missing=$((missing + 1))
    fi
done
echo "man page: $nopt options and $nfun builtins checked, $missing missing"
[ "$missing" -eq 0 ]
