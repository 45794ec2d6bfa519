/* eval-impl.h -- internals shared by the evaluator's files: eval.c
 * (context, statements), compile.c (AST to bytecode) and vm.c (the stack
 * machine).  Not for other areas: they use eval.h. */
#ifndef BGC_EVAL_IMPL_H
#define BGC_EVAL_IMPL_H

#include "eval.h"
#include "parser.h"

#include <stdint.h>
#include <string.h>

/* ---- bytecode ---------------------------------------------------------------- */

enum {
    OP_HALT, OP_PUSHK, OP_LOADG, OP_STOREG, OP_LOADL, OP_STOREL,
    OP_LOADLAST, OP_STORELAST, OP_LOADOBASE, OP_STOREOBASE,
    OP_REDUCE, OP_PUSHMOD, OP_POPMOD,
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM, OP_POW, OP_SHL, OP_SHR,
    OP_AND, OP_OR, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
    OP_MADD, OP_MSUB, OP_MMUL, OP_MDIV, OP_MPOW, OP_MNEG, OP_MFACT,
    OP_NEG, OP_BNOT, OP_LNOT, OP_FACT, OP_BOOL,
    OP_JMP, OP_JZ, OP_ANDJ, OP_ORJ,
    OP_CALLB, OP_CALLU, OP_RET
};

typedef struct insn {
    uint8_t op;
    uint8_t flag;     /* CALLB: 1 = modular form */
    int32_t a;        /* constant, variable, jump target, function */
    int32_t b;        /* CALLB/CALLU: number of arguments */
    int32_t line, col;
} insn;

typedef struct code {
    insn *v;
    int n, cap;
    bgc_int *k;       /* constants */
    int nk, kcap;
} code;


/* ---- names ------------------------------------------------------------------ */

typedef struct gvar {
    char *name;
    bgc_int v;
    int set;
} gvar;

typedef struct ufunc {
    char *name;
    int nparams;
    int defined;
    code body;
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
    int base;         /* index of the first argument on the value stack */
    int fidx;
} frame;

struct bgc_ctx {
    gvar *vars;
    int nvars, capvars;
    namemap vmap;
    ufunc *funcs;
    int nfuncs, capfuncs;
    namemap fmap;

    bgc_int last;
    int obase;
    int strict, timing;
    FILE *out;
    bgc_print_fn printer;
    void *printer_arg;

    unsigned long failures;
    int interrupted, stopped;

    /* machine */
    bgc_int *stack;
    int scap;
    frame *frames;
    int fcap;
    bgc_int *mods;
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

/* Print an error at line:col of the chunk being run. */
void bgc_ev_report(bgc_ctx *ctx, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Grow *p (of *cap elements of elt bytes) to hold need; -1 on ENOMEM. */
int bgc_ev_grow(void **p, int *cap, int need, size_t elt);

static inline int bgc_name_is(const char *s, size_t n, const char *lit)
{
    return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* compile.c: compile expression e into c (appending) and end with
 * final_op (OP_HALT for a statement, OP_RET for a function body; def gives
 * the parameters).  Returns 0, or -1 after reporting the error. */
int bgc_compile(bgc_ctx *ctx, code *c, const bgc_stmt *def, const bgc_node *e,
                int final_op);

/* vm.c: run top-level code c on an empty stack; the result is left in
 * ctx->stack[0].  Returns 0, or -1 after reporting the error. */
int bgc_vm_run(bgc_ctx *ctx, const code *c);
/* Give back memory held by big values in free stack slots. */
void bgc_vm_trim(bgc_ctx *ctx);

#endif /* BGC_EVAL_IMPL_H */
