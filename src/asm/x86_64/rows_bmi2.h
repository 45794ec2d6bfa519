/* rows_bmi2.h -- the BMI2 (MULX, no ADX) row loops as gas macros, shared
 * by mul_1_bmi2.S and mul_basecase_bmi2.S so that the basecase products
 * run exactly the loops of the single-row kernels.
 *
 * Without ADCX/ADOX there is one carry flag, and addmul needs two sums per
 * limb (the row a*b, and r + row).  Interleaving them would serialise both
 * on CF, so a group of four limbs runs them one after the other, each
 * with its own carry kept in a register between groups:
 *     row chain   p = a[0..3]*b + C as four limbs, with MULX (which leaves
 *                 the flags alone) feeding add/adc/adc/adc, and the chain's
 *                 last carry folded into the top half: C = hi3 + CF.
 *     r chain     (addmul, submul only) neg E (CF = 1 if E = -1),
 *                 adc/sbb p into r[0..3], sbb E,E (E = -CF).
 * Flags are renamed, so the r chain of one group overlaps the row chain of
 * the next; the loop-carried paths are 5 ops (C) and 6 ops (E) per four
 * limbs, and the loop branch may write the flags.  Bounds: a[0..3]*b + C
 * <= (B-1) B^4, so hi3 plus the row chain's carry never wraps; E stays a
 * separate bit until the end of the row, whose high limb is C - E
 * (addmul: a*b + r < B^(n+1); submul: C <= B-2, so C + borrow fits).
 *
 * Register map: rdx multiplier b, rsi A and rdi R (advanced to the end of
 * the row), rcx counter, r8-r11 the four low halves, rax and rbx high
 * halves (rbx holds C between groups and at the end), rbp E.  The row's
 * high limb (carry, borrow) ends in rbx; rax r8-r11 are clobbered.
 *
 * ROW_BMI2 op, nreg: op is mul, add or sub; nreg holds the row length
 * n >= 1 (not modified): n mod 4 single limbs, then n/4 groups. */
#ifndef BGCN_ROWS_BMI2_H
#define BGCN_ROWS_BMI2_H

/* One limb: r[0] = lo(a[0]*b + C) (op= for add/sub), C = hi. */
.macro BMI2_STEP1 op
	mulx	(%rsi), %r8, %rax
	add	%rbx, %r8
	adc	$0, %rax
.ifc \op,add
	neg	%rbp
	adc	(%rdi), %r8
	sbb	%rbp, %rbp
.endif
.ifc \op,sub
	mov	(%rdi), %r9
	neg	%rbp
	sbb	%r8, %r9
	sbb	%rbp, %rbp
	mov	%r9, %r8
.endif
	mov	%r8, (%rdi)
	mov	%rax, %rbx
	lea	8(%rsi), %rsi
	lea	8(%rdi), %rdi
.endm

/* r[off] = r[off] +- p + CF through rax (a separate load measured faster
 * than adc mem,reg on Zen 1: addmul_1 n = 1000 3.00 against 2.8 c/l). */
.macro BMI2_RLIMB op, p, off
	mov	\off(%rdi), %rax
.ifc \op,add
	adc	\p, %rax
.else
	sbb	\p, %rax
.endif
	mov	%rax, \off(%rdi)
.endm

/* Four limbs: the row chain, then the r chain. */
.macro BMI2_STEP4 op
	mulx	(%rsi), %r8, %rax
	add	%rbx, %r8
	mulx	8(%rsi), %r9, %rbx
	adc	%rax, %r9
	mulx	16(%rsi), %r10, %rax
	adc	%rbx, %r10
	mulx	24(%rsi), %r11, %rbx
	adc	%rax, %r11
	adc	$0, %rbx
.ifc \op,mul
	mov	%r8, (%rdi)
	mov	%r9, 8(%rdi)
	mov	%r10, 16(%rdi)
	mov	%r11, 24(%rdi)
.endif
.ifnc \op,mul
	neg	%rbp
	BMI2_RLIMB \op, %r8, 0
	BMI2_RLIMB \op, %r9, 8
	BMI2_RLIMB \op, %r10, 16
	BMI2_RLIMB \op, %r11, 24
	sbb	%rbp, %rbp
.endif
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
.endm

/* Uses the local labels 1-4. */
.macro ROW_BMI2 op, nreg
	xor	%ebx, %ebx
.ifnc \op,mul
	xor	%ebp, %ebp
.endif
	mov	\nreg, %rcx
	and	$3, %ecx
	jz	2f
1:	BMI2_STEP1 \op
	dec	%ecx
	jnz	1b
2:	mov	\nreg, %rcx
	shr	$2, %rcx
	jz	4f
	.p2align 4
3:	BMI2_STEP4 \op
	dec	%rcx
	jnz	3b
4:
.ifnc \op,mul
	sub	%rbp, %rbx		/* E = -1: one more carry/borrow */
.endif
.endm

#endif
