/* vm.c -- the stack machine that runs compiled statements.
 *
 * Values (value.h) live in ctx->stack; slots at and above sp hold nothing
 * (SMALL 0), so pushing is a plain store and only popping releases.  User
 * function calls push a frame (return address, caller's base) on
 * ctx->frames, a heap array bounded by BGC_MAX_CALL_DEPTH, so recursion
 * never touches the C stack.  A frame's slots are its parameters, then its
 * locals (zero on entry), then hidden loop slots, then temporaries.
 *
 * Small integers (int64_t) are computed in place: + - * / % ^ << >> & |
 * and comparisons check for overflow with the compiler's builtins and fall
 * back to the number layer (bgc_int) only when the result does not fit.
 * The fallback is also the slow twin of every fast path: with --verify
 * (ctx->fast == 0) every operation goes through the number layer, where
 * GMP checks it, and the CLI tests run every table case both ways.
 *
 * The interrupt flag is polled before every instruction, so ^C stops
 * `while (1) {}` at once; the number layer polls it inside long
 * operations, list builtins every few thousand elements.
 */
#include "eval-impl.h"

#include "builtins.h"
#include "error.h"
#include "messages.h"
#include "suggest.h"
#include "verify.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- stacks ---------------------------------------------------------------- */

static int stack_reserve(bgc_ctx *ctx, int need)
{
    if (need <= ctx->scap)
        return 0;
    int nc = ctx->scap ? ctx->scap : 64;
    while (nc < need)
        nc *= 2;
    bgc_val *ns = realloc(ctx->stack, (size_t)nc * sizeof *ns);
    if (!ns)
        return -1;
    for (int i = ctx->scap; i < nc; i++)
        bgc_val_small(&ns[i], 0);
    ctx->stack = ns;
    ctx->scap = nc;
    return 0;
}

static int bargs_reserve(bgc_ctx *ctx, int need)
{
    if (need <= ctx->bcap)
        return 0;
    int nc = ctx->bcap ? ctx->bcap : 8;
    while (nc < need)
        nc *= 2;
    bgc_int *nb = realloc(ctx->bargs, (size_t)nc * sizeof *nb);
    if (!nb)
        return -1;
    for (int i = ctx->bcap; i < nc; i++)
        bgc_init(&nb[i]);
    ctx->bargs = nb;
    ctx->bcap = nc;
    return 0;
}

/* Forget the borrowed views among the first n builtin arguments (their
 * limbs belong to values on the stack). */
static void unborrow(bgc_ctx *ctx, int n)
{
    for (int i = 0; i < n; i++)
        if (bgc_is_borrowed(&ctx->bargs[i]))
            bgc_init(&ctx->bargs[i]);
}

/* res = a builtin's integer result r.  A result still borrowing an
 * argument's limbs unchanged (abs(x) of x > 0, max(x, 1)) is that argument
 * shared again; any other result moves into a value. */
static bgc_err builtin_result(bgc_val *res, bgc_int *r, const bgc_val *args, int n)
{
    if (bgc_is_borrowed(r))
        for (int i = 0; i < n; i++)
            if (args[i].kind == BGC_VK_BIG && args[i].u.b->n.d == r->d &&
                args[i].u.b->n.size == r->size) {
                bgc_val_copy(res, &args[i]);
                bgc_init(r);
                return BGC_OK;
            }
    return bgc_val_take_int(res, r);
}

/* ---- messages ------------------------------------------------------------- */

/* "unknown variable 'x'" / "unknown function 'f'" with a hint (suggest.h);
 * a function read as a variable, or a variable called, says what it is. */
static void unknown_name(const bgc_ctx *ctx, const char *name, int want, char *msg,
                         size_t cap)
{
    char hint[200];
    size_t n = strlen(name);
    if (want == BGC_SUGGEST_VAR && bgc_suggest_function_read(ctx, name, n, msg, cap))
        return;
    if (want == BGC_SUGGEST_FUNC) {
        int ix = bgc_var_find(ctx, name, n);
        if (ix >= 0 && ctx->vars[ix].v.kind != BGC_VK_UNSET) {
            snprintf(msg, cap, bgc_message(BGC_MSG_NOT_A_FUNCTION), name);
            return;
        }
    }
    const char *what = want == BGC_SUGGEST_FUNC ? "function" : "variable";
    if (bgc_suggest(ctx, name, n, want == BGC_SUGGEST_FUNC ? BGC_SUGGEST_FUNC : BGC_SUGGEST_ANY,
                    hint, sizeof hint))
        snprintf(msg, cap, bgc_message(BGC_MSG_UNKNOWN_NAME_HINT), what, name, hint);
    else
        snprintf(msg, cap, bgc_message(BGC_MSG_UNKNOWN_NAME), what, name);
}

static const char *op_symbol(int op)
{
    switch (op) {
    case OP_ADD: case OP_MADD: return "+";
    case OP_SUB: case OP_MSUB: return "-";
    case OP_MUL: case OP_MMUL: return "*";
    case OP_DIV: return "/";
    case OP_REM: return "%";
    case OP_POW: case OP_MPOW: return "^";
    case OP_SHL: return "<<";
    case OP_SHR: return ">>";
    case OP_AND: return "&";
    case OP_OR: return "|";
    case OP_EQ: return "==";
    case OP_NE: return "!=";
    case OP_LT: return "<";
    case OP_LE: return "<=";
    case OP_GT: return ">";
    case OP_GE: return ">=";
    case OP_NEG: case OP_MNEG: return "-";
    case OP_BNOT: return "~";
    case OP_LNOT: return "!";
    case OP_FACT: case OP_MFACT: return "!";
    case OP_REDUCE: case OP_PUSHMOD: return "mod";
    default: return "?";
    }
}

static const char *kind_name(int kind)
{
    return kind == BGC_VK_LIST ? "a list" : kind == BGC_VK_VOID ? "no value" : "an integer";
}

/* Message for an error of an operator instruction. */
static void op_message(int op, bgc_err e, char *buf, size_t cap)
{
    switch (e) {
    case BGC_ENEGARG:
        if (op == OP_SHL || op == OP_SHR)
            snprintf(buf, cap, "%s", bgc_message(BGC_MSG_NEG_SHIFT));
        else if (op == OP_FACT || op == OP_MFACT)
            snprintf(buf, cap, "%s", bgc_message(BGC_MSG_NEG_FACTORIAL));
        else
            snprintf(buf, cap, "%s", bgc_strerror(BGC_ENEGARG));
        return;
    case BGC_ENEGEXP:
        snprintf(buf, cap, "%s", bgc_message(BGC_MSG_NEG_EXPONENT));
        return;
    case BGC_ENOTINV:
        snprintf(buf, cap, "%s", bgc_message(BGC_MSG_NOT_INVERTIBLE_BASE));
        return;
    case BGC_EDOMAIN:
        if (op == OP_MFACT) {
            snprintf(buf, cap, "%s", bgc_message(BGC_MSG_FACT_MOD_LIMIT));
            return;
        }
        bgc_format_err(buf, cap, e);
        return;
    default:
        bgc_format_err(buf, cap, e);
    }
}

/* ---- slow paths: the number layer ------------------------------------------ */

