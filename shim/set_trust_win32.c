/*
 * The trust rule of set_trust.c on Windows, where access is kept in access
 * lists, not in owner and mode bits: whether a set may be loaded. Every
 * step from the store's root down to each cuDNN DLL is owned by a trusted
 * owner (you, SYSTEM, Administrators, TrustedInstaller, or the owner of the
 * store) and its access list lets nobody else write it. A folder on the way
 * may let others add entries (as C:\ and %ProgramData% do: Windows's sticky
 * /tmp), but not delete, rename or re-permission them; the last step lets
 * others add nothing. A reparse point (a link, a junction, a mount point) is
 * refused where POSIX refuses a link: cudnnv.exe makes none in a store.
 * Above a store's root lie Windows's own folders (the profile, ProgramData),
 * which are not judged; a path in no store is judged from its drive's root.
 */
#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <windows.h>
#include <aclapi.h>
#include <sddl.h>

#define WIDE_MAX (PATH_MAX + MAX_PATH)

/* Rights that let another user replace, delete or re-permission what is below (or the step itself). */
#define REPLACE_RIGHTS (FILE_DELETE_CHILD | DELETE | WRITE_DAC | WRITE_OWNER | GENERIC_WRITE | GENERIC_ALL)
/* Rights that change the step itself: on the last step nobody else may even add an entry. */
#define WRITE_RIGHTS (REPLACE_RIGHTS | FILE_WRITE_DATA | FILE_APPEND_DATA)

static int to_wide(const char *text, wchar_t *out, int size)
{
    return MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text, -1, out, size) > 0 ? 0 : -1;
}

static void to_utf8(const wchar_t *text, char *out, size_t size)
{
    if (WideCharToMultiByte(CP_UTF8, 0, text, -1, out, (int)size, NULL, NULL) <= 0)
        snprintf(out, size, "(a path)");
}

/* The absolute path with '\' separators and no '.' or '..' steps. */
static int full_path(const char *path, wchar_t *out)
{
    wchar_t wide[WIDE_MAX];
    if (to_wide(path, wide, WIDE_MAX) != 0)
        return -1;
    for (wchar_t *c = wide; *c; c++) {
        if (*c == L'/')
            *c = L'\\';
    }
    DWORD length = GetFullPathNameW(wide, WIDE_MAX, out, NULL);
    if (length == 0 || length >= WIDE_MAX)
        return -1;
    while (length > 3 && out[length - 1] == L'\\')
        out[--length] = L'\0';
    return 0;
}

static void keep_owner_of(struct cudnnv_trust *trust, const wchar_t *path)
{
    PSID owner = NULL;
    PSECURITY_DESCRIPTOR descriptor = NULL;
    if (GetNamedSecurityInfoW(path, SE_FILE_OBJECT, OWNER_SECURITY_INFORMATION, &owner, NULL, NULL, NULL,
                              &descriptor) != ERROR_SUCCESS)
        return;
    if (owner != NULL && CopySid(sizeof trust->sids[0], trust->sids[trust->count], owner))
        trust->count++;
    LocalFree(descriptor);
}

static void keep_own_user(struct cudnnv_trust *trust)
{
    HANDLE token;
    union { TOKEN_USER user; unsigned char bytes[sizeof(TOKEN_USER) + SECURITY_MAX_SID_SIZE]; } buffer;
    DWORD length;
    if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &token))
        return;
    if (GetTokenInformation(token, TokenUser, &buffer, sizeof buffer, &length) &&
        CopySid(sizeof trust->sids[0], trust->sids[trust->count], buffer.user.User.Sid))
        trust->count++;
    CloseHandle(token);
}

void cudnnv_trust_init(struct cudnnv_trust *trust, const char *user_root, const char *system_root)
{
    const char *roots[] = {user_root, system_root};
    memset(trust, 0, sizeof *trust);
    keep_own_user(trust);
    for (int i = 0; i < 2; i++) {
        if (roots[i] == NULL || roots[i][0] == '\0' || full_path(roots[i], trust->roots[i]) != 0)
            continue;
        if (GetFileAttributesW(trust->roots[i]) == INVALID_FILE_ATTRIBUTES) {
            trust->roots[i][0] = L'\0';
            continue;
        }
        keep_owner_of(trust, trust->roots[i]);
    }
}

/* NT SERVICE\TrustedInstaller, which owns Windows's own files. */
static int is_trusted_installer(PSID sid)
{
    static const DWORD parts[] = {80, 956008885, 3418522649u, 1831038044, 1853292631, 2271478464u};
    SID_IDENTIFIER_AUTHORITY *authority = GetSidIdentifierAuthority(sid);
    if (*GetSidSubAuthorityCount(sid) != 6 || authority->Value[5] != 5)
        return 0;
    for (DWORD i = 0; i < 6; i++) {
        if (*GetSidSubAuthority(sid, i) != parts[i])
            return 0;
    }
    return 1;
}

