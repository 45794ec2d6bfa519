/* continuation.h -- line continuation for the line readers (pipe, files,
 * REPL): does the text so far end inside a statement? */
#ifndef BGC_CONTINUATION_H
#define BGC_CONTINUATION_H

#include <stddef.h>

/* Quick scan of a chunk of source: 1 when it ends inside a statement (open
 * parenthesis, bracket or brace, open comment, last token an operator or
 * ',', right after the header of if/while/for or an else, a '?' still
 * waiting for its ':'), so a line
 * reader should append the next line before parsing. */
int bgc_source_incomplete(const char *src, size_t len);

/* The same check fed piece by piece (each piece whole lines), so a reader
 * appending line after line does not rescan what it already has. */
typedef struct bgc_scan_state {
    int depth;       /* open parentheses */
    int in_comment;  /* inside a block comment */
    int last;        /* last significant token (a bgc_tok) */
    int operand;     /* the last token ended an operand */
    int kw;          /* the last token was if, while or for */
    int ctl_depth;   /* depth of the open header of if/while/for, or -1 */
    int ctl_open;    /* the text ends after such a header or an else */
    int quest;       /* '?' without their ':' yet, outside brackets */
} bgc_scan_state;
void bgc_scan_init(bgc_scan_state *s);
/* Feed {src,len}; returns 1 when all text fed so far ends inside a
 * statement. */
int bgc_scan_feed(bgc_scan_state *s, const char *src, size_t len);

#endif /* BGC_CONTINUATION_H */
