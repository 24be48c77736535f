/*
 * cudnnv install SOURCE: a cuDNN set from a directory or an NVIDIA archive,
 * copied into the store. Everything happens in a staging directory under
 * the store lock; the set appears under versions/ by one rename at the end,
 * so a failure or a kill leaves nothing half-installed.
 */
#include "install_archive.h"
#include "catalog.h"
#include "cli.h"
#include "commands.h"
#include "fsutil.h"
#include "install_catalog.h"
#include "install_steps.h"
#include "shim_files.h"
#include "store.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

const char cmd_install_help[] =
    "Usage: cudnnv install [--name NAME] [--sha256 HEX] [--no-catalog-check] [--force] [--json] SOURCE\n"
    "       cudnnv install [--cuda VERSION] [--platform P] [--name NAME] [--force] [--json] RELEASE\n"
    "       cudnnv install --list [PREFIX]     (the catalog, as 'cudnnv known' lists it)\n"
    "\n"
    "Install a cuDNN set into the store ($CUDNNV_ROOT, default ~/.cudnnv).\n"
    "SOURCE is one of:\n"
    "  a directory holding cuDNN: a CUDA toolkit (include/ and lib/ or lib64/),\n"
    "    a pip nvidia/cudnn folder, or an unpacked NVIDIA archive;\n"
    "  an NVIDIA archive: .tar.xz or .tgz (Linux), .zip (Windows);\n"
    "  a release of the catalog ('cudnnv known'), e.g. 8.1 or 9.19.0.56: the\n"
    "    newest release of that prefix with a build for this platform and for\n"
    "    the CUDA this machine's driver runs (it says which, and why); its\n"
    "    archive is taken from $CUDNNV_ROOT/cache, from a mirror folder\n"
    "    ([download] mirrors = DIR:DIR in config), or downloaded (resumed if\n"
    "    interrupted; [download] base_url = URL replaces NVIDIA's address),\n"
    "    and checked against the catalog's SHA-256 before anything is extracted.\n"
    "\n"
    "The version is read from cudnn_version.h (cudnn.h for 7.x), else from the\n"
    "library names; NVIDIA's archive name adds the build number and the CUDA\n"
    "version. The set is named after its version (8.1.0.77); the same version\n"
    "for a second CUDA major gets a -cudaN suffix.\n"
    "\n"
    "Options:\n"
    "  --name NAME     install under this name instead\n"
    "  --sha256 HEX    check the archive's SHA-256 before extracting anything\n"
    "  --cuda VERSION  for a catalog release: the build for this CUDA (default:\n"
    "                  the newest the driver runs, or the newest without a driver)\n"
    "  --platform P    for a catalog release: linux-x86_64, linux-sbsa (Arm\n"
    "                  servers), linux-aarch64 (Jetson) or windows-x86_64, e.g.\n"
    "                  to fill a store for another machine (default: this one)\n"
    "  --no-catalog-check  install an archive whose name the catalog knows even\n"
    "                  when its SHA-256 differs from the catalog's\n"
    "  --force         replace a set already installed under that name\n"
    "  --json          print what was installed as JSON on stdout\n"
    "\n"
    "An archive whose file name is in the catalog is checked against the\n"
    "catalog's SHA-256 first. Members with absolute paths, '..', or links\n"
    "leading outside the set are refused, and nothing is installed.\n";

