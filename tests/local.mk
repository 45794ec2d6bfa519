# Tests: Criterion unit tests of the engine (against GMP and a slow
# reference), CLI tests of the built binary.  Areas append their test
# programs to check_PROGRAMS and TESTS.
check_LIBRARIES += libbgctest.a
libbgctest_a_SOURCES = tests/testlib.h tests/testlib.c
TEST_LDADD = libbgctest.a libbgcn.a $(CRITERION_LIBS) $(GMP_LIBS)
TEST_CFLAGS = $(AM_CFLAGS) $(CRITERION_CFLAGS) -I$(top_srcdir)/tests
# Division, roots, gcd (div helper)
check_PROGRAMS += tests/mpn/test-div
TESTS += tests/mpn/test-div
tests_mpn_test_div_SOURCES = tests/mpn/test-div.c
tests_mpn_test_div_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_div_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/mpn/test-roots
TESTS += tests/mpn/test-roots
tests_mpn_test_roots_SOURCES = tests/mpn/test-roots.c
tests_mpn_test_roots_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_roots_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/mpn/test-gcd
TESTS += tests/mpn/test-gcd
tests_mpn_test_gcd_SOURCES = tests/mpn/test-gcd.c
tests_mpn_test_gcd_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_gcd_LDADD = $(TEST_LDADD)
# Slow reference for every engine test, and the core tests (core helper)
libbgctest_a_SOURCES += tests/refmpn.h tests/refmpn.c
check_PROGRAMS += tests/mpn/test-core
TESTS += tests/mpn/test-core
tests_mpn_test_core_SOURCES = tests/mpn/test-core.c
tests_mpn_test_core_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_core_LDADD = $(TEST_LDADD)
# The number layer and --verify (num helper)
check_PROGRAMS += tests/num/test-num
TESTS += tests/num/test-num
tests_num_test_num_SOURCES = tests/num/test-num.c tests/num/numtest.h
tests_num_test_num_CFLAGS = $(TEST_CFLAGS)
tests_num_test_num_LDADD = libbgc.a $(TEST_LDADD)
check_PROGRAMS += tests/num/test-nt tests/num/test-verify
TESTS += tests/num/test-nt tests/num/test-verify
tests_num_test_nt_SOURCES = tests/num/test-nt.c tests/num/numtest.h
tests_num_test_nt_CFLAGS = $(TEST_CFLAGS)
tests_num_test_nt_LDADD = libbgc.a $(TEST_LDADD)
tests_num_test_verify_SOURCES = tests/num/test-verify.c tests/num/numtest.h
tests_num_test_verify_CFLAGS = $(TEST_CFLAGS)
tests_num_test_verify_LDADD = libbgcverify.a libbgc.a $(TEST_LDADD)
# Number theorist's toolkit (ntkit helper)
check_PROGRAMS += tests/num/test-ntkit
TESTS += tests/num/test-ntkit
tests_num_test_ntkit_SOURCES = tests/num/test-ntkit.c tests/num/numtest.h
tests_num_test_ntkit_CFLAGS = $(TEST_CFLAGS)
tests_num_test_ntkit_LDADD = libbgc.a $(TEST_LDADD)
check_PROGRAMS += tests/num/test-comb
TESTS += tests/num/test-comb
tests_num_test_comb_SOURCES = tests/num/test-comb.c tests/num/numtest.h
tests_num_test_comb_CFLAGS = $(TEST_CFLAGS)
tests_num_test_comb_LDADD = libbgc.a $(TEST_LDADD)
check_PROGRAMS += tests/mpn/test-radix
TESTS += tests/mpn/test-radix
tests_mpn_test_radix_SOURCES = tests/mpn/test-radix.c
tests_mpn_test_radix_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_radix_LDADD = $(TEST_LDADD)
# Multiplication (mul helper)
check_PROGRAMS += tests/mpn/test-mul
TESTS += tests/mpn/test-mul
tests_mpn_test_mul_SOURCES = tests/mpn/test-mul.c
tests_mpn_test_mul_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_mul_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/mpn/test-mulmod
TESTS += tests/mpn/test-mulmod
tests_mpn_test_mulmod_SOURCES = tests/mpn/test-mulmod.c
tests_mpn_test_mulmod_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_mulmod_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/mpn/test-nttfp
TESTS += tests/mpn/test-nttfp
tests_mpn_test_nttfp_SOURCES = tests/mpn/test-nttfp.c
tests_mpn_test_nttfp_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_nttfp_LDADD = $(TEST_LDADD)
# Montgomery, exponentiation, number theory (mont helper)
check_PROGRAMS += tests/mpn/test-mont tests/mpn/test-powm
TESTS += tests/mpn/test-mont tests/mpn/test-powm
tests_mpn_test_mont_SOURCES = tests/mpn/test-mont.c
tests_mpn_test_mont_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_mont_LDADD = $(TEST_LDADD)
tests_mpn_test_powm_SOURCES = tests/mpn/test-powm.c
tests_mpn_test_powm_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_powm_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/mpn/test-prime
TESTS += tests/mpn/test-prime
tests_mpn_test_prime_SOURCES = tests/mpn/test-prime.c
tests_mpn_test_prime_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_prime_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/mpn/test-nt
TESTS += tests/mpn/test-nt
tests_mpn_test_nt_SOURCES = tests/mpn/test-nt.c
tests_mpn_test_nt_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_nt_LDADD = $(TEST_LDADD)
# Constant-time powm_sec under valgrind memcheck, exponent marked undefined.
EXTRA_DIST += tests/mpn/ct-powm-sec.sh
if BGC_HAVE_VALGRIND
check_PROGRAMS += tests/mpn/ct-powm-sec
TESTS += tests/mpn/ct-powm-sec.sh
tests_mpn_ct_powm_sec_SOURCES = tests/mpn/ct-powm-sec.c
tests_mpn_ct_powm_sec_LDADD = libbgcn.a $(GMP_LIBS)
endif
# Quadratic sieve and GF(2) linear algebra (siqs helper)
check_PROGRAMS += tests/mpn/test-siqs
TESTS += tests/mpn/test-siqs
tests_mpn_test_siqs_SOURCES = tests/mpn/test-siqs.c
tests_mpn_test_siqs_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_siqs_LDADD = $(TEST_LDADD)
# Factoring engine (factor helper)
check_PROGRAMS += tests/mpn/test-factor
TESTS += tests/mpn/test-factor
tests_mpn_test_factor_SOURCES = tests/mpn/test-factor.c
tests_mpn_test_factor_CFLAGS = $(TEST_CFLAGS)
tests_mpn_test_factor_LDADD = $(TEST_LDADD)
# The number layer links and runs without GMP: libbgc.a and libbgcn.a only,
# no -lgmp, no libbgcverify.a (HACKING.md, Layers).
check_PROGRAMS += tests/num/test-link-nogmp
TESTS += tests/num/test-link-nogmp
tests_num_test_link_nogmp_SOURCES = tests/num/test-link-nogmp.c
tests_num_test_link_nogmp_LDADD = libbgc.a libbgcn.a
