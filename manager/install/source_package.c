/*
 * What a Python package index (source_index.c) and a conda channel
 * (source_channel.c) share: the CUDA majors to look for (--cuda's, else the
 * driver's, else each in turn), the source's newest fitting file for the
 * first that has one, fetched like any archive and checked against the sum
 * the source gives (a file with none is refused unless --no-verify), and,
 * from NVIDIA's conda channel, its libcudnn-dev (the headers) beside the
 * libraries unless --runtime.
 */
#include "install_source.h"
#include "option_names.h"

#include "archive_fetch.h"
#include "catalog.h"
#include "driver.h"
#include "messages.h"

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
int source_as_archive(const char *name, const char *url, const char *sha256, struct catalog_archive *archive)
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
static int fetch_headers(const struct source_headers *headers, const char *authority, int plan_only,
                         struct resolved_archive *found)
{
    struct catalog_archive archive;
    char sha256[65];
    note("and its headers: %s", headers->name);
    if (headers->sha256[0] == '\0')
        return fail("%s gives no SHA-256 for %s (the headers of the set); nothing was installed: take the libraries alone with " OPTION_RUNTIME,
                    authority, headers->name);
    if (source_as_archive(headers->name, headers->url, headers->sha256, &archive) != 0)
        return 1;
    return install_fetch_archive(&archive, authority, plan_only, found->headers_path, sizeof found->headers_path, sha256);
}

/*
 * The newest fitting file of a source (kind: "index", "channel") for the
 * first CUDA major that has one, fetched and checked against the sum the
 * source gives (authority names it in messages).
 */
int source_package_fetch(const char *kind, const char *authority, source_finder find, const char *address,
                         const struct source_query *query, struct resolved_archive *found)
{
    struct source_file file;
    struct catalog_archive archive;
    char why[2048] = "";
    const struct install_request *request = query->request;
    int majors[3], count = cuda_majors(request->cuda, majors), major = -1;
    for (int i = 0; i < count && major < 0; i++) {
        if (find(address, majors[i], query->platform, query->requested, &file, why, sizeof why) == 0)
            major = majors[i];
    }
    if (major < 0)
        return fail("cannot install cuDNN %s from the %s: %s", query->requested, kind, why);
    if (file.sha256[0] == '\0' && !request->origin.no_verify)
        return fail("the %s gives no SHA-256 for %s, so it cannot be checked: nothing was installed (" OPTION_NO_VERIFY " takes it unchecked)",
                    kind, file.name);
    note("cuDNN %s for CUDA %d from %s: %s", file.version, major, address, file.name);
    if (source_as_archive(file.name, file.url, file.sha256, &archive) != 0)
        return 1;
    snprintf(found->url, sizeof found->url, "%s", archive.url);
    snprintf(found->version, sizeof found->version, "%s", file.version);
    snprintf(found->cuda, sizeof found->cuda, "%d", major);
    int status = install_fetch_archive(&archive, authority, request->dry_run, found->path, sizeof found->path,
                                       found->sha256);
    if ((status != 0 && status != INSTALL_PLANNED) || file.headers.name[0] == '\0' || request->libraries_only)
        return status;
    int headers_status = fetch_headers(&file.headers, authority, request->dry_run, found);
    if (headers_status != 0)
        found->headers_path[0] = '\0';
    return headers_status != 0 && headers_status != INSTALL_PLANNED ? headers_status : status;
}
