/* parser.c -- recursive descent over the grammar in parser.h.
 *
 * Binary levels use precedence climbing, so a chain like 1+2+3+...
 * is a loop, not a recursion.  Prefix operators and the right-associative
 * '^' are also collected by loops and the tree is built afterwards.  The
 * only recursion left is through parentheses, call arguments, '?:' and
 * assignment; it is counted and refused past BGC_PARSE_MAX_NEST.
 *
 * Errors leave through longjmp to bgc_parse_stmt (nothing but arena memory
 * is held while parsing, and the arena is freed by the caller).
 */
#include "parser.h"

#include "messages.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- parser state ------------------------------------------------------ */

typedef struct pctx {
    bgc_parser *p;
    bgc_arena *arena;
    bgc_diag *dg;
    int nlskip;       /* >0 inside parentheses, brackets: newlines are blanks */
    int incomplete;   /* the error is "input ended early" */
    const char *err_at; /* where the error is (resynchronising starts there) */
    long nodes;       /* nodes and statements made so far, bounded */
    jmp_buf jb;
} pctx;

static void fail(pctx *c, const bgc_token *at, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 3, 4)));
static void fail(pctx *c, const bgc_token *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->dg->msg, sizeof c->dg->msg, fmt, ap);
    va_end(ap);
    c->dg->line = at->line;
    c->dg->col = at->col;
    c->err_at = at->text;
    longjmp(c->jb, 1);
}

static void *alloc(pctx *c, size_t n)
{
    void *p = bgc_arena_alloc(c->arena, n);
    if (!p)
        fail(c, &c->p->tok, "%s", bgc_message(BGC_ENOMEM));
    memset(p, 0, n);
    return p;
}

/* Lex the next token into p->tok without judging it. */
static void advance_raw(pctx *c)
{
    bgc_parser *p = c->p;
    p->prev_end = p->tok.text + p->tok.len;
    do
        p->tok = bgc_lex_next(&p->lx);
    while (p->tok.type == BGC_T_NEWLINE && c->nlskip > 0);
}

/* Whether the text of a bad token can be quoted as it is: printable
 * ASCII, or one well-formed UTF-8 character other than a C1 control.
 * Anything else (NUL, ESC, a stray byte of broken UTF-8) is named by its
 * byte value, so no control byte reaches the terminal. */
static int quotable(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    if (len == 1)
        return s[0] > 0x20 && s[0] < 0x7f;
    size_t want = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4
                : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
                : s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : 0;
    if (want != len || (s[0] == 0xC2 && s[1] < 0xA0))
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return 1;
}

/* A lexer error in the current token is a syntax error here. */
static void check_tok(pctx *c)
{
    bgc_parser *p = c->p;
    if (p->tok.type != BGC_T_ERROR)
        return;
    if (p->lx.incomplete)
        c->incomplete = 1;
    if (p->lx.err == bgc_message(BGC_MSG_LEX_CHAR) &&
        !quotable(p->tok.text, p->tok.len))
        fail(c, &p->tok, bgc_message(BGC_MSG_SYN_BAD_BYTE),
             (unsigned char)p->tok.text[0]);
    if (p->tok.len > 0 && p->tok.len < 40)
        fail(c, &p->tok, bgc_message(BGC_MSG_SYN_LEX_ERROR_AT), p->lx.err,
             (int)p->tok.len, p->tok.text);
    fail(c, &p->tok, bgc_message(BGC_MSG_SYN_LEX_ERROR), p->lx.err);
}

static void advance(pctx *c)
{
    advance_raw(c);
    check_tok(c);
}

static void skip_newlines(pctx *c)
{
    while (c->p->tok.type == BGC_T_NEWLINE)
        advance(c);
}

static void expected(pctx *c, const char *what)
    __attribute__((noreturn));
static void expected(pctx *c, const char *what)
{
    char found[64];
    if (c->p->tok.type == BGC_T_EOF)
        c->incomplete = 1;
    bgc_tok_describe(&c->p->tok, found, sizeof found);
    fail(c, &c->p->tok, bgc_message(BGC_MSG_SYN_EXPECTED), what, found);
}

static void enter(pctx *c)
{
    if (++c->p->depth > BGC_PARSE_MAX_NEST)
        fail(c, &c->p->tok, bgc_message(BGC_MSG_SYN_TOO_DEEP),
             BGC_PARSE_MAX_NEST);
}
static void leave(pctx *c) { c->p->depth--; }

/* Count one more node or statement; a statement of more than
 * BGC_PARSE_MAX_NODES is refused (its tree and code would take ~200 bytes
 * per byte of source). */
static void count_node(pctx *c, const bgc_token *at)
{
    if (++c->nodes > BGC_PARSE_MAX_NODES)
        fail(c, at, bgc_message(BGC_MSG_SYN_TOO_LARGE),
             BGC_PARSE_MAX_NODES);
}

static bgc_node *mk(pctx *c, bgc_node_kind k, bgc_op op, const bgc_token *at)
{
    count_node(c, at);
    bgc_node *n = alloc(c, sizeof *n);
    n->kind = k;
    n->op = op;
    n->line = at->line;
    n->col = at->col;
    return n;
}

