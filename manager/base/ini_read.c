/*
 * ini_read (ini_read.h): inih's parser over the file's text, after a check
 * of every line's length; the file is read as every outside file is
 * (cudnnv_read_regular_file).
 */
#include "ini_read.h"

#include "cudnnv_select.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(INI_READ_MAX_LINE == INI_MAX_LINE - 2, "inih's line buffer is not the one INI_READ_MAX_LINE was set for");

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

int ini_read(const char *path, ini_handler handler, void *user)
{
    char *text = malloc(INI_READ_MAX_FILE + 1);
    if (text == NULL)
        return -1;
    int status = cudnnv_read_regular_file(path, text, INI_READ_MAX_FILE + 1, 0);
    if (status != 0) {
        free(text);
        return -1;
    }
    int long_line = first_long_line(text);
    status = long_line ? long_line : ini_parse_string(text, handler, user);
    free(text);
    return status;
}
