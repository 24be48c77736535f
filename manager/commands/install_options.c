/*
 * install's options: the table its help and parsing read, and the one
 * request they are read into, which the install's parts carry down
 * unchanged (where from: request->origin). Apart from cmd_install.c, whose
 * run hands the work to the helper, because the helper's run reads them.
 */
#include "args.h"
#include "option_names.h"
#include "catalog.h"
#include "commands.h"
#include "config.h"
#include "install_steps.h"
#include "messages.h"
#include "store.h"

#include "cudnnv_select.h"

#include <string.h>

/* the options, by index in the table */
enum {
    INSTALL_NAME, INSTALL_SHA256, INSTALL_CUDA, INSTALL_PLATFORM, INSTALL_NO_CATALOG_CHECK,
    INSTALL_FORCE, INSTALL_JSON, INSTALL_LIST, INSTALL_GPU, INSTALL_LIBRARIES_ONLY, INSTALL_LOCKED, INSTALL_INDEX_URL,
    INSTALL_NO_VERIFY, INSTALL_CHANNEL, INSTALL_DRY_RUN, INSTALL_WITH_CUDA_LIBS,
    INSTALL_ALLOW_ADVISED, INSTALL_CUDA_LIBS_FROM
};

const struct option_spec install_options[] = {
    [INSTALL_NAME] = {.name = OPTION_NAME, .value_name = "NAME", .help = "install under this name instead"},
    [INSTALL_SHA256] = {.name = OPTION_SHA256, .value_name = "HEX",
                        .help = "check the archive's SHA-256 before extracting anything"},
    [INSTALL_CUDA] = {.name = OPTION_CUDA, .value_name = "VERSION", .complete = COMPLETE_CUDA,
                      .help = "for a catalog release: the build for this CUDA (default:\n"
                              "the newest the driver runs, or the newest without a driver)"},
    [INSTALL_PLATFORM] = {.name = OPTION_PLATFORM, .value_name = "P", .complete = COMPLETE_PLATFORMS,
                          .help = "for a catalog release: another platform's archive\n"
                                  "(linux-sbsa for Arm servers, linux-aarch64 for Jetson),\n"
                                  "e.g. to fill a store for another machine (default: this one)"},
    [INSTALL_NO_CATALOG_CHECK] = {.name = OPTION_NO_CATALOG_CHECK,
                                  .help = "install an archive whose name the catalog knows even\n"
                                          "when its SHA-256 differs from the catalog's"},
    [INSTALL_FORCE] = {.name = OPTION_FORCE, .short_name = 'f', .help = "replace a set already installed under that name"},
    [INSTALL_JSON] = {.name = "--json", .help = "print what was installed as JSON on stdout"},
    [INSTALL_LIST] = {.name = "--list", .help = "list the catalog's releases (of PREFIX), as 'cudnnv known'",
                      .own_form = "[PREFIX]"},
    [INSTALL_GPU] = {.name = OPTION_GPU, .value_name = "X.Y", .help = "for a catalog release: a release with code for GPUs of this\n"
                                                                  "compute capability (6.1,8.0 for two) instead of this\n"
                                                                  "machine's"},
    [INSTALL_LIBRARIES_ONLY] = {.name = OPTION_RUNTIME, .help = "keep only what programs load: the shared libraries and\n"
                                                     "the licence, no headers or static libraries (the\n"
                                                     "default with [install] runtime = true in config)"},
    [INSTALL_LOCKED] = {.name = OPTION_LOCKED, .own_form = "[--platform P] [--runtime]", .alone = 1,
                        .conflicts = 1 << INSTALL_LIST | 1 << INSTALL_CUDA | 1 << INSTALL_GPU | 1 << INSTALL_SHA256,
                        .help = "install exactly the archives cudnn.lock (beside the nearest\n"
                                ".cudnn-version) names for this platform ('cudnnv lock')"},
    [INSTALL_INDEX_URL] = {.name = "--index-url", .value_name = "URL", .conflicts = 1 << INSTALL_GPU,
                           .help = "for a release: NVIDIA's nvidia-cudnn-cuNN wheel from this Python\n"
                                   "package index (pip's option; PyPI, a mirror of it, or a folder by\n"
                                   "file:///PATH holding nvidia-cudnn-cuNN/*.whl), checked\n"
                                   "against the SHA-256 it gives (default: [sources] index_url in\n"
                                   "config, else PIP_INDEX_URL, when the catalog lacks the release)"},
    [INSTALL_NO_VERIFY] = {.name = OPTION_NO_VERIFY, .only_with = 1 << INSTALL_INDEX_URL,
                           .help = "with --index-url: take a wheel the index gives no SHA-256 for"},
    [INSTALL_CHANNEL] = {.name = OPTION_CHANNEL, .value_name = "URL",
                         .conflicts = 1 << INSTALL_INDEX_URL | 1 << INSTALL_GPU,
                         .help = "for a release: the cudnn package of this conda channel\n"
                                 "(conda-forge, or a mirror), from its repodata.json, checked\n"
                                 "against the sha256 there; from NVIDIA's channel, libcudnn and\n"
                                 "its libcudnn-dev (the headers; not with --runtime)"},
    [INSTALL_DRY_RUN] = {.name = OPTION_DRY_RUN, .help = "say which archive it would bring, from where (cache, mirror\n"
                                                     "folder, or its address), its size and SHA-256; change nothing"},
    [INSTALL_WITH_CUDA_LIBS] = {.name = OPTION_WITH_CUDA_LIBS,
                                .help = "also bring the CUDA libraries the set loads (cuBLAS, NVRTC) that\n"
                                        "a program started here would not find, from NVIDIA's CUDA\n"
                                        "redist ([catalog] cuda_redist); RELEASE may be an installed set"},
    [INSTALL_ALLOW_ADVISED] = {.name = OPTION_ALLOW_ADVISED,
                               .help = "for a release: take one that versions/advisories.ini advises\n"
                                       "against (9.10.0: an ABI break); otherwise it is passed over"},
    [INSTALL_CUDA_LIBS_FROM] = {.name = OPTION_CUDA_LIBS_FROM, .value_name = "PATH",
                                .conflicts = 1 << INSTALL_DRY_RUN,
                                .help = "--with-cuda-libs, taking them from this archive file (NVIDIA's\n"
                                        "redist archive, a wheel, a .conda) or a folder of such archives\n"
                                        "instead of a download; its SHA-256 is recorded for 'cudnnv lock'.\n"
                                        "With no SOURCE (and no --with-cuda-libs): the folder of CUDA\n"
                                        "libraries (a toolkit's lib64, a conda env's lib) the project's\n"
                                        "pinned CUDA runtime ('cuda 11.0' in .cudnn-version) is taken from"},
    {.name = NULL},
};