static bgc_node *parse_expr(pctx *c);
static bgc_stmt *parse_statement(pctx *c);

/* The parser state, to look ahead and come back. */
typedef struct pstate {
    bgc_lexer lx;
    bgc_token tok;
    const char *prev_end;
} pstate;
static void save(pctx *c, pstate *s)
{
    s->lx = c->p->lx;
    s->tok = c->p->tok;
    s->prev_end = c->p->prev_end;
}
static void restore(pctx *c, const pstate *s)
{
    c->p->lx = s->lx;
    c->p->tok = s->tok;
    c->p->prev_end = s->prev_end;
}

static int is_lvalue(const bgc_node *n)
{
    while (n->kind == BGC_N_INDEX && !n->paren)
        n = n->a;
    return n->kind == BGC_N_VAR && !n->paren;
}
/* The variable at the root of an lvalue. */
static const bgc_node *lvalue_root(const bgc_node *n)
{
    while (n->kind == BGC_N_INDEX)
        n = n->a;
    return n;
}

/* ---- primary and postfix ------------------------------------------------ */

/* After an item of a list closed by `close`: 1 past a ',' (another item
 * follows), 0 at the closing token, a syntax error otherwise. */
static int list_more_to(pctx *c, bgc_tok close)
{
    if (c->p->tok.type == BGC_T_COMMA) {
        advance(c);
        return 1;
    }
    if (c->p->tok.type != close)
        expected(c, close == BGC_T_RPAREN ? "',' or ')'" : "',' or ']'");
    return 0;
}
static int list_more(pctx *c) { return list_more_to(c, BGC_T_RPAREN); }

/* Items up to `close` (the opening token is current). */
static bgc_node **parse_items(pctx *c, bgc_tok close, int *count)
{
    bgc_node **args = NULL;
    int nargs = 0, cap = 0;
    enter(c);
    c->nlskip++;
    advance(c); /* the opening token */
    if (c->p->tok.type != close) {
        for (;;) {
            if (nargs == cap) {
                bgc_node **na;
                cap = cap ? cap * 2 : 4;
                na = alloc(c, (size_t)cap * sizeof *na);
                if (nargs)
                    memcpy(na, args, (size_t)nargs * sizeof *na);
                args = na;
            }
            args[nargs++] = parse_expr(c);
            if (!list_more_to(c, close))
                break;
        }
    }
    c->nlskip--;
    advance(c); /* the closing token */
    leave(c);
    *count = nargs;
    return args;
}

static bgc_node *parse_call(pctx *c, bgc_token name)
{
    bgc_node *n = mk(c, BGC_N_CALL, BGC_OP_NONE, &name);
    n->name = name.text;
    n->len = name.len;
    n->args = parse_items(c, BGC_T_RPAREN, &n->nargs);
    return n;
}

static bgc_node *parse_primary(pctx *c)
{
    bgc_token t = c->p->tok;
    bgc_node *n;
    switch (t.type) {
    case BGC_T_NUM:
        n = mk(c, BGC_N_NUM, BGC_OP_NONE, &t);
        n->name = t.text;
        n->len = t.len;
        advance(c);
        return n;
    case BGC_T_IDENT:
        advance(c);
        if (c->p->tok.type == BGC_T_LPAREN)
            return parse_call(c, t);
        n = mk(c, BGC_N_VAR, BGC_OP_NONE, &t);
        n->name = t.text;
        n->len = t.len;
        return n;
    case BGC_T_LPAREN:
        enter(c);
        c->nlskip++;
        advance(c);
        n = parse_expr(c);
        if (c->p->tok.type != BGC_T_RPAREN)
            expected(c, "')'");
        c->nlskip--;
        advance(c);
        leave(c);
        n->paren = 1;
        return n;
    case BGC_T_LBRACKET:
        n = mk(c, BGC_N_LIST, BGC_OP_NONE, &t);
        n->args = parse_items(c, BGC_T_RBRACKET, &n->nargs);
        return n;
    case BGC_T_STRING:
        fail(c, &t, "%s", bgc_message(BGC_MSG_SYN_STRING_PLACE));
    case BGC_T_MOD:
    case BGC_T_DEF:
    case BGC_T_IF: case BGC_T_ELSE: case BGC_T_WHILE: case BGC_T_FOR:
    case BGC_T_BREAK: case BGC_T_CONTINUE: case BGC_T_RETURN: case BGC_T_QUIT:
    case BGC_T_EXIT: case BGC_T_LOCAL: case BGC_T_PRINT:
        fail(c, &t, bgc_message(BGC_MSG_SYN_KEYWORD),
             (int)t.len, t.text);
    default:
        expected(c, "an expression");
    }
}

