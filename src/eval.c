/* eval.c -- compile the AST to bytecode, run it on a value stack.
 *
 * Why bytecode: the AST of "1+1+...+1" is a tree as deep as the line is
 * long, and user functions recurse 10^5 and more calls deep.  A tree
 * walker in C would overflow the C stack on both; here the compiler walks
 * the tree with an explicit work stack, and the machine keeps its values
 * and call frames in heap arrays.
 *
 * Modular context (SPEC 2).  Whether a node is evaluated "modularly" is
 * known at compile time: inside E of `E mod M`, literals, variables,
 * + - * / ^ (base), unary minus, n!, fib/fact/lucas pass the context on
 * and use modular instructions (MADD, MPOW, ...) on the modulus at the top
 * of the run-time modulus stack; every other node evaluates its operands
 * plainly and reduces its own result (REDUCE).  `E mod M` compiles to
 *     M  PUSHMOD  E(modular)  POPMOD  [REDUCE if itself in a context]
 * so a nested mod is its own context.
 *
 * Errors inside a statement abandon it: the stacks are reset and nothing
 * assigned before the error is rolled back (as in bc).
 */
#include "eval.h"

#include "builtins.h"
#include "error.h"
#include "parser.h"
#include "verify.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- bytecode ---------------------------------------------------------------- */

enum {
    OP_HALT, OP_PUSHK, OP_LOADG, OP_STOREG, OP_LOADL, OP_STOREL,
    OP_LOADLAST, OP_STORELAST, OP_LOADOBASE, OP_STOREOBASE,
    OP_REDUCE, OP_PUSHMOD, OP_POPMOD,
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM, OP_POW, OP_SHL, OP_SHR,
    OP_AND, OP_OR, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
    OP_MADD, OP_MSUB, OP_MMUL, OP_MDIV, OP_MPOW, OP_MNEG, OP_MFACT,
    OP_NEG, OP_BNOT, OP_LNOT, OP_FACT, OP_BOOL,
    OP_JMP, OP_JZ, OP_ANDJ, OP_ORJ,
    OP_CALLB, OP_CALLU, OP_RET
};

typedef struct insn {
    uint8_t op;
    uint8_t flag;     /* CALLB: 1 = modular form */
    int32_t a;        /* constant, variable, jump target, function */
    int32_t b;        /* CALLB/CALLU: number of arguments */
    int32_t line, col;
} insn;

typedef struct code {
    insn *v;
    int n, cap;
    bgc_int *k;       /* constants */
    int nk, kcap;
} code;

static void code_reset(code *c)
{
    for (int i = 0; i < c->nk; i++)
        bgc_clear(&c->k[i]);
    c->n = 0;
    c->nk = 0;
}
static void code_free(code *c)
{
    code_reset(c);
    free(c->v);
    free(c->k);
    memset(c, 0, sizeof *c);
}

/* ---- names ------------------------------------------------------------------ */

typedef struct gvar {
    char *name;
    bgc_int v;
    int set;
} gvar;

typedef struct ufunc {
    char *name;
    int nparams;
    int defined;
    code body;
} ufunc;

/* open-addressing map from name to index into an array of entries */
typedef struct namemap {
    int *slot;        /* -1 empty, else index */
    size_t cap;       /* power of two */
} namemap;

static uint64_t hash_name(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

/* ---- context --------------------------------------------------------------- */

typedef struct frame {
    const code *ret_code;
    int ret_pc;
    int base;         /* index of the first argument on the value stack */
    int fidx;
} frame;

struct bgc_ctx {
    gvar *vars;
    int nvars, capvars;
    namemap vmap;
    ufunc *funcs;
    int nfuncs, capfuncs;
    namemap fmap;

    bgc_int last;
    int obase;
    int strict, timing;
    FILE *out;
    bgc_print_fn printer;
    void *printer_arg;

    unsigned long failures;
    int interrupted, stopped;

    /* machine */
    bgc_int *stack;
    int scap;
    frame *frames;
    int fcap;
    bgc_int *mods;
    int mcap, nmods;

    /* compiler scratch, kept between statements */
    code top;                 /* code of the current statement */
    bgc_arena arena;
    struct task *cst, *cseq;
    int capcst, capcseq;
    int *clabels;
    int caplabels;
    unsigned long nstmts;     /* statements run (trim the stack now and then) */

    /* the chunk being run, for error positions */
    const bgc_chunk *chunk;
};

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
static int var_intern(bgc_ctx *ctx, const char *s, size_t n)
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
    bgc_init(&g->v);
    g->set = 0;
    if (map_insert(&ctx->vmap, (const char *const *)&ctx->vars[0].name,
                   sizeof(gvar), ctx->nvars + 1, ctx->nvars) < 0) {
        free(g->name);
        return -1;
    }
    return ctx->nvars++;
}

