#!/usr/bin/env python3
"""Table-driven tests of the bigcalc command line.

Runs the built binary on every case in tests/cli/cases and compares its
stdout, stderr and exit status with what the case expects.

Two case formats:

*.t files, one case per "=== NAME" block:

    === name of the case
    args: -e '1+2'             (split like a shell would; default: none)
    env: NAME=VALUE            (may be repeated)
    status: 0                  (default 0)
    --- stdin                  (lines fed to bigcalc; default: nothing)
    --- stdin-py               (each line a Python expression giving text
                                to feed)
    --- stdout                 (exact; default: must be empty)
    --- stdout-py              (a Python expression whose str() + "\\n" is
                                the expected stdout: big numbers are
                                checked against Python's own integers)
    --- stderr                 (exact; default: must be empty)
    --- stderr-re              (a regular expression that must match the
                                whole of stderr, re.DOTALL; its lines are
                                joined with newlines and end with one)
    --- stdout-re              (the same for stdout)
    "$CASES" in args is the cases directory (data files in cases/data).

*.tab files, one case per line, each run as `bigcalc [ARGS] -e EXPR`:

    EXPR ==> RESULT            stdout is RESULT ("\\n" separates lines)
    EXPR ==> py: PYEXPR        stdout is str(PYEXPR)
    EXPR ==> <none>            no output at all
    EXPR ==> ! MESSAGE         fails with status 1 and exactly the error
                               line "bigcalc: <arg>:1:COL: MESSAGE"
    EXPR ==> !@COL MESSAGE     same, and the column must be COL
    %args: --obase 16          options for the lines that follow

Every *.tab case also runs a second time with --verify (every engine
operation re-done with GMP), expecting the same output.

A case listed in KNOWN_BUGS (a bug outside the front-end, reported to its
owner) counts as skipped; the closing line says how many.

Usage: cli-cases.py [--bigcalc PATH] [--verbose] [FILTER...]
The binary is $BIGCALC, else --bigcalc, else ./bigcalc.
The last line printed is "N passed, N failed[, N skipped]"; the exit
status is 1 when any case failed.
"""

import concurrent.futures
import math
import os
import re
import shlex
import signal
import subprocess
import sys
import time

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)  # big numbers are the point here

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")
TIMEOUT = 120
JOBS = int(os.environ.get("BIGCALC_TEST_JOBS", "2"))


class Case:
    def __init__(self, where, name):
        self.where = where
        self.name = name
        self.args = []
        self.env = {}
        self.status = 0
        self.stdin = ""
        self.stdout = ""
        self.stdout_py = None
        self.stdout_re = None
        self.stderr = ""
        self.stderr_re = None


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


PY_ENV = {"math": math, "fib": fib, "factorial": math.factorial,
          "isqrt": math.isqrt, "comb": math.comb, "gcd": math.gcd}


def parse_t(path):
    cases = []
    cur = None
    section = None
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for i, line in enumerate(lines, 1):
        if line.startswith("=== "):
            cur = Case("%s:%d" % (os.path.basename(path), i), line[4:].strip())
            cases.append(cur)
            section = None
            continue
        if cur is None:
            continue
        if line.startswith("--- "):
            section = line[4:].strip()
            if section not in ("stdin", "stdin-py", "stdout", "stdout-py", "stdout-re",
                               "stderr", "stderr-re"):
                raise SystemExit("%s:%d: unknown section %r" % (path, i, section))
            if section == "stdout-py":
                cur.stdout_py = ""
            if section == "stderr-re":
                cur.stderr_re = ""
            if section == "stdout-re":
                cur.stdout_re = ""
            continue
        if section is None:
            if not line.strip() or line.startswith("#"):
                continue
            key, _, val = line.partition(":")
            val = val.strip()
            if key == "args":
                cur.args = [a.replace("$CASES", CASES) for a in shlex.split(val)]
            elif key == "env":
                k, _, v = val.partition("=")
                cur.env[k] = v
            elif key == "status":
                cur.status = int(val)
            else:
                raise SystemExit("%s:%d: unknown directive %r" % (path, i, key))
            continue
        text = line + "\n"
        if section == "stdin":
            cur.stdin += text
        elif section == "stdin-py":
            if line.strip():
                cur.stdin += eval(line, PY_ENV)
        elif section == "stdout":
            cur.stdout += text
        elif section == "stdout-py":
            cur.stdout_py += text
        elif section == "stderr":
            cur.stderr += text
        elif section == "stderr-re":
            cur.stderr_re += text
        elif section == "stdout-re":
            cur.stdout_re += text
    for c in cases:
        # blank lines between cases are not part of the last section
        for attr in ("stdin", "stdout", "stderr", "stdout_re", "stderr_re"):
            v = getattr(c, attr)
            if v is None:
                continue
            while v.endswith("\n\n") or v == "\n":
                v = v[:-1]
            setattr(c, attr, v)
    return cases


