/* aors_n_avx512.S -- bgcn_add_n_avx512, bgcn_sub_n_avx512: carry-select
 * addition and subtraction, 8 limbs per zmm, one body for both (gas macro
 * AVX_AORS, op add or sub).
 *
 * Contract (bgcn.h): {rp,n} = {ap,n} +/- {bp,n}, returns the carry/borrow;
 * n >= 1; rp may equal ap and/or bp (each block is loaded before it is
 * stored).  Needs AVX512F + AVX512DQ (kmovb) and the OS saving zmm/k
 * state (cpu.c checks XCR0 before this path is ever installed).
 *
 * Method, per block of 8 limbs: s = a +/- b lane-wise; g = lanes that
 * generate a carry (add: s < a; sub: s > a, i.e. a borrow), p = lanes
 * that propagate one (add: s = 2^64-1; sub: s = 0).  g and p are disjoint,
 * so with G, P the 8-bit masks and c the carry into the block,
 *     V = P + 2G + c,   carry into lane i = bit i of (V xor P),
 *     carry out of the block = bit 8 of V
 * (a binary addition performs the whole ripple; proof: the adder's own
 * carry never meets a generate bit, so lane carry = (2G+c) | adder carry
 * = V xor P bit by bit).  Lanes that receive a carry get +1 (or -1) by a
 * masked vpsubq/vpaddq of all-ones.  Only V -> V >> 8 is serial between
 * blocks (2 cycles per 8 limbs); the last n mod 8 limbs are one masked
 * block (masked loads do not fault on the lanes left out).
 *
 * Register map: rdi rp, rsi ap, rdx bp, r8 block count, ecx n mod 8, r9
 * carry, eax/r10/r11 masks, zmm0 all-ones, zmm1 a, zmm2 s, zmm3 b (tail),
 * k1 g, k2 p, k3 lanes to correct, k4 tail lanes.
 *
 * Cycles/limb measured here (Intel Xeon family 6 model 207, KVM guest):
 *      n              8     32    256   1000   4000
 *      add_n avx512 0.91   0.58   0.54   0.53   0.90
 *      sub_n avx512 0.91   0.58   0.53   0.53   0.90
 *      add_n adc    1.31   0.82   0.95   1.00   1.33  (aors_n.S)
 *      GMP add_n    1.13   0.84   0.95   1.00   1.33
 *   (cycles = ns x 2.996 GHz, the core clock measured by a dependent add
 *   chain before the run -- if 512-bit code lowered the clock, the true
 *   cycle counts are lower still; min of 300 windows of ~50 us; n = 4000
 *   is 96 KB of operands, past L1.)  Bound: per block 7 uops on ports 0
 *   and 5 (2 compares and kmov r->k on p5, 2 kmov k->r on p0, add and
 *   fix-up on p0/p5) = 3.5 cycles per 8 limbs = 0.44 c/l.
 */
#include "asm/x86_64/asm.h"

/* g into k1, p into k2; \m restricts both to the live lanes of the
 * tail block (there the lanes left out hold s = 0, which "propagates" a
 * borrow and would leak into the carry out). */
.macro GP op, m
.ifc \op,add
	vpcmpuq	$1, %zmm1, %zmm2, %k1\m		/* s < a: carry out */
	vpcmpeqq %zmm0, %zmm2, %k2\m		/* s = ~0: passes a carry */
.else
	vpcmpuq	$6, %zmm1, %zmm2, %k1\m		/* s > a: borrow out */
	vptestnmq %zmm2, %zmm2, %k2\m		/* s = 0: passes a borrow */
.endif
.endm

.macro FIX op
.ifc \op,add
	vpsubq	%zmm0, %zmm2, %zmm2{%k3}		/* +1 */
.else
	vpaddq	%zmm0, %zmm2, %zmm2{%k3}		/* -1 */
.endif
.endm

.macro AVX_AORS op
	mov	%rcx, %r8
	shr	$3, %r8
	and	$7, %ecx
	xor	%r9d, %r9d
	vpternlogq $0xff, %zmm0, %zmm0, %zmm0
	test	%r8, %r8
	jz	2f
	.p2align 4
1:	vmovdqu64 (%rsi), %zmm1
	vp\op\()q (%rdx), %zmm1, %zmm2
	GP	\op
	kmovb	%k1, %eax
	kmovb	%k2, %r10d
	lea	(%r10,%rax,2), %r11
	add	%r9, %r11			/* V = P + 2G + c */
	mov	%r11, %r9
	shr	$8, %r9				/* carry out */
	xor	%r10d, %r11d
	kmovb	%r11d, %k3
	FIX	\op
	vmovdqu64 %zmm2, (%rdi)
	lea	64(%rsi), %rsi
	lea	64(%rdx), %rdx
	lea	64(%rdi), %rdi
	dec	%r8
	jnz	1b
2:	test	%ecx, %ecx
	jz	3f
	mov	$1, %eax
	shl	%cl, %eax
	dec	%eax
	kmovb	%eax, %k4
	vmovdqu64 (%rsi), %zmm1{%k4}{z}
	vmovdqu64 (%rdx), %zmm3{%k4}{z}
	vp\op\()q %zmm3, %zmm1, %zmm2
	GP	\op, {%k4}
	kmovb	%k1, %eax
	kmovb	%k2, %r10d
	lea	(%r10,%rax,2), %r11
	add	%r9, %r11
	mov	%r11, %r9
	shr	%cl, %r9			/* carry out of lane n mod 8 - 1 */
	and	$1, %r9d
	xor	%r10d, %r11d
	kmovb	%r11d, %k3
	FIX	\op
	vmovdqu64 %zmm2, (%rdi){%k4}
3:	mov	%r9, %rax
	vzeroupper
.endm

BGCN_FUNC(bgcn_add_n_avx512)
	AVX_AORS add
	BGCN_RET
BGCN_ENDF(bgcn_add_n_avx512)

BGCN_FUNC(bgcn_sub_n_avx512)
	AVX_AORS sub
	BGCN_RET
BGCN_ENDF(bgcn_sub_n_avx512)

BGCN_FILE_END
