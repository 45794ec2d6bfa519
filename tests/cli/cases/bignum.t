# Big numbers, checked against Python's own integers.

=== Mersenne number 2^4423-1
args: -e '2^4423 - 1'
--- stdout-py
2**4423 - 1

=== 100!
args: -e '100!'
--- stdout-py
factorial(100)

=== 1000! by fact()
args: -e 'fact(1000)'
--- stdout-py
factorial(1000)

=== 3^10000
args: -e '3^10000'
--- stdout-py
3**10000

=== division of big numbers truncates
args: -e '(7^500 + 12345) / 3^300' -e '-(7^500 + 12345) / 3^300' -e '(7^500 + 12345) % 3^300' -e '-(7^500 + 12345) % 3^300'
--- stdout-py
"\n".join(str(v) for v in [(7**500 + 12345) // 3**300, -((7**500 + 12345) // 3**300), (7**500 + 12345) % 3**300, -((7**500 + 12345) % 3**300)])

=== mod of a big negative number
args: -e '-(5^777) mod 2^521-1'
--- stdout-py
(-(5**777)) % (2**521 - 1)

=== big shifts and bitwise operations
args: -e '(2^1000 - 1) >> 500' -e '-(2^1000) >> 333' -e '(3^700) & (5^400)' -e '-(3^700) | (5^400)' -e 'xor(-(3^700), 7^300)'
--- stdout-py
"\n".join(str(v) for v in [(2**1000 - 1) >> 500, -(2**1000) >> 333, 3**700 & 5**400, -(3**700) | 5**400, -(3**700) ^ 7**300])

=== fib(10000)
args: -e 'fib(10000)'
--- stdout-py
fib(10000)

=== isqrt of a big square and its neighbour
args: -e 'isqrt(10^2000)' -e 'isqrt(10^2000 - 1)'
--- stdout-py
"%d\n%d" % (10**1000, 10**1000 - 1)

=== gcd of big numbers
args: -e 'gcd(2^300 * 3^200, 2^250 * 3^250 * 5)'
--- stdout-py
2**250 * 3**200

=== powmod with a 2048-bit modulus
args: -e 'powmod(3, 2^2048 - 1, 2^2048 - 159)'
--- stdout-py
pow(3, 2**2048 - 1, 2**2048 - 159)

=== a long pipe of small expressions
--- stdin-py
"".join("123456789*987654321+%d\n" % i for i in range(20000))
--- stdout-py
"\n".join(str(123456789*987654321 + i) for i in range(20000))

=== big literals in every base
--- stdin-py
'0x' + 'f' * 300 + '\n0b' + '1' * 999 + '\n0o' + '7' * 400 + '\n'
--- stdout-py
"%d\n%d\n%d" % (16**300 - 1, 2**999 - 1, 8**400 - 1)
