/*
 * cudnnv install: its table and help. The work runs in the helper program
 * cudnnv-install (install_run.c), the one that links libarchive and OpenSSL;
 * 'install --list' is answered here, as 'known'.
 */
#include "args.h"
#include "commands.h"
#include "gpu_list.h"
#include "helper_names.h"

static const struct option_spec options[] = {
    [INSTALL_NAME] = {.name = "--name", .value_name = "NAME", .help = "install under this name instead"},
    [INSTALL_SHA256] = {.name = "--sha256", .value_name = "HEX",
                        .help = "check the archive's SHA-256 before extracting anything"},
    [INSTALL_CUDA] = {.name = "--cuda", .value_name = "VERSION", .complete = COMPLETE_CUDA,
                      .help = "for a catalog release: the build for this CUDA (default:\n"
                              "the newest the driver runs, or the newest without a driver)"},
    [INSTALL_PLATFORM] = {.name = "--platform", .value_name = "P", .complete = COMPLETE_PLATFORMS,
                          .help = "for a catalog release: another platform's archive\n"
                                  "(linux-sbsa for Arm servers, linux-aarch64 for Jetson),\n"
                                  "e.g. to fill a store for another machine (default: this one)"},
    [INSTALL_NO_CATALOG_CHECK] = {.name = "--no-catalog-check",
                                  .help = "install an archive whose name the catalog knows even\n"
                                          "when its SHA-256 differs from the catalog's"},
    [INSTALL_FORCE] = {.name = "--force", .short_name = 'f', .help = "replace a set already installed under that name"},
    [INSTALL_JSON] = {.name = "--json", .help = "print what was installed as JSON on stdout"},
    [INSTALL_LIST] = {.name = "--list", .help = "list the catalog's releases (of PREFIX), as 'cudnnv known'",
                      .own_form = "[PREFIX]"},
    [INSTALL_GPU] = {.name = "--gpu", .value_name = "X.Y", .help = "for a catalog release: a release with code for GPUs of this\n"
                                                                  "compute capability (6.1,8.0 for two) instead of this\n"
                                                                  "machine's"},
    [INSTALL_LIBRARIES_ONLY] = {.name = "--runtime", .help = "keep only what programs load: the shared libraries and\n"
                                                     "the licence, no headers or static libraries (the\n"
                                                     "default with [install] runtime = true in config)"},
    [INSTALL_LOCKED] = {.name = "--locked", .own_form = "[--platform P] [--runtime]", .alone = 1,
                        .conflicts = 1 << INSTALL_LIST | 1 << INSTALL_CUDA | 1 << INSTALL_GPU | 1 << INSTALL_SHA256,
                        .help = "install exactly the archives cudnn.lock (beside the nearest\n"
                                ".cudnn-version) names for this platform ('cudnnv lock')"},
    [INSTALL_INDEX_URL] = {.name = "--index-url", .value_name = "URL", .conflicts = 1 << INSTALL_GPU,
                           .help = "for a release: NVIDIA's nvidia-cudnn-cuNN wheel from this Python\n"
                                   "package index (pip's option; PyPI, a mirror of it, or a folder by\n"
                                   "file:///PATH holding nvidia-cudnn-cuNN/*.whl), checked\n"
                                   "against the SHA-256 it gives (default: [sources] index_url in\n"
                                   "config, else PIP_INDEX_URL, when the catalog lacks the release)"},
    [INSTALL_NO_VERIFY] = {.name = "--no-verify", .only_with = 1 << INSTALL_INDEX_URL,
                           .help = "with --index-url: take a wheel the index gives no SHA-256 for"},
    [INSTALL_CHANNEL] = {.name = "--channel", .value_name = "URL",
                         .conflicts = 1 << INSTALL_INDEX_URL | 1 << INSTALL_GPU,
                         .help = "for a release: the cudnn package of this conda channel\n"
                                 "(conda-forge, or a mirror), from its repodata.json, checked\n"
                                 "against the sha256 there; from NVIDIA's channel, libcudnn and\n"
                                 "its libcudnn-dev (the headers; not with --runtime)"},
    [INSTALL_DRY_RUN] = {.name = "--dry-run", .help = "say which archive it would bring, from where (cache, mirror\n"
                                                     "folder, or its address), its size and SHA-256; change nothing"},
    [INSTALL_WITH_CUDA_LIBS] = {.name = "--with-cuda-libs",
                                .help = "also bring the CUDA libraries the set loads (cuBLAS, NVRTC) that\n"
                                        "a program started here would not find, from NVIDIA's CUDA\n"
                                        "redist ([catalog] cuda_redist); RELEASE may be an installed set"},
    [INSTALL_ALLOW_ADVISED] = {.name = "--allow-advised",
                               .help = "for a release: take one that versions/advisories.ini advises\n"
                                       "against (9.10.0: an ABI break); otherwise it is passed over"},
    [INSTALL_CUDA_LIBS_FROM] = {.name = "--cuda-libs-from", .value_name = "PATH",
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
_Static_assert(sizeof options / sizeof options[0] <= ARGS_MAX_OPTIONS + 1, "install has more options than ARGS_MAX_OPTIONS");

static int run(struct args *args)
{
    if (args_has(args, INSTALL_LIST)) {
        char *known[] = {"known", args->count ? args->operand[0] : NULL, NULL};
        return command_main(args->all, &command_known, command_known.run, args->count ? 2 : 1, known);
    }
    struct gpu_list gpus;
    if (args->value[INSTALL_GPU] != NULL && gpu_list_from_option(&gpus, args->value[INSTALL_GPU]) < 0)
        return gpu_option_refused(args->value[INSTALL_GPU]);
    return helper_run(HELPER_INSTALL, args);
}

const struct command command_install = {
    .name = "install",
    .run = run,
    .options = options,
    .operands = {.usage = "[SOURCE|RELEASE]", .complete = COMPLETE_RELEASES | COMPLETE_FILES, .max = 1},
};
