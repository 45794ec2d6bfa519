# The number layer: bgc_int (signed integers of any size) over the limb
# engine.  It does not link GMP: --verify reaches it through the hook of
# num-impl.h, installed by src/verify/.
noinst_LIBRARIES += libbgc.a
libbgc_a_SOURCES = \
	src/num/num.h \
	src/num/num-impl.h \
	src/num/num-hook.c \
	src/num/num-core.c \
	src/num/messages.h \
	src/num/messages.c \
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
# Number theorist's toolkit: factorisation value, arithmetic
# functions, CRT and square roots, orders and logarithms, primes.
libbgc_a_SOURCES += \
	src/num/nt-factors.h \
	src/num/nt-factors.c \
	src/num/ntkit.h \
	src/num/nt-intvec.c \
	src/num/nt-arith.c \
	src/num/nt-modular.c \
	src/num/nt-znlog.c \
	src/num/nt-sieve.c \
	src/num/nt-primepi.c
