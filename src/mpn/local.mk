# The limb engine, a convenience library linked by bigcalc, the tests, the
# benchmark and the tuning program.  Areas add their files with +=.
noinst_LIBRARIES += libbgcn.a
libbgcn_a_SOURCES = \
	src/mpn/bgcn.h \
	src/mpn/mem.c \
	src/mpn/core.c \
	src/mpn/kernels.c \
	src/mpn/aors-impl.h \
	src/mpn/add_n.c \
	src/mpn/mul_1.c \
	src/mpn/mul_basecase.c \
	src/mpn/mont_mul_n.c \
	src/mpn/mul.c \
	src/mpn/mul_jobs.c \
	src/mpn/mul_sums.c \
	src/mpn/thresholds.c
# Division
libbgcn_a_SOURCES += \
	src/mpn/div-impl.h \
	src/mpn/div_1.c \
	src/mpn/div_sb.c \
	src/mpn/div_dc.c \
	src/mpn/div_newton.c \
	src/mpn/divexact.c \
	src/mpn/sqrtrem.c \
	src/mpn/rootrem.c \
	src/mpn/perfpow.c \
	src/mpn/gcd-impl.h \
	src/mpn/gcd.c \
	src/mpn/gcdext.c \
	src/mpn/hgcd.c \
	src/mpn/tdiv_qr.c
# Core: add/sub forms, compare, shifts
libbgcn_a_SOURCES += \
	src/mpn/add.c \
	src/mpn/shift.c
# Radix conversion
libbgcn_a_SOURCES += \
	src/mpn/radix-impl.h \
	src/mpn/radix.c \
	src/mpn/get_str.c \
	src/mpn/set_str.c \
	src/mpn/sumdigits.c
# Multiplication: Toom, NTT, thresholds
libbgcn_a_SOURCES += \
	src/mpn/mul-impl.h \
	src/mpn/thresholds.h \
	src/mpn/toom22.c \
	src/mpn/toom33.c \
	src/mpn/toom44.c \
	src/mpn/toomk.c \
	src/mpn/ntt.c \
	src/mpn/mulmod.c \
	src/mpn/nttfp-impl.h \
	src/mpn/ntt_fp.c \
	src/mpn/ntt_fp_avx2.c \
	src/mpn/ntt_fp_avx512.c \
	src/mpn/threads.c
# Montgomery, exponentiation, number theory
libbgcn_a_SOURCES += \
	src/mpn/powm-impl.h \
	src/mpn/mont.c \
	src/mpn/powm.c \
	src/mpn/powm_form.c \
	src/mpn/powm_even.c \
	src/mpn/powm_sec.c \
	src/mpn/nt-impl.h \
	src/mpn/jacobi.c \
	src/mpn/prime.c \
	src/mpn/nextprime.c \
	src/mpn/fac.c \
	src/mpn/fib.c \
	src/mpn/bin.c
# Self-initialising quadratic sieve and GF(2) linear algebra
libbgcn_a_SOURCES += \
	src/mpn/siqs.h \
	src/mpn/siqs-impl.h \
	src/mpn/siqs.c \
	src/mpn/siqs_poly.c \
	src/mpn/siqs_sieve.c \
	src/mpn/siqs_rel.c \
	src/mpn/siqs_bucket.c \
	src/mpn/siqs_cycle.c \
	src/mpn/siqs_scan.c \
	src/mpn/gf2.c
# Factoring: trial division, rho, p-1, ECM, fast paths, driver
libbgcn_a_SOURCES += \
	src/mpn/factor.h \
	src/mpn/factor-impl.h \
	src/mpn/factor.c \
	src/mpn/factor_u64.c \
	src/mpn/factor_primes.c \
	src/mpn/factor_trial.c \
	src/mpn/factor_fermat.c \
	src/mpn/factor_rho.c \
	src/mpn/factor_pm1.c \
	src/mpn/factor_ecm.c \
	src/mpn/factor_ecm_ifma.c
