/*
 * The command table: the one place that names every command, in the order
 * 'cudnnv help' shows them (git's builtin table). Each command declares its
 * entry (options, operands, help) in its own file.
 */
#include "cli.h"
#include "commands.h"

static const struct command *const table[] = {
    &command_install, &command_adopt, &command_uninstall, &command_link, &command_known,
    &command_latest, &command_versions, &command_use, &command_local, &command_global,
    &command_shell, &command_version, &command_version_name, &command_version_file,
    &command_which, &command_prefix, &command_root, &command_exec, &command_env, &command_init,
    &command_doctor, &command_update, &command_check, &command_modulefiles, &command_cdi, &command_rehash,
    &command_verify, &command_ps, &command_lock, &command_mirror, &command_help, &command_hook_env, &command_completions,
};

const struct command_list *command_list(void)
{
    static const struct command_list all = {table, (int)(sizeof table / sizeof table[0])};
    return &all;
}
