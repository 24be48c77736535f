/*
 * The per-ABI part of the shim, chosen by architecture. Each file defines
 * CUDNNV_TABLE_BEGIN, CUDNNV_TRAMPOLINE and CUDNNV_TABLE_END for the
 * generated stub list: System V and Windows x86-64, and AArch64 Linux.
 */
#if defined(__x86_64__) && !defined(_WIN32)
#include "trampoline_x86_64_sysv.S"
#elif defined(__x86_64__) && defined(_WIN32)
#include "trampoline_x86_64_win64.S"
#elif defined(__aarch64__) && !defined(_WIN32)
#include "trampoline_aarch64_lp64.S"
#else
#error "cudnnv: no trampolines for this ABI yet (see shim/trampoline_x86_64_sysv.S)"
#endif
