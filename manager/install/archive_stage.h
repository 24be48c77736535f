/*
 * Where an archive's members land: the staging folder, reached one step at
 * a time so that nothing is written outside it. archive_extract.c decides
 * what is written (names, sizes, limits); this decides how, per system:
 * archive_stage.c on Linux (descriptors and the confined walk of beneath.c,
 * links allowed where they stay inside), archive_stage_win32.c on Windows
 * (no links at all; a folder on the way that is a reparse point is refused).
 * Failures set errno: EXDEV when a step would lead outside through a link.
 */
#ifndef CUDNNV_ARCHIVE_STAGE_H
#define CUDNNV_ARCHIVE_STAGE_H

struct archive_stage;

struct archive_stage *archive_stage_open(const char *destination);
void archive_stage_close(struct archive_stage *stage);
/* True when bytes more can be written and still leave ARCHIVE_DISK_RESERVE free. */
int archive_stage_room(const struct archive_stage *stage, unsigned long long bytes);
/* A new file at the clean name (an earlier one of that name replaced), open for writing: a descriptor. */
int archive_stage_file(struct archive_stage *stage, const char *clean, int executable);
/*
 * A link at the clean name: symbolic to target, or with hard set, to the
 * earlier member target, which must be a regular file below the stage
 * (EINVAL if not). Windows writes none (ENOTSUP).
 */
int archive_stage_link(struct archive_stage *stage, const char *clean, const char *target, int hard);
/* 0 when the link written at clean resolves below the stage; -1 with EXDEV or ELOOP when not. */
int archive_stage_link_check(struct archive_stage *stage, const char *clean);

#endif
