/* messages.h -- every error message bigcalc prints at run time, in one
 * table (src/num/messages.c), indexed by one enum (as bc's data.c).
 *
 * The first BGC_NERR entries are the number layer's bgc_err codes
 * (bgc_strerror); the BGC_MSG_* entries after them are the language's
 * messages (src/eval.c, compile.c, vm.c, builtins.c), most of them printf
 * formats whose arguments the comment beside each names.  The table sits
 * in the number layer, the lowest layer with words (the engine has only
 * statuses), so that every layer above can index it and libbgc.a still
 * links alone.  Wording is user-visible: tests/cli/cases pins it, and the
 * man page (ERRORS) quotes some of it.
 *
 * Syntax errors are here too (parser.c fills in the token it found, lexer.c
 * names what is wrong with a token), and so are the command line's usage
 * errors, the REPL's `:` command errors, and what is said about input,
 * output, files, the environment and the history file.  Not here: a
 * builtin's own domain text, which is part of its row in bgc_builtins[]. */
#ifndef BGC_MESSAGES_H
#define BGC_MESSAGES_H

#include <inttypes.h>

#include "num.h"

/* E(CODE, TEXT): the number layer's errors, bgc_strerror(CODE). */
#define BGC_ERR_MESSAGES(E)                                                      \
    E(BGC_OK, "success")                                                       \
    E(BGC_ENOMEM, "out of memory")                                             \
    E(BGC_EINTR, "interrupted")                                                \
    E(BGC_EDIVZERO, "division by zero")                                        \
    E(BGC_EMODZERO, "modulus is zero")                                         \
    E(BGC_ENOTINV, "not invertible")                                           \
    E(BGC_ENEGARG, "negative argument not allowed")                            \
    E(BGC_ENEGEXP, "negative exponent")                                        \
    E(BGC_ETOOBIG, "result too large")                                         \
    E(BGC_EDOMAIN, "argument out of range")                                    \
    E(BGC_EBASE, "base must be 2..36")                                         \
    E(BGC_EDIGIT, "invalid digit in number")                                   \
    E(BGC_ERANGE, "value out of range")                                        \
    E(BGC_ENORAND, "no secure random source (the OS gave no entropy; --seed N gives a reproducible stream)")

/* bgc_fact_mod's BGC_EDOMAIN: n is too large to step through and no
 * shortcut applies (src/num/num-comb.c).  A macro too, because fact's row
 * of bgc_builtins[] holds it as its domain text. */
#define BGC_FACT_MOD_LIMIT_MSG                                                      \
    "n! mod m is refused for n >= 2^40 unless m divides n! (found by factoring " \
    "an m of up to 128 bits) or m is a prime with m - n < 2^40"

