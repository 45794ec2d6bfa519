# The symbol-prefix test (HACKING.md, Naming): every global defined in the
# libraries bigcalc links from the tree (libbgcn.a, the engine, and the
# ones above it) and in the bigcalc objects starts with bgcn_ or bgc_ (or
# is main).  make writes the runnable test with the file list filled in.
TESTS += tests/symbols/prefix-test
EXTRA_DIST += tests/symbols/prefix.sh
CLEANFILES += tests/symbols/prefix-test

BGC_SYMBOL_LIBS = $(filter %.a,$(bigcalc_LDADD))
tests/symbols/prefix-test: $(srcdir)/tests/symbols/prefix.sh $(BGC_SYMBOL_LIBS) bigcalc$(EXEEXT) Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/symbols && { \
	  echo '#!/bin/sh'; \
	  echo "BGC_LIBS='$(BGC_SYMBOL_LIBS)'"; \
	  echo "BGC_OBJECTS='$(bigcalc_OBJECTS)'"; \
	  cat $(srcdir)/tests/symbols/prefix.sh; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@
