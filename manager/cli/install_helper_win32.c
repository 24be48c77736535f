/*
 * cudnnv.exe has no helper programs: install runs inside it (there is no
 * libarchive or OpenSSL to keep out, and Windows starts processes slowly),
 * and update, which needs libcurl or libgit2, says what to do instead.
 */
#include "cli.h"
#include "commands.h"

#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <string.h>

static int update_is_missing(void)
{
    return fail("this cudnnv.exe cannot update the catalog (no libcurl or libgit2 in this build): run 'cudnnv update' under WSL or Linux and copy its catalog-redist folder into the store, or install from a folder");
}

int helper_run(const char *name, struct args *args)
{
    if (strcmp(name, "cudnnv-update") == 0)
        return update_is_missing();
    return install_run(args);
}

/* Runs install with argv, keeping what it prints on stdout in out (adopt reads its JSON). */
int helper_run_capture(const char *name, char **argv, char *out, size_t size)
{
    int argc = 0;
    if (strcmp(name, "cudnnv-install") != 0)
        return update_is_missing();
    while (argv[argc] != NULL)
        argc++;
    FILE *capture = tmpfile();
    if (capture == NULL)
        return fail("cannot create a temporary file for install's output");
    fflush(stdout);
    int saved = _dup(_fileno(stdout));
    _dup2(_fileno(capture), _fileno(stdout));
    int status = command_main(&command_install, install_run, argc, argv);
    fflush(stdout);
    _dup2(saved, _fileno(stdout));
    _close(saved);
    rewind(capture);
    size_t used = fread(out, 1, size - 1, capture);
    out[used] = '\0';
    fclose(capture);
    return status;
}
