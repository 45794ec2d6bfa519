/* mont_adx.S -- BMI2+ADX Montgomery kernels:
 *   bgcn_redc_1_adx(rp, tp, mp, n, minv)
 *   bgcn_mont_mul_n_adx(rp, ap, bp, mp, n, minv)
 *   bgcn_mont_sqr_n_adx(rp, ap, mp, n, minv)
 *   bgcn_mont_mul_4_adx / bgcn_mont_mul_8_adx (same arguments as
 *     mont_mul_n, n ignored): fully unrolled 256- and 512-bit versions,
 *     which mont_mul_n and mont_sqr_n jump to for n = 4 and n = 8;
 *   n = 2, 3, 5, 6, 7: the same unrolled CIOS behind local labels, for
 *     ECM's moduli (a 100-digit N is 6 limbs): 6 limbs 62-74 -> 37-38 ns
 *     per dependent product on Zen 4 under load 12 (mul_basecase + redc_1
 *     before: as slow as the unrolled 8-limb code);
 *   redc_1 for n = 9..16: straight-line rows whose next quotient comes
 *     from a register (REDCFIX below): REDC alone 58 -> 50 ns at 10
 *     limbs, 66 -> 58 at 11, 122 -> 103 at 16 (Zen 4, GMP's redc_1 45,
 *     53, 110; scratch driver, one process, best of 15 x 20000);
 *   bgcn_mont_sqr_4_adx (same arguments, bp ignored): the 256-bit
 *     squaring, separated (square then REDC), which mont_sqr_n uses for
 *     n = 4: 47 cycles back to back, 64 dependent (mont_mul_4: 55 / 73),
 *     so a 256-bit modexp (mostly dependent squarings) ~8.0 -> ~7.4 us.
 *
 * Contract of mont_mul_n (bgcn.h): {rp,n} = a*b*B^-n mod m, fully reduced;
 * m odd with nonzero top limb, minv = -m^-1 mod B, a, b < m; rp may equal
 * ap and/or bp, must not overlap mp.  Constant time: no branch or address
 * depends on a or b; the final subtraction is selected by mask or cmov.
 * redc_1: {rp,n} = T*B^-n mod m for T = {tp,2n} < m*B^n; tp is destroyed;
 * rp overlaps neither tp nor mp.
 *
 * General n -- separated operand scanning: T = a*b by mul_basecase_adx
 * (or sqr_basecase_adx; T sits in a 2n-limb stack frame), then redc_1:
 * for i = 0..n-1, q = t_i*minv and t[i..i+n) += q*m by the addmul row of
 * rows_adx.h (t_i becomes 0); the row's carry limb is parked in the freed
 * t_i, and one add_n adds all parked carries to the high half at the end.
 * The result is < 2m; sub_n gives r - m and a mask picks the answer.
 *
 * n = 4, 8 -- CIOS, everything in registers: t (n+2 limbs) lives in n+2
 * registers; per limb b_i:  t += a*b_i (one MULX row, ADOX adds the low
 * halves, ADCX the high halves, so both chains run side by side), then
 * q = t_0*minv and t += q*m the same way.  t_0 is then 0 and the next
 * iteration names the registers one place down (macro argument rotation,
 * no moves), the zeroed t_0 becoming the new top limb.  t < 2m holds
 * after every iteration, so t_n <= 1 and one subtraction finishes:
 * r - m is formed (in registers for n = 4, stored for n = 8) and cmovc
 * puts r back when it borrowed.
 * Stack: general n takes 16n bytes (+ 64 for alignment) for T, so this is
 * meant for moduli up to a few thousand limbs, like the C twin.
 * Tried and dropped: for n = 4, computing the next quotient early from
 * hi(q m_0) (8-cycle instead of 10-cycle quotient chain): dependent-call
 * latency 73 -> 72 cycles only, so the chain is not what bounds it.
 *
 * Register map (n = 4, 8): rsi ap, rcx mp, rdx MULX multiplier, rax/r11
 * product halves.  n = 4: t in r8 rbx rbp r12 r13 r14, bp r10, minv r9,
 * rp rdi.  n = 8: t in rbx rbp r12 r13 r14 r15 rdi r8 r9 r10; rp, bp and
 * minv in a 24-byte stack frame.
 *
 * Cycles measured here (Intel Xeon family 6 model 207, KVM guest):
 *      bits              256    512   1024   2048   3072   4096
 *      mont_mul_n_adx     55    194    743   2754   6018  10435
 *      mont_sqr_n_adx     55    194    635   2203   4648   7930
 *      C twin (generic)  168    454   1546   6154  14111  25453
 *      GMP mul_n+redc_1   74    240    920   3355   7696  12567
 *   (cycles = ns x core clock; core clock 2.996 GHz from a dependent
 *   add reg,reg chain, not the TSC; min of 400 windows of ~50 us, since the
 *   two vCPUs are shared; GMP 6.2.1 as installed, same process)
 * (back-to-back independent calls, so this is throughput.  Dependent
 * calls r = mont(r, b), the modexp pattern: 73 / 215 / 743 / 2763 cycles
 * at 256 / 512 / 1024 / 2048 bits, GMP 86 / 246 / 925 / 3373.  The
 * "avx512" path replaces these for 21..64 limbs by mont_ifma.c.)
 * 256 bits misses the 50-cycle target: the kernel is bound by ADCX/ADOX,
 * which issue ~1.8 per cycle here (chains table in mul_1_adx.S): n = 4
 * needs 2n + 3 flag operations per row, 2 rows per limb of b, ~90 in all,
 * i.e. >= 45 cycles before the subtraction and the call. */
