# Hostile input and faults (issue 14): each case is a regression test of
# a defect found by fuzzing, fault injection or signals.

=== deep recursion holding big values ends in "out of memory" within the memory budget; later statements run
env: BIGCALC_MEMORY_LIMIT=300M
args: -e 'def h(a) = 2^(2^20) + h(a-1)' -e 'h(100)' -e '1+1'
status: 1
--- stdout
2
--- stderr-re
bigcalc: <arg[ 0-9]*>:1:\d+: out of memory \(in h.*\)

=== a value too large for the memory budget is "out of memory", the session goes on
env: BIGCALC_MEMORY_LIMIT=64M
args: -e 'x = 2^(2^30)' -e 'bitlen(2^(2^20))'
status: 1
--- stdout
1048577
--- stderr-re
bigcalc: <arg[ 0-9]*>:1:6: out of memory

=== option values are echoed without terminal controls (ESC shown as '?')
args: --cpu '[31m'
status: 2
--- stderr-re
bigcalc: unknown or unsupported kernel path '\?\[31m' \(this machine supports: [a-z0-9_, ]+\)
Try 'bigcalc --help' for more information.


=== --max-bits takes every 64-bit value (defect 10)
args: --max-bits 18446744073709551615 -e 'bitlen(2^1000)'
--- stdout
1001

=== a value given to an option without one names the option (defect 11)
args: --verify=1 -e 1
status: 2
--- stderr
bigcalc: option '--verify' takes no value
Try 'bigcalc --help' for more information.

=== an unknown long option is named whole
args: --verifyy -e 1
status: 2
--- stderr
bigcalc: unknown option '--verifyy'
Try 'bigcalc --help' for more information.

=== BIGCALC_CPU naming no kernel path: --version warns and answers (defect 11)
env: BIGCALC_CPU=bogus
args: --version
--- stdout-re
bigcalc .*
kernel path: .*
thresholds: .*
verification: GMP .*
--- stderr-re
bigcalc: ignoring BIGCALC_CPU: unknown or unsupported kernel path 'bogus' \(this machine supports: [a-z0-9_, ]+\)

=== BIGCALC_THREADS that is no count: --version warns and answers, as for BIGCALC_CPU
env: BIGCALC_THREADS=bogus
args: --version
--- stdout-re
bigcalc .*
kernel path: .*
thresholds: .*
verification: GMP .*
--- stderr
bigcalc: ignoring BIGCALC_THREADS 'bogus': expected a thread count from 1 to 64

=== --threads is read as every option's number
args: --threads 0x2 -e '2^100 % 7' --threads 2^1
--- stdout
2

=== fact(n) mod m for a huge n: 0 when m divides n! (defect 13)
args: -e 'fact(2^64) mod (2^64+1)' -e '(2^64)! mod (2^64+1)' -e 'fact(2^64) mod 2^100'
--- stdout
0
0
0

=== fact(n) mod p for a huge n just below a prime p: Wilson's theorem
args: -e 'p = nextprime(2^40); fact(p - 10) mod p' -e 'fact(2^127-4) mod (2^127-1)'
--- stdout
498031378826
85070591730234615865843651857942052863

=== fact(n) mod m that would take hours is refused, not left running (defect 13)
args: -e 'fact(2^63) mod (2^127-1)' -e '(2^63)! mod (2^127-1)' -e 1
status: 1
--- stdout
1
--- stderr
bigcalc: <arg 1>:1:1: fact(): n! mod m is refused for n >= 2^40 unless m divides n! (found by factoring an m of up to 128 bits) or m is a prime with m - n < 2^40
bigcalc: <arg 2>:1:7: n! mod m is refused for n >= 2^40 unless m divides n! (found by factoring an m of up to 128 bits) or m is a prime with m - n < 2^40

=== 0 times a huge power of ten is 0 (defect 13)
args: -e '0e99999999999999999999' -e '0e99999999999999999999 + 1'
--- stdout
0
1

=== --verify: after a mismatch GMP's value is printed and used (defect 14)
env: BIGCALC_FAULT=mul
args: --verify -e 'y = 3^100 * 7^50' -e 'y' -e 'y - 3^100 * 7^50'
status: 3
--- stdout-py
str(3**100 * 7**50) + "\n0"
--- stderr-re
bigcalc: verify: mismatch in mul \(operands .*\): result limb 0 is 0x[0-9a-f]+, GMP has 0x[0-9a-f]+; GMP's value is used

=== --verify: a fault in sqr is reachable (x*x of one value squares) (defect 14)
env: BIGCALC_FAULT=sqr
args: --verify -e 'x = 3^100' -e 'x * x'
status: 3
--- stdout-py
3**200
--- stderr-re
bigcalc: verify: mismatch in sqr \(.*\): .*; GMP's value is used

