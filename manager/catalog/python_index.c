/*
 * python_index.h. A page is outside input: file names must be NVIDIA's
 * wheel names for this platform's tags, a version a dotted number, a hash
 * 64 hexadecimal digits and an address one the catalog would accept
 * (https, or http to this machine or the configured index); anything else
 * is passed over. Of the files whose version continues the requested prefix
 * on a dot boundary, the newest is chosen.
 */
#include "build_platform.h"
#include "python_index.h"

#include "catalog.h"
#include "config.h"
#include "download.h"
#include "file_url.h"
#include "store.h"

#include "cudnnv_select.h"

#include <ctype.h>
#include <limits.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INDEX_PAGE_LIMIT (8 << 20)

/* Whether a wheel's platform tag runs on the platform (manylinux for Linux, win_amd64 for Windows). */
static int tag_fits(const char *name, int platform)
{
    const struct cudnnv_build_platform *build = cudnnv_build_platform((enum cudnnv_build)platform);
    size_t length = strlen(name), tail = strlen(build->wheel_end);
    if (length < tail || strcmp(name + length - tail, build->wheel_end) != 0)
        return 0;
    return !build->wheel_manylinux || strstr(name, "-manylinux") != NULL;
}

/* PREFIX-VERSION-... (nvidia_cudnn_cu12-9.1.0.70-...): the version, when the name is one of that project's wheels. */
static int wheel_version(const char *name, const char *prefix, char *version, size_t size)
{
    size_t prefix_length = strlen(prefix);
    const char *dash = name + prefix_length;
    if (strncmp(name, prefix, prefix_length) != 0 || *dash != '-' || strchr(name, '/') != NULL ||
        strchr(name, '\\') != NULL)
        return 0;
    size_t length = strcspn(dash + 1, "-");
    if (length == 0 || length >= size)
        return 0;
    snprintf(version, size, "%.*s", (int)length, dash + 1);
    for (const char *c = version; *c; c++) {
        if (!isdigit((unsigned char)*c) && *c != '.')
            return 0;
    }
    return cudnnv_name_is_valid(version);
}

/* An href resolved against the page's address: absolute, rooted at its host, or relative to the page. */
static int resolve(const char *page_url, const char *href, char *out, size_t size)
{
    const char *scheme = strstr(page_url, "://");
    if (strstr(href, "://") != NULL)
        return snprintf(out, size, "%s", href) < (int)size ? 0 : -1;
    if (scheme == NULL)
        return -1;
    if (href[0] == '/') {
        const char *path = strchr(scheme + 3, '/');
        int host = path ? (int)(path - page_url) : (int)strlen(page_url);
        return snprintf(out, size, "%.*s%s", host, page_url, href) < (int)size ? 0 : -1;
    }
    const char *slash = strrchr(scheme + 3, '/');
    int base = slash ? (int)(slash - page_url) + 1 : (int)strlen(page_url);
    return snprintf(out, size, "%.*s%s%s", base, page_url, slash ? "" : "/", href) < (int)size ? 0 : -1;
}

/* What a page is read for: its address, the platform's tags, the version asked for; the best file so far. */
struct page_reading {
    const char *page_url;
    char origin[512];          /* scheme://host:port/ of the page: files there are the index's own */
    int platform;
    const char *requested;
    const char *prefix;        /* the project's wheel names start with it: nvidia_cudnn_cu12 */
    struct source_file *best;
};

/* A file:// address whose path, once %-decoded, has a ".." step: it would read from outside the index. */
static int climbs_out(const char *url)
{
    char path[PATH_MAX];
    if (strncmp(url, "file:", 5) != 0)
        return 0;
    if (file_url_path(url, path, sizeof path) != 0)
        return 1;
    for (const char *step = path; step != NULL; step = strchr(step + 1, '/')) {
        const char *name = step[0] == '/' ? step + 1 : step;
        if (strncmp(name, "..", 2) == 0 && (name[2] == '/' || name[2] == '\0'))
            return 1;
    }
    return 0;
}

