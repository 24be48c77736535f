/*
 * The CUDA build of a set whose archive name and files do not say it (a
 * folder from a distribution's package, a toolkit's copy): the set's own
 * cudnnGetCudartVersion() answers without a GPU (12020 for CUDA 12.2). The
 * library's code runs in a child process, never in cudnnv itself, with its
 * output closed and a time limit; whatever goes wrong there, the CUDA build
 * stays unknown, as before.
 */
#include "set_cudart_probe.h"

#include "build_platform.h"
#include "cudnnv_select.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROBE_MILLISECONDS 5000

/* In the child: load the library, ask, write the number to the pipe, leave without running anything else. */
static void child_asks(const char *library, int out)
{
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, STDIN_FILENO);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
    }
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    size_t (*ask)(void) = handle ? (size_t (*)(void))dlsym(handle, "cudnnGetCudartVersion") : NULL;
    if (ask != NULL)
        dprintf(out, "%zu\n", ask());
    _exit(0);
}

/* What the child wrote within the time limit ("" when nothing); the child is gone afterwards. */
static void read_answer(pid_t child, int in, char *answer, size_t size)
{
    struct pollfd wait_for = {in, POLLIN, 0};
    ssize_t got = 0;
    answer[0] = '\0';
    if (poll(&wait_for, 1, PROBE_MILLISECONDS) > 0)
        got = read(in, answer, size - 1);
    answer[got > 0 ? got : 0] = '\0';
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
}

static int set_cudart_probe(const char *library, char *cuda, size_t size)
{
    int pipe_ends[2];
    char answer[32];
    if (pipe(pipe_ends) != 0)
        return -1;
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        close(pipe_ends[0]);
        child_asks(library, pipe_ends[1]);
    }
    close(pipe_ends[1]);
    if (child < 0) {
        close(pipe_ends[0]);
        return -1;
    }
    read_answer(child, pipe_ends[0], answer, sizeof answer);
    close(pipe_ends[0]);
    char *end;
    long code = strtol(answer, &end, 10);
    if (end == answer || *end != '\n' || code < 7000 || code >= 100000)
        return -1;   /* no answer, or not a CUDA runtime version (MAJOR * 1000 + MINOR * 10) */
    snprintf(cuda, size, "%ld.%ld", code / 1000, code % 1000 / 10);
    return 0;
}

int set_cudart_probe_lib(const char *lib_dir, const char *version, const char *platform, char *cuda, size_t size)
{
    char library[4096];
    int build = cudnnv_build_find(platform);
    if (build < 0 || !cudnnv_build_platform((enum cudnnv_build)build)->runs_here ||
        cudnnv_main_library(lib_dir, 0, cudnnv_name_major(version), library, sizeof library) != 0)
        return -1;
    return set_cudart_probe(library, cuda, size);
}
