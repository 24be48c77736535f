/*
 * The values a kind of word can take, written from the one place that knows
 * them (the shell table, the catalog's platforms, a table's own words): the
 * usage lines join them with '|', completion lists them one per line.
 */
#include "args.h"

#include "catalog.h"
#include "shell_table.h"

#include <string.h>

/* Appends the words of a space-separated list, each after the separator. */
static void append_words(const char *words, char separator, char *out, size_t size)
{
    char between[2] = {separator, '\0'};
    for (const char *word = words; *word;) {
        size_t length = strcspn(word, " "), used = strlen(out);
        if (length > 0)
            snprintf(out + used, size - used, "%s%.*s", used ? between : "", (int)length, word);
        word += length + (word[length] == ' ');
    }
}

void value_words(unsigned what, const char *words, char separator, char *out, size_t size)
{
    out[0] = '\0';
    if (what & COMPLETE_WORDS)
        append_words(words ? words : "", separator, out, size);
    if (what & COMPLETE_SHELLS)
        append_words(shell_names(1), separator, out, size);
    if (what & COMPLETE_FORMATS)
        append_words(shell_names(0), separator, out, size);
    for (int p = 0; (what & COMPLETE_PLATFORMS) && p < CATALOG_PLATFORMS; p++)
        append_words(catalog_platform_name((enum catalog_platform)p), separator, out, size);
}
