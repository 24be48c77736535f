/*
 * The selection rules (docs/shim.md, man cudnnv), once: CUDNNV_VERSION, then the nearest
 * .cudnn-version, then $CUDNNV_ROOT/version. Per major, the first source that
 * names a version of that major wins; a source naming only other majors is
 * passed over; with no source left, the set linked as "system" is used when it
 * holds that major, else the newest installed set of that major, the first of
 * these that loads here (cudnnv_default_after). A name that
 * is not installed stops the search: it never falls through to another
 * source.
 *
 * The sources are read once (cudnnv_read_sources) and then asked for as many
 * majors as the caller needs; cudnnv_select_major and cudnnv_select_first do
 * both steps for a single question.
 */
#include "cudnnv_select.h"
#include "store_layout.h"

#include <errno.h>
#include <string.h>

/* Reads source number index (0 env, 1 local, 2 global). */
static void read_source(const struct cudnnv_where *where, int index, struct cudnnv_source *source)
{
    /* field by field, not memset: the shim's first call pays a page fault for every page touched */
    source->origin = CUDNNV_ORIGIN_NONE;
    source->count = source->problem = source->error_number = source->ignored = 0;
    source->status = CUDNNV_SELECTED;
    source->bad[0] = source->path[0] = '\0';
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

/* An empty choice, field by field (see read_source). */
static void clear_choice(struct cudnnv_choice *choice)
{
    choice->origin = CUDNNV_ORIGIN_NONE;
    choice->problem = choice->error_number = choice->other_platform = 0;
    choice->requested[0] = choice->name[0] = choice->passed_over[0] = choice->origin_path[0] = '\0';
}

static void start_choice(struct cudnnv_choice *choice, const struct cudnnv_source *source)
{
    clear_choice(choice);
    choice->origin = source->origin;
    memcpy(choice->origin_path, source->path, strlen(source->path) + 1);   /* both PATH_MAX bytes */
}

static enum cudnnv_status choose(const struct cudnnv_where *where, const struct cudnnv_source *source,
                                 const char *requested, struct cudnnv_choice *choice)
{
    start_choice(choice, source);
    strcpy(choice->requested, requested);
    int found = cudnnv_resolve(where->root, requested, choice->name);
    if (!found)
        return CUDNNV_NOT_INSTALLED;
    choice->other_platform = found == CUDNNV_RESOLVED_ELSEWHERE;
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

/* Whether the set linked as system holds the major. */
static int system_holds(const struct cudnnv_where *where, int major)
{
    return cudnnv_set_exists(where->root, "system") && cudnnv_set_major(where->root, "system") == major;
}

struct newest_set {
    const char *root;
    int major;
    const char *below;  /* only names older than this one ("" for any) */
    cudnnv_name name;   /* "" until one is found */
};

static int consider_newest(const char *name, void *context)
{
    struct newest_set *newest = context;
    if (strcmp(name, "system") != 0 && cudnnv_set_major(newest->root, name) == newest->major &&
        (newest->below[0] == '\0' || cudnnv_name_compare(name, newest->below) < 0) &&
        (newest->name[0] == '\0' || cudnnv_name_compare(name, newest->name) > 0) &&
        cudnnv_set_runs_here(newest->root, name))
        strcpy(newest->name, name);
    return 0;
}

/*
 * The sets that may serve a major no source names, in order: the set linked
 * as system when it holds the major (installing cudnnv breaks nothing that
 * worked before), then the installed sets of the major built for this
 * platform, newest first. The one after `after` (NULL for the first) into
 * out; 0 when there is none.
 */
int cudnnv_default_after(const struct cudnnv_where *where, int major, const char *after, cudnnv_name out)
{
    if (after == NULL && system_holds(where, major)) {
        strcpy(out, "system");
        return 1;
    }
    struct newest_set newest = {where->root, major, after == NULL || strcmp(after, "system") == 0 ? "" : after, ""};
    cudnnv_each_set(where->root, consider_newest, &newest);
    strcpy(out, newest.name);
    return out[0] != '\0';
}

/* The choice of name, a set of the default order; passed_over: the first set of that order, which cannot load here. */
void cudnnv_default_choice(const struct cudnnv_where *where, const char *name, const char *passed_over,
                           struct cudnnv_choice *choice)
{
    clear_choice(choice);
    strcpy(choice->requested, name);
    strcpy(choice->name, name);
    strcpy(choice->passed_over, passed_over);
    if (strcmp(name, "system") == 0) {
        choice->origin = CUDNNV_ORIGIN_SYSTEM;
        cudnnv_store_path(choice->origin_path, sizeof choice->origin_path, where->root, CUDNNV_STORE_SET, "system");
        choice->other_platform = !cudnnv_set_runs_here(where->root, "system");
    } else {
        choice->origin = CUDNNV_ORIGIN_NEWEST;
    }
}

/* Judges whether a set loads here for the choice of a major no source names (the manager's; the shim tries). */
static int (*load_judge)(const char *root, const char *name);

void cudnnv_set_load_judge(int (*loads)(const char *root, const char *name))
{
    load_judge = loads;
}

/*
 * The first set of the default order that the judge finds loads here; the
 * last when none before it does (the shim loads that one come what may, and
 * its failure says why), the first with no judge. A set is judged only when
 * another follows it: with nothing to prefer, the rule costs nothing.
 */
static int first_that_loads(const struct cudnnv_where *where, int major, cudnnv_name first, cudnnv_name name)
{
    cudnnv_name next;
    if (!cudnnv_default_after(where, major, NULL, first))
        return 0;
    strcpy(name, first);
    while (load_judge != NULL && cudnnv_default_after(where, major, name, next) && !load_judge(where->root, name))
        strcpy(name, next);
    return 1;
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

/* What one source says for a major: a choice, a problem, or PASSED_OVER when it names no version of it. */
#define PASSED_OVER (-1)

static int from_source(const struct cudnnv_where *where, const struct cudnnv_source *source, int major,
                       struct cudnnv_choice *choice)
{
    if (!source_speaks(source))
        return PASSED_OVER;
    if (source->status != CUDNNV_SELECTED)
        return report_source(source, choice);
    for (int line = 0; line < source->count; line++) {
        int asked = line_major(where, source->names[line]);
        if (asked == major || asked == -2)
            return choose(where, source, source->names[line], choice);
    }
    return PASSED_OVER;
}

/* No source names the major: the first set of the default order that loads here. */
static enum cudnnv_status choose_default(const struct cudnnv_where *where, int major, struct cudnnv_choice *choice)
{
    cudnnv_name name, first;
    if (!first_that_loads(where, major, first, name)) {
        clear_choice(choice);
        return CUDNNV_NOTHING_SELECTED;
    }
    cudnnv_default_choice(where, name, strcmp(name, first) != 0 ? first : "", choice);
    return CUDNNV_SELECTED;
}

enum cudnnv_status cudnnv_choose_major(const struct cudnnv_where *where,
                                       const struct cudnnv_sources *sources, int major,
                                       struct cudnnv_choice *choice)
{
    for (int index = 0; index < 3; index++) {
        int status = from_source(where, &sources->source[index], major, choice);
        if (status != PASSED_OVER)
            return (enum cudnnv_status)status;
    }
    return choose_default(where, major, choice);
}

/* The first name of the first source that speaks (a file or CUDNNV_VERSION), or NOTHING_SELECTED. */
enum cudnnv_status cudnnv_choose_named_first(const struct cudnnv_where *where,
                                             const struct cudnnv_sources *sources,
                                             struct cudnnv_choice *choice)
{
    int index = 0;
    const struct cudnnv_source *source = next_speaking(sources, &index);
    if (source == NULL) {
        clear_choice(choice);
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
    for (int major = CUDNNV_LAST_MAJOR; status == CUDNNV_NOTHING_SELECTED && major >= CUDNNV_FIRST_MAJOR; major--)
        status = choose_default(where, major, choice);
    return status;
}

/*
 * The answer of cudnnv_choose_major, reading one source at a time and only
 * as far as needed: one source's memory (5 KB) instead of three, for the
 * shim's first call where every stack page counts. seen, when given, gets
 * each source read.
 */
enum cudnnv_status cudnnv_select_major_each(const struct cudnnv_where *where, int major,
                                            struct cudnnv_choice *choice,
                                            void (*seen)(const struct cudnnv_source *source))
{
    struct cudnnv_source source;
    for (int index = 0; index < 3; index++) {
        read_source(where, index, &source);
        if (seen != NULL)
            seen(&source);
        int status = from_source(where, &source, major, choice);
        if (status != PASSED_OVER)
            return (enum cudnnv_status)status;
    }
    return choose_default(where, major, choice);
}

enum cudnnv_status cudnnv_select_major(const struct cudnnv_where *where, int major,
                                       struct cudnnv_choice *choice)
{
    return cudnnv_select_major_each(where, major, choice, NULL);
}

/*
 * cudnnv_choose_first's answer, reading one source at a time as
 * cudnnv_select_major_each does: the prompt's 'cudnnv version-name' touches
 * 5 KB of stack instead of 15, and every page first touched is a fault.
 */
enum cudnnv_status cudnnv_select_first(const struct cudnnv_where *where,
                                       struct cudnnv_choice *choice)
{
    struct cudnnv_source source;
    for (int index = 0; index < 3; index++) {
        read_source(where, index, &source);
        if (!source_speaks(&source))
            continue;
        if (source.status != CUDNNV_SELECTED)
            return report_source(&source, choice);
        return choose(where, &source, source.names[0], choice);
    }
    enum cudnnv_status status = CUDNNV_NOTHING_SELECTED;
    clear_choice(choice);
    for (int major = CUDNNV_LAST_MAJOR; status == CUDNNV_NOTHING_SELECTED && major >= CUDNNV_FIRST_MAJOR; major--)
        status = choose_default(where, major, choice);
    return status;
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
