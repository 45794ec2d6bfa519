/* lexer.c -- split bigcalc source into tokens.
 *
 * Numbers are only delimited here (their value is built by the parser from
 * the token text): decimal, 0x/0b/0o prefixes, B#digits for any base B
 * from 2 to 36 (36#z, as bash and ksh write them, and as results in such
 * a base print), '_' between digits, and a decimal mantissa with an e
 * exponent (1e6).  B# is a base only when B is 2..36 written without a
 * leading zero and a digit of that base follows the '#' at once; 37#1 or
 * 07#6 is a malformed literal, and in any other case the '#' starts a
 * comment as before (2 # note, 10#x).  A literal running straight
 * into a letter or digit that does not belong to it ("12ab", "0b102") is a
 * malformed literal, not two tokens.
 */
#include "lexer.h"

#include "messages.h"

#include <stdio.h>
#include <string.h>

void bgc_lex_init(bgc_lexer *lx, const char *src, size_t len, int first_line,
                  int first_col)
{
    lx->src = src;
    lx->len = len;
    lx->pos = 0;
    lx->line = first_line;
    lx->col = first_col;
    lx->line_start = src;
    lx->err = NULL;
    lx->incomplete = 0;
}

static int peek(const bgc_lexer *lx, size_t k)
{
    return lx->pos + k < lx->len ? (unsigned char)lx->src[lx->pos + k] : -1;
}

/* Advance one byte, keeping line and (character) column. */
static void adv(bgc_lexer *lx)
{
    unsigned char c = (unsigned char)lx->src[lx->pos++];
    if (c == '\n') {
        lx->line++;
        lx->col = 1;
        lx->line_start = lx->src + lx->pos;
    } else if ((c & 0xC0) != 0x80) {
        lx->col++; /* continuation bytes of UTF-8 add no column */
    }
}

static int is_ident_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static int is_ident_char(int c)
{
    return is_ident_start(c) || (c >= '0' && c <= '9');
}
static int digit_in_base(int c, int base)
{
    int v;
    if (c >= '0' && c <= '9')
        v = c - '0';
    else if (c >= 'a' && c <= 'z')
        v = c - 'a' + 10;
    else if (c >= 'A' && c <= 'Z')
        v = c - 'A' + 10;
    else
        return 0;
    return v < base;
}

/* Skip blanks and comments (not newlines).  Returns 0, or -1 for an
 * unterminated block comment. */
static int skip_space(bgc_lexer *lx)
{
    for (;;) {
        int c = peek(lx, 0);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            adv(lx);
        } else if (c == '\\' && peek(lx, 1) == '\n') {
            adv(lx); /* a backslash-newline joins lines, as in bc */
            adv(lx);
        } else if (c == '#') {
            while (peek(lx, 0) != -1 && peek(lx, 0) != '\n')
                adv(lx);
        } else if (c == '/' && peek(lx, 1) == '*') {
            lx->cstart = lx->pos;
            lx->cline = lx->line;
            lx->ccol = lx->col;
            adv(lx);
            adv(lx);
            for (;;) {
                if (peek(lx, 0) == -1)
                    return -1;
                if (peek(lx, 0) == '*' && peek(lx, 1) == '/') {
                    adv(lx);
                    adv(lx);
                    break;
                }
                adv(lx);
            }
        } else {
            return 0;
        }
    }
}

/* Digits of one base with single '_' separators between digits.  Returns
 * the number of digits read, or -1 for a misplaced '_'. */
static long scan_digits(bgc_lexer *lx, int base)
{
    long n = 0;
    for (;;) {
        int c = peek(lx, 0);
        if (digit_in_base(c, base)) {
            adv(lx);
            n++;
        } else if (c == '_') {
            if (n == 0 || !digit_in_base(peek(lx, 1), base))
                return -1;
            adv(lx);
        } else {
            return n;
        }
    }
}

