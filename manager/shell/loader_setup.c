/*
 * loader_setup.h. --system writes one file in /etc/ld.so.conf.d, named to
 * come before the other folders there (CUDA's among them), naming the
 * system store's shims, and runs ldconfig: a program that asks the loader
 * for libcudnn.so.N gets the shim, which loads its pin, the global set or
 * the newest installed set of that major. --login writes
 * ~/.config/environment.d/60-cudnnv.conf (systemd reads it for the user's
 * session and services) and one marked line in ~/.profile (login shells).
 */
#include "loader_setup.h"
#include "option_names.h"

#include "fsutil.h"
#include "messages.h"
#include "platform.h"
#include "shim_files.h"
#include "store.h"

#include "cudnnv_select.h"
#include "store_layout.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LOGIN_MARK "# cudnnv init " OPTION_LOGIN

static int run_ldconfig(void)
{
    char answer[4096], *argv[] = {"/sbin/ldconfig", NULL};
    int status = platform_run_capture(argv, answer, sizeof answer, 60);
    if (status != 0)
        return fail("/sbin/ldconfig failed%s%s", answer[0] ? ": " : "", answer);
    return 0;
}

/* A line 'init --system' wrote: its three comments, or a folder ending in /shims/lib. */
static int line_is_ours(const char *line, size_t length)
{
    static const char *const comments[] = {"# Written by 'cudnnv init " OPTION_SYSTEM "'", "# which load the set",
                                           "# 'cudnnv init " OPTION_SYSTEM " " OPTION_UNDO "'"};
    for (size_t i = 0; i < sizeof comments / sizeof comments[0]; i++) {
        if (strncmp(line, comments[i], strlen(comments[i])) == 0)
            return 1;
    }
    char path[PATH_MAX];
    return line[0] == '/' && length < sizeof path && snprintf(path, sizeof path, "%.*s", (int)length, line) > 0 &&
           cudnnv_store_split(path, CUDNNV_STORE_SHIMS_LIB, NULL, 0, NULL, 0) == 0;
}

/*
 * The configuration without the lines 'init --system' wrote; a line someone
 * added to the file stays (the file goes when nothing else is in it).
 */
static int remove_our_lines(void)
{
    char *text = read_small_file(LOADER_SETUP_CONF, 1 << 20);
    if (text == NULL)
        return errno == ENOENT ? 0 : fail("cannot read %s: %s", LOADER_SETUP_CONF, strerror(errno));
    char *out = text, *line = text;
    int others = 0;
    while (*line != '\0') {
        size_t length = strcspn(line, "\n");
        size_t step = length + (line[length] == '\n');
        if (!line_is_ours(line, length)) {
            others |= strspn(line, " \t") < length;
            memmove(out, line, step);
            out += step;
        }
        line += step;
    }
    *out = '\0';
    int status = others ? write_file_atomic(LOADER_SETUP_CONF, text) : unlink(LOADER_SETUP_CONF);
    free(text);
    if (status != 0)
        return fail("cannot change %s: %s", LOADER_SETUP_CONF, strerror(errno));
    if (others)
        note("%s holds lines cudnnv did not write: they stay, only cudnnv's were removed", LOADER_SETUP_CONF);
    return 0;
}

static int undo_system(void)
{
    if (remove_our_lines() != 0)
        return 1;
    if (run_ldconfig() != 0)
        return 1;
    note("removed %s and rebuilt the loader's cache: programs find cuDNN where they did before", LOADER_SETUP_CONF);
    return 0;
}

/*
 * What every program on the machine will load must be root's alone: the
 * shims' folder and every step from / down to it (the shim's trust rule with
 * root as the only owner), and each shim in it.
 */
static int shims_trusted_by_root(const char *shims)
{
    struct cudnnv_trust trust;
    char why[2 * PATH_MAX], real[PATH_MAX], name[32];
    cudnnv_trust_init(&trust, NULL, NULL);   /* run as root: root alone */
    if (!cudnnv_trusted_path(&trust, shims, why, sizeof why) || realpath(shims, real) == NULL)
        return fail("refusing %s for every program's loader: %s; it must be root's, writable by no one else, every step from /",
                    shims, why);
    for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
        cudnnv_main_library(NULL, 0, major, name, sizeof name);
        if (!cudnnv_trusted_entry(&trust, real, name, why, sizeof why))
            return fail("refusing %s for every program's loader: %s", shims, why);
    }
    return 0;
}

