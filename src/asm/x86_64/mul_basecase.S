/* mul_basecase.S -- baseline (any x86-64) schoolbook multiplication and
 * squaring: bgcn_mul_basecase_x86_64, bgcn_sqr_basecase_x86_64, built from
 * the row loops of rows.h (the same code as mul_1.S).
 *
 * Contracts (bgcn.h):
 *   mul_basecase(rp, ap, an, bp, bn): {rp,an+bn} = {ap,an}*{bp,bn},
 *     an >= bn >= 1, rp overlaps neither source.
 *   sqr_basecase(rp, ap, n): {rp,2n} = {ap,n}^2, n >= 1, no overlap.
 * Squaring: the off-diagonal triangle sum_{i<j} a_i a_j B^(i+j) by one
 * mul_1 row and n-2 addmul_1 rows of falling length, then one pass that
 * doubles it (adc x,x chain) and one that adds the squares a_i^2 at 2i.
 *
 * Register map (mul): rbx bp cursor, r12 rows left, r13 rp row start,
 * r14 ap, r10 an; rows as in rows.h.  (sqr): rbx row length L, r12 row
 * destination rp+2i+1, r13 row source ap+i+1, r14 rp, r15 n.
 *
 * Cycles measured here (Intel Xeon family 6 model 207, KVM guest):
 *      n x n            4      8     16     32     64
 *      mul_basecase    38    125    456   1854   7750
 *      sqr_basecase    62    114    365   1169   4269
 *      GMP mul_bc      30    109    440   1840   7811
 *      GMP sqr_bc      21     81    283   1058   4102
 *   (cycles = ns x core clock; core clock 2.996 GHz from a dependent
 *   add reg,reg chain, not the TSC; min of 400 windows of ~50 us, since the
 *   two vCPUs are shared; GMP 6.2.1 as installed, same process) */
#include "asm/x86_64/asm.h"
#include "asm/x86_64/rows.h"

BGCN_FUNC(bgcn_mul_basecase_x86_64)
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	mov	%rdx, %r10
	mov	%rcx, %rbx
	mov	%r8, %r12
	mov	%rdi, %r13
	mov	%rsi, %r14
	mov	(%rbx), %rcx
	xor	%r8d, %r8d
	ROW	MUL1_STEP
	mov	%r8, (%rdi)
	dec	%r12
	jz	9f
5:	lea	8(%rbx), %rbx
	lea	8(%r13), %r13
	mov	(%rbx), %rcx
	mov	%r13, %rdi
	mov	%r14, %rsi
	xor	%r8d, %r8d
	ROW	ADDMUL1_STEP
	mov	%r8, (%rdi)
	dec	%r12
	jnz	5b
9:	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	BGCN_RET
BGCN_ENDF(bgcn_mul_basecase_x86_64)

BGCN_FUNC(bgcn_sqr_basecase_x86_64)
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	mov	%rdi, %r14
	mov	%rsi, %r13		/* becomes ap + i + 1 */
	mov	%rdx, %r15
	movq	$0, (%rdi)
	lea	(%rdx,%rdx), %rax
	movq	$0, -8(%rdi,%rax,8)
	lea	-1(%rdx), %rbx		/* L = n - 1 */
	test	%rbx, %rbx
	jz	7f
	/* row 0: {rp+1, n-1} = {ap+1, n-1} * a0, rp[n] = carry */
	lea	8(%rdi), %r12
	mov	(%r13), %rcx
	lea	8(%r13), %r13
	mov	%r13, %rsi
	mov	%r12, %rdi
	mov	%rbx, %r10
	xor	%r8d, %r8d
	ROW	MUL1_STEP
	mov	%r8, (%rdi)
	/* rows i = 1 .. n-2: {rp+2i+1, L} += {ap+i+1, L} * a_i */
5:	dec	%rbx
	jz	6f
	lea	16(%r12), %r12
	mov	(%r13), %rcx
	lea	8(%r13), %r13
	mov	%r13, %rsi
	mov	%r12, %rdi
	mov	%rbx, %r10
	xor	%r8d, %r8d
	ROW	ADDMUL1_STEP
	mov	%r8, (%rdi)
	jmp	5b
	/* double {rp, 2n} */
6:	mov	%r14, %rdi
	lea	(%r15,%r15), %rcx
	clc
8:	mov	(%rdi), %rax
	adc	%rax, %rax
	mov	%rax, (%rdi)
	lea	8(%rdi), %rdi
	dec	%rcx
	jnz	8b
	/* add a_i^2 at 2i, carry kept in r8 because MUL writes the flags */
7:	mov	%r14, %rdi
	mov	%r15, %r9
	mov	%r13, %rsi
	lea	0(,%r15,8), %rax
	neg	%rax
	lea	8(%rsi,%rax), %rsi	/* back to ap: r13 = ap + n - 1 + 1 */
	xor	%r8d, %r8d
4:	mov	(%rsi), %rax
	mul	%rax
	add	%r8, %rax
	adc	$0, %rdx
	add	%rax, (%rdi)
	adc	%rdx, 8(%rdi)
	mov	$0, %r8d
	adc	$0, %r8d
	lea	8(%rsi), %rsi
	lea	16(%rdi), %rdi
	dec	%r9
	jnz	4b
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	BGCN_RET
BGCN_ENDF(bgcn_sqr_basecase_x86_64)

BGCN_FILE_END
