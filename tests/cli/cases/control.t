# Statements: blocks, if/else, while, for(;;), for-in, break, continue,
# return, quit, exit, ++/--, compound assignments, print, and how they nest.

=== blocks, newlines and semicolons inside
--- stdin
{ a = 1; b = 2
  c = a + b }
c
{
}
{ ; ; }
--- stdout
3

=== if and else, on one line and over lines
--- stdin
x = 5
if (x > 3) print "big\n"
if (x > 10) print "huge\n" else print "not huge\n"
if (x == 5) { print "five\n" } else { print "other\n" }
if (x < 0)
    print "neg\n"
else
    print "non-negative\n"
if (x) { y = 1 }
else { y = 2 }
y
if (0) 1; else 2
--- stdout
big
not huge
five
non-negative
1
2

=== else if chains
--- stdin
def sign(n) {
    if (n < 0) return -1
    else if (n == 0) return 0
    else return 1
}
sign(-7); sign(0); sign(9)
--- stdout
-1
0
1

=== while, and an expression statement prints inside a loop
--- stdin
i = 0
while (i < 3) { i; i++ }
while (0) 1
--- stdout
0
1
2

=== for with every part, and with empty parts
--- stdin
s = 0; for (i = 1; i <= 100; i++) s += i
s
i
for (j = 0; j < 3; ) { print j; j += 1 }
print "\n"
k = 0; for (;;) { if (++k == 4) break }
k
for (; k > 0; k--) print k
print "\n"
--- stdout
5050
101
012
4
4321

=== for over a list, and over a list of lists
--- stdin
for (x in [3, 1, 2]) print x, " "
print "\n"
for (p in [[1, 2], [3, 4]]) print p[0] * p[1], " "
print "\n"
for (x in []) print "never"
v = [1, 2, 3]
for (x in v) { v = [9]; print x }
print "\n"
v
--- stdout
3 1 2 
2 12 
123
[9]

=== break and continue in nested loops touch the innermost loop only
--- stdin
for (i = 0; i < 4; i++) {
    for (j = 0; j < 4; j++) {
        if (j == 2) break
        if (i == 1) continue
        print i, j, " "
    }
    if (i == 2) continue
    print "| "
}
print "\n"
n = 0
while (1) { n++; if (n % 2) continue; if (n > 6) break; print n }
print "\n"
for (x in [1, 2, 3, 4]) { if (x == 2) continue; if (x == 4) break; print x }
print "\n"
--- stdout
00 01 | | 20 21 30 31 | 
246
13

=== return from inside loops, with and without a value
--- stdin
def find(v, x) {
    local i
    for (i = 0; i < len(v); i++)
        if (v[i] == x) return i
    return -1
}
find([5, 6, 7], 7)
find([5, 6, 7], 8)
def firstdiv(n) {
    local d = 2
    while (1) {
        if (n % d == 0) return d
        d++
    }
}
firstdiv(91)
def each(v) { for (x in v) { if (x < 0) return; print x } }
each([1, 2, -1, 3])
print "\n"
--- stdout
2
-1
7
12

=== ++ and -- in both forms, on variables and list elements
status: 1
--- stdin
i = 5
i++
i
++i
(i++)
i
(--i)
(i--)
i
v = [10, 20]
v[1]++
v
(++v[0])
(v[0]--)
v
--5
5--3
- -x = 1
--- stdout
6
7
8
7
7
6
[10, 21]
11
11
[10, 21]
5
8
--- stderr
bigcalc: <stdin>:18:6: syntax error: the left side of '=' must be a variable name or a list element

=== every compound assignment
--- stdin
x = 100
x += 5; x
x -= 10; x
x *= 3; x
x /= 4; x
x %= 50; x
x ^= 3; x
x <<= 4; x
x >>= 2; x
x &= 0xff; x
x |= 0x100; x
v = [1, [2, 3]]
v[1][0] *= 21
v
--- stdout
105
95
285
71
21
9261
148176
37044
180
436
[1, [42, 3]]

