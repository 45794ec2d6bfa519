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
 * see the note below):
 *      n             8     32    256   1000   4000
 *      mul_1      1.73   1.75   2.13   2.33   2.40
 *      addmul_1   2.15   2.00   2.24   2.30   2.32
 *      submul_1   2.24   2.07   2.24   2.31   2.33
 *      GMP mul_1  1.82   1.89   2.19   2.35   2.36
 *      GMP addmul 2.94   1.99   2.21   2.28   2.30
 *      GMP submul 2.25   1.99   2.20   2.27   2.29
 *   (cycles = ns x core clock; core clock 2.996 GHz from a dependent
 *   add reg,reg chain, not the TSC; min of 400 windows of ~50 us, since the
 *   two vCPUs are shared; GMP 6.2.1 as installed, same process)
 * The limit is the 2-cycle add/adc carry chain per limb. */
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
