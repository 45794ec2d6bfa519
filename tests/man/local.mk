# The man page documents every option and builtin that --help lists.
TESTS += tests/man/coverage-test
EXTRA_DIST += tests/man/coverage.sh
CLEANFILES += tests/man/coverage-test

tests/man/coverage-test: $(srcdir)/tests/man/coverage.sh Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/man && { \
	  echo '#!/bin/sh'; \
	  echo "BIGCALC='./bigcalc$(EXEEXT)'"; \
	  echo "MANPAGE='$(srcdir)/man/bigcalc.1'"; \
	  cat $(srcdir)/tests/man/coverage.sh; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@

# HACKING.md's file map names every file of src/, tests/, bench/, tune/.
TESTS += tests/man/file-map-test
EXTRA_DIST += tests/man/file-map.sh
CLEANFILES += tests/man/file-map-test

tests/man/file-map-test: $(srcdir)/tests/man/file-map.sh Makefile
	$(AM_V_GEN)$(MKDIR_P) tests/man && { \
	  echo '#!/bin/sh'; \
	  echo "SRCDIR='$(srcdir)'"; \
	  cat $(srcdir)/tests/man/file-map.sh; \
	} > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@
