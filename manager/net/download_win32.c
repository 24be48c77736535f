/*
 * download.h in cudnnv.exe, with WinHTTP (Windows' own HTTP client: no
 * libcurl in mingw-w64). As on Linux: into TARGET.part, resumed with a Range
 * request when a partial file is there (a server that answers 200 instead
 * makes it start over), renamed to TARGET when whole; redirects followed
 * by hand, each hop judged (only https, at most 10, as on Linux);
 * progress on a terminal. Small documents ('cudnnv update''s index and
 * manifests, package indexes) are read into memory within a limit.
 * WinHTTP reads no file:// address (a copy of an index, a channel or
 * NVIDIA's redist folder), so those are read by their path, as curl does.
 */
#include "download.h"

#include "messages.h"
#include "config.h"
#include "file_url.h"
#include "fsutil.h"
#include "store.h"

#include "cudnnv_select.h"
#include "progress.h"

#include <windows.h>
#include <winhttp.h>

#include <ctype.h>
#include <errno.h>
#include <io.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct connection {
    HINTERNET session, connect, request;
};

static long long file_size(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 ? (long long)info.st_size : 0;
}

static void close_connection(struct connection *http)
{
    if (http->request)
        WinHttpCloseHandle(http->request);
    if (http->connect)
        WinHttpCloseHandle(http->connect);
    if (http->session)
        WinHttpCloseHandle(http->session);
}

/*
 * The limits from [download] in config, as WinHTTP has them: a server must
 * accept within connect_timeout, and no wait for an answer or for data lasts
 * longer than low_speed_time (a stalled server ends the download).
 */
static void set_timeouts(HINTERNET handle)
{
    struct config config;
    config_read(store_root(), &config);
    int connect = (int)config.connect_timeout * 1000, stall = (int)config.low_speed_time * 1000;
    DWORD response = (DWORD)stall;
    WinHttpSetTimeouts(handle, connect, connect, stall, stall);
    WinHttpSetOption(handle, WINHTTP_OPTION_RECEIVE_RESPONSE_TIMEOUT, &response, sizeof response);
}

/* Sends GET url (from byte 'from' on when it is not 0); the HTTP status, or 0 with GetLastError's code in *error. */
static DWORD send_request(struct connection *http, const char *url, long long from, DWORD *error)
{
    wchar_t wide[2048], host[256], header[64];
    URL_COMPONENTS parts = {.dwStructSize = sizeof parts, .dwHostNameLength = (DWORD)-1,
                            .dwUrlPathLength = (DWORD)-1, .dwExtraInfoLength = (DWORD)-1};
    DWORD status = 0, size = sizeof status;
    if (MultiByteToWideChar(CP_UTF8, 0, url, -1, wide, 2048) == 0 || !WinHttpCrackUrl(wide, 0, 0, &parts) ||
        parts.dwHostNameLength >= 256) {
        *error = ERROR_WINHTTP_INVALID_URL;
        return 0;
    }
    wcsncpy(host, parts.lpszHostName, parts.dwHostNameLength);
    host[parts.dwHostNameLength] = L'\0';
    http->session = WinHttpOpen(L"cudnnv", WINHTTP_ACCESS_TYPE_DEFAULT_PROXY, WINHTTP_NO_PROXY_NAME,
                                WINHTTP_NO_PROXY_BYPASS, 0);
    if (http->session)
        set_timeouts(http->session);
    http->connect = http->session ? WinHttpConnect(http->session, host, parts.nPort, 0) : NULL;
    http->request = http->connect ? WinHttpOpenRequest(http->connect, L"GET", parts.lpszUrlPath, NULL,
                                                       WINHTTP_NO_REFERER, WINHTTP_DEFAULT_ACCEPT_TYPES,
                                                       parts.nScheme == INTERNET_SCHEME_HTTPS ? WINHTTP_FLAG_SECURE : 0)
                                  : NULL;
    if (http->request) {
        DWORD never = WINHTTP_OPTION_REDIRECT_POLICY_NEVER, disable = WINHTTP_DISABLE_REDIRECTS;
        set_timeouts(http->request);
        WinHttpSetOption(http->request, WINHTTP_OPTION_REDIRECT_POLICY, &never, sizeof never);
        WinHttpSetOption(http->request, WINHTTP_OPTION_DISABLE_FEATURE, &disable, sizeof disable);
    }
    swprintf(header, 64, L"Range: bytes=%lld-", from);
    if (http->request == NULL || (from > 0 && !WinHttpAddRequestHeaders(http->request, header, (DWORD)-1L,
                                                                          WINHTTP_ADDREQ_FLAG_ADD)) ||
        !WinHttpSendRequest(http->request, WINHTTP_NO_ADDITIONAL_HEADERS, 0, WINHTTP_NO_REQUEST_DATA, 0, 0, 0) ||
        !WinHttpReceiveResponse(http->request, NULL) ||
        !WinHttpQueryHeaders(http->request, WINHTTP_QUERY_STATUS_CODE | WINHTTP_QUERY_FLAG_NUMBER,
                             WINHTTP_HEADER_NAME_BY_INDEX, &status, &size, WINHTTP_NO_HEADER_INDEX)) {
        *error = GetLastError();
        return 0;
    }
    return status;
}

