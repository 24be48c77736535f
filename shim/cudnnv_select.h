/*
 * Version selection: which installed cuDNN set a process gets.
 *
 * This is the one implementation of the selection rules (docs/shim.md). The
 * shim links it, so it uses libc only; the manager links the same objects.
 * Nothing here prints: callers turn the result into their own messages.
 */
#ifndef CUDNNV_SELECT_H
#define CUDNNV_SELECT_H

#include <limits.h>
#include <stddef.h>

#define CUDNNV_NAME_MAX 64
#define CUDNNV_MAX_SETS 256
#define CUDNNV_MAX_LINES 16
#define CUDNNV_FIRST_MAJOR 7   /* the cuDNN majors a shim exists for */
#define CUDNNV_LAST_MAJOR 9
#define CUDNNV_VERSION_FILE ".cudnn-version"
#define CUDNNV_VERSION_FILE_MAX 4096   /* bytes a version file may hold */
#define CUDNNV_CUDA_KEYWORD "cuda"      /* a version file's line "cuda 11.0": the CUDA runtime its project pins */
/* A set's cudnnv.ini key: "yes" when its libraries need a library that not every Linux has (cuDNN 8's cuBLAS), so
 * that it may not load here; the shim then tries it before it serves a major no source names (docs/shim.md). */
#define CUDNNV_KEY_MAY_NOT_LOAD "may_not_load"

/* Why a version source could not be read (cudnnv_read_version_file, cudnnv_read_names). */
#define CUDNNV_READ_BAD_NAME   (-1)  /* an invalid name: copied into bad */
#define CUDNNV_READ_MISSING    (-2)
#define CUDNNV_READ_UNREADABLE (-3)  /* errno says why */
#define CUDNNV_READ_NOT_FILE   (-4)  /* a FIFO, a directory, a device */
#define CUDNNV_READ_TOO_LONG   (-5)  /* more than CUDNNV_MAX_LINES names or CUDNNV_VERSION_FILE_MAX bytes */
#define CUDNNV_READ_UNTRUSTED  (-6)  /* owned by another user who is not root: not obeyed */
#define CUDNNV_READ_CWD_TOO_LONG (-7) /* the working directory's path is too long to look for one */
#define CUDNNV_READ_NO_ENTRY   (-8)  /* another tool's version file (.tool-versions, mise.toml) names no cudnn */
#define CUDNNV_READ_HAS_NUL    (-9)  /* a NUL byte in a version file: not text, never read as far as it */
#define CUDNNV_READ_NOT_UNDERSTOOD (-10) /* a mise.toml whose TOML (or cudnn value) the reader does not understand */
#define CUDNNV_READ_DUPLICATE  (-11) /* a mise.toml that gives cudnn's version twice: a TOML error, never the first taken */

/* Other tools' version files a project may pin cuDNN in instead (tool_file.c), and how much of one is read. */
#define CUDNNV_TOOL_VERSIONS_FILE ".tool-versions"
#define CUDNNV_MISE_FILE "mise.toml"
#define CUDNNV_TOOL_FILE_MAX 65536
enum cudnnv_version_file_kind { CUDNNV_FILE_OURS, CUDNNV_FILE_TOOL_VERSIONS, CUDNNV_FILE_MISE };

/* The operating system, as framework pins name it; sets record NVIDIA's full platform names. */
#ifdef _WIN32
#define CUDNNV_HOST_PLATFORM "windows"
#else
#define CUDNNV_HOST_PLATFORM "linux"
#endif

typedef char cudnnv_name[CUDNNV_NAME_MAX + 1];

/*
 * The name the shim gives the one-page anonymous file that says which set
 * it serves ("cudnnv:9:/home/u/.cudnnv/versions/9.19.0.56/lib"), shown in
 * /proc/PID/maps as "/memfd:" and the name: shim_load.c writes it, 'cudnnv
 * ps' reads it (process_scan.c), and finds the format itself in a shim's
 * bytes to tell a shim from a cuDNN (cmd_ps.c). One definition for all three.
 */
#define CUDNNV_SERVED_MARK "cudnnv:%d:%s"
#define CUDNNV_SERVED_MARK_PREFIX "cudnnv:"

/* Where a choice came from, in the order the sources are asked. */
enum cudnnv_origin {
    CUDNNV_ORIGIN_NONE = 0,
    CUDNNV_ORIGIN_ENV,      /* CUDNNV_VERSION */
    CUDNNV_ORIGIN_LOCAL,    /* nearest .cudnn-version */
    CUDNNV_ORIGIN_GLOBAL,   /* $CUDNNV_ROOT/version */
    CUDNNV_ORIGIN_SYSTEM,   /* the set linked as "system" */
    CUDNNV_ORIGIN_NEWEST    /* no source names the major: its newest installed set */
};

