/*
 * A wheel's METADATA read from the wheel itself (a zip, read with
 * libarchive), for an index that does not serve it alone (PEP 658): NVIDIA's
 * cuda-toolkit wheel holds nothing else, and its Requires-Dist lines pin a
 * CUDA release's component wheels. Only TOP.dist-info/METADATA is read,
 * at most limit bytes; nothing is written to disk.
 */
#include "wheel_metadata.h"

#include "archive_member.h"

#include <archive.h>
#include <archive_entry.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether a clean member name is NAME.dist-info/METADATA at the wheel's top. */
static int is_top_metadata(const char *clean)
{
    const char *slash = strchr(clean, '/');
    return slash != NULL && strcmp(slash + 1, "METADATA") == 0 && slash - clean > 10 &&
           strncmp(slash - 10, ".dist-info", 10) == 0;
}

/* The member being read into a fresh buffer of at most limit bytes; 0, or -1 with why. */
static int read_member(struct archive *in, size_t limit, char **text, char *why, size_t why_size)
{
    char *buffer = malloc(limit + 1);
    size_t used = 0;
    la_ssize_t got = 0;
    if (buffer == NULL) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    while (used <= limit && (got = archive_read_data(in, buffer + used, limit + 1 - used)) > 0)
        used += (size_t)got;
    if (used > limit || got < 0) {
        free(buffer);
        snprintf(why, why_size, used > limit ? "its METADATA is larger than %zu bytes" : "cannot read its METADATA",
                 limit);
        return -1;
    }
    buffer[used] = '\0';
    *text = buffer;
    return 0;
}

int wheel_metadata_read(const char *wheel_path, size_t limit, char **text, char *why, size_t why_size)
{
    struct archive *in = archive_read_new();
    struct archive_entry *entry;
    char clean[512];
    int status = -1;
    *text = NULL;
    archive_read_support_format_zip(in);
    if (archive_read_open_filename(in, wheel_path, 1 << 16) != ARCHIVE_OK)
        snprintf(why, why_size, "it is not a wheel cudnnv can read: %s", archive_error_string(in));
    else {
        snprintf(why, why_size, "it holds no .dist-info/METADATA");
        while (status < 0 && archive_read_next_header(in, &entry) == ARCHIVE_OK) {
            const char *name = archive_entry_pathname(entry);
            if (name != NULL && archive_member_clean(name, clean, sizeof clean) == NULL && is_top_metadata(clean) &&
                archive_entry_filetype(entry) == AE_IFREG && read_member(in, limit, text, why, why_size) != 0)
                break;
            if (*text != NULL)
                status = 0;
        }
    }
    archive_read_free(in);
    return status;
}