/* Whether ldconfig's cache now names the shims: 'ldconfig -p' lists a libcudnn.so.N in that folder. */
static int cache_has_shims(const char *shims)
{
    static char listing[1 << 20];
    char *argv[] = {"/sbin/ldconfig", "-p", NULL}, wanted[PATH_MAX + 32];
    snprintf(wanted, sizeof wanted, "=> %s/libcudnn.so.", shims);
    return platform_run_capture(argv, listing, sizeof listing, 60) == 0 && strstr(listing, wanted) != NULL;
}

int loader_setup_system(int undo)
{
    char shims[PATH_MAX], text[PATH_MAX + 512];
    const char *system = store_system_root();
    if (PLATFORM_IS_WINDOWS)
        return fail("init " OPTION_SYSTEM " is for Linux's loader; on Windows 'cudnnv init pwsh " OPTION_PERSIST "' puts the shims on the user's PATH");
    if (geteuid() != 0)
        return fail("init " OPTION_SYSTEM " changes %s and the loader's cache for every program: run it as root", LOADER_SETUP_CONF);
    if (undo)
        return undo_system();
    if (system[0] == '\0' || cudnnv_store_path(shims, sizeof shims, system, CUDNNV_STORE_SHIMS_LIB, NULL) != 0 || !is_directory(shims))
        return fail("the system store %s has no shims: install a set there and run 'CUDNNV_ROOT=%s cudnnv rehash' first",
                    system[0] ? system : "(none)", system[0] ? system : "DIR");
    /* ldconfig's files end a line at '#', read '=' as a type and split on white space */
    if (strpbrk(shims, "#=:, \t\r\n\\") != NULL)
        return fail("the loader's configuration cannot name '%s' ('#', '=', ':', ',', '\\' or white space in it): choose a system store path without them (CUDNNV_SYSTEM_ROOT)",
                    shims);
    if (shims_trusted_by_root(shims) != 0)
        return 1;
    snprintf(text, sizeof text,
             "# Written by 'cudnnv init " OPTION_SYSTEM "': programs that load libcudnn.so.N get cudnnv's shims,\n"
             "# which load the set their folder pins (else the global or newest one).\n"
             "# 'cudnnv init " OPTION_SYSTEM " " OPTION_UNDO "' removes this file.\n%s\n", shims);
    if (write_file_atomic(LOADER_SETUP_CONF, text) != 0)
        return fail("cannot write %s: %s", LOADER_SETUP_CONF, strerror(errno));
    if (run_ldconfig() != 0)
        return 1;
    if (!cache_has_shims(shims)) {
        unlink(LOADER_SETUP_CONF);
        run_ldconfig();
        return fail("ldconfig did not take %s into its cache (ldconfig -p does not list it): %s was removed again",
                    shims, LOADER_SETUP_CONF);
    }
    note("wrote %s: every program that asks the loader for libcudnn.so.N now gets the shims in %s; undo with 'cudnnv init " OPTION_SYSTEM " " OPTION_UNDO "'",
         LOADER_SETUP_CONF, shims);
    if (strcmp(system, CUDNNV_DEFAULT_SYSTEM_ROOT) != 0)
        note("programs started without CUDNNV_SYSTEM_ROOT look for sets in %s, not %s", CUDNNV_DEFAULT_SYSTEM_ROOT, system);
    return 0;
}

/* ~/.config/environment.d/60-cudnnv.conf (or under XDG_CONFIG_HOME), and ~/.profile. */
static int login_paths(char *environment, size_t size, char *profile, size_t profile_size)
{
    char home[PATH_MAX], config[PATH_MAX];
    const char *xdg = getenv("XDG_CONFIG_HOME");
    if (platform_home(home, sizeof home) != 0)
        return fail("no home folder (HOME is unset): init " OPTION_LOGIN " writes files there");
    if (xdg != NULL && xdg[0] == '/')
        snprintf(config, sizeof config, "%s", xdg);
    else if (path_join(config, sizeof config, home, ".config") != 0)
        return fail("the home folder's path is too long");
    if (path_join(environment, size, config, "environment.d/60-cudnnv.conf") != 0 ||
        path_join(profile, profile_size, home, ".profile") != 0)
        return fail("the home folder's path is too long");
    return 0;
}

