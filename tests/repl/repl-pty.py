#!/usr/bin/env python3
"""The bigcalc REPL through a pseudo-terminal, with real keystrokes.

Each group starts a fresh `bigcalc` on a pty (pexpect) with its own
history file in a temporary directory, types keys (arrows as the escape
sequences a terminal sends, Tab, Ctrl-C, Ctrl-D) and waits for what a
person would see.  Nothing is timed: every wait has a generous timeout
and only says whether the text came.

Groups: banner and -q; line editing; multi-line input; Tab completion;
every ":" command; their syntax, :unset and undef; errors with caret; abbreviated results; Ctrl-C during
a computation that would take many minutes (the elapsed-time indicator
shows first; the variables survive); Ctrl-C at the prompt; Ctrl-D; the
history across two runs, and the three places the history file lives.

The binary is $BIGCALC, else ./bigcalc.  The last line printed is
"N passed, N failed"; the exit status is 1 when a check failed, 77 (skip)
when python3-pexpect is missing.
"""

import os
from decimal import Decimal, getcontext
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

try:
    import pexpect
except ImportError:
    print("pexpect is not installed (Debian: python3-pexpect): skipping")
    print("0 passed, 0 failed")
    sys.exit(77)

BIGCALC = os.path.abspath(os.environ.get("BIGCALC", "./bigcalc"))
TIMEOUT = 20          # seconds for any one expected output (loaded machine)
LONG = "z = 3^(2^(2^28)) mod (2^4423 - 1)"   # ~2^28 modular squarings: many minutes

LEFT, RIGHT, UP, DOWN = "\x1b[D", "\x1b[C", "\x1b[A", "\x1b[B"
CTRL_A, CTRL_E, CTRL_C, CTRL_D = "\x01", "\x05", "\x03", "\x04"

passed = 0
failed = 0
tmp = tempfile.mkdtemp(prefix="bigcalc-repl.")


def base_env(**extra):
    env = dict(os.environ)
    # BIGCALC_CPU stays: .ci/run runs this test on every kernel path
    for k in ("BIGCALC_HISTORY", "XDG_STATE_HOME"):
        env.pop(k, None)
    env["TERM"] = "xterm"
    env["INPUTRC"] = os.path.join(tmp, "inputrc")  # no user key bindings
    env["HOME"] = os.path.join(tmp, "home")
    env.update(extra)
    return env


class Session:
    """One bigcalc on a pty."""

    def __init__(self, args=("-q",), env=None):
        self.p = pexpect.spawn(BIGCALC, list(args), env=env or base_env(
            BIGCALC_HISTORY=os.path.join(tmp, "hist-default")),
            encoding="utf-8", codec_errors="replace", timeout=TIMEOUT,
            dimensions=(50, 200))
        self.p.delaybeforesend = 0.02

    def prompt(self):
        self.p.expect_exact("> ")

    def send(self, keys):
        self.p.send(keys)

    def line(self, keys):
        """Type keys and Enter."""
        self.p.send(keys + "\r")

    def want(self, text):
        """Wait for an exact piece of output."""
        self.p.expect_exact(text)

    def want_re(self, pattern):
        self.p.expect(pattern)
        return self.p.match

    def result(self, keys, expected):
        """Type a line; its result must be on a line of its own; then
        the next prompt."""
        self.line(keys)
        # the elapsed-time indicator may come and go before the result
        self.p.expect("\r\n(?:\r\[[0-9.]+ s\]\r|\r *\r)*" + re.escape(expected) + "\r\n")
        self.prompt()

    def quit(self):
        """Ctrl-D on an empty line ends the program."""
        self.send(CTRL_D)
        self.p.expect(pexpect.EOF)
        self.p.close()
        return self.p.exitstatus

    def close(self):
        if self.p.isalive():
            self.p.close(force=True)


