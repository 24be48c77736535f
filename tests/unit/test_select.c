/*
 * Unit tests of the selection rules on a throw-away store: source order,
 * per-major choice, prefix resolution, the system set, version file syntax,
 * and the failures that must not fall through to another source.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cudnnv_select.h"
#include "fsutil.h"

static char top[256], root[512], project[512], deep[512];

static void write_text(const char *path, const char *text)
{
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
}

static void add_set(const char *name, const char *version, const char *platform)
{
    char path[PATH_MAX], text[256];
    snprintf(path, sizeof path, "%s/versions/%s", root, name);
    assert_int_equal(make_dirs(path, 0755), 0);
    snprintf(path, sizeof path, "%s/versions/%s/cudnnv.ini", root, name);
    snprintf(text, sizeof text, "[set]\nversion = %s\nplatform = %s\n", version, platform);
    write_text(path, text);
}

static int group_setup(void **state)
{
    (void)state;
    strcpy(top, "/tmp/cudnnv-unit-XXXXXX");
    assert_non_null(mkdtemp(top));
    snprintf(root, sizeof root, "%s/store", top);
    snprintf(project, sizeof project, "%s/project", top);
    snprintf(deep, sizeof deep, "%s/project/a/b/c", top);
    assert_int_equal(make_dirs(deep, 0755), 0);
    add_set("8.0.4", "8.0.4", "linux");
    add_set("8.1.0.77", "8.1.0.77", "linux");
    add_set("8.1.1.33", "8.1.1.33", "linux");
    add_set("8.10.0", "8.10.0", "linux");
    add_set("8.1.1.33-windows", "8.1.1.33", "windows");
    add_set("9.1.0", "9.1.0", "linux");
    add_set("tf24", "8.0.4", "linux");
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    return remove_tree(top);
}

/* Writes dir/name with text, or removes it when text is NULL. */
static void file_in(const char *dir, const char *name, const char *text)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (text == NULL)
        unlink(path);
    else
        write_text(path, text);
}

static void file_at(const char *dir, const char *text)
{
    file_in(dir, ".cudnn-version", text);
}

static void global_file(const char *text)
{
    file_in(root, "version", text);
}

static enum cudnnv_status pick(const char *env, const char *cwd, int major, struct cudnnv_choice *choice)
{
    struct cudnnv_where where = {root, env, cwd, 0};
    return major < 0 ? cudnnv_select_first(&where, choice) : cudnnv_select_major(&where, major, choice);
}

/* Picks as the shim would, and checks the outcome and the set chosen. */
static void expect_pick(const char *env, const char *cwd, int major, enum cudnnv_status status, const char *name,
                        struct cudnnv_choice *choice)
{
    assert_int_equal(pick(env, cwd, major, choice), status);
    assert_string_equal(choice->name, name);
}

static void nearest_file_wins_and_prefix_picks_newest(void **state)
{
    struct cudnnv_choice choice;
    char expected[PATH_MAX];
    (void)state;
    file_at(project, "# pinned for TF 2.5\n8.1\n");
    global_file("8.0.4\n");
    expect_pick(NULL, deep, -1, CUDNNV_SELECTED, "8.1.1.33", &choice);
    assert_string_equal(choice.requested, "8.1");
    assert_int_equal(choice.origin, CUDNNV_ORIGIN_LOCAL);
    snprintf(expected, sizeof expected, "%s/.cudnn-version", project);
    assert_string_equal(choice.origin_path, expected);
    file_at(project, NULL);
    global_file(NULL);
}

static void prefix_never_crosses_a_dot_boundary(void **state)
{
    cudnnv_name out;
    (void)state;
    assert_true(cudnnv_resolve(root, "8.1", out));
    assert_string_equal(out, "8.1.1.33");
    assert_true(cudnnv_resolve(root, "8.10", out));
    assert_string_equal(out, "8.10.0");
    assert_true(cudnnv_resolve(root, "8", out));
    assert_string_equal(out, "8.10.0");
    assert_false(cudnnv_resolve(root, "8.2", out));
}

/* A Linux process never gets a Windows set, even one holding the exact name asked for. */
static void a_windows_set_is_never_chosen_here(void **state)
{
    cudnnv_name out;
    (void)state;
    assert_true(cudnnv_resolve(root, "8.1.1.33-windows", out));   /* named exactly, nothing else answers */
    assert_false(cudnnv_set_runs_here(root, out));
    add_set("7.6.5.32", "7.6.5.32", "windows");
    add_set("7.6.5.32-linux", "7.6.5.32", "linux");
    assert_true(cudnnv_resolve(root, "7.6.5.32", out));
    assert_string_equal(out, "7.6.5.32-linux");
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/versions/7.6.5.32", root);
    remove_tree(path);
    snprintf(path, sizeof path, "%s/versions/7.6.5.32-linux", root);
    remove_tree(path);
}

