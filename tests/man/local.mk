# The man page documents every option and builtin that --help lists;
# HACKING.md's file map names every file of src/, tests/, bench/, tune/.
TESTS += tests/man/coverage.sh tests/man/file-map.sh
EXTRA_DIST += tests/man/coverage.sh tests/man/file-map.sh
