/*
 * python_requirement.h. METADATA is outside input: a line is read only up
 * to its fixed fields' sizes, a marker is parsed by a small recursive
 * reader bounded in depth, and a version is compared only when it is a
 * dotted number (NVIDIA's wheels and the frameworks' pins are). Release
 * numbers compare as PEP 440 says, with missing parts as zeros (9.1 is
 * 9.1.0); pre-release and local parts are not versions cudnnv chooses.
 */
#include "python_requirement.h"

#include "catalog.h"

#include "build_platform.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MARKER_DEPTH 16

void python_name_normalize(const char *name, char *out, size_t size)
{
    size_t used = 0;
    for (const char *c = name; *c && used + 1 < size; c++) {
        if (*c == '-' || *c == '_' || *c == '.') {
            if (used == 0 || out[used - 1] != '-')
                out[used++] = '-';
        } else
            out[used++] = (char)tolower((unsigned char)*c);
    }
    out[used] = '\0';
}

/* Whether text is a dotted number ("13.0.96"). */
static int is_release(const char *text, size_t length)
{
    if (length == 0 || !isdigit((unsigned char)text[0]) || !isdigit((unsigned char)text[length - 1]))
        return 0;
    for (size_t i = 0; i < length; i++) {
        if (!isdigit((unsigned char)text[i]) && !(text[i] == '.' && text[i + 1] != '.'))
            return 0;
    }
    return 1;
}

/* Release numbers compared part by part, a missing part as 0; -1, 0 or 1. */
static int release_compare(const char *a, const char *b)
{
    while (*a || *b) {
        char *end_a, *end_b;
        unsigned long long x = strtoull(a, &end_a, 10), y = strtoull(b, &end_b, 10);
        if (x != y)
            return x < y ? -1 : 1;
        a = *end_a == '.' ? end_a + 1 : end_a;
        b = *end_b == '.' ? end_b + 1 : end_b;
    }
    return 0;
}

/* Whether version continues prefix's parts (13.4.0.1.5 continues 13.4.0.1; 9.1 does not continue 9.10). */
static int release_continues(const char *version, const char *prefix)
{
    size_t length = strlen(prefix);
    if (strncmp(version, prefix, length) != 0)
        return 0;
    return version[length] == '\0' || version[length] == '.';
}

/* ~=V: at least V, and the same release but for V's last part (~=2.2.1: >=2.2.1, ==2.2.*). */
static int compatible(const char *version, const char *wanted)
{
    char prefix[64];
    const char *last = strrchr(wanted, '.');
    if (last == NULL || (size_t)(last - wanted) >= sizeof prefix)
        return 0;
    snprintf(prefix, sizeof prefix, "%.*s", (int)(last - wanted), wanted);
    return release_compare(version, wanted) >= 0 && release_continues(version, prefix);
}

/* One clause ("==13.4.0.1.*", ">=9.12.0.46"); -1 when it cannot be read. */
static int clause_accepts(const char *clause, const char *version)
{
    static const char *const operators[] = {"===", "==", "!=", "~=", ">=", "<=", ">", "<"};
    char wanted[64];
    size_t i = 0;
    while (i < sizeof operators / sizeof operators[0] && strncmp(clause, operators[i], strlen(operators[i])) != 0)
        i++;
    if (i == sizeof operators / sizeof operators[0])
        return -1;
    const char *value = clause + strlen(operators[i]);
    value += strspn(value, " ");
    size_t length = strcspn(value, " ");
    if (length >= sizeof wanted || value[length + strspn(value + length, " ")] != '\0')
        return -1;
    snprintf(wanted, sizeof wanted, "%.*s", (int)length, value);
    if (strcmp(operators[i], "===") == 0)
        return strcmp(version, wanted) == 0;
    int star = length > 2 && strcmp(wanted + length - 2, ".*") == 0;
    if (star)
        wanted[length - 2] = '\0';
    if (!is_release(wanted, strlen(wanted)) || (star && i != 1 && i != 2))
        return -1;
    int order = release_compare(version, wanted);
    switch (i) {
    case 1: return star ? release_continues(version, wanted) : order == 0;
    case 2: return star ? !release_continues(version, wanted) : order != 0;
    case 3: return compatible(version, wanted);
    case 4: return order >= 0;
    case 5: return order <= 0;
    case 6: return order > 0;
    default: return order < 0;
    }
}