#include "asm/x86_64/asm.h"
#include "asm/x86_64/rows_adx.h"

/* ------------------------------------------------------------------ */
/* redc_1                                                              */

.macro REDCROWS k
.Lrd\k:
	.p2align 4
5:	mov	(%r12), %rdx
	imul	%rbx, %rdx		/* q = t_i * minv */
	mov	%r12, %rdi
	mov	%r13, %rsi
	mov	%r14, %rcx
	ROW_ADX	add, \k
	mov	%r11, (%r12)		/* park the carry in the zeroed t_i */
	lea	8(%r12), %r12
	dec	%rbp
	jnz	5b
	jmp	.Lrddone
.endm

/* n = 9..16: each row straight-line, and the next row's quotient taken
 * from a register.  The new t_(i+1), which gives q_(i+1), is final after
 * the row's second step; the eight-way rows store it and the next row
 * loads it back, so each row's quotient waited for a store-to-load
 * forward on top of the IMUL.  Here the second step's limb is also
 * copied to r14 (MOV leaves the flags alone) and the IMUL on it is
 * written after the row's last carry (IMUL sets CF and OF): in the
 * order of dependences it runs as soon as that limb is known. */
.macro REDCFIX n
.Lrf\n:
	mov	%r13, %rsi
	mov	(%r12), %r14
	imul	%rbx, %r14		/* the first row's q */
	.p2align 4
5:	mov	%r14, %rdx
	mov	%r12, %rdi
	xor	%r9d, %r9d		/* clears CF and OF */
	xor	%r11d, %r11d
	ADX_FEED_STEP add, \n, 0
	ADX_FEED_STEP add, \n, 1
	.if	((\n - 2) % 2) == 0	/* the next row's t_i, as that step left it */
	mov	%r10, %r14
	.else
	mov	%r8, %r14
	.endif
	.set	.Lfj, 2
	.rept	\n - 2
	ADX_FEED_STEP add, \n, .Lfj
	.set	.Lfj, .Lfj + 1
	.endr
	mov	$0, %eax
	adcx	%rax, %r11
	adox	%rax, %r11
	mov	%r11, (%r12)		/* park the carry in the zeroed t_i */
	imul	%rbx, %r14		/* q for the next row */
	lea	8(%r12), %r12
	dec	%rbp
	jnz	5b
	jmp	.Lrddone
.endm

