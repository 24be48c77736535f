/*
 * One download with libcurl. A partial file (TARGET.part) is resumed with a
 * Range request; a server that cannot resume makes it start over. Progress
 * shows on a terminal. Nothing appears at TARGET until the transfer is whole.
 * No transfer waits forever: a connection must come within connect_timeout
 * and data faster than low_speed_limit ([download] in config), and a failure
 * is said in words with what to do (resume, or install a file by hand).
 * https trusts the CA bundle of the machine it runs on (ca_bundle.c).
 */
#include "download.h"

#include "ca_bundle.h"
#include "messages.h"
#include "config.h"
#include "file_url.h"
#include "fsutil.h"
#include "store.h"
#include "progress.h"

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

struct transfer {
    const char *name;
    FILE *out;
    long long bound;      /* the most the file may hold: the size announced, else [download] max_size */
    int announced;        /* whether bound is the size the source announced */
    const char *folder;   /* where it is written, for the free-space reserve */
    int overran;          /* 1: past the bound; 2: the disk's reserve reached */
    long long written;    /* bytes in the part so far */
    curl_off_t resumed_from;
    struct progress progress;
    long http;        /* the server's status, 0 when none answered */
    int connected;    /* whether a connection was made at all */
    long redirects;   /* how many redirects were followed */
    char last_url[512];   /* where the last one led (the hop refused, when one was) */
};

/* The limits from [download] in config, on one transfer. */
static void set_limits(CURL *curl, const struct config *config)
{
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, config->connect_timeout);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, config->low_speed_limit);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, config->low_speed_time);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "cudnnv");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    /* every hop of a redirect is https: none leads to a file, to plain http elsewhere, or to another scheme */
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "https");
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 10L);
    curl_easy_setopt(curl, CURLOPT_FAILONERROR, 1L);
    const char *bundle = ca_bundle_file(), *folder = ca_bundle_folder();
    if (bundle != NULL)
        curl_easy_setopt(curl, CURLOPT_CAINFO, bundle);
    if (folder != NULL)
        curl_easy_setopt(curl, CURLOPT_CAPATH, folder);
}

/* What the transfer learnt about the server before it ended. */
static void take_outcome(CURL *curl, struct transfer *transfer)
{
    curl_off_t connect_time = 0;
    char *last = NULL;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &transfer->http);
    curl_easy_getinfo(curl, CURLINFO_REDIRECT_COUNT, &transfer->redirects);
    curl_easy_getinfo(curl, CURLINFO_EFFECTIVE_URL, &last);
    snprintf(transfer->last_url, sizeof transfer->last_url, "%s", last ? last : "");
    curl_easy_getinfo(curl, CURLINFO_CONNECT_TIME_T, &connect_time);
    transfer->connected = connect_time > 0;
}

/* A certificate that could not be checked: against which bundle, and the way out. */
static void describe_untrusted(CURLcode code, char *why, size_t size)
{
    const char *bundle = ca_bundle_file();
    snprintf(why, size, "the server's certificate cannot be checked against %s (%s); name the CA bundle to trust with SSL_CERT_FILE",
             bundle ? bundle : "a CA bundle (none found here)", curl_easy_strerror(code));
}

/* Why a transfer failed, in words a user can act on. */
static void describe_failure(CURLcode code, const struct transfer *transfer, const struct config *config, char *why,
                             size_t size)
{
    if (code == CURLE_HTTP_RETURNED_ERROR)
        snprintf(why, size, "HTTP %ld", transfer->http);
    else if ((code == CURLE_UNSUPPORTED_PROTOCOL || code == CURLE_TOO_MANY_REDIRECTS) && transfer->redirects > 0)
        snprintf(why, size, "redirect %ld, to %s, was refused: only redirects to https are followed (at most 10)",
                 transfer->redirects, transfer->last_url);
    else if (code == CURLE_COULDNT_RESOLVE_HOST || code == CURLE_COULDNT_RESOLVE_PROXY)
        snprintf(why, size, "the server's name is not known here (offline, or no name service)");
    else if (code == CURLE_COULDNT_CONNECT)
        snprintf(why, size, "the server cannot be reached (connection refused or no route)");
    else if (code == CURLE_OPERATION_TIMEDOUT && !transfer->connected)
        snprintf(why, size, "no connection within %ld s ([download] connect_timeout)", config->connect_timeout);
    else if (code == CURLE_PEER_FAILED_VERIFICATION || code == CURLE_SSL_CACERT_BADFILE)
        describe_untrusted(code, why, size);
    else if (code == CURLE_OPERATION_TIMEDOUT)
        snprintf(why, size, "the server sent less than %ld bytes a second for %ld s ([download] low_speed_limit, low_speed_time)",
                 config->low_speed_limit, config->low_speed_time);
    else
        snprintf(why, size, "%s", curl_easy_strerror(code));
}

