/*
 * Every INI file cudnnv reads goes through ini_read (ini_read.c): the file
 * is read without blocking (a FIFO or a device in its place reads as
 * nothing), whole, and refused at the first line longer than inih's line
 * buffer, which would otherwise cut it and read its tail as a line of its
 * own (a long comment in cudnn.lock whose tail says "sha256 = ...").
 */
#ifndef CUDNNV_INI_READ_H
#define CUDNNV_INI_READ_H

#include <ini.h>

/* The longest line read (without its end of line): inih's buffer holds INI_MAX_LINE - 1 bytes with '\n'
 * (Debian's inih: INI_MAX_LINE 200; ini_read.c checks the two agree). */
#define INI_READ_MAX_LINE 198
/* The largest file read. */
#define INI_READ_MAX_FILE (1 << 20)

/* 0, or the number of the first line that is too long or not INI (as ini_parse), or -1 when unreadable. */
int ini_read(const char *path, ini_handler handler, void *user);

#endif
