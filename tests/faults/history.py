#!/usr/bin/env python3
"""The REPL's history file and signals, on a pseudo-terminal
(man/bigcalc.1, FILES and SIGNALS AND OUTPUT ERRORS; issue 14 items 4
and 5, defect 12).

Checks: the file is created 0600 whatever the umask; a statement of
several lines comes back as one entry; SIGTERM at the prompt and SIGHUP
during a statement end the REPL by the signal with the history saved; a
FIFO or a device is refused without blocking; a symbolic link that
belongs to another user is not followed, one of the user's own is; two
REPLs appending at once leave whole entries; an append that fails (file
size limit) is reported once, taken back, and the session goes on; the
file is cut to its last 1000 entries.

Needs python3-pexpect (exit 77, skipped, without it).  $BIGCALC is the
binary (else ./bigcalc).  Exit 0 when every check passed.
"""

import os
import re
import resource
import shutil
import signal
import stat
import sys
import tempfile
import time

try:
    import pexpect
except ImportError:
    print("SKIP: python3-pexpect is not installed")
    sys.exit(77)

BIGCALC = os.environ.get("BIGCALC", "./bigcalc")
failures = 0
tmp = tempfile.mkdtemp(prefix="bigcalc-hist-")


def check(name, ok, detail=""):
    global failures
    print(("PASS" if ok else "FAIL") + ": " + name)
    if not ok:
        failures += 1
        if detail:
            print("    " + str(detail).replace("\n", "\n    "))


def spawn(hist, pre=None):
    env = dict(os.environ, BIGCALC_HISTORY=hist, TERM="dumb")
    return pexpect.spawn(BIGCALC, ["-q"], env=env, encoding="utf-8", timeout=30,
                         preexec_fn=pre)


def entries(path):
    """The entries of a history file: (stamp lines well formed, [entries])."""
    with open(path) as f:
        text = f.read()
    out, cur, ok = [], None, True
    for line in text.split("\n")[:-1]:
        if re.fullmatch(r"#\d+", line):
            if cur is not None:
                out.append("\n".join(cur))
            cur = []
        elif cur is None:
            ok = False  # a line outside any entry
            out.append(line)
        else:
            cur.append(line)
    if cur is not None:
        out.append("\n".join(cur))
    return ok and text.endswith("\n"), out


def leave(c):
    c.sendeof()
    c.expect(pexpect.EOF)
    c.close()
    return c


# ---- created 0600, multi-line entries, SIGTERM at the prompt ------------------------------
h = os.path.join(tmp, "h1")
old = os.umask(0)
c = spawn(h)
os.umask(old)
c.expect("> ")
c.sendline("x = 41 + 1")
c.expect("> ")
c.sendline("{ 1;")
c.expect(r"\.\.\. ")
c.sendline("2 }")
c.expect("> ")
c.kill(signal.SIGTERM)
c.expect(pexpect.EOF)
c.close()
check("created with mode 0600 (umask 0)", stat.S_IMODE(os.stat(h).st_mode) == 0o600,
      oct(os.stat(h).st_mode))
check("SIGTERM at the prompt: ends by SIGTERM", c.signalstatus == signal.SIGTERM,
      (c.exitstatus, c.signalstatus))
ok, es = entries(h)
check("history saved, a block of two lines one entry", ok and es == ["x = 41 + 1", "{ 1;\n2 }"],
      es)
c = spawn(h)
c.expect("> ")
c.send("\x10")  # Ctrl-P: the previous entry, both of its lines
c.expect(r"2 \}")
c.sendline("")
c.expect("2")
c.expect("> ")
leave(c)

# ---- SIGHUP during a statement ------------------------------------------------------------
h = os.path.join(tmp, "h2")
c = spawn(h)
c.expect("> ")
c.sendline("y = 5")
c.expect("> ")
c.sendline("nextprime(2^60000)")
c.expect("nextprime.*\r\n")
time.sleep(0.3)  # not a timing check: the signal may come before or during the run
c.kill(signal.SIGHUP)
c.expect(pexpect.EOF)
c.close()
ok, es = entries(h)
check("SIGHUP during a statement: ends by SIGHUP, history saved",
      c.signalstatus == signal.SIGHUP and ok and es == ["y = 5", "nextprime(2^60000)"],
      (c.exitstatus, c.signalstatus, es))

