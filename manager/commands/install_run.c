/*
 * cudnnv install and cudnnv mirror in the helper cudnnv-install (their
 * tables are in install_options.c, which also reads install's options
 * into its request, and cmd_mirror.c): the work done below
 * (install/install_project.c, install/mirror.c), and each set installed
 * said, as a line and as --json.
 */
#include "args.h"
#include "commands.h"
#include "install_project.h"
#include "json.h"
#include "messages.h"
#include "mirror.h"
#include "store.h"


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
    int status = install_parse(args, &request);
    if (status != 0)
        return status;
    /* a download holds only the download lock: the store stays free meanwhile */
    if (!request.dry_run && store_prepare(store_root()) != 0)
        return 1;
    return install_perform(&request, print_result);
}