static bgc_node *parse_postfix(pctx *c)
{
    bgc_node *n = parse_primary(c);
    for (;;) {
        bgc_token t = c->p->tok;
        if (t.type == BGC_T_BANG) {
            bgc_node *f = mk(c, BGC_N_FACT, BGC_OP_NONE, &t);
            f->a = n;
            n = f;
            advance(c);
        } else if (t.type == BGC_T_LBRACKET) {
            bgc_node *x = mk(c, BGC_N_INDEX, BGC_OP_NONE, &t);
            enter(c);
            c->nlskip++;
            advance(c);
            x->a = n;
            x->b = parse_expr(c);
            if (c->p->tok.type != BGC_T_RBRACKET)
                expected(c, "']'");
            c->nlskip--;
            advance(c);
            leave(c);
            n = x;
        } else if ((t.type == BGC_T_INC || t.type == BGC_T_DEC) && is_lvalue(n)) {
            bgc_node *u = mk(c, BGC_N_INCDEC, t.type == BGC_T_INC ? BGC_OP_ADD : BGC_OP_SUB, &t);
            u->a = n;
            u->post = 1;
            u->name = lvalue_root(n)->name;
            u->len = lvalue_root(n)->len;
            advance(c);
            return u;
        } else {
            return n;
        }
    }
}

/* ---- unary and power ------------------------------------------------------ */

/* One link of  P0 b0 ^ P1 b1 ^ ... ^ Pk bk  (Pi: prefix operators). */
typedef struct prefix {
    bgc_op op;
    bgc_token at;
    struct prefix *next; /* the next one to the left (outer) */
} prefix;
typedef struct unit {
    prefix *pfx;         /* innermost (rightmost) prefix first */
    bgc_node *base;
    bgc_token pow_at;    /* the '^' after this base */
    struct unit *prev;
} unit;

static bgc_op prefix_op(bgc_tok t)
{
    switch (t) {
    case BGC_T_MINUS: return BGC_OP_NEG;
    case BGC_T_PLUS: return BGC_OP_PLUS;
    case BGC_T_TILDE: return BGC_OP_BNOT;
    case BGC_T_BANG: return BGC_OP_LNOT;
    case BGC_T_INC: return BGC_OP_ADD;  /* ++x, or + + */
    case BGC_T_DEC: return BGC_OP_SUB;  /* --x, or - - */
    default: return BGC_OP_NONE;
    }
}

static bgc_node *apply_prefixes(pctx *c, prefix *p, bgc_node *n)
{
    for (; p; p = p->next) {
        bgc_node *u = mk(c, BGC_N_UNARY, p->op, &p->at);
        u->a = n;
        n = u;
    }
    return n;
}

static void add_prefix(pctx *c, unit *u, bgc_op op, const bgc_token *at)
{
    prefix *p = alloc(c, sizeof *p);
    p->op = op;
    p->at = *at;
    p->next = u->pfx;
    u->pfx = p;
}

static bgc_node *parse_unary(pctx *c)
{
    unit *last = NULL;
    bgc_node *acc;
    for (;;) {
        unit *u = alloc(c, sizeof *u);
        bgc_op op;
        u->base = NULL;
        while ((op = prefix_op(c->p->tok.type)) != BGC_OP_NONE) {
            bgc_token at = c->p->tok;
            advance(c);
            skip_newlines(c);
            if (op == BGC_OP_ADD || op == BGC_OP_SUB) {
                if (c->p->tok.type == BGC_T_IDENT) {
                    /* ++x, --v[i]: a pre-increment of what follows */
                    bgc_node *t = parse_postfix(c);
                    if (!is_lvalue(t))
                        fail(c, &at, bgc_message(BGC_MSG_SYN_INCDEC_TARGET),
                             op == BGC_OP_ADD ? "++" : "--");
                    bgc_node *n = mk(c, BGC_N_INCDEC, op, &at);
                    n->a = t;
                    n->name = lvalue_root(t)->name;
                    n->len = lvalue_root(t)->len;
                    u->base = n;
                    break;
                }
                /* "--5" is -(-5), as before ++ and -- existed */
                bgc_op one = op == BGC_OP_ADD ? BGC_OP_PLUS : BGC_OP_NEG;
                add_prefix(c, u, one, &at);
                add_prefix(c, u, one, &at);
                continue;
            }
            add_prefix(c, u, op, &at);
        }
        if (!u->base)
            u->base = parse_postfix(c);
        u->prev = last;
        last = u;
        if (c->p->tok.type != BGC_T_POW)
            break;
        u->pow_at = c->p->tok;
        advance(c);
        skip_newlines(c);
    }
    /* build from the right: acc = Pk(bk); acc = Pi(bi ^ acc) */
    acc = apply_prefixes(c, last->pfx, last->base);
    for (unit *u = last->prev; u; u = u->prev) {
        bgc_node *pw = mk(c, BGC_N_BIN, BGC_OP_POW, &u->pow_at);
        pw->a = u->base;
        pw->b = acc;
        acc = apply_prefixes(c, u->pfx, pw);
    }
    return acc;
}

/* ---- binary levels ------------------------------------------------------ */

