# make tune: threshold tuning program.
# Tuning program: built by `make` (so it cannot rot), run
# only by `make tune`; prints the #define lines for src/mpn/thresholds.h
# (progress on stderr).  `make tune TUNE_ARGS=adx` tunes another path.
noinst_PROGRAMS += tune/tune
tune_tune_SOURCES = tune/tune.c
tune_tune_LDADD = libbgcn.a -lm
TUNE_ARGS =
.PHONY: tune
tune: tune/tune$(EXEEXT)
	./tune/tune$(EXEEXT) $(TUNE_ARGS)
