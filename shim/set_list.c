/*
 * The installed sets of a store, as the selection sees them: the names under
 * $CUDNNV_ROOT/versions, then those of the system store (CUDNNV_SYSTEM_ROOT,
 * read-only for users, shared by all of them on a cluster) that the user's
 * store does not hold; the version each one holds, and the resolution of a
 * requested name (exact, else the newest on a dot boundary).
 *
 * The shim links this, so the one key it needs from cudnnv.ini ("version") is
 * read with a plain line scan instead of the INI library the manager uses.
 */
#include "cudnnv_select.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *system_root;   /* the system store, searched after the user's; NULL when none */

/* Sets the system store for this process ("" or NULL: none; the user's own store: none either). */
void cudnnv_set_system_root(const char *root)
{
    system_root = root != NULL && root[0] != '\0' ? root : NULL;
}

static int is_set_folder(const char *store, const char *name)
{
    char path[PATH_MAX];
    struct stat info;
    int n = snprintf(path, sizeof path, "%s/versions/%s", store, name);
    return n > 0 && (size_t)n < sizeof path && stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

/* True when the set lives in the system store: the system store holds it and the user's does not. */
int cudnnv_set_in_system(const char *root, const char *name)
{
    return system_root != NULL && strcmp(system_root, root) != 0 && cudnnv_name_is_valid(name) &&
           !is_set_folder(root, name) && is_set_folder(system_root, name);
}

static int set_path(const char *root, const char *name, const char *leaf,
                    char *out, size_t size)
{
    const char *store = cudnnv_set_in_system(root, name) ? system_root : root;
    int n = snprintf(out, size, "%s/versions/%s%s%s", store, name, leaf[0] ? "/" : "", leaf);
    return n > 0 && (size_t)n < size;
}

/* The folder of an installed set: in the user's store, else in the system store. */
int cudnnv_set_dir(const char *root, const char *name, char *out, size_t size)
{
    return set_path(root, name, "", out, size);
}

int cudnnv_set_exists(const char *root, const char *name)
{
    return cudnnv_name_is_valid(name) &&
           (is_set_folder(root, name) || cudnnv_set_in_system(root, name));
}

/* Appends the valid set names of one store's versions/ not already listed; returns the count. */
static int list_store(const char *store, cudnnv_name *names, int count, int max)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/versions", store);
    DIR *dir = opendir(path);
    struct dirent *entry;
    while (dir != NULL && (entry = readdir(dir)) != NULL && count < max) {
        if (entry->d_name[0] == '.' || !cudnnv_name_is_valid(entry->d_name) ||
            !is_set_folder(store, entry->d_name))
            continue;
        int seen = 0;
        for (int i = 0; i < count && !seen; i++)
            seen = strcmp(names[i], entry->d_name) == 0;
        if (!seen)
            strcpy(names[count++], entry->d_name);
    }
    if (dir != NULL)
        closedir(dir);
    return count;
}

static int by_version(const void *a, const void *b)
{
    return cudnnv_name_compare((const char *)a, (const char *)b);
}

/* The installed names, the user's store's and then the system store's, oldest first. */
int cudnnv_list_sets(const char *root, cudnnv_name *names, int max)
{
    int count = list_store(root, names, 0, max);
    if (system_root != NULL && strcmp(system_root, root) != 0)
        count = list_store(system_root, names, count, max);
    qsort(names, (size_t)count, sizeof names[0], by_version);
    return count;
}

/* Copies the value of "KEY = X" from a cudnnv.ini line, if that is the key. */
static int take_key_line(const char *line, const char *key, char *out, size_t size)
{
    size_t key_length = strlen(key);
    while (*line == ' ' || *line == '\t')
        line++;
    if (strncmp(line, key, key_length) != 0)
        return 0;
    line += key_length;
    while (*line == ' ' || *line == '\t')
        line++;
    if (*line++ != '=')
        return 0;
    while (*line == ' ' || *line == '\t')
        line++;
    size_t length = strcspn(line, " \t\r\n;#");
    if (length == 0 || length >= size)
        return 0;
    memcpy(out, line, length);
    out[length] = '\0';
    return 1;
}

/* One key of a small settings file (key = value lines), read without blocking; 0 when absent or unreadable. */
static int key_in_file(const char *path, const char *key, char *out, size_t size)
{
    char text[8192];
    int status = cudnnv_read_regular_file(path, text, sizeof text, 0);
    if (status != 0 && status != CUDNNV_READ_TOO_LONG)
        return 0;
    for (char *line = text; *line != '\0';) {
        size_t length = strcspn(line, "\n");
        char saved = line[length];
        line[length] = '\0';
        int found = take_key_line(line, key, out, size);
        line[length] = saved;
        if (found)
            return 1;
        line += length + (saved == '\n');
    }
    return 0;
}

/* One key of a set's cudnnv.ini (a FIFO or a device in its place reads as nothing); 0 when absent. */
int cudnnv_set_key(const char *root, const char *name, const char *key, char *out, size_t size)
{
    char path[PATH_MAX];
    if (!set_path(root, name, "cudnnv.ini", path, sizeof path))
        return 0;
    return key_in_file(path, key, out, size);
}

/*
 * A set's companions (install --with-cuda-libs): ROOT/cuda/sets/NAME, beside
 * the store's versions/ that holds set_dir, names the CUDA release under
 * ROOT/cuda/ and the libraries to load from its lib/ (bin\ on Windows). 1 with the folder and
 * the ':'-separated names; 0 when the set has none.
 */
