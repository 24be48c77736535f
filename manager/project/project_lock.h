/*
 * What a project's lock holds (project_lock.c, lock_pin.c): 'cudnnv lock'
 * writes it, 'cudnnv install --locked' installs exactly that.
 */
#ifndef CUDNNV_PROJECT_LOCK_H
#define CUDNNV_PROJECT_LOCK_H

#include "catalog.h"
#include "lock_file.h"

/* cudnn.lock beside the nearest .cudnn-version, for this platform and those wanted; archive_base (or NULL) names
 * each set's own archive at URL/FILE; 0, or 1 after a message. */
int project_lock(const int wanted[CATALOG_PLATFORMS], const char *archive_base);

/* One pin's entry (the set it selects now, its release, an archive per platform wanted); 0, or 1 after a message. */
int lock_pin_entry(const struct catalog *catalog, const char *pin, const int wanted[CATALOG_PLATFORMS],
                   const char *archive_base, struct lock_pin *entry);

#endif
