/*
 * The sources a selection reads: version files (one name per line, '#'
 * comments, blank lines ignored), CUDNNV_VERSION (names separated by ':' or
 * white space), the walk from a directory up to '/' for .cudnn-version (or
 * another tool's file that names cudnn: tool_file.c), and the global file.
 * libc only: the shim links it.
 *
 * A version file is outside input: it is opened without blocking and read
 * only when it is a regular file (a FIFO would hang every prompt), at most
 * CUDNNV_VERSION_FILE_MAX bytes and CUDNNV_MAX_LINES names (more is an
 * error, never silently cut), a UTF-8 byte-order mark is skipped, and a file
 * owned by another user who is not root is not obeyed: a pin in a directory
 * others control must not choose the libraries a program runs (git's
 * safe.directory is the model).
 */
#include "cudnnv_select.h"
#include "store_layout.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NONBLOCK
#define O_NONBLOCK 0
#endif
#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif

static int read_text(const char *path, char *text, size_t size, int trusted_only);

/* The CUDA runtime a version file pins: as cudnnv_read_cuda_pin, or a negative CUDNNV_READ_ code for the file.
 * Only .cudnn-version pins one (another tool's file has no such line). */
int cudnnv_version_file_cuda(const char *path, char *out, size_t size)
{
    char text[CUDNNV_VERSION_FILE_MAX + 1];
    if (cudnnv_version_file_kind(path) != CUDNNV_FILE_OURS)
        return 0;
    int status = read_text(path, text, sizeof text, 1);
    return status != 0 ? status : cudnnv_read_cuda_pin(text, out, size);
}

/* A version file's text: as cudnnv_read_regular_file, and CUDNNV_READ_HAS_NUL when a NUL byte would cut it. */
static int read_text(const char *path, char *text, size_t size, int trusted_only)
{
    size_t length;
    int status = cudnnv_read_regular_file_length(path, text, size, trusted_only, &length);
    if ((status == 0 || status == CUDNNV_READ_TOO_LONG) && memchr(text, '\0', length) != NULL)
        return CUDNNV_READ_HAS_NUL;
    return status;
}

/* Whose version files are obeyed besides root's: this process's user, or (cudnnv ps as root) another's. */
static long trusted_user = -1;

void cudnnv_read_as_user(long uid)
{
    trusted_user = uid;
}

/* True when a file's owner may choose for this process: this user (or the one read as) or root. */
static int owner_is_trusted(const struct stat *info)
{
#ifdef _WIN32
    (void)info;
    return 1;
#else
    return info->st_uid == 0 || info->st_uid == (trusted_user >= 0 ? (uid_t)trusted_user : geteuid());
#endif
}

/*
 * How every outside file is read, by the shim and the manager alike: opened
 * without blocking (a FIFO never stalls us), only a regular file, at most
 * size - 1 bytes (CUDNNV_READ_TOO_LONG when there is more; text then holds
 * the first size - 1), and with trusted_only, only when root or this user
 * owns it. Returns 0 or a CUDNNV_READ_ code.
 */
int cudnnv_read_regular_file(const char *path, char *text, size_t size, int trusted_only)
{
    return cudnnv_read_regular_file_length(path, text, size, trusted_only, NULL);
}

/* As cudnnv_read_regular_file, with the number of bytes read (a NUL byte in the text ends no reading). */
int cudnnv_read_regular_file_length(const char *path, char *text, size_t size, int trusted_only, size_t *read_length)
{
    struct stat info;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT || errno == ENOTDIR ? CUDNNV_READ_MISSING : CUDNNV_READ_UNREADABLE;
    int status = 0;
    size_t length = 0;
    if (fstat(fd, &info) != 0)
        status = CUDNNV_READ_UNREADABLE;
    else if (!S_ISREG(info.st_mode))
        status = CUDNNV_READ_NOT_FILE;
    else if (trusted_only && !owner_is_trusted(&info))
        status = CUDNNV_READ_UNTRUSTED;
    /* until the size fstat gave (no read just to see the end) or the buffer is full */
    while (status == 0 && length < size && (info.st_size <= 0 || length < (size_t)info.st_size)) {
        ssize_t got = read(fd, text + length, size - length);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            status = CUDNNV_READ_UNREADABLE;
        if (got <= 0)
            break;
        length += (size_t)got;
    }
    int saved = errno;
    close(fd);
    errno = saved;
    if (status == 0 && length == size) {
        status = CUDNNV_READ_TOO_LONG;
        length = size - 1;
    }
    if (status != 0 && status != CUDNNV_READ_TOO_LONG)
        length = 0;
    text[length] = '\0';
    if (read_length != NULL)
        *read_length = length;
    return status;
}

