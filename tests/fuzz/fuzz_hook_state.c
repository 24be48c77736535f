/*
 * libFuzzer harness: the hook's state variable (__CUDNNV_STATE), which any
 * shell user can set to anything. Parsing must never crash, and what parses
 * must format and parse back to the same state.
 */
#include "hook_state.h"

#include "harness.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int same_text(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct hook_state state, again;
    char *text = fuzz_text(data, size);
    if (hook_state_parse(text, &state) == 0) {
        char *formatted = hook_state_format(&state);
        if (formatted != NULL) {
            if (hook_state_parse(formatted, &again) != 0 || again.count != state.count)
                abort();
            for (int i = 0; i < state.count; i++) {
                if (strcmp(state.entries[i].name, again.entries[i].name) != 0 ||
                    !same_text(state.entries[i].previous, again.entries[i].previous) ||
                    !same_text(state.entries[i].produced, again.entries[i].produced))
                    abort();
            }
            hook_state_free(&again);
            free(formatted);
        }
        hook_state_free(&state);
    }
    free(text);
    return 0;
}
