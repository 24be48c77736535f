/*
 * What a Python package says it requires (python_requirement.c): the
 * "Requires-Dist:" lines of a wheel's METADATA (PEP 508: a name, extras,
 * PEP 440 specifiers, an environment marker), read for the platform cudnnv
 * installs for. NVIDIA's cuda-toolkit wheel pins a CUDA release's component
 * wheels this way, and frameworks name their cuDNN and CUDA wheels so.
 */
#ifndef CUDNNV_PYTHON_REQUIREMENT_H
#define CUDNNV_PYTHON_REQUIREMENT_H

#include <stddef.h>

struct python_requirement {
    char name[80];         /* normalized as PEP 503 says: "nvidia-cublas-cu12" */
    char extras[160];      /* "cublas,cudart", "" when none */
    char specifier[160];   /* "==13.4.0.1.*", "<10,>=9.12.0.46", "" when any version */
    char marker[400];      /* what follows ';', "" when none */
};

/* The next Requires-Dist line of a METADATA text at or after *cursor (which moves past it): 1 with it read, 0 when
 * none is left. A line that is not a requirement cudnnv can read is passed over. */
int python_requirement_next(const char **cursor, struct python_requirement *requirement);
/* Whether an environment marker holds for platform (enum catalog_platform), with every extra active when
 * any_extra is set and none otherwise; an empty marker holds. A variable other than the platform's and "extra"
 * (python_version, ...) is taken as holding: cudnnv is not the Python that will run. -1 when it cannot be read. */
int python_marker_holds(const char *marker, int platform, int any_extra);
/* Whether version meets every clause of a PEP 440 specifier set (==, ==V.*, !=, !=V.*, >=, <=, >, <, ~=, ===);
 * the empty set is met by every version. Versions are dotted numbers; a clause on anything else is not met. */
int python_specifier_accepts(const char *specifier, const char *version);
/* Whether the specifier names one release or a prefix of them (==V or ==V.*): the version in out, and *prefix set
 * for ==V.*; 0 when it names a range. */
int python_specifier_pinned(const char *specifier, char *out, size_t size, int *prefix);
/* A project name as PEP 503 normalizes it (lowercase, each run of '-', '_' and '.' one '-'). */
void python_name_normalize(const char *name, char *out, size_t size);

#endif
