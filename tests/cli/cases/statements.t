# Statements, printing rules, variables, last, obase, multi-line input,
# syntax errors with positions, later statements running after errors.

=== assignment prints nothing unless parenthesised
--- stdin
x = 5
(y = 7)
x * y
x = y = 2
x + y
--- stdout
7
35
4

=== last and _ hold the last printed value
--- stdin
6 * 7
last + 1
_ * 2
x = 100
last
--- stdout
42
43
86
86

=== last starts at 0
args: -e last
--- stdout
0

=== obase 16, 8, 2 carry prefixes 0x, 0o, 0b; other bases B# (read back as literals); 10 none
--- stdin
obase = 16
255
-255
0
obase = 8
8
obase = 2
5
obase = 36
35
obase = 10
obase
--- stdout
0xff
-0xff
0x0
0o10
0b101
36#z
10

=== obase out of range is an error and keeps the old base
status: 1
--- stdin
obase = 1
obase = 37
obase
--- stdout
10
--- stderr
bigcalc: <stdin>:1:7: obase must be between 2 and 36
bigcalc: <stdin>:2:7: obase must be between 2 and 36

=== hexadecimal output can be pasted back
--- stdin
obase = 16
x = 0xdeadbeef
x
obase = 10
0xdeadbeef
--- stdout
0xdeadbeef
3735928559

=== newline and semicolon separate statements
--- stdin
1; 2
3
;
4;
--- stdout
1
2
3
4

=== a statement continues after an operator at the end of a line
--- stdin
1 +
2
x =
  5
x *
  (2 +
   3)
--- stdout
3
25

=== parentheses span lines
--- stdin
(1
+
2)
gcd(12,
    18)
--- stdout
3
6

=== comments
--- stdin
# a whole line
1 # after a statement
/* a block
   over lines */ 2
3 /* inline */ + 4
--- stdout
1
2
7

=== unknown variable
status: 1
--- stdin
y + 1
--- stderr
bigcalc: <stdin>:1:1: unknown variable 'y'

=== an error does not stop later statements; status 1
status: 1
--- stdin
1
1/0
2
zz
3
--- stdout
1
2
3
--- stderr
bigcalc: <stdin>:2:2: division by zero
bigcalc: <stdin>:4:1: unknown variable 'zz'

=== errors keep variables assigned before them
status: 1
--- stdin
x = 5
x = 1/0
x
--- stdout
5
--- stderr
bigcalc: <stdin>:2:6: division by zero

=== --strict stops at the first failing statement
args: --strict
status: 1
--- stdin
1
1/0
2
--- stdout
1
--- stderr
bigcalc: <stdin>:2:2: division by zero

=== -s is --strict
args: -s -e 1 -e 1/0 -e 2
status: 1
--- stdout
1
--- stderr
bigcalc: <arg 2>:1:2: division by zero

=== syntax error: operator where an operand is expected
status: 1
--- stdin
1 +* 2
3
--- stdout
3
--- stderr
bigcalc: <stdin>:1:4: syntax error: expected an expression, found '*'

=== syntax error: two operands
status: 1
--- stdin
1 2
--- stderr
bigcalc: <stdin>:1:3: syntax error: expected an operator or the end of the statement, found number '2'

=== syntax error: unmatched closing parenthesis
status: 1
--- stdin
(1))
--- stderr
bigcalc: <stdin>:1:4: syntax error: unmatched ')'

