/*
 * cudnnv init SHELL: prints the shell integration kept in hooks/ (carried in
 * the binary): the cudnnv function (so 'cudnnv shell' changes this shell),
 * the hook that runs 'cudnnv hook-env' on every prompt and change of
 * directory, and completions. It also installs the shims into the store,
 * and on its first run (a new store) links the cuDNN it finds in the
 * standard places as "system", so that programs that worked before cudnnv
 * keep working for every major no project pins.
 */
#include "args.h"
#include "option_names.h"
#include "commands.h"
#include "fsutil.h"
#include "loader_setup.h"
#include "needs_judge.h"
#include "platform.h"
#include "set_link.h"
#include "set_source.h"
#include "shell_table.h"
#include "shim_files.h"
#include "store.h"
#include "store_layout.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a hook's markers stand for. */
struct hook_values {
    const char *binary;      /* @CUDNNV@: this binary, quoted */
    const char *shims;       /* @SHIMS@: the shims' folder, quoted */
};

/*
 * Prints a hook text with its markers filled in: @CUDNNV@ becomes this
 * binary's quoted path, @SHELL@ the shell's name, @COMMON@ the text the
 * shell shares with others (bash and zsh: hooks/cudnnv.posix), @SHIMS@ the
 * shims' folder (cmd: its PATH line).
 */
static void print_hook(const char *text, const struct shell_row *shell, const struct hook_values *values, int nested)
{
    static const char *const markers[] = {"@CUDNNV@", "@SHELL@", "@COMMON@", "@SHIMS@", "@COMPLETION@"};
    while (*text) {
        const char *at = strchr(text, '@');
        int marker = -1;
        for (int i = 0; at != NULL && i < 5 && marker < 0; i++)
            marker = strncmp(at, markers[i], strlen(markers[i])) == 0 ? i : -1;
        if (at == NULL || marker < 0) {
            size_t length = at ? (size_t)(at - text) + 1 : strlen(text);
            fwrite(text, 1, length, stdout);
            text += length;
            continue;
        }
        fwrite(text, 1, (size_t)(at - text), stdout);
        if (marker == 0)
            shell_print_quoted(stdout, shell, values->binary);
        else if (marker == 1)
            fputs(shell->name, stdout);
        else if (marker == 2 && shell->common != NULL && !nested)
            print_hook(shell->common, shell, values, 1);
        else if (marker == 3)
            shell_print_quoted(stdout, shell, values->shims);
        else if (marker == 4 && shell->completion != NULL)
            print_hook(shell->completion, shell, values, 1);
        text = at + strlen(markers[marker]);
    }
}

enum { INIT_PERSIST, INIT_UNPERSIST, INIT_SYSTEM, INIT_LOGIN, INIT_UNDO };

static const struct option_spec options[] = {
    [INIT_PERSIST] = {.name = OPTION_PERSIST,
                      .help = "Windows: also put the shims' folder on your user PATH for\n"
                              "good (every program, not just this shell), and say how to undo it",
                      .conflicts = 1 << INIT_UNPERSIST},
    [INIT_UNPERSIST] = {.name = "--unpersist", .help = "Windows: take it off your user PATH again"},
    [INIT_SYSTEM] = {.name = OPTION_SYSTEM, .own_form = "[--undo]", .alone = 1, .conflicts = 1 << INIT_LOGIN,
                     .help = "Linux, as root: for every program on this machine with no activation\n"
                             "at all: the system store's shims in the loader's search path\n"
                             "(/etc/ld.so.conf.d/00-cudnnv.conf, then ldconfig)"},
    [INIT_LOGIN] = {.name = OPTION_LOGIN, .own_form = "[--undo]", .alone = 1,
                    .help = "your shims in the environment of your graphical session, user\n"
                            "services (~/.config/environment.d) and login shells (~/.profile)"},
    [INIT_UNDO] = {.name = OPTION_UNDO, .only_with = 1 << INIT_SYSTEM | 1 << INIT_LOGIN,
                   .help = "with --system or --login: remove what it wrote"},
    {.name = NULL},
};

