/* parser.h -- the bigcalc grammar (man/bigcalc.1) into an AST.
 *
 *   program   := { statement (NEWLINE | ';') }
 *   statement := empty | def | simple | compound
 *   def       := ('def' | 'define') NAME '(' [NAME {',' NAME}] ')'
 *                ( '=' expr | block )
 *   compound  := block | 'if' '(' expr ')' stmt [ [';'] 'else' stmt ]
 *              | 'while' '(' expr ')' stmt
 *              | 'for' '(' [expr] ';' [expr] ';' [expr] ')' stmt
 *              | 'for' '(' NAME 'in' expr ')' stmt
 *   block     := '{' { stmt (NEWLINE | ';') } '}'
 *   simple    := expr | 'break' | 'continue' | 'return' [expr] | 'quit'
 *              | 'exit' [ '(' expr ')' ] | ('local' | 'auto') decl {',' decl}
 *              | 'print' item {',' item}      (item: STRING | expr)
 *   decl      := NAME [ '=' expr ]
 *   expr      := cond [ assign-op expr ]     (assign-op: = += -= *= /= %= ^=
 *                <<= >>= &= |=; the left side a name or name[i]...[j])
 *   cond      := binary(||) [ '?' expr ':' cond ]
 *   binary    := levels 12 (||) down to 4 (* / %), all left-associative:
 *                || && (== != < <= > >=) | & (<< >>) mod (+ -) (* / %)
 *   unary     := ('-' | '+' | '~' | '!') unary | ('++' | '--') postfix | power
 *   power     := postfix [ ('^' | '**') unary ]          (right-assoc)
 *   postfix   := primary { '!' | '[' expr ']' | '++' | '--' }
 *   primary   := NUMBER | NAME | NAME '(' [expr {',' expr}] ')' | '(' expr ')'
 *              | '[' [expr {',' expr}] ']'
 *
 * Newlines are skipped inside parentheses and brackets and wherever an
 * operand must follow (after an operator, '(' or ','), so an expression
 * continues on the next line when a line ends in an operator.  Inside a
 * block, newlines separate statements as at the top level.  An `else` may
 * follow on a later line.  The parser is given whole statements
 * (input.h decides where they end), so the end of the text is the end of
 * the input.
 *
 * Nodes live in an arena freed in one go (no recursive free), and the
 * parser's own recursion is bounded (BGC_PARSE_MAX_NEST), so no input can
 * exhaust the C stack: long operator chains are built by loops.
 */
#ifndef BGC_PARSER_H
#define BGC_PARSER_H

#include "arena.h"
#include "lexer.h"

#include <stddef.h>

#define BGC_PARSE_MAX_NEST 1000
/* Nodes and statements in one statement (man/bigcalc.1, ERRORS). */
#define BGC_PARSE_MAX_NODES 1000000

typedef enum bgc_node_kind {
    BGC_N_NUM,    /* literal: text in name/len */
    BGC_N_VAR,    /* variable: name/len */
    BGC_N_UNARY,  /* op in {NEG, PLUS, BNOT, LNOT}, child a */
    BGC_N_FACT,   /* a! */
    BGC_N_BIN,    /* a op b */
    BGC_N_ANDAND, /* a && b */
    BGC_N_OROR,   /* a || b */
    BGC_N_COND,   /* a ? b : c */
    BGC_N_ASSIGN, /* a op= b: a is a VAR or an INDEX chain on a VAR (op
                     BGC_OP_NONE for plain '='); name/len: the variable */
    BGC_N_CALL,   /* name(args...) */
    BGC_N_LIST,   /* [args...] */
    BGC_N_INDEX,  /* a[b] */
    BGC_N_INCDEC, /* ++a / a++ (op ADD) or --a / a-- (op SUB); post: 1 for
                     the postfix form; a is an lvalue as for ASSIGN */
    BGC_N_STR     /* a string (print only): text with quotes in name/len */
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
    int post;          /* INCDEC: postfix form */
    const char *name;  /* NUM text, VAR/ASSIGN/CALL name (not NUL-ended) */
    size_t len;
    bgc_node *a, *b, *c;
    bgc_node **args;   /* CALL, LIST */
    int nargs;
};

typedef enum bgc_stmt_kind {
    BGC_S_EMPTY,
    BGC_S_EXPR,
    BGC_S_DEF,
    BGC_S_BLOCK,
    BGC_S_IF,
    BGC_S_WHILE,
    BGC_S_FOR,
    BGC_S_FORIN,
    BGC_S_BREAK,
    BGC_S_CONTINUE,
    BGC_S_RETURN,
    BGC_S_QUIT,
    BGC_S_EXIT,
    BGC_S_LOCAL,
    BGC_S_PRINT,
    BGC_S_UNDEF   /* top level: `undef NAME` (name, len) */
} bgc_stmt_kind;

typedef struct bgc_stmt bgc_stmt;
struct bgc_stmt {
    bgc_stmt_kind kind;
    /* EXPR: the expression; DEF with '=': the body; IF, WHILE, FOR: the
     * condition (FOR: may be NULL); FORIN: the list; RETURN, EXIT: the
     * value (may be NULL) */
    bgc_node *expr;
    bgc_node *init, *step; /* FOR (each may be NULL) */
    bgc_stmt *body;        /* IF: then; loops; DEF with a block */
    bgc_stmt *alt;         /* IF: else (may be NULL) */
    bgc_stmt **list;       /* BLOCK */
    int nlist;
    bgc_node **items;      /* PRINT: STR nodes and expressions; LOCAL: VAR
                              or ASSIGN nodes */
    int nitems;
    int print;           /* EXPR: print the value (not a bare assignment) */
    const char *name;    /* DEF: function name; FORIN: the variable */
    size_t len;
    const char **params; /* DEF: parameter names (not NUL-ended) */
    size_t *plens;
    int nparams;
    int line, col;       /* start of the statement */
    int kwline, kwcol;   /* FORIN: the variable */
    const char *text;    /* DEF: the definition as written */
    size_t text_len;
};

typedef struct bgc_parser {
    bgc_lexer lx;
    bgc_token tok;   /* current token */
    int depth;       /* recursion depth, bounded */
    const char *prev_end; /* end of the token before tok */
} bgc_parser;

/* Parse failure details. */
typedef struct bgc_diag {
    int line, col;
    char msg[200];
} bgc_diag;

typedef enum bgc_parse_status {
    BGC_PARSE_OK,         /* *st holds a statement */
    BGC_PARSE_END,        /* end of input, nothing more */
    BGC_PARSE_ERROR,      /* *dg says why; the failed statement was skipped
                             (up to its ';' or newline outside brackets) */
    BGC_PARSE_INCOMPLETE  /* the input ended inside a statement (*dg says
                             where); nothing follows */
} bgc_parse_status;

void bgc_parser_init(bgc_parser *p, const char *src, size_t len,
                     int first_line, int first_col);
/* Parse the next statement into *st (nodes in *arena).  An empty statement
 * (blank line, ';;') comes back as BGC_S_EMPTY. */
bgc_parse_status bgc_parse_stmt(bgc_parser *p, bgc_arena *arena,
                                bgc_stmt *st, bgc_diag *dg);

#endif /* BGC_PARSER_H */