def hist_entries(path):
    """The entries of a history file: readline writes a "#TIME" line before
    each entry, and an entry of several lines (a block) stays one."""
    entries, cur = [], None
    with open(path) as f:
        for ln in f.read().splitlines():
            if re.fullmatch(r"#\d+", ln):
                if cur is not None:
                    entries.append("\n".join(cur))
                cur = []
            elif cur is None:
                entries.append(ln)      # a file written without times
            else:
                cur.append(ln)
    if cur is not None:
        entries.append("\n".join(cur))
    return entries


def check(name):
    """Decorator: run a group, count it, show the screen on failure."""
    def deco(fn):
        def run():
            global passed, failed
            LAST[0] = None
            try:
                fn()
                passed += 1
                print("PASS: " + name)
            except Exception as e:  # pexpect.TIMEOUT, EOF, AssertionError
                failed += 1
                msg = str(e).splitlines()[0] if str(e) else ""
                print("FAIL: %s: %s: %s" % (name, type(e).__name__, msg))
                tb = traceback.extract_tb(e.__traceback__)
                where = [f for f in tb if f.name.startswith("t_")]
                if where:
                    print("    at line %d: %s" % (where[-1].lineno, where[-1].line))
                if LAST[0] is not None:
                    print("    screen before: %r" % LAST[0].p.before[-300:])
        run.__name__ = fn.__name__
        CHECKS.append(run)
        return run
    return deco


CHECKS = []
LAST = [None]   # the session of the running group, for failure reports


def session(*args, **kw):
    LAST[0] = Session(*args, **kw)
    return LAST[0]


# ---- the groups -----------------------------------------------------------

@check("banner names the version and the kernel path; -q leaves it out")
def t_banner():
    s = session(args=())
    try:
        m = s.want_re(r"bigcalc (\d+\.\d+[^\s,]*), kernel path (\w+)")
        s.prompt()
        s.result("2^100", "1267650600228229401496703205376")
        assert s.quit() == 0
    finally:
        s.close()
    s = session(args=("-q",))
    try:
        s.prompt()
        assert "bigcalc" not in s.p.before, repr(s.p.before)
        s.result("6*7", "42")
        assert s.quit() == 0
    finally:
        s.close()


@check("line editing: Left, insert, Ctrl-A, Ctrl-E, Backspace")
def t_editing():
    s = session()
    try:
        s.prompt()
        s.line("x = 20")
        s.prompt()
        # "x + 1" -> Left x5 -> "(" -> End -> ")*2"  gives (x + 1)*2
        s.send("x + 1" + LEFT * 5 + "(" + CTRL_E + ")*2")
        s.result("", "42")
        # Ctrl-A goes home; Backspace deletes; Right moves
        s.send("9+1" + CTRL_A + "1" + CTRL_E + "\x7f" + "2")
        s.result("", "21")           # 19+2
        s.send("12" + LEFT + LEFT + RIGHT + "0")
        s.result("", "102")
        assert s.quit() == 0
    finally:
        s.close()


@check("multi-line input: open parenthesis, trailing operator, comment; continuation prompt")
def t_multiline():
    s = session()
    try:
        s.prompt()
        s.line("(1 +")
        s.want("... ")
        s.result("2)", "3")
        s.line("5 *")
        s.want("... ")
        s.line("6 +")
        s.want("... ")
        s.result("1", "31")
        s.line("def sq(n) =")
        s.want("... ")
        s.line("n * n")
        s.prompt()
        s.line("/* a comment")
        s.want("... ")
        s.result("still */ sq(12)", "144")
        # an empty line ends an unfinished statement: syntax error, prompt back
        s.line("7 +")
        s.want("... ")
        s.line("")
        s.want_re(r"bigcalc: <repl>:\d+:\d+: syntax error")
        s.prompt()
        s.result("sq(3)", "9")
        # inside a parenthesis an empty line is only a blank (as in a file)
        s.line("(7 +")
        s.want("... ")
        s.line("")
        s.want("... ")
        s.result("1)", "8")
        # an if waits for a possible else on the next line: an else
        # continues it, an empty line or another statement runs it first
        s.line("if (0) 1")
        s.want("... ")
        s.result("else 2", "2")
        s.line("if (1) 3")
        s.want("... ")
        s.result("", "3")
        s.line("if (1) 4")
        s.want("... ")
        s.line("5")
        s.want("4\r\n")
        s.want("5\r\n")
        s.prompt()
        s.quit()
    finally:
        s.close()


