/*
 * Unit tests of what cudnnv reads of a Python package's requirements
 * (manager/catalog/python_requirement.c): PEP 440 specifiers as NVIDIA's
 * cuda-toolkit and the frameworks write them, PEP 508 markers for the
 * platform cudnnv installs for, Requires-Dist lines up to METADATA's end of
 * headers; and NVIDIA's redist labels (redist_manifest.c), releases only.
 */
#include "catalog.h"
#include "python_requirement.h"
#include "redist_manifest.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

static void a_prefix_clause_takes_the_release_and_its_longer_versions_only(void **state)
{
    (void)state;
    assert_true(python_specifier_accepts("==13.4.0.1.*", "13.4.0.1"));
    assert_true(python_specifier_accepts("==13.4.0.1.*", "13.4.0.1.5"));
    assert_false(python_specifier_accepts("==13.4.0.1.*", "13.4.0.10"));
    assert_false(python_specifier_accepts("==13.0.*", "13.1.0"));
    assert_true(python_specifier_accepts("!=13.0.*", "13.1.0"));
}

static void an_exact_version_is_matched_whole(void **state)
{
    (void)state;
    assert_true(python_specifier_accepts("==11.0.8.103", "11.0.8.103"));
    assert_false(python_specifier_accepts("==11.0.8.103", "11.0.8.103.1"));
    assert_true(python_specifier_accepts("==9.1", "9.1.0"));   /* PEP 440 pads with zeros */
    assert_false(python_specifier_accepts("==9.1", "9.10"));
}

static void ranges_and_several_clauses(void **state)
{
    (void)state;
    assert_true(python_specifier_accepts("<10,>=9.12.0.46", "9.19.0.56"));
    assert_false(python_specifier_accepts("<10,>=9.12.0.46", "9.8.0"));
    assert_false(python_specifier_accepts("<10,>=9.12.0.46", "10.0"));
    assert_true(python_specifier_accepts(">=9.8, <10", "9.8"));
    assert_true(python_specifier_accepts("~=2.2.1", "2.2.9"));
    assert_false(python_specifier_accepts("~=2.2.1", "2.3.0"));
    assert_true(python_specifier_accepts("", "1.0"));
    /* what is not a dotted number is never met */
    assert_false(python_specifier_accepts("==9.1", "9.1x"));
    assert_false(python_specifier_accepts("==9.1;", "9.1"));
    assert_false(python_specifier_accepts("=9.1", "9.1"));
}

static void a_pin_is_told_from_a_range(void **state)
{
    (void)state;
    char version[32];
    int prefix = -1;
    assert_true(python_specifier_pinned("==13.0.2", version, sizeof version, &prefix));
    assert_string_equal(version, "13.0.2");
    assert_false(prefix);
    assert_true(python_specifier_pinned("==12.4.127.*", version, sizeof version, &prefix));
    assert_string_equal(version, "12.4.127");
    assert_true(prefix);
    assert_false(python_specifier_pinned(">=9.12,<10", version, sizeof version, &prefix));
    assert_false(python_specifier_pinned("==9.x", version, sizeof version, &prefix));
}

static void markers_hold_for_the_platform_and_extras(void **state)
{
    (void)state;
    int linux = CATALOG_LINUX, windows = CATALOG_WINDOWS;
    assert_int_equal(python_marker_holds("", linux, 0), 1);
    assert_int_equal(python_marker_holds("sys_platform == \"linux\" and extra == \"cufile\"", linux, 1), 1);
    assert_int_equal(python_marker_holds("sys_platform == \"linux\" and extra == \"cufile\"", linux, 0), 0);
    assert_int_equal(python_marker_holds("sys_platform == \"linux\" and extra == \"cufile\"", windows, 1), 0);
    assert_int_equal(python_marker_holds("(sys_platform == 'linux' or sys_platform == 'win32') and extra == 'cublas'",
                                         windows, 1), 1);
    assert_int_equal(python_marker_holds("platform_system == \"Linux\" and platform_machine == \"x86_64\"", linux, 0), 1);
    assert_int_equal(python_marker_holds("platform_machine == \"aarch64\"", linux, 0), 0);
    assert_int_equal(python_marker_holds("python_version >= \"3.9\"", linux, 0), 1);
    assert_int_equal(python_marker_holds("\"linux\" in sys_platform", linux, 0), 1);
    /* what cannot be read is said */
    assert_int_equal(python_marker_holds("sys_platform ==", linux, 0), -1);
    assert_int_equal(python_marker_holds("(((sys_platform == 'linux')", linux, 0), -1);
    assert_int_equal(python_marker_holds("sys_platform == 'linux' extra", linux, 0), -1);
}

static void requirements_are_read_to_the_end_of_the_headers(void **state)
{
    (void)state;
    static const char metadata[] =
        "Metadata-Version: 2.1\r\nName: torch\r\nVersion: 2.11.0\r\n"
        "Requires-Dist: nvidia-cudnn-cu13==9.19.0.56; platform_system == \"Linux\"\r\n"
        "Requires-Dist: cuda-toolkit[cublas,cudart]==13.0.2; platform_system == \"Linux\"\r\n"
        "Requires-Dist: Opt_Einsum>=3.3; extra == \"opt-einsum\"\r\n"
        "\r\n"
        "Requires-Dist: not-a-header==1.0\r\n";
    struct python_requirement requirement;
    const char *cursor = metadata;
    assert_true(python_requirement_next(&cursor, &requirement));
    assert_string_equal(requirement.name, "nvidia-cudnn-cu13");
    assert_string_equal(requirement.specifier, "==9.19.0.56");
    assert_string_equal(requirement.marker, "platform_system == \"Linux\"");
    assert_true(python_requirement_next(&cursor, &requirement));
    assert_string_equal(requirement.name, "cuda-toolkit");
    assert_string_equal(requirement.extras, "cublas,cudart");
    assert_string_equal(requirement.specifier, "==13.0.2");
    assert_true(python_requirement_next(&cursor, &requirement));
    assert_string_equal(requirement.name, "opt-einsum");
    assert_false(python_requirement_next(&cursor, &requirement));
}

static void redist_labels_are_releases(void **state)
{
    (void)state;
    static const char *const good[] = {"12.2", "12.2.2", "9.7.1", "11.0.3.1"};
    static const char *const bad[] = {"12.2.", "12", "12..2", ".12.2", "12.2.2.2.2", "123456.1", "12.a"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_true(redist_label_is_valid(good[i], strlen(good[i])));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(redist_label_is_valid(bad[i], strlen(bad[i])));
    char labels[8][32];
    assert_int_equal(redist_index_labels("redistrib_12.2..json redistrib_12.2.2.json redistrib_x.json", labels, 8), 1);
    assert_string_equal(labels[0], "12.2.2");
}
