/*
 * The one wording of a failed selection, shared by the shim (which prints it
 * and exits 127) and the manager (which prints it and exits 1), so that a user
 * sees the same cause and the same fix from both.
 */
#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

/* The rule of names, worded once for every message that refuses a name. */
const char *cudnnv_name_rule(void)
{
    static char rule[128];
    if (rule[0] == '\0')
        snprintf(rule, sizeof rule, "no '/', '\\', ':', '#', '..', spaces or control characters, no leading '-', at most %d bytes",
                 CUDNNV_NAME_MAX);
    return rule;
}

/* Who may write what a set loads, and the fix, in the words of the system the set runs on. */
const char *cudnnv_trust_rule(void)
{
#ifdef _WIN32
    return "only you, SYSTEM, Administrators or the store's owner may write what a set loads (fix: take write "
           "access from other accounts, e.g. for a system store 'icacls STORE /inheritance:r /grant:r "
           "Administrators:(OI)(CI)F SYSTEM:(OI)(CI)F Users:(OI)(CI)RX', or reinstall the set)";
#else
    return "only you, root or the store's owner may write what a set loads (fix: 'chmod go-w' on it, or reinstall "
           "the set)";
#endif
}

/* What chose: "set by /p/.cudnn-version", "set by CUDNNV_VERSION", "linked as system", "the newest installed 8.x". */
void cudnnv_describe_origin(const struct cudnnv_choice *choice, char *out, size_t size)
{
    if (choice->origin == CUDNNV_ORIGIN_SYSTEM)
        snprintf(out, size, "linked as system");
    else if (choice->origin == CUDNNV_ORIGIN_NEWEST && choice->passed_over[0] != '\0')
        snprintf(out, size, "the newest installed %d.x: no source names one; '%s' cannot load here",
                 cudnnv_name_major(choice->name), choice->passed_over);
    else if (choice->origin == CUDNNV_ORIGIN_NEWEST)
        snprintf(out, size, "the newest installed %d.x: no source names one", cudnnv_name_major(choice->name));
    else
        snprintf(out, size, "set by %s", choice->origin_path);
}

static void describe_major(int major, char *out, size_t size)
{
    if (major >= 0)
        snprintf(out, size, "cuDNN %d version", major);
    else
        snprintf(out, size, "cuDNN version");
}

static void describe_unreadable(const struct cudnnv_choice *choice, char *out, size_t size)
{
    const char *path = choice->origin_path;
    if (choice->problem == CUDNNV_READ_NOT_FILE)
        snprintf(out, size, "%s is not a regular file; remove it, or pin a version there with 'cudnnv use VERSION'", path);
    else if (choice->problem == CUDNNV_READ_TOO_LONG)
        snprintf(out, size, "%s holds more than %d names or %d bytes, so what it pins past that is not read: shorten it",
                 path, CUDNNV_MAX_LINES,
                 cudnnv_version_file_kind(path) == CUDNNV_FILE_OURS ? CUDNNV_VERSION_FILE_MAX : CUDNNV_TOOL_FILE_MAX);
    else if (choice->problem == CUDNNV_READ_UNTRUSTED)
        snprintf(out, size, "%s %s; pin your own version in a folder you own", path,
                 cudnnv_read_problem(CUDNNV_READ_UNTRUSTED));
    else if (choice->problem == CUDNNV_READ_NOT_UNDERSTOOD || choice->problem == CUDNNV_READ_HAS_NUL ||
             choice->problem == CUDNNV_READ_DUPLICATE)
        snprintf(out, size, "%s %s", path, cudnnv_read_problem(choice->problem));   /* the fix is in the words */
    else if (choice->problem == CUDNNV_READ_CWD_TOO_LONG)
        snprintf(out, size, "the working directory's path is longer than %d bytes, so its %s cannot be looked for; work from a shorter path or set CUDNNV_VERSION",
                 PATH_MAX, CUDNNV_VERSION_FILE);
    else
        snprintf(out, size, "cannot read %s: %s; check its permissions", path,
                 strerror(choice->error_number ? choice->error_number : 5));
}

/*
 * What to run for a name that is not installed: install a release name,
 * link the cuDNN that programs found before cudnnv as 'system', or look at
 * what is installed (a name no release has).
 */
void cudnnv_missing_hint(const char *requested, char *out, size_t size)
{
    if (strcmp(requested, "system") == 0)
        snprintf(out, size, "run 'cudnnv link system DIR' with the folder of the cuDNN programs found before cudnnv");
    else if (cudnnv_name_major(requested) >= 0)
        snprintf(out, size, "run 'cudnnv install %s' or 'cudnnv versions'", requested);
    else
        snprintf(out, size, "see 'cudnnv versions' for the installed sets");
}

/* Writes the message (without the "cudnnv: " prefix) for a status other than SELECTED. */
void cudnnv_describe_failure(enum cudnnv_status status, const struct cudnnv_choice *choice,
                             int major, char *out, size_t size)
{
    char origin[PATH_MAX + 32], what[48], hint[160];
    cudnnv_describe_origin(choice, origin, sizeof origin);
    describe_major(major, what, sizeof what);
    switch (status) {
    case CUDNNV_NOT_INSTALLED:
        cudnnv_missing_hint(choice->requested, hint, sizeof hint);
        snprintf(out, size, "version '%s' is not installed (%s); %s", choice->requested, origin, hint);
        break;
    case CUDNNV_BAD_NAME:
        snprintf(out, size, "invalid version name '%s' (%s): a name has %s; fix that file",
                 choice->requested, origin, cudnnv_name_rule());
        break;
    case CUDNNV_IO_ERROR:
        describe_unreadable(choice, out, size);
        break;
    case CUDNNV_NOTHING_SELECTED:
        snprintf(out, size, "no %s is selected; run 'cudnnv use VERSION' in the project or 'cudnnv global VERSION' (installed: 'cudnnv versions')",
                 what);
        break;
    default:
        snprintf(out, size, "%s '%s' selected (%s)", what, choice->name, origin);
        break;
    }
}
