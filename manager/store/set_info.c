/*
 * Reading and writing cudnnv.ini with inih. The shim reads only the
 * "version" key, with its own line scan (it links libc only): keep that key
 * first in the [set] section and on one line.
 */
#include "set_info.h"

#include "fsutil.h"
#include "ini_field.h"

#include "cudnnv_select.h"

#include "ini_read.h"
#include "store_layout.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct ini_field set_fields[] = {
    INI_FIELD(struct set_info, "version", version),   INI_FIELD(struct set_info, "cuda", cuda),
    INI_FIELD(struct set_info, "platform", platform), INI_FIELD(struct set_info, "kind", kind),
    INI_FIELD(struct set_info, "source", source),     INI_FIELD(struct set_info, "path", path),
    INI_FIELD(struct set_info, "sha256", sha256),     INI_FIELD(struct set_info, "installed", installed),
    INI_FIELD(struct set_info, "content", content),   INI_FIELD(struct set_info, "url", url),
};

static int take_key(void *user, const char *section, const char *key, const char *value)
{
    size_t size;
    char *field = strcmp(section, "set") == 0
                      ? ini_field_find(set_fields, sizeof set_fields / sizeof set_fields[0], user, key, &size)
                      : NULL;
    if (field != NULL)
        snprintf(field, size, "%s", value);
    return 1;
}

/* SET_DIR/cudnnv.ini through handler (the [set] keys here, the [needs] section in set_needs.c); 0, or -1. */
int set_ini_read(const char *set_dir, set_ini_handler handler, void *user)
{
    char path[PATH_MAX];
    if (path_join(path, sizeof path, set_dir, CUDNNV_STORE_RECORD) != 0)
        return -1;
    return ini_read(path, handler, user) == 0 ? 0 : -1;
}

int set_info_read(const char *set_dir, struct set_info *info)
{
    memset(info, 0, sizeof *info);
    return set_ini_read(set_dir, take_key, info);
}

/*
 * A value goes on one line of its own: control bytes (a new line in a
 * source folder's name, say) are escaped, so no value can add a key.
 */
static const char *one_line(const char *value, char *out, size_t size)
{
    cudnnv_escape_text(value, out, size);
    return out;
}

int set_info_write(const char *set_dir, const struct set_info *info)
{
    char path[PATH_MAX], text[3 * PATH_MAX + 512], source[PATH_MAX], linked[PATH_MAX];
    if (path_join(path, sizeof path, set_dir, CUDNNV_STORE_RECORD) != 0)
        return -1;
    snprintf(text, sizeof text,
             "; written by cudnnv: this set's metadata\n"
             "[set]\n"
             "version = %s\n"
             "cuda = %s\n"
             "platform = %s\n"
             "kind = %s\n"
             "source = %s\n"
             "%s%s%s"
             "path = %s\n"
             "sha256 = %s\n"
             "installed = %s\n"
             "%s%s%s",
             info->version, info->cuda, info->platform, info->kind,
             one_line(info->source, source, sizeof source), info->url[0] ? "url = " : "", info->url,
             info->url[0] ? "\n" : "", one_line(info->path, linked, sizeof linked),
             info->sha256, info->installed, info->content[0] ? "content = " : "", info->content,
             info->content[0] ? "\n" : "");
    if (!ini_text_fits(text)) {
        errno = ENAMETOOLONG;   /* a line the reader would refuse is never written */
        return -1;
    }
    return write_file_atomic(path, text);
}

int set_info_is_linked(const struct set_info *info)
{
    return strcmp(info->kind, "linked") == 0;
}

/* Whether the set holds only what programs load (install --runtime): no headers, no static libraries. */
int set_info_is_libraries_only(const struct set_info *info)
{
    return strcmp(info->content, "runtime") == 0;
}

int cuda_major_of(const char *cuda)
{
    return cuda[0] >= '0' && cuda[0] <= '9' ? atoi(cuda) : -1;
}

/*
 * True when a set named like a version ("8.1.0.77", "9.1.0.70-cuda11")
 * holds another release: versions/8.1.0.77 replaced by a link to the
 * 8.0.4.30 set, say, which a pin of 8.1 would then load. Names that are not
 * versions (--name, link) say nothing.
 */
int set_name_disagrees(const char *name, const char *version)
{
    char release[72];
    size_t length = strcspn(name, "-");
    if (length == 0 || length >= sizeof release || strspn(name, "0123456789.") != length || version[0] == '\0')
        return 0;
    snprintf(release, sizeof release, "%.*s", (int)length, name);
    return !cudnnv_name_has_prefix(version, release) && !cudnnv_name_has_prefix(release, version);
}
