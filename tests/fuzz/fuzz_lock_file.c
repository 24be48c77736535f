/*
 * libFuzzer harness: cudnn.lock (a project's file, anyone's to write).
 * Reading must never crash; a lock read whole holds only pins that are
 * version names and archives the catalog's checks accept, and writing it
 * back and reading that again gives the same pins. A lock with a line longer
 * than the reader's buffer is never read (its tail would be a line of its own).
 */
#include "ini_read.h"
#include "lock_file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void check_read(const struct lock_file *lock)
{
    for (int i = 0; i < lock->count; i++) {
        if (!cudnnv_name_is_valid(lock->entries[i].pin) || catalog_release_problem(&lock->entries[i].release, "") != NULL)
            abort();
    }
}

static int has_long_line(const uint8_t *data, size_t size)
{
    size_t length = 0;
    for (size_t i = 0; i < size; i++) {
        length = data[i] == '\n' ? 0 : length + 1;
        if (length > INI_READ_MAX_LINE)
            return 1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct lock_file lock, again;
    static char path[64];
    char why[512];
    if (path[0] == '\0')
        snprintf(path, sizeof path, "/tmp/cudnnv-fuzz-lock-%d", (int)getpid());
    FILE *out = fopen(path, "wb");
    if (out == NULL)
        return 0;
    fwrite(data, 1, size, out);
    fclose(out);
    if (lock_file_read(path, &lock, why, sizeof why) == 0) {
        if (has_long_line(data, size) && memchr(data, 0, size) == NULL)
            abort();
        check_read(&lock);
        if (lock_file_write(path, &lock) != 0 || lock_file_read(path, &again, why, sizeof why) != 0 ||
            again.count != lock.count || strcmp(again.pins, lock.pins) != 0)
            abort();
    }
    unlink(path);
    return 0;
}
