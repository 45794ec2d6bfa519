# Every error kind of man/bigcalc.1 (ERRORS), each with its own message, in the format
# "bigcalc: SOURCE:LINE:COL: MESSAGE"; later statements still run.

=== every error kind, one line each, later statements run
status: 1
--- stdin
1 +* 2
y
frobnicate(1)
gcd()
1/0
5 mod 0
2^-1 mod 4
isqrt(-1)
2^-1
2^(2^40)
def f(n) = f(n + 1)
f(0)
1 << -1
obase = 99
99
--- stdout
99
--- stderr
bigcalc: <stdin>:1:4: syntax error: expected an expression, found '*'
bigcalc: <stdin>:2:1: unknown variable 'y'
bigcalc: <stdin>:3:1: unknown function 'frobnicate'
bigcalc: <stdin>:4:1: wrong number of arguments: gcd() takes at least 1 argument, got 0 (usage: gcd(a, b, ...))
bigcalc: <stdin>:5:2: division by zero
bigcalc: <stdin>:6:3: modulus is zero
bigcalc: <stdin>:7:2: not invertible: the base shares a factor with the modulus
bigcalc: <stdin>:8:1: negative argument not allowed in isqrt()
bigcalc: <stdin>:9:2: negative exponent (allowed only inside 'mod')
bigcalc: <stdin>:10:2: result too large: needs 1099511627777 bits, limit is 17179869184 (--max-bits)
bigcalc: <stdin>:11:12: recursion too deep (limit 1000000 calls) (in f, called from f at 11:12 (999999 times), called at 12:1)
bigcalc: <stdin>:13:3: negative shift count
bigcalc: <stdin>:14:7: obase must be between 2 and 36

=== out of memory is an error of the statement
env: BIGCALC_TEST_FAIL_ALLOC_AFTER=1
args: -e '3^1000'
status: 1
--- stderr
bigcalc: <arg>:1:1: out of memory

=== errors in -e name <arg>, in files the file name
args: -e '1 + nope'
status: 1
--- stderr
bigcalc: <arg>:1:5: unknown variable 'nope'

=== the column of an error after ';'
args: -e 'x = 1; x / 0'
status: 1
--- stderr
bigcalc: <arg>:1:10: division by zero
