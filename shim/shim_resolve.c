/*
 * The one-time resolution behind every trampoline. The first cuDNN call of
 * the process (from any thread) selects the version with the same code as
 * the manager, loads the set, and fills the whole table once (pthread_once,
 * InitOnceExecuteOnce);
 * later calls never come here. A function the set lacks keeps its lazy slot,
 * so calling it lands here again and stops the process with its name.
 */
#include "shim_internal.h"
#include "shim_platform.h"
#include "shim_symbols.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *found;
static struct cudnnv_choice chosen;

static const char *symbol_name(unsigned index)
{
    return cudnnv_symbol_text + cudnnv_symbol_offsets[index];
}

int cudnnv_shim_major_number(void)
{
    return cudnnv_shim_major;
}

static const char *origin_text(void)
{
    static char text[PATH_MAX + 64];
    cudnnv_describe_origin(&chosen, text, sizeof text);
    return text;
}

/* Says which version files were there but not obeyed (another user's), under CUDNNV_DEBUG. */
static void report_ignored(const struct cudnnv_sources *sources)
{
    for (int i = 0; i < 3; i++) {
        if (sources->source[i].ignored)
            cudnnv_debug("ignored %s: it %s", sources->source[i].path,
                         cudnnv_read_problem(CUDNNV_READ_UNTRUSTED));
    }
}

static void select_set(char *root, size_t size)
{
    const struct cudnnv_launch *launch = cudnnv_launch_state();
    struct cudnnv_sources sources;
    char message[PATH_MAX + 512];
    cudnnv_launch_root(root, size);
    if (strcmp(launch->system_root, root) != 0)
        cudnnv_set_system_root(launch->system_root);
    struct cudnnv_where where = {root, launch->env_version, launch->cwd[0] ? launch->cwd : NULL,
                                 launch->cwd_too_long};
    cudnnv_read_sources(&where, &sources);
    report_ignored(&sources);
    enum cudnnv_status status = cudnnv_choose_major(&where, &sources, cudnnv_shim_major, &chosen);
    if (status != CUDNNV_SELECTED) {
        cudnnv_describe_failure(status, &chosen, cudnnv_shim_major, message, sizeof message);
        cudnnv_die("%s (%s needed it)", message, cudnnv_shim_soname);
    }
}

/* A set whose main library is a cudnnv shim would send every call back here. */
static void refuse_shim_as_set(void *symbol)
{
    if (cudnnv_platform_is_own(symbol))
        cudnnv_die("set '%s' holds a cudnnv shim, not cuDNN; reinstall it from NVIDIA's files",
                   chosen.name);
}

static void resolve_table(void)
{
    char root[PATH_MAX];
    struct cudnnv_loaded loaded;
    unsigned resolved = 0;
    select_set(root, sizeof root);
    cudnnv_load_set(root, &chosen, &loaded);
    found = calloc(cudnnv_symbol_count, 1);
    if (found == NULL)
        cudnnv_die("out of memory while resolving %s", cudnnv_shim_soname);
    for (unsigned i = 0; i < cudnnv_symbol_count; i++) {
        void *target = cudnnv_platform_symbol(loaded.main_library, symbol_name(i));
        if (target == NULL)
            continue;
        if (resolved == 0)
            refuse_shim_as_set(target);
        found[i] = 1;
        resolved++;
        __atomic_store_n(&cudnnv_table[i], target, __ATOMIC_RELEASE);
    }
    cudnnv_debug("%s -> set '%s' (%s) from %s: %d libraries loaded, %u of %u functions",
                 cudnnv_shim_soname, chosen.name, origin_text(), loaded.lib_dir, loaded.libraries,
                 resolved, cudnnv_symbol_count);
}

void *cudnnv_resolve_slot(unsigned long index)
{
    cudnnv_platform_once(resolve_table);
    if (index >= cudnnv_symbol_count || !found[index])
        cudnnv_die("%s is not in cuDNN set '%s' (%s); this program needs a newer set: see 'cudnnv versions'",
                   index < cudnnv_symbol_count ? symbol_name((unsigned)index) : "?", chosen.name,
                   origin_text());
    return __atomic_load_n(&cudnnv_table[index], __ATOMIC_ACQUIRE);
}
