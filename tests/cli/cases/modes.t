# Command-line modes, options, one-shots, usage errors and exit statuses
# (man/bigcalc.1, DESCRIPTION).

=== pipe mode runs stdin as a program
--- stdin
2 + 2
--- stdout
4

=== -e evaluates each expression in order
args: -e '1+1' -e 'x = 3' -e 'x * x'
--- stdout
2
9

=== -e with several statements
args: -e 'a = 2; b = 3; a ^ b'
--- stdout
8

=== --expression is -e
args: --expression 6*7
--- stdout
42

=== FILE arguments run in order and share variables
args: $CASES/data/set-x.bc $CASES/data/use-x.bc
--- stdout
10
20

=== '-' among files is stdin
args: $CASES/data/set-x.bc - $CASES/data/use-x.bc
--- stdin
x = x + 1
x
--- stdout
10
11
22

=== errors in a file name the file and line
args: $CASES/data/errors.bc
status: 1
--- stdout
1
3
--- stderr-re
bigcalc: \S*errors\.bc:2:2: division by zero
bigcalc: \S*errors\.bc:4:1: unknown variable 'nope'

=== a missing file is a usage error
args: $CASES/data/no-such-file.bc
status: 2
--- stderr-re
bigcalc: cannot open '\S*no-such-file\.bc': No such file or directory

=== a missing file among others: nothing runs, usage error
args: -e 1 $CASES/data/set-x.bc $CASES/data/no-such-file.bc $CASES/data/use-x.bc
status: 2
--- stderr-re
bigcalc: cannot open '\S*no-such-file\.bc': No such file or directory

=== exit status 0 when every statement succeeds
args: -e 1 -e 2
--- stdout
1
2

=== exit status 1 when a statement fails, later ones still run
args: -e 1/0 -e 5
status: 1
--- stdout
5
--- stderr
bigcalc: <arg 1>:1:2: division by zero

=== one-shot: builtin with expression arguments
args: gcd 12 18
--- stdout
6

=== one-shot: arguments are full expressions
args: max '2^10' '10^3' '3*333'
--- stdout
1024

=== one-shot: negative numbers are not options
args: abs -5
--- stdout
5

=== one-shot: options before the function
args: --obase 16 max 255 16
--- stdout
0xff

=== one-shot: modexp from the man page
args: modexp 3 '2^255-20' '2^255-19'
--- stdout
1

=== one-shot: wrong number of arguments is a usage error
args: isprime
status: 2
--- stderr
bigcalc: isprime takes 1 or 2 arguments, got 0
usage: bigcalc isprime ARG...   (as in isprime(n[, rounds]))
Try 'bigcalc --help' for more information.

=== one-shot: too many arguments
args: abs 1 2
status: 2
--- stderr
bigcalc: abs takes 1 argument, got 2
usage: bigcalc abs ARG...   (as in abs(n))
Try 'bigcalc --help' for more information.

=== one-shot: unknown function with a hint
args: modexpp 1 2 3
status: 2
--- stderr
bigcalc: 'modexpp' is neither a file nor a builtin function (did you mean 'modexp'?)
Try 'bigcalc --help' for more information.

=== one-shot: a bad argument expression
args: gcd 4 'y'
status: 1
--- stderr
bigcalc: <arg>:1:1: unknown variable 'y'

=== one-shot: an error of the function itself
args: invmod 2 4
status: 1
--- stderr
bigcalc: <arg>:1:1: not invertible in invmod() (gcd with the modulus is not 1)

=== one-shot: modexp with no arguments reads B E M lines, one output line per input line
args: modexp
status: 1
--- stdin
4 13 497
2 10 1000

# a comment line
1 2
2 x 3
2 3 0
3 0 7
--- stdout
445
24





1
--- stderr
bigcalc: <stdin>:5:1: expected 3 values 'B E M', found 2
bigcalc: <stdin>:6:3: unknown variable 'x'
bigcalc: <stdin>:7:1: modulus is zero in modexp()

=== one-shot: modexp lines take expressions without spaces
args: modexp
--- stdin
3 2^255-20 2^255-19
--- stdout
1

=== --obase sets the output base
args: --obase 2 -e 10
--- stdout
0b1010

=== -o is --obase
args: -o 8 -e 64
--- stdout
0o100

=== --obase out of range is a usage error
args: --obase 37 -e 1
status: 2
--- stderr
bigcalc: invalid --obase '37': must be from 2 to 36
Try 'bigcalc --help' for more information.

