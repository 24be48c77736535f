/*
 * A wheel's RECORD (wheel_record.c): every file a wheel unpacked is checked
 * against the SHA-256 its RECORD lists for it.
 */
#ifndef CUDNNV_WHEEL_RECORD_H
#define CUDNNV_WHEEL_RECORD_H

#include <stddef.h>

int wheel_is_file(const char *path);
int wheel_record_check(const char *raw, char *error, size_t size);

#endif
