/*
 * apt_repo.h. A Packages index is outside input: it is read stanza by
 * stanza, and a package is considered only when its name is exactly a
 * runtime component of the release (libcusolver-11-0), its architecture the
 * one asked for, its version made of digits, dots, '-', '+' and '~', its
 * Filename a relative path of plain characters with no '..' that ends in
 * .deb, and its SHA256 64 hexadecimal digits. Of each component the newest
 * version wins; a required component missing refuses the whole runtime.
 */
#include "apt_repo.h"

#include "build_platform.h"
#include "catalog.h"
#include "cuda_components.h"
#include "cudnnv_select.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PACKAGES_LIMIT (256 << 20)

/* NVIDIA's apt packages of a runtime: each apt name of CUDA's component table once, required when one of its
 * components is (nvJitLink's exists from CUDA 12 on, NVRTC's is taken where listed). */
#define APT_COMPONENTS_MAX 16

struct apt_component {
    const char *name;
    int required;
};

static size_t apt_components(struct apt_component *out)
{
    const struct cuda_component *rows[APT_COMPONENTS_MAX];
    int required[APT_COMPONENTS_MAX];
    size_t count = cuda_component_packages(CUDA_SOURCE_APT, rows, required, APT_COMPONENTS_MAX);
    for (size_t i = 0; i < count; i++)
        out[i] = (struct apt_component){rows[i]->apt, required[i]};
    return count;
}

struct stanza {
    char package[64], version[64], arch[16], filename[256], sha256[72], size[24];
};

static int plain_version(const char *text)
{
    return isdigit((unsigned char)text[0]) && strspn(text, "0123456789.-+~") == strlen(text);
}

/*
 * A relative path of the repository, as NVIDIA writes it
 * ("./libcusolver-11-0_10.6.0.245-1_amd64.deb"), whose file is a name
 * before ".deb" (not ".deb" alone, nor a hidden file: it becomes the
 * cache's file name).
 */
static int plain_filename(const char *text)
{
    size_t length = strlen(text);
    const char *allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+~/-";
    const char *name = strrchr(text, '/') ? strrchr(text, '/') + 1 : text;
    return length > 4 && strspn(text, allowed) == length && text[0] != '/' && strstr(text, "..") == NULL &&
           strstr(text, "//") == NULL && strcmp(text + length - 4, ".deb") == 0 && name[0] != '.' &&
           strlen(name) > 4;
}

/* Compares two Debian versions of these packages by their numbers in turn ("10.6.0.245-1" < "10.6.0.300-1"). */
static int version_compare(const char *a, const char *b)
{
    while (*a || *b) {
        while (*a && !isdigit((unsigned char)*a))
            a++;
        while (*b && !isdigit((unsigned char)*b))
            b++;
        char *a_end, *b_end;
        unsigned long long x = strtoull(a, &a_end, 10), y = strtoull(b, &b_end, 10);
        if (x != y || (a_end == a) != (b_end == b))
            return x < y || a_end == a ? -1 : 1;
        a = a_end;
        b = b_end;
    }
    return 0;
}

static void take_field(struct stanza *stanza, const char *line)
{
    static const struct {
        const char *key;
        size_t offset, size;
    } fields[] = {
        {"Package: ", offsetof(struct stanza, package), sizeof ((struct stanza *)0)->package},
        {"Version: ", offsetof(struct stanza, version), sizeof ((struct stanza *)0)->version},
        {"Architecture: ", offsetof(struct stanza, arch), sizeof ((struct stanza *)0)->arch},
        {"Filename: ", offsetof(struct stanza, filename), sizeof ((struct stanza *)0)->filename},
        {"SHA256: ", offsetof(struct stanza, sha256), sizeof ((struct stanza *)0)->sha256},
        {"Size: ", offsetof(struct stanza, size), sizeof ((struct stanza *)0)->size},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        size_t key_length = strlen(fields[i].key);
        if (strncmp(line, fields[i].key, key_length) != 0)
            continue;
        size_t length = strcspn(line + key_length, "\r\n");
        char *field = (char *)stanza + fields[i].offset;
        if (length < fields[i].size)
            snprintf(field, fields[i].size, "%.*s", (int)length, line + key_length);
        else
            field[0] = '\0';   /* too long to be real: the stanza will not qualify */
    }
}

struct search {
    const char *repo_url, *suffix, *arch;     /* suffix: "-11-0" */
    struct apt_component components[APT_COMPONENTS_MAX];
    size_t count;
    struct source_file best[APT_COMPONENTS_MAX];
};

/* The component a stanza is a runtime package of, or -1. */
static int component_of(const struct search *search, const struct stanza *stanza)
{
    const struct apt_component *components = search->components;
    for (size_t i = 0; i < search->count; i++) {
        size_t length = strlen(components[i].name);
        if (strncmp(stanza->package, components[i].name, length) == 0 &&
            strcmp(stanza->package + length, search->suffix) == 0)
            return (int)i;
    }
    return -1;
}

