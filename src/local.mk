# The bigcalc program: CLI, lexer, parser, evaluator, number layer.
bin_PROGRAMS += bigcalc
bigcalc_SOURCES = src/main.c
bigcalc_LDADD = libbgcn.a $(READLINE_LIBS) $(GMP_LIBS)