static void environment_beats_files(void **state)
{
    struct cudnnv_choice choice;
    (void)state;
    file_at(project, "8.1\n");
    expect_pick("8.0", project, -1, CUDNNV_SELECTED, "8.0.4", &choice);
    assert_int_equal(choice.origin, CUDNNV_ORIGIN_ENV);
    assert_string_equal(choice.origin_path, "CUDNNV_VERSION");
    file_at(project, NULL);
}

static void each_major_takes_its_own_line_and_source(void **state)
{
    struct cudnnv_choice choice;
    (void)state;
    file_at(project, "8.1\n");
    global_file("9\n8.0\n");
    expect_pick(NULL, deep, 8, CUDNNV_SELECTED, "8.1.1.33", &choice);
    assert_int_equal(choice.origin, CUDNNV_ORIGIN_LOCAL);
    expect_pick(NULL, deep, 9, CUDNNV_SELECTED, "9.1.0", &choice);
    assert_int_equal(choice.origin, CUDNNV_ORIGIN_GLOBAL);
    assert_int_equal(pick(NULL, deep, 7, &choice), CUDNNV_NOTHING_SELECTED);
    file_at(project, "9.1\n8.0\n");
    expect_pick(NULL, deep, 8, CUDNNV_SELECTED, "8.0.4", &choice);
    file_at(project, NULL);
    global_file(NULL);
}

static void named_set_counts_for_its_major(void **state)
{
    struct cudnnv_choice choice;
    (void)state;
    file_at(project, "tf24\n");
    expect_pick(NULL, project, 8, CUDNNV_SELECTED, "tf24", &choice);
    /* nothing names cuDNN 9: its newest installed set serves */
    expect_pick(NULL, project, 9, CUDNNV_SELECTED, "9.1.0", &choice);
    assert_int_equal(choice.origin, CUDNNV_ORIGIN_NEWEST);
    assert_int_equal(pick(NULL, project, 7, &choice), CUDNNV_NOTHING_SELECTED);
    file_at(project, NULL);
}

static void missing_version_stops_the_search(void **state)
{
    struct cudnnv_choice choice;
    (void)state;
    file_at(project, "8.3\n");
    global_file("8.0.4\n");
    assert_int_equal(pick(NULL, project, 8, &choice), CUDNNV_NOT_INSTALLED);
    assert_string_equal(choice.requested, "8.3");
    assert_string_equal(choice.name, "");
    assert_int_equal(pick(NULL, project, -1, &choice), CUDNNV_NOT_INSTALLED);
    file_at(project, "nosuchset\n");
    assert_int_equal(pick(NULL, project, 9, &choice), CUDNNV_NOT_INSTALLED);
    file_at(project, NULL);
    global_file(NULL);
}

static void invalid_name_in_a_file_is_reported(void **state)
{
    struct cudnnv_choice choice;
    char message[1024];
    (void)state;
    file_at(project, "8.1/../../../etc\n");
    assert_int_equal(pick(NULL, project, 8, &choice), CUDNNV_BAD_NAME);
    assert_string_equal(choice.requested, "8.1/../../../etc");
    cudnnv_describe_failure(CUDNNV_BAD_NAME, &choice, 8, message, sizeof message);
    assert_non_null(strstr(message, ".cudnn-version"));
    file_at(project, NULL);
}

static void system_serves_majors_nobody_names(void **state)
{
    struct cudnnv_choice choice;
    (void)state;
    add_set("system", "9.19.0", "linux");
    file_at(project, "8.1\n");
    expect_pick(NULL, project, 9, CUDNNV_SELECTED, "system", &choice);
    assert_int_equal(choice.origin, CUDNNV_ORIGIN_SYSTEM);
    assert_int_equal(pick(NULL, project, 7, &choice), CUDNNV_NOTHING_SELECTED);
    global_file("9.1\n");
    expect_pick(NULL, project, 9, CUDNNV_SELECTED, "9.1.0", &choice);
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/versions/system", root);
    remove_tree(path);
    file_at(project, NULL);
    global_file(NULL);
}

/* A judge for the test: the sets named in cannot_load do not load here. */
static const char *cannot_load = "";
static int judged = 0;

static int test_judge(const char *store, const char *name)
{
    (void)store;
    judged++;
    char word[CUDNNV_NAME_MAX + 3];
    snprintf(word, sizeof word, " %s ", name);
    return strstr(cannot_load, word) == NULL;
}

