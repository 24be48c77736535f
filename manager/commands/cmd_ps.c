/*
 * cudnnv ps: which cuDNN each running program actually loaded. For every
 * process with a main cuDNN library mapped: its pid, user and command, the
 * set that file belongs to (name, version, folder) or the file itself when
 * it is no set's, and whether that is what the process's pin selects now
 * (its working folder's .cudnn-version, its CUDNNV_VERSION, the global
 * file of its store), and the folder its CUDA runtime (libcudart,
 * libcusolver) was mapped from: a project's pinned runtime, or another.
 * What cannot be read is said, never guessed.
 */
#include "args.h"
#include "commands.h"
#include "needs_judge.h"
#include "platform.h"
#include "process_scan.h"
#include "set_info.h"
#include "shim_files.h"
#include "store.h"

#include "cudnnv_select.h"

#include <errno.h>
#include <limits.h>
#ifndef _WIN32
#include <pwd.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <strings.h>
#include <unistd.h>

enum { PS_JSON, PS_ALL };

static const struct option_spec options[] = {
    [PS_JSON] = {.name = "--json", .help = "an array of objects: pid, user, command, library, set, version,\n"
                                          "set_path, expected, verdict"},
    [PS_ALL] = {.name = "--all", .help = "also say how many processes of other users could not be\n"
                                        "looked at (root sees every process)"},
    {.name = NULL},
};

/* What one mapped library is, and whether the process's pin agrees. */
struct finding {
    const struct cudnn_process *process;
    const char *library;
    cudnnv_name set;             /* "" when the file is no set's */
    char version[sizeof ((struct set_info *)0)->version];
    char set_path[PATH_MAX];
    cudnnv_name expected;        /* what the pin selects now; "" when nothing or unknown */
    const char *verdict;         /* "pinned", "pin-differs", "outside-store", "unknown-pin" */
    char detail[2 * PATH_MAX];
};

/* Whether a resolved path lies inside a resolved folder (Windows: in any case). */
static int is_inside(const char *path, const char *dir)
{
    size_t length = strlen(dir);
    int same = PLATFORM_IS_WINDOWS ? strncasecmp(path, dir, length) == 0 : strncmp(path, dir, length) == 0;
    return length > 0 && same && path[length] == '/';
}

/*
 * The set of root (or the system store) whose resolved library folder
 * (lib/, bin/ on Windows) holds the file;
 * 0 when none does. Several sets may share one folder (two names linked to
 * one wheel): then the one named preferred wins, else the first.
 */
static int set_of_file(const char *root, const char *library, const char *preferred, struct finding *found)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    char real_file[PATH_MAX], lib[PATH_MAX + 8], real_lib[PATH_MAX];
    if (realpath(library, real_file) == NULL)
        snprintf(real_file, sizeof real_file, "%s", library);
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS), matched = -1;
    for (int i = 0; i < count && (matched < 0 || strcmp(names[matched], preferred) != 0); i++) {
        if (!cudnnv_set_dir(root, names[i], found->set_path, sizeof found->set_path))
            continue;
        snprintf(lib, sizeof lib, "%s/%s", found->set_path, PLATFORM_IS_WINDOWS ? "bin" : "lib");
        if (realpath(lib, real_lib) == NULL || !is_inside(real_file, real_lib) ||
            strchr(real_file + strlen(real_lib) + 1, '/') != NULL)
            continue;
        if (matched < 0 || strcmp(names[i], preferred) == 0)
            matched = i;
    }
    if (matched < 0) {
        found->set_path[0] = '\0';
        return 0;
    }
    struct set_info info;
    strcpy(found->set, names[matched]);
    cudnnv_set_dir(root, found->set, found->set_path, sizeof found->set_path);
    if (set_info_read(found->set_path, &info) == 0)
        memcpy(found->version, info.version, sizeof found->version);
    else
        strcpy(found->version, found->set);
    return 1;
}

static int is_shim(const char *root, const char *library);

/*
 * Whether the shim's mark ("which set folder it serves", shim_load.c) may be
 * believed: anyone can name an anonymous file so, so only a process that
 * also maps a shim of that major and a cuDNN library from that folder is
 * taken at its word.
 */
static int mark_is_backed(const char *root, const struct cudnn_process *process, int major, const char *real_served)
{
    char real_file[PATH_MAX];
    int shim = 0, library = 0;
    for (int i = 0; i < process->count; i++) {
        if (is_shim(root, process->libraries[i]))
            shim |= cudnnv_library_major(process->libraries[i], 1) == major;
        else if (realpath(process->libraries[i], real_file) != NULL && is_inside(real_file, real_served))
            library = 1;
    }
    return shim && library;
}

