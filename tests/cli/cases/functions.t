# User functions: def, parameters local, globals, recursion through ?: && ||,
# redefinition, call errors, the depth limit.

=== define and call
--- stdin
def f(x, y) = x * 10 + y
f(4, 2)
f(f(1, 2), 3)
--- stdout
42
123

=== a function of no parameters reads globals at call time
--- stdin
def g() = base * 2
base = 21
g()
base = 50
g()
--- stdout
42
100

=== parameters are local and shadow globals
--- stdin
x = 100
def h(x) = x + 1
h(5)
x
--- stdout
6
100

=== assignment to a parameter stays local; to another name is global
--- stdin
def k(x) = (x = x * 2) + (y = 7)
k(10)
y
--- stdout
27
7

=== recursion through ?: (factorial)
--- stdin
def fact2(n) = n < 2 ? 1 : n * fact2(n - 1)
fact2(20)
fact2(0)
--- stdout
2432902008176640000
1

=== recursion through && and ||
--- stdin
def even(n) = n == 0 || odd(n - 1)
def odd(n) = n != 0 && even(n - 1)
even(10)
odd(7)
even(7)
--- stdout
1
1
0

=== redefinition replaces the function
--- stdin
def f(x) = x + 1
f(1)
def f(x) = x + 100
f(1)
def f(x, y) = x - y
f(5, 3)
--- stdout
2
101
2

=== a function may call one defined later
--- stdin
def a1(x) = b1(x) * 2
def b1(x) = x + 1
a1(4)
--- stdout
10

=== recursion 100000 calls deep
--- stdin
def depth(n) = n == 0 ? 0 : 1 + depth(n - 1)
depth(100000)
def total(n) = n == 0 ? 0 : n + total(n - 1)
total(200000)
--- stdout
100000
20000100000

=== past the depth limit: a clear error, not a crash; later statements run
status: 1
--- stdin
def forever(n) = forever(n + 1)
forever(0)
def depth(n) = n == 0 ? 0 : 1 + depth(n - 1)
depth(1000001)
7
--- stdout
7
--- stderr
bigcalc: <stdin>:1:18: recursion too deep (limit 1000000 calls) (in forever, called from forever at 1:18 (999999 times), called at 2:1)
bigcalc: <stdin>:3:33: recursion too deep (limit 1000000 calls) (in depth, called from depth at 3:33 (999999 times), called at 4:1)

=== Lucas-Lehmer as a recursive function (Mersenne exponents)
--- stdin
def ll(s, i, m) = i == 0 ? s : ll((s * s - 2) mod m, i - 1, m)
def mersenne(p) = p == 2 || ll(4, p - 2, 2^p - 1) == 0
mersenne(3)
mersenne(11)
mersenne(127)
mersenne(521)
mersenne(523)
mersenne(4423)
--- stdout
1
0
1
1
0
1

=== an error inside a function points into its body, then the chain of calls
status: 1
--- stdin
def inv(x) = 1 / x
def outer(x) = 1 + inv(x)
inv(0)
2 + outer(0)
--- stderr
bigcalc: <stdin>:1:16: division by zero (in inv, called at 3:1)
bigcalc: <stdin>:1:16: division by zero (in inv, called from outer at 2:20, called at 4:5)

=== calling an undefined function
status: 1
--- stdin
nosuch(1)
--- stderr
bigcalc: <stdin>:1:1: unknown function 'nosuch'

=== wrong number of arguments to a user function
status: 1
--- stdin
def f(x, y) = x + y
f(1)
f(1, 2, 3)
--- stderr
bigcalc: <stdin>:2:1: wrong number of arguments: f() takes 2 arguments, got 1
bigcalc: <stdin>:3:1: wrong number of arguments: f() takes 2 arguments, got 3

=== wrong number of arguments to a builtin inside a definition
status: 1
--- stdin
def f(x) = gcd()
--- stderr
bigcalc: <stdin>:1:12: wrong number of arguments: gcd() takes at least 1 argument, got 0 (usage: gcd(a, b, ...))

=== builtins cannot be redefined
status: 1
--- stdin
def gcd(a, b) = 1
gcd(12, 18)
--- stdout
6
--- stderr
bigcalc: <stdin>:1:1: cannot redefine builtin function 'gcd'

=== duplicate parameter
status: 1
--- stdin
def f(x, x) = x
--- stderr
bigcalc: <stdin>:1:10: syntax error: duplicate parameter 'x'

=== def syntax errors
status: 1
--- stdin
def (x) = 1
def f x = 1
def f(x) x
def f(1) = 1
--- stderr
bigcalc: <stdin>:1:5: syntax error: expected a function name after 'def', found '('
bigcalc: <stdin>:2:7: syntax error: expected '(' after the function name, found name 'x'
bigcalc: <stdin>:3:10: syntax error: expected '=' or '{' after the parameter list, found name 'x'
bigcalc: <stdin>:4:7: syntax error: expected a parameter name, found number '1'

=== a function body spans lines after '='
--- stdin
def f(x) =
   x * x
f(9)
--- stdout
81

=== a function in a modular context: arguments and body plain, result reduced
--- stdin
def half(x) = x / 2
half(7) mod 5
7 / 2 mod 5
--- stdout
3
3

=== undef NAME removes a user function and a variable; undef is not reserved
args: -e 'x = 5; def f(a) = a + 1; def g() = f(2); g()' -e 'undef x; undef f' -e 'x' -e 'g()' -e 'undef y' -e 'undef gcd' -e 'undef = 3; undef + 1' -e 'def f(a, b) = a * b; f(2, 3)'
status: 1
--- stdout
3
4
6
--- stderr
bigcalc: <arg 3>:1:1: unknown variable 'x'
bigcalc: <arg 1>:1:36: unknown function 'f' (in g, called at <arg 4>:1:1)
bigcalc: <arg 5>:1:1: no variable or function 'y' to undef
bigcalc: <arg 6>:1:1: cannot undef builtin function 'gcd'
