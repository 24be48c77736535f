/*
 * Benchmark: the cost of one cuDNN call through a shim trampoline against the
 * same call made directly, in the same run. Both go through a function
 * pointer, so the difference is the trampoline's indirect jump.
 * Usage: bench_call DIRECT_LIBRARY SHIM_LIBRARY (the shim must select the
 * same set, e.g. through CUDNNV_VERSION)
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CALLS 100000000L
#define ROUNDS 7

typedef size_t (*version_function)(void);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double nanoseconds_per_call(version_function call)
{
    volatile size_t sink = 0;
    double start = now();
    for (long i = 0; i < CALLS; i++)
        sink += call();
    (void)sink;
    return (now() - start) * 1e9 / CALLS;
}

static version_function load(const char *path)
{
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    version_function call = library ? (version_function)dlsym(library, "cudnnGetVersion") : NULL;
    if (call == NULL) {
        fprintf(stderr, "bench_call: %s: %s\n", path, dlerror());
        exit(1);
    }
    return call;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    double direct[ROUNDS], shim[ROUNDS];
    if (argc != 3)
        return 2;
    version_function direct_call = load(argv[1]), shim_call = load(argv[2]);
    if (direct_call() != shim_call()) {
        fprintf(stderr, "bench_call: the shim selected another set (%zu vs %zu)\n", shim_call(), direct_call());
        return 1;
    }
    for (int round = 0; round < ROUNDS; round++) {
        direct[round] = nanoseconds_per_call(direct_call);
        shim[round] = nanoseconds_per_call(shim_call);
    }
    qsort(direct, ROUNDS, sizeof direct[0], by_value);
    qsort(shim, ROUNDS, sizeof shim[0], by_value);
    printf("call: direct %.3f ns, through the shim %.3f ns, extra %.3f ns per call (median of %d x %ld calls)\n",
           direct[ROUNDS / 2], shim[ROUNDS / 2], shim[ROUNDS / 2] - direct[ROUNDS / 2], ROUNDS, CALLS);
    return 0;
}
