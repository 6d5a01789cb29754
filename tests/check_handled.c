/* Tests of handled: var/handled's record (parse, format), the key bound to whose password ran, the look-up of a
 * message's commands in one pass (also over a million records), pruning once a window, and the message's claim
 * (held while a delivery runs, gone with a killed process). */
/* the project's headers first, then check.h */
#include "fixtures.h"
#include "handled.h"
#include "store.h"
#include "request.h"
#include "util.h"

#include <check.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

Suite *handled_suite(void);

#define NOW 2000000000LL
#define MSG "<m1@client.example>"
#define FROM "alice@example.org"

static char tmpdir[64];
static Store st; /* its home tmpdir: var/handled is its */

static void setup(void)
{
    fx_scratch_dir(tmpdir, sizeof tmpdir, "check_handled");
    st = (Store){.home = tmpdir, .lockfd = -1};
    Err err;
    ck_assert_int_eq(store_make_dir(&st, "var", &err), 0);
}

static void teardown(void)
{
    fx_rm_tree(tmpdir);
}

/* <tmpdir>/var/handled, malloc'd. */
static char *file_path(void)
{
    return xasprintf("%s/var/handled", tmpdir);
}

/* Writes text as var/handled. */
static void put_file(const char *text)
{
    char *p = file_path();
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    free(p);
}

/* The number of lines of var/handled. */
static long file_lines(void)
{
    char *p = file_path();
    FILE *f = fopen(p, "r");
    long n = 0;
    for (int c; f && (c = getc(f)) != EOF;)
        n += c == '\n';
    if (f)
        fclose(f);
    free(p);
    return n;
}

/* Command line of message MSG from FROM, run with userid's password at now: true when it was handled already
 * (h open on the message). *bound: the key the pipeline would read after the login. */
static bool run_as(Handled *h, int line, const char *userid, uint64_t *bound)
{
    uint64_t key = request_command_key(MSG, FROM, line);
    handled_begin(h, &key);
    bool again = handled_login(h, userid);
    ck_assert(handled_end(h) == again);
    if (bound)
        *bound = key;
    return again;
}

/* ---- the record ---- */

START_TEST(record_round_trip)
{
    HandledRecord r = {.key = 0x0123456789abcdefULL, .userid = "alice", .when = NOW}, back;
    char line[HANDLED_LINE_MAX];
    size_t n = handled_format(&r, line, sizeof line);
    ck_assert_str_eq(line, "0123456789abcdef alice 2000000000\n");
    ck_assert_uint_eq(n, strlen(line));
    ck_assert(handled_parse(line, n - 1, &back));
    ck_assert(back.key == r.key && back.when == r.when);
    ck_assert_str_eq(back.userid, "alice");
}
END_TEST

static const char *const not_records[] = {
    "",
    "0123456789abcdef 2000000000",         /* the old form: key and time, no userid */
    "0123456789abcdeg alice 2000000000",   /* not hex */
    "0123456789ABCDEF alice 2000000000",   /* the format writes lower case */
    "0123456789abcde alice 2000000000",    /* 15 digits */
    "0123456789abcdef  alice 2000000000",  /* two spaces */
    "0123456789abcdef alice",              /* no time */
    "0123456789abcdef alice ",             /* an empty time */
    "0123456789abcdef alice 20000x0000",   /* junk in the time */
    "0123456789abcdef alice 2000000000 x", /* more after it */
    "0123456789abcdef alice -5",           /* negative */
    "0123456789abcdef alice 1234567890123456789", /* 19 digits */
    "0123456789abcdef abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcd 1", /* a 64-byte userid */
};

START_TEST(record_refused)
{
    HandledRecord r;
    const char *t = not_records[_i];
    ck_assert_msg(!handled_parse(t, strlen(t), &r), "'%s' parsed", t);
}
END_TEST

START_TEST(record_reads_within_its_length)
{
    HandledRecord r;
    const char *t = "0123456789abcdef alice 2000000000999"; /* the line is the first 33 bytes */
    ck_assert(handled_parse(t, 33, &r));
    ck_assert(r.when == 2000000000LL);
    ck_assert(!handled_parse(t, 20, &r)); /* cut in the userid: no time */
}
END_TEST

START_TEST(bind_depends_on_userid)
{
    uint64_t k = request_command_key(MSG, FROM, 0);
    ck_assert(handled_bind(k, "alice") != handled_bind(k, "mallory"));
    ck_assert(handled_bind(k, "alice") != handled_bind(k + 1, "alice"));
    ck_assert(handled_bind(k, "alice") == handled_bind(k, "alice"));
    ck_assert(handled_bind(k, "alice") != 0 && handled_bind(k, "alice") != k);
}
END_TEST

