/*
 * mise.toml's cudnn entry, read as TOML defines it, so that text inside a
 * string or a comment is never taken for a key: the file is scanned token
 * by token (the four kinds of strings, arrays and inline tables over any
 * number of lines, comments, table headers, dotted and quoted keys), and
 * only the value of tools.cudnn is read, in every form mise takes: a string
 * ("8.1" or '8.1'), an array of them (["8.1", '9']), or a table whose
 * version is one, written inline ({ version = '8.1' }) or as [tools.cudnn];
 * the key dotted or not (tools.cudnn.version, cudnn.version under [tools]),
 * and [tools] itself inline (tools = { cudnn = "8.1" }). The whole file is
 * read: cudnn's version given twice, or its table headed twice, is a TOML
 * error (CUDNNV_READ_DUPLICATE), never the first one taken. What this
 * reader does not understand is CUDNNV_READ_NOT_UNDERSTOOD, never a guess.
 * libc only: the shim's selection reads it.
 */
#include "cudnnv_select.h"

#include <string.h>

#define KEY_MAX 256

/* Blanks and a comment, and with lines, new lines (and the comments after them) too. */
static const char *skip_blanks(const char *c, int lines)
{
    for (;;) {
        if (*c == ' ' || *c == '\t' || (lines && (*c == '\r' || *c == '\n')))
            c++;
        else if (*c == '#')
            c += strcspn(c, "\n");
        else
            return c;
    }
}

/* The end of a string at c (after its closing quotes), or NULL when it is unclosed; multi says whether it was a
 * multi-line one, plain whether it holds no escape (its text is then c + 1 .. end - 1 for a one-line string). */
static const char *string_end(const char *c, int *multi, int *plain)
{
    char quote = *c;
    int triple = c[1] == quote && c[2] == quote;
    *multi = triple;
    *plain = 1;
    c += triple ? 3 : 1;
    for (; *c != '\0'; c++) {
        if (!triple && (*c == '\n' || *c == '\r'))
            return NULL;
        if (quote == '"' && *c == '\\') {
            *plain = 0;
            if (*++c == '\0')
                return NULL;
            continue;
        }
        if (*c != quote)
            continue;
        if (!triple)
            return c + 1;
        if (c[1] == quote && c[2] == quote) {
            while (c[3] == quote)   /* up to two quotes may end the content */
                c++;
            return c + 3;
        }
    }
    return NULL;
}