/* The almost-reduced REDC: the same rows and add_n, then m is subtracted
 * once iff the add_n carried (m times the carry, by MULX, under one
 * borrow chain): {rp,n} = T B^-n mod m up to a multiple of m, < B^n, for
 * any T < B^2n.  The full REDC's r - m and select wait for the whole
 * borrow chain before the next product can start; this tail lets it
 * start on the low limbs (Zen 4, square + REDC at 10 limbs 68.6 -> 66.3
 * ns, 13 limbs 101.1 -> 98.3; scratch driver, one process). */
BGCN_FUNC(bgcn_redc_1_almost_adx)
	PUSH6
	push	%rcx			/* n */
	push	$1			/* the almost-reduced tail; 16-byte alignment */
	jmp	.Lredc_entry
BGCN_ENDF(bgcn_redc_1_almost_adx)

BGCN_FUNC(bgcn_redc_1_adx)
	PUSH6
	push	%rcx			/* n */
	push	$0			/* the full tail */
.Lredc_entry:
	mov	%rdi, %r15
	mov	%rsi, %r12
	mov	%rdx, %r13
	mov	%rcx, %rbp
	mov	%r8, %rbx
	mov	%rcx, %r14
	shr	$3, %r14
	.irp	k, 9, 10, 11, 12, 13, 14, 15, 16
	cmp	$\k, %rbp
	je	.Lrf\k
	.endr
	DISPATCH8 %rbp, .Lrd, %rax
	EIGHT	REDCROWS
	.irp	k, 9, 10, 11, 12, 13, 14, 15, 16
	REDCFIX	\k
	.endr
.Lrddone:
	/* r12 = tp + n.  {rp,n} = {tp+n,n} + parked carries {tp,n} */
	mov	8(%rsp), %rcx
	mov	%r15, %rdi
	mov	%r12, %rsi
	lea	0(,%rcx,8), %rdx
	neg	%rdx
	add	%r12, %rdx
	call	bgcn_add_n_x86_64
	cmpq	$0, (%rsp)
	jne	.Lrdalmost
	mov	%rax, %rbp		/* cy */
	/* {tp,n} = {rp,n} - {mp,n} */
	mov	8(%rsp), %rcx
	lea	0(,%rcx,8), %rdi
	neg	%rdi
	add	%r12, %rdi
	mov	%rdi, %r12		/* r12 = tp */
	mov	%r15, %rsi
	mov	%r13, %rdx
	call	bgcn_sub_n_x86_64
	/* keep r iff borrow > cy (r < m and no carry); mask select */
	cmp	%rax, %rbp
	sbb	%rax, %rax		/* keep-r mask */
	mov	%rax, %rdx
	not	%rdx
	mov	8(%rsp), %rcx
	.p2align 4
1:	mov	(%r15), %r8
	mov	(%r12), %r9
	and	%rax, %r8
	and	%rdx, %r9
	or	%r9, %r8
	mov	%r8, (%r15)
	lea	8(%r15), %r15
	lea	8(%r12), %r12
	dec	%rcx
	jnz	1b
	jmp	.Lrdret
	/* {rp,n} -= m * cy: the value was below B^n + m, so it is below B^n
	 * after (constant time: the same instructions for either carry) */
.Lrdalmost:
	mov	%rax, %rdx		/* cy, the MULX multiplier */
	mov	8(%rsp), %rcx
	xor	%r10d, %r10d		/* clears CF */
	.p2align 4
1:	mulx	(%r13), %r8, %r11	/* m_j or 0; MULX leaves the flags */
	mov	(%r15), %r9
	sbb	%r8, %r9
	mov	%r9, (%r15)
	lea	8(%r13), %r13
	lea	8(%r15), %r15
	dec	%rcx
	jnz	1b
.Lrdret:
	add	$16, %rsp
	POP6
	BGCN_RET
BGCN_ENDF(bgcn_redc_1_adx)

/* ------------------------------------------------------------------ */
/* general n: product (or square) into a stack frame, then redc_1      */

