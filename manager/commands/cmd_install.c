/*
 * cudnnv install: its table entry and what cudnnv answers itself ('install
 * --list', as 'known'; a --gpu it cannot read). The work runs in the helper
 * program cudnnv-install (install_run.c), the one that links libarchive and
 * OpenSSL; the options and their reading are install_options.c's.
 */
#include "args.h"
#include "commands.h"
#include "gpu_list.h"
#include "helper_names.h"

static int run(struct args *args)
{
    if (install_list_asked(args)) {
        char *known[] = {"known", args->count ? args->operand[0] : NULL, NULL};
        return command_main(args->all, &command_known, command_known.run, args->count ? 2 : 1, known);
    }
    struct gpu_list gpus;
    const char *gpu = install_gpu_asked(args);
    if (gpu != NULL && gpu_list_from_option(&gpus, gpu) < 0)
        return gpu_option_refused(gpu);
    return helper_run(HELPER_INSTALL, args);
}

const struct command command_install = {
    .name = "install",
    .run = run,
    .options = install_options,
    .operands = {.usage = "[SOURCE|RELEASE]", .complete = COMPLETE_RELEASES | COMPLETE_FILES, .max = 1},
};
