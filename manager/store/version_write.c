/*
 * Version files are written as the user typed the names ("8.1", not
 * "8.1.0.77"), so a later 8.1.x install is picked up. Each name must be valid
 * and, unless --force, resolve to an installed set. The file is replaced
 * atomically: a reader never sees half of it.
 */
#include "version_write.h"
#include "option_names.h"

#include "messages.h"
#include "fsutil.h"
#include "selection.h"
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The cuDNN major a pin names: its set's when installed, else the name's own ("v8.1" -> 8); -1 when unknown. */
int version_pin_major(const char *name)
{
    cudnnv_name set;
    char version[CUDNNV_NAME_MAX + 1];
    if (cudnnv_resolve(store_root(), name, set) && cudnnv_set_version(store_root(), set, version, sizeof version))
        return cudnnv_name_major(version);
    return cudnnv_name_major(name[0] == 'v' || name[0] == 'V' ? name + 1 : name);
}

/* Two pins of one major: a program loads one cuDNN of each major, so the second would never count. */
static int refuse_two_of_a_major(int count, char **names)
{
    for (int i = 0; i < count; i++) {
        int major = version_pin_major(names[i]);
        for (int j = i + 1; j < count && major >= 0; j++) {
            if (version_pin_major(names[j]) == major)
                return fail("'%s' and '%s' both name cuDNN %d: a program loads one cuDNN of each major, so only the first would count; pin one per major (e.g. '%s 9')",
                            names[i], names[j], major, names[i]);
        }
    }
    return 0;
}

/* The "cuda VERSION" line to write: cuda as given ("" for none), or (NULL) the one the file holds now. */
static void cuda_line(const char *path, const char *cuda, char *out, size_t size)
{
    char kept[32];
    out[0] = '\0';
    if (cuda == NULL && cudnnv_version_file_cuda(path, kept, sizeof kept) == 1)
        cuda = kept;
    if (cuda != NULL && cuda[0] != '\0')
        snprintf(out, size, "%s %s\n", CUDNNV_CUDA_KEYWORD, cuda);
}

/*
 * asdf's .tool-versions keeps every tool's line: the "cudnn" one is replaced
 * (or added at the end), every other line kept as it was; pins is
 * "cudnn 8.1 9\n", or "" to remove the line. The file is read under the
 * rule of every version file (regular, this user's or root's, bounded).
 */
/*
 * The team's file as it is: read whole (a NUL byte, which would hide every
 * line after it, is refused), never through a link (the file it leads to
 * may be private), its mode kept for the new file (0644 when there is none).
 */
static int read_team_file(const char *path, char *text, size_t size, mode_t *mode)
{
    struct stat info;
    size_t length = 0;
    *mode = 0644;
    if (lstat(path, &info) == 0 && S_ISLNK(info.st_mode))
        return fail("%s is a link: cudnnv writes no version file through a link; edit the file it leads to, or replace the link with a file",
                    path);
    if (lstat(path, &info) == 0)
        *mode = info.st_mode & 0777;
    int status = cudnnv_read_regular_file_length(path, text, size, 1, &length);
    if (status == 0 && memchr(text, '\0', length) != NULL)
        status = CUDNNV_READ_HAS_NUL;
    if (status != 0 && status != CUDNNV_READ_MISSING)
        return fail("%s %s; fix it, or pin in .cudnn-version instead ('cudnnv use' without " OPTION_TOOL_VERSIONS ")", path,
                    cudnnv_read_problem(status));
    return 0;
}

