# amd64 assembly kernels (GNU as with cpp); pure C when --disable-asm or
# on another architecture.
EXTRA_DIST += src/asm/x86_64/paths.h
if BGC_ASM_X86_64
libbgcn_a_SOURCES += src/asm/x86_64/cpu.c
endif