static int bin_level(bgc_tok t, bgc_op *op, bgc_node_kind *kind)
{
    *kind = BGC_N_BIN;
    switch (t) {
    case BGC_T_STAR: *op = BGC_OP_MUL; return 4;
    case BGC_T_SLASH: *op = BGC_OP_DIV; return 4;
    case BGC_T_PERCENT: *op = BGC_OP_REM; return 4;
    case BGC_T_PLUS: *op = BGC_OP_ADD; return 5;
    case BGC_T_MINUS: *op = BGC_OP_SUB; return 5;
    case BGC_T_INC: *op = BGC_OP_ADD; return 5;  /* a ++b: a + (+b) */
    case BGC_T_DEC: *op = BGC_OP_SUB; return 5;  /* 5--3: 5 - (-3) */
    case BGC_T_MOD: *op = BGC_OP_MOD; return 6;
    case BGC_T_SHL: *op = BGC_OP_SHL; return 7;
    case BGC_T_SHR: *op = BGC_OP_SHR; return 7;
    case BGC_T_AMP: *op = BGC_OP_AND; return 8;
    case BGC_T_PIPE: *op = BGC_OP_OR; return 9;
    case BGC_T_EQ: *op = BGC_OP_EQ; return 10;
    case BGC_T_NE: *op = BGC_OP_NE; return 10;
    case BGC_T_LT: *op = BGC_OP_LT; return 10;
    case BGC_T_LE: *op = BGC_OP_LE; return 10;
    case BGC_T_GT: *op = BGC_OP_GT; return 10;
    case BGC_T_GE: *op = BGC_OP_GE; return 10;
    case BGC_T_ANDAND: *op = BGC_OP_NONE; *kind = BGC_N_ANDAND; return 11;
    case BGC_T_OROR: *op = BGC_OP_NONE; *kind = BGC_N_OROR; return 12;
    default: return 0;
    }
}

/* Operators of level <= maxlev, left-associative. */
static bgc_node *parse_binary(pctx *c, int maxlev)
{
    bgc_node *left = parse_unary(c);
    for (;;) {
        bgc_op op;
        bgc_node_kind kind;
        bgc_token at = c->p->tok;
        int lev = bin_level(at.type, &op, &kind);
        if (lev == 0 || lev > maxlev)
            return left;
        bgc_node *n = mk(c, kind, op, &at);
        advance(c);
        skip_newlines(c);
        n->a = left;
        n->b = lev > 4 ? parse_binary(c, lev - 1) : parse_unary(c);
        if (at.type == BGC_T_INC || at.type == BGC_T_DEC) {
            /* the second sign of "++"/"--" belongs to the right operand,
             * which binds tighter than + and - (5--3*2 is 5 - (-3*2)) */
            bgc_node *u = mk(c, BGC_N_UNARY, at.type == BGC_T_INC ? BGC_OP_PLUS : BGC_OP_NEG, &at);
            u->col++;
            u->a = n->b;
            n->b = u;
        }
        left = n;
    }
}

static bgc_node *parse_cond(pctx *c)
{
    bgc_node *n = parse_binary(c, 12);
    if (c->p->tok.type != BGC_T_QUEST)
        return n;
    bgc_node *q = mk(c, BGC_N_COND, BGC_OP_NONE, &c->p->tok);
    enter(c);
    q->a = n;
    advance(c);
    skip_newlines(c);
    q->b = parse_expr(c);
    skip_newlines(c);
    if (c->p->tok.type != BGC_T_COLON)
        expected(c, "':' of '?:'");
    advance(c);
    skip_newlines(c);
    q->c = parse_cond(c);
    leave(c);
    return q;
}

static bgc_op assign_op(bgc_tok t, int *is_assign)
{
    *is_assign = 1;
    switch (t) {
    case BGC_T_ASSIGN: return BGC_OP_NONE;
    case BGC_T_ADD_ASSIGN: return BGC_OP_ADD;
    case BGC_T_SUB_ASSIGN: return BGC_OP_SUB;
    case BGC_T_MUL_ASSIGN: return BGC_OP_MUL;
    case BGC_T_DIV_ASSIGN: return BGC_OP_DIV;
    case BGC_T_MOD_ASSIGN: return BGC_OP_REM;
    case BGC_T_POW_ASSIGN: return BGC_OP_POW;
    case BGC_T_SHL_ASSIGN: return BGC_OP_SHL;
    case BGC_T_SHR_ASSIGN: return BGC_OP_SHR;
    case BGC_T_AND_ASSIGN: return BGC_OP_AND;
    case BGC_T_OR_ASSIGN: return BGC_OP_OR;
    default: *is_assign = 0; return BGC_OP_NONE;
    }
}

static bgc_node *parse_expr(pctx *c)
{
    bgc_node *left = parse_cond(c);
    int is_assign;
    bgc_op op = assign_op(c->p->tok.type, &is_assign);
    if (!is_assign)
        return left;
    if (!is_lvalue(left)) {
        char what[8];
        snprintf(what, sizeof what, "%.*s", (int)c->p->tok.len, c->p->tok.text);
        fail(c, &c->p->tok, bgc_message(BGC_MSG_SYN_ASSIGN_TARGET), what);
    }
    bgc_node *n = mk(c, BGC_N_ASSIGN, op, &c->p->tok);
    n->a = left;
    n->name = lvalue_root(left)->name;
    n->len = lvalue_root(left)->len;
    enter(c);
    advance(c);
    skip_newlines(c);
    n->b = parse_expr(c);
    leave(c);
    return n;
}

