/* eval.c -- the session context and statements: parse, compile, run, print.
 *
 * The evaluator is three files: eval.c (this), compile.c (AST to
 * bytecode) and vm.c (the stack machine), sharing eval-impl.h.
 *
 * Why bytecode: the AST of "1+1+...+1" is a tree as deep as the line is
 * long, and user functions recurse 10^5 and more calls deep.  A tree
 * walker in C would overflow the C stack on both; here the compiler walks
 * the tree with an explicit work stack, and the machine keeps its values
 * and call frames in heap arrays.
 *
 * Modular context (man/bigcalc.1, "Modular context").  The context is a
 * way of computing that never changes a value: E mod M is the residue of
 * the integer E.  Whether a node is evaluated "modularly" is known at
 * compile time: inside E of `E mod M`, literals, variables, + - * and ^
 * (its base), unary minus, n!, fib/fact/lucas pass the context on and use
 * modular instructions (MADD, MPOW, ...) on the modulus at the top of the
 * run-time modulus stack; every other node -- / and % included, which
 * divide plain integers -- evaluates its operands plainly and reduces its
 * own result (REDUCE).  The inverse is asked for only by a negative
 * exponent (b^-1 mod m) or invmod().  `E mod M` compiles to
 *     M  PUSHMOD  E(modular)  POPMOD  [REDUCE if itself in a context]
 * so a nested mod is its own context.
 *
 * Errors inside a statement abandon it: the stacks are reset and nothing
 * assigned before the error is rolled back (as in bc).
 */
#include "eval-impl.h"

#include "builtins.h"
#include "error.h"
#include "messages.h"
#include "verify.h"

#include <stdarg.h>
#include <stdlib.h>
#include <time.h>

/* ---- buffers and names -------------------------------------------------------- */

void bgc_code_reset(code *c)
{
    for (int i = 0; i < c->nk; i++)
        bgc_val_release(&c->k[i]);
    for (int i = 0; i < c->nstr; i++)
        free(c->str[i].s);
    c->n = 0;
    c->nk = 0;
    c->nstr = 0;
    c->nlocals = 0;
}
void bgc_code_free(code *c)
{
    bgc_code_reset(c);
    free(c->v);
    free(c->k);
    free(c->str);
    memset(c, 0, sizeof *c);
}

int bgc_ev_grow(void **p, int *cap, int need, size_t elt)
{
    if (need <= *cap)
        return 0;
    int nc = *cap ? *cap : 16;
    while (nc < need)
        nc *= 2;
    void *np = realloc(*p, (size_t)nc * elt);
    if (!np)
        return -1;
    *p = np;
    *cap = nc;
    return 0;
}

static uint64_t hash_name(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

static int map_find(const namemap *m, const char *const *names_at, size_t stride,
                    const char *s, size_t n)
{
    if (!m->cap)
        return -1;
    for (size_t i = hash_name(s, n) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        int ix = m->slot[i];
        if (ix < 0)
            return -1;
        const char *nm = *(const char *const *)((const char *)names_at + (size_t)ix * stride);
        if (strlen(nm) == n && memcmp(nm, s, n) == 0)
            return ix;
    }
}

/* Insert index ix under name (known absent).  Returns -1 on ENOMEM. */
static int map_insert(namemap *m, const char *const *names_at, size_t stride,
                      int count, int ix)
{
    if ((size_t)(count + 1) * 2 > m->cap) {
        size_t ncap = m->cap ? m->cap * 2 : 64;
        int *ns = malloc(ncap * sizeof *ns);
        if (!ns)
            return -1;
        for (size_t i = 0; i < ncap; i++)
            ns[i] = -1;
        free(m->slot);
        m->slot = ns;
        m->cap = ncap;
        for (int j = 0; j < count; j++) {
            if (j == ix)
                continue;
            const char *nm = *(const char *const *)((const char *)names_at + (size_t)j * stride);
            size_t i = hash_name(nm, strlen(nm)) & (ncap - 1);
            while (ns[i] >= 0)
                i = (i + 1) & (ncap - 1);
            ns[i] = j;
        }
    }
    const char *nm = *(const char *const *)((const char *)names_at + (size_t)ix * stride);
    size_t i = hash_name(nm, strlen(nm)) & (m->cap - 1);
    while (m->slot[i] >= 0)
        i = (i + 1) & (m->cap - 1);
    m->slot[i] = ix;
    return 0;
}

static char *dupn(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = 0;
    }
    return p;
}

