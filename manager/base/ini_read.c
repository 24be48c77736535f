/*
 * ini_read (ini_read.h): inih's parser over the file's text, after a check
 * of every line's length; the file is read as every outside file is
 * (cudnnv_read_regular_file); a NUL byte, which would end the text where
 * it stands and hide every later line, is refused by its line.
 *
 * inih's line buffer is fixed when Debian builds it (INI_MAX_LINE, 200), but
 * a value cudnn writes can be a path of up to PATH_MAX bytes. So inih is
 * given the text a line at a time by next_line: a line that fits goes as it
 * is; a longer "key = value" goes as "key=" and a one-byte mark, its value
 * (trimmed as inih trims) kept aside and handed to the caller's handler in
 * the mark's place; a longer comment goes as ";". Anything else too long
 * for inih (a section header, a key) is handed as a line inih refuses, so it
 * is never cut into a line of its own.
 */
#include "ini_read.h"

#include "cudnnv_select.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(INI_MAX_LINE >= 64, "inih's line buffer is too small for the long-value mark");

/* What inih may not read as data: it names a value kept aside for the line just handed over. */
#define LONG_VALUE_MARK "\x01"

struct line_feed {
    const char *text;      /* what inih has not read yet */
    char *long_value;      /* the value of the line just handed over, when it was too long for inih */
    int long_pending;      /* 1 while that line's handler call has not come */
    ini_handler handler;
    void *user;
};

/* The number of the first line longer than INI_READ_MAX_LINE bytes, or 0. */
static int first_long_line(const char *text)
{
    int line = 1;
    while (*text != '\0') {
        size_t length = strcspn(text, "\n");
        if (length > INI_READ_MAX_LINE)
            return line;
        text += length + (text[length] == '\n');
        line++;
    }
    return 0;
}

/* The number of the line that holds the first NUL byte of length bytes (which would end the text there), or 0. */
static int line_of_nul(const char *text, size_t length)
{
    const char *nul = memchr(text, '\0', length);
    int line = 1;
    for (const char *c = text; nul != NULL && c < nul; c++)
        line += *c == '\n';
    return nul != NULL ? line : 0;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* A line too long for inih's buffer, as a short line for inih (its value kept in feed->long_value). */
static void shorten_line(struct line_feed *feed, const char *start, size_t length, char *line, int size)
{
    size_t skip = 0;
    while (skip < length && is_blank(start[skip]))
        skip++;
    if (skip < length && (start[skip] == ';' || start[skip] == '#')) {
        snprintf(line, (size_t)size, ";\n");
        return;
    }
    size_t key = strcspn(start, "=:");
    if (key >= length || start[skip] == '[' || key + sizeof LONG_VALUE_MARK + 2 > (size_t)size) {
        snprintf(line, (size_t)size, "%s\n", LONG_VALUE_MARK);   /* no '=': inih reports the line */
        return;
    }
    size_t value = key + 1, end = length;
    while (value < end && is_blank(start[value]))
        value++;
    while (end > value && is_blank(start[end - 1]))
        end--;
    memcpy(feed->long_value, start + value, end - value);
    feed->long_value[end - value] = '\0';
    feed->long_pending = 1;
    snprintf(line, (size_t)size, "%.*s=%s\n", (int)key, start, LONG_VALUE_MARK);
}

/* inih's reader: the next line of the text, into line (size bytes, as fgets would). */
static char *next_line(char *line, int size, void *stream)
{
    struct line_feed *feed = stream;
    if (*feed->text == '\0')
        return NULL;
    const char *start = feed->text;
    size_t length = strcspn(start, "\n");
    feed->text += length + (start[length] == '\n');
    feed->long_pending = 0;
    if (length + 2 <= (size_t)size)
        snprintf(line, (size_t)size, "%.*s\n", (int)length, start);
    else
        shorten_line(feed, start, length, line, size);
    return line;
}

/* The caller's handler, given the long value where its line was handed over with the mark. */
static int pass_value(void *stream, const char *section, const char *key, const char *value)
{
    struct line_feed *feed = stream;
    if (feed->long_pending && strcmp(value, LONG_VALUE_MARK) == 0) {
        feed->long_pending = 0;
        value = feed->long_value;
    }
    return feed->handler(feed->user, section, key, value);
}

static int read_with(const char *path, int trusted_only, ini_handler handler, void *user)
{
    char *text = malloc(INI_READ_MAX_FILE + 1), *long_value = malloc(INI_READ_MAX_LINE + 1);
    size_t length = 0;
    int status = text == NULL || long_value == NULL
                     ? -1
                     : cudnnv_read_regular_file_length(path, text, INI_READ_MAX_FILE + 1, trusted_only, &length);
    if (status == 0) {
        struct line_feed feed = {text, long_value, 0, handler, user};
        int bad_line = line_of_nul(text, length);
        if (bad_line == 0)
            bad_line = first_long_line(text);
        status = bad_line ? bad_line : ini_parse_stream(next_line, &feed, pass_value, &feed);
    } else {
        status = status == CUDNNV_READ_UNTRUSTED ? INI_READ_UNTRUSTED : -1;
    }
    free(text);
    free(long_value);
    return status;
}

int ini_read(const char *path, ini_handler handler, void *user)
{
    return read_with(path, 0, handler, user);
}

int ini_read_project_file(const char *path, ini_handler handler, void *user)
{
    return read_with(path, 1, handler, user);
}

int ini_text_fits(const char *text)
{
    return first_long_line(text) == 0;
}
