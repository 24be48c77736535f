/*
 * One section of a store record read alone (lock_record_read): the CUDA
 * libraries' and a runtime's cudnnv.ini hold the section a lock copies. Its
 * own file so that the readers of those sections (lock_cuda.c,
 * lock_cuda_runtime.c) need nothing of lock_file.c, which calls them.
 */
#include "lock_file.h"

#include "ini_read.h"

#include <stdio.h>
#include <string.h>

static int take_record_key(void *user, const char *section, const char *key, const char *value)
{
    struct lock_record *record = user;
    size_t length = strlen(record->kind);
    if (strncmp(section, record->kind, length) != 0)
        return 1;
    if (record->label[0] == '\0')
        snprintf(record->label, record->label_size, "%s", section + length);
    return record->take(record->target, key, value, record->why, sizeof record->why) == 0;
}

int lock_record_read(const char *path, struct lock_record *record)
{
    return ini_read(path, take_record_key, record) == 0 ? 0 : -1;
}
