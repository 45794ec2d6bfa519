/* repl-help.c -- the text of :help: an overview, topics, and a line for
 * each builtin or user function. */
#include "repl.h"
#include "messages.h"

#include "builtins.h"
#include "suggest.h"

#include <stdio.h>
#include <string.h>

const char *const bgc_repl_help_topics[] = {
    "operators", "mod", "functions", "def", "statements", "lists", "variables", "commands",
    "keys", NULL};

typedef struct find_func {
    const char *name;
    int nparams;
} find_func;

static void match_func(const char *name, int nparams, void *arg)
{
    find_func *f = arg;
    if (strcmp(name, f->name) == 0)
        f->nparams = nparams;
}

static void help_overview(void)
{
    fputs(
"Type a statement and Enter; its value is printed.  For example:\n"
"  2^127 - 1        100!        powmod(3, 2^127, 2^127 - 1)\n"
"  x = 2^64         (y = x + 1)       def f(n) = n < 2 ? 1 : n * f(n - 1)\n"
"Statements are separated by newlines or ';'.  While a parenthesis is open or\n"
"a line ends in an operator, input goes on at the '... ' prompt (an empty\n"
"line ends it).  'last' (or '_') is the last value printed.\n"
"Commands: :help [topic]  :vars  :funcs  :unset NAME  :obase N  :digits N|full\n"
"          :time on|off  :verify on|off  :cpu [NAME]  :quit\n"
"Keys: Tab completes names, Up/Down walk the history, Ctrl-C stops a\n"
"computation (at the prompt: clears the line), Ctrl-D quits.\n"
"Topics: operators mod functions def statements lists variables commands\n"
"keys, or the name of a function (:help powmod).\n", stdout);
}

