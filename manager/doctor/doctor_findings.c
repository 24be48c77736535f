/*
 * A doctor check's finding: its verdict, the check's name, the detail
 * (escaped: it names paths and files from outside) and the fix. Every check
 * in doctor/ adds its findings here; 'cudnnv doctor' prints them.
 */
#include "doctor.h"
#include "platform.h"

#include "cudnnv_select.h"

#include <stdarg.h>
#include <stdio.h>

void doctor_add(struct doctor *doctor, enum doctor_verdict verdict, const char *check,
                const char *fix, const char *format, ...)
{
    if (doctor->count == DOCTOR_MAX_FINDINGS)
        return;
    struct doctor_finding *finding = &doctor->findings[doctor->count++];
    char detail[sizeof finding->detail];
    va_list args;
    va_start(args, format);
    finding->verdict = verdict;
    snprintf(finding->check, sizeof finding->check, "%s", check);
    vsnprintf(detail, sizeof detail, format, args);
    platform_shown_paths(detail);
    cudnnv_escape_text(detail, finding->detail, sizeof finding->detail);   /* paths and names from outside */
    snprintf(finding->fix, sizeof finding->fix, "%s", fix ? fix : "");
    platform_shown_paths(finding->fix);
    va_end(args);
}
