/*
 * cudnnv ps: which cuDNN each running program actually loaded. For every
 * process with a main cuDNN library mapped: its pid, user and command, the
 * set that file belongs to (name, version, folder) or the file itself when
 * it is no set's, and whether that is what the process's pin selects now
 * (its working folder's .cudnn-version, its CUDNNV_VERSION, the global
 * file of its store), and the folder its CUDA runtime (libcudart,
 * libcusolver) was mapped from: a project's pinned runtime, or another.
 * What cannot be read is said, never guessed. The judgement is the
 * doctor's (process_judge.c); this reads the options and prints it.
 */
#include "args.h"
#include "commands.h"
#include "platform.h"
#include "process_judge.h"
#include "store.h"

#include "cudnnv_select.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { PS_JSON, PS_ALL };

static const struct option_spec options[] = {
    [PS_JSON] = {.name = "--json", .help = "an array of objects: pid, user, command, library, set, version,\n"
                                          "set_path, expected, verdict"},
    [PS_ALL] = {.name = "--all", .help = "also say how many processes of other users could not be\n"
                                        "looked at (root sees every process)"},
    {.name = NULL},
};

static void user_name(const struct cudnn_process *process, char *out, size_t size)
{
    if (process->user[0] != '\0')
        snprintf(out, size, "%s", process->user);
    else
        platform_user_name(process->uid, out, size);
}

/* One row for people, its columns escaped (every text from outside: paths, the command line). */
struct text_row {
    int pid;
    char *user, *what, *command, *detail;
};

struct text_rows {
    struct text_row *row;
    int count, size;
};

static void take_text(struct text_rows *rows, const struct finding *found)
{
    char user[64], command[1024], what[4 * PATH_MAX], detail[4 * PATH_MAX], line[8 * PATH_MAX];
    if (rows->count == rows->size) {
        int size = rows->size ? 2 * rows->size : 16;
        struct text_row *grown = realloc(rows->row, (size_t)size * sizeof *grown);
        if (grown == NULL)
            return;
        rows->row = grown;
        rows->size = size;
    }
    user_name(found->process, user, sizeof user);
    cudnnv_escape_text(found->process->command, command, sizeof command);
    if (found->set[0] != '\0')
        snprintf(line, sizeof line, "%s (cuDNN %s, %s)", found->set, found->version, found->set_path);
    else
        snprintf(line, sizeof line, "%s", found->library);
    cudnnv_escape_text(line, what, sizeof what);
    if (found->process->cuda_runtime[0] != '\0')
        snprintf(line, sizeof line, "%s; its CUDA runtime from %s", found->detail, found->process->cuda_runtime);
    else
        snprintf(line, sizeof line, "%s", found->detail);
    cudnnv_escape_text(line, detail, sizeof detail);
    struct text_row *row = &rows->row[rows->count++];
    row->pid = found->process->pid;
    row->user = strdup(user);
    row->what = strdup(what);
    row->command = strdup(command);
    row->detail = strdup(detail);
}

static int wider(int width, const char *text)
{
    return text != NULL && (int)strlen(text) > width ? (int)strlen(text) : width;
}

/* The rows in columns as wide as their widest entry, under a header on a terminal; then freed. */
static void print_text_rows(struct text_rows *rows, int header)
{
    int user = 8, what = 27, command = 7;   /* USER as wide as ps(1) makes it, at least */
    for (int i = 0; i < rows->count; i++) {
        user = wider(user, rows->row[i].user);
        what = wider(what, rows->row[i].what);
        command = wider(command, rows->row[i].command);
    }
    if (header && rows->count > 0)
        printf("%7s  %-*s  %-*s  %-*s  [%s]\n", "PID", user, "USER", what, "SET (CUDNN, FOLDER) OR FILE", command,
               "COMMAND", "WHAT ITS PIN SAYS");
    for (int i = 0; i < rows->count; i++) {
        const struct text_row *row = &rows->row[i];
        printf("%7d  %-*s  %-*s  %-*s  [%s]\n", row->pid, user, row->user ? row->user : "?", what,
               row->what ? row->what : "?", command, row->command ? row->command : "?",
               row->detail ? row->detail : "?");
        free(row->user);
        free(row->what);
        free(row->command);
        free(row->detail);
    }
    free(rows->row);
}

