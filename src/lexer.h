/* lexer.h -- tokens of the bigcalc language (man/bigcalc.1, LANGUAGE).
 *
 * The lexer walks a byte buffer that the caller keeps alive; tokens point
 * into it.  Newlines are tokens (statement separators); the parser decides
 * where they are only whitespace (inside parentheses, after an operator).
 * Positions are 1-based; the column counts characters (UTF-8 aware) so a
 * caret lines up under the offending character.
 */
#ifndef BGC_LEXER_H
#define BGC_LEXER_H

#include <stddef.h>

typedef enum bgc_tok {
    BGC_T_EOF = 0,
    BGC_T_NEWLINE,
    BGC_T_SEMI,     /* ; */
    BGC_T_NUM,      /* a numeric literal (text in the token) */
    BGC_T_IDENT,
    BGC_T_MOD,      /* keyword mod */
    BGC_T_DEF,      /* keyword def */
    /* statement keywords (`auto` is BGC_T_LOCAL) */
    BGC_T_IF, BGC_T_ELSE, BGC_T_WHILE, BGC_T_FOR, BGC_T_BREAK,
    BGC_T_CONTINUE, BGC_T_RETURN, BGC_T_QUIT, BGC_T_EXIT, BGC_T_LOCAL,
    BGC_T_PRINT,
    BGC_T_STRING,   /* "..." (text includes the quotes; escapes unchecked) */
    BGC_T_LPAREN, BGC_T_RPAREN, BGC_T_COMMA,
    BGC_T_LBRACE, BGC_T_RBRACE, BGC_T_LBRACKET, BGC_T_RBRACKET,
    BGC_T_INC, BGC_T_DEC,  /* ++ -- */
    BGC_T_PLUS, BGC_T_MINUS, BGC_T_STAR, BGC_T_SLASH, BGC_T_PERCENT,
    BGC_T_POW,      /* ^ or ** */
    BGC_T_BANG,     /* ! (prefix: not, postfix: factorial) */
    BGC_T_TILDE,
    BGC_T_SHL, BGC_T_SHR, BGC_T_AMP, BGC_T_PIPE,
    BGC_T_EQ, BGC_T_NE, BGC_T_LT, BGC_T_LE, BGC_T_GT, BGC_T_GE,
    BGC_T_ANDAND, BGC_T_OROR, BGC_T_QUEST, BGC_T_COLON,
    BGC_T_ASSIGN,   /* = */
    BGC_T_ADD_ASSIGN, BGC_T_SUB_ASSIGN, BGC_T_MUL_ASSIGN,
    BGC_T_DIV_ASSIGN, BGC_T_MOD_ASSIGN, BGC_T_POW_ASSIGN,
    BGC_T_SHL_ASSIGN, BGC_T_SHR_ASSIGN, BGC_T_AND_ASSIGN, BGC_T_OR_ASSIGN,
    BGC_T_ERROR     /* malformed input; the message is in the lexer */
} bgc_tok;

typedef struct bgc_token {
    bgc_tok type;
    const char *text; /* start in the buffer */
    size_t len;       /* length in bytes */
    int line, col;    /* 1-based position of the first character */
} bgc_token;

typedef struct bgc_lexer {
    const char *src;
    size_t len, pos;
    int line, col;
    const char *line_start;  /* start of the current line */
    const char *err;         /* message for BGC_T_ERROR */
    int incomplete;          /* the error is only "input ended early" */
    size_t cstart;           /* where the last block comment opened */
    int cline, ccol;
} bgc_lexer;

/* Start lexing {src,len}; src[0] is at first_line:first_col. */
void bgc_lex_init(bgc_lexer *lx, const char *src, size_t len, int first_line,
                  int first_col);
/* The next token.  Comments and blanks are skipped.  On BGC_T_ERROR,
 * lx->err says why and the lexer has moved past the bad text. */
bgc_token bgc_lex_next(bgc_lexer *lx);
/* The base that a literal's prefix names: 16, 2 or 8 when c0 c1 is 0x,
 * 0b or 0o (either case), else 10. */
int bgc_radix_prefix(int c0, int c1);
/* The base of the number literal {s,n} and, in *skip, the length of its
 * prefix: 0x/0b/0o (16, 2, 8; skip 2), B# with B from 2 to 36 without a
 * leading zero (36#z: 36, skip 3; 10#9: 10, skip 3), else 10 and skip 0. */
int bgc_literal_base(const char *s, size_t n, size_t *skip);
/* The keyword token for the word {s,n}, or BGC_T_IDENT. */
bgc_tok bgc_keyword(const char *s, size_t n);
/* A short printable name for a token type ("'+'", "a number", ...). */
const char *bgc_tok_name(bgc_tok t);
/* Copy the text of a token for messages: at most cap-1 bytes, NUL-ended,
 * with "end of input"/"end of line" for those tokens. */
void bgc_tok_describe(const bgc_token *t, char *buf, size_t cap);

#endif /* BGC_LEXER_H */
