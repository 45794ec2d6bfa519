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
#include "messages.h"

#include "builtins.h"
#include "suggest.h"

#include <stdarg.h>
#include <stdio.h>
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
    size_t skip = 0;
    base = bgc_literal_base(s, n, &skip);
    if (skip) {
        s += skip;
        n -= skip;
    }
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '_')
            continue;
        if (base == 10 && !skip && (s[i] == 'e' || s[i] == 'E')) {
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
        /* the mantissa first: 0e99999999999999999999 is 0, not a power
         * of ten too large for --max-bits */
        e = bgc_set_str(r, buf, epos, 10);
        if (e == BGC_OK && !bgc_is_zero(r))
            e = bgc_set_str(&ex, es, elen, 10);
        if (e == BGC_OK && !bgc_is_zero(r))
            e = bgc_set_si(&ten, 10);
        if (e == BGC_OK && !bgc_is_zero(r))
            e = bgc_pow(&ten, &ten, &ex);
        if (e == BGC_OK && !bgc_is_zero(r))
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

/* Jumps waiting for a statement-level label (break, continue). */
typedef struct jlist {
    int *v;
    int n, cap;
} jlist;

typedef struct loop {
    jlist brk, cont;
} loop;

typedef struct comp {
    bgc_ctx *ctx;
    code *c;
    const bgc_stmt *def;      /* compiling a function body */
    const char **lnames;      /* frame slots by name: params, then locals */
    size_t *llens;
    int nlnames, caplnames;
    task *st;                 /* work stack */
    int nst, capst;
    task *seq;                /* the tasks of one expansion, in order */
    int nseq, capseq;
    int *labels;              /* label -> index of its jump */
    int nlabels, caplabels;
    loop *loops;              /* enclosing loops, innermost last */
    int nloops, caploops;
    int barrier;              /* a jump may land here: no peephole across */
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
static void seq_emitf(comp *cp, int op, int flag, int a, int b, int line, int col)
{
    task t = {T_EMIT, 0, (uint8_t)op, (uint8_t)flag, NULL, a, b, line, col};
    seq_add(cp, t);
}
static void seq_emit(comp *cp, int op, int a, int b, int line, int col)
{
    seq_emitf(cp, op, 0, a, b, line, col);
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

static void report(comp *cp, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void report(comp *cp, int line, int col, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    if (cp->failed)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    bgc_ev_report(cp->ctx, line, col, "%s", msg);
    cp->failed = 1;
}

/* ---- constants and peephole ---------------------------------------------- */

static int add_const_val(comp *cp, bgc_val *v)
{
    code *c = cp->c;
    if (bgc_ev_grow((void **)&c->k, &c->kcap, c->nk + 1, sizeof(bgc_val)) < 0) {
        bgc_val_release(v);
        cp->nomem = 1;
        return -1;
    }
    bgc_val_move(&c->k[c->nk], v);
    return c->nk++;
}

static int add_const(comp *cp, const bgc_node *n)
{
    bgc_int x;
    bgc_val v;
    bgc_init(&x);
    bgc_err e = literal_value(&x, n->name, n->len);
    if (e == BGC_OK)
        e = bgc_val_take_int(&v, &x);
    bgc_clear(&x);
    if (e != BGC_OK) {
        char msg[256];
        bgc_format_err(msg, sizeof msg, e);
        report(cp, n->line, n->col, "%s", msg);
        return -1;
    }
    return add_const_val(cp, &v);
}

static insn *prev_insn(comp *cp, int back)
{
    code *c = cp->c;
    if (c->n - back < cp->barrier || c->n - back < 0)
        return NULL;
    return &c->v[c->n - back];
}

/* The constant that instruction i pushes, as a view; NULL if none. */
static const bgc_int *const_of(comp *cp, const insn *i, bgc_intview *tv)
{
    bgc_val v;
    if (!i)
        return NULL;
    if (i->op == OP_PUSHI) {
        bgc_val_small(&v, i->a);
        return bgc_val_view(&v, tv);
    }
    if (i->op == OP_PUSHK && bgc_val_is_int(&cp->c->k[i->a]))
        return bgc_val_view(&cp->c->k[i->a], tv);
    return NULL;
}

/* Replace the last `drop` instructions by one pushing x (taken).
 * Returns 0 when it could not (out of memory boxing x: the unfolded code
 * stays, and the caller must still emit the operator). */
static int emit_const_result(comp *cp, bgc_int *x, int drop, int line, int col)
{
    code *c = cp->c;
    bgc_val v;
    if (bgc_val_take_int(&v, x) != BGC_OK)
        return 0; /* keep the unfolded code */
    c->n -= drop;
    insn *i = &c->v[c->n++];
    i->flag = 0;
    i->b = 0;
    i->line = i->line2 = line;
    i->col = i->col2 = col;
    if (v.kind == BGC_VK_SMALL && v.u.s >= INT32_MIN && v.u.s <= INT32_MAX) {
        i->op = OP_PUSHI;
        i->a = (int32_t)v.u.s;
    } else {
        int k = add_const_val(cp, &v);
        if (k < 0) { /* cp->nomem is set: the compilation fails */
            c->n--;
            return 1;
        }
        i->op = OP_PUSHK;
        i->a = k;
    }
    return 1;
}

/* Constant folding of an operator on constants just emitted: returns 1
 * when done (a failing operation is left for run time, which reports it
 * at its position). */
static int fold(comp *cp, int op, int line, int col)
{
    bgc_intview ta, tb;
    const bgc_int *a, *b;
    bgc_int r;
    bgc_err e;
    if (op == OP_NEG || op == OP_BNOT) {
        if (!(a = const_of(cp, prev_insn(cp, 1), &ta)))
            return 0;
        bgc_init(&r);
        e = op == OP_NEG ? bgc_neg(&r, a) : bgc_not(&r, a);
        int done = e == BGC_OK && emit_const_result(cp, &r, 1, line, col);
        bgc_clear(&r);
        return done;
    }
    if (!(b = const_of(cp, prev_insn(cp, 1), &tb)) || !(a = const_of(cp, prev_insn(cp, 2), &ta)))
        return 0;
    bgc_init(&r);
    switch (op) {
    case OP_ADD: e = bgc_add(&r, a, b); break;
    case OP_SUB: e = bgc_sub(&r, a, b); break;
    case OP_MUL: e = bgc_mul(&r, a, b); break;
    case OP_POW:
        /* only small powers: a huge one is built at run time, where ^C
         * and --max-bits are reported at its position */
        if (bgc_bitlen_u(a) * (bgc_cmp_si(b, 4096) > 0 ? 4096 : (uint64_t)bgc_get_low(b)) > 4096 ||
            bgc_sgn(b) < 0) {
            e = BGC_ERANGE;
            break;
        }
        e = bgc_pow(&r, a, b);
        break;
    case OP_SHL:
        if (bgc_cmp_si(b, 4096) > 0 || bgc_sgn(b) < 0) {
            e = BGC_ERANGE;
            break;
        }
        e = bgc_shl(&r, a, b);
        break;
    default: e = BGC_ERANGE;
    }
    int done = e == BGC_OK && emit_const_result(cp, &r, 2, line, col);
    bgc_clear(&r);
    return done;
}

static int is_cmp(int op)
{
    return op >= OP_EQ && op <= OP_GE;
}
static int invert_cmp(int op)
{
    switch (op) {
    case OP_EQ: return OP_NE;
    case OP_NE: return OP_EQ;
    case OP_LT: return OP_GE;
    case OP_LE: return OP_GT;
    case OP_GT: return OP_LE;
    default: return OP_LT;
    }
}

/* The varref (eval-impl.h) of a LOADG or LOADL. */
static int varref(const insn *i)
{
    return i->op == OP_LOADG ? i->a : -i->a - 1;
}
static int is_load(const insn *i)
{
    return i && (i->op == OP_LOADG || i->op == OP_LOADL);
}
static int is_arith(int op)
{
    return op >= OP_ADD && op <= OP_OR;
}

/* Compare and jump: the comparison p1 (its right operand perhaps a
 * variable or a constant just before) becomes one jump when cmp holds. */
static int make_jcmp(comp *cp, insn *p1, int cmp, int target)
{
    insn *p2 = prev_insn(cp, 2);
    if (p2 && p2->op == OP_PUSHI) {
        p2->op = OP_JCMPI;
        p2->b = p2->a;
    } else if (is_load(p2)) {
        p2->b = varref(p2);
        p2->op = OP_JCMPV;
        p2->line2 = p2->line; /* "unknown variable" points at it */
        p2->col2 = p2->col;
    } else {
        p1->op = OP_JCMP;
        p1->flag = (uint8_t)cmp;
        p1->a = target;
        return cp->c->n - 1;
    }
    p2->flag = (uint8_t)cmp;
    p2->a = target;
    p2->line = p1->line;
    p2->col = p1->col;
    cp->c->n--;
    return cp->c->n - 1;
}

static int emit(comp *cp, int op, int flag, int a, int b, int line, int col)
{
    code *c = cp->c;
    insn *p1 = prev_insn(cp, 1);
    if (op == OP_POP && p1 && p1->op == OP_IDXSET) {
        p1->flag |= 2; /* v[i] = x as a statement */
        return c->n - 1;
    }
    if (op == OP_POP && p1 && (p1->op == OP_STOREG || p1->op == OP_STOREL)) {
        /* x = e as a statement: store without keeping the value */
        p1->op = p1->op == OP_STOREG ? OP_SETG : OP_SETL;
        insn *p2 = prev_insn(cp, 2), *p3 = prev_insn(cp, 3);
        int load = p1->op == OP_SETG ? OP_LOADG : OP_LOADL;
        if (p3 && p3->op == load && p3->a == p1->a && p2 &&
            (p2->op == OP_BINV || p2->op == OP_BINI)) {
            /* x op= y, x op= k, x++ as a statement: one instruction */
            p3->b = p2->a;
            p3->a = varref(p3);
            p3->op = p2->op == OP_BINV ? OP_OPSETV : OP_OPSETI;
            p3->flag = p2->flag;
            p3->line2 = p2->line2;
            p3->col2 = p2->col2;
            p3->line = p2->line;
            p3->col = p2->col;
            c->n -= 2;
        }
        return c->n - 1;
    }
    if (op == OP_JZ && p1 && is_cmp(p1->op))
        return make_jcmp(cp, p1, invert_cmp(p1->op), a);
    if ((op >= OP_ADD && op <= OP_SHL && op != OP_DIV && op != OP_REM) || op == OP_NEG ||
        op == OP_BNOT) {
        if (fold(cp, op, line, col))
            return c->n - 1;
    }
    if (is_arith(op) && p1 && (is_load(p1) || p1->op == OP_PUSHI)) {
        /* an operation on a variable or a small constant */
        if (p1->op == OP_PUSHI) {
            p1->op = OP_BINI;
        } else {
            p1->a = varref(p1);
            p1->op = OP_BINV;
            p1->line2 = p1->line;
            p1->col2 = p1->col;
        }
        p1->flag = (uint8_t)op;
        p1->line = line;
        p1->col = col;
        return c->n - 1;
    }
    if (op == OP_INDEX && p1 && is_load(prev_insn(cp, 2)) &&
        (is_load(p1) || p1->op == OP_PUSHI)) {
        /* v[i] on a variable v: no copy of v on the stack */
        insn *p2 = prev_insn(cp, 2);
        int ref = varref(p2), vl = p2->line, vc = p2->col;
        *p2 = *p1;
        p1->op = OP_INDEXV;
        p1->flag = 0;
        p1->a = ref;
        p1->b = 0;
        p1->line2 = vl;
        p1->col2 = vc;
        p1->line = line;
        p1->col = col;
        return c->n - 1;
    }
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
    i->line2 = line;
    i->col2 = col;
    return c->n++;
}

/* A jump target here: later instructions must not merge with earlier
 * ones. */
static int here(comp *cp)
{
    cp->barrier = cp->c->n;
    return cp->c->n;
}
static void patch(comp *cp, int at, int target)
{
    if (at >= 0)
        cp->c->v[at].a = target;
}

/* ---- names ---------------------------------------------------------------- */

static int local_index(const comp *cp, const char *s, size_t n)
{
    for (int i = 0; i < cp->nlnames; i++)
        if (cp->llens[i] == n && memcmp(cp->lnames[i], s, n) == 0)
            return i;
    return -1;
}

static int add_local(comp *cp, const char *s, size_t n)
{
    int ix = local_index(cp, s, n);
    if (ix >= 0)
        return ix;
    if (bgc_ev_grow((void **)&cp->lnames, &cp->caplnames, cp->nlnames + 1, sizeof(char *)) < 0) {
        cp->nomem = 1;
        return -1;
    }
    size_t *nl = realloc(cp->llens, (size_t)cp->caplnames * sizeof *nl);
    if (!nl) {
        cp->nomem = 1;
        return -1;
    }
    cp->llens = nl;
    cp->lnames[cp->nlnames] = s;
    cp->llens[cp->nlnames] = n;
    if (cp->c->nlocals < cp->nlnames + 1)
        cp->c->nlocals = cp->nlnames + 1;
    return cp->nlnames++;
}

/* A frame slot no name refers to (for (x in L) keeps its list and index
 * there). */
static int hidden_slots(comp *cp, int k)
{
    int first = cp->c->nlocals;
    cp->c->nlocals += k;
    return first;
}

static int reserved(const char *s, size_t n)
{
    return bgc_name_is(s, n, "last") || bgc_name_is(s, n, "_") || bgc_name_is(s, n, "obase") ||
           bgc_name_is(s, n, "ibase");
}

/* Emit the load or store of a variable name. */
static void seq_var(comp *cp, const char *s, size_t n, int store, int line, int col)
{
    int ix;
    if ((ix = local_index(cp, s, n)) >= 0) {
        seq_emit(cp, store ? OP_STOREL : OP_LOADL, ix, 0, line, col);
    } else if (bgc_name_is(s, n, "last") || bgc_name_is(s, n, "_")) {
        seq_emit(cp, store ? OP_STORELAST : OP_LOADLAST, 0, 0, line, col);
    } else if (bgc_name_is(s, n, "obase")) {
        seq_emit(cp, store ? OP_STOREOBASE : OP_LOADOBASE, 0, 0, line, col);
    } else if (bgc_name_is(s, n, "ibase")) {
        report(cp, line, col, "%s", BGC_IBASE_HINT); /* bc users' first try */
    } else {
        ix = bgc_var_intern(cp->ctx, s, n);
        if (ix < 0) {
            cp->nomem = 1;
            return;
        }
        seq_emit(cp, store ? OP_STOREG : OP_LOADG, ix, 0, line, col);
    }
}

/* The slot of the variable at the root of an lvalue: *local 1 for a frame
 * slot.  -1 after an error. */
static int root_slot(comp *cp, const bgc_node *root, int *local)
{
    int ix = local_index(cp, root->name, root->len);
    if (ix >= 0) {
        *local = 1;
        return ix;
    }
    *local = 0;
    if (reserved(root->name, root->len)) {
        report(cp, root->line, root->col, bgc_message(BGC_MSG_NOT_A_LIST_NAME), (int)root->len, root->name);
        return -1;
    }
    ix = bgc_var_intern(cp->ctx, root->name, root->len);
    if (ix < 0)
        cp->nomem = 1;
    return ix;
}

/* Push the index expressions of an INDEX chain, outermost list first;
 * returns the root variable node and the depth in *depth. */
static const bgc_node *seq_indices(comp *cp, const bgc_node *lv, int *depth)
{
    const bgc_node *chain[64];
    int d = 0;
    const bgc_node *n = lv;
    while (n->kind == BGC_N_INDEX) {
        if (d == 64) {
            report(cp, n->line, n->col, "%s", bgc_message(BGC_MSG_TOO_MANY_INDICES));
            return NULL;
        }
        chain[d++] = n;
        n = n->a;
    }
    for (int i = d - 1; i >= 0; i--)
        seq_node(cp, chain[i]->b, 0);
    *depth = d;
    return n;
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

/* push(v, x) and pop(v): v names a list variable or element. */
static void expand_listop(comp *cp, const bgc_node *n, int is_push)
{
    int want = is_push ? 2 : 1, depth = 0, local;
    if (n->nargs != want) {
        report(cp, n->line, n->col, bgc_message(BGC_MSG_ARITY_USAGE), is_push ? "push" : "pop", want, want == 1 ? "" : "s", n->nargs,
               is_push ? "push(v, x)" : "pop(v)");
        return;
    }
    const bgc_node *lv = n->args[0];
    const bgc_node *t = lv;
    while (t->kind == BGC_N_INDEX)
        t = t->a;
    if (t->kind != BGC_N_VAR) {
        report(cp, lv->line, lv->col, bgc_message(BGC_MSG_LISTOP_NOT_VAR),
               is_push ? "push" : "pop");
        return;
    }
    const bgc_node *root = seq_indices(cp, lv, &depth);
    if (!root)
        return;
    int slot = root_slot(cp, root, &local);
    if (slot < 0)
        return;
    if (is_push)
        seq_node(cp, n->args[1], 0);
    seq_emitf(cp, is_push ? OP_LPUSH : OP_LPOP, local, slot, depth, n->line, n->col);
}

/* Expand one node (see eval.c for the modular rules). */
static void expand(comp *cp, const bgc_node *n, int m)
{
    int L1, L2, red = m; /* red: reduce the result at the end */
    switch (n->kind) {
    case BGC_N_NUM: {
        int k = add_const(cp, n);
        if (k < 0)
            return;
        const bgc_val *v = &cp->c->k[k];
        if (v->kind == BGC_VK_SMALL && v->u.s >= INT32_MIN && v->u.s <= INT32_MAX)
            seq_emit(cp, OP_PUSHI, (int32_t)v->u.s, 0, n->line, n->col);
        else
            seq_emit(cp, OP_PUSHK, k, 0, n->line, n->col);
        break;
    }
    case BGC_N_VAR:
        seq_var(cp, n->name, n->len, 0, n->line, n->col);
        break;
    case BGC_N_STR:
        report(cp, n->line, n->col, "syntax error: a string may only be an argument of print");
        return;
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
            seq_node(cp, n->a, m);
            seq_node(cp, n->b, m);
            if (m)
                seq_emit(cp, n->op == BGC_OP_ADD ? OP_MADD : n->op == BGC_OP_SUB ? OP_MSUB
                             : OP_MMUL, 0, 0, n->line, n->col);
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
            /* / and % too: integer division of plain operands, then
             * reduced (the context never changes a value) */
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
    case BGC_N_INCDEC: {
        int op = n->kind == BGC_N_INCDEC ? plain_op(n->op)
               : n->op != BGC_OP_NONE ? plain_op(n->op) : OP_HALT;
        if (n->a->kind == BGC_N_VAR) {
            int post = n->kind == BGC_N_INCDEC && n->post;
            if (op != OP_HALT)
                seq_var(cp, n->name, n->len, 0, n->line, n->col);
            if (post)
                seq_var(cp, n->name, n->len, 0, n->line, n->col);
            if (n->kind == BGC_N_INCDEC)
                seq_emit(cp, OP_PUSHI, 1, 0, n->line, n->col);
            else
                seq_node(cp, n->b, 0);
            if (op != OP_HALT)
                seq_emit(cp, op, 0, 0, n->line, n->col);
            seq_var(cp, n->name, n->len, 1, n->line, n->col);
            if (post)
                seq_emit(cp, OP_POP, 0, 0, n->line, n->col);
        } else {
            int depth = 0, local;
            const bgc_node *root = seq_indices(cp, n->a, &depth);
            if (!root)
                return;
            int slot = root_slot(cp, root, &local);
            if (slot < 0)
                return;
            if (op != OP_HALT)
                seq_emitf(cp, OP_IDXGET, local, slot, depth, n->line, n->col);
            if (n->kind == BGC_N_INCDEC)
                seq_emit(cp, OP_PUSHI, 1, 0, n->line, n->col);
            else
                seq_node(cp, n->b, 0);
            if (op != OP_HALT)
                seq_emit(cp, op, 0, 0, n->line, n->col);
            seq_emitf(cp, OP_IDXSET, local, slot, depth, n->line, n->col);
            if (n->kind == BGC_N_INCDEC && n->post) {
                /* the old value: undo the step on the copy left */
                seq_emit(cp, OP_PUSHI, 1, 0, n->line, n->col);
                seq_emit(cp, op == OP_ADD ? OP_SUB : OP_ADD, 0, 0, n->line, n->col);
            }
        }
        break;
    }
    case BGC_N_LIST:
        for (int i = 0; i < n->nargs; i++)
            seq_node(cp, n->args[i], 0);
        seq_emit(cp, OP_MKLIST, 0, n->nargs, n->line, n->col);
        break;
    case BGC_N_INDEX:
        seq_node(cp, n->a, 0);
        seq_node(cp, n->b, 0);
        seq_emit(cp, OP_INDEX, 0, 0, n->line, n->col);
        break;
    case BGC_N_CALL: {
        if (bgc_name_is(n->name, n->len, "push") || bgc_name_is(n->name, n->len, "pop")) {
            expand_listop(cp, n, n->name[1] == 'u');
            red = 0;
            break;
        }
        const bgc_builtin *b = bgc_builtin_find(n->name, n->len);
        for (int i = 0; i < n->nargs; i++)
            seq_node(cp, n->args[i], 0);
        if (b) {
            if (!bgc_builtin_arity_ok(b, n->nargs)) {
                char t[64];
                bgc_builtin_arity_text(b, t, sizeof t);
                report(cp, n->line, n->col, bgc_message(BGC_MSG_ARITY_BUILTIN),
                       b->name, t, n->nargs, b->usage);
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

/* Compile expression e (its value left on the stack). */
static void expr(comp *cp, const bgc_node *e)
{
    if (cp->failed || cp->nomem)
        return;
    seq_node(cp, e, 0);
    seq_flush(cp);
    while (cp->nst > 0 && !cp->failed && !cp->nomem) {
        task t = cp->st[--cp->nst];
        switch (t.kind) {
        case T_NODE:
            expand(cp, t.node, t.m);
            seq_flush(cp);
            break;
        case T_EMIT:
            emit(cp, t.op, t.flag, t.a, t.b, t.line, t.col);
            break;
        case T_JUMP:
            cp->labels[t.a] = emit(cp, t.op, 0, -1, 0, t.line, t.col);
            break;
        case T_LABEL:
            patch(cp, cp->labels[t.a], here(cp));
            break;
        }
    }
    cp->nst = 0;
    cp->nseq = 0;
}

/* ---- statements ------------------------------------------------------------ */

static void jl_add(comp *cp, jlist *l, int at)
{
    if (bgc_ev_grow((void **)&l->v, &l->cap, l->n + 1, sizeof(int)) < 0) {
        cp->nomem = 1;
        return;
    }
    l->v[l->n++] = at;
}
static void jl_patch(comp *cp, jlist *l, int target)
{
    for (int i = 0; i < l->n; i++)
        patch(cp, l->v[i], target);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

static loop *loop_push(comp *cp)
{
    if (bgc_ev_grow((void **)&cp->loops, &cp->caploops, cp->nloops + 1, sizeof(loop)) < 0) {
        cp->nomem = 1;
        return NULL;
    }
    loop *l = &cp->loops[cp->nloops++];
    memset(l, 0, sizeof *l);
    return l;
}

/* A jump on the value of e: when it is zero (want 0) or not zero. */
static int cond_jump(comp *cp, const bgc_node *e, int want)
{
    expr(cp, e);
    if (cp->failed || cp->nomem)
        return -1;
    insn *p = prev_insn(cp, 1);
    if (p && p->op == OP_PUSHI) {
        /* while (1): a constant condition jumps always or never */
        int jumps = (p->a != 0) == want;
        cp->c->n--;
        return jumps ? emit(cp, OP_JMP, 0, -1, 0, e->line, e->col) : -1;
    }
    if (p && is_cmp(p->op))
        return make_jcmp(cp, p, want ? p->op : invert_cmp(p->op), -1);
    if (want) {
        emit(cp, OP_LNOT, 0, 0, 0, e->line, e->col);
        return emit(cp, OP_JZ, 0, -1, 0, e->line, e->col);
    }
    return emit(cp, OP_JZ, 0, -1, 0, e->line, e->col);
}

/* An expression whose value is not wanted (x++ then is ++x: no copy of
 * the old value). */
static void expr_discard(comp *cp, const bgc_node *e)
{
    bgc_node pre;
    if (e->kind == BGC_N_INCDEC && e->post) {
        pre = *e;
        pre.post = 0;
        e = &pre;
    }
    expr(cp, e);
    emit(cp, OP_POP, 0, 0, 0, e->line, e->col);
}

static void stmt(comp *cp, const bgc_stmt *s);

/* A print string with its escapes decoded: \n \t \\ \" (and \a \r \0 as in
 * C); any other backslash is an error at its position. */
static int string_const(comp *cp, const bgc_node *v)
{
    code *c = cp->c;
    const char *s = v->name + 1;
    size_t n = v->len - 2, k = 0;
    char *out = malloc(n + 1);
    if (!out) {
        cp->nomem = 1;
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == '\\') {
            char e = s[++i];
            ch = e == 'n' ? '\n' : e == 't' ? '\t' : e == '\\' ? '\\' : e == '"' ? '"'
               : e == 'r' ? '\r' : e == 'a' ? '\a' : e == '0' ? '\0' : 0;
            if (!ch && e != '0') {
                int col = v->col + 1;
                for (size_t j = 0; j + 1 < i; j++)
                    col += ((unsigned char)s[j] & 0xC0) != 0x80;
                free(out);
                if (e >= 0x20 && e < 0x7f)
                    report(cp, v->line, col, "syntax error: unknown escape '\\%c' in a string "
                           "(known: \\n \\t \\\\ \\\")", e);
                else
                    report(cp, v->line, col, "syntax error: unknown escape in a string "
                           "(known: \\n \\t \\\\ \\\")");
                return -1;
            }
        }
        out[k++] = ch;
    }
    out[k] = 0;
    if (bgc_ev_grow((void **)&c->str, &c->strcap, c->nstr + 1, sizeof(bstring)) < 0) {
        free(out);
        cp->nomem = 1;
        return -1;
    }
    c->str[c->nstr].s = out;
    c->str[c->nstr].n = k;
    return c->nstr++;
}

/* Names made local by a function body: `local` declarations and loop
 * variables, anywhere in it (the scope is the whole function, as in bc). */
static void collect_locals(comp *cp, const bgc_stmt *s)
{
    if (!s)
        return;
    switch (s->kind) {
    case BGC_S_BLOCK:
        for (int i = 0; i < s->nlist; i++)
            collect_locals(cp, s->list[i]);
        break;
    case BGC_S_IF:
        collect_locals(cp, s->body);
        collect_locals(cp, s->alt);
        break;
    case BGC_S_WHILE:
        collect_locals(cp, s->body);
        break;
    case BGC_S_FOR:
        if (s->init && s->init->kind == BGC_N_ASSIGN && s->init->a->kind == BGC_N_VAR &&
            !reserved(s->init->name, s->init->len))
            add_local(cp, s->init->name, s->init->len);
        collect_locals(cp, s->body);
        break;
    case BGC_S_FORIN:
        if (!reserved(s->name, s->len))
            add_local(cp, s->name, s->len);
        collect_locals(cp, s->body);
        break;
    case BGC_S_LOCAL:
        for (int i = 0; i < s->nitems; i++) {
            const bgc_node *v = s->items[i];
            if (reserved(v->name, v->len))
                report(cp, v->line, v->col, "'%.*s' is a reserved name", (int)v->len, v->name);
            else
                add_local(cp, v->name, v->len);
        }
        break;
    default:
        break;
    }
}

static void store_name(comp *cp, const char *name, size_t len, int line, int col)
{
    seq_var(cp, name, len, 1, line, col);
    seq_emit(cp, OP_POP, 0, 0, line, col);
    seq_flush(cp);
    while (cp->nst > 0 && !cp->nomem) {
        task t = cp->st[--cp->nst];
        emit(cp, t.op, t.flag, t.a, t.b, t.line, t.col);
    }
}

static void stmt(comp *cp, const bgc_stmt *s)
{
    int j1, j2, top;
    loop *lp;
    if (cp->failed || cp->nomem)
        return;
    switch (s->kind) {
    case BGC_S_EMPTY:
    case BGC_S_DEF:
    case BGC_S_UNDEF:
        break;
    case BGC_S_EXPR:
        if (!s->print) {
            expr_discard(cp, s->expr);
            break;
        }
        expr(cp, s->expr);
        emit(cp, OP_PRINTEXPR, 0, 0, 0, s->line, s->col);
        break;
    case BGC_S_BLOCK:
        for (int i = 0; i < s->nlist; i++)
            stmt(cp, s->list[i]);
        break;
    case BGC_S_IF:
        j1 = cond_jump(cp, s->expr, 0);
        stmt(cp, s->body);
        if (s->alt) {
            j2 = emit(cp, OP_JMP, 0, -1, 0, s->line, s->col);
            patch(cp, j1, here(cp));
            stmt(cp, s->alt);
            patch(cp, j2, here(cp));
        } else {
            patch(cp, j1, here(cp));
        }
        break;
    case BGC_S_WHILE:
    case BGC_S_FOR:
        /* init; jmp cond; top: body; step: step; cond: if (c) jmp top */
        if (s->kind == BGC_S_FOR && s->init)
            expr_discard(cp, s->init);
        j1 = emit(cp, OP_JMP, 0, -1, 0, s->line, s->col);
        top = here(cp);
        if (!(lp = loop_push(cp)))
            return;
        stmt(cp, s->body);
        lp = &cp->loops[cp->nloops - 1];
        jl_patch(cp, &lp->cont, here(cp));
        if (s->kind == BGC_S_FOR && s->step)
            expr_discard(cp, s->step);
        patch(cp, j1, here(cp));
        if (s->expr) {
            j2 = cond_jump(cp, s->expr, 1);
            patch(cp, j2, top);
        } else {
            emit(cp, OP_JMP, 0, top, 0, s->line, s->col);
        }
        lp = &cp->loops[cp->nloops - 1];
        jl_patch(cp, &lp->brk, here(cp));
        cp->nloops--;
        break;
    case BGC_S_FORIN: {
        const bgc_node *x = s->expr;
        int h;
        if (x->kind == BGC_N_CALL && x->nargs == 2 && bgc_name_is(x->name, x->len, "primes")) {
            /* the primes one at a time from the sieve, never the list: a
             * range of 10^9 runs in one window's memory */
            h = hidden_slots(cp, 1);
            expr(cp, x->args[0]);
            expr(cp, x->args[1]);
            emit(cp, OP_PRIMEIT, 0, h, 0, x->line, x->col);
            top = here(cp);
            j1 = emit(cp, OP_PRIMENEXT, 0, -1, h, x->line, x->col);
        } else {
            h = hidden_slots(cp, 2);
            expr(cp, s->expr);
            emit(cp, OP_SETL, 0, h, 0, s->expr->line, s->expr->col);
            emit(cp, OP_CHKLIST, 0, h, 0, s->expr->line, s->expr->col);
            emit(cp, OP_PUSHI, 0, -1, 0, s->line, s->col);
            emit(cp, OP_SETL, 0, h + 1, 0, s->line, s->col);
            top = here(cp);
            j1 = emit(cp, OP_FORNEXT, 0, -1, h, s->line, s->col);
        }
        store_name(cp, s->name, s->len, s->kwline, s->kwcol);
        if (!(lp = loop_push(cp)))
            return;
        stmt(cp, s->body);
        lp = &cp->loops[cp->nloops - 1];
        jl_patch(cp, &lp->cont, top);
        emit(cp, OP_JMP, 0, top, 0, s->line, s->col);
        int end = here(cp);
        patch(cp, j1, end);
        jl_patch(cp, &lp->brk, end);
        emit(cp, OP_CLEARL, 0, h, 0, s->line, s->col);
        cp->nloops--;
        break;
    }
    case BGC_S_BREAK:
    case BGC_S_CONTINUE:
        if (cp->nloops == 0) {
            report(cp, s->line, s->col, "'%s' outside a loop",
                   s->kind == BGC_S_BREAK ? "break" : "continue");
            return;
        }
        j1 = emit(cp, OP_JMP, 0, -1, 0, s->line, s->col);
        lp = &cp->loops[cp->nloops - 1];
        jl_add(cp, s->kind == BGC_S_BREAK ? &lp->brk : &lp->cont, j1);
        break;
    case BGC_S_RETURN:
        if (!cp->def) {
            report(cp, s->line, s->col, "'return' outside a function");
            return;
        }
        if (s->expr)
            expr(cp, s->expr);
        else
            emit(cp, OP_PUSHVOID, 0, 0, 0, s->line, s->col);
        emit(cp, OP_RET, 0, 0, 0, s->line, s->col);
        break;
    case BGC_S_QUIT:
        emit(cp, OP_QUIT, 0, 0, 0, s->line, s->col);
        break;
    case BGC_S_EXIT:
        if (s->expr)
            expr(cp, s->expr);
        else
            emit(cp, OP_PUSHI, 0, 0, 0, s->line, s->col);
        emit(cp, OP_EXIT, 0, 0, 0, s->expr ? s->expr->line : s->line,
             s->expr ? s->expr->col : s->col);
        break;
    case BGC_S_LOCAL:
        if (!cp->def) {
            report(cp, s->line, s->col,
                   "'local' is only allowed inside a function body (other names are global)");
            return;
        }
        for (int i = 0; i < s->nitems; i++) {
            const bgc_node *v = s->items[i];
            if (v->kind == BGC_N_ASSIGN) {
                expr_discard(cp, v);
            } else {
                emit(cp, OP_PUSHI, 0, 0, 0, v->line, v->col);
                store_name(cp, v->name, v->len, v->line, v->col);
            }
        }
        break;
    case BGC_S_PRINT:
        for (int i = 0; i < s->nitems; i++) {
            const bgc_node *v = s->items[i];
            if (v->kind == BGC_N_STR) {
                int k = string_const(cp, v);
                if (k < 0)
                    return;
                emit(cp, OP_PRINTS, 0, k, 0, v->line, v->col);
            } else {
                expr(cp, v);
                emit(cp, OP_PRINTV, 0, 0, 0, v->line, v->col);
            }
        }
        break;
    }
}

/* ---- entry points ------------------------------------------------------------ */

static void comp_init(comp *cp, bgc_ctx *ctx, code *c, const bgc_stmt *def)
{
    memset(cp, 0, sizeof *cp);
    cp->ctx = ctx;
    cp->c = c;
    cp->def = def;
    cp->st = ctx->cst;
    cp->capst = ctx->capcst;
    cp->seq = ctx->cseq;
    cp->capseq = ctx->capcseq;
    cp->labels = ctx->clabels;
    cp->caplabels = ctx->caplabels;
    cp->barrier = c->n;
}

static int comp_done(comp *cp, int line, int col)
{
    bgc_ctx *ctx = cp->ctx;
    /* no instruction pushes more than one value and statements leave the
     * stack as they found it, so this bounds the frame */
    cp->c->maxstack = cp->c->nlocals + cp->c->n + 8;
    if (cp->nomem && !cp->failed) {
        bgc_ev_report(ctx, line, col, "%s", bgc_strerror(BGC_ENOMEM));
        cp->failed = 1;
    }
    ctx->cst = cp->st;
    ctx->capcst = cp->capst;
    ctx->cseq = cp->seq;
    ctx->capcseq = cp->capseq;
    ctx->clabels = cp->labels;
    ctx->caplabels = cp->caplabels;
    for (int i = 0; i < cp->nloops; i++) {
        free(cp->loops[i].brk.v);
        free(cp->loops[i].cont.v);
    }
    free(cp->loops);
    free(cp->lnames);
    free(cp->llens);
    return cp->failed ? -1 : 0;
}

int bgc_compile_stmt(bgc_ctx *ctx, code *c, const bgc_stmt *st, int keep)
{
    comp cp;
    comp_init(&cp, ctx, c, NULL);
    if (keep && st->kind == BGC_S_EXPR)
        expr(&cp, st->expr);
    else
        stmt(&cp, st);
    if (!cp.failed && !cp.nomem)
        emit(&cp, OP_HALT, 0, 0, 0, st->line, st->col);
    return comp_done(&cp, st->line, st->col);
}

int bgc_compile_def(bgc_ctx *ctx, code *c, const bgc_stmt *def)
{
    comp cp;
    comp_init(&cp, ctx, c, def);
    for (int i = 0; i < def->nparams; i++)
        add_local(&cp, def->params[i], def->plens[i]);
    if (def->body) {
        collect_locals(&cp, def->body);
        stmt(&cp, def->body);
        if (!cp.failed && !cp.nomem)
            emit(&cp, OP_PUSHVOID, 0, 0, 0, def->line, def->col);
    } else {
        expr(&cp, def->expr);
    }
    if (!cp.failed && !cp.nomem)
        emit(&cp, OP_RET, 0, 0, 0, def->line, def->col);
    return comp_done(&cp, def->line, def->col);
}