/* ---- statements ------------------------------------------------------------ */

static bgc_stmt *new_stmt(pctx *c, bgc_stmt_kind k, const bgc_token *at)
{
    count_node(c, at);
    bgc_stmt *s = alloc(c, sizeof *s);
    s->kind = k;
    s->line = at->line;
    s->col = at->col;
    return s;
}

/* 1 when the current token ends a simple statement. */
static int at_stmt_end(pctx *c)
{
    bgc_tok t = c->p->tok.type;
    return t == BGC_T_NEWLINE || t == BGC_T_SEMI || t == BGC_T_RBRACE || t == BGC_T_EOF ||
           t == BGC_T_ELSE;
}

static void expect(pctx *c, bgc_tok t, const char *what)
{
    if (c->p->tok.type != t)
        expected(c, what);
    advance(c);
}

/* '(' expr ')' of if and while. */
static bgc_node *paren_cond(pctx *c, const char *kw)
{
    char what[40];
    snprintf(what, sizeof what, "'(' after '%s'", kw);
    if (c->p->tok.type != BGC_T_LPAREN)
        expected(c, what);
    c->nlskip++;
    advance(c);
    bgc_node *e = parse_expr(c);
    if (c->p->tok.type != BGC_T_RPAREN)
        expected(c, "')'");
    c->nlskip--;
    advance(c);
    skip_newlines(c);
    return e;
}

/* The statement that a statement keyword or a block controls. */
static bgc_stmt *parse_body(pctx *c)
{
    skip_newlines(c);
    if (c->p->tok.type == BGC_T_EOF)
        expected(c, "a statement");
    if (c->p->tok.type == BGC_T_SEMI)
        return new_stmt(c, BGC_S_EMPTY, &c->p->tok); /* while (c) ; */
    return parse_statement(c);
}

static bgc_stmt *parse_block(pctx *c)
{
    bgc_stmt *b = new_stmt(c, BGC_S_BLOCK, &c->p->tok);
    int cap = 0;
    bgc_token open = c->p->tok;
    advance(c); /* '{' */
    for (;;) {
        while (c->p->tok.type == BGC_T_NEWLINE || c->p->tok.type == BGC_T_SEMI)
            advance(c);
        if (c->p->tok.type == BGC_T_RBRACE)
            break;
        if (c->p->tok.type == BGC_T_EOF) {
            c->incomplete = 1;
            fail(c, &open, "%s", bgc_message(BGC_MSG_SYN_BRACE_OPEN));
        }
        bgc_stmt *s = parse_statement(c);
        if (b->nlist == cap) {
            int ncap = cap ? cap * 2 : 8;
            bgc_stmt **nl = alloc(c, (size_t)ncap * sizeof *nl);
            if (b->nlist)
                memcpy(nl, b->list, (size_t)b->nlist * sizeof *nl);
            b->list = nl;
            cap = ncap;
        }
        b->list[b->nlist++] = s;
        bgc_tok t = c->p->tok.type;
        if (t != BGC_T_NEWLINE && t != BGC_T_SEMI && t != BGC_T_RBRACE &&
            !(c->p->prev_end > c->p->lx.src && c->p->prev_end[-1] == '}')) {
            if (t == BGC_T_RPAREN)
                fail(c, &c->p->tok, "%s", bgc_message(BGC_MSG_SYN_UNMATCHED_PAREN));
            expected(c, "an operator or the end of the statement");
        }
    }
    advance(c); /* '}' */
    return b;
}

/* After the statement of an if: an else, perhaps after ';' or newlines. */
static int else_follows(pctx *c)
{
    pstate s;
    if (c->p->tok.type == BGC_T_ELSE)
        return 1;
    save(c, &s);
    if (c->p->tok.type == BGC_T_SEMI)
        advance(c);
    while (c->p->tok.type == BGC_T_NEWLINE)
        advance(c);
    if (c->p->tok.type == BGC_T_ELSE)
        return 1;
    restore(c, &s);
    return 0;
}

