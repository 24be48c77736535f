/*
 * The store's layout as one table: each place is written as it lies under
 * the root, with a star where its name goes (cuda/runtime/NAME/lib is the
 * row "cuda/runtime/STAR/lib"). Every path into a store is built and read
 * back here, so that the layout docs/store.md describes is spelled once.
 */
#include "store_layout.h"

#include <string.h>

/*
 * Each place as written under the root, '*' standing for its NAME, in the
 * order of enum cudnnv_store_place, one after another in one string: no
 * table of pointers for the loader to relocate in every shim.
 */
static const char patterns[] = "shims/lib\0"                               /* CUDNNV_STORE_SHIMS_LIB */
                               "shims/bin\0"                               /* CUDNNV_STORE_SHIMS_BIN */
                               "versions\0"                                /* CUDNNV_STORE_SETS */
                               "versions/*\0"                              /* CUDNNV_STORE_SET */
                               "versions/*/" CUDNNV_STORE_RECORD "\0"      /* CUDNNV_STORE_SET_RECORD */
                               "cuda/runtime\0"                            /* CUDNNV_STORE_RUNTIMES */
                               "cuda/runtime/*\0"                          /* CUDNNV_STORE_RUNTIME */
                               "cuda/runtime/*/lib\0"                      /* CUDNNV_STORE_RUNTIME_LIB */
                               "cuda/runtime/*/" CUDNNV_STORE_RECORD "\0"  /* CUDNNV_STORE_RUNTIME_RECORD */
                               "cuda\0"                                    /* CUDNNV_STORE_CUDA */
                               "cuda/*\0"                                  /* CUDNNV_STORE_CUDA_LIBS */
                               "cuda/*/" CUDNNV_STORE_RECORD "\0"          /* CUDNNV_STORE_CUDA_RECORD */
                               "cuda/sets/*\0"                             /* CUDNNV_STORE_COMPANION_LIST */
                               "version\0"                                 /* CUDNNV_STORE_GLOBAL */
                               "config\0"                                  /* CUDNNV_STORE_CONFIG */
                               "cache\0"                                   /* CUDNNV_STORE_CACHE */
                               "staging\0"                                 /* CUDNNV_STORE_STAGING */
                               "locks\0"                                   /* CUDNNV_STORE_LOCKS */
                               "catalog\0"                                 /* CUDNNV_STORE_CATALOG */
                               "catalog-staging\0"                         /* CUDNNV_STORE_CATALOG_STAGING */
                               "catalog-redist\0"                          /* CUDNNV_STORE_CATALOG_REDIST */
                               "backups\0"                                 /* CUDNNV_STORE_BACKUPS */
                               "shells";                                    /* CUDNNV_STORE_SHELLS */

static const char *pattern_of(enum cudnnv_store_place place)
{
    const char *pattern = patterns;
    for (int i = 0; i < (int)place; i++)
        pattern += strlen(pattern) + 1;
    return pattern;
}

const enum cudnnv_store_place cudnnv_store_watched[CUDNNV_STORE_WATCHED_COUNT] = {
    CUDNNV_STORE_GLOBAL, CUDNNV_STORE_SETS, CUDNNV_STORE_CONFIG, CUDNNV_STORE_RUNTIMES};

/* Copies text up to its end (or up to stop) to out at *at, counting on past size: the caller tells overflow. */
static void put(char *out, size_t size, size_t *at, const char *text, char stop)
{
    for (; *text != '\0' && *text != stop; text++, (*at)++)
        if (*at < size)
            out[*at] = *text;
}

/*
 * ROOT "/" (when root is given) and the place's pattern, NAME for its star;
 * 0, or -1 when it does not fit. Plain copies, no printf: this runs at every
 * prompt, where printf's first call faults in pages of libc's code.
 */
static int write_place(char *out, size_t size, const char *root, enum cudnnv_store_place place, const char *name)
{
    const char *pattern = pattern_of(place), *star = strchr(pattern, '*');
    size_t at = 0;
    if (size == 0 || (star != NULL && name == NULL))
        return -1;
    if (root != NULL) {
        put(out, size, &at, root, '\0');
        put(out, size, &at, "/", '\0');
    }
    put(out, size, &at, pattern, '*');
    if (star != NULL) {
        put(out, size, &at, name, '\0');
        put(out, size, &at, star + 1, '\0');
    }
    out[at < size ? at : size - 1] = '\0';
    return at < size ? 0 : -1;
}

int cudnnv_store_relative(char *out, size_t size, enum cudnnv_store_place place, const char *name)
{
    return write_place(out, size, NULL, place, name);
}

int cudnnv_store_path(char *out, size_t size, const char *root, enum cudnnv_store_place place, const char *name)
{
    return write_place(out, size, root, place, name);
}

static int copy_part(char *out, size_t size, const char *from, size_t length)
{
    if (out == NULL)
        return 0;
    if (length >= size)
        return -1;
    memcpy(out, from, length);
    out[length] = '\0';
    return 0;
}

/* The pattern matched from its end: its star takes one component (the name), and a '/' ends the root. */
int cudnnv_store_split(const char *path, enum cudnnv_store_place place, char *root, size_t root_size, char *name,
                       size_t name_size)
{
    const char *pattern = pattern_of(place), *p = pattern + strlen(pattern), *q = path + strlen(path);
    const char *name_start = NULL, *name_end = NULL;
    while (p > pattern) {
        p--;
        if (*p != '*') {
            if (q == path || *--q != *p)
                return -1;
            continue;
        }
        name_end = q;
        while (q > path && q[-1] != '/')
            q--;
        name_start = q;
        if (name_start == name_end)
            return -1;
    }
    if (q == path || q[-1] != '/' || copy_part(root, root_size, path, (size_t)(q - 1 - path)) != 0)
        return -1;
    return name_start == NULL ? 0 : copy_part(name, name_size, name_start, (size_t)(name_end - name_start));
}

int cudnnv_store_is_shims(const char *root, const char *dir)
{
    char found[strlen(dir) + 1];
    return cudnnv_store_split(dir, CUDNNV_STORE_SHIMS, found, sizeof found, NULL, 0) == 0 && strcmp(found, root) == 0;
}
