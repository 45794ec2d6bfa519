# The bigcalc program: CLI, REPL, lexer, parser, evaluator; it links the
# number layer (src/num), --verify (src/verify) and the engine (src/mpn).
bin_PROGRAMS += bigcalc
bigcalc_SOURCES = src/main.c \
	src/cli.h src/cli-impl.h src/cli.c src/cli-options.c src/cli-number.c src/cli-run.c \
	src/cli-oneshot.c src/cli-modexp.c src/cli-factor.c src/cli-signals.c src/linereader.h src/linereader.c \
	src/lexer.h src/lexer.c \
	src/parser.h src/parser.c src/arena.h src/arena.c \
	src/continuation.h src/continuation.c src/input.h src/input.c \
	src/eval.h src/eval-impl.h src/eval.c src/compile.c src/vm.c \
	src/value.h src/value.c \
	src/builtins.h src/builtins.c src/builtins-list.c src/builtins-factor.c src/builtins-nt.c \
	src/error.h src/error.c src/suggest.h src/suggest.c
bigcalc_LDADD = libbgcverify.a libbgc.a libbgcn.a $(READLINE_LIBS) $(GMP_LIBS)
# The REPL: the loop, the terminal, the history file, ':' commands and
# :help, result output and elapsed time, Tab completion.
bigcalc_SOURCES += src/repl.h src/repl.c src/repl-term.c src/repl-history.c \
	src/repl-commands.c src/repl-help.c src/repl-output.c src/repl-complete.c
