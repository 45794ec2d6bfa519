/* asm.h -- shared boilerplate for the amd64 kernels (GNU as through cpp).
 *
 * Every .S file includes this first.  It gives:
 *   BGCN_FUNC(name) / BGCN_ENDF(name): a global SysV ELF function with
 *     .type/.size, its entry aligned to 32 bytes, starting with endbr64
 *     when the compiler builds for CET (__CET__), so that indirect calls
 *     through the dispatch table pass IBT.
 *   BGCN_LOCAL(name): the same for a file-local function.
 *   BGCN_RET: ret followed by int3 (stops straight-line speculation).
 *   The .note.GNU-stack section (the stack stays non-executable) and, with
 *   CET, the .note.gnu.property note that says this object is IBT/SHSTK
 *   clean (one object without it switches CET off for the whole binary).
 *
 * Calling convention: SysV amd64 only (arguments rdi, rsi, rdx, rcx, r8,
 * r9; rbx, rbp, r12-r15 preserved; direction flag clear on entry and
 * exit).  The kernels never touch the direction flag and push/pop every
 * callee-saved register they use. */
#ifndef BGCN_ASM_H
#define BGCN_ASM_H

#ifdef __CET__
#define BGCN_ENDBR endbr64
#else
#define BGCN_ENDBR
#endif

#define BGCN_FUNC(name)                                                    \
    .text;                                                                 \
    .globl name;                                                           \
    .type name, @function;                                                 \
    .p2align 5;                                                            \
    name:                                                                  \
    BGCN_ENDBR

#define BGCN_LOCAL(name)                                                   \
    .text;                                                                 \
    .type name, @function;                                                 \
    .p2align 5;                                                            \
    name:                                                                  \
    BGCN_ENDBR

#define BGCN_ENDF(name) .size name, .- name

#define BGCN_RET                                                           \
    ret;                                                                   \
    int3

/* Emitted once per file, at its end. */
#ifdef __CET__
#define BGCN_FILE_END                                                      \
    .section .note.GNU-stack, "", @progbits;                             \
    .section .note.gnu.property, "a";                                      \
    .p2align 3;                                                            \
    .long 4;                                                               \
    .long 16;                                                              \
    .long 5;                                                               \
    .asciz "GNU";                                                          \
    .long 0xc0000002;                                                      \
    .long 4;                                                               \
    .long 3;                                                               \
    .p2align 3
#else
#define BGCN_FILE_END .section .note.GNU-stack, "", @progbits
#endif

/* Save and restore the six SysV callee-saved integer registers (kernels
 * that need every register: the basecase products and Montgomery). */
.macro PUSH6
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
.endm
.macro POP6
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
.endm

#endif
