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
#include "python_requirement.h"

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

/* Whether a wheel's platform tag runs on the platform (manylinux for Linux, win_amd64 for Windows); with
 * any_platform, a pure wheel (-none-any.whl: NVIDIA's cuda-toolkit) fits too. */
static int tag_fits(const char *name, int platform, int any_platform)
{
    const struct cudnnv_build_platform *build = cudnnv_build_platform((enum cudnnv_build)platform);
    size_t length = strlen(name), tail = strlen(build->wheel_end);
    static const char pure[] = "-none-any.whl";
    if (any_platform && length > sizeof pure - 1 && strcmp(name + length - (sizeof pure - 1), pure) == 0)
        return 1;
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

/* What a page is read for: its address, the wheel asked for; the best file so far, and the first of the project's
 * files passed over (a source package, another platform's wheel), to name when nothing fits. */
struct page_reading {
    const char *page_url;
    char origin[512];          /* scheme://host:port/ of the page: files there are the index's own */
    const struct wheel_query *query;
    struct source_file *best;
    char passed_over[256];
};

/* File attributes PEP 658 and 592 add to a link: metadata served beside the wheel, and a file withdrawn. */
struct file_notes {
    const char *metadata;      /* "sha256=HEX", "true", or NULL when the index serves none */
    int yanked;
};

/* Whether a version is the one asked for: the specifier's (PEP 440), else a prefix on a dot boundary. */
static int version_wanted(const struct wheel_query *query, const char *version)
{
    if (query->specifier != NULL)
        return python_specifier_accepts(query->specifier, version);
    return query->requested[0] == '\0' || cudnnv_name_has_prefix(version, query->requested);
}

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

/* A file of the project that is not a fitting wheel, remembered to be named when nothing fits. */
static void pass_over(struct page_reading *reading, const char *name)
{
    size_t length = strlen(reading->query->prefix);
    if (reading->passed_over[0] == '\0' && strncmp(name, reading->query->prefix, length) == 0 && name[length] == '-' &&
        !cudnnv_text_has_controls(name))
        snprintf(reading->passed_over, sizeof reading->passed_over, "%s", name);
}

/* PEP 658's metadata of a file: its sum ("sha256=HEX"), or "" for "true" or a value cudnnv cannot check. */
static void take_metadata(const char *notes, struct source_file *file)
{
    file->has_metadata = notes != NULL && strcmp(notes, "false") != 0;
    if (notes != NULL && strncmp(notes, "sha256=", 7) == 0 && catalog_is_sha256(notes + 7))
        snprintf(file->metadata_sha256, sizeof file->metadata_sha256, "%s", notes + 7);
}

/* One file of the page: kept as best when it fits and is newer. */
static void consider(struct page_reading *reading, const char *name, const char *href, const char *sha256,
                     const struct file_notes *notes)
{
    const char *page_url = reading->page_url;
    const struct wheel_query *query = reading->query;
    struct source_file *best = reading->best;
    struct source_file file;
    memset(&file, 0, sizeof file);
    if (strlen(name) >= sizeof file.name || notes->yanked || !tag_fits(name, query->platform, query->any_platform) ||
        !wheel_version(name, query->prefix, file.version, sizeof file.version) || !version_wanted(query, file.version)) {
        pass_over(reading, name);
        return;
    }
    if ((sha256[0] && !catalog_is_sha256(sha256)) || resolve(page_url, href, file.url, sizeof file.url) != 0 ||
        !catalog_url_is_allowed(file.url, reading->origin) || climbs_out(file.url) ||
        (strncmp(file.url, "file:", 5) == 0 && strncmp(page_url, "file:", 5) != 0))
        return;   /* a page from a server never names a file of this machine */
    char *fragment = strchr(file.url, '#');
    if (fragment != NULL)
        *fragment = '\0';
    snprintf(file.name, sizeof file.name, "%s", name);
    snprintf(file.sha256, sizeof file.sha256, "%s", sha256);
    take_metadata(notes->metadata, &file);
    if (best->name[0] == '\0' || cudnnv_name_compare(file.version, best->version) > 0)
        *best = file;
}

/* PEP 691's "core-metadata" (or its older "dist-info-metadata"): true, or {"sha256": HEX}; into text as PEP 503 has it. */
static const char *pep691_metadata(json_t *file, char *text, size_t size)
{
    json_t *value = json_object_get(file, "core-metadata");
    if (value == NULL)
        value = json_object_get(file, "dist-info-metadata");
    if (json_is_true(value))
        return "true";
    const char *sum = json_string_value(json_object_get(value, "sha256"));
    if (sum == NULL)
        return NULL;
    snprintf(text, size, "sha256=%s", sum);
    return text;
}

/* PEP 691: {"files": [{"filename", "url", "hashes": {"sha256"}, "core-metadata", "yanked"}]}. */
static int parse_json(const char *page, struct page_reading *reading)
{
    json_error_t error;
    json_t *root = json_loads(page, 0, &error), *files = root ? json_object_get(root, "files") : NULL;
    size_t index;
    json_t *file;
    char metadata[96];
    if (!json_is_array(files)) {
        json_decref(root);
        return -1;
    }
    json_array_foreach(files, index, file) {
        const char *name = json_string_value(json_object_get(file, "filename"));
        const char *url = json_string_value(json_object_get(file, "url"));
        const char *sha256 = json_string_value(json_object_get(json_object_get(file, "hashes"), "sha256"));
        json_t *yanked = json_object_get(file, "yanked");
        struct file_notes notes = {pep691_metadata(file, metadata, sizeof metadata),
                                   json_is_true(yanked) || json_is_string(yanked)};
        if (name != NULL && url != NULL)
            consider(reading, name, url, sha256 ? sha256 : "", &notes);
    }
    json_decref(root);
    return 0;
}

/* The value of attribute name (name="...") in one tag (tag up to end): 1 with it in out, 0 when absent. */
static int attribute_of(const char *tag, const char *end, const char *name, char *out, size_t size)
{
    size_t length = strlen(name);
    const char *at = tag;
    out[0] = '\0';
    while (at + length + 2 <= end && !(memcmp(at, name, length) == 0 && at[length] == '=' && at[length + 1] == '"' &&
                                       (at == tag || at[-1] == ' ' || at[-1] == '\t' || at[-1] == '\n')))
        at++;
    if (at + length + 2 > end)
        return 0;
    at += length + 2;
    const char *close = memchr(at, '"', (size_t)(end - at));
    if (close != NULL && (size_t)(close - at) < size)
        snprintf(out, size, "%.*s", (int)(close - at), at);
    return close != NULL;
}

/* Whether the tag (up to end) holds word after a blank: a bare attribute ("data-yanked"). */
static int tag_has(const char *tag, const char *end, const char *word)
{
    size_t length = strlen(word);
    for (const char *at = tag; at + length < end; at++) {
        if (*at == ' ' && memcmp(at + 1, word, length) == 0)
            return 1;
    }
    return 0;
}

/* A tag's PEP 658 and PEP 592 attributes. */
static void notes_of(const char *tag, const char *end, char *metadata, size_t size, struct file_notes *notes)
{
    notes->metadata = attribute_of(tag, end, "data-core-metadata", metadata, size) ||
                              attribute_of(tag, end, "data-dist-info-metadata", metadata, size)
                          ? metadata : NULL;
    notes->yanked = tag_has(tag, end, "data-yanked");
}

/*
 * PEP 503: <a href="URL#sha256=HEX">FILENAME</a>, one per file. One pass:
 * every search starts at or after where the one before it started, and a
 * "</a>" found once is reused until a tag ends beyond it, so a hostile page
 * (a million "<a " and no '>', or a million tags and one "</a>") costs time
 * in proportion to its size. A tag whose text holds another "<a " is left
 * for that one.
 */
static void parse_html(const char *page, struct page_reading *reading)
{
    char href[2048], name[256], sha256[72], metadata[96];
    struct file_notes notes;
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
            attribute_of(at, end, "href", href, sizeof href);
            notes_of(at, end, metadata, sizeof metadata, &notes);
            snprintf(name, sizeof name, "%.*s", (int)(close - end - 1), end + 1);
            const char *hash = strstr(href, "#sha256=");
            snprintf(sha256, sizeof sha256, "%s", hash ? hash + 8 : "");
            if (href[0] != '\0')
                consider(reading, name, href, sha256, &notes);
        }
        at = next;
    }
}

