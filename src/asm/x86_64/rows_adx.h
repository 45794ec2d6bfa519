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
 * pointers move with lea and the loop closes with lea/jrcxz/jmp.  Step 0
 * has no high limb below it, so mul and add rows skip its ADCX (and the
 * clearing of a register for it): a row costs one op less.  The submul
 * row keeps both: without them its 8-limb call measured 0.446-0.466
 * ns/limb against 0.435-0.439 with them (Zen 4, avx512 path, three
 * alternated runs of the kernels bench), for reasons not found.
 *
 * r[j] is loaded by a separate mov placed after the MULX: "adox mem, reg"
 * measured 1.73 c/l for addmul_1 at n = 1000, the mov before the MULX
 * 1.48, the mov after it 1.29 (4-way loops; min of 300 runs).
 *
 * Register map: rdx multiplier, rsi A, rdi R (both advanced to the end of
 * the row), rcx = n >> 3 (destroyed), lo/hi pairs r8:r9 and r10:r11 used
 * alternately, rax r[j] in the loop and 0 at the tail.  The row's high
 * limb ends in r11.
 *
 * ROW_ADX op, k: op is mul, add or sub; k = n mod 8 selects the straight
 * feed-in (k steps, 8 when k = 0: the caller guarantees n >= 1, so
 * then n >= 8) before the 8-way loop, so each caller keeps one copy
 * per residue and never branches on n inside a row.  8-way rather than
 * 4-way halves the two loop branches, which compete with ADCX/ADOX for
 * ports 0 and 6 (addmul_1 n = 1000: 1.30 against 1.39 c/l). */
#ifndef BGCN_ROWS_ADX_H
#define BGCN_ROWS_ADX_H

.macro ADX_STEP op, off, lo, hi, prev, first=0
	mulx	\off(%rsi), \lo, \hi
.ifnc \op,mul
	mov	\off(%rdi), %rax
.endif
.ifc \op,sub
	.set	.Lskip, 0		/* submul keeps step 0's ADCX (above) */
.else
	.set	.Lskip, \first
.endif
.if .Lskip == 0
	adcx	\prev, \lo
.endif
.ifc \op,add
	adox	%rax, \lo
.endif
.ifc \op,sub
	not	\lo
	adox	%rax, \lo
.endif
	mov	\lo, \off(%rdi)
.endm

/* Step j of a feed-in of k steps (step 0 of a mul or add row has no
 * ADCX: the caller starts it with CF = 0): the lo/hi pairs alternate so that the
 * last step leaves its high limb in r11 (the step's low limb, the new
 * r[j], is in r10 when (k - 1 - j) is even, else in r8). */
.macro ADX_FEED_STEP op, k, j
	.if	((\k - 1 - \j) % 2) == 0
	ADX_STEP \op, 8*\j, %r10, %r11, %r9, (\j == 0)
	.else
	ADX_STEP \op, 8*\j, %r8, %r9, %r11, (\j == 0)
	.endif
.endm

.macro ROW_ADX op, k
.ifc \op,sub
	xor	%r9d, %r9d		/* step 0's ADCX adds the zero */
	xor	%r11d, %r11d
	mov	$0x7fffffff, %eax
	add	$1, %eax		/* OF = 1, CF = 0 */
.else
	xor	%eax, %eax		/* clears CF and OF */
.endif
	/* feed-in: k steps (8 when k = 0, so that a row of n = 8 limbs is
	 * straight code and every row of 8m limbs saves one pass of the
	 * loop's branches), the last one leaving its high limb in r11 */
.if \k == 0
	.set	.Lfk, 8
.else
	.set	.Lfk, \k
.endif
	.set	.Lfj, 0
	.rept	.Lfk
	ADX_FEED_STEP \op, .Lfk, .Lfj
	.set	.Lfj, .Lfj + 1
	.endr
	lea	8*.Lfk(%rsi), %rsi
	lea	8*.Lfk(%rdi), %rdi
.if \k == 0
	lea	-1(%rcx), %rcx
.endif
	jmp	3f
	.p2align 4
1:	ADX_STEP \op, 0, %r8, %r9, %r11
	ADX_STEP \op, 8, %r10, %r11, %r9
	ADX_STEP \op, 16, %r8, %r9, %r11
	ADX_STEP \op, 24, %r10, %r11, %r9
	ADX_STEP \op, 32, %r8, %r9, %r11
	ADX_STEP \op, 40, %r10, %r11, %r9
	ADX_STEP \op, 48, %r8, %r9, %r11
	ADX_STEP \op, 56, %r10, %r11, %r9
	lea	64(%rsi), %rsi
	lea	64(%rdi), %rdi
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

/* Jump to \lbl\()0 .. \lbl\()7 by n mod 8, n in \reg (not modified). */
.macro DISPATCH8 reg, lbl, tmp
	mov	\reg, \tmp
	and	$7, \tmp
	cmp	$4, \tmp
	jae	8f
	cmp	$2, \tmp
	jae	9f
	test	\tmp, \tmp
	jz	\lbl\()0
	jmp	\lbl\()1
9:	je	\lbl\()2
	jmp	\lbl\()3
8:	cmp	$6, \tmp
	jae	9f
	cmp	$4, \tmp
	je	\lbl\()4
	jmp	\lbl\()5
9:	je	\lbl\()6
	jmp	\lbl\()7
.endm

/* Eight copies of a macro, one per residue: \mac 0 ... \mac 7 */
.macro EIGHT mac
	\mac	0
	\mac	1
	\mac	2
	\mac	3
	\mac	4
	\mac	5
	\mac	6
	\mac	7
.endm

#endif