static int parse_install(int argc, char **argv, struct install_request *request)
{
    static const struct option options[] = {
        {"name", required_argument, NULL, 'n'},
        {"sha256", required_argument, NULL, 's'},
        {"cuda", required_argument, NULL, 'c'},
        {"platform", required_argument, NULL, 'p'},
        {"force", no_argument, NULL, 'f'},
        {"no-catalog-check", no_argument, NULL, 'k'},
        {"json", no_argument, NULL, 'j'},
        {NULL, 0, NULL, 0},
    };
    int option;
    memset(request, 0, sizeof *request);
    opterr = 0;
    while ((option = getopt_long(argc, argv, "fn:", options, NULL)) != -1) {
        switch (option) {
        case 'n': request->name = optarg; break;
        case 's': request->sha256 = optarg; break;
        case 'c': request->cuda = optarg; break;
        case 'p': request->platform = optarg; break;
        case 'f': request->force = 1; break;
        case 'k': request->no_catalog_check = 1; break;
        case 'j': request->json = 1; break;
        default: return usage_fail("install", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind != argc - 1)
        return usage_fail("install", "give exactly one SOURCE (an archive or a directory)");
    request->source = argv[optind];
    if (request->platform != NULL && catalog_platform_from_name(request->platform) < 0)
        return usage_fail("install", "unknown platform '%s': linux-x86_64, linux-sbsa, linux-aarch64 or windows-x86_64",
                          request->platform);
    if (request->name != NULL && !cudnnv_name_is_valid(request->name))
        return usage_fail("install", "invalid --name '%s': no '/', '\\', '..', spaces or control characters, at most %d bytes",
                          request->name, CUDNNV_NAME_MAX);
    return 0;
}

static void print_result(const struct install_request *request, const struct install_result *result)
{
    note("cudnnv: installed %s (cuDNN %s%s%s) from %s: %d files, %d links, %d shared with other sets",
         result->name, result->info.version, result->info.cuda[0] ? ", CUDA " : "",
         result->info.cuda, request->source, result->stats.files, result->stats.links,
         result->stats.shared);
    if (!request->json)
        return;
    printf("{\"name\": ");
    json_string(stdout, result->name);
    json_next_member(stdout, "version", result->info.version);
    json_next_member(stdout, "cuda", result->info.cuda);
    json_next_member(stdout, "platform", result->info.platform);
    json_next_member(stdout, "path", result->set_dir);
    printf(", \"files\": %d, \"links\": %d, \"shared\": %d, \"bytes\": %llu}\n",
           result->stats.files, result->stats.links, result->stats.shared, result->stats.bytes);
}

/* A SOURCE that is no file or directory but a release name: bring its archive here first. */
static int resolve_catalog_source(struct install_request *request, char *archive, size_t size, char sha256[65])
{
    if (is_directory(request->source) || is_regular_file(request->source) ||
        !cudnnv_name_is_valid(request->source) || cudnnv_name_major(request->source) < 0)
        return 0;
    if (request->sha256 != NULL)
        return usage_fail("install", "--sha256 checks a file; a catalog release is checked against the catalog");
    int platform = request->platform ? catalog_platform_from_name(request->platform) : (int)catalog_host_platform();
    if (install_catalog_archive(request->source, request->cuda, platform, archive, size, sha256) != 0)
        return 1;
    request->source = archive;
    request->checked_sha256 = sha256[0] ? sha256 : NULL;
    return 0;
}

/* install --list [PREFIX]: the catalog, as 'cudnnv known' lists it (pyenv's spelling). */
static int list_catalog(int argc, char **argv)
{
    char *known[4] = {"known", NULL, NULL, NULL};
    int count = 1;
    for (int i = 1; i < argc && count < 3; i++) {
        if (strcmp(argv[i], "--list") != 0)
            known[count++] = argv[i];
    }
    return cmd_known(count, known);
}

int cmd_install(int argc, char **argv)
{
    struct install_request request;
    struct install_result result;
    char staging[4096], archive[4096], sha256[65];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--list") == 0)
            return list_catalog(argc, argv);
    }
    int status = parse_install(argc, argv, &request);
    if (status != 0)
        return status;
    const char *root = store_root();
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    /* under the lock: two installs of one release must not write one download */
    status = resolve_catalog_source(&request, archive, sizeof archive, sha256);
    if (status == 0)
        status = store_new_staging(root, "install", staging, sizeof staging);
    if (status != 0) {
        store_unlock(lock);
        return status;
    }
    status = install_in_staging(&request, root, staging, &result);
    if (status == 0)
        status = store_publish(root, result.staged_set, result.name, result.replace);
    if (status == 0) {
        shim_files_follow_store(root);
        print_result(&request, &result);
    }
    remove_tree(staging);
    store_unlock(lock);
    return status;
}
