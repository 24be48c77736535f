/*
 * libFuzzer harness: the address rule (catalog_url_is_allowed) and the
 * password mask. An address that passes with no base_url names its real
 * host: no user-info, and plain http only to this machine; the mask never
 * lengthens a text and leaves no password in it.
 */
#include "catalog.h"
#include "url_mask.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The oracle's own reading of the host part: every byte after "://" up to the first of "/?#". */
static int authority(const char *url, char *out, size_t size)
{
    const char *c = strstr(url, "://");
    size_t used = 0;
    for (c = c ? c + 3 : NULL; c != NULL && *c && !strchr("/?#", *c) && used + 1 < size; c++)
        out[used++] = *c;
    out[used] = '\0';
    return c != NULL && (*c == '\0' || strchr("/?#", *c) != NULL);
}

static void check_rule(const char *url)
{
    char host[1024];
    if (!catalog_url_is_allowed(url, ""))
        return;
    if (authority(url, host, sizeof host) && strchr(host, '@') != NULL)
        abort();
    if (strncmp(url, "http://", 7) == 0 && strncmp(host, "127.0.0.1", 9) != 0 && strncmp(host, "localhost", 9) != 0 &&
        strncmp(host, "[::1]", 5) != 0)
        abort();
}

static void check_mask(const char *text)
{
    static char masked[8192];
    size_t length = strlen(text);
    if (length >= sizeof masked)
        return;
    memcpy(masked, text, length + 1);
    url_mask_passwords(masked);
    if (strlen(masked) > length)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    check_rule(text);
    check_mask(text);
    free(text);
    return 0;
}
