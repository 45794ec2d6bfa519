/* mul_basecase_adx.S -- BMI2+ADX schoolbook multiplication and squaring:
 * bgcn_mul_basecase_adx, bgcn_sqr_basecase_adx, built from the row loops
 * of rows_adx.h (the very loops of mul_1_adx.S).
 *
 * Contracts (bgcn.h):
 *   mul_basecase(rp, ap, an, bp, bn): {rp,an+bn} = {ap,an}*{bp,bn},
 *     an >= bn >= 1, rp overlaps neither source.
 *   sqr_basecase(rp, ap, n): {rp,2n} = {ap,n}^2, n >= 1, no overlap.
 *
 * Small sizes run straight-line code: an = bn = 4..8 that of
 * small_mul_adx.h, n = 5..16 that of small_sqr_adx.h (both written by
 * gen-small-adx.py, whose header says why; 9..16 are split into two
 * halves of 4..8 limbs), n = 4 the square at the end of
 * bgcn_sqr_basecase_adx.
 * mul: one mul row then bn-1 addmul rows; every row has length an, so the
 * whole product runs one of eight copies of the outer loop (an mod 8) and
 * no row branches on the size.
 * sqr: the off-diagonal triangle with rows of falling length L = n-1,
 * n-2, ..., 1; L mod 8 steps down by one per row, so the outer loop holds
 * eight rows (residues 7, 6, ..., 0 in turn) and is entered at the
 * residue of the first row.  Then one pass doubles the triangle and adds the
 * squares with both chains: adcx x,x doubles (CF carries the shifted-out
 * bit), adox adds lo/hi of a_i^2 (OF).
 *
 * Register map (mul): rbx bp cursor, rbp rows left, r12 rp row start,
 * r13 ap, r14 an >> 3, r15 an; rows: rdx rsi rdi rcx r8-r11 rax.
 * (sqr): rbx row length L, r12 row destination rp+2i+1, r13 row source
 * ap+i+1, r14 rp, r15 n, rbp ap.
 *
 * Cycles measured here (Intel Xeon family 6 model 207, KVM guest):
 *      n x n            4      8     16     32     64
 *      mul_basecase    33     97    335   1318   5241
 *      sqr_basecase    35     80    228    756   3830
 *      GMP mul_bc      30    109    440   1840   7811
 *      GMP sqr_bc      21     81    283   1058   4102
 *      GMP mpn_mul_n 32x32: 1430
 *   (cycles = ns x core clock; core clock 2.996 GHz from a dependent
 *   add reg,reg chain, not the TSC; min of 400 windows of ~50 us, since the
 *   two vCPUs are shared; GMP 6.2.1 as installed, same process)
 * 32x32: 1318 cycles = 1.29 per limb product (target 1400). */
#include "asm/x86_64/asm.h"
#include "asm/x86_64/rows_adx.h"

/* One copy of the whole product for an mod 8 = k. */
.macro MULBC k
.Lmb\k:
	mov	(%rbx), %rdx
	mov	%r12, %rdi
	mov	%r13, %rsi
	mov	%r14, %rcx
	ROW_ADX	mul, \k
	mov	%r11, (%rdi)
	dec	%rbp
	jz	.Lmbdone
	.p2align 4
5:	lea	8(%rbx), %rbx
	lea	8(%r12), %r12
	mov	(%rbx), %rdx
	mov	%r12, %rdi
	mov	%r13, %rsi
	mov	%r14, %rcx
	ROW_ADX	add, \k
	mov	%r11, (%rdi)
	dec	%rbp
	jnz	5b
	jmp	.Lmbdone
.endm

BGCN_FUNC(bgcn_mul_basecase_adx)
	cmp	%rdx, %r8		/* an = bn = 4..8: straight-line code */
	jne	1f
	cmp	$4, %rdx
	je	.Lmul4
	jb	1f
	cmp	$6, %rdx
	jb	.Lmul5
	je	.Lmul6
	cmp	$8, %rdx
	jb	.Lmul7
	je	.Lmul8
1:	PUSH6
	mov	%rcx, %rbx
	mov	%r8, %rbp
	mov	%rdi, %r12
	mov	%rsi, %r13
	mov	%rdx, %r15
	mov	%rdx, %r14
	shr	$3, %r14
	DISPATCH8 %r15, .Lmb, %rax
	EIGHT	MULBC
.Lmbdone:
	POP6
	BGCN_RET

#include "asm/x86_64/small_mul_adx.h"
BGCN_ENDF(bgcn_mul_basecase_adx)

/* One addmul row of the triangle with L mod 8 = k; leaves for the
 * doubling pass when the next row would be empty. */
.macro SQRROW k
.Lsq\k:
	lea	16(%r12), %r12
	mov	(%r13), %rdx
	lea	8(%r13), %r13
	mov	%r13, %rsi
	mov	%r12, %rdi
	mov	%rbx, %rcx
	shr	$3, %rcx
	ROW_ADX	add, \k
	mov	%r11, (%rdi)
	dec	%rbx
	jz	.Lsqdiag
.endm

/* The mul row 0 for (n - 1) mod 8 = k, then into the addmul rows. */
.macro SQRROW0 k
.Lsz\k:
	ROW_ADX	mul, \k
	mov	%r11, (%rdi)
	dec	%rbx
	jz	.Lsqdiag
	DISPATCH8 %rbx, .Lsq, %rax
.endm