BGCN_FUNC(bgcn_mont_mul_n_adx)
	cmp	$4, %r8
	je	.Lmont4
	cmp	$8, %r8
	je	.Lmont8
	lea	-2(%r8), %rax
	cmp	$5, %rax		/* n = 2, 3, 5, 6, 7 (unsigned: n >= 2) */
	jbe	.Lmont_small
	push	%rbp
	mov	%rsp, %rbp
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	mov	%rdi, %r12
	mov	%rcx, %r13
	mov	%r8, %r14
	mov	%r9, %r15
	mov	%r8, %rax
	shl	$4, %rax
	sub	%rax, %rsp
	and	$-64, %rsp
	mov	%rdx, %rcx		/* bp */
	mov	%rsp, %rdi
	mov	%r14, %rdx
	mov	%r14, %r8
	call	bgcn_mul_basecase_adx
.Lmont_redc_tail:
	mov	%r12, %rdi
	mov	%rsp, %rsi
	mov	%r13, %rdx
	mov	%r14, %rcx
	mov	%r15, %r8
	call	bgcn_redc_1_adx
	lea	-40(%rbp), %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
	BGCN_RET
BGCN_ENDF(bgcn_mont_mul_n_adx)

BGCN_FUNC(bgcn_mont_sqr_n_adx)
	cmp	$4, %rcx
	je	1f
	lea	-2(%rcx), %rax
	cmp	$6, %rax		/* n = 2, 3, 5, 6, 7, 8: as a*a */
	jbe	2f
	push	%rbp
	mov	%rsp, %rbp
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	mov	%rdi, %r12
	mov	%rdx, %r13
	mov	%rcx, %r14
	mov	%r8, %r15
	mov	%rcx, %rax
	shl	$4, %rax
	sub	%rax, %rsp
	and	$-64, %rsp
	mov	%rsp, %rdi
	mov	%r14, %rdx
	call	bgcn_sqr_basecase_adx
	jmp	.Lmont_redc_tail
	/* fixed sizes: (rp, ap, mp, n, minv) -> (rp, ap, ap, mp, n, minv) */
1:	mov	%r8, %r9
	mov	%rcx, %r8
	mov	%rdx, %rcx
	mov	%rsi, %rdx
	jmp	.Lsqr4
2:	mov	%r8, %r9
	mov	%rcx, %r8
	mov	%rdx, %rcx
	mov	%rsi, %rdx
	cmp	$8, %r8
	je	.Lmont8
	jmp	.Lmont_small
BGCN_ENDF(bgcn_mont_sqr_n_adx)

/* ------------------------------------------------------------------ */
/* fixed n = 4 and n = 8, fully unrolled CIOS                           */

#define RP_SLOT 0
#define BP_SLOT 8
#define MINV_SLOT 16

/* Product j of a row: t_j += lo (OF chain), t_j+1 += hi (CF chain); the
 * last one also folds both chains into t_n and t_n+1. */
.macro MACC src, j, n, tj, tj1, rest:vararg
	mulx	8*\j(\src), %rax, %r11
	adox	%rax, \tj
	adcx	%r11, \tj1
.if (\j+1) < \n
	MACC	\src, (\j+1), \n, \tj1, \rest
.else
	mov	$0, %eax
	adox	%rax, \tj1
	adcx	%rax, \rest
	adox	%rax, \rest
.endif
.endm

/* t += {src,n} * rdx over the registers t_0 .. t_n+1 */
.macro STAGE src, n, regs:vararg
	xor	%eax, %eax		/* clears CF and OF */
	MACC	\src, 0, \n, \regs
.endm

/* First row of the first iteration, t = a*b_0 from nothing: the low
 * halves land in t_j directly and only the high halves need a carry
 * chain (n flag operations instead of 2n + 3: ADC/ADCX/ADOX issue on two
 * ports only here, 2 per cycle measured, and they bound this kernel). */
.macro MUL0 j, n, tj, tj1, rest:vararg
.if \j == 0
	mulx	(%rsi), \tj, \tj1
.else
	mulx	8*\j(%rsi), %rax, \tj1
.if \j == 1
	add	%rax, \tj
.else
	adcx	%rax, \tj
.endif
.endif
.if (\j+1) < \n
	MUL0	(\j+1), \n, \tj1, \rest
.else
	mov	$0, %eax
	adcx	%rax, \tj1		/* t_n = high limb + CF; t_n+1 stays 0 */
.endif
.endm