@check("Ctrl-D at the ... prompt: the unfinished statement is discarded (and said so); "
       "an if waiting for a possible else runs")
def t_eof_continuation():
    s = session()
    try:
        s.prompt()
        s.line("x = (1 +")
        s.want("... ")
        s.send(CTRL_D)
        s.want("the unfinished statement was discarded")
        s.p.expect(pexpect.EOF)
        s.p.close()
        assert s.p.exitstatus == 0, s.p.exitstatus
    finally:
        s.close()
    s = session()
    try:
        s.prompt()
        s.line("if (1) 6")
        s.want("... ")
        s.send(CTRL_D)
        s.want("6\r\n")
        s.p.expect(pexpect.EOF)
        s.p.close()
        assert s.p.exitstatus == 0, s.p.exitstatus
    finally:
        s.close()


@check("programs: continuation while a brace is open, a block is one history entry, "
       ":funcs shows it as written, Ctrl-C stops an endless loop keeping the variables")
def t_programs():
    hist = os.path.join(tmp, "hist-programs")
    s = session(env=base_env(BIGCALC_HISTORY=hist))
    try:
        s.prompt()
        s.line("def f(n) {")
        s.want("... ")
        s.line("  local s = 0")
        s.want("... ")
        s.line("  for (i = 1; i <= n; i++) s += i")
        s.want("... ")
        s.line("  return s")
        s.want("... ")
        s.line("}")
        s.prompt()
        s.result("f(100)", "5050")
        s.line(":funcs")
        s.want("def f(n) {\r\n  local s = 0\r\n  for (i = 1; i <= n; i++) s += i\r\n"
               "  return s\r\n}\r\n")
        s.prompt()
        s.line("v = [1, 2]; for (x in v) {")
        s.want("... ")
        s.line("print x * 10, \" \"")
        s.want("... ")
        s.line("}")
        s.want("10 20 ")
        s.prompt()
        s.line("if (1)")
        s.want("... ")
        s.line("7")
        s.want("... ")
        s.result("", "7")
        # an endless loop: Ctrl-C, the prompt comes back with the variables
        s.line("keep = 42; n = 0")
        s.prompt()
        s.line("while (1) { n++ }")
        time.sleep(0.3)
        s.send(CTRL_C)
        s.want_re(r"bigcalc: <repl>:\d+:\d+: interrupted")
        s.prompt()
        s.result("keep", "42")
        s.result("n > 0", "1")
        s.line("while (1) {}")
        time.sleep(0.2)
        s.send(CTRL_C)
        s.want("interrupted")
        s.prompt()
        # Up recalls the block of f whole (after the other entries)
        s.send(UP * 10)
        s.want("return s")
        s.send(CTRL_C)
        s.prompt()
        s.line("quit")
        s.p.expect(pexpect.EOF)
        s.p.close()
        assert s.p.exitstatus in (0, 1), s.p.exitstatus
    finally:
        s.close()
    lines = hist_entries(hist)
    assert "def f(n) {\n  local s = 0\n  for (i = 1; i <= n; i++) s += i\n  return s\n}" \
        in lines, lines
    assert "while (1) { n++ }" in lines and "if (1)\n7" in lines, lines


