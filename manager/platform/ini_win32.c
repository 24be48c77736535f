/*
 * ini_parse (inih's interface, win32/ini.h) over the Win32 profile API for
 * cudnnv.exe: every section of the file in order, each "key=value" of it
 * handed to the handler as inih does (spaces around both trimmed, comment
 * lines skipped). Returns 0, -1 when the file cannot be read, or 1 when the
 * handler refused a value.
 */
#include "ini.h"

#include <windows.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INI_BUFFER (256 * 1024)

static char *trim(char *text)
{
    while (isspace((unsigned char)*text))
        text++;
    size_t length = strlen(text);
    while (length > 0 && isspace((unsigned char)text[length - 1]))
        text[--length] = '\0';
    return text;
}

/* Hands each key of one section to the handler; 0, or 1 when it refused one. */
static int parse_section(const char *path, const char *section, char *buffer, ini_handler handler, void *user)
{
    GetPrivateProfileSectionA(section, buffer, INI_BUFFER, path);
    for (char *line = buffer, *next; *line; line = next) {
        next = line + strlen(line) + 1;   /* before the '=' below is cut */
        char *equals = strchr(line, '=');
        if (line[0] == ';' || line[0] == '#' || equals == NULL)
            continue;
        *equals = '\0';
        if (!handler(user, section, trim(line), trim(equals + 1)))
            return 1;
    }
    return 0;
}

int ini_parse(const char *filename, ini_handler handler, void *user)
{
    char path[MAX_PATH];
    DWORD length = GetFullPathNameA(filename, sizeof path, path, NULL);
    if (length == 0 || length >= sizeof path || GetFileAttributesA(path) == INVALID_FILE_ATTRIBUTES)
        return -1;
    char *sections = malloc(INI_BUFFER), *buffer = malloc(INI_BUFFER);
    int status = sections && buffer ? 0 : -1;
    if (status == 0)
        GetPrivateProfileSectionNamesA(sections, INI_BUFFER, path);
    for (char *section = sections; status == 0 && *section; section += strlen(section) + 1)
        status = parse_section(path, section, buffer, handler, user);
    free(sections);
    free(buffer);
    return status;
}
