# Fault injection: every allocation of a representative program failing
# in turn (allocation wrappers linked with --wrap, see the test's header).
check_PROGRAMS += tests/faults/test-alloc-fail
TESTS += tests/faults/test-alloc-fail
tests_faults_test_alloc_fail_SOURCES = tests/faults/test-alloc-fail.c
# and the REPL's history file (repl-history.c, with readline's history list)
FAULTS_HISTORY = $(foreach o,$(bigcalc_OBJECTS),$(if $(findstring repl-history,$(notdir $o)),$o))
tests_faults_test_alloc_fail_DEPENDENCIES = $(FUZZ_FRONT) $(FAULTS_HISTORY) libbgcverify.a \
	libbgc.a libbgcn.a
tests_faults_test_alloc_fail_LDADD = $(FUZZ_FRONT) $(FAULTS_HISTORY) libbgcverify.a libbgc.a \
	libbgcn.a $(READLINE_LIBS) $(GMP_LIBS)
tests_faults_test_alloc_fail_LDFLAGS = $(AM_LDFLAGS) -Wl,--wrap=malloc -Wl,--wrap=calloc \
	-Wl,--wrap=realloc -Wl,--wrap=free -Wl,--wrap=strdup -Wl,--wrap=strndup

# Signals and output errors outside the REPL (real pipes, /dev/full), and
# the REPL's history file and signals on a pty (python3-pexpect; skips
# with 77 without it).
TESTS += tests/faults/signals.py tests/faults/history.py
EXTRA_DIST += tests/faults/signals.py tests/faults/history.py
