/*
 * Clone and fast-forward of the catalog repository with libgit2. The first
 * clone goes to catalog-staging/ and appears by rename; a fetch that cannot
 * fast-forward (someone committed in $CUDNNV_ROOT/catalog) changes nothing
 * and says how to start over. https trusts the CA bundle of the machine it
 * runs on, as downloads do (ca_bundle.c).
 */
#include "catalog_git.h"
#include "option_names.h"

#include "ca_bundle.h"
#include "messages.h"
#include "fsutil.h"
#include "store.h"

#include <errno.h>
#include <git2.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

static int git_failure(const char *what, const char *remote)
{
    const git_error *error = git_error_last();
    return fail("%s %s: %s; check the remote (" OPTION_REMOTE ", or [catalog] remote in config)", what, remote,
                error && error->message ? error->message : "unknown error");
}

/* libgit2 started, trusting this machine's CA bundle (libgit2 takes the two places, not both NULL). */
static void start_libgit2(void)
{
    const char *bundle = ca_bundle_file(), *folder = ca_bundle_folder();
    git_libgit2_init();
    if (bundle != NULL || folder != NULL)
        git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, bundle, folder);
}

static void say_head(git_repository *repository, const char *how)
{
    git_oid head;
    char text[GIT_OID_HEXSZ + 1];
    if (git_reference_name_to_id(&head, repository, "HEAD") != 0)
        return;
    git_oid_tostr(text, sizeof text, &head);
    note("catalog %s at %.12s", how, text);
}

int catalog_git_clone(const char *root, const char *target, const char *remote)
{
    char staging[PATH_MAX], checkout[PATH_MAX];
    git_repository *repository = NULL;
    int status = 0;
    if (store_new_staging_in(root, CUDNNV_STORE_CATALOG_STAGING, "catalog", staging, sizeof staging) != 0)
        return 1;
    path_join(checkout, sizeof checkout, staging, "catalog");
    start_libgit2();
    if (git_clone(&repository, remote, checkout, NULL) != 0)
        status = git_failure("cannot clone", remote);
    else if (rename(checkout, target) != 0)
        status = fail("cannot move the catalog into %s: %s", target, strerror(errno));
    if (status == 0) {
        git_repository_free(repository);
        repository = NULL;
        if (git_repository_open(&repository, target) == 0)
            say_head(repository, "cloned");
    }
    git_repository_free(repository);
    git_libgit2_shutdown();
    remove_tree(staging);
    return status;
}

/* Moves the checked-out branch to the fetched commit, and the files with it. */
static int fast_forward_to(git_repository *repository, const git_annotated_commit *fetched)
{
    git_reference *head = NULL, *moved = NULL;
    git_object *target = NULL;
    git_checkout_options options;
    git_checkout_options_init(&options, GIT_CHECKOUT_OPTIONS_VERSION);
    options.checkout_strategy = GIT_CHECKOUT_SAFE;
    int status = git_repository_head(&head, repository) != 0 ||
                 git_object_lookup(&target, repository, git_annotated_commit_id(fetched), GIT_OBJECT_COMMIT) != 0 ||
                 git_checkout_tree(repository, target, &options) != 0 ||
                 git_reference_set_target(&moved, head, git_annotated_commit_id(fetched), "cudnnv update") != 0;
    git_reference_free(moved);
    git_object_free(target);
    git_reference_free(head);
    return status ? -1 : 0;
}

static int merge_fetched(git_repository *repository, const char *remote)
{
    git_annotated_commit *fetched = NULL;
    git_merge_analysis_t analysis;
    git_merge_preference_t preference;
    int status = 0;
    if (git_annotated_commit_from_revspec(&fetched, repository, "FETCH_HEAD") != 0)
        return git_failure("nothing fetched from", remote);
    if (git_merge_analysis(&analysis, &preference, repository, (const git_annotated_commit **)&fetched, 1) != 0)
        status = git_failure("cannot compare with", remote);
    else if (analysis & GIT_MERGE_ANALYSIS_UP_TO_DATE)
        note("catalog already up to date");
    else if (!(analysis & GIT_MERGE_ANALYSIS_FASTFORWARD))
        status = fail("the catalog in %s has commits the remote lacks, so it cannot fast-forward; remove that directory and run 'cudnnv update' again",
                      git_repository_workdir(repository));
    else if (fast_forward_to(repository, fetched) != 0)
        status = git_failure("cannot fast-forward to", remote);
    else
        say_head(repository, "updated");
    git_annotated_commit_free(fetched);
    return status;
}

int catalog_git_fast_forward(const char *target, const char *remote)
{
    git_repository *repository = NULL;
    git_remote *origin = NULL;
    int status;
    start_libgit2();
    if (git_repository_open(&repository, target) != 0)
        status = fail("%s is not a git repository; remove it and run 'cudnnv update' again", target);
    else if (git_remote_create_anonymous(&origin, repository, remote) != 0 ||
             git_remote_fetch(origin, NULL, NULL, "cudnnv update") != 0)
        status = git_failure("cannot fetch", remote);
    else
        status = merge_fetched(repository, remote);
    git_remote_free(origin);
    git_repository_free(repository);
    git_libgit2_shutdown();
    return status;
}