static bgc_stmt *parse_for(pctx *c)
{
    bgc_token at = c->p->tok;
    bgc_stmt *s;
    advance(c); /* for */
    if (c->p->tok.type != BGC_T_LPAREN)
        expected(c, "'(' after 'for'");
    c->nlskip++;
    advance(c);
    if (c->p->tok.type == BGC_T_IDENT) {
        pstate ps;
        bgc_token var = c->p->tok;
        save(c, &ps);
        advance(c);
        if (c->p->tok.type == BGC_T_IDENT && c->p->tok.len == 2 &&
            memcmp(c->p->tok.text, "in", 2) == 0) {
            s = new_stmt(c, BGC_S_FORIN, &at);
            s->name = var.text;
            s->len = var.len;
            s->kwline = var.line;
            s->kwcol = var.col;
            advance(c);
            s->expr = parse_expr(c);
            if (c->p->tok.type != BGC_T_RPAREN)
                expected(c, "')'");
            c->nlskip--;
            advance(c);
            s->body = parse_body(c);
            return s;
        }
        restore(c, &ps);
    }
    s = new_stmt(c, BGC_S_FOR, &at);
    if (c->p->tok.type != BGC_T_SEMI)
        s->init = parse_expr(c);
    expect(c, BGC_T_SEMI, "';' in for (init; condition; step)");
    if (c->p->tok.type != BGC_T_SEMI)
        s->expr = parse_expr(c);
    expect(c, BGC_T_SEMI, "';' in for (init; condition; step)");
    if (c->p->tok.type != BGC_T_RPAREN)
        s->step = parse_expr(c);
    if (c->p->tok.type != BGC_T_RPAREN)
        expected(c, "')'");
    c->nlskip--;
    advance(c);
    s->body = parse_body(c);
    return s;
}

static void add_item(pctx *c, bgc_stmt *s, bgc_node *n, int *cap)
{
    if (s->nitems == *cap) {
        int ncap = *cap ? *cap * 2 : 4;
        bgc_node **ni = alloc(c, (size_t)ncap * sizeof *ni);
        if (s->nitems)
            memcpy(ni, s->items, (size_t)s->nitems * sizeof *ni);
        s->items = ni;
        *cap = ncap;
    }
    s->items[s->nitems++] = n;
}

static bgc_stmt *parse_print(pctx *c)
{
    bgc_stmt *s = new_stmt(c, BGC_S_PRINT, &c->p->tok);
    int cap = 0;
    advance(c); /* print */
    for (;;) {
        bgc_token t = c->p->tok;
        if (t.type == BGC_T_STRING) {
            bgc_node *n = mk(c, BGC_N_STR, BGC_OP_NONE, &t);
            n->name = t.text;
            n->len = t.len;
            advance(c);
            add_item(c, s, n, &cap);
        } else {
            add_item(c, s, parse_expr(c), &cap);
        }
        if (c->p->tok.type != BGC_T_COMMA)
            break;
        advance(c);
        skip_newlines(c);
    }
    return s;
}

static bgc_stmt *parse_local(pctx *c)
{
    bgc_stmt *s = new_stmt(c, BGC_S_LOCAL, &c->p->tok);
    int cap = 0;
    advance(c); /* local / auto */
    for (;;) {
        bgc_token t = c->p->tok;
        if (t.type != BGC_T_IDENT)
            expected(c, "a variable name after 'local'");
        bgc_node *v = mk(c, BGC_N_VAR, BGC_OP_NONE, &t);
        v->name = t.text;
        v->len = t.len;
        advance(c);
        if (c->p->tok.type == BGC_T_LBRACKET) {
            /* bc's `auto a[]`: every local can hold a list */
            advance(c);
            expect(c, BGC_T_RBRACKET, "']'");
        }
        if (c->p->tok.type == BGC_T_ASSIGN) {
            bgc_node *a = mk(c, BGC_N_ASSIGN, BGC_OP_NONE, &c->p->tok);
            a->a = v;
            a->name = v->name;
            a->len = v->len;
            advance(c);
            skip_newlines(c);
            a->b = parse_expr(c);
            v = a;
        }
        add_item(c, s, v, &cap);
        if (c->p->tok.type != BGC_T_COMMA)
            break;
        advance(c);
        skip_newlines(c);
    }
    return s;
}

static bgc_stmt *parse_statement(pctx *c)
{
    bgc_token at = c->p->tok;
    bgc_stmt *s;
    enter(c);
    switch (at.type) {
    case BGC_T_LBRACE:
        s = parse_block(c);
        break;
    case BGC_T_IF:
        s = new_stmt(c, BGC_S_IF, &at);
        advance(c);
        s->expr = paren_cond(c, "if");
        s->body = parse_body(c);
        if (else_follows(c)) {
            advance(c); /* else */
            s->alt = parse_body(c);
        }
        break;
    case BGC_T_ELSE:
        fail(c, &at, "%s", bgc_message(BGC_MSG_SYN_ELSE));
    case BGC_T_RBRACE:
        fail(c, &at, "%s", bgc_message(BGC_MSG_SYN_UNMATCHED_BRACE));
    case BGC_T_WHILE:
        s = new_stmt(c, BGC_S_WHILE, &at);
        advance(c);
        s->expr = paren_cond(c, "while");
        s->body = parse_body(c);
        break;
    case BGC_T_FOR:
        s = parse_for(c);
        break;
    case BGC_T_BREAK:
    case BGC_T_CONTINUE:
    case BGC_T_QUIT:
        s = new_stmt(c, at.type == BGC_T_BREAK ? BGC_S_BREAK
                        : at.type == BGC_T_CONTINUE ? BGC_S_CONTINUE : BGC_S_QUIT, &at);
        advance(c);
        break;
    case BGC_T_RETURN:
        s = new_stmt(c, BGC_S_RETURN, &at);
        advance(c);
        if (!at_stmt_end(c))
            s->expr = parse_expr(c);
        break;
    case BGC_T_EXIT:
        s = new_stmt(c, BGC_S_EXIT, &at);
        advance(c);
        if (!at_stmt_end(c))
            s->expr = parse_expr(c);
        break;
    case BGC_T_LOCAL:
        s = parse_local(c);
        break;
    case BGC_T_PRINT:
        s = parse_print(c);
        break;
    case BGC_T_DEF:
        fail(c, &at, "%s", bgc_message(BGC_MSG_SYN_NESTED_DEF));
    default:
        s = new_stmt(c, BGC_S_EXPR, &at);
        s->expr = parse_expr(c);
        s->print = !((s->expr->kind == BGC_N_ASSIGN || s->expr->kind == BGC_N_INCDEC) &&
                     !s->expr->paren);
        break;
    }
    leave(c);
    return s;
}