static int show_progress(void *user, curl_off_t total, curl_off_t now, curl_off_t up_total, curl_off_t up_now)
{
    struct transfer *transfer = user;
    (void)up_total;
    (void)up_now;
    if (total <= 0)
        return 0;
    curl_off_t done = transfer->resumed_from + now, all = transfer->resumed_from + total;
    progress_show(&transfer->progress, "downloading %s %3d%% %lld/%lld MiB", transfer->name, (int)(done * 100 / all),
                  (long long)(done >> 20), (long long)(all >> 20));
    return 0;
}

static long long file_size(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 ? (long long)info.st_size : 0;
}

/* Free bytes left to this user where path is; -1 when it cannot be told. */
static long long free_bytes(const char *path)
{
    struct statvfs info;
    return statvfs(path, &info) == 0 ? (long long)info.f_bavail * (long long)info.f_frsize : -1;
}

/* Writes what arrives, stopping the transfer past the bound or before the disk's reserve. */
static size_t write_bounded(char *data, size_t size, size_t count, void *user)
{
    struct transfer *transfer = user;
    size_t bytes = size * count;
    long long written = transfer->written;
    if (written + (long long)bytes > transfer->bound) {
        transfer->overran = 1;
        return 0;
    }
    long long free = (written >> 24) != ((written + (long long)bytes) >> 24) || written == 0 ? free_bytes(transfer->folder) : -1;
    if (free >= 0 && free - (long long)bytes < DOWNLOAD_DISK_RESERVE) {
        transfer->overran = 2;
        return 0;
    }
    size_t done = fwrite(data, 1, bytes, transfer->out);
    transfer->written += (long long)done;
    return done;
}

/* One attempt: appends to part from its current size. Returns the curl code. */
static CURLcode fetch_into(const char *url, const char *part, struct transfer *transfer, const struct config *config)
{
    /* never through a link planted at the part's name */
    int fd = open(part, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    FILE *out = fd >= 0 ? fdopen(fd, "ab") : NULL;
    if (out == NULL) {
        if (fd >= 0)
            close(fd);
        return CURLE_WRITE_ERROR;
    }
    transfer->resumed_from = file_size(part);
    transfer->written = transfer->resumed_from;
    transfer->out = out;
    CURL *curl = curl_easy_init();
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_bounded);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, transfer);
    set_limits(curl, config);
    curl_easy_setopt(curl, CURLOPT_RESUME_FROM_LARGE, transfer->resumed_from);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, show_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, transfer);
    CURLcode code = curl_easy_perform(curl);
    take_outcome(curl, transfer);
    curl_easy_cleanup(curl);
    if (fclose(out) != 0 && code == CURLE_OK)
        code = CURLE_WRITE_ERROR;
    progress_stop(&transfer->progress);
    return code;
}

/* A transfer that stopped at its bound: the part is deleted, never kept to resume. */
static int refuse_overrun(const char *url, const char *part, const struct transfer *transfer)
{
    unlink(part);
    if (transfer->overran == 2)
        return fail("cannot download %s: it would leave less than %lld MiB free on the disk; the part was deleted: make room and run the same command again",
                    url, DOWNLOAD_DISK_RESERVE >> 20);
    return fail("cannot download %s: the server sent more than the %lld bytes %s; the part was deleted and nothing was installed",
                url, transfer->bound, transfer->announced ? "announced" : "[download] max_size in config allows");
}

static int is_unreachable(CURLcode code, const struct transfer *transfer)
{
    return code == CURLE_COULDNT_RESOLVE_HOST || code == CURLE_COULDNT_RESOLVE_PROXY || code == CURLE_COULDNT_CONNECT ||
           (code == CURLE_OPERATION_TIMEDOUT && !transfer->connected);
}

