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
#include "store_layout.h"
#include "build_platform.h"

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

/* The system store in use; "" for none. */
const char *cudnnv_system_root(void)
{
    return system_root != NULL ? system_root : "";
}

/*
 * Paths here are built in buffers sized to what they hold (the store's path
 * is shorter than PATH_MAX, a name at most CUDNNV_NAME_MAX): the shim runs
 * this at a process's first cuDNN call, where every fresh stack page is a
 * page fault, and PATH_MAX buffers at each level cost a page each.
 */
static int is_set_folder(const char *store, const char *name)
{
    char path[strlen(store) + strlen(name) + CUDNNV_STORE_PATH_EXTRA];
    struct stat info;
    return cudnnv_store_path(path, sizeof path, store, CUDNNV_STORE_SET, name) == 0 && stat(path, &info) == 0 &&
           S_ISDIR(info.st_mode);
}

static int in_system_store(const char *root, const char *name)
{
    return system_root != NULL && strcmp(system_root, root) != 0 && is_set_folder(system_root, name);
}

/* True when the set lives in the system store: the system store holds it and the user's does not. */
int cudnnv_set_in_system(const char *root, const char *name)
{
    return system_root != NULL && cudnnv_name_is_valid(name) && !is_set_folder(root, name) &&
           in_system_store(root, name);
}

/* The store a set is read from: the user's when it holds the set, else the system store. */
static const char *store_of(const char *root, const char *name)
{
    return cudnnv_set_in_system(root, name) ? system_root : root;
}

static int set_path(const char *root, const char *name, const char *leaf,
                    char *out, size_t size)
{
    if (cudnnv_store_path(out, size, store_of(root, name), CUDNNV_STORE_SET, name) != 0)
        return 0;
    size_t length = strlen(out);
    int n = snprintf(out + length, size - length, "%s%s", leaf[0] ? "/" : "", leaf);
    return n >= 0 && (size_t)n < size - length;
}

/* The folder of an installed set: in the user's store, else in the system store. */
int cudnnv_set_dir(const char *root, const char *name, char *out, size_t size)
{
    return set_path(root, name, "", out, size);
}

int cudnnv_set_exists(const char *root, const char *name)
{
    return cudnnv_name_is_valid(name) && (is_set_folder(root, name) || in_system_store(root, name));
}

/* One store's listing: the valid set names there, less those of skip_store (the user's, when this is the system
 * store), go to visit. */
struct store_visit {
    const char *store, *skip_store;
    int (*visit)(const char *name, void *context);
    void *context;
};

/* An entry that may be a set: a folder, or a link or an entry of unknown kind that leads to one. */
static int visit_entry(const char *name, enum cudnnv_entry_kind kind, void *context)
{
    const struct store_visit *listing = context;
    if (name[0] == '.' || !cudnnv_name_is_valid(name) || kind == CUDNNV_ENTRY_OTHER ||
        (kind == CUDNNV_ENTRY_UNSURE && !is_set_folder(listing->store, name)) ||
        (listing->skip_store != NULL && is_set_folder(listing->skip_store, name)))
        return 0;
    return listing->visit(name, listing->context);
}

/*
 * Visits the valid set names of one store's versions/, passing over those
 * in skip_store's (the user's store, when this is the system store); stops
 * at the first visit that returns nonzero and returns that.
 */
static int visit_store(const char *store, const char *skip_store, int (*visit)(const char *name, void *context),
                       void *context)
{
    char path[strlen(store) + CUDNNV_STORE_PATH_EXTRA];
    struct store_visit listing = {store, skip_store, visit, context};
    int answer = cudnnv_store_path(path, sizeof path, store, CUDNNV_STORE_SETS, NULL) == 0
                     ? cudnnv_each_entry(path, visit_entry, &listing) : 0;
    return answer < 0 ? 0 : answer;
}

/* Every installed set once, the user's store's then the system store's it lacks, in no order. */
int cudnnv_each_set(const char *root, int (*visit)(const char *name, void *context), void *context)
{
    int answer = visit_store(root, NULL, visit, context);
    if (answer == 0 && system_root != NULL && strcmp(system_root, root) != 0)
        answer = visit_store(system_root, root, visit, context);
    return answer;
}

struct name_list {
    cudnnv_name *names;
    int count, max;
};

static int add_name(const char *name, void *context)
{
    struct name_list *list = context;
    if (list->count >= list->max)
        return 1;
    strcpy(list->names[list->count++], name);
    return 0;
}

static int by_version(const void *a, const void *b)
{
    return cudnnv_name_compare((const char *)a, (const char *)b);
}

/* The installed names, the user's store's and then the system store's, oldest first. */
int cudnnv_list_sets(const char *root, cudnnv_name *names, int max)
{
    struct name_list list = {names, 0, max};
    cudnnv_each_set(root, add_name, &list);
    qsort(names, (size_t)list.count, sizeof names[0], by_version);
    return list.count;
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
    /* Static, neither on the stack (the shim's first call would touch two more pages) nor from malloc (whose first
     * use costs a prompt three system calls): the shim selects under its one lock, the manager in one thread. */
    static char text[8192];
    int status = cudnnv_read_regular_file(path, text, sizeof text, 0);
    int found = 0;
    if (status != 0 && status != CUDNNV_READ_TOO_LONG)
        return 0;
    for (char *line = text; *line != '\0' && !found;) {
        size_t length = strcspn(line, "\n");
        char saved = line[length];
        line[length] = '\0';
        found = take_key_line(line, key, out, size);
        line += length + (saved == '\n');
    }
    return found;
}

