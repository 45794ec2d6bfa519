=== factor() gives [p, e] pairs as gp
args: -e 'factor(2^128+1)' -e 'factor(-12)' -e 'factor(0)' -e 'factor(1)' -e 'factor(2^10)'
--- stdout
[[59649589127497217, 1], [5704689200685129054721, 1]]
[[-1, 1], [2, 2], [3, 1]]
[[0, 1]]
[]
[[2, 10]]

=== factor(n, B) stops after trial division below B
args: -e 'factor(10^21+1, 100)' -e 'factor(12*6700417^3, 100)'
--- stdout
[[7, 2], [11, 1], [13, 1], [142714428428714143, 1]]
[[2, 2], [3, 1], [6700417, 3]]

=== factor(n, B) with a bad bound
args: -e 'factor(10, 1)'
status: 1
--- stderr-re
bigcalc: <arg>:1:1: factor\(\): .*B must be an integer of at least 2.*

=== factor() under --verify
args: --verify -e 'factor(2^256+1)'
--- stdout
[[1238926361552897, 1], [93461639715357977769163558199606896584051237541638188580280321, 1]]

=== a corrupted factorisation is caught by --verify
args: --verify -e 'factor(2^64+1)'
env: BIGCALC_FAULT=factor
status: 3
--- stdout
[[274177, 1], [67280421310720, 1]]
--- stderr-re
bigcalc: verify: mismatch in factor .*

=== one-shot factor prints coreutils' format
args: factor 0 1 12 '2^64+1' -6 18446744073709551615
--- stdout
0:
1:
12: 2 2 3
18446744073709551617: 274177 67280421310721
-6: -1 2 3
18446744073709551615: 3 5 17 257 641 65537 6700417

=== one-shot factor reads stdin when given no numbers
args: factor
--- stdin
4294967297  1000000007
340282366920938463463374607431768211457
--- stdout
4294967297: 641 6700417
1000000007: 1000000007
340282366920938463463374607431768211457: 59649589127497217 5704689200685129054721

=== one-shot factor goes on after a bad number
args: factor 10 'x+' 15
status: 1
--- stdout
10: 2 5
15: 3 5
--- stderr-re
bigcalc: <arg>:.*

=== the toolkit under --verify: each result checked by an identity
args: --verify -e 'sqrtmod(2, 7)' -e 'sqrtmods(4, 15)' -e 'znlog(8, 2, 11)' -e 'chinese([2, 3], [3, 5])' -e 'crt([3, 5], [4, 6])' -e 'eulerphi(2^128+1)' -e 'sigma(2^64+1, 2)' -e 'sqrtmod(4, (10^99+289)*1000000007)'
--- stdout
3
[2, 7, 8, 13]
3
8
11
340282366920938457758625757157511659520
340282366925465118592016216137989881860
2

=== --verify agrees with "no solution" where GMP can decide it
args: --verify -e 'crt([1, 2], [4, 6])' -e 'sqrtmod(3, 7)' -e 'sqrtmods(3, 7)'
status: 1
--- stdout
[]
--- stderr-re
bigcalc: <arg 1>:1:1: crt\(\): the congruences have no common solution
bigcalc: <arg 2>:1:1: sqrtmod\(\): a has no square root modulo m

=== a corrupted square root is caught by --verify
args: --verify -e 'sqrtmod(2, 7)'
env: BIGCALC_FAULT=sqrtmod
status: 3
--- stdout
2
--- stderr-re
bigcalc: verify: mismatch in sqrtmod .*r\^2 - a is not a multiple of m

=== a corrupted discrete logarithm is caught by --verify
args: --verify -e 'znlog(8, 2, 11)'
env: BIGCALC_FAULT=znlog
status: 3
--- stdout
2
--- stderr-re
bigcalc: verify: mismatch in znlog .*g\^e differs from x modulo m

=== a corrupted CRT solution is caught by --verify
args: --verify -e 'chinese([2, 3], [3, 5])'
env: BIGCALC_FAULT=chinese
status: 3
--- stdout
9
--- stderr-re
bigcalc: verify: mismatch in chinese .*fails congruence 1

=== corrupted eulerphi and sigma are caught by --verify
args: --verify -e 'eulerphi(2^64+1)'
env: BIGCALC_FAULT=eulerphi
status: 3
--- stdout
18446676793287966721
--- stderr-re
bigcalc: verify: mismatch in eulerphi .*differs from GMP's value from the factorisation

=== a corrupted sigma is caught by --verify
args: --verify -e 'sigma(2^64+1)'
env: BIGCALC_FAULT=sigma
status: 3
--- stdout
18446811354131136517
--- stderr-re
bigcalc: verify: mismatch in sigma .*differs from GMP's value from the factorisation
