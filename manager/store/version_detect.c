/*
 * Version detection. Headers are the truth (CUDNN_MAJOR, CUDNN_MINOR,
 * CUDNN_PATCHLEVEL); library names (libcudnn.so.9.19.0) are the fallback.
 * NVIDIA names its archives two ways, and both carry a build number and a
 * CUDA version that the headers lack:
 *   cudnn-11.2-linux-x64-v8.1.0.77.tgz, cudnn-11.2-windows-x64-v8.1.0.77.zip
 *   cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz
 * and conda packages carry the build number: cudnn-9.1.0.70-BUILD.conda
 * (conda-forge), libcudnn-9.1.0.70-BUILD.conda (NVIDIA's channel).
 */
#include "version_detect.h"

#include "fsutil.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VERSION_COMPONENT_DIGITS 5

/*
 * One version component from outside (a header, a file name): 1 to 5
 * decimal digits, so 0..99999. Anything longer is refused rather than
 * wrapped (CUDNN_MAJOR 2147483648 must not become -2147483648). Returns the
 * number of digits read, 0 when refused.
 */
static size_t version_component(const char *text, int *value)
{
    size_t length = 0;
    int number = 0;
    while (isdigit((unsigned char)text[length])) {
        if (length == VERSION_COMPONENT_DIGITS)
            return 0;
        number = number * 10 + (text[length++] - '0');
    }
    if (length > 0)
        *value = number;
    return length;
}

/* Finds "#define NAME <number>" in header text. */
static int header_number(const char *text, const char *name, int *value)
{
    size_t length = strlen(name);
    for (const char *c = strstr(text, "#define"); c != NULL; c = strstr(c + 1, "#define")) {
        const char *word = c + 7;
        while (*word == ' ' || *word == '\t')
            word++;
        if (strncmp(word, name, length) != 0 || (word[length] != ' ' && word[length] != '\t'))
            continue;
        const char *number = word + length;
        while (*number == ' ' || *number == '\t')
            number++;
        size_t digits = version_component(number, value);
        if (digits == 0 || isalnum((unsigned char)number[digits]))
            return 0;
        return 1;
    }
    return 0;
}

static int version_from_header_file(const char *path, struct set_version *version)
{
    char *text = read_small_file(path, 1 << 20);
    if (text == NULL)
        return 0;
    int found = header_number(text, "CUDNN_MAJOR", &version->major) &&
                header_number(text, "CUDNN_MINOR", &version->minor) &&
                header_number(text, "CUDNN_PATCHLEVEL", &version->patch);
    free(text);
    return found;
}

int version_from_headers(const char *include_dir, struct set_version *version)
{
    static const char *headers[] = {"cudnn_version.h", "cudnn.h"};
    char path[PATH_MAX];
    for (int i = 0; i < 2; i++) {
        if (path_join(path, sizeof path, include_dir, headers[i]) == 0 &&
            version_from_header_file(path, version))
            return 1;
    }
    return 0;
}

/* "libcudnn.so.9.19.0" -> 9, 19, 0; nothing may follow the third number. */
static int version_from_library_name(const char *name, struct set_version *version)
{
    static const char prefix[] = "libcudnn.so.";
    int *parts[3] = {&version->major, &version->minor, &version->patch};
    if (strncmp(name, prefix, sizeof prefix - 1) != 0)
        return 0;
    const char *c = name + sizeof prefix - 1;
    for (int i = 0; i < 3; i++) {
        size_t digits = version_component(c, parts[i]);
        if (digits == 0 || c[digits] != (i < 2 ? '.' : '\0'))
            return 0;
        c += digits + 1;
    }
    return 1;
}

static int library_name_matches(const char *name, void *version)
{
    return version_from_library_name(name, version);
}

int version_from_library_names(const char *lib_dir, struct set_version *version)
{
    return dir_has_entry(lib_dir, library_name_matches, version);
}

/* Copies the dotted number starting at text ("8.1.0.77..." -> "8.1.0.77"). */
static int take_dotted(const char *text, char *out, size_t size)
{
    size_t length = 0;
    while (isdigit((unsigned char)text[length]) || (text[length] == '.' && isdigit((unsigned char)text[length + 1])))
        length++;
    if (length == 0 || length >= size)
        return 0;
    memcpy(out, text, length);
    out[length] = '\0';
    return 1;
}

/* A conda package's file name: NAME-VERSION-BUILD.conda or .tar.bz2. */
static int conda_file_name(const char *file_name)
{
    size_t length = strlen(file_name);
    return (length > 6 && strcmp(file_name + length - 6, ".conda") == 0) ||
           (length > 8 && strcmp(file_name + length - 8, ".tar.bz2") == 0);
}

