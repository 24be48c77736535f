/*
 * Choosing sets and a CUDA runtime for one or several framework releases
 * (cudnnv use --for, use_for.c).
 */
#ifndef CUDNNV_USE_FOR_H
#define CUDNNV_USE_FOR_H

#include "framework_plan.h"

#include <stddef.h>

/* One line of .cudnn-version the plan writes. */
struct use_for_pin {
    char name[80];           /* "8.0", "9.1.0.70" */
    int not_installed;       /* no installed set serves it yet: the release to install */
};

struct use_for_result {
    int count;
    struct use_for_pin pins[PLAN_MAX_MAJORS];     /* one per cuDNN major, in the plan's order */
    char runtime[24];                             /* the CUDA runtime every framework loads with, "" for none */
    int frameworks;
    struct framework_build chosen[PLAN_MAX_FRAMEWORKS];   /* the build of each framework served */
    char served[400];                             /* "tensorflow==2.5 pytorch==2.4": what the project serves */
};

/* Every spec (FRAMEWORK or FRAMEWORK==VERSION) served at once; the first recorded are the project's own, each
 * replaced by a later spec of its framework: 0 with result filled, 2 after a usage problem, 1 after a message
 * (nothing to be written). */
int use_for_frameworks(const char *const *specs, int count, int recorded, struct use_for_result *result);

#endif
