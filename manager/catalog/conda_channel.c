/*
 * conda_channel.h. repodata.json is outside input: a package is considered
 * only when it is named cudnn or libcudnn, its file name is a plain name
 * ending in .conda or .tar.bz2, its version a dotted number that continues
 * the request on a dot boundary, and its sha256 64 hexadecimal digits (a
 * package without one is passed over: conda checks them, so must we). Of
 * those whose CUDA requirement fits (cuda-version, or cudatoolkit for old
 * builds), the newest wins, a .conda file over a .tar.bz2 of the same.
 * NVIDIA's own channel splits a release in two: libcudnn (the libraries)
 * and libcudnn-dev (the headers and the unversioned .so links); with a
 * libcudnn .conda, the libcudnn-dev .conda of exactly its version and CUDA
 * is named too, under the same rules, so that the set is whole.
 */
#include "build_platform.h"
#include "conda_channel.h"
#include "python_requirement.h"

#include "catalog.h"
#include "download.h"

#include "cudnnv_select.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPODATA_LIMIT (64 << 20)

/* The channel's folder for a platform: linux-64, linux-aarch64 or win-64. */
const char *conda_subdir(int platform)
{
    return cudnnv_build_platform((enum cudnnv_build)platform)->conda_subdir;
}

/* The CUDA constraint of one dependency ("cuda-version >=12,<13", "cudatoolkit >=11.2"), after the name; NULL when
 * it is another package. */
static const char *cuda_constraint(json_t *item, int with_cudatoolkit)
{
    const char *text = json_string_value(item);
    if (text != NULL && strncmp(text, "cuda-version ", 13) == 0)
        return text + 13;
    if (with_cudatoolkit && text != NULL && strncmp(text, "cudatoolkit ", 12) == 0)
        return text + 12;
    return NULL;
}

/* The CUDA major a package requires: "cuda-version >=12,<13", "cuda-version 12.*", "cudatoolkit >=11.2"; 0 for none,
 * -1 when two of its constraints name different majors (judged by all, never by the first alone). */
static int required_cuda(json_t *depends)
{
    size_t index;
    json_t *item;
    int major = 0;
    json_array_foreach(depends, index, item) {
        const char *rest = cuda_constraint(item, 1);
        while (rest != NULL && *rest && !isdigit((unsigned char)*rest))
            rest++;
        if (rest == NULL || !isdigit((unsigned char)*rest))
            continue;
        if (major != 0 && atoi(rest) != major)
            return -1;
        major = atoi(rest);
    }
    return major;
}

/* A conda constraint as PEP 440 writes it: "12.2.*" is "==12.2.*", a pre-release mark cut (<12.3.0a0 is below
 * 12.3.0); 0, or -1 when it holds what cudnnv does not read (an "|", a build string). */
static int constraint_as_pep440(const char *constraint, char *out, size_t size)
{
    size_t used = 0;
    if (strchr(constraint, '|') != NULL || strchr(constraint, ' ') != NULL)
        return -1;
    for (const char *c = constraint; *c && used + 3 < size;) {
        if (isdigit((unsigned char)*c) && (c == constraint || c[-1] == ','))
            used += (size_t)snprintf(out + used, size - used, "==");
        if (isalpha((unsigned char)*c)) {   /* "0a0": up to the next clause */
            c += strcspn(c, ",");
            continue;
        }
        out[used++] = *c++;
    }
    out[used] = '\0';
    return used + 3 < size ? 0 : -1;
}

/* Whether every cuda-version constraint of a split CUDA package accepts release ("12.2"): ">=12.2,<12.3.0a0",
 * "12.2.*"; a package with none, or one cudnnv cannot read, is not of the release. */
static int accepts_cuda_release(json_t *depends, const char *release)
{
    size_t index;
    json_t *item;
    char specifier[128];
    int constraints = 0;
    json_array_foreach(depends, index, item) {
        const char *constraint = cuda_constraint(item, 0);
        if (constraint == NULL)
            continue;
        constraints++;
        if (constraint_as_pep440(constraint + strspn(constraint, " "), specifier, sizeof specifier) != 0 ||
            !python_specifier_accepts(specifier, release))
            return 0;
    }
    return constraints > 0;
}

/*
 * A package file name as conda's are: [A-Za-z0-9._+-] only, so nothing in it
 * is decoded into something else ("..%2f..%2fx.conda" from a file:// channel
 * would climb out of it once decoded).
 */
static int plain_package_name(const char *name)
{
    size_t length = strlen(name);
    return length < 256 && name[0] != '.' &&
           strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+-") == length &&
           ((length > 6 && strcmp(name + length - 6, ".conda") == 0) ||
            (length > 8 && strcmp(name + length - 8, ".tar.bz2") == 0));
}

static int dotted(const char *version)
{
    if (!isdigit((unsigned char)version[0]) || strlen(version) >= 64)
        return 0;
    for (const char *c = version; *c; c++) {
        if (!isdigit((unsigned char)*c) && *c != '.')
            return 0;
    }
    return 1;
}