/* ---- one message ---- */

START_TEST(once_per_userid)
{
    Handled h;
    Err err;
    uint64_t bound;
    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 2, NOW, &err), 0);
    ck_assert(!run_as(&h, 0, "alice", &bound)); /* first delivery: runs, noted */
    ck_assert(bound == handled_bind(request_command_key(MSG, FROM, 0), "alice")); /* what a board keeps */
    uint64_t key = request_command_key(MSG, FROM, 1);
    handled_begin(&h, &key); /* a command that logs nobody in: nothing noted */
    ck_assert(!handled_end(&h));
    ck_assert(key == request_command_key(MSG, FROM, 1));
    handled_close(&h);
    ck_assert_int_eq(file_lines(), 1);

    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 2, NOW + 60, &err), 0); /* delivered again */
    ck_assert(run_as(&h, 0, "alice", NULL));     /* alice's command: handled already */
    ck_assert(!run_as(&h, 0, "mallory", NULL));  /* the same key with another password: another command */
    ck_assert(!run_as(&h, 1, "alice", NULL));    /* line 1 never ran with a password */
    ck_assert(run_as(&h, 1, "alice", NULL));     /* ... and now has */
    handled_close(&h);
    ck_assert_int_eq(file_lines(), 3);

    ck_assert_int_eq(handled_open(&h, &st, MSG, "bob@example.org", 2, NOW + 60, &err), 0);
    key = request_command_key(MSG, "bob@example.org", 0); /* the same Message-ID from another sender */
    handled_begin(&h, &key);
    ck_assert(!handled_login(&h, "alice"));
    ck_assert(!handled_end(&h));
    handled_close(&h);
    ck_assert_int_eq(file_lines(), 4);
}
END_TEST

/* The forger: alice's From:, a Message-ID alice will use, their own password. Alice's message still runs. */
START_TEST(forger_does_not_preempt)
{
    Handled h;
    Err err;
    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 0, NOW, &err), 0);
    ck_assert(!run_as(&h, 0, "mallory", NULL));
    handled_close(&h);
    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 0, NOW + 5, &err), 0);
    ck_assert(!run_as(&h, 0, "alice", NULL));
    handled_close(&h);
}
END_TEST

START_TEST(window_ends)
{
    Handled h;
    Err err;
    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 0, NOW, &err), 0);
    ck_assert(!run_as(&h, 0, "alice", NULL));
    handled_close(&h);
    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 0, NOW + HANDLED_WINDOW - 1, &err), 0);
    ck_assert(run_as(&h, 0, "alice", NULL));
    handled_close(&h);
    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 0, NOW + HANDLED_WINDOW, &err), 0);
    ck_assert(!run_as(&h, 0, "alice", NULL)); /* past the window: a new message */
    handled_close(&h);
}
END_TEST

START_TEST(no_message_id_no_record)
{
    Handled h;
    Err err;
    ck_assert_int_eq(handled_open(&h, &st, NULL, FROM, 50, NOW, &err), 0);
    uint64_t key = 0;
    handled_begin(&h, &key);
    ck_assert(!handled_login(&h, "alice"));
    ck_assert(!handled_end(&h));
    ck_assert(key == 0);
    handled_close(&h);
    ck_assert(!handled_login(NULL, "alice") && !handled_end(NULL));
    ck_assert_int_eq(file_lines(), 0);
}
END_TEST

/* ---- the cost: one pass per message, pruning once a window ---- */

/* Writes n fresh records of other messages (keys i * a constant) and, last, alice's record of line 0. */
static void put_many(long n)
{
    char *p = file_path();
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    for (long i = 1; i <= n; i++)
        fprintf(f, "%016llx u%ld %lld\n", (unsigned long long)i * 0x9e3779b97f4a7c15ULL, i % 1000, NOW - i % 1000);
    fprintf(f, "%016llx alice %lld\n", (unsigned long long)request_command_key(MSG, FROM, 0), NOW - 10);
    fclose(f);
    free(p);
}

