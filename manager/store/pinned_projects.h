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

#endif
