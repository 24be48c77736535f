/*
 * Which version of each of NVIDIA's component wheels belongs to a CUDA
 * release (index_pins.c): what NVIDIA's cuda-toolkit project on the same
 * index pins, else what NVIDIA's redist manifest of the release lists.
 */
#ifndef CUDNNV_INDEX_PINS_H
#define CUDNNV_INDEX_PINS_H

#include "cuda_runtime_install.h"

#define WHEEL_PINS_MAX 64

struct wheel_pin {
    char project[80];      /* normalized: "nvidia-cublas", "nvidia-cufft-cu12" */
    char specifier[160];   /* PEP 440: "==13.1.0.3.*", "==11.0.8.103" */
};

struct wheel_pins {
    int count;
    struct wheel_pin pin[WHEEL_PINS_MAX];
    char said[200];        /* what pins them, for messages: "cuda-toolkit 13.0.2 on the index" */
};

/* The pins of the request's release, from the index's cuda-toolkit, else (said) from NVIDIA's redist manifest; 0, or
 * 1 after a message. */
int index_pins_of_release(const char *root, const struct cuda_runtime_request *request, struct wheel_pins *pins);
/* The pins a cuda-toolkit METADATA gives: each Requires-Dist whose marker holds for platform (enum
 * catalog_platform), with every extra taken, and a specifier; the first for a project counts. Their count. */
int wheel_pins_from_metadata(const char *metadata, int platform, struct wheel_pins *pins);
/* The specifier pinned for project (normalized), or NULL. */
const char *wheel_pins_find(const struct wheel_pins *pins, const char *project);

#endif