BGCN_FUNC(bgcn_sqr_basecase_adx)
	cmp	$4, %rdx		/* n = 4..8: straight-line code */
	je	.Lsqr4
	jb	1f
	cmp	$6, %rdx
	jb	.Lsqr5
	je	.Lsqr6
	cmp	$8, %rdx
	jb	.Lsqr7
	je	.Lsqr8
	cmp	$16, %rdx		/* n = 9..16: from 4..8 */
	ja	1f
	cmp	$12, %rdx
	ja	2f
	jb	3f
	jmp	.Lsqr12
3:	cmp	$10, %rdx
	jb	.Lsqr9
	je	.Lsqr10
	jmp	.Lsqr11
2:	cmp	$14, %rdx
	jb	.Lsqr13
	je	.Lsqr14
	cmp	$15, %rdx
	je	.Lsqr15
	jmp	.Lsqr16
1:
	PUSH6
	mov	%rdi, %r14
	mov	%rsi, %rbp
	mov	%rdx, %r15
	movq	$0, (%rdi)
	lea	(%rdx,%rdx), %rax
	movq	$0, -8(%rdi,%rax,8)
	lea	-1(%rdx), %rbx		/* L = n - 1 */
	test	%rbx, %rbx
	jz	.Lsqdiag2
	lea	8(%rdi), %r12		/* row 0 destination rp + 1 */
	mov	(%rsi), %rdx
	lea	8(%rsi), %r13
	mov	%r13, %rsi
	mov	%r12, %rdi
	mov	%rbx, %rcx
	shr	$3, %rcx
	DISPATCH8 %rbx, .Lsz, %rax
	EIGHT	SQRROW0
	.p2align 4
	SQRROW	7
	SQRROW	6
	SQRROW	5
	SQRROW	4
	SQRROW	3
	SQRROW	2
	SQRROW	1
	SQRROW	0
	jmp	.Lsq7

	/* rp = 2*rp + sum a_i^2 B^(2i), two limbs of rp per i */
.Lsqdiag:
.Lsqdiag2:
	mov	%r14, %rdi
	mov	%rbp, %rsi
	mov	%r15, %rcx
	xor	%eax, %eax		/* clears CF and OF */
	jmp	3f
	.p2align 4
1:	mov	(%rsi), %rdx
	mulx	%rdx, %r8, %r9
	mov	(%rdi), %r10
	mov	8(%rdi), %r11
	adcx	%r10, %r10
	adcx	%r11, %r11
	adox	%r8, %r10
	adox	%r9, %r11
	mov	%r10, (%rdi)
	mov	%r11, 8(%rdi)
	lea	8(%rsi), %rsi
	lea	16(%rdi), %rdi
	lea	-1(%rcx), %rcx
3:	jrcxz	2f
	jmp	1b
2:	POP6
	BGCN_RET

	/* n = 4 in registers (the general code's row set-up and two passes
	 * over rp cost as much as the ten products here): the triangle
	 * T = sum_(i<j) a_i a_j B^(i+j) in r8 r9 r10 r11 rbp rcx (limbs 1..6),
	 * then one pass 2T + sum a_i^2 B^(2i) into rp, adcx doubling (CF)
	 * and adox adding the squares (OF), as in .Lsqdiag. */
.Lsqr4:
	push	%rbx
	push	%rbp
	mov	(%rsi), %rdx		/* a0 * (a1, a2, a3) */
	mulx	8(%rsi), %r8, %r9
	mulx	16(%rsi), %rax, %r10
	mulx	24(%rsi), %rcx, %r11
	add	%rax, %r9
	adc	%rcx, %r10
	adc	$0, %r11
	mov	8(%rsi), %rdx		/* a1 * (a2, a3) at limb 3 */
	mulx	16(%rsi), %rax, %rcx
	mulx	24(%rsi), %rbx, %rbp
	add	%rcx, %rbx
	adc	$0, %rbp
	add	%rax, %r10
	adc	%rbx, %r11
	adc	$0, %rbp
	mov	16(%rsi), %rdx		/* a2 * a3 at limb 5 */
	mulx	24(%rsi), %rax, %rcx
	add	%rax, %rbp
	adc	$0, %rcx
	xor	%eax, %eax		/* clears CF and OF */
	mov	(%rsi), %rdx
	mulx	%rdx, %rbx, %rdx
	mov	%rbx, (%rdi)
	adcx	%r8, %r8
	adox	%rdx, %r8
	mov	%r8, 8(%rdi)
	mov	8(%rsi), %rdx
	mulx	%rdx, %rbx, %rdx
	adcx	%r9, %r9
	adox	%rbx, %r9
	mov	%r9, 16(%rdi)
	adcx	%r10, %r10
	adox	%rdx, %r10
	mov	%r10, 24(%rdi)
	mov	16(%rsi), %rdx
	mulx	%rdx, %rbx, %rdx
	adcx	%r11, %r11
	adox	%rbx, %r11
	mov	%r11, 32(%rdi)
	adcx	%rbp, %rbp
	adox	%rdx, %rbp
	mov	%rbp, 40(%rdi)
	mov	24(%rsi), %rdx
	mulx	%rdx, %rbx, %rdx
	adcx	%rcx, %rcx
	adox	%rbx, %rcx
	mov	%rcx, 48(%rdi)
	adcx	%rax, %rax		/* rax = 0: the doubling's carry */
	adox	%rdx, %rax
	mov	%rax, 56(%rdi)
	pop	%rbp
	pop	%rbx
	BGCN_RET

#include "asm/x86_64/small_sqr_adx.h"
BGCN_ENDF(bgcn_sqr_basecase_adx)

BGCN_FILE_END
