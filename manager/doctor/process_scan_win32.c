/*
 * process_scan.h in cudnnv.exe: every process whose modules (the toolhelp
 * snapshot) include a main cuDNN DLL (cudnn64_N.dll, not its
 * sublibraries), with its owner, its command line, working folder and the
 * CUDNNV_* variables it runs with, read from its process parameters as the
 * debugger APIs allow. A process this user may not open is counted, not
 * guessed.
 */
#include "process_scan.h"

#include <windows.h>
#include <tlhelp32.h>
#include <winternl.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The start of RTL_USER_PROCESS_PARAMETERS as 64-bit Windows lays it out (winternl.h hides these fields). */
struct process_parameters {
    ULONG maximum_length, length, flags, debug_flags;
    HANDLE console_handle;
    ULONG console_flags;
    HANDLE std_input, std_output, std_error;
    UNICODE_STRING current_directory;
    HANDLE current_directory_handle;
    UNICODE_STRING dll_path, image_path_name, command_line;
    WCHAR *environment;
};

typedef NTSTATUS(NTAPI *query_fn)(HANDLE, PROCESSINFOCLASS, PVOID, ULONG, PULONG);

/* True for cudnn64_N.dll, in any case. */
static int is_main_library(const char *name)
{
    size_t length = strlen(name);
    return strncasecmp(name, "cudnn64_", 8) == 0 && length > 12 && isdigit((unsigned char)name[8]) &&
           strcasecmp(name + length - 4, ".dll") == 0;
}

static void to_utf8(const WCHAR *wide, int characters, char *out, size_t size)
{
    int used = WideCharToMultiByte(CP_UTF8, 0, wide, characters, out, (int)size - 1, NULL, NULL);
    out[used > 0 ? used : 0] = '\0';
}

/* A UNICODE_STRING of another process, as UTF-8; 0, or -1 when it cannot be read. */
static int read_remote_string(HANDLE process, const UNICODE_STRING *text, char *out, size_t size)
{
    WCHAR wide[PATH_MAX];
    size_t bytes = text->Length < sizeof wide ? text->Length : sizeof wide - sizeof(WCHAR);
    out[0] = '\0';
    if (text->Buffer == NULL || !ReadProcessMemory(process, text->Buffer, wide, bytes, NULL))
        return -1;
    to_utf8(wide, (int)(bytes / sizeof(WCHAR)), out, size);
    return 0;
}

/* The main cuDNN DLLs among the process's modules; -1 when they cannot be listed. */
static int read_libraries(DWORD pid, struct cudnn_process *process)
{
    HANDLE snapshot = CreateToolhelp32Snapshot(TH32CS_SNAPMODULE | TH32CS_SNAPMODULE32, pid);
    MODULEENTRY32 module = {.dwSize = sizeof module};
    if (snapshot == INVALID_HANDLE_VALUE)
        return -1;
    for (BOOL more = Module32First(snapshot, &module); more; more = Module32Next(snapshot, &module)) {
        if (!is_main_library(module.szModule))
            continue;
        if (process->count < PROCESS_MAX_LIBRARIES)
            snprintf(process->libraries[process->count++], PATH_MAX, "%s", module.szExePath);
        else
            process->libraries_left_out++;
    }
    CloseHandle(snapshot);
    return process->count;
}

/* CUDNNV_VERSION, CUDNNV_ROOT and USERPROFILE from a block of NAME=VALUE strings. */
static void take_environment(const WCHAR *block, size_t characters, struct cudnn_process *process)
{
    char entry[PATH_MAX + 32], profile[PATH_MAX] = "";
    for (size_t at = 0; at < characters && block[at] != L'\0'; at += wcsnlen(block + at, characters - at) + 1) {
        to_utf8(block + at, (int)wcsnlen(block + at, characters - at), entry, sizeof entry);
        process_env_take(process, entry, profile, sizeof profile);
    }
    process_env_finish(process, profile);
}

/* Whether the block read so far holds its end (an empty string: two NULs, or one at the start). */
static int block_ends(const WCHAR *block, size_t characters)
{
    for (size_t i = 0; i < characters; i++) {
        if (block[i] == L'\0' && (i == 0 || block[i - 1] == L'\0'))
            return 1;
    }
    return 0;
}

