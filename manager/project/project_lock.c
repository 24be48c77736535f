/*
 * cudnn.lock beside the nearest .cudnn-version: an entry for each pin
 * (lock_pin.c), the CUDA libraries each set loads, and the CUDA runtime the
 * project pins, each from the store's record of what was installed.
 */
#include "catalog.h"
#include "option_names.h"
#include "cuda_runtime.h"
#include "fsutil.h"
#include "lock_file.h"
#include "messages.h"
#include "project_lock.h"
#include "store.h"

#include "cudnnv_select.h"
#include "store_layout.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/*
 * The CUDA libraries the set loads (install --with-cuda-libs), from the store's
 * record of them, into the lock's [cuda LABEL] section (one per label).
 */
static int lock_cuda_libs(const char *pin, struct lock_pin *entry, struct lock_file *lock)
{
    static struct lock_cuda cuda;
    cudnnv_name set;
    char set_dir[PATH_MAX], dir[PATH_MAX], load[CUDNNV_COMPANIONS_MAX], record[PATH_MAX + 16];
    if (!cudnnv_resolve(store_root(), pin, set) || store_set_dir(store_root(), set, set_dir, sizeof set_dir) != 0 ||
        !cudnnv_set_cuda_libs(set_dir, dir, sizeof dir, load, sizeof load))
        return 0;
    *strrchr(dir, '/') = '\0';   /* cuda/LABEL */
    path_join(record, sizeof record, dir, CUDNNV_STORE_RECORD);
    if (lock_cuda_read_record(record, &cuda) != 0)
        return fail("%s: the record of the CUDA libraries %s loads (%s) cannot be read; bring them again with 'cudnnv install " OPTION_WITH_CUDA_LIBS " %s'",
                    pin, set, record, set);
    snprintf(entry->cuda_libs, sizeof entry->cuda_libs, "%s", cuda.label);
    if (lock_file_find_cuda(lock, cuda.label) == NULL && lock->cuda_count < CUDNNV_MAX_LINES)
        lock->cuda[lock->cuda_count++] = cuda;
    note("%s: with CUDA %s's libraries (%d component%s)", pin, cuda.label, cuda.count, cuda.count == 1 ? "" : "s");
    return 0;
}

/*
 * The CUDA runtime the project pins ("cuda 11.0"), from the store's record
 * of the packages it was unpacked from, into the lock's [runtime RELEASE].
 */
static int lock_cuda_runtime(const char *version_file, struct lock_file *lock)
{
    char release[24], lib[PATH_MAX], record[PATH_MAX + 16];
    if (cudnnv_version_file_cuda(version_file, release, sizeof release) != 1)
        return 0;
    if (!cuda_runtime_find(store_root(), release, lib, sizeof lib))
        return fail("the CUDA %s runtime %s pins is not installed here: install it ('cudnnv install' there), then lock",
                    release, version_file);
    if (cuda_runtime_record_of(lib, record, sizeof record) != 0 || lock_cuda_runtime_read_record(record, &lock->cuda_runtime) != 0)
        return fail("the record of the CUDA %s runtime (%s) cannot be read; bring it again", release, record);
    snprintf(lock->cuda_runtime.release, sizeof lock->cuda_runtime.release, "%s", release);
    if (lock->cuda_runtime.count == 0) {   /* brought from a folder: locked by what it holds */
        if (lock_cuda_runtime_files_sum(lib, &lock->cuda_runtime) != 0)
            return fail("the files of the CUDA %s runtime (%s) cannot all be read or are too many to lock", release, lib);
        note("CUDA %s runtime: brought from a folder on this machine (%s), locked by its %d files' XXH3-128: elsewhere 'cudnnv install " OPTION_LOCKED " " OPTION_CUDA_LIBS_FROM " DIR' checks a folder of that CUDA against them",
             release, lock->cuda_runtime.from, lock->cuda_runtime.file_count);
        return 0;
    }
    note("CUDA %s runtime: %d package%s from %s", release, lock->cuda_runtime.count, lock->cuda_runtime.count == 1 ? "" : "s",
         lock->cuda_runtime.from);
    return 0;
}

int project_lock(const int wanted[CATALOG_PLATFORMS], const char *archive_base)
{
    static struct lock_file lock;
    struct catalog catalog;
    cudnnv_name names[CUDNNV_MAX_LINES], bad;
    char cwd[PATH_MAX], version_file[PATH_MAX], path[PATH_MAX];
    int status = 0;
    if (getcwd(cwd, sizeof cwd) == NULL || !cudnnv_find_local_file(cwd, version_file, sizeof version_file))
        return fail("no .cudnn-version here or in a folder above: pin first ('cudnnv use VERSION'), then lock");
    int count = cudnnv_read_version_file(version_file, names, CUDNNV_MAX_LINES, bad);
    if (count <= 0)
        return fail("cannot read the pins of %s; fix it, or pin again with 'cudnnv use'", version_file);
    if (catalog_load(&catalog) != 0)
        return catalog_unreadable(NULL);
    memset(&lock, 0, sizeof lock);
    char *pointers[CUDNNV_MAX_LINES];
    for (int i = 0; i < count && status == 0; i++) {
        pointers[i] = names[i];
        status = lock_pin_entry(&catalog, names[i], wanted, archive_base, &lock.entries[lock.count]);
        if (status == 0)
            status = lock_cuda_libs(names[i], &lock.entries[lock.count], &lock);
        lock.count++;
    }
    lock_join_pins(count, pointers, lock.pins, sizeof lock.pins);
    if (status == 0)
        status = lock_cuda_runtime(version_file, &lock);
    catalog_free(&catalog);
    if (status != 0)
        return status;
    if (lock_path_beside(version_file, path, sizeof path) != 0 || lock_file_write(path, &lock) != 0)
        return fail("cannot write %s beside %s", LOCK_FILE_NAME, version_file);
    note("wrote %s: 'cudnnv install " OPTION_LOCKED "' installs exactly these archives", path);
    return 0;
}
