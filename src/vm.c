/* vm.c -- the stack machine that runs compiled statements.
 *
 * Values live in ctx->stack (bgc_int slots kept initialised and reused,
 * so small statements allocate nothing); user function calls push a frame
 * (return address, base of the arguments) on ctx->frames, a heap array
 * bounded by BGC_MAX_CALL_DEPTH, so recursion never touches the C stack.
 * The interrupt flag is polled before every instruction; the number layer
 * polls it inside long operations.
 */
#include "eval-impl.h"

#include "builtins.h"

#include <stdio.h>
#include <stdlib.h>

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

/* see eval-impl.h: run top-level code c on an empty stack; the result is
 * left in ctx->stack[0].  Returns 0, or -1 after reporting the error. */
int bgc_vm_run(bgc_ctx *ctx, const code *c)
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
                if (bgc_ev_grow((void **)&ctx->frames, &ctx->fcap, fp + 1, sizeof(frame)) < 0) {
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
        bgc_ev_report(ctx, call->line, call->col, "%s (in %s)", msg, inner);
    } else {
        bgc_ev_report(ctx, ip->line, ip->col, "%s", msg);
    }
    ctx->nmods = 0;
    return -1;
}

/* Give back memory held by big values in free stack slots. */
void bgc_vm_trim(bgc_ctx *ctx)
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

