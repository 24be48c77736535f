/*
 * Doctor check of the frameworks in the active Python (the first python3 on
 * PATH): their versions are read from the site-packages metadata
 * (*.dist-info/METADATA), never by importing them, and held against the cuDNN
 * each release was built with (versions/frameworks.ini).
 */
#include "doctor.h"

#include "fsutil.h"
#include "frameworks.h"
#include "set_info.h"
#include "store.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PYTHON_SITE_QUERY \
    "python3 -c 'import site; print(\"\\n\".join(site.getsitepackages() + [site.getusersitepackages()]))' 2>/dev/null"

struct installed_framework {
    const char *framework;   /* tensorflow or pytorch */
    char version[64];
    char where[PATH_MAX];
};

/* "torch-2.4.1+cu121.dist-info" -> the framework, and its version from METADATA. */
static int read_dist_info(const char *dir, const char *entry, struct installed_framework *found)
{
    static const char *const prefixes[][2] = {
        {"torch-", "pytorch"}, {"tensorflow-", "tensorflow"}, {"tensorflow_gpu-", "tensorflow"}};
    char path[PATH_MAX * 2];
    size_t length = strlen(entry);
    if (length < 11 || strcmp(entry + length - 10, ".dist-info") != 0)
        return 0;
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        if (strncmp(entry, prefixes[i][0], strlen(prefixes[i][0])) != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s/METADATA", dir, entry);
        char *text = read_small_file(path, 1 << 16);
        const char *line = text ? strstr(text, "\nVersion: ") : NULL;
        int ok = line != NULL && sscanf(line + 10, "%63[^+\r\n]", found->version) == 1;
        free(text);
        if (!ok)
            return 0;
        found->framework = prefixes[i][1];
        snprintf(found->where, sizeof found->where, "%s", dir);
        return 1;
    }
    return 0;
}

static int find_frameworks(struct installed_framework *found, int max, int *python_found)
{
    char dir[PATH_MAX];
    int count = 0;
    FILE *query = popen(PYTHON_SITE_QUERY, "r");
    *python_found = 0;
    while (query != NULL && fgets(dir, sizeof dir, query) != NULL) {
        dir[strcspn(dir, "\n")] = '\0';
        *python_found = 1;
        DIR *handle = opendir(dir);
        struct dirent *entry;
        while (handle != NULL && count < max && (entry = readdir(handle)) != NULL)
            count += read_dist_info(dir, entry->d_name, &found[count]);
        if (handle != NULL)
            closedir(handle);
    }
    if (query != NULL)
        pclose(query);
    return count;
}

/* The pin for this framework release that the selected sets serve best (its major is selected). */
static void judge(struct doctor *doctor, const struct framework_pins *pins, const struct installed_framework *found)
{
    char set_dir[PATH_MAX], fix[256];
    const struct framework_pin *wanted = NULL;
    snprintf(fix, sizeof fix, "run 'cudnnv use --for %s==%s' in the project", found->framework, found->version);
    for (int p = 0; p < pins->count; p++) {
        const struct framework_pin *pin = &pins->pins[p];
        if (!framework_pin_matches(pin, found->framework, found->version, CUDNNV_HOST_PLATFORM))
            continue;
        int major = cudnnv_name_major(pin->cudnn);
        if (wanted == NULL)
            wanted = pin;
        if (major < 7 || major > 9 || !doctor->selected[major])
            continue;
        struct set_info info;
        store_set_dir(doctor->where.root, doctor->choice[major].name, set_dir, sizeof set_dir);
        if (set_info_read(set_dir, &info) == 0 && framework_accepts(pin, info.version)) {
            doctor_add(doctor, DOCTOR_OK, "frameworks", NULL, "%s %s (built with cuDNN %s) accepts %s (%s)",
                       found->framework, found->version, pin->cudnn, doctor->choice[major].name, info.version);
            return;
        }
        wanted = pin;
    }
    if (wanted == NULL)
        doctor_add(doctor, DOCTOR_SKIP, "frameworks", NULL, "%s %s in %s: the catalog does not say which cuDNN it was built with",
                   found->framework, found->version, found->where);
    else
        doctor_add(doctor, DOCTOR_FAIL, "frameworks", fix,
                   "%s %s was built with cuDNN %s and needs a cuDNN %d set of at least that minor; the sets selected here do not qualify",
                   found->framework, found->version, wanted->cudnn, cudnnv_name_major(wanted->cudnn));
}

void doctor_check_frameworks(struct doctor *doctor)
{
    struct installed_framework found[8];
    struct framework_pins pins;
    int python_found;
    int count = find_frameworks(found, 8, &python_found);
    if (!python_found) {
        doctor_add(doctor, DOCTOR_SKIP, "frameworks", NULL, "no python3 on PATH: cannot look for TensorFlow or PyTorch");
        return;
    }
    if (count == 0) {
        doctor_add(doctor, DOCTOR_OK, "frameworks", NULL, "no TensorFlow or PyTorch in the active Python's site-packages");
        return;
    }
    if (frameworks_load(&pins) != 0) {
        doctor_add(doctor, DOCTOR_SKIP, "frameworks", NULL, "cannot read the framework pins (frameworks.ini)");
        return;
    }
    for (int i = 0; i < count; i++)
        judge(doctor, &pins, &found[i]);
    frameworks_free(&pins);
}
