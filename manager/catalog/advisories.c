/*
 * Reads versions/advisories.ini (or the updated catalog's copy) with the
 * INI reader every outside file gets, and answers for one version: a
 * version is in a section's range when from <= version < before, compared
 * on dot boundaries as the selection compares names.
 */
#include "advisories.h"

#include "catalog.h"
#include "ini_field.h"
#include "ini_read.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

struct advisory_reader {
    const char *version;
    char section[64];
    struct advisory current;
    struct advisory best;
};

static const struct ini_field advisory_fields[] = {
    INI_FIELD(struct advisory, "from", from),
    INI_FIELD(struct advisory, "before", before),
    INI_FIELD(struct advisory, "why", why),
};

static int in_range(const struct advisory *advisory, const char *version)
{
    return advisory->from[0] != '\0' && cudnnv_name_compare(version, advisory->from) >= 0 &&
           (advisory->before[0] == '\0' || cudnnv_name_compare(version, advisory->before) < 0);
}

/* The section just read is weighed against the best so far. */
static void close_section(struct advisory_reader *reader)
{
    if (reader->current.severity > reader->best.severity && reader->current.why[0] != '\0' &&
        in_range(&reader->current, reader->version))
        reader->best = reader->current;
    memset(&reader->current, 0, sizeof reader->current);
}

static int take_key(void *user, const char *section, const char *key, const char *value)
{
    struct advisory_reader *reader = user;
    size_t size;
    if (strcmp(section, reader->section) != 0) {
        close_section(reader);
        snprintf(reader->section, sizeof reader->section, "%s", section);
    }
    if (strcmp(key, "severity") == 0)
        reader->current.severity = strcmp(value, "avoid") == 0  ? ADVISORY_AVOID
                                   : strcmp(value, "warn") == 0 ? ADVISORY_WARN
                                                                : ADVISORY_NONE;
    char *field = ini_field_find(advisory_fields, sizeof advisory_fields / sizeof advisory_fields[0],
                                 &reader->current, key, &size);
    if (field != NULL && strlen(value) < size)
        strcpy(field, value);
    return 1;
}

enum advisory_severity advisory_for(const char *version, struct advisory *found)
{
    struct advisory_reader reader = {.version = version};
    memset(found, 0, sizeof *found);
    if (catalog_data_read("advisories.ini", take_key, &reader) != 0)
        return ADVISORY_NONE;
    close_section(&reader);
    *found = reader.best;
    return found->severity;
}