/* One CIOS step for b_i; afterwards t_0 (first register) is zero.
 * b_i comes from r10 (n = 4) or through the bp stack slot (n = 8); minv
 * is a register or a memory operand. */
.macro MONT_ITER i, minv, n, t0, regs:vararg
.if \n < 8
	mov	8*\i(%r10), %rdx
.else
	mov	BP_SLOT(%rsp), %rdx
	mov	8*\i(%rdx), %rdx
.endif
.if \i == 0
	MUL0	0, \n, \t0, \regs
.else
	STAGE	%rsi, \n, \t0, \regs
.endif
	mov	\t0, %rdx
	imul	\minv, %rdx
	STAGE	%rcx, \n, \t0, \regs
.endm

/* rp = t - m (stored), CF = borrow of the whole t_0..t_n */
.macro FSUB j, n, tj, rest:vararg
	mov	\tj, %rax
.if \j == 0
	sub	(%rcx), %rax
.else
	sbb	8*\j(%rcx), %rax
.endif
	mov	%rax, 8*\j(%rdx)
.if (\j+1) < \n
	FSUB	(\j+1), \n, \rest
.else
	sbb	$0, \rest
.endif
.endm

/* where t - m borrowed, put t back (cmov: no branch on the value) */
.macro FSEL j, n, tj, rest:vararg
	mov	8*\j(%rdx), %rax
	cmovc	\tj, %rax
	mov	%rax, 8*\j(%rdx)
.if (\j+1) < \n
	FSEL	(\j+1), \n, \rest
.endif
.endm

.macro MONT_ENTRY
	PUSH6
	sub	$24, %rsp
	mov	%rdi, RP_SLOT(%rsp)
	mov	%rdx, BP_SLOT(%rsp)
	mov	%r9, MINV_SLOT(%rsp)
.endm
.macro MONT_EXIT
	add	$24, %rsp
	POP6
	BGCN_RET
.endm

/* n = 4: bp in r10, minv in r9, rp in rdi, t in r8 rbx rbp r12 r13 r14
 * (n is not needed), so only five registers are saved and the final
 * subtraction stays in registers (rax r11 rsi rdx) with cmovc. */
BGCN_FUNC(bgcn_mont_mul_4_adx)
.Lmont4:
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	mov	%rdx, %r10
	xor	%r14d, %r14d		/* t_n+1; MUL0 writes the others */
	MONT_ITER 0, %r9, 4, %r8, %rbx, %rbp, %r12, %r13, %r14
	MONT_ITER 1, %r9, 4, %rbx, %rbp, %r12, %r13, %r14, %r8
	MONT_ITER 2, %r9, 4, %rbp, %r12, %r13, %r14, %r8, %rbx
	MONT_ITER 3, %r9, 4, %r12, %r13, %r14, %r8, %rbx, %rbp
	/* t = r13 r14 r8 rbx, top limb rbp */
	mov	%r13, %rax
	sub	(%rcx), %rax
	mov	%r14, %r11
	sbb	8(%rcx), %r11
	mov	%r8, %rsi
	sbb	16(%rcx), %rsi
	mov	%rbx, %rdx
	sbb	24(%rcx), %rdx
	sbb	$0, %rbp		/* CF: t < m, keep t */
	cmovc	%r13, %rax
	cmovc	%r14, %r11
	cmovc	%r8, %rsi
	cmovc	%rbx, %rdx
	mov	%rax, (%rdi)
	mov	%r11, 8(%rdi)
	mov	%rsi, 16(%rdi)
	mov	%rdx, 24(%rdi)
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	BGCN_RET
BGCN_ENDF(bgcn_mont_mul_4_adx)