/* M(ID, TEXT): the language's messages, BGC_MSG_ID. */
#define BGC_LANG_MESSAGES(M)                                                     \
    /* names (vm.c, eval.c) */                                                   \
    M(NOT_A_FUNCTION, "'%s' is a variable, not a function")         /* name */   \
    M(UNKNOWN_NAME, "unknown %s '%s'")                    /* "function", name */ \
    M(UNKNOWN_NAME_HINT, "unknown %s '%s' (%s)")    /* kind, name, suggestion */ \
    M(REDEFINE_BUILTIN, "cannot redefine builtin function '%.*s'")             \
    M(RESERVED_NAME, "'%.*s' is a reserved name")                              \
    M(UNDEF_BUILTIN, "cannot undef builtin function '%.*s'")                   \
    M(UNDEF_UNKNOWN, "no variable or function '%.*s' to undef")                \
    M(NOT_A_LIST_NAME, "'%.*s' is not a list")                                 \
    /* operators (vm.c) */                                                       \
    M(NEG_SHIFT, "negative shift count")                                       \
    M(NEG_FACTORIAL, "negative argument not allowed in factorial")             \
    M(NEG_EXPONENT, "negative exponent (allowed only inside 'mod')")           \
    M(NOT_INVERTIBLE_BASE, "not invertible: the base shares a factor with the modulus") \
    M(FACT_MOD_LIMIT, BGC_FACT_MOD_LIMIT_MSG)                                  \
    M(COMPARES_INTEGERS, "'%s' compares integers, found %s")  /* op, kind */     \
    M(NEEDS_INTEGERS, "'%s' needs integers, found %s")        /* op, kind */     \
    M(CONDITION_KIND, "a condition must be an integer, found %s")  /* kind */    \
    M(EXPECTED_INTEGER, "expected an integer, found %s")           /* kind */    \
    /* assignment (vm.c) */                                                      \
    M(ASSIGN_VOID_NAMED, "nothing to assign to '%s' (the right side gives no value)") \
    M(ASSIGN_VOID, "nothing to assign (the right side gives no value)")        \
    M(STORE_VOID, "nothing to store (the right side gives no value)")          \
    M(OBASE_RANGE, "obase must be between 2 and 36")                           \
    M(EXIT_RANGE, "exit status must be between 0 and 255")                     \
    /* lists (vm.c, compile.c) */                                                \
    M(INDEX_RANGE, "index %lld out of range (the list has %ld element%s)")     \
    M(INDEX_RANGE_BIG, "index out of range (the list has %ld element%s)")      \
    M(INDEX_KIND, "a list index must be an integer, found %s")     /* kind */    \
    M(CANNOT_INDEX, "cannot index %s")                             /* kind */    \
    M(TOO_MANY_INDICES, "too many indices on one name (limit 64)")             \
    M(ELEMENT_VOID, "list element %d has no value")                            \
    M(LISTOP_NOT_LIST, "%s(): the first argument must be a list, not %s")      \
    M(LISTOP_NOT_VAR, "%s(): the first argument must be a variable holding a list") \
    M(POP_EMPTY, "pop(): the list is empty")                                   \
    M(FOR_IN_KIND, "for (x in ...) needs a list, found %s")        /* kind */    \
    /* calls (vm.c, compile.c, builtins.c) */                                    \
    M(ARITY_USER, "wrong number of arguments: %s() takes %d argument%s, got %d") \
    M(ARITY_USAGE, "wrong number of arguments: %s() takes %d argument%s, got %d (usage: %s)") \
    M(ARITY_BUILTIN, "wrong number of arguments: %s() %s, got %d (usage: %s)") \
    M(TAKES_AT_LEAST, "takes at least %d argument%s")                          \
    M(TAKES_EXACTLY, "takes %d argument%s")                                    \
    M(TAKES_RANGE, "takes %d or %d arguments")                                 \
    M(RECURSION_DEPTH, "recursion too deep (limit %d calls)")                  \
    M(ARG_WRONG_KIND, "%s(): wrong kind of argument (usage: %s)")              \
    M(ARG_NOT_INTEGER, "%s(): argument %d must be an integer, not %s")         \
    M(BUILTIN_NEGARG, "negative argument not allowed in %s()")                 \
    M(BUILTIN_DOMAIN, "%s(): %s")                   /* name, domain text */      \
    M(BUILTIN_RANGE, "%s(): argument out of range")                            \
    M(BUILTIN_BASE, "%s(): base must be between 2 and 36")                     \
    M(BUILTIN_NOTINV, "not invertible in %s() (gcd with the modulus is not 1)") \
    M(BUILTIN_MODZERO, "modulus is zero in %s()")                              \
    /* syntax (parser.c, from the token it found; lexer.c's own words) */       \
    M(SYN_LEX_ERROR, "syntax error: %s")                  /* lexer message */    \
    M(SYN_LEX_ERROR_AT, "syntax error: %s '%.*s'")    /* message, token */    \
    M(SYN_BAD_BYTE, "syntax error: unexpected byte 0x%02x")                    \
    M(SYN_EXPECTED, "syntax error: expected %s, found %s")  /* what, found */   \
    M(SYN_TOO_DEEP, "expression nested too deeply (limit %d levels)")          \
    M(SYN_TOO_LARGE, "statement too large (limit %d operators and operands)")  \
    M(SYN_STRING_PLACE, "syntax error: a string may only be an argument of print") \
    M(SYN_KEYWORD, "syntax error: '%.*s' is a keyword, expected an expression") \
    M(SYN_INCDEC_TARGET, "syntax error: '%s' needs a variable or a list element") \
    M(SYN_ASSIGN_TARGET, "syntax error: the left side of '%s' must be a variable name or a list element") \
    M(SYN_BRACE_OPEN, "syntax error: '{' is never closed")                     \
    M(SYN_UNMATCHED_PAREN, "syntax error: unmatched ')'")                      \
    M(SYN_UNMATCHED_BRACE, "syntax error: unmatched '}'")                      \
    M(SYN_ELSE, "syntax error: 'else' without 'if'")                           \
    M(SYN_NESTED_DEF, "syntax error: functions are defined at the top level, not inside a statement") \
    M(SYN_DUP_PARAM, "syntax error: duplicate parameter '%.*s'")               \
    M(LEX_BASE, "malformed number literal (B#digits needs a base B from 2 to 36)") \
    M(LEX_NEG_EXP, "negative exponent in a literal (1e-3 is not an integer)")  \
    M(LEX_NUMBER, "malformed number literal")                                  \
    M(LEX_STRING, "unterminated string (strings end on their line)")           \
    M(LEX_COMMENT, "unterminated comment")                                     \
    M(LEX_CHAR, "unexpected character")                                        \
    /* the command line (cli*.c) and the REPL's : commands (repl-*.c) */        \
    M(USE_UNKNOWN_OPTION, "unknown option '%s'") \
    M(USE_INVALID_VALUE, "invalid %s '%s': cannot read '%s' as %s") \
    M(USE_VALUE_RANGE, "invalid %s '%s': must be from %llu to %llu") \
    M(USE_OUT_MEMORY_READING, "out of memory reading %s") \
    M(USE_OPTION_NEEDS_VALUE, "option '%s' needs a value") \
    M(USE_OPTION_TAKES_NO_VALUE, "option '%.*s' takes no value") \
    M(USE_UNKNOWN_SHORT_OPTION, "unknown option '-%c'") \
    M(USE_CANNOT_READ_STANDARD_INPUT, "cannot read standard input: %s") \
    M(USE_ONESHOT_WITH_E, "'%s' is a builtin function: a one-shot cannot be combined with -e") \
    M(USE_NEITHER_FILE_NOR_BUILTIN, "'%s' is neither a file nor a builtin function (%s)") \
    M(USE_NEITHER_FILE_NOR_BUILTIN_PLAIN, "'%s' is neither a file nor a builtin function") \
    M(USE_UNKNOWN_KERNEL_PATH_LIST, "unknown or unsupported kernel path '%s'%s (this machine supports: %s)") \
    M(USE_THREAD_COUNT, "invalid %s '%s': expected a thread count from 1 to 64") \
    M(USE_ONESHOT_ARITY, "%s %s, got %d\nusage: bigcalc %s ARG...   (as in %s)") \
    M(USE_TAKES_NO_ARGUMENT, "':%.*s' takes no argument") \
    M(USE_UNEXPECTED_TEXT_AFTER_ARGUMENT, "unexpected text after the argument (':%.*s' takes one word)") \
    M(USE_CANNOT_UNSET_BUILTIN_FUNCTION, "cannot unset builtin function '%.*s'") \
    M(USE_UNSET_NEEDS_NAME, "':unset' needs the name of a variable or a function") \
    M(USE_NO_VARIABLE_FUNCTION, "no variable or function '%.*s'") \
    M(USE_DIGITS_VALUE, "expected a positive number of digits or 'full'") \
    M(USE_UNKNOWN_KERNEL_PATH, "unknown or unsupported kernel path '%s'") \
    M(USE_UNKNOWN_COMMAND_TRY_HELP, "unknown command ':%s' (try :help)") \
    M(USE_NO_HELP_HINT, "no help on '%s' (%s)") \
    M(USE_NO_HELP_TRY_HELP, "no help on '%s' (try :help)") \
    M(USE_ON_OFF, "expected on or off (or 1/0, yes/no, true/false)") \
    /* input, output, files, the environment, the history file (cli*.c, input.c, repl*.c) */ \
    M(IO_MODEXP_FIELDS, "expected 3 values 'B E M', found %d") \
    M(IO_STDIN_LINE_TOO_LONG, "<stdin>:%llu: line longer than %zu MiB (the limit): input stops here") \
    M(IO_READ_ERROR_STDIN, "read error on <stdin>: %s") \
    M(IO_LINE_TOO_LONG, "%s:%llu: line longer than %zu MiB (the limit): input stops here") \
    M(IO_READ_ERROR, "read error on %s: %s") \
    M(IO_CANNOT_OPEN_HINT_E, "cannot open '%s' (to evaluate an expression, use -e '%s')") \
    M(IO_CANNOT_OPEN, "cannot open '%s': %s") \
    M(IO_CANNOT_READ, "cannot read '%s': %s") \
    M(IO_WRITE_ERROR_STDOUT, "write error on standard output: %s") \
    M(IO_IGNORING_BIGCALC_CPU, "ignoring BIGCALC_CPU: unknown or unsupported kernel path '%s' (this machine supports: %s)") \
    M(IO_IGNORING_BIGCALC_THREADS, "ignoring BIGCALC_THREADS '%s': expected a thread count from 1 to 64") \
    M(IO_STATEMENT_TOO_LONG, "%s:%llu: statement longer than %zu MiB (the limit): input stops here") \
    M(IO_STATEMENT_NO_MEMORY, "%s:%llu: out of memory reading the statement: input stops here") \
    M(IO_HISTORY_NOT_SAVED_WHY, "history will not be saved: %s: %s") \
    M(IO_HISTORY_NOT_SAVED_NOMEM, "history will not be saved: out of memory") \
    M(IO_HISTORY_NOT_RECALLED, "history: out of memory reading %s: %s earlier entries are not recalled") \
    M(IO_HISTORY_APPEND_LOST, "cannot append to the history file %s: %s (the session goes on; entries that cannot be kept are lost)") \
    M(IO_HISTORY_APPEND_KEPT, "cannot append to the history file %s: %s (the session goes on; its entries are kept and written when possible)") \
    M(IO_HISTORY_UNSAVED, "%d histor%s not saved to %s: %s") \
    M(IO_EOF_IN_STATEMENT, "end of input inside a statement: the unfinished statement was discarded") \
    /* --max-bits (num-core.c, bgc_format_err) */                                \
    M(TOOBIG_HUGE, "result too large: needs more than 2^64 bits, limit is %" PRIu64 " (--max-bits)") \
    M(TOOBIG, "result too large: needs %s%" PRIu64 " bits, limit is %" PRIu64 " (--max-bits)")

typedef enum bgc_msg {
    BGC_MSG_ERR_LAST_ = BGC_NERR - 1, /* 0 .. BGC_NERR-1: the bgc_err codes */
#define BGC_MSG_ENUM(id, text) BGC_MSG_##id,
    BGC_LANG_MESSAGES(BGC_MSG_ENUM)
#undef BGC_MSG_ENUM
    BGC_NMSG
} bgc_msg;

/* The text of message id: a bgc_err code (0 .. BGC_NERR-1) or a BGC_MSG_*
 * (a printf format when the table's comment names arguments).  Never NULL:
 * an id outside the table gives "unknown error". */
const char *bgc_message(int id);

#endif /* BGC_MESSAGES_H */
