/* groups.h -- the registered groups of benchmark rows, in run order.
 *
 * To add a group: write bench/rows-NAME.c defining
 *     void bgc_bench_rows_NAME(bgc_bench *b)
 * (see bench.h and rows-mul.c for a model), add the file to
 * bench_bigcalc_bench_SOURCES in bench/local.mk, and add one line here.
 * No include guard: bench.h and bench.c include this list with their own
 * definition of BGC_BENCH_GROUP. */
BGC_BENCH_GROUP(kernels, "add_n sub_n mul_1 addmul_1 submul_1 per limb, every kernel path")
BGC_BENCH_GROUP(mul, "mul and sqr, n x n limbs, time per call")
BGC_BENCH_GROUP(div, "division 2n/n limbs, time per call")
BGC_BENCH_GROUP(roots, "sqrtrem, 10^2..10^6 limbs, time per call")
BGC_BENCH_GROUP(gcd, "gcd and gcdext, 1..10^6 limbs, time per call")
BGC_BENCH_GROUP(radix, "decimal output and input, 10^3..10^8 digits")
BGC_BENCH_GROUP(mont, "one Montgomery multiplication, 256..4096 bits")
BGC_BENCH_GROUP(modexp, "modular exponentiation, full-size exponent, 256..4096 bits")