static void default_order_serves_the_first_that_loads(void **state)
{
    struct cudnnv_choice choice;
    struct cudnnv_where where = {root, NULL, project, 0};
    cudnnv_name next;
    (void)state;
    add_set("system", "8.9.7", "linux");
    /* the order: system, then the installed sets of the major newest first, the other platform's left out */
    assert_true(cudnnv_default_after(&where, 8, NULL, next));
    assert_string_equal(next, "system");
    assert_true(cudnnv_default_after(&where, 8, "system", next));
    assert_string_equal(next, "8.10.0");
    assert_true(cudnnv_default_after(&where, 8, "8.10.0", next));
    assert_string_equal(next, "8.1.1.33");
    assert_true(cudnnv_default_after(&where, 8, "8.0.4", next));
    assert_string_equal(next, "tf24");
    assert_false(cudnnv_default_after(&where, 8, "tf24", next));
    /* the judge passes over what it finds cannot load, and says which was passed over */
    cudnnv_set_load_judge(test_judge);
    cannot_load = " system 8.10.0 ";
    expect_pick(NULL, project, 8, CUDNNV_SELECTED, "8.1.1.33", &choice);
    assert_int_equal(choice.origin, CUDNNV_ORIGIN_NEWEST);
    assert_string_equal(choice.passed_over, "system");
    /* a pin is never second-guessed */
    file_at(project, "8.10\n");
    expect_pick(NULL, project, 8, CUDNNV_SELECTED, "8.10.0", &choice);
    assert_string_equal(choice.passed_over, "");
    file_at(project, NULL);
    /* none loads: the last serves (the shim loads it come what may, and its failure says why); the last is not
     * judged */
    cannot_load = " system 8.10.0 8.1.1.33 8.1.0.77 8.0.4 tf24 ";
    judged = 0;
    expect_pick(NULL, project, 8, CUDNNV_SELECTED, "tf24", &choice);
    assert_string_equal(choice.passed_over, "system");
    assert_int_equal(judged, 5);
    /* a lone set is never judged: nothing to prefer */
    judged = 0;
    expect_pick(NULL, project, 9, CUDNNV_SELECTED, "9.1.0", &choice);
    assert_int_equal(judged, 0);
    cudnnv_set_load_judge(NULL);
    cannot_load = "";
    expect_pick(NULL, project, 8, CUDNNV_SELECTED, "system", &choice);
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/versions/system", root);
    remove_tree(path);
}

static void nothing_selected_names_the_fix(void **state)
{
    struct cudnnv_choice choice;
    char message[1024];
    (void)state;
    /* no source speaks: the first choice is what a program gets all the same, the newest major's newest set */
    assert_int_equal(pick(NULL, project, -1, &choice), CUDNNV_SELECTED);
    assert_int_equal(choice.origin, CUDNNV_ORIGIN_NEWEST);
    assert_int_equal(choice.name[0], '9');
    memset(&choice, 0, sizeof choice);
    cudnnv_describe_failure(CUDNNV_NOTHING_SELECTED, &choice, -1, message, sizeof message);
    assert_non_null(strstr(message, "cudnnv use"));
    assert_non_null(strstr(message, "cudnnv global"));
}

static void version_file_syntax(void **state)
{
    cudnnv_name names[CUDNNV_MAX_LINES], bad;
    (void)state;
    assert_int_equal(cudnnv_read_names("# comment\n\n  8.1  \n9 # trailing\r\n", names, CUDNNV_MAX_LINES, bad), 2);
    assert_string_equal(names[0], "8.1");
    assert_string_equal(names[1], "9");
    assert_int_equal(cudnnv_read_names("8.1:9.1", names, CUDNNV_MAX_LINES, bad), 2);
    assert_string_equal(names[1], "9.1");
    assert_int_equal(cudnnv_read_names("\n# only comments\n", names, CUDNNV_MAX_LINES, bad), 0);
    assert_int_equal(cudnnv_read_names("8.1\n..\n", names, CUDNNV_MAX_LINES, bad), -1);
    assert_string_equal(bad, "..");
    assert_int_equal(cudnnv_read_names("\xef\xbb\xbf" "8.1\n", names, CUDNNV_MAX_LINES, bad), 1);
    assert_string_equal(names[0], "8.1");
    assert_int_equal(cudnnv_read_names("-rf\n", names, CUDNNV_MAX_LINES, bad), CUDNNV_READ_BAD_NAME);
    char many[CUDNNV_MAX_LINES * 4 + 8] = "";
    for (int i = 0; i <= CUDNNV_MAX_LINES; i++)
        strcat(many, "8.1\n");
    assert_int_equal(cudnnv_read_names(many, names, CUDNNV_MAX_LINES, bad), CUDNNV_READ_TOO_LONG);
}

