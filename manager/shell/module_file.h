/*
 * A set's module file for Lmod or Environment Modules (module_file.c),
 * for 'cudnnv modulefiles'.
 */
#ifndef CUDNNV_MODULE_FILE_H
#define CUDNNV_MODULE_FILE_H

/* DIR/NAME.lua (or DIR/NAME with tcl) for the set name of root, written whole or not at all; 0, or 1 after a
 * message. */
int module_file_write(const char *dir, const char *root, const char *name, int tcl);

#endif
