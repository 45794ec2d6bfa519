# The bigcalc program: CLI, lexer, parser, evaluator, number layer.
bin_PROGRAMS += bigcalc
bigcalc_SOURCES = src/main.c
bigcalc_LDADD = libbgc.a libbgcn.a $(READLINE_LIBS) $(GMP_LIBS)

# The number layer (bgc_int over the engine) and --verify, a library that
# bigcalc and the tests link.  Only src/verify.c includes gmp.h.
noinst_LIBRARIES += libbgc.a
libbgc_a_SOURCES = \
	src/num.h \
	src/num-impl.h \
	src/num-core.c \
	src/num-arith.c \
	src/num-div.c \
	src/num-pow.c \
	src/num-bits.c \
	src/num-conv.c \
	src/verify.h \
	src/verify.c
