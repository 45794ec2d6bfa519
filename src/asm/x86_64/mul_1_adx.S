/* mul_1_adx.S -- BMI2+ADX single-row kernels: bgcn_mul_1_adx,
 * bgcn_addmul_1_adx, bgcn_submul_1_adx.
 *
 * Contracts (bgcn.h), n >= 1, rp may equal ap (no other overlap):
 *   mul_1:    {rp,n}  = {ap,n} * b,  returns the high limb
 *   addmul_1: {rp,n} += {ap,n} * b,  returns the carry limb
 *   submul_1: {rp,n} -= {ap,n} * b,  returns the borrow limb
 * Method: rows_adx.h -- MULX (flagless) with two carry chains, ADCX (CF)
 * building the row a*b and ADOX (OF) adding it into r; 8-way unrolled,
 * one copy of the row per n mod 8 so the feed-in is straight code.
 *
 * Register map at entry: rdi rp, rsi ap, rdx n -> r10, rcx b -> rdx (the
 * MULX multiplier), rcx = n >> 3 loop count, r8..r11 lo/hi pairs, rax
 * zero at the tail then the return value.
 *
 * Cycles/limb measured here (Intel Xeon family 6 model 207, KVM guest;
 * see the note below):
 *      n             8     32    256   1000   4000
 *      mul_1      1.38   1.25   1.03   1.01   1.01
 *      addmul_1   1.71   1.34   1.33   1.40   1.43
 *      submul_1   1.98   1.56   1.48   1.48   1.52
 *      GMP mul_1  1.82   1.89   2.19   2.35   2.36
 *      GMP addmul 2.94   1.99   2.21   2.28   2.30
 *      GMP submul 2.25   1.99   2.20   2.27   2.29
 *   (cycles = ns x core clock; core clock 2.996 GHz from a dependent
 *   add reg,reg chain, not the TSC; min of 400 windows of ~50 us, since the
 *   two vCPUs are shared; GMP 6.2.1 as installed, same process)
 * (addmul_1 at n = 1000 is 1.29-1.37 when rp and ap are not 512 bytes
 * apart mod 4096 as in this harness.)  Latency vs throughput here, k
 * independent chains side by side, cycles per group of k instructions:
 *      k                     1     2     3     4     5     6
 *      add r,r            1.00  1.02  1.04  1.15  1.20  1.47
 *      imul r,r           3.00  3.00  3.00  4.00  5.00  6.00
 *      mulx (via hi)      4.00  4.00  4.00  4.00  5.00  6.00
 *      mulx (via lo)      3.00  3.00  3.00  4.00  5.00  6.00
 *      cmp+adc pairs      2.00  2.00  2.42  2.85  3.15  3.37
 *      adcx+adox chains   1.09 (k=2)  2.10 (k=4)
 * So MULX is 1/cycle (latency 3 lo, 4 hi) but ADC/ADCX/ADOX issue at only
 * ~1.8 per cycle (two ports): a limb of addmul/submul needs two of them
 * (plus the loop's jrcxz/jmp on the same ports), so ~1.1-1.25 c/l is the
 * floor of this scheme on this core; mul_1 needs one and runs at 1.0. */
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
