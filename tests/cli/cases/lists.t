# Lists: literals, indexing, assignment through indices, value semantics
# (aliasing never shows), nesting, the list builtins, and their errors.

=== literals, nesting, printing that reads back
--- stdin
[1, 2, 3]
[]
[[1, [2, [3, []]]], -4, 2^70]
x = [1, [2, 3]]
x == [1, [2, 3]]
y = [1, 2,
     3]
y
--- stdout
[1, 2, 3]
[]
[[1, [2, [3, []]]], -4, 1180591620717411303424]
1
[1, 2, 3]

=== indexing from the front and from the end
--- stdin
v = [10, 20, 30]
v[0]; v[2]; v[-1]; v[-3]
[5, 6][1]
m = [[1, 2], [3, 4]]
m[1][0]
m[-1][-1]
--- stdout
10
30
30
10
6
3
4

=== assignment through one name is never seen through another
--- stdin
a = [1, 2, 3]
b = a
b[0] = 100
a; b
c = [a, a]
c[0][1] = -1
a; c
d = c
push(d[1], 4)
c; d
--- stdout
[1, 2, 3]
[100, 2, 3]
[1, 2, 3]
[[1, -1, 3], [1, 2, 3]]
[[1, -1, 3], [1, 2, 3]]
[[1, -1, 3], [1, 2, 3, 4]]

=== a list inside itself is a copy, not a cycle
--- stdin
v = [1]
v[0] = v
v
push(v, v)
v
--- stdout
[[1]]
[[1], [[1]]]

=== push and pop
--- stdin
v = []
for (i = 0; i < 5; i++) push(v, i * i)
v
pop(v)
v
len(v)
w = v; pop(w); w; v
--- stdout
[0, 1, 4, 9, 16]
16
[0, 1, 4, 9]
4
9
[0, 1, 4]
[0, 1, 4, 9]

=== len, concat, range, sum, prod, min, max, gcd, lcm, sort
--- stdin
len([]); len([1, [2, 3]])
concat([1], [], [2, 3])
range(5)
range(2, 10, 3)
range(10, 0, -3)
range(3, 3)
vector(3); vector(2, [1, 2]); vector(0, 5); len(vector(10^6, 7))
sum([1, 2, 3]); sum([]); sum(range(101)); sum([2^64, 2^64])
prod([]); prod(range(1, 21)); prod([2^40, 2^40])
min([5, -2, 9]); max([5, -2, 2^100]); min(3, 1, 2)
gcd([12, 18, 30]); lcm([4, 6, 10]); gcd(12, 18)
sort([3, -1, 2^65, 0, 2])
sort([])
--- stdout
0
2
[1, 2, 3]
[0, 1, 2, 3, 4]
[2, 5, 8]
[10, 7, 4, 1]
[]
[0, 0, 0]
[[1, 2], [1, 2]]
[]
1000000
6
0
5050
36893488147419103232
1
2432902008176640000
1208925819614629174706176
-2
1267650600228229401496703205376
1
6
60
6
[-1, 0, 2, 3, 36893488147419103232]
[]

=== fromdigits by halves equals Horner's rule at every length around the leaf size
--- stdin
def horner(v, b) { local a = 0; for (x in v) a = a * b + x; return a }
def rnd(n, lo, hi) { local v = [], i; for (i = 0; i < n; i++) push(v, lo + random(hi - lo)); return v }
ok = 1
for (n = 0; n < 140; n++) { v = rnd(n, 0, 10); if (fromdigits(v) != horner(v, 10)) ok = 0 }
for (n = 0; n < 140; n += 7) { v = rnd(n, -5000, 5000); if (fromdigits(v, -77) != horner(v, -77)) ok = 0 }
for (n in [31, 32, 33, 63, 64, 65, 127, 128, 129, 1000, 1025]) { v = rnd(n, 0, 2^64); if (fromdigits(v, 2^64) != horner(v, 2^64)) ok = 0 }
ok
fromdigits(todigits(7^30000)) == 7^30000
fromdigits(todigits(5^4000, 1000), 1000) == 5^4000
--- stdout
1
1
1