@check("Tab completes builtins, user functions, variables and : commands")
def t_completion():
    s = session()
    try:
        s.prompt()
        s.send("powmod_\t")  # powm alone is powmod or powmod_sec
        s.want("powmod_sec(")
        s.result("2, 10, 1001)", "23")
        s.line("myvariable = 41")
        s.prompt()
        s.send("myvar\t")
        s.want("myvariable")
        s.result("+ 1", "42")
        s.line("def cube(t) = t^3")
        s.prompt()
        s.send("cu\t")
        s.want("cube(")
        s.result("3)", "27")
        s.send(":verif\t")
        s.want(":verify ")
        s.line("")
        s.want("verify off")
        s.prompt()
        s.send(":help oper\t")
        s.want("operators")
        s.line("")
        s.want("Operators")
        s.prompt()
        # two candidates: a second Tab lists both
        s.send("isq\t")
        s.want("isqrt(")
        s.result("17)", "4")
        s.send("is\t\t")
        s.want_re(r"isprime\(\s+isqrt\(")
        s.send(CTRL_A + "\x0b")   # Ctrl-A Ctrl-K: kill the line
        s.result("7", "7")
        s.quit()
    finally:
        s.close()


@check("every : command")
def t_commands():
    s = session()
    try:
        s.prompt()
        s.line(":help")
        s.want("Commands:")
        s.prompt()
        for topic, text in (("operators", "right-assoc"), ("mod", "modular exponentiation"),
                            ("functions", "randprime(k)"), ("def", "Recursion"),
                            ("variables", "last"), ("commands", ":digits"),
                            ("keys", "Ctrl-D"), ("powmod", "powmod(b, e, m)")):
            s.line(":help " + topic)
            s.want(text)
            s.prompt()
        s.line(":help nosuchthing")
        s.want_re(r"bigcalc: <repl>:\d+:7: no help on 'nosuchthing'")
        s.prompt()
        s.line(":vars")
        s.want("no variables yet")
        s.prompt()
        s.line("a = 5; b = 2^70")
        s.prompt()
        s.line(":vars")
        s.want("a = 5\r\nb = 1180591620717411303424\r\n")
        s.prompt()
        # a long integer is abbreviated as a result is (without converting
        # it whole), a list is shown as its text
        s.line("c = 7^50000; v = [1, -2]")
        s.prompt()
        s.line(":vars")
        s.want("c = 79799599708020962519...82682427564030000001 (42255 digits)\r\n")
        s.want("v = [1, -2]\r\n")
        s.prompt()
        s.line("undef c; undef v")
        s.prompt()
        s.line(":funcs")
        s.want("no functions yet")
        s.prompt()
        s.line("def g(x, y) = x + y")
        s.prompt()
        s.line(":funcs")
        s.want("def g(x, y) = x + y")
        s.prompt()
        s.line(":obase 16")
        s.prompt()
        s.result("255", "0xff")
        s.result(":obase", "obase 16")
        s.line(":obase 99")
        s.want("obase must be between 2 and 36")
        s.prompt()
        s.line(":obase 10")
        s.prompt()
        s.line(":digits 10")
        s.prompt()
        s.result("2^100", "12676...05376 (31 digits)")
        s.result(":digits", "digits 10 (longer results are abbreviated)")
        s.line(":digits full")
        s.prompt()
        s.result("2^100", "1267650600228229401496703205376")
        s.line(":digits lots")
        s.want("expected a positive number of digits or 'full'")
        s.prompt()
        s.line(":time on")
        s.prompt()
        s.line("2+2")
        s.want_re(r"\r\n4\r\ntime: \d+\.\d+ s \(cpu \d+\.\d+ s\)\r\n")
        s.prompt()
        s.line(":time off")
        s.prompt()
        s.result(":time", "time off")
        s.line(":verify on")
        s.prompt()
        s.result("2^10 mod 1000", "24")
        s.line(":verify")
        s.want_re(r"verify on \((\d+) operations checked, 0 mismatches\)")
        assert int(s.p.match.group(1)) > 0
        s.prompt()
        s.line(":verify off")
        s.prompt()
        s.line(":cpu")
        s.want_re(r"kernel path: (\w+) \(available:[ \w]*generic\)")
        s.want_re(r"thresholds: \w+")
        s.prompt()
        s.line(":cpu generic")
        s.want("kernel path: generic")
        s.want("thresholds: generic")
        s.prompt()
        s.result("2^64 * 2^64", "340282366920938463463374607431768211456")
        s.line(":cpu nosuchpath")
        s.want("unknown or unsupported kernel path 'nosuchpath'")
        s.prompt()
        s.line(":frobnicate")
        s.want_re(r"bigcalc: <repl>:\d+:1: unknown command ':frobnicate'")
        s.prompt()
        s.line(":quit")
        s.p.expect(pexpect.EOF)
        s.p.close()
        # leaving the REPL normally is a success even after errors (gp, Python)
        assert s.p.exitstatus == 0, s.p.exitstatus
    finally:
        s.close()
    # ... but --strict keeps the failure: status 1 after an error
    s = session(args=("-q", "--strict"))
    try:
        s.prompt()
        s.line("1/0")
        s.want("division by zero")
        s.prompt()
        s.line(":quit")
        s.p.expect(pexpect.EOF)
        s.p.close()
        assert s.p.exitstatus == 1, s.p.exitstatus
    finally:
        s.close()