int python_specifier_accepts(const char *specifier, const char *version)
{
    char clause[160];
    if (!is_release(version, strlen(version)))
        return 0;
    for (const char *at = specifier; *at;) {
        size_t length = strcspn(at, ",");
        size_t lead = strspn(at, " ");
        if (length - (lead < length ? lead : length) >= sizeof clause)
            return 0;
        snprintf(clause, sizeof clause, "%.*s", (int)(length - lead), at + lead);
        for (size_t end = strlen(clause); end > 0 && clause[end - 1] == ' '; end--)
            clause[end - 1] = '\0';
        if (clause[0] != '\0' && clause_accepts(clause, version) != 1)
            return 0;
        at += length + (at[length] == ',');
    }
    return 1;
}

int python_specifier_pinned(const char *specifier, char *out, size_t size, int *prefix)
{
    const char *value = specifier + strspn(specifier, " ");
    if (strncmp(value, "==", 2) != 0 || value[2] == '=' || strchr(value, ',') != NULL)
        return 0;
    value += 2 + strspn(value + 2, " ");
    size_t length = strcspn(value, " ");
    *prefix = length > 2 && strncmp(value + length - 2, ".*", 2) == 0;
    if (*prefix)
        length -= 2;
    if (!is_release(value, length) || length >= size)
        return 0;
    snprintf(out, size, "%.*s", (int)length, value);
    return 1;
}

/* A marker being read: where it is, and the platform's values. */
struct marker_reading {
    const char *at;
    int windows;
    const char *machine;   /* "x86_64", "aarch64" */
    int any_extra;
    int broken;
};

static void skip_blanks(struct marker_reading *reading)
{
    reading->at += strspn(reading->at, " \t");
}

/* A quoted string or a variable name; 1 when quoted. */
static int read_value(struct marker_reading *reading, char *out, size_t size)
{
    skip_blanks(reading);
    const char *at = reading->at;
    if (*at == '"' || *at == '\'') {
        const char *close = strchr(at + 1, *at);
        if (close == NULL || (size_t)(close - at - 1) >= size) {
            reading->broken = 1;
            return 1;
        }
        snprintf(out, size, "%.*s", (int)(close - at - 1), at + 1);
        reading->at = close + 1;
        return 1;
    }
    size_t length = strspn(at, "abcdefghijklmnopqrstuvwxyz_.");
    if (length == 0 || length >= size)
        reading->broken = 1;
    snprintf(out, size, "%.*s", (int)(length < size ? length : 0), at);
    reading->at += length;
    return 0;
}

/* The value of a platform variable, NULL for "extra" and for those cudnnv does not know (taken as holding). */
static const char *variable_value(const struct marker_reading *reading, const char *name)
{
    if (strcmp(name, "sys_platform") == 0)
        return reading->windows ? "win32" : "linux";
    if (strcmp(name, "platform_system") == 0)
        return reading->windows ? "Windows" : "Linux";
    if (strcmp(name, "os_name") == 0)
        return reading->windows ? "nt" : "posix";
    if (strcmp(name, "platform_machine") == 0)
        return reading->windows ? "AMD64" : reading->machine;
    return NULL;
}

static int read_operator(struct marker_reading *reading, char *out, size_t size)
{
    static const char *const operators[] = {"===", "==", "!=", "<=", ">=", "~=", "<", ">", "not in", "in"};
    skip_blanks(reading);
    for (size_t i = 0; i < sizeof operators / sizeof operators[0]; i++) {
        size_t length = strlen(operators[i]);
        if (strncmp(reading->at, operators[i], length) == 0) {
            snprintf(out, size, "%s", operators[i]);
            reading->at += length;
            return 0;
        }
    }
    reading->broken = 1;
    return -1;
}

/* One comparison: VALUE OP VALUE, one side a variable. */
static int read_comparison(struct marker_reading *reading)
{
    char left[80], right[80], operator[8];
    int left_quoted = read_value(reading, left, sizeof left);
    read_operator(reading, operator, sizeof operator);
    int right_quoted = read_value(reading, right, sizeof right);
    if (reading->broken || left_quoted == right_quoted)
        return reading->broken = 1, 0;
    const char *variable = left_quoted ? right : left, *literal = left_quoted ? left : right;
    if (strcmp(variable, "extra") == 0)
        return reading->any_extra;
    const char *value = variable_value(reading, variable);
    if (value == NULL)
        return 1;
    if (strcmp(operator, "==") == 0 || strcmp(operator, "===") == 0)
        return strcmp(value, literal) == 0;
    if (strcmp(operator, "!=") == 0)
        return strcmp(value, literal) != 0;
    if (strcmp(operator, "in") == 0 || strcmp(operator, "not in") == 0) {
        int inside = left_quoted ? strstr(value, literal) != NULL : strstr(literal, value) != NULL;
        return operator[0] == 'i' ? inside : !inside;
    }
    return 1;
}

