/* parser.h -- the bigcalc grammar (SPEC section 2) into an AST.
 *
 *   program   := { statement (NEWLINE | ';') }
 *   statement := empty | 'def' NAME '(' [NAME {',' NAME}] ')' '=' expr | expr
 *   expr      := cond [ ('=' | '+=' | '-=' | '*=' | '/=' | '%=' | '^=') expr ]
 *                (the left side of an assignment must be a name)
 *   cond      := binary(||) [ '?' expr ':' cond ]
 *   binary    := levels 12 (||) down to 4 (* / %), all left-associative:
 *                || && (== != < <= > >=) | & (<< >>) mod (+ -) (* / %)
 *   unary     := ('-' | '+' | '~' | '!') unary | power
 *   power     := postfix [ ('^' | '**') unary ]          (right-assoc)
 *   postfix   := primary { '!' }
 *   primary   := NUMBER | NAME | NAME '(' [expr {',' expr}] ')' | '(' expr ')'
 *
 * Newlines are skipped inside parentheses and wherever an operand must
 * follow (after an operator, '(' or ','), so an expression continues on
 * the next line when a line ends in an operator.
 *
 * Nodes live in an arena freed in one go (no recursive free), and the
 * parser's own recursion is bounded (BGC_PARSE_MAX_NEST), so no input can
 * exhaust the C stack: long operator chains are built by loops.
 */
#ifndef BGC_PARSER_H
#define BGC_PARSER_H

#include "lexer.h"

#include <stddef.h>

#define BGC_PARSE_MAX_NEST 1000

typedef enum bgc_node_kind {
    BGC_N_NUM,    /* literal: text in name/len */
    BGC_N_VAR,    /* variable: name/len */
    BGC_N_UNARY,  /* op in {NEG, PLUS, BNOT, LNOT}, child a */
    BGC_N_FACT,   /* a! */
    BGC_N_BIN,    /* a op b */
    BGC_N_ANDAND, /* a && b */
    BGC_N_OROR,   /* a || b */
    BGC_N_COND,   /* a ? b : c */
    BGC_N_ASSIGN, /* name op= b (op BGC_OP_NONE for plain '=') */
    BGC_N_CALL    /* name(args...) */
} bgc_node_kind;

typedef enum bgc_op {
    BGC_OP_NONE = 0,
    BGC_OP_ADD, BGC_OP_SUB, BGC_OP_MUL, BGC_OP_DIV, BGC_OP_REM, BGC_OP_POW,
    BGC_OP_MOD, BGC_OP_SHL, BGC_OP_SHR, BGC_OP_AND, BGC_OP_OR,
    BGC_OP_EQ, BGC_OP_NE, BGC_OP_LT, BGC_OP_LE, BGC_OP_GT, BGC_OP_GE,
    BGC_OP_NEG, BGC_OP_PLUS, BGC_OP_BNOT, BGC_OP_LNOT
} bgc_op;

typedef struct bgc_node bgc_node;
struct bgc_node {
    bgc_node_kind kind;
    bgc_op op;
    int line, col;     /* of the operator (or of the operand for leaves) */
    int paren;         /* written inside parentheses */
    const char *name;  /* NUM text, VAR/ASSIGN/CALL name (not NUL-ended) */
    size_t len;
    bgc_node *a, *b, *c;
    bgc_node **args;   /* CALL */
    int nargs;
};

typedef enum bgc_stmt_kind {
    BGC_S_EMPTY,
    BGC_S_EXPR,
    BGC_S_DEF
} bgc_stmt_kind;

typedef struct bgc_stmt {
    bgc_stmt_kind kind;
    bgc_node *expr;      /* EXPR: the expression; DEF: the body */
    int print;           /* EXPR: print the value (not a bare assignment) */
    const char *name;    /* DEF: function name */
    size_t len;
    const char **params; /* DEF: parameter names (not NUL-ended) */
    size_t *plens;
    int nparams;
    int line, col;       /* start of the statement */
} bgc_stmt;

/* A simple bump allocator; everything parsed for one statement lives here. */
typedef struct bgc_arena_block bgc_arena_block;
typedef struct bgc_arena {
    bgc_arena_block *head;
} bgc_arena;
void bgc_arena_init(bgc_arena *a);
void *bgc_arena_alloc(bgc_arena *a, size_t n); /* NULL when out of memory */
void bgc_arena_free(bgc_arena *a);             /* frees all; reusable */
void bgc_arena_reset(bgc_arena *a);            /* frees all but one block */

typedef struct bgc_parser {
    bgc_lexer lx;
    bgc_token tok;   /* current token */
    int depth;       /* recursion depth, bounded */
} bgc_parser;

/* Parse failure details. */
typedef struct bgc_diag {
    int line, col;
    char msg[200];
} bgc_diag;

typedef enum bgc_parse_status {
    BGC_PARSE_OK,         /* *st holds a statement */
    BGC_PARSE_END,        /* end of input, nothing more */
    BGC_PARSE_ERROR,      /* *dg says why; the rest of the line was skipped */
    BGC_PARSE_INCOMPLETE  /* the input ended inside a statement (a REPL or
                             a streaming reader may add lines and retry) */
} bgc_parse_status;

void bgc_parser_init(bgc_parser *p, const char *src, size_t len,
                     int first_line, int first_col);
/* Parse the next statement into *st (nodes in *arena).  An empty statement
 * (blank line, ';;') comes back as BGC_S_EMPTY. */
bgc_parse_status bgc_parse_stmt(bgc_parser *p, bgc_arena *arena,
                                bgc_stmt *st, bgc_diag *dg);
/* Byte offset in the source of the next unparsed token. */
size_t bgc_parser_offset(const bgc_parser *p);

/* Quick scan of a chunk of source: 1 when it ends inside a statement (open
 * parenthesis, open comment, last token an operator or ','), so a line
 * reader should append the next line before parsing. */
int bgc_source_incomplete(const char *src, size_t len);

/* The same check fed piece by piece (each piece whole lines), so a reader
 * appending line after line does not rescan what it already has. */
typedef struct bgc_scan_state {
    int depth;       /* open parentheses */
    int in_comment;  /* inside a block comment */
    int last;        /* last significant token (a bgc_tok) */
    int operand;     /* the last token ended an operand */
} bgc_scan_state;
void bgc_scan_init(bgc_scan_state *s);
/* Feed {src,len}; returns 1 when all text fed so far ends inside a
 * statement. */
int bgc_scan_feed(bgc_scan_state *s, const char *src, size_t len);

#endif /* BGC_PARSER_H */