@check(": commands: one on/off syntax, extra words refused, :unset and undef, :cpu completes")
def t_command_syntax():
    s = session()
    try:
        s.prompt()
        for word, state in (("ON", "on"), ("0", "off"), ("Yes", "on"), ("no", "off"),
                            ("TRUE", "on"), ("false", "off"), ("1", "on"), ("Off", "off")):
            s.line(":time " + word)
            s.prompt()
            s.result(":time", "time " + state)
        s.line(":verify YES")
        s.prompt()
        s.line(":verify")
        s.want("verify on")
        s.prompt()
        s.line(":verify nope")
        s.want_re(r"<repl>:\d+:9: expected on or off \(or 1/0, yes/no, true/false\)")
        s.prompt()
        s.line(":verify off")
        s.prompt()
        # a word more: an error, and the command does nothing
        s.line(":time on off")
        s.want_re(r"<repl>:\d+:10: unexpected text after the argument \(':time' takes one word\)")
        s.prompt()
        s.result(":time", "time off")
        s.line(":obase 16 x")
        s.want("unexpected text after the argument")
        s.prompt()
        s.result("255", "255")
        s.line(":quit now")
        s.want("':quit' takes no argument")
        s.prompt()
        s.line(":vars x")
        s.want("':vars' takes no argument")
        s.prompt()
        # :unset and undef remove variables and functions
        s.line("x = 5; y = 6; def f(n) = n + 1")
        s.prompt()
        s.line(":unset x")
        s.prompt()
        s.line("x")
        s.want("unknown variable 'x'")
        s.prompt()
        s.line(":unset f")
        s.prompt()
        s.line("f(1)")
        s.want("unknown function 'f'")
        s.prompt()
        s.line(":unset f")
        s.want("no variable or function 'f'")
        s.prompt()
        s.line(":unset gcd")
        s.want("cannot unset builtin function 'gcd'")
        s.prompt()
        s.line(":unset")
        s.want("':unset' needs the name of a variable or a function")
        s.prompt()
        s.line("undef y")
        s.prompt()
        s.line(":vars")
        s.want("no variables yet")
        s.prompt()
        # completion of kernel paths after :cpu and names after :unset
        s.send(":cpu gen\t")
        s.want(":cpu generic")
        s.line("")
        s.want("kernel path: generic")
        s.prompt()
        s.line("zzvalue = 3")
        s.prompt()
        s.send(":unset zzv\t")
        s.want("zzvalue")
        s.line("")
        s.prompt()
        s.line("zzvalue")
        s.want("unknown variable 'zzvalue'")
        s.prompt()
        s.quit()
    finally:
        s.close()


@check("did you mean: user names and other calculators' names; a function's name alone; "
       "B# results read back and keep their prefix when abbreviated")
