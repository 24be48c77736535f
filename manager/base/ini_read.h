/*
 * Every INI file cudnnv reads goes through ini_read (ini_read.c): the file
 * is read without blocking (a FIFO or a device in its place reads as
 * nothing), whole, and refused at the first line longer than
 * INI_READ_MAX_LINE. Lines longer than inih's own buffer are handed to it
 * so that no line is ever cut and its tail read as a line of its own (a
 * long comment in cudnn.lock whose tail says "sha256 = ..."): a long value
 * (a path) is read whole, a long comment is a comment.
 */
#ifndef CUDNNV_INI_READ_H
#define CUDNNV_INI_READ_H

#include <ini.h>

/* The longest line read (without its end of line): a key and a path of up to PATH_MAX bytes. */
#define INI_READ_MAX_LINE 4400
/* The largest file read. */
#define INI_READ_MAX_FILE (1 << 20)

/* 0, or the number of the first line that is too long or not INI (as ini_parse), or -1 when unreadable. */
int ini_read(const char *path, ini_handler handler, void *user);
/* As ini_read, for a file a project holds (cudnn.lock): obeyed only when this user or root owns it, as a
 * version file is; INI_READ_UNTRUSTED when another user does. */
#define INI_READ_UNTRUSTED (-2)
int ini_read_project_file(const char *path, ini_handler handler, void *user);
/* Whether ini_read would take every line of text back (what a writer checks before it writes). */
int ini_text_fits(const char *text);

#endif