static void consider(struct search *search, const struct stanza *stanza)
{
    int index = component_of(search, stanza);
    size_t size_digits = strspn(stanza->size, "0123456789");
    if (index < 0 || strcmp(stanza->arch, search->arch) != 0 || !plain_version(stanza->version) ||
        !plain_filename(stanza->filename) || !catalog_is_sha256(stanza->sha256) || size_digits == 0 ||
        size_digits > 12 || stanza->size[size_digits] != '\0')
        return;
    struct source_file *best = &search->best[index];
    if (best->name[0] != '\0' && version_compare(stanza->version, best->version) <= 0)
        return;
    const char *path = strncmp(stanza->filename, "./", 2) == 0 ? stanza->filename + 2 : stanza->filename;
    const char *leaf = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t length = strlen(search->repo_url);
    memset(best, 0, sizeof *best);
    snprintf(best->name, sizeof best->name, "%s", leaf);
    snprintf(best->url, sizeof best->url, "%s%s%s", search->repo_url,
             length && search->repo_url[length - 1] == '/' ? "" : "/", path);
    snprintf(best->sha256, sizeof best->sha256, "%s", stanza->sha256);
    snprintf(best->version, sizeof best->version, "%s", stanza->version);
    best->size = strtoll(stanza->size, NULL, 10);   /* the download stops near it */
}

static void read_stanzas(struct search *search, const char *text)
{
    struct stanza stanza;
    memset(&stanza, 0, sizeof stanza);
    for (const char *line = text; line != NULL && *line; ) {
        const char *end = strchr(line, '\n');
        if (line[0] == '\n' || line[0] == '\r') {
            consider(search, &stanza);
            memset(&stanza, 0, sizeof stanza);
        } else if (line[0] != ' ' && line[0] != '\t')
            take_field(&stanza, line);
        line = end ? end + 1 : NULL;
    }
    consider(search, &stanza);
}

/* "11.0" -> "-11-0", NVIDIA's package suffix; -1 when it is no CUDA release (cudnnv_cuda_release_is_valid). */
static int package_suffix(const char *release, char *out, size_t size)
{
    if (!cudnnv_cuda_release_is_valid(release))
        return -1;
    snprintf(out, size, "-%.*s-%s", (int)strcspn(release, "."), release, strchr(release, '.') + 1);
    return 0;
}

int apt_packages_parse(const char *text, const char *repo_url, const char *release, const char *arch,
                       struct apt_runtime *found, char *why, size_t why_size)
{
    static struct search search;
    char suffix[16];
    memset(found, 0, sizeof *found);
    memset(&search, 0, sizeof search);
    if (package_suffix(release, suffix, sizeof suffix) != 0) {
        snprintf(why, why_size, "'%s' is not a CUDA release of the form 11.0", release);
        return -1;
    }
    search.repo_url = repo_url;
    search.suffix = suffix;
    search.arch = arch;
    search.count = apt_components(search.components);
    read_stanzas(&search, text);
    for (size_t i = 0; i < search.count; i++) {
        if (search.best[i].name[0] == '\0' && search.components[i].required) {
            snprintf(why, why_size, "the repository lists no %s%s package for %s with a SHA256 and a size",
                     search.components[i].name, suffix, arch);
            return -1;
        }
        if (search.best[i].name[0] != '\0' && found->count < APT_RUNTIME_PACKAGES)
            found->package[found->count++] = search.best[i];
    }
    return 0;
}

int apt_repo_default(int platform, char *out, size_t size)
{
    const struct cudnnv_build_platform *row = cudnnv_build_platform((enum cudnnv_build)platform);
    if (row->debian_arch[0] == '\0' || strncmp(row->name, "linux-", 6) != 0)
        return -1;
    return snprintf(out, size, "%s%s/", APT_REPO_DEFAULT_BASE, row->name + 6) < (int)size ? 0 : -1;
}

int apt_repo_find_runtime(const char *repo_url, const char *release, int platform, struct apt_runtime *found,
                          char *why, size_t why_size)
{
    char packages_url[2100], reason[1024];
    char *text = NULL;
    const char *arch = cudnnv_build_platform((enum cudnnv_build)platform)->debian_arch;
    size_t length = strlen(repo_url);
    if (arch[0] == '\0') {
        snprintf(why, why_size, "NVIDIA's CUDA apt repositories hold Linux x86_64 and Arm server packages only");
        return -1;
    }
    snprintf(packages_url, sizeof packages_url, "%s%sPackages", repo_url, length && repo_url[length - 1] == '/' ? "" : "/");
    if (source_page_fetch(packages_url, PACKAGES_LIMIT, &text, why, why_size) != 0)
        return -1;
    int status = apt_packages_parse(text, repo_url, release, arch, found, reason, sizeof reason);
    free(text);
    if (status != 0)
        snprintf(why, why_size, "%s: %s", packages_url, reason);
    return status;
}
