/*
 * url_mask_passwords (url_mask.h): each "://" starts an authority that ends
 * at '/', '?', '#', white space, a quote or the end; when it holds user-info
 * (up to its last '@') with a ':', what follows that ':' is the password.
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
    char *colon = at != NULL ? memchr(authority, ':', (size_t)(at - authority)) : NULL;
    if (colon == NULL)
        return;
    size_t secret = (size_t)(at - colon - 1);
    if (secret < 4) {   /* never longer than the text was: a short one is starred in place */
        memset(colon + 1, '*', secret);
        return;
    }
    memcpy(colon + 1, "****", 4);
    memmove(colon + 5, at, strlen(at) + 1);
}

void url_mask_passwords(char *text)
{
    for (char *scheme = strstr(text, "://"); scheme != NULL; scheme = strstr(scheme + 3, "://"))
        mask_one(scheme + 3);
}
