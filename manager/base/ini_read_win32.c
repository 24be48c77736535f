/*
 * cudnnv.exe reads INI files with the Win32 profile API (ini_win32.c), which
 * reads whole lines whatever their length: nothing is cut, so nothing is
 * refused for its length there.
 */
#include "ini_read.h"

int ini_read(const char *path, ini_handler handler, void *user)
{
    return ini_parse(path, handler, user);
}

int ini_text_fits(const char *text)
{
    (void)text;
    return 1;
}

int ini_read_project_file(const char *path, ini_handler handler, void *user)
{
    return ini_parse(path, handler, user);
}