/* Index of global variable {s,n}, created unset if new; -1 on ENOMEM. */
int bgc_var_intern(bgc_ctx *ctx, const char *s, size_t n)
{
    int ix = ctx->vars ? map_find(&ctx->vmap, (const char *const *)&ctx->vars[0].name,
                                  sizeof(gvar), s, n) : -1;
    if (ix >= 0)
        return ix;
    if (ctx->nvars == ctx->capvars) {
        int nc = ctx->capvars ? ctx->capvars * 2 : 32;
        gvar *nv = realloc(ctx->vars, (size_t)nc * sizeof *nv);
        if (!nv)
            return -1;
        ctx->vars = nv;
        ctx->capvars = nc;
    }
    gvar *g = &ctx->vars[ctx->nvars];
    g->name = dupn(s, n);
    if (!g->name)
        return -1;
    g->v.kind = BGC_VK_UNSET;
    g->v.u.s = 0;
    if (map_insert(&ctx->vmap, (const char *const *)&ctx->vars[0].name,
                   sizeof(gvar), ctx->nvars + 1, ctx->nvars) < 0) {
        free(g->name);
        return -1;
    }
    return ctx->nvars++;
}

int bgc_var_find(const bgc_ctx *ctx, const char *s, size_t n)
{
    return ctx->vars ? map_find(&ctx->vmap, (const char *const *)&ctx->vars[0].name,
                                sizeof(gvar), s, n) : -1;
}

int bgc_func_intern(bgc_ctx *ctx, const char *s, size_t n)
{
    int ix = ctx->funcs ? map_find(&ctx->fmap, (const char *const *)&ctx->funcs[0].name,
                                   sizeof(ufunc), s, n) : -1;
    if (ix >= 0)
        return ix;
    if (ctx->nfuncs == ctx->capfuncs) {
        int nc = ctx->capfuncs ? ctx->capfuncs * 2 : 16;
        ufunc *nf = realloc(ctx->funcs, (size_t)nc * sizeof *nf);
        if (!nf)
            return -1;
        ctx->funcs = nf;
        ctx->capfuncs = nc;
    }
    ufunc *f = &ctx->funcs[ctx->nfuncs];
    memset(f, 0, sizeof *f);
    f->name = dupn(s, n);
    if (!f->name)
        return -1;
    if (map_insert(&ctx->fmap, (const char *const *)&ctx->funcs[0].name,
                   sizeof(ufunc), ctx->nfuncs + 1, ctx->nfuncs) < 0) {
        free(f->name);
        return -1;
    }
    return ctx->nfuncs++;
}

bgc_ctx *bgc_ctx_new(void)
{
    bgc_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return NULL;
    bgc_val_small(&ctx->last, 0);
    bgc_val_small(&ctx->result, 0);
    bgc_init(&ctx->tmp);
    ctx->obase = 10;
    ctx->exit_status = -1;
    ctx->out = stdout;
    bgc_arena_init(&ctx->arena);
    return ctx;
}

void bgc_ctx_free(bgc_ctx *ctx)
{
    if (!ctx)
        return;
    for (int i = 0; i < ctx->nvars; i++) {
        free(ctx->vars[i].name);
        if (ctx->vars[i].v.kind != BGC_VK_UNSET)
            bgc_val_release(&ctx->vars[i].v);
    }
    free(ctx->vars);
    free(ctx->vmap.slot);
    for (int i = 0; i < ctx->nfuncs; i++) {
        free(ctx->funcs[i].name);
        free(ctx->funcs[i].source);
        free(ctx->funcs[i].text);
        bgc_code_free(&ctx->funcs[i].body);
    }
    free(ctx->funcs);
    free(ctx->fmap.slot);
    bgc_val_release(&ctx->last);
    bgc_val_release(&ctx->result);
    for (int i = 0; i < ctx->scap; i++)
        bgc_val_release(&ctx->stack[i]);
    free(ctx->stack);
    free(ctx->frames);
    for (int i = 0; i < ctx->nmods; i++)
        bgc_val_release(&ctx->mods[i]);
    free(ctx->mods);
    for (int i = 0; i < ctx->bcap; i++)
        bgc_clear(&ctx->bargs[i]);
    free(ctx->bargs);
    bgc_clear(&ctx->tmp);
    bgc_code_free(&ctx->top);
    bgc_arena_free(&ctx->arena);
    free(ctx->cst);
    free(ctx->cseq);
    free(ctx->clabels);
    free(ctx);
    bgc_val_cache_free();
}

