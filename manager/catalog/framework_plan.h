/*
 * Several frameworks in one project (framework_plan.c): each framework
 * release asked for comes as its builds (frameworks.ini's sections, or what
 * the active Python's wheel says), and a plan takes one build of each such
 * that one cuDNN per cuDNN major and one CUDA runtime satisfy every one,
 * by each framework's own load-time rule (frameworks.h). Which installed
 * set answers each major is chosen above (use_for.c); this decides only
 * what the frameworks accept, from data.
 */
#ifndef CUDNNV_FRAMEWORK_PLAN_H
#define CUDNNV_FRAMEWORK_PLAN_H

#include <stddef.h>

#define PLAN_MAX_FRAMEWORKS 6
#define PLAN_MAX_BUILDS 12
#define PLAN_MAX_MAJORS 3

/* One way a framework release can be served: one of its builds. */
struct framework_build {
    const char *framework;      /* canonical: "pytorch" */
    char version[64];           /* the release ("2.4", as frameworks.ini names it, or as installed: "2.11.0") */
    char cuda[24];              /* its build's CUDA release ("11.8"), "" when unknown: then, or when it is no
                                   release, any runtime */
    char cuda_accepts[64];      /* the CUDA runtimes it loads with (PEP 440), "" for any */
    char cudnn[32];             /* the cuDNN it was built with, or declares as its floor: the least it takes */
    char cudnn_below[32];       /* the first cuDNN it refuses: the next major unless said */
    char said[200];             /* where it comes from, for messages */
};

/* A framework asked for, with its builds (the default one first). */
struct framework_request {
    const char *framework;
    char version[64];           /* as asked ("2.4"), or the installed one */
    int installed;              /* asked without a version: the active Python's, read again at every plan */
    int count;
    struct framework_build builds[PLAN_MAX_BUILDS];
};

/* What every framework accepts of one cuDNN major. */
struct cudnn_range {
    int major;
    char least[32];             /* the highest of their floors */
    char below[32];             /* the lowest of their ceilings */
    const struct framework_build *floor_of;   /* the build whose floor it is */
};

struct framework_plan {
    int count;
    const struct framework_build *chosen[PLAN_MAX_FRAMEWORKS];   /* the build of each request served */
    char runtime[24];           /* the CUDA runtime all accept, "" when no build names one */
    int majors;
    struct cudnn_range cudnn[PLAN_MAX_MAJORS];
};

/* Whether a plan can take this combination of builds (one per request); the reason in why when not. */
int framework_plan_try(const struct framework_build *const *builds, int count, struct framework_plan *plan, char *why,
                       size_t why_size);
/* The plans of every combination, in preference order (each request's builds in order, the first request's
 * varying slowest): each feasible one handed to take, which returns nonzero to stop. Returns how many were
 * feasible; with none, why says what conflicts. */
int framework_plan_each(const struct framework_request *requests, int count,
                        int (*take)(const struct framework_plan *plan, void *context), void *context, char *why,
                        size_t why_size);
/* What one build needs, for messages: "pytorch 2.6 (CUDA 12.4 build): cuDNN >=9.1.0.70,<10 and CUDA ==12.4.*". */
void framework_build_describe(const struct framework_build *build, char *out, size_t size);
/* A build from a frameworks.ini pin (its rule's defaults filled in). */
struct framework_pin;
void framework_build_from_pin(struct framework_build *build, const struct framework_pin *pin);

#endif
