/* The one Check runner: every module's suite (the list is generated from tests/check_*.c), a line per suite as
 * it ends (with its time, for the reader only), its failures first. CK_RUN_SUITE=name runs one suite;
 * CK_FORK=no runs in-process for gdb; UNIT_SHARD=i/n runs the suites whose place in the list is i modulo n
 * (make check runs the shards side by side). */
#include "util.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SUITE(fn) Suite *fn(void);
#include "suites.inc"
#undef SUITE

typedef struct {
    Suite *(*make)(void);
    const char *name; /* the function's name, e.g. "board_suite" */
} RunnerSuite;

static const RunnerSuite runner_suites[] = {
#define SUITE(fn) {fn, #fn},
#include "suites.inc"
#undef SUITE
};

/* runner_shard: this process's shard from UNIT_SHARD ("i/n", 0 <= i < n); 0 of 1 when unset. Bad text is an
 * error (the caller exits 2) rather than a silent run of every suite. */
static int runner_shard(int *i, int *n)
{
    const char *s = getenv("UNIT_SHARD");
    *i = 0;
    *n = 1;
    if (!s || !*s)
        return 0;
    char tail;
    if (sscanf(s, "%d/%d%c", i, n, &tail) != 2 || *n < 1 || *i < 0 || *i >= *n)
        return -1;
    return 0;
}

/* runner_one: run one suite; print its failures and its line; the number of checks that failed. */
static int runner_one(const RunnerSuite *rs, int *checks)
{
    SRunner *sr = srunner_create(rs->make());
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    srunner_run_all(sr, CK_SILENT);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    int run = srunner_ntests_run(sr), failed = srunner_ntests_failed(sr);
    if (run > 0) {
        TestResult **tr = srunner_failures(sr);
        for (int k = 0; k < failed; k++)
            printf("%s:%d:%s: %s\n", tr_lfile(tr[k]), tr_lno(tr[k]), tr_tcname(tr[k]), tr_msg(tr[k]));
        free(tr);
        int len = (int)strlen(rs->name) - (int)strlen("_suite");
        double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        printf("unit %-14.*s %4d checks, %d failed  %5.1fs\n", len, rs->name, run, failed, secs);
        fflush(stdout);
    }
    *checks += run;
    srunner_free(sr);
    return failed;
}

int main(void)
{
    int shard, shards;
    if (runner_shard(&shard, &shards) < 0) {
        fprintf(stderr, "UNIT_SHARD must be i/n with 0 <= i < n\n");
        return 2;
    }
    int checks = 0, failed = 0;
    for (size_t k = 0; k < sizeof runner_suites / sizeof runner_suites[0]; k++)
        if ((int)(k % (size_t)shards) == shard)
            failed += runner_one(&runner_suites[k], &checks);
    printf("unit: %d checks, %d failed\n", checks, failed);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
