/*
 * libFuzzer harness: a framework's METADATA or TensorFlow's build_info.py
 * (site-packages is anyone's to write). Reading must never crash; a
 * requirement read has a version to compare, and comparing never crashes.
 */
#include "framework_metadata.h"

#include "harness.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct cudnn_requirement requirement;
    char *text = fuzz_text(data, size);
    if (framework_requirement_from_metadata(text, &requirement)) {
        if (requirement.least[0] == '\0')
            abort();
        framework_requirement_accepts(&requirement, "9.19.0.56");
        framework_requirement_accepts(&requirement, "8");
    }
    if (framework_requirement_from_tf_build_info(text, &requirement))
        framework_requirement_accepts(&requirement, "8.9.7");
    free(text);
    return 0;
}
