/*
 * Glue between the commands and shim/select.c: the inputs of a selection as
 * this process sees them, and the user-facing wording of its result.
 */
#include "selection.h"

#include "messages.h"
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The working folder, asked once into a static buffer: no malloc, whose first use costs the prompt three system
 * calls and heap pages; "" when it cannot be told. A path of PATH_MAX bytes or more does not fit (ERANGE) and counts
 * as too long, as for the shim. */
void selection_where(struct cudnnv_where *where)
{
    static char cwd[PATH_MAX];
    static int asked, too_long;
    if (!asked) {
        asked = 1;
        if (getcwd(cwd, sizeof cwd) == NULL) {
            too_long = errno == ENAMETOOLONG || errno == ERANGE;
            cwd[0] = '\0';
        }
    }
    where->cwd_too_long = too_long;
    where->root = store_root();
    where->env_version = getenv("CUDNNV_VERSION");
    where->cwd = cwd;
}

int selection_report(enum cudnnv_status status, const struct cudnnv_choice *choice, int major)
{
    char message[PATH_MAX + 512];
    cudnnv_describe_failure(status, choice, major, message, sizeof message);
    return fail("%s", message);
}

/* "set by /p/.cudnn-version", or "linked as system": for people, so a path's control bytes are escaped */
void selection_origin_text(const struct cudnnv_choice *choice, char *out, size_t size)
{
    char text[PATH_MAX + 64];
    cudnnv_describe_origin(choice, text, sizeof text);
    cudnnv_escape_text(text, out, size);
}

/* For commands given a version on the command line: resolve it or explain. */
int selection_require_installed(const char *root, const char *requested, cudnnv_name resolved)
{
    if (!cudnnv_name_is_valid(requested))
        return fail("invalid version name '%s': a name has %s", requested, cudnnv_name_rule());
    char hint[160];
    cudnnv_missing_hint(requested, hint, sizeof hint);
    if (!cudnnv_resolve(root, requested, resolved))
        return fail("version '%s' is not installed; %s", requested, hint);
    return 0;
}

/*
 * Whether a set may be loaded, by the shim's own rule (set_trust.c): 1, or 0
 * with the reason in why. The manager says what the shim would refuse.
 */
int selection_set_trusted(const char *root, const char *name, char *why, size_t size)
{
    char set_dir[PATH_MAX];
    struct cudnnv_trust trust;
    if (!cudnnv_set_dir(root, name, set_dir, sizeof set_dir))
        return 1;
    cudnnv_trust_init(&trust, root, store_system_root());
    return cudnnv_set_trusted(&trust, set_dir, why, size);
}