/* The folder the process's shim of this library's major says it serves, resolved; 0 when none is said. */
static int served_folder(const struct finding *found, char *real_served)
{
    int major = cudnnv_library_major(found->library, 1);
    const char *served = major >= 7 && major <= 9 ? found->process->served[major - 7] : "";
    return served[0] != '\0' && strcmp(served, "?") != 0 && realpath(served, real_served) != NULL;
}

/*
 * A process whose shim says which set folder it serves: a copy from
 * anywhere else is mapped but shadowed (a framework loaded its own by path,
 * as PyTorch does); 1 when the copy was judged so here.
 */
static int judge_shadowed(const char *root, struct finding *found)
{
    char real_file[PATH_MAX], real_served[PATH_MAX];
    int major = cudnnv_library_major(found->library, 1);
    const char *served = major >= 7 && major <= 9 ? found->process->served[major - 7] : "";
    if (!served_folder(found, real_served) || realpath(found->library, real_file) == NULL ||
        !mark_is_backed(root, found->process, major, real_served))
        return 0;
    if (is_inside(real_file, real_served))
        return 0;
    found->verdict = "shadowed";
    snprintf(found->detail, sizeof found->detail, "loaded but not used: its shim serves %s", served);
    return 1;
}

/*
 * What the process's set needs and its loader would not find (judged with
 * the process's own LD_LIBRARY_PATH): said after the verdict, since such a
 * program fails at the first convolution that needs it.
 */
static void judge_needs(const char *root, struct finding *found)
{
    static struct set_judgement judgement;
    char missing[256] = "";
    const char *saved = getenv("LD_LIBRARY_PATH");
    char *kept = saved ? strdup(saved) : NULL;
    if (found->process->environment_read)
        setenv("LD_LIBRARY_PATH", found->process->env_library_path, 1);
    int judged = needs_judge_set(root, found->set, &judgement) == 0;
    if (kept != NULL)
        setenv("LD_LIBRARY_PATH", kept, 1);
    else
        unsetenv("LD_LIBRARY_PATH");
    free(kept);
    for (int i = 0; judged && i < judgement.count; i++) {
        size_t used = strlen(missing);
        if (judgement.finding[i].verdict != NEED_FOUND && used + strlen(judgement.finding[i].need.name) + 3 < sizeof missing)
            snprintf(missing + used, sizeof missing - used, "%s%s", used ? ", " : "", judgement.finding[i].need.name);
    }
    size_t used = strlen(found->detail);
    if (missing[0] != '\0')
        snprintf(found->detail + used, sizeof found->detail - used, "; its set lacks %s here (see 'cudnnv doctor')",
                 missing);
}

/* A mark that names a folder the process does not really serve from is said, not believed. */
static void say_untrusted_mark(const char *root, struct finding *found)
{
    char real_served[PATH_MAX];
    int major = cudnnv_library_major(found->library, 1);
    if (!served_folder(found, real_served) || mark_is_backed(root, found->process, major, real_served))
        return;
    size_t used = strlen(found->detail);
    snprintf(found->detail + used, sizeof found->detail - used,
             "; a cudnnv mark in it names %s, but it maps no shim of cuDNN %d and no library from there: the mark is not trusted",
             found->process->served[major - 7], major);
}

static void judge_copy(const char *root, struct finding *found)
{
    const struct cudnn_process *process = found->process;
    struct cudnnv_where where = {root, process->env_version[0] ? process->env_version : NULL,
                                 process->cwd[0] ? process->cwd : NULL, 0};
    struct cudnnv_choice choice;
    char origin[PATH_MAX + 64];
    int readable = process->cwd[0] != '\0' && process->environment_read;
    enum cudnnv_status status = readable ? cudnnv_select_major(&where, cudnnv_library_major(found->library, 1), &choice)
                                         : CUDNNV_NOTHING_SELECTED;
    if (status == CUDNNV_SELECTED)
        strcpy(found->expected, choice.name);
    int in_store = set_of_file(root, found->library, found->expected, found);
    if (judge_shadowed(root, found))
        return;
    if (!in_store) {
        found->verdict = "outside-store";
        snprintf(found->detail, sizeof found->detail, "not from a cudnnv store");
        return;
    }
    if (!readable) {
        found->verdict = "unknown-pin";
        snprintf(found->detail, sizeof found->detail, "%s: pin not judged",
                 process->cwd_deleted ? "its folder was deleted" : "its folder or environment cannot be read");
        judge_needs(root, found);
        return;
    }
    cudnnv_describe_origin(&choice, origin, sizeof origin);
    int major = cudnnv_library_major(found->library, 1);
    char real_served[PATH_MAX];
    const char *served = served_folder(found, real_served) && mark_is_backed(root, process, major, real_served)
                             ? real_served : "";
    if (status == CUDNNV_SELECTED && strcmp(choice.name, found->set) == 0) {
        found->verdict = "pinned";
        snprintf(found->detail, sizeof found->detail, "as selected (%s)%s", origin,
                 served[0] ? "; its shim serves this copy" : "");
    } else {
        found->verdict = "pin-differs";
        snprintf(found->detail, sizeof found->detail, "its pin now selects %s (%s)",
                 status == CUDNNV_SELECTED ? choice.name : "nothing installed", origin);
    }
    judge_needs(root, found);
}

