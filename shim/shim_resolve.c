/*
 * The resolution behind every trampoline. The first cuDNN call of the
 * process (from any thread) selects the version with the same code as the
 * manager and loads the set, once (pthread_once, InitOnceExecuteOnce); each
 * function's first call then looks it up in the set and fills its slot, so
 * its later calls never come here. A function the set lacks stops the
 * process with its name.
 */
#include "shim_internal.h"
#include "store_layout.h"
#include "shim_platform.h"
#include "shim_symbols.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The export's whole name into out (SYMBOL_NAME_SIZE bytes): the shared prefix, then the table's rest. */
#define SYMBOL_NAME_SIZE 128
static const char *symbol_name(unsigned index, char *out)
{
    snprintf(out, SYMBOL_NAME_SIZE, "%s%s", cudnnv_symbol_prefix, cudnnv_symbol_text + cudnnv_symbol_offsets[index]);
    return out;
}


/* Says which version file was there but not obeyed (another user's), under CUDNNV_DEBUG. */
static void report_ignored(const struct cudnnv_source *source)
{
    if (source->ignored)
        cudnnv_debug("ignored %s: it %s", source->path, cudnnv_read_problem(CUDNNV_READ_UNTRUSTED));
}
/*
 * Where the first call's memory goes matters more than what it computes: on
 * a virtual machine each page touched for the first time is a page fault of
 * about 20 us, several times the selection's own work. So the sources are
 * read one at a time on select_set's stack, whose pages the set's loading
 * then reuses; messages are built on the stack of the functions that stop
 * the process; and the little static state the first call writes sits
 * together, its one PATH_MAX array (the choice's origin) last.
 */
static const char *root;
static struct cudnnv_loaded loaded;
static struct cudnnv_choice chosen;

/* True when a store has a versions/ folder: a system store without one holds no set to look for. */
static int has_sets(const char *store)
{
    char path[strlen(store) + CUDNNV_STORE_PATH_EXTRA];
    struct stat info;
    return cudnnv_store_path(path, sizeof path, store, CUDNNV_STORE_SETS, NULL) == 0 && stat(path, &info) == 0 &&
           S_ISDIR(info.st_mode);
}

/* The messages' buffers are on the stack of these, which run only to stop the process or under CUDNNV_DEBUG. */
static __attribute__((noinline, noreturn)) void die_unselected(enum cudnnv_status status)
{
    char message[PATH_MAX + 512];
    cudnnv_describe_failure(status, &chosen, cudnnv_shim_major, message, sizeof message);
    cudnnv_die("%s (%s needed it)", message, cudnnv_shim_soname);
}

static __attribute__((noinline, noreturn)) void die_missing(unsigned long index)
{
    char origin[PATH_MAX + 64], name[SYMBOL_NAME_SIZE];
    cudnnv_describe_origin(&chosen, origin, sizeof origin);
    cudnnv_die("%s is not in cuDNN set '%s' (%s); this program needs a newer set: see 'cudnnv versions'",
               index < cudnnv_symbol_count ? symbol_name((unsigned)index, name) : "?", chosen.name, origin);
}

static __attribute__((noinline)) void report_loaded(void)
{
    char origin[PATH_MAX + 64];
    cudnnv_describe_origin(&chosen, origin, sizeof origin);
    cudnnv_debug("%s -> set '%s' (%s) from %s: %d libraries loaded; each function is looked up at its first call",
                 cudnnv_shim_soname, chosen.name, origin, loaded.lib_dir, loaded.libraries);
}

static struct cudnnv_where where;

static __attribute__((noinline)) void select_set(void)
{
    const struct cudnnv_launch *launch = cudnnv_launch_state();
    root = cudnnv_launch_root();
    if (launch->system_root[0] != '\0' && strcmp(launch->system_root, root) != 0 && has_sets(launch->system_root))
        cudnnv_set_system_root(launch->system_root);
    where.root = root;
    where.env_version = launch->env_version;
    where.cwd = launch->cwd[0] != '\0' ? launch->cwd : NULL;
    where.cwd_too_long = launch->cwd_too_long;
    enum cudnnv_status status = cudnnv_select_major_each(&where, cudnnv_shim_major, &chosen, report_ignored);
    if (status != CUDNNV_SELECTED)
        die_unselected(status);
}

