/*
 * Benchmark runner: times two commands run alternately (A, B, A, B, ...), so
 * that the machine's drift during the run falls on both alike, and prints
 * the median wall time of each and their ratio. Each command is a shell
 * line run with /bin/sh -c, or with -N a program and its words split at
 * spaces, started without a shell (a process's own start is then what is
 * timed, as hyperfine -N does); its output is discarded.
 * Usage: alternate [-N] RUNS NAME_A COMMAND_A NAME_B COMMAND_B
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int no_shell;   /* -N */

/* Starts the line's program with its words (split at spaces) in place of this process. */
static void exec_words(const char *line)
{
    char copy[4096], *words[64];
    int count = 0;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *word = strtok(copy, " "); word != NULL && count < 63; word = strtok(NULL, " "))
        words[count++] = word;
    words[count] = NULL;
    if (count > 0)
        execv(words[0], words);
}

/* Runs the line once; returns its wall time in seconds, or -1 when it failed. */
static double run_once(const char *line)
{
    double start = now();
    pid_t child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        if (no_shell)
            exec_words(line);
        else
            execl("/bin/sh", "sh", "-c", line, (char *)NULL);
        _exit(127);
    }
    int status;
    if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return now() - start;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    no_shell = argc > 1 && strcmp(argv[1], "-N") == 0;
    argv += no_shell;
    argc -= no_shell;
    if (argc != 6)
        return 2;
    int runs = atoi(argv[1]);
    double *a = calloc((size_t)runs, sizeof *a), *b = calloc((size_t)runs, sizeof *b);
    for (int i = 0; i < 5; i++) {
        run_once(argv[3]);
        run_once(argv[5]);
    }
    for (int i = 0; i < runs; i++) {
        a[i] = run_once(argv[3]);
        b[i] = run_once(argv[5]);
        if (a[i] < 0 || b[i] < 0) {
            fprintf(stderr, "alternate: a command failed\n");
            return 1;
        }
    }
    qsort(a, (size_t)runs, sizeof *a, by_value);
    qsort(b, (size_t)runs, sizeof *b, by_value);
    printf("%s %.3f ms, %s %.3f ms (medians of %d alternating runs), ratio %.3f\n", argv[2],
           a[runs / 2] * 1000, argv[4], b[runs / 2] * 1000, runs, b[runs / 2] / a[runs / 2]);
    return 0;
}