/* ~/.profile without the marked line; NULL when it cannot be read (a missing file is empty). */
static char *profile_without_mark(const char *profile)
{
    char *text = read_small_file(profile, 1 << 20);
    if (text == NULL && errno != ENOENT)
        return NULL;
    if (text == NULL)
        return calloc(1, 1);
    char *out = text, *line = text;
    while (*line) {
        size_t length = strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n');
        if (strstr(line, LOGIN_MARK) == NULL || (size_t)(strstr(line, LOGIN_MARK) - line) > length) {
            memmove(out, line, length);
            out += length;
        }
        line += length;
    }
    *out = '\0';
    return text;
}

int loader_setup_login(int undo)
{
    char environment[PATH_MAX], profile[PATH_MAX], shims[PATH_MAX], line[2 * PATH_MAX + 128];
    if (PLATFORM_IS_WINDOWS)
        return fail("init " OPTION_LOGIN " is for Linux sessions; on Windows 'cudnnv init pwsh " OPTION_PERSIST "' does the same");
    if (login_paths(environment, sizeof environment, profile, sizeof profile) != 0)
        return 1;
    struct stat info;
    shim_files_dir(store_root(), shims, sizeof shims);
    if (lstat(profile, &info) == 0 && !S_ISREG(info.st_mode))
        return fail("%s is not a plain file (a link a dotfiles manager keeps?): nothing was changed; add this line to it yourself: export LD_LIBRARY_PATH='%s'\"${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\"",
                    profile, shims);
    int had_profile = lstat(profile, &info) == 0;
    mode_t mode = had_profile ? info.st_mode & 07777 : 0644;
    if (had_profile && info.st_size > (1 << 20))
        return fail("%s is larger than 1 MiB: it is not rewritten (nothing was changed); add this line to it yourself: export LD_LIBRARY_PATH='%s'\"${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\"",
                    profile, shims);
    if (!undo && strpbrk(shims, "$\\\"'`") != NULL)
        return fail("the shims' folder '%s' holds a character environment.d or a profile would read as syntax ($, \\, quotes): choose a store path without them (CUDNNV_ROOT); nothing was changed",
                    shims);
    char *kept = profile_without_mark(profile);
    if (kept == NULL)
        return fail("cannot read %s: %s", profile, strerror(errno));
    int status = 0;
    if (undo) {
        if (unlink(environment) != 0 && errno != ENOENT)
            status = fail("cannot remove %s: %s", environment, strerror(errno));
    } else if (strpbrk(shims, "'\n") != NULL) {
        status = fail("the shims' folder '%s' cannot be written into a profile (a quote or new line in it)", shims);
    } else {
        char folder[PATH_MAX];
        snprintf(folder, sizeof folder, "%s", environment);
        *strrchr(folder, '/') = '\0';
        snprintf(line, sizeof line, "LD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n", shims);
        if (make_dirs(folder, 0700) != 0 || write_file_atomic(environment, line) != 0)
            status = fail("cannot write %s: %s", environment, strerror(errno));
        size_t used = strlen(kept);
        snprintf(line, sizeof line, "%sexport LD_LIBRARY_PATH='%s'\"${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\"  %s\n",
                 used && kept[used - 1] != '\n' ? "\n" : "", shims, LOGIN_MARK);
        char *grown = realloc(kept, used + strlen(line) + 1);
        if (grown == NULL)
            status = fail("out of memory");
        else
            strcat(kept = grown, line);
    }
    if (status == 0 && write_file_atomic(profile, kept) != 0)
        status = fail("cannot write %s: %s", profile, strerror(errno));
    if (status == 0 && chmod(profile, mode) != 0)   /* a 0600 profile stays 0600 */
        status = fail("cannot keep the mode of %s: %s", profile, strerror(errno));
    free(kept);
    if (status == 0)
        note(undo ? "removed %s and the line in %s" : "wrote %s and a line in %s: programs of your next session (and login shells) get the shims",
             environment, profile);
    return status;
}
