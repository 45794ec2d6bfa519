# --verify: every number-layer result recomputed with GMP.  The only code
# of src/ that includes gmp.h; whatever links it links $(GMP_LIBS) too.
noinst_LIBRARIES += libbgcverify.a
libbgcverify_a_SOURCES = \
	src/verify/verify.h \
	src/verify/verify.c