=== unknown long option
args: --bogus
status: 2
--- stderr
bigcalc: unknown option '--bogus'
Try 'bigcalc --help' for more information.

=== unknown short option
args: -x
status: 2
--- stderr
bigcalc: unknown option '-x'
Try 'bigcalc --help' for more information.

=== option missing its value
args: -e
status: 2
--- stderr
bigcalc: option '-e' needs a value
Try 'bigcalc --help' for more information.

=== --max-bits refuses a result before computing it
args: --max-bits 100 -e '2^99' -e '2^200'
status: 1
--- stdout
633825300114114700748351602688
--- stderr
bigcalc: <arg 2>:1:2: result too large: needs 201 bits, limit is 100 (--max-bits)

=== --max-bits bounds powers and literals by their true size, not 4 bits a digit
args: --max-bits 1300 -e 'bitlen(3^820)' -e 'bitlen(1e391)' -e '3^821' -e 'bitlen(10^391)' -e '1e392'
status: 1
--- stdout
1300
1299
1299
--- stderr
bigcalc: <arg 3>:1:2: result too large: needs 1302 bits, limit is 1300 (--max-bits)
bigcalc: <arg 5>:1:1: result too large: needs 1303 bits, limit is 1300 (--max-bits)

=== --max-bits as a power of two, as the help writes the default
args: --max-bits 2^10 -e 'bitlen(2^1023)' -e '2^1024'
status: 1
--- stdout
1024
--- stderr
bigcalc: <arg 2>:1:2: result too large: needs 1025 bits, limit is 1024 (--max-bits)

=== --max-bits 2^64 is not a 64-bit count
args: --max-bits 2^64 -e 1
status: 2
--- stderr
bigcalc: invalid --max-bits '2^64': must be from 1 to 18446744073709551615
Try 'bigcalc --help' for more information.

=== --max-bits with a bad value
args: --max-bits lots -e 1
status: 2
--- stderr
bigcalc: invalid --max-bits 'lots': cannot read 'lots' as a number of bits
Try 'bigcalc --help' for more information.

=== default size limit: 2^(2^40) is refused at once
args: -e '2^(2^40)'
status: 1
--- stderr-re
bigcalc: <arg>:1:2: result too large: needs \d+ bits, limit is 17179869184 \(--max-bits\)

=== default size limit: 1 << 2^62
args: -e '1 << 2^62'
status: 1
--- stderr-re
bigcalc: <arg>:1:3: result too large: needs \d+ bits, limit is 17179869184 \(--max-bits\)

=== default size limit: (10^10)!
args: -e '(10^10)!'
status: 1
--- stderr-re
bigcalc: <arg>:1:8: result too large: needs at least \d+ bits, limit is 17179869184 \(--max-bits\)

=== default size limit: fib(10^30)
args: -e 'fib(10^30)'
status: 1
--- stderr-re
bigcalc: <arg>:1:1: result too large: needs .* bits, limit is 17179869184 \(--max-bits\)

=== --cpu generic
args: --cpu generic -e '2^64 * 2^64'
--- stdout
340282366920938463463374607431768211456

=== --cpu with an unknown path is a usage error
args: --cpu nosuch -e 1
status: 2
--- stderr-re
bigcalc: unknown or unsupported kernel path 'nosuch' \(this machine supports: [a-z0-9_, ]*generic\)
Try 'bigcalc --help' for more information.

=== BIGCALC_CPU with an unknown path is a usage error
env: BIGCALC_CPU=nosuch
args: -e 1
status: 2
--- stderr-re
bigcalc: unknown or unsupported kernel path 'nosuch' in BIGCALC_CPU \(this machine supports: .*\)
Try 'bigcalc --help' for more information.

=== BIGCALC_CPU=generic works
env: BIGCALC_CPU=generic
args: -e '3^40'
--- stdout
12157665459056928801

=== -t prints each statement's time to stderr
args: -t -e '2+2' -e 'x = 1'
--- stdout
4
--- stderr-re
time: \d+\.\d{6} s \(cpu \d+\.\d{6} s\)
time: \d+\.\d{6} s \(cpu \d+\.\d{6} s\)

