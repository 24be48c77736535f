/*
 * AArch64 (LP64, AAPCS64) trampolines, the same shape as the x86-64 files:
 * one indirect branch through the table slot per export (the slot's address
 * in x16, the IP0 scratch register); until resolution, a lazy stub puts its
 * index in x17 (IP1) and enters cudnnv_lazy_entry, which saves the argument
 * registers of this ABI (x0-x7, x8 for a returned struct, q0-q7), asks
 * cudnnv_resolve_slot for the target, restores them and branches on with the
 * caller's link register untouched.
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
        .type \name, %function
        .balign 16
\name:
        adrp x16, cudnnv_table + 8 * \index
        ldr x16, [x16, #:lo12:cudnnv_table + 8 * \index]
        br x16
        .size \name, .-\name
.Lcudnnv_lazy_\index:
        mov x17, #\index
        b cudnnv_lazy_entry
        .section .data.rel.local.cudnnv_table, "aw", @progbits
        .quad .Lcudnnv_lazy_\index
        .text
        .endm

        /* The argument registers and their places in the frame, named once:
         * saved with (stp, str), restored with (ldp, ldr). */
        .macro CUDNNV_ARGUMENT_REGISTERS pair, single
        \pair x0, x1, [sp, #16]
        \pair x2, x3, [sp, #32]
        \pair x4, x5, [sp, #48]
        \pair x6, x7, [sp, #64]
        \single x8, [sp, #80]
        \pair q0, q1, [sp, #96]
        \pair q2, q3, [sp, #128]
        \pair q4, q5, [sp, #160]
        \pair q6, q7, [sp, #192]
        .endm

        .macro CUDNNV_TABLE_END
        .text
        .balign 16
        .type cudnnv_lazy_entry, %function
cudnnv_lazy_entry:
        stp x29, x30, [sp, #-224]!
        mov x29, sp
        CUDNNV_ARGUMENT_REGISTERS stp, str
        mov x0, x17
        bl cudnnv_resolve_slot
        mov x16, x0
        CUDNNV_ARGUMENT_REGISTERS ldp, ldr
        ldp x29, x30, [sp], #224
        br x16
        .size cudnnv_lazy_entry, .-cudnnv_lazy_entry
        .section .note.GNU-stack, "", @progbits
        .endm
