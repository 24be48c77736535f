/*
 * libFuzzer harness: a DLL's import table, as the Windows doctor reads it
 * from every DLL in a set's bin/ (files that came from outside). Any bytes
 * give a count or -1, and every name read ends within its buffer.
 */
#include "pe_imports.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    pe_name names[PE_MAX_IMPORTS];
    if (path[0] == '\0')
        snprintf(path, sizeof path, "/tmp/cudnnv-fuzz-pe-%d.dll", (int)getpid());
    FILE *file = fopen(path, "wb");
    if (file == NULL)
        abort();
    fwrite(data, 1, size, file);
    fclose(file);
    int count = pe_imports(path, names, PE_MAX_IMPORTS);
    if (count < -1 || count > PE_MAX_IMPORTS)
        abort();
    for (int i = 0; i < count; i++) {
        if (memchr(names[i], '\0', PE_NAME_MAX) == NULL || names[i][0] == '\0')
            abort();
    }
    return 0;
}
