/*
 * cudnnv.exe does not ask a set's DLL (set_cudart_probe.h): NVIDIA's Windows
 * zips name their CUDA build, and a DLL's code is not run by the manager.
 */
#include "set_cudart_probe.h"

int set_cudart_probe_lib(const char *lib_dir, const char *version, const char *platform, char *cuda, size_t size)
{
    (void)lib_dir, (void)version, (void)platform, (void)cuda, (void)size;
    return -1;
}
