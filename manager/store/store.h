/*
 * The store on disk (docs/store.md): where it is, its layout, the lock
 * that serialises changes, the staging area, and the one rename that makes a
 * set appear or disappear.
 */
#ifndef CUDNNV_STORE_H
#define CUDNNV_STORE_H

#include "store_layout.h"

#include <stddef.h>

const char *store_root(void);
int store_prepare(const char *root);
int store_set_dir(const char *root, const char *name, char *out, size_t size);
int store_own_set_dir(const char *root, const char *name, char *out, size_t size);
const char *store_system_root(void);
int store_lock(const char *root);
int store_lock_named(const char *root, const char *name, const char *holder_doing);
void store_unlock(int fd);
int store_new_staging(const char *root, const char *purpose, char *out, size_t size);
int store_new_staging_in(const char *root, enum cudnnv_store_place area, const char *purpose, char *out, size_t size);
void store_clear_stale_area(const char *root, enum cudnnv_store_place area);
int store_begin_change(const char *root);
int store_publish(const char *root, const char *staged, const char *name, int replace);
int store_publish_tree(const char *staged, const char *target, int replace, const char *what);
int store_remove_set(const char *root, const char *name);
/* Removes a folder of the store whole: first moved out of sight (one rename into staging), then deleted; 0, or 1
 * after a message. */
int store_remove_tree(const char *root, const char *target);
const char *store_name_problem(const char *name);

#endif
