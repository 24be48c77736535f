/*
 * The one JSON writer (json.c): strings quoted and escaped, for the
 * listings every --json prints. The base part: any part may include it.
 */
#ifndef CUDNNV_JSON_H
#define CUDNNV_JSON_H

#include <stdio.h>

void json_write_string(FILE *out, const char *text);
void json_next_member(FILE *out, const char *key, const char *value);

#endif
