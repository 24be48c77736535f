/*
 * The version files other tools keep, read for their cuDNN entry alone, so
 * that a project which already pins its tools there needs no second file:
 * asdf's .tool-versions (a line "cudnn 8.1", more versions after it
 * allowed, '#' comments) and mise's mise.toml (under [tools]: cudnn = "8.1",
 * cudnn = ["8.1", "9"], or cudnn = { version = "8.1" }, read as TOML by
 * mise_toml.c). What they say of
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

int cudnnv_read_tool_names(enum cudnnv_version_file_kind kind, const char *text, cudnnv_name *names, int max,
                           cudnnv_name bad)
{
    if (strncmp(text, "\xef\xbb\xbf", 3) == 0)
        text += 3;
    return kind == CUDNNV_FILE_MISE ? cudnnv_read_mise_toml(text, names, max, bad)
                                   : read_tool_versions(text, names, max, bad);
}
