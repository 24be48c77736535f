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
    [INSTALL_RUNTIME] = {.name = "--runtime", .help = "keep only what programs load: the shared libraries and\n"
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
    .summary = "install a cuDNN set from an archive, a directory or the catalog",
    .description =
        "Install a cuDNN set into the store ($CUDNNV_ROOT, default ~/.cudnnv).\n"
        "SOURCE is one of:\n"
        "  a directory holding cuDNN: a CUDA toolkit (include/ and lib/ or lib64/),\n"
        "    a pip nvidia/cudnn folder, or an unpacked NVIDIA archive;\n"
        "  an NVIDIA archive: .tar.xz or .tgz (Linux), .zip (Windows);\n"
        "  a release of the catalog ('cudnnv known'), e.g. 8.1 or 9.19.0.56: the\n"
        "    newest release of that prefix with a build for this platform, for\n"
        "    the CUDA this machine's driver runs and with code for its GPUs (it\n"
        "    says which, and why); its archive is taken from $CUDNNV_ROOT/cache,\n"
        "    from a mirror folder\n"
        "    ([download] mirrors = DIR:DIR in config), or downloaded (resumed if\n"
        "    interrupted; [download] base_url = URL replaces NVIDIA's address),\n"
        "    and checked against the catalog's SHA-256 before anything is extracted.\n"
        "Without SOURCE, in a project: each version the nearest .cudnn-version\n"
        "pins that no installed set answers, as 'install RELEASE' (pyenv's and\n"
        "nvm's habit; 'install --locked' is the exact form).\n"
        "\n"
        "The version is read from cudnn_version.h (cudnn.h for 7.x), else from the\n"
        "library names; NVIDIA's archive name adds the build number and the CUDA\n"
        "version. The set is named after its version (8.1.0.77); the same version\n"
        "for a second CUDA major gets a -cudaN suffix.\n",
    .details =
        "The same version for another platform is named with a -windows or -linux\n"
        "suffix. Besides what the notes below refuse, an archive with \\ or control\n"
        "characters in a member's name, a device, a link leading outside at any\n"
        "depth, or a file over max_member_size ([install] in config) is refused and\n"
        "nothing is installed; only cuDNN's own files are unpacked. --runtime (or\n"
        "runtime = true under [install]) keeps only what programs load: the shared\n"
        "libraries and the licence, no headers, static or import libraries. The set\n"
        "records content = runtime, and verify, doctor and install --json say so.\n"
        "\n"
        "cudnnv install [--cuda VERSION] [--gpu X.Y] [--platform P] RELEASE\n"
        "The GPUs are read through the CUDA driver library. --gpu any chooses for\n"
        "no GPU at all. The archive comes from the cache, a mirror folder or a\n"
        "download, and is checked against the catalog's SHA-256 before anything is\n"
        "extracted.\n"
        "\n"
        "cudnnv install --index-url URL [--no-verify] [--cuda VERSION] RELEASE\n"
        "The project of the CUDA major (--cuda, else the driver's, else the newest\n"
        "that has the release) is read in its HTML (PEP 503) or JSON (PEP 691)\n"
        "form; the newest wheel of RELEASE for this platform's tags is fetched into\n"
        "the cache and checked against the SHA-256 the index gives. A wheel without\n"
        "one is refused unless --no-verify. A release the catalog has is also looked\n"
        "up there when NVIDIA's address cannot be reached (its name unknown, no\n"
        "connection), which is said.\n"
        "\n"
        "cudnnv install --channel URL [--cuda VERSION] RELEASE\n"
        "From URL/linux-64/repodata.json (linux-aarch64, win-64 for those\n"
        "platforms): the newest version of RELEASE whose cuda-version requirement is\n"
        "the CUDA major (--cuda, else the driver's), a .conda file before a\n"
        ".tar.bz2 one; packages without a sha256 are passed over. NVIDIA's channel\n"
        "splits a release: with its libcudnn comes the libcudnn-dev package of the\n"
        "same version and CUDA (the headers and the unversioned .so links), checked\n"
        "the same way and unpacked into the same set, unless --runtime.\n"
        "'cudnnv install FILE.conda' and 'FILE.tar.bz2' install a package file.\n"
        "\n"
        "cudnnv install --with-cuda-libs SOURCE|RELEASE|NAME\n"
        "The CUDA libraries the set loads besides itself are brought when a program\n"
        "started here would not find them, or would find them only for another CUDA\n"
        "major. From NVIDIA's CUDA redist (or [catalog] cuda_redist: a mirror, or a\n"
        "file:// copy of that folder): the newest redistrib_X.Y.Z.json of the set's\n"
        "CUDA major that has every component needed, each archive checked against\n"
        "its SHA-256 and size, unpacked by the rules of every install into\n"
        "$CUDNNV_ROOT/cuda/X.Y.Z/lib, once per CUDA release, shared by every set\n"
        "that needs it. With --index-url they come from NVIDIA's wheels on that\n"
        "index (nvidia-cublas-cuNN, nvidia-cuda-nvrtc-cuNN; checked against the\n"
        "index's SHA-256 and the wheel's RECORD) into $CUDNNV_ROOT/cuda/index-cuNN;\n"
        "with --channel, from that channel's libcublas and cuda-nvrtc packages into\n"
        "$CUDNNV_ROOT/cuda/channel-cuNN; with --cuda-libs-from PATH, from archives\n"
        "already downloaded into $CUDNNV_ROOT/cuda/local-cuNN, their SHA-256\n"
        "recorded for lock. A Windows set takes the redist's windows-x86_64\n"
        "archives (their DLLs) into $CUDNNV_ROOT/cuda/X.Y.Z/bin. For a set already\n"
        "installed, NAME brings only what it lacks. The set itself is not changed:\n"
        "$CUDNNV_ROOT/cuda/sets/NAME names what its shim loads, by path, before the\n"
        "set (a library of that name the process already loaded, such as a\n"
        "framework's own cuBLAS, is kept); LD_LIBRARY_PATH is left as it is. cuDNN\n"
        "8 asks for the unversioned libnvrtc.so: a forwarder shipped with cudnnv\n"
        "stands under that name. cuda_libs = auto under [install] does the same at\n"
        "every install.\n"
        "\n"
        "cudnnv install --allow-advised RELEASE\n"
        "versions/advisories.ini names ranges of releases to avoid, why, and its\n"
        "sources (9.10.0 broke its ABI, and JAX refuses it). Without the option,\n"
        "install passes over such a release, says why, and takes the newest one of\n"
        "the prefix that is not advised against; when none is left it stops. use\n"
        "warns when it pins one, and doctor warns of a selected set in any advised\n"
        "range.\n"
        "\n"
        "cudnnv install\n"
        "With no SOURCE, in a project: a pin already answered is named with its\n"
        "set. When .cudnn-version also pins a CUDA runtime ('cuda 11.0'), install\n"
        "brings it into $CUDNNV_ROOT/cuda/runtime/11.0/lib, only CUDA's libraries,\n"
        "from the first source that has it: the lock; --cuda-libs-from DIR (a\n"
        "folder of that CUDA's libraries: everything else in it is counted and\n"
        "left); --channel URL (cudatoolkit for 11.x, the split packages for 12 and\n"
        "later); --index-url URL (NVIDIA's nvidia-*-cuNN wheels); NVIDIA's CUDA\n"
        "redist for 11.4 and later, its apt repository for 11.0 to 11.3 (or\n"
        "wherever [catalog] cuda_apt is set).\n"
        "\n"
        "cudnnv install --locked [--platform P] [--runtime]\n"
        "Each archive comes from the cache, a mirror folder or the lock's address\n"
        "and is checked against the lock's SHA-256 (a sum that differs is refused\n"
        "and nothing is installed); a set already installed from those bits is left\n"
        "as it is. A lock written for other pins than .cudnn-version now holds is\n"
        "refused, naming both.\n",
    .notes = "A wheel's files are checked against its RECORD; a .conda package's payload is\n"
             "unpacked with the same rules as any archive.\n"
             "An archive whose file name is in the catalog is checked against the\n"
             "catalog's SHA-256 first. Members with absolute paths, '..', or links\n"
             "leading outside the set are refused, and nothing is installed.\n",
    .options = options,
    .operands = {.usage = "[SOURCE|RELEASE]", .complete = COMPLETE_RELEASES | COMPLETE_FILES, .max = 1},
};
