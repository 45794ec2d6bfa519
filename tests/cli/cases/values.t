# Values are shared, never copied by reading them (man page, Variables).
# x = 2^(2^26) is 8 MiB; a 12M memory budget (BIGCALC_MEMORY_LIMIT, 7/8 of
# it usable) holds one copy of x but not two, so each of these statements
# fails with "out of memory" if reading x copies it.

=== a builtin reads a variable without copying it
env: BIGCALC_MEMORY_LIMIT=12M
args: -e 'x = 2^(2^26)' -e 'bitlen(x)' -e 'popcount(x)' -e 'isprime(x)' -e 'bit(x, 2^26)' -e 'x == x; [x] == [x]'
--- stdout
67108865
1
0
1
1
1

=== assignment, function arguments, locals and return values share the value
env: BIGCALC_MEMORY_LIMIT=12M
args: -e 'x = 2^(2^26); y = x; z = y' -e 'def id(a) = a' -e 'def bl(a) { local t = a; return bitlen(id(t)) }' -e 'bl(id(z))' -e 'w = id(x); bitlen(w) + bitlen(x)'
--- stdout
67108865
134217730

=== list elements share the value
env: BIGCALC_MEMORY_LIMIT=12M
args: -e 'x = 2^(2^26); l = [x, [x, 1]]; m = l' -e 'm[1][1] = 2' -e 'bitlen(l[1][0]) + bitlen(m[0])' -e 'l[1][1]; m[1][1]' -e 'bitlen(max(x, 3))' -e 'bitlen(max(l[1]))'
--- stdout
134217730
1
2
67108865
67108865

=== a write through one name is not seen through another
args: -e 'x = 2^200; y = x; l = [x]; y += 1; l[0] -= 1; x - 2^200; y - 2^200; l[0] - 2^200' -e 'def f(a) { a = -a; return abs(a) == x }' -e 'f(x); x > 0; abs(-x) == x; gcd(x, x) == x; x'
--- stdout
0
1
-1
1
1
1
1
1606938044258990275541962092341162602522202993782792835301376
