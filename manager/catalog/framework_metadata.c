/*
 * Reading what installed frameworks say of their cuDNN (framework_metadata.h).
 * A requirement is a PEP 440 specifier set after the package name
 * ("==9.19.0.56", "<10.0,>=9.12.0.46") and before an environment marker
 * (";"); only ==, ===, >=, ~= and < matter for choosing a set.
 */
#include "framework_metadata.h"

#include "frameworks.h"
#include "fsutil.h"
#include "python_requirement.h"
#include "platform.h"

#include "cudnnv_select.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the active Python is asked, and how long it may take to answer. */
#define PYTHON_SITE_QUERY "import site; print('\\n'.join(site.getsitepackages() + [site.getusersitepackages()]))"
#define PYTHON_SECONDS 10

/* Copies a version ("9.19.0.56") that starts at text; 0 when there is none. */
static int take_version(const char *text, char *out, size_t size)
{
    size_t length = strspn(text, "0123456789.");
    while (length > 0 && text[length - 1] == '.')
        length--;
    if (length == 0 || length >= size || !isdigit((unsigned char)text[0]))
        return 0;
    memcpy(out, text, length);
    out[length] = '\0';
    return 1;
}

/* One specifier ("==9.19.0.56", ">=9.12", "<10.0") into the requirement. */
static void take_specifier(const char *specifier, struct cudnn_requirement *requirement)
{
    while (*specifier == ' ')
        specifier++;
    if (strncmp(specifier, "===", 3) == 0)
        take_version(specifier + 3, requirement->least, sizeof requirement->least);
    else if (strncmp(specifier, "==", 2) == 0 || strncmp(specifier, ">=", 2) == 0 ||
             strncmp(specifier, "~=", 2) == 0)
        take_version(specifier + 2, requirement->least, sizeof requirement->least);
    else if (specifier[0] == '<' && specifier[1] != '=')
        take_version(specifier + 1, requirement->below, sizeof requirement->below);
}

/* Fills what an unbounded requirement leaves open: below the next major. */
static void close_range(struct cudnn_requirement *requirement)
{
    if (requirement->below[0] == '\0' && requirement->least[0] != '\0')
        snprintf(requirement->below, sizeof requirement->below, "%d", cudnnv_name_major(requirement->least) + 1);
}

/* "Requires-Dist: nvidia-cudnn-cu13==9.19.0.56; platform_system == ..." in a METADATA text. */
int framework_requirement_from_metadata(const char *metadata, struct cudnn_requirement *requirement)
{
    static const char key[] = "Requires-Dist: nvidia-cudnn-cu";
    memset(requirement, 0, sizeof *requirement);
    for (const char *line = strstr(metadata, key); line != NULL; line = strstr(line + 1, key)) {
        if (line != metadata && line[-1] != '\n')
            continue;
        const char *package = line + strlen("Requires-Dist: ");
        size_t length = strcspn(package, ";\r\n");
        char text[200];
        snprintf(text, sizeof text, "%.*s", (int)(length < sizeof text ? length : sizeof text - 1), package);
        char *specifiers = text + (sizeof key - 1 - strlen("Requires-Dist: "));
        specifiers += strspn(specifiers, "0123456789");
        char copy[200];
        snprintf(copy, sizeof copy, "%s", specifiers);
        char *rest = NULL;
        for (char *part = strtok_r(copy, ",", &rest); part != NULL; part = strtok_r(NULL, ",", &rest))
            take_specifier(part, requirement);
        if (requirement->least[0] != '\0') {
            snprintf(requirement->said, sizeof requirement->said, "%s", text);
            close_range(requirement);
            return 1;
        }
    }
    return 0;
}

/* TensorFlow's tensorflow/python/platform/build_info.py: 'cudnn_version': '8'. */
int framework_requirement_from_tf_build_info(const char *text, struct cudnn_requirement *requirement)
{
    memset(requirement, 0, sizeof *requirement);
    const char *entry = strstr(text, "'cudnn_version'");
    if (entry == NULL)
        entry = strstr(text, "\"cudnn_version\"");
    if (entry == NULL)
        return 0;
    const char *value = entry + strlen("'cudnn_version'");
    value += strspn(value, " :\t'\"");
    if (!take_version(value, requirement->least, sizeof requirement->least))
        return 0;
    snprintf(requirement->said, sizeof requirement->said, "build_info cudnn_version %s", requirement->least);
    close_range(requirement);
    return 1;
}

/* TensorFlow's build_info.py: 'cuda_version': '11.0' (the CUDA it was built for, and whose libraries it opens). */
int framework_cuda_from_tf_build_info(const char *text, char *cuda, size_t size)
{
    const char *entry = strstr(text, "'cuda_version'");
    if (entry == NULL)
        entry = strstr(text, "\"cuda_version\"");
    cuda[0] = '\0';
    if (entry == NULL)
        return 0;
    const char *value = entry + strlen("'cuda_version'");
    value += strspn(value, " :\t'\"");
    return take_version(value, cuda, size);
}

/*
 * True when a set's version satisfies the requirement: at least `least`,
 * compared on the components both give ("9.19.0" meets "9.19.0.56": a set
 * named without its build number), and below `below`.
 */