def parse_tab(path):
    cases = []
    args = []
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line.startswith("%args:"):
                args = shlex.split(line[6:])
                continue
            if " ==> " not in line:
                raise SystemExit("%s:%d: no ' ==> ' in the line" % (path, i))
            expr, _, want = line.partition(" ==> ")
            expr = expr.strip()
            want = want.strip()
            c = Case("%s:%d" % (os.path.basename(path), i), expr)
            c.args = args + ["-e", expr]
            if want.startswith("!"):
                want = want[1:].strip()
                col = r"\d+"
                m = re.match(r"@(\d+)\s+(.*)", want)
                if m:
                    col, want = m.group(1), m.group(2)
                c.status = 1
                c.stderr_re = r"bigcalc: <arg>:1:%s: %s\n" % (col, re.escape(want))
            elif want.startswith("py:"):
                c.stdout_py = want[3:].strip()
            elif want == "<none>":
                c.stdout = ""
            else:
                c.stdout = want.replace("\\n", "\n") + "\n"
            cases.append(c)
    return cases


# Known bugs outside the front-end, reported to their owners: a failing case
# listed here counts as skipped with the reason (and a passing one is
# noted, so the entry can be removed).  Key: (file, case name, variant).
KNOWN_BUGS = {
    # (none open; powmod/fact mod 2^64 was fixed in the engine, b7934e8)
}


def known_bug(c):
    f = c.where.split(":")[0]
    variant = "verify" if c.where.endswith("[verify]") else ""
    return KNOWN_BUGS.get((f, c.name, variant))


# Environment variables only a --enable-test-hooks build reads (HACKING.md);
# make check says in BIGCALC_TEST_HOOKS whether this build is one.
TEST_HOOKS = ("BIGCALC_FAULT", "BIGCALC_TEST_FAIL_ALLOC_AFTER")
NO_HOOKS = "needs a build configured with --enable-test-hooks"


def have_hooks():
    return os.environ.get("BIGCALC_TEST_HOOKS") == "yes"


