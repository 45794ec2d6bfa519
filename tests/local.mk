# Tests.  Each area's fragment appends its programs and scripts to
# check_PROGRAMS and TESTS; this one sets how they are built and run.
#
# Built: every test program links the one LDADD below (a program needs no
# lines of its own unless it links differently, as test-link-nogmp does),
# and its source is the program's name plus .c.
# Run: automake's parallel test driver.  Scripts are run by extension
# (TEST_EXTENSIONS): .py by the python3 configure found (or, without one,
# tests/no-python3.sh, which skips them and says why), .sh by the shell;
# AM_TESTS_ENVIRONMENT gives every test what it needs to know about this
# build.  Exit 77 is "skipped".
check_LIBRARIES += libbgctest.a
libbgctest_a_SOURCES = tests/testlib.h tests/testlib.c tests/refmpn.h tests/refmpn.c
LDADD = libbgctest.a libbgcverify.a libbgc.a libbgcn.a $(CRITERION_LIBS) $(GMP_LIBS)
EXTRA_DIST += tests/num/numtest.h tests/no-python3.sh

TEST_EXTENSIONS = .py .sh
if BGC_HAVE_PYTHON3
PY_LOG_COMPILER = $(PYTHON3)
else
PY_LOG_COMPILER = $(SHELL) $(top_srcdir)/tests/no-python3.sh
endif
SH_LOG_COMPILER = $(SHELL)
# BIGCALC: the binary under test.  top_srcdir, top_builddir: the trees.
# BIGCALC_TEST_HOOKS: yes in a --enable-test-hooks build (tests that need
# the hooks skip otherwise).  VALGRIND: empty when valgrind is missing or
# cannot run these binaries (sanitizer builds).  BGC_LIBS, BGC_OBJECTS:
# what tests/symbols/prefix.sh checks.
AM_TESTS_ENVIRONMENT = \
	BIGCALC="$${BIGCALC:-$(abs_top_builddir)/bigcalc$(EXEEXT)}"; \
	top_srcdir='$(abs_top_srcdir)'; top_builddir='$(abs_top_builddir)'; \
	BIGCALC_TEST_HOOKS='$(BGC_TEST_HOOKS)'; VALGRIND='$(BGC_VALGRIND)'; \
	BGC_LIBS='$(BGC_SYMBOL_LIBS)'; BGC_OBJECTS='$(bigcalc_OBJECTS)'; \
	export BIGCALC top_srcdir top_builddir BIGCALC_TEST_HOOKS VALGRIND BGC_LIBS BGC_OBJECTS;
# distcheck's own build has the hooks, so the tarball's suite runs them.
AM_DISTCHECK_CONFIGURE_FLAGS = --enable-test-hooks

# The limb engine against GMP and the slow reference (tests/refmpn.c).
MPN_TESTS = tests/mpn/test-core tests/mpn/test-div tests/mpn/test-roots \
	tests/mpn/test-gcd tests/mpn/test-radix tests/mpn/test-mul \
	tests/mpn/test-mulmod tests/mpn/test-nttfp tests/mpn/test-mont \
	tests/mpn/test-powm tests/mpn/test-prime tests/mpn/test-comb \
	tests/mpn/test-siqs tests/mpn/test-factor
# The number layer and --verify.
NUM_TESTS = tests/num/test-num tests/num/test-nt tests/num/test-verify \
	tests/num/test-ntkit tests/num/test-comb
check_PROGRAMS += $(MPN_TESTS) $(NUM_TESTS)
TESTS += $(MPN_TESTS) $(NUM_TESTS)

# The number layer links and runs without GMP: libbgc.a and libbgcn.a only,
# no -lgmp, no libbgcverify.a (HACKING.md, Layers).
check_PROGRAMS += tests/num/test-link-nogmp
TESTS += tests/num/test-link-nogmp
tests_num_test_link_nogmp_LDADD = libbgc.a libbgcn.a

# Constant-time powm_sec under valgrind memcheck, exponent marked
# undefined (the script skips without a usable valgrind).
check_PROGRAMS += tests/mpn/ct-powm-sec
TESTS += tests/mpn/ct-powm-sec.sh
EXTRA_DIST += tests/mpn/ct-powm-sec.sh
tests_mpn_ct_powm_sec_LDADD = libbgcn.a $(GMP_LIBS)
