/*
 * Removing what a user named, and whether it is still in use (in_use.c,
 * uninstall.c), for 'cudnnv uninstall'. Called with the store's lock held.
 */
#ifndef CUDNNV_UNINSTALL_H
#define CUDNNV_UNINSTALL_H

#include <stddef.h>

/* What names the set: a source here, else the projects 'use' pinned to it elsewhere, into why; 0 when nothing. */
int set_named_anywhere(const char *root, const char *name, char *why, size_t size);

/* What pins the CUDA runtime (its folder's name): this project, else projects 'use' pinned; 0 when none does. */
int runtime_named_anywhere(const char *root, const char *runtime, char *why, size_t size);

/* 0 when name may go: not in use (by named_in_use's word), forced, or confirmed on a terminal; else 1 after the
 * refusal. */
int store_may_remove(const char *root, const char *name, int force,
                     int (*named_in_use)(const char *, const char *, char *, size_t));

/* The set typed names (its name, or the one set it begins on a dot boundary) removed; 0 (also when forced and
 * nothing has that name), or 1 after a message. */
int uninstall_set(const char *root, const char *typed, int force);

/* The CUDA runtime typed names (11.0, or the one 11.0.x) removed unless pinned; 0, or 1 after a message. */
int uninstall_runtime(const char *root, const char *typed, int force);

#endif