/* The parser's table holds ARGS_MAX_OPTIONS options: a command with more would write past it. */
_Static_assert(sizeof install_options / sizeof install_options[0] <= ARGS_MAX_OPTIONS + 1, "install has more options than ARGS_MAX_OPTIONS");

int install_list_asked(const struct args *args)
{
    return args_has(args, INSTALL_LIST);
}

const char *install_gpu_asked(const struct args *args)
{
    return args->value[INSTALL_GPU];
}

/* The request: each option read once, into the field that carries it down unchanged (where from: its origin). */
int install_parse(struct args *args, struct install_request *request)
{
    memset(request, 0, sizeof *request);
    if (args_has(args, INSTALL_LIST))
        return usage_fail("install", "--list is answered by cudnnv itself: run 'cudnnv install --list'");
    request->name = args->value[INSTALL_NAME];
    request->sha256 = args->value[INSTALL_SHA256];
    request->cuda = args->value[INSTALL_CUDA];
    request->platform = args->value[INSTALL_PLATFORM];
    request->gpu = args->value[INSTALL_GPU];
    request->origin.index = args->value[INSTALL_INDEX_URL];
    request->origin.no_verify = args_has(args, INSTALL_NO_VERIFY);
    request->origin.channel = args->value[INSTALL_CHANNEL];
    struct config config;
    config_read(store_root(), &config);
    request->libraries_only = args_has(args, INSTALL_LIBRARIES_ONLY) || config.install_libraries_only;
    request->force = args_has(args, INSTALL_FORCE);
    request->no_catalog_check = args_has(args, INSTALL_NO_CATALOG_CHECK);
    request->json = args_has(args, INSTALL_JSON);
    request->origin.local = args->value[INSTALL_CUDA_LIBS_FROM];
    request->with_cuda_libs = args_has(args, INSTALL_WITH_CUDA_LIBS) || request->origin.local != NULL;
    request->allow_advised = args_has(args, INSTALL_ALLOW_ADVISED);
    request->dry_run = args_has(args, INSTALL_DRY_RUN);
    request->locked = args_has(args, INSTALL_LOCKED);
    request->cuda_libs_auto = config.cuda_libs_auto;
    request->source = args->count ? args->operand[0] : NULL;
    if (request->platform != NULL && catalog_platform_from_name(request->platform) < 0)
        return catalog_platform_refused(request->platform);
    if (request->name != NULL && !cudnnv_name_is_valid(request->name))
        return usage_fail("install", "invalid --name '%s': a name has %s", request->name, cudnnv_name_rule());
    return 0;
}
