/*
 * The version files other tools keep, read for their cuDNN entry alone, so
 * that a project which already pins its tools there needs no second file:
 * asdf's .tool-versions (a line "cudnn 8.1", more versions after it
 * allowed, '#' comments) and mise's mise.toml (under [tools]: cudnn = "8.1",
 * cudnn = ["8.1", "9"], or cudnn = { version = "8.1" }). What they say of
 * other tools is not looked at. The same outside-input rules as
 * .cudnn-version hold (version_file.c reads them: a regular file, bounded,
 * owned by this user or root); each name is checked as any name is.
 */
#include "cudnnv_select.h"

#include <string.h>

/* Which kind of version file a path names, by its last component. */
enum cudnnv_version_file_kind cudnnv_version_file_kind(const char *path)
{
    const char *name = path;
    for (const char *c = path; *c != '\0'; c++) {
        if (cudnnv_is_separator(*c))
            name = c + 1;   /* after the last separator */
    }
    if (strcmp(name, CUDNNV_TOOL_VERSIONS_FILE) == 0)
        return CUDNNV_FILE_TOOL_VERSIONS;
    if (strcmp(name, CUDNNV_MISE_FILE) == 0)
        return CUDNNV_FILE_MISE;
    return CUDNNV_FILE_OURS;
}

static const char *skip_blanks(const char *c)
{
    return c + strspn(c, " \t");
}

/* .tool-versions: the words after "cudnn" on its line (read as a version file's words); CUDNNV_READ_NO_ENTRY when no
 * line names cudnn. */
static int read_tool_versions(const char *text, cudnnv_name *names, int max, cudnnv_name bad)
{
    char words[CUDNNV_MAX_LINES * (CUDNNV_NAME_MAX + 2) + 1];
    for (const char *line = text; *line != '\0'; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n')) {
        const char *c = skip_blanks(line);
        if (strncmp(c, "cudnn", 5) != 0 || (c[5] != ' ' && c[5] != '\t'))
            continue;
        size_t length = strcspn(c + 5, "\n");
        if (length >= sizeof words)
            return CUDNNV_READ_TOO_LONG;
        memcpy(words, c + 5, length);
        words[length] = '\0';
        return cudnnv_read_names(words, names, max, bad);
    }
    return CUDNNV_READ_NO_ENTRY;
}

/* Each "..." string of a mise value up to the end of its line, as names ("8.1" or ["8.1", "9"]). */
static int read_quoted(const char *c, cudnnv_name *names, int max, cudnnv_name bad)
{
    int count = 0;
    while (*c != '\0' && *c != '\n' && *c != '#') {
        if (*c != '"') {
            c++;
            continue;
        }
        size_t length = strcspn(c + 1, "\"\n");
        if (c[1 + length] != '"')
            break;   /* an unclosed string: no name in it */
        count = cudnnv_add_name(c + 1, length, names, count, max, bad);
        if (count < 0)
            return count;
        c += length + 2;
    }
    return count;
}

/* A mise value: a string, an array of strings, or a table whose 'version' is one. */
static int read_mise_value(const char *value, cudnnv_name *names, int max, cudnnv_name bad)
{
    if (*value != '{')
        return read_quoted(value, names, max, bad);
    const char *version = strstr(value, "version");
    const char *end = value + strcspn(value, "}\n");
    if (version == NULL || version > end)
        return 0;
    version = skip_blanks(version + 7);
    return *version == '=' ? read_quoted(skip_blanks(version + 1), names, max, bad) : 0;
}

/* The key of a TOML line ("cudnn" or "\"cudnn\""), then '=': its value, or NULL. */
static const char *cudnn_value(const char *line)
{
    const char *c = skip_blanks(line);
    if (strncmp(c, "\"cudnn\"", 7) == 0)
        c += 7;
    else if (strncmp(c, "cudnn", 5) == 0 && strchr(" \t=", c[5]) != NULL)
        c += 5;
    else
        return NULL;
    c = skip_blanks(c);
    return *c == '=' ? skip_blanks(c + 1) : NULL;
}

/* mise.toml: the cudnn key of its [tools] table; CUDNNV_READ_NO_ENTRY when there is none. */
static int read_mise(const char *text, cudnnv_name *names, int max, cudnnv_name bad)
{
    int in_tools = 0;
    for (const char *line = text; *line != '\0'; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n')) {
        const char *c = skip_blanks(line);
        if (*c == '[') {
            c = skip_blanks(c + 1);
            in_tools = strncmp(c, "tools", 5) == 0 && *skip_blanks(c + 5) == ']';
            continue;
        }
        const char *value = in_tools ? cudnn_value(c) : NULL;
        if (value != NULL)
            return read_mise_value(value, names, max, bad);
    }
    return CUDNNV_READ_NO_ENTRY;
}

int cudnnv_read_tool_names(enum cudnnv_version_file_kind kind, const char *text, cudnnv_name *names, int max,
                           cudnnv_name bad)
{
    if (strncmp(text, "\xef\xbb\xbf", 3) == 0)
        text += 3;
    return kind == CUDNNV_FILE_MISE ? read_mise(text, names, max, bad) : read_tool_versions(text, names, max, bad);
}
