# The symbol-prefix test (SPEC section 6): every global defined in
# libbgcn.a and in the bigcalc objects starts with bgcn_ or bgc_ (or is
# main).  make writes the runnable test with the object list filled in.
TESTS += tests/symbols/prefix-test
EXTRA_DIST += tests/symbols/prefix.sh
CLEANFILES += tests/symbols/prefix-test

tests/symbols/prefix-test: $(srcdir)/tests/symbols/prefix.sh libbgcn.a bigcalc$(EXEEXT) Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/symbols && { \
	  echo '#!/bin/sh'; \
	  echo "BGC_LIBS='libbgcn.a'"; \
	  echo "BGC_OBJECTS='$(bigcalc_OBJECTS)'"; \
	  cat $(srcdir)/tests/symbols/prefix.sh; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@
