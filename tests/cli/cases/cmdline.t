# The command line as a script writer meets it: operand order, -i, what a
# mistaken operand says, naming the failing -e, '--' after FUNC, -t on
# one-shots, and numbers in option values written as the language writes them.

=== operands run in command-line order: a file before -e
args: $CASES/data/set-x.bc -e 'x + 1'
--- stdout
10
11

=== operands run in command-line order: -e, file, -e
args: -e 'x = 1' $CASES/data/use-x.bc -e 'x = 5; x'
--- stdout
2
5

=== an operand that is an expression, not a file, says how to evaluate it
args: 2^100
status: 2
--- stderr
bigcalc: cannot open '2^100' (to evaluate an expression, use -e '2^100')

=== with several -e, an error names which one failed
args: -e '1' -e '2 +* 3' -e 4
status: 1
--- stdout
1
4
--- stderr
bigcalc: <arg 2>:1:4: syntax error: expected an expression, found '*'

=== a single -e is <arg>
args: -e '1/0'
status: 1
--- stderr
bigcalc: <arg>:1:2: division by zero

=== -- ends options after FUNC too
args: abs -- -5
--- stdout
5

=== -t times a one-shot, wall and CPU time
args: -t gcd 12 18
--- stdout
6
--- stderr-re
time: \d+\.\d{6} s \(cpu \d+\.\d{6} s\)

=== -t times each line of batch modexp
args: -t modexp
--- stdin
4 13 497
2 10 1000
--- stdout
445
24
--- stderr-re
time: \d+\.\d{6} s \(cpu \d+\.\d{6} s\)
time: \d+\.\d{6} s \(cpu \d+\.\d{6} s\)

=== option values read as the language writes numbers: 0x10, 1e3, 2^K, 1_000
args: -o 0x10 --max-bits 1e3 --digits 10^3 --seed 1_000 -e 255 -e 'bitlen(2^999)'
--- stdout
0xff
0x3e8

=== an option value that cannot be read says so
args: -o ten -e 1
status: 2
--- stderr
bigcalc: invalid --obase 'ten': cannot read 'ten' as a base
Try 'bigcalc --help' for more information.

=== --seed takes every 64-bit value
args: --seed 18446744073709551615 -e 'random(10) < 10'
--- stdout
1

=== a value too large for 64 bits raised to 0 is 1, as in the language
args: --seed 10e180^0 --digits 99999999999999999999**0 -e 'random(10) < 10'
--- stdout
1

=== --seed 2^64 is out of range
args: --seed 2^64 -e 1
status: 2
--- stderr
bigcalc: invalid --seed '2^64': must be from 0 to 18446744073709551615
Try 'bigcalc --help' for more information.

=== -i runs the operands, then reads stdin (no terminal) with their variables
args: -i $CASES/data/set-x.bc -e 'y = x + 1'
--- stdin
x + y
--- stdout
10
21

=== --interactive is -i
args: --interactive -e 'z = 7'
--- stdin
z * 6
--- stdout
42
