/*
 * The record of a set's needs in its cudnnv.ini: one key per library it
 * needs and does not hold, the value naming the set's library that asks
 * ("libz.so.1 = libcudnn_cnn.so.9"). Read with inih like the rest of the
 * file; every name is checked, since a store may be another user's.
 */
#include "set_needs.h"

#include "fsutil.h"
#include "set_info.h"

#include "ini_read.h"
#include "store_layout.h"

#include "cudnnv_select.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int set_need_name_is_valid(const char *name)
{
    size_t length = strlen(name);
    if (length == 0 || length >= SET_NEED_NAME_MAX || (strncmp(name, "lib", 3) != 0 && strncmp(name, "ld-", 3) != 0))
        return 0;
    return strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+-") == length;
}

int set_need_is_c_runtime(const char *name)
{
    static const char *const stems[] = {"libc.so", "libm.so", "libdl.so", "libpthread.so", "librt.so", "libutil.so",
                                        "libgcc_s.so", "libstdc++.so", "ld-linux"};
    for (size_t i = 0; i < sizeof stems / sizeof stems[0]; i++) {
        if (strncmp(name, stems[i], strlen(stems[i])) == 0)
            return 1;
    }
    return 0;
}

int set_need_is_everywhere(const char *name)
{
    return set_need_is_c_runtime(name) || strncmp(name, "libz.so", 7) == 0;
}

/* Whether a set with these needs may not load where a program runs: one of them is not everywhere. */
static int may_not_load(const struct set_needs *needs)
{
    for (int i = 0; i < needs->count; i++) {
        if (!set_need_is_everywhere(needs->need[i].name))
            return 1;
    }
    return 0;
}

int set_needs_add(struct set_needs *needs, const char *name, const char *needed_by, enum set_need_when when)
{
    for (int i = 0; i < needs->count; i++) {
        if (strcmp(needs->need[i].name, name) == 0)
            return 0;
    }
    if (needs->count >= SET_NEEDS_MAX || !set_need_name_is_valid(name))
        return -1;
    struct set_need *need = &needs->need[needs->count++];
    snprintf(need->name, sizeof need->name, "%s", name);
    snprintf(need->needed_by, sizeof need->needed_by, "%s", set_need_name_is_valid(needed_by) ? needed_by : "");
    need->when = when;
    return 0;
}

/* An entry of a run path: a plain path, $ORIGIN allowed; no ':' (the separator) and nothing a shell or INI reads. */
static int is_runpath_entry(const char *entry, size_t length)
{
    static const char allowed[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+-/${}";
    size_t i = 0;
    while (i < length && strchr(allowed, entry[i]) != NULL && entry[i] != '\0')
        i++;
    return length > 0 && i == length;
}

void set_needs_add_runpath(struct set_needs *needs, const char *runpath)
{
    while (*runpath != '\0') {
        size_t length = strcspn(runpath, ":");
        size_t used = strlen(needs->runpath);
        int known = 0;
        for (const char *item = needs->runpath; *item != '\0' && !known; item += strcspn(item, ":") + (item[strcspn(item, ":")] == ':'))
            known = strncmp(item, runpath, length) == 0 && (item[length] == ':' || item[length] == '\0');
        if (!known && is_runpath_entry(runpath, length) && used + length + 2 < sizeof needs->runpath)
            snprintf(needs->runpath + used, sizeof needs->runpath - used, "%s%.*s", used ? ":" : "", (int)length, runpath);
        runpath += length + (runpath[length] == ':');
    }
}

static int take_need(void *user, const char *section, const char *key, const char *value)
{
    struct set_needs *needs = user;
    if (strcmp(section, "needs") != 0)
        return 1;
    needs->recorded = 1;
    if (strcmp(key, "runpath") == 0)
        set_needs_add_runpath(needs, value);
    else if (strcmp(key, "folder") == 0)
        snprintf(needs->folder, sizeof needs->folder, "%s", value);
    else if (strcmp(key, CUDNNV_KEY_MAY_NOT_LOAD) == 0)
        return 1;   /* written from the needs below, read by the shim */
    else if (strcmp(key, "none") != 0)
        set_needs_add(needs, key, value, NEED_AT_LOAD);
    return 1;
}

int set_needs_read(const char *set_dir, struct set_needs *needs)
{
    memset(needs, 0, sizeof *needs);
    return set_ini_read(set_dir, take_need, needs);
}

int set_needs_append(const char *set_dir, const struct set_needs *needs)
{
    char path[PATH_MAX];
    if (path_join(path, sizeof path, set_dir, CUDNNV_STORE_RECORD) != 0)
        return -1;
    char *text = read_small_file(path, 64 * 1024);
    if (text == NULL)
        return -1;
    size_t size = strlen(text) + (size_t)SET_NEEDS_MAX * (2 * SET_NEED_NAME_MAX + 8) + SET_RUNPATH_MAX + 160;
    char *out = malloc(size);
    if (out == NULL) {
        free(text);
        return -1;
    }
    size_t used = (size_t)snprintf(out, size, "%s\n; what this set's libraries load that the set does not hold\n[needs]\n", text);
    if (needs->runpath[0] != '\0')
        used += (size_t)snprintf(out + used, size - used, "runpath = %s\n", needs->runpath);
    if (needs->folder[0] != '\0')
        used += (size_t)snprintf(out + used, size - used, "folder = %s\n", needs->folder);
    used += (size_t)snprintf(out + used, size - used, "%s = %s\n", CUDNNV_KEY_MAY_NOT_LOAD,
                             may_not_load(needs) ? "yes" : "no");
    for (int i = 0; i < needs->count; i++)
        used += (size_t)snprintf(out + used, size - used, "%s = %s\n", needs->need[i].name, needs->need[i].needed_by);
    if (needs->count == 0)
        snprintf(out + used, size - used, "none = \n");
    errno = ENAMETOOLONG;   /* a line the reader would refuse is never written */
    int status = ini_text_fits(out) ? write_file_atomic(path, out) : -1;
    free(out);
    free(text);
    return status;
}

int set_needs_parse_lines(const char *text, struct set_needs *needs)
{
    char name[SET_NEED_NAME_MAX], needed_by[SET_NEED_NAME_MAX];
    memset(needs, 0, sizeof *needs);
    needs->recorded = 1;
    while (*text != '\0') {
        size_t length = strcspn(text, "\n");
        if (strncmp(text, "runpath ", 8) == 0 && length < 8 + SET_RUNPATH_MAX) {
            char runpath[SET_RUNPATH_MAX];
            snprintf(runpath, sizeof runpath, "%.*s", (int)length - 8, text + 8);
            set_needs_add_runpath(needs, runpath);
        } else if (length >= 2 * SET_NEED_NAME_MAX || sscanf(text, "%63s %63s", name, needed_by) != 2 ||
                   set_needs_add(needs, name, needed_by, NEED_AT_LOAD) != 0)
            return -1;
        text += length + (text[length] == '\n');
    }
    return needs->count;
}

const char *set_need_feature(enum set_need_when when)
{
    switch (when) {
    case NEED_CUBLAS:
        return "cuBLAS-backed engines (some convolution and matmul engines, legacy convolution, RNN)";
    case NEED_NVRTC:
        return "runtime-compiled engines";
    default:
        return "load time";
    }
}