void bgc_ctx_set_strict(bgc_ctx *ctx, int on) { ctx->strict = on; }
void bgc_ctx_set_time(bgc_ctx *ctx, int on) { ctx->timing = on; }
int bgc_ctx_get_time(const bgc_ctx *ctx) { return ctx->timing; }
int bgc_ctx_get_obase(const bgc_ctx *ctx) { return ctx->obase; }
void bgc_ctx_set_output(bgc_ctx *ctx, FILE *out) { ctx->out = out; }
void bgc_ctx_set_printer(bgc_ctx *ctx, bgc_print_fn fn, void *arg)
{
    ctx->printer = fn;
    ctx->printer_arg = arg;
}
unsigned long bgc_ctx_failures(const bgc_ctx *ctx) { return ctx->failures; }
int bgc_ctx_quitting(const bgc_ctx *ctx, int *status)
{
    if (status)
        *status = ctx->exit_status;
    return ctx->quit;
}
int bgc_ctx_interrupted(const bgc_ctx *ctx) { return ctx->interrupted; }
int bgc_ctx_stopped(const bgc_ctx *ctx) { return ctx->stopped; }
void bgc_ctx_clear_interrupt(bgc_ctx *ctx)
{
    ctx->interrupted = 0;
    ctx->stopped = 0;
    bgcn_interrupt_flag = 0;
}
int bgc_ctx_set_obase(bgc_ctx *ctx, int base)
{
    if (base < 2 || base > 36)
        return -1;
    ctx->obase = base;
    return 0;
}

void bgc_ctx_each_var(const bgc_ctx *ctx, bgc_var_cb cb, void *arg)
{
    for (int i = 0; i < ctx->nvars; i++)
        if (ctx->vars[i].v.kind != BGC_VK_UNSET)
            cb(ctx->vars[i].name, &ctx->vars[i].v, arg);
}
void bgc_ctx_each_func(const bgc_ctx *ctx, bgc_func_cb cb, void *arg)
{
    for (int i = 0; i < ctx->nfuncs; i++)
        if (ctx->funcs[i].defined)
            cb(ctx->funcs[i].name, ctx->funcs[i].nparams, arg);
}

int bgc_ctx_unset(bgc_ctx *ctx, const char *name, size_t n)
{
    int what = 0;
    int ix = ctx->vars ? map_find(&ctx->vmap, (const char *const *)&ctx->vars[0].name,
                                  sizeof(gvar), name, n) : -1;
    if (ix >= 0 && ctx->vars[ix].v.kind != BGC_VK_UNSET) {
        bgc_val_release(&ctx->vars[ix].v);
        ctx->vars[ix].v.kind = BGC_VK_UNSET;
        what |= 1;
    }
    ix = ctx->funcs ? map_find(&ctx->fmap, (const char *const *)&ctx->funcs[0].name,
                               sizeof(ufunc), name, n) : -1;
    if (ix >= 0 && ctx->funcs[ix].defined) {
        /* its code stays until a new definition replaces it: a caller
         * being run may still be inside it */
        ctx->funcs[ix].defined = 0;
        what |= 2;
    }
    return what;
}

const char *bgc_ctx_func_text(const bgc_ctx *ctx, const char *name, size_t *len)
{
    int ix = ctx->funcs ? map_find(&ctx->fmap, (const char *const *)&ctx->funcs[0].name,
                                   sizeof(ufunc), name, strlen(name)) : -1;
    if (ix < 0 || !ctx->funcs[ix].defined || !ctx->funcs[ix].text)
        return NULL;
    const ufunc *f = &ctx->funcs[ix];
    *len = f->text_len - f->def_off;
    return f->text + f->def_off;
}