static void help_topic(bgc_ctx *ctx, int lineno, const char *line, const char *t, size_t n,
                       int col)
{
    char topic[64];
    if (n >= sizeof topic)
        n = sizeof topic - 1;
    memcpy(topic, t, n);
    topic[n] = 0;
    if (n > 0 && topic[0] == ':')
        memmove(topic, topic + 1, n--);
    if (strcmp(topic, "operators") == 0) {
        fputs(
"Operators, tightest first:\n"
"  n!  v[i]  x++  x--      factorial, list element, increment after use\n"
"  ^  **                   power, right-assoc; -2^2 is -4; 0^0 is 1\n"
"  -x  +x  ~x  !x  ++x     negate, plus, ~x = -x-1, logical not, increment\n"
"  *  /  %                 '/' truncates toward zero, '%' has the dividend's sign\n"
"  +  -\n"
"  mod                     residue in [0, |m|), and modular context (:help mod)\n"
"  <<  >>                  shifts; a >> n is floor(a / 2^n)\n"
"  &                       bitwise and (two's complement, any size)\n"
"  |                       bitwise or (xor(a, b) is a function)\n"
"  ==  !=  <  <=  >  >=    1 or 0 (== and != compare lists too)\n"
"  &&                      short-circuit and\n"
"  ||                      short-circuit or\n"
"  c ? a : b               only the chosen branch runs\n"
"  =  +=  -=  *=  /=  %=  ^=  <<=  >>=  &=  |=   assignment, right-assoc\n"
"Literals: 123  0x1F  0b1011  0o777  36#z (any base 2..36)  1_000_000  1e6\n", stdout);
    } else if (strcmp(topic, "mod") == 0) {
        fputs(
"E mod M is always the residue of the integer E: the context is a way of\n"
"computing, never a change of value.  M is evaluated first (a plain integer,\n"
"not 0); then E with intermediate results reduced mod M.  Inside it:\n"
"  + - * reduce;\n"
"  a / b and a % b divide the plain integers, then reduce:\n"
"      (10/4) mod 7 is 2, n*(n+1)/2 mod 1000 works for every n;\n"
"  a ^ e uses modular exponentiation (e is a plain integer), so\n"
"      2^(2^64) mod 1000003 is immediate; a negative e is the inverse:\n"
"      a * b^-1 mod m (error if gcd(b, m) != 1), or invmod(b, m);\n"
"  n! and fib(n) are computed modularly: (10^7)! mod 1000000007;\n"
"  other functions get plain arguments and their result is reduced.\n"
"The result is in [0, |M|).  powmod(b, e, m) (alias modexp) is a ^ e mod m.\n",
              stdout);
    } else if (strcmp(topic, "functions") == 0) {
        for (int i = 0; i < bgc_nbuiltins; i++)
            printf("  %-22s %s\n", bgc_builtins[i].usage, bgc_builtins[i].help);
    } else if (strcmp(topic, "def") == 0) {
        fputs(
"def NAME(PARAMS) = EXPR defines (or redefines) a function, and\n"
"  def f(n) {\n"
"      local r = 1, i            # also: auto\n"
"      for (i = 2; i <= n; i++) r *= i\n"
"      return r\n"
"  }\n"
"one with a body.  Parameters, locals and loop variables are local, other\n"
"names are the global variables.  Without 'return e' a function gives no\n"
"value.  Recursion works (also through ?:, && and ||); past 10^6 calls deep\n"
"it is an error, never a crash.  :funcs lists the definitions.\n", stdout);
    } else if (strcmp(topic, "statements") == 0) {
        fputs(
"  { s1; s2 }                 a block (newlines or ';' between statements)\n"
"  if (c) S  [else S]\n"
"  while (c) S\n"
"  for (init; cond; step) S   any part may be empty\n"
"  for (x in LIST) S\n"
"  break  continue  return [e]  quit  exit(status)\n"
"  print \"p = \", p, \"\\n\"      strings (\\n \\t \\\\ \\\") only in print; no newline\n"
"                             unless written\n"
"An expression statement prints its value, also inside loops; assignments\n"
"and x++ do not.  Ctrl-C stops any loop, keeping the variables.\n", stdout);
    } else if (strcmp(topic, "lists") == 0) {
        fputs(
"  [1, 2, [3, 4]]   a list; []  the empty list\n"
"  v[0]  v[-1]      first and last element; v[i] = x replaces one\n"
"  len(v)  push(v, x)  pop(v)  concat(a, b)  range(a, b[, step])  sort(v)\n"
"  sum(v)  prod(v)  min(v)  max(v)  gcd(v)  lcm(v)  todigits(n)  fromdigits(v)\n"
"Lists are values: after w = v, changing w leaves v as it was (the copy is\n"
"made only when one of them is written, so passing a long list is free).\n",
              stdout);
    } else if (strcmp(topic, "variables") == 0) {
        fputs(
"NAME = EXPR assigns (prints nothing; (NAME = EXPR) prints the value).\n"
"Names: letters, digits, '_', not starting with a digit.  Reading an unset\n"
"variable is an error.  'last' (or '_') is the last value printed; obase = 16\n"
"sets the output base (results print as literals read back: 0xff, 36#z; there\n"
"is no ibase, literals carry their base).  :vars lists the variables; undef NAME (or :unset NAME)\n"
"removes one, or a function.  Reading a value never copies it.\n", stdout);
    } else if (strcmp(topic, "commands") == 0) {
        fputs(
"  :help [topic]     this help; topics: operators mod functions def statements\n"
"                    lists variables commands keys, or a function name\n"
"  :vars             the variables and their values\n"
"  :funcs            the user functions, as defined\n"
"  :unset NAME       remove a variable or function (the statement undef NAME)\n"
"  :obase [N]        output base 2..36 (no N: show it)\n"
"  :digits [N|full]  abbreviate results longer than N digits (full: never)\n"
"  :time [on|off]    print each statement's time to stderr\n"
"  :verify [on|off]  recompute every engine operation with GMP\n"
"  :cpu [NAME]       the kernel path in use and those available; NAME selects\n"
"  :quit             leave (Ctrl-D too)\n"
"Switches take on/off, 1/0, yes/no or true/false, in any case.  One argument\n"
"at most: a word more is an error and the command does nothing.\n", stdout);
    } else if (strcmp(topic, "keys") == 0) {
        fputs(
"  Tab               complete a function, variable or command name\n"
"  Up, Down          walk the history (kept across runs)\n"
"  Left, Right, ...  edit the line (GNU readline, emacs keys by default)\n"
"  Ctrl-C            stop the running computation; at the prompt: clear the line\n"
"  Ctrl-D            quit (on an empty line)\n"
"  Ctrl-Z            suspend (fg brings the line back)\n"
"A computation that does not stop at Ctrl-C ends bigcalc at the third Ctrl-C.\n", stdout);
    } else {
        const bgc_builtin *b = bgc_builtin_find(topic, strlen(topic));
        find_func f = {topic, -1};
        bgc_ctx_each_func(ctx, match_func, &f);
        if (b) {
            char ar[64];
            bgc_builtin_arity_text(b, ar, sizeof ar);
            printf("%s: %s (%s)\n", b->usage, b->help, ar);
        } else if (f.nparams >= 0) {
            printf("%s: your function, %d parameter%s\n", topic, f.nparams,
                   f.nparams == 1 ? "" : "s");
        } else {
            char hint[200];
            if (bgc_suggest(ctx, topic, strlen(topic), BGC_SUGGEST_FUNC, hint, sizeof hint))
                bgc_repl_cmd_error(lineno, line, col, bgc_message(BGC_MSG_USE_NO_HELP_HINT),
                                   topic, hint);
            else
                bgc_repl_cmd_error(lineno, line, col, bgc_message(BGC_MSG_USE_NO_HELP_TRY_HELP),
                                   topic);
        }
    }
}

void bgc_repl_help(bgc_ctx *ctx, int lineno, const char *line, const char *topic, size_t n,
                   int col)
{
    if (n == 0)
        help_overview();
    else
        help_topic(ctx, lineno, line, topic, n, col);
}
