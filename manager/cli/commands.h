/*
 * Every command's entry point and help text, one pair per cmd_*.c file; the
 * table in commands.c lists them in the order 'cudnnv help' shows.
 */
#ifndef CUDNNV_COMMANDS_H
#define CUDNNV_COMMANDS_H

int cmd_install(int argc, char **argv);
int cmd_install_helper(int argc, char **argv);
int cmd_update(int argc, char **argv);
int cmd_update_helper(int argc, char **argv);
extern const char cmd_update_help[];
extern const char cmd_install_help[];
int cmd_uninstall(int argc, char **argv);
extern const char cmd_uninstall_help[];
int cmd_link(int argc, char **argv);
extern const char cmd_link_help[];
int cmd_versions(int argc, char **argv);
extern const char cmd_versions_help[];
int cmd_use(int argc, char **argv);
extern const char cmd_use_help[];
int cmd_global(int argc, char **argv);
extern const char cmd_global_help[];
int cmd_shell(int argc, char **argv);
extern const char cmd_shell_help[];
int cmd_version(int argc, char **argv);
extern const char cmd_version_help[];
int cmd_version_name(int argc, char **argv);
extern const char cmd_version_name_help[];
int cmd_version_file(int argc, char **argv);
extern const char cmd_version_file_help[];
int cmd_which(int argc, char **argv);
extern const char cmd_which_help[];
int cmd_prefix(int argc, char **argv);
extern const char cmd_prefix_help[];
int cmd_root(int argc, char **argv);
extern const char cmd_root_help[];
int cmd_exec(int argc, char **argv);
extern const char cmd_exec_help[];
int cmd_adopt(int argc, char **argv);
extern const char cmd_adopt_help[];
int cmd_latest(int argc, char **argv);
extern const char cmd_latest_help[];
int cmd_modulefiles(int argc, char **argv);
extern const char cmd_modulefiles_help[];
int cmd_verify(int argc, char **argv);
extern const char cmd_verify_help[];
int cmd_env(int argc, char **argv);
extern const char cmd_env_help[];
int cmd_rehash(int argc, char **argv);
extern const char cmd_rehash_help[];
int cmd_init(int argc, char **argv);
extern const char cmd_init_help[];
int cmd_hook_env(int argc, char **argv);
extern const char cmd_hook_env_help[];
int cmd_completions(int argc, char **argv);
extern const char cmd_completions_help[];
int cmd_known(int argc, char **argv);
extern const char cmd_known_help[];
int cmd_doctor(int argc, char **argv);
extern const char cmd_doctor_help[];
int cmd_check(int argc, char **argv);
extern const char cmd_check_help[];
int cmd_help(int argc, char **argv);
extern const char cmd_help_help[];

#endif