/* The statement starts with the word undef and a name after it. */
static int is_undef(const bgc_parser *p)
{
    if (p->tok.type != BGC_T_IDENT || p->tok.len != 5 || memcmp(p->tok.text, "undef", 5) != 0)
        return 0;
    const char *q = p->tok.text + 5, *end = p->lx.src + p->lx.len;
    while (q < end && (*q == ' ' || *q == '\t'))
        q++;
    return q < end && (isalpha((unsigned char)*q) || *q == '_');
}

static void parse_def(pctx *c, bgc_stmt *st)
{
    int cap = 0;
    const char *start = c->p->tok.text;
    advance(c); /* def */
    if (c->p->tok.type != BGC_T_IDENT)
        expected(c, "a function name after 'def'");
    st->kind = BGC_S_DEF;
    st->name = c->p->tok.text;
    st->len = c->p->tok.len;
    advance(c);
    if (c->p->tok.type != BGC_T_LPAREN)
        expected(c, "'(' after the function name");
    c->nlskip++;
    advance(c);
    if (c->p->tok.type != BGC_T_RPAREN) {
        for (;;) {
            if (c->p->tok.type != BGC_T_IDENT)
                expected(c, "a parameter name");
            for (int i = 0; i < st->nparams; i++)
                if (st->plens[i] == c->p->tok.len &&
                    memcmp(st->params[i], c->p->tok.text, c->p->tok.len) == 0)
                    fail(c, &c->p->tok, bgc_message(BGC_MSG_SYN_DUP_PARAM),
                         (int)c->p->tok.len, c->p->tok.text);
            if (st->nparams == cap) {
                int ncap = cap ? cap * 2 : 4;
                const char **np = alloc(c, (size_t)ncap * sizeof *np);
                size_t *nl = alloc(c, (size_t)ncap * sizeof *nl);
                if (st->nparams) {
                    memcpy(np, st->params, (size_t)st->nparams * sizeof *np);
                    memcpy(nl, st->plens, (size_t)st->nparams * sizeof *nl);
                }
                st->params = np;
                st->plens = nl;
                cap = ncap;
            }
            st->params[st->nparams] = c->p->tok.text;
            st->plens[st->nparams++] = c->p->tok.len;
            advance(c);
            if (c->p->tok.type == BGC_T_LBRACKET) { /* bc's array parameter a[] */
                advance(c);
                expect(c, BGC_T_RBRACKET, "']'");
            }
            if (!list_more(c))
                break;
        }
    }
    c->nlskip--;
    advance(c); /* ')' */
    if (c->p->tok.type == BGC_T_NEWLINE) {
        /* bc style: the '{' on the next line */
        pstate s;
        save(c, &s);
        skip_newlines(c);
        if (c->p->tok.type != BGC_T_LBRACE)
            restore(c, &s);
    }
    if (c->p->tok.type == BGC_T_LBRACE) {
        st->body = parse_block(c);
    } else {
        if (c->p->tok.type != BGC_T_ASSIGN)
            expected(c, "'=' or '{' after the parameter list");
        advance(c);
        skip_newlines(c);
        st->expr = parse_expr(c);
    }
    st->text = start;
    st->text_len = (size_t)(c->p->prev_end - start);
}

void bgc_parser_init(bgc_parser *p, const char *src, size_t len, int first_line,
                     int first_col)
{
    bgc_lex_init(&p->lx, src, len, first_line, first_col);
    p->depth = 0;
    p->tok.type = BGC_T_NEWLINE; /* "before the first token" */
    p->tok.text = src;
    p->tok.len = 0;
    p->tok.line = first_line;
    p->tok.col = first_col;
    p->prev_end = src;
}

/* After a syntax error at err_at: skip to the end of the failed
 * statement, so that `1; 2 +* 3; 4` still runs 4.  Brackets are counted
 * from the statement's start (lexer state *lx0, first token *tok0):
 *  - a ';' at or after the error ends it outside brackets, so the ';' of
 *    `f(1 +* 2; 3)` does not;
 *  - a newline at or after the error ends it unless a bracket opened on
 *    an earlier line is still open (the error sits inside `[1,` / `2 +*
 *    3]`, which is one statement); brackets opened on the error's own
 *    line or after it do not hold the newline, so a broken line such as
 *    `if (1 {` or `\e[31m` costs only that line, as before; nor does
 *    it end before a line starting with else (the rest of an if/else
 *    chain, which cannot start a statement). */
