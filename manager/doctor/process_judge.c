/*
 * process_judge.h: a mapped cuDNN library judged. A shim's mark is taken at
 * its word only when the process also maps that shim and a library from
 * the folder it names; a copy from elsewhere beside a believed mark is a
 * framework's own, shadowed; the needs are judged with the process's own
 * library path.
 */
#include "process_judge.h"

#include "needs_judge.h"
#include "platform.h"
#include "shim_files.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>


/* Whether a resolved path lies inside a resolved folder (Windows: in any case). */
static int is_inside(const char *path, const char *dir)
{
    size_t length = strlen(dir);
    int same = PLATFORM_IS_WINDOWS ? strncasecmp(path, dir, length) == 0 : strncmp(path, dir, length) == 0;
    return length > 0 && same && path[length] == '/';
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
int process_library_is_shim(const char *root, const char *library)
{
    char dir[PATH_MAX], real_dir[PATH_MAX], real_file[PATH_MAX];
    struct stat info;
    shim_files_dir(root, dir, sizeof dir);
    if (realpath(dir, real_dir) != NULL && realpath(library, real_file) != NULL && is_inside(real_file, real_dir))
        return 1;
    return stat(library, &info) == 0 && S_ISREG(info.st_mode) && info.st_size < (256 << 10) &&
           carries_shim_mark(library);
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
        if (process_library_is_shim(root, process->libraries[i]))
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

void process_judge(const char *root, struct finding *found)
{
    judge_copy(root, found);
    say_untrusted_mark(root, found);
}


int process_judge_library(const struct cudnn_process *process, int index, struct finding *found)
{
    const char *root = process->env_root[0] ? process->env_root : store_root();
    memset(found, 0, sizeof *found);
    found->process = process;
    found->library = process->libraries[index];
    if (process_library_is_shim(root, found->library))
        return 0;
    cudnnv_read_as_user(geteuid() == 0 ? (long)process->uid : -1);
    process_judge(root, found);
    cudnnv_read_as_user(-1);
    return 1;
}