static int read_or(struct marker_reading *reading, int depth);

static int read_atom(struct marker_reading *reading, int depth)
{
    skip_blanks(reading);
    if (*reading->at != '(')
        return read_comparison(reading);
    reading->at++;
    int value = read_or(reading, depth + 1);
    skip_blanks(reading);
    if (*reading->at != ')')
        reading->broken = 1;
    else
        reading->at++;
    return value;
}

/* Whether the next word is keyword, as a word; moves past it when so. */
static int take_keyword(struct marker_reading *reading, const char *keyword)
{
    size_t length = strlen(keyword);
    skip_blanks(reading);
    if (strncmp(reading->at, keyword, length) != 0 || isalnum((unsigned char)reading->at[length]) ||
        reading->at[length] == '_')
        return 0;
    reading->at += length;
    return 1;
}

static int read_and(struct marker_reading *reading, int depth)
{
    int value = read_atom(reading, depth);
    while (!reading->broken && take_keyword(reading, "and"))
        value = read_atom(reading, depth) && value;
    return value;
}

static int read_or(struct marker_reading *reading, int depth)
{
    if (depth > MARKER_DEPTH) {
        reading->broken = 1;
        return 0;
    }
    int value = read_and(reading, depth);
    while (!reading->broken && take_keyword(reading, "or"))
        value = read_and(reading, depth) || value;
    return value;
}

int python_marker_holds(const char *marker, int platform, int any_extra)
{
    const struct cudnnv_build_platform *build = cudnnv_build_platform((enum cudnnv_build)platform);
    struct marker_reading reading = {marker, build->is_windows, build->elf_machine == 183 ? "aarch64" : "x86_64",
                                     any_extra, 0};
    skip_blanks(&reading);
    if (*reading.at == '\0')
        return 1;
    int value = read_or(&reading, 0);
    skip_blanks(&reading);
    return reading.broken || *reading.at != '\0' ? -1 : value;
}

/* "NAME[extras] (specifiers); marker" after "Requires-Dist:" into requirement; 0, or -1 when it is not one. */
static int parse_line(const char *line, size_t length, struct python_requirement *requirement)
{
    char text[800];
    memset(requirement, 0, sizeof *requirement);
    if (length >= sizeof text)
        return -1;
    snprintf(text, sizeof text, "%.*s", (int)length, line);
    char *marker = strchr(text, ';');
    if (marker != NULL) {
        *marker++ = '\0';
        snprintf(requirement->marker, sizeof requirement->marker, "%s", marker + strspn(marker, " "));
    }
    char *at = text + strspn(text, " ");
    size_t name = strspn(at, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.");
    if (name == 0 || name >= sizeof requirement->name)
        return -1;
    char saved = at[name];
    at[name] = '\0';
    python_name_normalize(at, requirement->name, sizeof requirement->name);
    at[name] = saved;
    at += name + strspn(at + name, " ");
    if (*at == '[') {
        char *close = strchr(at, ']');
        if (close == NULL || (size_t)(close - at - 1) >= sizeof requirement->extras)
            return -1;
        snprintf(requirement->extras, sizeof requirement->extras, "%.*s", (int)(close - at - 1), at + 1);
        at = close + 1;
    }
    at += strspn(at, " (");
    char *close = strchr(at, ')');
    if (close != NULL)
        *close = '\0';
    for (size_t end = strlen(at); end > 0 && at[end - 1] == ' '; end--)
        at[end - 1] = '\0';
    if (strlen(at) >= sizeof requirement->specifier)
        return -1;
    snprintf(requirement->specifier, sizeof requirement->specifier, "%s", at);
    return 0;
}

int python_requirement_next(const char **cursor, struct python_requirement *requirement)
{
    static const char key[] = "Requires-Dist:";
    const char *line = *cursor;
    /* the headers end at the first empty line: the description follows */
    for (size_t length; *line && (length = strcspn(line, "\r\n")) > 0;) {
        const char *next = line + length;
        next += *next == '\r';
        next += *next == '\n';
        if (strncmp(line, key, sizeof key - 1) == 0 &&
            parse_line(line + sizeof key - 1, length - (sizeof key - 1), requirement) == 0) {
            *cursor = next;
            return 1;
        }
        line = next;
    }
    *cursor = line + strlen(line);
    return 0;
}
