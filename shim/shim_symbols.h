/*
 * What the generated files of one shim provide (shim/gen-stubs.sh): its
 * major and soname, the names of its exports in table order (less the prefix
 * they share, which symbol_name puts back), and the table
 * itself (defined in assembly next to the trampolines).
 */
#ifndef CUDNNV_SHIM_SYMBOLS_H
#define CUDNNV_SHIM_SYMBOLS_H

extern const int cudnnv_shim_major;
extern const char cudnnv_shim_soname[];
extern const unsigned cudnnv_symbol_count;
extern const char cudnnv_symbol_prefix[];   /* what every name starts with ("cudnn") */
extern const char cudnnv_symbol_text[];     /* the names without it, each ended by a NUL */
extern const unsigned short cudnnv_symbol_offsets[];
extern void *cudnnv_table[];

/* Called by the per-ABI lazy path with the slot's index; returns where to jump. */
void *cudnnv_resolve_slot(unsigned long index);

#endif
