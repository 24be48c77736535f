/*
 * ini_field.h: the field of a record that an INI key names, through the
 * record type's table of keys, offsets and sizes.
 */
#include "ini_field.h"

#include <string.h>

/* The text field key names in record, with its size in *size; NULL when the table has no such key. */
char *ini_field_find(const struct ini_field *fields, size_t count, void *record, const char *key, size_t *size)
{
    for (size_t i = 0; i < count; i++) {
        if (strcmp(fields[i].key, key) == 0) {
            *size = fields[i].size;
            return (char *)record + fields[i].offset;
        }
    }
    return NULL;
}
