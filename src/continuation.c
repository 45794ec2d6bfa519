/* continuation.c -- does a statement go on on the next line?  A quick
 * scan of the tokens (see continuation.h); it does not parse.  input.c
 * applies it to every mode. */
#include "continuation.h"

#include "lexer.h"

void bgc_scan_init(bgc_scan_state *s)
{
    s->depth = 0;
    s->in_comment = 0;
    s->last = BGC_T_NEWLINE;
    s->operand = 0;
    s->ctl_depth = -1;
    s->ctl_open = 0;
    s->kw = 0;
    s->quest = 0;
    s->ifs = 0;
    s->semi = 0;
}

int bgc_scan_feed(bgc_scan_state *s, const char *src, size_t len)
{
    bgc_lexer lx;
    if (s->in_comment) {
        /* find the end of the comment opened on an earlier line */
        size_t i = 0;
        while (i + 1 < len && !(src[i] == '*' && src[i + 1] == '/'))
            i++;
        if (i + 1 >= len)
            return BGC_SCAN_OPEN;
        s->in_comment = 0;
        src += i + 2;
        len -= i + 2;
    }
    bgc_lex_init(&lx, src, len, 1, 1);
    for (;;) {
        bgc_token t = bgc_lex_next(&lx);
        if (t.type == BGC_T_EOF)
            break;
        if (t.type == BGC_T_ERROR) {
            if (lx.incomplete) {
                s->in_comment = 1;
                return BGC_SCAN_OPEN;
            }
            s->operand = 1;
            s->last = t.type;
            continue;
        }
        if (t.type == BGC_T_NEWLINE)
            continue;
        s->ctl_open = 0;
        /* a '?' still waiting for its ':' (outside brackets, which keep
         * the statement open anyway): the ':' may come on a later line,
         * as the parser allows -- so `1 ? 2` then `: 3` is one statement
         * in every mode */
        if (s->depth == 0) {
            if (t.type == BGC_T_QUEST)
                s->quest++;
            else if (t.type == BGC_T_COLON && s->quest > 0)
                s->quest--;
            else if (t.type == BGC_T_SEMI)
                s->quest = 0;
            /* an else may follow the statement of an if, even after a
             * ';' (`if (c) 1; else 2`); any other token after the ';'
             * starts a new statement */
            if (s->semi && t.type != BGC_T_ELSE)
                s->ifs = 0;
            s->semi = t.type == BGC_T_SEMI;
            if (t.type == BGC_T_IF)
                s->ifs++;
            else if (t.type == BGC_T_ELSE && s->ifs > 0)
                s->ifs--;
        }
        if (t.type == BGC_T_LPAREN || t.type == BGC_T_LBRACE || t.type == BGC_T_LBRACKET) {
            if (t.type == BGC_T_LPAREN && s->kw && s->ctl_depth < 0)
                s->ctl_depth = s->depth; /* the header of if/while/for */
            s->depth++;
        } else if ((t.type == BGC_T_RPAREN || t.type == BGC_T_RBRACE ||
                    t.type == BGC_T_RBRACKET) && s->depth > 0) {
            s->depth--;
            if (t.type == BGC_T_RPAREN && s->depth == s->ctl_depth) {
                s->ctl_open = 1; /* its statement must follow */
                s->ctl_depth = -1;
            }
        }
        /* the parameter list of a def works like a header: the '=' or
         * '{' may follow on the next line */
        s->kw = t.type == BGC_T_IF || t.type == BGC_T_WHILE || t.type == BGC_T_FOR ||
                (t.type == BGC_T_IDENT && s->last == BGC_T_DEF);
        if (t.type == BGC_T_ELSE)
            s->ctl_open = 1;
        if (t.type == BGC_T_BANG && s->operand) {
            s->last = BGC_T_RPAREN; /* postfix factorial ends an operand */
            continue;
        }
        s->operand = t.type == BGC_T_NUM || t.type == BGC_T_IDENT ||
                     t.type == BGC_T_RPAREN || t.type == BGC_T_RBRACKET;
        s->last = t.type;
    }
    /* backslash-newline joins the next line (readline gives lines
     * without their newline) */
    if (len >= 1 && src[len - 1] == '\n')
        len--;
    if (len >= 1 && src[len - 1] == '\\')
        return BGC_SCAN_OPEN;
    if (s->depth > 0 || s->ctl_open || s->quest > 0)
        return BGC_SCAN_OPEN;
    switch (s->last) {
    case BGC_T_NEWLINE: case BGC_T_SEMI: case BGC_T_NUM: case BGC_T_IDENT:
    case BGC_T_RPAREN: case BGC_T_ERROR: case BGC_T_EOF: case BGC_T_RBRACE:
    case BGC_T_RBRACKET: case BGC_T_STRING: case BGC_T_INC: case BGC_T_DEC:
    case BGC_T_BREAK: case BGC_T_CONTINUE: case BGC_T_RETURN: case BGC_T_QUIT:
    case BGC_T_EXIT:
        return s->ifs > 0 ? BGC_SCAN_ELSE_MAY_FOLLOW : BGC_SCAN_COMPLETE;
    default:
        return BGC_SCAN_OPEN;
    }
}