=== todigits and fromdigits
--- stdin
todigits(1234)
todigits(0)
todigits(-255, 16)
todigits(2^64, 2^32)
fromdigits([1, 2, 3, 4])
fromdigits([1, 0, 0], 2)
fromdigits(todigits(3^100, 7), 7) == 3^100
fromdigits([])
--- stdout
[1, 2, 3, 4]
[0]
[15, 15]
[1, 0, 0]
1234
4
1
0

=== a list where an integer is needed: the operator or function and argument
status: 1
--- stdin
[1] + 1
2 * [3]
isprime([7])
gcd(4, [6])
-[1]
[1] < [2]
len(5)
x = [1]; x mod 3
sum([1, [2]])
[1, 2][5]
[1][-2]
v = 5; v[0] = 1
v[0]
[1]["a"]
--- stderr
bigcalc: <stdin>:1:5: '+' needs integers, found a list
bigcalc: <stdin>:2:3: '*' needs integers, found a list
bigcalc: <stdin>:3:1: isprime(): argument 1 must be an integer, not a list
bigcalc: <stdin>:4:1: gcd(): the arguments must be integers, or one list of integers
bigcalc: <stdin>:5:1: '-' needs integers, found a list
bigcalc: <stdin>:6:5: '<' compares integers, found a list
bigcalc: <stdin>:7:1: len(): the argument must be a list
bigcalc: <stdin>:8:10: 'mod' needs integers, found a list
bigcalc: <stdin>:9:1: sum(): the arguments must be integers, or one list of integers
bigcalc: <stdin>:10:7: index 5 out of range (the list has 2 elements)
bigcalc: <stdin>:11:4: index -2 out of range (the list has 1 element)
bigcalc: <stdin>:12:13: cannot index an integer
bigcalc: <stdin>:13:2: cannot index an integer
bigcalc: <stdin>:14:5: syntax error: a string may only be an argument of print

=== push and pop errors
status: 1
--- stdin
v = []
pop(v)
push(5, 1)
push(q, 1)
n = 3; push(n, 1)
push(v)
--- stderr
bigcalc: <stdin>:2:1: pop(): the list is empty
bigcalc: <stdin>:3:6: push(): the first argument must be a variable holding a list
bigcalc: <stdin>:4:1: unknown variable 'q'
bigcalc: <stdin>:5:8: push(): the first argument must be a list, not an integer
bigcalc: <stdin>:6:1: wrong number of arguments: push() takes 2 arguments, got 1 (usage: push(v, x))

=== range errors
status: 1
--- stdin
range(1, 10, 0)
range(0, 2^40)
range(2^70)
--- stderr
bigcalc: <stdin>:1:1: range(): the arguments must be integers, step not 0, the list at most 2^36 elements
bigcalc: <stdin>:2:1: range(): the arguments must be integers, step not 0, the list at most 2^36 elements
bigcalc: <stdin>:3:1: out of memory

=== vector errors, and a vector element written alone
status: 1
--- stdin
vector(-1)
vector(2^40)
vector([1])
v = vector(3, [0]); v[1][0] = 5; v
--- stderr
bigcalc: <stdin>:1:1: vector(): n must be an integer from 0 to 2^36
bigcalc: <stdin>:2:1: vector(): n must be an integer from 0 to 2^36
bigcalc: <stdin>:3:1: vector(): n must be an integer from 0 to 2^36
--- stdout
[[0], [5], [0]]

=== a long list is passed without copying, and copied on the first write
--- stdin
big = range(1000000)
def f(v) = v[999999] + len(v)
s = 0; for (i = 0; i < 1000; i++) s += f(big)
s
w = big; w[0] = -1; big[0]; w[0]
--- stdout
1999999000
0
-1

=== a sieve of Eratosthenes over a list
--- stdin
n = 100000
p = range(n + 1); p[0] = 0; p[1] = 0
for (i = 2; i * i <= n; i++)
    if (p[i])
        for (j = i * i; j <= n; j += i) p[j] = 0
c = 0; for (x in p) if (x) c++
c
--- stdout
9592

=== lists in obase 16 and in :vars form
args: -o 16
--- stdin
[255, [-16]]
--- stdout
[0xff, [-0x10]]