/* The environment block, read in pieces that shrink where the next page cannot be read. */
static void read_environment(HANDLE process, const WCHAR *remote, struct cudnn_process *found)
{
    static WCHAR block[1 << 16];
    const size_t capacity = sizeof block / sizeof block[0];
    size_t characters = 0, piece = 2048;
    while (characters < capacity && piece > 0 && !block_ends(block, characters)) {
        size_t want = piece < capacity - characters ? piece : capacity - characters;
        SIZE_T got = 0;
        if (!ReadProcessMemory(process, remote + characters, block + characters, want * sizeof(WCHAR), &got) ||
            got < sizeof(WCHAR))
            piece /= 2;
        else
            characters += got / sizeof(WCHAR);
    }
    found->environment_read = block_ends(block, characters);
    take_environment(block, characters, found);
}

/* The command line, working folder and environment, through the process's parameters. */
static void read_parameters(HANDLE process, struct cudnn_process *found)
{
    PROCESS_BASIC_INFORMATION basic;
    PEB peb;
    struct process_parameters parameters;
    query_fn query = (query_fn)(void *)GetProcAddress(GetModuleHandleA("ntdll.dll"), "NtQueryInformationProcess");
    if (query == NULL || query(process, ProcessBasicInformation, &basic, sizeof basic, NULL) != 0 ||
        !ReadProcessMemory(process, basic.PebBaseAddress, &peb, sizeof peb, NULL) ||
        !ReadProcessMemory(process, peb.ProcessParameters, &parameters, sizeof parameters, NULL))
        return;
    read_remote_string(process, &parameters.command_line, found->command, sizeof found->command);
    read_remote_string(process, &parameters.current_directory, found->cwd, sizeof found->cwd);
    size_t length = strlen(found->cwd);
    if (length > 3 && found->cwd[length - 1] == '\\')
        found->cwd[length - 1] = '\0';
    if (parameters.environment != NULL)
        read_environment(process, parameters.environment, found);
}

/* DOMAIN\user of the process's token, when it can be opened. */
static void read_owner(HANDLE process, struct cudnn_process *found)
{
    HANDLE token;
    char buffer[256], name[64], domain[64];
    DWORD size = 0, name_size = sizeof name, domain_size = sizeof domain;
    SID_NAME_USE use;
    if (!OpenProcessToken(process, TOKEN_QUERY, &token))
        return;
    if (GetTokenInformation(token, TokenUser, buffer, sizeof buffer, &size) &&
        LookupAccountSidA(NULL, ((TOKEN_USER *)buffer)->User.Sid, name, &name_size, domain, &domain_size, &use))
        snprintf(found->user, sizeof found->user, "%s", name);
    CloseHandle(token);
}

static void read_details(DWORD pid, const char *exe, struct cudnn_process *found)
{
    found->pid = (int)pid;
    snprintf(found->command, sizeof found->command, "%s", exe);
    HANDLE process = OpenProcess(PROCESS_QUERY_INFORMATION | PROCESS_VM_READ, FALSE, pid);
    if (process == NULL)
        return;
    read_owner(process, found);
    read_parameters(process, found);
    CloseHandle(process);
}

static int keep(struct process_scan *scan, const struct cudnn_process *process)
{
    struct cudnn_process *grown = realloc(scan->processes, (size_t)(scan->count + 1) * sizeof *grown);
    if (grown == NULL)
        return -1;
    scan->processes = grown;
    scan->processes[scan->count++] = *process;
    return 0;
}

int process_scan_run(struct process_scan *scan)
{
    memset(scan, 0, sizeof *scan);
    HANDLE snapshot = CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0);
    PROCESSENTRY32 entry = {.dwSize = sizeof entry};
    struct cudnn_process *process = calloc(1, sizeof *process);
    if (snapshot == INVALID_HANDLE_VALUE || process == NULL) {
        free(process);
        return -1;
    }
    for (BOOL more = Process32First(snapshot, &entry); more; more = Process32Next(snapshot, &entry)) {
        if (entry.th32ProcessID == 0 || entry.th32ProcessID == GetCurrentProcessId())
            continue;
        memset(process, 0, sizeof *process);
        int found = read_libraries(entry.th32ProcessID, process);
        scan->unreadable += found < 0 && GetLastError() == ERROR_ACCESS_DENIED;
        if (found <= 0)
            continue;
        read_details(entry.th32ProcessID, entry.szExeFile, process);
        if (keep(scan, process) != 0)
            break;
    }
    free(process);
    CloseHandle(snapshot);
    return 0;
}

void process_scan_free(struct process_scan *scan)
{
    free(scan->processes);
    memset(scan, 0, sizeof *scan);
}