def t_names_and_bases():
    s = session()
    try:
        s.prompt()
        s.line("GCD(12, 18)")
        s.want("unknown function 'GCD' (did you mean 'gcd'?)")
        s.prompt()
        s.line("factorial(5)")
        s.want("(did you mean 'fact'?)")
        s.prompt()
        s.line("def cube(t) = t^3; cueb(2)")
        s.want("unknown function 'cueb' (did you mean 'cube'?)")
        s.prompt()
        s.line("cube")
        s.want("'cube' is a function of 1 argument: call it as cube(...)")
        s.prompt()
        s.line("gcd")
        s.want("'gcd' is a builtin function: call it as gcd(a, b, ...)")
        s.prompt()
        s.line(":help bitlength")
        s.want("no help on 'bitlength' (did you mean 'bitlen'?)")
        s.prompt()
        s.line("ibase = 16")
        s.want("bigcalc has no ibase: write other bases with a prefix")
        s.prompt()
        s.line(":obase 36")
        s.prompt()
        s.result("2^64", "36#3w5e11264sgsg")
        s.line(":obase 10")
        s.prompt()
        s.result("36#3w5e11264sgsg - 2^64", "0")
        s.line(":digits 10")
        s.prompt()
        s.line(":obase 7")
        s.prompt()
        s.line("-7^40")
        s.want_re(r"\r\n-7#10000\.\.\.00000 \(41 digits\)\r\n")
        s.prompt()
        s.quit()
    finally:
        s.close()


@check("errors: bigcalc: <repl>:LINE:COL: MESSAGE, the line and a caret; session goes on")
def t_errors():
    s = session()
    try:
        s.prompt()
        s.line("1 + 1")
        s.prompt()
        s.line("10 / (5 - 5)")
        s.want("bigcalc: <repl>:2:4: division by zero\r\n    10 / (5 - 5)\r\n       ^\r\n")
        s.prompt()
        s.line("nosuch + 1")
        s.want("bigcalc: <repl>:3:1: unknown variable 'nosuch'\r\n")
        s.prompt()
        s.line("(1 +")
        s.want("... ")
        s.line("  2 +* 3)")
        s.want("bigcalc: <repl>:5:")   # the second line of the statement
        s.want("\r\n      2 +* 3)\r\n")
        s.prompt()
        s.result("last", "2")
        s.quit()
    finally:
        s.close()


@check("long results abbreviated (default --digits 2000, --digits N); whole with :digits full")
def t_abbrev():
    v = str(7 ** 5000)
    s = session()
    try:
        s.prompt()
        s.result("7^5000", "%s...%s (%d digits)" % (v[:20], v[-20:], len(v)))
        s.result("7^2000", str(7 ** 2000))        # 1691 digits: whole
        s.result("-7^5001", "-%s...%s (%d digits)" % (str(7 ** 5001)[:20],
                                                       str(7 ** 5001)[-20:], len(str(7 ** 5001))))
        s.line(":obase 16")
        s.prompt()
        h = "%x" % (7 ** 5000)
        s.result("7^5000", "0x%s...%s (%d digits)" % (h[:20], h[-20:], len(h)))
        s.line(":obase 10")
        s.prompt()
        # zeros at the end of the low part are kept
        s.result("10^4000 + 7", "1" + "0" * 19 + "..." + "0" * 19 + "7 (4001 digits)")
        # a result of millions of digits is abbreviated without converting it
        # all: the first digits from a logarithm, the last from pow(3, e, 10^20)
        getcontext().prec = 60
        lg = Decimal(10 ** 7) * Decimal(3).log10()
        head = str(Decimal(10) ** (lg - int(lg))).replace(".", "")[:20]
        tail = "%020d" % pow(3, 10 ** 7, 10 ** 20)
        s.result("-3^(10^7)", "-%s...%s (%d digits)" % (head, tail, int(lg) + 1))
        s.line(":digits full")
        s.prompt()
        s.result("7^5000", v)
        s.quit()
    finally:
        s.close()
    s = session(args=("-q", "--digits", "8"))
    try:
        s.prompt()
        # never longer than the number: 9 digits stay whole under --digits 8
        s.result("123456789", "123456789")
        s.result("10^29 + 7", "1000...0007 (30 digits)")
        s.result("12345678", "12345678")
        s.quit()
    finally:
        s.close()
    # stdout not a terminal (`bigcalc > log` at a prompt): results whole
    log = os.path.join(tmp, "repl-stdout.log")
    p = pexpect.spawn("/bin/sh", ["-c", 'exec "$0" -q --digits 8 > "$1"', BIGCALC, log],
                      env=base_env(BIGCALC_HISTORY=os.path.join(tmp, "hist-log")),
                      encoding="utf-8", timeout=TIMEOUT)
    p.sendline("10^29 + 7")
    p.sendline(":quit")
    p.expect(pexpect.EOF)
    p.close()
    with open(log) as f:
        got = f.read()
    assert got == "%d\n" % (10**29 + 7), repr(got)


