# Command-line tests of the built binary: the table-driven runner over
# tests/cli/cases and the randomized differential test against Python.
TESTS += tests/cli/cli-cases.py tests/cli/diff-python.py
EXTRA_DIST += tests/cli/cli-cases.py tests/cli/diff-python.py tests/cli/cases
