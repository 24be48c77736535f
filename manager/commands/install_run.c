/*
 * cudnnv install and cudnnv mirror in the helper cudnnv-install (their
 * tables and help are in cmd_install.c and cmd_mirror.c): the options read
 * into a request, the work done below (install/install_project.c,
 * install/mirror.c), and each set installed said, as a line and as --json.
 */
#include "args.h"
#include "catalog.h"
#include "commands.h"
#include "config.h"
#include "install_project.h"
#include "json.h"
#include "messages.h"
#include "mirror.h"
#include "store.h"

#include "cudnnv_select.h"

#include <string.h>

static int parse_install(struct args *args, struct install_request *request)
{
    memset(request, 0, sizeof *request);
    if (args_has(args, INSTALL_LIST))
        return usage_fail("install", "--list is answered by cudnnv itself: run 'cudnnv install --list'");
    request->name = args->value[INSTALL_NAME];
    request->sha256 = args->value[INSTALL_SHA256];
    request->cuda = args->value[INSTALL_CUDA];
    request->platform = args->value[INSTALL_PLATFORM];
    request->gpu = args->value[INSTALL_GPU];
    request->index_url = args->value[INSTALL_INDEX_URL];
    request->no_verify = args_has(args, INSTALL_NO_VERIFY);
    request->channel = args->value[INSTALL_CHANNEL];
    struct config config;
    config_read(store_root(), &config);
    request->libraries_only = args_has(args, INSTALL_LIBRARIES_ONLY) || config.install_libraries_only;
    request->force = args_has(args, INSTALL_FORCE);
    request->no_catalog_check = args_has(args, INSTALL_NO_CATALOG_CHECK);
    request->json = args_has(args, INSTALL_JSON);
    request->cuda_libs_from = args->value[INSTALL_CUDA_LIBS_FROM];
    request->with_cuda_libs = args_has(args, INSTALL_WITH_CUDA_LIBS) || request->cuda_libs_from != NULL;
    request->allow_advised = args_has(args, INSTALL_ALLOW_ADVISED);
    request->dry_run = args_has(args, INSTALL_DRY_RUN);
    request->cuda_libs_auto = config.cuda_libs_auto;
    request->source = args->count ? args->operand[0] : NULL;
    if (request->platform != NULL && catalog_platform_from_name(request->platform) < 0)
        return catalog_platform_refused(request->platform);
    if (request->name != NULL && !cudnnv_name_is_valid(request->name))
        return usage_fail("install", "invalid --name '%s': a name has %s", request->name, cudnnv_name_rule());
    return 0;
}

static void print_result(const struct install_request *request, const struct resolved_archive *from,
                         const struct install_result *result)
{
    /* the count the copy showed: the set's own cudnnv.ini is not from the source */
    note("installed %s (cuDNN %s%s%s) from %s: %d files and cudnnv.ini, %d links, %d shared with other sets",
         result->name, result->info.version, result->info.cuda[0] ? ", CUDA " : "",
         result->info.cuda, from->path, result->stats.files - 1, result->stats.links,
         result->stats.shared);
    if (set_info_is_libraries_only(&result->info))
        note("(runtime only: its headers and static libraries were left out; install it again without --runtime to build against it)");
    if (!request->json)
        return;
    json_t *set = json_object();
    cudnnv_json_put_text(set, "name", result->name);
    cudnnv_json_put_text(set, "version", result->info.version);
    cudnnv_json_put_text(set, "cuda", result->info.cuda);
    cudnnv_json_put_text(set, "platform", result->info.platform);
    cudnnv_json_put_text(set, "path", result->set_dir);
    cudnnv_json_put_bool(set, "runtime", set_info_is_libraries_only(&result->info));
    cudnnv_json_put_int(set, "files", result->stats.files);
    cudnnv_json_put_int(set, "links", result->stats.links);
    cudnnv_json_put_int(set, "shared", result->stats.shared);
    cudnnv_json_put_int(set, "bytes", (long long)result->stats.bytes);
    cudnnv_json_print(stdout, set);
}

/* What 'cudnnv mirror' does in the helper, once its arguments are parsed (the work: install/mirror.c). */
int mirror_run(struct args *args)
{
    struct mirror_request request = {.dir = args->operand[0], .lock = args->value[MIRROR_LOCK],
                                     .platforms = args->value[MIRROR_PLATFORM],
                                     .releases = (const char *const *)args->operand + 1,
                                     .release_count = args->count - 1};
    return mirror_fill(&request);
}

/* What the helper cudnnv-install does, once its arguments are parsed (the work: install/install_project.c). */
int install_run(struct args *args)
{
    struct install_request request;
    int status = parse_install(args, &request);
    if (status != 0)
        return status;
    /* a download holds only the download lock: the store stays free meanwhile */
    if (!request.dry_run && store_prepare(store_root()) != 0)
        return 1;
    return install_perform(&request, args_has(args, INSTALL_LOCKED), print_result);
}
