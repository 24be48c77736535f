/*
 * The smoke test behind cudnnv check, run in a child process: load a set
 * through its shim, report what it says, and time a convolution on a GPU.
 */
#ifndef CUDNNV_CHECK_CONV_H
#define CUDNNV_CHECK_CONV_H

int check_through_shim(const char *shim_path, int json);

#endif