static int func_intern(bgc_ctx *ctx, const char *s, size_t n)
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
    bgc_init(&ctx->last);
    ctx->obase = 10;
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
        bgc_clear(&ctx->vars[i].v);
    }
    free(ctx->vars);
    free(ctx->vmap.slot);
    for (int i = 0; i < ctx->nfuncs; i++) {
        free(ctx->funcs[i].name);
        code_free(&ctx->funcs[i].body);
    }
    free(ctx->funcs);
    free(ctx->fmap.slot);
    bgc_clear(&ctx->last);
    for (int i = 0; i < ctx->scap; i++)
        bgc_clear(&ctx->stack[i]);
    free(ctx->stack);
    free(ctx->frames);
    for (int i = 0; i < ctx->mcap; i++)
        bgc_clear(&ctx->mods[i]);
    free(ctx->mods);
    code_free(&ctx->top);
    bgc_arena_free(&ctx->arena);
    free(ctx->cst);
    free(ctx->cseq);
    free(ctx->clabels);
    free(ctx);
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
        if (ctx->vars[i].set)
            cb(ctx->vars[i].name, &ctx->vars[i].v, arg);
}
void bgc_ctx_each_func(const bgc_ctx *ctx, bgc_func_cb cb, void *arg)
{
    for (int i = 0; i < ctx->nfuncs; i++)
        if (ctx->funcs[i].defined)
            cb(ctx->funcs[i].name, ctx->funcs[i].nparams, arg);
}

/* ---- errors ------------------------------------------------------------------ */