BGCN_FUNC(bgcn_mont_mul_8_adx)
.Lmont8:
	MONT_ENTRY
	xor	%r10d, %r10d		/* t_n+1; MUL0 writes the others */
	MONT_ITER 0, MINV_SLOT(%rsp), 8, %rbx, %rbp, %r12, %r13, %r14, %r15, %rdi, %r8, %r9, %r10
	MONT_ITER 1, MINV_SLOT(%rsp), 8, %rbp, %r12, %r13, %r14, %r15, %rdi, %r8, %r9, %r10, %rbx
	MONT_ITER 2, MINV_SLOT(%rsp), 8, %r12, %r13, %r14, %r15, %rdi, %r8, %r9, %r10, %rbx, %rbp
	MONT_ITER 3, MINV_SLOT(%rsp), 8, %r13, %r14, %r15, %rdi, %r8, %r9, %r10, %rbx, %rbp, %r12
	MONT_ITER 4, MINV_SLOT(%rsp), 8, %r14, %r15, %rdi, %r8, %r9, %r10, %rbx, %rbp, %r12, %r13
	MONT_ITER 5, MINV_SLOT(%rsp), 8, %r15, %rdi, %r8, %r9, %r10, %rbx, %rbp, %r12, %r13, %r14
	MONT_ITER 6, MINV_SLOT(%rsp), 8, %rdi, %r8, %r9, %r10, %rbx, %rbp, %r12, %r13, %r14, %r15
	MONT_ITER 7, MINV_SLOT(%rsp), 8, %r8, %r9, %r10, %rbx, %rbp, %r12, %r13, %r14, %r15, %rdi
	mov	RP_SLOT(%rsp), %rdx
	FSUB	0, 8, %r9, %r10, %rbx, %rbp, %r12, %r13, %r14, %r15, %rdi
	FSEL	0, 8, %r9, %r10, %rbx, %rbp, %r12, %r13, %r14, %r15
	MONT_EXIT
BGCN_ENDF(bgcn_mont_mul_8_adx)

/* n = 4 squaring, separated: the 8-limb square in registers (6 cross
 * products, doubled, plus 4 diagonal squares: 10 MULX against the 16 of
 * a product row set), then REDC of the low half only -- u = (t_lo +
 * Q*m)/B^4 by four quotient rows rotating over six registers, exactly the
 * reduction half of MONT_ITER -- and u + t_hi, which is < 2m because
 * u <= m and t_hi < m; one masked subtraction.  Same arguments as
 * mont_mul_4 (bp and n ignored).  rp is kept on the stack (rdi becomes
 * t_7); rp may equal ap, since ap is read only before anything is
 * stored.  Registers: t in r8 rbx rbp r12 | r13 r14 r15 rdi, temps
 * rax r10 r11, then the reduction rotates over r8 rbx rbp r12 rsi r10
 * with MACC's products in rax/r11. */
