/* repl-complete.c -- Tab completion in the REPL.
 *
 * At each Tab the candidates are gathered afresh (the session's functions
 * and variables change between lines): builtin names, user functions and
 * variables from the context, the keywords, and after a leading `:` the
 * REPL commands (after `:help ` the help topics, after `:cpu ` the kernel
 * paths this machine runs, after `:unset ` the user's names, after `:time `
 * and `:verify ` on and off).  A function completes
 * with its opening parenthesis and no space after it, so `fac<Tab>` gives
 * `fact(`.  Readline's filename completion is never used.
 */
#include "repl.h"

#include "builtins.h"

#include <stdlib.h>
#include <string.h>

#include <readline/readline.h>

static bgc_ctx *comp_ctx;

/* Candidate list of the current completion. */
static char **cands;
static size_t ncands, capcands;

static void cand_add(const char *name, const char *suffix)
{
    size_t a = strlen(name), b = strlen(suffix);
    char *s;
    for (size_t i = 0; i < ncands; i++) /* a variable may shadow nothing; no duplicates */
        if (strncmp(cands[i], name, a) == 0 && (cands[i][a] == 0 || cands[i][a] == '('))
            return;
    if (ncands == capcands) {
        size_t nc = capcands ? capcands * 2 : 64;
        char **nv = realloc(cands, nc * sizeof *nv);
        if (!nv)
            return;
        cands = nv;
        capcands = nc;
    }
    s = malloc(a + b + 1);
    if (!s)
        return;
    memcpy(s, name, a);
    memcpy(s + a, suffix, b + 1);
    cands[ncands++] = s;
}

static void cands_clear(void)
{
    for (size_t i = 0; i < ncands; i++)
        free(cands[i]);
    ncands = 0;
}

static void add_func(const char *name, int nparams, void *arg)
{
    (void)nparams;
    (void)arg;
    cand_add(name, "(");
}

static void add_func_plain(const char *name, int nparams, void *arg)
{
    (void)nparams;
    (void)arg;
    cand_add(name, "");
}

static void add_var(const char *name, const bgc_val *v, void *arg)
{
    (void)v;
    (void)arg;
    cand_add(name, "");
}

/* readline's generator protocol: state 0 starts a new walk. */
static size_t gen_i;
static char *generator(const char *text, int state)
{
    size_t n = strlen(text);
    if (state == 0)
        gen_i = 0;
    while (gen_i < ncands) {
        const char *c = cands[gen_i++];
        if (strncmp(c, text, n) == 0)
            return strdup(c);
    }
    return NULL;
}

/* 1 when everything before `start` on the line is blanks and one ':'. */
static int after_colon(int start)
{
    int i = 0;
    while (i < start && (rl_line_buffer[i] == ' ' || rl_line_buffer[i] == '\t'))
        i++;
    if (i >= start || rl_line_buffer[i] != ':')
        return 0;
    return i + 1 == start;
}

/* 1 when the line is `:CMD ` followed by the word. */
static int after_cmd(int start, const char *cmd)
{
    const char *p = rl_line_buffer;
    size_t n = strlen(cmd);
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != ':' || strncmp(p + 1, cmd, n) != 0 || (p[n + 1] != ' ' && p[n + 1] != '\t'))
        return 0;
    for (int i = (int)(p - rl_line_buffer) + (int)n + 1; i < start; i++)
        if (rl_line_buffer[i] != ' ' && rl_line_buffer[i] != '\t')
            return 0;
    return 1;
}

static char **complete(const char *text, int start, int end)
{
    char **m;
    (void)end;
    rl_attempted_completion_over = 1; /* never fall back to file names */
    cands_clear();
    if (after_colon(start)) {
        for (int i = 0; bgc_repl_commands[i]; i++)
            cand_add(bgc_repl_commands[i], "");
    } else if (after_cmd(start, "cpu")) {
        for (int i = 0; bgcn_kernel_paths[i]; i++)
            if (bgcn_cpu_supported(bgcn_kernel_paths[i]))
                cand_add(bgcn_kernel_paths[i]->name, "");
    } else if (after_cmd(start, "unset")) {
        bgc_ctx_each_func(comp_ctx, add_func_plain, NULL);
        bgc_ctx_each_var(comp_ctx, add_var, NULL);
    } else if (after_cmd(start, "time") || after_cmd(start, "verify")) {
        cand_add("on", "");
        cand_add("off", "");
    } else if (after_cmd(start, "help")) {
        for (int i = 0; bgc_repl_help_topics[i]; i++)
            cand_add(bgc_repl_help_topics[i], "");
        for (int i = 0; i < bgc_nbuiltins; i++)
            cand_add(bgc_builtins[i].name, "");
        bgc_ctx_each_func(comp_ctx, add_func_plain, NULL);
    } else {
        for (int i = 0; i < bgc_nbuiltins; i++)
            cand_add(bgc_builtins[i].name, "(");
        bgc_ctx_each_func(comp_ctx, add_func, NULL);
        bgc_ctx_each_var(comp_ctx, add_var, NULL);
        cand_add("last", "");
        cand_add("obase", "");
        cand_add("def", "");
        cand_add("undef", "");
        cand_add("mod", "");
    }
    m = rl_completion_matches(text, generator);
    /* one function match: `fact(` with no space after it */
    if (m && !m[1] && m[0][0] && m[0][strlen(m[0]) - 1] == '(')
        rl_completion_suppress_append = 1;
    return m;
}

void bgc_repl_complete_init(bgc_ctx *ctx)
{
    comp_ctx = ctx;
    rl_attempted_completion_function = complete;
    /* words are names: everything else that can sit next to one breaks */
    rl_basic_word_break_characters = " \t\n\"'`@$><=;|&{}()[]+-*/%^!~?:,#.";
    rl_completer_word_break_characters = rl_basic_word_break_characters;
}

void bgc_repl_complete_done(void)
{
    cands_clear();
    free(cands);
    cands = NULL;
    capcands = 0;
    rl_attempted_completion_function = NULL;
}
