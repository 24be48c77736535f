/*
 * Which file of the current folder a pin goes to, and the edits of it that
 * are not a plan: names written (and what they mean here said), the
 * runtime line alone, the pins removed, and 'use' alone printing the pins
 * with what each was planned for. Kept here so that cmd_use.c only parses.
 */
#include "messages.h"
#include "option_names.h"
#include "pinned_projects.h"
#include "project_pins.h"
#include "set_link.h"
#include "store.h"
#include "version_write.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int pin_file_named(char *path, size_t size, const char *name)
{
    if (getcwd(path, size - 16) == NULL)
        return fail("cannot read the current directory");
    strcat(path, strcmp(path, "/") == 0 ? "" : "/");
    strcat(path, name);
    return 0;
}

/* Whether the file at path (another tool's) names cudnn. */
static int names_cudnn(const char *path)
{
    cudnnv_name names[CUDNNV_MAX_LINES], bad;
    int count = cudnnv_read_version_file(path, names, CUDNNV_MAX_LINES, bad);
    return count != CUDNNV_READ_NO_ENTRY && count != CUDNNV_READ_MISSING;
}

/*
 * .cudnn-version, unless this folder has none and its .tool-versions already
 * pins cudnn (the team's file is updated, not overruled by a new one); a
 * mise.toml here that pins cudnn, which cudnnv does not write, is said to be
 * overruled.
 */
int pin_file_here(char *path, size_t size)
{
    char other[PATH_MAX];
    struct stat info;
    if (pin_file_named(path, size, CUDNNV_VERSION_FILE) != 0)
        return 1;
    if (lstat(path, &info) == 0)
        return 0;   /* this folder's own .cudnn-version */
    if (pin_file_named(other, sizeof other, CUDNNV_TOOL_VERSIONS_FILE) == 0 && names_cudnn(other)) {
        note("pinning in %s, where this project already pins cudnn", other);
        snprintf(path, size, "%s", other);
    } else if (pin_file_named(other, sizeof other, CUDNNV_MISE_FILE) == 0 && names_cudnn(other))
        note("%s here pins cudnn too: the .cudnn-version written now wins over it in this folder (edit %s, or 'cudnnv use " OPTION_UNSET "' to go back to it)",
             other, other);
    return 0;
}

int pin_cuda_runtime_alone(const char *path, const char *runtime)
{
    cudnnv_name kept[CUDNNV_MAX_LINES], bad;
    char *names[CUDNNV_MAX_LINES];
    int count = cudnnv_read_version_file(path, kept, CUDNNV_MAX_LINES, bad);
    if (count <= 0)
        return fail("no cuDNN version is pinned in this directory: pin one with it ('cudnnv use VERSION " OPTION_CUDA_RUNTIME " %s')",
                    runtime[0] ? runtime : "none");
    for (int i = 0; i < count; i++)
        names[i] = kept[i];
    int status = version_file_write(path, count, names, 1, runtime);
    if (status == 0 && runtime[0] != '\0')
        note("programs started here see the CUDA %s runtime ('cudnnv install' brings it)", runtime);
    else if (status == 0)
        note("no CUDA runtime is pinned here any more");
    return status;
}

int pin_print(const char *path)
{
    char items[PROJECT_FRAMEWORKS_MAX][PROJECT_FRAMEWORK_TEXT];
    int status = version_file_print(path, "no version is pinned in this directory; run 'cudnnv use VERSION'");
    int count = status == 0 ? project_frameworks_get(store_root(), path, items, PROJECT_FRAMEWORKS_MAX) : 0;
    for (int i = 0; i < count; i++)
        printf("# for %s\n", items[i]);   /* a comment, as a version file may hold one */
    return status;
}

int pin_unset(const char *path)
{
    project_frameworks_set(store_root(), path, NULL, 0);
    return version_file_unset(path);
}

int pin_write(const char *path, int count, char **names, int force, const char *runtime)
{
    set_link_system_if_named(store_root(), count, names);
    if (!force && pin_refuse_unknown_release(count, names) != 0)
        return 1;
    pin_say_what_stays(path, runtime);
    int status = version_file_write(path, count, names, force, runtime);
    if (status == 0) {
        pinned_projects_add(store_root(), path);
        pin_notes(path, count, names);
    }
    return status;
}