=== --verify: a fault in fdiv is reachable through fdiv() (defect 14)
env: BIGCALC_FAULT=fdiv
args: --verify -e 'fdiv(-3^100, 7)'
status: 3
--- stdout-py
(-3**100) // 7
--- stderr-re
bigcalc: verify: mismatch in fdiv \(.*\): .*; GMP's value is used

=== --verify: a faulty comparison of big values is caught and GMP's answer used (defect 14)
env: BIGCALC_FAULT=cmp
args: --verify -e 'x = 1267650600228229401496703205376; y = x + 1' -e 'x < y' -e 'max(x, y) - x'
status: 3
--- stdout
1
1
--- stderr-re
bigcalc: verify: mismatch in cmp \(operands of 2, 2 limbs; kernels [a-z0-9_]+\): cmp is 1, GMP has -1; GMP's value is used

=== --verify: a faulty comparison inside min and sort is caught (defect 14)
env: BIGCALC_FAULT=cmp
args: --verify -e 'x = 1267650600228229401496703205376' -e 'sort([x + 2, x, x + 1])[0] - x'
status: 3
--- stdout
0
--- stderr-re
bigcalc: verify: mismatch in cmp \(operands of 2, 2 limbs; .*\): cmp is -?1, GMP has -?1; GMP's value is used

=== --verify: a faulty sign test is caught (defect 14)
env: BIGCALC_FAULT=sgn
args: --verify -e 'x = -1267650600228229401496703205376' -e 'sgn(x)'
status: 3
--- stdout
-1
--- stderr-re
bigcalc: verify: mismatch in sgn \(operand of 2 limbs; .*\): sgn is 1, GMP has -1; GMP's value is used

=== --verify: abs, negation and bitlen are checked (defect 14)
env: BIGCALC_FAULT=neg
args: --verify -e 'x = 1267650600228229401496703205381' -e '-x' -e 'abs(-x) - x' -e 'bitlen(-x)'
status: 3
--- stdout
-1267650600228229401496703205381
0
101
--- stderr-re
bigcalc: verify: mismatch in neg \(operand of 2 limbs; .*\): result limb 0 is 0x0+4, GMP has 0x0+5; GMP's value is used

=== --verify: bitlen is checked (defect 14)
env: BIGCALC_FAULT=bitlen
args: --verify -e 'bitlen(-1267650600228229401496703205381)'
status: 3
--- stdout
101
--- stderr-re
bigcalc: verify: mismatch in bitlen \(.*\): result limb 0 is 0x0+64, GMP has 0x0+65; GMP's value is used

=== --verify --seed: a random draw is replayed from the seed; a wrong one is caught and the replayed value used (defect 14)
env: BIGCALC_FAULT=random
args: --verify --seed 7 -e 'random(10^30)'
status: 3
--- stdout
499905545191349396105323968090
--- stderr-re
bigcalc: verify: mismatch in random \(operand of 2 limbs; .*\): result limb 0 is 0x[0-9a-f]+, GMP has 0x[0-9a-f]+; GMP's value is used

=== --seed: the same seed gives the same stream with and without --verify (defect 14)
args: --seed 7 -e 'random(10^30)' -e 'randbits(100)' -e 'randprime(80)'
--- stdout
499905545191349396105323968090
247124319888203098140195977622
650412246339292990192831

=== the same with --verify: nothing to report, the same values (defect 14)
args: --verify --seed 7 -e 'random(10^30)' -e 'randbits(100)' -e 'randprime(80)'
--- stdout
499905545191349396105323968090
247124319888203098140195977622
650412246339292990192831

=== --verify without --seed: a draw out of its range is caught; there is no value to use instead (defect 14)
env: BIGCALC_FAULT=randbits
args: --verify -e 'randbits(100) < 2^100'
status: 3
--- stdout
0
--- stderr-re
bigcalc: verify: mismatch in randbits \(operand of 1 limbs; .*\): the result has 101 bits, more than 100; no value to use instead, the engine's stays

=== --verify: randprime's result is checked for its size and primality (defect 14)
env: BIGCALC_FAULT=randprime
args: --verify -e 'bitlen(randprime(80))'
status: 3
--- stdout
81
--- stderr-re
bigcalc: verify: mismatch in randprime \(.*\): the result has 81 bits, not 80; no value to use instead, the engine's stays

=== deep recursion: each frame holds only its live big value (about 128 KiB here), so a 300 MB budget allows well over 1500 calls (defect 2)
env: BIGCALC_MEMORY_LIMIT=300M
args: -e 'n = 0; def h(a) { n++; return 2^(2^20) + h(a-1) }' -e 'h(100)' -e 'n > 1500'
status: 1
--- stdout
1
--- stderr-re
bigcalc: <arg 1>:1:\d+: out of memory \(in h, called from h at 1:\d+ \(\d+ times\), called at <arg 2>:1:1\)

=== factor input that sets obase: later numbers below 2^64 print in that base too (found by fuzz-lines)
args: factor
--- stdin
obase=16 12
--- stdout
0x10: 0x2 0x2 0x2 0x2
0xc: 0x2 0x2 0x3
