/* Shared by the store and mail suites (check_store.c, check_mail.c): a scratch $PBMHOME per test (setup,
 * teardown; its request test_rq: From: referee@example.org, no mailer, no sender) and helpers that read and list its files.
 * Each file has its own copy of the static state below. */
#ifndef GENETESS_CHECK_STORE_H
#define GENETESS_CHECK_STORE_H

/* the project's headers first, then check.h */
#include "disk.h"
#include "fixtures.h"
#include "mail.h"
#include "store.h"
#include "util.h"

#include <check.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---------------------------------------------------------------- fixture */

static char tmpdir[64];
static char home[128];
static Host test_host;  /* the host's settings the store and the mail are given: the scratch home, From:
                           referee@example.org */
static Request test_rq; /* what the mail is given */

static inline void setup(void)
{
    fx_scratch_dir(tmpdir, sizeof tmpdir, "check_store");
    snprintf(home, sizeof home, "%s/home", tmpdir);
    test_rq = request_init(0);
    test_host = request_host_init();
    test_host.home = home;
    test_host.from = "referee@example.org";
}

static inline void teardown(void)
{
    fx_rm_tree(tmpdir);
}

/* ---------------------------------------------------------------- helpers */

static inline void open_store(Store *s)
{
    Err err = {""};
    ck_assert_int_eq(store_open(s, &test_host, &err), 0);
    ck_assert_str_eq(err.msg, "");
}

/* The whole of <home>/<rel>, malloc'd; fails the test when it cannot be read. */
static inline char *slurp(const Store *s, const char *rel)
{
    char *p = store_path(s, rel);
    char *text = NULL;
    Err err = {""};
    int rc = disk_read_file(p, &text, NULL, &err);
    ck_assert_msg(rc == 0, "reading %s: rc %d %s", p, rc, err.msg);
    free(p);
    return text;
}

/* Fails the test unless <home>/<rel> holds exactly want. */
static inline void expect_file(const Store *s, const char *rel, const char *want)
{
    char *text = slurp(s, rel);
    ck_assert_msg(strcmp(text, want) == 0, "%s holds \"%s\", not \"%s\"", rel, text, want);
    free(text);
}

static inline void put(const Store *s, const char *rel, const char *text)
{
    char *p = store_path(s, rel);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    free(p);
}

static inline bool exists(const Store *s, const char *rel)
{
    char *p = store_path(s, rel);
    bool ok = access(p, F_OK) == 0;
    free(p);
    return ok;
}

static inline int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in <home>/<rel> (dot files included, "." and ".." not), sorted. */
static inline void list_dir(const Store *s, const char *rel, StrList *out)
{
    char *p = store_path(s, rel);
    DIR *d = opendir(p);
    ck_assert_ptr_nonnull(d);
    struct dirent *de;
    while ((de = readdir(d)) != NULL)
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
            sl_push(out, de->d_name);
    closedir(d);
    free(p);
    if (out->n > 1)
        qsort(out->v, (size_t)out->n, sizeof *out->v, cmp_str);
}

/* Sends fd 2 to a file until stderr_end(); returns the saved descriptor. */
static inline int stderr_begin(const char *path)
{
    fflush(stderr);
    int saved = dup(2);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ck_assert_int_ge(fd, 0);
    dup2(fd, 2);
    close(fd);
    return saved;
}

static inline void stderr_end(int saved)
{
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
}

static inline char *read_abs(const char *path)
{
    char *text = NULL;
    Err err = {""};
    ck_assert_msg(disk_read_file(path, &text, NULL, &err) == 0, "%s: %s", path, err.msg);
    return text;
}

/* Plants a symbolic link at <home>/<rel> to target, a file outside the home: "outside\n" of mode 0644, or none
 * at all when dangling. */
static inline void link_plant(const Store *s, const char *rel, const char *target, bool dangling)
{
    if (!dangling) {
        int fd = open(target, O_WRONLY | O_CREAT | O_EXCL, 0644);
        ck_assert_int_ge(fd, 0);
        ck_assert_int_eq(fd_write_all(fd, "outside\n", 8), 0);
        ck_assert_int_eq(fchmod(fd, 0644), 0);
        close(fd);
    }
    char *p = store_path(s, rel);
    ck_assert_int_eq(symlink(target, p), 0);
    free(p);
}

/* Nothing was written through a planted link to target: it still holds "outside\n", or is still missing. */
static inline void link_untouched(const char *target, bool dangling)
{
    struct stat st;
    if (dangling) {
        ck_assert_int_eq(lstat(target, &st), -1);
        return;
    }
    char *text = read_abs(target);
    ck_assert_str_eq(text, "outside\n");
    free(text);
}

#endif
