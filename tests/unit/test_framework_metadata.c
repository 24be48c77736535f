/*
 * Unit tests of what frameworks say of their own cuDNN: the Requires-Dist
 * lines of PyTorch's and JAX's wheels, TensorFlow's build_info, and which
 * set versions satisfy them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "framework_metadata.h"

static void pytorch_pins_one_build(void **state)
{
    struct cudnn_requirement requirement;
    (void)state;
    assert_true(framework_requirement_from_metadata(
        "Metadata-Version: 2.1\nName: torch\nVersion: 2.11.0+cu130\n"
        "Requires-Dist: nvidia-cudnn-cu13==9.19.0.56; platform_system == \"Linux\"\n", &requirement));
    assert_string_equal(requirement.least, "9.19.0.56");
    assert_string_equal(requirement.below, "10");
    assert_string_equal(requirement.said, "nvidia-cudnn-cu13==9.19.0.56");
    assert_true(framework_requirement_accepts(&requirement, "9.19.0.56"));
    assert_true(framework_requirement_accepts(&requirement, "9.19.0"));   /* a set named without its build */
    assert_true(framework_requirement_accepts(&requirement, "9.20.1"));
    assert_false(framework_requirement_accepts(&requirement, "9.14.0.64"));
    assert_false(framework_requirement_accepts(&requirement, "10.0.0"));
}

static void jax_gives_a_range(void **state)
{
    struct cudnn_requirement requirement;
    (void)state;
    assert_true(framework_requirement_from_metadata(
        "Requires-Dist: jax-cuda13-pjrt==0.11.2\n"
        "Requires-Dist: nvidia-cudnn-cu13<10.0,>=9.12.0.46; sys_platform == \"linux\" and extra == \"with-cuda\"\n",
        &requirement));
    assert_string_equal(requirement.least, "9.12.0.46");
    assert_string_equal(requirement.below, "10.0");
    assert_true(framework_requirement_accepts(&requirement, "9.14.0"));
    assert_false(framework_requirement_accepts(&requirement, "9.8.0.87"));
}

static void nothing_said_is_nothing(void **state)
{
    struct cudnn_requirement requirement;
    (void)state;
    assert_false(framework_requirement_from_metadata("Name: torch\nVersion: 1.8.0\n", &requirement));
    assert_false(framework_requirement_from_metadata("Summary: uses Requires-Dist: nvidia-cudnn-cu12==9.1\n",
                                                     &requirement));
    assert_false(framework_requirement_from_metadata("Requires-Dist: nvidia-cudnn-cu12\n", &requirement));
    assert_false(framework_requirement_from_tf_build_info("build_info = {}\n", &requirement));
    assert_true(framework_requirement_from_tf_build_info("build_info = {'cudnn_version': '8'}\n", &requirement));
    assert_string_equal(requirement.least, "8");
    assert_string_equal(requirement.below, "9");
    assert_true(framework_requirement_accepts(&requirement, "8.1.0.77"));
    assert_false(framework_requirement_accepts(&requirement, "9.1.0"));
}
