/*
 * Catalog data is outside input: 'cudnnv update' fetches it, and anyone who
 * controls that source controls what lands here. Every release is checked
 * when it is loaded, and one that fails is left out with a message naming
 * the field: an archive name is a plain file name (it becomes a path in the
 * cache), a URL is https, file, or http to this machine or to the
 * configured base_url, numbers are numbers, a SHA-256 is 64 hex digits.
 */
#include "catalog.h"

#include "cudnnv_select.h"

#include <ctype.h>
#include <string.h>

static int is_dotted_number(const char *text, int may_be_empty)
{
    if (text[0] == '\0')
        return may_be_empty;
    if (!isdigit((unsigned char)text[0]))
        return 0;
    for (const char *c = text; *c; c++) {
        if (!isdigit((unsigned char)*c) && !(*c == '.' && isdigit((unsigned char)c[1])))
            return 0;
    }
    return 1;
}

static int is_file_name(const char *name)
{
    if (name[0] == '.' || name[0] == '-' || strchr(name, '/') != NULL || strchr(name, '\\') != NULL ||
        strchr(name, ' ') != NULL)
        return 0;
    return !cudnnv_text_has_controls(name);
}

int catalog_is_sha256(const char *text)
{
    return text != NULL && strlen(text) == 64 && strspn(text, "0123456789abcdefABCDEF") == 64;
}

/* https, file, or http to this machine (a local mirror) or under the configured base_url. */
int catalog_url_is_allowed(const char *url, const char *base_url)
{
    static const char *local[] = {"http://127.0.0.1:", "http://127.0.0.1/", "http://localhost:",
                                  "http://localhost/", "http://[::1]:", "http://[::1]/"};
    if (cudnnv_text_has_controls(url) || strpbrk(url, " \"'<>\\") != NULL)
        return 0;
    if (strncmp(url, "https://", 8) == 0 || strncmp(url, "file://", 7) == 0)
        return 1;
    for (size_t i = 0; i < sizeof local / sizeof local[0]; i++) {
        if (strncmp(url, local[i], strlen(local[i])) == 0)
            return 1;
    }
    return base_url[0] != '\0' && strncmp(url, base_url, strlen(base_url)) == 0;
}

static const char *archive_problem(const struct catalog_archive *archive, const char *base_url)
{
    if (archive->name[0] != '\0' && !is_file_name(archive->name))
        return "an archive name that is not a plain file name";
    if (archive->url[0] != '\0' && !catalog_url_is_allowed(archive->url, base_url))
        return "a URL that is not https, file, or http to this machine or [download] base_url";
    if (archive->sha256[0] != '\0' && !catalog_is_sha256(archive->sha256))
        return "a SHA-256 that is not 64 hexadecimal digits";
    return NULL;
}

/* Why a release read from the catalog cannot be used, or NULL. */
const char *catalog_release_problem(const struct catalog_release *release, const char *base_url)
{
    if (!cudnnv_name_is_valid(release->version) || !is_dotted_number(release->version, 0))
        return "a version that is not a dotted number";
    for (int i = 0; i < release->build_count; i++) {
        const struct catalog_build *build = &release->builds[i];
        if (!is_dotted_number(build->cuda, 0))
            return "a CUDA version that is not a dotted number";
        if (!is_dotted_number(build->min_driver_linux, 1) || !is_dotted_number(build->min_driver_windows, 1) ||
            !is_dotted_number(build->min_compute_capability, 1) || !is_dotted_number(build->max_compute_capability, 1))
            return "a driver or compute capability that is not a dotted number";
        for (int platform = 0; platform < CATALOG_PLATFORMS; platform++) {
            const char *problem = archive_problem(&build->archive[platform], base_url);
            if (problem != NULL)
                return problem;
        }
    }
    return NULL;
}