/* A redirect the download stopped at: which hop, and where it led. */
struct refused_hop {
    int hop;
    char url[1024];
};

#define ERROR_REDIRECT_REFUSED ERROR_ACCESS_DENIED

/* The Location of a 3xx answer, made absolute against url; 0, or -1 when it has none. */
static int redirect_target(struct connection *http, const char *url, char *out, size_t size)
{
    wchar_t location[1024];
    char target[1024];
    DWORD bytes = sizeof location;
    if (!WinHttpQueryHeaders(http->request, WINHTTP_QUERY_LOCATION, WINHTTP_HEADER_NAME_BY_INDEX, location, &bytes,
                             WINHTTP_NO_HEADER_INDEX) ||
        WideCharToMultiByte(CP_UTF8, 0, location, -1, target, sizeof target, NULL, NULL) == 0)
        return -1;
    if (strstr(target, "://") != NULL || target[0] != '/')
        return snprintf(out, size, "%s", target) < (int)size ? 0 : -1;
    const char *host = strstr(url, "://"), *path = host ? strchr(host + 3, '/') : NULL;
    int origin = path ? (int)(path - url) : (int)strlen(url);
    return snprintf(out, size, "%.*s%s", origin, url, target) < (int)size ? 0 : -1;
}

/*
 * send_request, following redirects by hand: every hop must be https (none
 * to plain http elsewhere, none to a file), at most 10; a refused hop is
 * named in refused and *error is ERROR_REDIRECT_REFUSED.
 */
static DWORD send_following(struct connection *http, const char *url, long long from, DWORD *error,
                            struct refused_hop *refused)
{
    char current[1024], next[1024];
    snprintf(current, sizeof current, "%s", url);
    for (int hop = 1;; hop++) {
        DWORD status = send_request(http, current, from, error);
        if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308)
            return status;
        int known = redirect_target(http, current, next, sizeof next) == 0;
        if (!known || strncmp(next, "https://", 8) != 0 || hop > 10) {
            refused->hop = hop;
            snprintf(refused->url, sizeof refused->url, "%s", known ? next : "(no Location)");
            *error = ERROR_REDIRECT_REFUSED;
            return 0;
        }
        close_connection(http);
        memset(http, 0, sizeof *http);
        snprintf(current, sizeof current, "%s", next);
    }
}

/* One read of the body written to out: 0 and *got (0 at the end), or the Windows error that stopped it. */
static DWORD receive_some(struct connection *http, FILE *out, long long done, long long bound, DWORD *got)
{
    static char buffer[1 << 16];
    if (!WinHttpReadData(http->request, buffer, sizeof buffer, got))
        return GetLastError();
    if (done + (long long)*got > bound)
        return ERROR_FILE_TOO_LARGE;   /* past what the source announced: never kept */
    return fwrite(buffer, 1, *got, out) == *got ? 0 : ERROR_WRITE_FAULT;
}

/* Writes the body into out; 0, or the Windows error that stopped it. */
static DWORD receive_body(struct connection *http, FILE *out, const char *name, long long done, long long bound)
{
    DWORD got = 0, total = 0, size = sizeof total, error;
    struct progress progress;
    if (!WinHttpQueryHeaders(http->request, WINHTTP_QUERY_CONTENT_LENGTH | WINHTTP_QUERY_FLAG_NUMBER,
                             WINHTTP_HEADER_NAME_BY_INDEX, &total, &size, WINHTTP_NO_HEADER_INDEX))
        total = 0;
    long long all = done + total, start = done;
    progress_start(&progress);
    while ((error = receive_some(http, out, done, bound, &got)) == 0 && got > 0) {
        done += got;
        if (total > 0)
            progress_show(&progress, "downloading %s %3d%% %lld/%lld MiB", name, (int)(done * 100 / all), done >> 20,
                          all >> 20);
    }
    progress_stop(&progress);
    if (error != 0)
        return error;
    /* a connection closed before Content-Length bytes is a cut, not an end */
    return total > 0 && done - start < (long long)total ? ERROR_WINHTTP_CONNECTION_ERROR : 0;
}

