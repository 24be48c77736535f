/*
 * Asking a set's own library which CUDA it was built for
 * (set_cudart_probe.c): cudnnGetCudartVersion(), in a child process.
 */
#ifndef CUDNNV_SET_CUDART_PROBE_H
#define CUDNNV_SET_CUDART_PROBE_H

#include <stddef.h>

/* The CUDA build the set's main library (lib_dir/libcudnn.so.MAJOR of version) reports, as "12.2", when the set is
 * built for this machine (platform as set_info records it); 0, or -1 when it says nothing within the time limit. */
int set_cudart_probe_lib(const char *lib_dir, const char *version, const char *platform, char *cuda, size_t size);

#endif
