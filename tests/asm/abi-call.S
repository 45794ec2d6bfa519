/* abi-call.S -- test trampoline: bgc_test_abi_call(fn, args[6], out[2])
 * loads known patterns into rbx, rbp, r12-r15, calls fn(args[0..5]),
 * stores its rax in out[0] and in out[1] a bit mask of what the callee
 * broke: bit k (k = 0..5) for rbx, rbp, r12, r13, r14, r15 changed, bit 6
 * for the direction flag left set.  The caller's own registers are saved
 * and restored around all of this. */
	.text
	.globl	bgc_test_abi_call
	.type	bgc_test_abi_call, @function
	.p2align 4
bgc_test_abi_call:
#ifdef __CET__
	endbr64
#endif
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rdx			/* out; rsp is now 16-byte aligned */
	mov	%rdi, %rax
	mov	%rsi, %r11
	movabs	$0x0123456789abcdef, %rbx
	movabs	$0x1122334455667788, %rbp
	movabs	$0xfedcba9876543210, %r12
	movabs	$0x8877665544332211, %r13
	movabs	$0x0f1e2d3c4b5a6978, %r14
	movabs	$0x7a6b5c4d3e2f1001, %r15
	mov	0(%r11), %rdi
	mov	8(%r11), %rsi
	mov	16(%r11), %rdx
	mov	24(%r11), %rcx
	mov	32(%r11), %r8
	mov	40(%r11), %r9
	call	*%rax
	pop	%r11			/* out */
	mov	%rax, 0(%r11)
	xor	%r10d, %r10d
	movabs	$0x0123456789abcdef, %rcx
	cmp	%rcx, %rbx
	setne	%al
	movzbl	%al, %eax
	or	%rax, %r10
	movabs	$0x1122334455667788, %rcx
	cmp	%rcx, %rbp
	setne	%al
	movzbl	%al, %eax
	shl	$1, %eax
	or	%rax, %r10
	movabs	$0xfedcba9876543210, %rcx
	cmp	%rcx, %r12
	setne	%al
	movzbl	%al, %eax
	shl	$2, %eax
	or	%rax, %r10
	movabs	$0x8877665544332211, %rcx
	cmp	%rcx, %r13
	setne	%al
	movzbl	%al, %eax
	shl	$3, %eax
	or	%rax, %r10
	movabs	$0x0f1e2d3c4b5a6978, %rcx
	cmp	%rcx, %r14
	setne	%al
	movzbl	%al, %eax
	shl	$4, %eax
	or	%rax, %r10
	movabs	$0x7a6b5c4d3e2f1001, %rcx
	cmp	%rcx, %r15
	setne	%al
	movzbl	%al, %eax
	shl	$5, %eax
	or	%rax, %r10
	pushf
	pop	%rax
	shr	$10, %rax		/* DF is bit 10 of RFLAGS */
	and	$1, %eax
	shl	$6, %eax
	or	%rax, %r10
	mov	%r10, 8(%r11)
	cld
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
	.size	bgc_test_abi_call, .-bgc_test_abi_call
	.section .note.GNU-stack,"",@progbits
