/*
 * The one JSON writer: a quoted, escaped string. Listings print their own
 * objects around it; nothing here needs a JSON library.
 */
#include "cli.h"

void json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c == '\n')
            fputs("\\n", out);
        else if (*c == '\t')
            fputs("\\t", out);
        else if (*c < 0x20 || *c == 0x7f)
            fprintf(out, "\\u%04x", *c);
        else
            fputc(*c, out);
    }
    fputc('"', out);
}

/* ', "key": "value"': one more string member of an object already opened. */
void json_next_member(FILE *out, const char *key, const char *value)
{
    fprintf(out, ", \"%s\": ", key);
    json_string(out, value);
}