static bgc_token lex_number(bgc_lexer *lx, bgc_token t)
{
    int base = bgc_radix_prefix(peek(lx, 0), peek(lx, 1));
    long n;
    if (base != 10) {
        adv(lx);
        adv(lx);
        if (peek(lx, 0) == '_')
            adv(lx); /* 0x_FF is allowed, as in Python */
        n = scan_digits(lx, base);
        if (n <= 0)
            goto bad;
    } else {
        n = scan_digits(lx, 10);
        if (n < 0)
            goto bad;
        size_t skip;
        /* the digits and the '#' after them, when there is one: never a
         * byte past the end of the source (it need not end in a NUL) */
        base = bgc_literal_base(t.text, (size_t)(lx->src + lx->pos - t.text) +
                                            (peek(lx, 0) == '#'), &skip);
        if (peek(lx, 0) == '#' && skip > 0 && digit_in_base(peek(lx, 1), base)) {
            adv(lx); /* the '#' */
            if (scan_digits(lx, base) <= 0)
                goto bad;
        } else if (peek(lx, 0) == '#' && skip == 0 && peek(lx, 1) >= '0' && peek(lx, 1) <= '9') {
            lx->err = bgc_message(BGC_MSG_LEX_BASE);
            adv(lx); /* the '#': the message shows the whole literal */
            goto skip;
        } else if (peek(lx, 0) == 'e' || peek(lx, 0) == 'E') {
            adv(lx);
            if (peek(lx, 0) == '+')
                adv(lx);
            else if (peek(lx, 0) == '-') {
                lx->err = bgc_message(BGC_MSG_LEX_NEG_EXP);
                goto skip;
            }
            if (scan_digits(lx, 10) <= 0)
                goto bad;
        }
    }
    if (is_ident_char(peek(lx, 0)))
        goto bad;
    t.type = BGC_T_NUM;
    t.len = (size_t)(lx->src + lx->pos - t.text);
    return t;
bad:
    lx->err = bgc_message(BGC_MSG_LEX_NUMBER);
skip:
    while (is_ident_char(peek(lx, 0)) || peek(lx, 0) == '-' || peek(lx, 0) == '+') {
        if ((peek(lx, 0) == '-' || peek(lx, 0) == '+') &&
            !(lx->pos > 0 && (lx->src[lx->pos - 1] == 'e' || lx->src[lx->pos - 1] == 'E')))
            break;
        adv(lx);
    }
    t.type = BGC_T_ERROR;
    t.len = (size_t)(lx->src + lx->pos - t.text);
    return t;
}

bgc_tok bgc_keyword(const char *s, size_t n)
{
    static const struct {
        const char *w;
        bgc_tok t;
    } kw[] = {
        {"mod", BGC_T_MOD}, {"def", BGC_T_DEF}, {"define", BGC_T_DEF},
        {"if", BGC_T_IF}, {"else", BGC_T_ELSE}, {"while", BGC_T_WHILE},
        {"for", BGC_T_FOR}, {"break", BGC_T_BREAK}, {"continue", BGC_T_CONTINUE},
        {"return", BGC_T_RETURN}, {"quit", BGC_T_QUIT}, {"exit", BGC_T_EXIT},
        {"local", BGC_T_LOCAL}, {"auto", BGC_T_LOCAL}, {"print", BGC_T_PRINT},
    };
    if (n < 2 || n > 8)
        return BGC_T_IDENT;
    for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
        if (strlen(kw[i].w) == n && memcmp(kw[i].w, s, n) == 0)
            return kw[i].t;
    return BGC_T_IDENT;
}

/* A string literal: up to the closing quote on the same line.  Escapes are
 * only skipped here (the compiler decodes them); a string left open at the
 * end of the line is an error. */
static bgc_token lex_string(bgc_lexer *lx, bgc_token t)
{
    for (;;) {
        int c = peek(lx, 0);
        if (c == -1 || c == '\n') {
            lx->err = bgc_message(BGC_MSG_LEX_STRING);
            t.type = BGC_T_ERROR;
            t.len = 0;
            return t;
        }
        adv(lx);
        if (c == '"')
            break;
        if (c == '\\' && peek(lx, 0) != -1 && peek(lx, 0) != '\n')
            adv(lx);
    }
    t.type = BGC_T_STRING;
    t.len = (size_t)(lx->src + lx->pos - t.text);
    return t;
}

