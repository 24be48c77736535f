/*
 * A file or folder on this machine: install ARCHIVE or install DIR (and
 * anything that is not a release name, so that a mistyped path is told as
 * one). An archive is checked before anything is extracted: against
 * --sha256 when given, else against the SHA-256 the catalog publishes for
 * an archive of that file name (unless --no-catalog-check), so a damaged or
 * swapped download never installs under a trusted name.
 */
#include "install_source.h"

#include "cuda_libs_choice.h"
#include "cuda_runtime_install.h"

#include "install_archive.h"
#include "messages.h"
#include "fsutil.h"

#include "cudnnv_select.h"
#include "catalog.h"
#include "lock_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* A word a release could be named ("9.1", "8.1.0.77"): it holds no '/', so it is not spelled as a path. */
static int is_release_word(const char *word)
{
    return cudnnv_name_is_valid(word) && cudnnv_name_major(word) >= 0;
}

/*
 * Anything spelled as a path ("./9.1", "/x", "a/b") or that no release can be
 * named (so that a mistyped path is told as one). A release word is a
 * release, as in pyenv and nvm, even beside a file or folder of that name;
 * it is taken as that file or folder only when no other source is asked
 * (--channel, --index-url) and the catalog knows no release of that name.
 */
static int takes(const struct source_query *query)
{
    const char *word = query->requested;
    if (!is_release_word(word))
        return 1;
    if (!is_directory(word) && !is_regular_file(word))
        return 0;
    if (query->request->channel != NULL || query->request->index_url != NULL)
        return 0;
    const struct catalog *catalog = catalog_once_get(query->catalog);
    return catalog == NULL || catalog_find(catalog, word) == NULL;
}

static int check_sha256(const char *archive, const char *expected, char actual[65])
{
    if (strlen(expected) != 64)
        return usage_problem("--sha256 wants 64 hexadecimal digits");
    if (archive_sha256(archive, actual) != 0)
        return fail("cannot read %s: %s", archive, strerror(errno));
    if (strcasecmp(actual, expected) != 0)
        return fail("SHA-256 of %s is %s, not %s; the file is damaged or not the one published: download it again",
                    archive, actual, expected);
    return 0;
}

/* An archive whose file name the catalog knows, checked against the catalog's SHA-256. */
static int check_against_catalog(const char *archive, struct catalog_once *once, char actual[65])
{
    char expected[72];
    const struct catalog *catalog = catalog_once_get(once);
    if (catalog == NULL || !catalog_sum_of_archive(catalog, base_name(archive), expected, sizeof expected))
        return 0;
    if (archive_sha256(archive, actual) != 0)
        return fail("cannot read %s: %s", archive, strerror(errno));
    if (strcasecmp(actual, expected) == 0)
        return 0;
    return fail("SHA-256 of %s is %s, but the catalog says %s for that archive; nothing was installed: download it again, or install it anyway with --no-catalog-check",
                archive, actual, expected);
}

static int resolve(const struct source_query *query, struct resolved_archive *found)
{
    const struct install_request *request = query->request;
    const char *path = query->requested;
    struct stat info;
    if (strlen(path) >= sizeof found->path)
        return fail("the path '%s' is longer than this system allows", path);
    memcpy(found->path, path, strlen(path) + 1);
    if (is_release_word(path))
        note("no release '%s' is in the catalog, so the %s './%s' here is installed ('cudnnv known' lists the releases)",
             path, is_directory(path) ? "folder" : "file", path);
    if (stat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR))
        return fail("no such file or directory: '%s'; give NVIDIA's archive (.tar.xz, .tgz, .zip), a folder holding cuDNN, or a release ('cudnnv known')",
                    path);
    if (is_directory(path))
        return request->sha256 != NULL ? usage_problem("--sha256 checks an archive, and %s is a directory", path) : 0;
    if (!is_regular_file(path))
        return fail("'%s' is neither an archive nor a directory; give NVIDIA's archive (.tar.xz, .tgz, .zip) or a folder holding cuDNN",
                    path);
    if (request->sha256 != NULL)
        return check_sha256(path, request->sha256, found->sha256);
    return request->no_catalog_check ? 0 : check_against_catalog(path, query->catalog, found->sha256);
}

/* --cuda-libs-from: archives of the CUDA libraries, or a folder of the pinned runtime's libraries. */
static int given(const struct source_origin *origin)
{
    return origin->local != NULL;
}

int cuda_runtime_from_folder(const char *root, const struct cuda_runtime_request *request)
{
    struct lock_cuda_runtime origin;
    const char *folder = request->origin.local;
    if (cuda_runtime_announce(request, folder))
        return 0;
    if (!is_directory(folder))
        return fail("%s is not a folder; give the folder that holds CUDA %s's libraries", folder, request->release);
    cuda_runtime_origin_begin(&origin, request->release, folder, (int)catalog_host_platform());
    return cuda_runtime_install(root, request->release, folder, &origin, "");
}

const struct install_source source_local = {.name = "local", .checks_given_sum = 1, .takes = takes,
                                            .resolve = resolve, .given = given,
                                            .cuda_libs = cuda_libs_from_given, .cuda_runtime = cuda_runtime_from_folder};
