/*
 * A framework's own CUDA libraries (framework_libs.h): the sonames
 * versions/framework-cuda-libs.ini lists for the framework and the CUDA its
 * build names, each judged as a set's needs are (needs_judge_library), so
 * that 'use --for tensorflow==2.4' and doctor say before TensorFlow starts
 * that libcusolver.so.10 is nowhere a program started here would find it.
 */
#include "framework_libs.h"

#include "catalog.h"
#include "ini_read.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct libs_reader {
    char section[64];
    struct framework_libs *libs;
};

static int take_library(void *user, const char *section, const char *key, const char *value)
{
    struct libs_reader *reader = user;
    struct framework_libs *libs = reader->libs;
    if (strcmp(section, reader->section) != 0)
        return 1;
    libs->known = 1;
    if (libs->count >= FRAMEWORK_LIBS_MAX || !set_need_name_is_valid(key))
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
    snprintf(reader.section, sizeof reader.section, "%s %s", framework, cuda);
    if (cuda[0] == '\0')
        return 0;
    return catalog_data_read("framework-cuda-libs.ini", take_library, &reader);
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
    static char fix[320];
    snprintf(fix, sizeof fix, "put CUDA %s's own libraries (NVIDIA's CUDA %s toolkit, or its redist components) on LD_LIBRARY_PATH: another CUDA's do not serve ('cudnnv install --with-cuda-libs' brings only what cuDNN itself loads)",
             cuda, cuda);
    return fix;
}