int download_file(const char *url, const char *target, long long expected)
{
    char part[PATH_MAX + 8], why[PATH_MAX + 128], folder[PATH_MAX], path[PATH_MAX];
    struct config config;
    if (file_url_path(url, path, sizeof path) == 0)
        return file_url_copy(path, target, expected, why, sizeof why) == 0
                   ? 0
                   : fail("cannot copy %s: %s; where that folder is gone, a mirror serves it: [download] mirrors in config ('cudnnv mirror DIR' fills one from a lock), or 'cudnnv install FILE'",
                          url, why);
    snprintf(folder, sizeof folder, "%s", target);
    if (strrchr(folder, '/') != NULL)
        *strrchr(folder, '/') = '\0';
    config_read(store_root(), &config);
    struct transfer transfer = {.name = strrchr(target, '/') ? strrchr(target, '/') + 1 : target,
                                .bound = expected > 0 ? expected : config.download_max_size, .announced = expected > 0,
                                .folder = folder};
    progress_start(&transfer.progress);
    snprintf(part, sizeof part, "%s.part", target);
    if (file_size(part) > transfer.bound)
        unlink(part);   /* a part larger than the file can be is no beginning of it */
    curl_global_init(CURL_GLOBAL_DEFAULT);
    if (file_size(part) > 0)
        note("resuming %s from %lld bytes", url, file_size(part));
    CURLcode code = fetch_into(url, part, &transfer, &config);
    if (code == CURLE_RANGE_ERROR) {
        note("the server cannot resume; downloading %s again from the start", url);
        unlink(part);
        code = fetch_into(url, part, &transfer, &config);
    }
    curl_global_cleanup();
    if (transfer.overran)
        return refuse_overrun(url, part, &transfer);
    if (code != CURLE_OK && file_size(part) == 0)
        unlink(part);   /* nothing to resume: leave no empty file in the cache */
    if (code != CURLE_OK)
        describe_failure(code, &transfer, &config, why, sizeof why);
    int unreachable = code != CURLE_OK && is_unreachable(code, &transfer) && file_size(part) <= 0;
    if (code == CURLE_HTTP_RETURNED_ERROR)
        return fail("cannot download %s: %s; check the address ([download] base_url in config) or download it by hand and run 'cudnnv install FILE'",
                    url, why);
    if (code != CURLE_OK && file_size(part) > 0)
        return fail("cannot download %s: %s; the %lld bytes received are kept: run the same command again to resume",
                    url, why, file_size(part));
    if (code != CURLE_OK) {
        fail("cannot download %s: %s; where it cannot be reached, download it elsewhere and run 'cudnnv install FILE', or set [download] mirrors or base_url in config (cudnnv help install)",
             url, why);
        return unreachable ? DOWNLOAD_UNREACHABLE : 1;
    }
    if (rename(part, target) != 0)
        return fail("cannot move the download to %s: %s", target, strerror(errno));
    return 0;
}

struct text_buffer {
    char *text;
    size_t length;
    size_t limit;
};

static size_t append_text(char *data, size_t size, size_t count, void *user)
{
    struct text_buffer *buffer = user;
    size_t bytes = size * count;
    if (buffer->length + bytes > buffer->limit)
        return 0;   /* larger than anything it may be: the transfer stops */
    char *grown = realloc(buffer->text, buffer->length + bytes + 1);
    if (grown == NULL)
        return 0;
    memcpy(grown + buffer->length, data, bytes);
    buffer->text = grown;
    buffer->length += bytes;
    buffer->text[buffer->length] = '\0';
    return bytes;
}

/*
 * Fetches a small document (an index, a manifest) into memory, at most limit
 * bytes: a larger answer is refused, never kept. 0 with *text (free it), or
 * -1 with the reason in why.
 */
int download_text(const char *url, size_t limit, char **text, char *why, size_t why_size)
{
    char path[PATH_MAX];
    if (file_url_path(url, path, sizeof path) == 0)
        return file_url_read(path, limit, text, why, why_size);   /* never through curl: a FIFO would hold it */
    struct text_buffer buffer = {NULL, 0, limit};
    struct transfer transfer = {.name = url};
    struct config config;
    config_read(store_root(), &config);
    curl_global_init(CURL_GLOBAL_DEFAULT);
    CURL *curl = curl_easy_init();
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, append_text);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &buffer);
    set_limits(curl, &config);
    CURLcode code = curl_easy_perform(curl);
    take_outcome(curl, &transfer);
    curl_easy_cleanup(curl);
    curl_global_cleanup();
    if (code == CURLE_OK && buffer.text == NULL)
        buffer.text = calloc(1, 1);
    if (code == CURLE_OK && buffer.text != NULL) {
        *text = buffer.text;
        return 0;
    }
    free(buffer.text);
    if (code == CURLE_WRITE_ERROR)
        snprintf(why, why_size, "larger than %zu KiB", limit >> 10);
    else
        describe_failure(code, &transfer, &config, why, why_size);
    return -1;
}
