/*
 * INI keys mapped to the text fields of a record by a table (ini_field.c),
 * so a reader lists its keys once instead of comparing them one by one.
 */
#ifndef CUDNNV_INI_FIELD_H
#define CUDNNV_INI_FIELD_H

#include <stddef.h>

struct ini_field {
    const char *key;
    size_t offset;   /* offsetof the char array in the record */
    size_t size;     /* its size */
};

#define INI_FIELD(type, key, member) {key, offsetof(type, member), sizeof ((type *)0)->member}

char *ini_field_find(const struct ini_field *fields, size_t count, void *record, const char *key, size_t *size);

#endif
