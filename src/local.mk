# The bigcalc program: CLI, REPL, lexer, parser, evaluator; it links the
# number layer (src/num), --verify (src/verify) and the engine (src/mpn).
bin_PROGRAMS += bigcalc
bigcalc_SOURCES = src/main.c \
	src/cli.h src/cli.c \
	src/lexer.h src/lexer.c \
	src/parser.h src/parser.c \
	src/eval.h src/eval-impl.h src/eval.c src/compile.c src/vm.c \
	src/value.h src/value.c \
	src/builtins.h src/builtins.c src/builtins-list.c \
	src/error.h src/error.c
bigcalc_LDADD = libbgcverify.a libbgc.a libbgcn.a $(READLINE_LIBS) $(GMP_LIBS)
# The REPL (repl helper): loop and commands, result output and elapsed
# time, Tab completion.
bigcalc_SOURCES += src/repl.h src/repl.c src/repl-output.c src/repl-complete.c
