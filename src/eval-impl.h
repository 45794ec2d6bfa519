/* eval-impl.h -- internals shared by the evaluator's files: eval.c
 * (context, statements), compile.c (AST to bytecode) and vm.c (the stack
 * machine).  Not for other areas: they use eval.h. */
#ifndef BGC_EVAL_IMPL_H
#define BGC_EVAL_IMPL_H

#include "eval.h"
#include "parser.h"
#include "value.h"

#include <stdint.h>
#include <string.h>

/* ---- bytecode ---------------------------------------------------------------- */

/* Stack effects in brackets: [a b -- r].  "G a" is global a, "L a" local
 * slot a of the frame; jumps go to instruction a. */
enum {
    OP_HALT,                 /* end of top-level code */
    OP_PUSHK,                /* [-- k[a]] */
    OP_PUSHI,                /* [-- a] (a small immediate) */
    OP_PUSHVOID,             /* [-- no value] */
    OP_POP,                  /* [x --] */
    OP_LOADG, OP_STOREG, OP_SETG,   /* [-- G] [x -- x] G = x; [x --] G = x */
    OP_LOADL, OP_STOREL, OP_SETL,   /* the same on L a */
    /* fused forms made by the compiler's peephole; a "varref" r names a
     * global (r >= 0: G r) or a frame slot (r < 0: L -r-1) */
    OP_BINV,                 /* [x -- x flag-op V(a)] */
    OP_BINI,                 /* [x -- x flag-op a] */
    OP_OPSETV,               /* V(a) = V(a) flag-op V(b) (x += y as a statement) */
    OP_OPSETI,               /* V(a) = V(a) flag-op b (i++, x *= 2) */
    OP_JCMPV,                /* [x --] jump to a when x flag-cmp V(b) */
    OP_JCMPI,                /* [x --] jump to a when x flag-cmp b */
    OP_INDEXV,               /* [i -- V(a)[i]] */
    OP_LOADLAST, OP_STORELAST, OP_LOADOBASE, OP_STOREOBASE,
    OP_REDUCE, OP_PUSHMOD, OP_POPMOD,
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM, OP_POW, OP_SHL, OP_SHR,
    OP_AND, OP_OR, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
    OP_MADD, OP_MSUB, OP_MMUL, OP_MPOW, OP_MNEG, OP_MFACT,
    OP_NEG, OP_BNOT, OP_LNOT, OP_FACT, OP_BOOL,
    OP_JMP, OP_JZ, OP_ANDJ, OP_ORJ,
    OP_JCMP,                 /* [a b --] jump when (a flag-op b) holds; flag: OP_LT... */
    OP_CALLB, OP_CALLU, OP_RET,
    OP_MKLIST,               /* [x1..xb -- list] */
    OP_INDEX,                /* [list i -- list[i]] */
    OP_IDXGET,               /* [i1..ib -- i1..ib V[i1]..[ib]]; V: flag 0 G a, 1 L a */
    OP_IDXSET,               /* [i1..ib x -- x] V[i1]..[ib] = x; flag 2: [.. x --] */
    OP_LPUSH,                /* [i1..ib x -- void] push(V[i1]..[ib], x) */
    OP_LPOP,                 /* [i1..ib -- last] pop(V[i1]..[ib]) */
    OP_CHKLIST,              /* L a must hold a list (for (x in L)) */
    OP_FORNEXT,              /* L b list, L b+1 index: index++; at the end jump to a,
                                else [-- element] */
    OP_CLEARL,               /* release L a */
    OP_PRIMEIT,              /* [lo hi --] L a = iterator over the primes of [lo, hi] */
    OP_PRIMENEXT,            /* L b iterator: at the end jump to a, else [-- next prime] */
    OP_PRINTEXPR,            /* [x --] print x as a result, last = x */
    OP_PRINTS,               /* print string a */
    OP_PRINTV,               /* [x --] print x (no newline) */
    OP_QUIT,                 /* end the run */
    OP_EXIT,                 /* [status --] end the run with that status */
    OP_COUNT
};

typedef struct insn {
    uint8_t op;
    uint8_t flag;     /* CALLB: 1 = modular form; JCMP*: comparison; BINV...:
                         the operation; IDX*, LPUSH, LPOP: 1 = local */
    int32_t a;        /* constant, variable, jump target, function */
    int32_t b;        /* CALLB/CALLU/MKLIST: number of values; IDX*: depth */
    int32_t line, col;
    int32_t line2, col2; /* of the variable a fused instruction reads */
} insn;

typedef struct bstring {
    char *s;
    size_t n;
} bstring;

