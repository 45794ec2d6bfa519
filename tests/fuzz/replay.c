/* replay.c -- main() for a fuzz target built without libFuzzer: runs the
 * target once on each FILE operand, and on each regular file of each
 * DIRECTORY operand (in name order, so a failure is reproducible), then
 * prints how many inputs ran.  A defect aborts the program, naming the
 * input first, so `make check` fails with the file to look at.
 *
 *   fuzz-frontend tests/fuzz/corpus/frontend      replay a corpus
 *   fuzz-frontend crash-1234                      one input
 */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

static unsigned long ran;
static const char *volatile current; /* the input running now */

/* When an input fails (abort(), or a sanitizer report ending the
 * process), name it: the report alone does not say which file it was. */
static void name_input(void)
{
    const char *p = current;
    if (p) {
        const char *m = "replay: the failing input is ";
        if (write(2, m, strlen(m)) < 0 || write(2, p, strlen(p)) < 0 || write(2, "\n", 1) < 0)
            return;
    }
}
static void on_abort(int sig)
{
    name_input();
    signal(sig, SIG_DFL);
    raise(sig);
}
/* The sanitizers' hook, present only in sanitizer builds. */
void __sanitizer_set_death_callback(void (*cb)(void)) __attribute__((weak));

static int run_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(stderr, "replay: cannot open '%s': %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fprintf(stderr, "replay: out of memory reading '%s'\n", path);
            fclose(fp);
            return -1;
        }
        n += fread(buf + n, 1, cap - n, fp);
        if (n < cap)
            break;
        uint8_t *nb = realloc(buf, cap * 2);
        if (!nb)
            free(buf);
        buf = nb;
        cap *= 2;
    }
    int err = ferror(fp);
    fclose(fp);
    if (err) {
        fprintf(stderr, "replay: read error on '%s'\n", path);
        free(buf);
        return -1;
    }
    /* The target gets exactly n bytes, as libFuzzer gives them, so that
     * ASan sees a read one byte past the input here too (a 4096-byte
     * buffer hid the lexer's over-read of the input '2' from the gcc
     * build). */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        fprintf(stderr, "replay: out of memory reading '%s'\n", path);
        free(buf);
        return -1;
    }
    memcpy(exact, buf, n);
    free(buf);
    if (getenv("BIGCALC_FUZZ_VERBOSE"))
        fprintf(stderr, "replay: %s\n", path);
    current = path;
    LLVMFuzzerTestOneInput(exact, n);
    current = NULL;
    free(exact);
    ran++;
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *path)
{
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "replay: cannot open '%s': %s\n", path, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t nn = 0, cap = 0;
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (nn == cap) {
            cap = cap ? 2 * cap : 64;
            char **nv = realloc(names, cap * sizeof *nv);
            if (!nv) {
                rc = -1;
                break;
            }
            names = nv;
        }
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        if (!(names[nn] = malloc(len))) {
            rc = -1;
            break;
        }
        snprintf(names[nn++], len, "%s/%s", path, e->d_name);
    }
    closedir(d);
    if (rc < 0)
        fprintf(stderr, "replay: out of memory listing '%s'\n", path);
    if (nn)
        qsort(names, nn, sizeof *names, cmp_names);
    for (size_t i = 0; i < nn; i++) {
        struct stat sb;
        if (rc == 0 && stat(names[i], &sb) == 0 && S_ISREG(sb.st_mode) &&
            run_file(names[i]) < 0)
            rc = -1;
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    int rc = 0;
    const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...   (run the fuzz target on each input)\n", prog);
        return 2;
    }
    signal(SIGABRT, on_abort);
    if (__sanitizer_set_death_callback)
        __sanitizer_set_death_callback(name_input); /* it reports SIGSEGV itself */
    else
        signal(SIGSEGV, on_abort);
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        struct stat sb;
        if (stat(argv[i], &sb) != 0) {
            fprintf(stderr, "replay: cannot open '%s': %s\n", argv[i], strerror(errno));
            rc = 1;
        } else if (S_ISDIR(sb.st_mode) ? run_dir(argv[i]) < 0 : run_file(argv[i]) < 0) {
            rc = 1;
        }
    }
    printf("%s: %lu inputs replayed%s\n", prog, ran, rc ? ", some could not be read" : "");
    return rc;
}
