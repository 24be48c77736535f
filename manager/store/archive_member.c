/*
 * The rules for one archive member's name, before anything is written: what
 * a name may hold, its plain form, whether a link's target may be written,
 * and whether a cuDNN set needs the member at all. The installer applies
 * them (archive_extract.c) and the fuzz harness feeds them hostile names.
 */
#include "archive_member.h"

#include "cuda_components.h"
#include "fsutil.h"

#include "cudnnv_select.h"

#include <string.h>
#include <strings.h>

/*
 * Control bytes, '\' (a separator on Windows, a plain byte here) and ':' (a
 * drive or a file's stream on Windows): never in a cuDNN archive, and
 * refused on every system, so that an archive is judged the same everywhere.
 */
static const char *forbidden_bytes(const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c < 0x20 || *c == 0x7f)
            return "a control character";
        if (*c == '\\')
            return "a '\\'";
        if (*c == ':')
            return "a ':' (a drive or a stream on Windows)";
    }
    return NULL;
}

/*
 * Names Windows gives another meaning: a device (CON, NUL, CONIN$, COM1,
 * LPT9 ..., with any extension), or one ending in a dot or a space, which
 * Windows drops (so "cuda." would be "cuda" there). NULL when the component
 * is plain.
 */
static const char *windows_meaning(const char *component, size_t length)
{
    static const char *const devices[] = {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$"};
    char last = component[length - 1];
    if (last == '.' || last == ' ')
        return "a component ending in a dot or a space";
    size_t stem = strcspn(component, "./");
    for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++) {
        if (stem == strlen(devices[i]) && strncasecmp(component, devices[i], stem) == 0)
            return "a Windows device name";
    }
    if (stem == 4 && (strncasecmp(component, "COM", 3) == 0 || strncasecmp(component, "LPT", 3) == 0) &&
        component[3] >= '0' && component[3] <= '9')
        return "a Windows device name";
    return NULL;
}

/*
 * Writes the plain form of a member name into out ("./cuda//lib64/." ->
 * "cuda/lib64"). Returns NULL, or why the name is refused: absolute, a ".."
 * component, control characters, a '\' or ':', a name Windows reads
 * otherwise, empty, or too long.
 */
const char *archive_member_clean(const char *name, char *out, size_t size)
{
    const char *bad = forbidden_bytes(name);
    size_t used = 0;
    if (bad != NULL)
        return bad;
    if (name[0] == '/')
        return "an absolute path";
    for (const char *c = name; *c;) {
        size_t length = strcspn(c, "/");
        if (length == 2 && c[0] == '.' && c[1] == '.')
            return "a '..' component";
        const char *meaning = length > 0 && !(length == 1 && c[0] == '.') ? windows_meaning(c, length) : NULL;
        if (meaning != NULL)
            return meaning;
        if (length > 0 && !(length == 1 && c[0] == '.')) {
            if (used + length + 2 > size)
                return "a path too long";
            if (used > 0)
                out[used++] = '/';
            memcpy(out + used, c, length);
            used += length;
        }
        c += length;
        if (*c)
            c++;
    }
    if (used == 0)
        return "no name";
    out[used] = '\0';
    return NULL;
}

/* Why a symbolic link's target cannot be written, or NULL. Where it leads is checked on disk. */
const char *archive_link_target_problem(const char *target)
{
    if (target == NULL || target[0] == '\0')
        return "an empty target";
    if (target[0] == '/')
        return "an absolute target";
    if (strlen(target) >= 1024)
        return "a target too long";
    return forbidden_bytes(target);
}

/* The last component of a clean name, and the one before it ("" when none). */
static void last_two(const char *name, const char **leaf, char *parent, size_t size)
{
    const char *slash = strrchr(name, '/');
    *leaf = slash ? slash + 1 : name;
    parent[0] = '\0';
    if (slash == NULL)
        return;
    const char *start = slash;
    while (start > name && start[-1] != '/')
        start--;
    size_t length = (size_t)(slash - start);
    if (length < size) {
        memcpy(parent, start, length);
        parent[length] = '\0';
    }
}

