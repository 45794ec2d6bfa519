/* fuzz.h -- what every fuzz target in tests/fuzz/ provides.
 *
 * A target is one function over a byte string, the libFuzzer interface,
 * so the same file builds two ways:
 *   - with clang's -fsanitize=fuzzer (configure --enable-fuzzer, or
 *     `make fuzz`, which makes such a build of its own): libFuzzer
 *     supplies main() and mutates inputs;
 *   - otherwise linked with replay.c, a main() that runs the target once
 *     on each file (or each file of each directory) named on its command
 *     line: `make check` replays the seed corpus in tests/fuzz/corpus/
 *     this way, and under ASan/UBSan in a sanitizer build.
 * A target reports a defect by aborting (abort() or a sanitizer report);
 * it never exits, keeps no state between inputs that would change what a
 * later input does, and frees everything it allocated (LeakSanitizer). */
#ifndef BGC_FUZZ_H
#define BGC_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional one-time set-up; replay.c calls it when the target defines it. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* A defect found: print what and where (to fd 2, which the targets never
 * silence), then abort so libFuzzer saves the input. */
void bgc_fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* A CPU-time budget for one input: bgc_fuzz_budget_init() once (a
 * SIGVTALRM handler; libFuzzer's own timer is SIGALRM), then
 * bgc_fuzz_budget(ms) arms it -- when ms of CPU time (load does not count)
 * have run, bgcn_interrupt_flag is raised, as Ctrl-C would -- and
 * bgc_fuzz_budget(0) disarms it. */
void bgc_fuzz_budget_init(void);
void bgc_fuzz_budget(long ms);

#endif /* BGC_FUZZ_H */