/* Another tool's version file, read for its cudnn entry: as cudnnv_read_version_file. */
static int read_tool_file(const char *path, enum cudnnv_version_file_kind kind, cudnnv_name *names, int max,
                          cudnnv_name bad)
{
    char text[CUDNNV_TOOL_FILE_MAX + 1];
    int status = read_text(path, text, sizeof text, 1);   /* a longer file is refused, never read up to a cut */
    return status != 0 ? status : cudnnv_read_tool_names(kind, text, names, max, bad);
}

/* Returns the number of names, or a negative CUDNNV_READ_ code (errno kept for UNREADABLE). */
int cudnnv_read_version_file(const char *path, cudnnv_name *names, int max, cudnnv_name bad)
{
    char text[CUDNNV_VERSION_FILE_MAX + 1];
    enum cudnnv_version_file_kind kind = cudnnv_version_file_kind(path);
    if (kind != CUDNNV_FILE_OURS)
        return read_tool_file(path, kind, names, max, bad);
    int status = read_text(path, text, sizeof text, 1);
    if (status != 0)
        return status;
    return cudnnv_read_names(text, names, max, bad);
}

/* What a CUDNNV_READ_ code means, for messages. */
const char *cudnnv_read_problem(int code)
{
    switch (code) {
    case CUDNNV_READ_NOT_FILE: return "is not a regular file";
    case CUDNNV_READ_TOO_LONG: return "holds more names or bytes than a version file may";
    case CUDNNV_READ_UNTRUSTED: return "belongs to another user (not root), so it is not obeyed";
    case CUDNNV_READ_UNREADABLE: return "cannot be read";
    case CUDNNV_READ_NO_ENTRY: return "names no cudnn";
    case CUDNNV_READ_HAS_NUL: return "holds a NUL byte, so it is not a text file; write it again with 'cudnnv use'";
    case CUDNNV_READ_NOT_UNDERSTOOD: return "holds TOML that cudnnv's reader does not understand (it reads cudnn = \"8.1\" under [tools])";
    case CUDNNV_READ_DUPLICATE: return "gives cudnn's version twice, which TOML forbids";
    default: return "is not a version file";
    }
}

/* Length of the root that starts an absolute path: "/" -> 1, "C:\\" -> 3 (Windows); 0 when relative. */
static size_t root_length(const char *path)
{
    if (cudnnv_is_separator(path[0]))
        return 1;
#ifdef _WIN32
    if (path[0] != '\0' && path[1] == ':' && cudnnv_is_separator(path[2]))
        return 3;
#endif
    return 0;
}

/* True when something is at path: the walk stops at any .cudnn-version, of any kind. */
static int exists(const char *path)
{
    struct stat info;
#ifdef _WIN32
    return stat(path, &info) == 0;
#else
    return lstat(path, &info) == 0;
#endif
}

/*
 * Whether another tool's file at path is this folder's answer: it exists and
 * names cudnn (read whoever owns it: whether it is obeyed is the reader's
 * rule). A file that is not regular, or names no cudnn, lets the walk go on
 * up.
 */
static __attribute__((noinline)) int tool_file_names_cudnn(const char *path)
{
    char text[CUDNNV_TOOL_FILE_MAX + 1];
    cudnnv_name names[CUDNNV_MAX_LINES], bad;
    int status = read_text(path, text, sizeof text, 0);
    if (status == CUDNNV_READ_HAS_NUL || status == CUDNNV_READ_TOO_LONG)
        return 1;   /* what follows the NUL or the bound is unknown: the reader says so, the walk does not pass it over */
    return status == 0 &&
           cudnnv_read_tool_names(cudnnv_version_file_kind(path), text, names, CUDNNV_MAX_LINES, bad) !=
               CUDNNV_READ_NO_ENTRY;
}