int cudnnv_set_companions(const char *set_dir, char *dir, size_t dir_size, char *load, size_t load_size)
{
    char root[PATH_MAX], path[PATH_MAX], label[CUDNNV_NAME_MAX + 1];
    const char *name = strrchr(set_dir, '/');
    if (name == NULL || (size_t)(name - set_dir) >= sizeof root)
        return 0;
    snprintf(root, sizeof root, "%.*s", (int)(name - set_dir), set_dir);
    char *versions = strrchr(root, '/');
    if (versions == NULL || strcmp(versions, "/versions") != 0)
        return 0;
    *versions = '\0';
    if (snprintf(path, sizeof path, "%s/cuda/sets/%s", root, name + 1) >= (int)sizeof path ||
        !key_in_file(path, "cuda_libs", label, sizeof label) || !cudnnv_name_is_valid(label) ||
        !key_in_file(path, "cuda_libs_load", load, load_size))
        return 0;
    return snprintf(dir, dir_size, "%s/cuda/%s/" CUDNNV_COMPANIONS_FOLDER, root, label) < (int)dir_size;
}

/* The version a set holds (from its cudnnv.ini), else its name. */
int cudnnv_set_version(const char *root, const char *name, char *out, size_t size)
{
    int found = cudnnv_set_key(root, name, "version", out, size);
    if (!found && strlen(name) < size) {
        strcpy(out, name);
        found = 1;
    }
    return found;
}

int cudnnv_set_major(const char *root, const char *name)
{
    char version[CUDNNV_NAME_MAX + 1];
    if (!cudnnv_set_version(root, name, version, sizeof version))
        return -1;
    return cudnnv_name_major(version);
}

/*
 * True when a set recorded as built for platform (NVIDIA's names; "linux"
 * and "windows" from stores older than the Arm builds mean x86-64) runs
 * where this code runs.
 */
int cudnnv_platform_runs_here(const char *platform)
{
#if defined(_WIN32)
    return strcmp(platform, "windows") == 0 || strcmp(platform, "windows-x86_64") == 0;
#elif defined(__aarch64__)
    return strcmp(platform, "linux-sbsa") == 0 || strcmp(platform, "linux-aarch64") == 0;
#else
    return strcmp(platform, "linux") == 0 || strcmp(platform, "linux-x86_64") == 0;
#endif
}

/* True when the set was built for the platform this code runs on (or does not say). */
int cudnnv_set_runs_here(const char *root, const char *name)
{
    char platform[32];
    if (!cudnnv_set_key(root, name, "platform", platform, sizeof platform))
        return 1;
    return cudnnv_platform_runs_here(platform);
}

/*
 * An installed name for what a source asked: the exact name, else the newest
 * prefix match, among the sets built for this platform: a Linux process
 * never gets a Windows set (kept in the store for Wine) while a set of its
 * own platform answers the name ("8.1.0.77" Windows, "8.1.0.77-linux"). Only
 * when none does is a set of another platform named exactly returned, so
 * that the manager can show it and the shim can refuse it by name.
 */
static int resolve_name(const char *root, const char *requested, cudnnv_name out)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    if (!cudnnv_name_is_valid(requested))
        return 0;
    int exact = cudnnv_set_exists(root, requested);
    if (exact && cudnnv_set_runs_here(root, requested)) {
        strcpy(out, requested);
        return 1;
    }
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    int best = -1;
    for (int i = 0; i < count; i++) {
        if (!cudnnv_name_has_prefix(names[i], requested) || !cudnnv_set_runs_here(root, names[i]))
            continue;
        if (best < 0 || cudnnv_name_compare(names[i], names[best]) > 0)
            best = i;
    }
    if (best < 0 && !exact)
        return 0;
    strcpy(out, best < 0 ? requested : names[best]);
    return 1;
}

/*
 * No set is named after the version asked for, but one holds it: the set
 * linked as system (or any name given with --name) holding 9.19.0.56
 * answers "9.19". Read only when no name matched, so a pin that names a set
 * costs nothing more.
 */
static int resolve_by_version(const char *root, const char *requested, cudnnv_name out)
{
    cudnnv_name names[CUDNNV_MAX_SETS], best_version = "";
    char version[CUDNNV_NAME_MAX + 1];
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS), best = -1;
    if (cudnnv_name_major(requested) < 0)
        return 0;
    for (int i = 0; i < count; i++) {
        if (!cudnnv_set_key(root, names[i], "version", version, sizeof version) ||
            !cudnnv_name_has_prefix(version, requested) || !cudnnv_set_runs_here(root, names[i]))
            continue;
        if (best < 0 || cudnnv_name_compare(version, best_version) > 0) {
            best = i;
            snprintf(best_version, sizeof best_version, "%s", version);
        }
    }
    if (best < 0)
        return 0;
    strcpy(out, names[best]);
    return 1;
}

/* nvm's spelling, one rule wherever a name is read (a version file, a command, CUDNNV_VERSION): "v8.1" is the
 * set named so when there is one, else "8.1". */
int cudnnv_resolve(const char *root, const char *requested, cudnnv_name out)
{
    const char *bare = (requested[0] == 'v' || requested[0] == 'V') && requested[1] >= '0' && requested[1] <= '9'
                           ? requested + 1 : NULL;
    return resolve_name(root, requested, out) || (bare != NULL && resolve_name(root, bare, out)) ||
           resolve_by_version(root, bare != NULL ? bare : requested, out);
}