static int sid_trusted(const struct cudnnv_trust *trust, PSID sid)
{
    if (IsWellKnownSid(sid, WinLocalSystemSid) || IsWellKnownSid(sid, WinBuiltinAdministratorsSid) ||
        is_trusted_installer(sid))
        return 1;
    for (int i = 0; i < trust->count; i++) {
        if (EqualSid(sid, (PSID)trust->sids[i]))
            return 1;
    }
    return 0;
}

/* "Everyone (S-1-1-0)": the account's name where Windows knows it, and its SID. */
static void describe_sid(PSID sid, char *out, size_t size)
{
    wchar_t name[128], domain[128];
    DWORD name_length = 128, domain_length = 128;
    SID_NAME_USE use;
    char text[3 * 128] = "";
    LPWSTR string = NULL;
    char sid_text[192] = "a SID";
    if (LookupAccountSidW(NULL, sid, name, &name_length, domain, &domain_length, &use))
        to_utf8(name, text, sizeof text);
    if (ConvertSidToStringSidW(sid, &string)) {
        to_utf8(string, sid_text, sizeof sid_text);
        LocalFree(string);
    }
    if (text[0] != '\0' && !cudnnv_text_has_controls(text))
        snprintf(out, size, "%s (%s)", text, sid_text);
    else
        snprintf(out, size, "%s", sid_text);
}

/* The first allow rule of the list that gives an untrusted account one of rights, or NULL. */
static PSID untrusted_writer(const struct cudnnv_trust *trust, PACL list, DWORD rights)
{
    for (DWORD i = 0; i < list->AceCount; i++) {
        ACE_HEADER *header;
        if (!GetAce(list, i, (void **)&header) || (header->AceFlags & INHERIT_ONLY_ACE))
            continue;
        if (header->AceType != ACCESS_ALLOWED_ACE_TYPE && header->AceType != ACCESS_ALLOWED_CALLBACK_ACE_TYPE)
            continue;
        ACCESS_ALLOWED_ACE *rule = (ACCESS_ALLOWED_ACE *)header;
        if ((rule->Mask & rights) != 0 && !sid_trusted(trust, (PSID)&rule->SidStart))
            return (PSID)&rule->SidStart;
    }
    return NULL;
}

/* The rule for one step's owner and access list (NULL list: everyone may do anything). */
static int judge_descriptor(const struct cudnnv_trust *trust, PSID owner, PACL list, const char *shown, int last,
                            char *why, size_t size)
{
    char who[256];
    PSID writer;
    if (owner == NULL || !sid_trusted(trust, owner)) {
        if (owner != NULL)
            describe_sid(owner, who, sizeof who);
        snprintf(why, size, "%s belongs to %s, not to you, SYSTEM, Administrators or the store's owner", shown,
                 owner == NULL ? "nobody" : who);
        return 0;
    }
    if (list == NULL) {
        snprintf(why, size, "%s can be written by everyone (it has no access list)", shown);
        return 0;
    }
    if ((writer = untrusted_writer(trust, list, last ? WRITE_RIGHTS : REPLACE_RIGHTS)) != NULL) {
        describe_sid(writer, who, sizeof who);
        snprintf(why, size, last ? "%s can be written by %s" : "%s lets %s replace what it holds", shown, who);
        return 0;
    }
    return 1;
}

/* Owner and access list of one step, as Windows reports them. */
static int judge_security(const struct cudnnv_trust *trust, const wchar_t *step, const char *shown, int last,
                          char *why, size_t size)
{
    PSID owner = NULL;
    PACL list = NULL;
    PSECURITY_DESCRIPTOR descriptor = NULL;
    DWORD code = GetNamedSecurityInfoW(step, SE_FILE_OBJECT, OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION,
                                       &owner, NULL, &list, NULL, &descriptor);
    if (code != ERROR_SUCCESS) {
        snprintf(why, size, "%s: its owner and access list cannot be read (Windows error %lu)", shown,
                 (unsigned long)code);
        return 0;
    }
    int trusted = judge_descriptor(trust, owner, list, shown, last, why, size);
    LocalFree(descriptor);
    return trusted;
}

static int is_drive_root(const wchar_t *step)
{
    return wcslen(step) == 3 && step[1] == L':' && step[2] == L'\\';
}

