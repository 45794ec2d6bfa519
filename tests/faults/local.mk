# Fault injection: every allocation of a representative program failing
# in turn (allocation wrappers linked with --wrap, see the test's header).
check_PROGRAMS += tests/faults/test-alloc-fail
TESTS += tests/faults/test-alloc-fail
tests_faults_test_alloc_fail_SOURCES = tests/faults/test-alloc-fail.c
tests_faults_test_alloc_fail_DEPENDENCIES = $(FUZZ_FRONT) libbgcverify.a libbgc.a libbgcn.a
tests_faults_test_alloc_fail_LDADD = $(FUZZ_FRONT) libbgcverify.a libbgc.a libbgcn.a $(GMP_LIBS)
tests_faults_test_alloc_fail_LDFLAGS = $(AM_LDFLAGS) -Wl,--wrap=malloc -Wl,--wrap=calloc \
	-Wl,--wrap=realloc -Wl,--wrap=free -Wl,--wrap=strdup -Wl,--wrap=strndup

# Signals and output errors outside the REPL (real pipes, /dev/full), and
# the REPL's history file and signals on a pty (python3-pexpect; skips
# with 77 without it).  make writes a wrapper for each that passes the
# binary's path.
TESTS += tests/faults/signals-test tests/faults/history-test
EXTRA_DIST += tests/faults/run-signals-test tests/faults/run-history-test
CLEANFILES += tests/faults/signals-test tests/faults/history-test

tests/faults/signals-test: $(srcdir)/tests/faults/run-signals-test Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/faults && { \
	  echo '#!/bin/sh'; \
	  echo 'BIGCALC="$${BIGCALC:-$(abs_top_builddir)/bigcalc$(EXEEXT)}"; export BIGCALC'; \
	  echo 'exec "$(PYTHON3)" "$(abs_top_srcdir)/tests/faults/run-signals-test" "$$@"'; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@

tests/faults/history-test: $(srcdir)/tests/faults/run-history-test Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/faults && { \
	  echo '#!/bin/sh'; \
	  echo 'BIGCALC="$${BIGCALC:-$(abs_top_builddir)/bigcalc$(EXEEXT)}"; export BIGCALC'; \
	  echo 'exec "$(PYTHON3)" "$(abs_top_srcdir)/tests/faults/run-history-test" "$$@"'; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@
