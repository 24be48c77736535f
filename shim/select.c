/*
 * The selection rules (docs/shim.md, man cudnnv), once: CUDNNV_VERSION, then the nearest
 * .cudnn-version, then $CUDNNV_ROOT/version. Per major, the first source that
 * names a version of that major wins; a source naming only other majors is
 * passed over; with no source left, the set linked as "system" is used when it
 * holds that major, else the newest installed set of that major. A name that
 * is not installed stops the search: it never falls through to another
 * source.
 *
 * The sources are read once (cudnnv_read_sources) and then asked for as many
 * majors as the caller needs; cudnnv_select_major and cudnnv_select_first do
 * both steps for a single question.
 */
#include "cudnnv_select.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Reads source number index (0 env, 1 local, 2 global). */
static void read_source(const struct cudnnv_where *where, int index, struct cudnnv_source *source)
{
    memset(source, 0, sizeof *source);
    source->status = CUDNNV_SELECTED;
    int count;
    if (index == 0) {
        if (where->env_version == NULL || where->env_version[0] == '\0')
            return;
        source->origin = CUDNNV_ORIGIN_ENV;
        strcpy(source->path, "CUDNNV_VERSION");
        count = cudnnv_read_names(where->env_version, source->names, CUDNNV_MAX_LINES, source->bad);
    } else if (index == 1 && where->cwd_too_long) {
        source->origin = CUDNNV_ORIGIN_LOCAL;
        strcpy(source->path, CUDNNV_VERSION_FILE);
        count = CUDNNV_READ_CWD_TOO_LONG;
    } else {
        int found = index == 1
            ? cudnnv_find_local_file(where->cwd, source->path, sizeof source->path)
            : cudnnv_global_file(where->root, source->path, sizeof source->path);
        if (!found)
            return;
        source->origin = index == 1 ? CUDNNV_ORIGIN_LOCAL : CUDNNV_ORIGIN_GLOBAL;
        count = cudnnv_read_version_file(source->path, source->names, CUDNNV_MAX_LINES, source->bad);
    }
    if (count >= 0)
        source->count = count;
    else if (count == CUDNNV_READ_UNTRUSTED)
        source->ignored = 1;
    else if (count == CUDNNV_READ_BAD_NAME)
        source->status = CUDNNV_BAD_NAME;
    else if (count != CUDNNV_READ_MISSING) {
        source->status = CUDNNV_IO_ERROR;
        source->problem = count;
        source->error_number = errno;
    }
}

void cudnnv_read_sources(const struct cudnnv_where *where, struct cudnnv_sources *sources)
{
    for (int index = 0; index < 3; index++)
        read_source(where, index, &sources->source[index]);
}

/* True when the source says something: names, or a reason it cannot. */
static int source_speaks(const struct cudnnv_source *source)
{
    return source->count > 0 || source->status != CUDNNV_SELECTED;
}

static void start_choice(struct cudnnv_choice *choice, const struct cudnnv_source *source)
{
    memset(choice, 0, sizeof *choice);
    choice->origin = source->origin;
    snprintf(choice->origin_path, sizeof choice->origin_path, "%s", source->path);
}

static enum cudnnv_status choose(const struct cudnnv_where *where, const struct cudnnv_source *source,
                                 const char *requested, struct cudnnv_choice *choice)
{
    start_choice(choice, source);
    strcpy(choice->requested, requested);
    if (!cudnnv_resolve(where->root, requested, choice->name))
        return CUDNNV_NOT_INSTALLED;
    return CUDNNV_SELECTED;
}

static enum cudnnv_status report_source(const struct cudnnv_source *source, struct cudnnv_choice *choice)
{
    start_choice(choice, source);
    strcpy(choice->requested, source->bad);
    choice->problem = source->problem;
    choice->error_number = source->error_number;
    return source->status;
}

/* The major a line asks for: from its text, else from the set it names (-2: cannot tell). */
static int line_major(const struct cudnnv_where *where, const char *requested)
{
    int major = cudnnv_name_major(requested);
    cudnnv_name resolved;
    if (major >= 0)
        return major;
    if (!cudnnv_resolve(where->root, requested, resolved))
        return -2;
    return cudnnv_set_major(where->root, resolved);
}

static enum cudnnv_status choose_system(const struct cudnnv_where *where, int major,
                                        struct cudnnv_choice *choice)
{
    memset(choice, 0, sizeof *choice);
    if (!cudnnv_set_exists(where->root, "system") ||
        cudnnv_set_major(where->root, "system") != major)
        return CUDNNV_NOTHING_SELECTED;
    choice->origin = CUDNNV_ORIGIN_SYSTEM;
    snprintf(choice->origin_path, sizeof choice->origin_path, "%s/versions/system", where->root);
    strcpy(choice->requested, "system");
    strcpy(choice->name, "system");
    return CUDNNV_SELECTED;
}

