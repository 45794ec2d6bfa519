/* continuation.h -- line continuation for the line readers (pipe, files,
 * REPL): does the text so far end inside a statement? */
#ifndef BGC_CONTINUATION_H
#define BGC_CONTINUATION_H

#include <stddef.h>

/* A quick scan of the tokens of a statement, fed line by line (so a
 * reader appending line after line never rescans what it has): does the
 * text so far end inside a statement?  The one user is input.c, which
 * holds the whole rule (see input.h). */
typedef struct bgc_scan_state {
    int depth;       /* open parentheses */
    int in_comment;  /* inside a block comment */
    int last;        /* last significant token (a bgc_tok) */
    int operand;     /* the last token ended an operand */
    int kw;          /* the last token was if, while or for */
    int ctl_depth;   /* depth of the open header of if/while/for, or -1 */
    int ctl_open;    /* the text ends after such a header or an else */
    int quest;       /* '?' without their ':' yet, outside brackets */
    int ifs;         /* if without their else yet, outside brackets */
    int semi;        /* the last token outside brackets was ';' */
} bgc_scan_state;
void bgc_scan_init(bgc_scan_state *s);
/* What the text fed so far ends in. */
enum {
    BGC_SCAN_COMPLETE,        /* a complete statement (or several) */
    BGC_SCAN_OPEN,            /* inside a statement (open parenthesis,
                                 bracket, brace or comment, last token an
                                 operator or ',', right after the header
                                 of if/while/for/def or an else, a '?'
                                 still waiting for its ':', a backslash
                                 at the end of the line) */
    BGC_SCAN_ELSE_MAY_FOLLOW  /* complete, but it is an if whose else may
                                 start the next line */
};
/* Feed {src,len} (whole lines); returns BGC_SCAN_*. */
int bgc_scan_feed(bgc_scan_state *s, const char *src, size_t len);

#endif /* BGC_CONTINUATION_H */