static int write_tool_versions(const char *path, const char *pins)
{
    /* out: the file's lines and the pins line, the longest that can be (CUDNNV_MAX_LINES names) */
    static char text[CUDNNV_TOOL_FILE_MAX + 1], out[CUDNNV_TOOL_FILE_MAX + CUDNNV_MAX_LINES * (CUDNNV_NAME_MAX + 2) + 64];
    mode_t mode;
    text[0] = '\0';
    if (read_team_file(path, text, sizeof text, &mode) != 0)
        return 1;
    out[0] = '\0';
    int replaced = 0;
    for (const char *line = text; *line != '\0'; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n')) {
        size_t length = strcspn(line, "\n");
        const char *word = line + strspn(line, " \t");
        int ours = strncmp(word, "cudnn", 5) == 0 && (word[5] == ' ' || word[5] == '\t');
        if (ours && !replaced)
            strcat(out, pins);
        else if (!ours)
            snprintf(out + strlen(out), sizeof out - strlen(out), "%.*s\n", (int)length, line);
        replaced |= ours;
    }
    if (!replaced && pins[0] == '\0')
        return 0;   /* --unset where no line pins cudnn: nothing to remove, nothing created */
    if (!replaced)
        strcat(out, pins);
    if (write_file_atomic_mode(path, out, mode) != 0)
        return fail("cannot write %s: %s", path, strerror(errno));
    return 0;
}

int version_file_write(const char *path, int count, char **names, int force, const char *cuda)
{
    char text[CUDNNV_MAX_LINES * (CUDNNV_NAME_MAX + 2) + 64] = "", line[64];
    cudnnv_name resolved;
    if (count > CUDNNV_MAX_LINES)
        return fail("at most %d versions fit in one version file", CUDNNV_MAX_LINES);
    for (int i = 0; i < count; i++) {
        if (!cudnnv_name_is_valid(names[i]))
            return fail("invalid version name '%s': a name has %s", names[i], cudnnv_name_rule());
        if (!force && !cudnnv_resolve(store_root(), names[i], resolved)) {
            char hint[160];
            cudnnv_missing_hint(names[i], hint, sizeof hint);
            return fail("version '%s' is not installed; %s, or pin it before it is installed with " OPTION_FORCE " ('cudnnv install' there then brings it)",
                        names[i], hint);
        }
        strcat(text, names[i]);
        strcat(text, "\n");
    }
    if (refuse_two_of_a_major(count, names) != 0)
        return 1;
    if (cudnnv_version_file_kind(path) == CUDNNV_FILE_TOOL_VERSIONS) {
        char pins[sizeof text + 8] = "cudnn";
        for (int i = 0; i < count; i++)
            strcat(strcat(pins, " "), names[i]);
        if (cuda != NULL && cuda[0] != '\0')
            return fail("a CUDA runtime is pinned in .cudnn-version ('%s %s'), not in .tool-versions", CUDNNV_CUDA_KEYWORD, cuda);
        return write_tool_versions(path, strcat(pins, "\n"));
    }
    cuda_line(path, cuda, line, sizeof line);
    strcat(text, line);
    if (write_file_atomic(path, text) != 0)
        return fail("cannot write %s: %s", path, strerror(errno));
    return 0;
}

int version_file_print(const char *path, const char *missing_hint)
{
    cudnnv_name names[CUDNNV_MAX_LINES], bad;
    int count = cudnnv_read_version_file(path, names, CUDNNV_MAX_LINES, bad);
    if (count == CUDNNV_READ_BAD_NAME)
        return fail("invalid version name '%s' in %s; fix that file", bad, path);
    if (count == CUDNNV_READ_MISSING || count == 0)
        return fail("%s", missing_hint);
    if (count < 0) {
        /* the wording the selection uses for the same file (shim and manager alike) */
        struct cudnnv_choice choice = {.problem = count, .error_number = errno};
        snprintf(choice.origin_path, sizeof choice.origin_path, "%s", path);
        char message[PATH_MAX + 512];
        cudnnv_describe_failure(CUDNNV_IO_ERROR, &choice, -1, message, sizeof message);
        return fail("%s", message);
    }
    for (int i = 0; i < count; i++)
        printf("%s\n", names[i]);
    char cuda[32];
    if (cudnnv_version_file_cuda(path, cuda, sizeof cuda) == 1)
        printf("%s %s\n", CUDNNV_CUDA_KEYWORD, cuda);
    return 0;
}

int version_file_unset(const char *path)
{
    if (cudnnv_version_file_kind(path) == CUDNNV_FILE_TOOL_VERSIONS)
        return write_tool_versions(path, "");   /* the other tools' lines stay */
    if (unlink(path) != 0 && errno != ENOENT)
        return fail("cannot remove %s: %s", path, strerror(errno));
    return 0;
}
