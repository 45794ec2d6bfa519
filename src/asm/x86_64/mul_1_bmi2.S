/* mul_1_bmi2.S -- BMI2 (MULX without ADX) single-row kernels:
 * bgcn_mul_1_bmi2, bgcn_addmul_1_bmi2, bgcn_submul_1_bmi2.
 *
 * Contracts (bgcn.h), n >= 1, rp may equal ap (no other overlap):
 *   mul_1:    {rp,n}  = {ap,n} * b,  returns the high limb
 *   addmul_1: {rp,n} += {ap,n} * b,  returns the carry limb
 *   submul_1: {rp,n} -= {ap,n} * b,  returns the borrow limb
 * Method and register map: rows_bmi2.h (MULX leaves the flags alone, one
 * ADC chain for the row a*b and, one group of four limbs later, one for
 * r +- row, the carry between groups kept in registers).  For CPUs with
 * BMI2 and no ADX (Haswell, Excavator); where ADX exists the adx path
 * (mul_1_adx.S) runs both chains at once.
 *
 * Register map at entry: rdi rp, rsi ap, rdx n -> r12, rcx b -> rdx (the
 * MULX multiplier); rbx, rbp, r12 saved (the row needs them). */
#include "asm/x86_64/asm.h"
#include "asm/x86_64/rows_bmi2.h"

.macro ROW1_KERNEL op, name
BGCN_FUNC(\name)
	push	%rbx
	push	%rbp
	push	%r12
	mov	%rdx, %r12
	mov	%rcx, %rdx
	ROW_BMI2 \op, %r12
	mov	%rbx, %rax
	pop	%r12
	pop	%rbp
	pop	%rbx
	BGCN_RET
BGCN_ENDF(\name)
.endm

	ROW1_KERNEL mul, bgcn_mul_1_bmi2
	ROW1_KERNEL add, bgcn_addmul_1_bmi2
	ROW1_KERNEL sub, bgcn_submul_1_bmi2

BGCN_FILE_END