@check("Ctrl-C stops a computation of many minutes; prompt back, variables and history intact")
def t_interrupt():
    hist = os.path.join(tmp, "hist-intr")
    s = session(env=base_env(BIGCALC_HISTORY=hist))
    try:
        s.prompt()
        s.line("x = 2^127 - 1; def h(n) = n + 1")
        s.prompt()
        s.line(LONG)
        # the elapsed-time indicator appears after about a second
        s.want_re(r"\r\[\d+\.\d s\]")
        s.send(CTRL_C)
        s.want_re(r"bigcalc: <repl>:2:\d+: interrupted")
        s.prompt()
        s.result("x", str(2 ** 127 - 1))
        s.result("h(41)", "42")
        s.line("z")
        s.want("unknown variable 'z'")      # the abandoned assignment did not happen
        s.prompt()
        # a statement after the interrupted one on the same line does not run
        s.line(LONG + "; y = 5")
        s.want_re(r"\r\[\d+\.\d s\]")
        s.send(CTRL_C)
        s.want("interrupted")
        s.prompt()
        s.line("y")
        s.want("unknown variable 'y'")
        s.prompt()
        # interrupting a user-function loop in the evaluator
        s.line("def spin(n) = n == 0 ? 0 : spin(n - 1)")
        s.prompt()
        s.line("x + 0*spin(900000) + 0*(" + LONG.split("=", 1)[1] + ")")
        s.want_re(r"\r\[\d+\.\d s\]")
        s.send(CTRL_C)
        s.want("interrupted")
        s.prompt()
        s.send(UP)
        s.want("spin(900000)")          # the history still has the lines
        s.send(CTRL_A + "\x0b")
        s.result("x % 1000", "727")
        assert s.quit() in (0, 1)
        lines = hist_entries(hist)
        assert LONG in lines and "x % 1000" in lines, lines
    finally:
        s.close()


@check("a long factorisation shows its phase beside the elapsed time; Ctrl-C stops factor() and eulerphi()")
def t_factor_phase():
    s = session()
    try:
        s.prompt()
        # a 70-digit semiprime: ECM levels, then the quadratic sieve
        s.line("n = nextprime(10^34) * nextprime(10^35)")
        s.prompt()
        for call in ("factor(n)", "eulerphi(n)"):
            s.line(call)
            s.want_re(r"\[\d+\.\d s\] (ECM curve \d+/\d+ B1=\d+|SIQS \d+/\d+ relations|p-1 B1)")
            s.send(CTRL_C)
            s.want("interrupted")
            s.prompt()
        s.result("n % 1000", str((10**34 + 193) * (10**35 + 69) % 1000))
        assert s.quit() in (0, 1)
    finally:
        s.close()


@check("Ctrl-C at the prompt clears the line (and an unfinished statement)")
def t_ctrl_c_prompt():
    s = session()
    try:
        s.prompt()
        s.send("12345")
        s.want("12345")
        s.send(CTRL_C)
        s.want("^C")
        s.prompt()
        s.result("1+1", "2")         # not 123451+1
        s.line("(1 +")
        s.want("... ")
        s.send("2")
        s.want("2")
        s.send(CTRL_C)
        s.want("^C")
        s.prompt()                   # the primary prompt, not "... "
        s.result("3*3", "9")
        assert s.quit() == 0
    finally:
        s.close()