BGCN_FUNC(bgcn_mont_sqr_4_adx)
.Lsqr4:
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rdi
	/* cross products a_i a_j (i < j) into t1..t6 */
	mov	(%rsi), %rdx
	mulx	8(%rsi), %rbx, %rbp	/* a0 a1: t1, t2 */
	mulx	16(%rsi), %rax, %r12	/* a0 a2: t2, t3 */
	mulx	24(%rsi), %r10, %r13	/* a0 a3: t3, t4 */
	add	%rax, %rbp
	adc	%r10, %r12
	adc	$0, %r13
	mov	8(%rsi), %rdx
	mulx	16(%rsi), %r10, %r11	/* a1 a2: t3, t4 */
	mulx	24(%rsi), %rax, %r14	/* a1 a3: t4, t5 */
	add	%rax, %r11
	adc	$0, %r14
	add	%r10, %r12
	adc	%r11, %r13
	adc	$0, %r14
	mov	16(%rsi), %rdx
	mulx	24(%rsi), %r10, %r15	/* a2 a3: t5, t6 */
	add	%r10, %r14
	adc	$0, %r15
	/* double t1..t6 into t1..t7 */
	xor	%edi, %edi
	add	%rbx, %rbx
	adc	%rbp, %rbp
	adc	%r12, %r12
	adc	%r13, %r13
	adc	%r14, %r14
	adc	%r15, %r15
	adc	%rdi, %rdi
	/* diagonal squares a_i^2 at t_2i, t_2i+1 (MULX leaves the flags) */
	mov	(%rsi), %rdx
	mulx	%rdx, %r8, %rax
	mov	8(%rsi), %rdx
	mulx	%rdx, %r10, %r11
	add	%rax, %rbx
	adc	%r10, %rbp
	adc	%r11, %r12
	mov	16(%rsi), %rdx
	mulx	%rdx, %r10, %r11
	adc	%r10, %r13
	adc	%r11, %r14
	mov	24(%rsi), %rdx
	mulx	%rdx, %r10, %r11
	adc	%r10, %r15
	adc	%r11, %rdi
	/* REDC of t_lo = r8 rbx rbp r12 (rows as in MONT_ITER) */
	xor	%esi, %esi
	xor	%r10d, %r10d
	mov	%r8, %rdx
	imul	%r9, %rdx
	STAGE	%rcx, 4, %r8, %rbx, %rbp, %r12, %rsi, %r10
	mov	%rbx, %rdx
	imul	%r9, %rdx
	STAGE	%rcx, 4, %rbx, %rbp, %r12, %rsi, %r10, %r8
	mov	%rbp, %rdx
	imul	%r9, %rdx
	STAGE	%rcx, 4, %rbp, %r12, %rsi, %r10, %r8, %rbx
	mov	%r12, %rdx
	imul	%r9, %rdx
	STAGE	%rcx, 4, %r12, %rsi, %r10, %r8, %rbx, %rbp
	/* u = rsi r10 r8 rbx, top rbp; + t_hi */
	add	%r13, %rsi
	adc	%r14, %r10
	adc	%r15, %r8
	adc	%rdi, %rbx
	adc	$0, %rbp
	mov	%rsi, %rax
	sub	(%rcx), %rax
	mov	%r10, %r11
	sbb	8(%rcx), %r11
	mov	%r8, %r13
	sbb	16(%rcx), %r13
	mov	%rbx, %r14
	sbb	24(%rcx), %r14
	sbb	$0, %rbp		/* CF: sum < m, keep it */
	cmovc	%rsi, %rax
	cmovc	%r10, %r11
	cmovc	%r8, %r13
	cmovc	%rbx, %r14
	pop	%rdi
	mov	%rax, (%rdi)
	mov	%r11, 8(%rdi)
	mov	%r13, 16(%rdi)
	mov	%r14, 24(%rdi)
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	BGCN_RET
BGCN_ENDF(bgcn_mont_sqr_4_adx)

/* ------------------------------------------------------------------ */
/* fixed n = 2, 3, 5, 6, 7 (the sizes of ECM's moduli next to 4 and 8):
 * the same CIOS as n = 8, reached only through mont_mul_n_adx and
 * mont_sqr_n_adx.  bp in r10 and minv in r9 (n = 7: t needs r9, minv
 * comes from its stack slot); t in the registers listed, rotated one
 * place per limb of b.  The general path (mul_basecase + redc_1) costs
 * about as much at 6 limbs as this code at 8. */
	.p2align 4
.Lmont_small:
	cmp	$6, %r8
	je	.Lmont6
	cmp	$5, %r8
	je	.Lmont5
	cmp	$7, %r8
	je	.Lmont7
	cmp	$3, %r8
	je	.Lmont3
	jmp	.Lmont2

.Lmont2:
	MONT_ENTRY
	mov	%rdx, %r10		/* bp */
	xor	%r13, %r13		/* t_n+1; MUL0 writes the others */
	MONT_ITER 0, %r9, 2, %rbx, %rbp, %r12, %r13
	MONT_ITER 1, %r9, 2, %rbp, %r12, %r13, %rbx
	mov	RP_SLOT(%rsp), %rdx
	FSUB	0, 2, %r12, %r13, %rbx
	FSEL	0, 2, %r12, %r13
	MONT_EXIT

.Lmont3:
	MONT_ENTRY
	mov	%rdx, %r10		/* bp */
	xor	%r14, %r14		/* t_n+1; MUL0 writes the others */
	MONT_ITER 0, %r9, 3, %rbx, %rbp, %r12, %r13, %r14
	MONT_ITER 1, %r9, 3, %rbp, %r12, %r13, %r14, %rbx
	MONT_ITER 2, %r9, 3, %r12, %r13, %r14, %rbx, %rbp
	mov	RP_SLOT(%rsp), %rdx
	FSUB	0, 3, %r13, %r14, %rbx, %rbp
	FSEL	0, 3, %r13, %r14, %rbx
	MONT_EXIT

