/*
 * cudnnv doctor [--json]: explains why a set would not load. Each check
 * prints OK, WARN, FAIL (with the fix) or SKIP (what it could not check, and
 * why): selection, the set's files, the shims and library path, copies that
 * shadow them (LD_LIBRARY_PATH, the loader cache, CUDA's own directories),
 * the NVIDIA driver against the set's CUDA, the GPU's compute capability,
 * and the installed TensorFlow / PyTorch against the set.
 */
#include "args.h"
#include "commands.h"
#include "doctor.h"
#include "selection.h"

#include <stdio.h>
#include <string.h>

enum { DOCTOR_JSON };

static const struct option_spec options[] = {
    [DOCTOR_JSON] = {.name = "--json", .help = "an array of objects: check, status, detail, fix"},
    {.name = NULL},
};

static const char *const verdict_words[] = {"OK", "WARN", "FAIL", "SKIP"};

static void print_text(const struct doctor *doctor)
{
    int tally[4] = {0};
    for (int i = 0; i < doctor->count; i++) {
        const struct doctor_finding *finding = &doctor->findings[i];
        tally[finding->verdict]++;
        printf("%-5s %s: %s\n", verdict_words[finding->verdict], finding->check, finding->detail);
        if (finding->fix[0] != '\0')
            printf("      fix: %s\n", finding->fix);
    }
    printf("%d ok, %d warning%s, %d failure%s, %d not checked\n", tally[DOCTOR_OK], tally[DOCTOR_WARN],
           tally[DOCTOR_WARN] == 1 ? "" : "s", tally[DOCTOR_FAIL], tally[DOCTOR_FAIL] == 1 ? "" : "s",
           tally[DOCTOR_SKIP]);
}

static void print_json(const struct doctor *doctor)
{
    json_t *list = json_array();
    for (int i = 0; i < doctor->count; i++) {
        const struct doctor_finding *finding = &doctor->findings[i];
        json_t *item = json_object();
        json_put_text(item, "check", finding->check);
        json_put_text(item, "status", verdict_words[finding->verdict]);
        json_put_text(item, "detail", finding->detail);
        json_put_text(item, "fix", finding->fix);
        json_array_append_new(list, item);
    }
    json_print(stdout, list);
}

static int run(struct args *args)
{
    static struct doctor doctor;
    int json = args_has(args, DOCTOR_JSON);
    memset(&doctor, 0, sizeof doctor);
    selection_where(&doctor.where);
    cudnnv_read_sources(&doctor.where, &doctor.sources);
    doctor_check_selection(&doctor);
    doctor_check_sets(&doctor);
    doctor_check_needs(&doctor);
    doctor_check_advisories(&doctor);
    doctor_check_library_path(&doctor);
    doctor_check_loader_cache(&doctor);
    doctor_check_cuda_directories(&doctor);
    doctor_check_driver(&doctor);
    doctor_check_gpu(&doctor);
    doctor_check_frameworks(&doctor);
    if (json)
        print_json(&doctor);
    else
        print_text(&doctor);
    for (int i = 0; i < doctor.count; i++) {
        if (doctor.findings[i].verdict == DOCTOR_FAIL)
            return EXIT_USER_ERROR;
    }
    return 0;
}

const struct command command_doctor = {
    .name = "doctor",
    .run = run,
    .summary = "explain why the selected cuDNN would not load",
    .description =
        "Check why the selected cuDNN would not load, and say how to fix it:\n"
        "  selection      a version is selected, and installed\n"
        "  set            the selected sets are complete (their MANIFEST)\n"
        "  needs          what the sets' libraries load besides cuDNN (cuBLAS, NVRTC,\n"
        "                 zlib) is found where programs started here look, and is\n"
        "                 of the set's CUDA major\n"
        "  advisories     the set is not a release advised against (9.10.0: an ABI\n"
        "                 break), with why\n"
        "  shims          the shim libraries are in the store\n"
        "  library path   the shim directory is on LD_LIBRARY_PATH, and no other\n"
        "                 libcudnn comes before it\n"
        "  loader cache   libcudnn in the system's loader cache (ldconfig -p)\n"
        "  CUDA dirs      cuDNN copied into a CUDA toolkit directory\n"
        "  driver         the NVIDIA driver is new enough for the set's CUDA\n"
        "  GPU            the GPU's compute capability is supported by the set\n"
        "  frameworks     the active Python's TensorFlow / PyTorch accept the set\n"
        "What cannot be checked here (no driver, no GPU, no Python) says so.\n"
        "Exits 1 when a check fails.\n",
    .details =
        "Each check prints OK, WARN, FAIL (with a fix line) or SKIP (what could not\n"
        "be checked here, and why). needs: what a set's libraries need and the set\n"
        "does not hold (read from their DT_NEEDED entries at install) and what cuDNN\n"
        "opens at run time (versions/runtime-needs.ini: cuBLASLt and NVRTC of the\n"
        "set's CUDA major for cuDNN 9, the unversioned libnvrtc.so for cuDNN 8),\n"
        "each looked for where the loader will look for a program started here (the\n"
        "set's CUDA libraries, LD_LIBRARY_PATH, the libraries' own RUNPATH, the\n"
        "loader cache, the default folders): a FAIL when found nowhere or only for\n"
        "another CUDA major, naming the library, the feature that needs it and the\n"
        "fix. driver: /proc/driver/nvidia/version, or the file named by\n"
        "CUDNNV_NVIDIA_VERSION_FILE. GPU: read through the CUDA driver API.\n"
        "frameworks: their metadata is read, they are not imported.\n",
    .options = options,
};
