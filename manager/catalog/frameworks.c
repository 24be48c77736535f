/*
 * Reads versions/frameworks.ini (or the updated copy) with inih, and holds
 * the compatibility rule: a framework built against cuDNN M.m runs with a set
 * of major M and minor at least m (PyTorch 2.11 built with 9.19 refuses 9.14).
 */
#include "frameworks.h"

#include "catalog.h"

#include "cudnnv_select.h"

#include "ini_read.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int take_key(void *user, const char *section, const char *key, const char *value)
{
    struct framework_pins *all = user;
    if (section[0] == '\0')
        return 1;
    if (all->count == 0 || strcmp(key, "framework") == 0) {
        struct framework_pin *grown = realloc(all->pins, (size_t)(all->count + 1) * sizeof *grown);
        if (grown == NULL)
            return 0;
        all->pins = grown;
        memset(&all->pins[all->count++], 0, sizeof *all->pins);
    }
    struct framework_pin *pin = &all->pins[all->count - 1];
    if (strcmp(key, "framework") == 0)
        snprintf(pin->framework, sizeof pin->framework, "%s", value);
    else if (strcmp(key, "version") == 0)
        snprintf(pin->version, sizeof pin->version, "%s", value);
    else if (strcmp(key, "platform") == 0)
        snprintf(pin->platform, sizeof pin->platform, "%s", value);
    else if (strcmp(key, "cuda") == 0)
        snprintf(pin->cuda, sizeof pin->cuda, "%s", value);
    else if (strcmp(key, "cudnn") == 0)
        snprintf(pin->cudnn, sizeof pin->cudnn, "%s", value);
    return 1;
}

int frameworks_load(struct framework_pins *pins)
{
    memset(pins, 0, sizeof *pins);
    return catalog_data_read("frameworks.ini", take_key, pins);
}

void frameworks_free(struct framework_pins *pins)
{
    free(pins->pins);
    memset(pins, 0, sizeof *pins);
}

const char *framework_canonical_name(const char *name)
{
    if (strcmp(name, "torch") == 0 || strcmp(name, "pytorch") == 0)
        return "pytorch";
    if (strcmp(name, "tensorflow") == 0 || strcmp(name, "tf") == 0 || strcmp(name, "tensorflow-gpu") == 0)
        return "tensorflow";
    if (strcmp(name, "jax") == 0 || strcmp(name, "jaxlib") == 0)
        return "jax";
    if (strcmp(name, "onnxruntime") == 0 || strcmp(name, "onnxruntime-gpu") == 0 || strcmp(name, "ort") == 0)
        return "onnxruntime";
    return NULL;
}

/* The pin is for this framework and platform, and its version is the one asked at the pin's precision. */
int framework_pin_matches(const struct framework_pin *pin, const char *framework, const char *version,
                          const char *platform)
{
    return strcmp(pin->framework, framework) == 0 && strcmp(pin->platform, platform) == 0 &&
           (cudnnv_name_has_prefix(pin->version, version) || cudnnv_name_has_prefix(version, pin->version));
}

/* Same major, and a minor at least the one the framework was built with. */
int framework_accepts(const struct framework_pin *pin, const char *cudnn_version)
{
    int need_major = 0, need_minor = 0, major = 0, minor = 0;
    if (sscanf(pin->cudnn, "%d.%d", &need_major, &need_minor) < 1 ||
        sscanf(cudnn_version, "%d.%d", &major, &minor) < 1)
        return 0;
    return major == need_major && minor >= need_minor;
}
