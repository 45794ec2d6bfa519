#!/usr/bin/env python3
"""Signals and output errors outside the REPL (man/bigcalc.1, SIGNALS AND
OUTPUT ERRORS; issue 14 item 4, defects 5, 6, 11).

Each check runs the built binary ($BIGCALC, else ./bigcalc) with real
pipes, /dev/full and signals, and looks at stdout, stderr and how the
process ended.  No timing is checked: a signal is sent once bigcalc has
used 0.2 s of CPU time (the quick statements before the long one are
done; their results still sit in stdout's buffer, which is the point).  Exit status 0 when every check passed, 1 otherwise.
"""

import os
import signal
import subprocess
import sys
import tempfile
import time

BIGCALC = os.environ.get("BIGCALC", "./bigcalc")
# a statement that runs for many seconds and polls Ctrl-C
LONG = "nextprime(2^60000)"
failures = 0


def check(name, ok, detail=""):
    global failures
    print(("PASS" if ok else "FAIL") + ": " + name)
    if not ok:
        failures += 1
        if detail:
            print("    " + detail.replace("\n", "\n    "))


def run(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, pre=None, inp=None):
    p = subprocess.run([BIGCALC] + args, stdin=stdin if inp is None else None,
                       input=inp, stdout=stdout, stderr=subprocess.PIPE,
                       preexec_fn=pre, timeout=60)
    return p


def ignore_sigpipe():
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)


def default_sigpipe():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)


# ---- SIGPIPE: the reader goes away --------------------------------------------------
for label, pre in (("default", default_sigpipe), ("ignored", ignore_sigpipe)):
    p = subprocess.Popen([BIGCALC, "-e", "10^10^6", "-e", "2^10^6"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, preexec_fn=pre)
    head = p.stdout.read(10)
    p.stdout.close()
    err = p.stderr.read()
    rc = p.wait(timeout=60)
    check("SIGPIPE %s: ends by SIGPIPE, quietly" % label,
          head == b"1000000000" and rc == -signal.SIGPIPE and err == b"",
          "rc=%r stderr=%r" % (rc, err))

# ---- write errors: reported once, status 1 ---------------------------------------------
with open("/dev/full", "wb") as full:
    p = run([], stdout=full, inp=b"x = 2^5000; x\n" * 20000)
    err = p.stderr.decode()
    check("/dev/full, many results: one write error, status 1",
          p.returncode == 1 and err.count("write error") == 1 and
          err.startswith("bigcalc: write error on standard output: No space left"),
          "rc=%r stderr=%r" % (p.returncode, err[:300]))
    p = run(["-e", "1"], stdout=full)
    check("/dev/full, one result: status 1",
          p.returncode == 1 and p.stderr.decode().count("write error") == 1,
          "rc=%r stderr=%r" % (p.returncode, p.stderr))
    for opt in ("--help", "--version"):
        p = run([opt], stdout=full)
        check("%s > /dev/full: status 1 with the write error" % opt,
              p.returncode == 1 and b"write error on standard output" in p.stderr,
              "rc=%r stderr=%r" % (p.returncode, p.stderr))
    p = run(["factor", "12"], stdout=full)
    check("factor > /dev/full: status 1", p.returncode == 1 and b"write error" in p.stderr,
          "rc=%r stderr=%r" % (p.returncode, p.stderr))

# ---- stdin that cannot be a program: usage errors -----------------------------------------
d = os.open("/", os.O_RDONLY)
try:
    for args in ([], ["-"]):
        p = run(args, stdin=d)
        check("stdin a directory %r: usage error" % args,
              p.returncode == 2 and
              p.stderr.startswith(b"bigcalc: cannot read standard input: Is a directory\n"),
              "rc=%r stderr=%r" % (p.returncode, p.stderr))
finally:
    os.close(d)
p = subprocess.run([BIGCALC], stdin=None, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                   preexec_fn=lambda: os.close(0), timeout=60)
check("stdin closed: usage error",
      p.returncode == 2 and b"cannot read standard input: Bad file descriptor" in p.stderr,
      "rc=%r stderr=%r" % (p.returncode, p.stderr))
if os.path.exists("/proc/self/mem"):
    p = run(["/proc/self/mem"])
    check("a FILE that cannot be read: usage error before anything runs",
          p.returncode == 2 and b"cannot read '/proc/self/mem'" in p.stderr,
          "rc=%r stderr=%r" % (p.returncode, p.stderr))

# ---- signals during a long statement: printed results are kept ----------------------------


def cpu_ticks(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def stopped_by(sigs, args):
    """Run bigcalc ARGS with stdout to a file; once it has used some CPU
    time (the quick statements are done, the long one runs), send each
    signal of sigs; return (stdout, stderr, status)."""
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen([BIGCALC] + args, stdin=subprocess.DEVNULL, stdout=out,
                             stderr=subprocess.PIPE)
        while p.poll() is None and cpu_ticks(p.pid) < 20:
            time.sleep(0.01)
        for s in sigs:
            p.send_signal(s)
        err = p.stderr.read()
        rc = p.wait(timeout=60)
        out.seek(0)
        return out.read(), err, rc


prog = ["-e", "1", "-e", "2^100", "-e", LONG, "-e", "3"]
want = b"1\n1267650600228229401496703205376\n"
for sig, name in ((signal.SIGTERM, "SIGTERM"), (signal.SIGHUP, "SIGHUP")):
    o, e, rc = stopped_by([sig], prog)
    check("%s during a statement: earlier results written, death by the signal" % name,
          o == want and rc == -sig, "rc=%r stdout=%r stderr=%r" % (rc, o, e))
o, e, rc = stopped_by([signal.SIGINT, signal.SIGINT], prog)
check("two quick SIGINTs: earlier results written, status 130",
      o == want and rc == 130 and e.rstrip().endswith(b"interrupted"),
      "rc=%r stdout=%r stderr=%r" % (rc, o, e))
o, e, rc = stopped_by([signal.SIGINT], prog)
check("one SIGINT: the statement is interrupted, status 130, later ones do not run",
      o == want and rc == 130 and b"interrupted" in e,
      "rc=%r stdout=%r stderr=%r" % (rc, o, e))

# ---- option values (defects 10, 11) ----------------------------------------------------------
p = run(["--verify=1", "-e", "1"])
check("--verify=1: the option takes no value",
      p.returncode == 2 and b"option '--verify' takes no value" in p.stderr,
      "rc=%r stderr=%r" % (p.returncode, p.stderr))
env = dict(os.environ, BIGCALC_CPU="bogus")
p = subprocess.run([BIGCALC, "--version"], env=env, stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE, timeout=60)
check("BIGCALC_CPU=bogus --version: a warning, the version, status 0",
      p.returncode == 0 and p.stdout.startswith(b"bigcalc ") and
      b"ignoring BIGCALC_CPU" in p.stderr, "rc=%r stderr=%r" % (p.returncode, p.stderr))

print("%d failed" % failures)
sys.exit(1 if failures else 0)