/*
 * The shim's answer to the selection's question whether a set loads here
 * (cudnnv_set_load_judge): it tries the set, and a set whose trial failed
 * does not. Four such trials at most.
 */
#define MAX_TRIALS 4
static cudnnv_name failed[MAX_TRIALS];
static int failures;

static int tried_and_loads(const char *store, const char *name)
{
    (void)store;
    for (int i = 0; i < failures; i++) {
        if (strcmp(failed[i], name) == 0)
            return 0;
    }
    return 1;
}

/* Whether the set's record says it needs a library not every Linux has (cuDNN 8's cuBLAS): only such a set is tried,
 * since a trial loads every library of the set at once (40 ms for cuDNN 9's 450 MB, where cuDNN loads a few). */
static int may_not_load(const char *name)
{
    char value[4];
    return cudnnv_set_key(root, name, CUDNNV_KEY_MAY_NOT_LOAD, value, sizeof value) && strcmp(value, "yes") == 0;
}

/*
 * Loads the chosen set. One that no source named, whose record says it may
 * not load here, is tried when another set of the default order follows it
 * (the set linked as system, then the installed sets newest first); when it
 * cannot load, the selection is made again, and passes it over as the
 * manager's commands do. The last is loaded come what may.
 */
static void load_first_that_loads(void)
{
    cudnnv_name next;
    cudnnv_set_load_judge(tried_and_loads);
    while ((chosen.origin == CUDNNV_ORIGIN_SYSTEM || chosen.origin == CUDNNV_ORIGIN_NEWEST) &&
           failures < MAX_TRIALS && tried_and_loads(root, chosen.name) && may_not_load(chosen.name) &&
           cudnnv_default_after(&where, cudnnv_shim_major, chosen.name, next)) {
        if (cudnnv_load_set(root, &chosen, &loaded, 1))
            return;
        strcpy(failed[failures++], chosen.name);
        select_set();
    }
    cudnnv_load_set(root, &chosen, &loaded, 0);
}

/* A set whose main library is a cudnnv shim would send every call back here. */
static void refuse_shim_as_set(void *symbol)
{
    if (cudnnv_platform_is_own(symbol))
        cudnnv_die("set '%s' holds a cudnnv shim, not cuDNN; reinstall it from NVIDIA's files",
                   chosen.name);
}

/* Selects and loads the set, once; refuses a set whose library is a shim (its first function is enough). */
static void load_chosen_set(void)
{
    char name[SYMBOL_NAME_SIZE];
    select_set();
    load_first_that_loads();
    for (unsigned i = 0; i < cudnnv_symbol_count; i++) {
        void *target = cudnnv_platform_symbol(loaded.main_library, symbol_name(i, name));
        if (target != NULL) {
            refuse_shim_as_set(target);
            break;
        }
    }
    if (cudnnv_launch_state()->debug)
        report_loaded();
}

/*
 * A slot's first call: the set is loaded once for all (the first call of
 * the process, from any thread), then this one function is looked up and
 * kept in its slot; the slot's later calls never come here. Looking up only
 * the functions a program calls saves the rest (about 0.15 us each, 230 in
 * cuDNN 9) from every process's first call. Two threads that race on one
 * slot store the same address.
 */
void *cudnnv_resolve_slot(unsigned long index)
{
    char name[SYMBOL_NAME_SIZE];
    cudnnv_platform_once(load_chosen_set);
    void *target = index < cudnnv_symbol_count
                       ? cudnnv_platform_symbol(loaded.main_library, symbol_name((unsigned)index, name)) : NULL;
    if (target == NULL)
        die_missing(index);
    __atomic_store_n(&cudnnv_table[index], target, __ATOMIC_RELEASE);
    return target;
}
