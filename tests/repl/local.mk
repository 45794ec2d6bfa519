# The REPL through a pseudo-terminal (python3-pexpect; skips with 77
# without it) and the one-shot of every builtin.  Python scripts run by
# the interpreter configure found; make writes a wrapper for each that
# passes the binary's path.
TESTS += tests/repl/repl-test tests/repl/oneshot-test tests/repl/modes-test
EXTRA_DIST += tests/repl/run-repl-test tests/repl/run-oneshot-test \
	tests/repl/run-modes-test
CLEANFILES += tests/repl/repl-test tests/repl/oneshot-test tests/repl/modes-test

tests/repl/repl-test: $(srcdir)/tests/repl/run-repl-test Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/repl && { \
	  echo '#!/bin/sh'; \
	  echo 'BIGCALC="$${BIGCALC:-$(abs_top_builddir)/bigcalc$(EXEEXT)}"; export BIGCALC'; \
	  echo 'exec "$(PYTHON3)" "$(abs_top_srcdir)/tests/repl/run-repl-test" "$$@"'; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@

tests/repl/oneshot-test: $(srcdir)/tests/repl/run-oneshot-test Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/repl && { \
	  echo '#!/bin/sh'; \
	  echo 'BIGCALC="$${BIGCALC:-$(abs_top_builddir)/bigcalc$(EXEEXT)}"; export BIGCALC'; \
	  echo 'exec "$(PYTHON3)" "$(abs_top_srcdir)/tests/repl/run-oneshot-test" "$$@"'; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@

# The same programs through a pipe, a FILE, -e and the REPL: same results.
tests/repl/modes-test: $(srcdir)/tests/repl/run-modes-test Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/repl && { \
	  echo '#!/bin/sh'; \
	  echo 'BIGCALC="$${BIGCALC:-$(abs_top_builddir)/bigcalc$(EXEEXT)}"; export BIGCALC'; \
	  echo 'exec "$(PYTHON3)" "$(abs_top_srcdir)/tests/repl/run-modes-test" "$$@"'; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@