/* A byte of a bare key: A-Z a-z 0-9 _ - */
static int is_bare_key_byte(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* A key (bare, quoted or dotted) at c into key, its parts joined by '.'; its end, or NULL. */
static const char *key_end(const char *c, char *key, size_t size)
{
    size_t used = 0;
    key[0] = '\0';
    for (;;) {
        const char *start = c, *end;
        size_t length;
        int multi, plain;
        c = skip_blanks(c, 0);
        if (*c == '"' || *c == '\'') {
            end = string_end(c, &multi, &plain);
            if (end == NULL || multi || !plain)
                return NULL;
            start = c + 1;
            length = (size_t)(end - c) - 2;
        } else {
            for (length = 0; is_bare_key_byte(c[length]); length++)
                ;
            if (length == 0)
                return NULL;
            start = c;
            end = c + length;
        }
        if (used + length + 2 > size)
            return NULL;
        memcpy(key + used, start, length);
        used += length;
        key[used] = '\0';
        c = skip_blanks(end, 0);
        if (*c != '.')
            return c;
        key[used++] = '.';
        c++;
    }
}

/* Where tools.cudnn's names go while its value is read: each string of it (the value itself, an array's
 * strings, a table's version) is a name; status is negative once a name is refused; defined counts the
 * versions given (more than one is a TOML error). */
struct sink {
    cudnnv_name *names;
    char *bad;
    int count, max, status, defined;
};

/* What a value given to the sink is: [tools] (a table holding cudnn), tools.cudnn (a version, or a table holding
 * one), a version (a string or an array of them), or one string of such an array. */
enum level { LEVEL_TOOLS, LEVEL_TOOL, LEVEL_VERSION, LEVEL_ELEMENT, LEVEL_NONE = -1 };

/* A string read as a name: one line, no escape. */
static const char *take_string(const char *c, const char *end, int multi, int plain, struct sink *sink)
{
    if (end == NULL || multi || !plain)
        return NULL;
    sink->count = cudnnv_add_name(c + 1, (size_t)(end - c) - 2, sink->names, sink->count, sink->max, sink->bad);
    if (sink->count < 0)
        sink->status = sink->count;
    return sink->count < 0 ? NULL : end;
}

/* The level of a key's value: the key joined with its table (within LEVEL_NONE), or a key of an inline table of
 * level within ("cudnn" within [tools], "version" within tools.cudnn); LEVEL_NONE when it is not cudnn's. Each
 * level's full key is a prefix of the next one's (no table of pointers: the shims stay small). */
static int level_of(const char *key, int within)
{
    static const char full[] = "tools.cudnn.version";
    static const unsigned char ends[] = {5, 11, 19};   /* "tools", "tools.cudnn", "tools.cudnn.version" */
    size_t skip = within == LEVEL_NONE ? 0 : ends[within] + 1u, length = strlen(key);
    for (int level = LEVEL_TOOLS; level <= LEVEL_VERSION; level++) {
        if (ends[level] == skip + length && strncmp(full + skip, key, length) == 0)
            return level;
    }
    return LEVEL_NONE;
}

/*
 * The end of any value at c (a string, an array or an inline table over
 * lines, or a bare number, date or boolean), or NULL; with sink, the value
 * is tools.cudnn's at that level, and its strings become names (anything
 * else where a version belongs is refused).
 */
static const char *value_end(const char *c, int depth, struct sink *sink, int level)
{
    int multi, plain;
    char key[KEY_MAX];
    if (depth > 32)
        return NULL;
    if (sink != NULL && (level == LEVEL_VERSION || (level == LEVEL_TOOL && *c != '{')))
        sink->defined++;
    if (*c == '"' || *c == '\'') {
        const char *end = string_end(c, &multi, &plain);
        return sink == NULL ? end : level == LEVEL_TOOLS ? NULL : take_string(c, end, multi, plain, sink);
    }
    if (*c != '[' && *c != '{') {
        size_t length = strcspn(c, ",]}# \t\r\n");
        return length > 0 && sink == NULL ? c + length : NULL;
    }
    char close = *c == '[' ? ']' : '}';
    if (sink != NULL && (level == LEVEL_ELEMENT || (close == ']' && level == LEVEL_TOOLS) ||
                         (close == '}' && level == LEVEL_VERSION)))
        return NULL;   /* no version nested deeper, nor [tools] as an array */
    for (c++;;) {
        struct sink *inner = sink;
        int inner_level = LEVEL_ELEMENT;
        c = skip_blanks(c, close == ']');
        if (*c == close)
            return c + 1;
        if (close == '}') {
            c = key_end(c, key, sizeof key);
            if (c == NULL || *c != '=')
                return NULL;
            c = skip_blanks(c + 1, 0);
            inner_level = sink != NULL ? level_of(key, level) : LEVEL_NONE;
            inner = inner_level != LEVEL_NONE ? sink : NULL;
        }
        c = value_end(c, depth + 1, inner, inner_level);
        if (c == NULL)
            return NULL;
        c = skip_blanks(c, close == ']');
        if (*c == ',')
            c++;
        else if (*c != close)
            return NULL;
    }
}

/* A table header at c ("[tools]", "[[tasks]]"): its name into table; the header's end, or NULL. */
static const char *header_end(const char *c, char *table, size_t size)
{
    int array = c[1] == '[';
    c = key_end(c + 1 + array, table, size);
    if (c == NULL || *c != ']' || (array && c[1] != ']'))
        return NULL;
    return c + 1 + array;
}

/* After a header or a key's value: only blanks and a comment to the end of the line; the line's end, or NULL. */
static const char *line_rest(const char *c)
{
    c = c != NULL ? skip_blanks(c, 0) : NULL;
    return c != NULL && (*c == '\0' || *c == '\n' || *c == '\r') ? c : NULL;   /* else two things on one line */
}

int cudnnv_read_mise_toml(const char *text, cudnnv_name *names, int max, cudnnv_name bad)
{
    char table[KEY_MAX] = "", key[2 * KEY_MAX + 1];
    struct sink sink = {names, bad, 0, max, 0, 0};
    int headed = 0, twice = 0;   /* the levels whose table was headed: a second header of one is a TOML error */
    const char *c = text;
    for (;;) {
        c = skip_blanks(c, 1);
        if (*c == '\0')
            break;
        if (*c == '[') {
            c = line_rest(header_end(c, table, sizeof table));
            int level = level_of(table, LEVEL_NONE);
            if (level == LEVEL_TOOLS || level == LEVEL_TOOL) {
                twice |= (headed >> level) & 1;
                headed |= 1 << level;
            }
        } else {
            size_t used = strlen(table);   /* the key joined with its table: "tools" "cudnn" -> "tools.cudnn" */
            memcpy(key, table, used);
            key[used] = '.';
            used += used > 0;
            c = key_end(c, key + used, sizeof key - used);
            if (c == NULL || *c != '=')
                return CUDNNV_READ_NOT_UNDERSTOOD;
            int level = level_of(key, LEVEL_NONE);
            c = line_rest(value_end(skip_blanks(c + 1, 0), 0, level != LEVEL_NONE ? &sink : NULL, level));
            if (sink.status < 0)
                return sink.status;
        }
        if (c == NULL)
            return CUDNNV_READ_NOT_UNDERSTOOD;
    }
    if (sink.defined == 0)
        return CUDNNV_READ_NO_ENTRY;
    return sink.defined > 1 || twice ? CUDNNV_READ_DUPLICATE : sink.count;
}