/* One file of the page: kept as best when it fits and is newer. */
static void consider(const struct page_reading *reading, const char *name, const char *href, const char *sha256)
{
    const char *page_url = reading->page_url, *requested = reading->requested;
    int platform = reading->platform;
    struct source_file *best = reading->best;
    struct source_file file;
    memset(&file, 0, sizeof file);
    if (strlen(name) >= sizeof file.name || !tag_fits(name, platform) ||
        !wheel_version(name, reading->prefix, file.version, sizeof file.version) ||
        (requested[0] && !cudnnv_name_has_prefix(file.version, requested)) ||
        (sha256[0] && !catalog_is_sha256(sha256)) || resolve(page_url, href, file.url, sizeof file.url) != 0 ||
        !catalog_url_is_allowed(file.url, reading->origin) || climbs_out(file.url) ||
        (strncmp(file.url, "file:", 5) == 0 && strncmp(page_url, "file:", 5) != 0))
        return;   /* a page from a server never names a file of this machine */
    char *fragment = strchr(file.url, '#');
    if (fragment != NULL)
        *fragment = '\0';
    snprintf(file.name, sizeof file.name, "%s", name);
    snprintf(file.sha256, sizeof file.sha256, "%s", sha256);
    if (best->name[0] == '\0' || cudnnv_name_compare(file.version, best->version) > 0)
        *best = file;
}

/* PEP 691: {"files": [{"filename", "url", "hashes": {"sha256"}}]}. */
static int parse_json(const char *page, const struct page_reading *reading)
{
    json_error_t error;
    json_t *root = json_loads(page, 0, &error), *files = root ? json_object_get(root, "files") : NULL;
    size_t index;
    json_t *file;
    if (!json_is_array(files)) {
        json_decref(root);
        return -1;
    }
    json_array_foreach(files, index, file) {
        const char *name = json_string_value(json_object_get(file, "filename"));
        const char *url = json_string_value(json_object_get(file, "url"));
        const char *sha256 = json_string_value(json_object_get(json_object_get(file, "hashes"), "sha256"));
        if (name != NULL && url != NULL)
            consider(reading, name, url, sha256 ? sha256 : "");
    }
    json_decref(root);
    return 0;
}

/* The value of attribute href="..." in one tag (tag up to end); "" when absent. */
static void href_of(const char *tag, const char *end, char *out, size_t size)
{
    const char *href = tag;
    out[0] = '\0';
    while (href + 6 <= end && memcmp(href, "href=\"", 6) != 0)
        href++;
    if (href + 6 > end)
        return;
    href += 6;
    const char *close = memchr(href, '"', (size_t)(end - href));
    if (close != NULL && (size_t)(close - href) < size)
        snprintf(out, size, "%.*s", (int)(close - href), href);
}

/*
 * PEP 503: <a href="URL#sha256=HEX">FILENAME</a>, one per file. One pass:
 * every search starts at or after where the one before it started, and a
 * "</a>" found once is reused until a tag ends beyond it, so a hostile page
 * (a million "<a " and no '>', or a million tags and one "</a>") costs time
 * in proportion to its size. A tag whose text holds another "<a " is left
 * for that one.
 */
static void parse_html(const char *page, const struct page_reading *reading)
{
    char href[2048], name[256], sha256[72];
    const char *close = NULL;
    const char *at = strstr(page, "<a ");
    while (at != NULL) {
        const char *end = strchr(at, '>');
        if (end == NULL)
            break;   /* no tag after this one ends either */
        if (close == NULL || close < end)
            close = strstr(end, "</a>");
        if (close == NULL)
            break;
        const char *next = strstr(end + 1, "<a ");
        if (next != NULL && next < close) {
            at = next;
            continue;
        }
        if ((size_t)(close - end - 1) < sizeof name) {
            href_of(at, end, href, sizeof href);
            snprintf(name, sizeof name, "%.*s", (int)(close - end - 1), end + 1);
            const char *hash = strstr(href, "#sha256=");
            snprintf(sha256, sizeof sha256, "%s", hash ? hash + 8 : "");
            if (href[0] != '\0')
                consider(reading, name, href, sha256);
        }
        at = next;
    }
}