/* What a pass over repodata looks for, and what it found. */
struct package_search {
    const char *name, *other_name;  /* the package names taken (other_name may be NULL) */
    const char *version;            /* a version prefix, or with exact the whole version */
    int exact, cuda_major, conda_only;
    const char *subdir_url;
    int split;                      /* answered: the best is NVIDIA's libcudnn, whose headers are apart */
    int unchecked;                  /* also a package without a SHA-256 (it is then returned with none) */
    const char *cuda_release;       /* a split CUDA package's release ("12.2", its cuda-version), or NULL for any */
};

static int is_conda_file(const char *file_name)
{
    size_t length = strlen(file_name);
    return length > 6 && strcmp(file_name + length - 6, ".conda") == 0;
}

static int wanted(const struct package_search *search, const char *name, const char *version)
{
    return name != NULL && (strcmp(name, search->name) == 0 ||
                            (search->other_name != NULL && strcmp(name, search->other_name) == 0)) &&
           version != NULL && dotted(version) &&
           (search->exact ? strcmp(version, search->version) == 0
                          : search->version[0] == '\0' || cudnnv_name_has_prefix(version, search->version));
}

/* One package of a "packages" or "packages.conda" object: kept as best when it fits and is newer. */
static void consider(const char *file_name, json_t *package, struct package_search *search, struct source_file *best)
{
    const char *name = json_string_value(json_object_get(package, "name"));
    const char *version = json_string_value(json_object_get(package, "version"));
    const char *sha256 = json_string_value(json_object_get(package, "sha256"));
    json_t *depends = json_object_get(package, "depends");
    int cuda = required_cuda(depends);
    if (!wanted(search, name, version) || (!search->unchecked && (sha256 == NULL || !catalog_is_sha256(sha256))) ||
        !plain_package_name(file_name) || (search->cuda_major > 0 && cuda != search->cuda_major) ||
        (search->conda_only && !is_conda_file(file_name)) ||
        (search->cuda_release != NULL && !accepts_cuda_release(depends, search->cuda_release)))
        return;
    int newer = best->name[0] == '\0' || cudnnv_name_compare(version, best->version) > 0;
    int same = best->name[0] != '\0' && strcmp(version, best->version) == 0;
    if (!newer && !(same && is_conda_file(file_name)))
        return;
    if (snprintf(best->url, sizeof best->url, "%s%s", search->subdir_url, file_name) >= (int)sizeof best->url)
        return;
    snprintf(best->name, sizeof best->name, "%s", file_name);
    snprintf(best->version, sizeof best->version, "%s", version);
    snprintf(best->sha256, sizeof best->sha256, "%s", sha256 && catalog_is_sha256(sha256) ? sha256 : "");
    json_t *size = json_object_get(package, "size");   /* repodata's announced size: the download stops near it */
    best->size = json_is_integer(size) && json_integer_value(size) > 0 ? (long long)json_integer_value(size) : 0;
    search->split = strcmp(name, "libcudnn") == 0;
}

/* The best package of root's "packages" and "packages.conda" for search. */
static void search_packages(json_t *root, struct package_search *search, struct source_file *best)
{
    static const char *const groups[] = {"packages", "packages.conda"};
    memset(best, 0, sizeof *best);
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        const char *file_name;
        json_t *package;
        json_object_foreach(json_object_get(root, groups[g]), file_name, package)
            consider(file_name, package, search, best);
    }
}

/* Beside NVIDIA's libcudnn (a .conda), the libcudnn-dev .conda of its version and CUDA, when the channel has it. */
static void find_headers(json_t *root, const struct package_search *found, struct source_file *best)
{
    struct package_search search = {"libcudnn-dev", NULL, best->version, 1, found->cuda_major, 1, found->subdir_url, 0, 0, NULL};
    struct source_file headers;
    if (!found->split || !is_conda_file(best->name))
        return;
    search_packages(root, &search, &headers);
    if (headers.name[0] == '\0') {   /* one without a SHA-256 is named, so that the install stops saying why */
        search.unchecked = 1;
        search_packages(root, &search, &headers);
    }
    snprintf(best->headers.name, sizeof best->headers.name, "%s", headers.name);
    snprintf(best->headers.url, sizeof best->headers.url, "%s", headers.url);
    snprintf(best->headers.sha256, sizeof best->headers.sha256, "%s", headers.sha256);
}