/* a = a op b for integers (op also a modular one, M the modulus). */
static bgc_err big_binop(bgc_ctx *ctx, int op, bgc_val *a, const bgc_val *b, const bgc_val *M)
{
    bgc_intview va, vb, vm;
    const bgc_int *x = bgc_val_view(a, &va), *y = bgc_val_view(b, &vb);
    const bgc_int *m = M ? bgc_val_view(M, &vm) : NULL;
    bgc_int *r = &ctx->tmp;
    bgc_err e;
    switch (op) {
    case OP_ADD: e = bgc_add(r, x, y); break;
    case OP_SUB: e = bgc_sub(r, x, y); break;
    case OP_MUL: /* x*x of one value squares (faster; --verify checks sqr) */
        e = x->d == y->d && x->size == y->size ? bgc_sqr(r, x) : bgc_mul(r, x, y);
        break;
    case OP_DIV: e = bgc_tdiv_q(r, x, y); break;
    case OP_REM: e = bgc_tdiv_r(r, x, y); break;
    case OP_POW: e = bgc_pow(r, x, y); break;
    case OP_SHL: e = bgc_shl(r, x, y); break;
    case OP_SHR: e = bgc_shr(r, x, y); break;
    case OP_AND: e = bgc_and(r, x, y); break;
    case OP_OR: e = bgc_or(r, x, y); break;
    case OP_MADD: e = bgc_addmod(r, x, y, m, 0); break;
    case OP_MSUB: e = bgc_addmod(r, x, y, m, 1); break;
    case OP_MMUL:
        e = bgc_mulmod(r, x, y, m);
        break;
    case OP_MPOW: e = bgc_powmod(r, x, y, m); break;
    default: e = BGC_EDOMAIN;
    }
    if (e != BGC_OK)
        return e;
    bgc_val_release(a);
    return bgc_val_take_int(a, r);
}

/* a = f(a) for the unary operations. */
static bgc_err big_unop(bgc_ctx *ctx, int op, bgc_val *a, const bgc_val *M)
{
    bgc_intview va, vm;
    const bgc_int *x = bgc_val_view(a, &va);
    const bgc_int *m = M ? bgc_val_view(M, &vm) : NULL;
    bgc_int *r = &ctx->tmp;
    bgc_err e;
    switch (op) {
    case OP_NEG: e = bgc_neg(r, x); break;
    case OP_BNOT: e = bgc_not(r, x); break;
    case OP_FACT: e = bgc_fact(r, x); break;
    case OP_MFACT: e = bgc_fact_mod(r, x, m); break;
    case OP_REDUCE: e = bgc_mod(r, x, m); break;
    case OP_MNEG:
        e = bgc_neg(r, x);
        if (e == BGC_OK)
            e = bgc_mod(r, r, m);
        break;
    default: e = BGC_EDOMAIN;
    }
    if (e != BGC_OK)
        return e;
    bgc_val_release(a);
    return bgc_val_take_int(a, r);
}

/* -1, 0, 1 for integers a, b. */
static int int_cmp(const bgc_val *a, const bgc_val *b)
{
    if (a->kind == BGC_VK_SMALL && b->kind == BGC_VK_SMALL)
        return a->u.s < b->u.s ? -1 : a->u.s > b->u.s;
    bgc_intview va, vb;
    return bgc_cmp(bgc_val_view(a, &va), bgc_val_view(b, &vb));
}

static int cmp_holds(int op, int c)
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

/* ---- small-integer fast paths --------------------------------------------- */

/* For comparison op: bit 0, 1, 2 set when it holds for a < b, a == b, a > b. */
static const uint8_t cmp_mask[OP_COUNT] = {
    [OP_LT] = 1, [OP_LE] = 3, [OP_EQ] = 2, [OP_NE] = 5, [OP_GT] = 4, [OP_GE] = 6,
};

static inline int small_binop(int op, int64_t a, int64_t b, int64_t *r);

#define SMALL(v) ((v).kind == BGC_VK_SMALL)

/* x = x op y for an arithmetic op (x owned, y only read; they may be the
 * same object).  BGC_NERR: an operand is not an integer. */
static inline bgc_err arith(bgc_ctx *ctx, int op, bgc_val *x, const bgc_val *y, int fast)
{
    int64_t r;
    if (fast && SMALL(*x) && SMALL(*y) && small_binop(op, x->u.s, y->u.s, &r)) {
        x->u.s = r;
        return BGC_OK;
    }
    if (!bgc_val_is_int(x) || !bgc_val_is_int(y))
        return BGC_NERR;
    return big_binop(ctx, op, x, y, NULL);
}

/* *holds = (a cop b).  BGC_NERR: not comparable (a list, except for == and
 * !=); BGC_ENOMEM. */
static inline bgc_err compare(int cop, const bgc_val *a, const bgc_val *b, int *holds)
{
    if (SMALL(*a) && SMALL(*b)) {
        int64_t x = a->u.s, y = b->u.s;
        switch (cop) {
        case OP_LT: *holds = x < y; break;
        case OP_LE: *holds = x <= y; break;
        case OP_GT: *holds = x > y; break;
        case OP_GE: *holds = x >= y; break;
        case OP_EQ: *holds = x == y; break;
        default: *holds = x != y; break;
        }
        return BGC_OK;
    }
    if (bgc_val_is_int(a) && bgc_val_is_int(b)) {
        *holds = cmp_holds(cop, int_cmp(a, b));
        return BGC_OK;
    }
    if (cop != OP_EQ && cop != OP_NE)
        return BGC_NERR;
    int eq = bgc_val_equal(a, b);
    if (eq < 0)
        return BGC_ENOMEM;
    *holds = cop == OP_EQ ? eq : !eq;
    return BGC_OK;
}

/* r = a op b when it fits int64_t: 1, else 0 (then the slow path runs). */
static inline int small_binop(int op, int64_t a, int64_t b, int64_t *r)
{
    switch (op) {
    case OP_ADD: return !__builtin_add_overflow(a, b, r);
    case OP_SUB: return !__builtin_sub_overflow(a, b, r);
    case OP_MUL: return !__builtin_mul_overflow(a, b, r);
    case OP_DIV:
        if (b == 0 || (a == INT64_MIN && b == -1))
            return 0;
        *r = a / b; /* C truncates, as bc */
        return 1;
    case OP_REM:
        if (b == 0 || (a == INT64_MIN && b == -1))
            return 0;
        *r = a % b;
        return 1;
    case OP_AND: *r = a & b; return 1;
    case OP_OR: *r = a | b; return 1;
    case OP_SHL:
        if (b < 0 || b > 62)
            return 0;
        return !__builtin_mul_overflow(a, (int64_t)1 << b, r);
    case OP_SHR:
        if (b < 0)
            return 0;
        *r = b > 63 ? (a < 0 ? -1 : 0) : a >> b; /* floor, as GMP's fdiv */
        return 1;
    case OP_POW: {
        if (b < 0)
            return 0;
        int64_t acc = 1, base = a;
        for (;;) {
            if ((b & 1) && __builtin_mul_overflow(acc, base, &acc))
                return 0;
            b >>= 1;
            if (!b)
                break;
            if (__builtin_mul_overflow(base, base, &base))
                return 0;
        }
        *r = acc;
        return 1;
    }
    default: return 0;
    }
}

