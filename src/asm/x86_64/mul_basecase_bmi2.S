/* mul_basecase_bmi2.S -- BMI2 (MULX without ADX) schoolbook multiplication
 * and squaring: bgcn_mul_basecase_bmi2, bgcn_sqr_basecase_bmi2, built from
 * the row loops of rows_bmi2.h (the very loops of mul_1_bmi2.S).
 *
 * Contracts (bgcn.h):
 *   mul_basecase(rp, ap, an, bp, bn): {rp,an+bn} = {ap,an}*{bp,bn},
 *     an >= bn >= 1, rp overlaps neither source.
 *   sqr_basecase(rp, ap, n): {rp,2n} = {ap,n}^2, n >= 1, no overlap.
 *
 * mul: one mul row then bn-1 addmul rows, each of length an; a row leaves
 * rsi and rdi 8*an past where it began, so the next row's pointers come
 * back from them.
 * sqr: the off-diagonal triangle sum_{i<j} a_i a_j B^(i+j), row i being
 * {rp+2i+1, L} (+)= {ap+i+1, L} * a_i with L = n-1-i and its high limb at
 * rp[n+i+1]; then one pass that doubles it and adds the squares a_i^2 at
 * 2i.  That pass has two sums again, so each keeps its carry in a register
 * between limbs (rbx doubling, rbp squares; neg restores CF, sbb saves
 * it, as in rows_bmi2.h); 2*triangle + squares = a^2 < B^(2n), so both
 * carries end at 0.
 *
 * Register map (mul): r13 an, r14 bp cursor, r15 rows left; rows as in
 * rows_bmi2.h.  (sqr): r13 row length L; rp, ap, n on the stack for the
 * final pass (the row needs every other register). */
#include "asm/x86_64/asm.h"
#include "asm/x86_64/rows_bmi2.h"

BGCN_FUNC(bgcn_mul_basecase_bmi2)
	PUSH6
	mov	%rdx, %r13
	mov	%rcx, %r14
	mov	%r8, %r15
	mov	(%r14), %rdx
	ROW_BMI2 mul, %r13
	mov	%rbx, (%rdi)
	dec	%r15
	jz	9f
	.p2align 4
5:	lea	8(%r14), %r14
	mov	(%r14), %rdx
	lea	0(,%r13,8), %rax
	sub	%rax, %rsi		/* back to ap */
	sub	%rax, %rdi
	lea	8(%rdi), %rdi		/* the next row starts one limb up */
	ROW_BMI2 add, %r13
	mov	%rbx, (%rdi)
	dec	%r15
	jnz	5b
9:	POP6
	BGCN_RET
BGCN_ENDF(bgcn_mul_basecase_bmi2)

BGCN_FUNC(bgcn_sqr_basecase_bmi2)
	PUSH6
	push	%rdi			/* 16(%rsp) rp */
	push	%rsi			/*  8(%rsp) ap */
	push	%rdx			/*  0(%rsp) n  */
	movq	$0, (%rdi)
	lea	(%rdx,%rdx), %rax
	movq	$0, -8(%rdi,%rax,8)
	lea	-1(%rdx), %r13		/* L = n - 1 */
	test	%r13, %r13
	jz	7f
	/* row 0: {rp+1, n-1} = {ap+1, n-1} * a0, rp[n] = high limb */
	mov	(%rsi), %rdx
	lea	8(%rsi), %rsi
	lea	8(%rdi), %rdi
	ROW_BMI2 mul, %r13
	mov	%rbx, (%rdi)
	/* rows 1 .. n-2: source one limb up, destination two limbs up */
5:	dec	%r13
	jz	7f
	lea	0(,%r13,8), %rax	/* 8 * new L = 8 * (old L - 1) */
	sub	%rax, %rsi
	sub	%rax, %rdi
	lea	8(%rdi), %rdi
	mov	-8(%rsi), %rdx		/* a_i, just below the row's source */
	ROW_BMI2 add, %r13
	mov	%rbx, (%rdi)
	jmp	5b
	/* {rp,2n} = 2 {rp,2n} + sum a_i^2 B^(2i) */
7:	mov	16(%rsp), %rdi
	mov	8(%rsp), %rsi
	mov	0(%rsp), %rcx
	xor	%ebx, %ebx
	xor	%ebp, %ebp
	.p2align 4
6:	mov	(%rsi), %rdx
	mulx	%rdx, %r8, %r9
	mov	(%rdi), %r10
	mov	8(%rdi), %r11
	neg	%rbx
	adc	%r10, %r10
	adc	%r11, %r11
	sbb	%rbx, %rbx
	neg	%rbp
	adc	%r8, %r10
	adc	%r9, %r11
	sbb	%rbp, %rbp
	mov	%r10, (%rdi)
	mov	%r11, 8(%rdi)
	lea	8(%rsi), %rsi
	lea	16(%rdi), %rdi
	dec	%rcx
	jnz	6b
	add	$24, %rsp
	POP6
	BGCN_RET
BGCN_ENDF(bgcn_sqr_basecase_bmi2)

BGCN_FILE_END
