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
        cudnnv_json_put_text(item, "check", finding->check);
        cudnnv_json_put_text(item, "status", verdict_words[finding->verdict]);
        cudnnv_json_put_text(item, "detail", finding->detail);
        cudnnv_json_put_text(item, "fix", finding->fix);
        json_array_append_new(list, item);
    }
    cudnnv_json_print(stdout, list);
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
    doctor_check_project_frameworks(&doctor);
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
    .options = options,
};
