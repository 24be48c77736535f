/*
 * mise.toml's cudnn entry, read as TOML defines it, so that text inside a
 * string or a comment is never taken for a key: the file is scanned token
 * by token (the four kinds of strings, arrays and inline tables over any
 * number of lines, comments, table headers, dotted and quoted keys), and
 * only the value of tools.cudnn is read: a string ("8.1" or '8.1'), an
 * array of them (["8.1", '9']), or an inline table whose version is one
 * ({ version = '8.1' }), as mise takes them. What this reader does not
 * understand is CUDNNV_READ_NOT_UNDERSTOOD, never a guess. libc only: the
 * shim's selection reads it.
 */
#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

#define KEY_MAX 256

/* Blanks, and with lines, new lines and comments too. */
static const char *skip_blanks(const char *c, int lines)
{
    for (;;) {
        if (*c == ' ' || *c == '\t' || (lines && (*c == '\r' || *c == '\n')))
            c++;
        else if (lines && *c == '#')
            c += strcspn(c, "\n");
        else
            return c;
    }
}

/* The end of a string at c (after its closing quotes), or NULL when it is unclosed; multi says whether it was a
 * multi-line one, plain whether it holds no escape (its text is then c + 1 .. end - 1 for a one-line string). */
static const char *string_end(const char *c, int *multi, int *plain)
{
    char quote = *c;
    int triple = c[1] == quote && c[2] == quote;
    *multi = triple;
    *plain = 1;
    c += triple ? 3 : 1;
    for (; *c != '\0'; c++) {
        if (!triple && (*c == '\n' || *c == '\r'))
            return NULL;
        if (quote == '"' && *c == '\\') {
            *plain = 0;
            if (*++c == '\0')
                return NULL;
            continue;
        }
        if (*c != quote)
            continue;
        if (!triple)
            return c + 1;
        if (c[1] == quote && c[2] == quote) {
            while (c[3] == quote)   /* up to two quotes may end the content */
                c++;
            return c + 3;
        }
    }
    return NULL;
}

