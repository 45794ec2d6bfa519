/* mul_1_adx.S -- BMI2+ADX single-row kernels: bgcn_mul_1_adx,
 * bgcn_addmul_1_adx, bgcn_submul_1_adx.
 *
 * Contracts (bgcn.h), n >= 1, rp may equal ap (no other overlap):
 *   mul_1:    {rp,n}  = {ap,n} * b,  returns the high limb
 *   addmul_1: {rp,n} += {ap,n} * b,  returns the carry limb
 *   submul_1: {rp,n} -= {ap,n} * b,  returns the borrow limb
 * Method: rows_adx.h -- MULX (flagless) with two carry chains, ADCX (CF)
 * building the row a*b and ADOX (OF) adding it into r; 4-way unrolled,
 * one copy of the row per n mod 4 so the feed-in is straight code.
 *
 * Register map at entry: rdi rp, rsi ap, rdx n -> r10, rcx b -> rdx (the
 * MULX multiplier), rcx = n >> 2 loop count, r8..r11 lo/hi pairs, rax
 * zero at the tail then the return value.
 *
 * Cycles/limb measured here (Intel Xeon family 6 model 207, KVM guest;
 * core clock calibrated by a dependent add chain; min of 7 runs):
 *   MEASURED_TABLE
 */
#include "asm/x86_64/asm.h"
#include "asm/x86_64/rows_adx.h"

.macro ROW1_KERNEL op, name
BGCN_FUNC(\name)
	mov	%rdx, %r10
	mov	%rcx, %rdx
	mov	%r10, %rcx
	shr	$2, %rcx
	DISPATCH4 %r10, .L\op\()_k, %r8
.L\op\()_k0:
	ROW_ADX	\op, 0
	mov	%r11, %rax
	BGCN_RET
.L\op\()_k1:
	ROW_ADX	\op, 1
	mov	%r11, %rax
	BGCN_RET
.L\op\()_k2:
	ROW_ADX	\op, 2
	mov	%r11, %rax
	BGCN_RET
.L\op\()_k3:
	ROW_ADX	\op, 3
	mov	%r11, %rax
	BGCN_RET
BGCN_ENDF(\name)
.endm

	ROW1_KERNEL mul, bgcn_mul_1_adx
	ROW1_KERNEL add, bgcn_addmul_1_adx
	ROW1_KERNEL sub, bgcn_submul_1_adx

BGCN_FILE_END