/* No source names the major: its newest installed set of this platform serves, if any. */
static enum cudnnv_status choose_newest(const struct cudnnv_where *where, int major,
                                        struct cudnnv_choice *choice)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    int count = cudnnv_list_sets(where->root, names, CUDNNV_MAX_SETS);
    memset(choice, 0, sizeof *choice);
    for (int i = count - 1; i >= 0; i--) {
        if (strcmp(names[i], "system") == 0 || cudnnv_set_major(where->root, names[i]) != major ||
            !cudnnv_set_runs_here(where->root, names[i]))
            continue;
        choice->origin = CUDNNV_ORIGIN_NEWEST;
        strcpy(choice->requested, names[i]);
        strcpy(choice->name, names[i]);
        return CUDNNV_SELECTED;
    }
    return CUDNNV_NOTHING_SELECTED;
}

/* The next source, from *index on, that speaks; NULL when none does. */
static const struct cudnnv_source *next_speaking(const struct cudnnv_sources *sources, int *index)
{
    while (*index < 3) {
        const struct cudnnv_source *source = &sources->source[(*index)++];
        if (source_speaks(source))
            return source;
    }
    return NULL;
}

enum cudnnv_status cudnnv_choose_major(const struct cudnnv_where *where,
                                       const struct cudnnv_sources *sources, int major,
                                       struct cudnnv_choice *choice)
{
    const struct cudnnv_source *source;
    int index = 0;
    while ((source = next_speaking(sources, &index)) != NULL) {
        if (source->status != CUDNNV_SELECTED)
            return report_source(source, choice);
        for (int line = 0; line < source->count; line++) {
            int asked = line_major(where, source->names[line]);
            if (asked == major || asked == -2)
                return choose(where, source, source->names[line], choice);
        }
    }
    if (choose_system(where, major, choice) == CUDNNV_SELECTED)
        return CUDNNV_SELECTED;
    return choose_newest(where, major, choice);
}

/* The first name of the first source that speaks (a file or CUDNNV_VERSION), or NOTHING_SELECTED. */
enum cudnnv_status cudnnv_choose_named_first(const struct cudnnv_where *where,
                                             const struct cudnnv_sources *sources,
                                             struct cudnnv_choice *choice)
{
    int index = 0;
    const struct cudnnv_source *source = next_speaking(sources, &index);
    if (source == NULL) {
        memset(choice, 0, sizeof *choice);
        return CUDNNV_NOTHING_SELECTED;
    }
    if (source->status != CUDNNV_SELECTED)
        return report_source(source, choice);
    return choose(where, source, source->names[0], choice);
}

/*
 * The first choice: what a source names; when none does, what a program
 * would get all the same, newest major first (the set linked as system,
 * else the newest installed), so that version, which and version-name say
 * what versions and the shim do.
 */
enum cudnnv_status cudnnv_choose_first(const struct cudnnv_where *where,
                                       const struct cudnnv_sources *sources,
                                       struct cudnnv_choice *choice)
{
    enum cudnnv_status status = cudnnv_choose_named_first(where, sources, choice);
    for (int major = CUDNNV_LAST_MAJOR; status == CUDNNV_NOTHING_SELECTED && major >= CUDNNV_FIRST_MAJOR; major--) {
        if (choose_system(where, major, choice) == CUDNNV_SELECTED ||
            choose_newest(where, major, choice) == CUDNNV_SELECTED)
            status = CUDNNV_SELECTED;
    }
    return status;
}

enum cudnnv_status cudnnv_select_major(const struct cudnnv_where *where, int major,
                                       struct cudnnv_choice *choice)
{
    struct cudnnv_sources sources;
    cudnnv_read_sources(where, &sources);
    return cudnnv_choose_major(where, &sources, major, choice);
}

enum cudnnv_status cudnnv_select_first(const struct cudnnv_where *where,
                                       struct cudnnv_choice *choice)
{
    struct cudnnv_sources sources;
    cudnnv_read_sources(where, &sources);
    return cudnnv_choose_first(where, &sources, choice);
}

const char *cudnnv_origin_word(enum cudnnv_origin origin)
{
    switch (origin) {
    case CUDNNV_ORIGIN_ENV: return "CUDNNV_VERSION";
    case CUDNNV_ORIGIN_LOCAL: return "local";
    case CUDNNV_ORIGIN_GLOBAL: return "global";
    case CUDNNV_ORIGIN_SYSTEM: return "system";
    case CUDNNV_ORIGIN_NEWEST: return "newest";
    default: return "none";
    }
}
