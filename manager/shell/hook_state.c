/*
 * The hook's state as text: "1;KEY;NAME=PREVIOUS=PRODUCED;..." where
 * PREVIOUS is "-" for an unset variable or "+" and its value, and values are
 * percent-encoded ('%', ';', '=' and control bytes), so any value survives.
 */
#include "hook_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int needs_escape(unsigned char c)
{
    return c == '%' || c == ';' || c == '=' || c < 0x20 || c == 0x7f;
}

static void encode(const char *value, char *out)
{
    for (const unsigned char *c = (const unsigned char *)value; *c; c++) {
        if (needs_escape(*c))
            out += sprintf(out, "%%%02X", *c);
        else
            *out++ = (char)*c;
    }
    *out = '\0';
}

/* Decodes length bytes of text into a new string. */
static char *decode(const char *text, size_t length)
{
    char *out = malloc(length + 1), *to = out;
    if (out == NULL)
        return NULL;
    for (size_t i = 0; i < length; i++) {
        unsigned value;
        if (text[i] == '%' && i + 2 < length && sscanf(text + i + 1, "%2X", &value) == 1) {
            *to++ = (char)value;
            i += 2;
        } else {
            *to++ = text[i];
        }
    }
    *to = '\0';
    return out;
}

int hook_state_add(struct hook_state *state, const char *name, const char *previous,
                   const char *produced)
{
    if (state->count == HOOK_MAX_ENTRIES || strlen(name) >= sizeof state->entries[0].name)
        return -1;
    struct hook_entry *entry = &state->entries[state->count];
    snprintf(entry->name, sizeof entry->name, "%s", name);
    entry->previous = previous ? strdup(previous) : NULL;
    entry->produced = strdup(produced);
    state->count++;
    return 0;
}

/* One "NAME=PREVIOUS=PRODUCED" field. */
static int parse_entry(const char *field, size_t length, struct hook_state *state)
{
    const char *first = memchr(field, '=', length);
    const char *second = first ? memchr(first + 1, '=', length - (size_t)(first + 1 - field)) : NULL;
    if (second == NULL || (size_t)(first - field) >= sizeof state->entries[0].name ||
        (first[1] != '+' && first[1] != '-'))
        return -1;
    char name[32];
    memcpy(name, field, (size_t)(first - field));
    name[first - field] = '\0';
    char *previous = first[1] == '+' ? decode(first + 2, (size_t)(second - first - 2)) : NULL;
    char *produced = decode(second + 1, length - (size_t)(second + 1 - field));
    int status = produced ? hook_state_add(state, name, previous, produced) : -1;
    free(previous);
    free(produced);
    return status;
}

int hook_state_parse(const char *text, struct hook_state *state)
{
    memset(state, 0, sizeof *state);
    if (text == NULL || strncmp(text, "1;", 2) != 0)
        return -1;
    const char *key = text + 2, *end = strchr(key, ';');
    size_t key_length = end ? (size_t)(end - key) : strlen(key);
    if (key_length >= sizeof state->key)
        return -1;
    memcpy(state->key, key, key_length);
    for (const char *field = end ? end + 1 : key + key_length; *field;) {
        size_t length = strcspn(field, ";");
        if (length > 0 && parse_entry(field, length, state) != 0) {
            hook_state_free(state);   /* the entries taken before the bad one */
            return -1;
        }
        field += length + (field[length] == ';');
    }
    return 0;
}

char *hook_state_format(const struct hook_state *state)
{
    size_t size = 64;
    for (int i = 0; i < state->count; i++)
        size += 40 + 3 * (strlen(state->entries[i].produced) +
                          (state->entries[i].previous ? strlen(state->entries[i].previous) : 0));
    char *text = malloc(size), *out = text;
    if (text == NULL)
        return NULL;
    out += sprintf(out, "1;%s", state->key);
    for (int i = 0; i < state->count; i++) {
        const struct hook_entry *entry = &state->entries[i];
        out += sprintf(out, ";%s=%s", entry->name, entry->previous ? "+" : "-");
        if (entry->previous) {
            encode(entry->previous, out);
            out += strlen(out);
        }
        *out++ = '=';
        encode(entry->produced, out);
        out += strlen(out);
    }
    return text;
}

void hook_state_free(struct hook_state *state)
{
    for (int i = 0; i < state->count; i++) {
        free(state->entries[i].previous);
        free(state->entries[i].produced);
    }
    state->count = 0;
}