/* The system store: searched after the user's, its sets listed and found, the user's own name first. */
static void system_store_comes_second(void **state)
{
    char system[512], path[PATH_MAX];
    cudnnv_name names[CUDNNV_MAX_SETS], out;
    (void)state;
    snprintf(system, sizeof system, "%s/system", top);
    snprintf(path, sizeof path, "%s/versions/8.9.7.29", system);
    assert_int_equal(make_dirs(path, 0755), 0);
    snprintf(path, sizeof path, "%s/versions/8.0.4", system);
    assert_int_equal(make_dirs(path, 0755), 0);
    int before = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    cudnnv_set_system_root(system);
    assert_int_equal(cudnnv_list_sets(root, names, CUDNNV_MAX_SETS), before + 1);
    assert_true(cudnnv_set_in_system(root, "8.9.7.29"));
    assert_false(cudnnv_set_in_system(root, "8.0.4"));          /* the user's own comes first */
    assert_true(cudnnv_resolve(root, "8.9", out));
    assert_string_equal(out, "8.9.7.29");
    assert_true(cudnnv_set_dir(root, "8.9.7.29", path, sizeof path));
    assert_true(strncmp(path, system, strlen(system)) == 0);
    cudnnv_set_system_root(root);                               /* the admin's own store: no second one */
    assert_false(cudnnv_set_in_system(root, "8.9.7.29"));
    cudnnv_set_system_root(NULL);
    assert_false(cudnnv_resolve(root, "8.9", out));
    snprintf(path, sizeof path, "%s/system", top);
    remove_tree(path);
}

/* A FIFO, an oversized file, or another user's file is never read as a pin (and never blocks). */
static void hostile_version_files(void **state)
{
    cudnnv_name names[CUDNNV_MAX_LINES], bad;
    char path[PATH_MAX];
    struct cudnnv_choice choice;
    (void)state;
    snprintf(path, sizeof path, "%s/.cudnn-version", project);
    assert_int_equal(mkfifo(path, 0644), 0);
    assert_int_equal(cudnnv_read_version_file(path, names, CUDNNV_MAX_LINES, bad), CUDNNV_READ_NOT_FILE);
    assert_int_equal(pick(NULL, deep, 8, &choice), CUDNNV_IO_ERROR);
    assert_int_equal(choice.problem, CUDNNV_READ_NOT_FILE);
    unlink(path);
    char big[CUDNNV_VERSION_FILE_MAX + 2];
    memset(big, '\n', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    big[0] = '8';
    file_at(project, big);   /* one byte more than a version file may hold */
    assert_int_equal(cudnnv_read_version_file(path, names, CUDNNV_MAX_LINES, bad), CUDNNV_READ_TOO_LONG);
    big[CUDNNV_VERSION_FILE_MAX] = '\0';
    file_at(project, big);   /* exactly as much */
    assert_int_equal(cudnnv_read_version_file(path, names, CUDNNV_MAX_LINES, bad), 1);
    file_at(project, "8.0\n");
    if (geteuid() == 0) {
        assert_int_equal(chown(path, 65534, 65534), 0);
        assert_int_equal(cudnnv_read_version_file(path, names, CUDNNV_MAX_LINES, bad), CUDNNV_READ_UNTRUSTED);
        global_file("8.1\n");
        assert_int_equal(pick(NULL, deep, 8, &choice), CUDNNV_SELECTED);
        assert_int_equal(choice.origin, CUDNNV_ORIGIN_GLOBAL);
        global_file(NULL);
    } else {
        printf("skipped: the owner check needs root to give a file to another user\n");
    }
    file_at(project, NULL);
}

static void walk_stops_at_the_nearest_file(void **state)
{
    char found[PATH_MAX], expected[PATH_MAX];
    char middle[1100];
    (void)state;
    snprintf(middle, sizeof middle, "%s/a", project);
    file_at(project, "8.0\n");
    file_at(middle, "8.1\n");
    assert_true(cudnnv_find_local_file(deep, found, sizeof found));
    snprintf(expected, sizeof expected, "%s/.cudnn-version", middle);
    assert_string_equal(found, expected);
    file_at(middle, NULL);
    assert_true(cudnnv_find_local_file(deep, found, sizeof found));
    snprintf(expected, sizeof expected, "%s/.cudnn-version", project);
    assert_string_equal(found, expected);
    file_at(project, NULL);
    assert_false(cudnnv_find_local_file(deep, found, sizeof found));
    assert_false(cudnnv_find_local_file("relative/dir", found, sizeof found));
}
