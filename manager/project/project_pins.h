/*
 * A project's pins as 'cudnnv use' writes them: which file a pin goes to,
 * the plan for the frameworks a project serves, and what a new pin means
 * on this machine, said at once (pin_file.c, use_plan.c, pin_notes.c).
 */
#ifndef CUDNNV_PROJECT_PINS_H
#define CUDNNV_PROJECT_PINS_H

#include <stddef.h>

/* The path of NAME (a version file's name) in the current folder; 0, or 1 after a message. */
int pin_file_named(char *path, size_t size, const char *name);

/* The file a plain 'use VERSION' writes in the current folder: its .cudnn-version, or the .tool-versions that
 * already pins cudnn there (said); 0, or 1 after a message. */
int pin_file_here(char *path, size_t size);

/* use VERSION...: names written to path with runtime (NULL keeps the file's, "" removes it), a numeric name
 * that does not exist refused unless force, and what they mean here said; 0, or 1 after a message. */
int pin_write(const char *path, int count, char **names, int force, const char *runtime);

/* use --unset: path removed with what use --for recorded for it; 0, or 1 after a message. */
int pin_unset(const char *path);

/* Only the runtime line of path changes ("" removes it), its pins stay; 0, or 1 after a message. */
int pin_cuda_runtime_alone(const char *path, const char *runtime);

/* One plan for the frameworks path's project already serves (as recorded) and the specs given, written to path
 * with the pins of other majors kept; 0, 2 after a usage problem, 1 after a message (nothing written). */
int use_plan_write(const char *path, const char *const *specs, int count);

/* 'use' alone: the pins of path, then what use --for planned each for; 0, or 1 after a message. */
int pin_print(const char *path);

/* A numeric name neither installed nor a catalog release (use 99): refused, saying what the catalog knows;
 * 0 otherwise (also with no catalog to tell from). */
int pin_refuse_unknown_release(int count, char **names);

/* 'use VERSION' where use --for pinned a runtime: the runtime stays, and is said with what it serves. */
void pin_say_what_stays(const char *path, const char *runtime);

/* What the names just pinned in path mean here: a set with no code for this machine's GPU, CUDA libraries a
 * program would not find, an advisory, a lock written for other pins. */
void pin_notes(const char *path, int count, char **names);

/* A pin in the home folder holds for every folder below it: a warning. */
void pin_warn_about_home(const char *path);

#endif