def run_case(bigcalc, c):
    hooks = [k for k in c.env if k in TEST_HOOKS]
    if hooks and not have_hooks():
        return "skip", "%s: %s" % (hooks[0], NO_HOOKS)
    env = dict(os.environ)  # BIGCALC_CPU included: .ci/run runs the cases on every path
    env.update(c.env)
    try:
        p = subprocess.run([bigcalc] + c.args, input=c.stdin.encode("utf-8", "surrogateescape"),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "fail", "timed out after %d s" % TIMEOUT
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    problems = []
    want_out = c.stdout
    if c.stdout_py is not None:
        want_out = str(eval(c.stdout_py, PY_ENV)) + "\n"
    if c.stdout_re is not None:
        if not re.fullmatch(c.stdout_re, out, re.DOTALL):
            problems.append("stdout: expected /%s/, got %r" % (c.stdout_re, clip(out)))
    elif out != want_out:
        problems.append("stdout: expected %r, got %r" % (clip(want_out), clip(out)))
    if c.stderr_re is not None:
        if not re.fullmatch(c.stderr_re, err, re.DOTALL):
            problems.append("stderr: expected /%s/, got %r" % (c.stderr_re, clip(err)))
    elif err != c.stderr:
        problems.append("stderr: expected %r, got %r" % (clip(c.stderr), clip(err)))
    if p.returncode != c.status:
        problems.append("status: expected %d, got %d" % (c.status, p.returncode))
    if problems:
        return "fail", "\n    ".join(problems)
    return "pass", ""


# ---- checks that a table cannot express -------------------------------------

def run(bigcalc, args, stdin=b"", env=None, timeout=60):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([bigcalc] + args, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=e, timeout=timeout)


def check_seed(bigcalc):
    prog = ["-e", "random(10^40)", "-e", "randbits(200)", "-e", "randprime(64)"]
    a = run(bigcalc, ["--seed", "12345"] + prog)
    b = run(bigcalc, ["--seed", "12345"] + prog)
    c = run(bigcalc, ["--seed", "54321"] + prog)
    if a.returncode or a.stdout != b.stdout or len(a.stdout.split()) != 3:
        return "fail", "same seed, different output: %r vs %r" % (a.stdout, b.stdout)
    if a.stdout == c.stdout:
        return "fail", "different seeds, same output %r" % a.stdout
    return "pass", ""


def interrupt_run(bigcalc, args, prog, delay, timeout=20):
    """Run bigcalc ARGS on PROG (its stdin, closed after), wait for the
    first line on stderr (-t writes one after each statement: bigcalc is
    running, its SIGINT handler installed), sleep DELAY, send SIGINT.
    Returns (status, stdout, stderr), or None when it still runs TIMEOUT
    seconds later."""
    import select
    p = subprocess.Popen([bigcalc] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    p.stdin.write(prog)
    p.stdin.close()
    p.stdin = None  # so communicate() does not touch it
    first = b""
    if select.select([p.stderr], [], [], 30)[0]:
        first = p.stderr.readline()
    if delay:
        time.sleep(delay)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        return None
    return p.returncode, out, first + err


def check_sigint(bigcalc):
    """SIGINT outside the REPL: the run ends with status 130, 'interrupted'
    on stderr, and the statements after it do not run."""
    prog = b"def spin(n) = n == 0 ? 0 : spin(n - 1)\n" + b"spin(900000)\n" * 200 + b"42\n"
    r = interrupt_run(bigcalc, ["-t"], prog, 0)
    if r is None:
        return "fail", "still running 20 s after SIGINT"
    status, out, err = r
    if status != 130:
        return "fail", "status %d, expected 130 (stderr %r)" % (status, clip(err.decode()))
    if b"interrupted" not in err or b"42" in out:
        return "fail", "stdout %r, stderr %r" % (clip(out.decode()), clip(err.decode()))
    return "pass", ""


def check_sigint_loop(bigcalc):
    """SIGINT stops an endless loop (the evaluator polls it at every
    backward jump and call): status 130, later statements do not run."""
    for prog in (b"1\nwhile (1) {}\n42\n",
                 b"1\nv = [1]; for (i = 0; ; i++) v[0] += i\n42\n",
                 b"def f(n) { while (1) { n++ } }\n1\nf(0)\n42\n"):
        # the first -t line says the loop is about to start
        r = interrupt_run(bigcalc, ["-t"], prog, 0.2)
        if r is None:
            return "fail", "still running 20 s after SIGINT: %r" % prog
        status, out, err = r
        if status != 130 or out != b"1\n" or b"interrupted" not in err:
            return "fail", "%r: status %d, stdout %r, stderr %r" % (
                prog, status, out, clip(err.decode()))
    return "pass", ""


def check_sigint_reading(bigcalc):
    """SIGINT while bigcalc waits for input also ends the run with 130."""
    r, w = os.pipe()
    p = subprocess.Popen([bigcalc], stdin=r, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    os.close(r)
    os.write(w, b"1 + 1\n")
    import select
    early = b""
    if select.select([p.stdout], [], [], 30)[0]:  # the answer: it is reading
        early = p.stdout.readline()
    time.sleep(0.1)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        os.close(w)
        return "fail", "still running 10 s after SIGINT"
    os.close(w)
    out = early + out
    if p.returncode != 130 or out != b"2\n":
        return "fail", "status %d, stdout %r" % (p.returncode, out)
    return "pass", ""


def check_caret(bigcalc):
    """At a terminal the offending line follows the error, with a caret
    under the column."""
    r = caret_run(bigcalc, "1 + 2 / 0",
                  "bigcalc: <arg>:1:7: division by zero\n    1 + 2 / 0\n          ^\n")
    if r[0] != "pass":
        return r
    # a control byte is never echoed to the terminal: '?' in the line
    return caret_run(bigcalc, "1 + \x1b[2J 2",
                     "bigcalc: <arg>:1:5: syntax error: unexpected byte 0x1b\n"
                     "    1 + ?[2J 2\n        ^\n")


def caret_run(bigcalc, expr, want):
    import pty
    master, slave = pty.openpty()
    p = subprocess.Popen([bigcalc, "-e", expr], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    data = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    p.wait(timeout=10)
    os.close(master)
    text = data.decode().replace("\r\n", "\n")
    if text != want or p.returncode != 1:
        return "fail", "stderr at a terminal: %r, expected %r" % (text, want)
    return "pass", ""


def check_out_of_memory(bigcalc):
    """A failed allocation fails the statement, never crashes; the
    BIGCALC_TEST_FAIL_ALLOC_AFTER hook makes the k-th allocation fail."""
    if not have_hooks():
        return "skip", "BIGCALC_TEST_FAIL_ALLOC_AFTER: " + NO_HOOKS
    prog = ["-e", "x = 3^1000", "-e", "x * x > 0", "-e", "gcd(x, 2^999 - 1)", "-e", "2^100"]
    for k in range(1, 40):
        p = run(bigcalc, prog, env={"BIGCALC_TEST_FAIL_ALLOC_AFTER": str(k)})
        err = p.stderr.decode()
        lines = [l for l in err.splitlines() if l]
        if p.returncode not in (0, 1) or any(not l.endswith("out of memory") for l in lines):
            return "fail", "k=%d: status %d, stderr %r" % (k, p.returncode, clip(err))
        if p.returncode == 1 and not lines:
            return "fail", "k=%d: status 1 without an error line" % k
    return "pass", ""


def check_coprocess(bigcalc):
    """Fed through a pipe one line at a time, bigcalc answers each line
    before the next arrives (usable as a coprocess)."""
    import select
    p = subprocess.Popen([bigcalc], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    try:
        for q, want in ((b"1 + 1\n", b"2\n"), (b"x = 6; x * 7\n", b"42\n"),
                        (b"modexp(4, 13, 497)\n", b"445\n")):
            p.stdin.write(q)
            p.stdin.flush()
            r, _, _ = select.select([p.stdout], [], [], 10)
            if not r:
                return "fail", "no answer to %r within 10 s" % q
            got = p.stdout.readline()
            if got != want:
                return "fail", "asked %r, got %r" % (q, got)
        p.stdin.close()
        p.stdin = None
        p.communicate(timeout=10)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    return ("pass", "") if p.returncode == 0 else ("fail", "status %d" % p.returncode)


CHECKS = [("answers each line as it arrives (coprocess)", check_coprocess),
          ("--seed makes random, randbits, randprime reproducible", check_seed),
          ("SIGINT during a computation: status 130", check_sigint),
          ("SIGINT while reading input: status 130", check_sigint_reading),
          ("SIGINT stops an endless loop: status 130", check_sigint_loop),
          ("caret under the error column at a terminal", check_caret),
          ("out of memory is a statement error, never a crash", check_out_of_memory)]


def clip(s, n=300):
    return s if len(s) <= n else s[:n] + "...(%d chars)" % len(s)


def main():
    argv = sys.argv[1:]
    verbose = False
    bigcalc = None
    filters = []
    while argv:
        a = argv.pop(0)
        if a == "--bigcalc":
            bigcalc = argv.pop(0)
        elif a == "--verbose":
            verbose = True
        else:
            filters.append(a)
    bigcalc = os.environ.get("BIGCALC") or bigcalc or os.path.abspath("bigcalc")
    if not os.access(bigcalc, os.X_OK):
        print("cli-cases.py: no bigcalc binary at %s" % bigcalc)
        print("0 passed, 1 failed")
        return 1
    cases = []
    for name in sorted(os.listdir(CASES)):
        path = os.path.join(CASES, name)
        if name.endswith(".t"):
            cases += parse_t(path)
        elif name.endswith(".tab"):
            cases += parse_tab(path)
    checks = CHECKS
    # every table case again under --verify: same answers, no mismatch
    for c in list(cases):
        if c.where.split(":")[0].endswith(".tab"):
            v = Case(c.where + "[verify]", c.name)
            v.__dict__.update({k: val for k, val in c.__dict__.items()
                               if k not in ("where", "name")})
            v.args = ["--verify"] + c.args
            cases.append(v)
    if filters:
        cases = [c for c in cases if any(f in c.where or f in c.name for f in filters)]
        checks = [k for k in checks if any(f in k[0] for f in filters)]
    npass = nfail = nskip = 0
    work = [(c, lambda c=c: run_case(bigcalc, c)) for c in cases]
    for name, fn in checks:
        c = Case("cli-cases.py", name)
        work.append((c, lambda fn=fn: fn(bigcalc)))
    def guarded(job):
        try:
            return job()
        except Exception as exc:  # a broken case must not hide the others
            return "fail", "%s: %s" % (type(exc).__name__, exc)

    # table cases two at a time (the machine has 2 cores); the timing-
    # sensitive checks (SIGINT) afterwards, one at a time
    ntab = len(cases)
    with concurrent.futures.ThreadPoolExecutor(max_workers=JOBS) as pool:
        results = list(pool.map(lambda w: guarded(w[1]), work[:ntab]))
    results += [guarded(w[1]) for w in work[ntab:]]
    for (c, _), (res, why) in zip(work, results):
        if res == "pass":
            npass += 1
            if known_bug(c):
                print("NOTE %s %s (a KNOWN_BUGS entry) passes in this build" % (c.where, c.name))
            if verbose:
                print("PASS %s %s" % (c.where, c.name))
        elif res == "fail" and known_bug(c):
            nskip += 1
            print("SKIP %s %s (known bug: %s)" % (c.where, c.name, known_bug(c)))
        elif res == "skip":
            nskip += 1
            print("SKIP %s %s (%s)" % (c.where, c.name, why.splitlines()[0][:100]))
        else:
            nfail += 1
            print("FAIL %s %s\n    %s" % (c.where, c.name, why))
    print("binary: %s" % bigcalc)
    print("%d passed, %d failed, %d skipped" % (npass, nfail, nskip))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
