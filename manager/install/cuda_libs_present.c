/*
 * The CUDA libraries a label's folder already holds, added to a request so
 * that bringing the label again keeps them. Apart from cuda_libs.c, which
 * asks the install sources, because the sources themselves call it.
 */
#include "cuda_components.h"
#include "cuda_libs.h"
#include "fsutil.h"

#include "store_layout.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Adds to the request the components cuda/LABEL already holds, so replacing it keeps them; 1 when any was added. */
int cuda_libs_keep_present(const char *root, const char *label, struct cuda_libs_request *request)
{
    char path[PATH_MAX], key[64];
    const char *known[8];
    int added = 0;
    size_t count = cuda_libs_components(known, 8);
    char *text = cudnnv_store_path(path, sizeof path, root, CUDNNV_STORE_CUDA_RECORD, label) == 0
                     ? read_small_file(path, 16384) : NULL;
    for (size_t k = 0; text != NULL && k < count; k++) {
        int asked = 0;
        for (int i = 0; i < request->count; i++)
            asked |= strcmp(request->component[i], known[k]) == 0;
        snprintf(key, sizeof key, "\n%s.archive = ", known[k]);
        if (!asked && strstr(text, key) != NULL && request->count < CUDA_LIBS_MAX_COMPONENTS) {
            request->component[request->count++] = known[k];
            added = 1;
        }
    }
    free(text);
    return added;
}
