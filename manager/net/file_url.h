/*
 * file:// addresses, read by path in both builds (file_url.c): the path an
 * address names, and a folder read as a web server's file index.
 */
#ifndef CUDNNV_FILE_URL_H
#define CUDNNV_FILE_URL_H

#include <stddef.h>

/* The path of a file:///PATH or file://localhost/PATH address, %XX decoded; 0, or -1 for any other address. */
int file_url_path(const char *url, char *path, size_t size);
/* The file:///PATH address of an absolute path, each byte but letters, digits and / . _ - ~ as %XX; 0, or -1 when
 * path is relative or the address does not fit. */
int file_url_of_path(const char *path, char *url, size_t size);
/* A page of <a href="NAME">NAME</a> lines, one per entry of folder (a folder's with a '/'), within limit bytes;
 * 0 with *text (free it), or -1 with why. */
int file_url_listing(const char *folder, size_t limit, char **text, char *why, size_t why_size);

/* A file:// document within limit bytes (a folder: its listing); 0 with *text (free it), or -1 with why. */
int file_url_read(const char *path, size_t limit, char **text, char *why, size_t why_size);
/* A file:// archive copied to target, at most limit bytes (0: any); 0, or -1 with why. */
int file_url_copy(const char *path, const char *target, long long limit, char *why, size_t why_size);

#endif
