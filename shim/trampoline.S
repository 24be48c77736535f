/*
 * The per-ABI part of the shim, chosen by architecture. Each file defines
 * CUDNNV_TRAMPOLINE and CUDNNV_TABLE_END for the generated stub list (and
 * the Windows one CUDNNV_TABLE_BEGIN; the ELF table is below): System V and
 * Windows x86-64, and AArch64 Linux.
 */
#if !defined(_WIN32)
        /* ELF: the table lives in .bss; each ABI's file fills it at load (.init_array), so it needs no
         * relocation per export. */
        .macro CUDNNV_TABLE_BEGIN count
        .section .bss.cudnnv_table, "aw", @nobits
        .balign 8
        .globl cudnnv_table
        .hidden cudnnv_table
cudnnv_table:
        .skip 8 * \count
        .set cudnnv_table_count, \count
        .text
        .endm

        /* The end of an ELF table: the ABI's cudnnv_table_fill runs at load. */
        .macro CUDNNV_FILL_AT_LOAD
        .section .init_array, "aw"
        .balign 8
        .quad cudnnv_table_fill
        .section .note.GNU-stack, "", @progbits
        .endm
#endif

#if defined(__x86_64__) && !defined(_WIN32)
#include "trampoline_x86_64_sysv.S"
#elif defined(__x86_64__) && defined(_WIN32)
#include "trampoline_x86_64_win64.S"
#elif defined(__aarch64__) && !defined(_WIN32)
#include "trampoline_aarch64_lp64.S"
#else
#error "cudnnv: no trampolines for this ABI yet (see shim/trampoline_x86_64_sysv.S)"
#endif