enum cudnnv_status {
    CUDNNV_SELECTED = 0,
    CUDNNV_NOT_INSTALLED,   /* a source names a version that is not installed */
    CUDNNV_NOTHING_SELECTED,/* no source names anything (for this major) */
    CUDNNV_BAD_NAME,        /* a source holds an invalid name */
    CUDNNV_IO_ERROR         /* a version file exists but cannot be read */
};

/* What the selection looks at: captured by the caller (the shim captures it at load). */
struct cudnnv_where {
    const char *root;          /* the store */
    const char *env_version;   /* CUDNNV_VERSION, or NULL */
    const char *cwd;           /* where the walk for .cudnn-version starts */
    int cwd_too_long;          /* the working directory is longer than PATH_MAX: its pin cannot be read */
};

struct cudnnv_choice {
    enum cudnnv_origin origin;
    int problem;                 /* for CUDNNV_IO_ERROR: the CUDNNV_READ_ code */
    int error_number;            /* for CUDNNV_READ_UNREADABLE: errno */
    int other_platform;          /* the set is built for another platform (cudnnv_resolve's 2): to refuse */
    cudnnv_name requested;       /* the name as written in the source */
    cudnnv_name name;            /* the installed set it resolved to ("" if none) */
    cudnnv_name passed_over;     /* no source named the major and this set, first in the default order, cannot
                                    load here: name is the first after it that loads ("" when none was passed) */
    char origin_path[PATH_MAX];  /* the file that chose, or "CUDNNV_VERSION"; last, as in cudnnv_source */
};

/* version_name.c: names and their order */
int cudnnv_name_is_valid(const char *name);
int cudnnv_cuda_release_is_valid(const char *text);
int cudnnv_runtime_name_is_valid(const char *name);
int cudnnv_library_major(const char *path, int main_only);
/* The main library's name for a major (libcudnn.so.8; with windows, cudnn64_8.dll), after DIR and a '/' when dir is
 * given; 0, or -1 when it does not fit. */
int cudnnv_main_library(const char *dir, int windows, int major, char *out, size_t size);
int cudnnv_name_major(const char *name);
int cudnnv_name_compare(const char *a, const char *b);
int cudnnv_name_has_prefix(const char *name, const char *prefix);

/* The system store (read-only for users) when CUDNNV_SYSTEM_ROOT does not say; "" for none. */
#ifndef CUDNNV_DEFAULT_SYSTEM_ROOT
#define CUDNNV_DEFAULT_SYSTEM_ROOT "/opt/cudnnv"
#endif

/* folder_entries.c: the names in a folder ("." and ".." too), each with what the listing says of its kind; the first
 * nonzero answer of visit, 0 when none, -1 when the folder cannot be read. A visit lists no other folder. */
enum cudnnv_entry_kind {
    CUDNNV_ENTRY_OTHER,    /* not a folder */
    CUDNNV_ENTRY_FOLDER,
    CUDNNV_ENTRY_UNSURE    /* a link, or the listing does not say: stat it */
};
typedef int (*cudnnv_entry_visit)(const char *name, enum cudnnv_entry_kind kind, void *context);
int cudnnv_each_entry(const char *folder, cudnnv_entry_visit visit, void *context);
#ifndef _WIN32
int cudnnv_each_entry_in(int folder, cudnnv_entry_visit visit, void *context);   /* a folder opened by the caller */
#endif

/* set_list.c: the installed sets of a store (and of the system store) */
void cudnnv_set_system_root(const char *root);
const char *cudnnv_system_root(void);
int cudnnv_set_in_system(const char *root, const char *name);
int cudnnv_set_dir(const char *root, const char *name, char *out, size_t size);
int cudnnv_list_sets(const char *root, cudnnv_name *names, int max);
int cudnnv_each_set(const char *root, int (*visit)(const char *name, void *context), void *context);
int cudnnv_set_exists(const char *root, const char *name);
int cudnnv_set_key(const char *root, const char *name, const char *key, char *out, size_t size);
#define CUDNNV_COMPANIONS_MAX 256
/* The CUDA libraries' folder under ROOT/cuda/LABEL: the DLLs' bin on Windows, lib elsewhere. */
#ifdef _WIN32
#define CUDNNV_COMPANIONS_FOLDER "bin"
#else
#define CUDNNV_COMPANIONS_FOLDER "lib"
#endif
int cudnnv_set_cuda_libs(const char *set_dir, char *dir, size_t dir_size, char *load, size_t load_size);
int cudnnv_set_cuda_libs_list(const char *set_dir, char *path, size_t size);
int cudnnv_set_version(const char *root, const char *name, char *out, size_t size);
int cudnnv_set_major(const char *root, const char *name);
int cudnnv_set_runs_here(const char *root, const char *name);
/* 1 when a set built for this platform answers, 2 when only one of another platform is named exactly, else 0. */
#define CUDNNV_RESOLVED_ELSEWHERE 2
int cudnnv_resolve(const char *root, const char *requested, cudnnv_name out);

