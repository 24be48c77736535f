/*
 * Reads versions/frameworks.ini (or the updated copy) with inih, and holds
 * each framework's rules: a framework built against cuDNN M.m runs with a
 * set of major M and minor at least m (PyTorch 2.11 built with 9.19 refuses
 * 9.14), and with the CUDA runtimes its rule names.
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
    else if (strcmp(key, "last") == 0)
        snprintf(pin->last, sizeof pin->last, "%s", value);
    else if (strcmp(key, "cudnn_below") == 0)
        snprintf(pin->cudnn_below, sizeof pin->cudnn_below, "%s", value);
    else if (strcmp(key, "cuda_accepts") == 0)
        snprintf(pin->cuda_accepts, sizeof pin->cuda_accepts, "%s", value);
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

static const struct framework_rule rules[] = {
    {.name = "tensorflow", .aliases = "tf tensorflow-gpu", .dist_info = "tensorflow- tensorflow_gpu-",
     .cudnn_rule = "the cuDNN major it was built with, and at least its minor",
     .cudnn_source = "TensorFlow's stream executor (cuda_dnn.cc: a loaded cuDNN older than the build's minor is refused)",
     .cuda_rule = "the libraries its build opens by soname (framework-cuda-libs.ini): its CUDA major, from its build's release on"},
    {.name = "pytorch", .aliases = "torch", .dist_info = "torch-",
     .cudnn_rule = "the same major, and a runtime minor at least the compile minor",
     .cudnn_source = "torch/backends/cudnn/__init__.py (_init: version_ok; it also refuses cuDNN 9.11 or newer below SM 7.5)",
     .cuda_exact = 1, .cuda_rule = "its wheels' CUDA release (their nvidia-*-cuNN or cuda-toolkit pins)"},
    {.name = "jax", .aliases = "jaxlib", .dist_info = "jax_cuda11_plugin- jax_cuda12_plugin- jax_cuda13_plugin-",
     .cudnn_rule = "the same major, and a minor at least the build's, checked at first use",
     .cudnn_source = "openxla/xla cuda_dnn.cc (IsSourceCompatibleWithCudnnLibrary)",
     .cuda_rule = "its plugin's CUDA major, 12.1 or newer (min_supported_version=12010)"},
    {.name = "onnxruntime", .aliases = "onnxruntime-gpu ort", .dist_info = "onnxruntime_gpu-",
     .cudnn_rule = "the cuDNN major it was built with (a cuDNN 8 build does not load 9, nor the reverse)",
     .cudnn_source = "onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html (Requirements)",
     .cuda_rule = "its build's CUDA major (CUDA minor version compatibility)"},
};

const struct framework_rule *framework_rules(int *count)
{
    *count = (int)(sizeof rules / sizeof rules[0]);
    return rules;
}

/* Whether word is one of the ' '-separated words of list. */
static int word_in(const char *word, const char *list)
{
    size_t length = strlen(word);
    for (const char *at = list; *at;) {
        size_t span = strcspn(at, " ");
        if (span == length && strncmp(at, word, length) == 0)
            return 1;
        at += span + (at[span] == ' ');
    }
    return 0;
}

const struct framework_rule *framework_rule_of(const char *name)
{
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        if (strcmp(name, rules[i].name) == 0 || word_in(name, rules[i].aliases))
            return &rules[i];
    }
    return NULL;
}

const char *framework_canonical_name(const char *name)
{
    const struct framework_rule *rule = framework_rule_of(name);
    return rule != NULL ? rule->name : NULL;
}

/* The pin is for this framework and platform, and its version is the one asked at the pin's precision, or within
 * the pin's range (version ... last). */
int framework_pin_matches(const struct framework_pin *pin, const char *framework, const char *version,
                          const char *platform)
{
    if (strcmp(pin->framework, framework) != 0 || strcmp(pin->platform, platform) != 0)
        return 0;
    if (cudnnv_name_has_prefix(pin->version, version) || cudnnv_name_has_prefix(version, pin->version))
        return 1;
    return pin->last[0] != '\0' && version[0] != '\0' && cudnnv_name_compare(version, pin->version) >= 0 &&
           (strcmp(pin->last, "*") == 0 || cudnnv_name_compare(version, pin->last) <= 0 ||
            cudnnv_name_has_prefix(version, pin->last));
}

void framework_cuda_accepts(const char *framework, const char *cuda, const char *own, char *out, int size)
{
    const struct framework_rule *rule = framework_rule_of(framework);
    if (own != NULL && own[0] != '\0') {
        snprintf(out, (size_t)size, "%s", own);
        return;
    }
    out[0] = '\0';
    if (!cudnnv_cuda_release_is_valid(cuda))
        return;
    if (rule != NULL && rule->cuda_exact)
        snprintf(out, (size_t)size, "==%s.*", cuda);
    else
        snprintf(out, (size_t)size, ">=%s,<%d", cuda, atoi(cuda) + 1);
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
