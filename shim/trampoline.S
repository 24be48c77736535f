/*
 * The per-ABI part of the shim, chosen by architecture. Each file defines
 * CUDNNV_TABLE_BEGIN, CUDNNV_TRAMPOLINE and CUDNNV_TABLE_END for the
 * generated stub list. Adding aarch64 or Win64 means adding one file here.
 */
#if defined(__x86_64__) && !defined(_WIN32)
#include "trampoline_x86_64_sysv.S"
#elif defined(__x86_64__) && defined(_WIN32)
#include "trampoline_x86_64_win64.S"
#else
#error "cudnnv: no trampolines for this ABI yet (see shim/trampoline_x86_64_sysv.S)"
#endif