# ---- files that are not history files -------------------------------------------------------
fifo = os.path.join(tmp, "fifo")
os.mkfifo(fifo)
for path, why in ((fifo, "not a regular file"), ("/dev/null", "not a regular file"),
                  (tmp, "not a regular file|Is a directory")):
    c = spawn(path)
    i = c.expect(["history will not be saved: .*: (%s)" % why, pexpect.TIMEOUT], timeout=10)
    c.expect("> ")
    c.sendline("6 * 7")
    c.expect("42")
    c.expect("> ")
    leave(c)
    check("BIGCALC_HISTORY=%s: refused at once, the REPL runs" % path, i == 0)

target = os.path.join(tmp, "target")
with open(target, "w") as f:
    f.write("#1\nold\n")
link = os.path.join(tmp, "link-other")
os.symlink(target, link)
os.lchown(link, 65534, 65534)
c = spawn(link)
i = c.expect(["history will not be saved: .*symbolic link that belongs to another user",
              pexpect.TIMEOUT], timeout=10)
c.expect("> ")
c.sendline("7")
c.expect("> ")
leave(c)
check("a symbolic link of another user is not followed",
      i == 0 and open(target).read() == "#1\nold\n", open(target).read())
link = os.path.join(tmp, "link-mine")
os.symlink(target, link)
c = spawn(link)
c.expect("> ")
c.sendline("8")
c.expect("> ")
leave(c)
check("the user's own symbolic link is followed", entries(target)[1] == ["old", "8"],
      entries(target))
dangling = os.path.join(tmp, "dangling")
os.symlink(os.path.join(tmp, "nothing-here"), dangling)
c = spawn(dangling)
i = c.expect(["history will not be saved", pexpect.TIMEOUT], timeout=10)
c.expect("> ")
leave(c)
check("a dangling link does not create its target",
      i == 0 and not os.path.exists(os.path.join(tmp, "nothing-here")))

# ---- two REPLs at once ------------------------------------------------------------------------
h = os.path.join(tmp, "h3")
n = 150
a, b = spawn(h), spawn(h)
a.expect("> ")
b.expect("> ")
a.send("".join("a%d = %d\n" % (i, i) for i in range(n)))
b.send("".join("b%d = %d\n" % (i, i) for i in range(n)))
a.sendline("a_done = 1")
b.sendline("b_done = 1")
a.expect("a_done = 1\r\n> ")
b.expect("b_done = 1\r\n> ")
leave(a)
leave(b)
ok, es = entries(h)
want = sorted(["a%d = %d" % (i, i) for i in range(n)] + ["b%d = %d" % (i, i) for i in range(n)] +
              ["a_done = 1", "b_done = 1"])
check("two REPLs appending at once: every entry whole, once", ok and sorted(es) == want,
      "%d entries, well formed: %s" % (len(es), ok))

# ---- an append that fails --------------------------------------------------------------------
h = os.path.join(tmp, "h4")
with open(h, "w") as f:
    f.write("#1\nfirst\n")
os.chmod(h, 0o600)
limit = os.path.getsize(h) + 40


def small_files():
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


c = spawn(h, small_files)
c.expect("> ")
c.sendline("z = 3")  # fits
c.expect("> ")
c.sendline("z = z + 1000000000000000000000000000000000000000")
i = c.expect(["cannot append to the history file .*: File too large", pexpect.TIMEOUT],
             timeout=10)
c.expect("> ")
c.sendline("w = z + 1111111111111111111111111111111111111111111")
c.expect("> ")
c.sendline("z")
j = c.expect(["1000000000000000000000000000000000000003", "cannot append"])
c.expect("> ")
c.sendeof()
k = c.expect(["3 history entries were not saved", pexpect.EOF])
c.expect(pexpect.EOF)
c.close()
ok, es = entries(h)
check("a failing append: one warning, the session goes on, whole entries only",
      i == 0 and j == 0 and k == 0 and ok and es == ["first", "z = 3"] and
      c.exitstatus == 0, (i, j, k, es, c.exitstatus))

# ---- cut to the last 1000 entries ------------------------------------------------------------
h = os.path.join(tmp, "h5")
with open(h, "w") as f:
    for i in range(1500):
        f.write("#%d\nv%d\n" % (i + 1, i))
c = spawn(h)
c.expect("> ")
c.sendline("last = 1")
c.expect("> ")
leave(c)
ok, es = entries(h)
check("cut to the last 1000 entries", ok and len(es) == 1000 and es[0] == "v501" and
      es[-1] == "last = 1", (len(es), es[:1], es[-1:]))

shutil.rmtree(tmp, ignore_errors=True)
print("%d failed" % failures)
sys.exit(1 if failures else 0)
