# amd64 assembly kernels (GNU as with cpp); pure C when --disable-asm or
# on another architecture.
EXTRA_DIST += src/asm/x86_64/gen-small-adx.py src/asm/x86_64/paths.h src/asm/x86_64/asm.h \
	src/asm/x86_64/rows.h src/asm/x86_64/rows_adx.h \
	src/asm/x86_64/small_mul_adx.h src/asm/x86_64/small_sqr_adx.h \
	src/asm/x86_64/rows_bmi2.h
if BGC_ASM_X86_64
libbgcn_a_SOURCES += src/asm/x86_64/cpu.c src/asm/x86_64/paths.h \
	src/asm/x86_64/asm.h src/asm/x86_64/rows.h src/asm/x86_64/rows_adx.h \
	src/asm/x86_64/small_mul_adx.h src/asm/x86_64/small_sqr_adx.h \
	src/asm/x86_64/rows_bmi2.h src/asm/x86_64/mul_1_bmi2.S \
	src/asm/x86_64/mul_basecase_bmi2.S \
	src/asm/x86_64/aors_n.S src/asm/x86_64/aors_n_avx512.S \
	src/asm/x86_64/mul_1.S \
	src/asm/x86_64/mul_1_adx.S src/asm/x86_64/mul_basecase.S \
	src/asm/x86_64/mul_basecase_adx.S src/asm/x86_64/mont_adx.S \
	src/asm/x86_64/mont_ifma.c src/asm/x86_64/mul_ifma.c src/asm/x86_64/ifma.h
endif