/* One step: a reparse point is refused (a drive's root may be one: Wine's Z:\ is), then its security. */
static int judge_step(const struct cudnnv_trust *trust, const wchar_t *step, int last, char *why, size_t size)
{
    char shown[3 * WIDE_MAX];
    to_utf8(step, shown, sizeof shown);
    DWORD attributes = GetFileAttributesW(step);
    if (attributes == INVALID_FILE_ATTRIBUTES) {
        snprintf(why, size, "%s cannot be read (Windows error %lu)", shown, (unsigned long)GetLastError());
        return 0;
    }
    if ((attributes & FILE_ATTRIBUTE_REPARSE_POINT) && !is_drive_root(step)) {
        snprintf(why, size, "%s is a link, junction or mount point (a reparse point); cudnnv follows none in a store",
                 shown);
        return 0;
    }
    return judge_security(trust, step, shown, last, why, size);
}

/* Where the walk starts: the longest store root that holds the path, else its drive's root (or share). */
static size_t walk_start(const struct cudnnv_trust *trust, const wchar_t *path)
{
    size_t start = 0;
    for (int i = 0; i < 2; i++) {
        size_t length = wcslen(trust->roots[i]);
        if (length > start && _wcsnicmp(path, trust->roots[i], length) == 0 &&
            (path[length] == L'\\' || path[length] == L'\0'))
            start = length;
    }
    if (start > 0)
        return start;
    if (path[0] == L'\\' && path[1] == L'\\') {   /* \\server\share\... */
        const wchar_t *share = wcschr(path + 2, L'\\');
        const wchar_t *end = share == NULL ? NULL : wcschr(share + 1, L'\\');
        return end == NULL ? wcslen(path) : (size_t)(end - path);
    }
    return path[1] == L':' ? 3 : wcslen(path);
}

/* Every step of path, from where the walk starts down; the last one by the stricter rule. */
static int walk_trusted(const struct cudnnv_trust *trust, const char *path, char *why, size_t size)
{
    wchar_t full[WIDE_MAX], step[WIDE_MAX];
    if (full_path(path, full) != 0) {
        snprintf(why, size, "%s cannot be resolved", path);
        return 0;
    }
    size_t end = walk_start(trust, full), total = wcslen(full);
    for (;;) {
        memcpy(step, full, end * sizeof(wchar_t));
        step[end] = L'\0';
        int last = end >= total;
        if (!judge_step(trust, step, last, why, size))
            return 0;
        if (last)
            return 1;
        const wchar_t *next = wcschr(full + end + 1, L'\\');
        end = next == NULL ? total : (size_t)(next - full);
    }
}

int cudnnv_trusted_path(const struct cudnnv_trust *trust, const char *path, char *why, size_t size)
{
    return walk_trusted(trust, path, why, size);
}

/* One entry of a folder already judged: the entry alone, by the last step's rule. */
int cudnnv_trusted_entry(const struct cudnnv_trust *trust, const char *real, const char *name, char *why, size_t size)
{
    char path[PATH_MAX + MAX_PATH];
    wchar_t full[WIDE_MAX];
    snprintf(path, sizeof path, "%s\\%s", real, name);
    if (full_path(path, full) != 0) {
        snprintf(why, size, "%s cannot be resolved", path);
        return 0;
    }
    return judge_step(trust, full, 1, why, size);
}

/* Every cudnn*.dll of bin\ (a folder already judged). */
static int libraries_trusted(const struct cudnnv_trust *trust, const char *bin, char *why, size_t size)
{
    char pattern[PATH_MAX + 16], name[3 * MAX_PATH];
    wchar_t wide[WIDE_MAX];
    WIN32_FIND_DATAW found;
    snprintf(pattern, sizeof pattern, "%s\\cudnn*.dll", bin);
    HANDLE search = to_wide(pattern, wide, WIDE_MAX) == 0 ? FindFirstFileW(wide, &found) : INVALID_HANDLE_VALUE;
    if (search == INVALID_HANDLE_VALUE)
        return 1;
    int trusted = 1;
    do {
        to_utf8(found.cFileName, name, sizeof name);
        trusted = cudnnv_trusted_entry(trust, bin, name, why, size);
    } while (trusted && FindNextFileW(search, &found));
    FindClose(search);
    return trusted;
}

/*
 * A set as the shim loads it: the steps from the store's root to the set's
 * folder, its bin\ (the folder the DLLs are loaded from, and where Windows
 * looks first for what they import) and every cuDNN DLL in it.
 */
int cudnnv_set_trusted(const struct cudnnv_trust *trust, const char *set_dir, char *why, size_t size)
{
    char bin[PATH_MAX + 8];
    wchar_t wide[WIDE_MAX];
    if (!walk_trusted(trust, set_dir, why, size))
        return 0;
    snprintf(bin, sizeof bin, "%s\\bin", set_dir);
    if (to_wide(bin, wide, WIDE_MAX) != 0 || GetFileAttributesW(wide) == INVALID_FILE_ATTRIBUTES)
        return 1;   /* no bin\: nothing to load here (a Linux set) */
    return cudnnv_trusted_entry(trust, set_dir, "bin", why, size) && libraries_trusted(trust, bin, why, size);
}
