# Example scripts a user would copy, each checked against its expected
# output (plain and under --verify) by examples/run-examples.
EXAMPLES = examples/rsa.bgc examples/lucas-lehmer.bgc examples/fermat.bgc \
	examples/pisano.bgc examples/pollard-rho.bgc examples/miller-rabin.bgc \
	examples/crt.bgc examples/sieve.bgc
TESTS += examples/examples-test
EXTRA_DIST += examples/run-examples $(EXAMPLES) $(EXAMPLES:.bgc=.out)
CLEANFILES += examples/examples-test

examples/examples-test: $(srcdir)/examples/run-examples Makefile
	$(AM_V_GEN)$(MKDIR_P) examples && { \
	  echo '#!/bin/sh'; \
	  echo 'BIGCALC="$${BIGCALC:-$(abs_top_builddir)/bigcalc$(EXEEXT)}"; export BIGCALC'; \
	  echo 'exec "$(PYTHON3)" "$(abs_top_srcdir)/examples/run-examples" "$$@"'; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@
