/*
 * cudnnv version: the selected set and what selected it; --all shows the
 * choice for each cuDNN major (7, 8, 9), as the shim would make it.
 */
#include "args.h"
#include "commands.h"
#include "cuda_runtime.h"
#include "selection.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

enum { VERSION_ALL, VERSION_JSON };

static const struct option_spec options[] = {
    [VERSION_ALL] = {.name = "--all", .help = "the choice for each cuDNN major (what a program loading\n"
                                            "cuDNN 7, 8 or 9 would get)"},
    [VERSION_JSON] = {.name = "--json", .help = "print as JSON"},
    {.name = NULL},
};

/* The project's CUDA runtime pin, in words: "" when nothing is pinned. */
static void runtime_text(const struct cudnnv_where *where, char *version, size_t version_size, char *text, size_t size)
{
    struct cuda_runtime_pin pin;
    char lib[PATH_MAX], why[PATH_MAX + 256];
    version[0] = text[0] = '\0';
    int pinned = cuda_runtime_pinned(where, &pin, why, sizeof why);
    if (pinned < 0)
        snprintf(text, size, "%s", why);
    else if (pinned > 0 && cuda_runtime_find(where->root, pin.version, lib, sizeof lib))
        snprintf(text, size, "CUDA runtime %s: %s (set by %s)", pin.version, lib, pin.origin);
    else if (pinned > 0)
        snprintf(text, size, "CUDA runtime %s (set by %s): not installed; run 'cudnnv install' there", pin.version,
                 pin.origin);
    if (pinned > 0)
        snprintf(version, version_size, "%s", pin.version);
}

static void print_runtime_text(void)
{
    struct cudnnv_where where;
    char version[32], text[3 * PATH_MAX], shown[4 * sizeof text];
    selection_where(&where);
    runtime_text(&where, version, sizeof version, text, sizeof text);
    cudnnv_escape_text(text, shown, sizeof shown);   /* a project folder's name may hold control bytes */
    if (text[0] != '\0')
        printf("%s\n", shown);
}

static json_t *choice_json(const struct cudnnv_choice *choice, int major, enum cudnnv_status status)
{
    json_t *item = json_object();
    if (major >= 0)
        cudnnv_json_put_int(item, "major", major);
    cudnnv_json_put_bool(item, "selected", status == CUDNNV_SELECTED);
    cudnnv_json_put_text(item, "name", choice->name);
    cudnnv_json_put_text(item, "requested", choice->requested);
    cudnnv_json_put_text(item, "origin", cudnnv_origin_word(choice->origin));
    cudnnv_json_put_text(item, "origin_path", choice->origin_path);
    if (major < 0) {   /* the project's CUDA runtime beside its first pin */
        struct cudnnv_where where;
        char version[32], text[3 * PATH_MAX];
        selection_where(&where);
        runtime_text(&where, version, sizeof version, text, sizeof text);
        cudnnv_json_put_text(item, "cuda_runtime", version);
        cudnnv_json_put_text(item, "cuda_runtime_text", text);
    }
    return item;
}

static int show_all(int json);

/* How many majors a program could get a set for here (7, 8, 9). */
static int majors_selected(void)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    int count = 0;
    selection_where(&where);
    cudnnv_read_sources(&where, &sources);
    for (int major = 7; major <= 9; major++)
        count += cudnnv_choose_major(&where, &sources, major, &choice) == CUDNNV_SELECTED;
    return count;
}

static int show_first(int json)
{
    struct cudnnv_where where;
    struct cudnnv_choice choice;
    char origin[PATH_MAX + 16];
    selection_where(&where);
    enum cudnnv_status status = cudnnv_select_first(&where, &choice);
    if (status != CUDNNV_SELECTED)
        return selection_report(status, &choice, -1);
    if (json)
        return cudnnv_json_print(stdout, choice_json(&choice, -1, status)) == 0 ? 0 : 1;
    /* nothing names a version here: one set would be a guess at what a program gets, so each major's */
    if ((choice.origin == CUDNNV_ORIGIN_NEWEST || choice.origin == CUDNNV_ORIGIN_SYSTEM) && majors_selected() > 1) {
        printf("no version file or CUDNNV_VERSION names a version here; what a program gets for each cuDNN major:\n");
        return show_all(0);
    }
    selection_origin_text(&choice, origin, sizeof origin);
    char version[CUDNNV_NAME_MAX + 1];
    struct cudnnv_where here;
    selection_where(&here);
    if (cudnnv_set_version(here.root, choice.name, version, sizeof version) && strcmp(version, choice.name) != 0)
        printf("%s: cuDNN %s (%s)\n", choice.name, version, origin);   /* a linked name says no version itself */
    else
        printf("%s (%s)\n", choice.name, origin);
    print_runtime_text();
    return 0;
}

static int show_all(int json)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    char text[PATH_MAX + 512];
    int shown = 0, failed = 0;
    json_t *list = json ? json_array() : NULL;
    selection_where(&where);
    cudnnv_read_sources(&where, &sources);
    for (int major = 7; major <= 9; major++) {
        enum cudnnv_status status = cudnnv_choose_major(&where, &sources, major, &choice);
        if (status == CUDNNV_NOTHING_SELECTED)
            continue;
        failed |= status != CUDNNV_SELECTED;
        if (json)
            json_array_append_new(list, choice_json(&choice, major, status));
        else if (status == CUDNNV_SELECTED) {
            selection_origin_text(&choice, text, sizeof text);
            printf("cuDNN %d: %s (%s)\n", major, choice.name, text);
        } else {
            cudnnv_describe_failure(status, &choice, major, text, sizeof text);
            printf("cuDNN %d: %s\n", major, text);
        }
        shown++;
    }
    if (json)
        cudnnv_json_print(stdout, list);
    if (shown == 0 && !json)
        printf("no cuDNN version is selected for any major\n");
    if (!json)
        print_runtime_text();
    return failed ? EXIT_USER_ERROR : 0;
}

static int run(struct args *args)
{
    int json = args_has(args, VERSION_JSON);
    return args_has(args, VERSION_ALL) ? show_all(json) : show_first(json);
}

const struct command command_version = {
    .name = "version",
    .run = run,
    .options = options,
};
