/*
 * Downloads with libcurl: into NAME.part beside the target, resumed from
 * where a previous attempt stopped, renamed to the target when complete.
 */
#ifndef CUDNNV_DOWNLOAD_H
#define CUDNNV_DOWNLOAD_H

#include <stddef.h>

/* Stops past expected bytes (the size the source announced; 0: [download] max_size in config), and before the disk
 * would keep less than DOWNLOAD_DISK_RESERVE free; a part that overran is deleted. */
#define DOWNLOAD_DISK_RESERVE (32LL << 20)
/* 0; DOWNLOAD_UNREACHABLE when it failed before any byte came (the server's name unknown, or no connection:
 * another source may then be tried, where the user configured one); else 1. Each after a message. */
#define DOWNLOAD_UNREACHABLE 5
int download_file(const char *url, const char *target, long long expected);
int download_text(const char *url, size_t limit, char **text, char *why, size_t why_size);

#endif