typedef struct code {
    insn *v;
    int n, cap;
    bgc_val *k;       /* constants */
    int nk, kcap;
    bstring *str;     /* print strings, escapes decoded */
    int nstr, strcap;
    int nlocals;      /* frame slots: parameters, locals, hidden loop slots */
    int maxstack;     /* slots a frame of this code can need (bound) */
} code;


/* ---- names ------------------------------------------------------------------ */

typedef struct gvar {
    char *name;
    bgc_val v;        /* kind BGC_VK_UNSET until assigned */
} gvar;

typedef struct ufunc {
    char *name;
    int nparams;
    int defined;
    code body;
    char *source;     /* where it was defined (error lines) */
    char *text;       /* its lines as written, from the start of the first */
    size_t text_len;
    size_t def_off;   /* where `def` starts in text */
    unsigned long long text_line; /* line number of text[0] in its input */
    unsigned long long base;      /* line number of line 1 of the chunk it
                                     came in (its bytecode's lines count
                                     from there) */
} ufunc;

/* open-addressing map from name to index into an array of entries */
typedef struct namemap {
    int *slot;        /* -1 empty, else index */
    size_t cap;       /* power of two */
} namemap;


/* ---- context --------------------------------------------------------------- */

typedef struct frame {
    const code *ret_code;
    int ret_pc;
    int base;         /* the caller's base */
    int fidx;         /* the function called */
} frame;

struct bgc_ctx {
    gvar *vars;
    int nvars, capvars;
    namemap vmap;
    ufunc *funcs;
    int nfuncs, capfuncs;
    namemap fmap;

    bgc_val last;
    int obase;
    int quit;                 /* quit or exit() ran */
    int exit_status;          /* exit(status): status, else -1 */
    int fast;                 /* small-integer fast paths (off under --verify) */
    int strict, timing;
    FILE *out;
    bgc_print_fn printer;
    void *printer_arg;

    unsigned long failures;
    int interrupted, stopped;

    /* machine */
    bgc_val *stack;
    int scap;
    bgc_val result;           /* the value left by bgc_vm_run */
    bgc_int *bargs;           /* integer arguments of builtins */
    int bcap;
    bgc_int tmp;              /* scratch result of big operations */
    frame *frames;
    int fcap;
    bgc_val *mods;            /* the moduli of the open `mod` contexts */
    int mcap, nmods;

    /* compiler scratch, kept between statements */
    code top;                 /* code of the current statement */
    bgc_arena arena;
    struct task *cst, *cseq;
    int capcst, capcseq;
    int *clabels;
    int caplabels;
    unsigned long nstmts;     /* statements run (trim the stack now and then) */

    /* the chunk being run, for error positions */
    const bgc_chunk *chunk;
};

/* Bytecode buffers. */
void bgc_code_reset(code *c); /* drop instructions and constants, keep room */
void bgc_code_free(code *c);

/* Index of global variable / user function {s,n}, created (unset,
 * undefined) if new; -1 when out of memory. */
int bgc_var_intern(bgc_ctx *ctx, const char *s, size_t n);
int bgc_func_intern(bgc_ctx *ctx, const char *s, size_t n);
/* Index of global variable {s,n} (set or not), -1 when never named. */
int bgc_var_find(const bgc_ctx *ctx, const char *s, size_t n);

/* Print an error at line:col of the chunk being run. */
void bgc_ev_report(bgc_ctx *ctx, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Grow *p (of *cap elements of elt bytes) to hold need; -1 on ENOMEM. */
int bgc_ev_grow(void **p, int *cap, int need, size_t elt);

static inline int bgc_name_is(const char *s, size_t n, const char *lit)
{
    return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* compile.c: compile a top-level statement st into c, ending with
 * OP_HALT; with keep, an expression statement leaves its value (for
 * bgc_eval_expr) instead of printing it.  Returns 0, or -1 after
 * reporting the error. */
int bgc_compile_stmt(bgc_ctx *ctx, code *c, const bgc_stmt *st, int keep);
/* compile.c: the body of function definition def into c. */
int bgc_compile_def(bgc_ctx *ctx, code *c, const bgc_stmt *def);

/* vm.c: run top-level code c on an empty stack; a value it leaves is
 * moved to ctx->result.  Returns 0, or -1 after reporting the error. */
int bgc_vm_run(bgc_ctx *ctx, const code *c);

/* Give back memory held by big values in free stack slots. */
void bgc_vm_trim(bgc_ctx *ctx);

#endif /* BGC_EVAL_IMPL_H */