/* ---- errors ------------------------------------------------------------------ */

void bgc_ev_report(bgc_ctx *ctx, int line, int col, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    bgc_srcpos w;
    const bgc_chunk *ch = ctx->chunk;
    w.source = ch ? ch->source : "?";
    w.line = (ch ? ch->line : 1) + (unsigned long long)line - 1; /* line: from 1 in the chunk */
    w.col = col;
    w.text = ch ? ch->text : NULL;
    w.text_len = ch ? ch->len : 0;
    w.text_line = ch ? ch->line : 1;
    bgc_error_at(&w, "%s", msg);
}

/* ---- output ------------------------------------------------------------------- */

char *bgc_format_val(const bgc_ctx *ctx, const bgc_val *v, size_t *len)
{
    char *s;
    if (bgc_val_format(&s, len, v, ctx->obase) != BGC_OK)
        return NULL;
    return s;
}

char *bgc_format_value(const bgc_ctx *ctx, const bgc_int *v, size_t *len)
{
    char *s, *r, pbuf[4];
    size_t n;
    const char *pfx = bgc_base_prefix(ctx->obase, pbuf);
    size_t pn = strlen(pfx);
    if (bgc_get_str(&s, &n, v, ctx->obase) != BGC_OK)
        return NULL;
    if (pn == 0) {
        if (len)
            *len = n;
        return s;
    }
    r = malloc(n + pn + 1);
    if (!r) {
        free(s);
        return NULL;
    }
    int neg = s[0] == '-';
    size_t k = 0;
    if (neg)
        r[k++] = '-';
    memcpy(r + k, pfx, pn);
    k += pn;
    memcpy(r + k, s + neg, n - (size_t)neg + 1);
    free(s);
    if (len)
        *len = n + pn;
    return r;
}

/* ---- statements ------------------------------------------------------------------ */

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void bgc_stopwatch_start(bgc_stopwatch *w)
{
    w->wall = clock_s(CLOCK_MONOTONIC);
    w->cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID);
}

void bgc_stopwatch_report(const bgc_stopwatch *w)
{
    fprintf(stderr, "time: %.6f s (cpu %.6f s)\n", clock_s(CLOCK_MONOTONIC) - w->wall,
            clock_s(CLOCK_PROCESS_CPUTIME_ID) - w->cpu);
}

/* Developer aid: BIGCALC_DUMP_CODE=1 lists the bytecode on stderr. */
static void dump_code(const code *c, const char *what)
{
    fprintf(stderr, "-- %s: %d instructions, %d slots\n", what, c->n, c->nlocals);
    for (int i = 0; i < c->n; i++)
        fprintf(stderr, "%4d  op %2d  flag %d  a %d  b %d   @%d:%d\n", i, c->v[i].op,
                c->v[i].flag, c->v[i].a, c->v[i].b, c->v[i].line, c->v[i].col);
}

/* Keep the text of a definition for :funcs and for the caret of errors
 * inside it: from the start of its first line (as far as the chunk goes)
 * to its end. */
static int keep_text(bgc_ctx *ctx, ufunc *f, const bgc_stmt *st)
{
    const bgc_chunk *ch = ctx->chunk;
    const char *start = st->text;
    int line = st->line;
    if (ch && start >= ch->text && start <= ch->text + ch->len) {
        while (start > ch->text && start[-1] != '\n')
            start--;
        if (start == ch->text && ch->col != 1)
            start = st->text; /* the chunk starts mid-line: no caret line */
    }
    size_t n = (size_t)(st->text + st->text_len - start);
    char *t = malloc(n + 1);
    char *src = strdup(ch ? ch->source : "?");
    if (!t || !src) {
        free(t);
        free(src);
        return -1;
    }
    memcpy(t, start, n);
    t[n] = 0;
    free(f->text);
    free(f->source);
    f->text = t;
    f->text_len = n;
    f->def_off = (size_t)(st->text - start);
    f->base = ch ? ch->line : 1;
    f->text_line = f->base + (unsigned long long)line - 1;
    f->source = src;
    return 0;
}

