/*
 * url_mask_passwords (url_mask.h): each "://" starts an authority that ends
 * at '/', '?', '#', white space, a quote or the end; when it holds user-info
 * (up to its last '@'), all of it is the secret: a private index takes a
 * token as the user part alone (https://TOKEN@host/), as often as a
 * password after a user's name.
 */
#include "url_mask.h"

#include <string.h>

static void mask_one(char *authority)
{
    size_t length = strcspn(authority, "/?# \t\r\n\"'<>");
    char *at = NULL;
    for (size_t i = 0; i < length; i++) {
        if (authority[i] == '@')
            at = authority + i;
    }
    if (at == NULL || at == authority)
        return;
    size_t secret = (size_t)(at - authority);
    if (secret < 4) {   /* never longer than the text was: a short one is starred in place */
        memset(authority, '*', secret);
        return;
    }
    memcpy(authority, "****", 4);
    memmove(authority + 4, at, strlen(at) + 1);
}

void url_mask_passwords(char *text)
{
    for (char *scheme = strstr(text, "://"); scheme != NULL; scheme = strstr(scheme + 3, "://"))
        mask_one(scheme + 3);
}
