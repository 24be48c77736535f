/*
 * The Windows trust rule (shim/set_trust_win32.c) on access lists built in
 * memory: Wine derives a file's owner and access list from its Unix owner and
 * mode bits, so the lists Windows really has (%ProgramData%'s "Users may
 * add", CREATOR OWNER, TrustedInstaller, deny rules) are judged here. Built
 * with mingw-w64 and run under Wine by tests/bats/windows.bats.
 */
#include "../../shim/set_trust_win32.c"

#include <stdlib.h>

static int failures;

static PSID sid(const wchar_t *text)
{
    PSID value = NULL;
    if (!ConvertStringSidToSidW(text, &value)) {
        fprintf(stderr, "cannot make SID %ls\n", text);
        exit(2);
    }
    return value;
}

/* An access list of up to four allow (or deny, when the mask is negative) rules. */
struct rule {
    const wchar_t *who;
    long long mask;
    BYTE flags;
};

static PACL make_list(const struct rule *rules, int count)
{
    static unsigned char buffer[4096];
    PACL list = (PACL)buffer;
    InitializeAcl(list, sizeof buffer, ACL_REVISION);
    for (int i = 0; i < count; i++) {
        if (rules[i].mask < 0)
            AddAccessDeniedAceEx(list, ACL_REVISION, rules[i].flags, (DWORD)-rules[i].mask, sid(rules[i].who));
        else
            AddAccessAllowedAceEx(list, ACL_REVISION, rules[i].flags, (DWORD)rules[i].mask, sid(rules[i].who));
    }
    return list;
}

static void expect(const char *what, int got, int want, const char *why, const char *needle)
{
    if (got != want || (needle != NULL && strstr(why, needle) == NULL)) {
        printf("FAIL %s: got %d (%s), wanted %d%s%s\n", what, got, why, want, needle ? " naming " : "",
               needle ? needle : "");
        failures++;
    } else
        printf("ok %s\n", what);
}

static int judge(const struct cudnnv_trust *trust, const wchar_t *owner, const struct rule *rules, int count,
                 int last, char *why)
{
    why[0] = '\0';
    return judge_descriptor(trust, owner ? sid(owner) : NULL, rules ? make_list(rules, count) : NULL, "STEP", last,
                            why, 512);
}

#define USERS L"S-1-5-32-545"
#define ADMINS L"S-1-5-32-544"
#define SYSTEM_SID L"S-1-5-18"
#define INSTALLER L"S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464"
#define OTHER_USER L"S-1-5-21-1-2-3-1001"
#define ADD_ONLY (FILE_GENERIC_READ | FILE_GENERIC_EXECUTE | FILE_ADD_FILE | FILE_ADD_SUBDIRECTORY)

int main(void)
{
    struct cudnnv_trust trust;
    char why[512];
    cudnnv_trust_init(&trust, NULL, NULL);
    const struct rule plain[] = {{SYSTEM_SID, FILE_ALL_ACCESS, 0}, {ADMINS, FILE_ALL_ACCESS, 0},
                                 {USERS, FILE_GENERIC_READ | FILE_GENERIC_EXECUTE, 0}};
    expect("Administrators' folder, Users read", judge(&trust, ADMINS, plain, 3, 1, why), 1, why, NULL);
    expect("TrustedInstaller's folder", judge(&trust, INSTALLER, plain, 3, 1, why), 1, why, NULL);
    expect("owned by Users", judge(&trust, USERS, plain, 3, 1, why), 0, why, "belongs to");
    expect("no owner", judge(&trust, NULL, plain, 3, 1, why), 0, why, "nobody");
    expect("no access list", judge(&trust, ADMINS, NULL, 0, 0, why), 0, why, "no access list");

    /* %ProgramData%: Users may add files and folders (this folder and below); CREATOR OWNER, inherit-only */
    const struct rule program_data[] = {{SYSTEM_SID, FILE_ALL_ACCESS, 0}, {ADMINS, FILE_ALL_ACCESS, 0},
                                        {L"S-1-3-0", GENERIC_ALL, INHERIT_ONLY_ACE | OBJECT_INHERIT_ACE},
                                        {USERS, ADD_ONLY, CONTAINER_INHERIT_ACE}};
    expect("ProgramData on the way", judge(&trust, SYSTEM_SID, program_data, 4, 0, why), 1, why, NULL);
    expect("a set folder that inherited 'Users may add'", judge(&trust, SYSTEM_SID, program_data, 4, 1, why), 0,
           why, "S-1-5-32-545");

    const struct rule modify[] = {{SYSTEM_SID, FILE_ALL_ACCESS, 0}, {L"S-1-5-11", 0x1301bf, 0}};
    expect("Authenticated Users may modify a folder on the way", judge(&trust, ADMINS, modify, 2, 0, why), 0, why,
           "replace what it holds");
    const struct rule everyone_generic[] = {{L"S-1-1-0", GENERIC_WRITE, 0}};
    expect("Everyone: GENERIC_WRITE", judge(&trust, ADMINS, everyone_generic, 1, 1, why), 0, why, "S-1-1-0");
    const struct rule denied[] = {{L"S-1-1-0", -(long long)FILE_GENERIC_WRITE, 0},
                                  {L"S-1-1-0", FILE_GENERIC_READ, 0}};
    expect("a deny rule and read only", judge(&trust, ADMINS, denied, 2, 1, why), 1, why, NULL);
    const struct rule other[] = {{OTHER_USER, FILE_ALL_ACCESS, 0}};
    expect("another user may write", judge(&trust, ADMINS, other, 1, 1, why), 0, why, "S-1-5-21-1-2-3-1001");

    /* the store's owner is trusted like you */
    CopySid(sizeof trust.sids[0], trust.sids[trust.count++], sid(OTHER_USER));
    expect("the store's owner may write", judge(&trust, OTHER_USER, other, 1, 1, why), 1, why, NULL);

    printf("%s\n", failures == 0 ? "all passed" : "FAILED");
    return failures == 0 ? 0 : 1;
}
