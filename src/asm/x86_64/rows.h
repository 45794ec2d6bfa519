/* rows.h -- the baseline (any x86-64) row loops as gas macros, shared by
 * mul_1.S and mul_basecase.S so that the basecase multiplication runs
 * exactly the loops that the single-row kernels run.
 *
 * Register map of a row: rdi R (advanced to R + 8n), rsi A (advanced),
 * rcx multiplier b, r10 n (kept), r8 carry limb in/out, r9 counter,
 * rax rdx r11 clobbered.  MUL writes rdx:rax and the flags, so the carry
 * travels in r8 from limb to limb; each step first folds everything that
 * does not depend on that carry (the product plus r[j]) and only then
 * adds the carry, so the loop-carried chain is add + adc = 2 cycles. */
#ifndef BGCN_ROWS_H
#define BGCN_ROWS_H

/* r[j] = lo(a[j]*b + cy); cy = hi */
.macro MUL1_STEP off
	mov	\off(%rsi), %rax
	mul	%rcx
	add	%r8, %rax
	adc	$0, %rdx
	mov	%rax, \off(%rdi)
	mov	%rdx, %r8
.endm

/* r[j] = lo(a[j]*b + r[j] + cy); a*b + r + cy < 2^128 always */
.macro ADDMUL1_STEP off
	mov	\off(%rsi), %rax
	mul	%rcx
	add	\off(%rdi), %rax
	adc	$0, %rdx
	add	%r8, %rax
	adc	$0, %rdx
	mov	%rax, \off(%rdi)
	mov	%rdx, %r8
.endm

/* r[j] = r[j] - lo(a[j]*b) - cy; cy = hi + both borrows (fits a limb) */
.macro SUBMUL1_STEP off
	mov	\off(%rsi), %rax
	mul	%rcx
	mov	\off(%rdi), %r11
	sub	%rax, %r11
	adc	$0, %rdx
	sub	%r8, %r11
	adc	$0, %rdx
	mov	%r11, \off(%rdi)
	mov	%rdx, %r8
.endm

/* One row: n mod 4 single steps, then 4 steps per iteration. */
.macro ROW step
	mov	%r10, %r9
	and	$3, %r9d
	jz	2f
1:	\step	0
	lea	8(%rsi), %rsi
	lea	8(%rdi), %rdi
	dec	%r9d
	jnz	1b
2:	mov	%r10, %r9
	shr	$2, %r9
	jz	4f
	.p2align 4
3:	\step	0
	\step	8
	\step	16
	\step	24
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	dec	%r9
	jnz	3b
4:
.endm

#endif
