# make bench: engine and GMP (and OpenSSL) side by side in one process.
#   make bench                              every group, rows also in bench.json
#   make bench BENCH_ARGS='--quick kernels' one group, short samples
# The program is built by `make` (so it cannot rot) but runs only on
# `make bench`, never in `make check`.  A new group of rows: one file
# bench/rows-NAME.c added below and one line in bench/groups.h.
noinst_PROGRAMS += bench/bigcalc-bench
bench_bigcalc_bench_SOURCES = \
	bench/bench.h \
	bench/groups.h \
	bench/bench.c \
	bench/rows-kernels.c \
	bench/rows-mul.c \
	bench/rows-div.c \
	bench/rows-roots.c \
	bench/rows-radix.c \
	bench/rows-mont.c \
	bench/rows-modexp.c
bench_bigcalc_bench_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/bench
bench_bigcalc_bench_CFLAGS = $(AM_CFLAGS) $(LIBCRYPTO_CFLAGS)
bench_bigcalc_bench_LDADD = libbgcn.a $(GMP_LIBS)
if BGC_HAVE_LIBCRYPTO
bench_bigcalc_bench_LDADD += $(LIBCRYPTO_LIBS)
endif

BENCH_ARGS = --json bench.json
CLEANFILES += bench.json

bench: bench/bigcalc-bench$(EXEEXT)
	./bench/bigcalc-bench$(EXEEXT) $(BENCH_ARGS)
.PHONY: bench

# SIQS timing driver for bench/siqs-vs-gp.sh
noinst_PROGRAMS += bench/siqs-bench
bench_siqs_bench_SOURCES = bench/siqs-bench.c
bench_siqs_bench_LDADD = libbgcn.a
EXTRA_DIST += bench/siqs-vs-gp.sh
# factor() against gp and coreutils; ECM timings for it
EXTRA_DIST += bench/factor-vs-gp.sh bench/nt-vs-gp.sh
noinst_PROGRAMS += bench/ecm-bench
bench_ecm_bench_SOURCES = bench/ecm-bench.c
bench_ecm_bench_LDADD = libbgcn.a -lm
# huge tasks against gp, end to end
EXTRA_DIST += bench/huge-vs-gp.sh
EXTRA_DIST += bench/interrupt-latency
# dudect-style timing test of bgcn_powm_sec on every kernel path (a
# benchmark, never run by make check): bench/ct-timing
noinst_PROGRAMS += bench/ct-timing
bench_ct_timing_SOURCES = bench/ct-timing.c
bench_ct_timing_LDADD = libbgcn.a -lm