bgc_token bgc_lex_next(bgc_lexer *lx)
{
    bgc_token t;
    int c, c1;
    lx->err = NULL;
    lx->incomplete = 0;
    if (skip_space(lx) < 0) {
        t.type = BGC_T_ERROR;
        t.text = lx->src + lx->cstart; /* where the comment opened */
        t.len = 0;
        t.line = lx->cline;
        t.col = lx->ccol;
        lx->err = bgc_message(BGC_MSG_LEX_COMMENT);
        lx->incomplete = 1;
        return t;
    }
    t.text = lx->src + lx->pos;
    t.len = 1;
    t.line = lx->line;
    t.col = lx->col;
    c = peek(lx, 0);
    if (c == -1) {
        t.type = BGC_T_EOF;
        t.len = 0;
        return t;
    }
    if (c >= '0' && c <= '9')
        return lex_number(lx, t);
    if (is_ident_start(c)) {
        while (is_ident_char(peek(lx, 0)))
            adv(lx);
        t.len = (size_t)(lx->src + lx->pos - t.text);
        t.type = BGC_T_IDENT;
        t.type = bgc_keyword(t.text, t.len);
        return t;
    }
    c1 = peek(lx, 1);
    adv(lx);
#define TWO(ch, tt)                                                        \
    if (c1 == (ch)) {                                                      \
        adv(lx);                                                           \
        t.len = 2;                                                         \
        t.type = (tt);                                                     \
        return t;                                                          \
    }
    switch (c) {
    case '"': return lex_string(lx, t);
    case '{': t.type = BGC_T_LBRACE; return t;
    case '}': t.type = BGC_T_RBRACE; return t;
    case '[': t.type = BGC_T_LBRACKET; return t;
    case ']': t.type = BGC_T_RBRACKET; return t;
    case '\n': t.type = BGC_T_NEWLINE; return t;
    case ';': t.type = BGC_T_SEMI; return t;
    case '(': t.type = BGC_T_LPAREN; return t;
    case ')': t.type = BGC_T_RPAREN; return t;
    case ',': t.type = BGC_T_COMMA; return t;
    case '~': t.type = BGC_T_TILDE; return t;
    case '?': t.type = BGC_T_QUEST; return t;
    case ':': t.type = BGC_T_COLON; return t;
    case '+': TWO('=', BGC_T_ADD_ASSIGN); TWO('+', BGC_T_INC); t.type = BGC_T_PLUS; return t;
    case '-': TWO('=', BGC_T_SUB_ASSIGN); TWO('-', BGC_T_DEC); t.type = BGC_T_MINUS; return t;
    case '/': TWO('=', BGC_T_DIV_ASSIGN); t.type = BGC_T_SLASH; return t;
    case '%': TWO('=', BGC_T_MOD_ASSIGN); t.type = BGC_T_PERCENT; return t;
    case '^': TWO('=', BGC_T_POW_ASSIGN); t.type = BGC_T_POW; return t;
    case '*':
        if (c1 == '*') {
            adv(lx);
            t.len = 2;
            t.type = BGC_T_POW;
            if (peek(lx, 0) == '=') {
                adv(lx);
                t.len = 3;
                t.type = BGC_T_POW_ASSIGN;
            }
            return t;
        }
        TWO('=', BGC_T_MUL_ASSIGN);
        t.type = BGC_T_STAR;
        return t;
    case '!': TWO('=', BGC_T_NE); t.type = BGC_T_BANG; return t;
    case '=': TWO('=', BGC_T_EQ); t.type = BGC_T_ASSIGN; return t;
    case '<':
    case '>':
        if (c1 == c) {
            adv(lx);
            t.len = 2;
            t.type = c == '<' ? BGC_T_SHL : BGC_T_SHR;
            if (peek(lx, 0) == '=') {
                adv(lx);
                t.len = 3;
                t.type = c == '<' ? BGC_T_SHL_ASSIGN : BGC_T_SHR_ASSIGN;
            }
            return t;
        }
        TWO('=', c == '<' ? BGC_T_LE : BGC_T_GE);
        t.type = c == '<' ? BGC_T_LT : BGC_T_GT;
        return t;
    case '&': TWO('&', BGC_T_ANDAND); TWO('=', BGC_T_AND_ASSIGN); t.type = BGC_T_AMP; return t;
    case '|': TWO('|', BGC_T_OROR); TWO('=', BGC_T_OR_ASSIGN); t.type = BGC_T_PIPE; return t;
    default:
        break;
    }
#undef TWO
    /* swallow the rest of a multi-byte character so the message shows it */
    if (c >= 0x80)
        while (peek(lx, 0) != -1 && (peek(lx, 0) & 0xC0) == 0x80)
            adv(lx);
    t.len = (size_t)(lx->src + lx->pos - t.text);
    t.type = BGC_T_ERROR;
    lx->err = bgc_message(BGC_MSG_LEX_CHAR);
    return t;
}

int bgc_literal_base(const char *s, size_t n, size_t *skip)
{
    size_t k = 0;
    *skip = 0;
    if (n > 2 && bgc_radix_prefix(s[0], s[1]) != 10) {
        *skip = 2;
        return bgc_radix_prefix(s[0], s[1]);
    }
    int b = 0;
    while (k < n && k < 2 && s[k] >= '0' && s[k] <= '9')
        b = b * 10 + (s[k++] - '0');
    if (k == 0 || k >= n || s[k] != '#' || s[0] == '0' || b < 2 || b > 36)
        return 10;
    *skip = k + 1;
    return b;
}