static void judge(const char *root, struct finding *found)
{
    judge_copy(root, found);
    say_untrusted_mark(root, found);
}

static void user_name(const struct cudnn_process *process, char *out, size_t size)
{
    unsigned uid = process->uid;
    if (process->user[0] != '\0') {
        snprintf(out, size, "%s", process->user);
        return;
    }
#ifndef _WIN32
    struct passwd *entry = getpwuid(uid);
    if (entry != NULL) {
        snprintf(out, size, "%s", entry->pw_name);
        return;
    }
#endif
    snprintf(out, size, "%u", uid);
}

/*
 * Whether a small file holds the name the shim gives its anonymous file
 * (CUDNNV_SERVED_MARK, its format itself): a shim loaded from anywhere (a build folder, a
 * container's mount), not a cuDNN library.
 */
static int carries_shim_mark(const char *library)
{
    static char text[256 << 10];
    FILE *file = fopen(library, "rb");
    size_t length = file ? fread(text, 1, sizeof text, file) : 0;
    int found = 0;
    if (file != NULL)
        fclose(file);
    size_t mark = strlen(CUDNNV_SERVED_MARK);
    for (size_t i = 0; !found && length >= mark && i <= length - mark; i++)
        found = memcmp(text + i, CUDNNV_SERVED_MARK, mark) == 0;
    return found;
}

/* True when the file is one of cudnnv's shims (the store's shims folder, or one carrying the shim's mark). */
static int is_shim(const char *root, const char *library)
{
    char dir[PATH_MAX], real_dir[PATH_MAX], real_file[PATH_MAX];
    struct stat info;
    shim_files_dir(root, dir, sizeof dir);
    if (realpath(dir, real_dir) != NULL && realpath(library, real_file) != NULL && is_inside(real_file, real_dir))
        return 1;
    return stat(library, &info) == 0 && S_ISREG(info.st_mode) && info.st_size < (256 << 10) &&
           carries_shim_mark(library);
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
    json_put_int(item, "pid", found->process->pid);
    json_put_text(item, "user", user);
    json_put_text(item, "command", found->process->command);
    json_put_text(item, "library", found->library);
    json_put_text(item, "set", found->set);
    json_put_text(item, "version", found->version);
    json_put_text(item, "set_path", found->set_path);
    json_put_text(item, "expected", found->expected);
    json_put_text(item, "verdict", found->verdict);
    json_put_text(item, "detail", found->detail);
    json_put_text(item, "cuda_runtime", found->process->cuda_runtime);
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
        const char *root = process->env_root[0] ? process->env_root : store_root();
        for (int l = 0; l < process->count; l++) {
            struct finding found = {.process = process, .library = process->libraries[l]};
            if (is_shim(root, found.library))
                continue;
            /* as root, each process is judged as its owner would be: that user's own pins are obeyed */
            cudnnv_read_as_user(geteuid() == 0 ? (long)process->uid : -1);
            judge(root, &found);
            cudnnv_read_as_user(-1);
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
        json_print(stdout, list);
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
    .summary = "show which cuDNN each running program loaded",
    .description =
        "List the running processes that have cuDNN loaded: pid, user, command, the\n"
        "set the library belongs to (or the file, when it is no set's), and whether\n"
        "that is what the process's pin selects now, under a header on a terminal,\n"
        "and the folder its CUDA runtime (libcudart, libcusolver) came from.\n"
        "Processes of other users are shown as far as permissions allow; those that\n"
        "cannot be read are counted with --all.\n",
    .options = options,
    .operands = {.max = 0},
};
