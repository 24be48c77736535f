/*
 * A framework's own CUDA libraries (framework_libs.h): the sonames
 * versions/framework-cuda-libs.ini lists for the framework and the CUDA its
 * build names, each judged as a set's needs are (needs_judge_library), so
 * that 'use --for tensorflow==2.4' and doctor say before TensorFlow starts
 * that libcusolver.so.10 is nowhere a program started here would find it.
 */
#include "framework_libs.h"
#include "option_names.h"

#include "catalog.h"
#include "cuda_runtime.h"
#include "ini_read.h"
#include "platform.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct libs_reader {
    char section[64];
    struct framework_libs *libs;
};

/* A soname (set_needs' rule), or on Windows a plain DLL name ("cusolver64_10.dll"). */
static int library_name_is_plain(const char *name)
{
    size_t length = strlen(name);
    if (!PLATFORM_IS_WINDOWS)
        return set_need_name_is_valid(name);
    return length > 4 && length < SET_NEED_NAME_MAX && strcmp(name + length - 4, ".dll") == 0 &&
           strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+-") == length;
}

static int take_library(void *user, const char *section, const char *key, const char *value)
{
    struct libs_reader *reader = user;
    struct framework_libs *libs = reader->libs;
    if (strcmp(section, reader->section) != 0)
        return 1;
    libs->known = 1;
    if (libs->count >= FRAMEWORK_LIBS_MAX || !library_name_is_plain(key))
        return 1;
    snprintf(libs->library[libs->count], sizeof libs->library[0], "%s", value);
    needs_judge_library(key, -1, &libs->finding[libs->count]);   /* the soname says it: cuFFT 10 is CUDA 11's */
    libs->count++;
    return 1;
}

int framework_libs_judge(const char *framework, const char *cuda, struct framework_libs *libs)
{
    struct libs_reader reader = {.libs = libs};
    memset(libs, 0, sizeof *libs);
    snprintf(reader.section, sizeof reader.section, "%s %s%s", framework, cuda, PLATFORM_IS_WINDOWS ? " windows" : "");
    if (cuda[0] == '\0')
        return 0;
    return catalog_data_read("framework-cuda-libs.ini", take_library, &reader);
}

int framework_libs_judge_in_project(const struct cudnnv_where *where, const char *framework, const char *cuda,
                                    struct framework_libs *libs, char *runtime, size_t runtime_size)
{
    char lib[PATH_MAX], why[PATH_MAX + 256], path[2 * PATH_MAX + 2];
    int pinned = cuda_runtime_for_project(where, lib, sizeof lib, why, sizeof why);
    const char *saved = getenv("LD_LIBRARY_PATH");
    char *kept = saved ? strdup(saved) : NULL;
    runtime[0] = '\0';
    if (pinned > 0) {
        snprintf(runtime, runtime_size, "%s", lib);
        snprintf(path, sizeof path, "%s%s%s", lib, kept ? ":" : "", kept ? kept : "");
        setenv("LD_LIBRARY_PATH", path, 1);   /* where a program started here looks first, after the shims */
    }
    int status = framework_libs_judge(framework, cuda, libs);
    if (kept != NULL)
        setenv("LD_LIBRARY_PATH", kept, 1);
    else
        unsetenv("LD_LIBRARY_PATH");
    free(kept);
    return status;
}

int framework_libs_missing(const struct framework_libs *libs)
{
    int missing = 0;
    for (int i = 0; i < libs->count; i++)
        missing += libs->finding[i].verdict != NEED_FOUND;
    return missing;
}

void framework_libs_describe_missing(const struct framework_libs *libs, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < libs->count; i++) {
        size_t used = strlen(out);
        if (libs->finding[i].verdict != NEED_FOUND)
            snprintf(out + used, size - used, "%s%s (%s)", used ? ", " : "", libs->finding[i].need.name,
                     libs->library[i]);
    }
}

const char *framework_libs_fix(const char *cuda)
{
    static char fix[400];
    snprintf(fix, sizeof fix, "put CUDA %s's own libraries on the path of programs started here: another CUDA's do not serve; pin them for the project ('cudnnv use " OPTION_CUDA_RUNTIME " %s', then 'cudnnv install " OPTION_CUDA_LIBS_FROM " DIR' with DIR a folder of them) ('cudnnv install " OPTION_WITH_CUDA_LIBS "' brings only what cuDNN itself loads)",
             cuda, cuda);
    return fix;
}
