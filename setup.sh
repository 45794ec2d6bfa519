#!/bin/sh
# setup.sh -- install what bigcalc needs, then build it (out of tree, in
# _build/).  A second run only rebuilds what changed.
#
#   ./setup.sh          install dependencies and build
#   ./setup.sh run      ... then start bigcalc (extra arguments go to it)
#   ./setup.sh check    ... then run the whole test suite (make check)
#
# Environment: BIGCALC_BUILD_DIR (default _build), BIGCALC_CONFIGURE_FLAGS
# (extra ./configure arguments, e.g. --disable-asm).  The build is one a
# user may install, so it has no test hooks: `check` skips the few cases
# that need them (and says so); --enable-test-hooks adds them (HACKING.md).
set -eu

top=$(cd "$(dirname "$0")" && pwd)
build=${BIGCALC_BUILD_DIR:-"$top/_build"}
action=${1:-build}
[ $# -gt 0 ] && shift

# Debian packages: build tools, libraries, and what the tests drive.
packages="build-essential autoconf automake pkg-config
libreadline-dev libgmp-dev libcriterion-dev libssl-dev
python3 python3-pexpect valgrind"

# Installing and building talk on stderr (stdout is kept as fd 3), so that
# `./setup.sh run -e EXPR` prints only the answer on stdout.
exec 3>&1 1>&2

missing=
if command -v dpkg-query >/dev/null 2>&1; then
    for p in $packages; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
            missing="$missing $p"
    done
fi
if [ -n "$missing" ]; then
    echo "setup.sh: installing:$missing"
    if [ "$(id -u)" = 0 ]; then
        as_root=
    elif command -v sudo >/dev/null 2>&1; then
        as_root=sudo
    else
        echo "setup.sh: cannot install packages; as root, run:" >&2
        echo "  apt-get update && apt-get install -y$missing" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    if ! { $as_root apt-get update -qq && $as_root apt-get install -y -qq $missing; }; then
        echo "setup.sh: apt-get failed; install these by hand:$missing" >&2
        exit 1
    fi
fi

cd "$top"
if [ ! -x configure ] || [ configure.ac -nt configure ]; then
    autoreconf -fi
fi
mkdir -p "$build"
cd "$build"
if [ ! -f Makefile ]; then
    # shellcheck disable=SC2086
    "$top/configure" ${BIGCALC_CONFIGURE_FLAGS:-}
fi
jobs=$(nproc 2>/dev/null || echo 2)
make -j"$jobs"

case "$action" in
build) echo "setup.sh: built $build/bigcalc" ;;
run) exec ./bigcalc "$@" 1>&3 3>&- ;;
check) make -j"$jobs" check "$@" 1>&3 ;;
*) echo "setup.sh: unknown action '$action' (build, run or check)" >&2; exit 2 ;;
esac
