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

=== did you mean: builtins, other calculators' names, user functions and variables, one quoting style
args: -e 'GCD(4, 6)' -e 'factorial(5)' -e 'bitlength(8)' -e 'hammingweight(7)' -e 'sqrtint(10)' -e 'precprime(10)' -e 'Binomial(5, 2)' -e 'pow(2, 3, 5)' -e 'def square(x) = x^2; sqaure(3)' -e 'total = 5; totl + 1' -e 'gdc(4, 6)' -e 'y' -e 'ibase'
status: 1
--- stderr
bigcalc: <arg 1>:1:1: unknown function 'GCD' (did you mean 'gcd'?)
bigcalc: <arg 2>:1:1: unknown function 'factorial' (did you mean 'fact'?)
bigcalc: <arg 3>:1:1: unknown function 'bitlength' (did you mean 'bitlen'?)
bigcalc: <arg 4>:1:1: unknown function 'hammingweight' (did you mean 'popcount'?)
bigcalc: <arg 5>:1:1: unknown function 'sqrtint' (did you mean 'isqrt'?)
bigcalc: <arg 6>:1:1: unknown function 'precprime' (did you mean 'prevprime'?)
bigcalc: <arg 7>:1:1: unknown function 'Binomial' (did you mean 'binomial'?)
bigcalc: <arg 8>:1:1: unknown function 'pow' (b^e is the power; pow(b, e, m) is powmod(b, e, m))
bigcalc: <arg 9>:1:22: unknown function 'sqaure' (did you mean 'square'?)
bigcalc: <arg 10>:1:12: unknown variable 'totl' (did you mean 'total'?)
bigcalc: <arg 11>:1:1: unknown function 'gdc' (did you mean 'gcd'?)
bigcalc: <arg 12>:1:1: unknown variable 'y'
bigcalc: <arg 13>:1:1: bigcalc has no ibase: write other bases with a prefix, 0x1f, 0o17, 0b101 or B#digits for any base B from 2 to 36 (36#z); obase = N sets the output base

=== a function's name alone says it is a function; a variable called says it is one
args: -e 'gcd' -e 'def f(x) = x + 1; f' -e 'def g() = 7; g' -e 'x = 5; x(2)' -e 'f(1)'
status: 1
--- stdout
2
--- stderr
bigcalc: <arg 1>:1:1: 'gcd' is a builtin function: call it as gcd(a, b, ...)
bigcalc: <arg 2>:1:19: 'f' is a function of 1 argument: call it as f(...)
bigcalc: <arg 3>:1:14: 'g' is a function of 0 arguments: call it as g()
bigcalc: <arg 4>:1:8: 'x' is a variable, not a function
