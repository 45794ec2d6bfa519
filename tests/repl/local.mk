# The REPL through a pseudo-terminal (python3-pexpect; skips with 77
# without it), the one-shot of every builtin, and the same programs
# through a pipe, a FILE, -e and the REPL giving the same results.
TESTS += tests/repl/repl-pty.py tests/repl/oneshot.py tests/repl/modes.py
EXTRA_DIST += tests/repl/repl-pty.py tests/repl/oneshot.py tests/repl/modes.py
