/*
 * What a version file's text holds, read from the text alone: its names (one
 * per line or separated by ':' or blanks, '#' comments) and the line
 * "cuda VERSION" a .cudnn-version pins its runtime with. Below the readers of
 * each kind of file (version_file.c, tool_file.c, mise_toml.c), which all
 * hand their words here. libc only: the shim links it.
 */
#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

/* Copies one word into names, or records it as bad. Returns the new count or a CUDNNV_READ_ code. */
int cudnnv_add_name(const char *word, size_t length, cudnnv_name *names, int count, int max, cudnnv_name bad)
{
    char copy[CUDNNV_NAME_MAX + 2];
    if (length > CUDNNV_NAME_MAX)
        length = CUDNNV_NAME_MAX + 1;
    memcpy(copy, word, length);
    copy[length] = '\0';
    if (!cudnnv_name_is_valid(copy)) {
        copy[length > CUDNNV_NAME_MAX ? CUDNNV_NAME_MAX : length] = '\0';
        strcpy(bad, copy);
        return CUDNNV_READ_BAD_NAME;
    }
    if (count >= max)
        return CUDNNV_READ_TOO_LONG;
    strcpy(names[count], copy);
    return count + 1;
}

/* The length of a line "cuda VERSION" at c (the CUDA runtime a project pins, not a name), or 0. */
static size_t cuda_line_length(const char *c)
{
    if (strncmp(c, CUDNNV_CUDA_KEYWORD, sizeof CUDNNV_CUDA_KEYWORD - 1) != 0)
        return 0;
    char after = c[sizeof CUDNNV_CUDA_KEYWORD - 1];
    return after == ' ' || after == '\t' ? strcspn(c, "\n") : 0;
}

/*
 * Splits text into names: '#' starts a comment to the end of its line; names
 * are separated by new lines, ':' or blanks; a line "cuda VERSION" is the
 * project's CUDA runtime (cudnnv_read_cuda_pin), not names. Returns the
 * count, or a negative CUDNNV_READ_ code (a bad name is copied into bad).
 */
int cudnnv_read_names(const char *text, cudnnv_name *names, int max, cudnnv_name bad)
{
    int count = 0;
    const char *c = text;
    if (strncmp(c, "\xef\xbb\xbf", 3) == 0)
        c += 3;
    const char *start = c;
    while (*c) {
        if (*c == '#' || ((c == start || c[-1] == '\n') && cuda_line_length(c) > 0)) {
            c += strcspn(c, "\n");
            continue;
        }
        size_t length = strcspn(c, " \t\r\n:#");
        if (length == 0) {
            c++;
            continue;
        }
        count = cudnnv_add_name(c, length, names, count, max, bad);
        if (count < 0)
            return count;
        c += length;
    }
    return count;
}

/*
 * The CUDA runtime a version file's text pins: the line "cuda VERSION" (the
 * first such). 1 with the version (digits and dots, as "11.0"), 0 when none
 * is pinned, CUDNNV_READ_BAD_NAME with what was written there in out.
 */
int cudnnv_read_cuda_pin(const char *text, char *out, size_t size)
{
    for (const char *line = text; *line != '\0'; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n')) {
        if (line == text && strncmp(line, "\xef\xbb\xbf", 3) == 0)
            line += 3;
        size_t length = cuda_line_length(line);
        if (length == 0)
            continue;
        const char *value = line + sizeof CUDNNV_CUDA_KEYWORD - 1;
        value += strspn(value, " \t");
        size_t value_length = strcspn(value, " \t\r\n#");
        snprintf(out, size, "%.*s", (int)(value_length < size ? value_length : size - 1), value);
        return value_length < size && cudnnv_cuda_release_is_valid(out) ? 1 : CUDNNV_READ_BAD_NAME;
    }
    return 0;
}