/* A key (bare, quoted or dotted) at c into key, its parts joined by '.'; its end, or NULL. */
static const char *key_end(const char *c, char *key, size_t size)
{
    size_t used = 0;
    key[0] = '\0';
    for (;;) {
        const char *start = c, *end;
        size_t length;
        int multi, plain;
        c = skip_blanks(c, 0);
        if (*c == '"' || *c == '\'') {
            end = string_end(c, &multi, &plain);
            if (end == NULL || multi || !plain)
                return NULL;
            start = c + 1;
            length = (size_t)(end - c) - 2;
        } else {
            length = strspn(c, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
            if (length == 0)
                return NULL;
            start = c;
            end = c + length;
        }
        if (used + length + 2 > size)
            return NULL;
        memcpy(key + used, start, length);
        used += length;
        key[used] = '\0';
        c = skip_blanks(end, 0);
        if (*c != '.')
            return c;
        key[used++] = '.';
        c++;
    }
}

static const char *value_end(const char *c, int depth);

/* An array or inline table at c (open is '[' or '{'); its end, or NULL. */
static const char *group_end(const char *c, int depth)
{
    char close = *c == '[' ? ']' : '}';
    char key[KEY_MAX];
    c++;
    for (;;) {
        c = skip_blanks(c, close == ']');
        if (*c == close)
            return c + 1;
        if (close == '}') {
            c = key_end(c, key, sizeof key);
            if (c == NULL || *c != '=')
                return NULL;
            c = skip_blanks(c + 1, 0);
        }
        c = value_end(c, depth + 1);
        if (c == NULL)
            return NULL;
        c = skip_blanks(c, close == ']');
        if (*c == ',')
            c++;
        else if (*c != close)
            return NULL;
    }
}

/* The end of any value at c (a string, an array, an inline table, or a bare number, date or boolean), or NULL. */
static const char *value_end(const char *c, int depth)
{
    int multi, plain;
    if (depth > 32)
        return NULL;
    if (*c == '"' || *c == '\'')
        return string_end(c, &multi, &plain);
    if (*c == '[' || *c == '{')
        return group_end(c, depth);
    size_t length = strcspn(c, ",]}# \t\r\n");
    return length > 0 ? c + length : NULL;
}

/* One version string at c, as a name: a one-line string with no escape; its end, or NULL. */
static const char *version_string(const char *c, cudnnv_name *names, int *count, int max, cudnnv_name bad)
{
    int multi, plain;
    const char *end = (*c == '"' || *c == '\'') ? string_end(c, &multi, &plain) : NULL;
    if (end == NULL || multi || !plain)
        return NULL;
    *count = cudnnv_add_name(c + 1, (size_t)(end - c) - 2, names, *count, max, bad);
    return end;
}

/* cudnn's value: a string, an array of strings, or an inline table whose version is one. */
static int read_cudnn(const char *c, cudnnv_name *names, int max, cudnnv_name bad)
{
    char key[KEY_MAX];
    int count = 0;
    if (*c == '"' || *c == '\'')
        return version_string(c, names, &count, max, bad) != NULL ? count : CUDNNV_READ_NOT_UNDERSTOOD;
    if (*c == '[') {
        for (c = skip_blanks(c + 1, 1); *c != ']'; c = skip_blanks(c, 1)) {
            c = version_string(c, names, &count, max, bad);
            if (c == NULL || count < 0)
                return c == NULL ? CUDNNV_READ_NOT_UNDERSTOOD : count;
            c = skip_blanks(c, 1);
            if (*c == ',')
                c++;
            else if (*c != ']')
                return CUDNNV_READ_NOT_UNDERSTOOD;
        }
        return count;
    }
    if (*c != '{')
        return CUDNNV_READ_NOT_UNDERSTOOD;
    for (c = skip_blanks(c + 1, 0); *c != '}'; c = skip_blanks(c, 0)) {
        c = key_end(c, key, sizeof key);
        if (c == NULL || *c != '=')
            return CUDNNV_READ_NOT_UNDERSTOOD;
        c = skip_blanks(c + 1, 0);
        if (strcmp(key, "version") == 0)
            return version_string(c, names, &count, max, bad) != NULL ? count : CUDNNV_READ_NOT_UNDERSTOOD;
        c = value_end(c, 1);
        if (c == NULL)
            return CUDNNV_READ_NOT_UNDERSTOOD;
        c = skip_blanks(c, 0);
        if (*c == ',')
            c++;
        else if (*c != '}')
            return CUDNNV_READ_NOT_UNDERSTOOD;
    }
    return 0;   /* a table without a version pins nothing */
}

/* A table header at c ("[tools]", "[[tasks]]"): its name into table; the header's end, or NULL. */
static const char *header_end(const char *c, char *table, size_t size)
{
    int array = c[1] == '[';
    c = key_end(c + 1 + array, table, size);
    if (c == NULL || *c != ']' || (array && c[1] != ']'))
        return NULL;
    return c + 1 + array;
}

/* After a header or a key's value: only blanks and a comment to the end of the line; the line's end, or NULL. */
static const char *line_rest(const char *c)
{
    if (c == NULL)
        return NULL;
    c = skip_blanks(c, 0);
    if (*c == '#')
        c += strcspn(c, "\n");
    return *c == '\0' || *c == '\n' || *c == '\r' ? c : NULL;   /* else two things on one line */
}

int cudnnv_read_mise_toml(const char *text, cudnnv_name *names, int max, cudnnv_name bad)
{
    char table[KEY_MAX] = "", key[KEY_MAX], full[2 * KEY_MAX + 2];
    const char *c = text;
    for (;;) {
        c = skip_blanks(c, 1);
        if (*c == '\0')
            return CUDNNV_READ_NO_ENTRY;
        if (*c == '[') {
            c = line_rest(header_end(c, table, sizeof table));
        } else {
            c = key_end(c, key, sizeof key);
            if (c == NULL || *c != '=')
                return CUDNNV_READ_NOT_UNDERSTOOD;
            const char *value = skip_blanks(c + 1, 0);
            c = line_rest(value_end(value, 0));
            snprintf(full, sizeof full, "%s%s%s", table, table[0] ? "." : "", key);
            if (c != NULL && strcmp(full, "tools.cudnn") == 0)
                return read_cudnn(value, names, max, bad);
        }
        if (c == NULL)
            return CUDNNV_READ_NOT_UNDERSTOOD;
    }
}