=== print: strings with escapes, values, obase, no newline unless written
--- stdin
print "a\tb\\c\"d\n"
print "p = ", 2^64, ", list ", [1, [2]], "\n"
obase = 16
print 255, " ", [16, -1], "\n"
obase = 10
print "no newline"
print "\n", 1, 2, "\n"
--- stdout
a	b\c"d
p = 18446744073709551616, list [1, [2]]
0xff [0x10, -0x1]
no newline
12

=== print errors: unknown escape, open string, string outside print
status: 1
--- stdin
print "a\qb"
print "abc
x = "s"
print "ok\n"
--- stdout
ok
--- stderr
bigcalc: <stdin>:1:9: syntax error: unknown escape '\q' in a string (known: \n \t \\ \")
bigcalc: <stdin>:2:7: syntax error: unterminated string (strings end on their line)
bigcalc: <stdin>:3:5: syntax error: a string may only be an argument of print

=== quit ends a pipe; later statements do not run
--- stdin
1
quit
2
--- stdout
1

=== exit(status) ends the run with that status
status: 7
--- stdin
print "bye\n"
if (1) exit(7)
print "not reached\n"
--- stdout
bye

=== exit inside a function, from -e
args: -e 'def f() { exit(3) }' -e 'f()' -e 99
status: 3

=== exit status out of range
status: 1
--- stdin
exit(256)
exit(-1)
exit([1])
5
--- stdout
5
--- stderr
bigcalc: <stdin>:1:6: exit status must be between 0 and 255
bigcalc: <stdin>:2:6: exit status must be between 0 and 255
bigcalc: <stdin>:3:6: exit status must be between 0 and 255

=== statement errors at the right position
status: 1
--- stdin
break
continue
return 5
local x
if (1 { }
while x) 1
for (i = 0; i < 3) 1
for (x in 5) 1
{ 1 }
}
else 3
if ([1]) 2
--- stdout
1
--- stderr
bigcalc: <stdin>:1:1: 'break' outside a loop
bigcalc: <stdin>:2:1: 'continue' outside a loop
bigcalc: <stdin>:3:1: 'return' outside a function
bigcalc: <stdin>:4:1: 'local' is only allowed inside a function body (other names are global)
bigcalc: <stdin>:5:7: syntax error: expected ')', found '{'
bigcalc: <stdin>:6:7: syntax error: expected '(' after 'while', found name 'x'
bigcalc: <stdin>:7:18: syntax error: expected ';' in for (init; condition; step), found ')'
bigcalc: <stdin>:8:11: for (x in ...) needs a list, found an integer
bigcalc: <stdin>:10:1: syntax error: unmatched '}'
bigcalc: <stdin>:11:1: syntax error: 'else' without 'if'
bigcalc: <stdin>:12:5: a condition must be an integer, found a list

=== an unclosed block at the end of input
status: 1
--- stdin
x = 1
while (x) {
  x = 0
--- stderr
bigcalc: <stdin>:2:11: syntax error: '{' is never closed

=== a loop runs with --verify and under --strict the same
args: --verify --strict
--- stdin
s = 0; for (i = 0; i < 1000; i++) s += i * i
s
p = 1; for (i = 0; i < 100; i++) p *= 3
p == 3^100
--- stdout
332833500
1

=== --max-bits refuses an oversize result inside a loop and a function
status: 1
args: --max-bits 10000
--- stdin
x = 3; for (i = 0; i < 100; i++) x = x * x
i
bitlen(x) < 10000
def grow(v) { while (1) v = v * v }
grow(7)
for (k = 0; k < 3; k++) y = 2^(20000 + k)
k
--- stdout
12
1
0
--- stderr
bigcalc: <stdin>:1:40: result too large: needs 12985 bits, limit is 10000 (--max-bits)
bigcalc: <stdin>:4:31: result too large: needs 11499 bits, limit is 10000 (--max-bits) (in grow, called at 5:1)
bigcalc: <stdin>:6:30: result too large: needs 20001 bits, limit is 10000 (--max-bits)

=== out of memory inside a loop is an error of that statement
status: 1
env: BIGCALC_TEST_FAIL_ALLOC_AFTER=40
--- stdin
x = 1; for (i = 0; i < 1000; i++) x = x * 2^64
--- stderr-re
bigcalc: <stdin>:1:\d+: out of memory
