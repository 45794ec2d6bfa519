# Command-line tests of the built binary: the table-driven runner over
# tests/cli/cases and the randomized differential test.  Both are python3
# scripts (the interpreter configure found); make writes a small wrapper
# for each that passes the binary's path.
TESTS += tests/cli/cli-tests tests/cli/diff-test
EXTRA_DIST += tests/cli/run-cli-tests tests/cli/run-diff-test tests/cli/cases
CLEANFILES += tests/cli/cli-tests tests/cli/diff-test

tests/cli/cli-tests: $(srcdir)/tests/cli/run-cli-tests Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/cli && { \
	  echo '#!/bin/sh'; \
	  echo 'BIGCALC="$${BIGCALC:-$(abs_top_builddir)/bigcalc$(EXEEXT)}"; export BIGCALC'; \
	  echo 'exec "$(PYTHON3)" "$(abs_top_srcdir)/tests/cli/run-cli-tests" "$$@"'; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@

tests/cli/diff-test: $(srcdir)/tests/cli/run-diff-test Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/cli && { \
	  echo '#!/bin/sh'; \
	  echo 'BIGCALC="$${BIGCALC:-$(abs_top_builddir)/bigcalc$(EXEEXT)}"; export BIGCALC'; \
	  echo 'exec "$(PYTHON3)" "$(abs_top_srcdir)/tests/cli/run-diff-test" "$$@"'; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@
