/*
 * AArch64 (LP64, AAPCS64) trampolines, the same shape as the x86-64 files:
 * every export puts its slot's index in x17 (IP1) and branches through its
 * table slot (the slot's address in x16, IP0). The table (trampoline.S)
 * lives in .bss and is filled when the library is loaded (an .init_array routine) with
 * cudnnv_lazy_entry, so it needs no relocation per export; that entry saves
 * the argument registers of this ABI (x0-x7, x8 for a returned struct,
 * q0-q7), asks cudnnv_resolve_slot for the target, restores them and
 * branches on with the caller's link register untouched.
 */

        .macro CUDNNV_TRAMPOLINE name, index
        .text
        .globl \name
        .type \name, %function
        .balign 16
\name:
        mov x17, #\index
        adrp x16, cudnnv_table + 8 * \index
        ldr x16, [x16, #:lo12:cudnnv_table + 8 * \index]
        br x16
        .size \name, .-\name
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

        /* At load: every slot leads to cudnnv_lazy_entry. */
        .type cudnnv_table_fill, %function
cudnnv_table_fill:
        adrp x0, cudnnv_table
        add x0, x0, #:lo12:cudnnv_table
        adrp x1, cudnnv_lazy_entry
        add x1, x1, #:lo12:cudnnv_lazy_entry
        mov x2, #cudnnv_table_count
1:      str x1, [x0], #8
        subs x2, x2, #1
        b.ne 1b
        ret
        .size cudnnv_table_fill, .-cudnnv_table_fill
        CUDNNV_FILL_AT_LOAD
        .endm
