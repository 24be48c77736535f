/*
 * The command table: the one place that names every command, its entry
 * point, its one-line summary and its help text (git's builtin table).
 */
#include "cli.h"
#include "commands.h"

#include <string.h>

static const struct command table[] = {
    {"install", cmd_install_helper, "install a cuDNN set from an archive or a directory", NULL, 0,
     "--name --sha256 --cuda --platform --no-catalog-check --force --json --list --help", 0},
    {"adopt", cmd_adopt, "make cuDNN copied into a CUDA folder a set, and take it out", cmd_adopt_help, 0,
     "--dry-run --name --help", 0},
    {"uninstall", cmd_uninstall, "remove installed sets", cmd_uninstall_help, 0, "-f --force --help", 1},
    {"link", cmd_link, "register a set kept elsewhere, by reference", cmd_link_help, 0, "--force --help", 0},
    {"known", cmd_known, "list the cuDNN releases in the catalog", cmd_known_help, 0, "--platform --json --help", 0},
    {"latest", cmd_latest, "print the newest installed (or --known) version of a prefix", cmd_latest_help, 0,
     "--known --help", 0},
    {"versions", cmd_versions, "list installed sets, marking the selected ones", cmd_versions_help, 0,
     "--bare --json --help", 0},
    {"use", cmd_use, "pin the version for this directory (.cudnn-version)", cmd_use_help, 0,
     "--force --unset --for --help", 1},
    {"local", cmd_use, "same as use", cmd_use_help, 0, "--force --unset --for --help", 1},
    {"global", cmd_global, "show or set the version used outside projects", cmd_global_help, 0,
     "--force --unset --help", 1},
    {"shell", cmd_shell, "select a version for this shell only", cmd_shell_help, 0,
     "--shell --unset --help", 1},
    {"version", cmd_version, "show the selected version and what selected it", cmd_version_help, 0,
     "--all --json --help", 0},
    {"version-name", cmd_version_name, "print the selected version's name", cmd_version_name_help, 0,
     "--help", 0},
    {"version-file", cmd_version_file, "print the file that selects the version", cmd_version_file_help, 0,
     "--help", 0},
    {"which", cmd_which, "print the path of a library in the selected set", cmd_which_help, 0,
     "--help libcudnn.so.7 libcudnn.so.8 libcudnn.so.9", 0},
    {"prefix", cmd_prefix, "print the directory of a set", cmd_prefix_help, 0, "--help", 1},
    {"root", cmd_root, "print the store directory", cmd_root_help, 0, "--help", 0},
    {"exec", cmd_exec, "run a command with the selected set", cmd_exec_help, 1, "--version --help", 0},
    {"env", cmd_env, "print the variables that route cuDNN through the shims", cmd_env_help, 0,
     "--format --help", 1},
    {"init", cmd_init, "print the shell integration (bash, zsh, fish, pwsh)", cmd_init_help, 0,
     "bash zsh fish pwsh --help", 0},
    {"doctor", cmd_doctor, "explain why the selected cuDNN would not load", cmd_doctor_help, 0,
     "--json --help", 0},
    {"update", cmd_update_helper, "learn NVIDIA's newer releases (or fetch a git catalog)", NULL, 0,
     "--remote --help", 0},
    {"check", cmd_check, "load a set through its shim and run a small convolution", cmd_check_help, 0,
     "--help", 1},
    {"modulefiles", cmd_modulefiles, "write Lmod (or Tcl) module files, one per set", cmd_modulefiles_help, 0,
     "--tcl --help", 0},
    {"rehash", cmd_rehash, "install the shim libraries into the store", cmd_rehash_help, 0, "--help", 0},
    {"verify", cmd_verify, "check installed sets against their MANIFEST", cmd_verify_help, 0,
     "--json --help", 1},
    {"help", cmd_help, "show help for cudnnv or one command", cmd_help_help, 0, "", 0},
    {"hook-env", cmd_hook_env, NULL, cmd_hook_env_help, 0, "bash zsh fish pwsh", 0},
    {"completions", cmd_completions, NULL, cmd_completions_help, 0, "", 0},
};

const struct command *command_table(int *count)
{
    *count = (int)(sizeof table / sizeof table[0]);
    return table;
}

const struct command *command_find(const char *name)
{
    int count;
    const struct command *commands = command_table(&count);
    for (int i = 0; i < count; i++) {
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    }
    return NULL;
}