/* One key of a set's cudnnv.ini (a FIFO or a device in its place reads as nothing); 0 when absent. */
int cudnnv_set_key(const char *root, const char *name, const char *key, char *out, size_t size)
{
    if (!cudnnv_name_is_valid(name) || strlen(root) >= PATH_MAX)   /* and the buffer below stays small */
        return 0;
    const char *store = store_of(root, name);
    char path[strlen(store) + strlen(name) + CUDNNV_STORE_PATH_EXTRA];
    return cudnnv_store_path(path, sizeof path, store, CUDNNV_STORE_SET_RECORD, name) == 0 &&
           key_in_file(path, key, out, size);
}

/* The list of a set's CUDA libraries, ROOT/cuda/sets/NAME beside the versions/ that holds set_dir; 0 when none can be named. */
int cudnnv_set_cuda_libs_list(const char *set_dir, char *path, size_t size)
{
    char root[strlen(set_dir) + 1], name[CUDNNV_NAME_MAX + 1];   /* ROOT/versions/NAME */
    return cudnnv_store_split(set_dir, CUDNNV_STORE_SET, root, sizeof root, name, sizeof name) == 0 &&
           cudnnv_store_path(path, size, root, CUDNNV_STORE_COMPANION_LIST, name) == 0;
}

/*
 * A set's CUDA libraries (install --with-cuda-libs): ROOT/cuda/sets/NAME, beside
 * the store's versions/ that holds set_dir, names the CUDA release under
 * ROOT/cuda/ and the libraries to load from its lib/ (bin\ on Windows). 1 with the folder and
 * the ':'-separated names; 0 when the set has none.
 */
int cudnnv_set_cuda_libs(const char *set_dir, char *dir, size_t dir_size, char *load, size_t load_size)
{
    if (strlen(set_dir) >= PATH_MAX)
        return 0;
    /* ROOT/cuda/sets/NAME and ROOT/cuda/LABEL, beside ROOT/versions/NAME */
    char path[strlen(set_dir) + 16], label[CUDNNV_NAME_MAX + 1], root[strlen(set_dir) + 1];
    char libs[strlen(set_dir) + CUDNNV_NAME_MAX + 16];
    if (!cudnnv_set_cuda_libs_list(set_dir, path, sizeof path) || !key_in_file(path, "cuda_libs", label, sizeof label) ||
        !cudnnv_name_is_valid(label) || !key_in_file(path, "cuda_libs_load", load, load_size) ||
        cudnnv_store_split(set_dir, CUDNNV_STORE_SET, root, sizeof root, NULL, 0) != 0 ||
        cudnnv_store_path(libs, sizeof libs, root, CUDNNV_STORE_CUDA_LIBS, label) != 0)
        return 0;
    return snprintf(dir, dir_size, "%s/" CUDNNV_COMPANIONS_FOLDER, libs) < (int)dir_size;
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

/* True when the set was built for the platform this code runs on (or does not say). */
int cudnnv_set_runs_here(const char *root, const char *name)
{
    char platform[32];
    if (!cudnnv_set_key(root, name, "platform", platform, sizeof platform))
        return 1;
    return cudnnv_platform_runs_here(platform);
}

/* The newest set (by name, or by the version it holds) that answers a request among those built for this platform. */
struct best_set {
    const char *root;
    const char *requested;
    int by_version;           /* match the version a set holds, not its name */
    cudnnv_name name;         /* the best so far; "" when none */
    cudnnv_name version;      /* what it was compared by */
};

static int consider_set(const char *name, void *context)
{
    struct best_set *best = context;
    cudnnv_name version;
    if (!best->by_version)
        strcpy(version, name);   /* a valid name fits */
    else if (!cudnnv_set_key(best->root, name, "version", version, sizeof version))
        return 0;
    if (!cudnnv_name_has_prefix(version, best->requested) ||
        (best->name[0] != '\0' && cudnnv_name_compare(version, best->version) <= 0) ||
        !cudnnv_set_runs_here(best->root, name))
        return 0;
    strcpy(best->name, name);
    strcpy(best->version, version);
    return 0;
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
    if (!cudnnv_name_is_valid(requested))
        return 0;
    int exact = cudnnv_set_exists(root, requested);
    if (exact && cudnnv_set_runs_here(root, requested)) {
        strcpy(out, requested);
        return 1;
    }
    struct best_set best = {root, requested, 0, "", ""};
    cudnnv_each_set(root, consider_set, &best);
    if (best.name[0] != '\0') {
        strcpy(out, best.name);
        return 1;
    }
    if (!exact)
        return 0;
    strcpy(out, requested);
    return CUDNNV_RESOLVED_ELSEWHERE;
}

/*
 * No set is named after the version asked for, but one holds it: the set
 * linked as system (or any name given with --name) holding 9.19.0.56
 * answers "9.19". Read only when no name matched, so a pin that names a set
 * costs nothing more.
 */
static int resolve_by_version(const char *root, const char *requested, cudnnv_name out)
{
    struct best_set best = {root, requested, 1, "", ""};
    if (cudnnv_name_major(requested) < 0)
        return 0;
    cudnnv_each_set(root, consider_set, &best);
    if (best.name[0] == '\0')
        return 0;
    strcpy(out, best.name);
    return 1;
}

/* nvm's spelling, one rule wherever a name is read (a version file, a command, CUDNNV_VERSION): "v8.1" is the
 * set named so when there is one, else "8.1". */
int cudnnv_resolve(const char *root, const char *requested, cudnnv_name out)
{
    const char *bare = (requested[0] == 'v' || requested[0] == 'V') && requested[1] >= '0' && requested[1] <= '9'
                           ? requested + 1 : NULL;
    int found = resolve_name(root, requested, out);
    if (!found && bare != NULL)
        found = resolve_name(root, bare, out);
    if (!found)
        found = resolve_by_version(root, bare != NULL ? bare : requested, out);
    return found;
}