.Lmont5:
	MONT_ENTRY
	mov	%rdx, %r10		/* bp */
	xor	%r8, %r8		/* t_n+1; MUL0 writes the others */
	MONT_ITER 0, %r9, 5, %rbx, %rbp, %r12, %r13, %r14, %r15, %r8
	MONT_ITER 1, %r9, 5, %rbp, %r12, %r13, %r14, %r15, %r8, %rbx
	MONT_ITER 2, %r9, 5, %r12, %r13, %r14, %r15, %r8, %rbx, %rbp
	MONT_ITER 3, %r9, 5, %r13, %r14, %r15, %r8, %rbx, %rbp, %r12
	MONT_ITER 4, %r9, 5, %r14, %r15, %r8, %rbx, %rbp, %r12, %r13
	mov	RP_SLOT(%rsp), %rdx
	FSUB	0, 5, %r15, %r8, %rbx, %rbp, %r12, %r13
	FSEL	0, 5, %r15, %r8, %rbx, %rbp, %r12
	MONT_EXIT

.Lmont6:
	MONT_ENTRY
	mov	%rdx, %r10		/* bp */
	xor	%r8, %r8		/* t_n+1; MUL0 writes the others */
	MONT_ITER 0, %r9, 6, %rbx, %rbp, %r12, %r13, %r14, %r15, %rdi, %r8
	MONT_ITER 1, %r9, 6, %rbp, %r12, %r13, %r14, %r15, %rdi, %r8, %rbx
	MONT_ITER 2, %r9, 6, %r12, %r13, %r14, %r15, %rdi, %r8, %rbx, %rbp
	MONT_ITER 3, %r9, 6, %r13, %r14, %r15, %rdi, %r8, %rbx, %rbp, %r12
	MONT_ITER 4, %r9, 6, %r14, %r15, %rdi, %r8, %rbx, %rbp, %r12, %r13
	MONT_ITER 5, %r9, 6, %r15, %rdi, %r8, %rbx, %rbp, %r12, %r13, %r14
	mov	RP_SLOT(%rsp), %rdx
	FSUB	0, 6, %rdi, %r8, %rbx, %rbp, %r12, %r13, %r14
	FSEL	0, 6, %rdi, %r8, %rbx, %rbp, %r12, %r13
	MONT_EXIT

.Lmont7:
	MONT_ENTRY
	mov	%rdx, %r10		/* bp */
	xor	%r9, %r9		/* t_n+1; MUL0 writes the others */
	MONT_ITER 0, MINV_SLOT(%rsp), 7, %rbx, %rbp, %r12, %r13, %r14, %r15, %rdi, %r8, %r9
	MONT_ITER 1, MINV_SLOT(%rsp), 7, %rbp, %r12, %r13, %r14, %r15, %rdi, %r8, %r9, %rbx
	MONT_ITER 2, MINV_SLOT(%rsp), 7, %r12, %r13, %r14, %r15, %rdi, %r8, %r9, %rbx, %rbp
	MONT_ITER 3, MINV_SLOT(%rsp), 7, %r13, %r14, %r15, %rdi, %r8, %r9, %rbx, %rbp, %r12
	MONT_ITER 4, MINV_SLOT(%rsp), 7, %r14, %r15, %rdi, %r8, %r9, %rbx, %rbp, %r12, %r13
	MONT_ITER 5, MINV_SLOT(%rsp), 7, %r15, %rdi, %r8, %r9, %rbx, %rbp, %r12, %r13, %r14
	MONT_ITER 6, MINV_SLOT(%rsp), 7, %rdi, %r8, %r9, %rbx, %rbp, %r12, %r13, %r14, %r15
	mov	RP_SLOT(%rsp), %rdx
	FSUB	0, 7, %r8, %r9, %rbx, %rbp, %r12, %r13, %r14, %r15
	FSEL	0, 7, %r8, %r9, %rbx, %rbp, %r12, %r13, %r14
	MONT_EXIT

BGCN_FILE_END