int framework_requirement_accepts(const struct cudnn_requirement *requirement, const char *cudnn_version)
{
    char least[32];
    snprintf(least, sizeof least, "%s", requirement->least);
    int dots = 0;
    for (const char *c = cudnn_version; *c && !(*c == '-'); c++)
        dots += *c == '.';
    char *cut = least;
    for (int seen = 0; (cut = strchr(cut, '.')) != NULL; cut++) {
        if (seen++ == dots) {
            *cut = '\0';
            break;
        }
    }
    return cudnnv_name_compare(cudnn_version, least) >= 0 &&
           (requirement->below[0] == '\0' || cudnnv_name_compare(cudnn_version, requirement->below) < 0);
}

/* A dist-info folder name -> the framework it belongs to (the framework table's dist-info prefixes), or NULL. */
static const char *framework_of(const char *entry)
{
    int count;
    const struct framework_rule *rules = framework_rules(&count);
    size_t length = strlen(entry);
    if (length < 11 || strcmp(entry + length - 10, ".dist-info") != 0)
        return NULL;
    for (int i = 0; i < count; i++) {
        for (const char *at = rules[i].dist_info; *at;) {
            size_t span = strcspn(at, " ");
            if (strncmp(entry, at, span) == 0)
                return rules[i].name;
            at += span + (at[span] == ' ');
        }
    }
    return NULL;
}

/* The CUDA release a wheel's METADATA pins: NVIDIA's cuda-toolkit==13.0.2 (its version is the release), or
 * nvidia-cuda-runtime-cu12==12.4.127 (its component's version starts with the release); "" when it pins none. */
int framework_cuda_from_metadata(const char *metadata, char *cuda, size_t size)
{
    struct python_requirement requirement;
    const char *cursor = metadata;
    char version[64];
    int prefix;
    cuda[0] = '\0';
    while (python_requirement_next(&cursor, &requirement)) {
        if ((strcmp(requirement.name, "cuda-toolkit") != 0 && strncmp(requirement.name, "nvidia-cuda-runtime", 19) != 0) ||
            !python_specifier_pinned(requirement.specifier, version, sizeof version, &prefix))
            continue;
        int major = 0, minor = 0;
        if (sscanf(version, "%d.%d", &major, &minor) == 2 && major >= 11 && major < 100)
            snprintf(cuda, size, "%d.%d", major, minor);
        return cuda[0] != '\0';
    }
    return 0;
}

/* One framework from its dist-info: its version, and what it says of cuDNN. */
static int read_dist_info(const char *dir, const char *entry, struct installed_framework *found)
{
    char path[PATH_MAX * 2];
    const char *framework = framework_of(entry);
    if (framework == NULL)
        return 0;
    snprintf(path, sizeof path, "%s/%s/METADATA", dir, entry);
    char *text = read_small_file(path, 1 << 18);
    const char *line = text ? strstr(text, "\nVersion: ") : NULL;
    int ok = line != NULL && sscanf(line + 10, "%63[^+\r\n]", found->version) == 1;
    int said = ok && framework_requirement_from_metadata(text, &found->requirement);
    found->cuda[0] = '\0';
    if (ok)
        framework_cuda_from_metadata(text, found->cuda, sizeof found->cuda);
    if (ok && strcmp(framework, "tensorflow") == 0) {
        free(text);
        snprintf(path, sizeof path, "%s/tensorflow/python/platform/build_info.py", dir);
        text = read_small_file(path, 1 << 16);
        if (text != NULL && !said)
            framework_requirement_from_tf_build_info(text, &found->requirement);
        if (text != NULL)
            framework_cuda_from_tf_build_info(text, found->cuda, sizeof found->cuda);
    }
    free(text);
    if (!ok)
        return 0;
    found->framework = framework;
    snprintf(found->where, sizeof found->where, "%s", dir);
    return 1;
}

/*
 * The frameworks in the site-packages of the first python3 on PATH, which
 * answers within PYTHON_SECONDS. *python says how it went: PYTHON_ANSWERED,
 * PYTHON_MISSING, or PYTHON_TIMED_OUT.
 */
int installed_frameworks(struct installed_framework *found, int max, int *python)
{
    static char answer[1 << 16];
    char *argv[] = {"python3", "-c", PYTHON_SITE_QUERY, NULL};
    int count = 0, status = platform_run_capture(argv, answer, sizeof answer, PYTHON_SECONDS);
    *python = status == PLATFORM_TIMED_OUT ? PYTHON_TIMED_OUT : status == 0 ? PYTHON_ANSWERED : PYTHON_MISSING;
    char *rest = NULL;
    if (*python != PYTHON_ANSWERED)
        return 0;
    for (char *dir = strtok_r(answer, "\r\n", &rest); dir != NULL; dir = strtok_r(NULL, "\r\n", &rest)) {
        DIR *handle = opendir(dir);
        struct dirent *entry;
        while (handle != NULL && count < max && (entry = readdir(handle)) != NULL) {
            memset(&found[count], 0, sizeof found[count]);
            count += read_dist_info(dir, entry->d_name, &found[count]);
        }
        if (handle != NULL)
            closedir(handle);
    }
    return count;
}
