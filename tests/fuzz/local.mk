# Fuzz targets (tests/fuzz/fuzz.h says what a target is):
#   fuzz-frontend  bigcalc source -> statements -> evaluation
#   fuzz-engine    the engine through the number layer, against GMP
#   fuzz-lines     the line parsers of src/cli-*.c: batch modexp lines,
#                  factor input, option values
# In an ordinary build each is a replay program (replay.c) and `make check`
# runs it over its seed corpus tests/fuzz/corpus/NAME/ (under ASan/UBSan in
# a --enable-sanitizers build).  Configured with --enable-fuzzer (clang),
# they are libFuzzer programs.  `make fuzz FUZZ_SECONDS=N` fuzzes each for
# N seconds (tests/fuzz/run-fuzz: it makes a clang libFuzzer + ASan/UBSan
# build of its own in fuzz-build/ when this one is not one, or only replays
# the corpus when clang is missing).
FUZZ_TARGETS = tests/fuzz/fuzz-frontend tests/fuzz/fuzz-engine tests/fuzz/fuzz-lines
check_PROGRAMS += $(FUZZ_TARGETS)
TESTS += tests/fuzz/replay-corpus.sh
EXTRA_DIST += tests/fuzz/replay-corpus.sh tests/fuzz/run-fuzz tests/fuzz/corpus \
	tests/fuzz/make-corpus

FUZZ_COMMON = tests/fuzz/fuzz.h tests/fuzz/fuzz-util.c
# The front end: bigcalc's own objects without main(), the CLI and the
# REPL (so no readline), whatever files the front end is made of.
FUZZ_FRONT = $(foreach o,$(bigcalc_OBJECTS),$(if $(findstring main,$(notdir $o))$(findstring \
	cli,$(notdir $o))$(findstring repl,$(notdir $o)),,$o))

tests_fuzz_fuzz_frontend_SOURCES = tests/fuzz/fuzz-frontend.c $(FUZZ_COMMON)
tests_fuzz_fuzz_frontend_LDADD = $(FUZZ_FRONT) libbgcverify.a libbgc.a libbgcn.a $(GMP_LIBS)
tests_fuzz_fuzz_engine_SOURCES = tests/fuzz/fuzz-engine.c $(FUZZ_COMMON)
tests_fuzz_fuzz_engine_LDADD = libbgcverify.a libbgc.a libbgcn.a $(GMP_LIBS)
# fuzz-lines also takes the command line's files, all but cli.c (which
# starts the REPL): the line parsers it drives are theirs.
FUZZ_CLI = $(foreach o,$(bigcalc_OBJECTS),$(if $(findstring cli-,$(notdir $o)),$o))
tests_fuzz_fuzz_lines_SOURCES = tests/fuzz/fuzz-lines.c $(FUZZ_COMMON)
tests_fuzz_fuzz_lines_LDADD = $(FUZZ_FRONT) $(FUZZ_CLI) libbgcverify.a libbgc.a libbgcn.a $(GMP_LIBS)
tests_fuzz_fuzz_frontend_DEPENDENCIES = $(FUZZ_FRONT) libbgcverify.a libbgc.a libbgcn.a
tests_fuzz_fuzz_lines_DEPENDENCIES = $(FUZZ_FRONT) $(FUZZ_CLI) libbgcverify.a libbgc.a libbgcn.a
tests_fuzz_fuzz_engine_DEPENDENCIES = libbgcverify.a libbgc.a libbgcn.a
tests_fuzz_fuzz_frontend_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LINK)
tests_fuzz_fuzz_engine_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LINK)
tests_fuzz_fuzz_lines_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LINK)
if BGC_FUZZER
FUZZ_LINK = -fsanitize=fuzzer
else
FUZZ_LINK =
tests_fuzz_fuzz_frontend_SOURCES += tests/fuzz/replay.c
tests_fuzz_fuzz_engine_SOURCES += tests/fuzz/replay.c
tests_fuzz_fuzz_lines_SOURCES += tests/fuzz/replay.c
endif

# make fuzz [FUZZ_SECONDS=N] [FUZZ_TARGETS_RUN="frontend engine lines"]
FUZZ_SECONDS = 60
fuzz: $(FUZZ_TARGETS)
	CC="$(CC)" FUZZ_SECONDS="$(FUZZ_SECONDS)" \
	  "$(abs_top_srcdir)/tests/fuzz/run-fuzz" "$(abs_top_builddir)" "$(abs_top_srcdir)" $(FUZZ_TARGETS_RUN)
.PHONY: fuzz
