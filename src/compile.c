/* compile.c -- AST to bytecode, without recursion in C.
 *
 * The tree is walked with an explicit work stack of tasks: "expand this
 * node", "emit this instruction", "emit a jump to label L", "place label
 * L".  Expanding a node pushes its tasks in reverse, so they run in order;
 * the AST of a 200000-term sum compiles in constant C stack.
 *
 * Modular context: see eval.c.  expand() decides per node whether it is
 * evaluated modularly (m = 1) and which instructions that means.
 */
#include "eval-impl.h"

#include "builtins.h"

#include <stdlib.h>

/* ---- literals ----------------------------------------------------------------- */

/* Value of a literal token (already checked by the lexer). */
static bgc_err literal_value(bgc_int *r, const char *s, size_t n)
{
    int base = 10;
    char sbuf[64]; /* most literals are short: no allocation */
    char *buf = n < sizeof sbuf ? sbuf : malloc(n + 1);
    size_t m = 0, epos = 0;
    bgc_err e;
    if (!buf)
        return BGC_ENOMEM;
    if (n > 2)
        base = bgc_radix_prefix(s[0], s[1]);
    if (base != 10) {
        s += 2;
        n -= 2;
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
    if (buf != sbuf)
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

static void seq_add(comp *cp, task t)
{
    if (bgc_ev_grow((void **)&cp->seq, &cp->capseq, cp->nseq + 1, sizeof(task)) < 0) {
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
    if (bgc_ev_grow((void **)&cp->labels, &cp->caplabels, cp->nlabels + 1, sizeof(int)) < 0) {
        cp->nomem = 1;
        return 0;
    }
    cp->labels[cp->nlabels] = -1;
    return cp->nlabels++;
}
/* Push the sequence on the work stack, last task first. */
static void seq_flush(comp *cp)
{
    if (bgc_ev_grow((void **)&cp->st, &cp->capst, cp->nst + cp->nseq, sizeof(task)) < 0) {
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
    if (bgc_ev_grow((void **)&c->v, &c->cap, c->n + 1, sizeof(insn)) < 0) {
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
    if (bgc_ev_grow((void **)&c->k, &c->kcap, c->nk + 1, sizeof(bgc_int)) < 0) {
        cp->nomem = 1;
        return -1;
    }
    bgc_init(&c->k[c->nk]);
    bgc_err e = literal_value(&c->k[c->nk], n->name, n->len);
    if (e != BGC_OK) {
        char msg[256];
        bgc_format_err(msg, sizeof msg, e);
        bgc_clear(&c->k[c->nk]);
        bgc_ev_report(cp->ctx, n->line, n->col, "%s", msg);
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

/* Emit the load or store of a variable name. */
static void seq_var(comp *cp, const char *s, size_t n, int store, int line, int col)
{
    int ix;
    if ((ix = param_index(cp, s, n)) >= 0) {
        seq_emit(cp, store ? OP_STOREL : OP_LOADL, ix, 0, line, col);
    } else if (bgc_name_is(s, n, "last") || bgc_name_is(s, n, "_")) {
        seq_emit(cp, store ? OP_STORELAST : OP_LOADLAST, 0, 0, line, col);
    } else if (bgc_name_is(s, n, "obase")) {
        seq_emit(cp, store ? OP_STOREOBASE : OP_LOADOBASE, 0, 0, line, col);
    } else {
        ix = bgc_var_intern(cp->ctx, s, n);
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
                bgc_ev_report(cp->ctx, n->line, n->col,
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
            int f = bgc_func_intern(cp->ctx, n->name, n->len);
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
int bgc_compile(bgc_ctx *ctx, code *c, const bgc_stmt *def, const bgc_node *e,
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
        bgc_ev_report(ctx, e->line, e->col, "out of memory");
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