=== --verify runs the same and finds no mismatch
args: --verify -e '3^200 * 7^100 - 1' -e '(2^300 + 1) / (2^100 - 3)' -e '-(10^50) >> 7'
--- stdout-py
"%d\n%d\n%d" % (3**200 * 7**100 - 1, (2**300 + 1) // (2**100 - 3), -(10**50) >> 7)

=== -V is --verify
args: -V -e '123456789 * 987654321'
--- stdout
121932631112635269

=== --seed makes random reproducible (same seed, same numbers)
args: --seed 42 -e 'a = random(10^30); b = randbits(100); c = randprime(40)' -e 'a < 10^30 && b < 2^100 && isprime(c)'
--- stdout
1

=== --help lists every option
args: --help
--- stdout-re
(?s)Usage: bigcalc.*-e, --expression.*-V, --verify.*-o, --obase.*--digits.*--max-bits.*-t, --time.*--cpu.*--seed.*-s, --strict.*-q, --quiet.*-h, --help.*--version.*Exit status.*

=== --help lists every builtin
args: --help
--- stdout-re
(?s).*abs\(n\).*sgn.*min.*max.*gcd.*lcm.*powmod.*modexp.*invmod.*mulmod.*isqrt.*sqrt.*iroot.*jacobi.*isprime.*nextprime.*prevprime.*fact.*binomial.*fib.*lucas.*popcount.*bitlen.*digits.*bit\(n, i\).*xor.*random.*randbits.*randprime.*

=== --version names the kernel path and the GMP version
args: --version
--- stdout-re
bigcalc \d+\.\d+\.\d+\nkernel path: \S+ \(available: [a-z0-9_ ]*generic\)\nthresholds: [a-z0-9_]+( [a-z0-9_]+)?\nverification: GMP \d+\.\d+\.\d+

=== --version follows --cpu
args: --cpu generic --version
--- stdout-re
bigcalc \S+\nkernel path: generic .*

=== --verify: an injected fault is reported and the run exits 3
env: BIGCALC_FAULT=mul
args: --verify -e '3^100 * 7^50' -e '2 + 2'
status: 3
--- stdout-re
\d+
4
--- stderr-re
bigcalc: verify: mismatch in mul \(operands .*\): result limb 0 is 0x[0-9a-f]+, GMP has 0x[0-9a-f]+; GMP's value is used

=== without --verify an injected fault goes unnoticed (the hook needs --verify)
env: BIGCALC_FAULT=mul
args: -e '3 * 5'
--- stdout
15

=== a directory is not a program
args: $CASES/data
status: 2
--- stderr-re
bigcalc: cannot open '\S*data': Is a directory

=== a one-shot cannot follow -e
args: -e 1 gcd 4 6
status: 2
--- stderr
bigcalc: 'gcd' is a builtin function: a one-shot cannot be combined with -e
Try 'bigcalc --help' for more information.

=== a file named like a builtin runs as ./NAME
args: $CASES/data/gcd
--- stdout
42

=== CRLF line endings and blank lines are fine
--- stdin-py
'1 + 1\r\n\r\n\r\n2 * 3\r\n'
--- stdout
2
6

=== stdin without a final newline
--- stdin-py
'5 * 5'
--- stdout
25

=== empty input
--- stdin-py
''

=== one-shot under --verify: an injected fault is reported, exit 3
env: BIGCALC_FAULT=gcd
args: --verify gcd '2^100' '6^50'
status: 3
--- stdout-re
\d+
--- stderr-re
bigcalc: verify: mismatch in gcd .*

=== modexp lines under --strict stop at the first bad line
args: --strict modexp
status: 1
--- stdin
2 10 1000
2 3 0
3 3 100
--- stdout-py
"24\n"
--- stderr
bigcalc: <stdin>:2:1: modulus is zero in modexp()

=== --threads: a threaded huge product, checked by --verify
args: --threads 2 -V -e '(7^2000000 * 11^1500000) % 1000003'
--- stdout
160754

=== --threads 1 gives the same result
args: --threads 1 -e '(7^2000000 * 11^1500000) % 1000003'
--- stdout
160754

=== BIGCALC_THREADS sets the thread count
env: BIGCALC_THREADS=3
args: -e '(7^2000000 * 11^1500000) % 1000003'
--- stdout
160754

=== --threads out of range is a usage error
args: --threads 0 -e 1
status: 2
--- stderr
bigcalc: invalid --threads '0': expected a thread count from 1 to 64
Try 'bigcalc --help' for more information.

=== BIGCALC_THREADS that is not a number is a usage error
env: BIGCALC_THREADS=x
args: -e 1
status: 2
--- stderr
bigcalc: invalid BIGCALC_THREADS 'x': expected a thread count from 1 to 64
Try 'bigcalc --help' for more information.
