# The number layer: bgc_int (signed integers of any size) over the limb
# engine.  It does not link GMP: --verify reaches it through the hook of
# num-impl.h, installed by src/verify/.
noinst_LIBRARIES += libbgc.a
libbgc_a_SOURCES = \
	src/num/num.h \
	src/num/num-impl.h \
	src/num/num-hook.c \
	src/num/num-core.c \
	src/num/num-arith.c \
	src/num/num-div.c \
	src/num/num-pow.c \
	src/num/num-bits.c \
	src/num/num-conv.c \
	src/num/num-root.c \
	src/num/num-gcd.c \
	src/num/num-rand.c \
	src/num/num-nt.c \
	src/num/num-comb.c
