/*
 * Doctor check of known-bad releases (versions/advisories.ini): a selected
 * set whose version is advised against is a warning that says why.
 */
#include "doctor.h"

#include "advisories.h"
#include "set_info.h"


void doctor_check_advisories(struct doctor *doctor)
{
    for (int major = 7; major <= 9; major++) {
        struct doctor_set set;
        struct advisory advisory;
        if (!doctor_selected_set(doctor, major, &set) || !set.info_read ||
            advisory_for(set.info.version, &advisory) == ADVISORY_NONE)
            continue;
        doctor_add(doctor, DOCTOR_WARN, "advisories",
                   advisory.severity == ADVISORY_AVOID ? "install a release without it ('cudnnv known', 'cudnnv install') and pin that"
                                                        : "where that applies, use a release outside the range",
                   "%s (cuDNN %s, %s up to before %s): %s", set.name, set.info.version, advisory.from,
                   advisory.before[0] ? advisory.before : "any", advisory.why);
    }
}
