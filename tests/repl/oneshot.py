#!/usr/bin/env python3
"""One-shots: `bigcalc FUNC ARG...` for every builtin.

For each builtin that `bigcalc --help` lists (a builtin added later without
a sample here fails the test), the one-shot with expression arguments must
print exactly what `bigcalc -e 'FUNC(ARGS)'` prints, bare, with status 0;
a wrong number of arguments must be a usage error (status 2, a hint, no
output).  Also: options before FUNC, `--seed` making the random builtins
repeatable, the modexp line mode, a failing one-shot (status 1) and an
unknown function (status 2 with a suggestion).

The binary is $BIGCALC, else ./bigcalc.  Last line "N passed, N failed".
"""

import os
import re
import subprocess
import sys

BIGCALC = os.environ.get("BIGCALC", "./bigcalc")

# name -> (arguments, a wrong argument count); each argument an expression
SAMPLES = {
    "abs": (["-2^70"], 2),
    "sgn": (["-(3^5)"], 0),
    "min": (["3", "-2^65", "7"], 0),
    "max": (["3", "2^65 + 1", "7"], 0),
    "gcd": (["2^64 * 3", "6^40"], 0),
    "lcm": (["4", "6", "10"], 0),
    "powmod": (["3", "2^255-20", "2^255-19"], 2),
    "modexp": (["4", "13", "497"], 4),
    "powmod_sec": (["3", "2^255-20", "2^255-19"], 2),
    "fdiv": (["-7", "2"], 1),
    "invmod": (["3", "1000003"], 1),
    "mulmod": (["2^100", "3^70", "10^9+7"], 2),
    "isqrt": (["10^41"], 2),
    "sqrt": (["2^201"], 2),
    "iroot": (["10^30 + 5", "3"], 1),
    "jacobi": (["1001", "9907"], 3),
    "isprime": (["2^127 - 1"], 3),
    "nextprime": (["10^20"], 2),
    "prevprime": (["10^20"], 2),
    "fact": (["30"], 2),
    "binomial": (["100", "50"], 1),
    "fib": (["300"], 2),
    "lucas": (["100"], 2),
    "popcount": (["2^100 - 1"], 2),
    "bitlen": (["-(2^100)"], 2),
    "digits": (["2^1000"], 3),
    "sumdigits": (["2^1000", "7"], 3),
    "bit": (["-5", "1"], 1),
    "xor": (["0xff00", "0x0ff0"], 1),
    "random": (["10^30"], 2),
    "randbits": (["100"], 2),
    "randprime": (["64"], 2),
    # lists (results printed as [a, b, ...]); push and pop write to a
    # variable, so they are no one-shots (None)
    # the number theorist's toolkit
    "divisors": (["2^10 * 3"], 2),
    "numdiv": (["720"], 2),
    "sigma": (["12", "2"], 0),
    "eulerphi": (["2^61 - 1"], 2),
    "moebius": (["30"], 2),
    "omega": (["720"], 2),
    "bigomega": (["720"], 2),
    "issquarefree": (["30"], 2),
    "issquare": (["2^100"], 2),
    "ispower": (["64"], 0),
    "valuation": (["48", "2"], 1),
    "radical": (["720"], 2),
    "core": (["720"], 2),
    "kronecker": (["2", "15"], 1),
    "legendre": (["3", "7"], 1),
    "chinese": (["[2, 3]", "[3, 5]"], 1),
    "crt": (["[2, 3]", "[3, 5]"], 1),
    "sqrtmod": (["2", "7"], 1),
    "sqrtmods": (["4", "15"], 1),
    "znorder": (["2", "7"], 1),
    "znprimroot": (["7"], 2),
    "znlog": (["8", "2", "11"], 1),
    "primes": (["10", "30"], 1),
    "primepi": (["10^6"], 2),
    "nthprime": (["100"], 2),
    "prime": (["100"], 2),
    "len": (["[1, 2, [3, 4]]"], 2),
    "push": None,
    "pop": None,
    "concat": (["[1, 2]", "[3]", "[]"], 0),
    "range": (["2", "20", "3"], 0),
    "vector": (["3", "7"], 0),
    "sum": (["[2^70, 5, -1]"], 0),
    "prod": (["[2^40, 3, -5]"], 0),
    "sort": (["[5, -2^70, 3, 0]"], 0),
    "todigits": (["2^100", "7"], 0),
    "fromdigits": (["[1, 0, 1, 1]", "2"], 0),
}
RANDOM = {"random", "randbits", "randprime"}

passed = failed = skipped = 0


def run(args, stdin=""):
    r = subprocess.run([BIGCALC] + args, input=stdin, capture_output=True, text=True,
                       timeout=60)
    return r.returncode, r.stdout, r.stderr