/* version_file.c: the sources */
int cudnnv_add_name(const char *word, size_t length, cudnnv_name *names, int count, int max, cudnnv_name bad);
/* mise_toml.c: mise.toml read as TOML, tools.cudnn's names (CUDNNV_READ_NO_ENTRY when none) */
int cudnnv_read_mise_toml(const char *text, cudnnv_name *names, int max, cudnnv_name bad);
/* tool_file.c: .tool-versions and mise.toml, their cudnn entry alone (CUDNNV_READ_NO_ENTRY when none) */
enum cudnnv_version_file_kind cudnnv_version_file_kind(const char *path);
int cudnnv_is_separator(char c);
int cudnnv_read_tool_names(enum cudnnv_version_file_kind kind, const char *text, cudnnv_name *names, int max,
                           cudnnv_name bad);
int cudnnv_read_names(const char *text, cudnnv_name *names, int max, cudnnv_name bad);
int cudnnv_read_version_file(const char *path, cudnnv_name *names, int max, cudnnv_name bad);
int cudnnv_read_cuda_pin(const char *text, char *out, size_t size);
int cudnnv_version_file_cuda(const char *path, char *out, size_t size);
int cudnnv_read_regular_file(const char *path, char *text, size_t size, int trusted_only);
int cudnnv_read_regular_file_length(const char *path, char *text, size_t size, int trusted_only, size_t *read_length);
/* Version files are judged as this user's would be (uid), or this process's again (-1): 'cudnnv ps' as root. */
void cudnnv_read_as_user(long uid);
const char *cudnnv_read_problem(int code);
int cudnnv_find_local_file(const char *cwd, char *out, size_t size);
int cudnnv_walk_version_files(const char *cwd, int (*visit)(const char *path, int found, void *context),
                              void *context);
int cudnnv_global_file(const char *root, char *out, size_t size);

/* cuda_runtime_find.c: the installed runtime a "cuda VERSION" pin means, ROOT/cuda/runtime/NAME; 1 with its
 * lib/ folder, 0 when none is installed. */
int cudnnv_cuda_runtime_find(const char *root, const char *version, char *lib, size_t size);
/* cuda_runtime_trust.c: whether the runtime in lib may be served (the set's trust rule, and no link where the store
 * made folders); 1, or 0 with why. cudnnv_cuda_runtime_serve: find it, then judge it (ROOT's owner trusted): 1 with
 * lib, 0 when none is installed, -1 with why when the rule refuses it. */
struct cudnnv_trust;
int cudnnv_cuda_runtime_trusted(const struct cudnnv_trust *trust, const char *lib, char *why, size_t size);
int cudnnv_cuda_runtime_serve(const char *root, const char *version, char *lib, size_t size, char *why,
                              size_t why_size);

/* One source as read: CUDNNV_VERSION, the nearest .cudnn-version, or the global file. */
struct cudnnv_source {
    enum cudnnv_origin origin;
    int count;                  /* names read; 0 when the source is absent or empty */
    enum cudnnv_status status;  /* CUDNNV_SELECTED when readable, else why not */
    int problem;                /* for CUDNNV_IO_ERROR: the CUDNNV_READ_ code */
    int error_number;           /* for CUDNNV_READ_UNREADABLE: errno */
    int ignored;                /* a file was there but not obeyed (CUDNNV_READ_UNTRUSTED) */
    cudnnv_name bad;            /* the invalid name, for CUDNNV_BAD_NAME */
    cudnnv_name names[CUDNNV_MAX_LINES];
    char path[PATH_MAX];        /* last: what is written of it is all a reader touches */
};

/* The three sources, read once and asked for several majors. */
struct cudnnv_sources {
    struct cudnnv_source source[3];
};

