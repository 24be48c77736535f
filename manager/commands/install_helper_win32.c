/*
 * cudnnv.exe has no helper programs: install and update run inside it
 * (libarchive, jansson and zlib are linked in statically, downloads go
 * through WinHTTP, and Windows starts processes slowly).
 */
#include "args.h"
#include "commands.h"
#include "helper_names.h"

#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <string.h>

int helper_run(const char *name, struct args *args)
{
    if (strcmp(name, HELPER_UPDATE) == 0)
        return update_run(args);
    if (strcmp(args->command->name, "mirror") == 0)
        return mirror_run(args);
    return install_run(args);
}

int helper_run_install(struct args *args)
{
    return helper_run(HELPER_INSTALL, args);
}

int helper_run_update(struct args *args)
{
    return helper_run(HELPER_UPDATE, args);
}

/* Runs install with argv, keeping what it prints on stdout in out (adopt reads its JSON). */
int helper_run_capture(const char *name, const struct command *command, char **argv, char *out, size_t size)
{
    int argc = 0;
    if (strcmp(name, HELPER_INSTALL) != 0)
        return fail("cudnnv.exe cannot capture what %s prints", name);
    while (argv[argc] != NULL)
        argc++;
    FILE *capture = tmpfile();
    if (capture == NULL)
        return fail("cannot create a temporary file for install's output");
    fflush(stdout);
    int saved = _dup(_fileno(stdout));
    _dup2(_fileno(capture), _fileno(stdout));
    const struct command *const install_only[] = {command};
    const struct command_list list = {install_only, 1};   /* install's parse needs no other command */
    int status = command_main(&list, command, install_run, argc, argv);
    fflush(stdout);
    _dup2(saved, _fileno(stdout));
    _close(saved);
    rewind(capture);
    size_t used = fread(out, 1, size - 1, capture);
    out[used] = '\0';
    fclose(capture);
    return status;
}
