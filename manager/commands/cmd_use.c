/*
 * cudnnv use (alias local): pins versions for the current directory by
 * writing .cudnn-version there; without arguments shows the pin.
 */
#include "args.h"
#include "option_names.h"
#include "commands.h"
#include "cudnnv_select.h"
#include "messages.h"
#include "project_pins.h"
#include "framework_plan.h"
#include "store.h"

#include <limits.h>
#include <string.h>

enum { USE_FORCE, USE_UNSET, USE_FOR, USE_CUDA_RUNTIME, USE_TOOL_VERSIONS };

static const struct option_spec options[] = {
    [USE_FORCE] = {.name = OPTION_FORCE, .short_name = 'f', .help = "write the name even if no installed set matches it",
                   .conflicts = 1 << USE_UNSET | 1 << USE_FOR},
    [USE_UNSET] = {.name = OPTION_UNSET, .help = "remove this directory's .cudnn-version", .own_form = "", .alone = 1,
                   .conflicts = 1 << USE_FOR},
    [USE_FOR] = {.name = OPTION_FOR, .value_name = "FRAMEWORK[==VERSION]", .complete = COMPLETE_FRAMEWORKS,
                 .help = "FRAMEWORK==VERSION: pin the set this TensorFlow,\n"
                         "PyTorch, JAX or ONNX Runtime release accepts (by its own\n"
                         "rule), and the CUDA runtime it loads, e.g.\n"
                         "--for tensorflow==2.5, --for torch==2.4.\n"
                         "FRAMEWORK alone: the one installed in the active Python\n"
                         "(python3 on PATH), by what its wheel says (Requires-Dist:\n"
                         "nvidia-cudnn-cuNN, cuda-toolkit; TensorFlow's build_info).\n"
                         "Given several times, with the frameworks an earlier --for\n"
                         "planned here: one plan that serves them all, or none",
                 .own_form = "", .alone = 1},
    [USE_CUDA_RUNTIME] = {.name = OPTION_CUDA_RUNTIME, .value_name = "VERSION",
                          .help = "also pin the CUDA runtime programs started here see\n"
                                  "(a line 'cuda VERSION' in .cudnn-version, e.g. 11.0 for\n"
                                  "TensorFlow 2.4); 'none' removes it. Alone, it changes\n"
                                  "only that line. 'cudnnv install' brings it",
                          .conflicts = 1 << USE_UNSET | 1 << USE_FOR},
    [USE_TOOL_VERSIONS] = {.name = OPTION_TOOL_VERSIONS,
                           .help = "pin in this directory's .tool-versions (asdf's file, a line\n"
                                   "'cudnn VERSION'; its other lines are kept) instead of\n"
                                   ".cudnn-version; with --unset, remove that line",
                           .conflicts = 1 << USE_FOR | 1 << USE_CUDA_RUNTIME},
    {.name = NULL},
};

/* use --for FRAMEWORK[==VERSION]...: one plan for this project's frameworks, or nothing written. */
static int use_for(struct args *args)
{
    char path[PATH_MAX];
    const char *specs[PLAN_MAX_FRAMEWORKS];
    if (pin_file_named(path, sizeof path, CUDNNV_VERSION_FILE) != 0)
        return 1;
    return use_plan_write(path, specs, args_values(args, USE_FOR, specs, PLAN_MAX_FRAMEWORKS));
}

static int run(struct args *args)
{
    char path[PATH_MAX];
    if (args_has(args, USE_FOR))
        return use_for(args);
    int plain = !args_has(args, USE_TOOL_VERSIONS) && !args_has(args, USE_UNSET) && args->count > 0 &&
                args->value[USE_CUDA_RUNTIME] == NULL;
    if (plain ? pin_file_here(path, sizeof path) != 0
              : pin_file_named(path, sizeof path,
                                 args_has(args, USE_TOOL_VERSIONS) ? CUDNNV_TOOL_VERSIONS_FILE : CUDNNV_VERSION_FILE) != 0)
        return 1;
    if (args_has(args, USE_UNSET))
        return pin_unset(path);
    const char *runtime = args->value[USE_CUDA_RUNTIME];
    if (args->count == 0 && runtime == NULL)
        return pin_print(path);
    if (runtime != NULL && strcmp(runtime, "none") == 0)
        runtime = "";
    if (runtime != NULL && runtime[0] != '\0' && !cudnnv_cuda_release_is_valid(runtime))
        return usage_fail("use", "--cuda-runtime takes a CUDA release such as 11.0, or 'none'");
    if (args->count == 0)
        return pin_cuda_runtime_alone(path, runtime);
    return pin_write(path, args->count, args->operand, args_has(args, USE_FORCE), runtime);
}

const struct command command_use = {
    .name = "use",
    .run = run,
    .options = options,
    .operands = {.usage = "[VERSION...]", .complete = COMPLETE_SETS, .max = -1},
};

/* pyenv's and rbenv's name for the same command */
const struct command command_local = {.name = "local", .same_as = &command_use};