int conda_channel_parse(const char *repodata, const char *subdir_url, const char *requested, int cuda_major,
                        struct source_file *best, char *why, size_t why_size)
{
    json_error_t error;
    json_t *root = json_loads(repodata, 0, &error);
    struct package_search search = {"cudnn", "libcudnn", requested, 0, cuda_major, 0, subdir_url, 0, 0, NULL};
    memset(best, 0, sizeof *best);
    if (!json_is_object(root)) {
        snprintf(why, why_size, "%srepodata.json is not JSON (line %d)", subdir_url, error.line);
        json_decref(root);
        return -1;
    }
    search_packages(root, &search, best);
    if (best->name[0] != '\0')
        find_headers(root, &search, best);
    json_decref(root);
    if (best->name[0] == '\0') {
        snprintf(why, why_size, "%srepodata.json has no cudnn package of version %s%s%.0d with a SHA-256", subdir_url,
                 requested, cuda_major > 0 ? " for CUDA " : "", cuda_major);
        return -1;
    }
    return 0;
}

/* CHANNEL/SUBDIR/ and its repodata.json, fetched into *text; 0, or -1 with why. */
static int fetch_repodata(const char *channel_url, int platform, char subdir_url[2048], char repodata_url[2100],
                          char **text, char *why, size_t why_size)
{
    size_t length = strlen(channel_url);
    snprintf(subdir_url, 2048, "%s%s%s/", channel_url, length && channel_url[length - 1] == '/' ? "" : "/",
             conda_subdir(platform));
    snprintf(repodata_url, 2100, "%srepodata.json", subdir_url);
    return source_page_fetch(repodata_url, REPODATA_LIMIT, text, why, why_size);
}

int conda_channel_find(const char *channel_url, int cuda_major, int platform, const char *requested,
                       struct source_file *best, char *why, size_t why_size)
{
    char subdir_url[2048], repodata_url[2100];
    char *text = NULL;
    if (fetch_repodata(channel_url, platform, subdir_url, repodata_url, &text, why, why_size) != 0)
        return -1;
    int status = conda_channel_parse(text, subdir_url, requested, cuda_major, best, why, why_size);
    free(text);
    return status;
}

/*
 * The newest package NAME of the channel with a SHA-256, of a version that
 * starts with release ("" for any) and for cuda_major (0 for any); 1 when
 * found, 0 when none is, -1 with why when the repodata cannot be had.
 */
static int find_named(const char *channel_url, const char *name, const char *release, int cuda_major, int platform,
                      struct source_file *best, char *repodata_url, char *why, size_t why_size)
{
    char subdir_url[2048];
    char *text = NULL;
    json_error_t error;
    memset(best, 0, sizeof *best);
    if (fetch_repodata(channel_url, platform, subdir_url, repodata_url, &text, why, why_size) != 0)
        return -1;
    json_t *root = json_loads(text, 0, &error);
    free(text);
    struct package_search search = {name, NULL, release, 0, cuda_major, 0, subdir_url, 0, 0, NULL};
    if (json_is_object(root))
        search_packages(root, &search, best);
    json_decref(root);
    return best->name[0] != '\0';
}

/*
 * Another package of the channel (the CUDA libraries cuDNN loads: libcublas,
 * cuda-nvrtc): the newest with a SHA-256 whose cuda-version dependency is the
 * CUDA major, .conda or .tar.bz2; 0, or -1 with why.
 */
int conda_channel_find_package(const char *channel_url, const char *name, int cuda_major, int platform,
                               struct source_file *best, char *why, size_t why_size)
{
    char repodata_url[2100];
    int found = find_named(channel_url, name, "", cuda_major, platform, best, repodata_url, why, why_size);
    if (found == 0)
        snprintf(why, why_size, "%s has no %s package for CUDA %d with a SHA-256", repodata_url, name, cuda_major);
    return found == 1 ? 0 : -1;
}

/* The newest package NAME of a version that starts with release (cudatoolkit 11.0 -> 11.0.3) with a SHA-256; 0, or -1 with why. */
int conda_channel_find_release(const char *channel_url, const char *name, const char *release, int platform,
                               struct source_file *best, char *why, size_t why_size)
{
    char repodata_url[2100];
    int found = find_named(channel_url, name, release, 0, platform, best, repodata_url, why, why_size);
    if (found == 0)
        snprintf(why, why_size, "%s has no %s package of version %s with a SHA-256", repodata_url, name, release);
    return found == 1 ? 0 : -1;
}

int conda_channel_find_split(const char *channel_url, const char *const *names, int count, const char *cuda_release,
                             int platform, struct source_file *found, char *why, size_t why_size)
{
    char subdir_url[2048], repodata_url[2100];
    char *text = NULL;
    json_error_t error;
    if (fetch_repodata(channel_url, platform, subdir_url, repodata_url, &text, why, why_size) != 0)
        return -1;
    json_t *root = json_loads(text, 0, &error);
    free(text);
    if (!json_is_object(root)) {
        snprintf(why, why_size, "%s is not JSON (line %d)", repodata_url, error.line);
        json_decref(root);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        struct package_search search = {names[i], NULL, "", 0, 0, 0, subdir_url, 0, 0, cuda_release};
        search_packages(root, &search, &found[i]);
    }
    json_decref(root);
    return 0;
}