static void report(bgc_ctx *ctx, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void report(bgc_ctx *ctx, int line, int col, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    bgc_srcpos w;
    const bgc_chunk *ch = ctx->chunk;
    w.source = ch ? ch->source : "?";
    w.line = line;
    w.col = col;
    w.text = ch ? ch->text : NULL;
    w.text_len = ch ? ch->len : 0;
    w.text_line = ch ? ch->line : 1;
    bgc_error_at(&w, "%s", msg);
}

/* ---- literals ----------------------------------------------------------------- */

/* Value of a literal token (already checked by the lexer). */
static bgc_err literal_value(bgc_int *r, const char *s, size_t n)
{
    int base = 10;
    char *buf = malloc(n + 1);
    size_t m = 0, epos = 0;
    bgc_err e;
    if (!buf)
        return BGC_ENOMEM;
    if (n > 2 && s[0] == '0') {
        char p = s[1];
        if (p == 'x' || p == 'X')
            base = 16;
        else if (p == 'b' || p == 'B')
            base = 2;
        else if (p == 'o' || p == 'O')
            base = 8;
        if (base != 10) {
            s += 2;
            n -= 2;
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '_')
            continue;
        if (base == 10 && (s[i] == 'e' || s[i] == 'E')) {
            epos = m;
            buf[m++] = 0;
            continue;
        }
        buf[m++] = s[i];
    }
    if (!epos) {
        e = bgc_set_str(r, buf, m, base);
    } else {
        bgc_int ex, ten;
        size_t elen = m - epos - 1;
        const char *es = buf + epos + 1;
        if (elen && *es == '+') {
            es++;
            elen--;
        }
        bgc_init(&ex);
        bgc_init(&ten);
        e = bgc_set_str(&ex, es, elen, 10);
        if (e == BGC_OK)
            e = bgc_set_si(&ten, 10);
        if (e == BGC_OK)
            e = bgc_pow(&ten, &ten, &ex);
        if (e == BGC_OK)
            e = bgc_set_str(r, buf, epos, 10);
        if (e == BGC_OK)
            e = bgc_mul(r, r, &ten);
        bgc_clear(&ex);
        bgc_clear(&ten);
    }
    free(buf);
    return e;
}

/* ---- compiler ------------------------------------------------------------------- */

enum { T_NODE, T_EMIT, T_JUMP, T_LABEL };

typedef struct task {
    uint8_t kind, m, op, flag;
    const bgc_node *node;
    int a, b, line, col;
} task;

typedef struct comp {
    bgc_ctx *ctx;
    code *c;
    const bgc_stmt *def;      /* compiling a function body: its params */
    task *st;                 /* work stack */
    int nst, capst;
    task *seq;                /* the tasks of one expansion, in order */
    int nseq, capseq;
    int *labels;              /* label -> index of its jump */
    int nlabels, caplabels;
    int failed;               /* an error was reported */
    int nomem;
} comp;

static int grow(void **p, int *cap, int need, size_t elt)
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

static void seq_add(comp *cp, task t)
{
    if (grow((void **)&cp->seq, &cp->capseq, cp->nseq + 1, sizeof(task)) < 0) {
        cp->nomem = 1;
        return;
    }
    cp->seq[cp->nseq++] = t;
}
static void seq_node(comp *cp, const bgc_node *n, int m)
{
    task t = {T_NODE, (uint8_t)m, 0, 0, n, 0, 0, 0, 0};
    seq_add(cp, t);
}
static void seq_emit(comp *cp, int op, int a, int b, int line, int col)
{
    task t = {T_EMIT, 0, (uint8_t)op, 0, NULL, a, b, line, col};
    seq_add(cp, t);
}
static void seq_emitf(comp *cp, int op, int flag, int a, int b, int line, int col)
{
    task t = {T_EMIT, 0, (uint8_t)op, (uint8_t)flag, NULL, a, b, line, col};
    seq_add(cp, t);
}
static void seq_jump(comp *cp, int op, int label, int line, int col)
{
    task t = {T_JUMP, 0, (uint8_t)op, 0, NULL, label, 0, line, col};
    seq_add(cp, t);
}
static void seq_label(comp *cp, int label)
{
    task t = {T_LABEL, 0, 0, 0, NULL, label, 0, 0, 0};
    seq_add(cp, t);
}
static int new_label(comp *cp)
{
    if (grow((void **)&cp->labels, &cp->caplabels, cp->nlabels + 1, sizeof(int)) < 0) {
        cp->nomem = 1;
        return 0;
    }
    cp->labels[cp->nlabels] = -1;
    return cp->nlabels++;
}
/* Push the sequence on the work stack, last task first. */
static void seq_flush(comp *cp)
{
    if (grow((void **)&cp->st, &cp->capst, cp->nst + cp->nseq, sizeof(task)) < 0) {
        cp->nomem = 1;
        cp->nseq = 0;
        return;
    }
    for (int i = cp->nseq - 1; i >= 0; i--)
        cp->st[cp->nst++] = cp->seq[i];
    cp->nseq = 0;
}

static int emit(comp *cp, int op, int flag, int a, int b, int line, int col)
{
    code *c = cp->c;
    if (grow((void **)&c->v, &c->cap, c->n + 1, sizeof(insn)) < 0) {
        cp->nomem = 1;
        return -1;
    }
    insn *i = &c->v[c->n];
    i->op = (uint8_t)op;
    i->flag = (uint8_t)flag;
    i->a = a;
    i->b = b;
    i->line = line;
    i->col = col;
    return c->n++;
}

static int add_const(comp *cp, const bgc_node *n)
{
    code *c = cp->c;
    if (grow((void **)&c->k, &c->kcap, c->nk + 1, sizeof(bgc_int)) < 0) {
        cp->nomem = 1;
        return -1;
    }
    bgc_init(&c->k[c->nk]);
    bgc_err e = literal_value(&c->k[c->nk], n->name, n->len);
    if (e != BGC_OK) {
        char msg[256];
        bgc_format_err(msg, sizeof msg, e);
        bgc_clear(&c->k[c->nk]);
        report(cp->ctx, n->line, n->col, "%s", msg);
        cp->failed = 1;
        return -1;
    }
    return c->nk++;
}

static int param_index(const comp *cp, const char *s, size_t n)
{
    if (!cp->def)
        return -1;
    for (int i = 0; i < cp->def->nparams; i++)
        if (cp->def->plens[i] == n && memcmp(cp->def->params[i], s, n) == 0)
            return i;
    return -1;
}

static int name_is(const char *s, size_t n, const char *lit)
{
    return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* Emit the load or store of a variable name. */
static void seq_var(comp *cp, const char *s, size_t n, int store, int line, int col)
{
    int ix;
    if ((ix = param_index(cp, s, n)) >= 0) {
        seq_emit(cp, store ? OP_STOREL : OP_LOADL, ix, 0, line, col);
    } else if (name_is(s, n, "last") || name_is(s, n, "_")) {
        seq_emit(cp, store ? OP_STORELAST : OP_LOADLAST, 0, 0, line, col);
    } else if (name_is(s, n, "obase")) {
        seq_emit(cp, store ? OP_STOREOBASE : OP_LOADOBASE, 0, 0, line, col);
    } else {
        ix = var_intern(cp->ctx, s, n);
        if (ix < 0) {
            cp->nomem = 1;
            return;
        }
        seq_emit(cp, store ? OP_STOREG : OP_LOADG, ix, 0, line, col);
    }
}

static int plain_op(bgc_op op)
{
    switch (op) {
    case BGC_OP_ADD: return OP_ADD;
    case BGC_OP_SUB: return OP_SUB;
    case BGC_OP_MUL: return OP_MUL;
    case BGC_OP_DIV: return OP_DIV;
    case BGC_OP_REM: return OP_REM;
    case BGC_OP_POW: return OP_POW;
    case BGC_OP_SHL: return OP_SHL;
    case BGC_OP_SHR: return OP_SHR;
    case BGC_OP_AND: return OP_AND;
    case BGC_OP_OR: return OP_OR;
    case BGC_OP_EQ: return OP_EQ;
    case BGC_OP_NE: return OP_NE;
    case BGC_OP_LT: return OP_LT;
    case BGC_OP_LE: return OP_LE;
    case BGC_OP_GT: return OP_GT;
    case BGC_OP_GE: return OP_GE;
    default: return OP_HALT;
    }
}

/* Expand one node (see the top of the file for the modular rules). */
static void expand(comp *cp, const bgc_node *n, int m)
{
    int L1, L2, red = m; /* red: reduce the result at the end */
    switch (n->kind) {
    case BGC_N_NUM: {
        int k = add_const(cp, n);
        if (k < 0)
            return;
        seq_emit(cp, OP_PUSHK, k, 0, n->line, n->col);
        break;
    }
    case BGC_N_VAR:
        seq_var(cp, n->name, n->len, 0, n->line, n->col);
        break;
    case BGC_N_UNARY:
        switch (n->op) {
        case BGC_OP_NEG:
            seq_node(cp, n->a, m);
            seq_emit(cp, m ? OP_MNEG : OP_NEG, 0, 0, n->line, n->col);
            red = 0;
            break;
        case BGC_OP_PLUS:
            seq_node(cp, n->a, m);
            red = 0;
            break;
        default:
            seq_node(cp, n->a, 0);
            seq_emit(cp, n->op == BGC_OP_BNOT ? OP_BNOT : OP_LNOT, 0, 0, n->line, n->col);
        }
        break;
    case BGC_N_FACT:
        seq_node(cp, n->a, 0);
        seq_emit(cp, m ? OP_MFACT : OP_FACT, 0, 0, n->line, n->col);
        red = 0;
        break;
    case BGC_N_BIN:
        switch (n->op) {
        case BGC_OP_ADD:
        case BGC_OP_SUB:
        case BGC_OP_MUL:
        case BGC_OP_DIV:
            seq_node(cp, n->a, m);
            seq_node(cp, n->b, m);
            if (m)
                seq_emit(cp, n->op == BGC_OP_ADD ? OP_MADD : n->op == BGC_OP_SUB ? OP_MSUB
                             : n->op == BGC_OP_MUL ? OP_MMUL : OP_MDIV,
                         0, 0, n->line, n->col);
            else
                seq_emit(cp, plain_op(n->op), 0, 0, n->line, n->col);
            red = 0;
            break;
        case BGC_OP_POW:
            seq_node(cp, n->a, m);
            seq_node(cp, n->b, 0);
            seq_emit(cp, m ? OP_MPOW : OP_POW, 0, 0, n->line, n->col);
            red = 0;
            break;
        case BGC_OP_MOD:
            seq_node(cp, n->b, 0);
            seq_emit(cp, OP_PUSHMOD, 0, 0, n->line, n->col);
            seq_node(cp, n->a, 1);
            seq_emit(cp, OP_POPMOD, 0, 0, n->line, n->col);
            break;
        default:
            seq_node(cp, n->a, 0);
            seq_node(cp, n->b, 0);
            seq_emit(cp, plain_op(n->op), 0, 0, n->line, n->col);
        }
        break;
    case BGC_N_ANDAND:
    case BGC_N_OROR:
        L1 = new_label(cp);
        seq_node(cp, n->a, 0);
        seq_jump(cp, n->kind == BGC_N_ANDAND ? OP_ANDJ : OP_ORJ, L1, n->line, n->col);
        seq_node(cp, n->b, 0);
        seq_emit(cp, OP_BOOL, 0, 0, n->line, n->col);
        seq_label(cp, L1);
        break;
    case BGC_N_COND:
        L1 = new_label(cp);
        L2 = new_label(cp);
        seq_node(cp, n->a, 0);
        seq_jump(cp, OP_JZ, L1, n->line, n->col);
        seq_node(cp, n->b, 0);
        seq_jump(cp, OP_JMP, L2, n->line, n->col);
        seq_label(cp, L1);
        seq_node(cp, n->c, 0);
        seq_label(cp, L2);
        break;
    case BGC_N_ASSIGN:
        if (n->op != BGC_OP_NONE)
            seq_var(cp, n->name, n->len, 0, n->line, n->col);
        seq_node(cp, n->b, 0);
        if (n->op != BGC_OP_NONE)
            seq_emit(cp, plain_op(n->op), 0, 0, n->line, n->col);
        seq_var(cp, n->name, n->len, 1, n->line, n->col);
        break;
    case BGC_N_CALL: {
        const bgc_builtin *b = bgc_builtin_find(n->name, n->len);
        for (int i = 0; i < n->nargs; i++)
            seq_node(cp, n->args[i], 0);
        if (b) {
            if (!bgc_builtin_arity_ok(b, n->nargs)) {
                char t[64];
                bgc_builtin_arity_text(b, t, sizeof t);
                report(cp->ctx, n->line, n->col,
                       "wrong number of arguments: %s() %s, got %d (usage: %s)",
                       b->name, t, n->nargs, b->usage);
                cp->failed = 1;
                return;
            }
            int modular = m && b->modfn;
            seq_emitf(cp, OP_CALLB, modular, (int)(b - bgc_builtins), n->nargs,
                      n->line, n->col);
            if (modular)
                red = 0;
        } else {
            int f = func_intern(cp->ctx, n->name, n->len);
            if (f < 0) {
                cp->nomem = 1;
                return;
            }
            seq_emit(cp, OP_CALLU, f, n->nargs, n->line, n->col);
        }
        break;
    }
    }
    if (red)
        seq_emit(cp, OP_REDUCE, 0, 0, n->line, n->col);
}

/* Compile expression e into c (appending), ending with `final` op.
 * Returns 0, or -1 after reporting the error. */
static int compile(bgc_ctx *ctx, code *c, const bgc_stmt *def, const bgc_node *e,
                   int final_op)
{
    comp cp;
    memset(&cp, 0, sizeof cp);
    cp.ctx = ctx;
    cp.c = c;
    cp.def = def;
    cp.st = ctx->cst;
    cp.capst = ctx->capcst;
    cp.seq = ctx->cseq;
    cp.capseq = ctx->capcseq;
    cp.labels = ctx->clabels;
    cp.caplabels = ctx->caplabels;
    seq_node(&cp, e, 0);
    seq_flush(&cp);
    while (cp.nst > 0 && !cp.failed && !cp.nomem) {
        task t = cp.st[--cp.nst];
        switch (t.kind) {
        case T_NODE:
            expand(&cp, t.node, t.m);
            seq_flush(&cp);
            break;
        case T_EMIT:
            emit(&cp, t.op, t.flag, t.a, t.b, t.line, t.col);
            break;
        case T_JUMP:
            cp.labels[t.a] = emit(&cp, t.op, 0, -1, 0, t.line, t.col);
            break;
        case T_LABEL:
            c->v[cp.labels[t.a]].a = c->n;
            break;
        }
    }
    if (!cp.failed && !cp.nomem)
        emit(&cp, final_op, 0, 0, 0, e->line, e->col);
    if (cp.nomem && !cp.failed) {
        report(ctx, e->line, e->col, "out of memory");
        cp.failed = 1;
    }
    ctx->cst = cp.st;
    ctx->capcst = cp.capst;
    ctx->cseq = cp.seq;
    ctx->capcseq = cp.capseq;
    ctx->clabels = cp.labels;
    ctx->caplabels = cp.caplabels;
    return cp.failed ? -1 : 0;
}

/* ---- the machine ---------------------------------------------------------------- */

static int stack_reserve(bgc_ctx *ctx, int need)
{
    if (need <= ctx->scap)
        return 0;
    int nc = ctx->scap ? ctx->scap : 64;
    while (nc < need)
        nc *= 2;
    bgc_int *ns = realloc(ctx->stack, (size_t)nc * sizeof *ns);
    if (!ns)
        return -1;
    for (int i = ctx->scap; i < nc; i++)
        bgc_init(&ns[i]);
    ctx->stack = ns;
    ctx->scap = nc;
    return 0;
}

static int mods_reserve(bgc_ctx *ctx, int need)
{
    if (need <= ctx->mcap)
        return 0;
    int nc = ctx->mcap ? ctx->mcap * 2 : 8;
    while (nc < need)
        nc *= 2;
    bgc_int *nm = realloc(ctx->mods, (size_t)nc * sizeof *nm);
    if (!nm)
        return -1;
    for (int i = ctx->mcap; i < nc; i++)
        bgc_init(&nm[i]);
    ctx->mods = nm;
    ctx->mcap = nc;
    return 0;
}

static int cmp_result(int op, int c)
{
    switch (op) {
    case OP_EQ: return c == 0;
    case OP_NE: return c != 0;
    case OP_LT: return c < 0;
    case OP_LE: return c <= 0;
    case OP_GT: return c > 0;
    default: return c >= 0;
    }
}

/* Message for an error of an operator instruction. */
static void op_message(int op, bgc_err e, char *buf, size_t cap)
{
    switch (e) {
    case BGC_NERR:
        snprintf(buf, cap, "not implemented yet (this operation is still being written)");
        return;
    case BGC_ENEGARG:
        if (op == OP_SHL || op == OP_SHR)
            snprintf(buf, cap, "negative shift count");
        else if (op == OP_FACT || op == OP_MFACT)
            snprintf(buf, cap, "negative argument not allowed in factorial");
        else
            snprintf(buf, cap, "negative argument not allowed");
        return;
    case BGC_ENEGEXP:
        snprintf(buf, cap, "negative exponent (allowed only inside 'mod')");
        return;
    case BGC_ENOTINV:
        snprintf(buf, cap, "not invertible: the divisor shares a factor with the modulus");
        return;
    default:
        bgc_format_err(buf, cap, e);
    }
}

/* Run code c (a top-level statement) on an empty stack.  The result is
 * left in ctx->stack[0].  Returns 0, or -1 after reporting the error. */
static int run(bgc_ctx *ctx, const code *c)
{
    const code *cur = c;
    const insn *ip;
    int pc = 0, sp = 0, fp = 0, base = 0;
    bgc_err e = BGC_OK;
    char msg[512];
    const char *inner = NULL; /* innermost function, for messages */

    ctx->nmods = 0;
    if (stack_reserve(ctx, 64) < 0) {
        e = BGC_ENOMEM;
        ip = &c->v[0];
        goto fail;
    }
    for (;;) {
        ip = &cur->v[pc++];
        if (bgcn_interrupt_flag) {
            e = BGC_EINTR;
            goto fail;
        }
        if (sp + 4 > ctx->scap && stack_reserve(ctx, sp + 4) < 0) {
            e = BGC_ENOMEM;
            goto fail;
        }
        bgc_int *S = ctx->stack;
        bgc_int *M = ctx->nmods ? &ctx->mods[ctx->nmods - 1] : NULL;
        switch (ip->op) {
        case OP_HALT:
            return 0;
        case OP_PUSHK:
            e = bgc_set(&S[sp], &cur->k[ip->a]);
            sp++;
            break;
        case OP_LOADG: {
            gvar *g = &ctx->vars[ip->a];
            if (!g->set) {
                snprintf(msg, sizeof msg, "unknown variable '%s'", g->name);
                goto fail_msg;
            }
            e = bgc_set(&S[sp], &g->v);
            sp++;
            break;
        }
        case OP_STOREG: {
            gvar *g = &ctx->vars[ip->a];
            e = bgc_set(&g->v, &S[sp - 1]);
            if (e == BGC_OK)
                g->set = 1;
            break;
        }
        case OP_LOADL:
            e = bgc_set(&S[sp], &S[base + ip->a]);
            sp++;
            break;
        case OP_STOREL:
            e = bgc_set(&S[base + ip->a], &S[sp - 1]);
            break;
        case OP_LOADLAST:
            e = bgc_set(&S[sp], &ctx->last);
            sp++;
            break;
        case OP_STORELAST:
            e = bgc_set(&ctx->last, &S[sp - 1]);
            break;
        case OP_LOADOBASE:
            e = bgc_set_si(&S[sp], ctx->obase);
            sp++;
            break;
        case OP_STOREOBASE: {
            long b;
            if (bgc_get_si(&S[sp - 1], &b) != BGC_OK || b < 2 || b > 36) {
                snprintf(msg, sizeof msg, "obase must be between 2 and 36");
                goto fail_msg;
            }
            ctx->obase = (int)b;
            break;
        }
        case OP_REDUCE:
            e = bgc_mod(&S[sp - 1], &S[sp - 1], M);
            break;
        case OP_PUSHMOD:
            if (bgc_is_zero(&S[sp - 1])) {
                e = BGC_EMODZERO;
                break;
            }
            if (mods_reserve(ctx, ctx->nmods + 1) < 0) {
                e = BGC_ENOMEM;
                break;
            }
            bgc_swap(&ctx->mods[ctx->nmods], &S[sp - 1]);
            ctx->nmods++;
            sp--;
            break;
        case OP_POPMOD:
            ctx->nmods--;
            break;
        case OP_ADD: e = bgc_add(&S[sp - 2], &S[sp - 2], &S[sp - 1]); sp--; break;
        case OP_SUB: e = bgc_sub(&S[sp - 2], &S[sp - 2], &S[sp - 1]); sp--; break;
        case OP_MUL: e = bgc_mul(&S[sp - 2], &S[sp - 2], &S[sp - 1]); sp--; break;
        case OP_DIV: e = bgc_tdiv_q(&S[sp - 2], &S[sp - 2], &S[sp - 1]); sp--; break;
        case OP_REM: e = bgc_tdiv_r(&S[sp - 2], &S[sp - 2], &S[sp - 1]); sp--; break;
        case OP_POW: e = bgc_pow(&S[sp - 2], &S[sp - 2], &S[sp - 1]); sp--; break;
        case OP_SHL: e = bgc_shl(&S[sp - 2], &S[sp - 2], &S[sp - 1]); sp--; break;
        case OP_SHR: e = bgc_shr(&S[sp - 2], &S[sp - 2], &S[sp - 1]); sp--; break;
        case OP_AND: e = bgc_and(&S[sp - 2], &S[sp - 2], &S[sp - 1]); sp--; break;
        case OP_OR: e = bgc_or(&S[sp - 2], &S[sp - 2], &S[sp - 1]); sp--; break;
        case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE:
            e = bgc_set_si(&S[sp - 2], cmp_result(ip->op, bgc_cmp(&S[sp - 2], &S[sp - 1])));
            sp--;
            break;
        case OP_MADD:
            e = bgc_add(&S[sp - 2], &S[sp - 2], &S[sp - 1]);
            if (e == BGC_OK)
                e = bgc_mod(&S[sp - 2], &S[sp - 2], M);
            sp--;
            break;
        case OP_MSUB:
            e = bgc_sub(&S[sp - 2], &S[sp - 2], &S[sp - 1]);
            if (e == BGC_OK)
                e = bgc_mod(&S[sp - 2], &S[sp - 2], M);
            sp--;
            break;
        case OP_MMUL:
            e = bgc_mul(&S[sp - 2], &S[sp - 2], &S[sp - 1]);
            if (e == BGC_OK)
                e = bgc_mod(&S[sp - 2], &S[sp - 2], M);
            sp--;
            break;
        case OP_MDIV:
            e = bgc_invmod(&S[sp - 1], &S[sp - 1], M);
            if (e == BGC_OK)
                e = bgc_mul(&S[sp - 2], &S[sp - 2], &S[sp - 1]);
            if (e == BGC_OK)
                e = bgc_mod(&S[sp - 2], &S[sp - 2], M);
            sp--;
            break;
        case OP_MPOW:
            e = bgc_powmod(&S[sp - 2], &S[sp - 2], &S[sp - 1], M);
            sp--;
            break;
        case OP_MNEG:
            e = bgc_neg(&S[sp - 1], &S[sp - 1]);
            if (e == BGC_OK)
                e = bgc_mod(&S[sp - 1], &S[sp - 1], M);
            break;
        case OP_MFACT:
            e = bgc_fact_mod(&S[sp - 1], &S[sp - 1], M);
            break;
        case OP_NEG: e = bgc_neg(&S[sp - 1], &S[sp - 1]); break;
        case OP_BNOT: e = bgc_not(&S[sp - 1], &S[sp - 1]); break;
        case OP_LNOT: e = bgc_set_si(&S[sp - 1], bgc_is_zero(&S[sp - 1])); break;
        case OP_FACT: e = bgc_fact(&S[sp - 1], &S[sp - 1]); break;
        case OP_BOOL: e = bgc_set_si(&S[sp - 1], !bgc_is_zero(&S[sp - 1])); break;
        case OP_JMP:
            pc = ip->a;
            break;
        case OP_JZ:
            sp--;
            if (bgc_is_zero(&S[sp]))
                pc = ip->a;
            break;
        case OP_ANDJ:
            if (bgc_is_zero(&S[sp - 1])) {
                pc = ip->a; /* keep the 0 as the result */
            } else {
                sp--;
            }
            break;
        case OP_ORJ:
            if (!bgc_is_zero(&S[sp - 1])) {
                e = bgc_set_si(&S[sp - 1], 1);
                pc = ip->a;
            } else {
                sp--;
            }
            break;
        case OP_CALLB: {
            const bgc_builtin *b = &bgc_builtins[ip->a];
            bgc_int *args = &S[sp - ip->b];
            if (ip->flag)
                e = b->modfn(&args[0], &args[0], M);
            else
                e = b->fn(&args[0], args, ip->b);
            sp -= ip->b - 1;
            if (e != BGC_OK && e != BGC_ENOMEM && e != BGC_EINTR && e != BGC_ETOOBIG) {
                bgc_builtin_message(b, e, msg, sizeof msg);
                goto fail_msg;
            }
            break;
        }
        case OP_CALLU: {
            ufunc *f = &ctx->funcs[ip->a];
            if (!f->defined) {
                const char *sug = bgc_builtin_suggest(f->name, strlen(f->name));
                if (sug)
                    snprintf(msg, sizeof msg, "unknown function '%s' (did you mean %s?)",
                             f->name, sug);
                else
                    snprintf(msg, sizeof msg, "unknown function '%s'", f->name);
                goto fail_msg;
            }
            if (f->nparams != ip->b) {
                snprintf(msg, sizeof msg,
                         "wrong number of arguments: %s() takes %d argument%s, got %d",
                         f->name, f->nparams, f->nparams == 1 ? "" : "s", ip->b);
                goto fail_msg;
            }
            if (fp >= BGC_MAX_CALL_DEPTH) {
                snprintf(msg, sizeof msg, "recursion too deep (limit %d calls)",
                         BGC_MAX_CALL_DEPTH);
                goto fail_msg;
            }
            if (fp >= ctx->fcap) {
                if (grow((void **)&ctx->frames, &ctx->fcap, fp + 1, sizeof(frame)) < 0) {
                    e = BGC_ENOMEM;
                    break;
                }
            }
            frame *fr = &ctx->frames[fp++];
            fr->ret_code = cur;
            fr->ret_pc = pc;
            fr->base = base;
            fr->fidx = ip->a;
            base = sp - ip->b;
            cur = &f->body;
            pc = 0;
            break;
        }
        case OP_RET: {
            frame *fr = &ctx->frames[--fp];
            bgc_swap(&S[base], &S[sp - 1]);
            sp = base + 1;
            base = fr->base;
            cur = fr->ret_code;
            pc = fr->ret_pc;
            break;
        }
        }
        if (e != BGC_OK)
            goto fail;
    }
fail:
    if (e == BGC_EINTR)
        ctx->interrupted = 1;
    op_message(ip->op, e, msg, sizeof msg);
fail_msg:
    if (fp > 0) {
        /* report at the call in the statement, naming the function that
         * failed */
        inner = ctx->funcs[ctx->frames[fp - 1].fidx].name;
        const code *outer = ctx->frames[0].ret_code;
        const insn *call = &outer->v[ctx->frames[0].ret_pc - 1];
        report(ctx, call->line, call->col, "%s (in %s)", msg, inner);
    } else {
        report(ctx, ip->line, ip->col, "%s", msg);
    }
    ctx->nmods = 0;
    return -1;
}

/* Give back memory held by big values in free stack slots. */
static void trim_stack(bgc_ctx *ctx)
{
    /* cheap most of the time: a big result sits in slot 0 */
    if (ctx->scap > 0 && ctx->stack[0].alloc > 64)
        bgc_clear(&ctx->stack[0]);
    if (++ctx->nstmts % 64 != 0 && ctx->scap <= 1024)
        return;
    if (ctx->scap > 1024) { /* after deep recursion: give it all back */
        for (int i = 0; i < ctx->scap; i++)
            bgc_clear(&ctx->stack[i]);
        free(ctx->stack);
        ctx->stack = NULL;
        ctx->scap = 0;
        free(ctx->frames);
        ctx->frames = NULL;
        ctx->fcap = 0;
    }
    for (int i = 0; i < ctx->scap; i++)
        if (i >= 16 || ctx->stack[i].alloc > 64)
            bgc_clear(&ctx->stack[i]);
    for (int i = 0; i < ctx->mcap; i++)
        bgc_clear(&ctx->mods[i]);
}

/* ---- output ------------------------------------------------------------------- */

char *bgc_format_value(const bgc_ctx *ctx, const bgc_int *v, size_t *len)
{
    char *s, *r;
    size_t n;
    const char *pfx = ctx->obase == 16 ? "0x" : ctx->obase == 8 ? "0o"
                    : ctx->obase == 2 ? "0b" : "";
    if (bgc_get_str(&s, &n, v, ctx->obase) != BGC_OK)
        return NULL;
    if (!*pfx) {
        if (len)
            *len = n;
        return s;
    }
    r = malloc(n + 3);
    if (!r) {
        free(s);
        return NULL;
    }
    int neg = s[0] == '-';
    size_t k = 0;
    if (neg)
        r[k++] = '-';
    r[k++] = pfx[0];
    r[k++] = pfx[1];
    memcpy(r + k, s + neg, n - (size_t)neg + 1);
    free(s);
    if (len)
        *len = n + 2;
    return r;
}

/* ---- statements ------------------------------------------------------------------ */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int define(bgc_ctx *ctx, const bgc_stmt *st)
{
    code body;
    memset(&body, 0, sizeof body);
    if (bgc_builtin_find(st->name, st->len)) {
        report(ctx, st->line, st->col, "cannot redefine builtin function '%.*s'",
               (int)st->len, st->name);
        return -1;
    }
    if (name_is(st->name, st->len, "last") || name_is(st->name, st->len, "obase")) {
        report(ctx, st->line, st->col, "'%.*s' is a reserved name",
               (int)st->len, st->name);
        return -1;
    }
    if (compile(ctx, &body, st, st->expr, OP_RET) < 0) {
        code_free(&body);
        return -1;
    }
    int f = func_intern(ctx, st->name, st->len);
    if (f < 0) {
        code_free(&body);
        report(ctx, st->line, st->col, "out of memory");
        return -1;
    }
    code_free(&ctx->funcs[f].body);
    ctx->funcs[f].body = body;
    ctx->funcs[f].nparams = st->nparams;
    ctx->funcs[f].defined = 1;
    return 0;
}

/* Run one parsed statement; 0 or -1 (error reported). */
static int exec_stmt(bgc_ctx *ctx, const bgc_stmt *st)
{
    int rc = 0;
    double t0 = ctx->timing ? now() : 0;
    if (st->kind == BGC_S_DEF) {
        rc = define(ctx, st);
    } else if (st->kind == BGC_S_EXPR) {
        code_reset(&ctx->top);
        rc = compile(ctx, &ctx->top, NULL, st->expr, OP_HALT);
        if (rc == 0)
            rc = run(ctx, &ctx->top);
        if (rc == 0 && st->print && ctx->printer) {
            ctx->printer(ctx, &ctx->stack[0], ctx->printer_arg);
            if (bgc_set(&ctx->last, &ctx->stack[0]) != BGC_OK) {
                report(ctx, st->line, st->col, "out of memory");
                rc = -1;
            }
        } else if (rc == 0 && st->print) {
            size_t n;
            char *s = bgc_format_value(ctx, &ctx->stack[0], &n);
            if (!s) {
                report(ctx, st->line, st->col, "out of memory");
                rc = -1;
            } else {
                fwrite(s, 1, n, ctx->out);
                fputc('\n', ctx->out);
                free(s);
                if (bgc_set(&ctx->last, &ctx->stack[0]) != BGC_OK) {
                    report(ctx, st->line, st->col, "out of memory");
                    rc = -1;
                }
            }
        }
        code_reset(&ctx->top);
        trim_stack(ctx);
    }
    if (ctx->timing && st->kind != BGC_S_EMPTY) {
        fflush(ctx->out);
        fprintf(stderr, "time: %.6f s\n", now() - t0);
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
    bgc_parser_init(&p, ch->text, ch->len, ch->line, ch->col);
    for (;;) {
        bgc_stmt st;
        bgc_diag dg;
        size_t off = bgc_parser_offset(&p);
        int sline = p.tok.line, scol = p.tok.col;
        bgc_parse_status ps = bgc_parse_stmt(&p, &ctx->arena, &st, &dg);
        int failed = 0;
        if (ps == BGC_PARSE_END)
            break;
        if (ps == BGC_PARSE_INCOMPLETE && !ch->final) {
            res->incomplete = 1;
            res->consumed = off;
            res->line = sline;
            res->col = scol;
            bgc_arena_free(&ctx->arena);
            break;
        }
        if (bgcn_interrupt_flag && st.kind != BGC_S_EMPTY) {
            /* ^C arrived between statements: this one does not run */
            ctx->interrupted = 1;
            report(ctx, st.line, st.col, "interrupted");
            failed = 1;
        } else if (ps == BGC_PARSE_INCOMPLETE || ps == BGC_PARSE_ERROR) {
            report(ctx, dg.line, dg.col, "%s", dg.msg);
            failed = 1;
        } else if (exec_stmt(ctx, &st) < 0) {
            failed = 1;
        }
        bgc_arena_reset(&ctx->arena);
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
                           size_t len, int line)
{
    bgc_chunk ch = {source, text, len, line, 1, 1};
    bgc_run_result res;
    return bgc_run_text(ctx, &ch, &res);
}

int bgc_eval_expr(bgc_ctx *ctx, const char *source, const char *text, size_t len,
                  int line, int col, bgc_int *out)
{
    bgc_chunk ch = {source, text, len, line, col, 1};
    bgc_parser p;
    bgc_stmt st;
    bgc_diag dg;
    int rc = -1;
    ctx->chunk = &ch;
    bgc_parser_init(&p, text, len, line, col);
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
                report(ctx, rest.line, rest.col, "syntax error: expected one expression");
            else
                report(ctx, dg.line, dg.col, "%s", dg.msg);
        } else {
            code_reset(&ctx->top);
            if (compile(ctx, &ctx->top, NULL, st.expr, OP_HALT) == 0 &&
                run(ctx, &ctx->top) == 0) {
                if (bgc_set(out, &ctx->stack[0]) == BGC_OK)
                    rc = 0;
                else
                    report(ctx, line, col, "out of memory");
            }
            code_reset(&ctx->top);
            trim_stack(ctx);
        }
    } else if (ps == BGC_PARSE_OK || ps == BGC_PARSE_END) {
        report(ctx, line, col, "syntax error: expected an expression");
    } else {
        report(ctx, dg.line, dg.col, "%s", dg.msg);
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