int bgc_radix_prefix(int c0, int c1)
{
    if (c0 != '0')
        return 10;
    switch (c1) {
    case 'x': case 'X': return 16;
    case 'b': case 'B': return 2;
    case 'o': case 'O': return 8;
    default: return 10;
    }
}

const char *bgc_tok_name(bgc_tok t)
{
    switch (t) {
    case BGC_T_EOF: return "end of input";
    case BGC_T_NEWLINE: return "end of line";
    case BGC_T_SEMI: return "';'";
    case BGC_T_NUM: return "a number";
    case BGC_T_IDENT: return "a name";
    case BGC_T_MOD: return "'mod'";
    case BGC_T_DEF: return "'def'";
    case BGC_T_IF: return "'if'";
    case BGC_T_ELSE: return "'else'";
    case BGC_T_WHILE: return "'while'";
    case BGC_T_FOR: return "'for'";
    case BGC_T_BREAK: return "'break'";
    case BGC_T_CONTINUE: return "'continue'";
    case BGC_T_RETURN: return "'return'";
    case BGC_T_QUIT: return "'quit'";
    case BGC_T_EXIT: return "'exit'";
    case BGC_T_LOCAL: return "'local'";
    case BGC_T_PRINT: return "'print'";
    case BGC_T_STRING: return "a string";
    case BGC_T_LBRACE: return "'{'";
    case BGC_T_RBRACE: return "'}'";
    case BGC_T_LBRACKET: return "'['";
    case BGC_T_RBRACKET: return "']'";
    case BGC_T_INC: return "'++'";
    case BGC_T_DEC: return "'--'";
    case BGC_T_SHL_ASSIGN: return "'<<='";
    case BGC_T_SHR_ASSIGN: return "'>>='";
    case BGC_T_AND_ASSIGN: return "'&='";
    case BGC_T_OR_ASSIGN: return "'|='";
    case BGC_T_LPAREN: return "'('";
    case BGC_T_RPAREN: return "')'";
    case BGC_T_COMMA: return "','";
    case BGC_T_PLUS: return "'+'";
    case BGC_T_MINUS: return "'-'";
    case BGC_T_STAR: return "'*'";
    case BGC_T_SLASH: return "'/'";
    case BGC_T_PERCENT: return "'%'";
    case BGC_T_POW: return "'^'";
    case BGC_T_BANG: return "'!'";
    case BGC_T_TILDE: return "'~'";
    case BGC_T_SHL: return "'<<'";
    case BGC_T_SHR: return "'>>'";
    case BGC_T_AMP: return "'&'";
    case BGC_T_PIPE: return "'|'";
    case BGC_T_EQ: return "'=='";
    case BGC_T_NE: return "'!='";
    case BGC_T_LT: return "'<'";
    case BGC_T_LE: return "'<='";
    case BGC_T_GT: return "'>'";
    case BGC_T_GE: return "'>='";
    case BGC_T_ANDAND: return "'&&'";
    case BGC_T_OROR: return "'||'";
    case BGC_T_QUEST: return "'?'";
    case BGC_T_COLON: return "':'";
    case BGC_T_ASSIGN: return "'='";
    case BGC_T_ADD_ASSIGN: return "'+='";
    case BGC_T_SUB_ASSIGN: return "'-='";
    case BGC_T_MUL_ASSIGN: return "'*='";
    case BGC_T_DIV_ASSIGN: return "'/='";
    case BGC_T_MOD_ASSIGN: return "'%='";
    case BGC_T_POW_ASSIGN: return "'^='";
    case BGC_T_ERROR: return "invalid input";
    }
    return "?";
}

void bgc_tok_describe(const bgc_token *t, char *buf, size_t cap)
{
    switch (t->type) {
    case BGC_T_EOF:
    case BGC_T_NEWLINE:
    case BGC_T_ERROR:
        snprintf(buf, cap, "%s", bgc_tok_name(t->type));
        return;
    case BGC_T_NUM:
    case BGC_T_IDENT: {
        size_t n = t->len;
        if (n > 24) {
            snprintf(buf, cap, "%s '%.20s...'",
                     t->type == BGC_T_NUM ? "number" : "name", t->text);
            return;
        }
        snprintf(buf, cap, "%s '%.*s'", t->type == BGC_T_NUM ? "number" : "name",
                 (int)n, t->text);
        return;
    }
    default:
        snprintf(buf, cap, "%s", bgc_tok_name(t->type));
    }
}
