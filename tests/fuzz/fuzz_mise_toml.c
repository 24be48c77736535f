/*
 * libFuzzer harness: a mise.toml's bytes (outside input, read at every
 * prompt and by the shim). Reading must never crash or read past the text;
 * what it answers is no entry, a refusal, or names each of which is valid.
 */
#include "cudnnv_select.h"

#include "harness.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cudnnv_name names[CUDNNV_MAX_LINES], bad;
    char *text = fuzz_text(data, size);
    int count = cudnnv_read_mise_toml(text, names, CUDNNV_MAX_LINES, bad);
    if (count > CUDNNV_MAX_LINES)
        abort();
    for (int i = 0; i < count; i++) {
        if (!cudnnv_name_is_valid(names[i]))
            abort();
    }
    free(text);
    return 0;
}
