/*
 * The JSON every --json prints, built as a jansson document and printed
 * once (json.c): whatever a branch does, the output is valid JSON. The base
 * part: any part may include it (cudnnv links jansson statically).
 */
#ifndef CUDNNV_JSON_H
#define CUDNNV_JSON_H

#include <jansson.h>
#include <stdio.h>

/* A JSON string of text; bytes that are not UTF-8 (a path or name may hold any) become U+FFFD. */
json_t *cudnnv_json_text(const char *text);
/* object[key] = text (as json_text), a boolean, a whole number. */
void cudnnv_json_put_text(json_t *object, const char *key, const char *text);
void cudnnv_json_put_bool(json_t *object, const char *key, int value);
void cudnnv_json_put_int(json_t *object, const char *key, long long value);
/* The document on out, keys in the order they were put, on one line with a newline; frees it. 0, or -1. */
int cudnnv_json_print(FILE *out, json_t *document);
/* The same, indented by two spaces a level (a file a person reads: the CDI spec). */
int cudnnv_json_print_indented(FILE *out, json_t *document);
/* One JSON string, as json_print writes it, with no newline: for formats that print their own lines (env's json). */
void cudnnv_json_print_string(FILE *out, const char *text);
int text_is_valid_utf8(const char *text);

#endif
