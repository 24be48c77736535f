/*
 * Every command's table entry, one per cmd_*.c file (use also declares its
 * alias local); manager/cli/command_table.c lists them in the order 'cudnnv help' shows.
 * install and update do their work in helper programs: install_run and
 * update_run are what those helpers call after parsing.
 */
#ifndef CUDNNV_COMMANDS_H
#define CUDNNV_COMMANDS_H

#include "args.h"

extern const struct command command_install, command_adopt, command_uninstall, command_link,
    command_known, command_latest, command_versions, command_use, command_local, command_global,
    command_shell, command_version, command_version_name, command_version_file, command_which,
    command_prefix, command_root, command_exec, command_env, command_init, command_doctor,
    command_update, command_check, command_modulefiles, command_rehash, command_verify,
    command_help, command_hook_env, command_completions, command_ps, command_lock, command_cdi, command_mirror;

/* update's and mirror's options, by index in their tables (the helpers read them) */
enum update_option { UPDATE_REMOTE };
enum mirror_option { MIRROR_LOCK, MIRROR_PLATFORM };

struct install_request;
/* install_options.c: install's table, its options read into its request (0, or a usage status after a message),
 * and the two cudnnv answers itself: --list asked, --gpu's value (NULL when not given). */
extern const struct option_spec install_options[];
int install_parse(struct args *args, struct install_request *request);
int install_list_asked(const struct args *args);
const char *install_gpu_asked(const struct args *args);
int install_run(struct args *args);
int update_run(struct args *args);
/* install_run.c: cudnnv mirror, in the install helper (the work: install/mirror.c) */
int mirror_run(struct args *args);

/* install_helper.c (install_helper_win32.c for cudnnv.exe): the helper programs beside cudnnv */
int helper_run(const char *name, struct args *args);
/* A command that is wholly its helper's: its run in the table. */
int helper_run_install(struct args *args);
int helper_run_update(struct args *args);
/* Runs helper name with argv, keeping what it prints on stdout in out; command is the one whose options argv holds
 * (install), for cudnnv.exe, which runs it in its own process. */
int helper_run_capture(const char *name, const struct command *command, char **argv, char *out, size_t size);

#endif
