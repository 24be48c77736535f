/*
 * The shim's system calls on Windows: InitOnceExecuteOnce for the one
 * resolution (never under the loader lock: it runs at the first cuDNN call,
 * not in DllMain), GetProcAddress, the module that holds an address, and
 * ExitProcess.
 */
#include "shim_platform.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <windows.h>

static INIT_ONCE once = INIT_ONCE_STATIC_INIT;

static BOOL CALLBACK run_action(PINIT_ONCE state, PVOID action, PVOID *context)
{
    (void)state;
    (void)context;
    ((void (*)(void))action)();
    return TRUE;
}

void cudnnv_platform_once(void (*action)(void))
{
    InitOnceExecuteOnce(&once, run_action, (PVOID)action, NULL);
}

void *cudnnv_platform_symbol(void *library, const char *name)
{
    return (void *)GetProcAddress((HMODULE)library, name);
}

static HMODULE module_of(const void *address)
{
    HMODULE module = NULL;
    GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                       (LPCSTR)address, &module);
    return module;
}

int cudnnv_platform_is_own(void *symbol)
{
    return module_of(symbol) == module_of((void *)cudnnv_platform_is_own);
}

void cudnnv_platform_exit(int status)
{
    fflush(NULL);
    ExitProcess((UINT)status);
}

void cudnnv_platform_shown_paths(char *text)
{
    cudnnv_windows_paths(text);
}
