#!/usr/bin/env python3
"""Run every examples/*.bgc and compare with its .out file.

Each script runs as `bigcalc [ARGS] SCRIPT`, where ARGS come from a line
`# args: ...` in the script (e.g. a fixed --seed), and must print exactly
the .out file, nothing on stderr, status 0 -- once as it is and once with
--verify (every engine operation recomputed with GMP).  An example that
uses a builtin not implemented yet is skipped.

Usage: examples.py [--update] [NAME...]
  --update   rewrite the .out files from the current output (check them!)
The binary is $BIGCALC, else ./bigcalc.  Last line "N passed, N failed".
"""

import glob
import os
import shlex
import subprocess
import sys

# Failures that are known bugs elsewhere, reported as skipped until fixed
# (then "FIXED" is printed: remove the entry).
KNOWN_BUGS = {
}

HERE = os.path.dirname(os.path.abspath(__file__))
BIGCALC = os.environ.get("BIGCALC", "./bigcalc")


def script_args(path):
    with open(path) as f:
        for line in f:
            if line.startswith("# args:"):
                return shlex.split(line[len("# args:"):])
    return []


def main(argv):
    update = "--update" in argv
    names = [a for a in argv if not a.startswith("--")]
    passed = failed = skipped = 0
    scripts = sorted(glob.glob(os.path.join(HERE, "*.bgc")))
    if names:
        scripts = [s for s in scripts if os.path.basename(s)[:-4] in names]
    for script in scripts:
        name = os.path.basename(script)[:-4]
        outfile = script[:-4] + ".out"
        args = script_args(script)
        if update:
            r = subprocess.run([BIGCALC] + args + [script], capture_output=True, text=True)
            with open(outfile, "w") as f:
                f.write(r.stdout)
            print("wrote %s (status %d)%s" % (outfile, r.returncode,
                                               ": " + r.stderr if r.stderr else ""))
            continue
        with open(outfile) as f:
            want = f.read()
        for extra in ([], ["--verify"]):
            cmd = [BIGCALC] + extra + args + [script]
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
            label = "%s%s" % (name, " (--verify)" if extra else "")
            known = KNOWN_BUGS.get((name, extra[0] if extra else ""))
            if "not implemented yet" in r.stderr:
                skipped += 1
                print("SKIP: %s: %s" % (label, r.stderr.strip().splitlines()[0]))
                break
            if r.returncode == 0 and r.stdout == want and r.stderr == "":
                passed += 1
                print("PASS: " + label + ("  (FIXED: remove it from KNOWN_BUGS)" if known else ""))
                continue
            if known:
                skipped += 1
                print("SKIP: %s: known bug: %s (status %d)" % (label, known, r.returncode))
                continue
            failed += 1
            print("FAIL: %s: status %d" % (label, r.returncode))
            print("    command: " + " ".join(shlex.quote(c) for c in cmd))
            if r.stderr:
                print("    stderr: " + r.stderr.strip().replace("\n", "\n            "))
            got, exp = r.stdout.splitlines(), want.splitlines()
            for i in range(max(len(got), len(exp))):
                g = got[i] if i < len(got) else "<none>"
                e = exp[i] if i < len(exp) else "<none>"
                if g != e:
                    print("    first difference, output line %d:\n      got  %.100s\n"
                          "      want %.100s" % (i + 1, g, e))
                    break
    if update:
        return 0
    tail = ", %d skipped" % skipped if skipped else ""
    print("%d passed, %d failed%s" % (passed, failed, tail))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
