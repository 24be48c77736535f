/*
 * A running count of long work on one line of a terminal (progress.c):
 * downloads, extraction, copies, verify, the manifests of an update. Shown
 * only when stderr is a terminal, escaped like every message, and cleared
 * when the work ends, so that the next message starts on a clean line.
 */
#ifndef CUDNNV_PROGRESS_H
#define CUDNNV_PROGRESS_H

struct progress {
    int terminal;    /* stderr is a terminal: anything is shown at all */
    int shown;       /* a line was written and is still on the screen */
};

void progress_start(struct progress *progress);
/* The line "cudnnv: TEXT", replacing the one shown before (nothing when stderr is not a terminal). */
void progress_show(struct progress *progress, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Clears the line, if one was shown. */
void progress_stop(struct progress *progress);

#endif