static int define(bgc_ctx *ctx, const bgc_stmt *st)
{
    code body;
    memset(&body, 0, sizeof body);
    if (bgc_builtin_find(st->name, st->len) || bgc_name_is(st->name, st->len, "push") ||
        bgc_name_is(st->name, st->len, "pop")) {
        bgc_ev_report(ctx, st->line, st->col, bgc_message(BGC_MSG_REDEFINE_BUILTIN),
               (int)st->len, st->name);
        return -1;
    }
    if (bgc_name_is(st->name, st->len, "last") || bgc_name_is(st->name, st->len, "obase")) {
        bgc_ev_report(ctx, st->line, st->col, bgc_message(BGC_MSG_RESERVED_NAME),
               (int)st->len, st->name);
        return -1;
    }
    if (bgc_compile_def(ctx, &body, st) < 0) {
        bgc_code_free(&body);
        return -1;
    }
    if (getenv("BIGCALC_DUMP_CODE"))
        dump_code(&body, "function");
    int f = bgc_func_intern(ctx, st->name, st->len);
    if (f < 0 || keep_text(ctx, &ctx->funcs[f], st) < 0) {
        bgc_code_free(&body);
        bgc_ev_report(ctx, st->line, st->col, "%s", bgc_strerror(BGC_ENOMEM));
        return -1;
    }
    bgc_code_free(&ctx->funcs[f].body);
    ctx->funcs[f].body = body;
    ctx->funcs[f].nparams = st->nparams;
    ctx->funcs[f].defined = 1;
    return 0;
}

/* Run one parsed statement; 0 or -1 (error reported). */
static int exec_stmt(bgc_ctx *ctx, const bgc_stmt *st)
{
    int rc = 0;
    bgc_stopwatch sw;
    if (ctx->timing)
        bgc_stopwatch_start(&sw);
    if (st->kind == BGC_S_DEF) {
        rc = define(ctx, st);
    } else if (st->kind == BGC_S_UNDEF) {
        if (bgc_builtin_find(st->name, st->len)) {
            bgc_ev_report(ctx, st->line, st->col, bgc_message(BGC_MSG_UNDEF_BUILTIN),
                          (int)st->len, st->name);
            rc = -1;
        } else if (bgc_ctx_unset(ctx, st->name, st->len) == 0) {
            bgc_ev_report(ctx, st->line, st->col, bgc_message(BGC_MSG_UNDEF_UNKNOWN),
                          (int)st->len, st->name);
            rc = -1;
        }
    } else if (st->kind != BGC_S_EMPTY) {
        bgc_code_reset(&ctx->top);
        ctx->fast = !bgc_verify_enabled();
        rc = bgc_compile_stmt(ctx, &ctx->top, st, 0);
        if (rc == 0 && getenv("BIGCALC_DUMP_CODE"))
            dump_code(&ctx->top, "statement");
        if (rc == 0)
            rc = bgc_vm_run(ctx, &ctx->top);
        bgc_code_reset(&ctx->top);
        bgc_vm_trim(ctx);
    }
    /* A statement that failed while ^C was pending was interrupted,
     * wherever it noticed (compiling a huge literal, running, printing):
     * outside the REPL the run then ends with status 130. */
    if (rc < 0 && bgcn_interrupt_flag)
        ctx->interrupted = 1;
    if (ctx->timing && st->kind != BGC_S_EMPTY) {
        fflush(ctx->out);
        bgc_stopwatch_report(&sw);
    }
    if (bgc_verify_enabled() && bgc_verify_pending()) {
        fflush(ctx->out);
        bgc_verify_report(stderr);
    }
    return rc;
}

