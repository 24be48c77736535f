/*
 * cudnnv check [VERSION]: loads a set through its shim, the way programs do,
 * and prints what it reports; with a GPU it also times a convolution. The
 * check runs in a child process, so a set that fails to load (status 127 from
 * the shim) is reported instead of ending cudnnv.
 */
#include "check_conv.h"
#include "shell_activation.h"
#include "args.h"
#include "commands.h"
#include "doctor.h"
#include "fsutil.h"
#include "needs_judge.h"
#include "platform.h"
#include "selection.h"
#include "set_lookup.h"
#include "shim_files.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* In the child: the shim opened by path, as a program opens it. */
static int check_in_child(void *shim)
{
    int result = check_through_shim(shim, 0);
    fflush(stdout);
    return result;
}

/* The driver, a need no set brings, in the doctor's words; 1 when it is too old for the set. */
static int print_driver(const char *name)
{
    static const char *const words[] = {"ok", "warning", "TOO OLD", "not judged"};
    char sentence[512];
    const char *fix;
    enum doctor_verdict verdict = doctor_driver_verdict(name, sentence, sizeof sentence, &fix);
    printf("needs " PLATFORM_CUDA_DRIVER " (the driver): %s: %s%s%s\n", words[verdict], sentence, fix ? "; fix: " : "",
           fix ? fix : "");
    return verdict == DOCTOR_FAIL;
}

/* What the set loads besides itself, judged where this check runs: one line per need; the count of load-time
 * needs not met (without them no program loads the set; the others fail only the engines that open them). */
static int print_needs(const char *root, const char *name)
{
    static struct set_judgement judgement;
    static const char *const words[] = {"found", "another CUDA major's", "found only for another CUDA major",
                                        "MISSING"};
    if (needs_judge_set(root, name, &judgement) != 0)
        return 0;
    if (!judgement.needs_known)
        printf("needs: what its libraries load could not be read\n");
    for (int i = 0; i < judgement.count; i++) {
        const struct need_finding *finding = &judgement.finding[i];
        printf("needs %s (%s): %s%s%s\n", finding->need.name, set_need_feature(finding->need.when),
               words[finding->verdict], finding->path[0] ? " " : "", finding->path);
    }
    int unmet = 0;
    for (int i = 0; i < judgement.count; i++)
        unmet += judgement.finding[i].verdict != NEED_FOUND && judgement.finding[i].need.when == NEED_AT_LOAD;
    if (unmet < judgement.count - needs_count(&judgement, NEED_FOUND))
        note("what cuDNN opens at run time is not all found here: engines that need it fail; see 'cudnnv doctor'");
    return unmet;
}

/* The project's pinned CUDA runtime first on the library path, as 'cudnnv exec' serves it; on Linux cudnnv starts
 * itself again for the loader to read it (once: then it leads). */
static int serve_project_runtime(const char *set_name, char *runtime, size_t size)
{
    char self[PATH_MAX];
    needs_project_runtime(runtime, size);
    if (activation_runtime_first(runtime) == 0)
        return 0;
    char *argv[] = {self, "check", (char *)set_name, NULL};
    if (platform_self_path(self, sizeof self) == 0)
        platform_exec(argv);
    return fail("cannot start cudnnv again with the project's CUDA runtime (%s) on the library path; run 'cudnnv exec cudnnv check'",
                runtime);
}

static int run(struct args *args)
{
    struct found_set set;
    char shim_dir[PATH_MAX], shim[PATH_MAX + 32], runtime[PATH_MAX];
    int copied, status;
    status = args->count ? set_lookup_named(args->operand[0], &set) : set_lookup_selected(-1, &set);
    if (status != 0 || (status = serve_project_runtime(set.name, runtime, sizeof runtime)) != 0)
        return status;
    int major = cudnnv_name_major(set.info.version);
    const char *root = store_root();
    if (store_prepare(root) != 0 || shim_files_refresh(root, &copied) != 0)
        return 1;
    shim_files_dir(root, shim_dir, sizeof shim_dir);
    snprintf(shim, sizeof shim, "%s/" PLATFORM_SHIM_NAME, shim_dir, major);
    printf("set %s (cuDNN %s) through %s\n", set.name, set.info.version, shim);
    if (runtime[0] != '\0')
        printf("CUDA runtime: %s (the project's pin, first on the library path as 'cudnnv exec' serves it)\n", runtime);
    int unmet = print_needs(root, set.name);
    int driver_too_old = print_driver(set.name);
    fflush(stdout);
    setenv("CUDNNV_VERSION", set.name, 1);
    status = platform_run_apart(check_in_child, shim);
    if (status == 0 && unmet > 0)
        return fail("%d librar%s %s needs at load time %s not found here; see 'cudnnv doctor', or bring them with 'cudnnv install --with-cuda-libs %s'",
                    unmet, unmet == 1 ? "y" : "ies", set.name, unmet == 1 ? "is" : "are", set.name);
    if (status == 0 && driver_too_old)
        return fail("this machine's NVIDIA driver is too old for %s; see the driver line above", set.name);
    if (status == 0)
        return 0;
    if (status < 0)
        return fail("cannot start the check");
    return fail("the check of %s failed (status %d); see the line above", set.name, status);
}

const struct command command_check = {
    .name = "check",
    .run = run,
    .operands = {.usage = "[VERSION]", .complete = COMPLETE_SETS, .max = 1},
};