int release_name_parse(const char *file_name, struct release_name *release)
{
    memset(release, 0, sizeof *release);
    if (strncmp(file_name, "libcudnn-", 9) == 0)   /* NVIDIA's channel: libcudnn-9.1.0.70-BUILD */
        return conda_file_name(file_name) && take_dotted(file_name + 9, release->version, sizeof release->version);
    if (strncmp(file_name, "cudnn-", 6) != 0)
        return 0;
    const char *cuda = strstr(file_name, "_cuda");
    if (cuda != NULL) {
        const char *start = cuda;
        while (start > file_name && (isdigit((unsigned char)start[-1]) || start[-1] == '.'))
            start--;
        return take_dotted(start, release->version, sizeof release->version) &&
               take_dotted(cuda + 5, release->cuda, sizeof release->cuda);
    }
    if (conda_file_name(file_name))   /* conda-forge's cudnn-9.1.0.70-BUILD */
        return take_dotted(file_name + 6, release->version, sizeof release->version);
    const char *v = strstr(file_name, "-v");
    return v != NULL && take_dotted(file_name + 6, release->cuda, sizeof release->cuda) &&
           take_dotted(v + 2, release->version, sizeof release->version);
}

/* Reads NAME of a "nvidia_cudnn_cuN-VERSION.dist-info" folder in dir. */
static int dist_info_in(const char *dir_path, struct release_name *release)
{
    DIR *dir = opendir(dir_path);
    struct dirent *entry;
    int found = 0;
    while (dir != NULL && !found && (entry = readdir(dir)) != NULL) {
        int cuda;
        char version[48];
        if (sscanf(entry->d_name, "nvidia_cudnn_cu%d-%47[0-9.]", &cuda, version) != 2 ||
            strstr(entry->d_name, ".dist-info") == NULL)
            continue;
        size_t length = strlen(version);
        if (length > 0 && version[length - 1] == '.')
            version[length - 1] = '\0';
        snprintf(release->version, sizeof release->version, "%s", version);
        snprintf(release->cuda, sizeof release->cuda, "%d", cuda);
        found = 1;
    }
    if (dir != NULL)
        closedir(dir);
    return found;
}

/*
 * NVIDIA's wheels say what a folder's headers do not: the build number and
 * the CUDA major, in the wheel's metadata, either beside a pip folder
 * (site-packages/nvidia_cudnn_cu13-9.19.0.56.dist-info for
 * site-packages/nvidia/cudnn) or in a toolkit assembled from wheels
 * (/usr/local/cuda/dist-info/).
 */
int release_from_pip_metadata(const char *set_root, struct release_name *release)
{
    char path[4096];
    memset(release, 0, sizeof *release);
    snprintf(path, sizeof path, "%s/dist-info", set_root);
    if (dist_info_in(path, release))
        return 1;
    snprintf(path, sizeof path, "%s", set_root);
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(path, '/');
        if (slash == NULL)
            return 0;
        *slash = '\0';
    }
    return dist_info_in(path, release);
}

/* The CUDA version of a toolkit directory: version.json ("cuda" ... "version"), or version.txt. */
int cuda_from_toolkit(const char *root, char *out, size_t size)
{
    char path[4096];
    int major = 0, minor = 0;
    snprintf(path, sizeof path, "%s/version.json", root);
    char *text = read_small_file(path, 1 << 16);
    const char *cuda = text ? strstr(text, "\"cuda\"") : NULL;
    const char *version = cuda ? strstr(cuda, "\"version\"") : NULL;
    int found = version != NULL && sscanf(version + 9, " : \"%d.%d", &major, &minor) == 2;
    free(text);
    if (!found) {
        snprintf(path, sizeof path, "%s/version.txt", root);
        text = read_small_file(path, 4096);
        found = text != NULL && sscanf(text, "CUDA Version %d.%d", &major, &minor) == 2;
        free(text);
    }
    if (found)
        snprintf(out, size, "%d.%d", major, minor);
    return found;
}

/* "libcudart.so.12" in dir -> "12". */
static int cudart_major_in(const char *dir, char *out, size_t size)
{
    DIR *handle = opendir(dir);
    struct dirent *entry;
    int found = 0;
    while (handle != NULL && !found && (entry = readdir(handle)) != NULL) {
        int major;
        char tail;
        if (sscanf(entry->d_name, "libcudart.so.%d%c", &major, &tail) == 1 && major > 0 && major < 100) {
            snprintf(out, size, "%d", major);
            found = 1;
        }
    }
    if (handle != NULL)
        closedir(handle);
    return found;
}

/*
 * The CUDA major of the runtime that lies beside a set: a toolkit's
 * lib/libcudart.so.N, or a pip layout's nvidia/cuda_runtime/lib next to
 * nvidia/cudnn. Read from file names only: nothing of the set is run.
 */
int cuda_from_runtime(const char *root, const char *lib_dir, char *out, size_t size)
{
    static const char *beside[] = {"lib", "lib64", "../cuda_runtime/lib"};
    char path[4096];
    if (lib_dir[0] != '\0' && cudart_major_in(lib_dir, out, size))
        return 1;
    for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", root, beside[i]);
        if (cudart_major_in(path, out, size))
            return 1;
    }
    return 0;
}

/* "8.1.0", or "8.1.0.77" when the archive name agrees and adds the build. */
void version_compose_name(const struct set_version *version, const struct release_name *release,
                          char *out, int size)
{
    char plain[48];
    snprintf(plain, sizeof plain, "%d.%d.%d", version->major, version->minor, version->patch);
    size_t length = strlen(plain);
    if (release != NULL && strncmp(release->version, plain, length) == 0 &&
        release->version[length] == '.')
        snprintf(out, (size_t)size, "%s", release->version);
    else
        snprintf(out, (size_t)size, "%s", plain);
}
