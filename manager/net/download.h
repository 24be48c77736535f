/*
 * Downloads with libcurl: into NAME.part beside the target, resumed from
 * where a previous attempt stopped, renamed to the target when complete.
 */
#ifndef CUDNNV_DOWNLOAD_H
#define CUDNNV_DOWNLOAD_H

#include <stddef.h>

int download_file(const char *url, const char *target);
int download_text(const char *url, size_t limit, char **text, char *why, size_t why_size);

#endif
