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
 * MULX multiplier), rcx = n >> 3 loop count, r8..r11 lo/hi pairs, rax
 * zero at the tail then the return value.
 *
 * Cycles/limb measured here (Intel Xeon family 6 model 207, KVM guest;
 * core clock calibrated by a dependent add chain; min of 7 runs):
 *   MEASURED_TABLE
 */
#include "asm/x86_64/asm.h"
#include "asm/x86_64/rows_adx.h"

.macro ROW1_COPY op, k
.L\op\()_k\k:
	ROW_ADX	\op, \k
	mov	%r11, %rax
	BGCN_RET
.endm

.macro ROW1_KERNEL op, name
BGCN_FUNC(\name)
	mov	%rdx, %r10
	mov	%rcx, %rdx
	mov	%r10, %rcx
	shr	$3, %rcx
	DISPATCH8 %r10, .L\op\()_k, %r8
	ROW1_COPY \op, 0
	ROW1_COPY \op, 1
	ROW1_COPY \op, 2
	ROW1_COPY \op, 3
	ROW1_COPY \op, 4
	ROW1_COPY \op, 5
	ROW1_COPY \op, 6
	ROW1_COPY \op, 7
BGCN_ENDF(\name)
.endm

	ROW1_KERNEL mul, bgcn_mul_1_adx
	ROW1_KERNEL add, bgcn_addmul_1_adx
	ROW1_KERNEL sub, bgcn_submul_1_adx

BGCN_FILE_END