static int ends_with(const char *text, const char *suffix)
{
    size_t length = strlen(text), tail = strlen(suffix);
    return length >= tail && strcmp(text + length - tail, suffix) == 0;
}

/*
 * True when a cuDNN set needs the file: headers cudnn*.h, libraries
 * libcudnn*, DLLs cudnn*.dll, import libraries cudnn*.lib, the licence, and
 * a wheel's METADATA (the build number) and RECORD (the sums its files are
 * checked against). Nothing else is written.
 */
int archive_member_is_needed(const char *clean_name)
{
    static const char *licences[] = {"LICENSE", "LICENSE.txt", "NVIDIA_SLA_cuDNN_Support.txt"};
    const char *leaf;
    char parent[256];
    last_two(clean_name, &leaf, parent, sizeof parent);
    if (name_has_affixes(leaf, "libcudnn", "") || name_has_affixes(leaf, "cudnn", ".h") ||
        name_has_affixes(leaf, "cudnn", ".dll") || name_has_affixes(leaf, "cudnn", ".lib"))
        return 1;
    for (size_t i = 0; i < sizeof licences / sizeof licences[0]; i++) {
        if (strcmp(leaf, licences[i]) == 0)
            return 1;
    }
    return (strcmp(leaf, "METADATA") == 0 || strcmp(leaf, "RECORD") == 0) && ends_with(parent, ".dist-info");
}

/*
 * True for what a set's CUDA libraries need from NVIDIA's CUDA redist archives:
 * the libraries of the CUDA library packages (cuda_components.h: cuBLAS and
 * cuBLASLt, NVRTC and its builtins, the CUDA runtime) below lib/ or bin/,
 * the licence, and a wheel's METADATA and RECORD. Static libraries, headers
 * and stubs are left out.
 */
int archive_member_is_cuda_library(const char *clean_name)
{
    const char *leaf;
    char parent[256];
    last_two(clean_name, &leaf, parent, sizeof parent);
    if (strcmp(leaf, "LICENSE") == 0 ||
        ((strcmp(leaf, "METADATA") == 0 || strcmp(leaf, "RECORD") == 0) && ends_with(parent, ".dist-info")))
        return 1;   /* a wheel's RECORD is what its files are checked against */
    int in_lib = strcmp(parent, "lib") == 0 || strcmp(parent, "bin") == 0;
    return in_lib && cuda_libs_of_library(leaf) != NULL;
}

/* Whether a clean name's folder is one a package keeps its libraries in: .../lib/ or .../bin/, and
 * .../bin/x86_64/ (NVIDIA's CUDA 13 wheels for Windows: nvidia/cu13/bin/x86_64/cudart64_13.dll). */
static int in_library_folder(const char *clean_name, const char *parent)
{
    if (strcmp(parent, "lib") == 0 || strcmp(parent, "bin") == 0)
        return 1;
    const char *slash = strrchr(clean_name, '/');
    size_t length = slash != NULL ? (size_t)(slash - clean_name) : 0;
    return strcmp(parent, "x86_64") == 0 && length >= 10 && strncmp(slash - 10, "bin/x86_64", 10) == 0 &&
           (length == 10 || slash[-11] == '/');
}

/*
 * A member a project's CUDA runtime keeps from a package (cudatoolkit, an
 * apt .deb, a redist archive, a wheel): a library of CUDA's own
 * (cuda_components.h) in a library folder (in_library_folder: lib*.so* or,
 * win-64's Library/bin and the wheels' bin, *.dll), and a wheel's RECORD,
 * which its files are checked against; nothing else the package holds,
 * never a cuDNN.
 */
int archive_member_is_runtime_library(const char *clean_name)
{
    const char *leaf;
    char parent[256];
    last_two(clean_name, &leaf, parent, sizeof parent);
    if (strcmp(leaf, "RECORD") == 0 && ends_with(parent, ".dist-info"))
        return 1;
    return in_library_folder(clean_name, parent) && cuda_component_of_library(leaf) != NULL;
}