/* The WinHTTP errors a download meets most, in words that say what to look at. */
static const struct {
    DWORD error;
    const char *words;
} winhttp_errors[] = {
    {ERROR_WINHTTP_CONNECTION_ERROR, "the connection closed before the whole file came"},
    {ERROR_WINHTTP_CANNOT_CONNECT, "could not connect to the server (is the address right, and the network up?)"},
    {ERROR_WINHTTP_NAME_NOT_RESOLVED, "the server's name was not found (check the address, the network and any proxy)"},
    {ERROR_WINHTTP_TIMEOUT, "the server did not answer in time ([download] connect_timeout, low_speed_time)"},
    {WSAETIMEDOUT, "the server did not answer in time ([download] connect_timeout, low_speed_time)"},   /* Wine's */
    {ERROR_WINHTTP_SECURE_FAILURE, "the secure connection failed (the server's certificate was not accepted)"},
    {ERROR_WINHTTP_INVALID_SERVER_RESPONSE, "the server's answer was not HTTP"},
    {ERROR_WINHTTP_INVALID_URL, "the address is not a URL"},
    {ERROR_WINHTTP_UNRECOGNIZED_SCHEME, "only http:// and https:// addresses can be downloaded"},
};

/*
 * Words for an error, without the trailing new line: ours for the usual
 * WinHTTP errors (Windows' own texts for them are terse, and Wine has
 * none), else Windows' (WinHTTP's 12xxx come from winhttp.dll).
 */
static void describe_error(DWORD error, char *out, size_t size)
{
    for (size_t i = 0; i < sizeof winhttp_errors / sizeof winhttp_errors[0]; i++) {
        if (winhttp_errors[i].error == error) {
            snprintf(out, size, "%s (WinHTTP error %lu)", winhttp_errors[i].words, (unsigned long)error);
            return;
        }
    }
    HMODULE winhttp = GetModuleHandleA("winhttp.dll");
    DWORD flags = FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS |
                  (error >= 12000 && error < 13000 && winhttp ? FORMAT_MESSAGE_FROM_HMODULE : 0);
    DWORD length = FormatMessageA(flags, winhttp, error, 0, out, (DWORD)size, NULL);
    while (length > 0 && (out[length - 1] == '\n' || out[length - 1] == '\r' || out[length - 1] == '.'))
        out[--length] = '\0';
    if (length == 0)
        snprintf(out, size, "Windows error %lu", (unsigned long)error);
}

/* One attempt from where part stops: 0, or 1 (DOWNLOAD_UNREACHABLE before any byte came) after a message. */
static int fetch_into(const char *url, const char *part, const char *name, long long bound, int announced)
{
    struct connection http = {0};
    long long from = file_size(part);
    struct refused_hop refused = {0};
    DWORD error = 0, status = send_following(&http, url, from, &error, &refused);
    if (error == ERROR_REDIRECT_REFUSED) {
        close_connection(&http);
        return fail("cannot download %s: redirect %d, to %s, was refused: only redirects to https are followed (at most 10)",
                    url, refused.hop, refused.url);
    }
    int whole_again = status == 200 && from > 0;
    if (whole_again)
        note("the server cannot resume; downloading %s again from the start", url);
    FILE *out = status == 200 || status == 206 ? fopen(part, whole_again || from == 0 ? "wb" : "ab") : NULL;
    if (out != NULL) {
        error = receive_body(&http, out, name, whole_again ? 0 : from, bound);
        if (fclose(out) != 0 && error == 0)
            error = ERROR_WRITE_FAULT;
    }
    close_connection(&http);
    if (status == 416 && from > 0) {   /* the part is not a beginning of this file: start over */
        note("the server cannot resume from byte %lld; downloading %s again from the start", from, url);
        unlink(part);
        return fetch_into(url, part, name, bound, announced);
    }
    if (error == ERROR_FILE_TOO_LARGE) {
        unlink(part);
        return fail("cannot download %s: the server sent more than the %lld bytes %s; the part was deleted and nothing was installed",
                    url, bound, announced ? "announced" : "[download] max_size in config allows");
    }
    if (status != 0 && status != 200 && status != 206)
        return fail("cannot download %s: HTTP %lu; check the address ([download] base_url in config) or download it by hand and run 'cudnnv install FOLDER' once it is unpacked",
                    url, (unsigned long)status);
    if (error != 0 || out == NULL) {
        char why[256];
        DWORD code = error ? error : GetLastError();
        int unreachable = (code == ERROR_WINHTTP_NAME_NOT_RESOLVED || code == ERROR_WINHTTP_CANNOT_CONNECT ||
                           code == ERROR_WINHTTP_TIMEOUT) && file_size(part) <= 0;
        describe_error(code, why, sizeof why);
        if (file_size(part) > 0)
            return fail("cannot download %s: %s; the %lld bytes received are kept: run the same command again to resume",
                        url, why, file_size(part));
        fail("cannot download %s: %s; where it cannot be reached, download it elsewhere and install it by hand (cudnnv help install), or set [download] mirrors or base_url in config",
             url, why);
        return unreachable ? DOWNLOAD_UNREACHABLE : 1;
    }
    return 0;
}

