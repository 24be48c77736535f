/*
 * Known-bad releases (versions/advisories.ini, read by advisories.c): a
 * range of versions, how strongly to keep users from it, why, and where
 * that is said.
 */
#ifndef CUDNNV_ADVISORIES_H
#define CUDNNV_ADVISORIES_H

enum advisory_severity { ADVISORY_NONE, ADVISORY_WARN, ADVISORY_AVOID };

struct advisory {
    enum advisory_severity severity;
    char from[32];
    char before[32];
    char why[200];
};

/* The strongest advisory for a version ("9.10.0.56"); its severity, ADVISORY_NONE when none. */
enum advisory_severity advisory_for(const char *version, struct advisory *found);

#endif