/* The newest fitting wheel of a project's page (its names start with prefix); 0, or -1 with why. */
static int parse_project_page(const char *page, const char *page_url, const char *prefix, int platform,
                              const char *requested, struct source_file *best, char *why, size_t why_size)
{
    struct page_reading reading = {page_url, "", platform, requested, prefix, best};
    const char *host = strstr(page_url, "://"), *path = host ? strchr(host + 3, '/') : NULL;
    snprintf(reading.origin, sizeof reading.origin, "%.*s/", path ? (int)(path - page_url) : 0, page_url);
    memset(best, 0, sizeof *best);
    const char *first = page + strspn(page, " \t\r\n");
    int unreadable = 0;
    if (first[0] == '{')
        unreadable = parse_json(page, &reading) != 0;
    else
        parse_html(page, &reading);
    if (unreadable) {
        snprintf(why, why_size, "%s is not a simple index page (PEP 503 HTML or PEP 691 JSON)", page_url);
        return -1;
    }
    if (best->name[0] == '\0') {
        snprintf(why, why_size, "%s lists no %s wheel of %s %s", page_url, catalog_platform_name(platform),
                 strncmp(prefix, "nvidia_cudnn_", 13) == 0 ? "cuDNN" : prefix, requested[0] ? requested : "");
        return -1;
    }
    return 0;
}

/* The newest fitting cuDNN wheel of a project's page; 0, or -1 with why. */
int python_index_parse(const char *page, const char *page_url, int platform, const char *requested,
                       struct source_file *best, char *why, size_t why_size)
{
    char prefix[32];
    const char *project = strstr(page_url, "nvidia-cudnn-cu");
    snprintf(prefix, sizeof prefix, "nvidia_cudnn_cu%d", project ? atoi(project + 15) : 0);
    return parse_project_page(page, page_url, project ? prefix : "nvidia_cudnn_cu", platform, requested, best, why,
                              why_size);
}

/* A source's page or repodata, at most limit bytes; 0, or -1 with the address and the reason in why. */
int source_page_fetch(const char *url, size_t limit, char **text, char *why, size_t why_size)
{
    char reason[512];
    if (download_text(url, limit, text, reason, sizeof reason) == 0)
        return 0;
    snprintf(why, why_size, "%s: %s", url, reason);
    return -1;
}

/* A project of an index (INDEX/PROJECT/, its wheels named PREFIX-VERSION-...): the newest fitting wheel. */
int python_index_find_project(const char *index_url, const char *project, const char *prefix, int platform,
                              const char *requested, struct source_file *best, char *why, size_t why_size)
{
    char page_url[2048];
    char *page = NULL;
    size_t length = strlen(index_url);
    snprintf(page_url, sizeof page_url, "%s%s%s/", index_url, length && index_url[length - 1] == '/' ? "" : "/",
             project);
    if (source_page_fetch(page_url, INDEX_PAGE_LIMIT, &page, why, why_size) != 0)
        return -1;
    int status = parse_project_page(page, page_url, prefix, platform, requested, best, why, why_size);
    free(page);
    return status;
}

/* The cuDNN project of a CUDA major on an index: INDEX/nvidia-cudnn-cuNN/. */
int python_index_find(const char *index_url, int cuda_major, int platform, const char *requested,
                      struct source_file *best, char *why, size_t why_size)
{
    char project[32], prefix[32];
    snprintf(project, sizeof project, "nvidia-cudnn-cu%d", cuda_major);
    snprintf(prefix, sizeof prefix, "nvidia_cudnn_cu%d", cuda_major);
    return python_index_find_project(index_url, project, prefix, platform, requested, best, why, why_size);
}

/* The index to use without --index-url: [sources] index_url in config, else PIP_INDEX_URL; 0 when one is set. */
int python_index_default(char *out, size_t size)
{
    struct config config;
    const char *pip = getenv("PIP_INDEX_URL");
    config_read(store_root(), &config);
    if (config.index_url[0] != '\0')
        snprintf(out, size, "%s", config.index_url);
    else if (pip != NULL && pip[0] != '\0')
        snprintf(out, size, "%s", pip);
    else
        return -1;
    return 0;
}
