# The bigcalc program: CLI, lexer, parser, evaluator, number layer.
bin_PROGRAMS += bigcalc
bigcalc_SOURCES = src/main.c \
	src/cli.h src/cli.c \
	src/lexer.h src/lexer.c \
	src/parser.h src/parser.c \
	src/eval.h src/eval-impl.h src/eval.c src/compile.c src/vm.c \
	src/value.h src/value.c \
	src/builtins.h src/builtins.c src/builtins-list.c \
	src/error.h src/error.c
bigcalc_LDADD = libbgc.a libbgcn.a $(READLINE_LIBS) $(GMP_LIBS)
# The REPL (repl helper): loop and commands, result output and elapsed
# time, Tab completion.
bigcalc_SOURCES += src/repl.h src/repl.c src/repl-output.c src/repl-complete.c

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
	src/num-root.c \
	src/num-gcd.c \
	src/num-rand.c \
	src/num-nt.c \
	src/num-comb.c \
	src/verify.h \
	src/verify.c
