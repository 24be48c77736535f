/*
 * process_scan.h on Linux: every /proc/PID whose maps name a main cuDNN
 * library (libcudnn.so.N, libcudnn.so.N.x.y; not its sublibraries), with
 * its command line, working folder and the CUDNNV_* variables it started
 * with. Another user's process is read as far as permissions allow; one
 * whose maps cannot be read is counted, not guessed.
 */
#include "process_scan.h"

#include "cudnnv_select.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* True for the main library's file name: libcudnn.so.N with any version after it. */
static int is_main_library(const char *path)
{
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    return strncmp(name, "libcudnn.so.", 12) == 0 && isdigit((unsigned char)name[12]);
}

/* Reads a /proc file whole (at most size - 1 bytes, NULs kept); its length, or -1. */
static long read_proc(int pid, const char *what, char *out, size_t size)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/%s", pid, what);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t used = 0;
    ssize_t got;
    while (used + 1 < size && (got = read(fd, out + used, size - 1 - used)) > 0)
        used += (size_t)got;
    close(fd);
    out[used] = '\0';
    return (long)used;
}

/*
 * The shim's word on what it serves: a mapping of an anonymous file named
 * "cudnnv:MAJOR:LIB_DIR" ("/memfd:cudnnv:9:/home/u/.cudnnv/versions/9.19.0.56/lib (deleted)").
 */
static void take_served(const char *file, struct cudnn_process *process)
{
    static const char prefix[] = "/memfd:" CUDNNV_SERVED_MARK_PREFIX;
    size_t length = strlen(file);
    if (strncmp(file, prefix, sizeof prefix - 1) != 0 || length < sizeof prefix + 2)
        return;
    int major = file[sizeof prefix - 1] - '0';
    const char *dir = file + sizeof prefix + 1;
    if (major < 7 || major > 9 || file[sizeof prefix] != ':')
        return;
    length = strlen(dir);
    if (length > 10 && strcmp(dir + length - 10, " (deleted)") == 0)
        length -= 10;
    snprintf(process->served[major - 7], PATH_MAX, "%.*s", (int)length, dir);
}

/* The folder of the first CUDA runtime library mapped (libcudart.so.*, libcusolver.so.*): where the framework's
 * own CUDA libraries came from. */
static void take_runtime(const char *file, struct cudnn_process *process)
{
    const char *name = strrchr(file, '/');
    if (process->cuda_runtime[0] != '\0' || name == NULL ||
        (strncmp(name + 1, "libcudart.so.", 13) != 0 && strncmp(name + 1, "libcusolver.so.", 15) != 0))
        return;
    snprintf(process->cuda_runtime, sizeof process->cuda_runtime, "%.*s", (int)(name - file), file);
}

/* The main cuDNN libraries in the process's maps; -1 when they cannot be read. */
static int read_libraries(int pid, struct cudnn_process *process)
{
    char path[64], line[PATH_MAX + 256], last[PATH_MAX] = "";
    snprintf(path, sizeof path, "/proc/%d/maps", pid);
    FILE *maps = fopen(path, "r");
    if (maps == NULL)
        return -1;
    while (fgets(line, sizeof line, maps) != NULL) {
        char *file = strchr(line, '/');
        if (file == NULL)
            continue;
        file[strcspn(file, "\n")] = '\0';
        take_served(file, process);
        take_runtime(file, process);
        int known = strcmp(last, file) == 0;   /* a file's segments follow each other */
        for (int i = 0; i < process->count; i++)
            known |= strcmp(process->libraries[i], file) == 0;
        snprintf(last, sizeof last, "%s", file);
        if (known || !is_main_library(file))
            continue;
        if (process->count < PROCESS_MAX_LIBRARIES)
            snprintf(process->libraries[process->count++], PATH_MAX, "%s", file);
        else
            process->libraries_left_out++;
    }
    fclose(maps);
    return process->count;
}


/*
 * CUDNNV_VERSION and the store the process would use, from its environment,
 * read whole: a process may start with megabytes of environment before
 * CUDNNV_VERSION. An environment larger than the bound (more than Linux lets
 * a program start with) is not judged: what follows the cut is unknown.
 */
#define ENVIRONMENT_MAX (8u << 20)

static void read_environment(int pid, struct cudnn_process *process)
{
    static char *text;
    char home[PATH_MAX] = "";
    if (text == NULL && (text = malloc(ENVIRONMENT_MAX + 1)) == NULL)
        return;
    long length = read_proc(pid, "environ", text, ENVIRONMENT_MAX + 1);
    process->environment_read = length >= 0 && length < (long)ENVIRONMENT_MAX;
    for (long at = 0; process->environment_read && at < length; at += (long)strlen(text + at) + 1)
        process_env_take(process, text + at, home, sizeof home);
    process_env_finish(process, home);
}

static void read_details(int pid, struct cudnn_process *process)
{
    char path[64];
    struct stat info;
    snprintf(path, sizeof path, "/proc/%d", pid);
    process->pid = pid;
    process->uid = stat(path, &info) == 0 ? (unsigned)info.st_uid : 0;
    long length = read_proc(pid, "cmdline", process->command, sizeof process->command);
    for (long i = 0; i + 1 < length; i++) {
        if (process->command[i] == '\0')
            process->command[i] = ' ';
    }
    snprintf(path, sizeof path, "/proc/%d/cwd", pid);
    ssize_t got = readlink(path, process->cwd, sizeof process->cwd - 1);
    process->cwd[got > 0 ? got : 0] = '\0';
    /* a removed folder has no links left; its link text ends in " (deleted)", which is no path to walk */
    if (got > 0 && stat(path, &info) == 0 && info.st_nlink == 0) {
        process->cwd_deleted = 1;
        process->cwd[0] = '\0';
    }
    read_environment(pid, process);
}

/* True when /proc/PID belongs to this user (its process's owner). */
static int owned_by_me(int pid)
{
    char path[32];
    struct stat info;
    snprintf(path, sizeof path, "/proc/%d", pid);
    return stat(path, &info) == 0 && info.st_uid == geteuid();
}

int process_scan_run(struct process_scan *scan)
{
    memset(scan, 0, sizeof *scan);
    DIR *proc = opendir("/proc");
    if (proc == NULL)
        return -1;
    struct dirent *entry;
    struct cudnn_process *process = calloc(1, sizeof *process);
    while (process != NULL && (entry = readdir(proc)) != NULL) {
        int pid = atoi(entry->d_name);
        if (pid <= 0 || pid == getpid())
            continue;
        memset(process, 0, sizeof *process);
        int found = read_libraries(pid, process);
        if (found < 0 && (errno == EACCES || errno == EPERM)) {   /* not one that ended */
            int why = errno, own = owned_by_me(pid), named = scan->unreadable - scan->unreadable_others;
            scan->unreadable++;
            scan->unreadable_others += !own;
            if (own && named < PROCESS_UNREADABLE_NAMED) {
                scan->unreadable_own_pid[named] = pid;
                scan->unreadable_own_errno[named] = why;
            }
        }
        if (found <= 0)
            continue;
        read_details(pid, process);
        struct cudnn_process *grown = realloc(scan->processes, (size_t)(scan->count + 1) * sizeof *grown);
        if (grown == NULL)
            break;
        scan->processes = grown;
        scan->processes[scan->count++] = *process;
    }
    free(process);
    closedir(proc);
    return 0;
}

void process_scan_free(struct process_scan *scan)
{
    free(scan->processes);
    scan->processes = NULL;
    scan->count = 0;
}
