# The symbol-prefix test (HACKING.md, Naming): every global defined in the
# libraries bigcalc links from the tree (libbgcn.a, the engine, and the
# ones above it) and in the bigcalc objects starts with bgcn_ or bgc_ (or
# is main).  The lists come in BGC_LIBS and BGC_OBJECTS (tests/local.mk).
TESTS += tests/symbols/prefix.sh
EXTRA_DIST += tests/symbols/prefix.sh
BGC_SYMBOL_LIBS = $(filter %.a,$(bigcalc_LDADD))
