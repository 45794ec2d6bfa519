# The amd64 assembly kernels: every path this CPU supports against the C
# twins and GMP, the ABI trampoline, CPU selection.
EXTRA_DIST += tests/asm/asmtest.h
if BGC_ASM_X86_64
ASM_TESTS = tests/asm/test-kernels tests/asm/test-mont tests/asm/test-abi
check_PROGRAMS += $(ASM_TESTS)
TESTS += $(ASM_TESTS)
tests_asm_test_abi_SOURCES = tests/asm/test-abi.c tests/asm/abi-call.S
endif