/* Asked of every folder of the walk: its 65 KB frame is entered only where such a file exists (each stack page a
 * program touches first is a fault, at a prompt and at the shim's first call). */
static int tool_file_answers(const char *path)
{
    return exists(path) && tool_file_names_cudnn(path);
}

/* The files a folder may pin cuDNN in, the first that answers winning: ours, then mise's, then asdf's. */
static const char *const candidates[] = {CUDNNV_VERSION_FILE, CUDNNV_MISE_FILE, CUDNNV_TOOL_VERSIONS_FILE};

/* dir (length bytes), the separator, then name, into path (which the caller sized to hold them): a copy, not a
 * printf, since the walk joins three names in every folder from here up, at every prompt and first call. */
static void join_name(char *path, const char *dir, size_t length, const char *separator, const char *name)
{
    size_t separator_length = strlen(separator);
    memcpy(path, dir, length);
    memcpy(path + length, separator, separator_length);
    strcpy(path + length + separator_length, name);
}

/*
 * The walk from cwd up to the root (POSIX "/" or a Windows drive "C:\\"):
 * visit gets each candidate file, nearest folder first and in a folder in
 * the order of candidates[], and whether it is the answer (a .cudnn-version
 * of any kind; a .tool-versions or mise.toml that names cudnn); the walk
 * ends at the first answer, or at the root, or when visit returns nonzero
 * (which the walk returns). Paths are joined with the separator cwd itself
 * uses. The shim's selection and the shell hook's watch list both walk this
 * way.
 */
int cudnnv_walk_version_files(const char *cwd, int (*visit)(const char *path, int found, void *context),
                              void *context)
{
    if (cwd == NULL || root_length(cwd) == 0 || strlen(cwd) >= PATH_MAX)
        return 0;
    /* sized to the path, not PATH_MAX: the shim walks here at a first call, where each stack page is a fault */
    char dir[strlen(cwd) + 1], path[strlen(cwd) + sizeof CUDNNV_VERSION_FILE + sizeof CUDNNV_TOOL_VERSIONS_FILE + 1];
    strcpy(dir, cwd);
    size_t root = root_length(dir);
    const char *separator = strchr(dir, '\\') != NULL && cudnnv_is_separator('\\') ? "\\" : "/";
    for (;;) {
        size_t length = strlen(dir);
        while (length > root && cudnnv_is_separator(dir[length - 1]))
            dir[--length] = '\0';
        for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
            join_name(path, dir, length, length > root ? separator : "", candidates[i]);
            int found = i == 0 ? exists(path) : tool_file_answers(path), answer = visit(path, found, context);
            if (answer != 0 || found)
                return answer;
        }
        if (length <= root)
            return 0;
        while (length > root && !cudnnv_is_separator(dir[length - 1]))
            length--;
        dir[length] = '\0';
    }
}

struct found_file {
    char *out;
    size_t size;
};

static int take_found(const char *path, int found, void *context)
{
    struct found_file *file = context;
    size_t length = strlen(path);
    if (!found)
        return 0;
    if (length >= file->size)
        return -1;
    memcpy(file->out, path, length + 1);
    return 1;
}

/*
 * The nearest .cudnn-version from cwd up to the root (or .tool-versions or
 * mise.toml that names cudnn, in the same walk). Returns 1 and its path
 * when found. Whatever is found there is the project's answer: reading it
 * says whether it is usable.
 */
int cudnnv_find_local_file(const char *cwd, char *out, size_t size)
{
    struct found_file file = {out, size};
    return cudnnv_walk_version_files(cwd, take_found, &file) == 1;
}

int cudnnv_global_file(const char *root, char *out, size_t size)
{
    return cudnnv_store_path(out, size, root, CUDNNV_STORE_GLOBAL, NULL) == 0;
}