/* init --persist / --unpersist: the shims' folder on the user's PATH (Windows), with the undo named. */
static int persist(const char *root, int add)
{
    char dir[PATH_MAX];
    shim_files_dir(root, dir, sizeof dir);
    int status = platform_persist_path(dir, add);
    if (status < 0)
        return fail("--persist and --unpersist change the user's PATH on Windows (cudnnv.exe); on Linux, put the init line in your shell's start-up file");
    if (status > 0)
        return fail("cannot change your user PATH in the registry (HKEY_CURRENT_USER\\Environment)");
    if (add)
        note("%s is on your user PATH for new programs; undo with 'cudnnv init pwsh --unpersist'", dir);
    else
        note("%s is off your user PATH for new programs", dir);
    return 0;
}

/* 1 when one of the folders of a colon-separated list is folder itself (by device and inode). */
static int list_has_folder(const char *list, const char *folder)
{
    char copy[8192], *save = NULL;
    struct stat wanted, entry;
    if (list == NULL || stat(folder, &wanted) != 0 || snprintf(copy, sizeof copy, "%s", list) >= (int)sizeof copy)
        return 0;
    for (char *dir = strtok_r(copy, ":", &save); dir != NULL; dir = strtok_r(NULL, ":", &save))
        if (stat(dir, &entry) == 0 && entry.st_dev == wanted.st_dev && entry.st_ino == wanted.st_ino)
            return 1;
    return 0;
}

/*
 * man finds a program's page from the folders on PATH (BIN/../share/man).
 * A cudnnv started by its full path (pip's, in a venv that is not active)
 * is not on PATH: its page is put on MANPATH ("DIR:" keeps man's own
 * folders after it), once.
 */
static void print_manual_path(const struct shell_row *shell, const char *binary)
{
    char bin[PATH_MAX], prefix[PATH_MAX], manual[PATH_MAX], page[PATH_MAX], value[2 * PATH_MAX];
    snprintf(bin, sizeof bin, "%s", binary);
    if (strrchr(bin, '/') != NULL)
        *strrchr(bin, '/') = '\0';
    if (installation_prefix(prefix, sizeof prefix) != 0 || path_join(manual, sizeof manual, prefix, "share/man") != 0 ||
        path_join(page, sizeof page, manual, "man1/cudnnv.1") != 0 || !is_regular_file(page) ||
        list_has_folder(getenv("PATH"), bin) || list_has_folder(getenv("MANPATH"), manual) || strchr(manual, ':') != NULL)
        return;
    const char *before = getenv("MANPATH");
    if (snprintf(value, sizeof value, "%s:%s", manual, before ? before : "") < (int)sizeof value)
        shell_print_export(stdout, shell, "MANPATH", value);
}

/* The needs of the cuDNN just linked as system, recorded as an installed set's are (needs_record.c). */
static void record_system_needs(const char *root)
{
    int lock = store_begin_change(root);
    if (lock < 0)
        return;
    needs_record_linked(root, "system");
    store_unlock(lock);
}

static int run(struct args *args)
{
    char binary[PATH_MAX];
    int copied;
    if (args_has(args, INIT_SYSTEM))
        return loader_setup_system(args_has(args, INIT_UNDO));
    if (args_has(args, INIT_LOGIN))
        return loader_setup_login(args_has(args, INIT_UNDO));
    const struct shell_row *shell = shell_find_hooked(args->count ? args->operand[0] : "");
    if (shell == NULL)
        return usage_fail("init", "'%s' is not a shell cudnnv supports; it supports %s (or use 'cudnnv exec' and 'cudnnv env' from any shell)",
                          args->operand[0], shell_names(1));
    if (args_has(args, INIT_PERSIST) || args_has(args, INIT_UNPERSIST))   /* the change and its undo, said; no script */
        return persist(store_root(), args_has(args, INIT_PERSIST));
    if (platform_self_path(binary, sizeof binary) != 0)
        return fail("cannot find this cudnnv's own path");
    const char *root = store_root();
    char versions[PATH_MAX];
    cudnnv_store_path(versions, sizeof versions, root, CUDNNV_STORE_SETS, NULL);
    int new_store = !is_directory(versions);
    if (store_prepare(root) != 0 || shim_files_refresh(root, &copied) != 0)
        return 1;
    if (new_store && set_link_standard_system(root))
        record_system_needs(root);
    char shims[PATH_MAX];
    shim_files_dir(root, shims, sizeof shims);
    struct hook_values values = {.binary = binary, .shims = shims};
    print_hook(shell->hook, shell, &values, 0);
    print_manual_path(shell, binary);
    return 0;
}

const struct command command_init = {
    .name = "init",
    .run = run,
    .options = options,
    .operands = {.complete = COMPLETE_SHELLS, .min = 1, .max = 1},
};
