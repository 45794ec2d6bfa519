#!/usr/bin/env python3
"""Randomized differential test of the bigcalc language.

Builds random expression trees (seeded; the seed is printed and
BIGCALC_TEST_SEED replays it), prints each as bigcalc source with only the
parentheses precedence requires (so the parser's precedence and
associativity are under test too), and compares bigcalc's answers with an
independent evaluator written here over Python's integers that implements
bigcalc's semantics (man/bigcalc.1, LANGUAGE): truncating / and %, mod as the residue in
[0, |m|), floor >>, infinite two's complement & |, short-circuit && || ?:,
and the modular context of `E mod M`.

All expressions of a batch go through one bigcalc process, one per line.
Errors are expected where the evaluator raises one (division by zero,
negative exponent, ...): bigcalc must then print no value and one error
line naming that line with the matching message.

Batches: plain, --verify (every engine operation rechecked with GMP),
and --cpu generic (the portable C kernels).

Usage: diff-python.py [--bigcalc PATH] [--count N] [--seed N]
Prints "N passed, N failed, N skipped" last; exit status 1 on failure.
"""

import math
import os
import random
import re
import subprocess
import sys

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

MAXBITS = 3000  # intermediate results larger than this are not generated


class EvalError(Exception):
    """bigcalc must report an error containing .msg"""

    def __init__(self, msg):
        Exception.__init__(self, msg)
        self.msg = msg


class TooBig(Exception):
    """the generator discards expressions that grow too large"""


def chk(v):
    if v.bit_length() > MAXBITS:
        raise TooBig()
    return v


def tdiv(a, b):
    if b == 0:
        raise EvalError("division by zero")
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def trem(a, b):
    if b == 0:
        raise EvalError("division by zero")
    return a - b * tdiv(a, b)


def fib(n):
    if n < 0:
        f = fib(-n)
        return f if (-n) % 2 == 1 else -f
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def lucas(n):
    if n < 0:
        l = lucas(-n)
        return l if n % 2 == 0 else -l
    a, b = 2, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def isprime(n):
    if n < 2:
        return 0
    for p in range(2, math.isqrt(n) + 1):
        if n % p == 0:
            return 0
    return 1


def nextprime(n):
    n = max(n, 1) + 1
    while not isprime(n):
        n += 1
    return n


def inv(a, m):
    m = abs(m)
    if m == 0:
        raise EvalError("modulus is zero")
    if math.gcd(a, m) != 1:
        raise EvalError("not invertible")
    return pow(a, -1, m) if m > 1 else 0


def neg_check(v, msg="negative argument not allowed"):
    if v < 0:
        raise EvalError(msg)
    return v


# ---- builtins (name: (arity, function over plain values)) ------------------

def b_powmod(b, e, m):
    if m == 0:
        raise EvalError("modulus is zero")
    m = abs(m)
    if e < 0:
        b = inv(b, m)
        e = -e
    return pow(b, e, m) if m > 1 else 0


def b_mulmod(a, b, m):
    if m == 0:
        raise EvalError("modulus is zero")
    return a * b % abs(m)


def b_digits(n, base=10):
    n = abs(n)
    if base < 2 or base > 36:
        raise EvalError("base must be between 2 and 36")
    d = 1
    while n >= base:
        n //= base
        d += 1
    return d


def b_binomial(n, k):
    neg_check(n)
    return math.comb(n, k) if 0 <= k <= n else 0