int download_file(const char *url, const char *target, long long expected)
{
    char path[PATH_MAX], why[PATH_MAX + 128];
    if (file_url_path(url, path, sizeof path) == 0)
        return file_url_copy(path, target, expected, why, sizeof why) == 0
                   ? 0
                   : fail("cannot copy %s: %s; where that folder is gone, a mirror serves it: [download] mirrors in config ('cudnnv mirror DIR' fills one from a lock), or 'cudnnv install FILE'",
                          url, why);
    char part[PATH_MAX + 8];
    const char *name = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
    snprintf(part, sizeof part, "%s.part", target);
    struct config config;
    config_read(store_root(), &config);
    long long bound = expected > 0 ? expected : config.download_max_size;
    if (file_size(part) > bound)
        unlink(part);   /* a part larger than the file can be is no beginning of it */
    if (file_size(part) > 0)
        note("resuming %s from %lld bytes", url, file_size(part));
    int status = fetch_into(url, part, name, bound, expected > 0);
    if (file_size(part) == 0)
        unlink(part);   /* nothing to resume: leave no empty file in the cache */
    if (status != 0)
        return status;
    if (rename(part, target) != 0)
        return fail("cannot move the download to %s: %s", target, strerror(errno));
    return 0;
}

/* The whole body in memory, at most limit bytes: 0, the Windows error, or ERROR_INSUFFICIENT_BUFFER when larger. */
static DWORD receive_text(struct connection *http, size_t limit, char **text)
{
    size_t length = 0;
    DWORD got = 0;
    char *body = calloc(1, 1);
    for (;;) {
        char *grown = body ? realloc(body, length + (1 << 16) + 1) : NULL;
        if (grown == NULL) {
            free(body);
            return ERROR_OUTOFMEMORY;
        }
        body = grown;
        if (!WinHttpReadData(http->request, body + length, 1 << 16, &got)) {
            free(body);
            return GetLastError();
        }
        length += got;
        body[length] = '\0';
        if (got == 0)
            break;
        if (length > limit) {
            free(body);
            return ERROR_INSUFFICIENT_BUFFER;
        }
    }
    *text = body;
    return 0;
}

/*
 * Fetches a small document (an index, a manifest) into memory, at most limit
 * bytes: a larger answer is refused, never kept. 0 with *text (free it), or
 * -1 with the reason in why, in the words the Linux build uses.
 */
int download_text(const char *url, size_t limit, char **text, char *why, size_t why_size)
{
    struct connection http = {0};
    char path[PATH_MAX];
    *text = NULL;
    if (file_url_path(url, path, sizeof path) == 0)
        return file_url_read(path, limit, text, why, why_size);
    struct refused_hop refused = {0};
    DWORD error = 0, status = send_following(&http, url, 0, &error, &refused);
    if (status == 200)
        error = receive_text(&http, limit, text);
    close_connection(&http);
    if (error == ERROR_REDIRECT_REFUSED)
        snprintf(why, why_size, "redirect %d, to %s, was refused: only redirects to https are followed (at most 10)",
                 refused.hop, refused.url);
    else if (status != 0 && status != 200)
        snprintf(why, why_size, "HTTP %lu", (unsigned long)status);
    else if (error == ERROR_INSUFFICIENT_BUFFER)
        snprintf(why, why_size, "larger than %zu KiB", limit >> 10);
    else if (error != 0)
        describe_error(error, why, why_size);
    return *text != NULL ? 0 : -1;
}
