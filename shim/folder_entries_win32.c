/*
 * The names in a folder on Windows (the twin of folder_entries.c): MinGW's
 * opendir, whose entries say nothing of their kind, so every one is
 * CUDNNV_ENTRY_UNSURE and a caller that needs a folder checks.
 */
#include "cudnnv_select.h"

#include <dirent.h>

int cudnnv_each_entry(const char *folder, cudnnv_entry_visit visit, void *context)
{
    DIR *dir = opendir(folder);
    struct dirent *entry;
    int answer = 0;
    if (dir == NULL)
        return -1;
    while (answer == 0 && (entry = readdir(dir)) != NULL)
        answer = visit(entry->d_name, CUDNNV_ENTRY_UNSURE, context);
    closedir(dir);
    return answer;
}
