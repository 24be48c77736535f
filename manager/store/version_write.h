/*
 * Writing and showing version files (.cudnn-version, $CUDNNV_ROOT/version):
 * shared by use and global.
 */
#ifndef CUDNNV_VERSION_WRITE_H
#define CUDNNV_VERSION_WRITE_H

int version_file_write(const char *path, int count, char **names, int force);
/* The cuDNN major a pin names: its set's when installed, else the name's own ("v8.1" -> 8); -1 when unknown. */
int version_pin_major(const char *name);
int version_file_print(const char *path, const char *missing_hint);
int version_file_unset(const char *path);

#endif
