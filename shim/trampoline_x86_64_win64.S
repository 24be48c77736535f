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

        /* The argument registers and their places in the frame, named once for
         * the saving and the restoring. */
        .macro CUDNNV_ARGUMENT_REGISTERS each
        \each movq, %rcx, 32
        \each movq, %rdx, 40
        \each movq, %r8, 48
        \each movq, %r9, 56
        \each movdqa, %xmm0, 64
        \each movdqa, %xmm1, 80
        \each movdqa, %xmm2, 96
        \each movdqa, %xmm3, 112
        .endm

        .macro CUDNNV_SAVE move, register, offset
        \move \register, \offset(%rsp)
        .endm

        .macro CUDNNV_RESTORE move, register, offset
        \move \offset(%rsp), \register
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
        CUDNNV_ARGUMENT_REGISTERS CUDNNV_SAVE
        movq 8(%rbp), %rcx
        call cudnnv_resolve_slot
        movq %rax, %r11
        CUDNNV_ARGUMENT_REGISTERS CUDNNV_RESTORE
        movq %rbp, %rsp
        popq %rbp
        addq $8, %rsp
        jmp *%r11
        .endm
