/*
 * Doctor check of known-bad releases (versions/advisories.ini): a selected
 * set whose version is advised against is a warning that says why.
 */
#include "doctor.h"

#include "advisories.h"
#include "set_info.h"
#include "store.h"

#include <limits.h>

void doctor_check_advisories(struct doctor *doctor)
{
    for (int major = 7; major <= 9; major++) {
        char set_dir[PATH_MAX];
        struct set_info info;
        struct advisory advisory;
        if (!doctor->selected[major])
            continue;
        const char *name = doctor->choice[major].name;
        store_set_dir(doctor->where.root, name, set_dir, sizeof set_dir);
        if (set_info_read(set_dir, &info) != 0 || advisory_for(info.version, &advisory) == ADVISORY_NONE)
            continue;
        doctor_add(doctor, DOCTOR_WARN, "advisories",
                   advisory.severity == ADVISORY_AVOID ? "install a release without it ('cudnnv known', 'cudnnv install') and pin that"
                                                        : "where that applies, use a release outside the range",
                   "%s (cuDNN %s, %s up to before %s): %s", name, info.version, advisory.from,
                   advisory.before[0] ? advisory.before : "any", advisory.why);
    }
}
