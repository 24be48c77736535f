/*
 * libFuzzer harness: an archive member's name and a link's target (the
 * input's two lines), fed through the rules the installer applies
 * (archive_member.c) and then made real: the link is created in a scratch
 * tree and resolved with beneath_open. Whatever it opens must lie inside the
 * tree: the oracle reads the opened file's path back from /proc.
 */
#define _GNU_SOURCE
#include "archive_member.h"
#include "beneath.h"

#include <fcntl.h>
#include <limits.h>
#include "harness.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char top[] = "/tmp/cudnnv-fuzz-member-XXXXXX";
static char tree[PATH_MAX];
static int tree_fd = -1;

static void prepare(void)
{
    if (mkdtemp(top) == NULL)
        abort();
    snprintf(tree, sizeof tree, "%s/tree", top);
    mkdir(tree, 0700);
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/lib", tree);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/outside", top);
    mkdir(path, 0700);
    tree_fd = open(tree, O_RDONLY | O_DIRECTORY);
}

/* The opened file must be the tree itself or below it. */
static void check_inside(int fd)
{
    char link[64], where[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, where, sizeof where - 1);
    if (length < 0)
        return;
    where[length] = '\0';
    size_t tree_length = strlen(tree);
    if (strncmp(where, tree, tree_length) != 0 || (where[tree_length] != '\0' && where[tree_length] != '/'))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    char clean[PATH_MAX], leaf[NAME_MAX + 1];
    if (!ready) {
        prepare();
        ready = 1;
    }
    char *text = fuzz_text(data, size);
    char *target = strchr(text, '\n');
    if (target != NULL)
        *target++ = '\0';
    if (archive_member_clean(text, clean, sizeof clean) == NULL) {
        archive_member_is_needed(clean);
        if (target != NULL && archive_link_target_problem(target) == NULL) {
            int dir = beneath_open_parent(tree_fd, clean, 1, leaf, sizeof leaf);
            if (dir >= 0) {
                check_inside(dir);
                if (symlinkat(target, dir, leaf) == 0) {
                    int fd = beneath_open(tree_fd, clean, O_PATH);
                    if (fd >= 0) {
                        check_inside(fd);
                        close(fd);
                    }
                    unlinkat(dir, leaf, 0);
                }
                close(dir);
            }
        }
    }
    free(text);
    return 0;
}
