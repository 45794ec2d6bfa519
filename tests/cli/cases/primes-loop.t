# for (p in primes(a, b)) takes the primes one at a time from the sieve
# (man page, primes): no list is built, so ranges far beyond the 2^26
# primes a list may hold run in one window's memory; break, continue,
# return and errors inside the loop free the iterator.

=== the primes of a range, in order, as the list would give them
--- stdin
for (p in primes(10, 30)) print p, " "
print "\n"
s = 0; for (p in primes(1, 10^5)) s += p; s
l = []; for (p in primes(1, 1000)) push(l, p); l == primes(1, 1000)
n = 0; for (p in primes(-7, 2)) n += p; n
n = 0; for (p in primes(30, 10)) n++; n
n = 0; for (p in primes(24, 28)) n++; n
--- stdout
11 13 17 19 23 29 
454396537
1
2
0
0

=== across 2^63 and 2^64 (the sieve, then nextprime)
--- stdin
for (p in primes(2^63 - 60, 2^63 + 60)) print p - 2^63, " "
print "\n"
for (p in primes(2^64 - 100, 2^64 + 100)) print p - 2^64, " "
print "\n"
--- stdout
-25 29 
-95 -83 -59 13 37 51 81 93 

=== break, continue and return inside the loop
--- stdin
for (p in primes(1, 100)) { if (p > 10) break; print p, " " }
print "\n"
for (p in primes(1, 30)) { if (p % 4 == 1) continue; print p, " " }
print "\n"
def firstabove(a) { for (p in primes(1, 10^12)) if (p > a) return p; return 0 }
firstabove(1000); firstabove(10^6)
for (p in primes(1, 5)) for (q in primes(p, 5)) print p * q, " "
print "\n"
--- stdout
2 3 5 7 
2 3 7 11 19 23 
1009
1000003
4 6 10 9 15 25 

=== a range beyond what a list may hold runs in bounded memory
env: BIGCALC_MEMORY_LIMIT=8M
args: -e 'c = 0; for (p in primes(2*10^9, 2*10^9 + 10^7)) c++; c' -e 'length = 0; for (p in primes(1, 2*10^9)) if (p > 10^6) break; p'
--- stdout
467612
1000003

=== errors: the argument kinds as primes() reports them
status: 1
--- stdin
for (p in primes([1], 3)) 1
for (p in primes(1, [3])) 1
for (p in primes(1, 10)) { if (p == 5) 1 / 0 }
for (p in primes(1)) 1
--- stderr-re
.*primes\(\): argument 1 must be an integer, not a list
.*primes\(\): argument 2 must be an integer, not a list
.*division by zero
.*primes.*
