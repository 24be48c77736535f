/*
 * The projects this store has pinned (pinned_projects.c): 'cudnnv use'
 * notes the version file it wrote in $CUDNNV_ROOT/pinned-projects, so that
 * removing a set from outside a project can say which projects still name
 * it, as it says for the project it is run in.
 */
#ifndef CUDNNV_PINNED_PROJECTS_H
#define CUDNNV_PINNED_PROJECTS_H

#include <stddef.h>

/* Notes a version file 'use' wrote (kept once; the list keeps the newest PINNED_PROJECTS_MAX). */
void pinned_projects_add(const char *root, const char *version_file);
/* The noted version files that name set (as the selection resolves their pins), ", "-separated, into out;
 * their count. */
int pinned_projects_naming(const char *root, const char *set, char *out, size_t size);
/* The same for an installed CUDA runtime (its folder's name under cuda/runtime: "11.0"), by their "cuda" lines. */
int pinned_projects_naming_runtime(const char *root, const char *runtime, char *out, size_t size);

#define PINNED_PROJECTS_MAX 200

/*
 * What 'use --for' planned a project for, kept in $CUDNNV_ROOT/project-frameworks (one line a version file:
 * its path, a tab, then "SPEC: cuDNN MAJOR[, CUDA X.Y]" items separated by tabs), so that a later --for plans
 * for them too, and 'use' and doctor can say what each pin serves. The version file itself holds pins only.
 */
#define PROJECT_FRAMEWORKS_MAX 8
#define PROJECT_FRAMEWORK_TEXT 120
/* Records the items for version_file ("" forgets it); 0, or -1 after a message. */
int project_frameworks_set(const char *root, const char *version_file, char items[][PROJECT_FRAMEWORK_TEXT], int count);
/* The items recorded for version_file; their count (0 when none). */
int project_frameworks_get(const char *root, const char *version_file, char items[][PROJECT_FRAMEWORK_TEXT], int max);
/* The framework spec of an item ("tensorflow==2.5: cuDNN 8" -> "tensorflow==2.5"), into out. */
void project_framework_spec(const char *item, char *out, size_t size);

#endif