/* select.c: the rules */
void cudnnv_read_sources(const struct cudnnv_where *where, struct cudnnv_sources *sources);
enum cudnnv_status cudnnv_choose_major(const struct cudnnv_where *where,
                                       const struct cudnnv_sources *sources, int major,
                                       struct cudnnv_choice *choice);
enum cudnnv_status cudnnv_choose_named_first(const struct cudnnv_where *where,
                                             const struct cudnnv_sources *sources,
                                             struct cudnnv_choice *choice);
enum cudnnv_status cudnnv_choose_first(const struct cudnnv_where *where,
                                       const struct cudnnv_sources *sources,
                                       struct cudnnv_choice *choice);
enum cudnnv_status cudnnv_select_major(const struct cudnnv_where *where, int major,
                                       struct cudnnv_choice *choice);
enum cudnnv_status cudnnv_select_major_each(const struct cudnnv_where *where, int major,
                                            struct cudnnv_choice *choice,
                                            void (*seen)(const struct cudnnv_source *source));
enum cudnnv_status cudnnv_select_first(const struct cudnnv_where *where,
                                       struct cudnnv_choice *choice);
const char *cudnnv_origin_word(enum cudnnv_origin origin);
/* The default order for a major no source names: the set linked as system when it holds the major, then the
 * installed sets of it built for this platform, newest first. The set after `after` (NULL: the first); 0: none. */
int cudnnv_default_after(const struct cudnnv_where *where, int major, const char *after, cudnnv_name out);
/* A choice of that order: name, with passed_over ("" for none) the first set, which cannot load here. */
void cudnnv_default_choice(const struct cudnnv_where *where, const char *name, const char *passed_over,
                           struct cudnnv_choice *choice);
/* How the manager judges whether a set loads here (nonzero: it loads, or cannot be told), so that the default
 * order serves the first that loads; without one (the shim's case) the first serves, and the shim tries it. */
void cudnnv_set_load_judge(int (*loads)(const char *root, const char *name));

/* text_escape.c: control bytes of outside text, escaped for a terminal */
size_t cudnnv_escape_text(const char *text, char *out, size_t size);
int cudnnv_text_has_controls(const char *text);
/* Text for a person on Windows, in place: each path that starts with a drive letter ("C:/x/y", through spaces, up
 * to a quote, bracket, comma, semicolon or the line's end) written as Windows writes it ("C:\\x\\y"); an address
 * ("file:///C:/x") and a name in single quotes are left as they are. */
void cudnnv_windows_paths(char *text);

/* set_trust.c: whether a file may be loaded: every step from / owned by a trusted owner, written by no one else */
#ifdef _WIN32
/* set_trust_win32.c: owners by SID (SYSTEM and Administrators always); the walk starts at a store's root */
struct cudnnv_trust {
    unsigned char sids[3][68];   /* SECURITY_MAX_SID_SIZE: this user, the user store's owner, the system store's */
    int count;
    wchar_t roots[2][PATH_MAX + 260];   /* the user and system stores' roots, full, '\\' separated */
};
#else
struct cudnnv_trust {
    unsigned owners[3];   /* this user, the user store's owner, the system store's owner (root always) */
    int count;
};
#endif
void cudnnv_trust_init(struct cudnnv_trust *trust, const char *user_root, const char *system_root);
int cudnnv_trusted_path(const struct cudnnv_trust *trust, const char *path, char *why, size_t size);
int cudnnv_set_trusted(const struct cudnnv_trust *trust, const char *set_dir, char *why, size_t size);
#ifndef _WIN32
/* The same, with lib/'s resolved path in real_lib (PATH_MAX bytes; "" when the set has none). */
int cudnnv_set_trusted_lib(const struct cudnnv_trust *trust, const char *set_dir, char *real_lib, char *why,
                           size_t size);
#endif
/* An entry of a folder already found trusted (real: its resolved path), judged by where it leads.
 * In all of these, why may be NULL with size 0: a caller that only needs the answer asks again for the reason. */
int cudnnv_trusted_entry(const struct cudnnv_trust *trust, const char *real, const char *name, char *why, size_t size);

/* select_message.c: the wording of a failure, shared by shim and manager */
void cudnnv_missing_hint(const char *requested, char *out, size_t size);
void cudnnv_describe_failure(enum cudnnv_status status, const struct cudnnv_choice *choice,
                             int major, char *out, size_t size);
const char *cudnnv_name_rule(void);
const char *cudnnv_trust_rule(void);
void cudnnv_describe_origin(const struct cudnnv_choice *choice, char *out, size_t size);

#endif