unsigned long bgc_run_text(bgc_ctx *ctx, const bgc_chunk *ch, bgc_run_result *res)
{
    bgc_parser p;
    memset(res, 0, sizeof *res);
    ctx->chunk = ch;
    bgc_parser_init(&p, ch->text, ch->len, 1, ch->col);
    for (;;) {
        bgc_stmt st;
        bgc_diag dg;
        bgc_parse_status ps = bgc_parse_stmt(&p, &ctx->arena, &st, &dg);
        int failed = 0;
        if (ps == BGC_PARSE_END)
            break;
        if (bgcn_interrupt_flag && st.kind != BGC_S_EMPTY) {
            /* ^C arrived between statements: this one does not run */
            ctx->interrupted = 1;
            bgc_ev_report(ctx, st.line, st.col, "%s", bgc_strerror(BGC_EINTR));
            failed = 1;
        } else if (ps == BGC_PARSE_INCOMPLETE || ps == BGC_PARSE_ERROR) {
            bgc_ev_report(ctx, dg.line, dg.col, "%s", dg.msg);
            failed = 1;
        } else if (exec_stmt(ctx, &st) < 0) {
            failed = 1;
        }
        bgc_arena_reset(&ctx->arena);
        if (ferror(stdout)) {
            /* a write error on stdout (reported once at the end, see
             * src/cli-signals.c): later output could only be lost too */
            res->stop = 1;
            ctx->stopped = 1;
            break;
        }
        if (ctx->quit) {
            res->stop = 1;
            break;
        }
        if (failed) {
            res->failed++;
            ctx->failures++;
            if (ctx->strict || ctx->interrupted) {
                res->stop = 1;
                ctx->stopped = 1;
                break;
            }
        }
        if (ps == BGC_PARSE_INCOMPLETE)
            break;
    }
    ctx->chunk = NULL;
    return res->failed;
}

unsigned long bgc_run_line(bgc_ctx *ctx, const char *source, const char *text,
                           size_t len, unsigned long long line)
{
    bgc_chunk ch = {source, text, len, line, 1};
    bgc_run_result res;
    return bgc_run_text(ctx, &ch, &res);
}

int bgc_eval_expr(bgc_ctx *ctx, const char *source, const char *text, size_t len,
                  unsigned long long line, int col, bgc_int *out)
{
    bgc_chunk ch = {source, text, len, line, col};
    bgc_parser p;
    bgc_stmt st;
    bgc_diag dg;
    int rc = -1;
    ctx->chunk = &ch;
    bgc_parser_init(&p, text, len, 1, col);
    bgc_parse_status ps = bgc_parse_stmt(&p, &ctx->arena, &st, &dg);
    if (ps == BGC_PARSE_OK && st.kind == BGC_S_EXPR) {
        bgc_stmt rest;
        bgc_parse_status ps2;
        /* exactly one expression */
        while ((ps2 = bgc_parse_stmt(&p, &ctx->arena, &rest, &dg)) == BGC_PARSE_OK &&
               rest.kind == BGC_S_EMPTY)
            ;
        if (ps2 != BGC_PARSE_END) {
            if (ps2 == BGC_PARSE_OK)
                bgc_ev_report(ctx, rest.line, rest.col, "syntax error: expected one expression");
            else
                bgc_ev_report(ctx, dg.line, dg.col, "%s", dg.msg);
        } else {
            bgc_code_reset(&ctx->top);
            ctx->fast = !bgc_verify_enabled();
            if (bgc_compile_stmt(ctx, &ctx->top, &st, 1) == 0 &&
                bgc_vm_run(ctx, &ctx->top) == 0) {
                if (!bgc_val_is_int(&ctx->result))
                    bgc_ev_report(ctx, line, col, bgc_message(BGC_MSG_EXPECTED_INTEGER),
                                  ctx->result.kind == BGC_VK_LIST ? "a list" : "no value");
                else if (bgc_val_get_int(&ctx->result, out) == BGC_OK)
                    rc = 0;
                else
                    bgc_ev_report(ctx, line, col, "%s", bgc_strerror(BGC_ENOMEM));
                bgc_val_release(&ctx->result);
            }
            bgc_code_reset(&ctx->top);
            bgc_vm_trim(ctx);
        }
    } else if (ps == BGC_PARSE_OK || ps == BGC_PARSE_END) {
        bgc_ev_report(ctx, line, col, "syntax error: expected an expression");
    } else {
        bgc_ev_report(ctx, dg.line, dg.col, "%s", dg.msg);
    }
    bgc_arena_free(&ctx->arena);
    if (bgc_verify_enabled() && bgc_verify_pending()) {
        fflush(stdout);
        bgc_verify_report(stderr);
    }
    if (rc < 0)
        ctx->failures++;
    ctx->chunk = NULL;
    return rc;
}

