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

/*
 * The authority of scheme://AUTHORITY/...: what comes before the first '/',
 * '?' or '#' after "://". 0 when the address has none.
 */
static int url_authority(const char *url, char *out, size_t size)
{
    const char *start = strstr(url, "://");
    if (start == NULL)
        return 0;
    start += 3;
    size_t length = strcspn(start, "/?#");
    if (length >= size)
        return 0;
    memcpy(out, start, length);
    out[length] = '\0';
    return 1;
}

/* http to this machine: the host the address really names is 127.0.0.1, localhost or [::1], with a port or none. */
static int is_local_http(const char *url)
{
    static const char *const hosts[] = {"127.0.0.1", "localhost", "[::1]"};
    char authority[256];
    if (strncmp(url, "http://", 7) != 0 || !url_authority(url, authority, sizeof authority))
        return 0;
    for (size_t i = 0; i < sizeof hosts / sizeof hosts[0]; i++) {
        size_t length = strlen(hosts[i]);
        const char *port = authority + length;
        if (strncmp(authority, hosts[i], length) == 0 &&
            (*port == '\0' || (*port == ':' && port[1] != '\0' && strspn(port + 1, "0123456789") == strlen(port + 1))))
            return 1;
    }
    return 0;
}

/* url is base_url itself or below it: base_url followed by '/', '?' or nothing (never "...:8000@elsewhere"). */
static int is_under(const char *url, const char *base_url)
{
    size_t length = strlen(base_url);
    if (length == 0 || strncmp(url, base_url, length) != 0)
        return 0;
    return base_url[length - 1] == '/' || url[length] == '\0' || url[length] == '/' || url[length] == '?';
}

/*
 * https, file, or http to this machine (a local mirror), or under the
 * configured base_url (the user's own address, which may carry user-info).
 * An address from anywhere else with user-info ("http://127.0.0.1:1@elsewhere/")
 * is refused: its host is not the one it seems to name.
 */
int catalog_url_is_allowed(const char *url, const char *base_url)
{
    char authority[1024];
    if (cudnnv_text_has_controls(url) || strpbrk(url, " \"'<>\\") != NULL)
        return 0;
    if (base_url[0] != '\0' && is_under(url, base_url))
        return 1;
    if (url_authority(url, authority, sizeof authority) && strchr(authority, '@') != NULL)
        return 0;
    if (strncmp(url, "https://", 8) == 0 || strncmp(url, "file://", 7) == 0)
        return 1;
    return is_local_http(url);
}

const char *catalog_archive_problem(const struct catalog_archive *archive, const char *base_url)
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
            const char *problem = catalog_archive_problem(&build->archive[platform], base_url);
            if (problem != NULL)
                return problem;
        }
    }
    return NULL;
}