def wait_state(pid, states):
    """Wait until /proc says the process is in one of the states."""
    for _ in range(400):
        with open("/proc/%d/stat" % pid) as f:
            st = f.read().rsplit(")", 1)[1].split()[0]
        if st in states:
            return st
        time.sleep(0.05)
    raise AssertionError("process state never became %s" % states)


@check("Ctrl-Z at the prompt: the terminal mode is handed back and the line being edited survives")
def t_suspend():
    s = session()
    try:
        s.prompt()
        s.send("12" + LEFT)
        s.want("12")
        s.send("\x1a")                  # Ctrl-Z
        # under pexpect the process group is orphaned, so the kernel does
        # not really stop it; when it does stop, SIGCONT is the shell's fg
        s.want("\r\n")
        wait_state(s.p.pid, "TSR")
        s.p.kill(signal.SIGCONT)
        wait_state(s.p.pid, "SR")
        s.prompt()                       # drawn again, with the line
        s.send("3")
        s.result("", "132")              # the cursor was kept too
        assert s.quit() == 0
    finally:
        s.close()


@check("history across two runs (Up recalls), Ctrl-D saves it; not written for a pipe")
def t_history():
    hist = os.path.join(tmp, "hist-two-runs")
    env = base_env(BIGCALC_HISTORY=hist)
    s = session(env=env)
    try:
        s.prompt()
        s.line("first = 111")
        s.prompt()
        s.result("first * 2", "222")
        assert s.quit() == 0
    finally:
        s.close()
    s = session(env=env)
    try:
        s.prompt()
        # Up Up: "first = 111" from the first run (readline redraws only
        # what changes, so the results tell what was recalled)
        s.send(UP + UP)
        s.line("")
        s.prompt()
        s.line("(first)")
        s.want("\r\n111\r\n")
        s.prompt()
        s.send(UP + UP + UP)
        s.result("", "222")
        s.send(UP + DOWN)
        s.send(CTRL_A + "\x0b")
        s.quit()
    finally:
        s.close()
    lines = hist_entries(hist)
    assert lines == ["first = 111", "first * 2", "first = 111", "(first)",
                     "first * 2"], lines
    # a pipe never writes the history
    before = open(hist).read()
    r = subprocess.run([BIGCALC], input="99 + 1\n", env=env, capture_output=True,
                       text=True, timeout=TIMEOUT)
    assert r.stdout == "100\n" and open(hist).read() == before


@check("history file: $BIGCALC_HISTORY, else $XDG_STATE_HOME/bigcalc/history, else ~/.bigcalc_history")
def t_history_places():
    xdg = os.path.join(tmp, "xdg", "state")     # neither directory exists yet
    home = os.path.join(tmp, "home2")
    os.makedirs(home)
    for env, path in ((base_env(XDG_STATE_HOME=xdg, HOME=home),
                       os.path.join(xdg, "bigcalc", "history")),
                      (base_env(HOME=home), os.path.join(home, ".bigcalc_history")),
                      (base_env(BIGCALC_HISTORY=os.path.join(tmp, "h3"), XDG_STATE_HOME=xdg,
                                HOME=home), os.path.join(tmp, "h3"))):
        s = session(env=env)
        try:
            s.prompt()
            s.result("4 * 5", "20")
            s.quit()
        finally:
            s.close()
        assert hist_entries(path) == ["4 * 5"], path


# ---------------------------------------------------------------------------

def main():
    os.makedirs(os.path.join(tmp, "home"), exist_ok=True)
    with open(os.path.join(tmp, "inputrc"), "w") as f:
        f.write("set bell-style none\nset enable-bracketed-paste off\n")
    if not os.access(BIGCALC, os.X_OK):
        print("no binary at " + BIGCALC)
        print("0 passed, 1 failed")
        return 1
    try:
        for c in CHECKS:
            c()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
