/*
 * The catalog repository, through libgit2: the first clone, and later
 * fast-forwards.
 */
#ifndef CUDNNV_CATALOG_GIT_H
#define CUDNNV_CATALOG_GIT_H

int catalog_git_clone(const char *root, const char *target, const char *remote);
int catalog_git_fast_forward(const char *target, const char *remote);

#endif
