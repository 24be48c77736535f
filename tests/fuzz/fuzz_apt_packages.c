/*
 * libFuzzer harness: an apt repository's Packages index (outside input).
 * Parsing must never crash, and each package chosen is one of the asked
 * release's runtime components, with a plain .deb file name, an address
 * inside the repository with no '..', and a SHA-256 of 64 hexadecimal
 * digits.
 */
#include "apt_repo.h"
#include "catalog.h"

#include "harness.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char repo[] = "http://127.0.0.1:8080/repo/";
    struct apt_runtime found;
    char why[512];
    char *text = fuzz_text(data, size);
    if (apt_packages_parse(text, repo, "11.0", "amd64", &found, why, sizeof why) == 0) {
        if (found.count < 6 || found.count > APT_RUNTIME_PACKAGES)
            abort();
        for (int i = 0; i < found.count; i++) {
            const struct source_file *file = &found.package[i];
            size_t length = strlen(file->name);
            if (!catalog_is_sha256(file->sha256) || strncmp(file->url, repo, strlen(repo)) != 0 ||
                strstr(file->url, "..") != NULL || strchr(file->name, '/') != NULL || length < 5 ||
                strcmp(file->name + length - 4, ".deb") != 0)
                abort();
        }
    }
    free(text);
    return 0;
}
