/*
 * x86-64 System V trampolines. Every export puts its slot's index in r11 (a
 * scratch register no argument uses) and jumps through its table slot.
 * The table (trampoline.S) lives in .bss and is filled when the library is
 * loaded (an .init_array routine, before any caller can run) with cudnnv_lazy_entry,
 * so it needs no relocation per export; that entry saves the argument
 * registers (rdi rsi rdx rcx r8 r9, rax for varargs, r10, xmm0-7), asks
 * cudnnv_resolve_slot(r11) for the target (loading the set at the first
 * call), restores them, and jumps on as if the caller had called the target.
 */

        .macro CUDNNV_TRAMPOLINE name, index
        .text
        .globl \name
        .type \name, @function
        .balign 16
\name:
        movl $\index, %r11d
        jmp *cudnnv_table+8*\index(%rip)
        .size \name, .-\name
        .endm

        /* The argument registers and their places in the frame, named once for
         * the saving and the restoring. */
        .macro CUDNNV_ARGUMENT_REGISTERS each
        \each movq, %rdi, 0
        \each movq, %rsi, 8
        \each movq, %rdx, 16
        \each movq, %rcx, 24
        \each movq, %r8, 32
        \each movq, %r9, 40
        \each movq, %rax, 48
        \each movq, %r10, 56
        \each movdqa, %xmm0, 64
        \each movdqa, %xmm1, 80
        \each movdqa, %xmm2, 96
        \each movdqa, %xmm3, 112
        \each movdqa, %xmm4, 128
        \each movdqa, %xmm5, 144
        \each movdqa, %xmm6, 160
        \each movdqa, %xmm7, 176
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
        .type cudnnv_lazy_entry, @function
cudnnv_lazy_entry:
        pushq %r11
        /* stack: slot index, then the caller's return address */
        pushq %rbp
        movq %rsp, %rbp
        subq $200, %rsp
        andq $-16, %rsp
        CUDNNV_ARGUMENT_REGISTERS CUDNNV_SAVE
        movq 8(%rbp), %rdi
        call cudnnv_resolve_slot
        movq %rax, %r11
        CUDNNV_ARGUMENT_REGISTERS CUDNNV_RESTORE
        movq %rbp, %rsp
        popq %rbp
        addq $8, %rsp
        jmp *%r11
        .size cudnnv_lazy_entry, .-cudnnv_lazy_entry

        /* At load: every slot leads to cudnnv_lazy_entry. */
        .type cudnnv_table_fill, @function
cudnnv_table_fill:
        leaq cudnnv_lazy_entry(%rip), %rax
        leaq cudnnv_table(%rip), %rdx
        movl $cudnnv_table_count, %ecx
1:      movq %rax, (%rdx)
        addq $8, %rdx
        decl %ecx
        jnz 1b
        ret
        .size cudnnv_table_fill, .-cudnnv_table_fill
        CUDNNV_FILL_AT_LOAD
        .endm
