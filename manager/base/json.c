/*
 * The JSON every --json prints: a jansson document, built whole and printed
 * once, so no branch can leave an array open. Text from outside (set names,
 * paths, a catalog's fields) may hold any bytes: those that are not UTF-8
 * become U+FFFD (jansson refuses them), and a DEL byte, the one control byte
 * jansson writes as it is, is written escaped: the output never carries a
 * raw control byte to a terminal.
 */
#include "json.h"

#include <stdlib.h>
#include <string.h>

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

/* True when text is valid UTF-8 throughout, so json_text keeps it as it is: a path a reader must find again. */
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

json_t *cudnnv_json_text(const char *text)
{
    if (text == NULL)
        text = "";
    if (text_is_valid_utf8(text))
        return json_string(text);
    /* each byte that starts no valid sequence becomes the three bytes of U+FFFD */
    char *copy = malloc(strlen(text) * 3 + 1);
    size_t used = 0;
    if (copy == NULL)
        return json_string("");
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        int sequence = *c >= 0x80 ? utf8_sequence(c) : 1;
        if (sequence == 0) {
            memcpy(copy + used, "\xef\xbf\xbd", 3);
            used += 3;
            continue;
        }
        memcpy(copy + used, c, (size_t)sequence);
        used += (size_t)sequence;
        c += sequence - 1;
    }
    copy[used] = '\0';
    json_t *string = json_string(copy);
    free(copy);
    return string;
}

void cudnnv_json_put_text(json_t *object, const char *key, const char *text)
{
    json_object_set_new(object, key, cudnnv_json_text(text));
}

void cudnnv_json_put_bool(json_t *object, const char *key, int value)
{
    json_object_set_new(object, key, json_boolean(value));
}

void cudnnv_json_put_int(json_t *object, const char *key, long long value)
{
    json_object_set_new(object, key, json_integer(value));
}

/* Writes a jansson dump, DEL and the C1 controls (U+0080 to U+009F: some terminals take U+009B for CSI) escaped:
 * they can stand only inside a string there. */
static int write_dump(FILE *out, json_t *document, size_t flags)
{
    char *text = document ? json_dumps(document, flags | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY) : NULL;
    json_decref(document);
    if (text == NULL)
        return -1;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == 0x7f)
            fputs("\\u007f", out);
        else if (*c == 0xc2 && c[1] >= 0x80 && c[1] <= 0x9f)
            fprintf(out, "\\u00%02x", *++c);
        else
            fputc(*c, out);
    }
    free(text);
    return 0;
}

/*
 * A top-level array is printed one element a line (as the listings always
 * were: a line tool counts them); anything else on one line.
 */
int cudnnv_json_print(FILE *out, json_t *document)
{
    int status = 0;
    if (json_is_array(document) && json_array_size(document) > 0) {
        for (size_t i = 0; i < json_array_size(document); i++) {
            fputs(i == 0 ? "[\n  " : ",\n  ", out);
            status |= write_dump(out, json_incref(json_array_get(document, i)), 0);
        }
        fputs("\n]", out);
        json_decref(document);
    } else
        status = write_dump(out, document, 0);
    fputc('\n', out);
    return status;
}

int cudnnv_json_print_indented(FILE *out, json_t *document)
{
    int status = write_dump(out, document, JSON_INDENT(2));
    fputc('\n', out);
    return status;
}

void cudnnv_json_print_string(FILE *out, const char *text)
{
    write_dump(out, cudnnv_json_text(text), 0);
}
