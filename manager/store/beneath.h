/*
 * Paths inside a tree that came from outside (an unpacked archive), resolved
 * against the real file system one component at a time, as the kernel's
 * openat2(RESOLVE_BENEATH) does: no "..", no absolute link, and no link at
 * any depth may lead out of the tree. Done in user space with O_PATH and
 * O_NOFOLLOW so that it works on every kernel cudnnv runs on (openat2 needs
 * Linux 5.6; clusters run older ones) and under qemu-user.
 */
#ifndef CUDNNV_BENEATH_H
#define CUDNNV_BENEATH_H

#include <stddef.h>

#define BENEATH_MAX_LINKS 40
#define BENEATH_MAX_DEPTH 64

/*
 * Opens path below the directory top with flags (O_RDONLY, O_PATH, ...),
 * following links that stay below top. -1 with errno EXDEV when a step
 * would lead out, ELOOP after too many links.
 */
int beneath_open(int top, const char *path, int flags);

/*
 * Opens the directory that holds path's last component (creating the
 * missing directories on the way when create is set) and copies that
 * component into leaf. The last component itself is never followed.
 */
int beneath_open_parent(int top, const char *path, int create, char *leaf, size_t leaf_size);

/*
 * A folder the user names (a toolkit's lib64, a conda env's lib), read
 * entry by entry: the folder opened once (beneath_open_folder: -1 with
 * errno), then each entry opened once with flags, following links only
 * below the folder (EXDEV when one leads out), so that what is judged
 * (fstat) and copied is the file opened, whatever is swapped in its place
 * between two steps. cudnnv.exe, where such folders hold no links, opens
 * the entry by its path.
 */
int beneath_open_folder(const char *folder);
int beneath_open_entry(int top, const char *folder, const char *name, int flags);

#endif