/* Residue of x mod |m| in [0, |m|) for m != 0. */
static inline int64_t small_mod(__int128 x, int64_t m)
{
    __int128 am = m < 0 ? -(__int128)m : m;
    __int128 r = x % am;
    return (int64_t)(r < 0 ? r + am : r);
}

/* Modular forms with a small modulus: 1 when done. */
static inline int small_modop(int op, int64_t a, int64_t b, int64_t m, int64_t *r)
{
    switch (op) {
    case OP_MADD: *r = small_mod((__int128)a + b, m); return 1;
    case OP_MSUB: *r = small_mod((__int128)a - b, m); return 1;
    case OP_MMUL: *r = small_mod((__int128)a * b, m); return 1;
    case OP_MPOW: {
        if (b < 0)
            return 0; /* the inverse: the number layer */
        __int128 am = m < 0 ? -(__int128)m : m;
        int64_t acc = small_mod(1, m), base = small_mod(a, m);
        while (b) {
            if (b & 1)
                acc = (int64_t)((__int128)acc * base % am);
            b >>= 1;
            if (b)
                base = (int64_t)((__int128)base * base % am);
        }
        *r = acc;
        return 1;
    }
    default: return 0;
    }
}

/* ---- lists ------------------------------------------------------------------- */

/* The position of index value iv in a list of n elements (negative counts
 * from the end); -1 out of range.  *msg explains. */
static long list_pos(const bgc_val *iv, long n, char *msg, size_t cap)
{
    if (iv->kind == BGC_VK_SMALL) {
        int64_t i = iv->u.s;
        if (i < 0)
            i += n;
        if (i >= 0 && i < n)
            return (long)i;
        snprintf(msg, cap, bgc_message(BGC_MSG_INDEX_RANGE),
                 (long long)iv->u.s, n, n == 1 ? "" : "s");
        return -1;
    }
    if (iv->kind == BGC_VK_BIG)
        snprintf(msg, cap, bgc_message(BGC_MSG_INDEX_RANGE_BIG), n,
                 n == 1 ? "" : "s");
    else
        snprintf(msg, cap, bgc_message(BGC_MSG_INDEX_KIND), kind_name(iv->kind));
    return -1;
}

/* Follow depth indices from *slot, unsharing every list on the way when
 * write: the slot of the element reached, NULL with *msg set. */
static bgc_val *walk(bgc_val *slot, const bgc_val *idx, int depth, int write, char *msg,
                     size_t cap, bgc_err *e)
{
    for (int i = 0; i < depth; i++) {
        if (slot->kind != BGC_VK_LIST) {
            snprintf(msg, cap, bgc_message(BGC_MSG_CANNOT_INDEX), kind_name(slot->kind));
            return NULL;
        }
        if (write && (*e = bgc_val_unshare(slot)) != BGC_OK)
            return NULL;
        long p = list_pos(&idx[i], slot->u.l->len, msg, cap);
        if (p < 0)
            return NULL;
        slot = &slot->u.l->v[p];
    }
    return slot;
}

/* ---- printing ------------------------------------------------------------- */

/* Print v as a statement's result: through the REPL's printer for an
 * integer, else whole on its own line; then last = v. */
static bgc_err print_result(bgc_ctx *ctx, const bgc_val *v)
{
    bgc_err e = BGC_OK;
    if (v->kind == BGC_VK_VOID)
        return BGC_OK;
    if (ctx->printer && bgc_val_is_int(v)) {
        bgc_intview tv;
        e = ctx->printer(ctx, bgc_val_view(v, &tv), ctx->printer_arg);
    } else {
        char *s;
        size_t n;
        e = bgc_val_format(&s, &n, v, ctx->obase);
        if (e == BGC_OK) {
            fwrite(s, 1, n, ctx->out);
            fputc('\n', ctx->out);
            free(s);
        }
    }
    if (e == BGC_OK) {
        bgc_val_release(&ctx->last);
        bgc_val_copy(&ctx->last, v);
    }
    return e;
}

/* ---- errors -------------------------------------------------------------- */

/* Report msg at ip in the code running at call depth fp, with the chain of
 * calls that led there. */
static void report_at(bgc_ctx *ctx, const insn *ip, int fp, const char *msg)
{
    if (fp == 0) {
        bgc_ev_report(ctx, ip->line, ip->col, "%s", msg);
        return;
    }
    char chain[1024];
    size_t n = 0;
    const ufunc *inner = &ctx->funcs[ctx->frames[fp - 1].fidx];
    const char *top_source = ctx->chunk ? ctx->chunk->source : "?";
    n += (size_t)snprintf(chain + n, sizeof chain - n, " (in %s", inner->name);
    int shown = 0;
    for (int k = fp - 1; k >= 0 && n < sizeof chain - 100; k--) {
        const frame *fr = &ctx->frames[k];
        const insn *call = &fr->ret_code->v[fr->ret_pc - 1];
        int reps = 1;
        /* a recursion repeats the same call: say it once with a count */
        while (k - reps >= 1 && ctx->frames[k - reps].ret_code == fr->ret_code &&
               ctx->frames[k - reps].ret_pc == fr->ret_pc)
            reps++;
        const char *src = k > 0 ? ctx->funcs[ctx->frames[k - 1].fidx].source : top_source;
        /* bytecode lines count from 1 in the chunk the code came in */
        unsigned long long base = k > 0 ? ctx->funcs[ctx->frames[k - 1].fidx].base
                                  : ctx->chunk ? ctx->chunk->line : 1;
        unsigned long long cline = base + (unsigned long long)call->line - 1;
        char where[300];
        if (strcmp(src, inner->source) != 0)
            snprintf(where, sizeof where, "%s:%llu:%d", src, cline, call->col);
        else
            snprintf(where, sizeof where, "%llu:%d", cline, call->col);
        if (k > 0)
            n += (size_t)snprintf(chain + n, sizeof chain - n, ", called from %s at %s",
                                  ctx->funcs[ctx->frames[k - 1].fidx].name, where);
        else
            n += (size_t)snprintf(chain + n, sizeof chain - n, ", called at %s", where);
        if (reps > 1)
            n += (size_t)snprintf(chain + n, sizeof chain - n, " (%d times)", reps);
        k -= reps - 1;
        if (++shown == 8 && k > 1) {
            /* keep the line short: the outermost call still shows */
            n += (size_t)snprintf(chain + n, sizeof chain - n, ", ...");
            k = 1;
        }
    }
    if (n < sizeof chain - 2)
        snprintf(chain + n, sizeof chain - n, ")");
    bgc_srcpos w;
    w.source = inner->source;
    w.line = inner->base + (unsigned long long)ip->line - 1;
    w.col = ip->col;
    w.text = inner->text;
    w.text_len = inner->text_len;
    w.text_line = inner->text_line;
    bgc_error_at(&w, "%s%s", msg, chain);
}

/* ---- the machine ------------------------------------------------------------- */

#define TRUTHY(v) ((v).kind == BGC_VK_SMALL ? (v).u.s != 0 : 1)

