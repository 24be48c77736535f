/*
 * Writing and showing version files (.cudnn-version, $CUDNNV_ROOT/version):
 * shared by use and global.
 */
#ifndef CUDNNV_VERSION_WRITE_H
#define CUDNNV_VERSION_WRITE_H

int version_file_write(const char *path, int count, char **names, int force);
int version_file_print(const char *path, const char *missing_hint);
int version_file_unset(const char *path);

#endif
