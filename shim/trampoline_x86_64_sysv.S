/*
 * x86-64 System V trampolines. Every export is one indirect jump through its
 * table slot. Until the table is filled, slot i holds the address of a lazy
 * stub that pushes i and enters cudnnv_lazy_entry, which saves the argument
 * registers (rdi rsi rdx rcx r8 r9, rax for varargs, r10, xmm0-7), asks
 * cudnnv_resolve_slot(i) for the target (resolving the whole table once),
 * restores them, and jumps on as if the caller had called the target.
 */

        .macro CUDNNV_TABLE_BEGIN count
        .section .data.rel.local.cudnnv_table, "aw", @progbits
        .balign 8
        .globl cudnnv_table
        .hidden cudnnv_table
cudnnv_table:
        .text
        .endm

        .macro CUDNNV_TRAMPOLINE name, index
        .text
        .globl \name
        .type \name, @function
        .balign 16
\name:
        jmp *cudnnv_table+8*\index(%rip)
        .size \name, .-\name
.Lcudnnv_lazy_\index:
        pushq $\index
        jmp cudnnv_lazy_entry
        .section .data.rel.local.cudnnv_table, "aw", @progbits
        .quad .Lcudnnv_lazy_\index
        .text
        .endm

        .macro CUDNNV_TABLE_END
        .text
        .balign 16
        .type cudnnv_lazy_entry, @function
cudnnv_lazy_entry:
        /* stack: slot index, then the caller's return address */
        pushq %rbp
        movq %rsp, %rbp
        subq $200, %rsp
        andq $-16, %rsp
        movq %rdi, 0(%rsp)
        movq %rsi, 8(%rsp)
        movq %rdx, 16(%rsp)
        movq %rcx, 24(%rsp)
        movq %r8, 32(%rsp)
        movq %r9, 40(%rsp)
        movq %rax, 48(%rsp)
        movq %r10, 56(%rsp)
        movdqa %xmm0, 64(%rsp)
        movdqa %xmm1, 80(%rsp)
        movdqa %xmm2, 96(%rsp)
        movdqa %xmm3, 112(%rsp)
        movdqa %xmm4, 128(%rsp)
        movdqa %xmm5, 144(%rsp)
        movdqa %xmm6, 160(%rsp)
        movdqa %xmm7, 176(%rsp)
        movq 8(%rbp), %rdi
        call cudnnv_resolve_slot
        movq %rax, %r11
        movq 0(%rsp), %rdi
        movq 8(%rsp), %rsi
        movq 16(%rsp), %rdx
        movq 24(%rsp), %rcx
        movq 32(%rsp), %r8
        movq 40(%rsp), %r9
        movq 48(%rsp), %rax
        movq 56(%rsp), %r10
        movdqa 64(%rsp), %xmm0
        movdqa 80(%rsp), %xmm1
        movdqa 96(%rsp), %xmm2
        movdqa 112(%rsp), %xmm3
        movdqa 128(%rsp), %xmm4
        movdqa 144(%rsp), %xmm5
        movdqa 160(%rsp), %xmm6
        movdqa 176(%rsp), %xmm7
        movq %rbp, %rsp
        popq %rbp
        addq $8, %rsp
        jmp *%r11
        .size cudnnv_lazy_entry, .-cudnnv_lazy_entry
        .section .note.GNU-stack, "", @progbits
        .endm
