/*
 * The CUDA libraries a framework build opens by itself (framework_libs.c):
 * TensorFlow 2.4, built for CUDA 11.0, opens libcusolver.so.10, which CUDA
 * 11.1 and later do not ship. From versions/framework-cuda-libs.ini, each
 * looked for where the loader looks for a program started here.
 */
#ifndef CUDNNV_FRAMEWORK_LIBS_H
#define CUDNNV_FRAMEWORK_LIBS_H

#include "needs_judge.h"

#define FRAMEWORK_LIBS_MAX 16

struct framework_libs {
    int known;    /* 0: the data names nothing for this framework and CUDA */
    int count;
    struct need_finding finding[FRAMEWORK_LIBS_MAX];
    char library[FRAMEWORK_LIBS_MAX][32];   /* "cuSOLVER" */
};

/* Judges what framework (tensorflow) built for CUDA cuda ("11.0") opens; 0, or -1 when the data is unreadable. */
int framework_libs_judge(const char *framework, const char *cuda, struct framework_libs *libs);
/* How many were not found (or found only for another CUDA major). */
int framework_libs_missing(const struct framework_libs *libs);
/* "libcusolver.so.10 (cuSOLVER), libcufft.so.10 (cuFFT)": those not found, for a message. */
void framework_libs_describe_missing(const struct framework_libs *libs, char *out, size_t size);

/* What to do about those not found, for a framework built for CUDA cuda. */
const char *framework_libs_fix(const char *cuda);

/* The same, looked for where a program started in the project looks: its pinned CUDA runtime (runtime: its
 * folder, "" when none is installed for it) first, then the loader's own places. */
struct cudnnv_where;
int framework_libs_judge_in_project(const struct cudnnv_where *where, const char *framework, const char *cuda,
                                    struct framework_libs *libs, char *runtime, size_t runtime_size);

#endif
