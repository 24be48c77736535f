/*
 * cudnnv doctor: each check adds findings (OK, WARN, FAIL, or SKIP when it
 * could not look), each with a detail and, when something is wrong, the fix.
 */
#ifndef CUDNNV_DOCTOR_H
#define CUDNNV_DOCTOR_H

#include "cudnnv_select.h"
#include "set_info.h"

#include <limits.h>

#define DOCTOR_MAX_FINDINGS 48

enum doctor_verdict { DOCTOR_OK, DOCTOR_WARN, DOCTOR_FAIL, DOCTOR_SKIP };

struct doctor_finding {
    enum doctor_verdict verdict;
    char check[32];
    char detail[1024];
    char fix[512];
};

/* What the checks share: the selection here, per major. */
struct doctor {
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    int selected[10];                 /* by major: 1 when a set is selected */
    struct cudnnv_choice choice[10];
    struct doctor_finding findings[DOCTOR_MAX_FINDINGS];
    int count;
};

/* The set selected here for a major: its name, its folder, its cudnnv.ini when that could be read. */
struct doctor_set {
    const char *name;
    char dir[PATH_MAX];
    struct set_info info;
    int info_read;                    /* 1 when info holds the set's cudnnv.ini */
};

/* doctor_selection.c: 0 when no set is selected for that major (or it is no cuDNN major). */
int doctor_selected_set(const struct doctor *doctor, int major, struct doctor_set *set);

void doctor_add(struct doctor *doctor, enum doctor_verdict verdict, const char *check,
                const char *fix, const char *format, ...) __attribute__((format(printf, 5, 6)));

void doctor_check_selection(struct doctor *doctor);
void doctor_check_sets(struct doctor *doctor);
void doctor_check_library_path(struct doctor *doctor);
void doctor_check_loader_cache(struct doctor *doctor);
void doctor_check_cuda_directories(struct doctor *doctor);
void doctor_check_driver(struct doctor *doctor);
void doctor_check_gpu(struct doctor *doctor);
void doctor_check_frameworks(struct doctor *doctor);
/* doctor_project_frameworks.c: the frameworks 'use --for' planned this project for, against the selection */
void doctor_check_project_frameworks(struct doctor *doctor);
void doctor_check_needs(struct doctor *doctor);
void doctor_check_advisories(struct doctor *doctor);

/* doctor_catalog.c: what the catalog says of a selected set's build */
struct catalog_build;
int doctor_set_build(const char *set_name, struct catalog_build *build);
int doctor_build_facts(const char *set_name, char *cuda, char *min_driver, char *min_cc, size_t size);
/* The driver (libcuda.so.1, nvcuda.dll) judged for a set, in the doctor's words; the fix, or NULL. */
enum doctor_verdict doctor_driver_verdict(const char *name, char *out, size_t size, const char **fix);
int doctor_compare_versions(const char *a, const char *b);

#endif
