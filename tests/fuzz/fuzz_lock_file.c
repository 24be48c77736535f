/*
 * libFuzzer harness: cudnn.lock (a project's file, anyone's to write).
 * Reading must never crash; a lock read whole holds only pins that are
 * version names and archives the catalog's checks accept, and writing it
 * back and reading that again gives the same pins.
 */
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
        check_read(&lock);
        if (lock_file_write(path, &lock) != 0 || lock_file_read(path, &again, why, sizeof why) != 0 ||
            again.count != lock.count || strcmp(again.pins, lock.pins) != 0)
            abort();
    }
    unlink(path);
    return 0;
}
