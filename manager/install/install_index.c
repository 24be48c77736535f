/*
 * install --index-url URL VERSION: NVIDIA's nvidia-cudnn-cuNN wheel from a
 * Python package index (python_index.c): the project of the CUDA major
 * (--cuda, else the driver's, else the newest that has the version), the
 * newest wheel of the version for the platform, fetched like any archive
 * and checked against the index's SHA-256. A wheel the index gives no
 * SHA-256 for is refused unless --no-verify was typed.
 * install --channel URL VERSION: the same from a conda channel
 * (conda_channel.c), its package checked against repodata's sha256; from
 * NVIDIA's channel, libcudnn and its libcudnn-dev (headers), unless
 * --runtime.
 */
#include "install_index.h"

#include "catalog.h"
#include "driver.h"
#include "conda_channel.h"
#include "install_catalog.h"
#include "messages.h"
#include "python_index.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

/* The CUDA majors to look for: --cuda's, else the driver's, else 13, 12, 11 in turn. */
static int cuda_majors(const char *cuda, int majors[3])
{
    char driver[32], ceiling[32];
    if (cuda != NULL && cuda[0] != '\0') {
        majors[0] = cudnnv_name_major(cuda);
        return 1;
    }
    if (driver_machine_cuda(driver, sizeof driver, ceiling, sizeof ceiling) && cudnnv_name_major(ceiling) > 0) {
        majors[0] = cudnnv_name_major(ceiling);
        return 1;
    }
    majors[0] = 13, majors[1] = 12, majors[2] = 11;
    return 3;
}

/* An archive for install_fetch_archive from a file a source names; 0, or 1 after a message. */
static int as_archive(const char *name, const char *url, const char *sha256, struct catalog_archive *archive)
{
    memset(archive, 0, sizeof *archive);
    if (strlen(name) >= sizeof archive->name || strlen(url) >= sizeof archive->url || strlen(sha256) >= sizeof archive->sha256)
        return fail("the name or address of %s is too long to fetch (%lu characters)", name, (unsigned long)strlen(url));
    memcpy(archive->name, name, strlen(name) + 1);
    memcpy(archive->url, url, strlen(url) + 1);
    memcpy(archive->sha256, sha256, strlen(sha256) + 1);
    return 0;
}

/* NVIDIA's libcudnn-dev beside its libcudnn: fetched and checked as the libraries were (0, or as install_fetch_archive). */
static int fetch_headers(const struct source_headers *headers, const char *authority, struct index_request *request)
{
    struct catalog_archive archive;
    char sha256[65];
    note("and its headers: %s", headers->name);
    if (headers->sha256[0] == '\0')
        return fail("%s gives no SHA-256 for %s (the headers of the set); nothing was installed: take the libraries alone with --runtime",
                    authority, headers->name);
    if (as_archive(headers->name, headers->url, headers->sha256, &archive) != 0)
        return 1;
    return install_fetch_archive(&archive, authority, request->headers_path, sizeof request->headers_path, sha256);
}

/*
 * The newest fitting file of a source (kind: "index", "channel") for the
 * first CUDA major that has one, fetched and checked against the sum the
 * source gives (authority names it in messages).
 */
static int fetch_from(const char *kind, const char *authority, source_finder find, const char *source_url,
                      struct index_request *request, char *archive_path, size_t size, char sha256[65])
{
    struct source_file file;
    struct catalog_archive archive;
    char why[2048] = "";
    int majors[3], count = cuda_majors(request->cuda, majors), found = -1;
    for (int i = 0; i < count && found < 0; i++) {
        if (find(source_url, majors[i], request->platform, request->requested, &file, why, sizeof why) == 0)
            found = majors[i];
    }
    if (found < 0)
        return fail("cannot install cuDNN %s from the %s: %s", request->requested, kind, why);
    if (file.sha256[0] == '\0' && !request->no_verify)
        return fail("the %s gives no SHA-256 for %s, so it cannot be checked: nothing was installed (--no-verify takes it unchecked)",
                    kind, file.name);
    note("cuDNN %s for CUDA %d from %s: %s", file.version, found, source_url, file.name);
    request->found_cuda = found;
    if (as_archive(file.name, file.url, file.sha256, &archive) != 0)
        return 1;
    snprintf(request->url, sizeof request->url, "%s", archive.url);
    int status = install_fetch_archive(&archive, authority, archive_path, size, sha256);
    if ((status != 0 && status != INSTALL_PLANNED) || file.headers.name[0] == '\0' || request->runtime)
        return status;
    int headers_status = fetch_headers(&file.headers, authority, request);
    if (headers_status != 0)
        request->headers_path[0] = '\0';
    return headers_status != 0 && headers_status != INSTALL_PLANNED ? headers_status : status;
}

int install_index_archive(const char *index_url, struct index_request *request, char *archive_path, size_t size,
                          char sha256[65])
{
    return fetch_from("index", "the index", python_index_find, index_url, request, archive_path, size, sha256);
}

int install_channel_archive(const char *channel_url, struct index_request *request, char *archive_path,
                            size_t size, char sha256[65])
{
    return fetch_from("channel", "the channel's repodata.json", conda_channel_find, channel_url, request,
                      archive_path, size, sha256);
}

/* The index to use when the catalog lacks a release: [sources] index_url, else PIP_INDEX_URL; 0 when one is set. */
int install_index_default(char *out, size_t size)
{
    return python_index_default(out, size);
}