=== syntax error: unclosed parenthesis at the end of input
status: 1
--- stdin
1
(1 + 2
--- stdout
1
--- stderr
bigcalc: <stdin>:3:1: syntax error: expected ')', found end of input

=== syntax error: unterminated comment
status: 1
--- stdin
1
/* open
2
--- stdout
1
--- stderr
bigcalc: <stdin>:2:1: syntax error: unterminated comment

=== syntax error: unexpected character, only its statement skipped
status: 1
--- stdin
1 $ 2; 3
4
--- stdout
3
4
--- stderr
bigcalc: <stdin>:1:3: syntax error: unexpected character '$'

=== a syntax error costs only its own statement
status: 1
--- stdin
1; 2 +* 3; 4
f(1 +* (2); 3); 5
{ 1 +* 2; 3 }; 6
x = [1,
2 +* 3]; 7
if (1 { }
8
def g(n) {
  1 +* 2
  return 3
}
9; g
--- stdout
1
4
5
6
7
8
9
--- stderr
bigcalc: <stdin>:1:7: syntax error: expected an expression, found '*'
bigcalc: <stdin>:2:6: syntax error: expected an expression, found '*'
bigcalc: <stdin>:3:6: syntax error: expected an expression, found '*'
bigcalc: <stdin>:5:4: syntax error: expected an expression, found '*'
bigcalc: <stdin>:6:7: syntax error: expected ')', found '{'
bigcalc: <stdin>:9:6: syntax error: expected an expression, found '*'
bigcalc: <stdin>:12:4: unknown variable 'g'

=== a syntax error costs only its own statement, in -e too
args: -e '1; 2 +* 3; 4'
status: 1
--- stdout
1
4
--- stderr
bigcalc: <arg>:1:7: syntax error: expected an expression, found '*'

=== syntax error: column counts characters, not bytes
status: 1
--- stdin
print "é", $
--- stderr
bigcalc: <stdin>:1:12: syntax error: unexpected character '$'

=== syntax error: after a multi-byte character
status: 1
--- stdin
1 + é
--- stderr
bigcalc: <stdin>:1:5: syntax error: unexpected character 'é'

=== syntax error: control bytes and broken UTF-8 are named by value, never echoed
status: 1
--- stdin-py
'1\x002\n\x1b[31m\n1 + \udcff\n\udce2\udc82 + 1\n\x7f\n\udcc2\udc85\n3\n'
--- stdout
3
--- stderr
bigcalc: <stdin>:1:2: syntax error: unexpected byte 0x00
bigcalc: <stdin>:2:1: syntax error: unexpected byte 0x1b
bigcalc: <stdin>:3:5: syntax error: unexpected byte 0xff
bigcalc: <stdin>:4:1: syntax error: unexpected byte 0xe2
bigcalc: <stdin>:5:1: syntax error: unexpected byte 0x7f
bigcalc: <stdin>:6:1: syntax error: unexpected byte 0xc2

=== syntax error: keyword as operand
status: 1
--- stdin
mod + 1
--- stderr
bigcalc: <stdin>:1:1: syntax error: 'mod' is a keyword, expected an expression

=== syntax error: assignment to a non-variable
status: 1
--- stdin
3 = 4
--- stderr
bigcalc: <stdin>:1:3: syntax error: the left side of '=' must be a variable name or a list element

=== syntax error: '?' without ':'
status: 1
--- stdin
1 ? 2 3
--- stderr
bigcalc: <stdin>:1:7: syntax error: expected ':' of '?:', found number '3'

=== nesting deeper than the parser allows is an error, not a crash
status: 1
--- stdin-py
'(' * 2000 + '1' + ')' * 2000 + '\n2\n'
--- stdout
2
--- stderr
bigcalc: <stdin>:1:1001: expression nested too deeply (limit 1000 levels)

=== a very long operator chain is fine (no recursion on chains)
--- stdin-py
'1' + '+1' * 200000 + '\n' + '-' * 100001 + '5\n'
--- stdout
200001
-5

=== a parenthesis open over 100000 lines is read in linear time
--- stdin-py
'(1\n' + '+1\n' * 100000 + ')\n'
--- stdout
100001

=== a backslash at the end of a line joins the next line
--- stdin-py
'3 \\\n+ 4\n'
--- stdout
7

=== '?' and ':' on separate lines
--- stdin
x = 1 ? 5
: 6
x
--- stdout
5

=== a block comment over several lines between statements
--- stdin
1 /* a
b
*/ + 2
--- stdout
3

=== output in any base reads back: B#digits literals for bases 2 to 36
status: 1
--- stdin
36#3w5e11264sgsg == 2^64
[2#1011, 8#17, 10#99, 16#ff, 36#Z, -7#66, 3#1_0]
2#12
37#1
07#6
16#ffx
2 # a comment after a blank
10#comment also a comment: c is no decimal digit
obase = 36
x = 2^64 + 12345; -x
[x, -1, 0]
obase = 10
36#3w5e11264sgsg * 36#1 - 2^64
--- stdout
1
[11, 15, 99, 255, 35, -48, 3]
2
10
-36#3w5e11264sqbd
[36#3w5e11264sqbd, -36#1, 36#0]
0
--- stderr
bigcalc: <stdin>:3:1: syntax error: malformed number literal '2#12'
bigcalc: <stdin>:4:1: syntax error: malformed number literal (B#digits needs a base B from 2 to 36) '37#1'
bigcalc: <stdin>:5:1: syntax error: malformed number literal (B#digits needs a base B from 2 to 36) '07#6'
bigcalc: <stdin>:6:1: syntax error: malformed number literal '16#ffx'

=== every base prints in a form that reads back to the same number
--- stdin
x = 3^200 - 7
def rt(b) { obase = b; print x, "\n"; print -x, "\n"; obase = 10 }
for (b = 2; b <= 36; b++) rt(b)
--- stdout-py
"\n".join(s for b in range(2, 37) for s in ((lambda t: (t, "-" + t))(({16: "0x", 8: "0o", 2: "0b", 10: ""}.get(b, "%d#" % b)) + (lambda n: "".join("0123456789abcdefghijklmnopqrstuvwxyz"[d] for d in (lambda ds: ds[::-1])((lambda f: f(f, n))(lambda f, m: [m % b] + f(f, m // b) if m >= b else [m]))))(3**200 - 7))))

=== ibase is refused with the ways to write other bases
args: -e 'ibase = 16' -e 'ibase' -e 'x = ibase + 1' -e 'ibase(16)' -e 'obase = 16; 255'
status: 1
--- stdout
0xff
--- stderr
bigcalc: <arg 1>:1:7: bigcalc has no ibase: write other bases with a prefix, 0x1f, 0o17, 0b101 or B#digits for any base B from 2 to 36 (36#z); obase = N sets the output base
bigcalc: <arg 2>:1:1: bigcalc has no ibase: write other bases with a prefix, 0x1f, 0o17, 0b101 or B#digits for any base B from 2 to 36 (36#z); obase = N sets the output base
bigcalc: <arg 3>:1:5: bigcalc has no ibase: write other bases with a prefix, 0x1f, 0o17, 0b101 or B#digits for any base B from 2 to 36 (36#z); obase = N sets the output base
bigcalc: <arg 4>:1:1: unknown function 'ibase' (bigcalc has no ibase: write other bases with a prefix, 0x1f, 0o17, 0b101 or B#digits for any base B from 2 to 36 (36#z); obase = N sets the output base)

=== option values and one-shot arguments take B#digits too
args: --obase 2#10000 -e '255' -e 'obase = 10; 36#zz'
--- stdout
0xff
1295

=== a one-shot reads B#digits
args: abs -- -36#z
--- stdout
35

=== a syntax error in an if/else chain costs the whole chain, not one error per else line
status: 1
--- stdin
if (0) 1
else if (0) 2 +* 3
else if (0) 4
else 5
6
--- stdout
6
--- stderr
bigcalc: <stdin>:2:16: syntax error: expected an expression, found '*'

=== a statement of more than 1000000 operators and operands is refused; later ones run
status: 1
--- stdin-py
'1+' * 600000 + '1\n7\n'
--- stdout
7
--- stderr-re
bigcalc: <stdin>:1:\d+: statement too large \(limit 1000000 operators and operands\)

=== a line longer than 64 MiB ends the input with an error (input without newlines cannot grow the buffer without bound)
status: 1
--- stdin-py
'1\n' + ' ' * (64 << 20) + '2\n3\n'
--- stdout
1
--- stderr
bigcalc: <stdin>:2: line longer than 64 MiB (the limit): input stops here
