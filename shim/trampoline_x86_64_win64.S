/*
 * x86-64 Windows (Win64 ABI) trampolines, the same shape as the System V
 * file: one indirect jump through the table per export; until resolution,
 * a lazy stub pushes its index and enters cudnnv_lazy_entry, which saves the
 * argument registers of this ABI (rcx rdx r8 r9, xmm0-3), gives the callee
 * its 32-byte shadow space, asks cudnnv_resolve_slot for the target,
 * restores them and jumps on. Exports are named in the generated .def file.
 */

        .macro CUDNNV_TABLE_BEGIN count
        .data
        .balign 8
        .globl cudnnv_table
cudnnv_table:
        .text
        .endm

        .macro CUDNNV_TRAMPOLINE name, index
        .text
        .globl \name
        .balign 16
\name:
        jmp *cudnnv_table+8*\index(%rip)
.Lcudnnv_lazy_\index:
        pushq $\index
        jmp cudnnv_lazy_entry
        .data
        .quad .Lcudnnv_lazy_\index
        .text
        .endm

        .macro CUDNNV_TABLE_END
        .text
        .balign 16
cudnnv_lazy_entry:
        /* stack: slot index, then the caller's return address */
        pushq %rbp
        movq %rsp, %rbp
        subq $136, %rsp
        andq $-16, %rsp
        movq %rcx, 32(%rsp)
        movq %rdx, 40(%rsp)
        movq %r8, 48(%rsp)
        movq %r9, 56(%rsp)
        movdqa %xmm0, 64(%rsp)
        movdqa %xmm1, 80(%rsp)
        movdqa %xmm2, 96(%rsp)
        movdqa %xmm3, 112(%rsp)
        movq 8(%rbp), %rcx
        call cudnnv_resolve_slot
        movq %rax, %r11
        movq 32(%rsp), %rcx
        movq 40(%rsp), %rdx
        movq 48(%rsp), %r8
        movq 56(%rsp), %r9
        movdqa 64(%rsp), %xmm0
        movdqa 80(%rsp), %xmm1
        movdqa 96(%rsp), %xmm2
        movdqa 112(%rsp), %xmm3
        movq %rbp, %rsp
        popq %rbp
        addq $8, %rsp
        jmp *%r11
        .endm
