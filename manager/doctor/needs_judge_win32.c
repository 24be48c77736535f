/*
 * cudnnv.exe does not judge a set's needs yet: what its DLLs import is
 * shown by the doctor's Visual C++ check (pe_imports.c), and the DLLs cuDNN
 * loads at run time are not named by NVIDIA's sources (only cublasLt*.dll
 * and nvrtc*.dll). The judgement says so instead of guessing.
 */
#include "needs_judge.h"

#include <stdio.h>
#include <string.h>

const char *needs_search_description(void)
{
    return "the application folder, PATH, System32";
}

int needs_judge_set(const char *root, const char *name, struct set_judgement *judgement)
{
    (void)root;
    memset(judgement, 0, sizeof *judgement);
    snprintf(judgement->name, sizeof judgement->name, "%s", name);
    snprintf(judgement->runtime_unknown, sizeof judgement->runtime_unknown, "%s",
             "cudnnv.exe does not judge them yet; NVIDIA names only cublasLt*.dll and nvrtc*.dll");
    return 0;
}
