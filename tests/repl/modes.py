#!/usr/bin/env python3
"""The same text means the same thing in every mode.

Each case is a program of a few lines.  It runs through a pipe (stdin not
a terminal), as a FILE operand, as one -e expression and, line by line,
at the REPL on a pseudo-terminal (pexpect).  The results printed on
stdout must be the same lines in every mode.  The cases are those where
the modes once disagreed (`1 ? 2` then `: 3` on the next line) and the
other ways a statement continues on the next line: an open parenthesis,
bracket, brace or comment, a line that ends in an operator, an if/while
header.

The binary is $BIGCALC, else ./bigcalc.  The last line printed is
"N passed, N failed"; exit status 1 when a case failed, 77 (skip) when
python3-pexpect is missing.
"""

import os
import re
import subprocess
import sys
import tempfile

try:
    import pexpect
except ImportError:
    print("pexpect is not installed (Debian: python3-pexpect): skipping")
    print("0 passed, 0 failed")
    sys.exit(77)

BIGCALC = os.path.abspath(os.environ.get("BIGCALC", "./bigcalc"))
TIMEOUT = 20
MARK = "31415926535897932384626433"   # a result no case prints

CASES = [
    ("ternary, ':' on the next line", "1 ? 2\n: 3\n0 ? 2\n: 3\n"),
    ("open parenthesis", "x = 5\n(x +\n1)\n"),
    ("line ending in an operator", "1 +\n2 *\n3\n"),
    ("open bracket", "v = [1,\n2, 3]\nlen(v)\n"),
    ("open brace", "def f(n) {\nreturn n * 2\n}\nf(21)\n"),
    ("open comment", "/* a comment\nover two lines */ 7\n"),
    ("if header, statement on the next line", "if (1)\n8\n"),
    ("two statements on a line", "1; 2\n3\n"),
    ("else on the next line", "x = 5\nif (x < 0)\n  1\nelse\n  2\n"
     "if (x) { 3 }\nelse { 4 }\nif (0) 5; else 6\nif (0) 7\nelse if (0) 8\nelse 9\n"),
    ("an if, then a statement on the next line", "if (1) 7\n8\nif (0) 9\n10\n"),
    ("an empty line ends a statement", "1 +\n\n2\nif (1)\n\n3\n4 ? 5\n\n: 6\n"),
    ("else after an empty line starts a new statement", "if (0) 1\n\nelse 2\n9\n"),
    ("an empty line inside braces or parentheses is a blank",
     "def f(n) {\n\n  return n + 1\n\n}\nf(1)\n(2 +\n\n3)\n/* a\n\nb */ 4\n"),
]

env = dict(os.environ)
for k in ("BIGCALC_HISTORY", "XDG_STATE_HOME"):
    env.pop(k, None)
tmp = tempfile.mkdtemp(prefix="bigcalc-modes.")
env["BIGCALC_HISTORY"] = os.path.join(tmp, "history")
env["TERM"] = "dumb"
env["INPUTRC"] = os.path.join(tmp, "inputrc")
open(env["INPUTRC"], "w").close()


def lines_of(out):
    return [l for l in out.replace("\r", "").split("\n") if l != ""]


def pipe(prog):
    r = subprocess.run([BIGCALC], input=prog, capture_output=True, text=True,
                       env=env, timeout=TIMEOUT)
    return lines_of(r.stdout)


def file_mode(prog):
    path = os.path.join(tmp, "prog.bgc")
    with open(path, "w") as f:
        f.write(prog)
    r = subprocess.run([BIGCALC, path], capture_output=True, text=True,
                       env=env, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    return lines_of(r.stdout)


def expr_mode(prog):
    r = subprocess.run([BIGCALC, "-e", prog], capture_output=True, text=True,
                       env=env, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    return lines_of(r.stdout)


def repl(prog):
    """The results the REPL prints for the lines of prog: the output lines
    that are not a prompt with the line typed after it."""
    p = pexpect.spawn(BIGCALC, ["-q"], env=env, encoding="utf-8",
                      timeout=TIMEOUT, dimensions=(24, 200))
    try:
        p.expect_exact("> ")
        for line in prog.split("\n")[:-1]:
            p.sendline(line)
        p.sendline("")           # ends a statement still open
        p.sendline(MARK)
        p.expect_exact("\r\n" + MARK + "\r\n")   # its result
        seen = p.before
        p.sendline(":quit")
        p.expect(pexpect.EOF)
    finally:
        p.close(force=True)
    # the first line is the first typed line (its prompt came before)
    out = lines_of(seen)[1:]
    # stderr shares the terminal: drop error lines and their caret display
    # (the source line and the caret, indented), as the other modes
    # compare stdout only
    keep, in_error = [], False
    for l in out:
        if l.startswith("bigcalc: "):
            in_error = True
            continue
        if in_error and l.startswith("    "):
            continue
        in_error = False
        keep.append(l)
    return [l for l in keep if not re.match(r"^(> |\.\.\. |>$)", l)]


passed = failed = 0
for name, prog in CASES:
    want = pipe(prog)
    got = {"file": file_mode(prog), "-e": expr_mode(prog.rstrip("\n"))}
    try:
        got["repl"] = repl(prog)
    except Exception as e:   # pexpect timeout, EOF
        got["repl"] = ["(%s)" % type(e).__name__]
    bad = {m: g for m, g in got.items() if g != want}
    if bad:
        failed += 1
        print("FAIL: %s: pipe printed %r" % (name, want))
        for m, g in bad.items():
            print("      %s printed %r" % (m, g))
    else:
        passed += 1
        print("ok: %s: %s" % (name, " ".join(want)))

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