/* see eval-impl.h */
int bgc_vm_run(bgc_ctx *ctx, const code *c)
{
    const code *cur = c;
    const insn *ip = &c->v[0];
    int pc = 0, sp = 0, fp = 0, base = 0;
    bgc_err e = BGC_OK;
    char msg[600];
    const int fast = ctx->fast;
    bgc_val *S;
    gvar *G;
    const bgc_val *M;
    int bad = 0;        /* kind that caused a type error */
    int op_for_msg = 0; /* its operation, when not ip->op */
    int unset_ix = 0;   /* the unset global read */

/* The value slot of varref r (eval-impl.h); an unset global is an error. */
#define VREF(r, out)                                                       \
    do {                                                                   \
        if ((r) >= 0) {                                                    \
            (out) = &G[(r)].v;                                             \
            if ((out)->kind == BGC_VK_UNSET) {                             \
                unset_ix = (r);                                            \
                goto unset_var;                                            \
            }                                                              \
        } else {                                                           \
            (out) = &S[base - (r) - 1];                                    \
        }                                                                  \
    } while (0)

    ctx->nmods = 0;
    ctx->quit = 0;
    if (stack_reserve(ctx, c->maxstack) < 0) {
        e = BGC_ENOMEM;
        goto fail;
    }
    S = ctx->stack;
    G = ctx->vars;
    sp = c->nlocals;
    /* The stack has room for what cur can push (reserved at entry and at
     * each call); ^C is polled at backward jumps and calls, which every
     * loop and recursion passes, and straight-line code is short. */
#ifdef __GNUC__
    /* Threaded dispatch for the common instructions on small integers:
     * each handler below does the whole instruction when its operands are
     * SMALL (an unset global is not SMALL) and otherwise falls to the
     * switch, which does every case in full; nothing is changed before a
     * handler decides, so the switch starts from the same state. */
    const void *jt[OP_COUNT];
    for (int i = 0; i < OP_COUNT; i++)
        jt[i] = &&dispatch_switch;
    jt[OP_PUSHI] = &&h_pushi;
    jt[OP_LOADL] = &&h_loadl;
    jt[OP_LOADG] = &&h_loadg;
    jt[OP_SETL] = &&h_setl;
    jt[OP_SETG] = &&h_setg;
    jt[OP_POP] = &&h_pop;
    jt[OP_BINV] = &&h_bin;
    jt[OP_BINI] = &&h_bin;
    jt[OP_OPSETV] = &&h_opset;
    jt[OP_OPSETI] = &&h_opset;
    jt[OP_ADD] = jt[OP_SUB] = jt[OP_MUL] = jt[OP_DIV] = jt[OP_REM] = &&h_arith;
    jt[OP_AND] = jt[OP_OR] = jt[OP_SHL] = jt[OP_SHR] = &&h_arith;
    jt[OP_JCMP] = &&h_jcmp;
    jt[OP_JCMPV] = &&h_jcmpv;
    jt[OP_JCMPI] = &&h_jcmpi;
    jt[OP_JMP] = &&h_jmp;
    jt[OP_JZ] = &&h_jz;
    jt[OP_INDEXV] = &&h_indexv;
    jt[OP_IDXSET] = &&h_idxset;
    jt[OP_FORNEXT] = &&h_fornext;
#define NEXT                                                               \
    do {                                                                   \
        ip = &cur->v[pc++];                                                \
        goto *jt[ip->op];                                                  \
    } while (0)
#define SLOW goto dispatch_switch
/* the slot of varref r, unchecked: the handlers only use it when SMALL */
#define VR(r) ((r) >= 0 ? &G[(r)].v : &S[base - (r) - 1])
    NEXT;
h_pushi:
    bgc_val_small(&S[sp++], ip->a);
    NEXT;
h_loadl: {
        bgc_val *x = &S[base + ip->a];
        if (!SMALL(*x))
            SLOW;
        S[sp++] = *x;
        NEXT;
    }
h_loadg: {
        bgc_val *x = &G[ip->a].v;
        if (!SMALL(*x))
            SLOW;
        S[sp++] = *x;
        NEXT;
    }
h_setl: {
        bgc_val *x = &S[base + ip->a];
        if (!SMALL(*x) || !SMALL(S[sp - 1]))
            SLOW;
        *x = S[--sp];
        NEXT;
    }
h_setg: {
        bgc_val *x = &G[ip->a].v;
        if (!SMALL(*x) || !SMALL(S[sp - 1]))
            SLOW;
        *x = S[--sp];
        NEXT;
    }
h_pop:
    if (!SMALL(S[sp - 1]))
        SLOW;
    sp--;
    NEXT;
h_bin: {
        bgc_val *x = &S[sp - 1];
        int64_t y, r;
        if (ip->op == OP_BINI) {
            y = ip->a;
        } else {
            const bgc_val *v = VR(ip->a);
            if (!SMALL(*v))
                SLOW;
            y = v->u.s;
        }
        if (!fast || !SMALL(*x) || !small_binop(ip->flag, x->u.s, y, &r))
            SLOW;
        x->u.s = r;
        NEXT;
    }
h_opset: {
        bgc_val *x = VR(ip->a);
        int64_t y, r;
        if (ip->op == OP_OPSETI) {
            y = ip->b;
        } else {
            const bgc_val *v = VR(ip->b);
            if (!SMALL(*v))
                SLOW;
            y = v->u.s;
        }
        if (!fast || !SMALL(*x))
            SLOW;
        if (ip->flag == OP_ADD) {
            if (__builtin_add_overflow(x->u.s, y, &r))
                SLOW;
        } else if (!small_binop(ip->flag, x->u.s, y, &r)) {
            SLOW;
        }
        x->u.s = r;
        NEXT;
    }
h_arith: {
        bgc_val *a = &S[sp - 2], *b = &S[sp - 1];
        int64_t r;
        if (!fast || !SMALL(*a) || !SMALL(*b) || !small_binop(ip->op, a->u.s, b->u.s, &r))
            SLOW;
        a->u.s = r;
        sp--;
        NEXT;
    }
/* bit c+1 of cmp_mask[op] says whether op holds when x - y has sign c */
#define JUMP_IF(cond, x, y)                                                \
    do {                                                                   \
        int c_ = ((x) > (y)) - ((x) < (y));                                \
        (void)(cond);                                                      \
        if ((cmp_mask[ip->flag] >> (c_ + 1)) & 1) {                        \
            if (ip->a < pc && bgcn_interrupt_flag)                         \
                goto intr;                                                 \
            pc = ip->a;                                                    \
        }                                                                  \
    } while (0)
h_jcmp: {
        bgc_val *a = &S[sp - 2], *b = &S[sp - 1];
        if (!SMALL(*a) || !SMALL(*b))
            SLOW;
        sp -= 2;
        JUMP_IF(0, a->u.s, b->u.s);
        NEXT;
    }
h_jcmpv: {
        bgc_val *a = &S[sp - 1];
        const bgc_val *b = VR(ip->b);
        if (!SMALL(*a) || !SMALL(*b))
            SLOW;
        sp--;
        JUMP_IF(0, a->u.s, b->u.s);
        NEXT;
    }
h_jcmpi: {
        bgc_val *a = &S[sp - 1];
        if (!SMALL(*a))
            SLOW;
        sp--;
        JUMP_IF(0, a->u.s, (int64_t)ip->b);
        NEXT;
    }
h_jmp:
    if (ip->a < pc && bgcn_interrupt_flag)
        goto intr;
    pc = ip->a;
    NEXT;
h_jz:
    if (!SMALL(S[sp - 1]))
        SLOW;
    if (S[--sp].u.s == 0) {
        if (ip->a < pc && bgcn_interrupt_flag)
            goto intr;
        pc = ip->a;
    }
    NEXT;
h_indexv: {
        const bgc_val *lv = VR(ip->a);
        bgc_val *iv = &S[sp - 1];
        if (lv->kind != BGC_VK_LIST || !SMALL(*iv))
            SLOW;
        int64_t i = iv->u.s, n = lv->u.l->len;
        if (i < 0)
            i += n;
        if (i < 0 || i >= n || !SMALL(lv->u.l->v[i]))
            SLOW;
        *iv = lv->u.l->v[i];
        NEXT;
    }
h_idxset: {
        /* v[i] = x for a small x into an unshared list of v */
        bgc_val *root = ip->flag & 1 ? &S[base + ip->a] : &G[ip->a].v;
        bgc_val *iv = &S[sp - 2], *x = &S[sp - 1];
        if (ip->b != 1 || root->kind != BGC_VK_LIST || root->u.l->refs != 1 || !SMALL(*iv) ||
            !SMALL(*x))
            SLOW;
        int64_t i = iv->u.s, n = root->u.l->len;
        if (i < 0)
            i += n;
        if (i < 0 || i >= n || !SMALL(root->u.l->v[i]))
            SLOW;
        root->u.l->v[i] = *x;
        if (ip->flag & 2) {
            sp -= 2;
        } else {
            *iv = *x;
            sp--;
        }
        NEXT;
    }
h_fornext: {
        bgc_list *l = S[base + ip->b].u.l;
        if (bgcn_interrupt_flag)
            goto intr;
        int64_t i = ++S[base + ip->b + 1].u.s;
        if (i >= l->len)
            pc = ip->a;
        else
            bgc_val_copy(&S[sp++], &l->v[i]);
        NEXT;
    }
#endif
    for (;;) {
        ip = &cur->v[pc++];
#ifdef __GNUC__
    dispatch_switch:
#endif
        switch (ip->op) {
        case OP_HALT:
            if (sp > c->nlocals) {
                bgc_val_release(&ctx->result);
                bgc_val_move(&ctx->result, &S[--sp]);
            }
            goto done;
        case OP_PUSHK:
            bgc_val_copy(&S[sp++], &cur->k[ip->a]);
            break;
        case OP_PUSHI:
            bgc_val_small(&S[sp++], ip->a);
            break;
        case OP_PUSHVOID:
            S[sp++].kind = BGC_VK_VOID;
            break;
        case OP_POP:
            bgc_val_release(&S[--sp]);
            break;
        case OP_LOADG: {
            gvar *g = &G[ip->a];
            if (g->v.kind == BGC_VK_UNSET) {
                unknown_name(ctx, g->name, BGC_SUGGEST_VAR, msg, sizeof msg);
                goto fail_msg;
            }
            bgc_val_copy(&S[sp++], &g->v);
            break;
        }
        case OP_STOREG:
        case OP_SETG: {
            gvar *g = &G[ip->a];
            if (S[sp - 1].kind == BGC_VK_VOID) {
                snprintf(msg, sizeof msg, bgc_message(BGC_MSG_ASSIGN_VOID_NAMED),
                         g->name);
                goto fail_msg;
            }
            if (g->v.kind != BGC_VK_UNSET)
                bgc_val_release(&g->v);
            if (ip->op == OP_SETG)
                bgc_val_move(&g->v, &S[--sp]);
            else
                bgc_val_copy(&g->v, &S[sp - 1]);
            break;
        }
        case OP_LOADL:
            bgc_val_copy(&S[sp++], &S[base + ip->a]);
            break;
        case OP_STOREL:
        case OP_SETL:
            if (S[sp - 1].kind == BGC_VK_VOID) {
                snprintf(msg, sizeof msg, "%s", bgc_message(BGC_MSG_ASSIGN_VOID));
                goto fail_msg;
            }
            bgc_val_release(&S[base + ip->a]);
            if (ip->op == OP_SETL)
                bgc_val_move(&S[base + ip->a], &S[--sp]);
            else
                bgc_val_copy(&S[base + ip->a], &S[sp - 1]);
            break;
        case OP_BINV:
        case OP_BINI:
        case OP_OPSETV:
        case OP_OPSETI: {
            bgc_val *x, *y, k;
            if (ip->op == OP_BINV || ip->op == OP_BINI) {
                x = &S[sp - 1];
                if (ip->op == OP_BINI) {
                    bgc_val_small(&k, ip->a);
                    y = &k;
                } else {
                    VREF(ip->a, y);
                }
            } else {
                if (ip->a >= 0 && G[ip->a].v.kind == BGC_VK_UNSET) {
                    unknown_name(ctx, G[ip->a].name, BGC_SUGGEST_VAR, msg, sizeof msg);
                    goto fail_msg;
                }
                VREF(ip->a, x);
                if (ip->op == OP_OPSETI) {
                    bgc_val_small(&k, ip->b);
                    y = &k;
                } else {
                    VREF(ip->b, y);
                }
            }
            int64_t r;
            if (fast && SMALL(*x) && SMALL(*y) && small_binop(ip->flag, x->u.s, y->u.s, &r)) {
                x->u.s = r;
                break;
            }
            e = arith(ctx, ip->flag, x, y, fast);
            if (e == BGC_NERR) {
                bad = bgc_val_is_int(x) ? y->kind : x->kind;
                op_for_msg = ip->flag;
                goto type_error;
            }
            break;
        }
        case OP_INDEXV: {
            bgc_val *lv;
            VREF(ip->a, lv);
            if (lv->kind != BGC_VK_LIST) {
                snprintf(msg, sizeof msg, bgc_message(BGC_MSG_CANNOT_INDEX), kind_name(lv->kind));
                goto fail_msg;
            }
            long p = list_pos(&S[sp - 1], lv->u.l->len, msg, sizeof msg);
            if (p < 0)
                goto fail_msg;
            bgc_val_release(&S[sp - 1]);
            bgc_val_copy(&S[sp - 1], &lv->u.l->v[p]);
            break;
        }
        case OP_LOADLAST:
            bgc_val_copy(&S[sp++], &ctx->last);
            break;
        case OP_STORELAST:
            if (S[sp - 1].kind == BGC_VK_VOID) {
                snprintf(msg, sizeof msg, "%s", bgc_message(BGC_MSG_ASSIGN_VOID));
                goto fail_msg;
            }
            bgc_val_release(&ctx->last);
            bgc_val_copy(&ctx->last, &S[sp - 1]);
            break;
        case OP_LOADOBASE:
            bgc_val_small(&S[sp++], ctx->obase);
            break;
        case OP_STOREOBASE:
            if (!SMALL(S[sp - 1]) || S[sp - 1].u.s < 2 || S[sp - 1].u.s > 36) {
                snprintf(msg, sizeof msg, "%s", bgc_message(BGC_MSG_OBASE_RANGE));
                goto fail_msg;
            }
            ctx->obase = (int)S[sp - 1].u.s;
            break;
        case OP_PUSHMOD:
            if (!bgc_val_is_int(&S[sp - 1])) {
                bad = S[sp - 1].kind;
                goto type_error;
            }
            if (SMALL(S[sp - 1]) && S[sp - 1].u.s == 0) {
                e = BGC_EMODZERO;
                break;
            }
            if (ctx->nmods == ctx->mcap &&
                bgc_ev_grow((void **)&ctx->mods, &ctx->mcap, ctx->nmods + 1, sizeof(bgc_val)) < 0) {
                e = BGC_ENOMEM;
                break;
            }
            bgc_val_move(&ctx->mods[ctx->nmods++], &S[--sp]);
            break;
        case OP_POPMOD:
            bgc_val_release(&ctx->mods[--ctx->nmods]);
            break;
        case OP_REDUCE:
        case OP_MNEG:
        case OP_MFACT: {
            bgc_val *x = &S[sp - 1];
            M = &ctx->mods[ctx->nmods - 1];
            if (!bgc_val_is_int(x)) {
                bad = x->kind;
                goto type_error;
            }
            if (fast && SMALL(*x) && SMALL(*M) && ip->op != OP_MFACT) {
                x->u.s = small_mod(ip->op == OP_MNEG ? -(__int128)x->u.s : x->u.s, M->u.s);
                break;
            }
            e = big_unop(ctx, ip->op, x, M);
            break;
        }
        case OP_MADD: case OP_MSUB: case OP_MMUL: case OP_MPOW: {
            bgc_val *a = &S[sp - 2], *b = &S[sp - 1];
            int64_t r;
            M = &ctx->mods[ctx->nmods - 1];
            if (fast && SMALL(*a) && SMALL(*b) && SMALL(*M) &&
                small_modop(ip->op, a->u.s, b->u.s, M->u.s, &r)) {
                a->u.s = r;
                sp--;
                break;
            }
            if (!bgc_val_is_int(a) || !bgc_val_is_int(b)) {
                bad = bgc_val_is_int(a) ? b->kind : a->kind;
                goto type_error;
            }
            e = big_binop(ctx, ip->op, a, b, M);
            bgc_val_release(&S[--sp]);
            break;
        }
        case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_REM: case OP_POW:
        case OP_SHL: case OP_SHR: case OP_AND: case OP_OR: {
            bgc_val *a = &S[sp - 2], *b = &S[sp - 1];
            int64_t r;
            if (fast && SMALL(*a) && SMALL(*b) && small_binop(ip->op, a->u.s, b->u.s, &r)) {
                a->u.s = r;
                sp--;
                break;
            }
            e = arith(ctx, ip->op, a, b, fast);
            if (e == BGC_NERR) {
                bad = bgc_val_is_int(a) ? b->kind : a->kind;
                goto type_error;
            }
            bgc_val_release(&S[--sp]);
            break;
        }
        case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE:
        case OP_JCMP: case OP_JCMPV: case OP_JCMPI: {
            bgc_val *a, *b, k;
            int plain = ip->op >= OP_EQ && ip->op <= OP_GE;
            int cop = plain ? ip->op : ip->flag, holds, nvals = 2;
            if (ip->op == OP_JCMPI) {
                a = &S[sp - 1];
                bgc_val_small(&k, ip->b);
                b = &k;
                nvals = 1;
            } else if (ip->op == OP_JCMPV) {
                a = &S[sp - 1];
                VREF(ip->b, b);
                nvals = 1;
            } else {
                a = &S[sp - 2];
                b = &S[sp - 1];
            }
            if (SMALL(*a) && SMALL(*b)) {
                int64_t x = a->u.s, y = b->u.s;
                switch (cop) {
                case OP_LT: holds = x < y; break;
                case OP_LE: holds = x <= y; break;
                case OP_GT: holds = x > y; break;
                case OP_GE: holds = x >= y; break;
                case OP_EQ: holds = x == y; break;
                default: holds = x != y; break;
                }
            } else if ((e = compare(cop, a, b, &holds)) != BGC_OK) {
                if (e != BGC_NERR)
                    break;
                bad = bgc_val_is_int(a) ? b->kind : a->kind;
                snprintf(msg, sizeof msg, bgc_message(BGC_MSG_COMPARES_INTEGERS), op_symbol(cop),
                         kind_name(bad));
                goto fail_msg;
            }
            if (plain) {
                bgc_val_release(&S[--sp]);
                bgc_val_release(&S[sp - 1]);
                bgc_val_small(&S[sp - 1], holds);
                break;
            }
            while (nvals-- > 0)
                bgc_val_release(&S[--sp]);
            if (holds) {
                if (ip->a < pc && bgcn_interrupt_flag)
                    goto intr;
                pc = ip->a;
            }
            break;
        }
        case OP_NEG: case OP_BNOT: case OP_FACT: {
            bgc_val *x = &S[sp - 1];
            if (fast && SMALL(*x) && ip->op != OP_FACT) {
                if (ip->op == OP_BNOT) {
                    x->u.s = ~x->u.s;
                    break;
                }
                if (x->u.s != INT64_MIN) {
                    x->u.s = -x->u.s;
                    break;
                }
            }
            if (!bgc_val_is_int(x)) {
                bad = x->kind;
                goto type_error;
            }
            e = big_unop(ctx, ip->op, x, NULL);
            break;
        }
        case OP_LNOT:
        case OP_BOOL: {
            bgc_val *x = &S[sp - 1];
            if (!bgc_val_is_int(x)) {
                bad = x->kind;
                goto cond_error;
            }
            int t = TRUTHY(*x);
            bgc_val_release(x);
            bgc_val_small(x, ip->op == OP_LNOT ? !t : t);
            break;
        }
        case OP_JMP:
            if (ip->a < pc && bgcn_interrupt_flag)
                goto intr;
            pc = ip->a;
            break;
        case OP_JZ:
            sp--;
            if (!bgc_val_is_int(&S[sp])) {
                bad = S[sp].kind;
                sp++;
                goto cond_error;
            }
            if (!TRUTHY(S[sp])) {
                if (ip->a < pc && bgcn_interrupt_flag)
                    goto intr;
                pc = ip->a;
            }
            bgc_val_release(&S[sp]);
            break;
        case OP_ANDJ:
        case OP_ORJ: {
            bgc_val *x = &S[sp - 1];
            if (!bgc_val_is_int(x)) {
                bad = x->kind;
                goto cond_error;
            }
            int t = TRUTHY(*x);
            if (ip->op == OP_ANDJ ? !t : t) {
                bgc_val_release(x);
                bgc_val_small(x, t); /* the result, 0 or 1 */
                pc = ip->a;
            } else {
                bgc_val_release(&S[--sp]);
            }
            break;
        }
        case OP_CALLB: {
            const bgc_builtin *b = &bgc_builtins[ip->a];
            int n = ip->b;
            bgc_val *args = &S[sp - n];
            bgc_val res;
            bgc_val_small(&res, 0);
            if (b->vfn) {
                e = b->vfn(&res, args, n);
                if (e == BGC_EDOMAIN && !b->domain) {
                    /* a vfn's only domain error is a wrong kind of argument */
                    snprintf(msg, sizeof msg, bgc_message(BGC_MSG_ARG_WRONG_KIND),
                             b->name, b->usage);
                    bgc_val_release(&res);
                    goto fail_msg;
                }
            } else {
                if (bargs_reserve(ctx, n + 1) < 0) {
                    e = BGC_ENOMEM;
                    break;
                }
                /* Arguments are shared, not copied: a value held elsewhere
                 * too is borrowed (copy on write, num.h), a value the stack
                 * alone holds gives its limbs; the stack keeps every
                 * argument until the call is over.  The result goes over
                 * the first argument when that one is the builtin's own
                 * (in place), else to bargs[n]: never over a borrowed
                 * argument (bitlen(x) would copy x to write its answer). */
                e = BGC_OK;
                for (int i = 0; i < n && e == BGC_OK; i++) {
                    bgc_val *a = &args[i];
                    if (!bgc_val_is_int(a)) {
                        unborrow(ctx, i);
                        snprintf(msg, sizeof msg, bgc_message(BGC_MSG_ARG_NOT_INTEGER),
                                 b->name, i + 1, kind_name(a->kind));
                        goto fail_msg;
                    }
                    if (a->kind == BGC_VK_BIG && a->u.b->refs == 1) {
                        bgc_swap(&ctx->bargs[i], &a->u.b->n); /* take its limbs */
                    } else if (a->kind == BGC_VK_BIG) {
                        bgc_clear(&ctx->bargs[i]);
                        bgc_borrow(&ctx->bargs[i], &a->u.b->n);
                    } else {
                        e = bgc_set_si(&ctx->bargs[i], (long)a->u.s);
                    }
                }
                bgc_int *r = n > 0 && !bgc_is_borrowed(&ctx->bargs[0]) ? &ctx->bargs[0]
                                                                         : &ctx->bargs[n];
                if (e == BGC_OK) {
                    if (ip->flag) {
                        bgc_intview vm;
                        M = &ctx->mods[ctx->nmods - 1];
                        e = b->modfn(r, &ctx->bargs[0], bgc_val_view(M, &vm));
                    } else if (b->lfn) {
                        e = b->lfn(&res, ctx->bargs, n);
                    } else {
                        e = b->fn(r, ctx->bargs, n);
                    }
                }
                if (e == BGC_OK && !b->lfn)
                    e = builtin_result(&res, r, args, n);
                unborrow(ctx, n + 1);
            }
            if (e != BGC_OK) {
                bgc_val_release(&res);
                if (e != BGC_ENOMEM && e != BGC_EINTR && e != BGC_ETOOBIG) {
                    bgc_builtin_message(b, e, msg, sizeof msg);
                    goto fail_msg;
                }
                break;
            }
            for (int i = 0; i < n; i++)
                bgc_val_release(&args[i]);
            sp -= n;
            bgc_val_move(&S[sp++], &res);
            break;
        }
        case OP_CALLU: {
            ufunc *f = &ctx->funcs[ip->a];
            if (!f->defined) {
                unknown_name(ctx, f->name, BGC_SUGGEST_FUNC, msg, sizeof msg);
                goto fail_msg;
            }
            if (f->nparams != ip->b) {
                snprintf(msg, sizeof msg, bgc_message(BGC_MSG_ARITY_USER),
                         f->name, f->nparams, f->nparams == 1 ? "" : "s", ip->b);
                goto fail_msg;
            }
            if (bgcn_interrupt_flag)
                goto intr;
            if (fp >= BGC_MAX_CALL_DEPTH) {
                snprintf(msg, sizeof msg, bgc_message(BGC_MSG_RECURSION_DEPTH),
                         BGC_MAX_CALL_DEPTH);
                goto fail_msg;
            }
            if (fp >= ctx->fcap &&
                bgc_ev_grow((void **)&ctx->frames, &ctx->fcap, fp + 1, sizeof(frame)) < 0) {
                e = BGC_ENOMEM;
                break;
            }
            int nbase = sp - ip->b;
            if (nbase + f->body.maxstack > ctx->scap) {
                if (stack_reserve(ctx, nbase + f->body.maxstack) < 0) {
                    e = BGC_ENOMEM;
                    break;
                }
                S = ctx->stack;
            }
            frame *fr = &ctx->frames[fp++];
            fr->ret_code = cur;
            fr->ret_pc = pc;
            fr->base = base;
            fr->fidx = ip->a;
            base = nbase;
            sp = base + f->body.nlocals; /* locals start as 0 (free slots are) */
            cur = &f->body;
            pc = 0;
            break;
        }
        case OP_RET: {
            frame *fr = &ctx->frames[--fp];
            bgc_val r;
            bgc_val_move(&r, &S[--sp]);
            while (sp > base)
                bgc_val_release(&S[--sp]);
            bgc_val_move(&S[sp++], &r);
            base = fr->base;
            cur = fr->ret_code;
            pc = fr->ret_pc;
            break;
        }
        case OP_MKLIST: {
            int n = ip->b;
            bgc_list *l = bgc_list_new(n);
            if (!l) {
                e = BGC_ENOMEM;
                break;
            }
            for (int i = 0; i < n; i++) {
                if (S[sp - n + i].kind == BGC_VK_VOID) {
                    bgc_list_unref(l);
                    snprintf(msg, sizeof msg, bgc_message(BGC_MSG_ELEMENT_VOID), i + 1);
                    goto fail_msg;
                }
            }
            for (int i = 0; i < n; i++)
                bgc_val_move(&l->v[i], &S[sp - n + i]);
            l->len = n;
            sp -= n;
            bgc_val_set_list(&S[sp++], l);
            break;
        }
        case OP_INDEX: {
            bgc_val *lv = &S[sp - 2];
            if (lv->kind != BGC_VK_LIST) {
                snprintf(msg, sizeof msg, bgc_message(BGC_MSG_CANNOT_INDEX), kind_name(lv->kind));
                goto fail_msg;
            }
            long p = list_pos(&S[sp - 1], lv->u.l->len, msg, sizeof msg);
            if (p < 0)
                goto fail_msg;
            bgc_val el;
            bgc_val_copy(&el, &lv->u.l->v[p]);
            bgc_val_release(&S[--sp]);
            bgc_val_release(lv);
            bgc_val_move(lv, &el);
            break;
        }
        case OP_IDXGET:
        case OP_IDXSET:
        case OP_LPUSH:
        case OP_LPOP: {
            int d = ip->b, nidx = d;
            int has_val = ip->op == OP_IDXSET || ip->op == OP_LPUSH;
            bgc_val *idx = &S[sp - d - has_val];
            bgc_val *root;
            if (ip->flag & 1) {
                root = &S[base + ip->a];
            } else {
                gvar *g = &G[ip->a];
                if (g->v.kind == BGC_VK_UNSET) {
                    unknown_name(ctx, g->name, BGC_SUGGEST_VAR, msg, sizeof msg);
                    goto fail_msg;
                }
                root = &g->v;
            }
            if (ip->op == OP_IDXGET) {
                bgc_val *el = walk(root, idx, d, 0, msg, sizeof msg, &e);
                if (!el)
                    goto fail_msg;
                bgc_val_copy(&S[sp++], el);
                break;
            }
            if (has_val && S[sp - 1].kind == BGC_VK_VOID) {
                snprintf(msg, sizeof msg, "%s", bgc_message(BGC_MSG_STORE_VOID));
                goto fail_msg;
            }
            bgc_val *t = walk(root, idx, ip->op == OP_IDXSET ? d - 1 : d, 1, msg, sizeof msg, &e);
            if (!t) {
                if (e != BGC_OK)
                    break;
                goto fail_msg;
            }
            if (t->kind != BGC_VK_LIST) {
                if (ip->op == OP_IDXSET)
                    snprintf(msg, sizeof msg, bgc_message(BGC_MSG_CANNOT_INDEX), kind_name(t->kind));
                else
                    snprintf(msg, sizeof msg, bgc_message(BGC_MSG_LISTOP_NOT_LIST),
                             ip->op == OP_LPUSH ? "push" : "pop", kind_name(t->kind));
                goto fail_msg;
            }
            if ((e = bgc_val_unshare(t)) != BGC_OK)
                break;
            bgc_list *l = t->u.l;
            bgc_val out;
            if (ip->op == OP_IDXSET) {
                long p = list_pos(&idx[d - 1], l->len, msg, sizeof msg);
                if (p < 0)
                    goto fail_msg;
                bgc_val_release(&l->v[p]);
                bgc_val_copy(&l->v[p], &S[sp - 1]);
                bgc_val_move(&out, &S[--sp]);
            } else if (ip->op == OP_LPUSH) {
                if ((e = bgc_list_reserve(l, l->len + 1)) != BGC_OK)
                    break;
                bgc_val_move(&l->v[l->len++], &S[--sp]);
                out.kind = BGC_VK_VOID;
            } else {
                if (l->len == 0) {
                    snprintf(msg, sizeof msg, "%s", bgc_message(BGC_MSG_POP_EMPTY));
                    goto fail_msg;
                }
                bgc_val_move(&out, &l->v[--l->len]);
            }
            while (nidx-- > 0)
                bgc_val_release(&S[--sp]);
            if (ip->flag & 2)
                bgc_val_release(&out); /* v[i] = x as a statement */
            else
                bgc_val_move(&S[sp++], &out);
            break;
        }
        case OP_CHKLIST:
            if (S[base + ip->a].kind != BGC_VK_LIST) {
                snprintf(msg, sizeof msg, bgc_message(BGC_MSG_FOR_IN_KIND),
                         kind_name(S[base + ip->a].kind));
                goto fail_msg;
            }
            break;
        case OP_FORNEXT: {
            bgc_list *l = S[base + ip->b].u.l;
            if (bgcn_interrupt_flag)
                goto intr;
            int64_t i = ++S[base + ip->b + 1].u.s;
            if (i >= l->len) {
                pc = ip->a;
                break;
            }
            bgc_val_copy(&S[sp++], &l->v[i]);
            break;
        }
        case OP_CLEARL:
            bgc_val_release(&S[base + ip->a]);
            break;
        case OP_PRIMEIT: { /* for (p in primes(a, b)): no list (builtins-list.c) */
            bgc_intview va, vb;
            for (int i = 0; i < 2; i++)
                if (!bgc_val_is_int(&S[sp - 2 + i])) {
                    snprintf(msg, sizeof msg, bgc_message(BGC_MSG_ARG_NOT_INTEGER), "primes",
                             i + 1, kind_name(S[sp - 2 + i].kind));
                    goto fail_msg;
                }
            e = bgc_primes_iter_start(&S[base + ip->a], bgc_val_view(&S[sp - 2], &va),
                                      bgc_val_view(&S[sp - 1], &vb));
            bgc_val_release(&S[--sp]);
            bgc_val_release(&S[--sp]);
            break;
        }
        case OP_PRIMENEXT: {
            int got = 0;
            if (bgcn_interrupt_flag)
                goto intr;
            e = bgc_primes_iter_next(&S[base + ip->b], &S[sp], &got);
            if (e == BGC_OK && got)
                sp++;
            else if (e == BGC_OK)
                pc = ip->a;
            break;
        }
        case OP_PRINTEXPR:
            e = print_result(ctx, &S[sp - 1]);
            bgc_val_release(&S[--sp]);
            break;
        case OP_PRINTS:
            fwrite(cur->str[ip->a].s, 1, cur->str[ip->a].n, ctx->out);
            break;
        case OP_PRINTV: {
            char *s;
            size_t n;
            if (S[sp - 1].kind != BGC_VK_VOID) {
                e = bgc_val_format(&s, &n, &S[sp - 1], ctx->obase);
                if (e != BGC_OK)
                    break;
                fwrite(s, 1, n, ctx->out);
                free(s);
            }
            bgc_val_release(&S[--sp]);
            break;
        }
        case OP_QUIT:
            ctx->quit = 1;
            ctx->exit_status = -1;
            goto done;
        case OP_EXIT: {
            bgc_val *x = &S[sp - 1];
            if (!SMALL(*x) || x->u.s < 0 || x->u.s > 255) {
                snprintf(msg, sizeof msg, "%s", bgc_message(BGC_MSG_EXIT_RANGE));
                goto fail_msg;
            }
            ctx->quit = 1;
            ctx->exit_status = (int)x->u.s;
            goto done;
        }
        }
        if (e != BGC_OK)
            goto fail;
#ifdef __GNUC__
        NEXT;
#endif
    }
intr:
    e = BGC_EINTR;
    goto fail;
unset_var:
    unknown_name(ctx, ctx->vars[unset_ix].name, BGC_SUGGEST_VAR, msg, sizeof msg);
    {
        /* at the variable that a fused instruction reads */
        static insn at;
        at = *ip;
        at.line = ip->line2;
        at.col = ip->col2;
        ip = &at;
    }
    goto fail_msg;
type_error:
    snprintf(msg, sizeof msg, bgc_message(BGC_MSG_NEEDS_INTEGERS),
             op_symbol(op_for_msg ? op_for_msg : ip->op), kind_name(bad));
    goto fail_msg;
cond_error:
    snprintf(msg, sizeof msg, bgc_message(BGC_MSG_CONDITION_KIND), kind_name(bad));
    goto fail_msg;
fail:
    if (e == BGC_EINTR)
        ctx->interrupted = 1;
    op_message(ip->op == OP_BINV || ip->op == OP_BINI || ip->op == OP_OPSETV ||
               ip->op == OP_OPSETI ? ip->flag : ip->op, e, msg, sizeof msg);
fail_msg:
    report_at(ctx, ip, fp, msg);
    while (sp > 0)
        bgc_val_release(&ctx->stack[--sp]);
    while (ctx->nmods > 0)
        bgc_val_release(&ctx->mods[--ctx->nmods]);
    return -1;
done:
    while (sp > 0)
        bgc_val_release(&ctx->stack[--sp]);
    while (ctx->nmods > 0)
        bgc_val_release(&ctx->mods[--ctx->nmods]);
    return 0;
}

/* Give back memory held by big values: the stack holds none between
 * statements; after deep recursion the stack itself is large. */
void bgc_vm_trim(bgc_ctx *ctx)
{
    if (ctx->scap > 4096) {
        free(ctx->stack);
        ctx->stack = NULL;
        ctx->scap = 0;
        free(ctx->frames);
        ctx->frames = NULL;
        ctx->fcap = 0;
    }
    if (ctx->tmp.alloc > 64)
        bgc_clear(&ctx->tmp);
    for (int i = 0; i < ctx->bcap; i++)
        if (ctx->bargs[i].alloc > 64)
            bgc_clear(&ctx->bargs[i]);
}
