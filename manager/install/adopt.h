/*
 * cudnnv adopt's work below the command (adopt_files.c, adopt_move.c): the
 * cuDNN files of a toolkit folder, checked, and moved out once their set
 * installed and verified.
 */
#ifndef CUDNNV_ADOPT_H
#define CUDNNV_ADOPT_H

#include "set_source.h"

#include <limits.h>
#include <stddef.h>

#define ADOPT_MAX_FILES 256

struct adoption {
    char paths[ADOPT_MAX_FILES][PATH_MAX];   /* relative to the toolkit folder */
    int count;
};

/* cuDNN's headers, libraries, DLLs and import libraries in the toolkit folder top. */
void adopt_list_files(const struct set_layout *layout, const char *top, struct adoption *files);

/*
 * Every file checked before anything changes: what it is, and that this
 * user can move it. Files that are not cuDNN's to adopt are listed (20 at
 * most); files this user may not move are one line, with the command that
 * can (cudnnv by its full path: sudo's PATH may not hold it). 0, or 1
 * after a message (nothing happened).
 */
int adopt_require_movable(const char *top, const struct adoption *files);

/* The set just installed verifies against its MANIFEST; 0, or 1 after a message. */
int adopt_verify_set(const char *name);

/* The files moved from top into a new backup folder (its path into backup); all or none (the set name is then
 * removed again); 0, or 1 after a message. */
int adopt_move_out(const char *top, const struct adoption *files, const char *name, char *backup, size_t size);

#endif
