/*
 * The DLLs a Windows DLL imports, read from its PE import table without
 * loading it (a set may need zlibwapi.dll, a CUDA runtime or the Visual C++
 * runtime that this machine lacks: the doctor names them before a program
 * fails to load). Only the headers and the import section are read, so a
 * 700 MB cuDNN DLL costs a few reads.
 */
#ifndef CUDNNV_PE_IMPORTS_H
#define CUDNNV_PE_IMPORTS_H

#define PE_MAX_IMPORTS 64
#define PE_NAME_MAX 64

typedef char pe_name[PE_NAME_MAX];

int pe_imports(const char *path, pe_name *names, int max);

#endif
