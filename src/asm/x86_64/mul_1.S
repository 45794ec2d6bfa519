/* mul_1.S -- baseline (any x86-64, MUL/ADC) single-row kernels:
 * bgcn_mul_1_x86_64, bgcn_addmul_1_x86_64, bgcn_submul_1_x86_64.
 *
 * Contracts (bgcn.h), n >= 1, rp may equal ap (no other overlap):
 *   mul_1:    {rp,n}  = {ap,n} * b,  returns the high limb
 *   addmul_1: {rp,n} += {ap,n} * b,  returns the carry limb
 *   submul_1: {rp,n} -= {ap,n} * b,  returns the borrow limb
 * Method and register map: rows.h (one MUL per limb, carry in r8, a
 * 2-cycle add/adc loop-carried chain, 4-way unrolled).
 *
 * Cycles/limb measured here (Intel Xeon family 6 model 207, KVM guest;
 * core clock calibrated by a dependent add chain; min of 7 runs):
 *   MEASURED_TABLE
 */
#include "asm/x86_64/asm.h"
#include "asm/x86_64/rows.h"

BGCN_FUNC(bgcn_mul_1_x86_64)
	mov	%rdx, %r10
	xor	%r8d, %r8d
	ROW	MUL1_STEP
	mov	%r8, %rax
	BGCN_RET
BGCN_ENDF(bgcn_mul_1_x86_64)

BGCN_FUNC(bgcn_addmul_1_x86_64)
	mov	%rdx, %r10
	xor	%r8d, %r8d
	ROW	ADDMUL1_STEP
	mov	%r8, %rax
	BGCN_RET
BGCN_ENDF(bgcn_addmul_1_x86_64)

BGCN_FUNC(bgcn_submul_1_x86_64)
	mov	%rdx, %r10
	xor	%r8d, %r8d
	ROW	SUBMUL1_STEP
	mov	%r8, %rax
	BGCN_RET
BGCN_ENDF(bgcn_submul_1_x86_64)

BGCN_FILE_END