/* Does the next line (after blank lines) start with else?  Such a line
 * continues the failed if/else chain: it cannot start a statement. */
static int else_next(const bgc_lexer *lx)
{
    bgc_lexer peek = *lx;
    bgc_token t;
    do
        t = bgc_lex_next(&peek);
    while (t.type == BGC_T_NEWLINE);
    return t.type == BGC_T_ELSE;
}

static void resync(bgc_parser *p, const bgc_lexer *lx0, const bgc_token *tok0,
                   const char *err_at)
{
    int depth = 0;  /* open brackets */
    int held = 0;   /* of those, opened before the error's line (known at
                       the error; until then, the least depth on the line) */
    int seen = 0;   /* past the error */
    p->lx = *lx0;
    p->tok = *tok0;
    for (;;) {
        bgc_tok t = p->tok.type;
        if (t == BGC_T_EOF)
            return;
        if (t == BGC_T_ERROR && p->lx.incomplete) {
            p->tok.type = BGC_T_EOF; /* a comment left open: nothing follows */
            return;
        }
        if (!seen && p->tok.text >= err_at)
            seen = 1; /* held is now fixed */
        if (t == BGC_T_LPAREN || t == BGC_T_LBRACKET || t == BGC_T_LBRACE) {
            depth++;
        } else if (t == BGC_T_RPAREN || t == BGC_T_RBRACKET || t == BGC_T_RBRACE) {
            if (depth > 0)
                depth--;
            if (held > depth)
                held = depth;
        } else if (t == BGC_T_NEWLINE && !seen) {
            held = depth;
        } else if (seen && ((t == BGC_T_NEWLINE && held == 0 && !else_next(&p->lx)) ||
                            (t == BGC_T_SEMI && depth == 0))) {
            p->tok = bgc_lex_next(&p->lx); /* past the terminator */
            return;
        }
        p->tok = bgc_lex_next(&p->lx);
    }
}

bgc_parse_status bgc_parse_stmt(bgc_parser *p, bgc_arena *arena,
                                bgc_stmt *st, bgc_diag *dg)
{
    pctx c;
    c.p = p;
    c.arena = arena;
    c.dg = dg;
    c.nlskip = 0;
    c.incomplete = 0;
    c.err_at = NULL;
    c.nodes = 0;
    memset(st, 0, sizeof *st);
    p->depth = -1; /* the top-level statement is not a nesting level */
    /* the first call starts on a fake newline; later calls sit on the
     * token after the previous statement's terminator */
    if (p->tok.type == BGC_T_NEWLINE && p->tok.len == 0)
        advance_raw(&c);
    bgc_lexer lx0 = p->lx; /* the statement's start, to resynchronise */
    bgc_token tok0 = p->tok;
    if (setjmp(c.jb)) {
        if (c.incomplete)
            return BGC_PARSE_INCOMPLETE;
        resync(p, &lx0, &tok0, c.err_at);
        return BGC_PARSE_ERROR;
    }
    check_tok(&c);
    st->line = p->tok.line;
    st->col = p->tok.col;
    if (p->tok.type == BGC_T_EOF)
        return BGC_PARSE_END;
    if (p->tok.type == BGC_T_NEWLINE || p->tok.type == BGC_T_SEMI) {
        st->kind = BGC_S_EMPTY;
        advance_raw(&c);
        return BGC_PARSE_OK;
    }
    if (p->tok.type == BGC_T_DEF) {
        parse_def(&c, st);
    } else if (is_undef(p)) {
        /* `undef NAME` (man page, User functions): `undef` is not
         * reserved, only a name followed by a name */
        st->kind = BGC_S_UNDEF;
        advance(&c);
        if (p->tok.type != BGC_T_IDENT)
            expected(&c, "a variable or function name after 'undef'");
        st->name = p->tok.text;
        st->len = p->tok.len;
        advance(&c);
    } else {
        *st = *parse_statement(&c);
    }
    switch (p->tok.type) {
    case BGC_T_NEWLINE:
    case BGC_T_SEMI:
        advance_raw(&c);
        break;
    case BGC_T_EOF:
        break;
    case BGC_T_RPAREN:
        fail(&c, &p->tok, "%s", bgc_message(BGC_MSG_SYN_UNMATCHED_PAREN));
    case BGC_T_RBRACE:
        fail(&c, &p->tok, "%s", bgc_message(BGC_MSG_SYN_UNMATCHED_BRACE));
    default:
        /* a statement ending in '}' needs no separator */
        if (p->prev_end > p->lx.src && p->prev_end[-1] == '}')
            break;
        expected(&c, "an operator or the end of the statement");
    }
    return BGC_PARSE_OK;
}