START_TEST(million_records_one_pass)
{
    put_many(1000000);
    Handled h;
    Err err;
    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 50, NOW, &err), 0);
    ck_assert_int_eq(h.lines_read, 0); /* nothing read before a password is given */
    ck_assert(run_as(&h, 0, "alice", NULL));
    ck_assert_int_eq(h.lines_read, 1000001); /* one pass */
    for (int line = 1; line <= 50; line++) /* the message's other 50 commands: no second pass */
        ck_assert(!run_as(&h, line, "alice", NULL));
    ck_assert_int_eq(h.lines_read, 1000001);
    ck_assert(!run_as(&h, 0, "bob", NULL));
    handled_close(&h);
    ck_assert_int_eq(file_lines(), 1000001 + 51);
}
END_TEST

START_TEST(prune_once_a_window)
{
    uint64_t k = request_command_key(MSG, FROM, 0);
    char *text = xasprintf("%016llx old %lld\nnot a record\n%016llx alice %lld\n%016llx bob %lld\n",
                           (unsigned long long)k, NOW - 2 * HANDLED_WINDOW, (unsigned long long)k, NOW - 100,
                           (unsigned long long)k, NOW - HANDLED_WINDOW - 5);
    put_file(text);
    free(text);
    Handled h;
    Err err;
    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 0, NOW, &err), 0);
    ck_assert(run_as(&h, 0, "alice", NULL));
    ck_assert_int_eq(h.lines_read, 4 + 4); /* the look-up, then the file written again: a second pass */
    handled_close(&h);
    char *p = file_path(), *back = NULL;
    FILE *f = fopen(p, "r");
    size_t cap = 0;
    ck_assert(f && getline(&back, &cap, f) > 0);
    HandledRecord r;
    ck_assert(handled_parse(back, strlen(back) - 1, &r));
    ck_assert_str_eq(r.userid, "alice"); /* alone: the old, the junk and the stale are gone */
    ck_assert(getline(&back, &cap, f) < 0);
    fclose(f);
    free(back);
    free(p);
    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 0, NOW + 1, &err), 0);
    ck_assert(run_as(&h, 0, "alice", NULL));
    ck_assert_int_eq(h.lines_read, 1); /* nothing two windows old: not written again */
    handled_close(&h);
}
END_TEST

/* ---- the claim ---- */

/* True when a process other than this one holds a lock on some byte past 0 of var/handled.lock. */
static bool claim_held_elsewhere(void)
{
    char *p = xasprintf("%s/var/handled.lock", tmpdir);
    int fd = open(p, O_RDWR);
    free(p);
    ck_assert_int_ge(fd, 0);
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 1, .l_len = 0};
    ck_assert_int_eq(fcntl(fd, F_GETLK, &fl), 0);
    close(fd);
    return fl.l_type != F_UNLCK;
}

START_TEST(claim_held_and_released_by_a_kill)
{
    int ready[2];
    ck_assert_int_eq(pipe(ready), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) { /* a delivery that claims the message and is killed while it runs */
        Handled h;
        Err err;
        close(ready[0]);
        _exit(handled_open(&h, &st, MSG, FROM, 0, NOW, &err) == 0 && write(ready[1], "x", 1) == 1 &&
                      pause() < 0
                  ? 0
                  : 1);
    }
    close(ready[1]);
    char c;
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    close(ready[0]);
    ck_assert(claim_held_elsewhere());
    kill(pid, SIGKILL);
    int status;
    waitpid(pid, &status, 0);
    ck_assert(!claim_held_elsewhere()); /* the kernel let it go */
    Handled h;
    Err err;
    alarm(20); /* the claim must be free: a wait here would be the bug */
    ck_assert_int_eq(handled_open(&h, &st, MSG, FROM, 0, NOW, &err), 0);
    alarm(0);
    ck_assert(!run_as(&h, 0, "alice", NULL)); /* the killed delivery noted nothing: it runs */
    handled_close(&h);
}
END_TEST

Suite *handled_suite(void)
{
    Suite *s = suite_create("handled");
    TCase *tc = tcase_create("handled");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, record_round_trip);
    tcase_add_loop_test(tc, record_refused, 0, (int)(sizeof not_records / sizeof not_records[0]));
    tcase_add_test(tc, record_reads_within_its_length);
    tcase_add_test(tc, bind_depends_on_userid);
    tcase_add_test(tc, once_per_userid);
    tcase_add_test(tc, forger_does_not_preempt);
    tcase_add_test(tc, window_ends);
    tcase_add_test(tc, no_message_id_no_record);
    tcase_add_test(tc, million_records_one_pass);
    tcase_add_test(tc, prune_once_a_window);
    tcase_add_test(tc, claim_held_and_released_by_a_kill);
    suite_add_tcase(s, tc);
    return s;
}
