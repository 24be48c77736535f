/*
 * Writing and showing version files (.cudnn-version, $CUDNNV_ROOT/version):
 * shared by use and global.
 */
#ifndef CUDNNV_VERSION_WRITE_H
#define CUDNNV_VERSION_WRITE_H

/* Writes the names, one a line, and a "cuda VERSION" line: cuda as given ("" for none), or with NULL the one
 * the file holds now (so re-pinning cuDNN keeps the project's CUDA runtime). 0, or 1 after a message. */
int version_file_write(const char *path, int count, char **names, int force, const char *cuda);
/* The cuDNN major a pin names: its set's when installed, else the name's own ("v8.1" -> 8); -1 when unknown. */
int version_pin_major(const char *name);
int version_file_print(const char *path, const char *missing_hint);
int version_file_unset(const char *path);

#endif
