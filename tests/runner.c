/* The one Check runner: every module's suite (the list is generated from tests/check_*.c).
 * CK_RUN_SUITE=name runs one suite; CK_FORK=no runs in-process for gdb. */
#include "util.h"

#include <check.h>
#include <stdlib.h>

#define SUITE(fn) Suite *fn(void);
#include "suites.inc"
#undef SUITE

int main(void)
{
    SRunner *sr = NULL;
#define SUITE(fn)                         \
    if (!sr)                              \
        sr = srunner_create(fn());        \
    else                                  \
        srunner_add_suite(sr, fn());
#include "suites.inc"
#undef SUITE
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
