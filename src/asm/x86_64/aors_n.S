/* aors_n.S -- bgcn_add_n_x86_64, bgcn_sub_n_x86_64: one carry-chain body
 * for both (the gas macro AORS_BODY takes the instruction, adc or sbb).
 *
 * Contract (bgcn.h): {rp,n} = {ap,n} +/- {bp,n}, returns the carry/borrow
 * (0 or 1); n >= 1; rp may equal ap and/or bp (all loads of a block come
 * before its stores, so exact overlap is safe).
 *
 * Method: first the n mod 4 odd limbs one at a time, then 4 limbs per
 * iteration: four loads of a, four adc/sbb with b from memory, four stores.
 * The loop is closed with lea (pointers) and dec/jnz: neither touches CF,
 * and dec/jnz macro-fuses, so the only loop-carried dependency is the
 * carry flag itself -- one adc per cycle, the floor of a single chain.
 *
 * Register map: rdi rp, rsi ap, rdx bp, rcx odd-limb count then the
 * iteration count, r9 = n >> 2, r8 r10 r11 rax limb temporaries.
 *
 * Cycles/limb measured here (Intel Xeon family 6 model 207, KVM guest):
 *      n           8     32    256   1000   4000
 *      add_n    1.37   0.81   0.95   1.00   1.33
 *      sub_n    1.19   0.82   0.95   1.00   1.33  (n = 4000: 96 KB, past L1)
 *      GMP add  1.38   0.83   0.95   1.00   1.33
 *      GMP sub  1.13   0.84   0.95   1.00   1.33
 *   (cycles = ns x core clock; core clock 2.996 GHz from a dependent
 *   add reg,reg chain, not the TSC; min of 400 windows of ~50 us, since the
 *   two vCPUs are shared; GMP 6.2.1 as installed, same process)
 * 1.0 c/l is the single-chain floor: one adc per cycle (latency 1, see
 * the chains table in mul_1_adx.S).
 */
#include "asm/x86_64/asm.h"

.macro AORS_BODY op
	mov	%rcx, %r9
	shr	$2, %r9
	and	$3, %ecx		/* clears CF: the chain starts at 0 */
	jz	2f
1:	mov	(%rsi), %r8
	\op	(%rdx), %r8
	mov	%r8, (%rdi)
	lea	8(%rsi), %rsi
	lea	8(%rdx), %rdx
	lea	8(%rdi), %rdi
	dec	%ecx
	jnz	1b
2:	mov	%r9, %rcx		/* mov and jrcxz keep CF */
	jrcxz	4f
	.p2align 4
3:	mov	(%rsi), %r8
	mov	8(%rsi), %r10
	mov	16(%rsi), %r11
	mov	24(%rsi), %rax
	\op	(%rdx), %r8
	\op	8(%rdx), %r10
	\op	16(%rdx), %r11
	\op	24(%rdx), %rax
	mov	%r8, (%rdi)
	mov	%r10, 8(%rdi)
	mov	%r11, 16(%rdi)
	mov	%rax, 24(%rdi)
	lea	32(%rsi), %rsi
	lea	32(%rdx), %rdx
	lea	32(%rdi), %rdi
	dec	%rcx
	jnz	3b
4:	mov	$0, %eax
	adc	%eax, %eax
.endm

BGCN_FUNC(bgcn_add_n_x86_64)
	AORS_BODY adc
	BGCN_RET
BGCN_ENDF(bgcn_add_n_x86_64)

BGCN_FUNC(bgcn_sub_n_x86_64)
	AORS_BODY sbb
	BGCN_RET
BGCN_ENDF(bgcn_sub_n_x86_64)

BGCN_FILE_END
