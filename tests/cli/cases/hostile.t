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
verification: GMP .*
--- stderr-re
bigcalc: ignoring BIGCALC_CPU: unknown or unsupported kernel path 'bogus' \(this machine supports: [a-z0-9_, ]+\)
