/*
 * The one JSON writer: a quoted, escaped string. Listings print their own
 * objects around it; nothing here needs a JSON library. A path or name may
 * hold any bytes: those that are not UTF-8 become U+FFFD, so the output is
 * always valid JSON.
 */
#include "json.h"

#include <stdio.h>

/* Length of the valid UTF-8 sequence at c (2 to 4), or 0 (not one: a stray or cut byte, an overlong form). */
static int utf8_sequence(const unsigned char *c)
{
    int length = c[0] >= 0xf0 && c[0] <= 0xf4 ? 4 : c[0] >= 0xe0 ? 3 : c[0] >= 0xc2 && c[0] < 0xe0 ? 2 : 0;
    if (c[0] > 0xf4)
        return 0;
    for (int i = 1; i < length; i++) {
        if ((c[i] & 0xc0) != 0x80)
            return 0;
    }
    if ((c[0] == 0xe0 && c[1] < 0xa0) || (c[0] == 0xf0 && c[1] < 0x90) || (c[0] == 0xf4 && c[1] > 0x8f) ||
        (c[0] == 0xed && c[1] > 0x9f))
        return 0;   /* overlong, beyond U+10FFFF, or a surrogate */
    return length;
}

void write_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        int sequence = *c >= 0x80 ? utf8_sequence(c) : 1;
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c == '\n')
            fputs("\\n", out);
        else if (*c == '\t')
            fputs("\\t", out);
        else if (*c < 0x20 || *c == 0x7f)
            fprintf(out, "\\u%04x", *c);
        else if (sequence == 0)
            fputs("\\ufffd", out);
        else {
            fwrite(c, 1, (size_t)sequence, out);
            c += sequence - 1;
        }
    }
    fputc('"', out);
}

/* True when text is valid UTF-8 throughout, so write_json_string writes it as it is: a path a reader must find again. */
int text_is_valid_utf8(const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        int sequence = *c >= 0x80 ? utf8_sequence(c) : 1;
        if (sequence == 0)
            return 0;
        c += sequence - 1;
    }
    return 1;
}

/* ', "key": "value"': one more string member of an object already opened. */
void write_json_member(FILE *out, const char *key, const char *value)
{
    fprintf(out, ", \"%s\": ", key);
    write_json_string(out, value);
}
