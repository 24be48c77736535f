/*
 * "did you mean 'install'?": the nearest command or option to a mistyped one, by edit
 * distance (insertions, deletions, substitutions), when it is near enough
 * to be a slip of the keyboard rather than another word.
 */
#include "args.h"

#include <string.h>

#define SUGGEST_MAX_LENGTH 32

/* Edit distance of two short words (longer ones are never near): insertions, deletions, substitutions, and two
 * neighbours swapped ("lsit" is one slip from "list"), each one edit. */
static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    int rows[SUGGEST_MAX_LENGTH + 1][SUGGEST_MAX_LENGTH + 1];
    if (la > SUGGEST_MAX_LENGTH || lb > SUGGEST_MAX_LENGTH)
        return SUGGEST_MAX_LENGTH;
    for (size_t i = 0; i <= la; i++) {
        for (size_t j = 0; j <= lb; j++) {
            if (i == 0 || j == 0) {
                rows[i][j] = (int)(i + j);
                continue;
            }
            int best = rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (rows[i - 1][j] + 1 < best)
                best = rows[i - 1][j] + 1;
            if (rows[i][j - 1] + 1 < best)
                best = rows[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && rows[i - 2][j - 2] + 1 < best)
                best = rows[i - 2][j - 2] + 1;
            rows[i][j] = best;
        }
    }
    return rows[la][lb];
}

/* The word nearest to name (at most 2 edits, and fewer than half its length), or NULL. */
const char *suggest_word(const char *name, const char *const *words, int count)
{
    int best_distance = 3;
    const char *best = NULL;
    for (int i = 0; i < count; i++) {
        int distance = edit_distance(name, words[i]);
        if (distance < best_distance && (size_t)distance * 2 < strlen(words[i])) {
            best_distance = distance;
            best = words[i];
        }
    }
    return best;
}

/* The listed command nearest to name, or NULL. */
const char *suggest_command(const struct command_list *all, const char *name)
{
    int listed = 0;
    const char *names[64];
    for (int i = 0; i < all->count && listed < 64; i++) {
        if (command_is_listed(all->commands[i]))
            names[listed++] = all->commands[i]->name;
    }
    return suggest_word(name, names, listed);
}

/* What a pyenv, nvm or rbenv user types, and cudnnv's command for it. */
static const char *habit_equivalent(const char *name)
{
    static const char *const habits[][2] = {
        {"ls", "versions"},         {"list", "versions"},        {"ls-remote", "known"},
        {"list-remote", "known"},   {"current", "version"},      {"run", "exec"},
        {"alias", "global"},        {"installed", "versions"},
        {"deactivate", "shell --unset"}, {"unalias", "uninstall"}, {"activate", "shell VERSION"},
    };
    for (size_t i = 0; i < sizeof habits / sizeof habits[0]; i++) {
        if (strcmp(name, habits[i][0]) == 0)
            return habits[i][1];
    }
    return NULL;
}

/* Says a command does not exist, with cudnnv's own for a habit from another manager, or the nearest one; the
 * usage status. */
/* The habit nearest to name ("lsit" -> "list"), or NULL. */
static const char *suggest_habit(const char *name)
{
    static const char *const habits[] = {"ls", "list", "ls-remote", "list-remote", "current", "installed", "deactivate",
                                         "activate", "unalias"};
    return suggest_word(name, habits, (int)(sizeof habits / sizeof habits[0]));
}

int fail_unknown_command(const struct command_list *all, const char *name)
{
    const char *habit = habit_equivalent(name);
    const char *near = suggest_command(all, name);
    if (habit == NULL && near == NULL && suggest_habit(name) != NULL) {
        fail("no such command '%s'; did you mean '%s'? cudnnv's is 'cudnnv %s' ('cudnnv help' lists them)", name,
             suggest_habit(name), habit_equivalent(suggest_habit(name)));
        return EXIT_USAGE;
    }
    if (habit != NULL)
        fail("no such command '%s'; cudnnv's is 'cudnnv %s' ('cudnnv help' lists them)", name, habit);
    else if (near != NULL)
        fail("no such command '%s'; did you mean '%s'? ('cudnnv help' lists them)", name, near);
    else
        fail("no such command '%s'; run 'cudnnv help' for the list", name);
    return EXIT_USAGE;
}
