/*
 * The walk behind beneath.h. A stack of directory descriptors, one per
 * component below top, answers ".." without ever looking above top; a link
 * is read and its target put in front of the components still to walk.
 */
#define _GNU_SOURCE
#include "beneath.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct walk {
    int fds[BENEATH_MAX_DEPTH + 1];   /* fds[0] is top (not ours to close) */
    int depth;
    int links;
    char rest[2 * PATH_MAX];          /* the components still to walk */
};

/* Closes every folder the walk opened (a failure's end, and a success's: the answer is open on its own), sets
 * errno to error, and returns -1. */
static int walk_close(struct walk *walk, int error)
{
    while (walk->depth > 0)
        close(walk->fds[walk->depth--]);
    errno = error;
    return -1;
}

static int current(const struct walk *walk)
{
    return walk->fds[walk->depth];
}

/* Takes the first component off walk->rest. 1: taken; 0: none left; -1: too long. */
static int take_component(struct walk *walk, char *component, size_t size)
{
    char *c = walk->rest;
    while (*c == '/')
        c++;
    size_t length = strcspn(c, "/");
    if (length == 0) {
        walk->rest[0] = '\0';
        return 0;
    }
    if (length >= size)
        return -1;
    memcpy(component, c, length);
    component[length] = '\0';
    memmove(walk->rest, c + length, strlen(c + length) + 1);
    return 1;
}

static int nothing_follows(const struct walk *walk)
{
    return walk->rest[strspn(walk->rest, "/")] == '\0';
}

/* Puts a link's target in front of what is left to walk. */
static int follow_link(struct walk *walk, int link_fd)
{
    char target[PATH_MAX], joined[2 * PATH_MAX];
    ssize_t length = readlinkat(link_fd, "", target, sizeof target - 1);
    if (length <= 0)
        return length == 0 ? ENOENT : errno;
    target[length] = '\0';
    if (++walk->links > BENEATH_MAX_LINKS)
        return ELOOP;
    if (target[0] == '/')
        return EXDEV;
    if ((size_t)snprintf(joined, sizeof joined, "%s/%s", target, walk->rest) >= sizeof joined)
        return ENAMETOOLONG;
    strcpy(walk->rest, joined);
    return 0;
}

/* Opens one component of the current directory without following it (creating a directory if asked). */
static int open_component(struct walk *walk, const char *name, int create)
{
    int fd = openat(current(walk), name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT && create) {
        if (mkdirat(current(walk), name, 0755) != 0 && errno != EEXIST)
            return -1;
        fd = openat(current(walk), name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    }
    return fd;
}

/*
 * Walks path below top. With leaf == NULL the last component is followed and
 * opened with flags; otherwise the walk stops before it and returns its
 * directory, the component copied into leaf.
 */
static int walk_path(int top, const char *path, int flags, int create, char *leaf, size_t leaf_size)
{
    struct walk walk = {.fds = {top}, .depth = 0, .links = 0};
    char name[NAME_MAX + 1];
    struct stat info;
    if (strlen(path) >= sizeof walk.rest / 2)
        return walk_close(&walk, ENAMETOOLONG);
    strcpy(walk.rest, path);
    int taken;
    while ((taken = take_component(&walk, name, sizeof name)) == 1) {
        if (strcmp(name, ".") == 0)
            continue;
        if (strcmp(name, "..") == 0) {
            if (walk.depth == 0)
                return walk_close(&walk, EXDEV);
            close(walk.fds[walk.depth--]);
            continue;
        }
        int last = nothing_follows(&walk);
        if (last && leaf != NULL) {
            if (strlen(name) >= leaf_size)
                return walk_close(&walk, ENAMETOOLONG);
            strcpy(leaf, name);
            int fd = openat(current(&walk), ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
            int saved = errno;
            walk_close(&walk, saved);
            return fd;
        }
        int fd = open_component(&walk, name, create && !last);
        if (fd < 0 || fstat(fd, &info) != 0) {
            int saved = errno;
            if (fd >= 0)
                close(fd);
            return walk_close(&walk, saved);
        }
        if (S_ISLNK(info.st_mode)) {
            int error = follow_link(&walk, fd);
            close(fd);
            if (error != 0)
                return walk_close(&walk, error);
            continue;
        }
        if (last) {
            close(fd);
            int opened = openat(current(&walk), name, flags | O_NOFOLLOW | O_CLOEXEC);
            int saved = errno;
            walk_close(&walk, saved);
            return opened;
        }
        if (!S_ISDIR(info.st_mode) || walk.depth == BENEATH_MAX_DEPTH) {
            close(fd);
            return walk_close(&walk, S_ISDIR(info.st_mode) ? ENAMETOOLONG : ENOTDIR);
        }
        walk.fds[++walk.depth] = fd;
    }
    if (taken < 0 || leaf != NULL)
        return walk_close(&walk, taken < 0 ? ENAMETOOLONG : EINVAL);
    int opened = openat(current(&walk), ".", flags | O_CLOEXEC);
    int saved = errno;
    walk_close(&walk, saved);
    return opened;
}

int beneath_open(int top, const char *path, int flags)
{
    return walk_path(top, path, flags, 0, NULL, 0);
}

int beneath_open_parent(int top, const char *path, int create, char *leaf, size_t leaf_size)
{
    return walk_path(top, path, 0, create, leaf, leaf_size);
}

int beneath_open_folder(const char *folder)
{
    return open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

int beneath_open_entry(int top, const char *folder, const char *name, int flags)
{
    (void)folder;
    if (strchr(name, '/') != NULL || strcmp(name, "..") == 0 || strcmp(name, ".") == 0) {
        errno = EXDEV;
        return -1;
    }
    return beneath_open(top, name, flags);
}