static void add_json(json_t *list, const struct finding *found)
{
    char user[64];
    json_t *item = json_object();
    user_name(found->process, user, sizeof user);
    cudnnv_json_put_int(item, "pid", found->process->pid);
    cudnnv_json_put_text(item, "user", user);
    cudnnv_json_put_text(item, "command", found->process->command);
    cudnnv_json_put_text(item, "library", found->library);
    cudnnv_json_put_text(item, "set", found->set);
    cudnnv_json_put_text(item, "version", found->version);
    cudnnv_json_put_text(item, "set_path", found->set_path);
    cudnnv_json_put_text(item, "expected", found->expected);
    cudnnv_json_put_text(item, "verdict", found->verdict);
    cudnnv_json_put_text(item, "detail", found->detail);
    cudnnv_json_put_text(item, "cuda_runtime", found->process->cuda_runtime);
    json_array_append_new(list, item);
}

/* This user's own processes whose maps could not be read (a container's namespaces, a ptrace rule): each named,
 * with why. */
static void say_unreadable_own(const struct process_scan *scan)
{
    char list[1024] = "";
    int own = scan->unreadable - scan->unreadable_others;
    for (int i = 0; i < own && i < PROCESS_UNREADABLE_NAMED; i++) {
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%d (%s)", used ? ", " : "", scan->unreadable_own_pid[i],
                 strerror(scan->unreadable_own_errno[i]));
    }
    if (own > 0)
        note("%d process%s owned by %s could not be looked at: %s%s; reading which libraries a process loaded needs the right to trace it (a process in another namespace, or one that changed its user, is closed even to its owner)",
             own, own == 1 ? "" : "es", geteuid() == 0 ? "root" : "you", list, own > PROCESS_UNREADABLE_NAMED ? ", ..." : "");
}

static int run(struct args *args)
{
    struct process_scan scan;
    struct text_rows rows = {NULL, 0, 0};
    int json = args_has(args, PS_JSON), shown = 0;
    if (process_scan_run(&scan) != 0)
        return fail("cannot list processes here: %s (cudnnv ps reads /proc on Linux, a toolhelp snapshot on Windows)",
                    strerror(errno));
    json_t *list = json ? json_array() : NULL;
    int header = !json && isatty(STDOUT_FILENO);
    for (int i = 0; i < scan.count; i++) {
        const struct cudnn_process *process = &scan.processes[i];
        for (int l = 0; l < process->count; l++) {
            struct finding found;
            if (!process_judge_library(process, l, &found))
                continue;
            if (json)
                add_json(list, &found);
            else
                take_text(&rows, &found);
            shown++;
        }
        if (process->libraries_left_out > 0)
            note("process %d maps %d more cuDNN cop%s than are listed here (at most %d a process)", process->pid,
                 process->libraries_left_out, process->libraries_left_out == 1 ? "y" : "ies", PROCESS_MAX_LIBRARIES);
    }
    if (json)
        cudnnv_json_print(stdout, list);
    else
        print_text_rows(&rows, header);
    if (shown == 0 && !json)
        note("no running process has cuDNN loaded");
    say_unreadable_own(&scan);
    if (scan.unreadable_others > 0 && args_has(args, PS_ALL))
        note("%d process%s of other users could not be looked at (root sees them)", scan.unreadable_others,
             scan.unreadable_others == 1 ? "" : "es");
    process_scan_free(&scan);
    return 0;
}

const struct command command_ps = {
    .name = "ps",
    .run = run,
    .options = options,
    .operands = {.max = 0},
};