/* What was asked, for messages: "13.0.96", "==13.4.0.1.*", "". */
static const char *asked(const struct wheel_query *query)
{
    return query->specifier != NULL ? query->specifier : query->requested;
}

/* Why nothing fits: the page lists no such wheel, and the first of the project's files it passed over. */
static void say_none_fits(const struct page_reading *reading, char *why, size_t why_size)
{
    const struct wheel_query *query = reading->query;
    char passed[400] = "";
    if (reading->passed_over[0] != '\0')
        snprintf(passed, sizeof passed, " (it lists %s, %s)", reading->passed_over,
                 strstr(reading->passed_over, ".whl") != NULL ? "not a wheel that fits"
                                                              : "a source package, which holds no library");
    snprintf(why, why_size, "%s lists no %s wheel of %s %s%s", reading->page_url,
             catalog_platform_name(query->platform),
             strncmp(query->prefix, "nvidia_cudnn_", 13) == 0 ? "cuDNN" : query->project, asked(query), passed);
}

/* The newest fitting wheel of a project's page; 0, or -1 with why. */
static int parse_project_page(const char *page, const char *page_url, const struct wheel_query *query,
                              struct source_file *best, char *why, size_t why_size)
{
    struct page_reading reading = {page_url, "", query, best, ""};
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
        say_none_fits(&reading, why, why_size);
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
    struct wheel_query query = {"", "nvidia-cudnn", project ? prefix : "nvidia_cudnn_cu", platform, requested, NULL, 0};
    return parse_project_page(page, page_url, &query, best, why, why_size);
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

/* A wheel of an index's project (INDEX/PROJECT/): the newest that fits the query. */
int python_index_find_wheel(const struct wheel_query *query, struct source_file *best, char *why, size_t why_size)
{
    char page_url[2048];
    char *page = NULL;
    size_t length = strlen(query->index_url);
    snprintf(page_url, sizeof page_url, "%s%s%s/", query->index_url,
             length && query->index_url[length - 1] == '/' ? "" : "/", query->project);
    if (source_page_fetch(page_url, INDEX_PAGE_LIMIT, &page, why, why_size) != 0)
        return -1;
    int status = parse_project_page(page, page_url, query, best, why, why_size);
    free(page);
    return status;
}

/* A project of an index (INDEX/PROJECT/, its wheels named PREFIX-VERSION-...): the newest fitting wheel. */
int python_index_find_project(const char *index_url, const char *project, const char *prefix, int platform,
                              const char *requested, struct source_file *best, char *why, size_t why_size)
{
    struct wheel_query query = {index_url, project, prefix, platform, requested, NULL, 0};
    return python_index_find_wheel(&query, best, why, why_size);
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