def ok(cond, what, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL: %s%s" % (what, ("\n    " + detail) if detail else ""))


def builtins_from_help():
    rc, out, _ = run(["--help"])
    names = []
    on = False
    for line in out.splitlines():
        if line.startswith("Builtin functions"):
            on = True
        elif on:
            m = re.match(r"\s+([a-z_]\w*)\(", line)
            if m:
                names.append(m.group(1))
    return names


def main():
    global skipped
    names = builtins_from_help()
    ok(len(names) >= 29, "--help lists the builtins", repr(names))
    for name in names:
        if name == "factor":
            # coreutils' format instead of the list (tests/cli/cases/factor.t)
            rc, out, err = run(["factor", "2^64+1", "12"])
            ok(rc == 0 and err == "" and
               out == "18446744073709551617: 274177 67280421310721\n12: 2 2 3\n",
               "one-shot factor in coreutils' format", "%d %r %r" % (rc, out, err))
            continue
        if name not in SAMPLES:
            ok(False, "builtin %s has no one-shot sample in %s" % (name, __file__))
            continue
        if SAMPLES[name] is None:
            rc, out, err = run([name, "1", "2"])
            ok(rc != 0 and out == "" and err.startswith("bigcalc: "),
               "%s is not a one-shot: a clear error" % name, "%d %r %r" % (rc, out, err))
            continue
        args, bad = SAMPLES[name]
        seed = ["--seed", "42"] if name in RANDOM else []
        rc, out, err = run(seed + [name] + args)
        if "not implemented yet" in err:
            skipped += 1
            print("SKIP: %s (not implemented yet)" % name)
            continue
        erc, eout, eerr = run(seed + ["-e", "%s(%s)" % (name, ", ".join(args))])
        ok(rc == 0 and err == "" and out == eout and
           re.fullmatch(r"-?\d+\n|\[[-\d, \[\]]*\]\n", out),
           "one-shot %s %s" % (name, " ".join(args)),
           "status %d, stdout %r, stderr %r; -e gives %r" % (rc, out, err, eout))
        if name in RANDOM:
            rc2, out2, _ = run(seed + [name] + args)
            ok(out2 == out, "%s with --seed 42 repeats" % name, "%r vs %r" % (out, out2))
        bargs = [str(i + 2) for i in range(bad)]
        if name in ("powmod", "modexp") and bad == 0:
            continue
        rc, out, err = run([name] + bargs)
        ok(rc == 2 and out == "" and "Try 'bigcalc --help'" in err and name in err,
           "one-shot %s with %d arguments is a usage error" % (name, bad),
           "status %d, stdout %r, stderr %r" % (rc, out, err))

    # options before the function; the bare result for $(...)
    rc, out, err = run(["-o", "16", "powmod", "3", "2^100", "2^89-1"])
    erc, eout, _ = run(["-o", "16", "-e", "powmod(3, 2^100, 2^89-1)"])
    ok(rc == 0 and out == eout and out.startswith("0x"), "options before a one-shot",
       "%d %r %r" % (rc, out, err))
    # the function itself failing: status 1, positioned error
    rc, out, err = run(["invmod", "6", "9"])
    ok(rc == 1 and out == "" and err.startswith("bigcalc: <arg>:1:1: "),
       "a failing one-shot exits 1", "%d %r %r" % (rc, out, err))
    # a bad argument expression
    rc, out, err = run(["abs", "2 +"])
    ok(rc == 1 and out == "" and err.startswith("bigcalc: <arg>:1:"),
       "a one-shot argument that does not parse", "%d %r %r" % (rc, out, err))
    # unknown function: usage error with a suggestion
    rc, out, err = run(["powmdo", "1", "2", "3"])
    ok(rc == 2 and "did you mean 'powmod'" in err, "unknown function suggests",
       "%d %r" % (rc, err))
    # modexp reading lines: results in order, numbered error lines, status 1
    rc, out, err = run(["modexp"], "4 13 497\n\n2 100 7\n1 2\n3 4 0\n5 2^10 1000\n")
    ok(rc == 1 and out == "445\n\n2\n\n\n%d\n" % pow(5, 1024, 1000) and
       re.search(r"<stdin>:4:1: expected 3 values", err) and
       re.search(r"<stdin>:5:\d+: .*modulus", err),
       "modexp lines with bad lines among them", "%d %r %r" % (rc, out, err))
    rc, out, err = run(["modexp"], "".join("%d %d %d\n" % (b, b + 1, 1000 + b)
                                           for b in range(1, 201)))
    want = "".join("%d\n" % pow(b, b + 1, 1000 + b) for b in range(1, 201))
    ok(rc == 0 and out == want and err == "", "modexp: 200 lines", "%d %r" % (rc, err))

    tail = ", %d skipped" % skipped if skipped else ""
    print("%d passed, %d failed%s" % (passed, failed, tail))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
