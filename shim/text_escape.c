/*
 * Text that came from outside (archive member names, version files, paths,
 * environment variables) must never reach a terminal as control bytes: a
 * crafted name could move the cursor, retitle the window or worse. Every
 * message of the shim and of the manager goes through this one function.
 * Control bytes (C0, DEL, C1 code points) and bytes that are not UTF-8 are
 * written as \xHH; printable UTF-8 passes unchanged. libc only: the shim
 * links it.
 */
#include "cudnnv_select.h"

#include <string.h>

/* Length of the UTF-8 sequence at text when it is valid and printable, else 0. */
static size_t printable_sequence(const unsigned char *text)
{
    unsigned char lead = text[0];
    size_t length;
    unsigned long code;
    if (lead >= 0x20 && lead < 0x7f)
        return 1;
    if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2;
        code = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        code = lead & 0x0f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        code = lead & 0x07;
    } else {
        return 0;
    }
    for (size_t i = 1; i < length; i++) {
        if ((text[i] & 0xc0) != 0x80)
            return 0;
        code = (code << 6) | (text[i] & 0x3f);
    }
    static const unsigned long smallest[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < smallest[length] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return 0;
    if (code <= 0x9f)   /* C1 controls: some terminals read U+009B as CSI */
        return 0;
    return length;
}

/* Writes text into out (always terminated, cut at a whole character); returns the length written. */
size_t cudnnv_escape_text(const char *text, char *out, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *c = (const unsigned char *)text;
    size_t used = 0;
    if (size == 0)
        return 0;
    while (*c) {
        size_t length = printable_sequence(c);
        size_t needed = length ? length : 4;
        if (used + needed >= size)
            break;
        if (length) {
            memcpy(out + used, c, length);
            c += length;
        } else {
            out[used] = '\\';
            out[used + 1] = 'x';
            out[used + 2] = hex[*c >> 4];
            out[used + 3] = hex[*c & 0xf];
            c++;
        }
        used += needed;
    }
    out[used] = '\0';
    return used;
}

/* True when text holds anything cudnnv_escape_text would change. */
int cudnnv_text_has_controls(const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c;) {
        size_t length = printable_sequence(c);
        if (length == 0)
            return 1;
        c += length;
    }
    return 0;
}

/* Where a drive-letter path starts at at: a letter, ':' and a slash, not inside a word, a URL
 * ("file:///C:/x") or single quotes (a name shown exactly as it was found, such as an archive's member). */
static int drive_path_starts(const char *text, const char *at)
{
    char letter = (char)(at[0] | 0x20), before = at == text ? ' ' : at[-1];
    return letter >= 'a' && letter <= 'z' && at[1] == ':' && (at[2] == '/' || at[2] == '\\') &&
           !((before | 0x20) >= 'a' && (before | 0x20) <= 'z') && !(before >= '0' && before <= '9') &&
           before != '/' && before != '\\' && before != '\'' && before != '_';
}

void cudnnv_windows_paths(char *text)
{
    for (char *at = text; *at != '\0'; at++) {
        if (!drive_path_starts(text, at))
            continue;
        for (at += 2; *at != '\0' && *at != '\'' && *at != '"' && *at != '(' && *at != ')' && *at != '[' &&
                      *at != ']' && *at != ',' && *at != ';' && *at != '\n';
             at++)
            if (*at == '/')
                *at = '\\';
        if (*at == '\0')
            return;
    }
}
