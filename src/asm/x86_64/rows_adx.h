/* rows_adx.h -- the BMI2+ADX row loops as gas macros, shared by
 * mul_1_adx.S, mul_basecase_adx.S and mont_adx.S.
 *
 * Two carry chains in one instruction stream.  Per limb j:
 *     mulx  a[j] -> lo, hi          (no flags)
 *     adcx  hi[j-1], lo             CF chain: the row a*b as limbs
 *     adox  r[j], lo                OF chain: accumulate into r   (addmul)
 *     mov   lo, r[j]
 * For submul the row limb is complemented and the OF chain starts at 1:
 * r - x = r + ~x + 1 - B^n.  Nothing in the loop may write CF or OF, so
 * pointers move with lea and the loop closes with lea/jrcxz/jmp.
 *
 * Register map: rdx multiplier, rsi A, rdi R (both advanced to the end of
 * the row), rcx = n >> 2 (destroyed), lo/hi pairs r8:r9 and r10:r11 used
 * alternately, rax = 0 at the tail.  The row's high limb ends in r11.
 *
 * ROW_ADX op, k: op is mul, add or sub; k = n mod 4 selects the straight
 * feed-in (k steps) before the 4-way loop, so each caller keeps one copy
 * per residue and never branches on n inside a row. */
#ifndef BGCN_ROWS_ADX_H
#define BGCN_ROWS_ADX_H

.macro ADX_STEP op, off, lo, hi, prev
	mulx	\off(%rsi), \lo, \hi
	adcx	\prev, \lo
.ifc \op,add
	adox	\off(%rdi), \lo
.endif
.ifc \op,sub
	not	\lo
	adox	\off(%rdi), \lo
.endif
	mov	\lo, \off(%rdi)
.endm

.macro ROW_ADX op, k
	xor	%r9d, %r9d		/* clears CF and OF */
	xor	%r11d, %r11d
.ifc \op,sub
	mov	$0x7fffffff, %eax
	add	$1, %eax		/* OF = 1, CF = 0 */
.endif
.if \k == 1
	ADX_STEP \op, 0, %r10, %r11, %r9
.endif
.if \k == 2
	ADX_STEP \op, 0, %r8, %r9, %r11
	ADX_STEP \op, 8, %r10, %r11, %r9
.endif
.if \k == 3
	ADX_STEP \op, 0, %r10, %r11, %r9
	ADX_STEP \op, 8, %r8, %r9, %r11
	ADX_STEP \op, 16, %r10, %r11, %r9
.endif
.if \k != 0
	lea	8*\k(%rsi), %rsi
	lea	8*\k(%rdi), %rdi
.endif
	jmp	3f
	.p2align 4
1:	ADX_STEP \op, 0, %r8, %r9, %r11
	ADX_STEP \op, 8, %r10, %r11, %r9
	ADX_STEP \op, 16, %r8, %r9, %r11
	ADX_STEP \op, 24, %r10, %r11, %r9
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	lea	-1(%rcx), %rcx
3:	jrcxz	2f			/* jrcxz reaches only 127 bytes */
	jmp	1b
2:	mov	$0, %eax
	adcx	%rax, %r11		/* + CF: high limb of a*b */
.ifc \op,add
	adox	%rax, %r11		/* + OF: carry out of r + a*b */
.endif
.ifc \op,sub
	setno	%al			/* borrow = 1 - OF */
	add	%rax, %r11
.endif
.endm

/* Jump to \lbl\()0 .. \lbl\()3 by n mod 4, n in \reg (not modified). */
.macro DISPATCH4 reg, lbl, tmp
	mov	\reg, \tmp
	and	$3, \tmp
	jz	\lbl\()0
	cmp	$2, \tmp
	jb	\lbl\()1
	je	\lbl\()2
	jmp	\lbl\()3
.endm

#endif
