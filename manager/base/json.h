/*
 * The one JSON writer (json.c): strings quoted and escaped, for the
 * listings every --json prints. The base part: any part may include it.
 */
#ifndef CUDNNV_JSON_H
#define CUDNNV_JSON_H

#include <stdio.h>

void write_json_string(FILE *out, const char *text);
void write_json_member(FILE *out, const char *key, const char *value);
int text_is_valid_utf8(const char *text);

#endif