BUILTINS = {
    "abs": (1, lambda a: abs(a)),
    "sgn": (1, lambda a: (a > 0) - (a < 0)),
    "min": (3, lambda *a: min(a)),
    "max": (2, lambda *a: max(a)),
    "gcd": (2, lambda a, b: math.gcd(a, b)),
    "lcm": (2, lambda a, b: abs(a * b) // math.gcd(a, b) if a and b else 0),
    "xor": (2, lambda a, b: a ^ b),
    "bit": (2, lambda n, i: (n >> neg_check(i)) & 1),
    "popcount": (1, lambda n: bin(neg_check(n)).count("1")),
    "bitlen": (1, lambda n: abs(n).bit_length()),
    "digits": (1, b_digits),
    "isqrt": (1, lambda n: math.isqrt(neg_check(n))),
    "powmod": (3, b_powmod),
    "invmod": (2, inv),
    "mulmod": (3, b_mulmod),
    "fact": (1, lambda n: math.factorial(neg_check(n))),
    "fib": (1, fib),
    "lucas": (1, lucas),
    "binomial": (2, b_binomial),
    "isprime": (1, isprime),
    "nextprime": (1, nextprime),
}
MODULAR_BUILTINS = {"fact", "fib", "lucas"}

# ---- expression trees -------------------------------------------------------
# ("num", v, text) ("var", name) ("un", op, x) ("fact", x)
# ("bin", op, a, b) ("cond", c, a, b) ("call", name, [args]) ("ucall", name, [args])

LEVEL = {"^": 2, "*": 4, "/": 4, "%": 4, "+": 5, "-": 5, "mod": 6,
         "<<": 7, ">>": 7, "&": 8, "|": 9, "==": 10, "!=": 10, "<": 10,
         "<=": 10, ">": 10, ">=": 10, "&&": 11, "||": 12}

VARS = {"a": 12345678901234567890, "b": -987654321, "c": 7,
        "big": 3 ** 200, "z": 0}

USER_FUNCS = {
    "sq": (["x"], lambda x: x * x, "sq(x) = x * x"),
    "f3": (["x", "y", "z"], lambda x, y, z: x * y - z, "f3(x, y, z) = x * y - z"),
    "fact2": (["n"], None, "fact2(n) = n < 2 ? 1 : n * fact2(n - 1)"),
}


def fact2(n):
    r = 1
    while n >= 2:
        r *= n
        n -= 1
    return r


def level(t):
    k = t[0]
    if k in ("num", "var", "call", "ucall"):
        return 0
    if k == "fact":
        return 1
    if k == "un":
        return 3
    if k == "bin":
        return LEVEL[t[1]]
    return 13  # cond


def fmt(t):
    k = t[0]
    if k == "num":
        return t[2]
    if k == "var":
        return t[1]
    if k in ("call", "ucall"):
        return "%s(%s)" % (t[1], ", ".join(fmt(a) for a in t[2]))
    if k == "fact":
        return wrap(t[1], 1) + "!"
    if k == "un":
        # a space keeps "- -x" from reading as the decrement "--x"
        s = wrap(t[2], 3)
        return t[1] + (" " if s[:1] in "+-" else "") + s
    if k == "cond":
        return "%s ? %s : %s" % (wrap(t[1], 12), fmt(t[2]), wrap(t[3], 13))
    op, a, b = t[1], t[2], t[3]
    L = LEVEL[op]
    if op == "^":
        # left: postfix or tighter; right: a unary expression (or ^)
        return "%s ^ %s" % (wrap(a, 1), wrap(b, 3))
    return "%s %s %s" % (wrap(a, L), op, wrap(b, L - 1))


def wrap(t, maxlevel):
    s = fmt(t)
    return s if level(t) <= maxlevel else "(" + s + ")"


def ev(t, m=None):
    """Value of t; m is the modulus of the enclosing context (abs) or None."""
    k = t[0]
    red = m is not None
    if k == "num":
        v = t[1]
    elif k == "var":
        v = VARS[t[1]]
    elif k == "un":
        op = t[1]
        if op == "-":
            v = -ev(t[2], m)
        elif op == "+":
            v = ev(t[2], m)
        elif op == "~":
            v = ~ev(t[2])
        else:
            v = int(ev(t[2]) == 0)
    elif k == "fact":
        n = ev(t[1])
        if n < 0:
            raise EvalError("negative argument not allowed in factorial")
        if n > 300:
            raise TooBig()
        v = math.factorial(n)
    elif k == "cond":
        v = ev(t[2]) if ev(t[1]) != 0 else ev(t[3])
    elif k == "call":
        name, args = t[1], t[2]
        vals = [ev(a) for a in args]
        if name in ("fact", "fib", "lucas", "binomial") and any(abs(x) > 400 for x in vals):
            raise TooBig()
        if name == "nextprime" and abs(vals[0]) > 10 ** 6:
            raise TooBig()
        if name == "isprime" and abs(vals[0]) > 10 ** 9:
            raise TooBig()
        v = BUILTINS[name][1](*vals)
    elif k == "ucall":
        name, args = t[1], t[2]
        vals = [ev(a) for a in args]
        if name == "fact2":
            if vals[0] > 300:
                raise TooBig()
            v = fact2(vals[0])
        else:
            v = USER_FUNCS[name][1](*vals)
    else:
        op, a, b = t[1], t[2], t[3]
        if op in ("+", "-", "*"):
            x, y = ev(a, m), ev(b, m)
            v = x + y if op == "+" else x - y if op == "-" else x * y
        elif op == "/":
            # also inside a modular context: plain integer division, then
            # reduced (the context never changes a value)
            v = tdiv(ev(a), ev(b))
        elif op == "^":
            x = ev(a, m)
            e = ev(b)
            if m is not None:
                v = b_powmod(x, e, m)
            else:
                if e < 0:
                    raise EvalError("negative exponent")
                if abs(x) > 1 and e * abs(x).bit_length() > MAXBITS:
                    raise TooBig()
                v = x ** e
        elif op == "mod":
            mm = ev(b)
            if mm == 0:
                raise EvalError("modulus is zero")
            v = ev(a, abs(mm)) % abs(mm)
        elif op == "%":
            v = trem(ev(a), ev(b))
        elif op in ("<<", ">>"):
            x, n = ev(a), ev(b)
            if n < 0:
                raise EvalError("negative shift count")
            if op == "<<":
                if n > MAXBITS:
                    raise TooBig()
                v = x << n
            else:
                v = x >> n
        elif op == "&&":
            v = int(ev(a) != 0 and ev(b) != 0)
        elif op == "||":
            v = int(ev(a) != 0 or ev(b) != 0)
        else:
            x, y = ev(a), ev(b)
            v = {"&": lambda: x & y, "|": lambda: x | y,
                 "==": lambda: int(x == y), "!=": lambda: int(x != y),
                 "<": lambda: int(x < y), "<=": lambda: int(x <= y),
                 ">": lambda: int(x > y), ">=": lambda: int(x >= y)}[op]()
    chk(v)
    if red:
        if k == "call" and t[1] in MODULAR_BUILTINS:
            pass  # computed modularly: same residue
        v %= m
    return v


# ---- generation --------------------------------------------------------------

def literal(rng):
    r = rng.random()
    if r < 0.35:
        v = rng.randint(0, 20)
    elif r < 0.6:
        v = rng.randint(0, 10 ** 6)
    elif r < 0.8:
        v = rng.getrandbits(rng.choice([32, 64, 65, 128, 200]))
    else:
        v = rng.getrandbits(rng.randint(1, 400))
    form = rng.random()
    if form < 0.6 or v < 2:
        text = str(v)
    elif form < 0.72:
        text = hex(v)
    elif form < 0.8:
        text = bin(v)
    elif form < 0.86:
        text = "0o%o" % v
    elif form < 0.94:
        text = "{:_}".format(v)
    else:
        e = rng.randint(0, 30)
        text = "%de%d" % (v, e)
        v = v * 10 ** e
    return ("num", v, text)


BINOPS = ["+", "-", "*", "/", "%", "^", "mod", "<<", ">>", "&", "|",
          "==", "!=", "<", "<=", ">", ">=", "&&", "||"]
BINW = [8, 8, 8, 4, 4, 3, 5, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1]


def gen(rng, depth):
    if depth <= 0 or rng.random() < 0.25:
        if rng.random() < 0.2:
            return ("var", rng.choice(list(VARS)))
        return literal(rng)
    r = rng.random()
    if r < 0.55:
        op = rng.choices(BINOPS, BINW)[0]
        a = gen(rng, depth - 1)
        if op == "^":
            b = ("num", rng.randint(0, 12), None) if rng.random() < 0.8 else gen(rng, 1)
            if b[0] == "num" and b[2] is None:
                b = ("num", b[1], str(b[1]))
        elif op in ("<<", ">>"):
            n = rng.randint(0, 130)
            b = ("num", n, str(n)) if rng.random() < 0.85 else gen(rng, 1)
        else:
            b = gen(rng, depth - 1)
        return ("bin", op, a, b)
    if r < 0.68:
        return ("un", rng.choice(["-", "-", "+", "~", "!"]), gen(rng, depth - 1))
    if r < 0.72:
        n = rng.randint(0, 25)
        return ("fact", ("num", n, str(n)) if rng.random() < 0.7 else gen(rng, 1))
    if r < 0.78:
        return ("cond", gen(rng, depth - 1), gen(rng, depth - 1), gen(rng, depth - 1))
    if r < 0.95:
        name = rng.choice(list(BUILTINS))
        n = BUILTINS[name][0]
        if name in ("fact", "fib", "lucas", "binomial"):
            args = [("num", x, str(x)) for x in [rng.randint(-2, 120) for _ in range(n)]]
        else:
            args = [gen(rng, depth - 2) for _ in range(n)]
        return ("call", name, args)
    name = rng.choice(list(USER_FUNCS))
    n = len(USER_FUNCS[name][0])
    if name == "fact2":
        x = rng.randint(0, 60)
        return ("ucall", name, [("num", x, str(x))])
    return ("ucall", name, [gen(rng, depth - 2) for _ in range(n)])


def make_cases(rng, count):
    cases = []
    while len(cases) < count:
        t = gen(rng, rng.randint(1, 6))
        try:
            want = ev(t)
            cases.append((fmt(t), want, None))
        except TooBig:
            continue
        except EvalError as e:
            cases.append((fmt(t), None, e.msg))
        except (ValueError, ZeroDivisionError, OverflowError, RecursionError):
            continue
    return cases


# ---- running ---------------------------------------------------------------------

ERR_RE = re.compile(r"^bigcalc: <stdin>:(\d+):(\d+): (.*)$")


def run_batch(bigcalc, label, args, cases):
    prelude = ["%s = %s" % (k, v) for k, v in VARS.items()]
    prelude += ["def " + f[2] for f in USER_FUNCS.values()]
    first = len(prelude) + 1
    text = "\n".join(prelude + [c[0] for c in cases]) + "\n"
    env = dict(os.environ)
    env.pop("BIGCALC_CPU", None)
    p = subprocess.run([bigcalc] + args, input=text.encode(), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, timeout=600)
    out = p.stdout.decode().split("\n")
    if out and out[-1] == "":
        out.pop()
    errors = {}
    other = []
    for line in p.stderr.decode().split("\n"):
        if not line:
            continue
        m = ERR_RE.match(line)
        if m:
            errors[int(m.group(1))] = m.group(3)
        elif not line.startswith("bigcalc: verify: ") or "mismatch" in line:
            other.append(line)
    npass = nfail = nskip = 0
    shown = 0
    oi = 0

    def fail(msg):
        nonlocal nfail, shown
        nfail += 1
        if shown < 15:
            print("FAIL [%s] %s" % (label, msg))
            shown += 1

    for i, (src, want, err) in enumerate(cases):
        lineno = first + i
        got_err = errors.get(lineno)
        if err is not None:
            if got_err is None:
                fail("line %d: %s\n    expected an error (%s), got a value %r"
                     % (lineno, src, err, out[oi] if oi < len(out) else None))
                oi += 1
            elif err not in got_err:
                fail("line %d: %s\n    expected error %r, got %r" % (lineno, src, err, got_err))
            else:
                npass += 1
            continue
        if got_err is not None:
            fail("line %d: %s\n    expected %d, got error %r" % (lineno, src, want, got_err))
            continue
        got = out[oi] if oi < len(out) else None
        oi += 1
        if got != str(want):
            fail("line %d: %s\n    expected %d\n    got      %s" % (lineno, src, want, got))
        else:
            npass += 1
    for line in other:
        fail("unexpected stderr: %s" % line)
    want_status = 1 if errors else 0
    if p.returncode != want_status:
        fail("exit status %d, expected %d" % (p.returncode, want_status))
    print("[%s] %d cases: %d passed, %d failed" % (label, len(cases), npass, nfail))
    return npass, nfail, nskip


# ---- every pair of operators ----------------------------------------------------

def matrix_cases():
    """'7 op1 5 op2 3' for every pair of binary operators, and each prefix
    operator before and after each binary one: the tree is built here from
    the precedence table of man/bigcalc.1 (left-associative, '^' right), so every
    pair of levels is checked without parentheses."""
    def num(v):
        return ("num", v, str(v))
    cases = []
    for op1 in BINOPS:
        for op2 in BINOPS:
            l1, l2 = LEVEL[op1], LEVEL[op2]
            if l1 < l2 or (l1 == l2 and op1 != "^"):
                t = ("bin", op2, ("bin", op1, num(7), num(5)), num(3))
            else:
                t = ("bin", op1, num(7), ("bin", op2, num(5), num(3)))
            cases.append(t)
    for u in ["-", "+", "~", "!"]:
        for op in BINOPS:
            # a prefix binds tighter than every binary operator but '^'
            if op == "^":
                cases.append(("un", u, ("bin", "^", num(7), num(2))))
                cases.append(("bin", "^", num(7), ("un", u, num(2))))
            else:
                cases.append(("bin", op, ("un", u, num(7)), num(5)))
                cases.append(("bin", op, num(7), ("un", u, num(5))))
    out = []
    for t in cases:
        src = fmt(t)
        if "(" in src:
            raise SystemExit("matrix: %r needs parentheses" % src)
        try:
            out.append((src, ev(t), None))
        except EvalError as e:
            out.append((src, None, e.msg))
    return out


# ---- malformed input ---------------------------------------------------------

SOUP = ["(", ")", "(", ")", "+", "-", "*", "/", "%", "^", "**", "!", "~", "<<", ">>",
        "&", "|", "&&", "||", "==", "!=", "<", "<=", ">", ">=", "?", ":", "=", "+=",
        "-=", "*=", "/=", "%=", "^=", ",", ";", "mod", "def", "a", "b", "zz", "last",
        "_", "obase", "gcd", "fib", "powmod", "f", "1", "0", "7", "0x", "0x1f", "0b2",
        "1e", "1e5", "1_", "1__2", "12ab", "/*", "*/", "#", "\\", "\"", "$", "@",
        "\t", " ", " ", " ", "\u00e9", "\x00", "\x7f", "99999999999999999999"]


def soup_line(rng):
    return "".join(rng.choice(SOUP) for _ in range(rng.randint(1, 25)))


FUZZ_CHUNK = 250        # lines per bigcalc process
FUZZ_CHUNK_TIMEOUT = 60  # seconds; a chunk is then re-run line by line
FUZZ_LINE_TIMEOUT = 10


def fuzz_check(bigcalc, text, timeout):
    """Run TEXT through one bigcalc; None when it ran out of time, else the
    list of problems (empty: status 0 or 1 and only well-formed error lines)."""
    try:
        p = subprocess.run([bigcalc, "--max-bits", "8192"],
                           input=text.encode("utf-8", "surrogatepass"),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    err = p.stderr.decode("utf-8", "replace")
    bad = [l for l in err.split("\n") if l and not re.match(r"^bigcalc: <stdin>:\d+:\d+: \S", l)]
    if p.returncode not in (0, 1):
        bad.insert(0, "status %d" % p.returncode)
    return bad


def run_fuzz(bigcalc, rng, count):
    """Malformed input never crashes bigcalc: status 0 or 1, every stderr
    line an error line in the format of man/bigcalc.1, ERRORS, nothing from a sanitizer.

    --max-bits is small and the lines go in chunks with a time limit
    because a mutated line can still be valid and costly: seed 74 made
    `nextprime(243102 << 117 << 0x84e9)` (minutes at 34000 bits), seed 271
    `(0o65656470202647502244 + 4)! mod M`, 2^60 steps.  A chunk out of time is
    re-run line by line; a line that alone runs out of time is reported as
    skipped (it is long work, which Ctrl-C stops, not a crash); every
    other line still has to pass."""
    prelude = ["def f(x) = x + 1", "a = 5", "b = -3"]
    lines = []
    for _ in range(count):
        if rng.random() < 0.5:
            lines.append(soup_line(rng))
            continue
        # a valid expression with one mutation: deeper into the evaluator
        t = fmt(gen(rng, rng.randint(1, 5)))
        i = rng.randrange(len(t) + 1)
        r = rng.random()
        if r < 0.4:
            t = t[:i] + t[i + 1:]
        elif r < 0.8:
            t = t[:i] + rng.choice(SOUP) + t[i:]
        else:
            j = rng.randrange(len(t) + 1)
            t = t[:min(i, j)] + t[max(i, j):]
        lines.append(t)
    problems = []
    slow = []
    for c in range(0, len(lines), FUZZ_CHUNK):
        chunk = lines[c:c + FUZZ_CHUNK]
        bad = fuzz_check(bigcalc, "\n".join(prelude + chunk) + "\n", FUZZ_CHUNK_TIMEOUT)
        if bad is None:
            for line in chunk:
                b = fuzz_check(bigcalc, "\n".join(prelude + [line]) + "\n", FUZZ_LINE_TIMEOUT)
                if b is None:
                    slow.append(line)
                else:
                    problems += b
        else:
            problems += bad
    for line in slow:
        print("SKIP [fuzz] long work, not a crash: %r" % line[:200])
    ok = not problems
    if not ok:
        print("FAIL [fuzz] unexpected stderr or status: %r" % problems[:5])
    print("[fuzz] %d malformed lines: %s" % (count, "no crash" if ok else "FAILED"))
    return (1, 0, len(slow)) if ok else (0, 1, len(slow))


def main():
    argv = sys.argv[1:]
    bigcalc = None
    count = 3000
    seed = os.environ.get("BIGCALC_TEST_SEED")
    while argv:
        a = argv.pop(0)
        if a == "--bigcalc":
            bigcalc = argv.pop(0)
        elif a == "--count":
            count = int(argv.pop(0))
        elif a == "--seed":
            seed = argv.pop(0)
    bigcalc = os.environ.get("BIGCALC") or bigcalc or os.path.abspath("bigcalc")
    seed = int(seed) if seed else random.SystemRandom().randrange(1 << 32)
    print("BIGCALC_TEST_SEED=%d (set it to replay this run)" % seed)
    rng = random.Random(seed)
    totals = [0, 0, 0]
    r = run_batch(bigcalc, "matrix", [], matrix_cases())
    totals = [x + y for x, y in zip(totals, r)]
    for label, args, n in (("plain", [], count),
                           ("verify", ["--verify"], count // 3),
                           ("generic", ["--cpu", "generic"], count // 3)):
        cases = make_cases(rng, n)
        r = run_batch(bigcalc, label, args, cases)
        totals = [x + y for x, y in zip(totals, r)]
    r = run_fuzz(bigcalc, rng, count)
    totals = [x + y for x, y in zip(totals, r)]
    print("%d passed, %d failed, %d skipped" % tuple(totals))
    return 1 if totals[1] else 0


if __name__ == "__main__":
    sys.exit(main())
