# Tests of the amd64 assembly kernels (asm helper): every path this CPU
# supports against the C twins and GMP, the ABI trampoline, CPU selection.
EXTRA_DIST += tests/asm/asmtest.h
if BGC_ASM_X86_64
check_PROGRAMS += tests/asm/test-asm-kernels tests/asm/test-asm-mont \
	tests/asm/test-asm-abi
TESTS += tests/asm/test-asm-kernels tests/asm/test-asm-mont \
	tests/asm/test-asm-abi
tests_asm_test_asm_kernels_SOURCES = tests/asm/test-kernels.c tests/asm/asmtest.h
tests_asm_test_asm_kernels_CFLAGS = $(TEST_CFLAGS)
tests_asm_test_asm_kernels_LDADD = $(TEST_LDADD)
tests_asm_test_asm_mont_SOURCES = tests/asm/test-mont.c tests/asm/asmtest.h
tests_asm_test_asm_mont_CFLAGS = $(TEST_CFLAGS)
tests_asm_test_asm_mont_LDADD = $(TEST_LDADD)
tests_asm_test_asm_abi_SOURCES = tests/asm/test-abi.c tests/asm/abi-call.S \
	tests/asm/asmtest.h
tests_asm_test_asm_abi_CFLAGS = $(TEST_CFLAGS)
tests_asm_test_asm_abi_LDADD = $(TEST_LDADD)
endif
