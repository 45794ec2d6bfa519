# Functions with bodies, locals, recursion through loops, errors inside
# functions (position in the body, then the chain of calls).

=== a function with a body, locals, and auto as in bc
--- stdin
def f(n) {
    local r = 1, i
    for (i = 2; i <= n; i++) r *= i
    return r
}
f(25)
define g(a, b)
{
    auto t
    t = a
    a = b
    b = t
    return a * 10 + b
}
g(1, 2)
--- stdout
15511210043330985984000000
21

=== locals and loop variables shadow globals; other names are global
--- stdin
x = 100; i = 7; t = -1; y = 0
def h(n) {
    local x = n
    for (i = 0; i < 3; i++) x += i
    for (t in [1, 2]) x += t
    y = x
    return x
}
h(10)
x; i; t; y
--- stdout
16
100
7
-1
16

=== locals start at 0 on every call
--- stdin
def c() { local k; k++; return k }
c(); c()
--- stdout
1
1

=== a function without return gives no value and prints nothing
status: 1
--- stdin
def hello(name) { print "hello ", name, "\n" }
hello(42)
x = hello(1)
hello(2) + 1
--- stdout
hello 42
hello 1
hello 2
--- stderr
bigcalc: <stdin>:3:3: nothing to assign to 'x' (the right side gives no value)
bigcalc: <stdin>:4:10: '+' needs integers, found no value

=== recursion through a loop
--- stdin
def perms(n, k) {
    local s = 0, i
    if (k == 0) return 1
    for (i = 0; i < n; i++) s += perms(n - 1, k - 1)
    return s
}
perms(6, 3)
def tree(d) {
    local s = 1
    for (x in range(2)) if (d > 0) s += tree(d - 1)
    return s
}
tree(10)
--- stdout
120
2047

=== deep recursion with a body, then the limit
status: 1
--- stdin
def down(n) { if (n == 0) return 0; return 1 + down(n - 1) }
down(300000)
def loop(n) { while (1) { return loop(n + 1) } }
loop(0)
--- stdout
300000
--- stderr
bigcalc: <stdin>:3:34: recursion too deep (limit 1000000 calls) (in loop, called from loop at 3:34 (999999 times), called at 4:1)

=== an error inside a body: its line and column, then every call
status: 1
--- stdin
def inner(v) {
    local s = 0
    for (x in v)
        s += 10 / x
    return s
}
def middle(v) {
    return inner(v) + 1
}
def outer() = middle([1, 2, 0])
inner([5, 0])
2 * outer()
--- stderr
bigcalc: <stdin>:4:17: division by zero (in inner, called at 11:1)
bigcalc: <stdin>:4:17: division by zero (in inner, called from middle at 8:12, called from outer at 10:15, called at 12:5)

=== an error inside a function defined in a file, called from stdin
status: 1
args: $CASES/data/lib.bgc -
--- stdin
safe(4)
risky(0)
--- stdout
2
--- stderr-re
bigcalc: .*/data/lib.bgc:3:18: division by zero \(in risky, called at <stdin>:2:1\)

=== functions redefine, and recursion keeps the definition that runs
--- stdin
def f(x) { return x + 1 }
f(1)
def f(x) {
    if (x > 0) return f(x - 1) * 2
    return 1
}
f(10)
--- stdout
2
1024

=== parameters that are lists are copies
--- stdin
def zap(v) { v[0] = 0; push(v, 99); return v }
a = [1, 2, 3]
zap(a)
a
--- stdout
[0, 2, 3, 99]
[1, 2, 3]

=== local at the top level and return outside a function are errors
status: 1
--- stdin
local q = 1
def ok() { local q = 1; return q }
ok()
--- stdout
1
--- stderr
bigcalc: <stdin>:1:1: 'local' is only allowed inside a function body (other names are global)
